/* reporter.h - output formats for findings: text and SARIF 2.1.0
 * (design.md section 10).
 * SPDX-License-Identifier: MIT
 *
 * Reporters format and never analyse or filter on their own judgement: the
 * sink (findings/sink.h) has already decided each finding's fate and
 * sorted them. The driver calls, for each reporter:
 *
 *     r->begin(r, dl_catalogue_get());
 *     for each f in dl_sink_findings(): r->finding(r, f);   (all kept ones,
 *                                         suppressed included: see below)
 *     r->end(r, &summary);               writes the output / summary line
 *     r->destroy(r);
 *
 * A finding whose ->suppressed is not DL_SUPPRESS_NONE is hidden by the
 * text reporter, and left out of SARIF unless the SARIF reporter was made
 * with include_suppressed.
 *
 * Ownership: every argument is borrowed for the duration of the call; a
 * reporter copies what it keeps (findings may be freed after end()).
 */
#ifndef DL_REPORT_REPORTER_H
#define DL_REPORT_REPORTER_H

#include "../core/status.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct dl_catalogue;
struct dl_finding;
struct dl_log;
struct dl_sink_stats;

/* What the reporters learn at the end of a run. */
struct dl_run_summary {
        const struct dl_log *log;            /* tool diagnostics, or NULL */
        const struct dl_sink_stats *stats;   /* from dl_sink_get_stats(), or NULL */
        /* false when some input could not be analysed at all (exit code 3);
         * SARIF's executionSuccessful is also false when log holds errors. */
        bool complete;
        /* Every analysed file, in a stable order (SARIF run.artifacts). */
        const char *const *artifacts;
        size_t n_artifacts;
        /* The command line, for SARIF invocations[0].arguments/commandLine;
         * argv may be NULL. */
        const char *const *argv;
        int argc;
        /* The rules files and table definition files the run read, for
         * SARIF toolConfigurationNotifications and the JSON summary. */
        const char *const *config_files;
        size_t n_config_files;
        /* Of the artifacts, the files the prefilter did not parse: their
         * text cannot hold a request (recognize/prefilter.h). The text
         * summary says so. */
        size_t n_not_parsed;
        /* Of the artifacts, the source files whose translation unit clang
         * reported errors in (a header not found, code it cannot parse):
         * what it could not read may hold requests ddblint did not see. The
         * text summary says how many. */
        size_t n_clang_error_files;
};

/* Options of the SARIF and JSON reporters. */
struct dl_report_opts {
        const char *path;            /* write the log here (atomically) at end()... */
        FILE *stream;                /* ...or here, when path is NULL (NULL: stdout) */
        const char *project_root;    /* %SRCROOT%; NULL: the current directory */
        const char *tool_version;    /* "0.1.0" */
        bool include_suppressed;     /* also suppressed and baselined findings, marked */
        /* The documentation: per check of the catalogue (in its order), the
         * help URI (NULL: the catalogue's) and the page's Markdown (NULL:
         * the summary and a link). Borrowed. */
        const char *const *help_uri;
        const char *const *help_markdown;
};

struct dl_reporter {
        const char *name; /* "text", "sarif" */
        /* Start of the run; catalogue lists every check (SARIF rules). */
        enum dl_status (*begin)(struct dl_reporter *r, const struct dl_catalogue *catalogue);
        /* One finding, in output order. */
        enum dl_status (*finding)(struct dl_reporter *r, const struct dl_finding *f);
        /* End of the run: text prints its summary line, SARIF writes its
         * file. Errors (DL_ERR_IO) carry no detail beyond a message printed
         * by the caller from dl_reporter_error(). */
        enum dl_status (*end)(struct dl_reporter *r, const struct dl_run_summary *summary);
        void (*destroy)(struct dl_reporter *r);
        /* Message of the last failure, owned by the reporter; NULL when none.
         * Implementations embed this struct as their first member. */
        char *error;
};

/**
 * dl_reporter_text_new - gcc-style lines on out, as each finding arrives:
 *     path:line:col: severity: message [check-id]
 *     path:line:col: note: related message          (one per related location)
 * and at end() one summary line, e.g.
 *     ddblint: 3 findings (1 error, 2 warnings); 1 suppressed inline, 0 in baseline
 * followed, when there are any, by the files the prefilter skipped and the
 * files with clang errors (struct dl_run_summary).
 * @param out      borrowed; not closed.
 * @param color    ANSI colours (bold location, coloured severity) as clang
 *                 prints them; pass isatty(fileno(out)) && !NO_COLOR.
 * @param summary  print the summary line (--quiet: not).
 * Returns: (transfer full), release with r->destroy(r).
 */
struct dl_reporter *dl_reporter_text_new(FILE *out, bool color, bool summary);

/**
 * dl_reporter_sarif_new - a SARIF 2.1.0 log written at end().
 * @param path                file to write (atomically: temporary file in
 *                            the same directory, then rename), or NULL for
 *                            stdout.
 * @param project_root        the directory that %SRCROOT% names (absolute or
 *                            relative to the current directory); files under
 *                            it get relative URIs, others absolute file://
 *                            URIs. NULL means the current directory.
 * @param tool_version        e.g. "0.1.0": driver version and semanticVersion.
 * @param include_suppressed  also emit suppressed and baselined findings,
 *                            marked with suppressions (and then every
 *                            result carries a suppressions array).
 * Returns: (transfer full), release with r->destroy(r).
 */
struct dl_reporter *dl_reporter_sarif_new(const char *path, const char *project_root,
                                          const char *tool_version, bool include_suppressed);

/**
 * dl_reporter_sarif_new_opts - the same with every option (struct
 * dl_report_opts): a stream instead of a file, each rule's helpUri and
 * help.markdown/help.text (the check's whole documentation page, as
 * CodeQL and semgrep give it; relative links made absolute against the
 * helpUri), the configuration files as toolConfigurationNotifications.
 * Returns: (transfer full), release with r->destroy(r).
 */
struct dl_reporter *dl_reporter_sarif_new_opts(const struct dl_report_opts *o);

/**
 * dl_reporter_json_new - one JSON document at end() (docs/json-output.md):
 * version, tool, findings in output order (one object each: check,
 * severity, message, path, 1-based line and byte column, end, function,
 * fingerprint, help URI, related locations, suppression), tool
 * diagnostics, summary. Keys in a fixed order; the same input gives the
 * same bytes. Uses path, stream, tool_version, include_suppressed and
 * help_uri of o.
 * Returns: (transfer full), release with r->destroy(r).
 */
struct dl_reporter *dl_reporter_json_new(const struct dl_report_opts *o);

/**
 * dl_help_uri - the documentation URI of check id under base: base with
 * "{id}" replaced by id when it holds "{id}", else base + "/" + id + ".md"
 * (the layout of docs/checks/); NULL base gives NULL.
 * Returns: (transfer full), free() it.
 */
char *dl_help_uri(const char *base, const char *id);

/**
 * dl_reporter_error - the reason of the last failed call of r, or NULL
 * (transfer none), e.g. "build/out.sarif: cannot rename into place: ...".
 */
const char *dl_reporter_error(const struct dl_reporter *r);

#endif
