/* result_cache.c - the per-translation-unit result cache of result_cache.h.
 * SPDX-License-Identifier: MIT
 *
 * Entry format (a sealed file, cache_files.h), <results>/XX/<key>:
 *   ddblint-result-cache 7 <version>\n
 *   <one line of JSON: {"key", "clang_errors", "findings": [...], "log": [...],
 *    "access": the access records of report/access.h, JSON lines in a string,
 *    and for a first-pass unit "inferred": its bytes (struct dl_result) in
 *    base64 (nettle)}>\n
 *   L <TAB> <name of its header list>\n
 *   <seal of the lines above: SHA-256 hex, or signed (cache_files.h)>\n
 * Header list (a sealed file), <results>/lists/<name>:
 *   ddblint-header-list 1\n
 *   H <TAB> <header path> <TAB> <sha256 hex> <TAB> <stamp or "-">\n   (one per header)
 *   <seal of the lines above>\n
 * where the list's name is the SHA-256 of its head and body (its seal when
 * unsigned; a list is the same file for every entry that read the same
 * headers as they were). A C++
 * unit reads hundreds of headers (the C++ library's), mostly the same ones
 * across a project: entries that each carried them made a warm run at
 * 10,000 files (200 DynamoDB files) read and hash 22 MB and check 113,000
 * header lines; a list is read and checked once per run however many
 * entries name it. The headers are text, not JSON (jansson cost 2.6 ms a
 * DynamoDB file). A header whose path holds a tab or a newline leaves the
 * file uncached. An entry whose list is missing, damaged or misnamed is a
 * miss, and is written again with its list.
 */
#include "result_cache.h"

#include "cache_files.h"

#include "../core/digest.h"
#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/htab.h"
#include "../core/safefile.h"
#include "../core/strbuf.h"
#include "../core/vec.h"
#include "../findings/fileio.h"
#include "../model/helper.h"
#include "../rules/schema.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <nettle/base64.h>
#include <nettle/sha2.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define FORMAT "ddblint-result-cache 7"
#define LIST_FORMAT "ddblint-header-list 1"
#define LISTS "lists" /* the lists' directory under <results> */

/* A header's stamp: dl_file_stamp (core/file.h) */
#define STAMP_MAX DL_STAMP_MAX

struct digest_memo {
        char *path;
        bool readable;
        char hex[2 * SHA256_DIGEST_SIZE + 1];
        char stamp[STAMP_MAX]; /* the file's stamp around the digest, or "" when it
                                  changed while read or had changed too recently */
};

/* What this run knows of one header list. */
struct list_state {
        char name[2 * SHA256_DIGEST_SIZE + 1];
        bool good; /* whole, and every header in it unchanged */
};

struct dl_result_cache {
        char *root;     /* the cache directory */
        char *dir;      /* <cache dir>/results */
        char *stub_dir; /* the stub headers (their content is in every key), or NULL */
        uint64_t max_bytes;
        char *version;
        uint8_t stubs[SHA256_DIGEST_SIZE];
        char program[2 * SHA256_DIGEST_SIZE + 1]; /* the running executable's digest, hex */
        struct dl_digest_memo *digests;           /* borrowed: the executable's and the stubs' */
        pthread_mutex_t lock;
        struct dl_htab memo;   /* struct digest_memo by path */
        struct dl_htab stamps; /* struct digest_memo by path: stamps only (stamp_now) */
        struct dl_htab lists;  /* struct list_state by name: header lists asked or written */
        size_t hits, writes;
};

