/* jobs.h - analyse many files in parallel, with deterministic output.
 * SPDX-License-Identifier: MIT
 *
 * Each file is one job. Workers (POSIX threads) take jobs in order from a
 * shared counter and run dl_pipeline_file() with a private copy of the
 * job's pipeline whose log, findings (and --dump-requests stream) belong to
 * the job, so nothing is shared but the read-only check configuration. As
 * jobs finish, the calling thread is handed each one in file order (job i
 * once jobs 0..i are done), so whatever it prints does not depend on the
 * scheduling, and a long run shows its results as it goes.
 */
#ifndef DL_CLI_JOBS_H
#define DL_CLI_JOBS_H

#include "pipeline.h"

#include "../core/log.h"
#include "../findings/finding.h"

#include <stddef.h>

struct dl_job {
        const struct dl_pipeline *pipeline; /* borrowed: copied to run the job; its
                                               emit and log are replaced */
        const char *path;               /* borrowed */
        const char *const *args;        /* borrowed compiler arguments */
        size_t n_args;
        enum dl_file_outcome outcome;   /* out */
        unsigned clang_errors;          /* out */
        struct dl_log log;              /* out: the job's tool diagnostics */
        struct dl_finding **findings;   /* out: what its checks reported (owned) */
        size_t n_findings;
        char *dump;                     /* out: --dump-requests lines (heap) or NULL */
        size_t dump_len;
};

/* Called on the calling thread with each finished job, in job order. */
typedef void (*dl_job_done_fn)(void *data, struct dl_job *job, size_t index);

/**
 * dl_jobs_run - run every job with at most `threads` workers (1 runs them
 * on the calling thread), calling done(data, job, i) for i = 0, 1, ... as
 * soon as jobs 0..i have finished. A pipeline with dump non-NULL asks for
 * dump text in job->dump instead of printing it.
 * Ownership: release each job's log, findings and dump with dl_job_fini()
 * (done may take the findings first: set n_findings to 0).
 */
void dl_jobs_run(struct dl_job *jobs, size_t n, unsigned threads, dl_job_done_fn done,
                 void *data);
/** dl_job_fini - free the job's log, findings and dump; NULL-safe. */
void dl_job_fini(struct dl_job *job);
/** dl_jobs_default_threads - the number of online CPUs, at least 1, at most 16. */
unsigned dl_jobs_default_threads(void);

#endif
