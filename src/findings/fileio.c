/* fileio.c - whole-file reads, atomic writes, project-relative paths.
 * SPDX-License-Identifier: MIT
 */
#include "fileio.h"

#include "../core/alloc.h"
#include "../core/safefile.h"
#include "../core/strbuf.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Writes all of data to fd. */
static enum dl_status write_all(int fd, const char *data, size_t len, const struct dl_loc *loc,
                                struct dl_error *err)
{
        size_t done = 0;
        while (done < len) {
                ssize_t w = write(fd, data + done, len - done);
                if (w < 0 && errno == EINTR)
                        continue;
                if (w < 0)
                        return dl_error_set(err, DL_ERR_IO, loc, "cannot write: %s",
                                            strerror(errno));
                done += (size_t)w;
        }
        return DL_OK;
}

/* A device, FIFO or socket (/dev/stdout, a pipe a CI step reads) is written
 * into, never replaced: there is nothing to keep whole. */
static enum dl_status write_special(const char *path, const char *data, size_t len,
                                    struct dl_error *err)
{
        struct dl_loc loc = {path, 0, 0};
        int fd = open(path, O_WRONLY | O_NOCTTY);
        if (fd < 0)
                return dl_error_set(err, DL_ERR_IO, &loc, "cannot open: %s", strerror(errno));
        enum dl_status st = write_all(fd, data, len, &loc, err);
        if (close(fd) != 0 && st == DL_OK)
                st = dl_error_set(err, DL_ERR_IO, &loc, "cannot close: %s", strerror(errno));
        return st;
}

/* The file a symbolic link finally names (heap), or NULL when path is not
 * a link. Links are followed up to 40 times, as the kernel does. */
static char *link_target(const char *path)
{
        char *cur = dl_xstrdup(path);
        bool followed = false;
        for (int hop = 0; hop < 40; hop++) {
                struct stat st;
                if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
                        break;
                char buf[PATH_MAX];
                ssize_t n = readlink(cur, buf, sizeof buf - 1);
                if (n <= 0)
                        break;
                buf[n] = '\0';
                char *next;
                const char *slash = strrchr(cur, '/');
                if (buf[0] == '/' || !slash)
                        next = dl_xstrdup(buf);
                else
                        next = dl_xasprintf("%.*s/%s", (int)(slash - cur), cur, buf);
                free(cur);
                cur = next;
                followed = true;
        }
        if (!followed) {
                free(cur);
                return NULL;
        }
        return cur;
}

/* ---- temporary files removed on a fatal signal ----
 *
 * A temporary file's name is copied into a fixed slot before the file is
 * created, and the slot is marked used once it exists; the handler only
 * reads the slots, unlink()s the used ones and re-raises the signal with
 * its default action, all async-signal-safe (POSIX.1-2017, 2.4.3). This is
 * the process's one piece of global state: a signal handler has no other
 * way to know what to clean. */

#define CLEANUP_SLOTS 8

static char cleanup_path[CLEANUP_SLOTS][PATH_MAX];
static volatile sig_atomic_t cleanup_used[CLEANUP_SLOTS];

static void on_fatal_signal(int sig)
{
        for (int i = 0; i < CLEANUP_SLOTS; i++) {
                if (cleanup_used[i])
                        unlink(cleanup_path[i]);
        }
        signal(sig, SIG_DFL);
        raise(sig);
}

void dl_file_cleanup_on_signals(void)
{
        static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
        for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
                struct sigaction sa;
                memset(&sa, 0, sizeof sa);
                sa.sa_handler = on_fatal_signal;
                sigemptyset(&sa.sa_mask);
                /* Ignored signals stay ignored (nohup, a shell's background job). */
                struct sigaction old;
                if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
                        continue;
                sigaction(sigs[i], &sa, NULL);
        }
}

/* A free slot holding a copy of tmp, or -1 (then the file is not cleaned
 * on a signal, which only matters with more than CLEANUP_SLOTS outputs). */
static int cleanup_claim(const char *tmp)
{
        if (strlen(tmp) >= PATH_MAX)
                return -1;
        for (int i = 0; i < CLEANUP_SLOTS; i++) {
                if (!cleanup_used[i]) {
                        memcpy(cleanup_path[i], tmp, strlen(tmp) + 1);
                        return i;
                }
        }
        return -1;
}

struct dl_atomic_file {
        char *path;     /* the target, after symbolic links */
        char *shown;    /* the target as named, for messages */
        char *tmp;      /* the temporary file beside it, or NULL for a special file */
        int fd;
        int slot;       /* cleanup slot, or -1 */
};

