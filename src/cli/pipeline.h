/* pipeline.h - one source file through the whole analysis: input checks,
 * frontend and recognizers (dl_analyze_file), normalization (expressions
 * parsed once), then every enabled check, findings to an emit callback.
 * Used by the CLI driver and by the fixture runner (same code path).
 * SPDX-License-Identifier: MIT
 *
 * No global state: several pipelines may run in parallel on different
 * files, each with its own log.
 */
#ifndef DL_CLI_PIPELINE_H
#define DL_CLI_PIPELINE_H

#include "result_cache.h"

#include "../checks/check.h"
#include "../core/error.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct dl_log;
struct dl_strbuf;
struct dl_pch;
struct dl_ruleset;
struct dl_inferred_vec;
struct dl_table;

struct dl_prefilter_memo;

struct dl_pipeline {
        const struct dl_ruleset *rules;   /* borrowed; never NULL */
        const struct dl_catalogue *catalogue;
        void **states;                    /* per check, from configure (owned) */
        bool *run_check;                  /* per check: run it (owned; default:
                                             all checks the rules file does not
                                             disable) */
        const char *stub_include_dir;     /* borrowed; NULL for none */
        const char *project_root;         /* borrowed, a real path: clang's errors in
                                             files outside it are not quoted
                                             (dl_tu_log_diagnostics); NULL: all are */
        struct dl_pch *pch;               /* borrowed; NULL: the stub headers are
                                             parsed with every file */
        struct dl_prefilter *prefilter;   /* owned (dl_pipeline_fini frees it); for
                                             this pipeline's rules; NULL: every
                                             file is parsed */
        /* borrowed; NULL: none. The prefilter's verdicts of earlier runs
         * (prefilter_memo.h), asked before the file is read */
        struct dl_prefilter_memo *prefilter_memo;
        struct dl_result_cache *cache; /* borrowed; NULL: no result cache
                                             (set with dl_pipeline_use_cache) */
        uint8_t cache_base[32];        /* dl_result_cache_base of this pipeline */
        enum dl_cache_use *cache_use;  /* borrowed; non-NULL: receives what the
                                             result cache did for each file
                                             (counted by the run's owner) */
        bool settled;                  /* the unit went through
                                             dl_pipeline_unit_settle already: its
                                             prefilter verdict and cache lookup
                                             are not repeated */
        bool verbose;
        /* The main file's text as an editor holds it (the language server,
         * src/lsp/): read in place of the file on disk by every stage (the
         * input checks, the prefilter, the result cache's key, clang as an
         * unsaved file); no precompiled preamble and no prefilter memo then.
         * Borrowed; NULL: the file is read. */
        const char *unsaved_text;
        size_t unsaved_len;
        FILE *dump;                       /* non-NULL: print requests, run no check */
        /* non-NULL: receives the access records of every request
         * (report/access.h: JSON lines), from the analysis or from the
         * result cache, which keeps them with every entry (borrowed) */
        struct dl_strbuf *access;
        struct dl_log *log;               /* borrowed */
        /* non-NULL: the unit is parsed for the first pass of inferred
         * wrappers only (dl_analyze_infer with rules' wrappers known when
         * it has any): what it finds is appended here, no check runs and
         * the prefilter is not asked; with cache set, what the unit
         * inferred is kept in the result cache under cache_base (the
         * infer pass's, cli/infer_pass.h) with the headers it read, and
         * taken from there while the file and those headers are unchanged
         * (borrowed) */
        struct dl_inferred_vec *infer;
        dl_finding_emit_fn emit;
        void *emit_data;
};

/* What happened to one file. */
enum dl_file_outcome {
        DL_FILE_ANALYSED,   /* analysed (perhaps with compile errors) */
        DL_FILE_SKIPPED,    /* unreadable or binary (NUL bytes, ELF): logged */
        DL_FILE_FAILED,     /* libclang produced no translation unit: logged */
        DL_FILE_NOT_PARSED, /* the prefilter (p->prefilter) says it cannot hold a
                                    request: not parsed, nothing to report */
};

/**
 * dl_pipeline_init - configure every check of the catalogue from rules.
 * Returns: DL_OK, or DL_ERR_CONFIG from a check's configure() with err at
 * the rules file's line and column. On failure p needs no fini.
 */
enum dl_status dl_pipeline_init(struct dl_pipeline *p, const struct dl_ruleset *rules,
                                struct dl_log *log, dl_finding_emit_fn emit, void *emit_data,
                                struct dl_error *err);
/** dl_pipeline_fini - destroy check states; NULL-safe. */
void dl_pipeline_fini(struct dl_pipeline *p);
/**
 * dl_check_runs - does check id run for files under rules? Its `enabled`
 * setting there (default true; false for a check off by default, struct
 * dl_check.off_by_default), then the clang-tidy-style list checks
 * (--checks "-*,scan"; NULL for none) applied over it.
 */
bool dl_check_runs(const struct dl_ruleset *rules, const char *checks, const char *id);
/** dl_pipeline_select - apply a --checks list to p's checks (dl_check_runs). */
void dl_pipeline_select(struct dl_pipeline *p, const char *checks);
/** dl_pipeline_only - run only the checks whose ids are listed (others off). */
void dl_pipeline_only(struct dl_pipeline *p, const char *const *ids, size_t n);