static int cmp_name(const void *a, const void *b)
{
        return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every file under dir, by relative path and content, sorted (the stubs). */
static void hash_tree(struct dl_result_cache *c, struct sha256_ctx *ctx, const char *dir,
                      const char *rel)
{
        char *here = rel[0] ? dl_xasprintf("%s/%s", dir, rel) : dl_xstrdup(dir);
        DIR *d = opendir(here);
        if (!d) {
                free(here);
                return;
        }
        DL_VEC(char *) names = {0};
        for (struct dirent *e; (e = readdir(d));) {
                if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
                        DL_VEC_PUSH(&names, dl_xstrdup(e->d_name));
        }
        closedir(d);
        if (names.n)
                qsort(names.items, names.n, sizeof *names.items, cmp_name);
        for (size_t i = 0; i < names.n; i++) {
                char *r = rel[0] ? dl_xasprintf("%s/%s", rel, names.items[i])
                                 : dl_xstrdup(names.items[i]);
                char *full = dl_xasprintf("%s/%s", dir, r);
                struct stat st;
                if (stat(full, &st) == 0 && S_ISDIR(st.st_mode)) {
                        hash_tree(c, ctx, dir, r);
                } else {
                        char hex[2 * SHA256_DIGEST_SIZE + 1] = "";
                        dl_digest_memo_file(c->digests, full, hex);
                        dl_digest_str(ctx, r);
                        dl_digest_str(ctx, hex);
                }
                free(full);
                free(r);
                free(names.items[i]);
        }
        DL_VEC_FREE(&names);
        free(here);
}

struct dl_result_cache *dl_result_cache_new(const char *dir, uint64_t max_bytes,
                                            const char *version, const char *stub_dir,
                                            struct dl_digest_memo *digests)
{
        char *results = dl_xasprintf("%s/results", dir);
        /* the cache dir was checked (dl_dir_trusted); what is under it must be ours */
        if (!dl_dir_private(dir, results)) {
                free(results);
                return NULL;
        }
        struct dl_result_cache *c = dl_xcalloc(1, sizeof *c);
        c->digests = digests;
        /* Two builds of one version differ (a build from git, a patched
           package): the executable's own bytes are part of every key, so that
           a rebuilt ddblint never answers from its predecessor's results. */
        if (!dl_digest_memo_file(digests, "/proc/self/exe", c->program)) {
                free(c);
                free(results);
                return NULL;
        }
        c->root = dl_xstrdup(dir);
        c->dir = results;
        c->max_bytes = max_bytes;
        c->version = dl_xstrdup(version);
        c->stub_dir = stub_dir ? dl_xstrdup(stub_dir) : NULL;
        struct sha256_ctx ctx;
        sha256_init(&ctx);
        if (stub_dir)
                hash_tree(c, &ctx, stub_dir, "");
        sha256_digest(&ctx, sizeof c->stubs, c->stubs);
        pthread_mutex_init(&c->lock, NULL);
        return c;
}

static void free_memo(void *p)
{
        struct digest_memo *m = p;
        free(m->path);
        free(m);
}

/* ---- eviction -------------------------------------------------------------------------- */

struct aged {
        char *path;
        struct timespec mtime;
        uint64_t size;
};

static int cmp_age(const void *a, const void *b)
{
        const struct aged *x = a, *y = b;
        int c = dl_time_cmp(&x->mtime, &y->mtime);
        return c ? c : strcmp(x->path, y->path);
}

/* Deletes the least recently used entries until the rest hold at most
 * max_bytes; temporary files a killed writer left over an hour ago go too. */
static void evict(struct dl_result_cache *c)
{
        DL_VEC(struct aged) all = {0};
        uint64_t total = 0;
        time_t now = time(NULL);
        DIR *top = opendir(c->dir);
        for (struct dirent *e; top && (e = readdir(top));) {
                if (e->d_name[0] == '.')
                        continue;
                char *sub = dl_xasprintf("%s/%s", c->dir, e->d_name);
                DIR *d = opendir(sub);
                for (struct dirent *f; d && (f = readdir(d));) {
                        if (!strcmp(f->d_name, ".") || !strcmp(f->d_name, ".."))
                                continue;
                        char *path = dl_xasprintf("%s/%s", sub, f->d_name);
                        struct stat st;
                        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
                                free(path);
                                continue;
                        }
                        if (f->d_name[0] == '.') { /* a temporary file */
                                if (dl_temp_is_ours(f->d_name, NULL) &&
                                    now - st.st_mtime > DL_TEMP_STALE_S)
                                        unlink(path);
                                free(path);
                                continue;
                        }
                        struct aged a = {path, st.st_mtim, (uint64_t)st.st_size};
                        DL_VEC_PUSH(&all, a);
                        total += a.size;
                }
                if (d)
                        closedir(d);
                free(sub);
        }
        if (top)
                closedir(top);
        if (total > c->max_bytes && all.n)
                qsort(all.items, all.n, sizeof *all.items, cmp_age);
        for (size_t i = 0; i < all.n; i++) {
                if (total > c->max_bytes && unlink(all.items[i].path) == 0)
                        total -= all.items[i].size;
                free(all.items[i].path);
        }
        DL_VEC_FREE(&all);
}

