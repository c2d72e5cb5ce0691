/* compdb_memo.c - libclang's compilation-database answers kept between
 * runs (compdb_memo.h).
 * SPDX-License-Identifier: MIT
 *
 * The memo file is sealed (cache_files.h); its body is one line per file:
 *   A <TAB> REAL PATH <TAB> ARG <TAB> ARG ...   the entry's arguments
 *   N <TAB> REAL PATH                           the database has no command
 * Text, not JSON: jansson took 0.11 s of CPU to read the answers for
 * 10,000 files, a third of what a warm run of that size may cost. An
 * answer whose path or arguments hold a tab or a newline is not kept.
 */
#include "compdb_memo.h"

#include "cache_files.h"

#include "../core/digest.h"
#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/htab.h"
#include "../core/safefile.h"
#include "../core/strbuf.h"
#include "../frontend/libclang.h"

#include <fcntl.h>
#include <nettle/sha2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define HEAD "ddblint-compdb-memo 2"

/* How many databases' answers are kept (one file per content of a
 * database, libclang and ddblint: each edit of compile_commands.json makes
 * a new one); the least recently used go. */
#define MEMO_KEEP 16

/* One file's answer. */
struct answer {
        char *real;
        char **argv; /* NULL: no command */
        size_t n;
        bool borrowed; /* read from the memo file: real and argv's strings lie
                          in its text, argv right after this struct (one
                          allocation per answer, not one per string) */
};

struct dl_compdb_memo {
        char *root;            /* the cache directory */
        char *path;            /* <cache dir>/compdb/<key>.memo */
        struct dl_htab byreal; /* struct answer by real path */
        char *text;            /* the memo file's text, which read answers borrow */
        bool found;            /* read from its file */
        bool changed;          /* answers added since */
};

