/* cli.c - the ddblint command: options -> rules -> inputs -> pipeline per
 * file -> sink -> reporters -> exit code.
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE /* tdestroy */
#include "cli.h"

#include "jobs.h"
#include "options.h"
#include "pipeline.h"
#include "walk.h"

#include "../checks/check.h"
#include "../core/alloc.h"
#include "../core/log.h"
#include "../findings/fileio.h"
#include "../findings/sink.h"
#include "../frontend/compdb.h"
#include "../report/reporter.h"
#include "../rules/ruleset.h"
#include "../rules/schema.h"

#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <search.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef DL_VERSION
#define DL_VERSION "0.0.0"
#endif
#ifndef DL_INSTALL_STUB_DIR
#define DL_INSTALL_STUB_DIR "/usr/local/share/ddblint/include"
#endif

static bool is_dir(const char *p)
{
        struct stat st;
        return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* <exe dir>/../share/ddblint/include, the same in the build tree and in an
 * installed prefix; then the configured install path. (transfer full) */
static char *find_stub_dir(const char *argv0)
{
        const char *env = getenv("DDBLINT_STUB_DIR");
        if (env && *env)
                return dl_xstrdup(env);
        char exe[PATH_MAX];
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n <= 0) {
                if (!realpath(argv0, exe))
                        exe[0] = '\0';
        } else {
                exe[n] = '\0';
        }
        char *slash = strrchr(exe, '/');
        if (slash) {
                *slash = '\0';
                char *cand = dl_xasprintf("%s/../share/ddblint/include", exe);
                char real[PATH_MAX];
                if (is_dir(cand) && realpath(cand, real)) {
                        free(cand);
                        return dl_xstrdup(real);
                }
                free(cand);
        }
        if (is_dir(DL_INSTALL_STUB_DIR))
                return dl_xstrdup(DL_INSTALL_STUB_DIR);
        return NULL;
}

/* Nearest ancestor of dir (absolute) holding .git; NULL when none. */
static char *git_root_of(const char *dir)
{
        char *d = dl_xstrdup(dir);
        for (;;) {
                char *g = dl_xasprintf("%s/.git", d);
                struct stat st;
                bool found = stat(g, &st) == 0;
                free(g);
                if (found)
                        return d;
                char *slash = strrchr(d, '/');
                if (!slash || slash == d) {
                        free(d);
                        return NULL;
                }
                *slash = '\0';
        }
}

static char *cwd_abs(void)
{
        char buf[PATH_MAX];
        return dl_xstrdup(getcwd(buf, sizeof buf) ? buf : ".");
}

/* The directory that bounds include/ and compile_flags.txt searches for a
 * file: its git work tree, else the project root. (transfer full) */
static char *repo_root_for(const char *path, const char *project_root)
{
        char *abs = dl_path_absolute(path);
        char *slash = strrchr(abs, '/');
        if (slash && slash != abs)
                *slash = '\0';
        char *g = git_root_of(abs);
        if (g) {
                free(abs);
                return g;
        }
        size_t n = strlen(project_root);
        if (strncmp(abs, project_root, n) == 0 && (abs[n] == '/' || abs[n] == '\0')) {
                free(abs);
                return dl_xstrdup(project_root);
        }
        return abs;
}

/* libclang prints its own parser's noise for a malformed
 * compile_commands.json; read it with jansson first so the user gets one
 * clear file:line:col error. A missing file is left to dl_compdb_open. */
static enum dl_status check_compdb_json(const char *dir, struct dl_error *err)
{
        char *path = dl_xasprintf("%s/compile_commands.json", dir);
        enum dl_status st = DL_OK;
        if (access(path, R_OK) == 0) {
                json_error_t je;
                json_t *j = json_load_file(path, 0, &je);
                struct dl_loc loc = {path, (unsigned)(je.line > 0 ? je.line : 0),
                                     (unsigned)(je.column > 0 ? je.column : 0)};
                if (!j)
                        st = dl_error_set(err, DL_ERR_PARSE, &loc,
                                          "not a valid JSON compilation database: %s", je.text);
                else if (!json_is_array(j))
                        st = dl_error_set(err, DL_ERR_PARSE, &loc,
                                          "expected a JSON array of compile commands");
                json_decref(j);
        }
        free(path);
        return st;
}

