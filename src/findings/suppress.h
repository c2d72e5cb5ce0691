/* suppress.h - inline suppression directives parsed from source text.
 * SPDX-License-Identifier: MIT
 *
 * Syntax (docs/suppression.md), inside a // or a block comment, at the start of
 * the comment's text (or of a line of a block comment, after any '*'):
 *
 *     // ddblint: ignore[check-id, other-id] reason
 *         finding on this line or on the next line
 *     // ddblint: ignore-next-line[check-id] reason
 *         finding on the next line only
 *     // ddblint: ignore-begin[check-id] reason
 *         ...every line up to the matching...
 *     // ddblint: ignore-end
 *
 * The id list is required; "*" matches every check. The reason is free
 * text, kept as the SARIF suppression's justification. The parser reads
 * the source text, not the AST (design.md section 9), and skips string and
 * character literals so "ddblint:" inside a string is not a directive.
 *
 * Problems become tool diagnostics (dl_log, level warning, with the
 * directive's file:line:col): "suppression-malformed" for a bad directive,
 * "suppression-unknown-check" for an id the catalogue does not know, and
 * "suppression-unused" from dl_suppressions_report_unused().
 *
 * Ownership: struct dl_suppressions owns copies of everything it keeps;
 * arguments are borrowed.
 */
#ifndef DL_FINDINGS_SUPPRESS_H
#define DL_FINDINGS_SUPPRESS_H

#include <stdbool.h>
#include <stddef.h>

struct dl_log;

enum dl_directive_kind {
        DL_DIRECTIVE_IGNORE,           /* its own line and the next */
        DL_DIRECTIVE_IGNORE_NEXT_LINE, /* the next line */
        DL_DIRECTIVE_IGNORE_RANGE,     /* ignore-begin ... ignore-end */
};

/* One id of one directive: the unit of "used". */
struct dl_suppression_id {
        char *id;              /* check id or "*" */
        unsigned col;          /* 1-based byte column of the id */
        bool used;
        bool known;            /* false: not in the catalogue (already
                                  diagnosed; never reported unused) */
};

struct dl_directive {
        enum dl_directive_kind kind;
        unsigned line, col;    /* of "ddblint:" */
        unsigned first, last;  /* lines covered, inclusive */
        struct dl_suppression_id *ids;
        size_t n_ids;
        char *reason;          /* trimmed text after the list; NULL if none */
};

/* All directives of one file. */
struct dl_suppressions {
        char *file;
        struct dl_directive *items;
        size_t n;
};

/**
 * dl_suppressions_parse - find every directive in one file's text.
 * @param file      path used in diagnostics (copied).
 * @param text      the file's bytes; need not be NUL-terminated.
 * @param known     check ids that suppressions may name ("*" is always
 *                  allowed); NULL skips the unknown-id diagnostic.
 * @param log       receives malformed / unknown-id diagnostics; may be NULL.
 * Returns: the directives (transfer full), release with
 * dl_suppressions_free(). Never NULL. Malformed directives are left out,
 * except an ignore-begin without an ignore-end, which is reported and
 * covers the rest of the file; an unknown id is kept (it simply never
 * matches). ignore-end closes the innermost open ignore-begin.
 */
struct dl_suppressions *dl_suppressions_parse(const char *file, const char *text, size_t len,
                                              const char *const *known, size_t n_known,
                                              struct dl_log *log);

/**
 * dl_suppressions_match - the directive that suppresses check_id on line,
 * or NULL. Marks the matching id used. When several directives apply, the
 * first in the file wins (each finding marks only one).
 * Returns: (transfer none).
 */
const struct dl_directive *dl_suppressions_match(struct dl_suppressions *s, const char *check_id,
                                                 unsigned line);

/**
 * dl_suppressions_report_unused - one "suppression-unused" warning per id
 * that suppressed nothing.
 * @param skip  optional predicate: ids for which it returns true are not
 *              reported (the sink skips checks that are disabled, whose
 *              findings never reach suppression).
 * Returns: the number of warnings added.
 */
size_t dl_suppressions_report_unused(const struct dl_suppressions *s, struct dl_log *log,
                                     bool (*skip)(void *data, const char *id), void *data);

/** dl_suppressions_free - release s; NULL-safe. */
void dl_suppressions_free(struct dl_suppressions *s);

#endif
