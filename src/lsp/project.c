/* project.c - the project around the files an editor opens, found as a
 * lint run finds it (cli.c's driver asks the same modules).
 * SPDX-License-Identifier: MIT
 */
#include "project.h"

#include "../checks/check.h"
#include "../cli/cache_files.h"
#include "../cli/cli.h"
#include "../cli/config.h"
#include "../cli/env.h"
#include "../cli/pipeline.h"
#include "../cli/result_cache.h"
#include "../core/alloc.h"
#include "../core/path.h"
#include "../frontend/pch.h"
#include "../report/reporter.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef DL_VERSION
#define DL_VERSION "0.0.0"
#endif

/* The result cache's bound, as a lint run's default (--cache-size). */
#define CACHE_BYTES (512ull << 20)

/* --sarif-help-base, else the page installed beside the binary (a file:
 * URI), else the catalogue's URL. */
static void load_help(struct dl_lsp_project *p, const char *argv0)
{
        p->help = dl_xcalloc(p->cat->n + 1, sizeof *p->help);
        char *dir = p->o.help_base ? NULL : dl_cli_data_dir(argv0, "checks");
        for (size_t i = 0; i < p->cat->n; i++) {
                const char *id = p->ids[i];
                if (p->o.help_base) {
                        p->help[i] = dl_help_uri(p->o.help_base, id);
                        continue;
                }
                char *page = dir ? dl_xasprintf("%s/%s.md", dir, id) : NULL;
                if (page && access(page, R_OK) == 0)
                        p->help[i] = dl_xasprintf("file://%s", page);
                else if (p->cat->checks[i]->info->help_uri)
                        p->help[i] = dl_xstrdup(p->cat->checks[i]->info->help_uri);
                free(page);
        }
        free(dir);
}

static char *real_dir(const char *dir)
{
        char buf[PATH_MAX];
        return dir && realpath(dir, buf) ? dl_xstrdup(buf) : NULL;
}

enum dl_status dl_lsp_project_init(struct dl_lsp_project *p, const char *argv0,
                                   struct dl_options *o, const char *root, struct dl_error *err)
{
        memset(p, 0, sizeof *p);
        p->o = *o;
        memset(o, 0, sizeof *o);
        dl_log_init(&p->log, NULL, p->o.verbose);
        p->cat = dl_catalogue_get();
        p->ids = dl_xcalloc(p->cat->n + 1, sizeof *p->ids);
        for (size_t i = 0; i < p->cat->n; i++)
                p->ids[i] = p->cat->checks[i]->info->id;
        p->root = real_dir(p->o.project_root);
        if (!p->root && p->o.project_root)
                return dl_error_set(err, DL_ERR_IO, NULL, "%s: no such directory (--project-root)",
                                    p->o.project_root);
        if (!p->root)
                p->root = real_dir(root);
        if (!p->root) {
                char *cwd = dl_cli_cwd();
                p->root = dl_cli_git_root(cwd);
                if (!p->root)
                        p->root = cwd;
                else
                        free(cwd);
        }
        load_help(p, argv0);
        dl_cli_check_cache_dir(&p->o);
        /* the rules files are read when a file needs them
         * (dl_lsp_project_unit): their errors are then shown on them */
        if (p->o.compdb_dir) {
                struct dl_error cerr;
                dl_error_init(&cerr);
                if (dl_cli_compdb_open(p->o.compdb_dir, p->root, &p->db, &cerr) != DL_OK) {
                        struct dl_loc loc = {cerr.file, cerr.line, cerr.col};
                        dl_log_add(&p->log, DL_LOG_ERROR, "compile-commands",
                                   cerr.file ? &loc : NULL,
                                   "-p %s: %s; files are parsed with compile_flags.txt or the "
                                   "default flags",
                                   p->o.compdb_dir, cerr.message);
                }
                dl_error_fini(&cerr);
        }
        if (!p->o.no_stubs)
                p->stub_dir = dl_cli_stub_dir(argv0, &p->log);
        /* precompiled stub headers only where they are kept between
         * analyses, as a lint run's (cli.c: not with a cache key) */
        const char *key = getenv(DL_CACHE_KEY_ENV);
        if (!p->o.no_cache && !(key && *key))
                p->cache_dir = dl_cli_cache_dir(&p->o);
        if (p->stub_dir && !p->o.no_pch && p->cache_dir)
                p->pch = dl_pch_new(p->stub_dir, p->cache_dir);
        if (!p->o.no_cache) {
                char *dir = dl_cli_cache_dir(&p->o);
                p->results =
                        dir ? dl_result_cache_new(dir, CACHE_BYTES, DL_VERSION, p->stub_dir, NULL)
                            : NULL;
                free(dir);
        }
        return DL_OK;
}