static int cmp_key(const void *a, const void *b)
{
        return strcmp(a, b);
}

static void list_checks(FILE *out)
{
        const struct dl_catalogue *cat = dl_catalogue_get();
        for (size_t i = 0; i < cat->n; i++) {
                const struct dl_check_info *in = cat->checks[i]->info;
                fprintf(out, "%-30s %-8s %s\n", in->id, dl_severity_str(in->severity),
                        in->summary);
        }
}

static enum dl_status load_rules(const struct dl_options *o, struct dl_ruleset **out,
                                 struct dl_error *err)
{
        const struct dl_catalogue *cat = dl_catalogue_get();
        const char **ids = dl_xcalloc(cat->n, sizeof *ids);
        for (size_t i = 0; i < cat->n; i++)
                ids[i] = cat->checks[i]->info->id;
        char *path = NULL;
        enum dl_status st = DL_OK;
        if (o->rules_path) {
                path = dl_xstrdup(o->rules_path);
        } else {
                char *cwd = cwd_abs();
                st = dl_ruleset_find(cwd, &path, err);
                free(cwd);
        }
        if (st == DL_OK) {
                if (path)
                        st = dl_ruleset_load(path, ids, cat->n, out, err);
                else
                        *out = dl_ruleset_new_default();
        }
        free(path);
        free(ids);
        /* --tables-from files lie beneath the rules file's own tables. */
        for (size_t i = 0; st == DL_OK && i < o->n_tables_from; i++) {
                struct dl_ruleset *t = NULL;
                st = dl_ruleset_load_tables(o->tables_from[i], NULL, &t, err);
                if (st != DL_OK)
                        break;
                struct dl_ruleset *m = dl_ruleset_merge(*out, t);
                dl_ruleset_adopt(m, *out);
                dl_ruleset_adopt(m, t);
                *out = m;
        }
        if (st != DL_OK) {
                dl_ruleset_free(*out);
                *out = NULL;
        }
        return st;
}

static void print_error(const struct dl_error *err)
{
        char *m = dl_error_format(err);
        fprintf(stderr, "ddblint: error: %s\n", m);
        free(m);
}

/* Runs one reporter over the sink's findings. Returns false on failure
 * (printed). */
static bool run_reporter(struct dl_reporter *r, const struct dl_sink *sink,
                         const struct dl_run_summary *sum)
{
        size_t n = 0;
        const struct dl_finding *const *fs = dl_sink_findings(sink, &n);
        bool ok = r->begin(r, dl_catalogue_get()) == DL_OK;
        for (size_t i = 0; ok && i < n; i++)
                ok = r->finding(r, fs[i]) == DL_OK;
        ok = ok && r->end(r, sum) == DL_OK;
        if (!ok)
                fprintf(stderr, "ddblint: error: %s\n",
                        dl_reporter_error(r) ? dl_reporter_error(r) : "cannot write the report");
        r->destroy(r);
        return ok;
}

static bool use_color(FILE *f)
{
        const char *nc = getenv("NO_COLOR");
        return isatty(fileno(f)) && !(nc && *nc);
}

/* Text to stdout or -o FILE (written whole, atomically), SARIF to stdout or
 * -o FILE, and --sarif FILE besides. */
static bool report(const struct dl_options *o, const struct dl_sink *sink,
                   const struct dl_run_summary *sum, const char *project_root)
{
        bool ok = true;
        if (o->format == DL_FORMAT_SARIF) {
                ok = run_reporter(dl_reporter_sarif_new(o->output, project_root, DL_VERSION,
                                                        o->include_suppressed),
                                  sink, sum);
        } else if (o->output) {
                char *buf = NULL;
                size_t len = 0;
                FILE *mem = open_memstream(&buf, &len);
                if (!mem) {
                        fputs("ddblint: error: out of memory\n", stderr);
                        return false;
                }
                ok = run_reporter(dl_reporter_text_new(mem, false), sink, sum);
                fclose(mem);
                struct dl_error err;
                dl_error_init(&err);
                if (ok && dl_file_write_atomic(o->output, buf, len, &err) != DL_OK) {
                        print_error(&err);
                        ok = false;
                }
                dl_error_fini(&err);
                free(buf);
        } else {
                ok = run_reporter(dl_reporter_text_new(stdout, use_color(stdout)), sink, sum);
        }
        if (ok && o->sarif_path)
                ok = run_reporter(dl_reporter_sarif_new(o->sarif_path, project_root, DL_VERSION,
                                                        o->include_suppressed),
                                  sink, sum);
        return ok;
}

