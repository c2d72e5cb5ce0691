/* analyze.c - dl_analyze_file(): parse one translation unit, hand every
 * function body of the main file (and of its own headers) to the request-following engine
 * (engine.h), and after clang errors let it widen what clang dropped and
 * recover what it could not type. No client library is named here: the
 * recognizers (recognizers.def) say which units they apply to.
 * SPDX-License-Identifier: MIT
 */
#include "analyze.h"

#include "engine.h"
#include "infer.h"
#include "summary.h"

#include "../core/arena.h"
#include "../core/alloc.h"
#include "../core/log.h"
#include "../frontend/cx.h"
#include "../frontend/pch.h"
#include "../frontend/tu.h"
#include "../rules/schema.h"

#include <stdlib.h>
#include <string.h>

struct func_list {
        CXCursor *items;
        size_t n, cap;
};

static bool is_function_kind(enum CXCursorKind k)
{
        return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
               k == CXCursor_Destructor || k == CXCursor_ConversionFunction ||
               k == CXCursor_FunctionTemplate;
}

struct walk {
        struct dl_cx *cx;
        struct func_list funcs;
};

static enum CXChildVisitResult find_functions(CXCursor c, CXCursor parent, CXClientData data)
{
        struct walk *w = data;
        (void)parent;
        /* what lies outside the analysed files (the main file and its own
         * headers) holds none of their functions: not entered (walking the
         * standard library's namespaces cost more than the parse,
         * docs/performance.md) */
        if (!dl_cx_is_own_file(w->cx, c))
                return CXChildVisit_Continue;
        enum CXCursorKind k = clang_getCursorKind(c);
        if (is_function_kind(k)) {
                if (clang_isCursorDefinition(c))
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
        case CXCursor_UnexposedDecl: return CXChildVisit_Recurse;
        default: return CXChildVisit_Continue;
        }
}

static int req_cmp(const void *a, const void *b)
{
        const struct dl_request *x = a, *y = b;
        return dl_loc_cmp(&x->call, &y->call);
}

/* ---- the unit, for the recognizers' applies gates ---------------------------------- */

struct includes {
        const char *part;
        bool found;
};

static void find_include(CXFile included, CXSourceLocation *stack, unsigned depth,
                         CXClientData data)
{
        struct includes *in = data;
        (void)stack;
        (void)depth;
        CXString name = clang_getFileName(included);
        const char *p = clang_getCString(name);
        if (p && strstr(p, in->part))
                in->found = true;
        clang_disposeString(name);
}

struct inclusions {
        struct dl_cx *cx;
        DL_VEC(const char *) files;
};

static void list_include(CXFile included, CXSourceLocation *stack, unsigned depth,
                         CXClientData data)
{
        struct inclusions *in = data;
        (void)stack;
        if (depth == 0) /* the main file */
                return;
        DL_VEC_PUSH(&in->files, dl_cx_take(in->cx->arena, clang_getFileName(included)));
}

/* Every file clang read for tu besides the main file (pre[0..n_pre), the
 * preamble's files, first), into *out (cx's arena); returns how many. */
static size_t list_inclusions(struct dl_cx *cx, CXTranslationUnit tu, const char *const *pre,
                              size_t n_pre, const char ***out)
{
        struct inclusions inc = {cx, {0}};
        for (size_t i = 0; i < n_pre; i++)
                DL_VEC_PUSH(&inc.files, pre[i]);
        clang_getInclusions(tu, list_include, &inc);
        *out = dl_arena_alloc(cx->arena, (inc.files.n ? inc.files.n : 1) * sizeof(char *));
        if (inc.files.n)
                memcpy(*out, inc.files.items, inc.files.n * sizeof(char *));
        size_t n = inc.files.n;
        DL_VEC_FREE(&inc.files);
        return n;
}

bool dl_unit_includes(const struct dl_unit *u, const char *part)
{
        struct includes in = {part, false};
        clang_getInclusions(u->cx->tu, find_include, &in);
        for (size_t i = 0; !in.found && i < u->n_preamble_files; i++)
                in.found = strstr(u->preamble_files[i], part) != NULL;
        if (in.found)
                return true;
        /* a header that was not found: its #include in the main file */
        return u->text && dl_unit_mentions(u, part);
}

static bool text_has(const char *text, size_t len, const char *s)
{
        size_t n = strlen(s);
        for (size_t i = 0; text && n && i + n <= len; i++) {
                if (text[i] == s[0] && !memcmp(text + i, s, n))
                        return true;
        }
        return false;
}

