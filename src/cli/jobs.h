/* jobs.h - analyse many files in parallel, with deterministic output.
 * SPDX-License-Identifier: MIT
 *
 * Each file is one job. Workers (POSIX threads) take jobs in order from a
 * shared counter and run dl_pipeline_file() with a private copy of the
 * pipeline whose log (and --dump-requests stream) belong to the job, so
 * nothing is shared but the read-only check configuration and the sink
 * (whose dl_sink_emit is thread-safe). The caller replays each job's log
 * and dump in file order afterwards, so the output does not depend on the
 * scheduling.
 */
#ifndef DL_CLI_JOBS_H
#define DL_CLI_JOBS_H

#include "pipeline.h"

#include "../core/log.h"

#include <stddef.h>

struct dl_job {
        const char *path;               /* borrowed */
        const char *const *args;        /* borrowed compiler arguments */
        size_t n_args;
        enum dl_file_outcome outcome;   /* out */
        unsigned clang_errors;          /* out */
        struct dl_log log;              /* out: the job's tool diagnostics */
        char *dump;                     /* out: --dump-requests lines (heap) or NULL */
        size_t dump_len;
};

/**
 * dl_jobs_run - run every job with at most `threads` workers (1 runs them
 * on the calling thread). proto is copied per job; proto->dump non-NULL
 * asks for dump text in job->dump instead of printing it.
 * Ownership: release each job's log and dump with dl_job_fini().
 */
void dl_jobs_run(const struct dl_pipeline *proto, struct dl_job *jobs, size_t n,
                 unsigned threads);
/** dl_job_fini - free the job's log and dump; NULL-safe. */
void dl_job_fini(struct dl_job *job);
/** dl_jobs_default_threads - the number of online CPUs, at least 1, at most 16. */
unsigned dl_jobs_default_threads(void);

#endif
