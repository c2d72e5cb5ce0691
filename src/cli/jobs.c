/* jobs.c - parallel analysis of files, handed back in file order.
 * SPDX-License-Identifier: MIT
 */
#include "jobs.h"

#include "../core/alloc.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct shared {
        struct dl_job *jobs;
        size_t n;
        pthread_mutex_t mu;
        pthread_cond_t cv;
        size_t next;      /* the next job to start */
        bool *finished;   /* per job */
};

static void collect(void *data, struct dl_finding *take)
{
        struct dl_job *job = data;
        job->findings = dl_xrealloc(job->findings, (job->n_findings + 1) * sizeof *job->findings);
        job->findings[job->n_findings++] = take;
}

static void run_one(struct dl_job *job)
{
        struct dl_pipeline p = *job->pipeline;
        dl_log_init(&job->log, NULL, job->pipeline->verbose);
        p.log = &job->log;
        p.emit = collect;
        p.emit_data = job;
        FILE *mem = NULL;
        if (job->pipeline->dump) {
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
                pthread_mutex_lock(&sh->mu);
                size_t i = sh->next < sh->n ? sh->next++ : sh->n;
                pthread_mutex_unlock(&sh->mu);
                if (i >= sh->n)
                        return NULL;
                run_one(&sh->jobs[i]);
                pthread_mutex_lock(&sh->mu);
                sh->finished[i] = true;
                pthread_cond_broadcast(&sh->cv);
                pthread_mutex_unlock(&sh->mu);
        }
}

void dl_jobs_run(struct dl_job *jobs, size_t n, unsigned threads, dl_job_done_fn done,
                 void *data)
{
        if (threads > n)
                threads = (unsigned)n;
        if (threads <= 1) {
                for (size_t i = 0; i < n; i++) {
                        run_one(&jobs[i]);
                        if (done)
                                done(data, &jobs[i], i);
                }
                return;
        }
        struct shared sh = {jobs, n, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0,
                            dl_xcalloc(n, sizeof(bool))};
        pthread_t *tids = dl_xcalloc(threads, sizeof *tids);
        unsigned started = 0;
        for (unsigned t = 0; t < threads; t++) {
                if (pthread_create(&tids[t], NULL, worker, &sh) != 0)
                        break;
                started++;
        }
        if (started == 0)
                worker(&sh); /* no thread could start: do the work here */
        for (size_t i = 0; i < n; i++) {
                pthread_mutex_lock(&sh.mu);
                while (!sh.finished[i])
                        pthread_cond_wait(&sh.cv, &sh.mu);
                pthread_mutex_unlock(&sh.mu);
                if (done)
                        done(data, &jobs[i], i);
        }
        for (unsigned t = 0; t < started; t++)
                pthread_join(tids[t], NULL);
        pthread_mutex_destroy(&sh.mu);
        pthread_cond_destroy(&sh.cv);
        free(sh.finished);
        free(tids);
}

void dl_job_fini(struct dl_job *job)
{
        if (!job)
                return;
        dl_log_fini(&job->log);
        for (size_t i = 0; i < job->n_findings; i++)
                dl_finding_free(job->findings[i]);
        free(job->findings);
        job->findings = NULL;
        job->n_findings = 0;
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
