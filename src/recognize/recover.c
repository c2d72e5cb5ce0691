/* recover.c - what the engine does after clang errors in the main file
 * (dl_engine_recover): widen the members clang may have dropped, and
 * recover from tokens the client calls clang could not type.
 * SPDX-License-Identifier: MIT
 *
 * Setters clang may have dropped: when a project header is missing, clang
 * drops the expressions it cannot type: `req.SetKeyConditionExpression(
 * config.kce)` with `config` of an undeclared type vanishes from the AST
 * while the Query call stays. The request would then look as if the member
 * were never set, and a check would report a Query without a key condition
 * that has one. So, in every function whose body holds a clang error, each
 * `recv.name(` / `recv->name(` written in its tokens that a recognizer's
 * dropped hook maps to a request member makes that member of the
 * function's requests (of every request of the file, when the function is
 * a helper that returns or takes a request: the request_type hook) "set,
 * value unknown" (DYNAMIC) where the AST said ABSENT, and makes the list of
 * a names/values/key/item map open (DYNAMIC). Functions without errors
 * were parsed whole and keep their exact requests.
 *
 * Recovery: the main file's tokens are split into function bodies (a '{'
 * after ')' outside any other function body); in each body, calls that the
 * AST did not yield are recovered by the recognizers' recover hooks, which
 * demand proof (the request type). Each function so recovered is logged
 * once. A call the AST has (dl_tok_typed_call) is never recovered again.
 * The recover_create hooks fill, in requests the AST made, what a
 * constructor clang dropped had set (a C handle's spec struct of an
 * incomplete type).
 */
#include "engine.h"
#include "tokens.h"

#include "../core/arena.h"
#include "../core/log.h"
#include "../core/strbuf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- setters clang may have dropped ------------------------------------------- */

/* Members whose setters may have been dropped, for one receiver. */
struct unsure {
        const char *var; /* the receiver variable, NULL when not a plain name */
        uint64_t fields; /* bit f: a setter of field f was written */
        unsigned maps;   /* bit m: a setter of map m was written */
};

typedef DL_VEC(struct unsure) unsure_vec;

/* A clang error in a file whose functions are analysed (dl_cx_file_is_own). */
struct error_at {
        CXFile file;
        unsigned off;
};

/* Where clang's errors lie in the analysed files. */
static size_t error_offsets(struct dl_cx *cx, struct error_at **out)
{
        DL_VEC(struct error_at) offs = {0};
        unsigned n = clang_getNumDiagnostics(cx->tu);
        for (unsigned i = 0; i < n; i++) {
                CXDiagnostic d = clang_getDiagnostic(cx->tu, i);
                if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
                        CXFile f = NULL;
                        unsigned off = 0;
                        clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL,
                                                   &off);
                        if (dl_cx_file_is_own(cx, f)) {
                                struct error_at e = {f, off};
                                DL_VEC_PUSH(&offs, e);
                        }
                }
                dl_cx_dispose_diagnostic(d);
        }
        *out = offs.items;
        return offs.n;
}

static void note_member(struct unsure *u, const char *m)
{
        enum dl_field f;
        enum dl_map map;
        if (dl_field_from_api_name(m, strlen(m), &f))
                u->fields |= UINT64_C(1) << f;
        else if (dl_map_from_api_name(m, strlen(m), &map))
                u->maps |= 1u << map;
}

/* The entry of out for receiver var (NULL: unknown receiver). */
static struct unsure *entry_for(unsure_vec *out, const char *var)
{
        for (size_t i = 0; i < out->n; i++) {
                const char *v = out->items[i].var;
                if ((!v && !var) || (v && var && !strcmp(v, var)))
                        return &out->items[i];
        }
        struct unsure u = {var, 0, 0};
        DL_VEC_PUSH(out, u);
        return &out->items[out->n - 1];
}

/* The request member a recognizer says the method name sets, or NULL. */
static const char *dropped_member(struct dl_engine *e, const char *name)
{
        size_t n;
        const struct dl_recognizer *const *recs = dl_engine_recognizers(e, &n);
        for (size_t i = 0; i < n; i++) {
                const char *m = recs[i]->dropped ? recs[i]->dropped(name) : NULL;
                if (m)
                        return m;
        }
        return NULL;
}

/* When a clang error lies inside fn, adds to out the members of every
 * `recv.name(` / `recv->name(` in fn's tokens, by receiver: a plain
 * variable name, or NULL for any other receiver expression. Returns whether
 * fn holds an error. */
