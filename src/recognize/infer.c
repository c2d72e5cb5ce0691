/* infer.c - inferred wrappers (infer.h; docs/architecture.md, "Inferred
 * wrappers"): which parameters of a function reach its DynamoDB target and
 * the body of its send.
 * SPDX-License-Identifier: MIT
 */
#include "infer.h"

#include "engine.h"
#include "tokens.h"

#include "../core/alloc.h"
#include "../core/log.h"
#include "../core/regex.h"
#include "../core/sort.h"
#include "../frontend/body.h"
#include "../frontend/cx.h"
#include "../frontend/eval.h"
#include "../model/json_request.h"
#include "../rules/schema.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- the first pass's scan ---------------------------------------------------------- */

static bool has_text(const char *text, size_t len, const char *s, bool any_case)
{
        size_t n = strlen(s);
        for (size_t i = 0; text && i + n <= len; i++) {
                if (any_case ? !strncasecmp(text + i, s, n) : !memcmp(text + i, s, n))
                        return true;
        }
        return false;
}

bool dl_infer_candidate(const char *text, size_t len)
{
        return has_text(text, len, "DynamoDB_20120810", false) ||
               has_text(text, len, "DynamoDB_20111205", false) ||
               has_text(text, len, "X-Amz-Target", true);
}

/* ---- one function --------------------------------------------------------------------- */

struct infer {
        struct dl_engine *e;
        struct dl_cx *cx;
        CXCursor fn;
        struct dl_body body;
        unsigned op_arg, body_arg; /* 1-based, 0: not tied */
        bool op_fixed;
        enum dl_op op;
        bool target;             /* a DynamoDB target is built here */
        struct dl_loc target_at; /* where its operation comes from a parameter */
};

/* The 1-based index of the parameter of fn that e (stripped) names, or 0. */
static unsigned param_of(CXCursor fn, CXCursor e)
{
        e = dl_cx_strip_address(e);
        if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
                return 0;
        CXCursor d = clang_getCursorReferenced(e);
        if (clang_getCursorKind(d) != CXCursor_ParmDecl)
                return 0;
        int n = clang_Cursor_getNumArguments(fn);
        for (int i = 0; i < n; i++) {
                if (clang_equalCursors(clang_Cursor_getArgument(fn, (unsigned)i), d))
                        return (unsigned)i + 1;
        }
        return 0;
}

/* Where the operation goes in a target: after these (the header's name in
 * any case, as HTTP compares it). */
static size_t marker_end(const char *p, size_t n, size_t i)
{
        static const char *const marks[] = {"DynamoDB_20120810.", "DynamoDB_20111205.",
                                            "X-Amz-Target: ", "X-Amz-Target:"};
        for (size_t k = 0; k < sizeof marks / sizeof *marks; k++) {
                size_t m = strlen(marks[k]);
                if (i + m <= n && !strncasecmp(p + i, marks[k], m))
                        return i + m;
        }
        return 0;
}

/* The known text of the string argument e, or NULL. */
static const struct dl_value *text_of(struct infer *in, CXCursor e, struct dl_value *v)
{
        CXCursor s = dl_cx_strip(e);
        enum CXCursorKind k = clang_getCursorKind(s);
        if (k != CXCursor_StringLiteral && k != CXCursor_DeclRefExpr)
                return NULL;
        struct dl_eval ev = {in->cx, NULL, 0, false, NULL, NULL};
        *v = dl_eval_string(&ev, e, dl_cx_cursor_loc(in->cx, e));
        return dl_value_is_complete(v) ? v : NULL;
}

/* A format (argument a of call) whose `%s` right after a target marker is
 * a parameter: the operation's. */
