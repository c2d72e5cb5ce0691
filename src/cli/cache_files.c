/* cache_files.c - sealed files and the keep-newest bound (cache_files.h).
 * SPDX-License-Identifier: MIT
 *
 * A sealed file: "<head>\n<body>\n<seal>\n", where the seal is the SHA-256
 * of what precedes it as hex, or with DDBLINT_CACHE_KEY set
 * "hmac-sha256 " and the hex of its HMAC-SHA-256 under the key (RFC 2104;
 * nettle's hmac_sha256).
 */
#include "cache_files.h"

#include "../core/digest.h"
#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/path.h"
#include "../core/vec.h"
#include "../core/safefile.h"

#include <dirent.h>
#include <jansson.h>
#include <nettle/hmac.h>
#include <nettle/memops.h>
#include <nettle/sha2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define HEX_LEN ((size_t)2 * SHA256_DIGEST_SIZE)

bool dl_cache_file_sha256(const char *path, char *hex)
{
        char *text = NULL;
        size_t len = 0;
        struct stat st;
        /* a regular file only: a header list names paths, and /dev/zero
         * would be read without end */
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) ||
            dl_file_read(path, &text, &len, NULL) != DL_OK)
                return false;
        dl_sha256_hex(text, len, hex);
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
#define DIGESTS_FILE "digests-2"
#define DIGESTS_HEAD "ddblint-digests 2" /* a sealed file whose body is a JSON object */

struct dl_digest_memo {
        char *path;    /* <cache dir>/DIGESTS_FILE */
        json_t *files; /* object: path -> [stamp, digest] */
        bool changed;  /* written back at dl_digest_memo_close */
};

struct dl_digest_memo *dl_digest_memo_open(const char *cache_dir)
{
        struct dl_digest_memo *m = dl_xcalloc(1, sizeof *m);
        m->path = dl_xasprintf("%s/" DIGESTS_FILE, cache_dir);
        const char *body = NULL;
        size_t len = 0;
        char *text = dl_cache_sealed_read(m->path, DIGESTS_HEAD, &body, &len);
        m->files = text ? json_loadb(body, len, 0, NULL) : NULL;
        free(text);
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
                dl_cache_sealed_write(m->path, DIGESTS_HEAD, text);
        free(text);
        json_decref(m->files);
        free(m->path);
        free(m);
}

/* The key entries are signed with (DDBLINT_CACHE_KEY), or NULL. */
static const char *cache_key(void)
{
        const char *k = getenv(DL_CACHE_KEY_ENV);
        return k && *k ? k : NULL;
}

/* The seal of len bytes of text under key (NULL: plain SHA-256), as its
 * line without the newline (SEAL_MAX bytes into out). */
#define HMAC_TAG "hmac-sha256 "
#define SEAL_MAX (sizeof HMAC_TAG + HEX_LEN)
static void seal_of(const char *text, size_t len, const char *key, char *out)
{
        if (!key) {
                dl_sha256_hex(text, len, out);
                return;
        }
        struct hmac_sha256_ctx ctx;
        uint8_t d[SHA256_DIGEST_SIZE];
        hmac_sha256_set_key(&ctx, strlen(key), (const uint8_t *)key);
        hmac_sha256_update(&ctx, len, (const uint8_t *)text);
        hmac_sha256_digest(&ctx, sizeof d, d);
        memcpy(out, HMAC_TAG, sizeof HMAC_TAG - 1);
        dl_hex(d, sizeof d, out + sizeof HMAC_TAG - 1);
}

bool dl_cache_unseal(const char *text, size_t len, const char *head, const char *key,
                     const char **body, size_t *body_len)
{
        size_t hl = strlen(head);
        const char *nl1 = memchr(text, '\n', len);
        if (!nl1 || (size_t)(nl1 - text) != hl || memcmp(text, head, hl) != 0 || len < hl + 3 ||
            text[len - 1] != '\n')
                return false;
        /* the seal: the last line, after the newline that ends the body */
        const char *last = text + len - 1;
        while (last > nl1 && last[-1] != '\n')
                last--;
        if (last <= nl1 + 1)
                return false; /* no body line before the seal */
        size_t sealed = (size_t)(last - text), n_seal = len - 1 - sealed;
        char want[SEAL_MAX];
        seal_of(text, sealed, key, want);
        if (n_seal != strlen(want) || !memeql_sec(want, last, n_seal))
                return false;
        *body = nl1 + 1;
        *body_len = sealed - 1 - (size_t)(nl1 + 1 - text);
        return true;
}

char *dl_cache_sealed_read(const char *path, const char *head, const char **body, size_t *body_len)
{
        char *text = NULL;
        size_t len = 0;
        if (!dl_file_read_private(path, DL_CACHE_FILE_MAX, &text, &len))
                return NULL;
        if (dl_cache_unseal(text, len, head, cache_key(), body, body_len))
                return text;
        free(text);
        return NULL;
}

bool dl_cache_sealed_lines(const char *path, const char *head,
                           bool (*line)(void *data, const char *start, const char *end), void *data)
{
        const char *body = NULL;
        size_t len = 0;
        char *text = dl_cache_sealed_read(path, head, &body, &len);
        if (!text) /* body is NULL: no arithmetic on it (UBSan, found by fuzz_cache) */
                return false;
        bool ok = true;
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
        char seal[SEAL_MAX];
        seal_of(text, len, cache_key(), seal);
        char *all = dl_xasprintf("%s%s\n", text, seal);
        bool ok = dl_file_replace(path, all, strlen(all));
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
                if (lstat(p, &st) == 0)
                        DL_VEC_PUSH(&files, ((struct aged){p, st.st_mtim}));
                else
                        free(p);
        }
        closedir(d);
        dl_temp_sweep(dir, NULL, time(NULL)); /* what killed writers left */
        if (files.n > keep) {
                qsort(files.items, files.n, sizeof *files.items, newest_first);
                for (size_t i = keep; i < files.n; i++)
                        unlink(files.items[i].path);
        }
        for (size_t i = 0; i < files.n; i++)
                free(files.items[i].path);
        DL_VEC_FREE(&files);
}