void dl_result_cache_free(struct dl_result_cache *c)
{
        if (!c)
                return;
        if (c->writes)
                evict(c);
        dl_htab_free_all(&c->memo, free_memo);
        dl_htab_free_all(&c->stamps, free_memo);
        dl_htab_free_all(&c->lists, free);
        pthread_mutex_destroy(&c->lock);
        free(c->root);
        free(c->dir);
        free(c->stub_dir);
        free(c->version);
        free(c);
}

void dl_result_cache_count(struct dl_result_cache *c, enum dl_cache_use use, size_t n_files)
{
        if (c && use == DL_CACHE_HIT)
                __atomic_fetch_add(&c->hits, n_files, __ATOMIC_RELAXED);
        else if (c && use == DL_CACHE_WRITTEN)
                __atomic_fetch_add(&c->writes, 1, __ATOMIC_RELAXED);
}

const char *dl_result_cache_program(const struct dl_result_cache *c)
{
        return c ? c->program : NULL;
}

size_t dl_result_cache_hits(const struct dl_result_cache *c)
{
        return c ? __atomic_load_n(&c->hits, __ATOMIC_RELAXED) : 0;
}

/* ---- keys ------------------------------------------------------------------------------ */

void dl_result_cache_base(const struct dl_result_cache *c, const struct dl_ruleset *rules,
                          const bool *run_check, size_t n_checks, bool verbose, bool pch,
                          const char *root, uint8_t *out)
{
        struct sha256_ctx ctx;
        sha256_init(&ctx);
        dl_digest_str(&ctx, FORMAT);
        dl_digest_str(&ctx, c->version);
        dl_digest_str(&ctx, c->program);
        char cwd[4096]; /* the same for every file of the run */
        dl_digest_str(&ctx, getcwd(cwd, sizeof cwd) ? cwd : "");
        sha256_update(&ctx, sizeof c->stubs, c->stubs);
        for (size_t i = 0; rules && i < rules->n_sources; i++) {
                char hex[2 * SHA256_DIGEST_SIZE + 1] = "unreadable";
                dl_cache_file_sha256(rules->sources[i], hex);
                dl_digest_str(&ctx, rules->sources[i]);
                dl_digest_str(&ctx, hex);
        }
        dl_digest_str(&ctx, rules && rules->path ? rules->path : "(built-in rules)");
        /* the wrappers inferred from the run's files (recognize/infer.h):
         * a caller's requests depend on them, its text does not show them */
        for (size_t i = 0; rules && i < rules->n_wrappers; i++) {
                const struct dl_wrapper *w = &rules->wrappers[i];
                if (!w->inferred)
                        continue;
                char line[64];
                snprintf(line, sizeof line, "%u %s %u", w->operation_argument,
                         w->operation ? w->operation : "-", w->n_args ? w->args[0].argument : 0);
                dl_digest_str(&ctx, w->match);
                dl_digest_str(&ctx, line);
        }
        /* the helpers found in the run's files (model/helper.h): likewise */
        for (size_t i = 0; rules && i < rules->n_helpers; i++) {
                struct dl_strbuf sb;
                dl_strbuf_init(&sb);
                dl_helper_describe(&sb, &rules->helpers[i]);
                dl_digest_str(&ctx, rules->helpers[i].usr);
                dl_digest_str(&ctx, dl_strbuf_cstr(&sb));
                dl_strbuf_fini(&sb);
        }
        for (size_t i = 0; i < n_checks; i++)
                dl_digest_str(&ctx, run_check[i] ? "1" : "0");
        dl_digest_str(&ctx, verbose ? "verbose" : "quiet");
        dl_digest_str(&ctx, pch ? "pch" : "no-pch");
        dl_digest_str(&ctx, root ? root : "(no root)");
        sha256_digest(&ctx, DL_RESULT_KEY_SIZE, out);
}

