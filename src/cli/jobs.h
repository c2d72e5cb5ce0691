/* jobs.h - analyse many files in parallel, each in a worker process of its
 * own, with deterministic output.
 * SPDX-License-Identifier: MIT
 *
 * Each file is one job. The driver first asks, for each job in turn, what
 * can be said without a parse (dl_pipeline_unit_settle: unreadable input,
 * the prefilter's verdict, a result cache hit); a job settled so needs no
 * worker, and a run whose every job is settled forks none and never loads
 * libclang. For the other jobs the driver forks up to `workers` worker
 * processes (when the first such job comes) and gives each one job at a
 * time, settling the jobs that come next while they work; the worker runs
 * dl_pipeline_unit() with a private copy of the job's pipeline whose log, findings (and
 * --dump-requests stream) belong to the job, and sends the result back over
 * a socket (job_wire.h). A worker whose job outlasts the time bound or
 * outgrows the memory bound is killed (SIGKILL); one that dies (a libclang crash,
 * such as a parser stack overflow, which libclang's own crash recovery does
 * not survive) loses only its file: either way the job's outcome is
 * DL_FILE_FAILED with an error in its log naming the file and the bound or
 * the signal, and the other files are analysed. As jobs finish, the
 * calling thread is handed each one in file order (job i once jobs 0..i
 * are done), so whatever it prints does not depend on the scheduling, and
 * a long run shows its results as it goes.
 */
#ifndef DL_CLI_JOBS_H
#define DL_CLI_JOBS_H

#include "pipeline.h"

#include "../core/log.h"
#include "../core/strbuf.h"
#include "../findings/finding.h"
#include "../recognize/infer.h"

#include <stddef.h>

struct dl_job {
        const struct dl_pipeline *pipeline; /* borrowed: copied to run the job; its
                                               emit and log are replaced */
        const char *path;               /* borrowed */
        const char *const *args;        /* borrowed compiler arguments */
        size_t n_args;
        const struct dl_own_header *own; /* borrowed: headers analysed in this
                                            translation unit (dl_pipeline_unit) */
        size_t n_own;
        bool settled;                   /* internal: the driver found it must be
                                           parsed (dl_pipeline_unit_settle) */
        enum dl_file_outcome outcome;   /* out */
        unsigned clang_errors;          /* out */
        enum dl_cache_use cache;        /* out: what the result cache did for it */
        struct dl_log log;              /* out: the job's tool diagnostics */
        struct dl_finding **findings;   /* out: what its checks reported (owned) */
        size_t n_findings;
        char *dump;                     /* out: --dump-requests lines (heap) or NULL */
        size_t dump_len;
        /* out: the access records of its requests (report/access.h), when
         * the pipeline's access is non-NULL (released by dl_job_fini) */
        struct dl_strbuf access;
        /* out: the wrappers the unit's first pass inferred, when the
         * pipeline's infer is non-NULL (released by dl_job_fini) */
        struct dl_inferred_vec inferred;
};

/* Called on the calling thread with each finished job, in job order. */
typedef void (*dl_job_done_fn)(void *data, struct dl_job *job, size_t index);

/* The bounds on one job's worker process; 0 means no bound. */
struct dl_job_limits {
        unsigned timeout_s;  /* wall-clock seconds from the worker's start (--tu-timeout) */
        unsigned memory_mib; /* resident memory the worker adds while analysing the job, in
                                MiB (2^20 bytes), read every 100 ms (--tu-memory) */
};

/**
 * dl_jobs_run - run every job, at most `workers` at a time, each in a
 * worker process bounded by limits (NULL: no bound), calling
 * done(data, job, i) for i = 0, 1, ... as soon as jobs 0..i have finished.
 * A pipeline with dump non-NULL asks for dump text in job->dump instead of
 * printing it. A job for which no worker could be started (fork failed)
 * runs in the calling process, unbounded.
 * Must be called while the process has no other thread (it forks).
 * Ownership: release each job's log, findings and dump with dl_job_fini()
 * (done may take the findings first: set n_findings to 0).
 */
void dl_jobs_run(struct dl_job *jobs, size_t n, unsigned workers,
                 const struct dl_job_limits *limits, dl_job_done_fn done, void *data);
/**
 * dl_job_run - analyse job in the calling process, as a worker does: a
 * private copy of job->pipeline (its unsaved_text too) whose log, findings
 * and dump belong to the job (dl_pipeline_unit), outcome and counts set.
 * The language server's worker (lsp/analysis.c) runs one so.
 */
void dl_job_run(struct dl_job *job);
/** dl_job_fini - free the job's log, findings and dump; NULL-safe. */
void dl_job_fini(struct dl_job *job);
/** dl_jobs_default_workers - the number of online CPUs, at least 1, at most 16. */
unsigned dl_jobs_default_workers(void);

#endif
