/* file.c - reading whole files.
 * SPDX-License-Identifier: MIT
 */
#include "file.h"

#include "alloc.h"
#include "strbuf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum dl_status dl_file_read(const char *path, char **out, size_t *len, struct dl_error *err)
{
        *out = NULL;
        *len = 0;
        FILE *fp = fopen(path, "rb");
        if (!fp) {
                struct dl_loc loc = {path, 0, 0};
                return dl_error_set(err, DL_ERR_IO, &loc, "cannot open: %s", strerror(errno));
        }
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        char chunk[65536];
        size_t n;
        while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
                dl_strbuf_add(&sb, chunk, n);
        int failed = ferror(fp);
        int saved = errno;
        fclose(fp);
        if (failed) {
                dl_strbuf_fini(&sb);
                struct dl_loc loc = {path, 0, 0};
                return dl_error_set(err, DL_ERR_IO, &loc, "cannot read: %s", strerror(saved));
        }
        *len = sb.len;
        *out = dl_strbuf_take(&sb);
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

bool dl_file_stamp(const char *path, char *out, time_t now, bool *settled)
{
        struct stat st;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
                return false;
        snprintf(out, DL_STAMP_MAX, "%lld:%llu:%lld.%09ld:%lld.%09ld", (long long)st.st_size,
                 (unsigned long long)st.st_ino, (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
                 (long long)st.st_ctim.tv_sec, st.st_ctim.tv_nsec);
        if (settled)
                *settled = st.st_mtim.tv_sec + DL_STAMP_SETTLE_S < now &&
                           st.st_ctim.tv_sec + DL_STAMP_SETTLE_S < now;
        return true;
}
