/* definitions.h - the table definition files a run lints
 * (docs/architecture.md, "Tables as code"): CloudFormation and SAM
 * templates, CDK output, describe-table and terraform show -json output,
 * named on the command line, met by the directory walk (walk.h), or named
 * by a rules file's `tables-from:` (and --tables-from).
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CLI_DEFINITIONS_H
#define DL_CLI_DEFINITIONS_H

#include <stdbool.h>
#include <stddef.h>

struct dl_finding;
struct dl_pipeline;
struct dl_ruleset;

/* What the run gives the definitions pass. */
struct dl_definitions_env {
        /* The pipeline whose rules and checks apply to path (a file of the
         * run), or NULL when none does (then path is not linted). */
        struct dl_pipeline *(*pipeline_for)(void *data, const char *path);
        /* Whether this shard lints path (--shard). */
        bool (*mine)(void *data, const char *path);
        /* The findings of path, in the order found (transfer full; the
         * array is borrowed), with the rules that applied. */
        void (*done)(void *data, const char *path, const struct dl_ruleset *rules,
                     struct dl_finding **take, size_t n);
        void *data;
};

/**
 * dl_definitions_add_imports - append to *paths (heap strings, *n of them)
 * every file rs was read from that is a table definition file (its
 * `tables-from:` and --tables-from files), not a rules file.
 */
void dl_definitions_add_imports(const struct dl_ruleset *rs, char ***paths, size_t *n);

/**
 * dl_definitions_lint - lint each file of paths[0..n) once (files with
 * the same real path are one; in path order), each through the pipeline
 * env->pipeline_for gives (dl_pipeline_definitions), its findings handed
 * to env->done.
 * Returns: how many were linted (the SARIF artifacts), their paths in
 * *linted (transfer full: a heap array of heap copies, dl_strv_free() it;
 * paths may be freed as soon as this returns).
 */
size_t dl_definitions_lint(char **paths, size_t n, const struct dl_definitions_env *env,
                           char ***linted);

#endif
