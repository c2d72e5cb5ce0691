/* progress.h - the "[37/2000] src/x.cpp" line a long run shows on a
 * terminal, and never in a pipe or a file.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CLI_PROGRESS_H
#define DL_CLI_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Seconds a run goes before it shows progress: a short run stays quiet. */
#define DL_PROGRESS_AFTER 0.5

/**
 * dl_progress_wanted - may a run show a progress line? Only on a terminal
 * (stderr_tty), not with --quiet, not on a "dumb" terminal (TERM), and
 * only when there is more than one file.
 */
bool dl_progress_wanted(bool stderr_tty, bool quiet, const char *term, size_t n_files);

struct dl_progress {
        FILE *out;        /* stderr */
        bool enabled;     /* dl_progress_wanted */
        bool shown;       /* a line is on screen now */
        double start;     /* monotonic seconds at dl_progress_init */
        size_t total;
};

/** dl_progress_init - start timing; enabled as decided by the caller. */
void dl_progress_init(struct dl_progress *p, FILE *out, bool enabled, size_t total);
/**
 * dl_progress_update - show "[done/total] path" in place, once the run has
 * lasted DL_PROGRESS_AFTER seconds.
 */
void dl_progress_update(struct dl_progress *p, size_t done, const char *path);
/** dl_progress_clear - erase the line, before anything else is printed. */
void dl_progress_clear(struct dl_progress *p);

#endif
