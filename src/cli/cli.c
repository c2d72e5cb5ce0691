/* cli.c - the ddblint command: options -> outputs checked -> rules per
 * directory -> inputs -> pipeline per file (in parallel) -> sink and
 * reporters, file by file in order -> exit code.
 * SPDX-License-Identifier: MIT
 *
 * The run's state (struct run) and its parts are in cli_run.c
 * (cli_internal.h); this file parses the operands and drives the run.
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
char *dl_cli_abs_dir_of(const char *cwd, const char *path)
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

/* An error with a place in a file (a rules file, a template) is printed as
 * compilers print theirs, "FILE:L:C: error: ...", which editors and CI
 * problem matchers pick up; any other as "ddblint: error: ...". */
void dl_cli_print_error(const struct dl_error *err)
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
                dl_cli_print_error(&err);
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
                        dl_cli_print_error(&err);
                        rc = DL_EXIT_USAGE;
                }
                goto out;
        }
        if (dl_run_validate_checks(r, &err) != DL_OK || dl_access_cmd_check(o, &err) != DL_OK) {
                dl_cli_print_error(&err);
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
                        dl_cli_print_error(&err);
                        rc = DL_EXIT_USAGE;
                        goto out;
                }
        } else if (!o->dump_requests) {
                /* Every output is checked for writability before any work. */
                dl_run_load_help(r, argv[0]);
                enum dl_status st = dl_run_add_output(r, o->output, (int)o->format, &err);
                if (st == DL_OK && o->sarif_path)
                        st = dl_run_add_output(r, o->sarif_path, DL_FORMAT_SARIF, &err);
                const char *probes[] = {o->write_baseline, o->export_fixes};
                for (size_t i = 0; st == DL_OK && i < 2; i++) {
                        struct dl_atomic_file *probe = NULL;
                        st = probes[i] ? dl_atomic_open(probes[i], &probe, &err) : DL_OK;
                        dl_atomic_abort(probe);
                }
                if (st != DL_OK) {
                        dl_cli_print_error(&err);
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
                        dl_cli_print_error(&err);
                        rc = DL_EXIT_USAGE;
                        goto out;
                }
        }
        dl_cli_check_cache_dir(&r->o);
        struct dl_config_opts co = {o->rules_path, o->tables_from, o->n_tables_from,
                                    r->ids,        r->cat->n,      r->project_root};
        if (dl_config_new(&co, &r->config, &err) != DL_OK) {
                dl_cli_print_error(&err);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        if (o->compdb_dir && dl_run_open_compdb(r, &err) != DL_OK) {
                dl_cli_print_error(&err);
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
                                                       dl_run_digests_of(r))
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
        so.check_on = dl_run_check_on;
        so.check_on_data = r;
        if (r->changes) {
                so.in_scope = dl_git_changes_keep;
                so.in_scope_data = r->changes;
        }
        r->sink = dl_sink_new(&so);
        if (dl_sink_load_baseline(r->sink, &err) != DL_OK) {
                dl_cli_print_error(&err);
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
                                  dl_run_skip_path,
                                  r,
                                  r->project_root,
                                  o->follow_symlinks,
                                  o->command == DL_CMD_LINT && !o->dump_requests ? &r->defs : NULL};
        dl_walk_paths(o->n_paths ? o->paths : here, o->n_paths ? o->n_paths : 1, &wo, &r->log,
                      &r->files);
        if (r->walk_failed) {
                dl_cli_print_error(&r->walk_err);
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
                char *dir = dl_cli_abs_dir_of(r->cwd, path);
                /* the files of a directory come together: the previous
                   file's rules when it was in the same one */
                if (last_dir && !strcmp(dir, last_dir)) {
                        r->rules_index[i] = r->rules_index[i - 1];
                } else if (dl_config_for(r->config, dir, true, &rs, &r->rules_index[i], &err) !=
                           DL_OK) {
                        free(dir);
                        dl_cli_print_error(&err);
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
                dl_run_compile_args(r, path, r->files.no_link[i], last_repo, &cargs[i]);
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
                        dl_infer_pass_memo(&r->infer, dir, r->files.stats, r->results);
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
                if (dl_run_pipeline_of(r, r->rules_index[i], &err) != DL_OK) {
                        dl_cli_print_error(&err);
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
                        dl_run_say_rules(r);
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
                            dl_run_file_done, r);
                /* of this shard's files; a header analysed with its owner
                 * comes with the owner's entry */
                dl_prefilter_memo_save(r->prefilter_memo);
                if (o->cache_stats) {
                        fprintf(stderr, "ddblint: %zu of %zu files from the result cache\n",
                                dl_result_cache_hits(r->results), n + n_own_total);
                        fprintf(stderr,
                                "ddblint: first pass: %zu file%s parsed, %zu from the result "
                                "cache\n",
                                r->infer.n_candidates, r->infer.n_candidates == 1 ? "" : "s",
                                r->infer.n_cached);
                        if (r->prefilter_memo)
                                fprintf(stderr,
                                        "ddblint: %zu file%s skipped: no DynamoDB client use "
                                        "(%zu remembered)\n",
                                        r->n_not_parsed, r->n_not_parsed == 1 ? "" : "s",
                                        dl_prefilter_memo_hits(r->prefilter_memo));
                }
                dl_progress_clear(&r->progress);
                dl_run_say_unused_wrappers(r);
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
                        dl_cli_print_error(&err);
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
        dl_run_lint_definitions(r);
        if (dl_sink_finish(r->sink, &r->log, &err) != DL_OK) {
                dl_cli_print_error(&err);
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
        const char **confs = dl_run_config_files(r, &sum.n_config_files);
        sum.config_files = confs;
        bool report_ok = dl_run_finish_outputs(r, &sum);
        free(confs);
        free(artifacts);
        if (!report_ok) {
                rc = DL_EXIT_USAGE;
                goto out;
        }
        if (o->write_baseline &&
            dl_sink_write_baseline(r->sink, o->write_baseline, &err) != DL_OK) {
                dl_cli_print_error(&err);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        if ((o->fix || o->export_fixes) &&
            dl_cli_fixes(o, r->sink, r->project_root, &r->log, &err) != DL_OK) {
                dl_cli_print_error(&err);
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
        dl_run_fini(r);
        dl_error_fini(&err);
        return rc;
}