void dl_result_cache_key(const uint8_t *base, const char *path, const char *const *args,
                         size_t n_args, const char *const *own, size_t n_own, const char *text,
                         size_t len, uint8_t *out)
{
        struct sha256_ctx ctx;
        sha256_init(&ctx);
        sha256_update(&ctx, DL_RESULT_KEY_SIZE, base);
        dl_digest_str(&ctx, path);
        for (size_t i = 0; i < n_args; i++)
                dl_digest_str(&ctx, args[i]);
        dl_digest_str(&ctx, "(own headers)");
        for (size_t i = 0; i < n_own; i++)
                dl_digest_str(&ctx, own[i]);
        dl_digest_str(&ctx, "(content)");
        sha256_update(&ctx, len, (const uint8_t *)text);
        sha256_digest(&ctx, DL_RESULT_KEY_SIZE, out);
}

/* ---- header digests, once per run -------------------------------------------------------- */

/* The stamp of path now (STAMP_MAX bytes into out), taken once a run: the
 * entries of a run's files record the same headers (the C++ library's,
 * hundreds of them), each checked by stamp. False when path cannot be
 * stat'ed. */
static bool stamp_now(struct dl_result_cache *c, const char *path, char *out)
{
        pthread_mutex_lock(&c->lock);
        struct digest_memo *hit = dl_htab_get_str(&c->stamps, path);
        if (!hit) {
                hit = dl_xcalloc(1, sizeof *hit);
                hit->path = dl_xstrdup(path);
                hit->readable = dl_file_stamp(path, hit->stamp, time(NULL), NULL);
                dl_htab_put_str(&c->stamps, hit->path, hit);
        }
        bool ok = hit->readable;
        memcpy(out, hit->stamp, sizeof hit->stamp);
        pthread_mutex_unlock(&c->lock);
        return ok;
}

/* The digest of header path (hex into out) and, when the file was settled
 * and unchanged while it was read, its stamp (STAMP_MAX bytes into stamp,
 * else ""); false when it cannot be read. Both are taken once a run. */
static bool header_digest(struct dl_result_cache *c, const char *path, char *out, char *stamp)
{
        pthread_mutex_lock(&c->lock);
        const struct digest_memo *hit = dl_htab_get_str(&c->memo, path);
        bool known = hit != NULL, readable = hit && hit->readable;
        if (hit) {
                memcpy(out, hit->hex, sizeof hit->hex);
                memcpy(stamp, hit->stamp, sizeof hit->stamp);
        }
        pthread_mutex_unlock(&c->lock);
        if (known)
                return readable;
        struct digest_memo *m = dl_xcalloc(1, sizeof *m);
        m->path = dl_xstrdup(path);
        m->readable = dl_cache_file_sha256_stamped(path, m->hex, m->stamp);
        memcpy(out, m->hex, sizeof m->hex);
        memcpy(stamp, m->stamp, sizeof m->stamp);
        readable = m->readable;
        pthread_mutex_lock(&c->lock);
        bool first = !dl_htab_get_str(&c->memo, m->path);
        if (first)
                dl_htab_put_str(&c->memo, m->path, m);
        pthread_mutex_unlock(&c->lock);
        if (!first) /* another thread asked too */
                free_memo(m);
        return readable;
}

/* ---- entries --------------------------------------------------------------------------- */

static char *entry_path(const struct dl_result_cache *c, const uint8_t *key, char *hex)
{
        dl_hex(key, DL_RESULT_KEY_SIZE, hex);
        return dl_xasprintf("%s/%.2s/%s", c->dir, hex, hex + 2);
}

void dl_result_fini(struct dl_result *r)
{
        if (!r)
                return;
        for (size_t i = 0; i < r->n_findings; i++)
                dl_finding_free(r->findings[i]);
        free(r->findings);
        free(r->access);
        free(r->inferred);
        dl_log_fini(&r->log);
        memset(r, 0, sizeof *r);
}

static json_t *floc_json(const struct dl_floc *l)
{
        return json_pack("{s:s?,s:I,s:I,s:I,s:I}", "file", l->file, "line", (json_int_t)l->line,
                         "col", (json_int_t)l->col, "end_line", (json_int_t)l->end_line, "end_col",
                         (json_int_t)l->end_col);
}

