/* cli_run.c - the state of one ddblint run (struct run) and its parts:
 * outputs and reporters, the compilation database, each file's pipeline
 * and compile arguments, the jobs' results replayed in order, table
 * definition files, and the end of the run (cli.c's dl_cli_main drives
 * them; split off by concern, docs/architecture.md, "Pipeline").
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE /* tdestroy */
#include "cli_internal.h"

#include "access_cmd.h"

#include "cache_files.h"
#include "compdb_json.h"
#include "compdb_memo.h"
#include "config.h"
#include "env.h"
#include "explain.h"
#include "fixes.h"
#include "git.h"
#include "ignore.h"
#include "jobs.h"
#include "options.h"
#include "owners.h"
#include "prefilter_memo.h"
#include "pipeline.h"
#include "progress.h"
#include "result_cache.h"
#include "shard.h"
#include "walk.h"
#include "definitions.h"

#include "../checks/check.h"
#include "../core/alloc.h"
#include "../core/glob.h"
#include "../core/log.h"
#include "../core/safefile.h"
#include "../core/strv.h"
#include "../core/suggest.h"
#include "../core/vec.h"
#include "../findings/fileio.h"
#include "../findings/sink.h"
#include "../frontend/compdb.h"
#include "../frontend/libclang.h"
#include "../frontend/pch.h"
#include "../recognize/prefilter.h"
#include "../report/reporter.h"
#include "../report/sarif_merge.h"
#include "../rules/ruleset.h"
#include "infer_pass.h"
#include "../rules/schema.h"

#include <errno.h>
#include <limits.h>
#include <search.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int cmp_key(const void *a, const void *b)
{
        return strcmp(a, b);
}

static bool use_color(FILE *f)
{
        const char *nc = getenv("NO_COLOR");
        return isatty(fileno(f)) && !(nc && *nc);
}

/* ---- the run ---------------------------------------------------------- */

bool dl_run_check_on(void *data, const struct dl_ruleset *rules, const char *id)
{
        const struct run *r = data;
        return dl_check_runs(rules, r->o.checks, id);
}

/* Exclusions: --exclude (relative to the current directory), the rules
 * file's `exclude:` (relative to its directory), and .gitignore while
 * walking a directory (a file named on the command line is always
 * analysed unless an exclude pattern names it). */
bool dl_run_skip_path(void *data, const char *path, bool is_dir, bool named)
{
        struct run *r = data;
        /* A walk never enters an excluded directory; a path named on the
         * command line is excluded when a directory above it is. */
        char *abs = dl_path_join(r->cwd, path);
        bool skip = named ? dl_ignore_match_within(&r->excludes, abs, is_dir)
                          : dl_ignore_match(&r->excludes, abs, is_dir) == 1;
        const struct dl_ruleset *rs = NULL;
        if (!skip && !r->walk_failed) {
                /* the rules of the directory that holds path (the files of a
                   directory come together: asked once for them) */
                char *dir = dl_path_dirname(abs);
                struct dl_error err;
                dl_error_init(&err);
                if (r->skip_dir && !strcmp(dir, r->skip_dir)) {
                        rs = r->skip_rules;
                        free(dir);
                } else if (dl_config_for(r->config, dir, true, &rs, NULL, &err) != DL_OK) {
                        r->walk_failed = true;
                        dl_error_fini(&r->walk_err);
                        r->walk_err = err;
                        rs = NULL;
                        free(dir);
                } else {
                        dl_error_fini(&err);
                        free(r->skip_dir);
                        r->skip_dir = dir;
                        r->skip_rules = rs;
                }
        }
        if (!skip && rs && rs->n_exclude) {
                struct dl_ignore_list l = {0};
                for (size_t i = 0; i < rs->n_exclude; i++)
                        dl_ignore_add(&l, rs->exclude[i].pattern, rs->exclude[i].base);
                skip = named ? dl_ignore_match_within(&l, abs, is_dir)
                             : dl_ignore_match(&l, abs, is_dir) == 1;
                dl_ignore_list_fini(&l);
        }
        if (!skip && !named)
                skip = dl_gitignore_ignored(r->gitignore, abs, is_dir);
        free(abs);
        return skip;
}