static void target_format(struct infer *in, CXCursor call, unsigned a, const struct dl_value *v)
{
        const char *p = v->text;
        size_t n = v->len;
        unsigned conv = 0;
        for (size_t i = 0; i < n; i++) {
                size_t at = marker_end(p, n, i);
                if (at) {
                        in->target = true;
                        if (at + 1 < n && p[at] == '%' && p[at + 1] == 's') {
                                unsigned k = a + 1 + conv;
                                unsigned got = 0;
                                if (k < (unsigned)clang_Cursor_getNumArguments(call))
                                        got = param_of(in->fn, clang_Cursor_getArgument(call, k));
                                if (got && !in->op_arg) {
                                        in->op_arg = got;
                                        in->target_at = dl_cx_cursor_loc(in->cx, call);
                                }
                        }
                        i = at - 1;
                        continue;
                }
                if (p[i] != '%')
                        continue;
                if (i + 1 < n && p[i + 1] == '%') {
                        i++;
                        continue;
                }
                conv++;
                /* `*` width or precision: an argument each */
                for (size_t j = i + 1; j < n && !strchr("diouxXeEfFgGaAcspn", p[j]); j++) {
                        if (p[j] == '*')
                                conv++;
                }
        }
}

/* `"DynamoDB_20120810." + op`: the right operand is the operation's. */
static void target_concat(struct infer *in, CXCursor call)
{
        if (!dl_cx_is_named(call, "operator+") || clang_Cursor_getNumArguments(call) != 2)
                return;
        struct dl_value v;
        if (!text_of(in, clang_Cursor_getArgument(call, 0), &v) || !v.len)
                return;
        size_t n = v.len;
        for (size_t i = 0; i < n; i++) {
                size_t at = marker_end(v.text, n, i);
                if (at != n)
                        continue;
                in->target = true;
                unsigned got = param_of(in->fn, clang_Cursor_getArgument(call, 1));
                if (got && !in->op_arg) {
                        in->op_arg = got;
                        in->target_at = dl_cx_cursor_loc(in->cx, call);
                }
        }
}

/* A call a recognizer classifies: a body sent, or a wrapper's call. */
static void classified(struct infer *in, CXCursor call)
{
        size_t n_recs;
        const struct dl_recognizer *const *recs = dl_engine_recognizers(in->e, &n_recs);
        struct dl_rctx *ctx = dl_engine_ctx(in->e);
        struct dl_event ev;
        memset(&ev, 0, sizeof ev);
        for (size_t r = 0; r < n_recs; r++) {
                memset(&ev, 0, sizeof ev);
                recs[r]->classify(ctx, call, &ev);
                if (ev.kind != DL_EV_NONE)
                        break;
        }
        unsigned got;
        if (ev.kind == DL_EV_JSON_BODY && ev.n_args >= 1) {
                if ((got = param_of(in->fn, ev.args[0])) && !in->body_arg)
                        in->body_arg = got;
        } else if (ev.kind == DL_EV_SEND && ev.body && ev.n_args >= 1) {
                if ((got = param_of(in->fn, ev.args[0])) && !in->body_arg)
                        in->body_arg = got;
                if (ev.op == DL_OP_COUNT && ev.n_args >= 2 &&
                    (got = param_of(in->fn, ev.args[1])) && !in->op_arg)
                        in->op_arg = got;
        } else if (ev.kind == DL_EV_SEND && ev.wrapper) {
                /* a wrapper's call: its body and operation, when they are
                 * this function's parameters, make this one a wrapper too */
                const struct dl_wrapper *w = ev.wrapper;
                unsigned nargs = (unsigned)clang_Cursor_getNumArguments(call);
                for (size_t i = 0; i < w->n_args; i++) {
                        if (w->args[i].role == DL_ROLE_JSON_BODY && w->args[i].argument <= nargs &&
                            (got = param_of(in->fn, clang_Cursor_getArgument(
                                                            call, w->args[i].argument - 1))) &&
                            !in->body_arg)
                                in->body_arg = got;
                }
                in->target = true;
                if (w->operation_argument && w->operation_argument <= nargs) {
                        CXCursor a = clang_Cursor_getArgument(call, w->operation_argument - 1);
                        struct dl_value v;
                        enum dl_op op;
                        enum dl_api_version api;
                        if ((got = param_of(in->fn, a)) && !in->op_arg) {
                                in->op_arg = got;
                                in->target_at = dl_cx_cursor_loc(in->cx, call);
                        } else if (text_of(in, a, &v) &&
                                   dl_target_read(&v, &op, &api) == DL_TARGET_KNOWN &&
                                   api == DL_API_20120810 && !in->op_arg) {
                                in->op_fixed = true;
                                in->op = op;
                        }
                } else if (!w->operation_argument && w->operation &&
                           dl_op_from_name(w->operation, strlen(w->operation), &in->op)) {
                        in->op_fixed = true;
                }
        }
}

