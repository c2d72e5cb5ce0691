/* eval.h - folding constant string, int, bool and enum arguments into
 * tri-state template values (struct dl_value).
 * SPDX-License-Identifier: MIT
 *
 * Strings: literals (escapes, adjacent-literal concatenation, raw strings,
 * u8/u/U/L prefixes), macros expanding to literals, const / constexpr /
 * static const char * variables and class static constants of the same
 * TU, Aws::String / std::string built from those with +, and local strings
 * grown with += and append before the use. Anything else is a hole; an
 * entirely unknown value is DL_VAL_DYNAMIC.
 *
 * Locations: every known byte carries a location (segment locs): the
 * literal's own bytes (through escapes and concatenation) when written at
 * the use, else the expansion point of the macro or the place the constant
 * is used; dl_value.origin then names the #define or the constant.
 *
 * Ownership: values live in the arena of ev->cx. No recursion is unbounded:
 * folding stops at DL_EVAL_MAX_DEPTH nested expressions (a hole beyond).
 */
#ifndef DL_FRONTEND_EVAL_H
#define DL_FRONTEND_EVAL_H

#include "../core/loc.h"
#include "../core/strbuf.h"
#include "../core/vec.h"
#include "../model/request.h"

#include <clang-c/Index.h>
#include <stdbool.h>

struct dl_cx;

#define DL_EVAL_MAX_DEPTH 48
/* Literals longer than this keep no per-byte locations (memory bound). */
#define DL_EVAL_MAX_LOCS (1u << 20)

struct dl_loc_vec {
        struct dl_loc *items;
        size_t n, cap;
};

/* An index of one function body: calls, references and the ranges of
 * conditional code (if, loops, switch, ?:, lambdas), with byte offsets of
 * their expansion locations. Built once per function. */
struct dl_body_call {
        CXCursor cursor;
        unsigned off;
};
struct dl_body_ref {
        CXCursor cursor;  /* DeclRefExpr */
        CXCursor decl;    /* the declaration referenced */
        unsigned off;
};
struct dl_body_cond {
        unsigned begin, end;  /* [begin, end) offsets */
        bool loop;
};
struct dl_body {
        CXCursor func;
        DL_VEC(struct dl_body_call) calls;
        DL_VEC(struct dl_body_ref) refs;
        DL_VEC(struct dl_body_cond) conds;
};

/** dl_body_init - index the body of func (a function-like cursor). */
void dl_body_init(struct dl_body *b, CXCursor func);
/** dl_body_fini - free the index; NULL-safe. */
void dl_body_fini(struct dl_body *b);

/**
 * dl_body_ref_is_read - is the reference to var at offset off (a
 * DeclRefExpr of b->refs) only a read: an argument passed by value, const
 * reference or pointer to const, or the object of a const method?
 * Returns: false when it may write var (non-const method, non-const
 * reference or pointer argument, variadic or unknown callee) or when it is
 * not a call's argument or object at all (an alias, `&var` stored).
 */
bool dl_body_ref_is_read(const struct dl_body *b, CXCursor var, unsigned off);

enum dl_when {
        DL_WHEN_NEVER,  /* after the use in straight-line code */
        DL_WHEN_SURE,   /* always before the use */
        DL_WHEN_MAYBE,  /* on some paths only (branch, loop, lambda) */
};
/** dl_body_when - does an event at offset ev happen before a use at use? */
enum dl_when dl_body_when(const struct dl_body *b, unsigned ev, unsigned use);

struct dl_eval {
        struct dl_cx *cx;
        const struct dl_body *body; /* may be NULL: no local-variable tracking */
        unsigned use_off;           /* offset of the use (for local strings) */
};

/** dl_eval_strip - skip implicit casts, parentheses, explicit casts and
 * std::move / std::forward (at most 64 levels). */
CXCursor dl_eval_strip(CXCursor c);
/**
 * dl_eval_strip_address - dl_eval_strip, then a leading unary & or * as
 * well (`&req`, `*p`), repeatedly (at most 8 levels).
 * Returns: the operand cursor (transfer none; cursors are values).
 */
CXCursor dl_eval_strip_address(CXCursor c);

/**
 * dl_eval_string - fold the string expression e.
 * @param at  the location recorded as the value's loc (where it is set).
 * Returns: DL_VAL_KNOWN (a template, maybe with holes) or DL_VAL_DYNAMIC.
 */
struct dl_value dl_eval_string(struct dl_eval *ev, CXCursor e, struct dl_loc at);
/** dl_eval_int - integer constant ("25") or DL_VAL_DYNAMIC. */
struct dl_value dl_eval_int(struct dl_eval *ev, CXCursor e, struct dl_loc at);
/** dl_eval_bool - "true"/"false" or DL_VAL_DYNAMIC. */
struct dl_value dl_eval_bool(struct dl_eval *ev, CXCursor e, struct dl_loc at);
/** dl_eval_enum - the enumerator's name ("COUNT") or DL_VAL_DYNAMIC. */
struct dl_value dl_eval_enum(struct dl_eval *ev, CXCursor e, struct dl_loc at);

/**
 * dl_eval_decode_literal - decode one string-literal token as spelled in
 * the source (prefix, quotes, escapes, raw delimiters, ud-suffix).
 * @param tok    the token's bytes, n of them.
 * @param start  location of the token's first byte.
 * @param text   receives the decoded bytes (may include NUL).
 * @param locs   when not NULL, receives one location per decoded byte:
 *               escapes map to their backslash, line splices and raw
 *               newlines advance the line.
 * Returns: true when tok is a string literal; false (nothing appended)
 * for anything else, including a malformed literal.
 */
bool dl_eval_decode_literal(const char *tok, size_t n, struct dl_loc start,
                            struct dl_strbuf *text, struct dl_loc_vec *locs);

#endif
