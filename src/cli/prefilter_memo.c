/* prefilter_memo.c - the prefilter's verdicts kept between runs
 * (prefilter_memo.h).
 * SPDX-License-Identifier: MIT
 *
 * The memo file is sealed (cache_files.h); its body is lines of text:
 *   F <TAB> STAMP or "-" <TAB> PATH       one per file, numbered from 0
 *   U <TAB> KEY <TAB> STAMP <TAB> I,J,... one per unit: its key (unit_key,
 *                                         hex), its stamp, its files
 * where "-" means "not a regular file" (an include directory probed in
 * vain). A path holding a tab or a newline is not remembered. Text, not
 * JSON: at 10,000 units jansson took 0.15 s of CPU to read the memo
 * (a 1.9 MB file), more than half of what a warm run may cost.
 */
#include "prefilter_memo.h"

#include "cache_files.h"

#include "../core/digest.h"
#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/htab.h"
#include "../core/safefile.h"
#include "../core/strbuf.h"
#include "../core/vec.h"
#include "../frontend/scan.h"
#include "../recognize/prefilter.h"

#include <fcntl.h>
#include <limits.h>
#include <nettle/sha2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define HEAD "ddblint-prefilter-memo 1"
#define SUBDIR "prefilter-1"

/* How many memo files the directory keeps (one per executable, working
 * directory and stub directory); the least recently used go. */
#define MEMO_KEEP 16

/* Hex digits of a key: 128 bits. */
#define KEY_HEX 32

/* A file's state now, asked once per run. */
struct fstate {
        char *path;
        char stamp[DL_STAMP_MAX]; /* "" when not a regular file */
        bool settled;             /* unchanged for DL_STAMP_SETTLE_S before the run */
};

/* One file of the table. */
struct file_rec {
        char *path;
        char stamp[DL_STAMP_MAX]; /* "" when not a regular file */
        signed char same;         /* 0 not asked yet this run, 1 unchanged, -1 changed */
};

/* One remembered unit. */
struct unit {
        char key[KEY_HEX + 1];
        char stamp[DL_STAMP_MAX];
        size_t *deps; /* indices into the files table, allocated with the unit */
        size_t n_deps;
};

/* A unit with room for n dependencies (one allocation: a memo of 10,000
 * units is read on every run). */
static struct unit *unit_new(size_t n)
{
        struct unit *u = dl_xcalloc(1, sizeof *u + (n + 1) * sizeof *u->deps);
        u->deps = (size_t *)(u + 1);
        return u;
}

/* Where a path sits in the files table (for put). */
struct indexed {
        char *path; /* borrowed from the table */
        size_t i;
};

/* The words digest of one prefilter (one per ruleset). */
struct words_digest {
        const struct dl_prefilter *pf;
        uint8_t d[SHA256_DIGEST_SIZE];
};

struct dl_prefilter_memo {
        char *root; /* the cache directory */
        char *dir;  /* <cache dir>/prefilter-1 */
        char *path; /* <dir>/<key>.memo */
        time_t start;
        DL_VEC(struct file_rec) files;
        struct dl_htab units; /* struct unit by key */
        struct dl_htab now;   /* struct fstate by path */
        struct dl_htab index; /* struct indexed by path, built at the first put */
        bool indexed;
        bool found, changed;
        size_t hits;
        struct words_digest *words;
        size_t n_words;
};

static int cmp_unit(const void *a, const void *b)
{
        return strcmp((*(const struct unit *const *)a)->key, (*(const struct unit *const *)b)->key);
}

static void free_unit(void *p)
{
        free(p);
}

static void forget_all(struct dl_prefilter_memo *m)
{
        for (size_t i = 0; i < m->files.n; i++)
                free(m->files.items[i].path);
        DL_VEC_FREE(&m->files);
        dl_htab_free_all(&m->units, free_unit);
}

/* Copies field [a, e) into out (cap bytes with the NUL); false when longer. */
static bool field(const char *a, const char *e, char *out, size_t cap)
{
        if ((size_t)(e - a) >= cap)
                return false;
        memcpy(out, a, (size_t)(e - a));
        out[e - a] = '\0';
        return true;
}