static bool note_dropped_setters(struct dl_engine *e, CXCursor fn, const struct error_at *errs,
                                 size_t n_errs, unsure_vec *out)
{
        struct dl_cx *cx = dl_engine_ctx(e)->cx;
        CXSourceRange ext = clang_getCursorExtent(fn);
        unsigned a = 0, b = 0;
        CXFile f = NULL;
        clang_getExpansionLocation(clang_getRangeStart(ext), &f, NULL, NULL, &a);
        clang_getExpansionLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &b);
        bool has_error = false;
        for (size_t i = 0; i < n_errs && !has_error; i++)
                has_error =
                        clang_File_isEqual(errs[i].file, f) && errs[i].off >= a && errs[i].off <= b;
        if (!has_error)
                return false;
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(cx->tu, ext, &toks, &n);
        struct dl_toks T;
        dl_toks_init(&T, cx, toks, 0, n);
        for (unsigned i = 1; i + 1 < n; i++) {
                if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
                        continue;
                if (!dl_tok_is(&T, i - 1, ".") && !dl_tok_is(&T, i - 1, "->"))
                        continue;
                if (!dl_tok_is(&T, i + 1, "("))
                        continue;
                const char *member = dropped_member(e, dl_tok(&T, i));
                if (!member)
                        continue;
                /* `req.SetX(`: a plain name not itself a member access */
                const char *var = NULL;
                if (i >= 2 && clang_getTokenKind(toks[i - 2]) == CXToken_Identifier &&
                    (i < 3 || (!dl_tok_is(&T, i - 3, ".") && !dl_tok_is(&T, i - 3, "->") &&
                               !dl_tok_is(&T, i - 3, "::"))))
                        var = dl_tok(&T, i - 2);
                note_member(entry_for(out, var), member);
        }
        dl_cx_dispose_tokens(cx->tu, toks, n);
        return true;
}

static bool request_type(struct dl_engine *e, CXType t)
{
        struct dl_cx *cx = dl_engine_ctx(e)->cx;
        const char *spelling = dl_cx_take(cx->arena, clang_getTypeSpelling(t));
        size_t n;
        const struct dl_recognizer *const *recs = dl_engine_recognizers(e, &n);
        for (size_t i = 0; i < n; i++) {
                if (recs[i]->request_type && recs[i]->request_type(spelling))
                        return true;
        }
        return false;
}

/* fn returns a request or takes one by reference or pointer: a helper that
 * builds or fills requests for other functions (its dropped setters then
 * matter to every caller). */
static bool is_request_helper(struct dl_engine *e, CXCursor fn)
{
        if (request_type(e, clang_getCursorResultType(fn)))
                return true;
        int n = clang_Cursor_getNumArguments(fn);
        for (int i = 0; i < n; i++) {
                if (request_type(e, clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i))))
                        return true;
        }
        return false;
}

/* Members a dropped setter may have set become DYNAMIC where ABSENT; a map
 * a dropped one may have filled is open (entries may be missing from its
 * list), so no placeholder is called undefined because its Add was
 * dropped. */
static void apply_unsure(struct dl_request *r, const struct unsure *u)
{
        for (unsigned f = 0; f < DL_FIELD_COUNT; f++) {
                if ((u->fields & (UINT64_C(1) << f)) && r->fields[f].kind == DL_VAL_ABSENT)
                        r->fields[f].kind = DL_VAL_DYNAMIC;
        }
        for (unsigned m = 0; m < DL_MAP_COUNT; m++) {
                if (u->maps & (1u << m))
                        dl_request_map(r, m)->kind = DL_VAL_DYNAMIC;
        }
        for (size_t i = 0; i < r->n_items; i++)
                apply_unsure(&r->items[i], u);
}

/* What a function with a clang error does with its responses is not
 * known: libclang hides a statement whose expression holds an error, with
 * everything in it (a success check, a size guard), so the response checks
 * that report an absence go silent on the requests it sends
 * (model/response.h, hidden). */
static void hide_response(struct dl_response *resp)
{
        resp->state = DL_RESP_UNKNOWN;
        resp->why = "clang could not parse a statement of the function, which may "
                    "be the one that reads it";
        resp->hidden = true;
        memset(&resp->unchecked_use, 0, sizeof resp->unchecked_use);
        memset(&resp->unbounded_add, 0, sizeof resp->unbounded_add);
}

/* Applies the dropped setters of every function with errors: a helper's to
 * every request of the file; another function's to its own requests whose
 * variable is the setter's receiver (or to all of them when the receiver
 * or the request's variable is not a plain name), and to the members of
 * its batches and transactions whatever the receiver. */
