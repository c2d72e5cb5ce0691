/* pipeline.c - one source file through the analysis.
 * SPDX-License-Identifier: MIT
 */
#include "pipeline.h"

#include "code_tables.h"
#include "job_wire.h"

#include "../core/alloc.h"
#include "../core/arena.h"
#include "../core/file.h"
#include "../core/glob.h"
#include "../core/log.h"
#include "../core/strbuf.h"
#include "../core/vec.h"
#include "../findings/finding.h"
#include "../frontend/libclang.h"
#include "../frontend/pch.h"
#include "../model/normalize.h"
#include "../model/request.h"
#include "../recognize/analyze.h"
#include "../recognize/prefilter.h"
#include "../report/access.h"
#include "../rules/ruleset.h"
#include "../rules/schema.h"
#include "prefilter_memo.h"
#include "result_cache.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum dl_status dl_pipeline_init(struct dl_pipeline *p, const struct dl_ruleset *rules,
                                struct dl_log *log, dl_finding_emit_fn emit, void *emit_data,
                                struct dl_error *err)
{
        memset(p, 0, sizeof *p);
        p->rules = rules;
        p->catalogue = dl_catalogue_get();
        p->log = log;
        p->emit = emit;
        p->emit_data = emit_data;
        size_t n = p->catalogue->n;
        p->states = dl_xcalloc(n, sizeof *p->states);
        p->run_check = dl_xcalloc(n, sizeof *p->run_check);
        for (size_t i = 0; i < n; i++)
                p->run_check[i] = dl_check_runs(rules, NULL, p->catalogue->checks[i]->info->id);
        enum dl_status st = dl_catalogue_configure(rules, p->states, err);
        if (st != DL_OK)
                dl_pipeline_fini(p);
        return st;
}

void dl_pipeline_fini(struct dl_pipeline *p)
{
        if (!p)
                return;
        dl_prefilter_free(p->prefilter);
        p->prefilter = NULL;
        if (!p->catalogue)
                return;
        dl_catalogue_destroy(p->states);
        free(p->states);
        free(p->run_check);
        memset(p, 0, sizeof *p);
}

bool dl_check_runs(const struct dl_ruleset *rules, const char *checks, const char *id)
{
        const struct dl_check_config *cfg = dl_schema_check_config(rules, id);
        const struct dl_check *c = dl_catalogue_find(id);
        bool on = cfg && cfg->has_enabled ? cfg->enabled : !(c && c->off_by_default);
        return dl_checks_glob_apply(checks, id, on);
}

void dl_pipeline_select(struct dl_pipeline *p, const char *checks)
{
        for (size_t i = 0; checks && i < p->catalogue->n; i++)
                p->run_check[i] =
                        dl_check_runs(p->rules, checks, p->catalogue->checks[i]->info->id);
}

void dl_pipeline_only(struct dl_pipeline *p, const char *const *ids, size_t n)
{
        for (size_t i = 0; i < p->catalogue->n; i++) {
                p->run_check[i] = false;
                for (size_t k = 0; k < n; k++) {
                        if (strcmp(p->catalogue->checks[i]->info->id, ids[k]) == 0)
                                p->run_check[i] = true;
                }
        }
}

static void line_col_of(const unsigned char *s, size_t off, unsigned *line, unsigned *col)
{
        *line = 1;
        *col = 1;
        for (size_t i = 0; i < off; i++) {
                if (s[i] == '\n') {
                        (*line)++;
                        *col = 1;
                } else {
                        (*col)++;
                }
        }
}

/* Reads the file to vet it: readable, and text. A NUL byte or an ELF
 * header means a binary file. Text in another encoding than UTF-8 (a
 * Latin-1 comment) is analysed, as clang reads it: messages that quote
 * such bytes escape them (model/quote.h) and SARIF and JSON turn them into
 * U+FFFD (report/json_text.h). On success, *text_out receives the bytes
 * (transfer full) and *len_out their count. */