static json_t *finding_json(const struct dl_finding *f)
{
        json_t *related = json_array();
        for (size_t i = 0; i < f->n_related; i++) {
                json_t *r = json_pack("{s:o,s:s?}", "loc", floc_json(&f->related[i].loc), "message",
                                      f->related[i].message);
                if (json_array_append_new(related, r) != 0) {
                        json_decref(related);
                        return NULL;
                }
        }
        json_t *fixes = json_array();
        for (size_t i = 0; i < f->n_fixes; i++) {
                const struct dl_finding_fix *fx = &f->fixes[i];
                json_t *edits = json_array();
                for (size_t k = 0; k < fx->n_edits; k++)
                        json_array_append_new(edits, json_pack("{s:o,s:s,s:s}", "range",
                                                               floc_json(&fx->edits[k].range),
                                                               "text", fx->edits[k].text, "expect",
                                                               fx->edits[k].expect));
                json_t *j = json_pack("{s:s,s:b,s:o}", "description", fx->description, "manual",
                                      fx->manual, "edits", edits);
                if (!j || json_array_append_new(fixes, j) != 0) {
                        json_decref(related);
                        json_decref(fixes);
                        return NULL;
                }
        }
        return json_pack("{s:s,s:I,s:s,s:o,s:o,s:s?,s:s?,s:o}", "check", f->check_id, "severity",
                         (json_int_t)f->severity, "message", f->message, "loc", floc_json(&f->loc),
                         "related", related, "function", f->function, "signature", f->signature,
                         "fixes", fixes);
}

static json_t *log_json(const struct dl_log_entry *e)
{
        return json_pack("{s:I,s:s,s:s?,s:I,s:I,s:s?}", "level", (json_int_t)e->level, "message",
                         e->message, "file", e->file, "line", (json_int_t)e->line, "col",
                         (json_int_t)e->col, "id", e->id);
}

/* The string member key of object j, NULL when it is null or missing
 * (unpack's "s" takes no null). */
static const char *opt_str(json_t *j, const char *key)
{
        return json_string_value(json_object_get(j, key));
}

/* Reads a location; false when j is not one. */
static bool floc_read(json_t *j, struct dl_loc *l, unsigned *end_line, unsigned *end_col)
{
        json_int_t line, col, el, ec;
        if (json_unpack(j, "{s:I,s:I,s:I,s:I}", "line", &line, "col", &col, "end_line", &el,
                        "end_col", &ec) != 0)
                return false;
        l->file = opt_str(j, "file");
        l->line = (unsigned)line;
        l->col = (unsigned)col;
        *end_line = (unsigned)el;
        *end_col = (unsigned)ec;
        return true;
}

/* The fixes of an entry's finding into f; false when j is not a list of them. */
static bool fixes_read(json_t *j, struct dl_finding *f)
{
        size_t i, k;
        json_t *fx, *e;
        if (!json_is_array(j))
                return false;
        json_array_foreach (j, i, fx) {
                const char *desc;
                int manual;
                json_t *edits;
                if (json_unpack(fx, "{s:s,s:b,s:o}", "description", &desc, "manual", &manual,
                                "edits", &edits) != 0 ||
                    !json_is_array(edits))
                        return false;
                struct dl_finding_fix *fix = dl_finding_add_fix(f, desc, manual != 0);
                json_array_foreach (edits, k, e) {
                        const char *text, *expect;
                        json_t *range;
                        struct dl_loc l;
                        unsigned el, ec;
                        if (json_unpack(e, "{s:o,s:s,s:s}", "range", &range, "text", &text,
                                        "expect", &expect) != 0 ||
                            !floc_read(range, &l, &el, &ec))
                                return false;
                        dl_finding_add_edit(fix, &l, el, ec, text, expect);
                }
        }
        return true;
}