bool dl_unit_mentions(const struct dl_unit *u, const char *s)
{
        if (text_has(u->text, u->len, s))
                return true;
        /* the own headers' text: what the precompiled stub header holds is
         * not among clang_getInclusions, so a header that includes the
         * client, analysed here, must be able to say so itself */
        const struct dl_cx *cx = u->cx;
        for (size_t i = 0; cx && i < cx->own.n; i++) {
                if (cx->own.items[i].file == cx->main_file)
                        continue;
                size_t len = 0;
                const char *text = clang_getFileContents(cx->tu, cx->own.items[i].file, &len);
                if (text_has(text, len, s))
                        return true;
        }
        return false;
}

/* The language clang parses path in: the last -x in args, else the
 * extension (.c is C). */
static enum dl_lang language(const char *path, const char *const *args, size_t n)
{
        const char *x = NULL;
        for (size_t i = 0; i < n; i++) {
                if (!strncmp(args[i], "-x", 2))
                        x = args[i][2] ? args[i] + 2 : i + 1 < n ? args[i + 1] : NULL;
        }
        if (x)
                return !strcmp(x, "c") || !strcmp(x, "c-header") ? DL_LANG_C : DL_LANG_CXX;
        const char *dot = strrchr(path, '.');
        return dot && (!strcmp(dot, ".c") || !strcmp(dot, ".h")) ? DL_LANG_C : DL_LANG_CXX;
}

enum dl_status dl_analyze_file(const char *path, const struct dl_analyze_opts *opts,
                               struct dl_arena *arena, struct dl_log *log, struct dl_analysis *out,
                               struct dl_error *err)
{
        memset(out, 0, sizeof *out);
        struct dl_tu tu;
        const char *const *args = opts ? opts->args : NULL;
        size_t n_args = opts ? opts->n_args : 0;
        const struct dl_pch_preamble *pp = opts ? opts->preamble : NULL;
        struct dl_tu_main pre = {pp ? pp->blanked : NULL, pp ? pp->len : 0, false};
        if (!pp && opts && opts->unsaved_text)
                pre = (struct dl_tu_main){opts->unsaved_text, opts->unsaved_len, true};
        enum dl_status st =
                dl_tu_parse_main(&tu, path, args, n_args, opts ? opts->stub_include_dir : NULL,
                                 pre.text ? &pre : NULL, err);
        if (st != DL_OK)
                return st;
        /* the files of the preamble, when clang took it */
        const char *const *pre_files = NULL;
        size_t n_pre_files = 0;
        bool preamble = pp && pre.text && !tu.pch_refused;
        if (preamble) {
                pre_files = pp->files;
                n_pre_files = pp->n_files;
        }
        struct dl_cx cx;
        dl_cx_init(&cx, arena, tu.tu, path);
        if (opts && opts->n_own_headers) {
                out->own_seen = dl_arena_alloc(arena, opts->n_own_headers * sizeof *out->own_seen);
                dl_cx_set_own_files(&cx, opts->own_headers, opts->n_own_headers, out->own_seen);
        }
        unsigned errors = dl_tu_log_diagnostics(&tu, &cx, opts ? opts->root : NULL, log);

        struct walk w = {&cx, {0}};
        clang_visitChildren(clang_getTranslationUnitCursor(tu.tu), find_functions, &w);

        struct dl_unit unit = {&cx,        language(path, args, n_args), NULL,
                               0,          opts ? opts->rules : NULL,    pre_files,
                               n_pre_files};
        if (preamble) { /* the file's own bytes, not clang's blanked copy */
                unit.text = pp->source;
                unit.len = pp->len;
        } else if (cx.main_file) {
                unit.text = clang_getFileContents(tu.tu, cx.main_file, &unit.len);
        }
        struct dl_rctx ctx = {&cx, NULL, log, opts && opts->verbose, opts ? opts->rules : NULL};
        struct dl_engine *engine = dl_engine_new(&ctx, &unit);
        struct dl_request_vec reqs = {0};
        for (size_t i = 0; dl_engine_applies(engine) && i < w.funcs.n; i++) {
                CXCursor fn = w.funcs.items[i];
                dl_engine_function(engine, fn, dl_cx_qualified_name(&cx, fn), &reqs);
        }
        if (errors)
                out->functions_unparsed =
                        dl_engine_recover(engine, w.funcs.items, w.funcs.n, &reqs);
        dl_engine_free(engine);
        if (reqs.n)
                qsort(reqs.items, reqs.n, sizeof reqs.items[0], req_cmp);
        out->requests = dl_arena_alloc(arena, (reqs.n ? reqs.n : 1) * sizeof *out->requests);
        if (reqs.n)
                memcpy(out->requests, reqs.items, reqs.n * sizeof *reqs.items);
        out->n_requests = reqs.n;
        out->clang_errors = errors;
        out->n_included = list_inclusions(&cx, tu.tu, pre_files, n_pre_files, &out->included);
        DL_VEC_FREE(&reqs);
        DL_VEC_FREE(&w.funcs);
        dl_tu_free(&tu);
        return DL_OK;
}