static bool vet_input(struct dl_pipeline *p, const char *path, char **text_out, size_t *len_out)
{
        struct dl_loc loc = {path, 0, 0};
        char *text = NULL;
        size_t len = 0;
        struct dl_error err;
        dl_error_init(&err);
        if (p->unsaved_text) {
                text = dl_xmalloc(p->unsaved_len + 1);
                memcpy(text, p->unsaved_text, p->unsaved_len);
                text[p->unsaved_len] = '\0';
                len = p->unsaved_len;
        } else if (dl_file_read(path, &text, &len, &err) != DL_OK) {
                dl_log_add(p->log, DL_LOG_ERROR, "unreadable-file", &loc, "%s", err.message);
                dl_error_fini(&err);
                return false;
        }
        dl_error_fini(&err);
        const unsigned char *s = (const unsigned char *)text;
        if (len >= 4 && memcmp(s,
                               "\x7f"
                               "ELF",
                               4) == 0) {
                loc.line = loc.col = 1;
                dl_log_add(p->log, DL_LOG_ERROR, "binary-file", &loc,
                           "an ELF object, not source text; skipped");
                free(text);
                return false;
        }
        const unsigned char *nul = len ? memchr(s, 0, len) : NULL;
        if (nul) {
                line_col_of(s, (size_t)(nul - s), &loc.line, &loc.col);
                dl_log_add(p->log, DL_LOG_ERROR, "binary-file", &loc,
                           "contains a NUL byte: looks like a binary file; skipped");
                free(text);
                return false;
        }
        *text_out = text;
        *len_out = len;
        return true;
}

void dl_pipeline_check(const struct dl_pipeline *p, const struct dl_request *req)
{
        for (size_t i = 0; i < p->catalogue->n; i++) {
                if (!p->run_check[i])
                        continue;
                const struct dl_check *c = p->catalogue->checks[i];
                if (!c->run)
                        continue; /* a table check */
                struct dl_check_ctx ctx = {c,       p->rules,     p->states[i], req,
                                           p->emit, p->emit_data, p->log};
                c->run(&ctx, req);
        }
        for (size_t k = 0; k < req->n_items; k++)
                dl_pipeline_check(p, &req->items[k]);
}

/* Every request of the unit, batch members after their container, in the
 * order dl_pipeline_check() runs them. */
static void collect(const struct dl_request *req, const struct dl_request ***v, size_t *n,
                    size_t *cap)
{
        if (*n == *cap) {
                *cap = *cap ? 2 * *cap : 16;
                *v = dl_xrealloc(*v, *cap * sizeof **v);
        }
        (*v)[(*n)++] = req;
        for (size_t k = 0; k < req->n_items; k++)
                collect(&req->items[k], v, n, cap);
}

void dl_pipeline_check_unit(const struct dl_pipeline *p, const struct dl_request *reqs, size_t n)
{
        const struct dl_request **all = NULL;
        size_t n_all = 0, cap = 0;
        for (size_t i = 0; i < n; i++)
                collect(&reqs[i], &all, &n_all, &cap);
        for (size_t i = 0; i < p->catalogue->n; i++) {
                const struct dl_check *c = p->catalogue->checks[i];
                if (!p->run_check[i] || !c->run_unit)
                        continue;
                struct dl_check_ctx ctx = {c,       p->rules,     p->states[i], NULL,
                                           p->emit, p->emit_data, p->log};
                c->run_unit(&ctx, all, n_all);
        }
        free(all);
}

void dl_pipeline_check_tables(const struct dl_pipeline *p, const struct dl_table *tables, size_t n)
{
        for (size_t i = 0; i < p->catalogue->n; i++) {
                const struct dl_check *c = p->catalogue->checks[i];
                if (!p->run_check[i] || !c->run_table)
                        continue;
                struct dl_check_ctx ctx = {c,       p->rules,     p->states[i], NULL,
                                           p->emit, p->emit_data, p->log};
                for (size_t k = 0; k < n; k++) {
                        if (tables[k].def)
                                c->run_table(&ctx, &tables[k]);
                }
        }
}

