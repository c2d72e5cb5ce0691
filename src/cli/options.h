/* options.h - ddblint's command-line options.
 * SPDX-License-Identifier: MIT
 *
 * ddblint [options] [--] PATH...   (clang-tidy-like; see README.md "Usage")
 * Ownership: struct dl_options borrows argv strings (they outlive the run);
 * the arrays, and the suffixes --extensions splits, are owned and released
 * by dl_options_fini().
 */
#ifndef DL_CLI_OPTIONS_H
#define DL_CLI_OPTIONS_H

#include "../core/error.h"
#include "../core/severity.h"

#include <stdbool.h>
#include <stddef.h>

enum dl_format { DL_FORMAT_TEXT, DL_FORMAT_SARIF, DL_FORMAT_JSON };

/* What a run reports: findings (the default), or the access-patterns and
 * iam-policy subcommands' reports over every request (report/inventory.h,
 * report/iam.h). */
enum dl_command { DL_CMD_LINT, DL_CMD_ACCESS_PATTERNS, DL_CMD_IAM_POLICY };

/* The bounds on one translation unit's analysis unless --tu-timeout and
 * --tu-memory say otherwise: far above what a real source file takes (the
 * 50 MB source of tests/bad-input takes about a minute), low enough that a
 * runaway file does not hold a CI job for hours or the machine's memory. */
#define DL_DEFAULT_TU_TIMEOUT 600 /* seconds */
#define DL_DEFAULT_TU_MEMORY 4096 /* MiB */

struct dl_options {
        const char **paths;          /* PATH operands, in order */
        size_t n_paths;
        const char **extra_args;     /* --extra-arg=FLAG, in order */
        size_t n_extra_args;
        const char *compdb_dir;      /* -p DIR, or NULL */
        const char *rules_path;      /* --rules FILE, or NULL (search upwards) */
        const char **tables_from;    /* --tables-from FILE, in order */
        size_t n_tables_from;
        enum dl_format format;       /* --format, default text */
        const char *output;          /* -o FILE, or NULL for stdout */
        const char *sarif_path;      /* --sarif FILE (SARIF besides text), or NULL */
        enum dl_severity fail_on;    /* --fail-on, default note: any finding fails */
        bool fail_never;             /* --fail-on none: findings never fail the run */
        const char *checks;          /* --checks GLOBS (clang-tidy syntax), or NULL */
        const char **excludes;       /* --exclude PATTERN, in order */
        size_t n_excludes;
        const char **extensions;     /* --extensions .inl,.tpp: suffixes, with their dot */
        size_t n_extensions;
        bool quiet;                  /* --quiet: no summary line, no progress */
        const char *explain;         /* --explain CHECK, or NULL */
        const char *help_base;       /* --sarif-help-base URL, or NULL */
        const char *baseline;        /* --baseline FILE */
        const char *write_baseline;  /* --write-baseline FILE */
        const char *diff_base;       /* --diff-base REF: findings on changed lines only */
        bool fix;                    /* --fix: apply the findings' fixes (cli/fixes.h) */
        const char *export_fixes;    /* --export-fixes FILE: clang-tidy's YAML, or NULL */
        const char *project_root;    /* --project-root DIR, or NULL (git top or cwd) */
        bool include_suppressed;     /* --include-suppressed (SARIF) */
        bool list_checks;            /* --list-checks */
        bool dump_requests;          /* --dump-requests or the dump-requests subcommand */
        bool version;                /* --version */
        bool help;                   /* --help */
        bool verbose;                /* --verbose: tool notes on stderr */
        unsigned jobs;               /* -j N: parallel analyses; 0 = one per CPU */
        unsigned tu_timeout;         /* --tu-timeout SECONDS per translation unit; 0 = none */
        unsigned tu_memory;          /* --tu-memory MIB per translation unit; 0 = none */
        bool no_stubs;               /* --no-stub-headers */
        const char *cache_dir;       /* --cache-dir DIR, or NULL ($XDG_CACHE_HOME/ddblint) */
        const char *cache_size;      /* --cache-size SIZE, or NULL (512M) */
        bool no_cache;               /* --no-cache: nothing read from or kept in a cache */
        bool cache_stats;            /* --cache-stats: result cache hits to stderr */
        bool no_pch;                 /* --no-pch: parse the stub headers with every file */
        bool no_prefilter;           /* --no-prefilter: parse every file */
        bool follow_symlinks;        /* --follow-symlinks: walk links that lead outside the
                                        project root */
        unsigned shard_k, shard_n;   /* --shard K/N (1 <= K <= N); 0/0 = every input */
        bool merge_sarif;            /* the merge-sarif subcommand: paths are SARIF logs */
        enum dl_command command;     /* access-patterns, iam-policy, or a lint run */
        const char *format_name;     /* --format as given, for the subcommands' formats */
        bool explain_calls;          /* iam-policy --explain: the call sites of each action */
        const char *region;          /* iam-policy --region, or NULL (`*`) */
        const char *account;         /* iam-policy --account, or NULL (`*`) */
};

/**
 * dl_options_parse - parse argv[1..argc-1] into o (zeroed first).
 * Returns: DL_OK, or DL_ERR_CONFIG with err's message naming the bad
 * argument ("unknown option '--frobnicate'", "option '-p' needs a value").
 * On success with no PATH and none of --help/--version/--list-checks, the
 * caller decides (ddblint analyses the current directory).
 */
enum dl_status dl_options_parse(struct dl_options *o, int argc, char **argv,
                                struct dl_error *err);
/** dl_options_fini - release the arrays; NULL-safe. */
void dl_options_fini(struct dl_options *o);
/** dl_options_usage - the --help text (static, ends with a newline). */
const char *dl_options_usage(void);

#endif
