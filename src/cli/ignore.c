/* ignore.c - gitignore-style pattern lists (--exclude, `exclude:`, the
 * ignore files of a git work tree).
 * SPDX-License-Identifier: MIT
 */
#include "ignore.h"

#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/glob.h"
#include "../core/path.h"

#include <stdlib.h>
#include <string.h>

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

void dl_ignore_add_file(struct dl_ignore_list *l, const char *file, const char *base)
{
        char *text = NULL;
        size_t len = 0;
        /* a regular file of at most 4 MiB: a FIFO planted as .gitignore
           must not block the walk */
        if (dl_file_read_bounded(file, 4u << 20, true, &text, &len, NULL) != DL_OK)
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
