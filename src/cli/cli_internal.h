/* cli_internal.h - what the files of the ddblint command share (src/cli/cli.c
 * and cli_run.c only; not an interface for anything else: cli.h is).
 * docs/architecture.md, "Pipeline".
 * SPDX-License-Identifier: MIT
 *
 * cli.c parses the operands and drives the run (dl_cli_main); cli_run.c
 * holds the run's state, struct run, and its parts.
 *
 * Ownership: struct run owns everything it points to until dl_run_fini,
 * except cat (the static catalogue) and owns (the jobs').
 */
#ifndef DL_CLI_CLI_INTERNAL_H
#define DL_CLI_CLI_INTERNAL_H

#include "cli.h"

#include "infer_pass.h"
#include "ignore.h"
#include "jobs.h"
#include "options.h"
#include "progress.h"
#include "walk.h"

#include "../core/error.h"
#include "../core/log.h"
#include "../core/strbuf.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct dl_compile_args;
struct dl_digest_memo;
struct dl_job;
struct dl_ruleset;
struct dl_run_summary;

#ifndef DL_VERSION
#define DL_VERSION "0.0.0"
#endif

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
        struct dl_compdb *db;               /* -p: libclang's reader, loaded when asked */
        char *compdb_dir, *compdb_tmp;      /* -p: what dl_compdb_locate gave */
        struct dl_compdb_memo *compdb_memo; /* its answers kept, or NULL */
        struct dl_digest_memo *digests; /* the cache's digest memo, or NULL (dl_run_digests_of) */
        char *skip_dir;                 /* dl_run_skip_path: the last directory asked */
        const struct dl_ruleset *skip_rules; /* and its rules */
        char *real_dir_key, *real_dir;       /* dl_run_compile_args: the last directory
                                               made real, and its real path */
        struct dl_gitignore *gitignore;
        struct dl_git_changes *changes; /* --diff-base, or NULL */
        char *stub_dir, *project_root, *cwd;
        char *cache_dir;                 /* --cache-dir or the default; NULL: none */
        struct dl_pch *pch;              /* the precompiled client header, or NULL */
        struct dl_result_cache *results; /* each file's results, or NULL */
        /* the prefilter's verdicts kept, or NULL */
        struct dl_prefilter_memo *prefilter_memo;
        size_t n_not_parsed;            /* files the prefilter left out */
        struct dl_ignore_list excludes; /* --exclude */
        struct dl_pipeline *pipelines;  /* per config index, lazily */
        bool *pipeline_ready;
        size_t n_pipelines;
        struct output outputs[2];
        size_t n_outputs;
        struct dl_error walk_err; /* a rules file met while walking */
        bool walk_failed;
        void *seen_diags;                 /* tsearch tree of replayed diagnostics */
        bool *analysed;                   /* per file: analysed or left out by the
                                                    prefilter (SARIF artifacts) */
        size_t *job_file;                 /* per job: its file's index */
        char **flag_notes;                /* per file: the flags the allow-list
                                                    dropped (flags.h), said or NULL */
        const struct dl_own_header *owns; /* every job's own headers, and */
        size_t *own_file;                 /* each one's file index */
        size_t n_owned;                   /* headers analysed in their owner's unit */
        size_t *files_per_ruleset;
        bool incomplete, had_clang_errors;
        size_t n_clang_error_files; /* analysed sources with clang errors */
        struct dl_progress progress;
        struct dl_file_list files;
        struct dl_file_list defs; /* table definition files (definitions.h) */
        char **defs_linted;       /* those linted (SARIF artifacts; owned) */
        size_t n_defs_linted;
        size_t *rules_index;        /* per file */
        char **help_uri;            /* per check */
        char **help_markdown;       /* per check */
        struct dl_strbuf access;    /* the subcommands' access records */
        struct dl_infer_pass infer; /* the wrappers the first pass inferred */
};

/* ---- cli.c ---- */

/* The absolute directory of path, relative to cwd (the run's working
 * directory: asked once, not for every file). (transfer full) */
char *dl_cli_abs_dir_of(const char *cwd, const char *path);
/* An error with a place in a file (a rules file, a template) is printed as
 * compilers print theirs, "FILE:L:C: error: ...", which editors and CI
 * problem matchers pick up; any other as "ddblint: error: ...". */
void dl_cli_print_error(const struct dl_error *err);

/* ---- cli_run.c ---- */

/* --checks: a glob that matches no check is a typo; enabling nothing is a
 * mistake too (clang-tidy says "no checks enabled"). */
enum dl_status dl_run_validate_checks(const struct run *r, struct dl_error *err);
/* The help URI and page of every check, for SARIF and JSON. */
void dl_run_load_help(struct run *r, const char *argv0);
/* Opens an output file now, so an unwritable one stops the run before
 * any work; the reporter writes into memory until the end. */
enum dl_status dl_run_add_output(struct run *r, const char *path, int format, struct dl_error *err);
/* -p: the database located and checked (compdb_json.h), then loaded by
 * libclang unless a memo of its answers is in the cache directory
 * (compdb_memo.h): then libclang is loaded only for a file the memo does
 * not know (dl_run_compile_args). */
enum dl_status dl_run_open_compdb(struct run *r, struct dl_error *err);
/* The cache's digest memo (cache_files.h), opened at the first use; NULL
 * under --no-cache or without a cache directory. */
struct dl_digest_memo *dl_run_digests_of(struct run *r);

/* Is check id on under rules (the run's --checks applied)? data: the run. */
bool dl_run_check_on(void *data, const struct dl_ruleset *rules, const char *id);
/* Exclusions: --exclude (relative to the current directory), the rules
 * file's `exclude:` (relative to its directory), and .gitignore while
 * walking a directory (a file named on the command line is always
 * analysed unless an exclude pattern names it). */
bool dl_run_skip_path(void *data, const char *path, bool is_dir, bool named);
/* dl_compile_args_for with -p's answers taken from the memo when it has
 * them, else from libclang (kept in the memo). no_link: path is known to
 * be no symbolic link (the walk said so). */
void dl_run_compile_args(struct run *r, const char *path, bool no_link, const char *repo,
                         struct dl_compile_args *out);
/* The pipeline of ruleset index i, configured on first use. */
enum dl_status dl_run_pipeline_of(struct run *r, size_t i, struct dl_error *err);

/* The note of each ruleset in use: how many files, from which rules files. */
void dl_run_say_rules(const struct run *r);
/* A finished file, in file order: its diagnostics, its dump, its
 * findings decided and shown. */
void dl_run_file_done(void *data, struct dl_job *job, size_t i);
/* A note (shown under --verbose) for each declared wrapper whose pattern
 * matched no call in the files analysed with its rules; a wrapper shared
 * by several rulesets (inherit: true) is told once. */
void dl_run_say_unused_wrappers(struct run *r);
/* The table definition files of the run linted (definitions.h): those
 * named or walked, and those every rules file in use imports. */
void dl_run_lint_definitions(struct run *r);
/* The rules files and table definitions read, first use first. */
const char **dl_run_config_files(const struct run *r, size_t *n);
/* Ends every report and writes the output files. */
bool dl_run_finish_outputs(struct run *r, const struct dl_run_summary *sum);

/* Frees everything r owns; output files not finished are not written. */
void dl_run_fini(struct run *r);

#endif
