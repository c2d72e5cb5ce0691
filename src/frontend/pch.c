/* pch.c - the stub headers precompiled once per set of flags (pch.h).
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE /* nftw's FTW_DEPTH, FTW_PHYS; tdestroy */
#include "pch.h"

#include "scan.h"

#include "../core/digest.h"
#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/log.h"
#include "../core/safefile.h"
#include "../core/strbuf.h"
#include "../core/strv.h"
#include "../core/vec.h"

#include <clang-c/Index.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <limits.h>
#include <nettle/sha2.h>
#include <pthread.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The layout of the directory; a change of it changes this number, so old
 * caches are left alone rather than misread. */
#define PCH_FORMAT "1"

/* What is precompiled: the AWS SDK for C++'s client header, with the stub
 * headers and standard headers it includes (278 of the 287 stubs). A file
 * that includes it before its first line of code reads exactly these
 * headers first anyway; the C clients' stubs serve C files, which no
 * precompiled C++ header can. */
#define PCH_ROOT "aws/dynamodb/DynamoDBClient.h"

enum entry_state { E_NEW, E_BUILDING, E_READY, E_UNUSABLE };

struct dir_verdict {
        char *dir;
        bool shadows;
};

struct pch_entry {
        char *key;     /* hex digest of what shapes it */
        bool preamble; /* a source file's preamble (<cache>/pch-1/pre-<key>), not the stubs */
        enum entry_state state;
        char *dir;       /* <cache>/pch-1/<key> or <cache>/pch-1/pre-<key> */
        char *pch_path;  /* <dir>/stubs.pch or <dir>/preamble.pch */
        char **includes; /* headers the AST file includes, as spelled; sorted (stubs) */
        size_t n_includes;
        char **idents; /* identifiers of their text; sorted (stubs) */
        size_t n_idents;
        char **files; /* every file the AST file read but its generated header, as
                         clang named them */
        size_t n_files;
        char **reals; /* their real paths, sorted; NULL until asked (entry_reals) */
        size_t n_reals;
        bool unused; /* a preamble not precompiled (too little text to pay, or a
                        header with an error): its manifest only, no AST file */
        /* unused for an error: the first of the preamble's includes (0-based)
         * that brings one, else SIZE_MAX */
        size_t first_bad;
        DL_VEC(struct dir_verdict) verdicts; /* include directories already checked */
};

/* How an entry's AST file is built. */
struct recipe {
        const char *hdr_dir;     /* the directory of the generated header */
        const char *hdr_base;    /* its file name */
        const char *text;        /* its text */
        const char *const *argv; /* libclang's arguments, language included */
        size_t n_args;
        unsigned flags; /* clang_parseTranslationUnit2's */
};

struct dl_pch {
        const char *stub_dir;
        char *cache_dir;
        bool temporary; /* cache_dir is ours: removed at the end */
        pthread_mutex_t lock;
        pthread_cond_t changed;
        void *entries; /* tsearch tree of struct pch_entry, by key */
        struct dl_scan *scan;
        unsigned built, built_preambles;
        uint64_t preamble_bytes; /* the bound on precompiled preambles; 0: none are made */
        uint64_t preamble_min;   /* the least text a preamble must read to be precompiled */
};

static int cmp_key(const void *a, const void *b)
{
        return strcmp(((const struct pch_entry *)a)->key, ((const struct pch_entry *)b)->key);
}

struct dl_pch *dl_pch_new(const char *stub_dir, const char *cache_dir)
{
        struct dl_pch *p = dl_xcalloc(1, sizeof *p);
        p->stub_dir = stub_dir;
        if (cache_dir) {
                p->cache_dir = dl_xstrdup(cache_dir);
        } else {
                /* a killed run's directory (its stub headers' AST file:
                 * about 10 MB) goes when its process is gone */
                const char *tmp = getenv("TMPDIR");
                p->cache_dir = dl_run_dir_new(tmp && *tmp ? tmp : "/tmp", "ddblint");
                p->temporary = p->cache_dir != NULL;
        }
        pthread_mutex_init(&p->lock, NULL);
        pthread_cond_init(&p->changed, NULL);
        p->scan = dl_scan_new();
        return p;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
        (void)st;
        (void)flag;
        (void)ftw;
        remove(path);
        return 0;
}

static void free_entry(void *v)
{
        struct pch_entry *e = v;
        free(e->key);
        free(e->dir);
        free(e->pch_path);
        dl_strv_free(e->includes, e->n_includes);
        dl_strv_free(e->idents, e->n_idents);
        dl_strv_free(e->files, e->n_files);
        dl_strv_free(e->reals, e->n_reals);
        for (size_t i = 0; i < e->verdicts.n; i++)
                free(e->verdicts.items[i].dir);
        DL_VEC_FREE(&e->verdicts);
        free(e);
}

static void evict_preambles(struct dl_pch *p);