/**
 * dl_pipeline_check - run every check p runs on req, then on each of its
 * batch and transaction members (recursively); findings go to p->emit,
 * tool notes to p->log. req must have been normalized
 * (dl_model_normalize). dl_pipeline_file does this for every request it
 * finds; the fuzz targets (fuzz/) call it on requests they build.
 */
void dl_pipeline_check(const struct dl_pipeline *p, const struct dl_request *req);
/**
 * dl_pipeline_check_unit - the unit stage: every check's run_unit (see
 * checks/check.h) with the n requests of one translation unit and their
 * batch and transaction members; call after dl_pipeline_check() on each.
 * Findings go to p->emit.
 */
void dl_pipeline_check_unit(const struct dl_pipeline *p, const struct dl_request *reqs, size_t n);

/**
 * dl_pipeline_use_prefilter - give p a prefilter for its rules
 * (recognize/prefilter.h: a file that cannot hold a request is not parsed),
 * replacing any it had.
 */
void dl_pipeline_use_prefilter(struct dl_pipeline *p);

/**
 * dl_pipeline_check_tables - the table stage: every check's run_table
 * (checks/check.h) on each of the n tables that carry a definition
 * (struct dl_table.def); findings go to p->emit.
 */
void dl_pipeline_check_tables(const struct dl_pipeline *p, const struct dl_table *tables, size_t n);
/**
 * dl_pipeline_definitions - lint the table definition file at path (a
 * CloudFormation or SAM template, describe-table or terraform show -json
 * output; format as dl_ruleset_load_tables(), NULL: told by content):
 * dl_pipeline_check_tables() on every table it defines.
 * Returns: true when linted; false when the file could not be read whole:
 * a note "definitions-not-linted" (shown with --verbose) says why, with
 * the file's line and column when known, and nothing is reported.
 */
bool dl_pipeline_definitions(struct dl_pipeline *p, const char *path, const char *format);

/**
 * dl_pipeline_use_cache - take results from c and keep them there
 * (result_cache.h), for files of p's rules and checks: call it after the
 * checks are selected and verbose and pch are set; p->dump turns it off. c is
 * borrowed; NULL turns the cache off.
 */
void dl_pipeline_use_cache(struct dl_pipeline *p, struct dl_result_cache *c);

/**
 * dl_pipeline_file - analyse path with the compiler arguments args.
 * @param clang_errors  if non-NULL, receives the count of clang errors in
 *                      user files (the run is then marked incomplete).
 * Returns: the outcome; every problem with the input itself is logged with
 * the path (and line:col when known).
 */
enum dl_file_outcome dl_pipeline_file(struct dl_pipeline *p, const char *path,
                                      const char *const *args, size_t n_args,
                                      unsigned *clang_errors);

/* A header a translation unit analyses besides its main file (its owner;
 * docs/architecture.md, "Headers of a directory walk"), with the compiler
 * arguments it would be analysed with on its own. */
struct dl_own_header {
        const char *path;        /* as walked (findings in it are spelled so) */
        const char *const *args; /* borrowed */
        size_t n_args;
};

/**
 * dl_pipeline_unit - dl_pipeline_file on path, also analysing the
 * function bodies of the headers own[0..n_own) in path's translation unit
 * (with path's macros and flags): their requests are checked once, here,
 * and their findings located in them. An own header the translation unit
 * did not read (its #include is under a false #if), or all of them when
 * path itself could not be analysed, is analysed as a translation unit of
 * its own (dl_pipeline_file with its own args), so that none is lost. When
 * the prefilter leaves path out, its own headers are left out with it: the
 * prefilter reads every project header path reaches, so no own header holds
 * a trigger word.
 * Returns: path's outcome, or DL_FILE_FAILED when path was analysed but an
 * own header analysed on its own failed; *clang_errors (if non-NULL) sums
 * every translation unit parsed.
 */
enum dl_file_outcome dl_pipeline_unit(struct dl_pipeline *p, const char *path,
                                      const char *const *args, size_t n_args,
                                      const struct dl_own_header *own, size_t n_own,
                                      unsigned *clang_errors);

/**
 * dl_pipeline_unit_settle - what dl_pipeline_unit would decide for the unit
 * without parsing anything: the input checks (an unreadable or binary file:
 * DL_FILE_SKIPPED, logged), the prefilter (DL_FILE_NOT_PARSED) and the
 * result cache (a hit: DL_FILE_ANALYSED, its findings emitted and its tool
 * diagnostics logged as dl_pipeline_unit would; *clang_errors, if non-NULL,
 * receives its count). Loads no libclang and forks nothing: the driver
 * settles the units it can before it starts any worker (jobs.h).
 * Returns: true with *out set when the unit is settled; false when it must
 * be parsed: then call dl_pipeline_unit with p->settled set, which neither
 * repeats the prefilter nor looks the cache up again (it still keeps the
 * result).
 */
bool dl_pipeline_unit_settle(struct dl_pipeline *p, const char *path, const char *const *args,
                             size_t n_args, const struct dl_own_header *own, size_t n_own,
                             enum dl_file_outcome *out, unsigned *clang_errors);

#endif
