/* analyze.c - dl_analyze_file(): parse one TU, walk every function body of
 * the main file, dispatch each call to the recognizers, then recover from
 * tokens the calls clang could not type.
 * SPDX-License-Identifier: MIT
 *
 * Recovery: when the TU had errors, the main file's tokens are split into
 * function bodies (a '{' after ')' outside any other function body); in
 * each body, calls that the AST did not yield are recovered by the
 * recognizers' token matchers (aws_cpp.c), which demand the request type
 * as proof. Each function so recovered is logged once.
 */
#include "analyze.h"

#include "recognizer.h"

#include "../core/arena.h"
#include "../core/log.h"
#include "../frontend/cx.h"
#include "../frontend/eval.h"
#include "../frontend/tu.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct func_list {
        CXCursor *items;
        size_t n, cap;
};

static bool is_function_kind(enum CXCursorKind k)
{
        return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
               k == CXCursor_Constructor || k == CXCursor_Destructor ||
               k == CXCursor_ConversionFunction || k == CXCursor_FunctionTemplate;
}

struct walk {
        struct dl_cx *cx;
        struct func_list funcs;
};

static enum CXChildVisitResult find_functions(CXCursor c, CXCursor parent, CXClientData data)
{
        struct walk *w = data;
        (void)parent;
        enum CXCursorKind k = clang_getCursorKind(c);
        if (is_function_kind(k)) {
                if (clang_isCursorDefinition(c) && dl_cx_is_main_file(w->cx, c))
                        DL_VEC_PUSH(&w->funcs, c);
                return CXChildVisit_Continue;
        }
        switch (k) {
        case CXCursor_Namespace:
        case CXCursor_ClassDecl:
        case CXCursor_StructDecl:
        case CXCursor_UnionDecl:
        case CXCursor_ClassTemplate:
        case CXCursor_ClassTemplatePartialSpecialization:
        case CXCursor_LinkageSpec:
        case CXCursor_UnexposedDecl:
                return CXChildVisit_Recurse;
        default:
                return CXChildVisit_Continue;
        }
}

static int req_cmp(const void *a, const void *b)
{
        const struct dl_request *x = a, *y = b;
        return dl_loc_cmp(&x->call, &y->call);
}

/* ---- token recovery --------------------------------------------------------- */

static bool tok_is(struct dl_cx *cx, CXToken t, const char *s)
{
        CXString cs = clang_getTokenSpelling(cx->tu, t);
        bool eq = strcmp(clang_getCString(cs), s) == 0;
        clang_disposeString(cs);
        return eq;
}

/* The name before the '(' that opens the parameter list ending at close. */
static const char *head_name(struct dl_cx *cx, CXToken *toks, unsigned close, unsigned *head)
{
        int depth = 0;
        unsigned i = close;
        for (;;) {
                if (tok_is(cx, toks[i], ")"))
                        depth++;
                else if (tok_is(cx, toks[i], "("))
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
                CXToken t = toks[j - 1];
                bool ident = clang_getTokenKind(t) == CXToken_Identifier;
                if (want_ident && ident) {
                        j--;
                        want_ident = false;
                        if (j > 0 && tok_is(cx, toks[j - 1], "~"))
                                j--;
                } else if (!want_ident && tok_is(cx, t, "::")) {
                        j--;
                        want_ident = true;
                } else {
                        break;
                }
        }
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        for (unsigned k = j; k < i; k++)
                dl_strbuf_puts(&sb, dl_cx_take(cx->arena, clang_getTokenSpelling(cx->tu, toks[k])));
        const char *name = dl_arena_strndup(cx->arena, dl_strbuf_cstr(&sb), sb.len);
        dl_strbuf_fini(&sb);
        if (j > 0)
                *head = j;
        return name;
}

/* Before a function body's '{' at index j: a trailing return type
 * `-> std::vector<std::string>` (then the keywords after the parameter
 * list) is skipped. Returns the index just after the parameter list's ')'
 * when one is found that way, else j unchanged. */
static unsigned skip_trailing_return(struct dl_cx *cx, CXToken *toks, unsigned j)
{
        if (j == 0 || tok_is(cx, toks[j - 1], ")"))
                return j;
        for (unsigned k = j; k > 0 && j - k < 64; k--) {
                CXToken t = toks[k - 1];
                if (tok_is(cx, t, ";") || tok_is(cx, t, "{") || tok_is(cx, t, "}") ||
                    tok_is(cx, t, "="))
                        return j;
                if (!tok_is(cx, t, "->"))
                        continue;
                unsigned m = k - 1;
                while (m > 0 && clang_getTokenKind(toks[m - 1]) == CXToken_Keyword)
                        m--; /* const, noexcept, ... */
                return m > 0 && tok_is(cx, toks[m - 1], ")") ? m : j;
        }
        return j;
}