static struct dl_finding *finding_read(json_t *j)
{
        const char *check, *message;
        const char *function = opt_str(j, "function"), *signature = opt_str(j, "signature");
        json_int_t severity;
        json_t *loc, *related;
        if (json_unpack(j, "{s:s,s:I,s:s,s:o,s:o}", "check", &check, "severity", &severity,
                        "message", &message, "loc", &loc, "related", &related) != 0 ||
            !json_is_array(related) || severity < 0 || severity > 2)
                return NULL;
        struct dl_loc l;
        unsigned el, ec;
        if (!floc_read(loc, &l, &el, &ec))
                return NULL;
        struct dl_finding *f = dl_finding_new(check, (enum dl_severity)severity, &l, message);
        dl_finding_set_end(f, el, ec);
        f->function = function ? dl_xstrdup(function) : NULL;
        f->signature = signature ? dl_xstrdup(signature) : NULL;
        size_t i;
        json_t *r;
        json_array_foreach (related, i, r) {
                const char *m = opt_str(r, "message");
                json_t *rl;
                struct dl_loc rloc;
                unsigned a, b;
                if (json_unpack(r, "{s:o}", "loc", &rl) != 0 || !floc_read(rl, &rloc, &a, &b)) {
                        dl_finding_free(f);
                        return NULL;
                }
                dl_finding_add_related(f, &rloc, m);
                f->related[f->n_related - 1].loc.end_line = a;
                f->related[f->n_related - 1].loc.end_col = b;
        }
        if (!fixes_read(json_object_get(j, "fixes"), f)) {
                dl_finding_free(f);
                return NULL;
        }
        return f;
}

/* Whether every header of an entry's header lines (text, len bytes) is
 * unchanged: its stamp the same (it is not read), else its digest. */
static bool headers_unchanged(struct dl_result_cache *c, const char *text, size_t len)
{
        const char *end = text + len;
        for (const char *l = text; l < end;) {
                const char *nl = memchr(l, '\n', (size_t)(end - l));
                const char *e = nl ? nl : end;
                const char *t[3];
                const char *p = l;
                for (int k = 0; k < 3; k++) {
                        t[k] = p < e ? memchr(p, '\t', (size_t)(e - p)) : NULL;
                        if (!t[k])
                                return false;
                        p = t[k] + 1;
                }
                size_t n_path = (size_t)(t[1] - t[0] - 1), n_hex = (size_t)(t[2] - t[1] - 1);
                size_t n_stamp = (size_t)(e - t[2] - 1);
                if (t[0] != l + 1 || l[0] != 'H' || n_hex != (size_t)2 * SHA256_DIGEST_SIZE ||
                    n_stamp >= STAMP_MAX || n_path >= PATH_MAX)
                        return false;
                char path[PATH_MAX], stamp[STAMP_MAX], now_stamp[STAMP_MAX], unused[STAMP_MAX];
                char now[2 * SHA256_DIGEST_SIZE + 1];
                memcpy(path, t[0] + 1, n_path);
                path[n_path] = '\0';
                memcpy(stamp, t[2] + 1, n_stamp);
                stamp[n_stamp] = '\0';
                bool stamped = strcmp(stamp, "-") != 0;
                l = e + 1;
                if (stamped && stamp_now(c, path, now_stamp) && !strcmp(now_stamp, stamp))
                        continue; /* not read again */
                if (!header_digest(c, path, now, unused) || memcmp(now, t[1] + 1, n_hex) != 0)
                        return false;
        }
        return true;
}

/* The JSON line of an entry, checked against key; fills out on success. */
static bool entry_read(json_t *j, const char *key_hex, struct dl_result *out)
{
        const char *key;
        json_int_t clang_errors;
        json_t *findings, *log;
        const char *access, *inferred = NULL;
        if (json_unpack(j, "{s:s,s:I,s:o,s:o,s:s,s?s}", "key", &key, "clang_errors", &clang_errors,
                        "findings", &findings, "log", &log, "access", &access, "inferred",
                        &inferred) != 0 ||
            strcmp(key, key_hex) != 0 || !json_is_array(findings) || !json_is_array(log))
                return false;
        size_t i;
        json_t *v;
        struct dl_result r = {0};
        dl_log_init(&r.log, NULL, true);
        r.clang_errors = (unsigned)clang_errors;
        r.access = access[0] ? dl_xstrdup(access) : NULL;
        if (inferred) {
                size_t n = strlen(inferred);
                struct base64_decode_ctx ctx;
                base64_decode_init(&ctx);
                r.inferred = dl_xmalloc(BASE64_DECODE_LENGTH(n) + 1);
                if (!n ||
                    !base64_decode_update(&ctx, &r.n_inferred, (uint8_t *)r.inferred, n,
                                          inferred) ||
                    !base64_decode_final(&ctx)) {
                        dl_result_fini(&r);
                        return false;
                }
        }
        r.findings = dl_xcalloc(json_array_size(findings) + 1, sizeof *r.findings);
        json_array_foreach (findings, i, v) {
                struct dl_finding *f = finding_read(v);
                if (!f) {
                        dl_result_fini(&r);
                        return false;
                }
                r.findings[r.n_findings++] = f;
        }
        json_array_foreach (log, i, v) {
                json_int_t level, line, col;
                const char *message, *file = opt_str(v, "file"), *id = opt_str(v, "id");
                if (json_unpack(v, "{s:I,s:s,s:I,s:I}", "level", &level, "message", &message,
                                "line", &line, "col", &col) != 0 ||
                    level < 0 || level > 2) {
                        dl_result_fini(&r);
                        return false;
                }
                struct dl_loc l = {file, (unsigned)line, (unsigned)col};
                dl_log_add(&r.log, (enum dl_log_level)level, id ? id : "", file ? &l : NULL, "%s",
                           message);
        }
        *out = r;
        return true;
}

