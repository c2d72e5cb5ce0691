/* project.h - what the language server knows of the project around the
 * files an editor opens: the rules files, the compile commands, the stub
 * headers, the result cache and one configured pipeline per ruleset, found
 * as a lint run finds them (cli/config.h, frontend/compdb.h, cli/env.h),
 * so that a file shows in the editor what `ddblint FILE` prints.
 * SPDX-License-Identifier: MIT
 *
 * No analysis code lives here: a file's analysis is cli/pipeline.h's,
 * run by analysis.h in a process of its own.
 */
#ifndef DL_LSP_PROJECT_H
#define DL_LSP_PROJECT_H

#include "../cli/config.h"
#include "../cli/options.h"
#include "../core/error.h"
#include "../core/log.h"
#include "../frontend/compdb.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_catalogue;
struct dl_config;
struct dl_pch;
struct dl_pipeline;
struct dl_result_cache;
struct dl_ruleset;

struct dl_lsp_project {
        struct dl_options o; /* `ddblint lsp [options]` (owned) */
        const struct dl_catalogue *cat;
        const char **ids;                /* every check id (owned array) */
        char *root;                      /* the project root, a real path */
        char *stub_dir;                  /* or NULL */
        char *cache_dir;                 /* or NULL: no result cache, no kept pch */
        struct dl_config *config;        /* the rules files read so far */
        struct dl_compdb *db;            /* -p, or NULL */
        struct dl_pch *pch;              /* the precompiled stub headers, or NULL */
        struct dl_result_cache *results; /* or NULL */
        struct dl_pipeline *pipelines;   /* per ruleset index of config */
        bool *ready;
        size_t n_pipelines;
        char **help;       /* per check: its documentation's URI */
        struct dl_log log; /* what the project's set-up said */
        /* config's options: it keeps a pointer to them */
        struct dl_config_opts config_opts;
};

/* What a file is analysed with. */
struct dl_lsp_unit {
        const struct dl_pipeline *pipeline; /* borrowed from the project */
        struct dl_compile_args args;        /* owned: dl_lsp_unit_fini */
};

/**
 * dl_lsp_project_init - set up p from the command line's options (taken:
 * released by dl_lsp_project_fini) and the editor's workspace root.
 * @param argv0  the program's path (its data directory: stub headers, pages).
 * @param root   the workspace folder's path from `initialize`, or NULL;
 *               --project-root wins over it, and without either the git
 *               work tree of the current directory, else the directory.
 * The rules files are read when a file needs them (dl_lsp_project_unit);
 * a -p database that cannot be read is a "compile-commands" error in p->log
 * and files are parsed without it.
 * Returns: DL_OK, or DL_ERR_IO when --project-root names no directory.
 */
enum dl_status dl_lsp_project_init(struct dl_lsp_project *p, const char *argv0,
                                   struct dl_options *o, const char *root, struct dl_error *err);

/** dl_lsp_project_fini - release everything p holds; safe on a zeroed p. */
void dl_lsp_project_fini(struct dl_lsp_project *p);

/**
 * dl_lsp_project_reload - forget the rules files read and the pipelines
 * configured from them (a .ddblint.yaml or a template changed): the next
 * file analysed reads them again.
 */
void dl_lsp_project_reload(struct dl_lsp_project *p);

/**
 * dl_lsp_project_unit - the pipeline and compile arguments for path (an
 * absolute path), as a lint run would analyse it.
 * @param cplusplus  the editor says the file is C++ (a `.h` then parses as
 *                   C++ unless its flags say otherwise).
 * Returns: DL_OK with out filled; else the rules file's error, with its
 * file, line and column (shown on the rules file).
 */
enum dl_status dl_lsp_project_unit(struct dl_lsp_project *p, const char *path, bool cplusplus,
                                   struct dl_lsp_unit *out, struct dl_error *err);

/** dl_lsp_unit_fini - release u's compile arguments. */
void dl_lsp_unit_fini(struct dl_lsp_unit *u);

/** dl_lsp_project_help - the documentation URI of check id (borrowed), or NULL. */
const char *dl_lsp_project_help(const struct dl_lsp_project *p, const char *id);

#endif
