/* cfunc.c - classify a call of a C library from its table (cfunc.h).
 * SPDX-License-Identifier: MIT
 */
#include "cfunc.h"

#include <string.h>

static const struct dl_cfunc *find(const struct dl_cfunc *api, size_t n, const char *name)
{
        for (size_t i = 0; name && i < n; i++) {
                if (!strcmp(api[i].name, name))
                        return &api[i];
        }
        return NULL;
}

void dl_cfunc_classify(const struct dl_rctx *ctx, const struct dl_cfunc *api, size_t n,
                       CXCursor call, struct dl_event *ev)
{
        CXCursor fn = clang_getCursorReferenced(call);
        if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
                return;
        const struct dl_cfunc *f = find(api, n, dl_cx_spelling(ctx->cx, fn));
        if (!f || find(api, n, ctx->function))
                return;
        unsigned nargs = (unsigned)clang_Cursor_getNumArguments(call);
        ev->kind = f->kind;
        ev->object_arg = f->object >= 1 && f->object <= nargs ? (int)f->object - 1 : -2;
        ev->op = f->op;
        ev->call_kind = DL_CALL_PLAIN;
        ev->field = f->field;
        ev->map = f->map;
        ev->attr = f->attr;
        ev->spec = f->spec;
        ev->n_spec = f->n_spec;
        ev->api = f->api;
        ev->body = f->body;
        ev->handle = f->kind == DL_EV_SEND && f->object;
        ev->add = f->kind == DL_EV_ADD_ENTRY;
        ev->n_args = 0;
        for (unsigned i = 0; i < 3; i++) {
                ev->args[i] = clang_getNullCursor();
                if (f->args[i] >= 1 && f->args[i] <= nargs) {
                        ev->args[i] = clang_Cursor_getArgument(call, f->args[i] - 1);
                        ev->n_args = i + 1;
                } else if (f->args[i]) {
                        ev->kind = DL_EV_READ; /* fewer arguments than the API has */
                }
        }
}

bool dl_cfunc_trigger_words(const struct dl_cfunc *api, size_t n,
                            void (*add)(void *set, const char *word), void *set)
{
        for (size_t i = 0; i < n; i++) {
                if (api[i].kind == DL_EV_SEND)
                        add(set, api[i].name);
        }
        return true;
}