/* The pipeline of ruleset index i, configured on first use. */
enum dl_status dl_run_pipeline_of(struct run *r, size_t i, struct dl_error *err)
{
        if (i >= r->n_pipelines) {
                size_t n = i + 1;
                r->pipelines = dl_xrealloc(r->pipelines, n * sizeof *r->pipelines);
                r->pipeline_ready = dl_xrealloc(r->pipeline_ready, n * sizeof *r->pipeline_ready);
                r->files_per_ruleset =
                        dl_xrealloc(r->files_per_ruleset, n * sizeof *r->files_per_ruleset);
                for (size_t k = r->n_pipelines; k < n; k++) {
                        r->pipeline_ready[k] = false;
                        r->files_per_ruleset[k] = 0;
                }
                r->n_pipelines = n;
        }
        if (r->pipeline_ready[i])
                return DL_OK;
        struct dl_pipeline *p = &r->pipelines[i];
        enum dl_status st =
                dl_pipeline_init(p, dl_infer_pass_rules(&r->infer, dl_config_at(r->config, i)),
                                 &r->log, NULL, NULL, err);
        if (st)
                return st;
        r->pipeline_ready[i] = true;
        dl_pipeline_select(p, r->o.checks);
        p->stub_include_dir = r->stub_dir;
        p->project_root = r->project_root;
        p->pch = r->pch;
        if (!r->o.no_prefilter) {
                dl_pipeline_use_prefilter(p);
                p->prefilter_memo = r->prefilter_memo;
        }
        p->verbose = r->o.verbose;
        if (r->o.dump_requests)
                p->dump = stdout;
        if (r->o.command != DL_CMD_LINT)
                p->access = &r->access;
        dl_pipeline_use_cache(p, r->results);
        return DL_OK;
}

/* Opens an output file now, so an unwritable one stops the run before
 * any work; the reporter writes into memory until the end. */
enum dl_status dl_run_add_output(struct run *r, const char *path, int format, struct dl_error *err)
{
        struct output *out = &r->outputs[r->n_outputs];
        memset(out, 0, sizeof *out);
        if (path) {
                enum dl_status st = dl_atomic_open(path, &out->file, err);
                if (st)
                        return st;
                out->mem = open_memstream(&out->buf, &out->len);
                if (!out->mem) {
                        fputs("ddblint: out of memory\n", stderr);
                        abort();
                }
        }
        struct dl_report_opts ro = {0};
        ro.stream = out->mem ? out->mem : stdout;
        ro.project_root = r->project_root;
        ro.tool_version = DL_VERSION;
        ro.include_suppressed = r->o.include_suppressed;
        ro.help_uri = (const char *const *)r->help_uri;
        ro.help_markdown = (const char *const *)r->help_markdown;
        if (format == DL_FORMAT_SARIF)
                out->r = dl_reporter_sarif_new_opts(&ro);
        else if (format == DL_FORMAT_JSON)
                out->r = dl_reporter_json_new(&ro);
        else
                out->r = dl_reporter_text_new(ro.stream, !out->mem && use_color(stdout),
                                              !r->o.quiet);
        r->n_outputs++;
        return DL_OK;
}

/* Replays a job's tool diagnostics; a header's note repeated by every
 * file that includes it is said once. */
static void replay_log(struct run *r, const struct dl_log *log)
{
        for (size_t k = 0; k < log->n; k++) {
                const struct dl_log_entry *e = &log->items[k];
                char *key = dl_xasprintf("%d|%s|%s|%u|%u|%s", (int)e->level, e->id,
                                         e->file ? e->file : "", e->line, e->col, e->message);
                char **slot = tsearch(key, &r->seen_diags, cmp_key);
                if (!slot || *slot != key) {
                        free(key);
                        continue;
                }
                struct dl_loc loc = {e->file, e->line, e->col};
                dl_log_add(&r->log, e->level, e->id, e->file ? &loc : NULL, "%s", e->message);
        }
}

/* The note of the compile flags the allow-list dropped for file k (flags.h),
 * said with the file's other diagnostics, on every run: what the cache
 * answers depends on the flags kept, so a warm run says it as a cold one. */
static void say_flags(struct run *r, size_t k)
{
        if (!r->flag_notes || !r->flag_notes[k])
                return;
        struct dl_loc loc = {r->files.paths[k], 0, 0};
        dl_log_add(&r->log, DL_LOG_NOTE, "compile-flags-dropped", &loc, "%s", r->flag_notes[k]);
}

/* The findings of one unit (a translation unit or a definition file)
 * decided by the sink and shown. */
