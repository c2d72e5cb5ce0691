/* scan.c - check `scan`: every Scan call.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: a Scan reads every item of the table (or of the index) and
 * consumes read capacity for all of it, whatever its FilterExpression keeps:
 * the filter is applied after the read ("Scan" in the DynamoDB developer
 * guide, "Working with scans": a filter does not reduce consumed capacity).
 * In a single-table design that is every entity of every user. A parallel
 * scan (Segment/TotalSegments) reads the same items faster.
 *
 * Deliberately ignored: nothing. Every Scan is reported, with whatever
 * table and index names are known, because even a Scan with a Limit pages
 * through the whole table when its caller follows LastEvaluatedKey. One
 * request object sent again in its function (the loop that follows
 * LastEvaluatedKey sends it once before the loop and again in it) is one
 * finding, at the first send, the others related: dl_report_fold_resends
 * does that for every check.
 */
#include "info.h"

#include "../model/request.h"

static bool is_parallel(const struct dl_request *req)
{
        return req->fields[DL_FIELD_TOTAL_SEGMENTS].kind != DL_VAL_ABSENT &&
               !req->escaped;
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        if (req->op != DL_OP_SCAN)
                return;
        char label[512];
        dl_table_label(req, label, sizeof label);
        const char *what = is_parallel(req) ? "parallel Scan" : "Scan";
        const struct dl_value *ix = &req->fields[DL_FIELD_INDEX_NAME];
        const char *target = ix->kind == DL_VAL_ABSENT ? "every item of the table"
                             : dl_value_is_complete(ix) || dl_index_set_at_run_time(req)
                                     ? "every item of the index"
                                     : "every item of the table or index";
        dl_report(ctx, &req->call,
                  "%s of %s reads %s and consumes read capacity for all of it, whatever the "
                  "filter keeps; query an item collection by its partition key, or add an "
                  "index whose key serves this access pattern",
                  what, label, target);
}

const struct dl_check dl_check_scan = {
        .info = &info_scan,
        .run = run,
};
