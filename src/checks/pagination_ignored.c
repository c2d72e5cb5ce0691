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
 * without a sort key).
 * PartiQL: an ExecuteStatement SELECT returns at most 1 MB too, with
 * NextToken set when more remains, sent back as the next call's NextToken
 * (DynamoDB API Reference, ExecuteStatement). Reported like a Query: its
 * Items read, its NextToken never; not reported: a statement with a Limit,
 * one not read whole (a hole, an error), and a SELECT whose WHERE pins one
 * item (= on the partition and sort keys the rules file describes, or = on
 * two attributes of a table it does not describe, as for a Query).
 */
#include "info.h"
#include "util_expr.h"

#include "../model/expr.h"
#include "../model/partiql.h"
#include "../model/quote.h"
#include "../model/request.h"

#include <string.h>

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

/* Is name (len bytes) fixed with = under the top-level ANDs of c? */
static bool pq_fixes_eq(const struct dl_pq_node *c, const char *name, size_t len)
{
        if (c->kind == DL_PQN_AND)
                return pq_fixes_eq(c->args[0], name, len) || pq_fixes_eq(c->args[1], name, len);
        if (c->kind != DL_PQN_CMP || c->op != DL_PQ_EQ)
                return false;
        for (int i = 0; i < 2; i++) {
                const struct dl_pq_node *p = c->args[i], *v = c->args[1 - i];
                if (p->kind == DL_PQN_PATH && !p->n_steps && p->name_len == len &&
                    !memcmp(p->name, name, len) &&
                    (v->kind == DL_PQN_PARAM || v->kind == DL_PQN_LITERAL))
                        return true;
        }
        return false;
}

/* The number of = comparisons of a top-level attribute under the
 * top-level ANDs of c. */
static size_t pq_equalities(const struct dl_pq_node *c)
{
        if (c->kind == DL_PQN_AND)
                return pq_equalities(c->args[0]) + pq_equalities(c->args[1]);
        return c->kind == DL_PQN_CMP && c->op == DL_PQ_EQ &&
               (c->args[0]->kind == DL_PQN_PATH || c->args[1]->kind == DL_PQN_PATH);
}

/* Is req's statement a SELECT read whole that may span pages: not one
 * whose WHERE pins one item? */
static bool select_of_pages(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        const struct dl_partiql *st = req->partiql;
        if (!st || !st->complete || st->n_errors || st->stmt != DL_PQ_SELECT || !st->table.text ||
            st->table.has_hole)
                return false;
        if (!st->where)
                return true;
        struct dl_read_keys k;
        if (st->index.has_hole)
                return false;
        if (dl_read_keys_named(ctx, st->table.text, st->table.len, st->index.text, st->index.len,
                               &k))
                return !(pq_fixes_eq(st->where, k.hash, strlen(k.hash)) &&
                         (!k.range || pq_fixes_eq(st->where, k.range, strlen(k.range))));
        return pq_equalities(st->where) < 2;
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        if (req->op == DL_OP_EXECUTE_STATEMENT) {
                if (!select_of_pages(ctx, req))
                        return;
        } else if (req->op != DL_OP_QUERY && req->op != DL_OP_SCAN) {
                return;
        }
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
        if (req->op == DL_OP_EXECUTE_STATEMENT) {
                dl_report(ctx, &req->call,
                          "PartiQL SELECT of table '%s' uses the items of one page only: it "
                          "never reads NextToken, so past 1 MB of data the rest are lost",
                          DL_QN(req->partiql->table.text, req->partiql->table.len));
                return;
        }
        dl_report(ctx, &req->call,
                  "%s of %s uses the items of one page only: it never reads LastEvaluatedKey, "
                  "so past 1 MB of data the rest are lost",
                  dl_op_name(req->op), dl_table_label(req, label, sizeof label));
}

const struct dl_check dl_check_pagination_ignored = {
        .info = &info_pagination_ignored,
        .run = run,
};