enum dl_status dl_analyze_infer(const char *path, const struct dl_analyze_opts *opts,
                                struct dl_arena *arena, struct dl_log *log,
                                struct dl_inferred_vec *out, const char ***included,
                                size_t *n_included, struct dl_error *err)
{
        struct dl_tu tu;
        const char *const *args = opts ? opts->args : NULL;
        size_t n_args = opts ? opts->n_args : 0;
        enum dl_status st = dl_tu_parse_main(&tu, path, args, n_args,
                                             opts ? opts->stub_include_dir : NULL, NULL, err);
        if (st != DL_OK)
                return st;
        struct dl_cx cx;
        dl_cx_init(&cx, arena, tu.tu, path);
        struct walk w = {&cx, {0}};
        clang_visitChildren(clang_getTranslationUnitCursor(tu.tu), find_functions, &w);
        struct dl_unit unit = {&cx, language(path, args, n_args), NULL, 0, NULL, NULL, 0};
        if (cx.main_file)
                unit.text = clang_getFileContents(tu.tu, cx.main_file, &unit.len);
        /* round k sees the wrappers of rounds before it (a chain) */
        const struct dl_ruleset *declared = opts ? opts->rules : NULL;
        size_t first = out->v.n;
        struct dl_wrapper *found = NULL;
        size_t n_found = 0;
        struct dl_log later; /* what later rounds say again: dropped */
        dl_log_init(&later, NULL, false);
        for (int round = 0; round < 4; round++) {
                size_t before = out->v.n;
                struct dl_ruleset rs = declared ? *declared : (struct dl_ruleset){0};
                size_t n_declared = declared ? declared->n_wrappers : 0;
                struct dl_wrapper *all = dl_xcalloc(n_declared + n_found + 1, sizeof *all);
                for (size_t i = 0; i < n_declared; i++)
                        all[i] = declared->wrappers[i];
                for (size_t i = 0; i < n_found; i++)
                        all[n_declared + i] = found[i];
                rs.wrappers = all;
                rs.n_wrappers = n_declared + n_found;
                unit.rules = &rs;
                struct dl_rctx ctx = {&cx, NULL, log, opts && opts->verbose, &rs};
                struct dl_engine *engine = dl_engine_new(&ctx, &unit);
                struct dl_infer_members m = {"", ""};
                for (size_t i = 0; rs.n_wrappers && i < w.funcs.n && !m.op[0]; i++)
                        dl_engine_infer_members(engine, w.funcs.items[i], &m);
                for (size_t i = 0; i < w.funcs.n; i++) {
                        CXCursor fn = w.funcs.items[i];
                        if (!dl_cx_is_main_file(&cx, fn))
                                continue;
                        const char *name = dl_cx_qualified_name(&cx, fn);
                        bool known = false;
                        for (size_t k = first; !known && k < out->v.n; k++)
                                known = !strcmp(out->v.items[k].name, name);
                        if (!known && (round == 0 || dl_engine_applies(engine)))
                                dl_engine_infer(engine, fn, name, &m, out);
                        /* a key-building helper, for the other files */
                        /* (or why a function that fills its argument is none) */
                        struct dl_helper h;
                        struct dl_summaries *sums = dl_engine_summaries(engine);
                        if (round == 0 && (dl_summaries_export(sums, fn, &h) ||
                                           dl_engine_export_helper(engine, fn, &h) ||
                                           dl_summaries_unknown_fill(sums, fn, &h)))
                                DL_VEC_PUSH(&out->helpers.v, h);
                }
                dl_engine_free(engine);
                free(all);
                if (out->v.n == before)
                        break;
                dl_inferred_wrappers_free(found, n_found);
                n_found = out->v.n - first;
                found = dl_inferred_wrappers(out->v.items + first, n_found);
                log = &later;
        }
        dl_log_fini(&later);
        dl_inferred_wrappers_free(found, n_found);
        if (included && n_included)
                *n_included = list_inclusions(&cx, tu.tu, NULL, 0, included);
        DL_VEC_FREE(&w.funcs);
        dl_tu_free(&tu);
        return DL_OK;
}
