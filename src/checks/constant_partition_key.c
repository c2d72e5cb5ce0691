/* constant_partition_key.c - check `constant-partition-key`: a write whose
 * partition key (of the table, or of a global secondary index the item
 * enters) is the same constant for every item it writes, while the items
 * differ.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: every item with one partition key value is served by one
 * partition, which takes at most about 1,000 write units and 3,000 read
 * units a second; at scale the writes throttle
 * (ProvisionedThroughputExceededException, retry storms). A global
 * secondary index keyed by a constant is worse: an index that cannot keep
 * up throttles every write to its table (developer guide, "Best practices
 * for designing and using partition keys effectively", "Using write
 * sharding to distribute workloads evenly", and "GSI back-pressure").
 *
 * "The items differ" is proven when the table's sort key (for the table's
 * own partition key), or the table's key (for an index's), is a template
 * with a run-time part. Deliberately ignored: a singleton (partition and
 * sort key both constant: a configuration item), a key whose other parts
 * are not known at all (a value built where ddblint cannot see), values the
 * `allow` option lists, and a constant outside the `values` of a sparse
 * index (sparse-index-key-not-removed reports that write: the cure there is
 * REMOVE, not sharding). Tables not described in the rules file.
 */
#include "info.h"
#include "util_expr.h"
#include "util_keys.h"

#include "../core/alloc.h"
#include "../model/quote.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct state {
        struct dl_pattern_list allow;
};

static enum dl_status configure(void **out, const struct dl_check_config *cfg,
                                const struct dl_ruleset *rules, struct dl_error *err)
{
        (void)rules;
        struct state *s = dl_xcalloc(1, sizeof *s);
        enum dl_status st = dl_check_config_patterns(cfg, "allow", DL_PATTERN_SEARCH, &s->allow, err);
        if (st) {
                free(s);
                return st;
        }
        *out = s;
        return DL_OK;
}

static void destroy(void *p)
{
        struct state *s = p;
        dl_pattern_list_fini(&s->allow);
        free(s);
}

/* Is v one of the values sparse index ix keeps its items under? */
static bool sparse_value(const struct dl_index *ix, const struct dl_value *v)
{
        for (size_t i = 0; i < ix->n_sparse_values; i++) {
                if (dl_value_equals(v, ix->sparse_values[i]))
                        return true;
        }
        return false;
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        const struct state *s = ctx->state;
        const struct dl_table *t = dl_key_value_writes(req) ? dl_table_described(ctx, req) : NULL;
        if (!t)
                return;
        struct dl_key_value tpk, tsk;
        dl_key_value_of(req, t->partition_key.name, &tpk);
        bool sk_varies = false;
        if (t->sort_key.name) {
                dl_key_value_of(req, t->sort_key.name, &tsk);
                sk_varies = dl_key_value_varies(&tsk);
        }
        bool table_key_varies = dl_key_value_varies(&tpk) || sk_varies;
        struct dl_key_target k;
        for (size_t i = 0; i <= t->n_indexes; i++) {
                struct dl_key_value pk;
                if (!dl_key_target_at(t, i, &k) || !dl_key_target_written(req, &k, &pk) ||
                    !dl_value_is_complete(&pk.value))
                        continue;
                if (!(k.index ? table_key_varies : sk_varies))
                        continue; /* a singleton, or not known to differ */
                if (k.index && k.index->sparse && !sparse_value(k.index, &pk.value))
                        continue;
                if (s && dl_key_matches_any(ctx, &s->allow, &pk.value, false))
                        continue;
                char label[256], opl[64], text[DL_QUOTE_SIZE];
                dl_quote(text, pk.value.text, pk.value.len);
                if (k.index)
                        dl_key_report(ctx, req, &pk,
                                      "partition key '%s' of %s is the constant '%s' for every "
                                      "item this %s writes: they all land in one partition of "
                                      "the index (about 1,000 writes a second at most), and an "
                                      "index that falls behind throttles the table's writes too; "
                                      "use a high-cardinality key, or write-shard it ('%s#<shard>', "
                                      "and one Query per shard)",
                                      DL_Q(k.pk), dl_key_target_label(&k, label, sizeof label),
                                      text, dl_key_op_label(req, opl, sizeof opl), text);
                else
                        dl_key_report(ctx, req, &pk,
                                      "partition key '%s' of %s is the constant '%s' for every "
                                      "item this %s writes: they all land in one partition "
                                      "(about 1,000 writes a second at most); use a "
                                      "high-cardinality key, or write-shard it ('%s#<shard>')",
                                      DL_Q(k.pk), dl_key_target_label(&k, label, sizeof label),
                                      text, dl_key_op_label(req, opl, sizeof opl), text);
        }
}

static const char *const options[] = {"allow", NULL};

const struct dl_check dl_check_constant_partition_key = {
        .info = &info_constant_partition_key,
        .configure = configure,
        .run = run,
        .destroy = destroy,
        .options = options,
};
