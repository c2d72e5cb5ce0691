/* progress.c - the progress line of a long run on a terminal.
 * SPDX-License-Identifier: MIT
 */
#include "progress.h"

#include <string.h>
#include <time.h>

bool dl_progress_wanted(bool stderr_tty, bool quiet, const char *term, size_t n_files)
{
        return stderr_tty && !quiet && !(term && strcmp(term, "dumb") == 0) && n_files > 1;
}

static double now(void)
{
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void dl_progress_init(struct dl_progress *p, FILE *out, bool enabled, size_t total)
{
        memset(p, 0, sizeof *p);
        p->out = out;
        p->enabled = enabled;
        p->total = total;
        p->start = now();
}

void dl_progress_update(struct dl_progress *p, size_t done, const char *path)
{
        if (!p->enabled || now() - p->start < DL_PROGRESS_AFTER)
                return;
        /* A long path shows its end, where the file name is. */
        size_t n = strlen(path);
        const char *shown = n > 60 ? path + n - 57 : path;
        fprintf(p->out, "\r\033[K[%zu/%zu] %s%s", done, p->total, n > 60 ? "..." : "", shown);
        fflush(p->out);
        p->shown = true;
}

void dl_progress_clear(struct dl_progress *p)
{
        if (!p->shown)
                return;
        fputs("\r\033[K", p->out);
        fflush(p->out);
        p->shown = false;
}
