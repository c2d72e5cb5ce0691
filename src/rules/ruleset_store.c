/* ruleset_store.c - what a struct dl_ruleset owns: its arena, its
 * compiled patterns (one per distinct text), the files it was read from,
 * the rulesets it adopted; allocation and release.
 * SPDX-License-Identifier: MIT
 *
 * Everything the ruleset keeps is allocated in an arena behind rs->priv,
 * except the compiled patterns, kept in a list there and released by
 * dl_ruleset_free(). Calls no other file of src/rules/ruleset*.c.
 */
#include "ruleset.h"
#include "ruleset_internal.h"

#include "../core/alloc.h"
#include "../core/arena.h"
#include "../core/regex.h"

#include <stdlib.h>
#include <string.h>

struct ruleset_priv {
        struct dl_arena arena;
        DL_VEC(struct dl_regex *) regexes;
        DL_VEC(const char *) patterns; /* regexes[i] was compiled from patterns[i] */
        DL_VEC(const char *) sources;
        DL_VEC(struct dl_ruleset *) adopted; /* freed with this ruleset */
};

struct dl_arena *dl_rules_arena(struct dl_ruleset *rs)
{
        struct ruleset_priv *priv = rs->priv;
        return &priv->arena;
}

enum dl_status dl_rules_regex(struct dl_ruleset *rs, const char *pattern, struct dl_regex **out,
                              struct dl_error *err)
{
        struct ruleset_priv *priv = rs->priv;
        for (size_t i = 0; i < priv->patterns.n; i++) {
                if (!strcmp(priv->patterns.items[i], pattern)) {
                        *out = priv->regexes.items[i];
                        return DL_OK;
                }
        }
        enum dl_status st = dl_regex_compile(pattern, true, out, err);
        if (st)
                return st;
        DL_VEC_PUSH(&priv->regexes, *out);
        DL_VEC_PUSH(&priv->patterns, dl_arena_strdup(&priv->arena, pattern));
        return DL_OK;
}

void dl_rules_add_source(struct dl_ruleset *rs, const char *path)
{
        struct ruleset_priv *priv = rs->priv;
        DL_VEC_PUSH(&priv->sources, dl_arena_strdup(&priv->arena, path));
        rs->sources = priv->sources.items;
        rs->n_sources = priv->sources.n;
}

struct dl_ruleset *dl_rules_alloc(void)
{
        struct dl_ruleset *rs = dl_xcalloc(1, sizeof *rs);
        struct ruleset_priv *priv = dl_xcalloc(1, sizeof *priv);
        dl_arena_init(&priv->arena);
        rs->priv = priv;
        rs->version = 1;
        return rs;
}

struct dl_ruleset *dl_ruleset_new_default(void)
{
        return dl_rules_alloc();
}

void dl_ruleset_free(struct dl_ruleset *rs)
{
        if (!rs)
                return;
        struct ruleset_priv *priv = rs->priv;
        if (priv) {
                for (size_t i = 0; i < priv->regexes.n; i++)
                        dl_regex_free(priv->regexes.items[i]);
                DL_VEC_FREE(&priv->regexes);
                DL_VEC_FREE(&priv->patterns);
                DL_VEC_FREE(&priv->sources);
                dl_arena_fini(&priv->arena);
                for (size_t i = 0; i < priv->adopted.n; i++)
                        dl_ruleset_free(priv->adopted.items[i]);
                DL_VEC_FREE(&priv->adopted);
                free(priv);
        }
        free(rs);
}

void dl_ruleset_adopt(struct dl_ruleset *rs, struct dl_ruleset *take)
{
        struct ruleset_priv *priv = rs->priv;
        if (take)
                DL_VEC_PUSH(&priv->adopted, take);
}