bool dl_pipeline_definitions(struct dl_pipeline *p, const char *path, const char *format)
{
        struct dl_ruleset *defs = NULL;
        struct dl_error err;
        dl_error_init(&err);
        if (dl_ruleset_lint_tables(path, format, &defs, &err) != DL_OK) {
                /* a template ddblint cannot read whole (a key schema built
                 * by a function, a syntax error) is not linted: said, and
                 * never guessed at */
                struct dl_loc loc = {err.file ? err.file : path, err.line, err.col};
                dl_log_add(p->log, DL_LOG_NOTE, "definitions-not-linted", &loc,
                           "table definitions not linted: %s",
                           err.message ? err.message : "unreadable");
                dl_error_fini(&err);
                return false;
        }
        dl_error_fini(&err);
        dl_pipeline_check_tables(p, defs->tables, defs->n_tables);
        dl_ruleset_free(defs);
        return true;
}

void dl_pipeline_use_prefilter(struct dl_pipeline *p)
{
        dl_prefilter_free(p->prefilter);
        p->prefilter = dl_prefilter_new(p->rules);
}

void dl_pipeline_use_cache(struct dl_pipeline *p, struct dl_result_cache *c)
{
        /* --verbose says which wrapper patterns matched no call: a file
         * taken from the cache calls none, so that run parses them all */
        bool declared = false;
        for (size_t i = 0; i < p->rules->n_wrappers; i++)
                declared = declared || !p->rules->wrappers[i].inferred;
        if (p->verbose && declared)
                c = NULL;
        p->cache = c;
        if (c)
                dl_result_cache_base(c, p->rules, p->run_check, p->catalogue->n, p->verbose,
                                     p->pch != NULL, p->project_root, p->cache_base);
}

/* Findings emitted while a file is analysed, kept (borrowed) for the cache. */
struct capture {
        dl_finding_emit_fn emit;
        void *data;
        DL_VEC(struct dl_finding *) got;
};

static void capture_emit(void *data, struct dl_finding *take)
{
        struct capture *c = data;
        DL_VEC_PUSH(&c->got, take);
        c->emit(c->data, take);
}

/* The findings of one analysis are held until its checks are done (a check
 * completes its finding, its fixes too, until its run returns). Then each
 * one's fixes are checked against the text of the file they edit
 * (dl_finding_fixes_settle: a fix whose edits do not find what the check
 * expected there is dropped), and they are handed on, in order. */
static void release(const struct dl_pipeline *p, const char *path, struct dl_finding_list *h)
{
        char *file = NULL, *text = NULL;
        size_t len = 0;
        for (size_t i = 0; i < h->n; i++) {
                struct dl_finding *f = h->items[i];
                const char *in =
                        f->n_fixes && f->fixes[0].n_edits ? f->fixes[0].edits[0].range.file : NULL;
                if (in && (!file || strcmp(file, in) != 0)) {
                        free(file);
                        free(text);
                        file = dl_xstrdup(in);
                        text = NULL;
                        len = 0;
                        if (p->unsaved_text && !strcmp(in, path)) {
                                text = dl_xstrndup(p->unsaved_text, p->unsaved_len);
                                len = p->unsaved_len;
                        } else if (dl_file_read(in, &text, &len, NULL) != DL_OK) {
                                text = NULL;
                        }
                }
                if (f->n_fixes)
                        dl_finding_fixes_settle(f, in ? in : path, text, len);
                p->emit(p->emit_data, f);
        }
        free(file);
        free(text);
        h->n = 0; /* handed on */
        dl_finding_list_fini(h);
}

/* The files clang read for one translation unit besides the main file. */
struct file_list {
        char **items;
        size_t n, cap;
};

