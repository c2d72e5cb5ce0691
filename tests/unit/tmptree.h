/* tmptree.h - a temporary directory tree for unit tests that need files
 * on disk (header-only: each test program includes it once).
 * SPDX-License-Identifier: MIT
 *
 *     struct tmptree t;
 *     tmptree_make(&t, "dl-scan");          (under $TMPDIR, else /tmp; real path)
 *     tmptree_put(&t, "src/a.cpp", "...");  (parent directories created)
 *     char *p = tmptree_at(&t, "src/a.cpp"); (heap; free it)
 *     tmptree_remove(&t);
 */
#ifndef DL_TESTS_TMPTREE_H
#define DL_TESTS_TMPTREE_H

#include "core/alloc.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct tmptree {
        char root[PATH_MAX];
};

static inline bool tmptree_make(struct tmptree *t, const char *prefix)
{
        const char *tmp = getenv("TMPDIR");
        char templ[PATH_MAX];
        snprintf(templ, sizeof templ, "%s/%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", prefix);
        if (!mkdtemp(templ) || !realpath(templ, t->root))
                return false;
        return true;
}

static inline char *tmptree_at(const struct tmptree *t, const char *rel)
{
        return dl_xasprintf("%s/%s", t->root, rel);
}

/* Writes text to rel, creating its directories; false on failure. */
static inline bool tmptree_put(const struct tmptree *t, const char *rel, const char *text)
{
        char *path = tmptree_at(t, rel);
        for (char *s = path + strlen(t->root) + 1; *s; s++) {
                if (*s == '/') {
                        *s = '\0';
                        mkdir(path, 0777);
                        *s = '/';
                }
        }
        FILE *f = fopen(path, "w");
        bool ok = f && fputs(text, f) >= 0;
        ok = (f && fclose(f) == 0) && ok;
        free(path);
        return ok;
}

static inline bool tmptree_remove(struct tmptree *t)
{
        char *cmd = dl_xasprintf("rm -rf '%s'", t->root);
        int rc = system(cmd);
        free(cmd);
        return rc == 0;
}

#endif
