/* body.h - an index of one function body, built once: its calls, its
 * references to declarations and the ranges of its conditional code, with
 * byte offsets of their expansion locations; the "happens before" rule;
 * and the one walk over the references of a tracked local object
 * (dl_body_track) that every consumer shares: the request-following engine
 * of recognize/ and the string folding of eval.c.
 * SPDX-License-Identifier: MIT
 *
 * Cost: dl_body_init visits the body once and sorts its calls and
 * references (O(n log n)); a lookup by cursor or declaration is a binary
 * search; dl_body_when is O(log n + nesting depth); dl_body_track visits
 * only the references of the tracked declaration.
 *
 * Ownership: the index holds cursors (values, valid while the translation
 * unit lives) in heap vectors freed by dl_body_fini().
 */
#ifndef DL_FRONTEND_BODY_H
#define DL_FRONTEND_BODY_H

#include "../core/vec.h"

#include <clang-c/Index.h>
#include <stdbool.h>

struct dl_cx;

/* The argument position of a call's member object (`obj.f()`, `p->f()`). */
#define DL_BODY_OBJECT (-1)

/* A call of the body, in visit order (a call before the calls nested in
 * it). */
struct dl_body_call {
        CXCursor cursor;
        unsigned off;
        /* The call whose member object or argument (dl_cx_strip) this call
         * is: `a.WithX(1).WithY(2)` links WithX to WithY, `m[k] = v` links
         * operator[] to operator=. -1 when none. */
        int parent;
        int parent_arg; /* DL_BODY_OBJECT or the argument index in parent */
        /* The local variable whose initializer this call is (`auto o =
         * f();`, also through a copy or move construction) or to which it
         * is assigned (`o = f();`): a VarDecl cursor; a null cursor when
         * none. */
        CXCursor var;
        /* The call is a statement of its own (in a block, a case or after
         * a label): its value is discarded. */
        bool discarded;
};

/* A reference to a declaration (a DeclRefExpr), in visit order. */
struct dl_body_ref {
        CXCursor cursor;
        CXCursor decl; /* the declaration referenced */
        unsigned off;
        /* The first call (visit order) whose member object (dl_cx_strip) or
         * argument (dl_cx_strip_address) this reference is; -1 when none. */
        int call;
        int arg; /* DL_BODY_OBJECT or the argument index */
        /* `v = f(...)`: the reference is the left operand of an assignment
         * whose right operand (dl_cx_strip) is this call (index in calls);
         * -1 otherwise. */
        int assigned;
        /* The member assignment (body->stores) whose object this reference
         * is (`spec.limit = 10`), or -1. */
        int store;
        /* `v = value`, a plain assignment (any right operand): the
         * reference is its left operand; a null cursor otherwise. */
        CXCursor value;
        /* `var.m`, `var->m`, `var.f()`: the MemberRefExpr whose base
         * (dl_cx_strip) this reference is; a null cursor otherwise. */
        CXCursor member;
        /* The call of which that member expression is an argument
         * (dl_cx_strip_address: `f(var->m, ...)`, `f(&var->m)`), or -1. */
        int member_call;
        /* The reference's value goes on: it is returned, or it is the
         * right operand of `=` or a variable's initializer. */
        bool copied;
};

/* A plain assignment to a member of a variable, `var.member = value`. */
struct dl_body_store {
        CXCursor member; /* the member's declaration (a FieldDecl) */
        CXCursor value;  /* the assigned expression */
        unsigned off;    /* of the assignment */
        CXCursor lhs;    /* the MemberRefExpr assigned to */
};

/* A range of code that runs on some paths only (conditional), or again
 * and again (loop), or both. A while's condition and a for's condition and
 * increment are loop code that is not conditional: the first evaluation
 * always runs (docs/architecture.md, "happens before"). */
struct dl_body_cond {
        unsigned begin, end; /* [begin, end) offsets */
        bool loop;
        bool conditional;
        int parent; /* the innermost range holding this one, -1 */
        /* An if statement's branches: the offset where its else branch
         * begins (the then branch is [begin, split)); 0 when the range is
         * not an if's or the if has no else. */
        unsigned split;
        bool is_if; /* the branches of an if statement */
        /* The statement or expression the range belongs to (the for, while,
         * do, range-for, if, switch, ?:, lambda, try or && / ||). */
        CXCursor stmt;
};

struct dl_body_key {
        unsigned hash;
        unsigned index;
};

