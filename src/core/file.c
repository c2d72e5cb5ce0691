/* file.c - reading whole files.
 * SPDX-License-Identifier: MIT
 */
#include "file.h"

#include "alloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum dl_status dl_file_read(const char *path, char **out, size_t *len, struct dl_error *err)
{
        return dl_file_read_bounded(path, SIZE_MAX, false, out, len, err);
}

enum dl_status dl_file_read_bounded(const char *path, size_t max, bool regular, char **out,
                                    size_t *len, struct dl_error *err)
{
        *out = NULL;
        *len = 0;
        struct dl_loc loc = {path, 0, 0};
        /* O_NONBLOCK: a FIFO where a regular file is wanted never blocks
         * the open; it is refused by the fstat below */
        int fd = open(path, O_RDONLY | O_CLOEXEC | (regular ? O_NONBLOCK : 0));
        if (fd < 0)
                return dl_error_set(err, DL_ERR_IO, &loc, "cannot open: %s", strerror(errno));
        /* One buffer of the file's size, read in one go when it does not
         * grow meanwhile (a doubling buffer cost a warm run copies and fresh
         * pages for each of its 2 MB memos); a file that grows, or reports
         * no size (a pipe, /proc), is read on to its end. */
        struct stat st;
        bool sized = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
        if (regular && !sized) {
                close(fd);
                return dl_error_set(err, DL_ERR_IO, &loc, "not a regular file");
        }
        if (regular)
                fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
        size_t cap = sized && st.st_size > 0 && (uint64_t)st.st_size <= max
                             ? (size_t)st.st_size + 2 /* the NUL, and a byte to see the end */
                             : 65536;
        char *buf = dl_xmalloc(cap);
        size_t n = 0;
        int saved = 0;
        for (;;) {
                if (n + 1 >= cap) {
                        cap *= 2;
                        buf = dl_xrealloc(buf, cap);
                }
                size_t room = cap - 1 - n;
                if (max != SIZE_MAX && room > max - n + 1)
                        room = max - n + 1; /* one byte past the bound says it is passed */
                ssize_t got = read(fd, buf + n, room);
                if (got < 0 && errno == EINTR)
                        continue;
                if (got < 0)
                        saved = errno;
                if (got <= 0)
                        break;
                n += (size_t)got;
                if (n > max)
                        break;
        }
        close(fd);
        if (saved || n > max) {
                free(buf);
                if (saved)
                        return dl_error_set(err, DL_ERR_IO, &loc, "cannot read: %s",
                                            strerror(saved));
                return dl_error_set(err, DL_ERR_IO, &loc,
                                    "larger than %zu bytes; not read (the bound on this file)",
                                    max);
        }
        buf[n] = '\0';
        *len = n;
        *out = buf;
        return DL_OK;
}

bool dl_mkdirs(const char *path)
{
        char *p = dl_xstrdup(path);
        for (char *s = p + 1; *s; s++) {
                if (*s != '/')
                        continue;
                *s = '\0';
                if (mkdir(p, 0777) != 0 && errno != EEXIST) {
                        free(p);
                        return false;
                }
                *s = '/';
        }
        bool ok = mkdir(p, 0777) == 0 || errno == EEXIST;
        free(p);
        return ok;
}

int dl_time_cmp(const struct timespec *a, const struct timespec *b)
{
        if (a->tv_sec != b->tv_sec)
                return a->tv_sec < b->tv_sec ? -1 : 1;
        return (a->tv_nsec > b->tv_nsec) - (a->tv_nsec < b->tv_nsec);
}

/* Appends v in decimal at p (no NUL); returns the end. */
static char *put_u64(char *p, unsigned long long v)
{
        char tmp[24];
        size_t n = 0;
        do {
                tmp[n++] = (char)('0' + v % 10);
                v /= 10;
        } while (v);
        while (n)
                *p++ = tmp[--n];
        return p;
}

/* Appends a signed value in decimal. */
static char *put_i64(char *p, long long v)
{
        if (v < 0) {
                *p++ = '-';
                return put_u64(p, 0 - (unsigned long long)v);
        }
        return put_u64(p, (unsigned long long)v);
}

/* Appends "<s>.<ns, 9 digits>" of t. */
static char *put_time(char *p, const struct timespec *t)
{
        p = put_i64(p, (long long)t->tv_sec);
        *p++ = '.';
        unsigned long ns = (unsigned long)t->tv_nsec % 1000000000ul;
        for (int i = 8; i >= 0; i--, ns /= 10)
                p[i] = (char)('0' + ns % 10);
        return p + 9;
}

bool dl_file_stamp_of(const struct stat *st, char *out, time_t now, bool *settled)
{
        if (!S_ISREG(st->st_mode))
                return false;
        /* "%lld:%llu:%lld.%09ld:%lld.%09ld" by hand: a warm run stamps every
         * input, and snprintf cost it more than the stat */
        char buf[128]; /* at most 20 + 20 + 2 * 30 + 3 bytes; cut as snprintf would */
        char *p = put_i64(buf, (long long)st->st_size);
        *p++ = ':';
        p = put_u64(p, (unsigned long long)st->st_ino);
        *p++ = ':';
        p = put_time(p, &st->st_mtim);
        *p++ = ':';
        p = put_time(p, &st->st_ctim);
        size_t n = (size_t)(p - buf) < DL_STAMP_MAX ? (size_t)(p - buf) : DL_STAMP_MAX - 1;
        memcpy(out, buf, n);
        out[n] = '\0';
        if (settled)
                *settled = st->st_mtim.tv_sec + DL_STAMP_SETTLE_S < now &&
                           st->st_ctim.tv_sec + DL_STAMP_SETTLE_S < now;
        return true;
}

bool dl_file_stamp(const char *path, char *out, time_t now, bool *settled)
{
        struct stat st;
        return stat(path, &st) == 0 && dl_file_stamp_of(&st, out, now, settled);
}

bool dl_write_all(int fd, const char *data, size_t len)
{
        while (len) {
                ssize_t w = write(fd, data, len);
                if (w < 0 && errno == EINTR)
                        continue;
                if (w <= 0)
                        return false;
                data += w;
                len -= (size_t)w;
        }
        return true;
}
