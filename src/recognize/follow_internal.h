/* follow_internal.h - what the files of the request-following engine share
 * (src/recognize/follow.c, follow_nested.c, follow_lowlevel.c only; not an
 * interface for anything else: engine.h is). docs/architecture.md, "Adding
 * a recognizer".
 * SPDX-License-Identifier: MIT
 *
 * follow.c walks request expressions and drives the engine; follow_nested.c
 * follows maps and batch / transaction members; follow_shape.c the
 * structures built in objects (a CreateTable's key schema, indexes...);
 * follow_lowlevel.c reads JSON bodies, targets, C spec structs and JSON
 * pointers.
 *
 * Ownership: requests and their strings live in the arena of the unit's cx
 * (dl_follow_arena_of); use is the byte offset of the use being followed.
 */
#ifndef DL_RECOGNIZE_FOLLOW_INTERNAL_H
#define DL_RECOGNIZE_FOLLOW_INTERNAL_H

#include "engine.h"

#include "../core/vec.h"
#include "../frontend/body.h"
#include "../frontend/eval.h"
#include "../model/request.h"

#include <clang-c/Index.h>
#include <stdbool.h>

#define MAX_NEST 64        /* nested request expressions: `Req r = r;` cannot loop */
#define MAX_LIST 256       /* entries of an initializer list */
#define MAX_HELPER_DEPTH 4 /* helpers followed inside one another */

/* A function body with the events of its calls, classified on demand. */
struct fbody {
        CXCursor fn;
        struct dl_body body;
        struct dl_event *events;           /* parallel to body.calls */
        const struct dl_recognizer **recs; /* who classified each call */
        unsigned char *classified;
};

struct dl_engine {
        struct dl_rctx ctx;
        const struct dl_recognizer *recs[16]; /* those that apply to the unit */
        size_t n_recs;
        DL_VEC(struct fbody *) bodies;
        struct dl_summaries *sums; /* the unit's function summaries */
        /* the send being followed: a target header whose operation is not
         * known (its call, the argument as written: in the arena, or NULL,
         * and its text rendered: heap, or NULL), said under --verbose when
         * no request is made of the send */
        struct dl_loc unknown_target_at;
        const char *unknown_target_source;
        char *unknown_target;
};

/* The state of following one request expression. */
struct scope {
        struct dl_engine *e;
        struct fbody *fb; /* the body the expression is in */
        unsigned depth;   /* helpers entered */
        unsigned nest;    /* build_expr calls in progress */
        bool handle;      /* the request object is a C handle (struct dl_event) */
};

/* ---- follow.c ---- */

#define DL_FOLLOW_MAX_RETURNS 8 /* returns of a helper followed (more: not followed) */

/* The indexed body of fn, built once per engine. */
struct fbody *dl_follow_body_of(struct dl_engine *e, CXCursor fn);
/* The return statements of fn (not its lambdas'): out[0..min(n, max)),
 * returns n. */
unsigned dl_follow_returns(CXCursor fn, CXCursor out[DL_FOLLOW_MAX_RETURNS]);
/* The request fn (a function of this TU with a body) returns, into r, its
 * returns joined (what differs between them is not known); at: where it
 * is called. False when it cannot be followed (no body, too deep, no or
 * too many returns). */
bool dl_follow_from_returns(struct scope *s, struct dl_request *r, CXCursor fn, struct dl_loc at);

/* The arena of the unit (requests, maps, strings). */
struct dl_arena *dl_follow_arena_of(struct scope *s);
/* The folding context of s at the use at offset use. */
struct dl_eval dl_follow_eval_at(struct scope *s, unsigned use);
/* The location and byte offset of c. */
struct dl_loc dl_follow_loc_of(struct scope *s, CXCursor c);
unsigned dl_follow_off_of(CXCursor c);
/* The event of the body's call i (classified on demand). */
const struct dl_event *dl_follow_event_at(struct scope *s, int i);
/* The event of call (any CallExpr); *tmp holds it when call is not one of
 * the body's. */
const struct dl_event *dl_follow_event_of(struct scope *s, CXCursor call, struct dl_event *tmp);
/* The DynamoDB type of attribute value expression v, and its scalar text
 * when the value is built from one. */
enum dl_attr_type dl_follow_attr_value(struct scope *s, CXCursor v, struct dl_value *scalar,
                                       unsigned use);
/* Follow the request expression e at the use at use into r. */
void dl_follow_build_expr(struct scope *s, struct dl_request *r, CXCursor e, unsigned use);
/* Apply the event ev of call on request r, w relative to the use at use. */
void dl_follow_apply_event(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                           CXCursor call, enum dl_when w, unsigned use);

/* ---- follow_nested.c ---- */

/* A variable of a function body with automatic storage (not static, not a
 * global another function may change). */
bool dl_follow_is_local_var(CXCursor var);
/* e names a local object variable (not a reference) whose contents the
 * function body fully shows; *var receives its declaration. */
