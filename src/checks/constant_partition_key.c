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
 *
 * One design, one finding (issue 28): the writes of a key other than a
 * sparse index's are judged together per file (run_unit, util_design.h):
 * one constant for every write is one finding here, at the first write,
 * the others related; two constants or more are
 * low-cardinality-partition-key's. A sparse index's writes are judged one
 * by one (run).
 */
#include "info.h"
#include "util_design.h"
#include "util_expr.h"
#include "util_keys.h"

#include "../core/alloc.h"
#include "../model/quote.h"

#include <stdio.h>
#include <stdlib.h>

static void report(const struct dl_check_ctx *ctx, const struct dl_request *req,
                   const struct dl_key_target *k, const struct dl_key_value *pk,
                   const struct dl_key_design *d)
{
        char label[256], opl[64], text[DL_QUOTE_SIZE];
        dl_quote(text, pk->value.text, pk->value.len);
        struct dl_check_ctx at = *ctx;
        at.req = req;
        struct dl_finding *f = dl_key_report(
                &at, req, pk,
                "partition key '%s' of %s is the constant '%s' for every item this %s "
                "writes: they all land in one partition%s (about 1,000 writes a second at "
                "most)%s; use a high-cardinality key, or write-shard it ('%s#<shard>'%s)",
                DL_Q(k->pk), dl_key_target_label(k, label, sizeof label), text,
                dl_key_op_label(req, opl, sizeof opl), k->index ? " of the index" : "",
                k->index ? ", and an index that falls behind throttles the table's writes "
                           "too"
                         : "",
                text, k->index ? ", and one Query per shard" : "");
        dl_key_design_mark(f, d);
}

/* A sparse index's writes, one by one: its designed values are partitions
 * of the index (a write of another value is sparse-index-key-not-removed's). */
static void judge(const struct dl_check_ctx *ctx, const struct dl_request *req,
                  const struct dl_key_target *k, const struct dl_key_value *pk)
{
        const struct dl_key_design_state *st = ctx->state;
        if (!k->index || !k->index->sparse || !dl_value_is_complete(&pk->value) ||
            !dl_key_items_differ(req, k) || !dl_sparse_value(k->index, &pk->value) ||
            dl_key_matches_any(ctx, st->allow, &pk->value, false))
                return;
        report(ctx, req, k, pk, NULL);
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        dl_key_visit(ctx, req, DL_KEYS_WRITES, judge);
}

/* Every other key: one finding per file for a key every write sets to the
 * same constant; two constants or more are low-cardinality-partition-key's. */
static void run_unit(const struct dl_check_ctx *ctx, const struct dl_request *const *reqs, size_t n)
{
        const struct dl_key_design_state *st = ctx->state;
        size_t nd = 0;
        struct dl_key_design *d = dl_key_designs(ctx, reqs, n, st->allow, st->low, false, &nd);
        for (size_t i = 0; i < nd; i++)
                if (dl_key_design_is_constant(&d[i]))
                        report(ctx, d[i].w[0].req, &d[i].w[0].k, &d[i].w[0].pk, &d[i]);
        dl_key_designs_free(d, nd);
}

static const char *const options[] = {"allow", NULL};

const struct dl_check dl_check_constant_partition_key = {
        .info = &info_constant_partition_key,
        .configure = dl_key_design_configure,
        .run = run,
        .run_unit = run_unit,
        .destroy = dl_key_design_destroy,
        .options = options,
};