enum dl_status dl_atomic_open(const char *path, struct dl_atomic_file **out, struct dl_error *err)
{
        *out = NULL;
        struct dl_loc loc = {path, 0, 0};
        struct stat st;
        bool exists = stat(path, &st) == 0;
        if (exists && S_ISDIR(st.st_mode))
                return dl_error_set(err, DL_ERR_IO, &loc, "is a directory");
        struct dl_atomic_file *f = dl_xcalloc(1, sizeof *f);
        f->shown = dl_xstrdup(path);
        f->fd = -1;
        f->slot = -1;
        if (exists && !S_ISREG(st.st_mode)) {
                /* A device, FIFO or socket (/dev/stdout, a pipe a CI step
                 * reads) is written into, never replaced: there is nothing to
                 * keep whole. It is opened when written, so a FIFO's reader
                 * is not needed yet; it must be writable now. */
                if (access(path, W_OK) != 0) {
                        int e = errno;
                        dl_atomic_abort(f);
                        return dl_error_set(err, DL_ERR_IO, &loc, "cannot write: %s",
                                            strerror(e));
                }
                f->path = dl_xstrdup(path);
                *out = f;
                return DL_OK;
        }
        /* A symbolic link keeps pointing where it did: the file it names is
         * replaced, not the link. */
        char *target = link_target(path);
        f->path = target ? target : dl_xstrdup(path);
        /* The temporary name sits beside path: "dir/.name.XXXXXX". */
        const char *slash = strrchr(f->path, '/');
        f->tmp = slash ? dl_xasprintf("%.*s/.%s.XXXXXX", (int)(slash - f->path), f->path,
                                      slash + 1)
                       : dl_xasprintf(".%s.XXXXXX", f->path);
        /* what a killed run left beside this output over an hour ago (a
         * SIGKILL leaves its temporary file: no handler runs) */
        char *dir = slash ? dl_xstrndup(f->path, (size_t)(slash - f->path)) : dl_xstrdup(".");
        dl_temp_sweep(dir[0] ? dir : "/", slash ? slash + 1 : f->path, time(NULL));
        free(dir);
        f->slot = cleanup_claim(f->tmp);
        /* mkstemp fills in the Xs of the slot's copy too: create through it. */
        char *name = f->slot >= 0 ? cleanup_path[f->slot] : f->tmp;
        f->fd = mkstemp(name);
        if (f->fd < 0) {
                int e = errno;
                f->slot = -1;
                free(f->tmp);
                f->tmp = NULL;
                dl_atomic_abort(f);
                if (e == ENOENT || e == ENOTDIR) {
                        /* the directory is what is missing, not the file */
                        const char *end = strrchr(path, '/');
                        int n = end ? (end == path ? 1 : (int)(end - path)) : 1;
                        return dl_error_set(err, DL_ERR_IO, &loc,
                                            "cannot write it: no such directory '%.*s'", n,
                                            end ? path : ".");
                }
                return dl_error_set(err, DL_ERR_IO, &loc, "cannot create a temporary file: %s",
                                    strerror(e));
        }
        if (f->slot >= 0) {
                memcpy(f->tmp, name, strlen(name) + 1);
                cleanup_used[f->slot] = 1;
        }
        *out = f;
        return DL_OK;
}

void dl_atomic_abort(struct dl_atomic_file *f)
{
        if (!f)
                return;
        if (f->fd >= 0)
                close(f->fd);
        if (f->tmp)
                unlink(f->tmp);
        if (f->slot >= 0)
                cleanup_used[f->slot] = 0;
        free(f->path);
        free(f->shown);
        free(f->tmp);
        free(f);
}

enum dl_status dl_atomic_commit(struct dl_atomic_file *f, const char *data, size_t len,
                                struct dl_error *err)
{
        if (!f->tmp) {
                enum dl_status st = write_special(f->path, data, len, err);
                dl_atomic_abort(f);
                return st;
        }
        struct dl_loc loc = {f->shown, 0, 0};
        enum dl_status st = write_all(f->fd, data, len, &loc, err);
        if (st == DL_OK && fsync(f->fd) != 0)
                st = dl_error_set(err, DL_ERR_IO, &loc, "cannot flush: %s", strerror(errno));
        /* mkstemp creates 0600; keep the mode of the file being replaced,
         * else give the usual umask-based mode. umask() is read back at
         * once; ddblint writes its outputs from one thread. */
        struct stat old;
        mode_t mode;
        if (stat(f->path, &old) == 0) {
                mode = old.st_mode & 07777;
        } else {
                mode_t um = umask(0);
                umask(um);
                mode = 0666 & ~um;
        }
        if (st == DL_OK && fchmod(f->fd, mode) != 0)
                st = dl_error_set(err, DL_ERR_IO, &loc, "cannot set mode: %s", strerror(errno));
        int fd = f->fd;
        f->fd = -1;
        if (close(fd) != 0 && st == DL_OK)
                st = dl_error_set(err, DL_ERR_IO, &loc, "cannot close: %s", strerror(errno));
        if (st == DL_OK && rename(f->tmp, f->path) != 0)
                st = dl_error_set(err, DL_ERR_IO, &loc, "cannot rename into place: %s",
                                  strerror(errno));
        if (st == DL_OK) {
                free(f->tmp); /* renamed: nothing left to remove */
                f->tmp = NULL;
        }
        dl_atomic_abort(f);
        return st;
}

enum dl_status dl_file_write_atomic(const char *path, const char *data, size_t len,
                                    struct dl_error *err)
{
        struct dl_atomic_file *f = NULL;
        enum dl_status st = dl_atomic_open(path, &f, err);
        return st == DL_OK ? dl_atomic_commit(f, data, len, err) : st;
}