void dl_pch_free(struct dl_pch *p)
{
        if (!p)
                return;
        if (p->built_preambles && !p->temporary)
                evict_preambles(p);
        tdestroy(p->entries, free_entry);
        if (p->temporary && p->cache_dir)
                nftw(p->cache_dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
        free(p->cache_dir);
        dl_scan_free(p->scan);
        pthread_cond_destroy(&p->changed);
        pthread_mutex_destroy(&p->lock);
        free(p);
}

unsigned dl_pch_built(const struct dl_pch *p)
{
        return p ? p->built : 0;
}

unsigned dl_pch_preambles_built(const struct dl_pch *p)
{
        return p ? p->built_preambles : 0;
}

void dl_pch_preambles(struct dl_pch *p, uint64_t max_bytes, uint64_t min_text)
{
        if (p && !p->temporary) {
                p->preamble_bytes = max_bytes;
                p->preamble_min = min_text;
        }
}

/* ---- the key ----------------------------------------------------------------------- */

/* Arguments that cannot change the precompiled header: include directories
 * (checked per translation unit instead, see shadowed()), the language
 * (always C++ here), diagnostics. Sets *value when the argument takes the
 * next one as its value. */
static bool irrelevant(const char *a, bool *value)
{
        static const char *const with_value[] = {"-I",         "-iquote",
                                                 "-isystem",   "-idirafter",
                                                 "-x",         "-working-directory",
                                                 "--language", "--include-directory"};
        *value = false;
        for (size_t i = 0; i < sizeof with_value / sizeof *with_value; i++) {
                size_t k = strlen(with_value[i]);
                if (strncmp(a, with_value[i], k) == 0) {
                        *value = a[k] == '\0';
                        return true;
                }
        }
        return (a[0] == '-' && a[1] == 'W' && strncmp(a, "-Wp,", 4) != 0) || strcmp(a, "-w") == 0 ||
               strncmp(a, "-ferror-limit", 13) == 0 || strcmp(a, "-fcolor-diagnostics") == 0 ||
               strcmp(a, "-fno-color-diagnostics") == 0 || strncmp(a, "-fdiagnostics-", 14) == 0 ||
               strncmp(a, "-fmessage-length", 16) == 0;
}

/* The arguments the precompiled header is built with (borrowed strings). */
static size_t relevant_args(const char *const *args, size_t n, const char **out)
{
        size_t k = 0;
        for (size_t i = 0; i < n; i++) {
                bool value;
                if (irrelevant(args[i], &value)) {
                        i += value;
                        continue;
                }
                out[k++] = args[i];
        }
        return k;
}

/* The digest so far as 32 hex digits (transfer full). */
static char *hex_of(struct sha256_ctx *ctx)
{
        uint8_t d[SHA256_DIGEST_SIZE];
        sha256_digest(ctx, sizeof d, d);
        char *hex = dl_xmalloc(33);
        dl_hex(d, 16, hex);
        return hex;
}

/* A key's start: what, the layout, clang's version, the stubs. */
static void key_start(const struct dl_pch *p, struct sha256_ctx *ctx, const char *what)
{
        sha256_init(ctx);
        dl_digest_str(ctx, what);
        dl_digest_str(ctx, PCH_FORMAT);
        CXString v = clang_getClangVersion();
        dl_digest_str(ctx, clang_getCString(v));
        clang_disposeString(v);
        dl_digest_str(ctx, p->stub_dir);
}

static char *key_of(const struct dl_pch *p, const char *const *kept, size_t n)
{
        struct sha256_ctx ctx;
        key_start(p, &ctx, "ddblint-pch");
        for (size_t i = 0; i < n; i++)
                dl_digest_str(&ctx, kept[i]);
        return hex_of(&ctx);
}

/* ---- files ----------------------------------------------------------------------------- */

/* Writes data to dir/base through a temporary file created exclusively
 * (a link planted at a temporary name is never followed) and rename(2). */
static bool write_replace(const char *dir, const char *base, const char *data, size_t len)
{
        char *dst = dl_xasprintf("%s/%s", dir, base);
        bool ok = dl_file_replace(dst, data, len);
        free(dst);
        return ok;
}

static void stamp_of(const struct stat *st, struct dl_strbuf *sb)
{
        dl_strbuf_printf(sb, "%jd %jd.%09ld", (intmax_t)st->st_size, (intmax_t)st->st_mtim.tv_sec,
                         (long)st->st_mtim.tv_nsec);
}

/* "size mtime" of path as the manifest writes it, or NULL (transfer full). */
static char *stamp(const char *path)
{
        struct stat st;
        if (stat(path, &st) != 0)
                return NULL;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        stamp_of(&st, &sb);
        return dl_strbuf_take(&sb);
}

/* ---- the manifest ---------------------------------------------------------------------------- */

static bool under(const char *file, const char *dir)
{
        size_t n = strlen(dir);
        while (n > 1 && dir[n - 1] == '/')
                n--;
        return strncmp(file, dir, n) == 0 && file[n] == '/';
}

/* e's files (taken). */
static void set_files(struct pch_entry *e, char **files, size_t n)
{
        e->files = files;
        e->n_files = n;
}

/* The real paths of e's files, sorted: computed on first use, under
 * p->lock, since only a file with headers of its own needs them and a
 * real path costs a readlink per component of a path like
 * "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/vector"
 * (about 1,700 for one preamble of the C++ library). */
static void entry_reals(struct dl_pch *p, struct pch_entry *e)
{
        pthread_mutex_lock(&p->lock);
        if (!e->reals) {
                e->reals = dl_xcalloc(e->n_files + 1, sizeof *e->reals);
                char buf[PATH_MAX];
                for (size_t i = 0; i < e->n_files; i++)
                        e->reals[i] = dl_xstrdup(realpath(e->files[i], buf) ? buf : e->files[i]);
                e->n_reals = e->n_files;
                dl_strv_sort_unique(e->reals, &e->n_reals);
        }
        pthread_mutex_unlock(&p->lock);
}

/* The largest manifest read, in bytes (the stubs': about 1 MB). */
#define MANIFEST_MAX ((size_t)64 << 20)

/* Reads dir/manifest into e when every file it names is unchanged. */
static bool load_manifest(struct pch_entry *e)
{
        char *path = dl_xasprintf("%s/manifest", e->dir);
        char *text = NULL;
        size_t len = 0;
        /* a regular file, not through a link, of a bounded size */
        bool ok = dl_file_read_private(path, MANIFEST_MAX, &text, &len);
        if (ok && e->preamble)
                utimensat(AT_FDCWD, path, NULL, 0); /* recently used (evict_preambles) */
        free(path);
        if (!ok)
                return false;
        DL_VEC(char *) inc = {0};
        DL_VEC(char *) ids = {0};
        DL_VEC(char *) files = {0};
        bool header = false, pch_seen = false;
        char *save = NULL;
        for (char *line = strtok_r(text, "\n", &save); ok && line;
             line = strtok_r(NULL, "\n", &save)) {
                char *sp = strchr(line, ' ');
                if (!sp) {
                        ok = false;
                        break;
                }
                *sp = '\0';
                const char *rest = sp + 1;
                if (strcmp(line, "ddblint-pch") == 0) {
                        header = strcmp(rest, PCH_FORMAT) == 0;
                        ok = header;
                } else if (!header) {
                        ok = false;
                } else if (strcmp(line, "include") == 0) {
                        DL_VEC_PUSH(&inc, dl_xstrdup(rest));
                } else if (strcmp(line, "ident") == 0) {
                        DL_VEC_PUSH(&ids, dl_xstrdup(rest));
                } else if (strcmp(line, "unused") == 0) {
                        /* "errors <bytes> [<first include with one>]" or
                         * "small <bytes>" */
                        e->unused = pch_seen = true;
                        const char *at =
                                strncmp(rest, "errors ", 7) == 0 ? strchr(rest + 7, ' ') : NULL;
                        char *end = NULL;
                        errno = 0;
                        unsigned long long first = at ? strtoull(at + 1, &end, 10) : 0;
                        if (at && at[1] >= '0' && at[1] <= '9' && end && !*end && errno == 0 &&
                            first < SIZE_MAX)
                                e->first_bad = (size_t)first;
                } else if (strcmp(line, "pch") == 0 || strcmp(line, "file") == 0) {
                        /* "<size> <mtime>" for the AST file; "<size> <mtime> <path>" */
                        bool is_pch = line[0] == 'p';
                        const char *sp2 = strchr(rest, ' ');
                        const char *sp3 = sp2 ? strchr(sp2 + 1, ' ') : NULL;
                        if (!sp2 || (!is_pch && !sp3)) {
                                ok = false;
                                break;
                        }
                        const char *f = is_pch ? e->pch_path : sp3 + 1;
                        size_t want = is_pch ? strlen(rest) : (size_t)(sp3 - rest);
                        char *now = stamp(f);
                        ok = now && strlen(now) == want && memcmp(now, rest, want) == 0;
                        free(now);
                        pch_seen = pch_seen || is_pch;
                        if (!is_pch && !under(f, e->dir))
                                DL_VEC_PUSH(&files, dl_xstrdup(f));
                }
        }
        free(text);
        ok = ok && header && pch_seen;
        if (ok) {
                dl_strv_sort_unique(inc.items, &inc.n);
                dl_strv_sort_unique(ids.items, &ids.n);
                e->includes = inc.items;
                e->n_includes = inc.n;
                e->idents = ids.items;
                e->n_idents = ids.n;
                set_files(e, files.items, files.n);
        } else {
                dl_strv_free(inc.items, inc.n);
                dl_strv_free(ids.items, ids.n);
                dl_strv_free(files.items, files.n);
        }
        return ok;
}

struct closure {
        DL_VEC(char *) files; /* every file the AST file read */
        /* per file: the line of the generated header's #include it comes
         * through (1-based; 0 for the generated header itself) */
        DL_VEC(unsigned) top;
};

static void on_inclusion(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
        struct closure *c = data;
        CXString s = clang_getFileName(f);
        const char *name = clang_getCString(s);
        if (name && *name) {
                /* stack[0] is the #include that read f, stack[depth - 1]
                 * the one in the main file (libclang's CXInclusionVisitor) */
                unsigned line = 0;
                if (depth)
                        clang_getSpellingLocation(stack[depth - 1], NULL, &line, NULL, NULL);
                DL_VEC_PUSH(&c->files, dl_xstrdup(name));
                DL_VEC_PUSH(&c->top, line);
        }
        clang_disposeString(s);
}

/* Of a preamble's generated header (one comment line, then one #include
 * per line), the first include (0-based) through which an error of tu
 * comes; SIZE_MAX when none can be told. */
static size_t first_include_with_error(CXTranslationUnit tu, const struct closure *c)
{
        size_t first = SIZE_MAX;
        for (unsigned i = 0; i < clang_getNumDiagnostics(tu); i++) {
                CXDiagnostic d = clang_getDiagnostic(tu, i);
                if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
                        CXFile file = NULL;
                        unsigned line = 0;
                        clang_getSpellingLocation(clang_getDiagnosticLocation(d), &file, &line,
                                                  NULL, NULL);
                        CXString s = clang_getFileName(file);
                        const char *name = file ? clang_getCString(s) : NULL;
                        unsigned top = 0;
                        bool known = false;
                        for (size_t k = 0; name && k < c->files.n && !known; k++) {
                                if (strcmp(c->files.items[k], name) == 0) {
                                        top = c->top.items[k] ? c->top.items[k] : line;
                                        known = true;
                                }
                        }
                        if (!known || top < 2)
                                first = 0; /* somewhere we cannot place: all of it */
                        else if ((size_t)(top - 2) < first)
                                first = top - 2;
                        clang_disposeString(s);
                }
                clang_disposeDiagnostic(d);
        }
        return first;
}

