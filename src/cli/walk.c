/* walk.c - collect source files from PATH operands.
 * SPDX-License-Identifier: MIT
 *
 * Directories are walked with an explicit stack (no recursion), and every
 * directory's (st_dev, st_ino) is remembered so that a symbolic link back
 * into an ancestor cannot loop.
 */
#define _GNU_SOURCE /* DT_REG, memmem */
#include "walk.h"

#include "../core/alloc.h"
#include "../core/htab.h"
#include "../core/log.h"
#include "../core/path.h"
#include "../core/strbuf.h"
#include "../core/file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const exts[] = {".c",   ".h",   ".cc",  ".cpp", ".cxx", ".hh",
                                   ".hpp", ".hxx", ".inl", ".ipp", ".C"};

static bool has_suffix(const char *name, const char *const *list, size_t n)
{
        size_t len = strlen(name);
        for (size_t i = 0; i < n; i++) {
                size_t k = strlen(list[i]);
                /* a suffix, and never the whole name (".c" is a hidden file) */
                if (k && len > k && strcmp(name + len - k, list[i]) == 0)
                        return true;
        }
        return false;
}

bool dl_is_source_name(const char *name)
{
        return has_suffix(name, exts, sizeof exts / sizeof exts[0]);
}

bool dl_is_unit_name(const char *name)
{
        static const char *const units[] = {".c",   ".cc",  ".cp", ".cpp",
                                            ".cxx", ".c++", ".C",  ".CPP"};
        return has_suffix(name, units, sizeof units / sizeof units[0]);
}

bool dl_is_definition_name(const char *path, bool walked)
{
        static const char *const yaml[] = {".yaml", ".yml", ".template", ".template.json"};
        const char *base = strrchr(path, '/');
        base = base ? base + 1 : path;
        if (has_suffix(base, yaml, sizeof yaml / sizeof yaml[0]))
                return true;
        static const char *const json[] = {".json"};
        if (!has_suffix(base, json, 1))
                return false;
        return !walked || (base - path >= 8 && !strncmp(base - 8, "cdk.out/", 8) &&
                           (base - path == 8 || base[-9] == '/'));
}

bool dl_is_definition_text(const char *text, size_t len)
{
        static const char *const marks[] = {"AWS::DynamoDB::Table", "AWS::DynamoDB::GlobalTable",
                                            "AWS::Serverless::SimpleTable"};
        for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
                if (memmem(text, len, marks[i], strlen(marks[i])))
                        return true;
        }
        return false;
}

/* A walked file with a definition's name: does its text say so? (read up
 * to the bound `tables-from:` has, DL_DEFINITION_MAX_BYTES) */
static bool definition_file(const char *path)
{
        char *text = NULL;
        size_t len = 0;
        if (dl_file_read_bounded(path, DL_DEFINITION_MAX_BYTES, true, &text, &len, NULL) != DL_OK)
                return false;
        bool yes = dl_is_definition_text(text, len);
        free(text);
        return yes;
}

static bool skipped_dir(const char *name)
{
        return name[0] == '.' || strcmp(name, "build") == 0 || strncmp(name, "build-", 6) == 0 ||
               strncmp(name, "cmake-build-", 12) == 0 || strcmp(name, "CMakeFiles") == 0 ||
               strcmp(name, "node_modules") == 0;
}

struct dirid {
        dev_t dev;
        ino_t ino;
};

struct walker {
        const struct dl_walk_opts *o;
        const char *bound; /* the real path links may lead into, or NULL: any */
        struct dl_log *log;
        struct dl_file_list *out;
        struct dl_htab seen;  /* struct dirid by its bytes: directories entered */
        struct dl_htab files; /* struct dirid by its bytes: files already listed,
                                 to drop duplicates */
};

/* Adds st's identity to the set *set; false when it was there (a hash set,
 * not a list: a walk of 10,000 files compared each with every other). */
static bool remember(struct dl_htab *set, const struct stat *st)
{
        struct dirid key;
        memset(&key, 0, sizeof key); /* any padding compares too */
        key.dev = st->st_dev;
        key.ino = st->st_ino;
        if (dl_htab_get(set, &key, sizeof key))
                return false;
        struct dirid *id = dl_xcalloc(1, sizeof *id);
        memcpy(id, &key, sizeof key);
        dl_htab_put(set, id, sizeof *id, id);
        return true;
}