static enum dl_file_outcome analyse(struct dl_pipeline *p, const char *path,
                                    const char *const *args, size_t n_args, const char *const *own,
                                    size_t n_own, bool *own_seen, unsigned *clang_errors,
                                    struct file_list *files, struct dl_strbuf *access);

/* What settles a unit before the result cache (settle): the prefilter's
 * verdict of an earlier run, the input checks and the prefilter's verdict.
 * False with *out set when one of them settles it; else true, with *text
 * (transfer full) and *len the unit's text. */
static bool unit_input(struct dl_pipeline *p, const char *path, const char *const *args,
                       size_t n_args, size_t n_own, enum dl_file_outcome *out, char **text,
                       size_t *len)
{
        bool prefilter = !p->settled && p->prefilter;
        if (prefilter && !p->unsaved_text &&
            dl_prefilter_memo_skip(p->prefilter_memo, p->prefilter, path, args, n_args,
                                   1 + n_own)) {
                *out = DL_FILE_NOT_PARSED; /* nothing it depends on changed */
                return false;
        }
        if (!vet_input(p, path, text, len)) {
                *out = DL_FILE_SKIPPED;
                return false;
        }
        struct dl_prefilter_deps deps;
        struct dl_prefilter_memo *memo = p->unsaved_text ? NULL : p->prefilter_memo;
        if (prefilter && !dl_prefilter_may_hold_deps(p->prefilter, path, *text, *len, args, n_args,
                                                     p->stub_include_dir, memo ? &deps : NULL)) {
                free(*text);
                *text = NULL;
                if (memo) {
                        dl_prefilter_memo_put(memo, p->prefilter, path, args, n_args, &deps);
                        dl_prefilter_deps_fini(&deps);
                }
                *out = DL_FILE_NOT_PARSED;
                return false;
        }
        return true;
}

static bool infer_entry_take(struct dl_pipeline *p, const struct dl_result *r);

/* What can be said of a unit without parsing it: the prefilter's verdict
 * of an earlier run (unless p->settled: prefilter_memo.h), its input
 * checks, the prefilter's verdict (unless p->settled) and the result
 * cache's answer
 * (unless p->settled). Returns true with *out set when that settles it (a
 * hit's findings emitted, its own headers all marked seen); false when it
 * must be parsed, with *keyed telling whether key was computed (the cache
 * is on). A first-pass unit (p->infer) asks the result cache only, and a
 * hit appends what the unit inferred to p->infer. */
static bool settle(struct dl_pipeline *p, const char *path, const char *const *args, size_t n_args,
                   const char *const *own, size_t n_own, bool *own_seen, unsigned *clang_errors,
                   enum dl_file_outcome *out, uint8_t *key, bool *keyed)
{
        *keyed = false;
        if (clang_errors)
                *clang_errors = 0;
        if (p->cache_use)
                *p->cache_use = DL_CACHE_UNUSED;
        char *text = NULL;
        size_t len = 0;
        if (p->infer) {
                struct dl_error err;
                dl_error_init(&err);
                bool read = p->cache && !p->unsaved_text &&
                            dl_file_read(path, &text, &len, &err) == DL_OK;
                dl_error_fini(&err);
                if (!read)
                        return false;
        } else if (!unit_input(p, path, args, n_args, n_own, out, &text, &len)) {
                return true;
        } else if (!p->cache || p->dump) {
                free(text);
                return false;
        }
        /* the result cache (result_cache.h) */
        dl_result_cache_key(p->cache_base, path, args, n_args, own, n_own, text, len, key);
        free(text);
        *keyed = true;
        struct dl_result r;
        if (p->settled || !dl_result_cache_get(p->cache, key, &r))
                return false;
        if (p->infer) {
                bool took = infer_entry_take(p, &r);
                dl_result_fini(&r);
                if (took && p->cache_use)
                        *p->cache_use = DL_CACHE_HIT;
                return took;
        }
        for (size_t i = 0; i < r.log.n; i++) {
                const struct dl_log_entry *e = &r.log.items[i];
                struct dl_loc l = {e->file, e->line, e->col};
                dl_log_add(p->log, e->level, e->id, e->file ? &l : NULL, "%s", e->message);
        }
        for (size_t i = 0; i < r.n_findings; i++)
                p->emit(p->emit_data, r.findings[i]);
        if (p->access && r.access)
                dl_strbuf_puts(p->access, r.access);
        r.n_findings = 0; /* emitted: the callee owns them */
        if (clang_errors)
                *clang_errors = r.clang_errors;
        dl_result_fini(&r);
        if (p->cache_use)
                *p->cache_use = DL_CACHE_HIT;
        for (size_t i = 0; i < n_own; i++)
                own_seen[i] = true;
        *out = DL_FILE_ANALYSED;
        return true;
}