struct ident_sink {
        DL_VEC(char *) ids;
};

static void on_ident(const char *id, size_t n, void *data)
{
        struct ident_sink *s = data;
        DL_VEC_PUSH(&s->ids, dl_xstrndup(id, n));
        if (s->ids.n % 65536 == 0) /* keep the duplicates in check as we go */
                dl_strv_sort_unique(s->ids.items, &s->ids.n);
}

/* Builds the AST file and its manifest for e from r. On failure sets
 * *why to a message (transfer full). */
static bool build(struct dl_pch *p, struct pch_entry *e, const struct recipe *r, char **why)
{
        /* under the cache directory, only directories of ours that no one
         * else may write (core/safefile.h); what a killed build left there
         * over an hour ago goes */
        if (!dl_dir_private(p->cache_dir, r->hdr_dir)) {
                *why = dl_xasprintf("cannot create %s: %s", r->hdr_dir, strerror(errno));
                return false;
        }
        /* the generated header: not a source file name (a walk of a cache
         * inside the project must not take it); rewritten only when it
         * changes, since the AST file records its time */
        char *hpp = dl_xasprintf("%s/%s", r->hdr_dir, r->hdr_base);
        size_t text_len = strlen(r->text);
        char *old = NULL;
        size_t old_len = 0;
        struct dl_error rerr;
        dl_error_init(&rerr);
        bool same = dl_file_read(hpp, &old, &old_len, &rerr) == DL_OK && old_len == text_len &&
                    memcmp(old, r->text, text_len) == 0;
        dl_error_fini(&rerr);
        free(old);
        dl_temp_sweep(r->hdr_dir, NULL, time(NULL));
        if (strcmp(r->hdr_dir, e->dir) != 0)
                dl_temp_sweep(e->dir, NULL, time(NULL));
        bool ok = same || write_replace(r->hdr_dir, r->hdr_base, r->text, text_len);
        if (!ok) {
                free(hpp);
                *why = dl_xasprintf("cannot write in %s: %s", r->hdr_dir, strerror(errno));
                return false;
        }
        CXIndex index = clang_createIndex(0, 0);
        CXTranslationUnit tu = NULL;
        enum CXErrorCode code = clang_parseTranslationUnit2(index, hpp, r->argv, (int)r->n_args,
                                                            NULL, 0, r->flags, &tu);
        free(hpp);
        ok = code == CXError_Success && tu;
        if (!ok)
                *why = dl_xasprintf("libclang could not parse the headers (CXErrorCode %d)",
                                    (int)code);
        for (unsigned i = 0; ok && i < clang_getNumDiagnostics(tu); i++) {
                CXDiagnostic d = clang_getDiagnostic(tu, i);
                if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
                        CXString s = clang_getDiagnosticSpelling(d);
                        *why = dl_xasprintf("the headers do not compile with these flags: %s",
                                            clang_getCString(s));
                        clang_disposeString(s);
                        ok = false;
                }
                clang_disposeDiagnostic(d);
        }
        /* a preamble with an error is kept as unused: later runs parse its
         * file as usual without trying again until a header changes */
        bool errors = e->preamble && !ok && tu;
        if (errors) {
                free(*why);
                *why = NULL;
                ok = true;
        }
        struct closure c = {{0}, {0}};
        if (ok)
                clang_getInclusions(tu, on_inclusion, &c);
        /* which include brings the error: the preamble before it can be
         * precompiled still (dl_pch_preamble_for) */
        if (errors)
                e->first_bad = first_include_with_error(tu, &c);
        for (size_t i = 0; ok && !e->preamble && i < c.files.n; i++) {
                if (strstr(c.files.items[i], "/aws/") && !under(c.files.items[i], p->stub_dir)) {
                        *why = dl_xasprintf("the AWS SDK's own headers are on the include path "
                                            "(%s): the stub headers are not used",
                                            c.files.items[i]);
                        ok = false;
                }
        }
        /* a preamble whose headers hold little text parses faster than
         * its AST file loads (docs/performance.md): only its manifest is
         * kept, so that later runs know without building it again */
        uint64_t read_bytes = 0;
        for (size_t i = 0; ok && e->preamble && i < c.files.n; i++) {
                struct stat st;
                if (!under(c.files.items[i], e->dir) && stat(c.files.items[i], &st) == 0)
                        read_bytes += (uint64_t)st.st_size;
        }
        e->unused = e->preamble && (errors || read_bytes < p->preamble_min);
        if (ok && !e->unused) {
                /* the name is made ours first (O_EXCL), then libclang
                 * writes it */
                char *tmp = NULL;
                int fd = dl_temp_create(e->dir, "ast.pch", &tmp);
                if (fd >= 0)
                        close(fd);
                ok = tmp &&
                     clang_saveTranslationUnit(tu, tmp, clang_defaultSaveOptions(tu)) ==
                             CXSaveError_None &&
                     rename(tmp, e->pch_path) == 0;
                if (!ok) {
                        *why = dl_xasprintf("cannot write %s", e->pch_path);
                        if (tmp)
                                unlink(tmp);
                }
                free(tmp);
        }
        if (tu)
                clang_disposeTranslationUnit(tu);
        clang_disposeIndex(index);

        /* the manifest: what was read; for the stubs, what it includes and
         * its identifiers */
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        DL_VEC(char *) inc = {0};
        DL_VEC(char *) files = {0};
        struct ident_sink ids = {{0}};
        char *pst = ok && !e->unused ? stamp(e->pch_path) : NULL;
        ok = ok && (pst || e->unused);
        if (ok && e->unused && errors && e->first_bad != SIZE_MAX)
                dl_strbuf_printf(&sb, "ddblint-pch %s\nunused errors %" PRIu64 " %zu\n", PCH_FORMAT,
                                 read_bytes, e->first_bad);
        else if (ok && e->unused)
                dl_strbuf_printf(&sb, "ddblint-pch %s\nunused %s %" PRIu64 "\n", PCH_FORMAT,
                                 errors ? "errors" : "small", read_bytes);
        else if (ok)
                dl_strbuf_printf(&sb, "ddblint-pch %s\npch %s\n", PCH_FORMAT, pst);
        free(pst);
        for (size_t i = 0; ok && i < c.files.n; i++) {
                const char *f = c.files.items[i];
                char *text = NULL;
                size_t len = 0;
                struct dl_error err;
                dl_error_init(&err);
                struct stat st;
                /* stat first: a file changed while we read it then fails
                 * the next run's check rather than passing it */
                if (stat(f, &st) != 0 ||
                    (!e->preamble && dl_file_read(f, &text, &len, &err) != DL_OK)) {
                        *why = dl_xasprintf("cannot read %s", f);
                        ok = false;
                } else {
                        dl_strbuf_puts(&sb, "file ");
                        stamp_of(&st, &sb);
                        dl_strbuf_printf(&sb, " %s\n", f);
                        if (!under(f, e->dir))
                                DL_VEC_PUSH(&files, dl_xstrdup(f));
                }
                if (ok && !e->preamble) {
                        struct dl_directives dirs;
                        dl_scan_directives(text, len, &dirs);
                        for (size_t k = 0; k < dirs.n; k++) {
                                if (dirs.items[k].kind == DL_DIR_INCLUDE_QUOTE ||
                                    dirs.items[k].kind == DL_DIR_INCLUDE_ANGLE)
                                        DL_VEC_PUSH(&inc, dl_xstrdup(dirs.items[k].name));
                        }
                        dl_directives_fini(&dirs);
                        dl_scan_identifiers(text, len, on_ident, &ids);
                }
                free(text);
                dl_error_fini(&err);
        }
        dl_strv_free(c.files.items, c.files.n);
        DL_VEC_FREE(&c.top);
        dl_strv_sort_unique(inc.items, &inc.n);
        dl_strv_sort_unique(ids.ids.items, &ids.ids.n);
        for (size_t i = 0; ok && i < inc.n; i++)
                dl_strbuf_printf(&sb, "include %s\n", inc.items[i]);
        for (size_t i = 0; ok && i < ids.ids.n; i++)
                dl_strbuf_printf(&sb, "ident %s\n", ids.ids.items[i]);
        if (ok && !write_replace(e->dir, "manifest", dl_strbuf_cstr(&sb), sb.len)) {
                *why = dl_xasprintf("cannot write %s/manifest", e->dir);
                ok = false;
        }
        dl_strbuf_fini(&sb);
        if (ok) {
                e->includes = inc.items;
                e->n_includes = inc.n;
                e->idents = ids.ids.items;
                e->n_idents = ids.ids.n;
                set_files(e, files.items, files.n);
        } else {
                dl_strv_free(inc.items, inc.n);
                dl_strv_free(ids.ids.items, ids.ids.n);
                dl_strv_free(files.items, files.n);
        }
        return ok;
}