static void take_unit(struct run *r, const char *path, const struct dl_ruleset *rules,
                      struct dl_finding **take, size_t n_take)
{
        size_t n_new = 0;
        size_t first = dl_sink_take_unit(r->sink, path, rules, take, n_take, &n_new);
        size_t n;
        const struct dl_finding *const *fs = dl_sink_findings(r->sink, &n);
        for (size_t k = 0; k < r->n_outputs; k++) {
                for (size_t f = first; f < first + n_new; f++)
                        r->outputs[k].r->finding(r->outputs[k].r, fs[f]);
        }
        fflush(stdout);
}

static struct dl_pipeline *definitions_pipeline(void *data, const char *path)
{
        struct run *r = data;
        char *dir = dl_cli_abs_dir_of(r->cwd, path);
        const struct dl_ruleset *rs;
        size_t idx = 0;
        struct dl_error err;
        dl_error_init(&err);
        bool ok = dl_config_for(r->config, dir, true, &rs, &idx, &err) == DL_OK &&
                  dl_run_pipeline_of(r, idx, &err) == DL_OK;
        free(dir);
        if (!ok)
                dl_cli_print_error(&err);
        dl_error_fini(&err);
        return ok ? &r->pipelines[idx] : NULL;
}

static bool definitions_mine(void *data, const char *path)
{
        const struct run *r = data;
        return !r->o.shard_n || dl_shard_keeps(path, r->project_root, r->o.shard_k, r->o.shard_n);
}

static void definitions_done(void *data, const char *path, const struct dl_ruleset *rules,
                             struct dl_finding **take, size_t n)
{
        take_unit(data, path, rules, take, n);
}

/* The table definition files of the run linted (definitions.h): those
 * named or walked, and those every rules file in use imports. */
void dl_run_lint_definitions(struct run *r)
{
        char **paths = NULL;
        size_t n = 0;
        for (size_t i = 0; i < r->defs.n; i++) {
                paths = dl_xrealloc(paths, (n + 1) * sizeof *paths);
                paths[n++] = dl_xstrdup(r->defs.paths[i]);
        }
        for (size_t i = 0; i < r->n_pipelines; i++) {
                if (r->pipeline_ready[i])
                        dl_definitions_add_imports(dl_config_at(r->config, i), &paths, &n);
        }
        struct dl_definitions_env env = {definitions_pipeline, definitions_mine, definitions_done,
                                         r};
        r->n_defs_linted = dl_definitions_lint(paths, n, &env, &r->defs_linted);
        dl_strv_free(paths, n);
}

/* A finished file, in file order: its diagnostics, its dump, its
 * findings decided and shown. */
void dl_run_file_done(void *data, struct dl_job *job, size_t i)
{
        struct run *r = data;
        dl_progress_clear(&r->progress);
        dl_result_cache_count(r->results, job->cache, 1 + job->n_own);
        say_flags(r, r->job_file[i]);
        for (size_t h = 0; h < job->n_own; h++)
                say_flags(r, r->own_file[(size_t)(job->own - r->owns) + h]);
        replay_log(r, &job->log);
        dl_strbuf_add(&r->access, job->access.buf, job->access.len);
        if (job->dump) {
                fwrite(job->dump, 1, job->dump_len, stdout);
                fflush(stdout);
        }
        bool analysed = job->outcome == DL_FILE_ANALYSED;
        if (job->outcome == DL_FILE_NOT_PARSED) { /* nothing in it to report */
                r->n_not_parsed += 1 + job->n_own;
                analysed = true;
        }
        if (!analysed) {
                r->incomplete = true;
        } else {
                if (job->clang_errors) {
                        r->had_clang_errors = true;
                        r->n_clang_error_files++;
                }
                r->analysed[r->job_file[i]] = true;
        }
        if (!r->o.dump_requests) {
                /* the unit's own headers: their directives judged too. A
                 * unit the prefilter left out spells "ddblint" nowhere, nor
                 * do its headers (prefilter.h): no directive to judge, and
                 * its files are not read again */
                if (job->outcome == DL_FILE_NOT_PARSED)
                        analysed = false;
                for (size_t h = 0; analysed && h < job->n_own; h++)
                        dl_sink_take_unit(r->sink, job->own[h].path, job->pipeline->rules, NULL, 0,
                                          NULL);
                take_unit(r, analysed ? job->path : NULL, job->pipeline->rules, job->findings,
                          job->n_findings);
                job->n_findings = 0; /* the sink has them */
        }
        dl_job_fini(job);
        dl_progress_update(&r->progress, i + 1, job->path);
}

