/* jobs.c - files analysed in worker processes, handed back in file order.
 * SPDX-License-Identifier: MIT
 *
 * Why processes: a libclang parse cannot be interrupted from outside, and
 * a crash inside it that libclang's crash recovery does not catch (a stack
 * overflow in its recursive-descent parser has no alternate signal stack
 * to run on) ends the process. Only a process of its own lets one
 * translation unit be stopped at a bound, or die, without losing the rest
 * of the run. The driver forks (no exec: the worker has the rules, checks
 * and precompiled-header store already) and has no other thread, so a fork
 * never copies a lock held by another thread. A worker analyses job after
 * job (a fork per file doubled the CPU time of small files: the caches of
 * the precompiled-header store and the include scan were lost each time);
 * one that is killed or dies takes only its current job with it, and the
 * next job gets a new worker.
 */
#define _GNU_SOURCE /* strsignal */
#include "jobs.h"

#include "job_wire.h"

#include "../core/alloc.h"
#include "../core/file.h"
#include "../frontend/libclang.h"
#include "../rules/schema.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* In a job index sent to a worker: the driver has settled the job's
 * prefilter verdict and cache lookup (struct dl_job.settled). */
#define SETTLED_BIT 0x80000000u

/* How often a worker's resident memory is read under a memory bound. */
#define MEMORY_POLL_MS 100

static void collect(void *data, struct dl_finding *take)
{
        struct dl_job *job = data;
        job->findings = dl_xrealloc(job->findings, (job->n_findings + 1) * sizeof *job->findings);
        job->findings[job->n_findings++] = take;
}

/* The job's private copy of its pipeline, its log started. */
static struct dl_pipeline job_pipeline(struct dl_job *job)
{
        struct dl_pipeline p = *job->pipeline;
        dl_log_init(&job->log, NULL, job->pipeline->verbose);
        p.log = &job->log;
        p.emit = collect;
        p.emit_data = job;
        p.cache_use = &job->cache;
        p.settled = job->settled;
        p.access = job->pipeline->access ? &job->access : NULL;
        p.infer = job->pipeline->infer ? &job->inferred : NULL;
        return p;
}

/* What the driver can say of a job without a worker (the input checks, the
 * prefilter, the result cache: dl_pipeline_unit_settle). Returns true
 * when that is the job's result; false when the job must go to a worker,
 * which then does not ask again. */
static bool settle_one(struct dl_job *job)
{
        /* its dump (or what it infers, unless the result cache has it)
         * comes from the worker */
        if (job->pipeline->dump || (job->pipeline->infer && !job->pipeline->cache))
                return false;
        struct dl_pipeline p = job_pipeline(job);
        if (dl_pipeline_unit_settle(&p, job->path, job->args, job->n_args, job->own, job->n_own,
                                    &job->outcome, &job->clang_errors))
                return true;
        dl_log_fini(&job->log);
        job->settled = true;
        return false;
}

void dl_job_run(struct dl_job *job)
{
        struct dl_pipeline p = job_pipeline(job);
        FILE *mem = NULL;
        if (job->pipeline->dump) {
                mem = open_memstream(&job->dump, &job->dump_len);
                if (!mem) {
                        fputs("ddblint: out of memory\n", stderr);
                        abort();
                }
                p.dump = mem;
        }
        job->outcome = dl_pipeline_unit(&p, job->path, job->args, job->n_args, job->own, job->n_own,
                                        &job->clang_errors);
        if (mem)
                fclose(mem);
}

static bool read_all(int fd, void *dst, size_t n)
{
        char *p = dst;
        while (n) {
                ssize_t r = read(fd, p, n);
                if (r < 0 && errno == EINTR)
                        continue;
                if (r <= 0)
                        return false;
                p += r;
                n -= (size_t)r;
        }
        return true;
}

/* The worker process: reads job indexes from its socket, analyses each
 * job and sends back its result (a 64-bit length, then job_wire's
 * bytes), until the driver closes its side; then exits without running
 * the driver's atexit handlers or flushing its stdio buffers. Caches a
 * worker fills (the precompiled-header store, the include scan) serve
 * its later jobs. */