/* The entry of key (taken), loaded or built from r (waiting while another
 * thread builds it). A stub entry that cannot be built says why in log
 * (a NOTE "precompiled-stubs"); a preamble's is silent: the file is parsed
 * as without one, its output the same. */
static struct pch_entry *entry_for(struct dl_pch *p, char *key, bool preamble,
                                   const struct recipe *r, struct dl_log *log)
{
        struct pch_entry probe = {0};
        probe.key = key;
        pthread_mutex_lock(&p->lock);
        struct pch_entry **slot = tfind(&probe, &p->entries, cmp_key);
        struct pch_entry *e = slot ? *slot : NULL;
        if (!e) {
                e = dl_xcalloc(1, sizeof *e);
                e->key = key;
                key = NULL;
                e->preamble = preamble;
                e->first_bad = SIZE_MAX;
                e->dir = dl_xasprintf("%s/pch-%s/%s%s", p->cache_dir, PCH_FORMAT,
                                      preamble ? "pre-" : "", e->key);
                e->pch_path =
                        dl_xasprintf("%s/%s", e->dir, preamble ? "preamble.pch" : "stubs.pch");
                tsearch(e, &p->entries, cmp_key);
        }
        free(key);
        while (e->state == E_BUILDING)
                pthread_cond_wait(&p->changed, &p->lock);
        if (e->state == E_NEW) {
                e->state = E_BUILDING;
                pthread_mutex_unlock(&p->lock);
                char *why = NULL;
                bool ok = load_manifest(e);
                bool built = false;
                if (!ok) {
                        /* r's paths under e->dir: filled in now */
                        struct recipe rr = *r;
                        char *hdr_dir = dl_xasprintf("%s%s", e->dir, preamble ? "/h" : "");
                        rr.hdr_dir = hdr_dir;
                        ok = build(p, e, &rr, &why);
                        free(hdr_dir);
                        built = ok;
                }
                if (!ok && log && !preamble)
                        dl_log_add(log, DL_LOG_NOTE, "precompiled-stubs", NULL,
                                   "stub headers not precompiled: %s; files are parsed with "
                                   "them instead (slower)",
                                   why ? why : "unknown error");
                free(why);
                pthread_mutex_lock(&p->lock);
                p->built += built;
                p->built_preambles += built && preamble;
                e->state = ok ? E_READY : E_UNUSABLE;
                pthread_cond_broadcast(&p->changed);
        }
        pthread_mutex_unlock(&p->lock);
        return e;
}