/* The cache's digest memo (cache_files.h), opened at the first use; NULL
 * under --no-cache or without a cache directory. */
struct dl_digest_memo *dl_run_digests_of(struct run *r)
{
        if (!r->digests && !r->o.no_cache) {
                char *cache = dl_cli_cache_dir(&r->o);
                r->digests = cache ? dl_digest_memo_open(cache) : NULL;
                free(cache);
        }
        return r->digests;
}

/* -p: the database located and checked (compdb_json.h), then loaded by
 * libclang unless a memo of its answers is in the cache directory
 * (compdb_memo.h): then libclang is loaded only for a file the memo does
 * not know (dl_run_compile_args). */
enum dl_status dl_run_open_compdb(struct run *r, struct dl_error *err)
{
        const struct dl_options *o = &r->o;
        /* A database named compile_commands.json whose very bytes have a
         * memo was checked, and needed no copy, by the run that wrote it:
         * it is not read with jansson again (0.1 s at 10,000 entries) */
        char *found = o->no_cache ? NULL : dl_compdb_find(o->compdb_dir);
        const char *name = found ? strrchr(found, '/') : NULL;
        if (found && !strcmp(name ? name + 1 : found, "compile_commands.json")) {
                char *cache = dl_cli_cache_dir(o);
                r->compdb_memo = dl_compdb_memo_new(cache, found, dl_run_digests_of(r));
                free(cache);
                if (dl_compdb_memo_found(r->compdb_memo)) {
                        r->compdb_dir = dl_path_dirname(found);
                        free(found);
                        return DL_OK;
                }
                dl_compdb_memo_free(r->compdb_memo);
                r->compdb_memo = NULL;
        }
        free(found);
        enum dl_status st = dl_compdb_locate(o->compdb_dir, r->project_root, &r->compdb_dir,
                                             &r->compdb_tmp, err);
        if (st != DL_OK)
                return st;
        if (!o->no_cache) {
                char *cache = dl_cli_cache_dir(o);
                char *file = dl_xasprintf("%s/compile_commands.json", r->compdb_dir);
                r->compdb_memo = dl_compdb_memo_new(cache, file, dl_run_digests_of(r));
                free(file);
                free(cache);
        }
        if (dl_compdb_memo_found(r->compdb_memo))
                return DL_OK;
        return dl_compdb_open(r->compdb_dir, &r->db, err);
}

/* realpath(path) into buf (PATH_MAX bytes), or NULL: the files of a
 * directory come together, so its real path is asked once, and a file
 * that is no symbolic link is its real directory and its name (one lstat
 * instead of a readlink per component). */
static char *real_file(struct run *r, const char *path, bool no_link, char *buf)
{
        const char *slash = strrchr(path, '/');
        const char *base = slash ? slash + 1 : path;
        struct stat st;
        if (!*base || !strcmp(base, ".") || !strcmp(base, "..") ||
            (!no_link && (lstat(path, &st) != 0 || S_ISLNK(st.st_mode))))
                return realpath(path, buf);
        char *dir = slash ? dl_xstrndup(path, (size_t)(slash - path) + (slash == path))
                          : dl_xstrdup(".");
        if (!r->real_dir_key || strcmp(dir, r->real_dir_key) != 0) {
                free(r->real_dir_key);
                free(r->real_dir);
                char rb[PATH_MAX];
                r->real_dir = realpath(dir, rb) ? dl_xstrdup(rb) : NULL;
                r->real_dir_key = dir;
        } else {
                free(dir);
        }
        if (!r->real_dir || snprintf(buf, PATH_MAX, "%s/%s",
                                     strcmp(r->real_dir, "/") ? r->real_dir : "", base) >= PATH_MAX)
                return realpath(path, buf);
        return buf;
}

/* dl_compile_args_for with -p's answers taken from the memo when it has
 * them, else from libclang (kept in the memo). no_link: path is known to
 * be no symbolic link (the walk said so). */
