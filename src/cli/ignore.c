/* ignore.c - gitignore-style pattern lists and .gitignore files.
 * SPDX-License-Identifier: MIT
 */
#include "ignore.h"

#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/glob.h"
#include "../core/htab.h"
#include "../core/path.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void dl_ignore_add(struct dl_ignore_list *l, const char *line, const char *base)
{
        size_t n = strlen(line);
        while (n && (line[n - 1] == '\r' || line[n - 1] == '\n'))
                n--;
        /* Trailing spaces are dropped unless escaped with '\'. */
        while (n && line[n - 1] == ' ' && !(n > 1 && line[n - 2] == '\\'))
                n--;
        if (n == 0 || line[0] == '#')
                return;
        struct dl_ignore_rule r = {0};
        const char *p = line;
        if (*p == '!') {
                r.negate = true;
                p++;
                n--;
        } else if (*p == '\\' && (p[1] == '!' || p[1] == '#')) {
                p++;
                n--;
        }
        if (n && p[n - 1] == '/') {
                r.dir_only = true;
                n--;
        }
        if (n == 0)
                return;
        char *pat = dl_xstrndup(p, n);
        /* A '/' at the start or in the middle anchors the pattern. */
        r.anchored = strchr(pat, '/') != NULL;
        if (pat[0] == '/')
                memmove(pat, pat + 1, strlen(pat));
        if (!*pat) {
                free(pat);
                return;
        }
        r.pattern = pat;
        r.base = dl_path_absolute(base);
        if (l->n == l->cap) {
                l->cap = l->cap ? l->cap * 2 : 8;
                l->items = dl_xrealloc(l->items, l->cap * sizeof *l->items);
        }
        l->items[l->n++] = r;
}

/* path relative to base, or NULL when path is not below base. */
static const char *below(const char *base, const char *path)
{
        size_t n = strlen(base);
        if (n == 1 && base[0] == '/')
                return path[0] == '/' && path[1] ? path + 1 : NULL;
        if (strncmp(path, base, n) != 0 || path[n] != '/' || !path[n + 1])
                return NULL;
        return path + n + 1;
}

int dl_ignore_match(const struct dl_ignore_list *l, const char *path, bool is_dir)
{
        for (size_t i = l ? l->n : 0; i-- > 0;) {
                const struct dl_ignore_rule *r = &l->items[i];
                if (r->dir_only && !is_dir)
                        continue;
                const char *rel = below(r->base, path);
                if (!rel)
                        continue;
                const char *subject = rel;
                if (!r->anchored) {
                        const char *slash = strrchr(rel, '/');
                        subject = slash ? slash + 1 : rel;
                }
                if (dl_glob_match(r->pattern, subject, true))
                        return r->negate ? 0 : 1;
        }
        return -1;
}

bool dl_ignore_match_within(const struct dl_ignore_list *l, const char *path, bool is_dir)
{
        if (!l || !l->n)
                return false;
        if (dl_ignore_match(l, path, is_dir) == 1)
                return true;
        char *dir = dl_path_dirname(path);
        bool hit = false;
        while (!hit && strcmp(dir, "/") != 0) {
                hit = dl_ignore_match(l, dir, true) == 1;
                char *up = dl_path_dirname(dir);
                free(dir);
                dir = up;
        }
        free(dir);
        return hit;
}

void dl_ignore_list_fini(struct dl_ignore_list *l)
{
        if (!l)
                return;
        for (size_t i = 0; i < l->n; i++) {
                free(l->items[i].pattern);
                free(l->items[i].base);
        }
        free(l->items);
        memset(l, 0, sizeof *l);
}

/* ---- .gitignore files ---- */

/* What is known of one directory. */
struct dir_info {
        char *dir;
        char *top;                  /* its work tree's top, or NULL outside one */
        struct dl_ignore_list list; /* its own .gitignore (and info/exclude at the top) */
};

struct dl_gitignore {
        struct dl_htab dirs; /* struct dir_info by dir */
};

static void free_dir(void *p)
{
        struct dir_info *d = p;
        free(d->dir);
        free(d->top);
        dl_ignore_list_fini(&d->list);
        free(d);
}

struct dl_gitignore *dl_gitignore_new(void)
{
        return dl_xcalloc(1, sizeof(struct dl_gitignore));
}

static void read_patterns(struct dl_ignore_list *l, const char *file, const char *base)
{
        char *text = NULL;
        size_t len = 0;
        if (dl_file_read(file, &text, &len, NULL) != DL_OK)
                return;
        for (char *line = text; line && *line;) {
                char *nl = strchr(line, '\n');
                if (nl)
                        *nl = '\0';
                dl_ignore_add(l, line, base);
                line = nl ? nl + 1 : NULL;
        }
        free(text);
}

static struct dir_info *info_of(struct dl_gitignore *g, const char *dir)
{
        struct dir_info *found = dl_htab_get_str(&g->dirs, dir);
        if (found)
                return found;
        struct dir_info *d = dl_xcalloc(1, sizeof *d);
        d->dir = dl_xstrdup(dir);
        char *git = dl_xasprintf("%s%s.git", dir, strcmp(dir, "/") ? "/" : "");
        struct stat st;
        if (stat(git, &st) == 0) {
                d->top = dl_xstrdup(dir);
                if (S_ISDIR(st.st_mode)) {
                        char *ex = dl_xasprintf("%s/info/exclude", git);
                        read_patterns(&d->list, ex, dir);
                        free(ex);
                }
        } else if (strcmp(dir, "/") != 0) {
                char *parent = dl_path_dirname(dir);
                struct dir_info *p = info_of(g, parent);
                free(parent);
                d->top = dl_xstrdup(p->top);
        }
        free(git);
        if (d->top) {
                char *gi = dl_xasprintf("%s%s.gitignore", dir, strcmp(dir, "/") ? "/" : "");
                read_patterns(&d->list, gi, dir);
                free(gi);
        }
        dl_htab_put_str(&g->dirs, d->dir, d);
        return d;
}

bool dl_gitignore_ignored(struct dl_gitignore *g, const char *path, bool is_dir)
{
        /* From the path's directory up to the top: the deepest file with a
         * matching pattern decides (git-scm.com/docs/gitignore). */
        char *cur = dl_path_dirname(path);
        int decision = -1;
        for (;;) {
                const struct dir_info *d = info_of(g, cur);
                if (!d->top)
                        break;
                decision = dl_ignore_match(&d->list, path, is_dir);
                if (decision >= 0 || !strcmp(cur, d->top))
                        break;
                char *up = dl_path_dirname(cur);
                free(cur);
                cur = up;
        }
        free(cur);
        return decision == 1;
}

void dl_gitignore_free(struct dl_gitignore *g)
{
        if (!g)
                return;
        dl_htab_free_all(&g->dirs, free_dir);
        free(g);
}
