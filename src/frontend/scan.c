/* scan.c - preprocessor directives from text, and the project headers a
 * translation unit reaches through them.
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE /* tdestroy */
#include "scan.h"

#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/strv.h"
#include "../core/vec.h"

#include <limits.h>
#include <pthread.h>
#include <search.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- lexing ------------------------------------------------------------------ */

static bool ident_start(char c)
{
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
               (unsigned char)c >= 0x80;
}

static bool ident_char(char c)
{
        return ident_start(c) || (c >= '0' && c <= '9');
}

static bool hspace(char c)
{
        return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r';
}

/* The text with every line splice (backslash-newline) removed: translation
 * phase 2, so that nothing below has to know about them. (transfer full) */
static char *unsplice(const char *text, size_t len, size_t *out_len)
{
        char *t = dl_xmalloc(len + 1);
        size_t n = 0;
        for (size_t i = 0; i < len; i++) {
                if (text[i] == '\\') {
                        size_t j = i + 1;
                        while (j < len && hspace(text[j]) && text[j] != '\n')
                                j++; /* clang accepts spaces between '\' and newline */
                        if (j < len && text[j] == '\n') {
                                i = j;
                                continue;
                        }
                }
                t[n++] = text[i];
        }
        t[n] = '\0';
        *out_len = n;
        return t;
}

/* i at '/' '*': the index after the closing "*" "/" (or n). */
static size_t skip_block_comment(const char *t, size_t i, size_t n)
{
        for (i += 2; i + 1 < n; i++) {
                if (t[i] == '*' && t[i + 1] == '/')
                        return i + 2;
        }
        return n;
}

static size_t skip_line(const char *t, size_t i, size_t n)
{
        while (i < n && t[i] != '\n')
                i++;
        return i;
}

/* i at an opening quote q: the index after the closing one; a literal
 * never spans lines (an unterminated one ends at the newline). */
static size_t skip_quoted(const char *t, size_t i, size_t n, char q)
{
        for (i++; i < n && t[i] != '\n'; i++) {
                if (t[i] == '\\' && i + 1 < n && t[i + 1] != '\n')
                        i++;
                else if (t[i] == q)
                        return i + 1;
        }
        return i;
}

/* i at the '"' of a raw string R"delim( ... )delim": the index after it. */
static size_t skip_raw(const char *t, size_t i, size_t n)
{
        size_t d = i + 1, k = d;
        while (k < n && k - d <= 16 && t[k] != '(' && t[k] != '"' && t[k] != '\n')
                k++;
        if (k >= n || t[k] != '(')
                return skip_quoted(t, i, n, '"');
        size_t dl = k - d;
        for (size_t j = k + 1; j < n; j++) {
                if (t[j] == ')' && j + dl + 1 < n && memcmp(t + j + 1, t + d, dl) == 0 &&
                    t[j + dl + 1] == '"')
                        return j + dl + 2;
        }
        return n;
}

static bool raw_prefix(const char *id, size_t n)
{
        return (n == 1 && id[0] == 'R') || (n == 2 && strchr("uUL", id[0]) && id[1] == 'R') ||
               (n == 3 && id[0] == 'u' && id[1] == '8' && id[2] == 'R');
}

/* Skips horizontal space and block comments within a directive line. */
static size_t skip_dspace(const char *t, size_t i, size_t n)
{
        for (;;) {
                while (i < n && hspace(t[i]))
                        i++;
                if (i + 1 < n && t[i] == '/' && t[i + 1] == '*')
                        i = skip_block_comment(t, i, n);
                else
                        return i;
        }
}

static void push_directive(struct dl_directives *out, enum dl_directive_kind k, const char *s,
                           size_t n)
{
        struct dl_directive d = {k, dl_xstrndup(s, n), out->any_code};
        DL_VEC_PUSH(out, d);
}

/* i just after a '#' that starts a line: records the directive, returns
 * the index of the newline that ends it (or n). */
