/* cfunc.h - a C library's API as data: one row per function, the event a
 * call of it is (recognizer.h), and the one classify that reads such a
 * table. The recognizers of pure-C clients (aws4dd, aws_dynamo) and those
 * tools/new-recognizer writes are a table (NAME_api.def) and this.
 * SPDX-License-Identifier: MIT
 *
 * Arguments are counted from 1, as in the rules file's `wrappers:` (0: none).
 */
#ifndef DL_RECOGNIZE_CFUNC_H
#define DL_RECOGNIZE_CFUNC_H

#include "recognizer.h"

/* One function of the library. object: the argument that is the tracked
 * object (a handle `op`, or `&op` for a constructor), 0 for none; args: the
 * arguments that become the event's args[0..2] (0: a null cursor). op is
 * for SEND and CREATE; field for SET_FIELD; map for ADD_ENTRY; attr for
 * SET_PATH with a fixed type; spec for CREATE; member for SHAPE; body (a SEND of the JSON
 * body args[0], of op in version api or of the target args[1] names when op
 * is DL_OP_COUNT: struct dl_event.body). A SEND with an object sends a C
 * handle (struct dl_event.handle). */
struct dl_cfunc {
        const char *name;
        enum dl_ev kind;
        unsigned object;
        bool body;
        unsigned args[4];
        enum dl_op op;
        enum dl_field field;
        enum dl_map map;
        enum dl_attr_type attr;
        enum dl_nest nest; /* NESTED: the member's shape (always added) */
        const struct dl_spec_member *spec;
        unsigned n_spec;
        enum dl_api_version api;
        const char *spec_struct; /* CREATE: the spec struct's tag ("aws4dd_scan_spec") */
        bool spec_shape;         /* CREATE: struct dl_event.spec_shape */
        /* SHAPE (always an add: args[0] appended to the list member): what
         * the value is, and shape_tag (struct dl_event.shape_tag) */
        const char *member;
        enum dl_shape_arg shape;
        const char *shape_tag;
};

/**
 * dl_cfunc_classify - fill *ev (zeroed by the caller) for call when it calls
 * a function of api (n rows) declared with that name as a C function;
 * leave DL_EV_NONE otherwise. Inside the library's own definition of one
 * of its functions (ctx->function is in api), its calls are the library's
 * implementation, not a use: nothing is classified there.
 */
void dl_cfunc_classify(const struct dl_rctx *ctx, const struct dl_cfunc *api, size_t n,
                       CXCursor call, struct dl_event *ev);

/**
 * dl_cfunc_trigger_words - a recognizer's trigger_words (recognizer.h)
 * from its table: add(set, name) for every function of api (n rows) whose
 * call sends a request (DL_EV_SEND). Returns true.
 */
bool dl_cfunc_trigger_words(const struct dl_cfunc *api, size_t n,
                            void (*add)(void *set, const char *word), void *set);

/**
 * dl_cfunc_recover_create - a recognizer's recover_create (recognizer.h)
 * from its table: for each request of reqs sent in ctx->function through a
 * handle variable v, when the last constructor call of v before the send,
 * `NAME(&v, &(struct SPEC){...})` with NAME a CREATE row of api (n rows)
 * whose spec_struct is SPEC, is missing from the AST (clang drops a call
 * whose compound literal has an incomplete type: a header is missing) and
 * runs on every path to the send, its designated initializers (`.m = x`,
 * nested `.ret = {.values = x}`) fill the members the AST left unresolved
 * (ABSENT, or DYNAMIC only because the handle escaped): a string literal
 * is known, NULL/0/false not sent, an integer or bool literal known,
 * anything else a value set at run time; members it does not name stay
 * as they were. T, [body_begin, body_end): the function's body tokens.
 * Each request so filled is logged as a "recovered-constructor" note.
 * Returns: the number of requests filled.
 */
size_t dl_cfunc_recover_create(const struct dl_rctx *ctx, const struct dl_cfunc *api, size_t n,
                               const struct dl_toks *T, unsigned body_begin, unsigned body_end,
                               struct dl_request_vec *reqs);

#endif
