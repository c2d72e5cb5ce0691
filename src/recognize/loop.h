/* loop.h - the loop around a point of a function body: what it iterates
 * over (model/response.h enum dl_loop_kind), the variables that hold its
 * element, and whether an expression is built from them
 * (docs/architecture.md, "The response flow").
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_RECOGNIZE_LOOP_H
#define DL_RECOGNIZE_LOOP_H

#include "../frontend/body.h"
#include "../frontend/cx.h"
#include "../model/response.h"

#define DL_LOOP_MAX_VARS 8

struct dl_loop {
        enum dl_loop_kind kind;
        CXCursor stmt;  /* the loop statement; null for DL_LOOP_NONE */
        unsigned begin; /* the loop's range in the body (its code that repeats) */
        unsigned end;
        unsigned head_end; /* where a for's condition ends (its bound lives before) */
        /* A for whose condition compares its index with a variable
         * (`i < n`): that variable's declaration; a null cursor otherwise. */
        CXCursor bound;
        /* DL_LOOP_ELEMENTS: the element's variables: the range-for's
         * variable or the index, then the locals of the loop initialized
         * from one of them (VarDecl cursors), and the local strings (a
         * char buffer or pointer, a std::string) a call in the loop writes
         * while it takes one of them (`user_pk(pk, sizeof pk, ids[i])`,
         * `snprintf(pk, sizeof pk, "USER#%s", ids[i])`: a non-const
         * pointer or reference parameter given the local). */
        CXCursor vars[DL_LOOP_MAX_VARS];
        unsigned n_vars;
        unsigned filled; /* bit v: vars[v] is such a written local */
};

/**
 * dl_loop_at - the innermost loop of b holding offset off (a for, while,
 * do or range-for; a loop written by a macro is DL_LOOP_OTHER), classified:
 * a range-for over a container of any size (std::vector, list, deque, set,
 * map and their unordered and multi kinds, through typedefs such as
 * Aws::Vector) or a for whose index runs to a bound that is not an integer
 * constant and subscripts something in the loop (`keys[i]`, `v.at(i)`) is
 * DL_LOOP_ELEMENTS; a for up to an integer constant, a range-for over an
 * array or an initializer list DL_LOOP_COUNTED; anything else
 * DL_LOOP_OTHER. Cost: the loop's statement and the body's references.
 * @param out  every member written; kind DL_LOOP_NONE when no loop holds off.
 */
void dl_loop_at(struct dl_cx *cx, const struct dl_body *b, unsigned off, struct dl_loop *out);

/**
 * dl_loop_uses_element - is the code at offset off built from the loop's
 * element: a reference to one of l->vars at off, or inside the smallest
 * call of b whose extent holds off (the argument list it belongs to)?
 * The locals written from the element (l->filled) count only with filled:
 * a call that takes the element may still write text that does not hold
 * it, so the caller asks only where the value is known to vary.
 * False for a loop that is not DL_LOOP_ELEMENTS.
 */
bool dl_loop_uses_element(const struct dl_body *b, const struct dl_loop *l, unsigned off,
                          bool filled);

/**
 * dl_loop_guarded - may the loop l stop early or the function bound what
 * it adds before offset before: a break inside l; a comparison inside l
 * with an integer constant from 2 to 100 (a chunk counter, `if (++n ==
 * 25)`: DynamoDB's batch limits are 25 and 100); a call of size(),
 * length() or count() in the function before `before` other than in l's
 * head; a reference to l's bound variable before `before` outside l (a C
 * guard, `if (n > 25) return -1;`)?
 */
bool dl_loop_guarded(struct dl_cx *cx, const struct dl_body *b, const struct dl_loop *l,
                     unsigned before);

/**
 * dl_loop_offset - the offset in b's file of loc (a location dl_cx_loc
 * gave for code of b's function), or UINT_MAX when loc is not in that file.
 */
unsigned dl_loop_offset(struct dl_cx *cx, const struct dl_body *b, const struct dl_loc *loc);

#endif