/* The analysis of path and its own headers, through the result cache;
 * own_seen[i] receives whether own header i was analysed in path's
 * translation unit (a result is kept only when every one was). */
static enum dl_file_outcome analyse_unit(struct dl_pipeline *p, const char *path,
                                         const char *const *args, size_t n_args,
                                         const char *const *own, size_t n_own, bool *own_seen,
                                         unsigned *clang_errors)
{
        unsigned errors = 0;
        uint8_t key[DL_RESULT_KEY_SIZE];
        bool keyed;
        enum dl_file_outcome out;
        if (settle(p, path, args, n_args, own, n_own, own_seen, clang_errors, &out, key, &keyed))
                return out;
        if (!keyed)
                return analyse(p, path, args, n_args, own, n_own, own_seen, clang_errors, NULL,
                               p->access);
        struct capture cap = {p->emit, p->emit_data, {0}};
        struct dl_pipeline q = *p;
        q.emit = capture_emit;
        q.emit_data = &cap;
        size_t log0 = p->log->n;
        struct file_list files = {0};
        /* the access records are kept with every entry, so that a lint
         * run's entries answer the access-patterns and iam-policy runs */
        struct dl_strbuf access;
        dl_strbuf_init(&access);
        out = analyse(&q, path, args, n_args, own, n_own, own_seen, &errors, &files, &access);
        if (clang_errors)
                *clang_errors = errors;
        bool kept = false, all_seen = true;
        for (size_t i = 0; i < n_own; i++)
                all_seen = all_seen && own_seen[i];
        if (out == DL_FILE_ANALYSED && all_seen) {
                struct dl_result keep = {0};
                keep.findings = cap.got.items;
                keep.n_findings = cap.got.n;
                keep.clang_errors = errors;
                keep.access = (char *)dl_strbuf_cstr(&access);
                keep.log.items = p->log->items ? p->log->items + log0 : NULL;
                keep.log.n = p->log->n - log0;
                kept = dl_result_cache_put(p->cache, key, &keep, (const char *const *)files.items,
                                           files.n);
        }
        if (p->access)
                dl_strbuf_add(p->access, access.buf, access.len);
        dl_strbuf_fini(&access);
        if (p->cache_use)
                *p->cache_use = kept ? DL_CACHE_WRITTEN : DL_CACHE_MISSED;
        for (size_t i = 0; i < files.n; i++)
                free(files.items[i]);
        DL_VEC_FREE(&files);
        DL_VEC_FREE(&cap.got);
        return out;
}

/* dl_pipeline_file after the input checks: parse, recognize, check; the
 * headers clang read to files when not NULL, each request's access records
 * to access when not NULL. */
