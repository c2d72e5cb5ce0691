/* finding.h - one reported problem in the user's code.
 * SPDX-License-Identifier: MIT
 *
 * A finding outlives the translation unit it was found in (the baseline and
 * SARIF need it at the end of the run), so it owns every string it holds:
 * nothing points into an arena or a libclang buffer. Create with
 * dl_finding_new(), release with dl_finding_free().
 */
#ifndef DL_FINDINGS_FINDING_H
#define DL_FINDINGS_FINDING_H

#include "../core/loc.h"
#include "../core/severity.h"

#include <stdbool.h>
#include <stddef.h>

/* Why the sink hides a finding (design.md section 9). */
enum dl_suppression {
        DL_SUPPRESS_NONE = 0,
        DL_SUPPRESS_INLINE,    /* a // ddblint: ignore[...] comment; SARIF kind inSource */
        DL_SUPPRESS_BASELINE,  /* listed in --baseline; SARIF kind external */
};

/* A location the finding owns: file is a heap copy. line/col 1-based; col
 * in bytes. end_line/end_col: 0 when unknown; end_col is exclusive (the
 * byte after the region), as SARIF's endColumn. */
struct dl_floc {
        char *file;
        unsigned line, col;
        unsigned end_line, end_col;
};

struct dl_related {
        struct dl_floc loc;
        char *message;         /* heap, owned */
};

struct dl_finding {
        char *check_id;            /* heap, owned */
        enum dl_severity severity;
        char *message;             /* heap, owned; no check id, no final period */
        struct dl_floc loc;        /* primary: expansion location */
        struct dl_related *related;
        size_t n_related;
        char *function;            /* enclosing function or NULL: fingerprint input */
        char *signature;           /* normalized request signature: fingerprint input */
        char *fingerprint;         /* set by the sink (hex), NULL before */
        char *line_hash;           /* SARIF primaryLocationLineHash, set by the sink */
        enum dl_suppression suppressed;
        char *suppression_reason;  /* text after the directive, or NULL */
};

/**
 * dl_finding_new - a finding with copies of check_id and message.
 * @param loc  primary location (copied); may be NULL or invalid for a
 *             finding with no place.
 * Ownership: (transfer full), release with dl_finding_free().
 */
struct dl_finding *dl_finding_new(const char *check_id, enum dl_severity severity,
                                  const struct dl_loc *loc, const char *message);
/** dl_finding_free - release f and everything it owns; NULL-safe. */
void dl_finding_free(struct dl_finding *f);
/** dl_finding_add_related - append a related location (loc and message copied). */
void dl_finding_add_related(struct dl_finding *f, const struct dl_loc *loc, const char *message);
/** dl_finding_set_end - set the exclusive end of the primary region (copied). */
void dl_finding_set_end(struct dl_finding *f, unsigned end_line, unsigned end_col);
/** dl_finding_cmp - order for output: file, line, col, check id, message. */
int dl_finding_cmp(const struct dl_finding *a, const struct dl_finding *b);

#endif
