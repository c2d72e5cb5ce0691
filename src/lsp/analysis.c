/* analysis.c - an editor's buffer analysed in a worker process.
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE /* strsignal */
#include "analysis.h"

#include "../cli/job_wire.h"
#include "../cli/jobs.h"
#include "../cli/pipeline.h"
#include "../core/alloc.h"
#include "../core/file.h"
#include "../findings/finding.h"
#include "../findings/sink.h"
#include "../frontend/libclang.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

long long dl_lsp_now_ms(void)
{
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The worker: the buffer through the pipeline, the result to fd
 * (job_wire's bytes), then _exit without the server's atexit handlers.
 * Its stdin and stdout are the server's protocol stream: it lets go of
 * them first, so nothing clang or a check prints can corrupt it. */
static _Noreturn void worker(struct dl_lsp_analysis *a, int fd, pid_t server)
{
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != server)
                _exit(2);
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
                dup2(null, 0);
                dup2(null, 1);
                close(null);
        }
        struct dl_pipeline p = *a->unit.pipeline;
        p.unsaved_text = a->text;
        p.unsaved_len = a->len;
        struct dl_job job;
        memset(&job, 0, sizeof job);
        job.pipeline = &p;
        job.path = a->path;
        job.args = (const char *const *)a->unit.args.argv;
        job.n_args = a->unit.args.n;
        dl_job_run(&job);
        struct dl_strbuf out;
        dl_strbuf_init(&out);
        dl_job_wire_encode(&job, NULL, 0, &out);
        bool sent = dl_write_all(fd, out.buf, out.len);
        _exit(sent ? 0 : 2);
}

static void idle(struct dl_lsp_analysis *a)
{
        if (a->fd >= 0)
                close(a->fd);
        dl_strbuf_fini(&a->got);
        dl_lsp_unit_fini(&a->unit);
        free(a->path);
        free(a->text);
        memset(a, 0, sizeof *a);
        a->fd = -1;
}

enum dl_status dl_lsp_analysis_start(struct dl_lsp_analysis *a, struct dl_lsp_project *p,
                                     const char *path, bool cplusplus, const char *text, size_t len,
                                     struct dl_error *err)
{
        memset(a, 0, sizeof *a);
        a->fd = -1;
        enum dl_status st = dl_lsp_project_unit(p, path, cplusplus, &a->unit, err);
        if (st != DL_OK)
                return st;
        /* loaded once, here, before any fork: a worker then starts with it
         * (a load costs about 0.1 s of CPU) */
        const char *why = NULL;
        if (!dl_libclang_load(&why)) {
                idle(a);
                return dl_error_set(err, DL_ERR_IO, NULL, "%s", why);
        }
        a->path = dl_xstrdup(path);
        a->text = dl_xmalloc(len + 1);
        memcpy(a->text, text, len);
        a->text[len] = '\0';
        a->len = len;
        dl_strbuf_init(&a->got);
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0) {
                idle(a);
                return dl_error_set(err, DL_ERR_IO, NULL, "cannot make a pipe: %s",
                                    strerror(errno));
        }
        pid_t server = getpid();
        pid_t pid = fork();
        if (pid < 0) {
                close(fds[0]);
                close(fds[1]);
                idle(a);
                return dl_error_set(err, DL_ERR_IO, NULL, "cannot start a process: %s",
                                    strerror(errno));
        }
        if (pid == 0) {
                close(fds[0]);
                worker(a, fds[1], server);
        }
        close(fds[1]);
        a->pid = pid;
        a->fd = fds[0];
        unsigned bound = p->o.tu_timeout;
        a->deadline_ms = bound ? dl_lsp_now_ms() + (long long)bound * 1000 : 0;
        return DL_OK;
}

bool dl_lsp_analysis_read(struct dl_lsp_analysis *a)
{
        char buf[65536];
        ssize_t got = read(a->fd, buf, sizeof buf);
        if (got < 0 && (errno == EINTR || errno == EAGAIN))
                return false;
        if (got > 0) {
                dl_strbuf_add(&a->got, buf, (size_t)got);
                return false;
        }
        return true;
}

static void reap(pid_t pid, int *status)
{
        while (waitpid(pid, status, 0) < 0 && errno == EINTR)
                ;
}

void dl_lsp_analysis_cancel(struct dl_lsp_analysis *a)
{
        if (a->pid > 0) {
                kill(a->pid, SIGKILL);
                int status;
                reap(a->pid, &status);
        }
        idle(a);
}

/* The job's result, or its failure said in its log. */
static void take(struct dl_lsp_analysis *a, int status, struct dl_job *job)
{
        memset(job, 0, sizeof *job);
        job->pipeline = a->unit.pipeline;
        job->path = a->path;
        dl_log_init(&job->log, NULL, a->unit.pipeline->verbose);
        bool whole = WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
                     dl_job_wire_decode(a->got.buf, a->got.len, job);
        if (whole)
                return;
        dl_job_fini(job);
        dl_log_init(&job->log, NULL, a->unit.pipeline->verbose);
        job->outcome = DL_FILE_FAILED;
        struct dl_loc loc = {a->path, 0, 0};
        if (WIFSIGNALED(status))
                dl_log_add(&job->log, DL_LOG_ERROR, "analysis-crashed", &loc,
                           "not analysed: the process analysing it was killed by signal %d "
                           "(%s)",
                           WTERMSIG(status), strsignal(WTERMSIG(status)));
        else
                dl_log_add(&job->log, DL_LOG_ERROR, "analysis-crashed", &loc,
                           "not analysed: the process analysing it ended with exit status %d "
                           "and no result",
                           WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

/* The sink's question, answered as a lint run's (--checks over the rules). */
static bool check_on(void *data, const struct dl_ruleset *rules, const char *id)
{
        const struct dl_lsp_project *p = data;
        return dl_check_runs(rules, p->o.checks, id);
}

void dl_lsp_analysis_finish(struct dl_lsp_analysis *a, const struct dl_lsp_project *p,
                            struct dl_lsp_result *out)
{
        memset(out, 0, sizeof *out);
        int status = 0;
        if (a->pid > 0)
                reap(a->pid, &status);
        a->pid = 0;
        struct dl_job job;
        take(a, status, &job);
        out->failed = job.outcome == DL_FILE_FAILED;
        out->log = job.log;
        memset(&job.log, 0, sizeof job.log);

        struct dl_sink_opts so = {0};
        so.rules = a->unit.pipeline->rules;
        so.known_ids = p->ids;
        so.n_known_ids = p->cat->n;
        so.project_root = p->root;
        so.check_on = check_on;
        so.check_on_data = (void *)p;
        out->sink = dl_sink_new(&so);
        dl_sink_set_text(out->sink, a->path, a->text, a->len);
        dl_sink_add_source(out->sink, a->path);
        size_t n_new;
        dl_sink_take_unit(out->sink, a->path, a->unit.pipeline->rules, job.findings, job.n_findings,
                          &n_new);
        job.n_findings = 0; /* the sink owns them */
        struct dl_error err;
        dl_error_init(&err);
        dl_sink_finish(out->sink, &out->log, &err); /* no baseline: cannot fail */
        dl_error_fini(&err);
        dl_job_fini(&job);
        idle(a);
}

void dl_lsp_result_fini(struct dl_lsp_result *r)
{
        dl_sink_free(r->sink);
        dl_log_fini(&r->log);
        memset(r, 0, sizeof *r);
}