static enum dl_file_outcome analyse(struct dl_pipeline *p, const char *path,
                                    const char *const *args, size_t n_args, const char *const *own,
                                    size_t n_own, bool *own_seen, unsigned *clang_errors,
                                    struct file_list *files, struct dl_strbuf *access)
{
        /* libclang is loaded at the first parse (libclang.h); one that
         * cannot be loaded fails each file that needs it, by name */
        const char *why = NULL;
        if (!dl_libclang_load(&why)) {
                struct dl_loc loc = {path, 0, 0};
                dl_log_add(p->log, DL_LOG_ERROR, "analysis-failed", &loc, "%s", why);
                return DL_FILE_FAILED;
        }
        /* the stub headers precompiled, where that changes nothing (pch.h) */
        const char *pch = p->pch && p->stub_include_dir
                                  ? dl_pch_for(p->pch, path, args, n_args, p->log)
                                  : NULL;
        /* else the file's own preamble precompiled (pch.h) */
        struct dl_pch_preamble pre = {0};
        bool preamble = !pch && p->pch && p->stub_include_dir && !p->unsaved_text &&
                        dl_pch_preamble_for(p->pch, path, args, n_args, own, n_own, &pre);
        const char **argv = dl_xcalloc(n_args + 2, sizeof *argv);
        memcpy(argv, args, n_args * sizeof *argv);
        if (pch || preamble) {
                argv[n_args++] = "-include-pch";
                argv[n_args++] = pch ? pch : pre.pch;
        }
        struct dl_arena arena;
        dl_arena_init(&arena);
        struct dl_analyze_opts o = {
                argv,          n_args, p->stub_include_dir,    p->rules,        p->verbose,
                own,           n_own,  preamble ? &pre : NULL, p->project_root, p->unsaved_text,
                p->unsaved_len};
        struct dl_analysis an;
        struct dl_error err;
        dl_error_init(&err);
        enum dl_status st = dl_analyze_file(path, &o, &arena, p->log, &an, &err);
        free(argv);
        dl_pch_preamble_fini(&pre);
        if (st != DL_OK) {
                struct dl_loc loc = {path, 0, 0};
                dl_log_add(p->log, DL_LOG_ERROR, "analysis-failed", &loc, "%s",
                           err.message ? err.message : dl_status_str(st));
                dl_error_fini(&err);
                dl_arena_fini(&arena);
                return st == DL_ERR_IO ? DL_FILE_SKIPPED : DL_FILE_FAILED;
        }
        dl_error_fini(&err);
        if (clang_errors)
                *clang_errors = an.clang_errors;
        for (size_t i = 0; files && i < an.n_included; i++)
                DL_VEC_PUSH(files, dl_xstrdup(an.included[i]));
        for (size_t i = 0; i < n_own; i++)
                own_seen[i] = an.own_seen[i];

        struct dl_finding_list held = {0};
        struct dl_pipeline q = *p;
        q.emit = dl_finding_list_take;
        q.emit_data = &held;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        for (size_t i = 0; i < an.n_requests; i++) {
                struct dl_request *req = &an.requests[i];
                dl_model_normalize(&arena, req);
                if (p->dump) {
                        dl_strbuf_reset(&sb);
                        dl_request_dump(&sb, req);
                        fprintf(p->dump, "%s:%u:%u: %s\n", req->call.file ? req->call.file : path,
                                req->call.line, req->call.col, dl_strbuf_cstr(&sb));
                }
        }
        /* the tables the unit's CreateTables define: linted at the call,
         * and describing their tables where the rules do not
         * (docs/architecture.md, "Tables as code") */
        struct dl_code_tables code = {0};
        if (!p->dump)
                dl_code_tables_read(&code, p->rules, an.requests, an.n_requests, p->log);
        if (code.rules)
                q.rules = code.rules;
        for (size_t i = 0; !p->dump && i < an.n_requests; i++) {
                dl_pipeline_check(&q, &an.requests[i]);
                if (access)
                        dl_access_append(access, p->rules, &an.requests[i], path);
        }
        if (!p->dump) {
                dl_pipeline_check_unit(&q, an.requests, an.n_requests);
                for (size_t i = 0; i < code.n_tables; i++)
                        dl_pipeline_check_tables(&q, code.tables[i], 1);
                const struct dl_request **top = dl_xcalloc(an.n_requests + 1, sizeof *top);
                for (size_t i = 0; i < an.n_requests; i++)
                        top[i] = &an.requests[i];
                dl_report_fold_resends(&held, top, an.n_requests);
                free(top);
        }
        dl_code_tables_fini(&code);
        release(p, path, &held);
        dl_strbuf_fini(&sb);
        dl_arena_fini(&arena);
        return DL_FILE_ANALYSED;
}

