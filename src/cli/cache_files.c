/* cache_files.c - sealed files and the keep-newest bound (cache_files.h).
 * SPDX-License-Identifier: MIT
 *
 * A sealed file: "<head>\n<body>\n<sha256 hex of what precedes it>\n".
 */
#include "cache_files.h"

#include "../core/digest.h"
#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/path.h"
#include "../core/vec.h"
#include "../findings/fileio.h"

#include <dirent.h>
#include <jansson.h>
#include <nettle/sha2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define HEX_LEN ((size_t)2 * SHA256_DIGEST_SIZE)

/* The SHA-256 of len bytes of text, as hex (HEX_LEN + 1 bytes into hex). */
static void digest_hex(const char *text, size_t len, char *hex)
{
        struct sha256_ctx ctx;
        uint8_t d[SHA256_DIGEST_SIZE];
        sha256_init(&ctx);
        sha256_update(&ctx, len, (const uint8_t *)text);
        sha256_digest(&ctx, sizeof d, d);
        dl_hex(d, sizeof d, hex);
}

bool dl_cache_file_sha256(const char *path, char *hex)
{
        char *text = NULL;
        size_t len = 0;
        if (dl_file_read(path, &text, &len, NULL) != DL_OK)
                return false;
        digest_hex(text, len, hex);
        free(text);
        return true;
}

bool dl_cache_file_sha256_stamped(const char *path, char *hex, char *stamp)
{
        char after[DL_STAMP_MAX];
        bool settled = false;
        bool stamped = dl_file_stamp(path, stamp, time(NULL), &settled) && settled;
        bool readable = dl_cache_file_sha256(path, hex);
        if (!readable || !stamped || !dl_file_stamp(path, after, time(NULL), NULL) ||
            strcmp(stamp, after) != 0)
                stamp[0] = '\0';
        return readable;
}

/* The memo's file under the cache directory (its format in the name). */
#define DIGESTS_FILE "digests-1.json"

struct dl_digest_memo {
        char *path;    /* <cache dir>/DIGESTS_FILE */
        json_t *files; /* object: path -> [stamp, digest] */
        bool changed;  /* written back at dl_digest_memo_close */
};

struct dl_digest_memo *dl_digest_memo_open(const char *cache_dir)
{
        struct dl_digest_memo *m = dl_xcalloc(1, sizeof *m);
        m->path = dl_xasprintf("%s/" DIGESTS_FILE, cache_dir);
        m->files = json_load_file(m->path, 0, NULL);
        if (!json_is_object(m->files)) {
                json_decref(m->files);
                m->files = json_object();
        }
        return m;
}

bool dl_digest_memo_file(struct dl_digest_memo *m, const char *path, char *hex)
{
        char now[DL_STAMP_MAX], stamp[DL_STAMP_MAX];
        bool settled = false;
        bool stamped = m && dl_file_stamp(path, now, time(NULL), &settled) && settled;
        /* by absolute path: the memo serves runs from any directory */
        char *key = stamped ? dl_path_absolute(path) : NULL;
        const char *s, *h;
        json_t *e = key ? json_object_get(m->files, key) : NULL;
        if (e && json_unpack(e, "[ss]", &s, &h) == 0 && !strcmp(s, now) && strlen(h) == HEX_LEN) {
                memcpy(hex, h, HEX_LEN + 1);
                free(key);
                return true;
        }
        bool readable = dl_cache_file_sha256_stamped(path, hex, stamp);
        if (readable && key && stamp[0]) {
                json_object_set_new(m->files, key, json_pack("[ss]", stamp, hex));
                m->changed = true;
        }
        free(key);
        return readable;
}

void dl_digest_memo_close(struct dl_digest_memo *m)
{
        if (!m)
                return;
        char *text = m->changed ? json_dumps(m->files, JSON_COMPACT) : NULL;
        if (text)
                dl_file_write_cache(m->path, text, strlen(text), NULL);
        free(text);
        json_decref(m->files);
        free(m->path);
        free(m);
}

char *dl_cache_sealed_read(const char *path, const char *head, const char **body, size_t *body_len)
{
        char *text = NULL;
        size_t len = 0;
        if (dl_file_read(path, &text, &len, NULL) != DL_OK)
                return NULL;
        size_t hl = strlen(head);
        char *nl1 = memchr(text, '\n', len);
        char hex[HEX_LEN + 1];
        /* the digest line: the last HEX_LEN + 1 bytes, after a newline */
        if (nl1 && (size_t)(nl1 - text) == hl && !memcmp(text, head, hl) &&
            len >= hl + 1 + 1 + HEX_LEN + 1 && text[len - 1] == '\n' &&
            text[len - HEX_LEN - 2] == '\n') {
                size_t sealed = len - HEX_LEN - 1; /* head and body with their newlines */
                digest_hex(text, sealed, hex);
                if (!memcmp(hex, text + sealed, HEX_LEN)) {
                        *body = nl1 + 1;
                        *body_len = sealed - 1 - (size_t)(nl1 + 1 - text);
                        return text;
                }
        }
        free(text);
        return NULL;
}

bool dl_cache_sealed_lines(const char *path, const char *head,
                           bool (*line)(void *data, const char *start, const char *end), void *data)
{
        const char *body = NULL;
        size_t len = 0;
        char *text = dl_cache_sealed_read(path, head, &body, &len);
        bool ok = text != NULL;
        for (const char *l = body, *end = body + len; ok && l < end;) {
                const char *nl = memchr(l, '\n', (size_t)(end - l));
                const char *e = nl ? nl : end;
                ok = line(data, l, e);
                l = e + 1;
        }
        free(text);
        return ok;
}

bool dl_cache_sealed_write(const char *path, const char *head, const char *body)
{
        char *text = dl_xasprintf("%s\n%s\n", head, body);
        size_t len = strlen(text);
        char hex[HEX_LEN + 1];
        digest_hex(text, len, hex);
        char *all = dl_xasprintf("%s%s\n", text, hex);
        bool ok = dl_file_write_cache(path, all, strlen(all), NULL) == DL_OK;
        free(all);
        free(text);
        return ok;
}

struct aged {
        char *path;
        struct timespec mtime;
};

static int newest_first(const void *a, const void *b)
{
        const struct aged *x = a, *y = b;
        int c = dl_time_cmp(&y->mtime, &x->mtime);
        return c ? c : strcmp(x->path, y->path);
}

void dl_cache_keep_newest(const char *dir, const char *suffix, size_t keep)
{
        DIR *d = opendir(dir);
        if (!d)
                return;
        size_t ns = strlen(suffix);
        DL_VEC(struct aged) files = {0};
        for (struct dirent *e; (e = readdir(d));) {
                size_t n = strlen(e->d_name);
                if (e->d_name[0] == '.' || n <= ns || strcmp(e->d_name + n - ns, suffix) != 0)
                        continue;
                char *p = dl_xasprintf("%s/%s", dir, e->d_name);
                struct stat st;
                if (stat(p, &st) == 0)
                        DL_VEC_PUSH(&files, ((struct aged){p, st.st_mtim}));
                else
                        free(p);
        }
        closedir(d);
        if (files.n > keep) {
                qsort(files.items, files.n, sizeof *files.items, newest_first);
                for (size_t i = keep; i < files.n; i++)
                        unlink(files.items[i].path);
        }
        for (size_t i = 0; i < files.n; i++)
                free(files.items[i].path);
        DL_VEC_FREE(&files);
}
