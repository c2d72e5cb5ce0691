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

/* One edit of a fix: the bytes of range (file, 1-based line and byte
 * column to end_line and end_col exclusive; an insertion when the end is
 * the start) replaced by text. expect is what the file must hold at the
 * range's start for the edit to be the one the check meant (the range's
 * own text for a replacement, what follows an insertion point for an
 * insertion): dl_finding_fixes_settle drops a fix whose edits do not find
 * it (a macro expansion, a text edited since). */
struct dl_edit {
        struct dl_floc range;
        char *text;     /* heap, owned */
        char *expect;   /* heap, owned */
        bool statement; /* the edit of a whole statement, expect
                           (dl_finding_edit_statement) */
        bool line;      /* a line inserted before the statement holding
                           the range's start (dl_finding_insert_line),
                           until dl_finding_fixes_settle places it */
};

/* A fix a check proposes (docs/architecture.md, "Fixes"): edits that make
 * the finding go and change nothing else. */
struct dl_finding_fix {
        char *description;     /* heap, owned: "alias 'name' as '#name'" */
        struct dl_edit *edits; /* owned, in source order, none overlapping */
        size_t n_edits;
        bool manual; /* changes what the program does (stores, reads):
                                  offered to a person (a code action, SARIF),
                                  never applied by --fix */
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
        struct dl_finding_fix *fixes; /* owned; n_fixes of them */
        size_t n_fixes;
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
/* Findings kept in order, as a pipeline or a check reports them (the
 * layout of core/vec.h: DL_VEC_PUSH works on it). */
struct dl_finding_list {
        struct dl_finding **items; /* each owned by the list until taken */
        size_t n, cap;
};

/**
 * dl_finding_list_take - append take to the struct dl_finding_list data:
 * the emit function (checks/check.h dl_finding_emit_fn) of a caller that
 * keeps what is reported instead of passing it on. Ownership: the list
 * holds take (transfer full).
 */
void dl_finding_list_take(void *data, struct dl_finding *take);

/** dl_finding_list_fini - free the findings still held and the array;
 * NULL-safe; the list is empty after. */
void dl_finding_list_fini(struct dl_finding_list *l);

/** dl_finding_add_related - append a related location (loc and message copied). */
void dl_finding_add_related(struct dl_finding *f, const struct dl_loc *loc, const char *message);
/** dl_finding_set_end - set the exclusive end of the primary region (copied). */
void dl_finding_set_end(struct dl_finding *f, unsigned end_line, unsigned end_col);
/**
 * dl_finding_add_fix - append an empty fix (description copied).
 * Returns: the fix (borrowed from f, valid until the next add), for
 * dl_finding_add_edit.
 */
struct dl_finding_fix *dl_finding_add_fix(struct dl_finding *f, const char *description,
                                          bool manual);
/**
 * dl_finding_add_edit - append to fix the edit of loc (its file, line and
 * column) to end_line:end_col (exclusive) by text, expecting expect there
 * (struct dl_edit; strings copied). Edits are added in source order.
 */
void dl_finding_add_edit(struct dl_finding_fix *fix, const struct dl_loc *loc, unsigned end_line,
                         unsigned end_col, const char *text, const char *expect);
/**
 * dl_finding_edit_statement - append to fix the replacement by text ("":
 * the deletion) of the statement expect (its whole text, the ';'
 * included) written at loc on one line. dl_finding_fixes_settle keeps the
 * fix only where a statement of a sequence starts there: after ';', '{'
 * or '}', past blanks and lines wholly of a '//' comment (not the body of
 * an if, else or loop without braces, not the right of an assignment or a
 * comma).
 */
void dl_finding_edit_statement(struct dl_finding_fix *fix, const struct dl_loc *loc,
                               const char *expect, const char *text);
/**
 * dl_finding_insert_line - append to fix the insertion of text (a
 * statement) as a line of its own, indented as the next, before the line
 * of loc, where loc, or the text after it on its line before any ';',
 * finds expect (a call's name and '(': the statement's anchor; loc may be
 * the name of a macro the call is an argument of).
 * dl_finding_fixes_settle keeps the fix only where that line
 * begins, past its indentation, with a statement of a sequence (as
 * dl_finding_edit_statement's) that reaches loc with no ';' or '{' before
 * it, and that is no label, case, default or else: an insertion at the
 * line's start expecting the line up to loc and expect.
 */
void dl_finding_insert_line(struct dl_finding_fix *fix, const struct dl_loc *loc,
                            const char *expect, const char *text);
/**
 * dl_finding_fixes_settle - keep the fixes of f that apply to the text of
 * path (len bytes): each of their edits lies in path, inside the text, and
 * finds its expect at its start, and a statement's edit starts a
 * statement (dl_finding_edit_statement); a line's insertion is placed
 * first (dl_finding_insert_line); drop the others. A deletion of part of a
 * line that would leave only blanks on it takes the whole line (its range
 * becomes the line and its newline; its expect gains the blanks before).
 */
void dl_finding_fixes_settle(struct dl_finding *f, const char *path, const char *text, size_t len);
/**
 * dl_edit_offset - the byte offset in text of 1-based line and byte column
 * col; false when the text has no such place (past a line's end).
 */
bool dl_edit_offset(const char *text, size_t len, unsigned line, unsigned col, size_t *out);

/** dl_finding_cmp - order for output: file, line, col, check id, message. */
int dl_finding_cmp(const struct dl_finding *a, const struct dl_finding *b);

#endif