/* Whether include directory dir holds, under the same name, a header the
 * AST file includes: clang would then take that one for this translation
 * unit, not the one precompiled. Memoized per entry. */
static bool shadows(struct dl_pch *p, struct pch_entry *e, const char *dir)
{
        pthread_mutex_lock(&p->lock);
        for (size_t i = 0; i < e->verdicts.n; i++) {
                if (strcmp(e->verdicts.items[i].dir, dir) == 0) {
                        bool v = e->verdicts.items[i].shadows;
                        pthread_mutex_unlock(&p->lock);
                        return v;
                }
        }
        pthread_mutex_unlock(&p->lock);
        bool v = false;
        for (size_t i = 0; !v && i < e->n_includes; i++) {
                char *f = dl_xasprintf("%s/%s", dir, e->includes[i]);
                v = access(f, F_OK) == 0;
                free(f);
        }
        pthread_mutex_lock(&p->lock);
        struct dir_verdict dv = {dl_xstrdup(dir), v};
        DL_VEC_PUSH(&e->verdicts, dv);
        pthread_mutex_unlock(&p->lock);
        return v;
}

static bool any_shadows(struct dl_pch *p, struct pch_entry *e, char *const *dirs, size_t n)
{
        for (size_t i = 0; i < n; i++) {
                if (strcmp(dirs[i], p->stub_dir) != 0 && shadows(p, e, dirs[i]))
                        return true;
        }
        return false;
}

