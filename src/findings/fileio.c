/* fileio.c - whole-file reads, atomic writes, project-relative paths.
 * SPDX-License-Identifier: MIT
 */
#include "fileio.h"

#include "../core/alloc.h"
#include "../core/strbuf.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

static enum dl_status write_replace(const char *path, const char *data, size_t len,
                                    struct dl_error *err);

enum dl_status dl_file_write_atomic(const char *path, const char *data, size_t len,
                                    struct dl_error *err)
{
        struct stat st;
        if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
                if (S_ISDIR(st.st_mode)) {
                        struct dl_loc loc = {path, 0, 0};
                        return dl_error_set(err, DL_ERR_IO, &loc, "is a directory");
                }
                return write_special(path, data, len, err);
        }
        /* A symbolic link keeps pointing where it did: the file it names is
         * replaced, not the link. */
        char *target = link_target(path);
        enum dl_status rc = write_replace(target ? target : path, data, len, err);
        free(target);
        return rc;
}

static enum dl_status write_replace(const char *path, const char *data, size_t len,
                                    struct dl_error *err)
{
        struct dl_loc loc = {path, 0, 0};
        /* The temporary name sits beside path: "dir/.name.XXXXXX". */
        const char *slash = strrchr(path, '/');
        char *tmp = slash ? dl_xasprintf("%.*s/.%s.XXXXXX", (int)(slash - path), path, slash + 1)
                          : dl_xasprintf(".%s.XXXXXX", path);
        int fd = mkstemp(tmp);
        if (fd < 0) {
                int e = errno;
                free(tmp);
                return dl_error_set(err, DL_ERR_IO, &loc, "cannot create a temporary file: %s",
                                    strerror(e));
        }
        enum dl_status st = write_all(fd, data, len, &loc, err);
        if (st == DL_OK && fsync(fd) != 0)
                st = dl_error_set(err, DL_ERR_IO, &loc, "cannot flush: %s", strerror(errno));
        /* mkstemp creates 0600; keep the mode of the file being replaced,
         * else give the usual umask-based mode. umask() is read back at
         * once; ddblint writes its outputs from one thread. */
        struct stat old;
        mode_t mode;
        if (stat(path, &old) == 0) {
                mode = old.st_mode & 07777;
        } else {
                mode_t um = umask(0);
                umask(um);
                mode = 0666 & ~um;
        }
        if (st == DL_OK && fchmod(fd, mode) != 0)
                st = dl_error_set(err, DL_ERR_IO, &loc, "cannot set mode: %s", strerror(errno));
        if (close(fd) != 0 && st == DL_OK)
                st = dl_error_set(err, DL_ERR_IO, &loc, "cannot close: %s", strerror(errno));
        if (st == DL_OK && rename(tmp, path) != 0)
                st = dl_error_set(err, DL_ERR_IO, &loc, "cannot rename into place: %s",
                                  strerror(errno));
        if (st != DL_OK)
                unlink(tmp);
        free(tmp);
        return st;
}
