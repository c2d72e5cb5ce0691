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

static void check_key(const struct dl_check_ctx *ctx, const struct dl_request *req,
                      const struct dl_expr *e, const char *key, bool is_hash)
{
        if (!key)
                return;
        for (size_t i = 0; i < e->n_paths; i++) {
                const char *name;
                size_t len;
                const struct dl_path *p = e->paths[i];
                if (!dl_path_head(req, p, &name, &len) || !dl_name_eq(name, len, key))
                        continue;
                dl_expr_report(ctx, e, p->elems[0].off, p->elems[0].end,
                               "Filter Expression can only contain non-primary key attributes: "
                               "Primary key attribute: %s; %s",
                               key,
                               is_hash ? "the partition key is already fixed by the key "
                                         "condition; remove this condition"
                                       : "move the condition on the sort key into the "
                                         "KeyConditionExpression");
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
        check_key(ctx, req, e, k.hash, true);
        check_key(ctx, req, e, k.range, false);
        dl_report_nested_key_path(ctx, req, e);
}

const struct dl_check dl_check_filter_on_key_attribute = {
        .info = &info_filter_on_key_attribute,
        .run = run,
};
