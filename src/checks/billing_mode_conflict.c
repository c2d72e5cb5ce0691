/* billing_mode_conflict.c - check `billing-mode-conflict` (a table check):
 * ProvisionedThroughput on a PAY_PER_REQUEST table or on one of its global
 * secondary indexes; none on a PROVISIONED table or index.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: CloudFormation and DynamoDB reject both at deploy time.
 * BillingMode of AWS::DynamoDB::Table defaults to PROVISIONED, and then
 * "you must specify" ProvisionedThroughput; with PAY_PER_REQUEST the table
 * and its indexes must not set it (AWS CloudFormation template reference,
 * AWS::DynamoDB::Table BillingMode and ProvisionedThroughput; DynamoDB API
 * reference, ProvisionedThroughput: "You must use ProvisionedThroughput or
 * OnDemandThroughput based on your table's capacity mode"). A SAM
 * SimpleTable without ProvisionedThroughput is on-demand (SAM
 * specification); terraform writes 0 units for on-demand (rules/ruleset_tf.c
 * reads 0 as none). describe-table output describes a table that exists,
 * which DynamoDB accepted: not checked.
 *
 * Where: a throughput that must not be there at its key; a missing one at
 * BillingMode when the table writes it, else at the resource (the table)
 * or at the index's entry. Deliberately ignored: a BillingMode or
 * ProvisionedThroughput computed by a function (!If, a parameter), a
 * GlobalTable (its capacity lives in other properties), local indexes
 * (they share the table's capacity).
 */
#include "info.h"

#include "../model/quote.h"
#include "../rules/schema.h"

#include <string.h>

static void run_table(const struct dl_check_ctx *ctx, const struct dl_table *t)
{
        const struct dl_table_def *d = t->def;
        /* describe-table describes a table DynamoDB accepted: a conflict
         * there is a trimmed file, not a table that fails to deploy */
        if (d->billing == DL_BILLING_UNKNOWN || !strcmp(d->format, "describe-table"))
                return;
        bool on_demand = d->billing == DL_BILLING_PAY_PER_REQUEST;
        /* an UpdateTable: what it leaves out is unchanged, not missing; the
         * mode is certain when it writes it, or when it keeps the mode of
         * a table whose definition nothing else in the unit changes: then
         * the indexes it creates are checked against that mode */
        bool kept = d->update && d->billing_written == DL_DEF_ABSENT && d->billing_certain;
        if (d->update && !kept && (!on_demand || d->billing_written != DL_DEF_KNOWN))
                return;
        const char *mode = on_demand ? "PAY_PER_REQUEST" : "PROVISIONED";
        const char *implied = kept                 ? " (a mode this UpdateTable does not change)"
                              : d->billing_written ? ""
                                                   : " (the default)";
        /* kept: the table's own throughput is its definition's */
        if (!kept && on_demand && d->capacity.state == DL_DEF_KNOWN)
                dl_report_table(ctx, t, &d->capacity.key_loc,
                                "table %s is %s but sets ProvisionedThroughput; DynamoDB "
                                "rejects it: drop ProvisionedThroughput, or make the table "
                                "PROVISIONED",
                                DL_TABLE_DEF_LABEL(t), mode);
        else if (!kept && !on_demand && d->capacity.state == DL_DEF_ABSENT)
                dl_report_table(ctx, t, d->billing_written ? &d->billing_loc : &d->loc,
                                "table %s is %s%s but has no ProvisionedThroughput; DynamoDB "
                                "rejects it: set ProvisionedThroughput, or BillingMode: "
                                "PAY_PER_REQUEST",
                                DL_TABLE_DEF_LABEL(t), mode, implied);
        for (size_t i = 0; i < t->n_indexes; i++) {
                const struct dl_index *ix = &t->indexes[i];
                if (ix->kind != DL_INDEX_GLOBAL || !ix->def)
                        continue;
                const struct dl_capacity *c = &ix->def->capacity;
                if (on_demand && c->state == DL_DEF_KNOWN)
                        dl_report_table(ctx, t, &c->key_loc,
                                        "global secondary index '%s' of table %s sets "
                                        "ProvisionedThroughput but the table is %s; DynamoDB "
                                        "rejects it: drop it",
                                        DL_Q(ix->name), DL_TABLE_DEF_LABEL(t), mode);
                else if (!on_demand && c->state == DL_DEF_ABSENT)
                        dl_report_table(ctx, t, &ix->loc,
                                        "global secondary index '%s' of table %s has no "
                                        "ProvisionedThroughput but the table is %s%s; DynamoDB "
                                        "rejects it: set the index's ProvisionedThroughput",
                                        DL_Q(ix->name), DL_TABLE_DEF_LABEL(t), mode, implied);
        }
}

const struct dl_check dl_check_billing_mode_conflict = {
        .info = &info_billing_mode_conflict,
        .run_table = run_table,
};
