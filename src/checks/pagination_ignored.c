/* pagination_ignored.c - check `pagination-ignored`.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: DynamoDB returns at most 1 MB of data per Query or Scan
 * call, with LastEvaluatedKey set when more remains; the next page is asked
 * for by sending it back as ExclusiveStartKey (Amazon DynamoDB Developer
 * Guide, "Paginating table query results" and "Paginating the results" of
 * Scan). Code that uses the items of one call and never reads
 * LastEvaluatedKey passes every test on a small table and silently drops
 * items once the result grows past 1 MB.
 * Deliberately ignored: a response ddblint could not follow to its end
 * (returned, stored, passed to another function: model/response.h), a
 * paginator or an asynchronous call, a request with a Limit (a bounded page
 * is what it asks for) or an ExclusiveStartKey (the pagination is carried
 * across calls), a response whose items are never read, and a Query whose
 * key condition pins one item (equality on the partition key and on the
 * sort key, or on the partition key of a table the rules file describes
 * without a sort key). PartiQL's ExecuteStatement is not checked yet.
 */
#include "info.h"
#include "util_expr.h"

#include "../model/expr.h"
#include "../model/request.h"

/* Does the key condition select at most one item? */
static bool pins_one_item(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        const struct dl_expr *e = req->exprs[DL_FIELD_KEY_CONDITION_EXPRESSION];
        if (!e || !e->complete || !e->root)
                return false;
        const struct dl_enode *n = e->root;
        if (n->kind == DL_EN_AND && n->n_args == 2)
                return n->args[0]->kind == DL_EN_CMP && n->args[0]->op == DL_CMP_EQ &&
                       n->args[1]->kind == DL_EN_CMP && n->args[1]->op == DL_CMP_EQ;
        struct dl_read_keys k;
        return n->kind == DL_EN_CMP && n->op == DL_CMP_EQ && dl_read_keys_get(ctx, req, &k) &&
               !k.range;
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        if (req->op != DL_OP_QUERY && req->op != DL_OP_SCAN)
                return;
        if (req->fields[DL_FIELD_LIMIT].kind != DL_VAL_ABSENT ||
            req->fields[DL_FIELD_EXCLUSIVE_START_KEY].kind != DL_VAL_ABSENT)
                return;
        if (req->op == DL_OP_QUERY && pins_one_item(ctx, req))
                return;
        const struct dl_response *resp = &req->response;
        if (resp->state != DL_RESP_FOLLOWED) {
                dl_response_unfollowed(ctx, req);
                return;
        }
        if (!(resp->reads & DL_READ_ITEMS) || (resp->reads & DL_READ_CONTINUATION))
                return;
        char label[512];
        dl_report(ctx, &req->call,
                  "%s of %s uses the items of one page only: it never reads LastEvaluatedKey, "
                  "so past 1 MB of data the rest are lost",
                  dl_op_name(req->op), dl_table_label(req, label, sizeof label));
}

const struct dl_check dl_check_pagination_ignored = {
        .info = &info_pagination_ignored,
        .run = run,
};