static size_t directive(const char *t, size_t i, size_t n, struct dl_directives *out)
{
        i = skip_dspace(t, i, n);
        size_t a = i;
        while (i < n && ident_char(t[i]))
                i++;
        size_t len = i - a;
        const char *name = t + a;
#define IS(s) (len == sizeof(s) - 1 && memcmp(name, (s), len) == 0)
        if (IS("include") || IS("include_next") || IS("import")) {
                i = skip_dspace(t, i, n);
                char close = (char)(i < n && t[i] == '<' ? '>' : i < n && t[i] == '"' ? '"' : 0);
                if (close) {
                        size_t b = i + 1, e = b;
                        while (e < n && t[e] != close && t[e] != '\n')
                                e++;
                        if (e < n && t[e] == close && e > b)
                                push_directive(out,
                                               close == '>' ? DL_DIR_INCLUDE_ANGLE
                                                            : DL_DIR_INCLUDE_QUOTE,
                                               t + b, e - b);
                        i = e;
                } else {
                        push_directive(out, DL_DIR_INCLUDE_MACRO, t + i, 0);
                }
        } else if (IS("define") || IS("undef")) {
                i = skip_dspace(t, i, n);
                size_t b = i;
                while (i < n && ident_char(t[i]))
                        i++;
                if (i > b)
                        push_directive(out, DL_DIR_DEFINE, t + b, i - b);
        }
#undef IS
        /* the rest of the line; a block comment may carry it over newlines */
        while (i < n && t[i] != '\n') {
                if (i + 1 < n && t[i] == '/' && t[i + 1] == '*')
                        i = skip_block_comment(t, i, n);
                else if (i + 1 < n && t[i] == '/' && t[i + 1] == '/')
                        i = skip_line(t, i, n);
                else if (t[i] == '"' || t[i] == '\'')
                        i = skip_quoted(t, i, n, t[i]);
                else
                        i++;
        }
        return i;
}

/* One pass over text: directives to out (when out), identifiers to fn
 * (when fn). */
static bool lex(const char *text, size_t len, struct dl_directives *out,
                void (*fn)(const char *, size_t, void *), void *data)
{
        bool unseen = false; /* a paste or a universal character name */
        size_t n;
        char *t = unsplice(text, len, &n);
        bool bol = true, code = false;
        size_t i = 0;
        while (i < n) {
                char c = t[i];
                if (c == '\n') {
                        bol = true;
                        i++;
                } else if (hspace(c)) {
                        i++;
                } else if (c == '/' && i + 1 < n && t[i + 1] == '/') {
                        i = skip_line(t, i, n);
                } else if (c == '/' && i + 1 < n && t[i + 1] == '*') {
                        i = skip_block_comment(t, i, n);
                } else if (c == '#' && bol && out) {
                        i = directive(t, i + 1, n, out);
                } else if (c == '"' || c == '\'') {
                        bol = false;
                        code = true;
                        i = skip_quoted(t, i, n, c);
                } else if (ident_start(c)) {
                        bol = false;
                        code = true;
                        size_t a = i;
                        while (i < n && ident_char(t[i]))
                                i++;
                        if (i < n && t[i] == '"' && raw_prefix(t + a, i - a))
                                i = skip_raw(t, i, n);
                        else if (fn)
                                fn(t + a, i - a, data);
                } else if (c >= '0' && c <= '9') {
                        /* a pp-number, with C++14 digit separators and exponents */
                        bol = false;
                        code = true;
                        for (i++; i < n; i++) {
                                if ((t[i] == '+' || t[i] == '-') && strchr("eEpP", t[i - 1]))
                                        continue;
                                if (t[i] == '\'' && i + 1 < n && ident_char(t[i + 1]))
                                        continue;
                                if (!ident_char(t[i]) && t[i] != '.')
                                        break;
                        }
                } else {
                        if ((c == '#' && i + 1 < n && t[i + 1] == '#') ||
                            (c == '%' && i + 3 < n && !memcmp(t + i, "%:%:", 4)) ||
                            (c == '\\' && i + 1 < n && (t[i + 1] == 'u' || t[i + 1] == 'U')))
                                unseen = true;
                        bol = false;
                        code = true;
                        i++;
                }
                if (out)
                        out->any_code = code;
        }
        free(t);
        return unseen;
}

void dl_scan_directives(const char *text, size_t len, struct dl_directives *out)
{
        memset(out, 0, sizeof *out);
        lex(text, len, out, NULL, NULL);
}

void dl_directives_fini(struct dl_directives *d)
{
        if (!d)
                return;
        for (size_t i = 0; i < d->n; i++)
                free(d->items[i].name);
        DL_VEC_FREE(d);
}