/* The translation unit includes the precompiled headers before its first
 * line of code: what clang reads first is then the same with the AST file. */
static bool reads_them_first(struct dl_pch *p, const char *path, const struct dl_search_paths *sp)
{
        struct dl_scan_names first;
        struct dl_error err;
        dl_error_init(&err);
        bool yes = false;
        if (dl_scan_prefix_stubs(p->scan, path, sp, p->stub_dir, &first, &err) == DL_OK) {
                for (size_t i = 0; i < first.n && !yes; i++)
                        yes = dl_scan_stub_includes(p->scan, p->stub_dir, first.names[i], PCH_ROOT);
        }
        dl_scan_names_fini(&first);
        dl_error_fini(&err);
        return yes;
}

const char *dl_pch_for(struct dl_pch *p, const char *path, const char *const *args, size_t n_args,
                       struct dl_log *log)
{
        if (!p || !p->cache_dir || !p->stub_dir)
                return NULL;
        struct dl_search_paths sp;
        dl_search_paths_from_args(path, args, n_args, &sp);
        const char *result = NULL;
        struct dl_scan_tu st = {0};
        struct dl_error err;
        dl_error_init(&err);
        if (!sp.cplusplus || sp.prefix_include || sp.modules || !reads_them_first(p, path, &sp) ||
            dl_scan_tu(p->scan, path, &sp, p->stub_dir, &st, &err) != DL_OK)
                goto out;
        const char **kept = dl_xcalloc(n_args + 1, sizeof *kept);
        size_t n_kept = relevant_args(args, n_args, kept);
        const char **argv = dl_xcalloc(n_kept + 3, sizeof *argv);
        size_t n = 0;
        argv[n++] = "-xc++-header";
        for (size_t i = 0; i < n_kept; i++)
                argv[n++] = kept[i];
        argv[n++] = "-idirafter";
        argv[n++] = p->stub_dir;
        struct recipe r = {NULL,
                           "all-stubs.inc",
                           "// ddblint's precompiled stub headers (src/frontend/pch.h)\n"
                           "#include <" PCH_ROOT ">\n",
                           argv,
                           n,
                           CXTranslationUnit_SkipFunctionBodies |
                                   CXTranslationUnit_ForSerialization |
                                   CXTranslationUnit_DetailedPreprocessingRecord};
        struct pch_entry *e = entry_for(p, key_of(p, kept, n_kept), false, &r, log);
        free(argv);
        free(kept);
        if (e->state != E_READY)
                goto out;
        if (any_shadows(p, e, sp.quote, sp.n_quote) || any_shadows(p, e, sp.user, sp.n_user) ||
            any_shadows(p, e, sp.system, sp.n_system))
                goto out;
        for (size_t i = 0; i < st.n_macros; i++) {
                if (dl_strv_contains(e->idents, e->n_idents, st.macros[i]))
                        goto out;
        }
        result = e->pch_path;
out:
        dl_error_fini(&err);
        dl_scan_tu_fini(&st);
        dl_search_paths_fini(&sp);
        return result;
}

/* ---- a source file's preamble -------------------------------------------------------- */

/* The language of a preamble's AST file ("c++-header", "c-header"), or
 * NULL for one not precompiled (another -x: Objective-C, CUDA...). */