bool dl_follow_local_object_ref(CXCursor e, CXCursor *var);
/* Put a in m (maybe: on some paths only; overwrite: replaces an entry of
 * the same name, else the first one stays). */
void dl_follow_map_put(struct scope *s, struct dl_attr_map *m, const struct dl_attr *a, bool maybe,
                       bool overwrite);
/* Adds entry k -> v (an attribute value expression, or for names the
 * attribute name) to m as dl_follow_map_put does. */
void dl_follow_map_add(struct scope *s, struct dl_attr_map *m, bool is_names, CXCursor k,
                       CXCursor v, CXCursor at, unsigned use, bool maybe, bool overwrite);
/* A whole map set at once (SetExpressionAttributeValues(m)). */
void dl_follow_map_from_expr(struct scope *s, struct dl_attr_map *m, bool is_names, CXCursor arg,
                             unsigned use, bool maybe);
/* A nested member (enum dl_nest) set or added on r by call. */
void dl_follow_apply_nested(struct scope *s, struct dl_request *r, const struct dl_event *nd,
                            CXCursor call, bool maybe);
/* What an element of a nested collection becomes. */
struct elem_spec {
        enum dl_op op;
        const char *member;           /* NULL for wrappers: set by their setter */
        const struct dl_value *table; /* the batch map's key, or NULL */
        const struct dl_event *nest;  /* the batch map's event (for its elements) */
};
/* What to do with one element of a collection (c: its container). */
typedef void (*list_item_fn)(struct scope *s, struct dl_request *c, CXCursor item, unsigned use,
                             bool maybe, const struct elem_spec *spec);
/* A request of op for a member of r, made in the same place. */
void dl_follow_member_init(struct dl_request *m, const struct dl_request *r, enum dl_op op);
/* A vector of elements: an initializer list, an empty temporary, or a
 * local vector filled with push_back / emplace_back before use; fn is
 * called on each element, c escapes when the elements cannot be listed. */
void dl_follow_list_from_expr(struct scope *s, struct dl_request *c, CXCursor arg, unsigned use,
                              bool maybe, const struct elem_spec *spec, list_item_fn fn);
/* The call a reference site belongs to (NULL: none), and the parent call
 * of c whose argument want_arg (-1: any) c is. */
const struct dl_body_call *dl_follow_site_call(const struct dl_body_site *site);
const struct dl_body_call *dl_follow_parent_call(const struct dl_body *b,
                                                 const struct dl_body_call *c, int want_arg);

/* ---- follow_shape.c ---- */

/* DL_EV_SHAPE: a member of r's structure (model/shape.h) set or added by
 * call. */
void dl_follow_apply_shape(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                           CXCursor call, bool maybe);

/* ---- follow_helper.c ---- */

/* Do a and b hold the same entries (kind, keys, types, values)? */
bool dl_follow_same_map(const struct dl_attr_map *a, const struct dl_attr_map *b);
/* The map a call returns (`SetKey(UserKey(id))`): a function of this TU
 * returning a local map, its returns joined (they must agree, else the map
 * is DYNAMIC), or a map helper of another file (model/helper.h). False
 * when call is no such function (m untouched). */
bool dl_follow_map_from_helper(struct scope *s, struct dl_attr_map *m, CXCursor call, unsigned use);
/* The request a helper of another file returns (model/helper.h), read
 * into r at call; false when call is none. */
bool dl_follow_ext_request(struct scope *s, struct dl_request *r, CXCursor call);

/* ---- follow_lowlevel.c ---- */

/* The request is the JSON body of the event (replacing what was set). */
void dl_follow_apply_body(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                          CXCursor call, bool maybe, unsigned at);
/* The operation named by the event (a header line, a target, an operation
 * name, or a header list). */
void dl_follow_apply_target(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                            CXCursor call, bool maybe, unsigned at);
/* A value set by JSON pointer (DL_EV_SET_PATH). */
void dl_follow_apply_path(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                          CXCursor call, bool maybe, unsigned use);
/* dl_follow_apply_path with the path folded already (ev's args[1] and
 * args[2] are the type and the scalar). */
void dl_follow_apply_path_value(struct scope *s, struct dl_request *r, struct dl_value path,
                                const struct dl_event *ev, CXCursor call, bool maybe, unsigned use);
/* The C spec struct argument arg of a constructor event read into t;
 * anything not followed: t escaped. */
void dl_follow_spec_read(struct scope *s, struct dl_request *t, const struct dl_event *ev,
                         CXCursor arg, unsigned use);
/* A null pointer constant (`NULL`, `0`, `nullptr`). */
bool dl_follow_is_null_constant(CXCursor e);
/* A low-level request about to be dropped or finished: its body read in
 * the API version of its target. Returns false when its operation is not
 * known (not known to be DynamoDB's). A CreateTable or UpdateTable built
 * in objects gets its definition, through rec's table_shape when it has
 * one (recognizer.h). */
bool dl_follow_finish_request(struct scope *s, struct dl_request *r,
                              const struct dl_recognizer *rec);

#endif