/* A file's identity without reading it: path, size, modification time. */
static void hash_file_identity(struct sha256_ctx *ctx, const char *path)
{
        struct stat st;
        char *id = stat(path, &st) == 0
                           ? dl_xasprintf("%s %lld %lld.%09ld", path, (long long)st.st_size,
                                          (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec)
                           : dl_xasprintf("%s -", path);
        dl_digest_str(ctx, id);
        free(id);
}

static int cmp_answer(const void *a, const void *b)
{
        return strcmp((*(const struct answer *const *)a)->real,
                      (*(const struct answer *const *)b)->real);
}

static void free_answer(void *p)
{
        struct answer *a = p;
        for (size_t i = 0; !a->borrowed && i < a->n; i++)
                free(a->argv[i]);
        if (!a->borrowed) {
                free(a->argv);
                free(a->real);
        }
        free(a);
}

/* Drops every answer. */
static void forget_all(struct dl_compdb_memo *m)
{
        dl_htab_free_all(&m->byreal, free_answer);
}

/* Adds (or replaces) an answer; take is owned by the tree after. */
static void keep(struct dl_compdb_memo *m, struct answer *take)
{
        struct answer *old = dl_htab_put_str(&m->byreal, take->real, take);
        if (old)
                free_answer(old);
}

/* One line of the body [l, e), split in place (its tabs and newline
 * become NULs); false when malformed. */
static bool read_line(struct dl_compdb_memo *m, char *l, char *e)
{
        if (e - l < 3 || (l[0] != 'A' && l[0] != 'N') || l[1] != '\t')
                return false;
        size_t n = 0; /* one argument per tab after the path */
        for (const char *q = memchr(l + 2, '\t', (size_t)(e - l - 2)); q;
             q = memchr(q + 1, '\t', (size_t)(e - q - 1)))
                n++;
        if (l[0] == 'N' && n)
                return false;
        struct answer *a = dl_xcalloc(1, sizeof *a + (n + 1) * sizeof *a->argv);
        a->borrowed = true;
        a->argv = l[0] == 'A' ? (char **)(a + 1) : NULL;
        *e = '\0';
        a->real = l + 2;
        for (char *t = strchr(a->real, '\t'); t; t = strchr(t + 1, '\t')) {
                *t = '\0';
                a->argv[a->n++] = t + 1;
        }
        keep(m, a);
        return true;
}

/* The answers of the memo file, when it is whole and of this format. */
static bool read_answers(struct dl_compdb_memo *m)
{
        const char *body = NULL;
        size_t len = 0;
        m->text = dl_cache_sealed_read(m->path, HEAD, &body, &len);
        bool ok = m->text != NULL;
        char *end = ok ? m->text + (body - m->text) + len : NULL;
        for (char *l = ok ? m->text + (body - m->text) : NULL; ok && l < end;) {
                char *nl = memchr(l, '\n', (size_t)(end - l));
                char *e = nl ? nl : end;
                ok = read_line(m, l, e);
                l = e + 1;
        }
        if (!ok) {
                forget_all(m);
                free(m->text);
                m->text = NULL;
        }
        return ok;
}

struct dl_compdb_memo *dl_compdb_memo_new(const char *cache_dir, const char *db_file,
                                          struct dl_digest_memo *digests)
{
        char db[DL_CACHE_HEX_SIZE];
        if (!cache_dir || !dl_digest_memo_file(digests, db_file, db))
                return NULL;
        struct sha256_ctx ctx;
        sha256_init(&ctx);
        static const char tag[] = "ddblint compdb memo 2";
        sha256_update(&ctx, sizeof tag, (const uint8_t *)tag);
        sha256_update(&ctx, sizeof db, (const uint8_t *)db);
        hash_file_identity(&ctx, dl_libclang_file());
        hash_file_identity(&ctx, "/proc/self/exe");
        uint8_t d[SHA256_DIGEST_SIZE];
        sha256_digest(&ctx, sizeof d, d);
        char hex[2 * 16 + 1];
        dl_hex(d, 16, hex);

        struct dl_compdb_memo *m = dl_xcalloc(1, sizeof *m);
        m->root = dl_xstrdup(cache_dir);
        m->path = dl_xasprintf("%s/compdb/%s.memo", cache_dir, hex);
        m->found = read_answers(m);
        if (m->found) {
                utimensat(AT_FDCWD, m->path, NULL, 0); /* recently used */
                return m;
        }
        /* No memo of these bytes yet: libclang expands @FILE arguments with
         * FILE's content, which the key would not cover, so a database with
         * one gets none (and a memo found above was written for bytes
         * without one). */
        char *text = NULL;
        size_t len = 0;
        bool response_file =
                dl_file_read(db_file, &text, &len, NULL) != DL_OK || memchr(text, '@', len);
        free(text);
        if (response_file) {
                dl_compdb_memo_free(m);
                return NULL;
        }
        return m;
}

const char *dl_compdb_memo_file(const struct dl_compdb_memo *m)
{
        return m ? m->path : NULL;
}

bool dl_compdb_memo_found(const struct dl_compdb_memo *m)
{
        return m && m->found;
}

int dl_compdb_memo_get(const struct dl_compdb_memo *m, const char *real,
                       struct dl_compile_args *out)
{
        memset(out, 0, sizeof *out);
        const struct answer *a = m ? dl_htab_get_str(&m->byreal, real) : NULL;
        if (!a)
                return -1;
        if (!a->argv)
                return 0;
        out->n = out->cap = a->n;
        out->argv = dl_xcalloc(out->n + 1, sizeof *out->argv);
        for (size_t i = 0; i < out->n; i++)
                out->argv[i] = dl_xstrdup(a->argv[i]);
        out->origin = "compile_commands.json";
        return 1;
}

/* A string the text format can hold. */
static bool plain(const char *s)
{
        return !strpbrk(s, "\t\n");
}

void dl_compdb_memo_put(struct dl_compdb_memo *m, const char *real,
                        const struct dl_compile_args *found)
{
        if (!m || !plain(real))
                return;
        for (size_t i = 0; found && i < found->n; i++) {
                if (!plain(found->argv[i]))
                        return; /* not kept: libclang is asked again next run */
        }
        struct answer *a = dl_xcalloc(1, sizeof *a);
        a->real = dl_xstrdup(real);
        if (found) {
                a->n = found->n;
                a->argv = dl_xcalloc(a->n + 1, sizeof *a->argv);
                for (size_t i = 0; i < a->n; i++)
                        a->argv[i] = dl_xstrdup(found->argv[i]);
        }
        keep(m, a);
        m->changed = true;
}

static void write_answer(struct dl_strbuf *sb, const struct answer *a)
{
        if (sb->len)
                dl_strbuf_putc(sb, '\n');
        dl_strbuf_printf(sb, "%c\t%s", a->argv ? 'A' : 'N', a->real);
        for (size_t i = 0; i < a->n; i++)
                dl_strbuf_printf(sb, "\t%s", a->argv[i]);
}

void dl_compdb_memo_save(struct dl_compdb_memo *m)
{
        if (!m || !m->changed)
                return;
        char *dir = dl_xstrdup(m->path);
        *strrchr(dir, '/') = '\0';
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        size_t n; /* in path order, as before */
        struct answer **all = (struct answer **)dl_htab_sorted(&m->byreal, cmp_answer, &n);
        for (size_t i = 0; i < n; i++)
                write_answer(&sb, all[i]);
        free(all);
        if (dl_dir_private(m->root, dir) &&
            dl_cache_sealed_write(m->path, HEAD, dl_strbuf_cstr(&sb))) {
                m->changed = false;
                /* the oldest beyond MEMO_KEEP go, and stale temporary files */
                dl_cache_keep_newest(dir, ".memo", MEMO_KEEP);
        }
        dl_strbuf_fini(&sb);
        free(dir);
}

void dl_compdb_memo_free(struct dl_compdb_memo *m)
{
        if (!m)
                return;
        forget_all(m);
        free(m->text);
        free(m->root);
        free(m->path);
        free(m);
}