/* Whether the header list name (2 * SHA256_DIGEST_SIZE hex digits) is
 * whole and every header in it unchanged; asked once a run per list. */
static bool list_good(struct dl_result_cache *c, const char *name)
{
        const size_t n_name = (size_t)2 * SHA256_DIGEST_SIZE;
        pthread_mutex_lock(&c->lock);
        const struct list_state *known = dl_htab_get(&c->lists, name, n_name);
        bool asked = known != NULL, good = known && known->good;
        pthread_mutex_unlock(&c->lock);
        if (asked)
                return good;
        struct list_state *l = dl_xcalloc(1, sizeof *l);
        memcpy(l->name, name, n_name);
        char *path = dl_xasprintf("%s/" LISTS "/%s", c->dir, l->name);
        const char *body;
        size_t body_len;
        char *text = dl_cache_sealed_read(path, LIST_FORMAT, &body, &body_len);
        /* named by the SHA-256 of its head and body (its seal when
           unsigned): the bytes before the seal's line */
        char named[2 * SHA256_DIGEST_SIZE + 1];
        if (text)
                dl_sha256_hex(text, (size_t)(body + body_len + 1 - text), named);
        l->good = text && !memcmp(named, name, n_name) && headers_unchanged(c, body, body_len);
        free(text);
        if (l->good)
                utimensat(AT_FDCWD, path, NULL, 0); /* recently used */
        free(path);
        good = l->good;
        pthread_mutex_lock(&c->lock);
        if (!dl_htab_get(&c->lists, l->name, n_name))
                dl_htab_put(&c->lists, l->name, n_name, l);
        else
                free(l); /* another thread asked too */
        pthread_mutex_unlock(&c->lock);
        return good;
}

bool dl_result_cache_get(struct dl_result_cache *c, const uint8_t *key, struct dl_result *out)
{
        char hex[2 * DL_RESULT_KEY_SIZE + 1];
        char *path = entry_path(c, key, hex);
        char head[256];
        snprintf(head, sizeof head, "%s %s", FORMAT, c->version);
        const char *body;
        size_t body_len;
        char *text = dl_cache_sealed_read(path, head, &body, &body_len);
        bool hit = false;
        const char *nl = text ? memchr(body, '\n', body_len) : NULL;
        /* the JSON line, then "L <TAB> <list name>" and nothing more */
        const size_t n_name = (size_t)2 * SHA256_DIGEST_SIZE;
        if (nl && body + body_len - nl == (ptrdiff_t)(3 + n_name) && nl[1] == 'L' &&
            nl[2] == '\t' && list_good(c, nl + 3)) {
                json_t *j = json_loadb(body, (size_t)(nl - body), 0, NULL);
                hit = j && entry_read(j, hex, out);
                json_decref(j);
        }
        free(text);
        if (hit)
                utimensat(AT_FDCWD, path, NULL, 0); /* recently used */
        free(path);
        return hit;
}

/* Writes the header list body (its H lines, no last newline) unless this
 * run found it good or wrote it already; its name (hex) into name. False
 * when it cannot be written. */