static void recover(struct dl_cx *cx, struct dl_log *log, struct dl_request_vec *reqs,
                    struct dl_analysis *out)
{
        CXFile f = cx->main_file;
        size_t size = 0;
        if (!f || !clang_getFileContents(cx->tu, f, &size))
                return;
        CXSourceRange all = clang_getRange(clang_getLocationForOffset(cx->tu, f, 0),
                                           clang_getLocationForOffset(cx->tu, f, (unsigned)size));
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(cx->tu, all, &toks, &n);
        struct dl_request_vec found = {0};
        /* scope stack of names (namespace/class) for qualified function names */
        const char *scope[64];
        unsigned depth = 0;
        for (unsigned i = 0; i < n; i++) {
                if (tok_is(cx, toks[i], "}")) {
                        if (depth)
                                depth--;
                        continue;
                }
                if (!tok_is(cx, toks[i], "{"))
                        continue;
                /* a function body: ')' [const|noexcept|override|final...] '{' */
                unsigned j = i;
                while (j > 0 && clang_getTokenKind(toks[j - 1]) == CXToken_Keyword)
                        j--;
                while (j > 0 && clang_getTokenKind(toks[j - 1]) == CXToken_Identifier &&
                       (tok_is(cx, toks[j - 1], "override") || tok_is(cx, toks[j - 1], "final")))
                        j--;
                j = skip_trailing_return(cx, toks, j);
                if (j == 0 || !tok_is(cx, toks[j - 1], ")")) {
                        const char *name = "";
                        if (i > 0 && clang_getTokenKind(toks[i - 1]) == CXToken_Identifier)
                                name = dl_cx_take(cx->arena, clang_getTokenSpelling(cx->tu, toks[i - 1]));
                        if (depth < 64)
                                scope[depth] = name;
                        depth++;
                        continue;
                }
                unsigned head;
                const char *fname = head_name(cx, toks, j - 1, &head);
                /* the matching '}' */
                unsigned k = i + 1;
                int d = 1;
                for (; k < n && d > 0; k++) {
                        if (tok_is(cx, toks[k], "{"))
                                d++;
                        else if (tok_is(cx, toks[k], "}"))
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
                size_t got = dl_aws_cpp_recover(cx, toks, head, i, k, qname, reqs, &found);
                if (got) {
                        struct dl_loc at = dl_cx_loc(cx, clang_getTokenLocation(cx->tu, toks[i]));
                        dl_log_add(log, DL_LOG_NOTE, "recovered-function", &at,
                                   "function '%s' could not be parsed by clang; requests were "
                                   "recovered from its tokens",
                                   qname);
                        out->functions_unparsed++;
                }
                i = k ? k - 1 : k;
        }
        for (size_t r = 0; r < found.n; r++)
                DL_VEC_PUSH(reqs, found.items[r]);
        DL_VEC_FREE(&found);
        dl_cx_dispose_tokens(cx->tu, toks, n);
}

/* ---- setters clang may have dropped ------------------------------------------
 *
 * When a project header is missing, clang drops the expressions it cannot
 * type: `req.SetKeyConditionExpression(config.kce)` with `config` of an
 * undeclared type vanishes from the AST while the Query call stays. The
 * request would then look as if the member were never set, and a check
 * would report a Query without a key condition that has one. So, in every
 * function whose body holds a clang error, each `.SetX(` / `.WithX(` /
 * `.AddX(` written in its tokens makes member X of that function's requests
 * (of every request of the file, when the function is a helper that
 * returns or fills a request) "set, value unknown" (DYNAMIC) where the AST
 * said ABSENT, and makes the list of a names/values/key/item map open
 * (DYNAMIC). Functions
 * without errors were parsed whole and keep their exact requests. */

/* Members whose setters may have been dropped, for one receiver. */
struct unsure {
        const char *var;  /* the receiver variable, NULL when not a plain name */
        uint64_t fields;  /* bit f: a setter of field f was written */
        unsigned maps;    /* bits: names, values, key, item */
};

typedef DL_VEC(struct unsure) unsure_vec;

enum { MAP_NAMES = 1, MAP_VALUES = 2, MAP_KEY = 4, MAP_ITEM = 8 };

/* Offsets in the main file of clang's errors, sorted ascending. */
static size_t error_offsets(struct dl_cx *cx, unsigned **out)
{
        DL_VEC(unsigned) offs = {0};
        unsigned n = clang_getNumDiagnostics(cx->tu);
        for (unsigned i = 0; i < n; i++) {
                CXDiagnostic d = clang_getDiagnostic(cx->tu, i);
                if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
                        CXFile f = NULL;
                        unsigned off = 0;
                        clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, NULL,
                                                   NULL, &off);
                        if (f && cx->main_file && clang_File_isEqual(f, cx->main_file))
                                DL_VEC_PUSH(&offs, off);
                }
                dl_cx_dispose_diagnostic(d);
        }
        *out = offs.items;
        return offs.n;
}