bool dl_scan_identifiers(const char *text, size_t len,
                         void (*fn)(const char *id, size_t n, void *data), void *data)
{
        return lex(text, len, NULL, fn, data);
}

/* ---- the preamble ------------------------------------------------------------------ */

/* i at a line's first byte: the offset of the first splice
 * (backslash, optional spaces, newline) at or after it, or n. */
static size_t first_splice(const char *t, size_t n)
{
        for (size_t i = 0; i < n; i++) {
                if (t[i] != '\\')
                        continue;
                size_t j = i + 1;
                while (j < n && hspace(t[j]))
                        j++;
                if (j < n && t[j] == '\n')
                        return i;
        }
        return n;
}

/* Skips horizontal space and comments that end on this line (eol: the
 * offset of its newline); a line comment runs to eol. Returns the offset
 * of the first other byte, or (size_t)-1 when a block comment runs past
 * eol or n. */
static size_t skip_line_space(const char *t, size_t i, size_t eol)
{
        for (;;) {
                while (i < eol && hspace(t[i]))
                        i++;
                if (i + 1 < eol && t[i] == '/' && t[i + 1] == '/')
                        return eol;
                if (!(i + 1 < eol && t[i] == '/' && t[i + 1] == '*'))
                        return i;
                size_t k = skip_block_comment(t, i, eol);
                if (k > eol || k < i + 4 || t[k - 1] != '/' || t[k - 2] != '*')
                        return (size_t)-1;
                i = k;
        }
}

/* Parses `#include <x>` and the like from just after '#' at i to eol;
 * fills d (name owned) on success. */
static bool preamble_directive(const char *t, size_t i, size_t eol, struct dl_preamble_include *d)
{
        i = skip_line_space(t, i, eol);
        if (i == (size_t)-1)
                return false;
        size_t a = i;
        while (i < eol && ident_char(t[i]))
                i++;
        size_t len = i - a;
        bool include = len == 7 && memcmp(t + a, "include", 7) == 0;
        bool import = len == 6 && memcmp(t + a, "import", 6) == 0;
        if (!include && !import)
                return false;
        i = skip_line_space(t, i, eol);
        if (i == (size_t)-1 || i >= eol || (t[i] != '<' && t[i] != '"'))
                return false;
        char close = t[i] == '<' ? '>' : '"';
        size_t b = i + 1, e = b;
        while (e < eol && t[e] != close)
                e++;
        if (e >= eol || e == b)
                return false;
        if (skip_line_space(t, e + 1, eol) != eol)
                return false;
        d->name = dl_xstrndup(t + b, e - b);
        d->quoted = close == '"';
        d->import = import;
        d->end = eol;
        return true;
}

void dl_scan_preamble(const char *text, size_t len, struct dl_preamble_scan *out)
{
        memset(out, 0, sizeof *out);
        size_t n = first_splice(text, len);
        while (n < len && n > 0 && text[n - 1] != '\n')
                n--; /* the start of the splice's line */
        size_t i = 0;
        while (i < n) {
                const char *nl = memchr(text + i, '\n', n - i);
                size_t eol = nl ? (size_t)(nl - text) : n;
                size_t j = skip_line_space(text, i, eol);
                if (j == (size_t)-1) {
                        /* a block comment over several lines: only space
                         * and comments may follow it on its last line */
                        size_t c = i;
                        while (c < eol && hspace(text[c]))
                                c++;
                        for (;;) {
                                if (!(c + 1 < eol && text[c] == '/' && text[c + 1] == '*'))
                                        return;
                                size_t e = skip_block_comment(text, c, n);
                                if (e < c + 4 || text[e - 1] != '/' || text[e - 2] != '*')
                                        return; /* not closed before the limit */
                                if (e <= eol) {
                                        c = e;
                                        while (c < eol && hspace(text[c]))
                                                c++;
                                        continue;
                                }
                                const char *nl2 = memchr(text + e, '\n', n - e);
                                size_t eol2 = nl2 ? (size_t)(nl2 - text) : n;
                                if (skip_line_space(text, e, eol2) != eol2)
                                        return;
                                i = eol2 + 1;
                                break;
                        }
                        continue;
                }
                if (j == eol) { /* blank, or comments only */
                        i = eol + 1;
                        continue;
                }
                struct dl_preamble_include d = {0};
                if (text[j] != '#' || !preamble_directive(text, j + 1, eol, &d))
                        return;
                d.start = j;
                DL_VEC_PUSH(out, d);
                i = eol + 1;
        }
}