/* One line of the body (without its newline); false when malformed. */
static bool read_line(void *data, const char *l, const char *end)
{
        struct dl_prefilter_memo *m = data;
        const char *t1 = memchr(l, '\t', (size_t)(end - l));
        const char *t2 = t1 ? memchr(t1 + 1, '\t', (size_t)(end - t1 - 1)) : NULL;
        if (!t2 || t1 != l + 1)
                return false;
        if (l[0] == 'F') {
                struct file_rec f = {NULL, "", 0};
                bool none = t2 - t1 == 2 && t1[1] == '-';
                if (!none && !field(t1 + 1, t2, f.stamp, sizeof f.stamp))
                        return false;
                f.path = dl_xstrndup(t2 + 1, (size_t)(end - t2 - 1));
                DL_VEC_PUSH(&m->files, f);
                return true;
        }
        const char *t3 = memchr(t2 + 1, '\t', (size_t)(end - t2 - 1));
        if (l[0] != 'U' || !t3 || t2 - t1 - 1 != KEY_HEX)
                return false;
        size_t n = t3 + 1 < end; /* one more index than commas, when any */
        for (const char *p = memchr(t3 + 1, ',', (size_t)(end - t3 - 1)); p;
             p = memchr(p + 1, ',', (size_t)(end - p - 1)))
                n++;
        struct unit *u = unit_new(n);
        bool ok = field(t1 + 1, t2, u->key, sizeof u->key) &&
                  field(t2 + 1, t3, u->stamp, sizeof u->stamp);
        for (const char *p = t3 + 1; ok && p < end;) {
                char *e;
                unsigned long long i = strtoull(p, &e, 10);
                ok = e != p && (e == end || *e == ',') && i < m->files.n && *p >= '0' &&
                     *p <= '9' && u->n_deps < n;
                if (ok)
                        u->deps[u->n_deps++] = (size_t)i;
                p = e + (e < end);
        }
        if (ok && !dl_htab_get(&m->units, u->key, KEY_HEX)) {
                dl_htab_put(&m->units, u->key, KEY_HEX, u);
                return true;
        }
        free_unit(u); /* malformed, or a key twice */
        return false;
}

/* The files and units of the memo file, when it is whole; else none. */
static void read_body(struct dl_prefilter_memo *m)
{
        bool ok = dl_cache_sealed_lines(m->path, HEAD, read_line, m);
        m->found = ok;
        if (!ok)
                forget_all(m);
}

struct dl_prefilter_memo *dl_prefilter_memo_new(const char *cache_dir, const char *program,
                                                const char *stub_dir)
{
        if (!cache_dir || !program)
                return NULL;
        char cwd[PATH_MAX];
        if (!getcwd(cwd, sizeof cwd))
                return NULL;
        struct sha256_ctx ctx;
        sha256_init(&ctx);
        dl_digest_str(&ctx, HEAD);
        dl_digest_str(&ctx, program);
        dl_digest_str(&ctx, cwd);
        dl_digest_str(&ctx, stub_dir ? stub_dir : "");
        uint8_t d[SHA256_DIGEST_SIZE];
        sha256_digest(&ctx, sizeof d, d);
        char hex[KEY_HEX + 1];
        dl_hex(d, KEY_HEX / 2, hex);
        struct dl_prefilter_memo *m = dl_xcalloc(1, sizeof *m);
        m->start = time(NULL);
        m->root = dl_xstrdup(cache_dir);
        m->dir = dl_xasprintf("%s/" SUBDIR, cache_dir);
        m->path = dl_xasprintf("%s/%s.memo", m->dir, hex);
        read_body(m);
        if (m->found)
                utimensat(AT_FDCWD, m->path, NULL, 0); /* recently used */
        return m;
}

static void free_fstate(void *p)
{
        struct fstate *f = p;
        free(f->path);
        free(f);
}

void dl_prefilter_memo_free(struct dl_prefilter_memo *m)
{
        if (!m)
                return;
        forget_all(m);
        dl_htab_free_all(&m->now, free_fstate);
        dl_htab_free_all(&m->index, free);
        free(m->words);
        free(m->root);
        free(m->dir);
        free(m->path);
        free(m);
}

const char *dl_prefilter_memo_file(const struct dl_prefilter_memo *m)
{
        return m ? m->path : NULL;
}

size_t dl_prefilter_memo_hits(const struct dl_prefilter_memo *m)
{
        return m ? m->hits : 0;
}

