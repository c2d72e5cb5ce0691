/* definitions.c - lint the table definition files of a run.
 * SPDX-License-Identifier: MIT
 *
 * A definition file is linted once per run whatever names it (the command
 * line, the walk, several rules files' `tables-from:`), through the rules
 * of the directory that holds it, by the driver itself: a template is read
 * in milliseconds, so it needs neither a worker nor the result cache, and
 * the output stays the same under -j, the cache and --shard (each file
 * belongs to one shard).
 */
#include "definitions.h"

#include "pipeline.h"

#include "../core/alloc.h"
#include "../findings/finding.h"
#include "../rules/ruleset.h"
#include "../rules/schema.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void dl_definitions_add_imports(const struct dl_ruleset *rs, char ***paths, size_t *n)
{
        for (size_t i = 0; rs && i < rs->n_sources; i++) {
                const char *s = rs->sources[i];
                const char *base = strrchr(s, '/');
                base = base ? base + 1 : s;
                if ((rs->path && !strcmp(s, rs->path)) || !strcmp(base, DL_RULESET_FILE_NAME))
                        continue;
                *paths = dl_xrealloc(*paths, (*n + 1) * sizeof **paths);
                (*paths)[(*n)++] = dl_xstrdup(s);
        }
}

struct entry {
        const char *path;
        char *real;
};

static int cmp_entry(const void *a, const void *b)
{
        const struct entry *x = a, *y = b;
        int c = strcmp(x->real, y->real);
        return c ? c : strcmp(x->path, y->path);
}

static int cmp_path(const void *a, const void *b)
{
        return strcmp(*(const char *const *)a, *(const char *const *)b);
}

size_t dl_definitions_lint(char **paths, size_t n, const struct dl_definitions_env *env,
                           char ***linted)
{
        /* one per real path: the first spelling in path order */
        struct entry *es = dl_xcalloc(n + 1, sizeof *es);
        size_t k = 0;
        for (size_t i = 0; i < n; i++) {
                char buf[PATH_MAX];
                if (!realpath(paths[i], buf))
                        continue; /* reported where it is named */
                es[k].path = paths[i];
                es[k++].real = dl_xstrdup(buf);
        }
        qsort(es, k, sizeof *es, cmp_entry);
        const char **order = dl_xcalloc(k + 1, sizeof *order);
        size_t m = 0;
        for (size_t i = 0; i < k; i++) {
                if (i && !strcmp(es[i].real, es[i - 1].real))
                        continue;
                order[m++] = es[i].path;
        }
        qsort(order, m, sizeof *order, cmp_path);
        size_t done = 0;
        for (size_t i = 0; i < m; i++) {
                struct dl_pipeline *p = env->mine(env->data, order[i])
                                                ? env->pipeline_for(env->data, order[i])
                                                : NULL;
                if (!p)
                        continue;
                struct dl_finding_list got = {0};
                dl_finding_emit_fn emit = p->emit;
                void *emit_data = p->emit_data;
                p->emit = dl_finding_list_take;
                p->emit_data = &got;
                bool ok = dl_pipeline_definitions(p, order[i], NULL);
                p->emit = emit;
                p->emit_data = emit_data;
                if (ok) {
                        order[done++] = order[i];
                        env->done(env->data, order[i], p->rules, got.items, got.n);
                        got.n = 0; /* done() took them */
                }
                dl_finding_list_fini(&got);
        }
        /* copies: the paths are the caller's, the artifacts outlive them */
        char **out = dl_xcalloc(done + 1, sizeof *out);
        for (size_t i = 0; i < done; i++)
                out[i] = dl_xstrdup(order[i]);
        free(order);
        for (size_t i = 0; i < k; i++)
                free(es[i].real);
        free(es);
        *linted = out;
        return done;
}
