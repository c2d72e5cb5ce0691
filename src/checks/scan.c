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
 * finding, at the first send, the others related (issue 28).
 */
#include "info.h"

#include "../core/alloc.h"
#include "../model/request.h"

#include <stdlib.h>
#include <string.h>

static bool is_parallel(const struct dl_request *req)
{
        return req->fields[DL_FIELD_TOTAL_SEGMENTS].kind != DL_VAL_ABSENT &&
               !req->escaped;
}

static bool same_loc(const struct dl_loc *a, const struct dl_loc *b)
{
        return a->file && b->file && a->line == b->line && a->col == b->col &&
               !strcmp(a->file, b->file);
}

/* The Scan reqs[i] sends again, or NULL: an earlier Scan of the same
 * request object (its declaration) in the same function, of the same table
 * and index, as a loop that follows LastEvaluatedKey sends it once before
 * the loop and again in it (issue 28: one request, one finding). */
static const struct dl_request *sent_before(const struct dl_request *const *reqs, size_t i,
                                            const char *label)
{
        const struct dl_request *r = reqs[i];
        for (size_t j = 0; j < i; j++) {
                const struct dl_request *q = reqs[j];
                char other[512];
                if (q->op == DL_OP_SCAN && !q->member &&
                    same_loc(&q->request_decl, &r->request_decl) && q->function && r->function &&
                    !strcmp(q->function, r->function) &&
                    !strcmp(dl_table_label(q, other, sizeof other), label))
                        return q;
        }
        return NULL;
}

static void run_unit(const struct dl_check_ctx *ctx, const struct dl_request *const *reqs, size_t n)
{
        struct dl_finding **found = dl_xcalloc(n + 1, sizeof *found);
        for (size_t i = 0; i < n; i++) {
                const struct dl_request *req = reqs[i];
                if (req->op != DL_OP_SCAN)
                        continue;
                char label[512];
                dl_table_label(req, label, sizeof label);
                const struct dl_request *first = req->member ? NULL : sent_before(reqs, i, label);
                if (first) {
                        for (size_t j = 0; j < i; j++) {
                                if (reqs[j] == first && found[j])
                                        dl_report_related(found[j], &req->call,
                                                          "the same Scan request sent again");
                        }
                        continue;
                }
                struct dl_check_ctx c = *ctx;
                c.req = req;
                const char *what = is_parallel(req) ? "parallel Scan" : "Scan";
                const struct dl_value *ix = &req->fields[DL_FIELD_INDEX_NAME];
                const char *target = ix->kind == DL_VAL_ABSENT ? "every item of the table"
                                     : dl_value_is_complete(ix) || dl_index_set_at_run_time(req)
                                             ? "every item of the index"
                                             : "every item of the table or index";
                found[i] = dl_report(&c, &req->call,
                                     "%s of %s reads %s and consumes read capacity for all of "
                                     "it, whatever the filter keeps; query an item collection "
                                     "by its partition key, or add an index whose key serves "
                                     "this access pattern",
                                     what, label, target);
        }
        free(found);
}

const struct dl_check dl_check_scan = {
        .info = &info_scan,
        .run_unit = run_unit,
};