/* Records path's state this run from st (NULL: stat failed). */
static struct fstate *add_state(struct dl_prefilter_memo *m, const char *path,
                                const struct stat *st)
{
        struct fstate *f = dl_xcalloc(1, sizeof *f);
        f->path = dl_xstrdup(path);
        if (!st || !dl_file_stamp_of(st, f->stamp, m->start, &f->settled))
                f->stamp[0] = '\0';
        dl_htab_put_str(&m->now, f->path, f);
        return f;
}

/* The state of path now (stat'ed at the first question of the run). */
static const struct fstate *state_of(struct dl_prefilter_memo *m, const char *path)
{
        struct fstate *f = dl_htab_get_str(&m->now, path);
        if (f)
                return f;
        struct stat st;
        return add_state(m, path, stat(path, &st) == 0 ? &st : NULL);
}

void dl_prefilter_memo_seen(struct dl_prefilter_memo *m, const char *path, const struct stat *st)
{
        if (m && !dl_htab_get_str(&m->now, path))
                add_state(m, path, st);
}

/* The key of one unit under pf, as hex (KEY_HEX + 1 bytes into hex). */
static void unit_key(struct dl_prefilter_memo *m, const struct dl_prefilter *pf, const char *path,
                     const char *const *args, size_t n_args, char *hex)
{
        struct words_digest *w = NULL;
        for (size_t i = 0; i < m->n_words && !w; i++) {
                if (m->words[i].pf == pf)
                        w = &m->words[i];
        }
        struct sha256_ctx ctx;
        if (!w) {
                m->words = dl_xrealloc(m->words, (m->n_words + 1) * sizeof *m->words);
                w = &m->words[m->n_words++];
                w->pf = pf;
                size_t n;
                bool parse_all;
                const char *const *words = dl_prefilter_words(pf, &n, &parse_all);
                sha256_init(&ctx);
                dl_digest_str(&ctx, parse_all ? "parse all" : "words");
                for (size_t i = 0; i < n; i++)
                        dl_digest_str(&ctx, words[i]);
                sha256_digest(&ctx, sizeof w->d, w->d);
        }
        sha256_init(&ctx);
        sha256_update(&ctx, sizeof w->d, w->d);
        dl_digest_str(&ctx, path);
        char count[32];
        snprintf(count, sizeof count, "%zu", n_args);
        dl_digest_str(&ctx, count);
        for (size_t i = 0; i < n_args; i++)
                dl_digest_str(&ctx, args[i]);
        uint8_t d[SHA256_DIGEST_SIZE];
        sha256_digest(&ctx, sizeof d, d);
        dl_hex(d, KEY_HEX / 2, hex);
}

/* Whether entry i of the files table is as it was (asked once per run). */
static bool file_same(struct dl_prefilter_memo *m, size_t i)
{
        struct file_rec *f = &m->files.items[i];
        if (!f->same)
                f->same = !strcmp(state_of(m, f->path)->stamp, f->stamp) ? 1 : -1;
        return f->same > 0;
}

bool dl_prefilter_memo_skip(struct dl_prefilter_memo *m, const struct dl_prefilter *pf,
                            const char *path, const char *const *args, size_t n_args,
                            size_t n_files)
{
        if (!m)
                return false;
        char key[KEY_HEX + 1];
        unit_key(m, pf, path, args, n_args, key);
        struct unit *u = dl_htab_get(&m->units, key, KEY_HEX);
        if (!u)
                return false;
        const struct fstate *now = state_of(m, path); /* the walk's, when it listed path */
        bool same = now->stamp[0] && !strcmp(now->stamp, u->stamp);
        for (size_t k = 0; same && k < u->n_deps; k++)
                same = file_same(m, u->deps[k]);
        if (!same) { /* forgotten: scanned again, and remembered again if it still cannot */
                dl_htab_remove(&m->units, u->key, KEY_HEX);
                free_unit(u);
                m->changed = true;
                return false;
        }
        m->hits += n_files;
        return true;
}