enum dl_file_outcome dl_pipeline_file(struct dl_pipeline *p, const char *path,
                                      const char *const *args, size_t n_args,
                                      unsigned *clang_errors)
{
        return analyse_unit(p, path, args, n_args, NULL, 0, NULL, clang_errors);
}

bool dl_pipeline_unit_settle(struct dl_pipeline *p, const char *path, const char *const *args,
                             size_t n_args, const struct dl_own_header *own, size_t n_own,
                             enum dl_file_outcome *out, unsigned *clang_errors)
{
        uint8_t key[DL_RESULT_KEY_SIZE];
        bool keyed;
        if (p->infer) { /* a first-pass unit: its entry only */
                if (clang_errors)
                        *clang_errors = 0;
                *out = DL_FILE_ANALYSED;
                return settle(p, path, args, n_args, NULL, 0, NULL, NULL, out, key, &keyed);
        }
        const char **paths = dl_xcalloc(n_own + 1, sizeof *paths);
        bool *seen = dl_xcalloc(n_own + 1, sizeof *seen);
        for (size_t i = 0; i < n_own; i++)
                paths[i] = own[i].path;
        bool settled =
                settle(p, path, args, n_args, paths, n_own, seen, clang_errors, out, key, &keyed);
        free(seen);
        free(paths);
        return settled;
}

/* ---- the first pass of inferred wrappers, through the result cache ---- */

/* A first-pass entry of the result cache (docs/architecture.md, "Inferred
 * wrappers"): what the unit inferred, encoded as a worker sends it
 * (job_wire.h), in the entry's inferred bytes; no findings, log or access
 * records. Appends its wrappers and helpers to p->infer; false (nothing
 * added) when the entry is not one whole such encoding. */
static bool infer_entry_take(struct dl_pipeline *p, const struct dl_result *r)
{
        if (!r->inferred || r->n_findings || r->log.n || r->access)
                return false;
        static const struct dl_ruleset none = {0};
        struct dl_pipeline q = {0};
        q.rules = &none; /* a call count in the entry counts nowhere */
        struct dl_job tmp = {0};
        tmp.pipeline = &q;
        dl_log_init(&tmp.log, NULL, false);
        dl_strbuf_init(&tmp.access);
        bool ok = dl_job_wire_decode(r->inferred, r->n_inferred, &tmp) &&
                  tmp.outcome == DL_FILE_ANALYSED && !tmp.n_findings && !tmp.log.n && !tmp.dump &&
                  !tmp.access.len;
        for (size_t i = 0; ok && i < tmp.inferred.v.n; i++)
                DL_VEC_PUSH(&p->infer->v, tmp.inferred.v.items[i]);
        for (size_t i = 0; ok && i < tmp.inferred.helpers.v.n; i++)
                DL_VEC_PUSH(&p->infer->helpers.v, tmp.inferred.helpers.v.items[i]);
        if (ok) { /* moved */
                tmp.inferred.v.n = 0;
                tmp.inferred.helpers.v.n = 0;
        }
        dl_job_fini(&tmp);
        return ok;
}