static void widen_dropped_setters(struct dl_engine *e, const CXCursor *funcs, size_t n_funcs,
                                  struct dl_request_vec *reqs)
{
        struct dl_cx *cx = dl_engine_ctx(e)->cx;
        struct error_at *errs = NULL;
        size_t n_errs = error_offsets(cx, &errs);
        unsure_vec global = {0};
        for (size_t i = 0; i < n_funcs; i++) {
                unsure_vec local = {0};
                if (!note_dropped_setters(e, funcs[i], errs, n_errs, &local)) {
                        DL_VEC_FREE(&local);
                        continue;
                }
                /* a helper's setters go to every request of the file
                 * (below); its own requests are still hidden */
                bool helper = is_request_helper(e, funcs[i]);
                if (helper) {
                        for (size_t k = 0; k < local.n; k++) {
                                struct unsure *g = entry_for(&global, NULL);
                                g->fields |= local.items[k].fields;
                                g->maps |= local.items[k].maps;
                        }
                }
                const char *name = dl_cx_qualified_name(cx, funcs[i]);
                for (size_t r = 0; r < reqs->n; r++) {
                        struct dl_request *q = &reqs->items[r];
                        if (!q->function || !name || strcmp(q->function, name))
                                continue;
                        hide_response(&q->response);
                        for (size_t k = 0; !helper && k < local.n; k++) {
                                const char *v = local.items[k].var;
                                if (!v || !q->variable || !strcmp(v, q->variable)) {
                                        apply_unsure(q, &local.items[k]);
                                        continue;
                                }
                                /* a batch or transaction member is built in a
                                 * variable of its own (`del.SetKey(key)`), whose
                                 * name its request does not keep */
                                for (size_t m = 0; m < q->n_items; m++)
                                        apply_unsure(&q->items[m], &local.items[k]);
                        }
                }
                DL_VEC_FREE(&local);
        }
        for (size_t r = 0; r < reqs->n; r++) {
                for (size_t k = 0; k < global.n; k++)
                        apply_unsure(&reqs->items[r], &global.items[k]);
        }
        DL_VEC_FREE(&global);
        free(errs);
}

/* ---- token recovery ------------------------------------------------------------- */

/* The name before the '(' that opens the parameter list ending at close;
 * *head receives the index of its first token. */
static const char *head_name(const struct dl_toks *T, unsigned close, unsigned *head)
{
        int depth = 0;
        unsigned i = close;
        for (;;) {
                if (dl_tok_is(T, i, ")"))
                        depth++;
                else if (dl_tok_is(T, i, "("))
                        depth--;
                if (depth == 0 || i == 0)
                        break;
                i--;
        }
        *head = i;
        /* the qualified name before the '(': ident (:: [~]ident)*, so that a
         * return type before it (`json ns::f(`) is not glued on */
        unsigned j = i;
        bool want_ident = true;
        while (j > 0) {
                bool ident = clang_getTokenKind(T->t[j - 1]) == CXToken_Identifier;
                if (want_ident && ident) {
                        j--;
                        want_ident = false;
                        if (j > 0 && dl_tok_is(T, j - 1, "~"))
                                j--;
                } else if (!want_ident && dl_tok_is(T, j - 1, "::")) {
                        j--;
                        want_ident = true;
                } else {
                        break;
                }
        }
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        for (unsigned k = j; k < i; k++)
                dl_strbuf_puts(&sb, dl_tok(T, k));
        const char *name = dl_arena_strndup(T->cx->arena, dl_strbuf_cstr(&sb), sb.len);
        dl_strbuf_fini(&sb);
        if (j > 0)
                *head = j;
        return name;
}

/* Before a function body's '{' at index j: a trailing return type
 * `-> std::vector<std::string>` (then the keywords after the parameter
 * list) is skipped. Returns the index just after the parameter list's ')'
 * when one is found that way, else j unchanged. */
static unsigned skip_trailing_return(const struct dl_toks *T, unsigned j)
{
        if (j == 0 || dl_tok_is(T, j - 1, ")"))
                return j;
        for (unsigned k = j; k > 0 && j - k < 64; k--) {
                if (dl_tok_is(T, k - 1, ";") || dl_tok_is(T, k - 1, "{") ||
                    dl_tok_is(T, k - 1, "}") || dl_tok_is(T, k - 1, "="))
                        return j;
                if (!dl_tok_is(T, k - 1, "->"))
                        continue;
                unsigned m = k - 1;
                while (m > 0 && clang_getTokenKind(T->t[m - 1]) == CXToken_Keyword)
                        m--; /* const, noexcept, ... */
                return m > 0 && dl_tok_is(T, m - 1, ")") ? m : j;
        }
        return j;
}