struct dl_body {
        CXCursor func;
        DL_VEC(struct dl_body_call) calls;
        DL_VEC(struct dl_body_ref) refs;
        DL_VEC(struct dl_body_store) stores;
        /* Conditional code: the branches of if, switch and ?: (not their
         * condition), loop bodies (a for's increment too), lambdas, try,
         * and the right operand of && and ||; loop code: the heads of
         * while and for after a for's init; sorted by begin (outer
         * first). */
        DL_VEC(struct dl_body_cond) conds;
        bool conds_nested; /* the ranges nest (then dl_body_when uses the tree) */
        DL_VEC(struct dl_body_key) calls_by_cursor; /* hash of the call's cursor */
        DL_VEC(struct dl_body_key) refs_by_cursor;  /* hash of the ref's cursor */
        DL_VEC(struct dl_body_key) refs_by_decl;    /* hash of the declaration, then visit order */
};

/** dl_body_init - index the body of func (a function-like cursor) of cx's
 * translation unit (its macro index tells which statements a macro wrote). */
void dl_body_init(struct dl_body *b, struct dl_cx *cx, CXCursor func);
/** dl_body_in_loop - is offset off inside a loop's body or head (code
 * that may run more than once)? */
bool dl_body_in_loop(const struct dl_body *b, unsigned off);
/** dl_body_fini - free the index; NULL-safe. */
void dl_body_fini(struct dl_body *b);

/** dl_body_call_index - the index in b->calls of call, or -1. */
int dl_body_call_index(const struct dl_body *b, CXCursor call);

enum dl_when {
        DL_WHEN_NEVER, /* after the use in straight-line code */
        DL_WHEN_SURE,  /* always before the use */
        DL_WHEN_MAYBE, /* on some paths only (branch, loop, lambda) */
};
/** dl_body_when - does an event at offset ev happen before a use at use?
 * An event inside conditional code that does not hold the use is MAYBE; an
 * event at or after the use is NEVER, unless a loop holds both (MAYBE).
 * The condition of an if, a switch, a while or a ?:, and the init and
 * condition of a for, always run before the statement's branches and
 * before the code after it: an event there is SURE for such a use. */
enum dl_when dl_body_when(const struct dl_body *b, unsigned ev, unsigned use);

/** dl_body_region - the outermost range of conditional code that holds
 * the event at offset ev but not the use at use (the branch or loop whose
 * paths decide whether ev happens before the use), or NULL when ev always
 * runs before the use or never. Valid while b lives. */
const struct dl_body_cond *dl_body_region(const struct dl_body *b, unsigned ev, unsigned use);

/** dl_body_region_direct - is every range of conditional code holding the
 * offset ev inside region r r itself (no branch or loop nested in r holds
 * ev)? */
bool dl_body_region_direct(const struct dl_body *b, const struct dl_body_cond *r, unsigned ev);

/* One reference to a tracked object, as dl_body_track presents it. */
struct dl_body_site {
        const struct dl_body *body;
        const struct dl_body_ref *ref;
        int call;          /* index in body->calls, or -1: not a call's object or argument */
        int arg;           /* DL_BODY_OBJECT or the argument index */
        enum dl_when when; /* of the reference, relative to the use */
};

/* Called for each reference of the tracked object in visit order. Returns
 * true when it accounted for the reference (its effect is applied, or it
 * has none); false leaves it to the walk's rule. */
typedef bool (*dl_body_site_fn)(void *data, const struct dl_body_site *site);

/**
 * dl_body_track - the walk over a tracked local object: every reference
 * to var after offset from (its declaration), in visit order, goes to fn.
 * A reference fn does not account for, that happens before use (SURE or
 * MAYBE) and is not the use itself (offset use), may change the object
 * where ddblint cannot see unless it is a read: an argument passed by
 * value, const reference or pointer to const, or the object of a const
 * method. Anything else (a non-const method, a non-const reference or
 * pointer handed on, a variadic or unknown callee, an alias `&var` stored)
 * may write it. A reference after the use, in a loop that holds the use but
 * not the declaration at from, is not presented: each iteration has a new
 * object (a variable declared in the loop's body).
 * Returns: true when such a reference exists (the object escaped).
 */
bool dl_body_track(const struct dl_body *b, CXCursor var, unsigned from, unsigned use,
                   dl_body_site_fn fn, void *data);

#endif
