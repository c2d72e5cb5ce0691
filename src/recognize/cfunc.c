/* cfunc.c - classify a call of a C library from its table (cfunc.h).
 * SPDX-License-Identifier: MIT
 */
#include "cfunc.h"
#include "tokens.h"

#include "../core/log.h"

#include <stdio.h>
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
        ev->add = f->kind == DL_EV_ADD_ENTRY || f->kind == DL_EV_NESTED || f->kind == DL_EV_SHAPE;
        ev->spec_shape = f->spec_shape;
        ev->member = f->member;
        ev->shape = f->shape;
        ev->shape_tag = f->shape_tag;
        ev->nest = f->nest;
        ev->n_args = 0;
        for (unsigned i = 0; i < 4; i++) {
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

/* ---- constructors clang dropped ------------------------------------------------- */

/* Is tokens [a, b) the single token s? */
static bool only(const struct dl_toks *T, unsigned a, unsigned b, const char *s)
{
        return b == a + 1 && dl_tok_is(T, a, s);
}

/* The request member spec member m sends for the initializer tokens
 * [a, b), as spec_value in follow.c reads it from the AST; *set false when
 * the value is a zero (NULL, 0, false: not sent). Only literals are read;
 * anything else is a value set at run time. */
static struct dl_value token_value(const struct dl_toks *T, const struct dl_spec_member *m,
                                   unsigned a, unsigned b, bool *set)
{
        struct dl_loc at = dl_tok_loc(T, a);
        bool zero = only(T, a, b, "NULL") || only(T, a, b, "0") || only(T, a, b, "false") ||
                    only(T, a, b, "nullptr");
        *set = !zero;
        if (zero)
                return dl_value_dynamic(at);
        bool literal = b == a + 1 && clang_getTokenKind(T->t[a]) == CXToken_Literal;
        bool truth = only(T, a, b, "true") || only(T, a, b, "1");
        switch (m->conv) {
        case DL_SPEC_STRING: return dl_tok_string(T, a, b, at);
        case DL_SPEC_PRESENT: {
                struct dl_value s = dl_tok_string(T, a, b, at);
                return s.kind == DL_VAL_KNOWN ? dl_value_known(T->cx->arena, "", 0, NULL, at) : s;
        }
        case DL_SPEC_NONZERO: {
                const char *s = dl_tok(T, a);
                bool number = literal && strspn(s, "0123456789") == strlen(s);
                return number ? dl_value_known(T->cx->arena, s, strlen(s), NULL, at)
                              : dl_value_dynamic(at);
        }
        case DL_SPEC_TRUE:
        case DL_SPEC_NEGATED: {
                const char *v = m->conv == DL_SPEC_NEGATED ? "false" : "true";
                return truth ? dl_value_known(T->cx->arena, v, strlen(v), NULL, at)
                             : dl_value_dynamic(at);
        }
        case DL_SPEC_ENUM: break; /* its constants are in the header clang could not read */
        }
        return dl_value_dynamic(at);
}

/* Where a value read from tokens may go: a member the AST left unknown
 * because no constructor was seen (ABSENT, or DYNAMIC only because the
 * handle escaped). */
static bool unresolved(const struct dl_value *v)
{
        return v->kind == DL_VAL_ABSENT || (v->kind == DL_VAL_DYNAMIC && v->unseen);
}

/* The designated initializers of the braces at open (`.table_name =
 * "x"`, `.ret = {.values = ...}`, `.ret.values = ...`) into r's members
 * the AST left unresolved; prefix is the enclosing member's dotted name.
 * A positional initializer is not read (its member is not named). */
static void read_designated(const struct dl_toks *T, const struct dl_cfunc *f, unsigned open,
                            const char *prefix, struct dl_request *r)
{
        unsigned close = dl_tok_skip_group(T, open) - 1;
        for (unsigned i = open + 1; i < close;) {
                unsigned end = dl_tok_arg_end(T, i);
                char name[128];
                snprintf(name, sizeof name, "%s", prefix);
                unsigned k = i;
                while (k + 1 < end && dl_tok_is(T, k, ".") &&
                       clang_getTokenKind(T->t[k + 1]) == CXToken_Identifier) {
                        size_t len = strlen(name);
                        snprintf(name + len, sizeof name - len, "%s%s", *name ? "." : "",
                                 dl_tok(T, k + 1));
                        k += 2;
                }
                if (k > i && k + 1 < end && dl_tok_is(T, k, "=")) {
                        if (dl_tok_is(T, k + 1, "{") && dl_tok_skip_group(T, k + 1) == end) {
                                read_designated(T, f, k + 1, name, r);
                        } else {
                                for (unsigned s = 0; s < f->n_spec; s++) {
                                        const struct dl_spec_member *m = &f->spec[s];
                                        if (strcmp(m->name, name) ||
                                            !unresolved(&r->fields[m->field]))
                                                continue;
                                        bool set;
                                        struct dl_value v = token_value(T, m, k + 1, end, &set);
                                        if (set)
                                                r->fields[m->field] = v;
                                }
                        }
                }
                i = end < close ? end + 1 : close;
        }
}

/* The token of the body [begin, end) at or just after loc. */
static unsigned token_at(const struct dl_toks *T, unsigned begin, unsigned end, struct dl_loc loc)
{
        for (unsigned i = begin; i < end; i++) {
                struct dl_loc l = dl_tok_loc(T, i);
                if (l.line > loc.line || (l.line == loc.line && l.col >= loc.col))
                        return i;
        }
        return end;
}

/* The compound literal's braces of a constructor call at k:
 * `NAME ( & v , & ( struct SPEC ) {`; the index of its '{', or 0. *v
 * receives v's token. */
static unsigned constructor_spec(const struct dl_toks *T, const struct dl_cfunc *f, unsigned k,
                                 unsigned *v)
{
        unsigned a = k + 2;
        if (!dl_tok_is(T, k + 1, "(") || !dl_tok_is(T, a, "&") ||
            clang_getTokenKind(T->t[a + 1]) != CXToken_Identifier || !dl_tok_is(T, a + 2, ","))
                return 0;
        *v = a + 1;
        unsigned s = a + 3;
        if (dl_tok_is(T, s, "&") && dl_tok_is(T, s + 1, "(") && dl_tok_is(T, s + 2, "struct") &&
            dl_tok_is(T, s + 3, f->spec_struct) && dl_tok_is(T, s + 4, ")") &&
            dl_tok_is(T, s + 5, "{"))
                return s + 5;
        return 0;
}

size_t dl_cfunc_recover_create(const struct dl_rctx *ctx, const struct dl_cfunc *api, size_t n,
                               const struct dl_toks *T, unsigned body_begin, unsigned body_end,
                               struct dl_request_vec *reqs)
{
        size_t filled = 0;
        for (size_t q = 0; q < reqs->n; q++) {
                struct dl_request *r = &reqs->items[q];
                if (!r->function || !ctx->function || strcmp(r->function, ctx->function) ||
                    !r->variable || r->inferred || !r->call.file)
                        continue;
                unsigned send = token_at(T, body_begin, body_end, r->call);
                if (send == body_end)
                        continue;
                /* the last constructor of r's handle before the send */
                const struct dl_cfunc *made = NULL;
                unsigned at = 0, open = 0;
                for (unsigned k = body_begin; k < send; k++) {
                        if (!dl_tok_ident(T, k))
                                continue;
                        const struct dl_cfunc *f = find(api, n, dl_tok(T, k));
                        unsigned v = 0, o;
                        if (!f || f->kind != DL_EV_CREATE || !f->spec_struct)
                                continue;
                        o = constructor_spec(T, f, k, &v);
                        if (v && dl_tok_is(T, v, r->variable)) {
                                made = o && f->op == r->op && !dl_tok_typed_call(T, k) ? f : NULL;
                                at = k;
                                open = o;
                        }
                }
                /* one the AST has, or made on some paths only: left as it is */
                if (!made || dl_tok_maybe(T, body_begin, at, dl_tok_depth(T, body_begin, send)))
                        continue;
                read_designated(T, made, open, "", r);
                if (ctx->log)
                        dl_log_add(ctx->log, DL_LOG_NOTE, "recovered-constructor", &r->call,
                                   "clang did not parse the call of '%s' that makes this %s (an "
                                   "error in the file, such as a missing header); the members its "
                                   "initializer names were read from its tokens",
                                   made->name, dl_op_name(r->op));
                filled++;
        }
        return filled;
}
