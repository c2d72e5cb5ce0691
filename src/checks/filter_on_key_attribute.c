/* filter_on_key_attribute.c - check `filter-on-key-attribute`: a Query
 * FilterExpression that names a key attribute of the table or index
 * queried.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: DynamoDB rejects it ("Filter Expression can only contain
 * non-primary key attributes: Primary key attribute: sk"). A condition on
 * the sort key belongs in the KeyConditionExpression, where it also limits
 * what is read (and paid for) instead of what is returned.
 *
 * A key attribute of the table or of an index used as a map or a list in a
 * Query or Scan filter (`SK.x = :v`) is reported too: "Key attributes must
 * be scalars; list random access '[]' and map lookup '.' are not allowed:
 * Key: SK".
 *
 * Needs the rules file's tables: to know the key attributes. Deliberately
 * ignored: tables or indexes that are not described or named at run time,
 * and aliases whose attribute name is not known. The partition key is
 * reported before the sort key, as DynamoDB does; one finding per key.
 */
#include "info.h"
#include "util_expr.h"
#include "../model/quote.h"

/* The hint after DynamoDB's text. With a key condition (known, or set at
 * run time) the partition key is already fixed there; without one the
 * condition belongs in a new KeyConditionExpression, as
 * query-missing-key-condition also says: "remove this condition" would
 * contradict it. */
static void report_key(const struct dl_check_ctx *ctx, const struct dl_request *req,
                       const struct dl_expr *e, const struct dl_path *p,
                       const struct dl_read_keys *k, bool is_hash)
{
        const char *key = is_hash ? k->hash : k->range;
        bool has_kc = req->fields[DL_FIELD_KEY_CONDITION_EXPRESSION].kind != DL_VAL_ABSENT ||
                      req->fields[DL_FIELD_KEY_CONDITIONS].kind != DL_VAL_ABSENT;
        const char *head = "Filter Expression can only contain non-primary key attributes: "
                           "Primary key attribute: ";
        if (has_kc)
                dl_expr_report(ctx, e, p->elems[0].off, p->elems[0].end, "%s%s; %s", head,
                               DL_Q(key),
                               is_hash ? "the partition key is already fixed by the key "
                                         "condition; remove this condition"
                                       : "move the condition on the sort key into the "
                                         "KeyConditionExpression");
        else if (is_hash)
                dl_expr_report(ctx, e, p->elems[0].off, p->elems[0].end,
                               "%s%s; the Query has no KeyConditionExpression: move this "
                               "condition into one (`%s = :pk`)",
                               head, DL_Q(key), DL_Q(key));
        else
                dl_expr_report(ctx, e, p->elems[0].off, p->elems[0].end,
                               "%s%s; the Query has no KeyConditionExpression: move the "
                               "condition on the sort key into one, next to the partition key "
                               "(`%s = :pk AND ...`)",
                               head, DL_Q(key), DL_Q(k->hash));
}

static void check_key(const struct dl_check_ctx *ctx, const struct dl_request *req,
                      const struct dl_expr *e, const struct dl_read_keys *k, bool is_hash)
{
        const char *key = is_hash ? k->hash : k->range;
        if (!key)
                return;
        for (size_t i = 0; i < e->n_paths; i++) {
                const char *name;
                size_t len;
                const struct dl_path *p = e->paths[i];
                if (!dl_path_head(req, p, &name, &len) || !dl_name_eq(name, len, key))
                        continue;
                report_key(ctx, req, e, p, k, is_hash);
                return;
        }
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        const struct dl_expr *e = req->exprs[DL_FIELD_FILTER_EXPRESSION];
        struct dl_read_keys k;
        if ((req->op != DL_OP_QUERY && req->op != DL_OP_SCAN) || !e)
                return;
        if (req->op == DL_OP_SCAN) {
                dl_report_nested_key_path(ctx, req, e);
                return;
        }
        if (!dl_read_keys_get(ctx, req, &k))
                return;
        check_key(ctx, req, e, &k, true);
        check_key(ctx, req, e, &k, false);
        dl_report_nested_key_path(ctx, req, e);
}

const struct dl_check dl_check_filter_on_key_attribute = {
        .info = &info_filter_on_key_attribute,
        .run = run,
};