static void note_member(struct unsure *u, const char *m)
{
        enum dl_field f;
        if (dl_field_from_api_name(m, strlen(m), &f))
                u->fields |= UINT64_C(1) << f;
        else if (!strcmp(m, "ExpressionAttributeNames"))
                u->maps |= MAP_NAMES;
        else if (!strcmp(m, "ExpressionAttributeValues"))
                u->maps |= MAP_VALUES;
        else if (!strcmp(m, "Key"))
                u->maps |= MAP_KEY;
        else if (!strcmp(m, "Item"))
                u->maps |= MAP_ITEM;
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

/* When a clang error lies inside fn, adds to out the members of every
 * `recv.SetX(` / `->WithX(` / `.AddX(` in fn's tokens, by receiver: a plain
 * variable name, or NULL for any other receiver expression. Returns whether
 * fn holds an error. */
static bool note_dropped_setters(struct dl_cx *cx, CXCursor fn, const unsigned *errs,
                                 size_t n_errs, unsure_vec *out)
{
        CXSourceRange ext = clang_getCursorExtent(fn);
        unsigned a = 0, b = 0;
        clang_getExpansionLocation(clang_getRangeStart(ext), NULL, NULL, NULL, &a);
        clang_getExpansionLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &b);
        bool has_error = false;
        for (size_t i = 0; i < n_errs && !has_error; i++)
                has_error = errs[i] >= a && errs[i] <= b;
        if (!has_error)
                return false;
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(cx->tu, ext, &toks, &n);
        for (unsigned i = 1; i + 1 < n; i++) {
                if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
                        continue;
                if (!tok_is(cx, toks[i - 1], ".") && !tok_is(cx, toks[i - 1], "->"))
                        continue;
                if (!tok_is(cx, toks[i + 1], "("))
                        continue;
                const char *name = dl_cx_take(cx->arena, clang_getTokenSpelling(cx->tu, toks[i]));
                const char *member = !strncmp(name, "Set", 3) || !strncmp(name, "Add", 3)
                                             ? name + 3
                                     : !strncmp(name, "With", 4) ? name + 4
                                                                 : NULL;
                if (!member)
                        continue;
                /* `req.SetX(`: a plain name not itself a member access */
                const char *var = NULL;
                if (i >= 2 && clang_getTokenKind(toks[i - 2]) == CXToken_Identifier &&
                    (i < 3 || (!tok_is(cx, toks[i - 3], ".") && !tok_is(cx, toks[i - 3], "->") &&
                               !tok_is(cx, toks[i - 3], "::"))))
                        var = dl_cx_take(cx->arena, clang_getTokenSpelling(cx->tu, toks[i - 2]));
                note_member(entry_for(out, var), member);
        }
        dl_cx_dispose_tokens(cx->tu, toks, n);
        return true;
}

/* fn returns a request or takes one by reference or pointer: a helper that
 * builds or fills requests for other functions (its dropped setters then
 * matter to every caller). */
static bool is_request_helper(struct dl_cx *cx, CXCursor fn)
{
        const char *rt = dl_cx_take(cx->arena,
                                    clang_getTypeSpelling(clang_getCursorResultType(fn)));
        if (strstr(rt, "Request"))
                return true;
        int n = clang_Cursor_getNumArguments(fn);
        for (int i = 0; i < n; i++) {
                CXCursor a = clang_Cursor_getArgument(fn, (unsigned)i);
                const char *t = dl_cx_take(cx->arena,
                                           clang_getTypeSpelling(clang_getCursorType(a)));
                if (strstr(t, "Request"))
                        return true;
        }
        return false;
}

/* A map a dropped Add/Set may have filled: ABSENT or KNOWN (its list of
 * entries complete) becomes DYNAMIC (entries may be missing from the list),
 * so no placeholder is called undefined because its Add was dropped. */
static void widen_map(struct dl_attr_map *m, bool unsure)
{
        if (unsure)
                m->kind = DL_VAL_DYNAMIC;
}

/* Members a dropped setter may have set become DYNAMIC where ABSENT. */
static void apply_unsure(struct dl_request *r, const struct unsure *u)
{
        for (unsigned f = 0; f < DL_FIELD_COUNT; f++) {
                if ((u->fields & (UINT64_C(1) << f)) && r->fields[f].kind == DL_VAL_ABSENT)
                        r->fields[f].kind = DL_VAL_DYNAMIC;
        }
        widen_map(&r->names, u->maps & MAP_NAMES);
        widen_map(&r->values, u->maps & MAP_VALUES);
        widen_map(&r->key, u->maps & MAP_KEY);
        widen_map(&r->item, u->maps & MAP_ITEM);
        for (size_t i = 0; i < r->n_items; i++)
                apply_unsure(&r->items[i], u);
}

