/* path.c - lexical path arithmetic.
 * SPDX-License-Identifier: MIT
 */
#include "path.h"

#include "alloc.h"
#include "strbuf.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Append one component to an absolute path being normalized in sb. */
static void push_component(struct dl_strbuf *sb, const char *c, size_t n)
{
        if (n == 0 || (n == 1 && c[0] == '.'))
                return;
        if (n == 2 && c[0] == '.' && c[1] == '.') {
                while (sb->len > 0 && sb->buf[sb->len - 1] != '/')
                        sb->len--;
                if (sb->len > 1)
                        sb->len--;        /* drop the slash too, but keep "/" */
                sb->buf[sb->len] = '\0';
                return;
        }
        if (sb->len == 0 || sb->buf[sb->len - 1] != '/')
                dl_strbuf_putc(sb, '/');
        dl_strbuf_add(sb, c, n);
}

static void push_path(struct dl_strbuf *sb, const char *p)
{
        while (*p) {
                const char *e = strchr(p, '/');
                size_t n = e ? (size_t)(e - p) : strlen(p);
                push_component(sb, p, n);
                p += n;
                if (*p == '/')
                        p++;
        }
}

char *dl_path_absolute(const char *path)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_strbuf_putc(&sb, '/');
        if (path[0] != '/') {
                char *cwd = getcwd(NULL, 0);
                if (cwd)
                        push_path(&sb, cwd);
                free(cwd);
        }
        push_path(&sb, path);
        return dl_strbuf_take(&sb);
}

char *dl_path_relative(const char *root, const char *path)
{
        char *r = dl_path_absolute(root ? root : ".");
        char *p = dl_path_absolute(path);
        char *out = NULL;
        size_t rn = strlen(r);
        if (strcmp(r, p) == 0)
                out = dl_xstrdup(".");
        else if (strcmp(r, "/") == 0)
                out = dl_xstrdup(p + 1);
        else if (strncmp(p, r, rn) == 0 && p[rn] == '/')
                out = dl_xstrdup(p + rn + 1);
        free(r);
        free(p);
        return out;
}

char *dl_path_dirname(const char *path)
{
        char *abs = dl_path_absolute(path);
        char *slash = strrchr(abs, '/');
        if (slash == abs)
                abs[1] = '\0';
        else if (slash)
                *slash = '\0';
        return abs;
}

char *dl_path_join(const char *dir, const char *path)
{
        if (path[0] == '/' || !dir || !*dir)
                return dl_path_absolute(path);
        char *j = dl_xasprintf("%s/%s", dir, path);
        char *abs = dl_path_absolute(j);
        free(j);
        return abs;
}

bool dl_path_under(const char *path, const char *root)
{
        size_t n = strlen(root);
        while (n > 1 && root[n - 1] == '/')
                n--;
        if (n == 1 && root[0] == '/')
                return path[0] == '/';
        return strncmp(path, root, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

bool dl_path_real_under(const char *file, const char *root)
{
        char real[PATH_MAX];
        return root && *file && realpath(file, real) && dl_path_under(real, root);
}