static void drop_pipelines(struct dl_lsp_project *p)
{
        for (size_t i = 0; i < p->n_pipelines; i++) {
                if (p->ready[i])
                        dl_pipeline_fini(&p->pipelines[i]);
        }
        free(p->pipelines);
        free(p->ready);
        p->pipelines = NULL;
        p->ready = NULL;
        p->n_pipelines = 0;
}

void dl_lsp_project_fini(struct dl_lsp_project *p)
{
        drop_pipelines(p);
        dl_config_free(p->config);
        dl_compdb_free(p->db);
        dl_pch_free(p->pch);
        dl_result_cache_free(p->results);
        for (size_t i = 0; p->help && i < p->cat->n; i++)
                free(p->help[i]);
        free(p->help);
        free(p->ids);
        free(p->root);
        free(p->stub_dir);
        free(p->cache_dir);
        dl_log_fini(&p->log);
        dl_options_fini(&p->o);
        memset(p, 0, sizeof *p);
}

void dl_lsp_project_reload(struct dl_lsp_project *p)
{
        drop_pipelines(p);
        dl_config_free(p->config);
        p->config = NULL;
}

/* The pipeline of ruleset index i, configured on first use (cli.c's
 * pipeline_of, less what a lint run's outputs need). */
static enum dl_status pipeline_of(struct dl_lsp_project *p, size_t i,
                                  const struct dl_pipeline **out, struct dl_error *err)
{
        if (i >= p->n_pipelines) {
                size_t n = i + 1;
                p->pipelines = dl_xrealloc(p->pipelines, n * sizeof *p->pipelines);
                p->ready = dl_xrealloc(p->ready, n * sizeof *p->ready);
                for (size_t k = p->n_pipelines; k < n; k++)
                        p->ready[k] = false;
                p->n_pipelines = n;
        }
        struct dl_pipeline *pl = &p->pipelines[i];
        if (!p->ready[i]) {
                enum dl_status st =
                        dl_pipeline_init(pl, dl_config_at(p->config, i), &p->log, NULL, NULL, err);
                if (st != DL_OK)
                        return st;
                p->ready[i] = true;
                dl_pipeline_select(pl, p->o.checks);
                pl->stub_include_dir = p->stub_dir;
                pl->project_root = p->root;
                pl->pch = p->pch;
                if (!p->o.no_prefilter)
                        dl_pipeline_use_prefilter(pl);
                pl->verbose = p->o.verbose;
                dl_pipeline_use_cache(pl, p->results);
        }
        *out = pl;
        return DL_OK;
}

enum dl_status dl_lsp_project_unit(struct dl_lsp_project *p, const char *path, bool cplusplus,
                                   struct dl_lsp_unit *out, struct dl_error *err)
{
        memset(out, 0, sizeof *out);
        if (!p->config) {
                p->config_opts = (struct dl_config_opts){p->o.rules_path,    p->o.tables_from,
                                                         p->o.n_tables_from, p->ids,
                                                         p->cat->n,          p->root};
                enum dl_status st = dl_config_new(&p->config_opts, &p->config, err);
                if (st != DL_OK)
                        return st;
        }
        char *dir = dl_path_dirname(path);
        const struct dl_ruleset *rs;
        size_t index = 0;
        enum dl_status st = dl_config_for(p->config, dir, true, &rs, &index, err);
        if (st == DL_OK)
                st = pipeline_of(p, index, &out->pipeline, err);
        if (st != DL_OK) {
                free(dir);
                return st;
        }
        const char *const *extra = (const char *const *)p->o.extra_args;
        if (p->db && dl_compdb_lookup(p->db, path, &out->args)) {
                dl_compile_args_finish(&out->args, p->root, extra, p->o.n_extra_args);
        } else {
                char *repo = dl_cli_repo_root(dir, p->root);
                dl_compile_args_for(NULL, path, repo, p->root, extra, p->o.n_extra_args, &out->args,
                                    NULL);
                free(repo);
        }
        dl_compile_args_header_language(&out->args, path, cplusplus);
        free(dir);
        return DL_OK;
}

void dl_lsp_unit_fini(struct dl_lsp_unit *u)
{
        dl_compile_args_fini(&u->args);
}

const char *dl_lsp_project_help(const struct dl_lsp_project *p, const char *id)
{
        for (size_t i = 0; id && p->help && i < p->cat->n; i++) {
                if (!strcmp(p->ids[i], id))
                        return p->help[i];
        }
        return NULL;
}
