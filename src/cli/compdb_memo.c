/* compdb_memo.c - libclang's compilation-database answers kept between
 * runs (compdb_memo.h).
 * SPDX-License-Identifier: MIT
 *
 * The memo file: {"format": 1, "entries": {REAL PATH: [ARG, ...] or null},
 * "sha256": hex of the entries dumped compactly with sorted keys}.
 */
#include "compdb_memo.h"

#include "cache_files.h"

#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/vec.h"
#include "../findings/fileio.h"
#include "../frontend/libclang.h"

#include <fcntl.h>
#include <jansson.h>
#include <nettle/sha2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MEMO_FORMAT 1

/* How many databases' answers are kept (one file per content of a
 * database, libclang and ddblint: each edit of compile_commands.json makes
 * a new one); the least recently used go. */
#define MEMO_KEEP 16

struct dl_compdb_memo {
        char *path;      /* <cache dir>/compdb/<key>.json */
        json_t *entries; /* object: real path -> array of strings, or null */
        bool found;      /* read from its file */
        bool changed;    /* answers added since */
};

static void hex_of(const uint8_t *d, size_t n, char *out)
{
        for (size_t i = 0; i < n; i++)
                snprintf(out + 2 * i, 3, "%02x", d[i]);
}

/* A file's identity without reading it: path, size, modification time. */
static void hash_file_identity(struct sha256_ctx *ctx, const char *path)
{
        struct stat st;
        char *id = stat(path, &st) == 0
                           ? dl_xasprintf("%s %lld %lld.%09ld", path, (long long)st.st_size,
                                          (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec)
                           : dl_xasprintf("%s -", path);
        sha256_update(ctx, strlen(id) + 1, (const uint8_t *)id);
        free(id);
}

/* The SHA-256 (hex) of entries dumped compactly with sorted keys; false
 * when they cannot be dumped. */
static bool entries_digest(const json_t *entries, char *hex)
{
        char *text = json_dumps(entries, JSON_COMPACT | JSON_SORT_KEYS);
        if (!text)
                return false;
        struct sha256_ctx ctx;
        uint8_t d[SHA256_DIGEST_SIZE];
        sha256_init(&ctx);
        sha256_update(&ctx, strlen(text), (const uint8_t *)text);
        sha256_digest(&ctx, sizeof d, d);
        hex_of(d, sizeof d, hex);
        free(text);
        return true;
}

/* The entries of the memo file at path when it is whole and of this
 * format, else NULL (transfer full). */
static json_t *read_entries(const char *path)
{
        json_t *root = json_load_file(path, 0, NULL);
        json_t *entries = json_object_get(root, "entries");
        const char *want = json_string_value(json_object_get(root, "sha256"));
        char hex[2 * SHA256_DIGEST_SIZE + 1];
        bool ok = json_integer_value(json_object_get(root, "format")) == MEMO_FORMAT &&
                  json_is_object(entries) && want && entries_digest(entries, hex) &&
                  strcmp(hex, want) == 0;
        const char *key;
        json_t *v;
        json_object_foreach (entries, key, v) {
                size_t i;
                json_t *a;
                ok = ok && (json_is_null(v) || json_is_array(v));
                json_array_foreach (v, i, a)
                        ok = ok && json_is_string(a);
        }
        if (ok)
                json_incref(entries);
        json_decref(root);
        return ok ? entries : NULL;
}

struct dl_compdb_memo *dl_compdb_memo_new(const char *cache_dir, const char *db_file)
{
        char *text = NULL;
        size_t len = 0;
        if (!cache_dir || dl_file_read(db_file, &text, &len, NULL) != DL_OK)
                return NULL;
        /* libclang expands @FILE arguments with FILE's content, which the
         * key would not cover */
        if (memchr(text, '@', len)) {
                free(text);
                return NULL;
        }
        struct sha256_ctx ctx;
        sha256_init(&ctx);
        static const char tag[] = "ddblint compdb memo";
        sha256_update(&ctx, sizeof tag, (const uint8_t *)tag);
        sha256_update(&ctx, len, (const uint8_t *)text);
        free(text);
        hash_file_identity(&ctx, dl_libclang_file());
        hash_file_identity(&ctx, "/proc/self/exe");
        uint8_t d[SHA256_DIGEST_SIZE];
        sha256_digest(&ctx, sizeof d, d);
        char hex[2 * 16 + 1];
        hex_of(d, 16, hex);

        struct dl_compdb_memo *m = dl_xcalloc(1, sizeof *m);
        m->path = dl_xasprintf("%s/compdb/%s.json", cache_dir, hex);
        m->entries = read_entries(m->path);
        m->found = m->entries != NULL;
        if (!m->entries)
                m->entries = json_object();
        else
                utimensat(AT_FDCWD, m->path, NULL, 0); /* recently used */
        return m;
}

bool dl_compdb_memo_found(const struct dl_compdb_memo *m)
{
        return m && m->found;
}

int dl_compdb_memo_get(const struct dl_compdb_memo *m, const char *real,
                       struct dl_compile_args *out)
{
        memset(out, 0, sizeof *out);
        json_t *v = m ? json_object_get(m->entries, real) : NULL;
        if (!v)
                return -1;
        if (json_is_null(v))
                return 0;
        out->n = out->cap = json_array_size(v);
        out->argv = dl_xcalloc(out->n + 1, sizeof *out->argv);
        for (size_t i = 0; i < out->n; i++)
                out->argv[i] = dl_xstrdup(json_string_value(json_array_get(v, i)));
        out->origin = "compile_commands.json";
        return 1;
}

void dl_compdb_memo_put(struct dl_compdb_memo *m, const char *real,
                        const struct dl_compile_args *found)
{
        if (!m)
                return;
        json_t *v = found ? json_array() : json_null();
        for (size_t i = 0; found && i < found->n; i++) {
                /* an argument that is not UTF-8 is not JSON: not kept */
                if (json_array_append_new(v, json_string(found->argv[i])) != 0) {
                        json_decref(v);
                        return;
                }
        }
        if (json_object_set_new(m->entries, real, v) == 0)
                m->changed = true;
}

void dl_compdb_memo_save(struct dl_compdb_memo *m)
{
        char hex[2 * SHA256_DIGEST_SIZE + 1];
        if (!m || !m->changed || !entries_digest(m->entries, hex))
                return;
        char *dir = dl_xstrdup(m->path);
        *strrchr(dir, '/') = '\0';
        json_t *root = json_pack("{s:i,s:O,s:s}", "format", MEMO_FORMAT, "entries", m->entries,
                                 "sha256", hex);
        char *text = root ? json_dumps(root, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
        if (text && dl_mkdirs(dir) &&
            dl_file_write_atomic(m->path, text, strlen(text), NULL) == DL_OK) {
                m->changed = false;
                if (!m->found) /* a new file: the oldest beyond MEMO_KEEP go */
                        dl_cache_keep_newest(dir, ".json", MEMO_KEEP);
        }
        free(text);
        json_decref(root);
        free(dir);
}

void dl_compdb_memo_free(struct dl_compdb_memo *m)
{
        if (!m)
                return;
        json_decref(m->entries);
        free(m->path);
        free(m);
}
