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
        return dl_patterns_configure(out, cfg, "patterns", err);
}

/* Are all the holes of v dates (a bucket by time and nothing else)? */
static bool only_dates(const struct dl_value *v)
{
        for (size_t i = 0; i < v->n_segs; i++)
                if (!v->segs[i].text && (!v->segs[i].hole || v->segs[i].hole->kind != DL_HOLE_DATE))
                        return false;
        return true;
}

/* Judge the partition key value pk of key k. */
static void judge(const struct dl_check_ctx *ctx, const struct dl_request *req,
                  const struct dl_key_target *k, const struct dl_key_value *pk)
{
        const struct dl_value *v = &pk->value;
        const struct dl_hole *part = NULL;
        enum dl_key_spread spread = dl_key_spread_of(v, &part);
        bool write = req->op != DL_OP_QUERY;
        if (spread == DL_SPREAD_SHARDED || (write && spread == DL_SPREAD_CONSTANT))
                return;
        const struct dl_pattern *p = dl_key_matches_any(ctx, ctx->state, v, true);
        if (!p && spread != DL_SPREAD_LOW)
                return;
        /* a write to a date bucket whose items do not differ is one item
         * per period (a daily summary): not hot, unless proven otherwise */
        if (write && !p && only_dates(v) && !dl_key_items_differ(req, k))
                return;
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
        dl_key_report(ctx, req, pk,
                      "partition key '%s' of %s takes few distinct values ('%s'): %s; %s "
                      "(about %s units a second each at most); add a high-cardinality part "
                      "or write-shard it ('<value>#<shard>')",
                      DL_Q(k->pk), dl_key_target_label(k, label, sizeof label),
                      dl_key_value_text(v, text, sizeof text), why, effect,
                      write ? "1,000 write" : "3,000 read");
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        dl_key_visit(ctx, req, DL_KEYS_WRITES | DL_KEYS_QUERIES, judge);
}

static const char *const options[] = {"patterns", NULL};

const struct dl_check dl_check_low_cardinality_partition_key = {
        .info = &info_low_cardinality_partition_key,
        .configure = configure,
        .run = run,
        .destroy = dl_patterns_destroy,
        .options = options,
};
