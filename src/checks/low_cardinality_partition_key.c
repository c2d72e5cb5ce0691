/* low_cardinality_partition_key.c - check `low-cardinality-partition-key`:
 * a partition key (of the table, or of a global secondary index) that a
 * write or a Query builds only from constants and low-cardinality parts.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: a partition key with few distinct values (a status, a
 * boolean, a country, the current day) puts the table's items, or its
 * traffic, in few partitions; each serves at most about 3,000 read and
 * 1,000 write units a second, so the busiest value throttles the whole
 * application (developer guide, "Best practices for designing and using
 * partition keys effectively"). A date bucket is the classic case: every
 * write of the current day or hour lands in one partition.
 *
 * Low-cardinality parts are typed holes (model/template.h): a bool, an
 * enum, one of a finite set of strings, or a date or time by the year,
 * month, week, day, hour or minute (seconds and finer are not reported);
 * also any key the `patterns` option matches (PCRE2, searched in the whole
 * key; a key with holes matches when the known text before its first hole
 * matches or partially matches). Deliberately ignored: a key with a shard
 * part, a key with any part of unknown cardinality (unless a pattern
 * matches it), a write whose key is one constant (constant-partition-key
 * judges that), a write whose key is a date bucket (its only holes are
 * dates) unless the items under it are proven to differ
 * (dl_key_items_differ: one summary item per day is written once a day,
 * not all day long), tables not described in the rules file.
 *
 * One design, one finding (issue 28): the writes of a key other than a
 * sparse index's are judged together per file (run_unit, util_design.h):
 * two constants or more, or a low-cardinality template (with constants or
 * not), are one finding at the first write naming the values, the other
 * writes related; Queries and a sparse index's writes are judged one by
 * one (run).
 */
#include "info.h"
#include "util_design.h"
#include "util_expr.h"
#include "util_keys.h"

#include "../core/alloc.h"
#include "../model/quote.h"

#include <stdio.h>
#include <stdlib.h>

/* One request's finding: a Query, or a write to a sparse index. */
static void report_one(const struct dl_check_ctx *ctx, const struct dl_request *req,
                       const struct dl_key_target *k, const struct dl_key_value *pk,
                       const struct dl_pattern *p, const struct dl_hole *part,
                       const struct dl_key_design *d)
{
        const struct dl_value *v = &pk->value;
        bool write = req->op != DL_OP_QUERY;
        char label[256], why[320], text[DL_QUOTE_SIZE];
        if (p)
                snprintf(why, sizeof why, "it matches the low-cardinality pattern '%s'",
                         DL_Q(p->source));
        else
                dl_hole_describe(part, why, sizeof why);
        const char *effect =
                !write ? "every Query of one value reads one partition, which all its readers share"
                : part && !p && part->kind == DL_HOLE_DATE
                        ? "every write of the current period lands in one partition"
                        : "the items crowd into few partitions";
        struct dl_check_ctx at = *ctx;
        at.req = req;
        struct dl_finding *f =
                dl_key_report(&at, req, pk,
                              "partition key '%s' of %s takes few distinct values ('%s'): %s; %s "
                              "(about %s units a second each at most); add a high-cardinality part "
                              "or write-shard it ('<value>#<shard>')",
                              DL_Q(k->pk), dl_key_target_label(k, label, sizeof label),
                              dl_key_value_text(v, text, sizeof text), why, effect,
                              write ? "1,000 write" : "3,000 read");
        dl_key_design_mark(f, d);
}

/* Queries, and writes to a sparse index, one by one. */
static void judge(const struct dl_check_ctx *ctx, const struct dl_request *req,
                  const struct dl_key_target *k, const struct dl_key_value *pk)
{
        const struct dl_key_design_state *st = ctx->state;
        bool write = req->op != DL_OP_QUERY;
        if (write && (!k->index || !k->index->sparse))
                return; /* the unit stage's */
        const struct dl_pattern *p;
        const struct dl_hole *part;
        if (dl_key_design_low(ctx, st->low, req, k, &pk->value, write, &p, &part))
                report_one(ctx, req, k, pk, p, part, NULL);
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        dl_key_visit(ctx, req, DL_KEYS_WRITES | DL_KEYS_QUERIES, judge);
}

/* The writes of each key of a file: one finding per design. A single
 * write keeps its own message; several name the values seen and point at
 * every other write. */
static void report_design(const struct dl_check_ctx *ctx, const struct dl_key_design *d)
{
        const struct dl_key_write *first = &d->w[0];
        const struct dl_key_write *low = NULL;
        for (size_t i = 0; i < d->n && !low; i++)
                if (!d->w[i].constant)
                        low = &d->w[i];
        if (d->n == 1 || (low && d->n_constants == 0 && d->n == 1)) {
                report_one(ctx, first->req, &first->k, &first->pk, first->pattern, first->part, d);
                return;
        }
        char label[256], values[1024], why[320];
        if (low && low->pattern)
                snprintf(why, sizeof why, "it matches the low-cardinality pattern '%s'",
                         DL_Q(low->pattern->source));
        else if (low)
                dl_hole_describe(low->part, why, sizeof why);
        else
                snprintf(why, sizeof why, "%zu writes of this file set %zu different constants",
                         d->n, d->n_constants);
        struct dl_check_ctx at = *ctx;
        at.req = first->req;
        struct dl_finding *f = dl_key_report(
                &at, first->req, &first->pk,
                "partition key '%s' of %s takes few distinct values (%s): %s; the items crowd "
                "into few partitions (about 1,000 write units a second each at most); add a "
                "high-cardinality part or write-shard it ('<value>#<shard>')",
                DL_Q(first->k.pk), dl_key_target_label(&first->k, label, sizeof label),
                dl_key_design_values(d, values, sizeof values), why);
        dl_key_design_mark(f, d);
}

static void run_unit(const struct dl_check_ctx *ctx, const struct dl_request *const *reqs, size_t n)
{
        const struct dl_key_design_state *st = ctx->state;
        size_t nd = 0;
        struct dl_key_design *d = dl_key_designs(ctx, reqs, n, st->allow, st->low, true, &nd);
        for (size_t i = 0; i < nd; i++)
                if (!dl_key_design_is_constant(&d[i]))
                        report_design(ctx, &d[i]);
        dl_key_designs_free(d, nd);
}

static const char *const options[] = {"patterns", NULL};

const struct dl_check dl_check_low_cardinality_partition_key = {
        .info = &info_low_cardinality_partition_key,
        .configure = dl_key_design_configure,
        .run = run,
        .run_unit = run_unit,
        .destroy = dl_key_design_destroy,
        .options = options,
};