/* Appends path to l unless the walk listed that file already. */
static void add_to(struct walker *w, struct dl_file_list *l, const char *path,
                   const struct stat *st, bool no_link)
{
        if (!remember(&w->files, st))
                return;
        if (l->n == l->cap) {
                l->cap = l->cap ? l->cap * 2 : 64;
                l->paths = dl_xrealloc(l->paths, l->cap * sizeof *l->paths);
                l->stats = dl_xrealloc(l->stats, l->cap * sizeof *l->stats);
                l->no_link = dl_xrealloc(l->no_link, l->cap * sizeof *l->no_link);
        }
        l->stats[l->n] = *st;
        l->no_link[l->n] = no_link;
        l->paths[l->n++] = dl_xstrdup(path);
}

static void add_file(struct walker *w, const char *path, const struct stat *st, bool no_link)
{
        add_to(w, w->out, path, st, no_link);
}

static void fail(struct walker *w, const char *path, const char *what)
{
        struct dl_loc loc = {path, 0, 0};
        dl_log_add(w->log, DL_LOG_ERROR, "unreadable-file", &loc, "%s", what);
        w->out->failed++;
}

/* One directory entry: its name and what readdir said it is (d_type). */
struct entry {
        char *name;
        unsigned char type;
};

static int cmp_entry(const void *a, const void *b)
{
        return strcmp(((const struct entry *)a)->name, ((const struct entry *)b)->name);
}

static char *join(const char *dir, const char *name)
{
        if (strcmp(dir, ".") == 0)
                return dl_xstrdup(name);
        /* by hand, not dl_xasprintf: a walk joins once per file */
        size_t n = strlen(dir), k = strlen(name);
        bool slash = n && dir[n - 1] == '/';
        char *p = dl_xmalloc(n + !slash + k + 1);
        memcpy(p, dir, n);
        if (!slash)
                p[n++] = '/';
        memcpy(p + n, name, k);
        p[n + k] = '\0';
        return p;
}

/* Lists dir's entries sorted by name; returns the count and sets *names
 * (heap) and *d: the directory, still open (the caller closes it), so that
 * its entries are stat'ed by name (fstatat), not by a path the kernel
 * walks from the top again; *d is NULL when dir cannot be read. */
static size_t list_dir(struct walker *w, const char *dir, struct entry **names, DIR **d)
{
        *names = NULL;
        *d = opendir(dir);
        if (!*d) {
                fail(w, dir, strerror(errno));
                return 0;
        }
        size_t n = 0, cap = 0;
        struct dirent *e;
        while ((e = readdir(*d))) {
                if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                        continue;
                if (n == cap) {
                        cap = cap ? cap * 2 : 32;
                        *names = dl_xrealloc(*names, cap * sizeof **names);
                }
                (*names)[n++] = (struct entry){dl_xstrdup(e->d_name), e->d_type};
        }
        if (n)
                qsort(*names, n, sizeof **names, cmp_entry);
        return n;
}

static bool skip(struct walker *w, const char *path, bool is_dir, bool named)
{
        return w->o->skip && w->o->skip(w->o->skip_data, path, is_dir, named);
}

/* Whether the entry name of the open directory d (path as walked, type as
 * readdir said) is a symbolic link whose target lies outside w->bound; a
 * note says it is not followed (docs/security.md "The tree's boundary"). */
