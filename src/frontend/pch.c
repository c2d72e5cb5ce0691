/* pch.c - the stub headers precompiled once per set of flags (pch.h).
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE /* nftw's FTW_DEPTH, FTW_PHYS */
#include "pch.h"

#include "scan.h"

#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/log.h"
#include "../core/strbuf.h"
#include "../core/strv.h"
#include "../core/vec.h"

#include <clang-c/Index.h>
#include <errno.h>
#include <ftw.h>
#include <inttypes.h>
#include <nettle/sha2.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

struct entry {
        char *key; /* hex digest of the flags that shape it */
        enum entry_state state;
        char *dir;       /* <cache>/pch-1/<key> */
        char *pch_path;  /* <dir>/stubs.pch */
        char **includes; /* headers the AST file includes, as spelled; sorted */
        size_t n_includes;
        char **idents; /* identifiers of their text; sorted */
        size_t n_idents;
        DL_VEC(struct dir_verdict) verdicts; /* include directories already checked */
        struct entry *next;
};

struct dl_pch {
        const char *stub_dir;
        char *cache_dir;
        bool temporary; /* cache_dir is ours: removed at the end */
        pthread_mutex_t lock;
        pthread_cond_t changed;
        struct entry *entries;
        struct dl_scan *scan;
        unsigned built;
        atomic_uint serial; /* unique temporary file names */
};