void dl_preamble_scan_fini(struct dl_preamble_scan *s)
{
        if (!s)
                return;
        for (size_t i = 0; i < s->n; i++)
                free(s->items[i].name);
        DL_VEC_FREE(s);
}

/* ---- compiler arguments -------------------------------------------------------- */

static void push_str(char ***arr, size_t *n, char *take)
{
        *arr = dl_xrealloc(*arr, (*n + 1) * sizeof **arr);
        (*arr)[(*n)++] = take;
}

/* The value of option opt at args[*i] ("-Idir", "-I dir", "--opt=dir"),
 * advancing *i over a separate value; NULL when args[*i] is not opt. */
static const char *opt_value(const char *opt, const char *const *args, size_t n, size_t *i)
{
        size_t k = strlen(opt);
        const char *a = args[*i];
        if (strncmp(a, opt, k) != 0)
                return NULL;
        if (a[k] == '\0') {
                if (*i + 1 >= n)
                        return NULL;
                return args[++*i];
        }
        if (opt[1] == '-' && a[k] == '=')
                return a + k + 1;
        return opt[1] == '-' ? NULL : a + k;
}

static char *absolute_in(const char *dir, const char *p)
{
        if (p[0] == '/' || !dir)
                return dl_xstrdup(p);
        return dl_xasprintf("%s/%s", dir, p);
}

static bool lang_is_cplusplus(const char *x)
{
        return strncmp(x, "c++", 3) == 0 || strncmp(x, "objective-c++", 13) == 0;
}

void dl_search_paths_from_args(const char *path, const char *const *args, size_t n_args,
                               struct dl_search_paths *out)
{
        memset(out, 0, sizeof *out);
        const char *wd = NULL, *lang = NULL;
        char cwd[PATH_MAX];
        for (size_t i = 0; i < n_args; i++) {
                if (strcmp(args[i], "-working-directory") == 0 && i + 1 < n_args)
                        wd = args[++i];
                else if (strncmp(args[i], "-working-directory=", 19) == 0)
                        wd = args[i] + 19;
        }
        if (!wd && getcwd(cwd, sizeof cwd))
                wd = cwd;
        for (size_t i = 0; i < n_args; i++) {
                const char *a = args[i], *v;
                if (strncmp(a, "-working-directory", 18) == 0) {
                        if (a[18] == '\0')
                                i++;
                        continue;
                }
                if ((v = opt_value("-iquote", args, n_args, &i))) {
                        push_str(&out->quote, &out->n_quote, absolute_in(wd, v));
                } else if ((v = opt_value("-isystem", args, n_args, &i)) ||
                           (v = opt_value("-idirafter", args, n_args, &i))) {
                        push_str(&out->system, &out->n_system, absolute_in(wd, v));
                } else if ((v = opt_value("--include-directory", args, n_args, &i)) ||
                           (v = opt_value("-I", args, n_args, &i))) {
                        push_str(&out->user, &out->n_user, absolute_in(wd, v));
                } else if (strncmp(a, "-include", 8) == 0 || strncmp(a, "-imacros", 8) == 0 ||
                           strncmp(a, "--include", 9) == 0) {
                        out->prefix_include = true;
                        if (strcmp(a, "-include") == 0 || strcmp(a, "-imacros") == 0 ||
                            strcmp(a, "-include-pch") == 0)
                                i++;
                } else if (strcmp(a, "-fmodules") == 0 || strcmp(a, "-fcxx-modules") == 0) {
                        out->modules = true;
                } else if ((v = opt_value("-x", args, n_args, &i)) ||
                           (v = opt_value("--language", args, n_args, &i))) {
                        lang = v;
                }
        }
        if (lang) {
                out->cplusplus = lang_is_cplusplus(lang);
        } else {
                const char *dot = strrchr(path, '.');
                out->cplusplus = !(dot && (strcmp(dot, ".c") == 0 || strcmp(dot, ".h") == 0));
        }
}

void dl_search_paths_fini(struct dl_search_paths *sp)
{
        if (!sp)
                return;
        for (size_t i = 0; i < sp->n_quote; i++)
                free(sp->quote[i]);
        for (size_t i = 0; i < sp->n_user; i++)
                free(sp->user[i]);
        for (size_t i = 0; i < sp->n_system; i++)
                free(sp->system[i]);
        free(sp->quote);
        free(sp->user);
        free(sp->system);
        memset(sp, 0, sizeof *sp);
}

