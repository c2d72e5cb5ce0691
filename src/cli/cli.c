/* cli.c - the ddblint command: options -> outputs checked -> rules per
 * directory -> inputs -> pipeline per file (in parallel) -> sink and
 * reporters, file by file in order -> exit code.
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE /* tdestroy */
#include "cli.h"

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

#ifndef DL_VERSION
#define DL_VERSION "0.0.0"
#endif

/* "512M" -> 536870912: bytes with an optional K, M or G (powers of 1024). */
static bool parse_size(const char *s, uint64_t *out)
{
        char *end;
        errno = 0;
        unsigned long long v = strtoull(s, &end, 10);
        if (end == s || errno || s[0] == '-')
                return false;
        unsigned shift = 0;
        if (*end == 'K' || *end == 'k')
                shift = 10, end++;
        else if (*end == 'M' || *end == 'm')
                shift = 20, end++;
        else if (*end == 'G' || *end == 'g')
                shift = 30, end++;
        if (*end || (shift && v > (UINT64_MAX >> shift)))
                return false;
        *out = (uint64_t)v << shift;
        return true;
}

/* The absolute directory of path, relative to cwd (the run's working
 * directory: asked once, not for every file). (transfer full) */
static char *abs_dir_of(const char *cwd, const char *path)
{
        char *abs = dl_path_join(cwd, path);
        char *slash = strrchr(abs, '/');
        if (slash && slash != abs)
                *slash = '\0';
        return abs;
}

/* libclang prints its own parser's noise for a malformed
 * compile_commands.json: the database is located and read with jansson
 * first (compdb_json.h) so the user gets one clear file:line:col error. */
enum dl_status dl_cli_compdb_open(const char *where, const char *root, struct dl_compdb **out,
                                  struct dl_error *err)
{
        *out = NULL;
        char *dir = NULL, *tmp = NULL;
        enum dl_status st = dl_compdb_locate(where, root, &dir, &tmp, err);
        if (st == DL_OK)
                st = dl_compdb_open(dir, out, err);
        dl_compdb_unlocate(tmp);
        free(dir);
        return st;
}

/* The real paths of the operands, sorted (a header named on the command
 * line is never owned); *n receives their count. (transfer full: free
 * with dl_strv_free) */
static char **operand_reals(const struct dl_options *o, size_t *n)
{
        char **v = dl_xcalloc(o->n_paths + 1, sizeof *v);
        char buf[PATH_MAX];
        *n = 0;
        for (size_t i = 0; i < o->n_paths; i++) {
                if (realpath(o->paths[i], buf))
                        v[(*n)++] = dl_xstrdup(buf);
        }
        dl_strv_sort_unique(v, n);
        return v;
}

/* Whether path (a walked header) is one of the operands (reals, sorted);
 * a source is never asked (owners.h: only a header's naming matters). */
static bool named_operand(char *const *reals, size_t n, const char *path)
{
        const char *slash = strrchr(path, '/');
        if (!n || dl_is_unit_name(slash ? slash + 1 : path))
                return false;
        char real[PATH_MAX];
        return realpath(path, real) && dl_strv_contains(reals, n, real);
}

/* The run's sources are C++: some .cc/.cpp/.cxx file and no .c file. A
 * header whose flags name no language is then parsed as C++. */
static bool is_cxx_project(const struct dl_file_list *files)
{
        bool cxx = false;
        for (size_t i = 0; i < files->n; i++) {
                const char *dot = strrchr(files->paths[i], '.');
                if (!dot)
                        continue;
                if (strcmp(dot, ".c") == 0)
                        return false;
                cxx = cxx || strcmp(dot, ".cc") == 0 || strcmp(dot, ".cpp") == 0 ||
                      strcmp(dot, ".cxx") == 0 || strcmp(dot, ".C") == 0;
        }
        return cxx;
}

static int cmp_key(const void *a, const void *b)
{
        return strcmp(a, b);
}

/* An error with a place in a file (a rules file, a template) is printed as
 * compilers print theirs, "FILE:L:C: error: ...", which editors and CI
 * problem matchers pick up; any other as "ddblint: error: ...". */
static void print_error(const struct dl_error *err)
{
        if (err->file && err->line) {
                fprintf(stderr, "%s:%u", err->file, err->line);
                if (err->col)
                        fprintf(stderr, ":%u", err->col);
                fprintf(stderr, ": error: %s\n",
                        err->message ? err->message : dl_status_str(err->status));
                return;
        }
        char *m = dl_error_format(err);
        fprintf(stderr, "ddblint: error: %s\n", m);
        free(m);
}