/* Does a member's name say it is an HTTP request's body: it ends with
 * `body` or `payload`, in any case (`body`, `req_body`; not `bodylen`)? */
static bool body_name(const char *name)
{
        size_t n = name ? strlen(name) : 0;
        return (n >= 4 && !strcasecmp(name + n - 4, "body")) ||
               (n >= 7 && !strcasecmp(name + n - 7, "payload"));
}

static bool body_member(struct infer *in, const struct dl_body_store *st)
{
        const char *name = dl_cx_spelling(in->cx, st->member);
        if (!body_name(name))
                return false;
        unsigned got = param_of(in->fn, st->value);
        if (got && !in->body_arg)
                in->body_arg = got;
        return got != 0;
}

/* Member stores from the tokens: clang keeps no store to a member of a
 * type it could not complete (a header not found), so `req.body = body;`
 * and `r->body = (const uint8_t *)body;` are read from the function's
 * tokens. A store of a parameter into a member named `member` (or, NULL,
 * one body_name accepts) sets *slot to its 1-based index. */
static void member_tokens(struct infer *in, const char *member, unsigned *slot)
{
        CXTranslationUnit tu = in->cx->tu;
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(tu, clang_getCursorExtent(in->fn), &toks, &n);
        struct dl_toks T;
        dl_toks_init(&T, in->cx, toks, 0, n);
        int np = clang_Cursor_getNumArguments(in->fn);
        for (unsigned i = 1; i + 3 < n && !*slot; i++) {
                if ((!dl_tok_is(&T, i - 1, ".") && !dl_tok_is(&T, i - 1, "->")) ||
                    !dl_tok_ident(&T, i) || !dl_tok_is(&T, i + 1, "="))
                        continue;
                if (member ? strcmp(dl_tok(&T, i), member) != 0 : !body_name(dl_tok(&T, i)))
                        continue;
                unsigned v = i + 2;
                if (dl_tok_is(&T, v, "("))
                        v = dl_tok_skip_group(&T, v); /* a cast */
                if (!dl_tok_ident(&T, v) ||
                    (!dl_tok_is(&T, v + 1, ";") && !dl_tok_is(&T, v + 1, ",")))
                        continue;
                for (int k = 0; k < np; k++) {
                        const char *pn = dl_cx_spelling(
                                in->cx, clang_Cursor_getArgument(in->fn, (unsigned)k));
                        if (pn && !strcmp(pn, dl_tok(&T, v))) {
                                *slot = (unsigned)k + 1;
                                break;
                        }
                }
        }
        dl_cx_dispose_tokens(tu, toks, n);
}

/* The member a wrapper's argument reads (`R->op`: "op"), into out. */
static void member_of(struct dl_cx *cx, CXCursor e, char *out, size_t size)
{
        e = dl_cx_strip(e);
        if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
                return;
        const char *name = dl_cx_spelling(cx, clang_getCursorReferenced(e));
        if (name && strlen(name) < size)
                memcpy(out, name, strlen(name) + 1);
}

