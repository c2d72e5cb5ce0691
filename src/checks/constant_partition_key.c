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

#include "../model/quote.h"

#include <stdio.h>

static enum dl_status configure(void **out, const struct dl_check_config *cfg,
                                const struct dl_ruleset *rules, struct dl_error *err)
{
        (void)rules;
        return dl_patterns_configure(out, cfg, "allow", err);
}

static void judge(const struct dl_check_ctx *ctx, const struct dl_request *req,
                  const struct dl_key_target *k, const struct dl_key_value *pk)
{
        if (!dl_value_is_complete(&pk->value) || !dl_key_items_differ(req, k) ||
            (k->index && k->index->sparse && !dl_sparse_value(k->index, &pk->value)) ||
            dl_key_matches_any(ctx, ctx->state, &pk->value, false))
                return;
        char label[256], opl[64], text[DL_QUOTE_SIZE];
        dl_quote(text, pk->value.text, pk->value.len);
        dl_key_report(ctx, req, pk,
                      "partition key '%s' of %s is the constant '%s' for every item this %s "
                      "writes: they all land in one partition%s (about 1,000 writes a second at "
                      "most)%s; use a high-cardinality key, or write-shard it ('%s#<shard>'%s)",
                      DL_Q(k->pk), dl_key_target_label(k, label, sizeof label), text,
                      dl_key_op_label(req, opl, sizeof opl), k->index ? " of the index" : "",
                      k->index ? ", and an index that falls behind throttles the table's writes "
                                 "too"
                               : "",
                      text, k->index ? ", and one Query per shard" : "");
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        dl_key_visit(ctx, req, DL_KEYS_WRITES, judge);
}

static const char *const options[] = {"allow", NULL};

const struct dl_check dl_check_constant_partition_key = {
        .info = &info_constant_partition_key,
        .configure = configure,
        .run = run,
        .destroy = dl_patterns_destroy,
        .options = options,
};