static bool use_color(FILE *f)
{
        const char *nc = getenv("NO_COLOR");
        return isatty(fileno(f)) && !(nc && *nc);
}

/* ---- the run ---------------------------------------------------------- */

/* One report: a reporter and, for a file, the output opened at the start
 * and the memory it is written to until the end. */
struct output {
        struct dl_reporter *r;
        struct dl_atomic_file *file; /* NULL: the reporter writes to stdout */
        FILE *mem;
        char *buf;
        size_t len;
};

struct run {
        struct dl_options o;
        const struct dl_catalogue *cat;
        const char **ids;
        struct dl_log log;
        struct dl_config *config;
        struct dl_sink *sink;
        struct dl_compdb *db;                /* -p: libclang's reader, loaded when asked */
        char *compdb_dir, *compdb_tmp;       /* -p: what dl_compdb_locate gave */
        struct dl_compdb_memo *compdb_memo;  /* its answers kept, or NULL */
        struct dl_digest_memo *digests;      /* the cache's digest memo, or NULL (digests_of) */
        char *skip_dir;                      /* skip_path: the last directory asked */
        const struct dl_ruleset *skip_rules; /* and its rules */
        char *real_dir_key, *real_dir;       /* compile_args: the last directory
                                               made real, and its real path */
        struct dl_gitignore *gitignore;
        struct dl_git_changes *changes; /* --diff-base, or NULL */
        char *stub_dir, *project_root, *cwd;
        char *cache_dir;                 /* --cache-dir or the default; NULL: none */
        struct dl_pch *pch;              /* the precompiled client header, or NULL */
        struct dl_result_cache *results; /* each file's results, or NULL */
        /* the prefilter's verdicts kept, or NULL */
        struct dl_prefilter_memo *prefilter_memo;
        size_t n_not_parsed;                     /* files the prefilter left out */
        struct dl_ignore_list excludes;          /* --exclude */
        struct dl_pipeline *pipelines;           /* per config index, lazily */
        bool *pipeline_ready;
        size_t n_pipelines;
        struct output outputs[2];
        size_t n_outputs;
        struct dl_error walk_err;                /* a rules file met while walking */
        bool walk_failed;
        void *seen_diags;                        /* tsearch tree of replayed diagnostics */
        bool *analysed;                          /* per file: analysed or left out by the
                                                    prefilter (SARIF artifacts) */
        size_t *job_file;                        /* per job: its file's index */
        char **flag_notes;                       /* per file: the flags the allow-list
                                                    dropped (flags.h), said or NULL */
        const struct dl_own_header *owns;        /* every job's own headers, and */
        size_t *own_file;                        /* each one's file index */
        size_t n_owned;                          /* headers analysed in their owner's unit */
        size_t *files_per_ruleset;
        bool incomplete, had_clang_errors;
        size_t n_clang_error_files; /* analysed sources with clang errors */
        struct dl_progress progress;
        struct dl_file_list files;
        struct dl_file_list defs; /* table definition files (definitions.h) */
        char **defs_linted;       /* those linted (SARIF artifacts; owned) */
        size_t n_defs_linted;
        size_t *rules_index;                     /* per file */
        char **help_uri;                         /* per check */
        char **help_markdown;                    /* per check */
        struct dl_strbuf access;                 /* the subcommands' access records */
        struct dl_infer_pass infer;              /* the wrappers the first pass inferred */
};

static bool check_on(void *data, const struct dl_ruleset *rules, const char *id)
{
        const struct run *r = data;
        return dl_check_runs(rules, r->o.checks, id);
}

/* Exclusions: --exclude (relative to the current directory), the rules
 * file's `exclude:` (relative to its directory), and .gitignore while
 * walking a directory (a file named on the command line is always
 * analysed unless an exclude pattern names it). */