void dl_engine_infer_members(struct dl_engine *e, CXCursor fn, struct dl_infer_members *m)
{
        struct dl_rctx *ctx = dl_engine_ctx(e);
        size_t n_recs;
        const struct dl_recognizer *const *recs = dl_engine_recognizers(e, &n_recs);
        struct dl_body body;
        dl_body_init(&body, ctx->cx, fn);
        for (size_t i = 0; i < body.calls.n && !m->op[0]; i++) {
                CXCursor call = body.calls.items[i].cursor;
                struct dl_event ev;
                memset(&ev, 0, sizeof ev);
                for (size_t r = 0; r < n_recs && ev.kind == DL_EV_NONE; r++)
                        recs[r]->classify(ctx, call, &ev);
                const struct dl_wrapper *w = ev.kind == DL_EV_SEND ? ev.wrapper : NULL;
                unsigned nargs = (unsigned)clang_Cursor_getNumArguments(call);
                if (!w || !w->operation_argument || w->operation_argument > nargs || !w->n_args ||
                    w->args[0].argument > nargs)
                        continue;
                char op[64] = "", bd[64] = "";
                member_of(ctx->cx, clang_Cursor_getArgument(call, w->operation_argument - 1), op,
                          sizeof op);
                member_of(ctx->cx, clang_Cursor_getArgument(call, w->args[0].argument - 1), bd,
                          sizeof bd);
                if (op[0] && bd[0] && strcmp(op, bd) != 0) {
                        memcpy(m->op, op, sizeof op);
                        memcpy(m->body, bd, sizeof bd);
                }
        }
        dl_body_fini(&body);
}

