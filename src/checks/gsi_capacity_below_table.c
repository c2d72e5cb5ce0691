/* gsi_capacity_below_table.c - check `gsi-capacity-below-table` (a table
 * check): a provisioned table with a global secondary index that can take
 * fewer writes per second than the table.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: every write to the table that touches an index's keys is
 * written to the index too, and when the index lacks write capacity the
 * table's own writes are throttled to the index's pace (back-pressure),
 * while the table's metrics show capacity to spare (AWS Knowledge Center,
 * "Why is my DynamoDB global secondary index throttled": "be sure that the
 * provisioned write capacity for each GSI is equal to or greater than the
 * provisioned write capacity of the base table"; Comparing DynamoDB and
 * HBase whitepaper, "Global Secondary Index Considerations").
 *
 * Each side is measured the same way: the MaxCapacity of the scaling
 * target that scales its writes when there is one, else its
 * WriteCapacityUnits. The finding sits on the index's number, with the
 * table's as a related location. Deliberately ignored: read capacity (a
 * GSI short of reads throttles only its own queries), on-demand tables, a
 * number computed by a function, a scaling target ddblint cannot tie to a
 * table or index (then every maximum of the file is unknown).
 */
#include "info.h"

#include "../model/quote.h"
#include "../rules/schema.h"

/* The most writes per second c allows, and where that number is; false
 * when not known. */
static bool max_writes(const struct dl_capacity *c, long long *out, const struct dl_loc **where,
                       const char **how)
{
        if (c->max_write.state == DL_DEF_KNOWN) {
                *out = c->max_write.value;
                *where = &c->max_write.loc;
                *how = "MaxCapacity of its write scaling target";
                return true;
        }
        if (c->max_write.state == DL_DEF_UNKNOWN || c->state != DL_DEF_KNOWN ||
            c->write.state != DL_DEF_KNOWN)
                return false;
        *out = c->write.value;
        *where = &c->write.loc;
        *how = "WriteCapacityUnits";
        return true;
}

static void run_table(const struct dl_check_ctx *ctx, const struct dl_table *t)
{
        const struct dl_table_def *d = t->def;
        long long tw;
        const struct dl_loc *tloc;
        const char *thow;
        if (d->billing != DL_BILLING_PROVISIONED || !max_writes(&d->capacity, &tw, &tloc, &thow))
                return;
        for (size_t i = 0; i < t->n_indexes; i++) {
                const struct dl_index *ix = &t->indexes[i];
                long long iw;
                const struct dl_loc *iloc;
                const char *ihow;
                if (ix->kind != DL_INDEX_GLOBAL || !ix->def ||
                    !max_writes(&ix->def->capacity, &iw, &iloc, &ihow) || iw >= tw)
                        continue;
                struct dl_finding *f = dl_report_table(
                        ctx, t, iloc,
                        "global secondary index '%s' takes at most %lld writes per second (%s) "
                        "but table %s takes %lld (%s): when the table's writes pass the "
                        "index's capacity DynamoDB throttles the table's writes too; give the "
                        "index at least the table's write capacity",
                        DL_Q(ix->name), iw, ihow, DL_TABLE_DEF_LABEL(t), tw, thow);
                dl_report_related(f, tloc, "the table's write capacity");
        }
}

const struct dl_check dl_check_gsi_capacity_below_table = {
        .info = &info_gsi_capacity_below_table,
        .run_table = run_table,
};