static bool skip_path(void *data, const char *path, bool is_dir, bool named)
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
static enum dl_status pipeline_of(struct run *r, size_t i, struct dl_error *err)
{
        if (i >= r->n_pipelines) {
                size_t n = i + 1;
                r->pipelines = dl_xrealloc(r->pipelines, n * sizeof *r->pipelines);
                r->pipeline_ready = dl_xrealloc(r->pipeline_ready, n * sizeof *r->pipeline_ready);
                r->files_per_ruleset = dl_xrealloc(r->files_per_ruleset,
                                                   n * sizeof *r->files_per_ruleset);
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
static enum dl_status add_output(struct run *r, const char *path, int format,
                                 struct dl_error *err)
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
        char *dir = abs_dir_of(r->cwd, path);
        const struct dl_ruleset *rs;
        size_t idx = 0;
        struct dl_error err;
        dl_error_init(&err);
        bool ok = dl_config_for(r->config, dir, true, &rs, &idx, &err) == DL_OK &&
                  pipeline_of(r, idx, &err) == DL_OK;
        free(dir);
        if (!ok)
                print_error(&err);
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
static void lint_definitions(struct run *r)
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
static void file_done(void *data, struct dl_job *job, size_t i)
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
static struct dl_digest_memo *digests_of(struct run *r)
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
 * not know (compile_args). */
static enum dl_status open_compdb(struct run *r, struct dl_error *err)
{
        const struct dl_options *o = &r->o;
        /* A database named compile_commands.json whose very bytes have a
         * memo was checked, and needed no copy, by the run that wrote it:
         * it is not read with jansson again (0.1 s at 10,000 entries) */
        char *found = o->no_cache ? NULL : dl_compdb_find(o->compdb_dir);
        const char *name = found ? strrchr(found, '/') : NULL;
        if (found && !strcmp(name ? name + 1 : found, "compile_commands.json")) {
                char *cache = dl_cli_cache_dir(o);
                r->compdb_memo = dl_compdb_memo_new(cache, found, digests_of(r));
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
                r->compdb_memo = dl_compdb_memo_new(cache, file, digests_of(r));
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
static void compile_args(struct run *r, const char *path, bool no_link, const char *repo,
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
static void load_help(struct run *r, const char *argv0)
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
static enum dl_status validate_checks(const struct run *r, struct dl_error *err)
{
        if (!r->o.checks)
                return DL_OK;
        char *bad = dl_checks_glob_unmatched(r->o.checks, r->ids, r->cat->n);
        if (bad) {
                const char *s = dl_suggest(bad, r->ids, r->cat->n);
                enum dl_status st = dl_error_set(err, DL_ERR_CONFIG, NULL,
                                                 "--checks: '%s' matches no check%s%s%s "
                                                 "(see 'ddblint --list-checks')",
                                                 bad, s ? "; did you mean '" : "", s ? s : "",
                                                 s ? "'?" : "");
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
static const char **config_files(const struct run *r, size_t *n)
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

static void say_rules(const struct run *r)
{
        for (size_t i = 0; i < r->n_pipelines; i++) {
                if (!r->files_per_ruleset[i])
                        continue;
                const struct dl_ruleset *rs = dl_config_at(r->config, i);
                size_t n = r->files_per_ruleset[i];
                if (!rs->n_sources) {
                        fprintf(stderr, "ddblint: note: no rules file for %zu file%s: built-in "
                                        "defaults\n", n, n == 1 ? "" : "s");
                        continue;
                }
                fprintf(stderr, "ddblint: note: rules for %zu file%s from %s", n,
                        n == 1 ? "" : "s", rs->sources[0]);
                for (size_t k = 1; k < rs->n_sources; k++)
                        fprintf(stderr, ", %s", rs->sources[k]);
                fputc('\n', stderr);
        }
}

/* A note (shown under --verbose) for each declared wrapper whose pattern
 * matched no call in the files analysed with its rules; a wrapper shared
 * by several rulesets (inherit: true) is told once. */
static void say_unused_wrappers(struct run *r)
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

static void run_fini(struct run *r)
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
static bool finish_outputs(struct run *r, const struct dl_run_summary *sum)
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
                        print_error(&err);
                        ok = false;
                }
                dl_error_fini(&err);
        }
        return ok;
}

int dl_cli_main(int argc, char **argv)
{
        struct run run;
        struct run *r = &run;
        memset(r, 0, sizeof *r);
        struct dl_error err;
        dl_error_init(&err);
        dl_error_init(&r->walk_err);
        int rc = DL_EXIT_OK;
        dl_log_init(&r->log, stderr, false);
        r->cat = dl_catalogue_get();
        r->ids = dl_xcalloc(r->cat->n + 1, sizeof *r->ids);
        for (size_t i = 0; i < r->cat->n; i++)
                r->ids[i] = r->cat->checks[i]->info->id;

        if (dl_options_parse(&r->o, argc, argv, &err) != DL_OK) {
                print_error(&err);
                fputs("usage: ddblint [options] [--] PATH... (see 'ddblint --help')\n", stderr);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        const struct dl_options *o = &r->o;
        r->log.verbose = o->verbose;
        if (o->help) {
                fputs(dl_options_usage(), stdout);
                goto out;
        }
        if (o->version) {
                printf("ddblint %s\n", DL_VERSION);
                goto out;
        }
        if (o->list_checks) {
                dl_cli_list_checks(stdout);
                goto out;
        }
        if (o->explain) {
                rc = dl_cli_explain(argv[0], o->explain);
                goto out;
        }
        if (o->merge_sarif) {
                if (o->n_paths == 0) {
                        fputs("ddblint: error: merge-sarif needs the SARIF logs to merge "
                              "(ddblint merge-sarif [-o OUT] A.sarif B.sarif...)\n",
                              stderr);
                        rc = DL_EXIT_USAGE;
                } else if (dl_sarif_merge(o->paths, o->n_paths, o->output, &err) != DL_OK) {
                        print_error(&err);
                        rc = DL_EXIT_USAGE;
                }
                goto out;
        }
        if (validate_checks(r, &err) != DL_OK || dl_access_cmd_check(o, &err) != DL_OK) {
                print_error(&err);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        /* From here, temporary output files are removed if ddblint is killed. */
        dl_file_cleanup_on_signals();
        /* A file-size limit (ulimit -f) makes a write fail with EFBIG, a
         * clear error (exit 2 for an output, a miss for the cache), instead
         * of killing the run with SIGXFSZ and leaving temporary files. */
        signal(SIGXFSZ, SIG_IGN);
        r->cwd = dl_cli_cwd();
        if (o->project_root) {
                char buf[PATH_MAX];
                if (!realpath(o->project_root, buf)) {
                        fprintf(stderr, "ddblint: error: %s: no such directory (--project-root)\n",
                                o->project_root);
                        rc = DL_EXIT_USAGE;
                        goto out;
                }
                r->project_root = dl_xstrdup(buf);
        } else {
                r->project_root = dl_cli_git_root(r->cwd);
                if (!r->project_root)
                        r->project_root = dl_xstrdup(r->cwd);
        }
        if (o->command != DL_CMD_LINT) {
                struct dl_atomic_file *probe = NULL;
                enum dl_status st = o->output ? dl_atomic_open(o->output, &probe, &err) : DL_OK;
                dl_atomic_abort(probe);
                if (st != DL_OK) {
                        print_error(&err);
                        rc = DL_EXIT_USAGE;
                        goto out;
                }
        } else if (!o->dump_requests) {
                /* Every output is checked for writability before any work. */
                load_help(r, argv[0]);
                enum dl_status st = add_output(r, o->output, (int)o->format, &err);
                if (st == DL_OK && o->sarif_path)
                        st = add_output(r, o->sarif_path, DL_FORMAT_SARIF, &err);
                const char *probes[] = {o->write_baseline, o->export_fixes};
                for (size_t i = 0; st == DL_OK && i < 2; i++) {
                        struct dl_atomic_file *probe = NULL;
                        st = probes[i] ? dl_atomic_open(probes[i], &probe, &err) : DL_OK;
                        dl_atomic_abort(probe);
                }
                if (st != DL_OK) {
                        print_error(&err);
                        rc = DL_EXIT_USAGE;
                        goto out;
                }
        }
        if (o->diff_base && o->command == DL_CMD_LINT && !o->dump_requests) {
                /* a baseline written from the changed lines alone would
                   forget every other finding */
                if (o->write_baseline)
                        dl_error_set(&err, DL_ERR_CONFIG, NULL,
                                     "--diff-base and --write-baseline cannot be used together");
                if (o->write_baseline ||
                    dl_git_changes_load(r->cwd, o->diff_base, &r->changes, &err) != DL_OK) {
                        print_error(&err);
                        rc = DL_EXIT_USAGE;
                        goto out;
                }
        }
        dl_cli_check_cache_dir(&r->o);
        struct dl_config_opts co = {o->rules_path, o->tables_from, o->n_tables_from,
                                    r->ids,        r->cat->n,      r->project_root};
        if (dl_config_new(&co, &r->config, &err) != DL_OK) {
                print_error(&err);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        if (o->compdb_dir && open_compdb(r, &err) != DL_OK) {
                print_error(&err);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        if (!o->no_stubs)
                r->stub_dir = dl_cli_stub_dir(argv[0], &r->log);
        uint64_t cache_size = 512ull << 20;
        if (o->cache_size && !parse_size(o->cache_size, &cache_size)) {
                fprintf(stderr,
                        "ddblint: --cache-size '%s': expected a size in bytes (K, M or G "
                        "suffix allowed)\n",
                        o->cache_size);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        if (r->stub_dir && !o->no_pch) {
                /* With a key, precompiled headers are not kept between runs:
                 * clang reads an AST file without checking who wrote it, and a
                 * key signs the cache's own files only (docs/security.md,
                 * "Caches"): a private directory for this run instead. */
                const char *key = getenv(DL_CACHE_KEY_ENV);
                r->cache_dir = o->no_cache || (key && *key) ? NULL : dl_cli_cache_dir(o);
                r->pch = dl_pch_new(r->stub_dir, r->cache_dir);
                /* preambles only where a later run reuses them */
                if (r->cache_dir)
                        dl_pch_preambles(r->pch, cache_size, DL_PCH_PREAMBLE_MIN_TEXT);
        }
        if (!o->no_cache && !o->dump_requests) {
                char *dir = dl_cli_cache_dir(o);
                r->results = dir ? dl_result_cache_new(dir, cache_size, DL_VERSION, r->stub_dir,
                                                       digests_of(r))
                                 : NULL;
                if (r->results && !o->no_prefilter)
                        r->prefilter_memo = dl_prefilter_memo_new(
                                dir, dl_result_cache_program(r->results), r->stub_dir);
                free(dir);
        }

        struct dl_sink_opts so = {0};
        so.known_ids = r->ids;
        so.n_known_ids = r->cat->n;
        so.project_root = r->project_root;
        so.baseline_path = o->baseline;
        so.check_on = check_on;
        so.check_on_data = r;
        if (r->changes) {
                so.in_scope = dl_git_changes_keep;
                so.in_scope_data = r->changes;
        }
        r->sink = dl_sink_new(&so);
        if (dl_sink_load_baseline(r->sink, &err) != DL_OK) {
                print_error(&err);
                rc = DL_EXIT_USAGE;
                goto out;
        }

        /* The inputs, without what is excluded. */
        for (size_t i = 0; i < o->n_excludes; i++)
                dl_ignore_add(&r->excludes, o->excludes[i], r->cwd);
        r->gitignore = dl_gitignore_new();
        static const char *const here[] = {"."};
        struct dl_walk_opts wo = {o->extensions,
                                  o->n_extensions,
                                  skip_path,
                                  r,
                                  r->project_root,
                                  o->follow_symlinks,
                                  o->command == DL_CMD_LINT && !o->dump_requests ? &r->defs : NULL};
        dl_walk_paths(o->n_paths ? o->paths : here, o->n_paths ? o->n_paths : 1, &wo, &r->log,
                      &r->files);
        if (r->walk_failed) {
                print_error(&r->walk_err);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        r->incomplete = r->files.failed > 0;
        /* decided on every input, so that each shard decides the same */
        bool cxx_project = is_cxx_project(&r->files);

        /* Each file's rules (every rules file was read and validated by the
         * walk) and compile arguments, for every input: a header's owner is
         * chosen among all of them (owners.h), before --shard. Compile
         * arguments are resolved here, on one thread (libclang's
         * compilation database is not documented as thread-safe). */
        size_t n_all = r->files.n;
        r->rules_index = dl_xcalloc(n_all + 1, sizeof *r->rules_index);
        struct dl_compile_args *cargs = dl_xcalloc(n_all + 1, sizeof *cargs);
        r->flag_notes = dl_xcalloc(n_all + 1, sizeof *r->flag_notes);
        struct dl_owner_input *oin = dl_xcalloc(n_all + 1, sizeof *oin);
        size_t n_reals;
        char **reals = operand_reals(o, &n_reals);
        char *last_dir = NULL, *last_repo = NULL;
        for (size_t i = 0; i < n_all; i++) {
                const char *path = r->files.paths[i];
                const struct dl_ruleset *rs;
                char *dir = abs_dir_of(r->cwd, path);
                /* the files of a directory come together: the previous
                   file's rules when it was in the same one */
                if (last_dir && !strcmp(dir, last_dir)) {
                        r->rules_index[i] = r->rules_index[i - 1];
                } else if (dl_config_for(r->config, dir, true, &rs, &r->rules_index[i], &err) !=
                           DL_OK) {
                        free(dir);
                        print_error(&err);
                        rc = DL_EXIT_USAGE;
                        for (size_t k = 0; k < i; k++) {
                                dl_compile_args_fini(&cargs[k]);
                                free(r->flag_notes[k]);
                        }
                        free(r->flag_notes);
                        r->flag_notes = NULL;
                        free(cargs);
                        free(oin);
                        free(last_dir);
                        free(last_repo);
                        dl_strv_free(reals, n_reals);
                        goto out;
                }
                /* the files of a directory come together: its repository
                   root is looked up once */
                if (!last_dir || strcmp(dir, last_dir) != 0) {
                        free(last_dir);
                        free(last_repo);
                        last_dir = dir;
                        last_repo = dl_cli_repo_root(dir, r->project_root);
                } else {
                        free(dir);
                }
                compile_args(r, path, r->files.no_link[i], last_repo, &cargs[i]);
                r->flag_notes[i] = dl_flags_note(
                        cargs[i].drops, cargs[i].n_drops, cargs[i].origin,
                        cargs[i].origin && !strcmp(cargs[i].origin, "compile_commands.json"));
                dl_prefilter_memo_seen(r->prefilter_memo, path, &r->files.stats[i]);
                dl_compile_args_header_language(&cargs[i], path, cxx_project);
                oin[i] = (struct dl_owner_input){path, (const char *const *)cargs[i].argv,
                                                 cargs[i].n, r->rules_index[i],
                                                 named_operand(reals, n_reals, path)};
        }
        free(last_dir);
        free(last_repo);
        dl_strv_free(reals, n_reals);
        dl_compdb_memo_save(r->compdb_memo);
        size_t *owner = dl_xcalloc(n_all + 1, sizeof *owner);
        r->n_owned = dl_owners_find(oin, n_all, r->stub_dir, owner);
        /* the wrappers of every file, before any is analysed and before
         * --shard (each shard infers the same) */
        {
                const char *const **fargs = dl_xcalloc(n_all + 1, sizeof *fargs);
                size_t *nfargs = dl_xcalloc(n_all + 1, sizeof *nfargs);
                for (size_t i = 0; i < n_all; i++) {
                        fargs[i] = (const char *const *)cargs[i].argv;
                        nfargs[i] = cargs[i].n;
                }
                if (!o->no_cache) {
                        char *dir = dl_cli_cache_dir(o);
                        dl_infer_pass_memo(&r->infer, dir, r->files.stats);
                        free(dir);
                }
                struct dl_job_limits limits = {o->tu_timeout, o->tu_memory};
                struct dl_infer_inputs in = {(const char *const *)r->files.paths,
                                             fargs,
                                             nfargs,
                                             n_all,
                                             r->stub_dir,
                                             o->jobs ? o->jobs : dl_jobs_default_workers(),
                                             &limits};
                dl_infer_pass_run(&r->infer, &in, o->verbose, &r->log);
                free(fargs);
                free(nfargs);
        }
        free(oin);

        /* This shard's files (a header goes with its owner), their
         * pipelines, and one job per translation unit with its own
         * headers. */
        bool *mine = dl_xcalloc(n_all + 1, sizeof *mine);
        size_t *n_own_of = dl_xcalloc(n_all + 1, sizeof *n_own_of);
        size_t n = 0, n_own_total = 0;
        for (size_t i = 0; i < n_all; i++) {
                size_t unit = owner[i] == DL_NO_OWNER ? i : owner[i];
                mine[i] = !o->shard_n || dl_shard_keeps(r->files.paths[unit], r->project_root,
                                                        o->shard_k, o->shard_n);
                if (!mine[i])
                        continue;
                if (pipeline_of(r, r->rules_index[i], &err) != DL_OK) {
                        print_error(&err);
                        rc = DL_EXIT_USAGE;
                        break;
                }
                r->files_per_ruleset[r->rules_index[i]]++;
                if (owner[i] == DL_NO_OWNER) {
                        n++;
                } else {
                        n_own_of[owner[i]]++;
                        n_own_total++;
                }
        }
        struct dl_job *jobs = dl_xcalloc(n + 1, sizeof *jobs);
        struct dl_own_header *owns = dl_xcalloc(n_own_total + 1, sizeof *owns);
        r->job_file = dl_xcalloc(n + 1, sizeof *r->job_file);
        r->owns = owns;
        r->own_file = dl_xcalloc(n_own_total + 1, sizeof *r->own_file);
        size_t *job_of = dl_xcalloc(n_all + 1, sizeof *job_of);
        for (size_t i = 0, j = 0, at = 0; rc == DL_EXIT_OK && i < n_all; i++) {
                if (!mine[i] || owner[i] != DL_NO_OWNER)
                        continue;
                job_of[i] = j;
                r->job_file[j] = i;
                jobs[j].pipeline = &r->pipelines[r->rules_index[i]];
                jobs[j].path = r->files.paths[i];
                jobs[j].args = (const char *const *)cargs[i].argv;
                jobs[j].n_args = cargs[i].n;
                jobs[j].own = &owns[at];
                at += n_own_of[i];
                j++;
        }
        for (size_t i = 0; rc == DL_EXIT_OK && i < n_all; i++) {
                if (!mine[i] || owner[i] == DL_NO_OWNER)
                        continue;
                struct dl_job *job = &jobs[job_of[owner[i]]];
                r->own_file[(size_t)(job->own - owns) + job->n_own] = i;
                ((struct dl_own_header *)job->own)[job->n_own++] = (struct dl_own_header){
                        r->files.paths[i], (const char *const *)cargs[i].argv, cargs[i].n};
        }
        free(job_of);
        free(n_own_of);
        /* Without a result cache every job parses: libclang is loaded here,
         * once, before the workers fork, rather than in each (a load costs
         * about 0.1 s of CPU), and a library that cannot be loaded is one
         * error, not one per file. Otherwise a worker loads it at its first
         * parse, and a run the cache answers whole never does (libclang.h). */
        const char *why = NULL;
        if (rc == DL_EXIT_OK && !r->results && n && !dl_libclang_load(&why)) {
                fprintf(stderr, "ddblint: %s\n", why);
                rc = DL_EXIT_USAGE;
        }
        if (rc == DL_EXIT_OK) {
                if (o->verbose) {
                        say_rules(r);
                        if (n_own_total)
                                fprintf(stderr,
                                        "ddblint: note: %zu header%s analysed in the translation "
                                        "unit of a source that includes %s, not on %s own\n",
                                        n_own_total, n_own_total == 1 ? "" : "s",
                                        n_own_total == 1 ? "it" : "them",
                                        n_own_total == 1 ? "its" : "their");
                }
                /* The analyses run in parallel and come back in file order. */
                r->analysed = dl_xcalloc(n_all + 1, sizeof *r->analysed);
                for (size_t i = 0; i < r->n_outputs; i++)
                        r->outputs[i].r->begin(r->outputs[i].r, r->cat);
                dl_progress_init(
                        &r->progress, stderr,
                        dl_progress_wanted(isatty(fileno(stderr)), o->quiet, getenv("TERM"), n), n);
                struct dl_job_limits limits = {o->tu_timeout, o->tu_memory};
                dl_jobs_run(jobs, n, o->jobs ? o->jobs : dl_jobs_default_workers(), &limits,
                            file_done, r);
                /* of this shard's files; a header analysed with its owner
                 * comes with the owner's entry */
                dl_prefilter_memo_save(r->prefilter_memo);
                if (o->cache_stats) {
                        fprintf(stderr, "ddblint: %zu of %zu files from the result cache\n",
                                dl_result_cache_hits(r->results), n + n_own_total);
                        if (r->prefilter_memo)
                                fprintf(stderr,
                                        "ddblint: %zu file%s skipped: no DynamoDB client use "
                                        "(%zu remembered)\n",
                                        r->n_not_parsed, r->n_not_parsed == 1 ? "" : "s",
                                        dl_prefilter_memo_hits(r->prefilter_memo));
                }
                dl_progress_clear(&r->progress);
                say_unused_wrappers(r);
                /* an owned header is analysed when its owner is */
                for (size_t i = 0; i < n_all; i++) {
                        if (mine[i] && owner[i] != DL_NO_OWNER)
                                r->analysed[i] = r->analysed[owner[i]];
                }
        }
        for (size_t i = 0; i < n_all; i++) {
                dl_compile_args_fini(&cargs[i]);
                free(r->flag_notes[i]);
        }
        free(r->flag_notes);
        r->flag_notes = NULL;
        r->owns = NULL;
        free(cargs);
        free(jobs);
        free(owns);
        free(mine);
        free(owner);
        if (rc != DL_EXIT_OK)
                goto out;
        if (o->dump_requests) {
                rc = r->incomplete ? DL_EXIT_INCOMPLETE : DL_EXIT_OK;
                if (fflush(stdout) != 0 || ferror(stdout)) { /* a full disk, /dev/full */
                        dl_error_set(&err, DL_ERR_IO, NULL, "cannot write the requests");
                        print_error(&err);
                        rc = DL_EXIT_USAGE;
                }
                goto out;
        }
        if (o->command != DL_CMD_LINT) {
                /* the declared patterns of every rules file of the run, once */
                const struct dl_access_pattern **decl = NULL;
                size_t n_decl = 0;
                for (size_t i = 0; i < r->n_pipelines; i++) {
                        const struct dl_ruleset *rs =
                                r->pipeline_ready[i] ? r->pipelines[i].rules : NULL;
                        for (size_t k = 0; rs && k < rs->n_access_patterns; k++) {
                                bool seen = false;
                                for (size_t d = 0; d < n_decl && !seen; d++)
                                        seen = decl[d] == &rs->access_patterns[k] ||
                                               !dl_loc_cmp(&decl[d]->loc,
                                                           &rs->access_patterns[k].loc);
                                if (seen)
                                        continue;
                                decl = dl_xrealloc(decl, (n_decl + 1) * sizeof *decl);
                                decl[n_decl++] = &rs->access_patterns[k];
                        }
                }
                rc = dl_access_cmd_report(o, r->access.buf, r->access.len, decl, n_decl);
                free(decl);
                if (rc == DL_EXIT_OK && r->incomplete)
                        rc = DL_EXIT_INCOMPLETE;
                goto out;
        }
        lint_definitions(r);
        if (dl_sink_finish(r->sink, &r->log, &err) != DL_OK) {
                print_error(&err);
                rc = DL_EXIT_USAGE;
                goto out;
        }

        struct dl_run_summary sum = {0};
        sum.log = &r->log;
        sum.stats = dl_sink_get_stats(r->sink);
        sum.complete = !r->incomplete && !r->had_clang_errors;
        const char **artifacts = dl_xcalloc(r->files.n + 1, sizeof *artifacts);
        artifacts = dl_xrealloc(artifacts, (r->files.n + r->n_defs_linted + 1) * sizeof *artifacts);
        for (size_t i = 0; i < r->files.n; i++) {
                if (r->analysed[i])
                        artifacts[sum.n_artifacts++] = r->files.paths[i];
        }
        for (size_t i = 0; i < r->n_defs_linted; i++)
                artifacts[sum.n_artifacts++] = r->defs_linted[i];
        sum.artifacts = artifacts;
        sum.n_not_parsed = r->n_not_parsed;
        sum.n_clang_error_files = r->n_clang_error_files;
        sum.argc = argc;
        sum.argv = (const char *const *)argv;
        const char **confs = config_files(r, &sum.n_config_files);
        sum.config_files = confs;
        bool report_ok = finish_outputs(r, &sum);
        free(confs);
        free(artifacts);
        if (!report_ok) {
                rc = DL_EXIT_USAGE;
                goto out;
        }
        if (o->write_baseline &&
            dl_sink_write_baseline(r->sink, o->write_baseline, &err) != DL_OK) {
                print_error(&err);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        if ((o->fix || o->export_fixes) &&
            dl_cli_fixes(o, r->sink, r->project_root, &r->log, &err) != DL_OK) {
                print_error(&err);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        enum dl_severity worst;
        if (r->incomplete)
                rc = DL_EXIT_INCOMPLETE;
        /* A baseline just written accepts every finding shown (as
         * phpstan's --generate-baseline and detekt's createBaseline do). */
        else if (!o->fail_never && !o->write_baseline && dl_sink_worst(r->sink, &worst) &&
                 worst >= o->fail_on)
                rc = DL_EXIT_FINDINGS;

out:
        run_fini(r);
        dl_error_fini(&err);
        return rc;
}