/* ---- the memo ------------------------------------------------------------------------ */

/* What the file system said about one path, asked once a run: a scan of
 * many sources asks the same questions for every one of them (is
 * <include dir>/vector a file? the real path of proj/common.h?). */
struct fs_entry {
        char *path; /* the key */
        bool is_file;
        char *real; /* realpath(path), or NULL when it has none; valid when real_known */
        bool real_known;
};

struct memo_entry {
        char *path; /* real path: the key */
        bool readable;
        struct dl_directives dirs;
};

struct dl_scan {
        pthread_mutex_t lock;
        void *memo; /* tsearch tree of struct memo_entry */
        void *fs;   /* tsearch tree of struct fs_entry */
};

static int cmp_entry(const void *a, const void *b)
{
        return strcmp(((const struct memo_entry *)a)->path, ((const struct memo_entry *)b)->path);
}

static int cmp_fs(const void *a, const void *b)
{
        return strcmp(((const struct fs_entry *)a)->path, ((const struct fs_entry *)b)->path);
}

struct dl_scan *dl_scan_new(void)
{
        struct dl_scan *s = dl_xcalloc(1, sizeof *s);
        pthread_mutex_init(&s->lock, NULL);
        return s;
}

static void free_entry(void *p)
{
        struct memo_entry *e = p;
        free(e->path);
        dl_directives_fini(&e->dirs);
        free(e);
}

static void free_fs(void *p)
{
        struct fs_entry *e = p;
        free(e->path);
        free(e->real);
        free(e);
}

void dl_scan_free(struct dl_scan *s)
{
        if (!s)
                return;
        tdestroy(s->memo, free_entry);
        tdestroy(s->fs, free_fs);
        pthread_mutex_destroy(&s->lock);
        free(s);
}

