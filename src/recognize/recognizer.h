/* recognizer.h - the uniform interface of a recognizer: code that turns one
 * client library's AST shapes into normalized requests (design.md 6).
 * SPDX-License-Identifier: MIT
 *
 * Ownership: requests appended to the vector, and everything they point
 * to, live in ctx->cx->arena. The vector's storage is heap (DL_VEC_FREE).
 */
#ifndef DL_RECOGNIZE_RECOGNIZER_H
#define DL_RECOGNIZE_RECOGNIZER_H

#include "../core/error.h"
#include "../core/vec.h"
#include "../frontend/cx.h"
#include "../frontend/eval.h"
#include "../model/request.h"

#include <clang-c/Index.h>
#include <stdbool.h>

struct dl_log;
struct dl_ruleset;

/* What a recognizer may look at while matching one call. */
struct dl_rctx {
        struct dl_cx *cx;
        const struct dl_body *body;  /* index of the enclosing function body */
        const char *function;        /* enclosing function's qualified name (arena) */
        struct dl_log *log;
        bool verbose;                /* log DL_ERR_UNSUPPORTED notes */
        const struct dl_ruleset *rules;
};

struct dl_request_vec {
        struct dl_request *items;
        size_t n, cap;
};

struct dl_recognizer {
        const char *id;      /* "aws-cpp" */
        const char *summary;
        /* Return DL_OK and append to *out when call is a client call this
         * recognizer owns; DL_OK with nothing appended when it is not. */
        enum dl_status (*match)(const struct dl_rctx *ctx, CXCursor call,
                                struct dl_request_vec *out, struct dl_error *err);
};

/** dl_recognizers - the compiled-in recognizers (recognizers.def), in order.
 * @param n  receives the count. Returns: a static table (transfer none). */
const struct dl_recognizer *const *dl_recognizers(size_t *n);

/**
 * dl_aws_cpp_recover - token-level recovery for one function region clang
 * could not type (see aws_cpp.c): find `x.Op(arg)` / `x->Op(arg)` calls
 * whose argument is proven to be Op's request type.
 * @param toks/n       the main file's tokens; [body_begin, body_end) is the
 *                     function body, [head_begin, body_begin) its head.
 * @param function     the function's name as spelled (arena).
 * @param skip         requests already recognized from the AST (not duplicated).
 * @param out          receives inferred requests.
 * Returns: the number of requests appended.
 */
size_t dl_aws_cpp_recover(struct dl_cx *cx, CXToken *toks, unsigned head_begin,
                          unsigned body_begin, unsigned body_end, const char *function,
                          const struct dl_request_vec *skip, struct dl_request_vec *out);

#define DL_RECOGNIZER(sym, id) extern const struct dl_recognizer sym;
#include "recognizers.def"
#undef DL_RECOGNIZER

#endif