void dl_engine_infer(struct dl_engine *e, CXCursor fn, const char *function,
                     const struct dl_infer_members *m, struct dl_inferred_vec *out)
{
        struct dl_rctx *ctx = dl_engine_ctx(e);
        struct infer in = {.e = e, .cx = ctx->cx, .fn = fn};
        ctx->function = function;
        dl_body_init(&in.body, in.cx, fn);
        for (size_t i = 0; i < in.body.calls.n; i++) {
                CXCursor call = in.body.calls.items[i].cursor;
                int nargs = clang_Cursor_getNumArguments(call);
                for (int a = 0; a < nargs && a < 16; a++) {
                        struct dl_value v;
                        if (text_of(&in, clang_Cursor_getArgument(call, (unsigned)a), &v))
                                target_format(&in, call, (unsigned)a, &v);
                }
                target_concat(&in, call);
                classified(&in, call);
        }
        for (size_t i = 0; i < in.body.stores.n; i++)
                body_member(&in, &in.body.stores.items[i]);
        dl_body_fini(&in.body);
        if ((in.op_arg || in.op_fixed) && !in.body_arg)
                member_tokens(&in, NULL, &in.body_arg);
        if (!in.op_arg && !in.op_fixed && m && m->op[0]) {
                /* a request queued: its members read by a wrapper's call */
                unsigned body_arg = 0;
                member_tokens(&in, m->op, &in.op_arg);
                if (in.op_arg)
                        member_tokens(&in, m->body, &body_arg);
                if (body_arg)
                        in.body_arg = body_arg;
                else
                        in.op_arg = 0;
        }
        /* a wrapper is matched by its name written literally (an operator's
         * name would be no pattern the prefilter can read) */
        bool plain = function[0] != '\0';
        for (const char *c = function; *c; c++)
                plain = plain && (*c == '_' || *c == ':' || (*c >= '0' && *c <= '9') ||
                                  (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z'));
        if (plain && (in.op_arg || in.op_fixed) && in.body_arg && in.op_arg != in.body_arg) {
                struct dl_inferred w = {dl_xstrdup(function), in.op_arg,
                                        in.op_fixed ? in.op : DL_OP_COUNT, in.body_arg,
                                        dl_cx_cursor_loc(in.cx, fn)};
                w.loc.file = dl_xstrdup(w.loc.file ? w.loc.file : "");
                DL_VEC_PUSH(&out->v, w);
        } else if (in.op_arg) {
                dl_log_add(ctx->log, DL_LOG_NOTE, "inferred-wrapper-untied", &in.target_at,
                           "'%s' builds a DynamoDB target from its parameter %u, but no parameter "
                           "of it is the body of a send: its callers' requests are not seen "
                           "(declare it under wrappers:, docs/rules-file.md)",
                           function, in.op_arg);
        }
}

/* ---- the list ------------------------------------------------------------------------ */

void dl_inferred_vec_fini(struct dl_inferred_vec *v)
{
        if (!v)
                return;
        for (size_t i = 0; i < v->v.n; i++) {
                free((char *)v->v.items[i].name);
                free((char *)v->v.items[i].loc.file);
        }
        DL_VEC_FREE(&v->v);
        dl_helper_vec_fini(&v->helpers);
}

static int by_name(const void *a, const void *b)
{
        const struct dl_inferred *x = a, *y = b;
        int c = strcmp(x->name, y->name);
        if (c)
                return c;
        c = strcmp(x->loc.file ? x->loc.file : "", y->loc.file ? y->loc.file : "");
        return c ? c : (int)x->loc.line - (int)y->loc.line;
}

static bool same_name(const void *a, const void *b)
{
        return !strcmp(((const struct dl_inferred *)a)->name,
                       ((const struct dl_inferred *)b)->name);
}

static bool same_args(const void *pa, const void *pb)
{
        const struct dl_inferred *a = pa, *b = pb;
        return a->operation_argument == b->operation_argument && a->op == b->op &&
               a->body_argument == b->body_argument;
}

static void drop(void *p)
{
        struct dl_inferred *w = p;
        free((char *)w->name);
        free((char *)w->loc.file);
}

size_t dl_inferred_sort(struct dl_inferred_vec *v)
{
        static const struct dl_sort_agreeing_ops ops = {by_name, same_name, same_args, drop};
        return dl_sort_agreeing(v->v.items, &v->v.n, sizeof *v->v.items, &ops);
}

void dl_inferred_describe(struct dl_strbuf *sb, const struct dl_inferred *w)
{
        if (w->operation_argument)
                dl_strbuf_printf(sb, "%s: operation argument %u, JSON body argument %u", w->name,
                                 w->operation_argument, w->body_argument);
        else
                dl_strbuf_printf(sb, "%s: operation %s, JSON body argument %u", w->name,
                                 dl_op_name(w->op), w->body_argument);
}

struct dl_wrapper *dl_inferred_wrappers(const struct dl_inferred *v, size_t n)
{
        if (!n)
                return NULL;
        struct dl_wrapper *ws = dl_xcalloc(n, sizeof *ws);
        for (size_t i = 0; i < n; i++) {
                struct dl_wrapper *w = &ws[i];
                w->match = dl_xasprintf("^%s$", v[i].name);
                struct dl_error err;
                dl_error_init(&err);
                if (dl_regex_compile(w->match, true, &w->match_re, &err) != DL_OK)
                        w->match_re = NULL; /* a name is no pattern that fails */
                dl_error_fini(&err);
                w->operation = v[i].operation_argument ? NULL : dl_op_name(v[i].op);
                w->operation_argument = v[i].operation_argument;
                w->args = dl_xcalloc(1, sizeof *w->args);
                w->args[0] =
                        (struct dl_wrapper_arg){v[i].body_argument, DL_ROLE_JSON_BODY, v[i].loc};
                w->n_args = 1;
                w->loc = v[i].loc;
                w->calls = dl_xcalloc(1, sizeof *w->calls);
                w->inferred = true;
        }
        return ws;
}

void dl_inferred_wrappers_free(struct dl_wrapper *w, size_t n)
{
        for (size_t i = 0; w && i < n; i++) {
                free((char *)w[i].match);
                dl_regex_free(w[i].match_re);
                free(w[i].args);
                free(w[i].calls);
        }
        free(w);
}
