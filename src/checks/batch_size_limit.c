/* batch_size_limit.c - check `batch-size-limit`.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: DynamoDB takes at most 25 put or delete requests in one
 * BatchWriteItem, 100 items (keys) in one BatchGetItem, 25 statements in
 * one BatchExecuteStatement (its Statements: "Maximum number of 25
 * items"), and 100 actions in one TransactWriteItems or TransactGetItems
 * (DynamoDB API Reference, 2012-08-10: BatchWriteItem, BatchGetItem,
 * BatchExecuteStatement, TransactWriteItems, TransactGetItems; the
 * transaction limit was 25 before 2022). A call over the limit is rejected
 * whole with a ValidationException: nothing is written or read. Code that
 * adds one member per element of a container and sends the batch once
 * works in tests and fails the day the container holds 26.
 * Reported: a batch whose member count is known (every member seen, none
 * added on some paths only) and over the limit; a batch sent outside any
 * loop whose members are added in a loop over a container of any size
 * with no size guard before the call (model/response.h unbounded_add).
 * Deliberately ignored: a batch whose members ddblint could not all see (a
 * list from a caller or a helper: escaped), a loop that sends as it goes
 * (chunking: the call in the loop), a loop with a break or a comparison
 * with a constant from 2 to 100 (a chunk counter), any size() or length()
 * call in the function before the call or a use of a C loop's bound
 * outside the loop (guards ddblint does not read further), a loop up to a
 * constant or over a fixed-size array,
 * PartiQL's ExecuteTransaction (its own limit, not this check's).
 */
#include "info.h"

#include "../model/request.h"

static const struct limit {
        enum dl_op op;
        size_t max;
        const char *what; /* what is counted, plural */
} limits[] = {
        {DL_OP_BATCH_WRITE_ITEM, 25, "put and delete requests"},
        {DL_OP_BATCH_GET_ITEM, 100, "keys"},
        {DL_OP_BATCH_EXECUTE_STATEMENT, 25, "statements"},
        {DL_OP_TRANSACT_WRITE_ITEMS, 100, "actions"},
        {DL_OP_TRANSACT_GET_ITEMS, 100, "actions"},
};

/* The number of what lim counts in req, or 0 when not known. */
static size_t known_count(const struct dl_request *req)
{
        if (req->escaped || !req->n_items)
                return 0;
        if (req->op != DL_OP_BATCH_GET_ITEM)
                return req->n_items;
        size_t n = 0;
        for (size_t i = 0; i < req->n_items; i++) {
                if (!req->items[i].n_keys)
                        return 0;
                n += req->items[i].n_keys;
        }
        return n;
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        const struct limit *lim = NULL;
        for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
                if (limits[i].op == req->op)
                        lim = &limits[i];
        }
        if (!lim || req->member)
                return;
        const char *op = dl_op_name(req->op);
        size_t n = known_count(req);
        if (n > lim->max) {
                dl_report(ctx, &req->call,
                          "this %s has %zu %s; DynamoDB takes at most %zu in one call and rejects "
                          "the whole call with a ValidationException: split it into calls of "
                          "%zu",
                          op, n, lim->what, lim->max, lim->max);
                return;
        }
        if (!dl_loc_valid(&req->response.unbounded_add))
                return;
        struct dl_finding *f = dl_report(
                ctx, &req->call,
                "the %s of this %s are added in a loop over a container of any size and sent in "
                "one call: past %zu, DynamoDB rejects the whole call with a ValidationException; "
                "send them in chunks of %zu (or check the size before the call)",
                lim->what, op, lim->max, lim->max);
        dl_report_related(f, &req->response.unbounded_add, "added here, once per element");
}

const struct dl_check dl_check_batch_size_limit = {
        .info = &info_batch_size_limit,
        .run = run,
};