void dl_run_compile_args(struct run *r, const char *path, bool no_link, const char *repo,
                         struct dl_compile_args *out)
{
        const struct dl_options *o = &r->o;
        const char *const *extra = (const char *const *)o->extra_args;
        char buf[PATH_MAX];
        const char *real = real_file(r, path, no_link, buf) ? buf : path;
        int kept = dl_compdb_memo_get(r->compdb_memo, real, out);
        if (kept < 0 && r->compdb_dir && !r->db)
                dl_compdb_open(r->compdb_dir, &r->db, NULL); /* it loaded before */
        if (kept < 0 && r->db) {
                kept = dl_compdb_lookup(r->db, path, out);
                dl_compdb_memo_put(r->compdb_memo, real, kept ? out : NULL);
        }
        if (kept > 0)
                dl_compile_args_finish(out, r->project_root, extra, o->n_extra_args);
        else
                dl_compile_args_for(NULL, path, repo, r->project_root, extra, o->n_extra_args, out,
                                    NULL);
}

/* The help URI and page of every check, for SARIF and JSON. */
void dl_run_load_help(struct run *r, const char *argv0)
{
        r->help_uri = dl_xcalloc(r->cat->n + 1, sizeof *r->help_uri);
        r->help_markdown = dl_xcalloc(r->cat->n + 1, sizeof *r->help_markdown);
        char *dir = dl_cli_data_dir(argv0, "checks");
        for (size_t i = 0; i < r->cat->n; i++) {
                r->help_uri[i] = dl_help_uri(r->o.help_base, r->ids[i]);
                if (!dir)
                        continue;
                char *page = dl_xasprintf("%s/%s.md", dir, r->ids[i]);
                size_t len = 0;
                if (dl_file_read(page, &r->help_markdown[i], &len, NULL) != DL_OK)
                        r->help_markdown[i] = NULL;
                free(page);
        }
        free(dir);
}

/* --checks: a glob that matches no check is a typo; enabling nothing is a
 * mistake too (clang-tidy says "no checks enabled"). */
enum dl_status dl_run_validate_checks(const struct run *r, struct dl_error *err)
{
        if (!r->o.checks)
                return DL_OK;
        char *bad = dl_checks_glob_unmatched(r->o.checks, r->ids, r->cat->n);
        if (bad) {
                const char *s = dl_suggest(bad, r->ids, r->cat->n);
                enum dl_status st =
                        dl_error_set(err, DL_ERR_CONFIG, NULL,
                                     "--checks: '%s' matches no check%s%s%s "
                                     "(see 'ddblint --list-checks')",
                                     bad, s ? "; did you mean '" : "", s ? s : "", s ? "'?" : "");
                free(bad);
                return st;
        }
        bool any = false;
        for (size_t i = 0; i < r->cat->n && !any; i++)
                any = dl_checks_glob_apply(r->o.checks, r->ids[i], true);
        if (!any)
                return dl_error_set(err, DL_ERR_CONFIG, NULL,
                                    "--checks '%s' enables no check; expected at least one",
                                    r->o.checks);
        return DL_OK;
}

/* The rules files and table definitions read, first use first. */
const char **dl_run_config_files(const struct run *r, size_t *n)
{
        const char **out = NULL;
        *n = 0;
        for (size_t i = 0; i < dl_config_count(r->config); i++) {
                const struct dl_ruleset *rs = dl_config_at(r->config, i);
                for (size_t k = 0; k < rs->n_sources; k++) {
                        bool dup = false;
                        for (size_t j = 0; j < *n && !dup; j++)
                                dup = strcmp(out[j], rs->sources[k]) == 0;
                        if (dup)
                                continue;
                        out = dl_xrealloc(out, (*n + 1) * sizeof *out);
                        out[(*n)++] = rs->sources[k];
                }
        }
        return out;
}

void dl_run_say_rules(const struct run *r)
{
        for (size_t i = 0; i < r->n_pipelines; i++) {
                if (!r->files_per_ruleset[i])
                        continue;
                const struct dl_ruleset *rs = dl_config_at(r->config, i);
                size_t n = r->files_per_ruleset[i];
                if (!rs->n_sources) {
                        fprintf(stderr,
                                "ddblint: note: no rules file for %zu file%s: built-in "
                                "defaults\n",
                                n, n == 1 ? "" : "s");
                        continue;
                }
                fprintf(stderr, "ddblint: note: rules for %zu file%s from %s", n, n == 1 ? "" : "s",
                        rs->sources[0]);
                for (size_t k = 1; k < rs->n_sources; k++)
                        fprintf(stderr, ", %s", rs->sources[k]);
                fputc('\n', stderr);
        }
}

