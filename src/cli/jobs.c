/* jobs.c - parallel analysis of files.
 * SPDX-License-Identifier: MIT
 */
#include "jobs.h"

#include "../core/alloc.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct shared {
        const struct dl_pipeline *proto;
        struct dl_job *jobs;
        size_t n;
        atomic_size_t next;
};

static void run_one(const struct dl_pipeline *proto, struct dl_job *job)
{
        struct dl_pipeline p = *proto;
        dl_log_init(&job->log, NULL, proto->verbose);
        p.log = &job->log;
        FILE *mem = NULL;
        if (proto->dump) {
                mem = open_memstream(&job->dump, &job->dump_len);
                if (!mem) {
                        fputs("ddblint: out of memory\n", stderr);
                        abort();
                }
                p.dump = mem;
        }
        job->outcome = dl_pipeline_file(&p, job->path, job->args, job->n_args,
                                        &job->clang_errors);
        if (mem)
                fclose(mem);
}

static void *worker(void *arg)
{
        struct shared *sh = arg;
        for (;;) {
                size_t i = atomic_fetch_add(&sh->next, 1);
                if (i >= sh->n)
                        return NULL;
                run_one(sh->proto, &sh->jobs[i]);
        }
}

void dl_jobs_run(const struct dl_pipeline *proto, struct dl_job *jobs, size_t n,
                 unsigned threads)
{
        struct shared sh = {proto, jobs, n, 0};
        if (threads > n)
                threads = (unsigned)n;
        if (threads <= 1) {
                worker(&sh);
                return;
        }
        pthread_t *tids = dl_xcalloc(threads, sizeof *tids);
        unsigned started = 0;
        for (unsigned t = 0; t < threads; t++) {
                if (pthread_create(&tids[t], NULL, worker, &sh) != 0)
                        break;
                started++;
        }
        if (started == 0)
                worker(&sh); /* no thread could start: do the work here */
        for (unsigned t = 0; t < started; t++)
                pthread_join(tids[t], NULL);
        free(tids);
}

void dl_job_fini(struct dl_job *job)
{
        if (!job)
                return;
        dl_log_fini(&job->log);
        free(job->dump);
        job->dump = NULL;
        job->dump_len = 0;
}

unsigned dl_jobs_default_threads(void)
{
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        if (n < 1)
                return 1;
        return n > 16 ? 16 : (unsigned)n;
}
