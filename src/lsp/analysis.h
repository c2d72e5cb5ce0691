/* analysis.h - one analysis of an editor's buffer, in a process of its own.
 * SPDX-License-Identifier: MIT
 *
 * The server forks (no exec) a worker that runs the file through
 * cli/pipeline.h with the buffer as libclang's unsaved file and sends the
 * result back over a pipe (cli/job_wire.h), as a lint run's workers do
 * (cli/jobs.c): a libclang parse cannot be interrupted, and a crash in it
 * ends the process, so only a process of its own lets a newer edit cancel
 * an older analysis (SIGKILL) and lets the server outlive a crash. The
 * server decides the findings through the sink (findings/sink.h) with the
 * buffer's text, so inline suppressions typed and not saved count.
 */
#ifndef DL_LSP_ANALYSIS_H
#define DL_LSP_ANALYSIS_H

#include "project.h"

#include "../core/log.h"
#include "../core/strbuf.h"

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct dl_sink;

struct dl_lsp_analysis {
        pid_t pid;               /* the worker; 0 when none runs */
        int fd;                  /* the read end of its pipe; -1 when none */
        struct dl_strbuf got;    /* what it sent so far */
        struct dl_lsp_unit unit; /* what it analyses with */
        char *path;              /* the file (owned) */
        char *text;              /* the buffer analysed (owned, len bytes) */
        size_t len;
        long long deadline_ms; /* monotonic; 0: none (--tu-timeout) */
};

/* A finished analysis: the findings decided, and what it said of its input. */
struct dl_lsp_result {
        struct dl_sink *sink; /* its findings (dl_sink_findings), owned */
        struct dl_log log;    /* tool diagnostics: the worker's and the sink's */
        bool failed;          /* no translation unit (a crash, a time bound) */
};

/** dl_lsp_now_ms - the monotonic clock in milliseconds. */
long long dl_lsp_now_ms(void);

/**
 * dl_lsp_analysis_start - start analysing text (len bytes, copied) as the
 * file path (absolute) in a worker. a must be idle (zeroed, or after
 * dl_lsp_analysis_finish or _cancel).
 * Returns: DL_OK when the worker runs; the rules file's error (with its
 * place) when the file's rules cannot be read, or DL_ERR_IO when libclang
 * cannot be loaded or no process can be made: nothing runs then.
 */
enum dl_status dl_lsp_analysis_start(struct dl_lsp_analysis *a, struct dl_lsp_project *p,
                                     const char *path, bool cplusplus, const char *text, size_t len,
                                     struct dl_error *err);

/**
 * dl_lsp_analysis_read - read what the worker sent (call when a->fd is
 * readable: poll(2)).
 * Returns: true when it is done (its end of the pipe is closed): call
 * dl_lsp_analysis_finish.
 */
bool dl_lsp_analysis_read(struct dl_lsp_analysis *a);

/**
 * dl_lsp_analysis_finish - reap the worker and decide its findings into
 * out (dl_lsp_result_fini releases it); a becomes idle.
 */
void dl_lsp_analysis_finish(struct dl_lsp_analysis *a, const struct dl_lsp_project *p,
                            struct dl_lsp_result *out);

/** dl_lsp_analysis_cancel - kill and reap the worker, if any; a becomes idle. */
void dl_lsp_analysis_cancel(struct dl_lsp_analysis *a);

/** dl_lsp_result_fini - release r; safe on a zeroed r. */
void dl_lsp_result_fini(struct dl_lsp_result *r);

#endif