/* The recognizers' recover hooks on one function body; returns the count. */
static size_t recover_body(struct dl_engine *e, const struct dl_toks *T, unsigned head,
                           unsigned begin, unsigned end, const char *qname,
                           struct dl_request_vec *reqs, struct dl_request_vec *found)
{
        struct dl_rctx *ctx = dl_engine_ctx(e);
        size_t n, got = 0;
        const struct dl_recognizer *const *recs = dl_engine_recognizers(e, &n);
        ctx->function = qname;
        for (size_t i = 0; i < n; i++) {
                if (recs[i]->recover_create)
                        recs[i]->recover_create(ctx, T, begin, end, reqs);
                if (recs[i]->recover)
                        got += recs[i]->recover(ctx, T, head, begin, end, reqs, found);
        }
        return got;
}

/* Recovers the functions of file f clang could not parse. */
static unsigned recover_file(struct dl_engine *e, CXFile f, struct dl_request_vec *reqs)
{
        struct dl_cx *cx = dl_engine_ctx(e)->cx;
        struct dl_log *log = dl_engine_ctx(e)->log;
        size_t size = 0;
        if (!f || !clang_getFileContents(cx->tu, f, &size))
                return 0;
        CXSourceRange all = clang_getRange(clang_getLocationForOffset(cx->tu, f, 0),
                                           clang_getLocationForOffset(cx->tu, f, (unsigned)size));
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(cx->tu, all, &toks, &n);
        struct dl_toks T;
        dl_toks_init(&T, cx, toks, 0, n);
        struct dl_request_vec found = {0};
        unsigned recovered = 0;
        /* scope stack of names (namespace/class) for qualified function names */
        const char *scope[64];
        unsigned depth = 0;
        for (unsigned i = 0; i < n; i++) {
                if (dl_tok_is(&T, i, "}")) {
                        if (depth)
                                depth--;
                        continue;
                }
                if (!dl_tok_is(&T, i, "{"))
                        continue;
                /* a function body: ')' [const|noexcept|override|final...] '{' */
                unsigned j = i;
                while (j > 0 && clang_getTokenKind(toks[j - 1]) == CXToken_Keyword)
                        j--;
                while (j > 0 && clang_getTokenKind(toks[j - 1]) == CXToken_Identifier &&
                       (dl_tok_is(&T, j - 1, "override") || dl_tok_is(&T, j - 1, "final")))
                        j--;
                j = skip_trailing_return(&T, j);
                if (j == 0 || !dl_tok_is(&T, j - 1, ")")) {
                        const char *name = "";
                        if (i > 0 && clang_getTokenKind(toks[i - 1]) == CXToken_Identifier)
                                name = dl_tok(&T, i - 1);
                        if (depth < 64)
                                scope[depth] = name;
                        depth++;
                        continue;
                }
                unsigned head;
                const char *fname = head_name(&T, j - 1, &head);
                unsigned k = i + 1; /* after the matching '}' */
                for (int d = 1; k < n && d > 0; k++) {
                        if (dl_tok_is(&T, k, "{"))
                                d++;
                        else if (dl_tok_is(&T, k, "}"))
                                d--;
                }
                struct dl_strbuf sb;
                dl_strbuf_init(&sb);
                for (unsigned s = 0; s < depth && s < 64; s++) {
                        if (*scope[s]) {
                                dl_strbuf_puts(&sb, scope[s]);
                                dl_strbuf_puts(&sb, "::");
                        }
                }
                dl_strbuf_puts(&sb, fname);
                const char *qname = dl_arena_strndup(cx->arena, dl_strbuf_cstr(&sb), sb.len);
                dl_strbuf_fini(&sb);
                if (recover_body(e, &T, head, i, k, qname, reqs, &found)) {
                        struct dl_loc at = dl_tok_loc(&T, i);
                        dl_log_add(log, DL_LOG_NOTE, "recovered-function", &at,
                                   "function '%s' could not be parsed by clang; requests were "
                                   "recovered from its tokens",
                                   qname);
                        recovered++;
                }
                i = k ? k - 1 : k;
        }
        for (size_t r = 0; r < found.n; r++)
                DL_VEC_PUSH(reqs, found.items[r]);
        DL_VEC_FREE(&found);
        dl_cx_dispose_tokens(cx->tu, toks, n);
        return recovered;
}

/* recover_file on the main file and each own header (dl_cx_set_own_files). */
static unsigned recover_tokens(struct dl_engine *e, struct dl_request_vec *reqs)
{
        struct dl_cx *cx = dl_engine_ctx(e)->cx;
        unsigned recovered = 0;
        for (size_t i = 0; i < cx->own.n; i++)
                recovered += recover_file(e, cx->own.items[i].file, reqs);
        return recovered;
}

unsigned dl_engine_recover(struct dl_engine *e, const CXCursor *funcs, size_t n,
                           struct dl_request_vec *reqs)
{
        if (!dl_engine_applies(e))
                return 0;
        widen_dropped_setters(e, funcs, n, reqs);
        return recover_tokens(e, reqs);
}