static _Noreturn void worker_main(struct dl_job *jobs, size_t n, int fd, pid_t driver)
{
        /* The driver removes its temporary output files on these signals;
         * the worker has none. It dies with the driver. */
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != driver)
                _exit(2);
        uint32_t i;
        while (read_all(fd, &i, sizeof i) && (i & ~SETTLED_BIT) < n) {
                struct dl_job *job = &jobs[i & ~SETTLED_BIT];
                job->settled = (i & SETTLED_BIT) != 0; /* the driver's, after this fork */
                const struct dl_ruleset *rules = job->pipeline->rules;
                size_t nw = rules->n_wrappers;
                unsigned long *calls = dl_xcalloc(nw + 1, sizeof *calls);
                for (size_t k = 0; k < nw; k++)
                        calls[k] = __atomic_load_n(rules->wrappers[k].calls, __ATOMIC_RELAXED);
                dl_job_run(job);
                for (size_t k = 0; k < nw; k++)
                        calls[k] = __atomic_load_n(rules->wrappers[k].calls, __ATOMIC_RELAXED) -
                                   calls[k];
                struct dl_strbuf out;
                dl_strbuf_init(&out);
                uint64_t len = 0;
                dl_strbuf_add(&out, (const char *)&len, sizeof len);
                dl_job_wire_encode(job, calls, nw, &out);
                len = out.len - sizeof len;
                memcpy(out.buf, &len, sizeof len);
                bool sent = dl_write_all(fd, out.buf, out.len);
                dl_strbuf_fini(&out);
                free(calls);
                dl_job_fini(job);
                if (!sent)
                        _exit(2);
        }
        _exit(0);
}

/* One worker process and the job it is analysing. */
struct worker {
        pid_t pid;               /* 0: no process in this slot */
        int fd;                  /* the driver's end of its socket */
        size_t job;              /* the job it is analysing, or SIZE_MAX when idle */
        struct dl_strbuf result; /* bytes received and not yet used */
        long long deadline_ms;   /* on the monotonic clock; 0 for none */
        unsigned long base_mib;  /* its resident memory when it was given the job */
        enum { ALIVE, KILLED_TIME, KILLED_MEMORY } fate;
};