/* The index in the files table of (path, stamp), added when missing. */
static size_t file_index(struct dl_prefilter_memo *m, const char *path, const char *stamp)
{
        if (!m->indexed) {
                m->indexed = true;
                for (size_t i = 0; i < m->files.n; i++) {
                        struct indexed *x = dl_xcalloc(1, sizeof *x);
                        *x = (struct indexed){m->files.items[i].path, i};
                        free(dl_htab_put_str(&m->index, x->path, x)); /* the later entry stands */
                }
        }
        struct indexed *hit = dl_htab_get_str(&m->index, path);
        if (hit && !strcmp(m->files.items[hit->i].stamp, stamp))
                return hit->i;
        struct file_rec f = {dl_xstrdup(path), "", 1};
        snprintf(f.stamp, sizeof f.stamp, "%s", stamp);
        size_t i = m->files.n;
        DL_VEC_PUSH(&m->files, f);
        struct indexed *x = hit ? hit : dl_xcalloc(1, sizeof *x);
        *x = (struct indexed){m->files.items[i].path, i};
        dl_htab_put_str(&m->index, x->path, x); /* the key is the new entry's path */
        return i;
}

/* A path the text format can hold. */
static bool plain(const char *path)
{
        return !strpbrk(path, "\t\n");
}

void dl_prefilter_memo_put(struct dl_prefilter_memo *m, const struct dl_prefilter *pf,
                           const char *path, const char *const *args, size_t n_args,
                           const struct dl_prefilter_deps *deps)
{
        if (!m)
                return;
        char stamp[DL_STAMP_MAX];
        bool settled = false;
        if (!dl_file_stamp(path, stamp, m->start, &settled) || !settled)
                return;
        /* every file found must have a stamp that stands for what was read */
        for (size_t i = 0; i < deps->n_probes; i++) {
                const struct dl_scan_probe *q = &deps->probes[i];
                const struct fstate *f = q->is_file ? state_of(m, q->path) : NULL;
                if ((f && (!f->stamp[0] || !f->settled)) || !plain(q->path))
                        return;
        }
        struct unit *u = unit_new(deps->n_probes);
        unit_key(m, pf, path, args, n_args, u->key);
        memcpy(u->stamp, stamp, sizeof stamp);
        for (size_t i = 0; i < deps->n_probes; i++) {
                const struct dl_scan_probe *q = &deps->probes[i];
                u->deps[u->n_deps++] =
                        file_index(m, q->path, q->is_file ? state_of(m, q->path)->stamp : "");
        }
        struct unit *old = dl_htab_put(&m->units, u->key, KEY_HEX, u);
        if (old) /* replaced */
                free_unit(old);
        m->changed = true;
}

/* Writing: the units in key order, each file once, numbered as met. */
struct writer {
        struct dl_prefilter_memo *m;
        size_t *number; /* per file of the table: its number in the file + 1, or 0 */
        size_t next;
        struct dl_strbuf files, units;
};

static void write_unit(struct writer *w, const struct unit *u)
{
        dl_strbuf_printf(&w->units, "U\t%s\t%s\t", u->key, u->stamp);
        for (size_t k = 0; k < u->n_deps; k++) {
                size_t i = u->deps[k];
                if (!w->number[i]) {
                        const struct file_rec *f = &w->m->files.items[i];
                        dl_strbuf_printf(&w->files, "F\t%s\t%s\n", f->stamp[0] ? f->stamp : "-",
                                         f->path);
                        w->number[i] = ++w->next;
                }
                dl_strbuf_printf(&w->units, "%s%zu", k ? "," : "", w->number[i] - 1);
        }
        dl_strbuf_putc(&w->units, '\n');
}

void dl_prefilter_memo_save(struct dl_prefilter_memo *m)
{
        if (!m || !m->changed)
                return;
        struct writer w = {m, dl_xcalloc(m->files.n + 1, sizeof *w.number), 0, {0}, {0}};
        dl_strbuf_init(&w.files);
        dl_strbuf_init(&w.units);
        size_t n;
        struct unit **units = (struct unit **)dl_htab_sorted(&m->units, cmp_unit, &n);
        for (size_t i = 0; i < n; i++)
                write_unit(&w, units[i]);
        free(units);
        free(w.number);
        dl_strbuf_puts(&w.files, dl_strbuf_cstr(&w.units));
        char *body = dl_strbuf_take(&w.files);
        size_t len = strlen(body);
        if (len && body[len - 1] == '\n')
                body[len - 1] = '\0'; /* the sealed file adds it */
        if (dl_dir_private(m->root, m->dir) && dl_cache_sealed_write(m->path, HEAD, body)) {
                m->changed = false;
                /* the oldest beyond MEMO_KEEP go, and stale temporary files */
                dl_cache_keep_newest(m->dir, ".memo", MEMO_KEEP);
        }
        free(body);
        dl_strbuf_fini(&w.units);
}