static const char *preamble_language(const struct dl_search_paths *sp, const char *const *args,
                                     size_t n)
{
        for (size_t i = 0; i < n; i++) {
                const char *x = NULL;
                if (strcmp(args[i], "-x") == 0 || strcmp(args[i], "--language") == 0)
                        x = i + 1 < n ? args[++i] : "";
                else if (strncmp(args[i], "-x", 2) == 0)
                        x = args[i] + 2;
                else if (strncmp(args[i], "--language=", 11) == 0)
                        x = args[i] + 11;
                if (x && strcmp(x, "c") != 0 && strcmp(x, "c++") != 0 &&
                    strcmp(x, "c-header") != 0 && strcmp(x, "c++-header") != 0)
                        return NULL;
        }
        return sp->cplusplus ? "c++-header" : "c-header";
}

/* Whether args hold an option that says where relative paths start. */
static bool has_working_directory(const char *const *args, size_t n)
{
        for (size_t i = 0; i < n; i++) {
                if (strncmp(args[i], "-working-directory", 18) == 0)
                        return true;
        }
        return false;
}

void dl_pch_preamble_fini(struct dl_pch_preamble *pre)
{
        if (!pre)
                return;
        free(pre->source);
        free(pre->blanked);
        memset(pre, 0, sizeof *pre);
}

bool dl_pch_preamble_for(struct dl_pch *p, const char *path, const char *const *args, size_t n_args,
                         const char *const *own, size_t n_own, struct dl_pch_preamble *out)
{
        memset(out, 0, sizeof *out);
        if (!p || !p->cache_dir || !p->preamble_bytes || !p->stub_dir ||
            (path[0] != '/' && has_working_directory(args, n_args)))
                return false;
        struct dl_search_paths sp;
        dl_search_paths_from_args(path, args, n_args, &sp);
        const char *lang = preamble_language(&sp, args, n_args);
        char *text = NULL, *srcdir = NULL;
        size_t len = 0;
        struct dl_preamble_scan scan = {0};
        char **own_real = dl_xcalloc(n_own + 1, sizeof *own_real);
        struct dl_strbuf hdr;
        dl_strbuf_init(&hdr);
        bool ok = false;
        struct dl_error err;
        dl_error_init(&err);
        char buf[PATH_MAX];
        if (!lang || sp.prefix_include || sp.modules ||
            dl_file_read(path, &text, &len, &err) != DL_OK)
                goto out;
        const char *slash = strrchr(path, '/');
        char *dir = slash ? dl_xstrndup(path, slash == path ? 1 : (size_t)(slash - path))
                          : dl_xstrdup(".");
        srcdir = realpath(dir, buf) ? dl_xstrdup(buf) : NULL;
        free(dir);
        if (!srcdir)
                goto out;
        for (size_t i = 0; i < n_own; i++)
                own_real[i] = dl_xstrdup(realpath(own[i], buf) ? buf : own[i]);
        size_t n_own_real = n_own;
        dl_strv_sort_unique(own_real, &n_own_real);

        /* the generated header: the preamble's includes, in order, up to
         * the first of a header the file analyses as its own (its bodies
         * must be parsed here); a quoted include found beside the source
         * file by its absolute path, the others as spelled */
        dl_scan_preamble(text, len, &scan);
        size_t kept = 0;
        dl_strbuf_puts(&hdr, "// ddblint: a source file's preamble (src/frontend/pch.h)\n");
        /* the generated header's length after each include line */
        size_t *ends = dl_xcalloc(scan.n + 1, sizeof *ends);
        for (; kept < scan.n; kept++) {
                const struct dl_preamble_include *in = &scan.items[kept];
                char *real = dl_scan_resolve(&sp, srcdir, in->name, in->quoted);
                bool mine = real && dl_strv_contains(own_real, n_own_real, real);
                free(real);
                if (mine || (in->quoted && strcmp(in->name, "preamble.inc") == 0))
                        break;
                const char *verb = in->import ? "#import" : "#include";
                char *beside = in->quoted && in->name[0] != '/'
                                       ? dl_xasprintf("%s/%s", srcdir, in->name)
                                       : NULL;
                struct stat st;
                if (beside && stat(beside, &st) == 0 && S_ISREG(st.st_mode))
                        dl_strbuf_printf(&hdr, "%s \"%s\"\n", verb, beside);
                else if (in->quoted)
                        dl_strbuf_printf(&hdr, "%s \"%s\"\n", verb, in->name);
                else
                        dl_strbuf_printf(&hdr, "%s <%s>\n", verb, in->name);
                free(beside);
                ends[kept] = hdr.len;
        }
        if (!kept) {
                free(ends);
                goto out;
        }
        const char **argv = dl_xcalloc(n_args + 4, sizeof *argv);
        size_t n = 0;
        argv[n++] = "-x";
        argv[n++] = lang;
        for (size_t i = 0; i < n_args; i++) {
                bool value = strcmp(args[i], "-x") == 0 || strcmp(args[i], "--language") == 0;
                if (value || strncmp(args[i], "-x", 2) == 0 ||
                    strncmp(args[i], "--language=", 11) == 0) {
                        i += value;
                        continue;
                }
                argv[n++] = args[i];
        }
        argv[n++] = "-idirafter";
        argv[n++] = p->stub_dir;
        /* The preamble of its first `kept` includes; when one of them
         * brings an error (a header not found), the includes before it
         * are tried again: clang reads the rest, and reports the error,
         * in the source's own parse */
        struct pch_entry *e = NULL;
        while (kept) {
                char *prefix = dl_xstrndup(hdr.buf, ends[kept - 1]);
                /* the key: the generated header, the language, every
                 * argument and the working directory (relative include
                 * directories) */
                struct sha256_ctx ctx;
                key_start(p, &ctx, "ddblint-preamble");
                dl_digest_str(&ctx, lang);
                for (size_t i = 0; i < n_args; i++)
                        dl_digest_str(&ctx, args[i]);
                dl_digest_str(&ctx, getcwd(buf, sizeof buf) ? buf : "");
                dl_digest_str(&ctx, prefix);
                /* bodies are kept: the analysis may follow a call into a
                 * header */
                struct recipe r = {
                        NULL,
                        "preamble.inc",
                        prefix,
                        argv,
                        n,
                        CXTranslationUnit_ForSerialization | CXTranslationUnit_DetailedPreprocessingRecord};
                e = entry_for(p, hex_of(&ctx), true, &r, NULL);
                free(prefix);
                if (e->state == E_READY && e->unused && e->first_bad < kept)
                        kept = e->first_bad;
                else
                        break;
        }
        free(argv);
        free(ends);
        if (!kept || e->state != E_READY || e->unused)
                goto out;
        /* no own header read through it, even indirectly */
        if (n_own_real)
                entry_reals(p, e);
        for (size_t i = 0; i < n_own_real; i++) {
                if (dl_strv_contains(e->reals, e->n_reals, own_real[i]))
                        goto out;
        }
        /* recently used; and still there (evict_preambles of another run) */
        char *manifest = dl_xasprintf("%s/manifest", e->dir);
        utimensat(AT_FDCWD, manifest, NULL, 0);
        free(manifest);
        if (access(e->pch_path, R_OK) != 0)
                goto out;
        out->pch = e->pch_path;
        out->files = (const char *const *)e->files;
        out->n_files = e->n_files;
        out->blanked = dl_xmalloc(len + 1);
        memcpy(out->blanked, text, len);
        out->blanked[len] = '\0';
        for (size_t i = 0; i < kept; i++)
                memset(out->blanked + scan.items[i].start, ' ',
                       scan.items[i].end - scan.items[i].start);
        out->source = text;
        out->len = len;
        text = NULL;
        ok = true;
out:
        dl_error_fini(&err);
        dl_strbuf_fini(&hdr);
        dl_strv_free(own_real, n_own);
        dl_preamble_scan_fini(&scan);
        free(srcdir);
        free(text);
        dl_search_paths_fini(&sp);
        return ok;
}