struct dl_pch *dl_pch_new(const char *stub_dir, const char *cache_dir)
{
        struct dl_pch *p = dl_xcalloc(1, sizeof *p);
        p->stub_dir = stub_dir;
        if (cache_dir) {
                p->cache_dir = dl_xstrdup(cache_dir);
        } else {
                const char *tmp = getenv("TMPDIR");
                char *t = dl_xasprintf("%s/ddblint-XXXXXX", tmp && *tmp ? tmp : "/tmp");
                if (mkdtemp(t)) {
                        p->cache_dir = t;
                        p->temporary = true;
                } else {
                        free(t);
                }
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

void dl_pch_free(struct dl_pch *p)
{
        if (!p)
                return;
        for (struct entry *e = p->entries, *next; e; e = next) {
                next = e->next;
                free(e->key);
                free(e->dir);
                free(e->pch_path);
                dl_strv_free(e->includes, e->n_includes);
                dl_strv_free(e->idents, e->n_idents);
                for (size_t i = 0; i < e->verdicts.n; i++)
                        free(e->verdicts.items[i].dir);
                DL_VEC_FREE(&e->verdicts);
                free(e);
        }
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

static char *key_of(const struct dl_pch *p, const char *const *kept, size_t n)
{
        struct sha256_ctx ctx;
        sha256_init(&ctx);
        CXString v = clang_getClangVersion();
        const char *parts[] = {"ddblint-pch " PCH_FORMAT, clang_getCString(v), p->stub_dir};
        for (size_t i = 0; i < 3; i++)
                sha256_update(&ctx, strlen(parts[i]) + 1, (const uint8_t *)parts[i]);
        clang_disposeString(v);
        for (size_t i = 0; i < n; i++)
                sha256_update(&ctx, strlen(kept[i]) + 1, (const uint8_t *)kept[i]);
        uint8_t d[SHA256_DIGEST_SIZE];
        sha256_digest(&ctx, sizeof d, d);
        char *hex = dl_xmalloc(33);
        for (size_t i = 0; i < 16; i++)
                snprintf(hex + 2 * i, 3, "%02x", d[i]);
        return hex;
}

/* ---- files ----------------------------------------------------------------------------- */

/* A name in dir no other writer uses (transfer full). */
static char *temp_name(struct dl_pch *p, const char *dir, const char *base)
{
        unsigned n = atomic_fetch_add(&p->serial, 1);
        return dl_xasprintf("%s/.%s.%ld.%u.tmp", dir, base, (long)getpid(), n);
}

/* Writes data to dir/base through a temporary file and rename(2). */
static bool write_replace(struct dl_pch *p, const char *dir, const char *base, const char *data,
                          size_t len)
{
        char *tmp = temp_name(p, dir, base);
        char *dst = dl_xasprintf("%s/%s", dir, base);
        FILE *f = fopen(tmp, "wb");
        bool ok = f && fwrite(data, 1, len, f) == len;
        ok = (f && fclose(f) == 0) && ok;
        ok = ok && rename(tmp, dst) == 0;
        if (!ok)
                unlink(tmp);
        free(tmp);
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

/* Reads dir/manifest into e when every file it names is unchanged. */
static bool load_manifest(struct entry *e)
{
        char *path = dl_xasprintf("%s/manifest", e->dir);
        char *text = NULL;
        size_t len = 0;
        struct dl_error err;
        dl_error_init(&err);
        bool ok = dl_file_read(path, &text, &len, &err) == DL_OK;
        dl_error_fini(&err);
        free(path);
        if (!ok)
                return false;
        DL_VEC(char *) inc = {0};
        DL_VEC(char *) ids = {0};
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
        } else {
                dl_strv_free(inc.items, inc.n);
                dl_strv_free(ids.items, ids.n);
        }
        return ok;
}

struct closure {
        DL_VEC(char *) files; /* every file the AST file read */
};

static void on_inclusion(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
        (void)stack;
        (void)depth;
        struct closure *c = data;
        CXString s = clang_getFileName(f);
        const char *name = clang_getCString(s);
        if (name && *name)
                DL_VEC_PUSH(&c->files, dl_xstrdup(name));
        clang_disposeString(s);
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

static bool under(const char *file, const char *dir)
{
        size_t n = strlen(dir);
        while (n > 1 && dir[n - 1] == '/')
                n--;
        return strncmp(file, dir, n) == 0 && file[n] == '/';
}

/* Builds the AST file and its manifest for e. On failure sets *why to a
 * message (transfer full). */
static bool build(struct dl_pch *p, struct entry *e, const char *const *kept, size_t n_kept,
                  char **why)
{
        if (!dl_mkdirs(e->dir)) {
                *why = dl_xasprintf("cannot create %s: %s", e->dir, strerror(errno));
                return false;
        }
        /* the header that includes the client's */
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_strbuf_puts(&sb, "// ddblint's precompiled stub headers (src/frontend/pch.h)\n"
                            "#include <" PCH_ROOT ">\n");
        /* not a source file name (a walk of a cache inside the project
         * must not take it); rewritten only when it changes: the AST file
         * records its time */
        char *hpp = dl_xasprintf("%s/all-stubs.inc", e->dir);
        char *old = NULL;
        size_t old_len = 0;
        struct dl_error rerr;
        dl_error_init(&rerr);
        bool same = dl_file_read(hpp, &old, &old_len, &rerr) == DL_OK && old_len == sb.len &&
                    memcmp(old, dl_strbuf_cstr(&sb), sb.len) == 0;
        dl_error_fini(&rerr);
        free(old);
        bool ok = same || write_replace(p, e->dir, "all-stubs.inc", dl_strbuf_cstr(&sb), sb.len);
        dl_strbuf_reset(&sb);
        if (!ok) {
                dl_strbuf_fini(&sb);
                free(hpp);
                *why = dl_xasprintf("cannot write in %s: %s", e->dir, strerror(errno));
                return false;
        }
        const char **argv = dl_xcalloc(n_kept + 3, sizeof *argv);
        size_t n = 0;
        argv[n++] = "-xc++-header";
        for (size_t i = 0; i < n_kept; i++)
                argv[n++] = kept[i];
        argv[n++] = "-idirafter";
        argv[n++] = p->stub_dir;
        CXIndex index = clang_createIndex(0, 0);
        CXTranslationUnit tu = NULL;
        unsigned flags = CXTranslationUnit_SkipFunctionBodies | CXTranslationUnit_ForSerialization |
                         CXTranslationUnit_DetailedPreprocessingRecord;
        enum CXErrorCode code =
                clang_parseTranslationUnit2(index, hpp, argv, (int)n, NULL, 0, flags, &tu);
        free(argv);
        free(hpp);
        ok = code == CXError_Success && tu;
        if (!ok)
                *why = dl_xasprintf("libclang could not parse the stub headers (CXErrorCode %d)",
                                    (int)code);
        for (unsigned i = 0; ok && i < clang_getNumDiagnostics(tu); i++) {
                CXDiagnostic d = clang_getDiagnostic(tu, i);
                if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
                        CXString s = clang_getDiagnosticSpelling(d);
                        *why = dl_xasprintf("the stub headers do not compile with these flags: %s",
                                            clang_getCString(s));
                        clang_disposeString(s);
                        ok = false;
                }
                clang_disposeDiagnostic(d);
        }
        struct closure c = {{0}};
        if (ok)
                clang_getInclusions(tu, on_inclusion, &c);
        for (size_t i = 0; ok && i < c.files.n; i++) {
                if (strstr(c.files.items[i], "/aws/") && !under(c.files.items[i], p->stub_dir)) {
                        *why = dl_xasprintf("the AWS SDK's own headers are on the include path "
                                            "(%s): the stub headers are not used",
                                            c.files.items[i]);
                        ok = false;
                }
        }
        if (ok) {
                char *tmp = temp_name(p, e->dir, "stubs.pch");
                ok = clang_saveTranslationUnit(tu, tmp, clang_defaultSaveOptions(tu)) ==
                             CXSaveError_None &&
                     rename(tmp, e->pch_path) == 0;
                if (!ok) {
                        *why = dl_xasprintf("cannot write %s", e->pch_path);
                        unlink(tmp);
                }
                free(tmp);
        }
        if (tu)
                clang_disposeTranslationUnit(tu);
        clang_disposeIndex(index);

        /* the manifest: what was read, what it includes, its identifiers */
        DL_VEC(char *) inc = {0};
        struct ident_sink ids = {{0}};
        char *pst = ok ? stamp(e->pch_path) : NULL;
        ok = ok && pst;
        if (ok)
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
                if (stat(f, &st) != 0 || dl_file_read(f, &text, &len, &err) != DL_OK) {
                        *why = dl_xasprintf("cannot read %s", f);
                        ok = false;
                } else {
                        dl_strbuf_puts(&sb, "file ");
                        stamp_of(&st, &sb);
                        dl_strbuf_printf(&sb, " %s\n", f);
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
        dl_strv_sort_unique(inc.items, &inc.n);
        dl_strv_sort_unique(ids.ids.items, &ids.ids.n);
        for (size_t i = 0; ok && i < inc.n; i++)
                dl_strbuf_printf(&sb, "include %s\n", inc.items[i]);
        for (size_t i = 0; ok && i < ids.ids.n; i++)
                dl_strbuf_printf(&sb, "ident %s\n", ids.ids.items[i]);
        if (ok && !write_replace(p, e->dir, "manifest", dl_strbuf_cstr(&sb), sb.len)) {
                *why = dl_xasprintf("cannot write %s/manifest", e->dir);
                ok = false;
        }
        dl_strbuf_fini(&sb);
        if (ok) {
                e->includes = inc.items;
                e->n_includes = inc.n;
                e->idents = ids.ids.items;
                e->n_idents = ids.ids.n;
        } else {
                dl_strv_free(inc.items, inc.n);
                dl_strv_free(ids.ids.items, ids.ids.n);
        }
        return ok;
}

/* The entry for the kept arguments, loaded or built (waiting while
 * another thread builds it). */
static struct entry *entry_for(struct dl_pch *p, const char *const *kept, size_t n_kept,
                               struct dl_log *log)
{
        char *key = key_of(p, kept, n_kept);
        pthread_mutex_lock(&p->lock);
        struct entry *e = p->entries;
        while (e && strcmp(e->key, key) != 0)
                e = e->next;
        if (!e) {
                e = dl_xcalloc(1, sizeof *e);
                e->key = key;
                key = NULL;
                e->dir = dl_xasprintf("%s/pch-%s/%s", p->cache_dir, PCH_FORMAT, e->key);
                e->pch_path = dl_xasprintf("%s/stubs.pch", e->dir);
                e->next = p->entries;
                p->entries = e;
        }
        free(key);
        while (e->state == E_BUILDING)
                pthread_cond_wait(&p->changed, &p->lock);
        if (e->state == E_NEW) {
                e->state = E_BUILDING;
                pthread_mutex_unlock(&p->lock);
                char *why = NULL;
                bool ok = load_manifest(e);
                if (!ok) {
                        ok = build(p, e, kept, n_kept, &why);
                        if (ok)
                                p->built++; /* under E_BUILDING: one writer per entry */
                }
                if (!ok && log)
                        dl_log_add(log, DL_LOG_NOTE, "precompiled-stubs", NULL,
                                   "stub headers not precompiled: %s; files are parsed with "
                                   "them instead (slower)",
                                   why ? why : "unknown error");
                free(why);
                pthread_mutex_lock(&p->lock);
                e->state = ok ? E_READY : E_UNUSABLE;
                pthread_cond_broadcast(&p->changed);
        }
        pthread_mutex_unlock(&p->lock);
        return e;
}

/* Whether include directory dir holds, under the same name, a header the
 * AST file includes: clang would then take that one for this translation
 * unit, not the one precompiled. Memoized per entry. */
static bool shadows(struct dl_pch *p, struct entry *e, const char *dir)
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

static bool any_shadows(struct dl_pch *p, struct entry *e, char *const *dirs, size_t n)
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
        struct entry *e = entry_for(p, kept, n_kept, log);
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