static long long now_ms(void)
{
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A process's resident memory in MiB, or 0 when it cannot be read. */
static unsigned long resident_mib(pid_t pid)
{
        char path[64];
        snprintf(path, sizeof path, "/proc/%ld/statm", (long)pid);
        FILE *f = fopen(path, "r");
        if (!f)
                return 0;
        char line[128];
        bool got = fgets(line, sizeof line, f) != NULL;
        fclose(f);
        if (!got)
                return 0;
        /* "size resident shared text lib data dt", in pages (proc(5)) */
        char *end = NULL;
        strtoul(line, &end, 10);
        unsigned long resident = strtoul(end, NULL, 10);
        return (unsigned long)(((unsigned long long)resident *
                                (unsigned long long)sysconf(_SC_PAGESIZE)) >>
                               20);
}

/* Starts a worker process in slot w; false when none could be made. */
static bool spawn(struct worker *ws, unsigned nw, struct worker *w, struct dl_job *jobs, size_t n)
{
        int sv[2];
        if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
                return false;
        pid_t driver = getpid();
        pid_t pid = fork();
        if (pid < 0) {
                close(sv[0]);
                close(sv[1]);
                return false;
        }
        if (pid == 0) {
                close(sv[0]);
                for (unsigned k = 0; k < nw; k++) {
                        if (ws[k].pid)
                                close(ws[k].fd); /* the other workers' sockets */
                }
                worker_main(jobs, n, sv[1], driver);
        }
        close(sv[1]);
        w->pid = pid;
        w->fd = sv[0];
        w->job = SIZE_MAX;
        dl_strbuf_init(&w->result);
        return true;
}

/* Gives job i of jobs to the idle worker w; false when it cannot take it. */
static bool dispatch(struct worker *w, const struct dl_job *jobs, size_t i,
                     const struct dl_job_limits *lim)
{
        uint32_t idx = (uint32_t)i | (jobs[i].settled ? SETTLED_BIT : 0);
        if (send(w->fd, &idx, sizeof idx, MSG_NOSIGNAL) != (ssize_t)sizeof idx)
                return false;
        w->job = i;
        w->fate = ALIVE;
        w->deadline_ms = lim->timeout_s ? now_ms() + 1000LL * lim->timeout_s : 0;
        w->base_mib = lim->memory_mib ? resident_mib(w->pid) : 0;
        return true;
}

/* The error that replaces the result of a job whose worker ended. */
static void fail(struct worker *w, struct dl_job *job, int status, const struct dl_job_limits *lim)
{
        dl_job_fini(job);
        dl_log_init(&job->log, NULL, job->pipeline->verbose);
        job->outcome = DL_FILE_FAILED;
        job->clang_errors = 0;
        job->cache = DL_CACHE_UNUSED;
        struct dl_loc loc = {job->path, 0, 0};
        if (w->fate == KILLED_TIME)
                dl_log_add(&job->log, DL_LOG_ERROR, "tu-timeout", &loc,
                           "not analysed: its translation unit took longer than %u s "
                           "(--tu-timeout %u)",
                           lim->timeout_s, lim->timeout_s);
        else if (w->fate == KILLED_MEMORY)
                dl_log_add(&job->log, DL_LOG_ERROR, "tu-memory", &loc,
                           "not analysed: its translation unit took more than %u MiB of "
                           "memory (--tu-memory %u)",
                           lim->memory_mib, lim->memory_mib);
        else if (WIFSIGNALED(status))
                dl_log_add(&job->log, DL_LOG_ERROR, "analysis-crashed", &loc,
                           "not analysed: the process analysing its translation unit was "
                           "killed by signal %d (%s)",
                           WTERMSIG(status), strsignal(WTERMSIG(status)));
        else
                dl_log_add(&job->log, DL_LOG_ERROR, "analysis-crashed", &loc,
                           "not analysed: the process analysing its translation unit ended "
                           "with exit status %d and no result",
                           WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

/* A whole result at the start of w->result: the job's result taken, the
 * bytes dropped, the worker idle. False while it is incomplete. */
static bool take_result(struct worker *w, struct dl_job *jobs)
{
        uint64_t len;
        if (w->result.len < sizeof len)
                return false;
        memcpy(&len, w->result.buf, sizeof len);
        if (w->result.len - sizeof len < len)
                return false;
        struct dl_job *job = &jobs[w->job];
        dl_log_init(&job->log, NULL, job->pipeline->verbose);
        if (!dl_job_wire_decode(w->result.buf + sizeof len, (size_t)len, job)) {
                /* cannot happen between two copies of one binary; said */
                dl_job_fini(job);
                dl_log_init(&job->log, NULL, job->pipeline->verbose);
                job->outcome = DL_FILE_FAILED;
                struct dl_loc loc = {job->path, 0, 0};
                dl_log_add(&job->log, DL_LOG_ERROR, "analysis-crashed", &loc,
                           "not analysed: its worker process sent a malformed result");
        }
        size_t used = sizeof len + (size_t)len;
        memmove(w->result.buf, w->result.buf + used, w->result.len - used);
        w->result.len -= used;
        w->job = SIZE_MAX;
        return true;
}

/* Reads what w has sent. Returns false at its end (the process has exited
 * or is exiting): the caller reaps it. */
static bool receive(struct worker *w)
{
        char buf[65536];
        ssize_t got = read(w->fd, buf, sizeof buf);
        if (got < 0 && (errno == EINTR || errno == EAGAIN))
                return true;
        if (got > 0) {
                dl_strbuf_add(&w->result, buf, (size_t)got);
                return true;
        }
        return false;
}

/* Kills the workers past a bound. */
static void enforce(struct worker *ws, unsigned nw, const struct dl_job_limits *lim)
{
        long long now = now_ms();
        for (unsigned k = 0; k < nw; k++) {
                struct worker *w = &ws[k];
                if (!w->pid || w->job == SIZE_MAX || w->fate != ALIVE)
                        continue;
                if (w->deadline_ms && now >= w->deadline_ms)
                        w->fate = KILLED_TIME;
                else if (lim->memory_mib && resident_mib(w->pid) > w->base_mib + lim->memory_mib)
                        w->fate = KILLED_MEMORY;
                if (w->fate != ALIVE)
                        kill(w->pid, SIGKILL);
        }
}

/* How long poll may wait for the next bound to be checked (-1: forever). */
static int wait_ms(const struct worker *ws, unsigned nw, const struct dl_job_limits *lim)
{
        long long wait = lim->memory_mib ? MEMORY_POLL_MS : -1;
        long long now = now_ms();
        for (unsigned k = 0; k < nw; k++) {
                const struct worker *w = &ws[k];
                if (!w->pid || w->job == SIZE_MAX || w->fate != ALIVE || !w->deadline_ms)
                        continue;
                long long left = w->deadline_ms - now;
                if (left < 0)
                        left = 0;
                if (wait < 0 || left < wait)
                        wait = left;
        }
        return wait > 60000 ? 60000 : (int)wait;
}

void dl_jobs_run(struct dl_job *jobs, size_t n, unsigned workers,
                 const struct dl_job_limits *limits, dl_job_done_fn done, void *data)
{
        static const struct dl_job_limits unbounded = {0, 0};
        const struct dl_job_limits *lim = limits ? limits : &unbounded;
        if (workers > n)
                workers = (unsigned)n;
        if (workers < 1)
                workers = 1;
        struct worker *ws = dl_xcalloc(workers, sizeof *ws);
        struct pollfd *pfd = dl_xcalloc(workers, sizeof *pfd);
        bool *finished = dl_xcalloc(n + 1, sizeof *finished);
        /* the jobs before `ahead` have been through settle_one (those it
         * settled are finished) */
        size_t next = 0, ahead = 0, handed = 0;
        while (handed < n) {
                /* every idle slot gets the next job that needs a worker (a new
                 * worker if needed; in this process when no worker can be
                 * made); the jobs the driver settles need none */
                for (unsigned k = 0; k < workers && next < n;) {
                        struct worker *w = &ws[k];
                        if (w->pid && w->job != SIZE_MAX) {
                                k++;
                                continue;
                        }
                        if (next == ahead) {
                                if (settle_one(&jobs[next]))
                                        finished[next] = true;
                                ahead++;
                        }
                        if (finished[next]) { /* the same slot, the next job */
                                next++;
                                continue;
                        }
                        /* a worker is forked for a job that parses: libclang
                         * is loaded first, once, and the workers share it
                         * (a load is about 0.1 s of CPU); one that cannot be
                         * loaded is said by each job that needs it */
                        if (!w->pid && !dl_libclang_loaded())
                                dl_libclang_load(NULL);
                        if ((w->pid || spawn(ws, workers, w, jobs, n)) &&
                            dispatch(w, jobs, next, lim)) {
                                next++;
                                k++;
                                continue;
                        }
                        if (w->pid) { /* it died idle: reaped below, then replaced */
                                k++;
                                continue;
                        }
                        dl_job_run(&jobs[next]);
                        finished[next++] = true;
                        k++;
                }
                unsigned np = 0;
                for (unsigned k = 0; k < workers; k++) {
                        if (ws[k].pid) {
                                pfd[np].fd = ws[k].fd;
                                pfd[np].events = POLLIN;
                                pfd[np].revents = 0;
                                np++;
                        }
                }
                /* while every worker is busy, the driver settles the jobs
                 * that come next */
                bool settling = np && ahead < n;
                if (settling) {
                        if (settle_one(&jobs[ahead]))
                                finished[ahead] = true;
                        ahead++;
                }
                if (np && poll(pfd, np, settling ? 0 : wait_ms(ws, workers, lim)) < 0) {
                        /* then read each worker (read() waits for it) */
                        for (unsigned q = 0; q < np; q++)
                                pfd[q].revents = errno == EINTR ? 0 : POLLIN;
                }
                for (unsigned k = 0, q = 0; k < workers; k++) {
                        struct worker *w = &ws[k];
                        if (!w->pid)
                                continue;
                        if (!pfd[q++].revents)
                                continue;
                        bool open = receive(w);
                        size_t j = w->job;
                        if (j != SIZE_MAX && take_result(w, jobs))
                                finished[j] = true;
                        if (open)
                                continue;
                        int status = 0;
                        while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
                                ;
                        close(w->fd);
                        if (w->job != SIZE_MAX) {
                                fail(w, &jobs[w->job], status, lim);
                                finished[w->job] = true;
                        }
                        dl_strbuf_fini(&w->result);
                        w->pid = 0;
                }
                enforce(ws, workers, lim);
                for (; handed < n && finished[handed]; handed++) {
                        if (done)
                                done(data, &jobs[handed], handed);
                }
        }
        /* no job left: each worker reads the end of its socket and exits */
        for (unsigned k = 0; k < workers; k++) {
                struct worker *w = &ws[k];
                if (!w->pid)
                        continue;
                close(w->fd);
                while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR)
                        ;
                dl_strbuf_fini(&w->result);
        }
        free(finished);
        free(pfd);
        free(ws);
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
        dl_strbuf_fini(&job->access);
        dl_inferred_vec_fini(&job->inferred);
}

unsigned dl_jobs_default_workers(void)
{
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        if (n < 1)
                return 1;
        return n > 16 ? 16 : (unsigned)n;
}