/* The first pass of inferred wrappers on one unit (struct dl_pipeline.infer). */
static enum dl_file_outcome infer_unit(struct dl_pipeline *p, const char *path,
                                       const char *const *args, size_t n_args)
{
        uint8_t key[DL_RESULT_KEY_SIZE];
        bool keyed;
        enum dl_file_outcome out = DL_FILE_ANALYSED;
        if (settle(p, path, args, n_args, NULL, 0, NULL, NULL, &out, key, &keyed))
                return DL_FILE_ANALYSED;
        struct dl_analyze_opts opts = {0};
        opts.args = args;
        opts.n_args = n_args;
        opts.stub_include_dir = p->stub_include_dir;
        opts.rules = p->rules && p->rules->n_wrappers ? p->rules : NULL;
        struct dl_arena arena;
        dl_arena_init(&arena);
        struct dl_error err;
        dl_error_init(&err);
        size_t w0 = p->infer->v.n, h0 = p->infer->helpers.v.n;
        const char **included = NULL;
        size_t n_included = 0;
        enum dl_status st = dl_analyze_infer(path, &opts, &arena, p->log, p->infer, &included,
                                             &n_included, &err);
        dl_error_fini(&err);
        if (st == DL_OK && keyed) {
                /* this unit's own wrappers and helpers, kept with the
                 * headers it read (a changed header is a miss) */
                static const struct dl_ruleset none = {0};
                struct dl_pipeline q = {0};
                q.rules = &none;
                struct dl_job tmp = {0};
                tmp.pipeline = &q;
                tmp.outcome = DL_FILE_ANALYSED;
                tmp.inferred.v.items = p->infer->v.items ? p->infer->v.items + w0 : NULL;
                tmp.inferred.v.n = p->infer->v.n - w0;
                tmp.inferred.helpers.v.items =
                        p->infer->helpers.v.items ? p->infer->helpers.v.items + h0 : NULL;
                tmp.inferred.helpers.v.n = p->infer->helpers.v.n - h0;
                struct dl_strbuf wire;
                dl_strbuf_init(&wire);
                dl_job_wire_encode(&tmp, NULL, 0, &wire);
                struct dl_result keep = {0};
                keep.inferred = wire.buf ? wire.buf : "";
                keep.n_inferred = wire.len;
                bool kept = dl_result_cache_put(p->cache, key, &keep, included, n_included);
                if (p->cache_use)
                        *p->cache_use = kept ? DL_CACHE_WRITTEN : DL_CACHE_MISSED;
                dl_strbuf_fini(&wire);
        }
        dl_arena_fini(&arena);
        return st == DL_OK ? DL_FILE_ANALYSED : DL_FILE_FAILED;
}

enum dl_file_outcome dl_pipeline_unit(struct dl_pipeline *p, const char *path,
                                      const char *const *args, size_t n_args,
                                      const struct dl_own_header *own, size_t n_own,
                                      unsigned *clang_errors)
{
        if (p->infer) {
                if (clang_errors)
                        *clang_errors = 0;
                return infer_unit(p, path, args, n_args);
        }
        const char **paths = dl_xcalloc(n_own + 1, sizeof *paths);
        bool *seen = dl_xcalloc(n_own + 1, sizeof *seen);
        for (size_t i = 0; i < n_own; i++)
                paths[i] = own[i].path;
        unsigned errors = 0;
        enum dl_file_outcome out = analyse_unit(p, path, args, n_args, paths, n_own, seen, &errors);
        bool settled = p->settled;
        p->settled = false; /* an own header on its own was settled by nobody */
        for (size_t i = 0; out != DL_FILE_NOT_PARSED && i < n_own; i++) {
                if (seen[i])
                        continue;
                unsigned e = 0;
                /* what the cache did for the job is what it did for path */
                enum dl_cache_use use = p->cache_use ? *p->cache_use : DL_CACHE_UNUSED;
                enum dl_file_outcome h =
                        dl_pipeline_file(p, own[i].path, own[i].args, own[i].n_args, &e);
                if (p->cache_use)
                        *p->cache_use = use;
                errors += e;
                if (out == DL_FILE_ANALYSED && (h == DL_FILE_FAILED || h == DL_FILE_SKIPPED))
                        out = DL_FILE_FAILED;
        }
        p->settled = settled;
        free(seen);
        free(paths);
        if (clang_errors)
                *clang_errors = errors;
        return out;
}