static bool list_put(struct dl_result_cache *c, const char *body, char *name)
{
        char *text = dl_xasprintf(LIST_FORMAT "\n%s\n", body);
        dl_sha256_hex(text, strlen(text), name);
        free(text);
        const size_t n_name = (size_t)2 * SHA256_DIGEST_SIZE;
        pthread_mutex_lock(&c->lock);
        const struct list_state *known = dl_htab_get(&c->lists, name, n_name);
        bool done = known && known->good;
        pthread_mutex_unlock(&c->lock);
        if (done)
                return true;
        char *dir = dl_xasprintf("%s/" LISTS, c->dir);
        char *path = dl_xasprintf("%s/%s", dir, name);
        bool ok = dl_dir_private(c->root, dir) && dl_cache_sealed_write(path, LIST_FORMAT, body);
        free(path);
        free(dir);
        if (!ok)
                return false;
        /* good for this run's next entries: the headers were read now */
        struct list_state *l = dl_xcalloc(1, sizeof *l);
        memcpy(l->name, name, sizeof l->name);
        l->good = true;
        pthread_mutex_lock(&c->lock);
        struct list_state *was = dl_htab_put(&c->lists, l->name, n_name, l);
        pthread_mutex_unlock(&c->lock);
        free(was);
        return true;
}

bool dl_result_cache_put(struct dl_result_cache *c, const uint8_t *key, const struct dl_result *r,
                         const char *const *headers, size_t n_headers)
{
        char hex[2 * DL_RESULT_KEY_SIZE + 1];
        char *path = entry_path(c, key, hex);
        struct dl_strbuf hs;
        dl_strbuf_init(&hs);
        bool ok = true;
        size_t n_stub = c->stub_dir ? strlen(c->stub_dir) : 0;
        for (size_t i = 0; ok && i < n_headers; i++) {
                /* the stub headers' content is in the key already */
                if (n_stub && !strncmp(headers[i], c->stub_dir, n_stub) &&
                    headers[i][n_stub] == '/')
                        continue;
                char d[2 * SHA256_DIGEST_SIZE + 1], stamp[STAMP_MAX];
                ok = header_digest(c, headers[i], d, stamp) && !strpbrk(headers[i], "\t\n") &&
                     strlen(headers[i]) < PATH_MAX;
                dl_strbuf_printf(&hs, "%sH\t%s\t%s\t%s", hs.len ? "\n" : "", headers[i], d,
                                 stamp[0] ? stamp : "-");
        }
        char list[2 * SHA256_DIGEST_SIZE + 1];
        ok = ok && list_put(c, dl_strbuf_cstr(&hs), list);
        /* a string JSON cannot hold (bytes that are not UTF-8, in a
         * signature or a message) leaves the file uncached, never dropped */
        json_t *fs = json_array(), *ls = json_array();
        for (size_t i = 0; ok && i < r->n_findings; i++)
                ok = json_array_append_new(fs, finding_json(r->findings[i])) == 0;
        for (size_t i = 0; ok && i < r->log.n; i++)
                ok = json_array_append_new(ls, log_json(&r->log.items[i])) == 0;
        json_t *j = json_pack("{s:s,s:I,s:o,s:o,s:s}", "key", hex, "clang_errors",
                              (json_int_t)r->clang_errors, "findings", fs, "log", ls, "access",
                              r->access ? r->access : "");
        if (j && r->inferred) {
                char *b64 = dl_xmalloc(BASE64_ENCODE_RAW_LENGTH(r->n_inferred) + 1);
                base64_encode_raw(b64, r->n_inferred, (const uint8_t *)r->inferred);
                b64[BASE64_ENCODE_RAW_LENGTH(r->n_inferred)] = '\0';
                ok = ok && json_object_set_new(j, "inferred", json_string(b64)) == 0;
                free(b64);
        }
        char *line = ok && j ? json_dumps(j, JSON_COMPACT) : NULL;
        json_decref(j);
        char *body = line ? dl_xasprintf("%s\nL\t%s", line, list) : NULL;
        free(line);
        dl_strbuf_fini(&hs);
        bool written = false;
        if (body) {
                char *head = dl_xasprintf("%s %s", FORMAT, c->version);
                char *sub = dl_xasprintf("%s/%.2s", c->dir, hex);
                written = dl_dir_private(c->root, sub) && dl_cache_sealed_write(path, head, body);
                free(sub);
                free(head);
                free(body);
        }
        free(path);
        return written;
}