static bool leads_outside(struct walker *w, DIR *d, const char *name, const char *path,
                          unsigned char type)
{
        if (!w->bound || w->o->follow_symlinks || type == DT_REG || type == DT_DIR)
                return false;
        struct stat lst;
        if (type != DT_LNK &&
            (fstatat(dirfd(d), name, &lst, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISLNK(lst.st_mode)))
                return false;
        char real[PATH_MAX];
        if (!realpath(path, real) || dl_path_under(real, w->bound))
                return false; /* dangling: the stat below says so */
        struct dl_loc loc = {path, 0, 0};
        dl_log_add(w->log, DL_LOG_NOTE, "symlink-outside", &loc,
                   "symbolic link to a file outside the project root; not followed "
                   "(--follow-symlinks follows it)");
        return true;
}

static void walk_dir(struct walker *w, const char *root)
{
        /* Explicit stack of directory paths; children are pushed in reverse
         * order so they pop in sorted order. */
        char **stack = NULL;
        size_t n = 0, cap = 0;
#define PUSH(p)                                                                  \
        do {                                                                     \
                if (n == cap) {                                                  \
                        cap = cap ? cap * 2 : 32;                                \
                        stack = dl_xrealloc(stack, cap * sizeof *stack);         \
                }                                                                \
                stack[n++] = (p);                                                \
        } while (0)
        PUSH(dl_xstrdup(root));
        while (n) {
                char *dir = stack[--n];
                struct entry *names;
                DIR *d;
                size_t k = list_dir(w, dir, &names, &d);
                size_t first_sub = n;
                for (size_t i = 0; i < k; i++) {
                        const char *name = names[i].name;
                        bool source = dl_is_source_name(name) ||
                                      has_suffix(name, w->o->extensions, w->o->n_extensions);
                        bool wanted = name[0] != '.' &&
                                      (source ||
                                       (w->o->definitions && dl_is_definition_name(name, false)));
                        if (names[i].type == DT_REG && !wanted) {
                                free(names[i].name); /* not asked about: no stat */
                                continue;
                        }
                        char *path = join(dir, name);
                        if (leads_outside(w, d, name, path, names[i].type)) {
                                free(path);
                                free(names[i].name);
                                continue;
                        }
                        struct stat st;
                        if (fstatat(dirfd(d), name, &st, 0) != 0) {
                                /* a dangling link is not an input error */
                                if (fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
                                    !S_ISLNK(st.st_mode))
                                        fail(w, path, strerror(errno));
                                free(path);
                        } else if (S_ISDIR(st.st_mode)) {
                                if (skipped_dir(name) || skip(w, path, true, false)) {
                                        free(path);
                                } else if (!remember(&w->seen, &st)) {
                                        struct dl_loc loc = {path, 0, 0};
                                        dl_log_add(w->log, DL_LOG_WARNING, "directory-loop", &loc,
                                                   "directory already visited through a "
                                                   "symbolic link; skipped");
                                        free(path);
                                } else {
                                        PUSH(path);
                                }
                        } else if (S_ISREG(st.st_mode) && wanted && !source) {
                                if (dl_is_definition_name(path, true) &&
                                    !skip(w, path, false, false) && definition_file(path))
                                        add_to(w, w->o->definitions, path, &st,
                                               names[i].type == DT_REG);
                                free(path);
                        } else if (S_ISREG(st.st_mode) && wanted && !skip(w, path, false, false)) {
                                add_file(w, path, &st, names[i].type == DT_REG);
                                free(path);
                        } else {
                                free(path);
                        }
                        free(names[i].name);
                }
                free(names);
                if (d)
                        closedir(d);
                /* reverse the subdirectories pushed for this dir */
                for (size_t a = first_sub, b = n; a + 1 < b; a++, b--) {
                        char *t = stack[a];
                        stack[a] = stack[b - 1];
                        stack[b - 1] = t;
                }
                free(dir);
        }
        free(stack);
#undef PUSH
}

void dl_walk_paths(const char *const *operands, size_t n, const struct dl_walk_opts *o,
                   struct dl_log *log, struct dl_file_list *out)
{
        static const struct dl_walk_opts none = {0};
        memset(out, 0, sizeof *out);
        struct walker w = {o ? o : &none, NULL, log, out, {0}, {0}};
        for (size_t i = 0; i < n; i++) {
                struct stat st;
                if (stat(operands[i], &st) != 0) {
                        fail(&w, operands[i], strerror(errno));
                        continue;
                }
                if (skip(&w, operands[i], S_ISDIR(st.st_mode), true))
                        continue;
                if (S_ISDIR(st.st_mode)) {
                        /* links lead into the root, or into an operand
                         * named outside it */
                        char real[PATH_MAX];
                        w.bound = o ? o->root : NULL;
                        if (w.bound && realpath(operands[i], real) && !dl_path_under(real, w.bound))
                                w.bound = real;
                        if (remember(&w.seen, &st))
                                walk_dir(&w, operands[i]);
                        w.bound = NULL;
                } else if (S_ISREG(st.st_mode) && o && o->definitions &&
                           !dl_is_source_name(operands[i]) &&
                           dl_is_definition_name(operands[i], false)) {
                        add_to(&w, o->definitions, operands[i], &st, false);
                } else if (S_ISREG(st.st_mode)) {
                        add_file(&w, operands[i], &st, false);
                } else {
                        fail(&w, operands[i], "not a regular file or directory");
                }
        }
        dl_htab_free_all(&w.seen, free);
        dl_htab_free_all(&w.files, free);
}

void dl_file_list_fini(struct dl_file_list *l)
{
        if (!l)
                return;
        for (size_t i = 0; i < l->n; i++)
                free(l->paths[i]);
        free(l->paths);
        free(l->stats);
        free(l->no_link);
        memset(l, 0, sizeof *l);
}
