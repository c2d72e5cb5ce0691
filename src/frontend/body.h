/* body.h - an index of one function body: its calls, its references to
 * declarations and the ranges of its conditional code, in source order,
 * with byte offsets of their expansion locations; and the "happens before"
 * rule the recognizers apply to events on a tracked object.
 * SPDX-License-Identifier: MIT
 *
 * Ownership: the index holds cursors (values, valid while the translation
 * unit lives) in heap vectors freed by dl_body_fini().
 */
#ifndef DL_FRONTEND_BODY_H
#define DL_FRONTEND_BODY_H

#include "../core/vec.h"

#include <clang-c/Index.h>
#include <stdbool.h>

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

#endif