/* ---- the bound on preambles ----------------------------------------------------------- */

struct aged_dir {
        char *path;
        struct timespec used; /* the manifest's time: the last use */
        uint64_t bytes;
};

static int cmp_used(const void *a, const void *b)
{
        const struct aged_dir *x = a, *y = b;
        int c = dl_time_cmp(&x->used, &y->used);
        return c ? c : strcmp(x->path, y->path);
}

static uint64_t dir_bytes(const char *dir)
{
        uint64_t total = 0;
        DIR *d = opendir(dir);
        for (struct dirent *f; d && (f = readdir(d));) {
                if (!strcmp(f->d_name, ".") || !strcmp(f->d_name, ".."))
                        continue;
                char *path = dl_xasprintf("%s/%s", dir, f->d_name);
                struct stat st;
                if (lstat(path, &st) == 0 && S_ISREG(st.st_mode))
                        total += (uint64_t)st.st_size;
                else if (S_ISDIR(st.st_mode))
                        total += dir_bytes(path);
                free(path);
        }
        if (d)
                closedir(d);
        return total;
}

/* Removes the least recently used preamble directories of the cache until
 * the rest hold at most preamble_bytes; one used in the last minute by
 * another run (not built by this one) is kept, since that run may be about
 * to read it. A directory without a manifest (a build killed midway) goes
 * when older than an hour, and so do the temporary files killed builds left
 * in any directory of the store (dl_temp_sweep). */
static void evict_preambles(struct dl_pch *p)
{
        char *top = dl_xasprintf("%s/pch-%s", p->cache_dir, PCH_FORMAT);
        DL_VEC(struct aged_dir) all = {0};
        uint64_t total = 0;
        time_t now = time(NULL);
        DIR *d = opendir(top);
        for (struct dirent *f; d && (f = readdir(d));) {
                if (f->d_name[0] == '.')
                        continue;
                char *dir = dl_xasprintf("%s/%s", top, f->d_name);
                dl_temp_sweep(dir, NULL, now); /* what killed builds left */
                if (strncmp(f->d_name, "pre-", 4) != 0) {
                        free(dir);
                        continue;
                }
                char *manifest = dl_xasprintf("%s/manifest", dir);
                struct stat st;
                bool has = stat(manifest, &st) == 0;
                free(manifest);
                if (!has && stat(dir, &st) == 0 && now - st.st_mtime > 3600) {
                        nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
                        free(dir);
                        continue;
                }
                if (!has) {
                        free(dir);
                        continue;
                }
                struct aged_dir a = {dir, st.st_mtim, dir_bytes(dir)};
                total += a.bytes;
                DL_VEC_PUSH(&all, a);
        }
        if (d)
                closedir(d);
        if (total > p->preamble_bytes && all.n)
                qsort(all.items, all.n, sizeof *all.items, cmp_used);
        for (size_t i = 0; i < all.n; i++) {
                struct aged_dir *a = &all.items[i];
                const char *base = strrchr(a->path, '/') + 1 + 4;
                struct pch_entry probe = {0};
                probe.key = (char *)base;
                bool ours = tfind(&probe, &p->entries, cmp_key) != NULL;
                if (total > p->preamble_bytes && (ours || now - a->used.tv_sec > 60)) {
                        nftw(a->path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
                        total -= a->bytes;
                }
                free(a->path);
        }
        DL_VEC_FREE(&all);
        free(top);
}