int dl_cli_main(int argc, char **argv)
{
        struct dl_options o;
        struct dl_error err;
        dl_error_init(&err);
        int rc = DL_EXIT_OK;
        struct dl_log log;
        dl_log_init(&log, stderr, false);
        struct dl_ruleset *rules = NULL;
        struct dl_sink *sink = NULL;
        struct dl_compdb *db = NULL;
        char *stub_dir = NULL, *project_root = NULL;
        struct dl_file_list files = {0};
        bool pipeline_ready = false;
        struct dl_pipeline p;
        const char **ids = NULL;

        if (dl_options_parse(&o, argc, argv, &err) != DL_OK) {
                print_error(&err);
                fputs("usage: ddblint [options] [--] PATH... (see 'ddblint --help')\n", stderr);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        log.verbose = o.verbose;
        if (o.help) {
                fputs(dl_options_usage(), stdout);
                goto out;
        }
        if (o.version) {
                printf("ddblint %s\n", DL_VERSION);
                goto out;
        }
        if (o.list_checks) {
                list_checks(stdout);
                goto out;
        }
        if (load_rules(&o, &rules, &err) != DL_OK) {
                print_error(&err);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        if (o.compdb_dir && (check_compdb_json(o.compdb_dir, &err) != DL_OK ||
                             dl_compdb_open(o.compdb_dir, &db, &err) != DL_OK)) {
                print_error(&err);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        if (o.project_root) {
                char buf[PATH_MAX];
                if (!realpath(o.project_root, buf)) {
                        fprintf(stderr, "ddblint: error: %s: no such directory (--project-root)\n",
                                o.project_root);
                        rc = DL_EXIT_USAGE;
                        goto out;
                }
                project_root = dl_xstrdup(buf);
        } else {
                char *cwd = cwd_abs();
                project_root = git_root_of(cwd);
                if (project_root)
                        free(cwd);
                else
                        project_root = cwd;
        }
        if (!o.no_stubs)
                stub_dir = find_stub_dir(argv[0]);

        const struct dl_catalogue *cat = dl_catalogue_get();
        ids = dl_xcalloc(cat->n, sizeof *ids);
        for (size_t i = 0; i < cat->n; i++)
                ids[i] = cat->checks[i]->info->id;
        struct dl_sink_opts so = {0};
        so.rules = rules;
        so.known_ids = ids;
        so.n_known_ids = cat->n;
        so.project_root = project_root;
        so.baseline_path = o.baseline;
        sink = dl_sink_new(&so);
        if (dl_sink_load_baseline(sink, &err) != DL_OK) {
                print_error(&err);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        if (dl_pipeline_init(&p, rules, &log, dl_sink_emit, sink, &err) != DL_OK) {
                print_error(&err);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        pipeline_ready = true;
        p.stub_include_dir = stub_dir;
        p.verbose = o.verbose;
        if (o.dump_requests)
                p.dump = stdout;

        static const char *const here[] = {"."};
        const char *const *operands = o.n_paths ? o.paths : here;
        dl_walk_paths(operands, o.n_paths ? o.n_paths : 1, &log, &files);
        bool incomplete = files.failed > 0;
        bool had_clang_errors = false;
        const char **analysed = dl_xcalloc(files.n + 1, sizeof *analysed);
        size_t n_analysed = 0;
        /* Compile arguments are resolved here, on one thread (libclang's
         * compilation database is not documented as thread-safe); the
         * analyses then run in parallel, and their logs and dumps are
         * replayed in file order so the output is deterministic. */
        struct dl_compile_args *cargs = dl_xcalloc(files.n + 1, sizeof *cargs);
        struct dl_job *jobs = dl_xcalloc(files.n + 1, sizeof *jobs);
        for (size_t i = 0; i < files.n; i++) {
                char *repo = repo_root_for(files.paths[i], project_root);
                dl_compile_args_for(db, files.paths[i], repo,
                                    (const char *const *)o.extra_args, o.n_extra_args,
                                    &cargs[i], NULL);
                free(repo);
                jobs[i].path = files.paths[i];
                jobs[i].args = (const char *const *)cargs[i].argv;
                jobs[i].n_args = cargs[i].n;
        }
        dl_jobs_run(&p, jobs, files.n, o.jobs ? o.jobs : dl_jobs_default_threads());
        void *seen = NULL; /* tsearch tree of replayed diagnostics */
        for (size_t i = 0; i < files.n; i++) {
                for (size_t k = 0; k < jobs[i].log.n; k++) {
                        const struct dl_log_entry *e = &jobs[i].log.items[k];
                        /* A header included by many files gives the same
                         * clang note once per file: say it once. */
                        char *key = dl_xasprintf("%d|%s|%s|%u|%u|%s", (int)e->level, e->id,
                                                 e->file ? e->file : "", e->line, e->col,
                                                 e->message);
                        char **slot = tsearch(key, &seen, cmp_key);
                        if (!slot || *slot != key) {
                                free(key);
                                continue;
                        }
                        struct dl_loc loc = {e->file, e->line, e->col};
                        dl_log_add(&log, e->level, e->id, e->file ? &loc : NULL, "%s",
                                   e->message);
                }
                if (jobs[i].dump)
                        fwrite(jobs[i].dump, 1, jobs[i].dump_len, stdout);
                dl_job_fini(&jobs[i]);
                dl_compile_args_fini(&cargs[i]);
                if (jobs[i].outcome != DL_FILE_ANALYSED) {
                        incomplete = true;
                        continue;
                }
                if (jobs[i].clang_errors)
                        had_clang_errors = true;
                dl_sink_add_source(sink, files.paths[i]);
                analysed[n_analysed++] = files.paths[i];
        }
        tdestroy(seen, free);
        free(jobs);
        free(cargs);
        if (o.dump_requests) {
                free(analysed);
                rc = incomplete ? DL_EXIT_INCOMPLETE : DL_EXIT_OK;
                goto out;
        }
        if (dl_sink_finish(sink, &log, &err) != DL_OK) {
                free(analysed);
                print_error(&err);
                rc = DL_EXIT_USAGE;
                goto out;
        }

        struct dl_run_summary sum = {0};
        sum.log = &log;
        sum.stats = dl_sink_get_stats(sink);
        sum.complete = !incomplete && !had_clang_errors;
        sum.artifacts = analysed;
        sum.n_artifacts = n_analysed;
        sum.argc = argc;
        sum.argv = (const char *const *)argv;
        bool report_ok = report(&o, sink, &sum, project_root);
        free(analysed);
        if (!report_ok) {
                rc = DL_EXIT_USAGE;
                goto out;
        }
        if (o.write_baseline && dl_sink_write_baseline(sink, o.write_baseline, &err) != DL_OK) {
                print_error(&err);
                rc = DL_EXIT_USAGE;
                goto out;
        }
        enum dl_severity worst;
        if (incomplete)
                rc = DL_EXIT_INCOMPLETE;
        else if (dl_sink_worst(sink, &worst) && worst >= o.fail_on)
                rc = DL_EXIT_FINDINGS;

out:
        if (pipeline_ready)
                dl_pipeline_fini(&p);
        dl_file_list_fini(&files);
        dl_sink_free(sink);
        dl_compdb_free(db);
        dl_ruleset_free(rules);
        free(stub_dir);
        free(project_root);
        free(ids);
        dl_options_fini(&o);
        dl_log_fini(&log);
        dl_error_fini(&err);
        return rc;
}