/* A note (shown under --verbose) for each declared wrapper whose pattern
 * matched no call in the files analysed with its rules; a wrapper shared
 * by several rulesets (inherit: true) is told once. */
void dl_run_say_unused_wrappers(struct run *r)
{
        DL_VEC(const unsigned long *) told = {0};
        for (size_t i = 0; i < r->n_pipelines; i++) {
                if (!r->files_per_ruleset[i])
                        continue;
                const struct dl_ruleset *rs = dl_config_at(r->config, i);
                for (size_t k = 0; k < rs->n_wrappers; k++) {
                        const struct dl_wrapper *w = &rs->wrappers[k];
                        bool seen = false;
                        for (size_t t = 0; t < told.n && !seen; t++)
                                seen = told.items[t] == w->calls;
                        if (seen || __atomic_load_n(w->calls, __ATOMIC_RELAXED))
                                continue;
                        DL_VEC_PUSH(&told, w->calls);
                        dl_log_add(&r->log, DL_LOG_NOTE, "wrapper-unused", &w->loc,
                                   "the wrapper pattern '%s' matches no function called in the "
                                   "files analysed",
                                   w->match);
                }
        }
        DL_VEC_FREE(&told);
}

void dl_run_fini(struct run *r)
{
        for (size_t i = 0; i < r->n_pipelines; i++) {
                if (r->pipeline_ready[i])
                        dl_pipeline_fini(&r->pipelines[i]);
        }
        free(r->pipelines);
        free(r->pipeline_ready);
        free(r->files_per_ruleset);
        dl_infer_pass_fini(&r->infer);
        for (size_t i = 0; i < r->n_outputs; i++) {
                if (r->outputs[i].r)
                        r->outputs[i].r->destroy(r->outputs[i].r);
                if (r->outputs[i].mem)
                        fclose(r->outputs[i].mem);
                free(r->outputs[i].buf);
                dl_atomic_abort(r->outputs[i].file);
        }
        for (size_t i = 0; r->help_uri && i < r->cat->n; i++) {
                free(r->help_uri[i]);
                free(r->help_markdown[i]);
        }
        free(r->help_uri);
        free(r->help_markdown);
        tdestroy(r->seen_diags, free);
        free(r->analysed);
        free(r->job_file);
        free(r->own_file);
        free(r->rules_index);
        dl_file_list_fini(&r->files);
        dl_file_list_fini(&r->defs);
        dl_strv_free(r->defs_linted, r->n_defs_linted);
        dl_pch_free(r->pch);
        dl_result_cache_free(r->results);
        dl_prefilter_memo_free(r->prefilter_memo);
        free(r->cache_dir);
        dl_sink_free(r->sink);
        dl_compdb_free(r->db);
        dl_compdb_memo_free(r->compdb_memo);
        /* after the result cache and the compdb memo, which borrow it */
        dl_digest_memo_close(r->digests);
        free(r->real_dir_key);
        free(r->skip_dir);
        free(r->real_dir);
        dl_compdb_unlocate(r->compdb_tmp);
        free(r->compdb_dir);
        dl_config_free(r->config);
        dl_gitignore_free(r->gitignore);
        dl_git_changes_free(r->changes);
        dl_ignore_list_fini(&r->excludes);
        free(r->stub_dir);
        free(r->project_root);
        free(r->cwd);
        free(r->ids);
        dl_error_fini(&r->walk_err);
        dl_strbuf_fini(&r->access);
        dl_options_fini(&r->o);
        dl_log_fini(&r->log);
}

/* Ends every report and writes the output files. */
bool dl_run_finish_outputs(struct run *r, const struct dl_run_summary *sum)
{
        bool ok = true;
        for (size_t i = 0; i < r->n_outputs; i++) {
                struct output *out = &r->outputs[i];
                if (out->r->end(out->r, sum) != DL_OK) {
                        fprintf(stderr, "ddblint: error: %s\n",
                                dl_reporter_error(out->r) ? dl_reporter_error(out->r)
                                                          : "cannot write the report");
                        ok = false;
                        continue;
                }
                if (!out->file)
                        continue;
                fclose(out->mem);
                out->mem = NULL;
                struct dl_error err;
                dl_error_init(&err);
                enum dl_status st = dl_atomic_commit(out->file, out->buf, out->len, &err);
                out->file = NULL;
                if (st != DL_OK) {
                        dl_cli_print_error(&err);
                        ok = false;
                }
                dl_error_fini(&err);
        }
        return ok;
}
