/* index_limits.c - check `index-limits` (a table check): more local
 * secondary indexes than DynamoDB allows, more global ones than the
 * account's quota, more than 100 projected non-key attributes across the
 * indexes, a local index on a table without a sort key, a local index
 * whose partition key is not the table's.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: DynamoDB rejects each at CreateTable (or UpdateTable):
 * at most 5 local secondary indexes per table, 20 global secondary indexes
 * by default (a quota that can be raised: option max-global-indexes), and
 * "the total count of attributes provided in NonKeyAttributes, summed
 * across all of the secondary indexes, must not exceed 100" (developer
 * guide, "Quotas in Amazon DynamoDB", Secondary indexes and Projected
 * secondary index attributes; API reference, CreateTable
 * LocalSecondaryIndexes and GlobalSecondaryIndexes). A local index shares
 * the table's partition key and needs the table to have a sort key: "the
 * key schema must begin with the same partition key as the table" (API
 * reference, LocalSecondaryIndex).
 *
 * Where: a count at its list's key; the 100 projected attributes at the
 * NonKeyAttributes of the index that passes it; a local index at its
 * entry, or at its partition key. Deliberately ignored: index lists or
 * keys computed by a function.
 */
#include "info.h"

#include "../core/alloc.h"
#include "../model/quote.h"
#include "../rules/schema.h"

#include <stdlib.h>
#include <string.h>

#define MAX_LOCAL_INDEXES 5
#define MAX_PROJECTED 100

struct state {
        long max_global;
};

static enum dl_status configure(void **out, const struct dl_check_config *cfg,
                                const struct dl_ruleset *rules, struct dl_error *err)
{
        (void)rules;
        long v = 20;
        enum dl_status st = dl_check_config_int(cfg, "max-global-indexes", 20, &v, err);
        if (st)
                return st;
        if (v < 1) {
                const struct dl_opt_node *n = dl_check_config_node(cfg, "max-global-indexes");
                return dl_error_set(err, DL_ERR_CONFIG, n ? &n->loc : NULL,
                                    "'max-global-indexes' of check 'index-limits' must be at "
                                    "least 1, got %ld",
                                    v);
        }
        struct state *s = dl_xcalloc(1, sizeof *s);
        s->max_global = v;
        *out = s;
        return DL_OK;
}

static void destroy(void *p)
{
        free(p);
}

static void run_table(const struct dl_check_ctx *ctx, const struct dl_table *t)
{
        const struct dl_table_def *d = t->def;
        const struct state *s = ctx->state;
        if (d->update)
                return; /* an UpdateTable's indexes are not the table's whole list */
        size_t n_local = 0, n_global = 0, projected = 0;
        bool over = false;
        for (size_t i = 0; i < t->n_indexes; i++) {
                const struct dl_index *ix = &t->indexes[i];
                if (ix->kind == DL_INDEX_LOCAL)
                        n_local++;
                else
                        n_global++;
                if (ix->projection == DL_PROJ_INCLUDE)
                        projected += ix->n_non_key_attributes;
                if (!over && projected > MAX_PROJECTED && ix->def) {
                        over = true;
                        dl_report_table(ctx, t, &ix->def->non_key_loc,
                                        "the indexes of table %s project %zu non-key "
                                        "attributes by index '%s', more than the %d DynamoDB "
                                        "allows across all indexes of a table",
                                        DL_TABLE_DEF_LABEL(t), projected, DL_Q(ix->name),
                                        MAX_PROJECTED);
                }
                if (ix->kind != DL_INDEX_LOCAL || !ix->def)
                        continue;
                const struct dl_key_attr *own = &ix->def->own_partition_key;
                if (!t->sort_key.name)
                        dl_report_table(ctx, t, &ix->loc,
                                        "local secondary index '%s' on table %s, which has no "
                                        "sort key; DynamoDB rejects it: a local index needs a "
                                        "table with a sort key (or make it a global index)",
                                        DL_Q(ix->name), DL_TABLE_DEF_LABEL(t));
                else if (own->name && t->partition_key.name &&
                         strcmp(own->name, t->partition_key.name))
                        dl_report_table(ctx, t, &own->loc,
                                        "local secondary index '%s' has partition key '%s' but "
                                        "table %s has '%s'; DynamoDB rejects it: a local index "
                                        "keeps the table's partition key (or make it a global "
                                        "index)",
                                        DL_Q(ix->name), DL_Q(own->name), DL_TABLE_DEF_LABEL(t),
                                        DL_Q(t->partition_key.name));
        }
        if (n_local > MAX_LOCAL_INDEXES)
                dl_report_table(ctx, t, &d->lsi_loc,
                                "table %s has %zu local secondary indexes; DynamoDB allows %d",
                                DL_TABLE_DEF_LABEL(t), n_local, MAX_LOCAL_INDEXES);
        if ((long)n_global > s->max_global)
                dl_report_table(ctx, t, &d->gsi_loc,
                                "table %s has %zu global secondary indexes, more than the "
                                "account's quota of %ld (option max-global-indexes)",
                                DL_TABLE_DEF_LABEL(t), n_global, s->max_global);
}

static const char *const options[] = {"max-global-indexes", NULL};

const struct dl_check dl_check_index_limits = {
        .info = &info_index_limits,
        .configure = configure,
        .run_table = run_table,
        .destroy = destroy,
        .options = options,
};