/* Applies the dropped setters of every function with errors: a helper's to
 * every request of the file; another function's to its own requests whose
 * variable is the setter's receiver (or to all of them when the receiver
 * or the request's variable is not a plain name). */
static void widen_dropped_setters(struct dl_cx *cx, const CXCursor *funcs, size_t n_funcs,
                                  struct dl_request_vec *reqs)
{
        unsigned *errs = NULL;
        size_t n_errs = error_offsets(cx, &errs);
        unsure_vec global = {0};
        for (size_t i = 0; i < n_funcs; i++) {
                unsure_vec local = {0};
                if (!note_dropped_setters(cx, funcs[i], errs, n_errs, &local)) {
                        DL_VEC_FREE(&local);
                        continue;
                }
                if (is_request_helper(cx, funcs[i])) {
                        for (size_t k = 0; k < local.n; k++) {
                                struct unsure *g = entry_for(&global, NULL);
                                g->fields |= local.items[k].fields;
                                g->maps |= local.items[k].maps;
                        }
                        DL_VEC_FREE(&local);
                        continue;
                }
                const char *name = dl_cx_qualified_name(cx, funcs[i]);
                for (size_t r = 0; r < reqs->n; r++) {
                        struct dl_request *q = &reqs->items[r];
                        if (!q->function || !name || strcmp(q->function, name))
                                continue;
                        for (size_t k = 0; k < local.n; k++) {
                                const char *v = local.items[k].var;
                                if (!v || !q->variable || !strcmp(v, q->variable))
                                        apply_unsure(q, &local.items[k]);
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

enum dl_status dl_analyze_file(const char *path, const struct dl_analyze_opts *opts,
                               struct dl_arena *arena, struct dl_log *log,
                               struct dl_analysis *out, struct dl_error *err)
{
        memset(out, 0, sizeof *out);
        struct dl_tu tu;
        enum dl_status st = dl_tu_parse(&tu, path, opts ? opts->args : NULL,
                                        opts ? opts->n_args : 0,
                                        opts ? opts->stub_include_dir : NULL, err);
        if (st != DL_OK)
                return st;
        struct dl_cx cx;
        dl_cx_init(&cx, arena, tu.tu, path);
        unsigned errors = dl_tu_log_diagnostics(&tu, &cx, log);

        struct walk w = {&cx, {0}};
        clang_visitChildren(clang_getTranslationUnitCursor(tu.tu), find_functions, &w);

        size_t n_rec;
        const struct dl_recognizer *const *recs = dl_recognizers(&n_rec);
        struct dl_request_vec reqs = {0};
        for (size_t i = 0; i < w.funcs.n; i++) {
                CXCursor fn = w.funcs.items[i];
                struct dl_body body;
                dl_body_init(&body, fn);
                struct dl_rctx ctx = {&cx, &body, dl_cx_qualified_name(&cx, fn), log,
                                      opts && opts->verbose, opts ? opts->rules : NULL};
                for (size_t c = 0; c < body.calls.n; c++) {
                        for (size_t r = 0; r < n_rec; r++) {
                                size_t before = reqs.n;
                                struct dl_error e;
                                dl_error_init(&e);
                                enum dl_status ms = recs[r]->match(&ctx, body.calls.items[c].cursor,
                                                                   &reqs, &e);
                                if (ms == DL_ERR_UNSUPPORTED && ctx.verbose) {
                                        struct dl_loc at = dl_cx_cursor_loc(&cx, body.calls.items[c].cursor);
                                        dl_log_add(log, DL_LOG_NOTE, "unsupported", &at, "%s",
                                                   e.message ? e.message : "unsupported construct");
                                }
                                dl_error_fini(&e);
                                if (reqs.n > before)
                                        break;
                        }
                }
                dl_body_fini(&body);
        }
        if (errors) {
                widen_dropped_setters(&cx, w.funcs.items, w.funcs.n, &reqs);
                recover(&cx, log, &reqs, out);
        }
        if (reqs.n)
                qsort(reqs.items, reqs.n, sizeof reqs.items[0], req_cmp);
        out->requests = dl_arena_alloc(arena, (reqs.n ? reqs.n : 1) * sizeof *out->requests);
        if (reqs.n)
                memcpy(out->requests, reqs.items, reqs.n * sizeof *reqs.items);
        out->n_requests = reqs.n;
        out->clang_errors = errors;
        DL_VEC_FREE(&reqs);
        DL_VEC_FREE(&w.funcs);
        dl_tu_free(&tu);
        return DL_OK;
}