static bool is_file_now(const char *p)
{
        struct stat st;
        return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* The memo entry of path, created with its is_file answer; s->lock held. */
static struct fs_entry *fs_entry_locked(struct dl_scan *s, const char *path)
{
        struct fs_entry key = {(char *)path, false, NULL, false};
        struct fs_entry **hit = tfind(&key, &s->fs, cmp_fs);
        if (hit)
                return *hit;
        struct fs_entry *e = dl_xcalloc(1, sizeof *e);
        e->path = dl_xstrdup(path);
        e->is_file = is_file_now(path);
        tsearch(e, &s->fs, cmp_fs);
        return e;
}

/* Whether p is a regular file (memoized in s when s is not NULL). */
static bool is_file(struct dl_scan *s, const char *p)
{
        if (!s)
                return is_file_now(p);
        pthread_mutex_lock(&s->lock);
        bool v = fs_entry_locked(s, p)->is_file;
        pthread_mutex_unlock(&s->lock);
        return v;
}

/* realpath(p) into buf (PATH_MAX bytes), memoized in s when s is not
 * NULL. Returns: buf, or NULL when p has no real path. */
static char *real_of(struct dl_scan *s, const char *p, char *buf)
{
        if (!s)
                return realpath(p, buf);
        pthread_mutex_lock(&s->lock);
        struct fs_entry *e = fs_entry_locked(s, p);
        if (!e->real_known) {
                char rb[PATH_MAX];
                e->real = realpath(p, rb) ? dl_xstrdup(rb) : NULL;
                e->real_known = true;
        }
        char *r = e->real ? memcpy(buf, e->real, strlen(e->real) + 1) : NULL; /* < PATH_MAX */
        pthread_mutex_unlock(&s->lock);
        return r;
}

/* ---- resolution -------------------------------------------------------------------- */

/* The probes of one walk (struct dl_scan_tu.probes), or none. */
struct probes {
        struct dl_scan_probe *items;
        size_t n, cap;
};

/* is_file, the question and its answer kept in rec when not NULL. */
static bool probe(struct dl_scan *s, const char *p, struct probes *rec)
{
        bool v = is_file(s, p);
        if (rec) {
                struct dl_scan_probe q = {dl_xstrdup(p), v};
                DL_VEC_PUSH(rec, q);
        }
        return v;
}

/* dir/name when it is a regular file: the joined path (transfer full). */
static char *found_in(struct dl_scan *s, const char *dir, const char *name, struct probes *rec)
{
        char *p = dl_xasprintf("%s/%s", dir, name);
        if (probe(s, p, rec))
                return p;
        free(p);
        return NULL;
}

/* As dl_scan_resolve, but the path as found (not made real). */
static char *lookup(struct dl_scan *s, const struct dl_search_paths *sp, const char *includer_dir,
                    const char *name, bool quoted, struct probes *rec)
{
        if (name[0] == '/')
                return probe(s, name, rec) ? dl_xstrdup(name) : NULL;
        char *p = NULL;
        if (quoted && includer_dir && (p = found_in(s, includer_dir, name, rec)))
                return p;
        for (size_t i = 0; quoted && i < sp->n_quote; i++) {
                if ((p = found_in(s, sp->quote[i], name, rec)))
                        return p;
        }
        for (size_t i = 0; i < sp->n_user; i++) {
                if ((p = found_in(s, sp->user[i], name, rec)))
                        return p;
        }
        return NULL;
}

char *dl_scan_resolve(const struct dl_search_paths *sp, const char *includer_dir, const char *name,
                      bool quoted)
{
        char *p = lookup(NULL, sp, includer_dir, name, quoted, NULL);
        if (!p)
                return NULL;
        char buf[PATH_MAX];
        char *real = realpath(p, buf) ? dl_xstrdup(buf) : dl_xstrdup(p);
        free(p);
        return real;
}

/* ---- the walk ------------------------------------------------------------------------ */

/* The directives of the file at real path (read once per run; from text,
 * len bytes, when text is not NULL). The entry stays valid until
 * dl_scan_free. */
static const struct memo_entry *directives_from(struct dl_scan *s, const char *real,
                                                const char *text, size_t len);

static const struct memo_entry *directives_of(struct dl_scan *s, const char *real)
{
        return directives_from(s, real, NULL, 0);
}

static const struct memo_entry *directives_from(struct dl_scan *s, const char *real,
                                                const char *given, size_t given_len)
{
        struct memo_entry key = {(char *)real, false, {0}};
        pthread_mutex_lock(&s->lock);
        struct memo_entry **hit = tfind(&key, &s->memo, cmp_entry);
        pthread_mutex_unlock(&s->lock);
        if (hit)
                return *hit;
        struct memo_entry *e = dl_xcalloc(1, sizeof *e);
        e->path = dl_xstrdup(real);
        if (given) {
                e->readable = true;
                dl_scan_directives(given, given_len, &e->dirs);
        } else {
                char *text = NULL;
                size_t len = 0;
                struct dl_error err;
                dl_error_init(&err);
                if (dl_file_read(real, &text, &len, &err) == DL_OK) {
                        e->readable = true;
                        dl_scan_directives(text, len, &e->dirs);
                        free(text);
                }
                dl_error_fini(&err);
        }
        pthread_mutex_lock(&s->lock);
        struct memo_entry **slot = tsearch(e, &s->memo, cmp_entry);
        pthread_mutex_unlock(&s->lock);
        if (*slot != e) /* another thread was first */
                free_entry(e);
        return *slot;
}

static char *dir_of(const char *p)
{
        char *d = dl_xstrdup(p);
        char *slash = strrchr(d, '/');
        if (slash && slash != d)
                *slash = '\0';
        else if (slash)
                slash[1] = '\0';
        else {
                free(d);
                d = dl_xstrdup(".");
        }
        return d;
}

/* Where a system include goes: true when it lands under the stub
 * directory (no -isystem or -idirafter directory has it first); sets
 * *found when any directory of sp's system list or the stubs has it. */
static bool reaches_stub(struct dl_scan *s, const struct dl_search_paths *sp, const char *stub_dir,
                         const char *name, bool *found, struct probes *rec)
{
        *found = false;
        for (size_t i = 0; i < sp->n_system; i++) {
                char *p = found_in(s, sp->system[i], name, rec);
                if (p) {
                        free(p);
                        *found = true;
                        return stub_dir && strcmp(sp->system[i], stub_dir) == 0;
                }
        }
        char *p = stub_dir ? found_in(s, stub_dir, name, rec) : NULL;
        free(p);
        *found = p != NULL;
        return p != NULL;
}

static void keep_node(void *p)
{
        (void)p; /* the strings belong to visited */
}

static int cmp_cstr(const void *a, const void *b)
{
        return strcmp(a, b);
}

static int cmp_probe(const void *a, const void *b)
{
        return strcmp(((const struct dl_scan_probe *)a)->path,
                      ((const struct dl_scan_probe *)b)->path);
}

enum dl_status dl_scan_tu(struct dl_scan *s, const char *path, const struct dl_search_paths *sp,
                          const char *stub_dir, struct dl_scan_tu *out, struct dl_error *err)
{
        return dl_scan_tu_text(s, path, NULL, 0, sp, stub_dir, out, err);
}

enum dl_status dl_scan_tu_text(struct dl_scan *s, const char *path, const char *text, size_t len,
                               const struct dl_search_paths *sp, const char *stub_dir,
                               struct dl_scan_tu *out, struct dl_error *err)
{
        memset(out, 0, sizeof *out);
        char buf[PATH_MAX];
        if (!real_of(s, path, buf) || !is_file(s, buf))
                return dl_error_set(err, DL_ERR_IO, NULL, "%s: cannot read", path);
        if (text)
                directives_from(s, buf, text, len);
        DL_VEC(char *) visited = {0}; /* real paths, the source first */
        DL_VEC(char *) todo = {0};    /* paths as found */
        struct probes rec = {0};
        DL_VEC_PUSH(&visited, dl_xstrdup(buf));
        DL_VEC_PUSH(&todo, dl_xstrdup(path));
        void *seen = NULL;
        tsearch(visited.items[0], &seen, cmp_cstr);
        size_t next = 0;
        while (next < todo.n) {
                char *found = todo.items[next];
                const char *real = visited.items[next];
                next++;
                const struct memo_entry *e = directives_of(s, real);
                if (!e->readable) {
                        out->unresolved = true;
                        continue;
                }
                char *dir = dir_of(found);
                for (size_t i = 0; i < e->dirs.n; i++) {
                        const struct dl_directive *d = &e->dirs.items[i];
                        if (d->kind == DL_DIR_DEFINE) {
                                push_str(&out->macros, &out->n_macros, dl_xstrdup(d->name));
                                continue;
                        }
                        if (d->kind == DL_DIR_INCLUDE_MACRO) {
                                out->unresolved = true;
                                continue;
                        }
                        bool quoted = d->kind == DL_DIR_INCLUDE_QUOTE;
                        char *hit = lookup(s, sp, dir, d->name, quoted, &rec);
                        if (!hit) {
                                bool sys_found;
                                if (reaches_stub(s, sp, stub_dir, d->name, &sys_found, &rec)) {
                                        out->includes_stub = true;
                                        push_str(&out->stubs, &out->n_stubs, dl_xstrdup(d->name));
                                } else if (quoted && !sys_found)
                                        out->unresolved = true;
                                continue;
                        }
                        char rb[PATH_MAX];
                        char *r = dl_xstrdup(real_of(s, hit, rb) ? rb : hit);
                        if (tfind(r, &seen, cmp_cstr)) {
                                free(r);
                                free(hit);
                                continue;
                        }
                        DL_VEC_PUSH(&visited, r);
                        DL_VEC_PUSH(&todo, hit);
                        tsearch(r, &seen, cmp_cstr);
                }
                free(dir);
        }
        tdestroy(seen, keep_node);
        for (size_t i = 1; i < visited.n; i++)
                push_str(&out->headers, &out->n_headers, visited.items[i]);
        free(visited.items[0]);
        DL_VEC_FREE(&visited);
        for (size_t i = 0; i < todo.n; i++)
                free(todo.items[i]);
        DL_VEC_FREE(&todo);
        dl_strv_sort_unique(out->headers, &out->n_headers);
        dl_strv_sort_unique(out->macros, &out->n_macros);
        dl_strv_sort_unique(out->stubs, &out->n_stubs);
        if (rec.n)
                qsort(rec.items, rec.n, sizeof *rec.items, cmp_probe);
        size_t k = 0;
        for (size_t i = 0; i < rec.n; i++) {
                if (k && !strcmp(rec.items[k - 1].path, rec.items[i].path))
                        free(rec.items[i].path); /* asked again: the memo's answer */
                else
                        rec.items[k++] = rec.items[i];
        }
        out->probes = rec.items;
        out->n_probes = k;
        return DL_OK;
}

void dl_scan_tu_fini(struct dl_scan_tu *t)
{
        if (!t)
                return;
        for (size_t i = 0; i < t->n_probes; i++)
                free(t->probes[i].path);
        free(t->probes);
        dl_strv_free(t->headers, t->n_headers);
        dl_strv_free(t->macros, t->n_macros);
        dl_strv_free(t->stubs, t->n_stubs);
        memset(t, 0, sizeof *t);
}

/* ---- what comes before the first line of code ------------------------------------- */

struct prefix_walk {
        struct dl_scan *s;
        const struct dl_search_paths *sp;
        const char *stub_dir;
        void *seen; /* real paths visited (owned strings) */
        struct dl_scan_names *out;
        bool code; /* a line of code has been met: stop */
};

static void prefix_visit(struct prefix_walk *w, const char *found, const char *real)
{
        const struct memo_entry *e = directives_of(w->s, real);
        if (!e->readable)
                return;
        char *dir = dir_of(found);
        for (size_t i = 0; i < e->dirs.n && !w->code; i++) {
                const struct dl_directive *d = &e->dirs.items[i];
                if (d->after_code) {
                        w->code = true;
                        break;
                }
                if (d->kind != DL_DIR_INCLUDE_QUOTE && d->kind != DL_DIR_INCLUDE_ANGLE)
                        continue;
                bool quoted = d->kind == DL_DIR_INCLUDE_QUOTE;
                char *hit = lookup(w->s, w->sp, dir, d->name, quoted, NULL);
                if (!hit) {
                        bool sys_found;
                        if (reaches_stub(w->s, w->sp, w->stub_dir, d->name, &sys_found, NULL))
                                push_str(&w->out->names, &w->out->n, dl_xstrdup(d->name));
                        continue;
                }
                char rb[PATH_MAX];
                char *r = dl_xstrdup(real_of(w->s, hit, rb) ? rb : hit);
                if (tfind(r, &w->seen, cmp_cstr)) {
                        free(r);
                } else {
                        tsearch(r, &w->seen, cmp_cstr);
                        prefix_visit(w, hit, r);
                }
                free(hit);
        }
        if (e->dirs.any_code)
                w->code = true;
        free(dir);
}

enum dl_status dl_scan_prefix_stubs(struct dl_scan *s, const char *path,
                                    const struct dl_search_paths *sp, const char *stub_dir,
                                    struct dl_scan_names *out, struct dl_error *err)
{
        memset(out, 0, sizeof *out);
        char buf[PATH_MAX];
        if (!real_of(s, path, buf) || !is_file(s, buf))
                return dl_error_set(err, DL_ERR_IO, NULL, "%s: cannot read", path);
        struct prefix_walk w = {s, sp, stub_dir, NULL, out, false};
        char *r = dl_xstrdup(buf);
        tsearch(r, &w.seen, cmp_cstr);
        prefix_visit(&w, path, r);
        tdestroy(w.seen, free);
        return DL_OK;
}

void dl_scan_names_fini(struct dl_scan_names *n)
{
        if (!n)
                return;
        dl_strv_free(n->names, n->n);
        memset(n, 0, sizeof *n);
}

static bool stub_reaches(struct dl_scan *s, const char *stub_dir, const char *name,
                         const char *target, void **seen)
{
        if (strcmp(name, target) == 0)
                return true;
        if (tfind(name, seen, cmp_cstr))
                return false;
        char *path = dl_xasprintf("%s/%s", stub_dir, name);
        char rb[PATH_MAX];
        bool ok = real_of(s, path, rb) != NULL;
        free(path);
        if (!ok)
                return false;
        tsearch(dl_xstrdup(name), seen, cmp_cstr);
        const struct memo_entry *e = directives_of(s, rb);
        for (size_t i = 0; i < e->dirs.n; i++) {
                const struct dl_directive *d = &e->dirs.items[i];
                if ((d->kind == DL_DIR_INCLUDE_ANGLE || d->kind == DL_DIR_INCLUDE_QUOTE) &&
                    stub_reaches(s, stub_dir, d->name, target, seen))
                        return true;
        }
        return false;
}

bool dl_scan_stub_includes(struct dl_scan *s, const char *stub_dir, const char *name,
                           const char *target)
{
        void *seen = NULL;
        bool r = stub_reaches(s, stub_dir, name, target, &seen);
        tdestroy(seen, free);
        return r;
}
