/* unused_placeholder.c - check `unused-placeholder`: an
 * ExpressionAttributeNames or ExpressionAttributeValues entry that no
 * expression of the request uses.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: DynamoDB rejects a request that supplies a placeholder
 * it does not use ("Value provided in ExpressionAttributeNames unused in
 * expressions: keys: {#a}"), and one that supplies a placeholder map with
 * no expression that could use it ("ExpressionAttributeNames can only be
 * specified when using expressions"). Unused entries usually mean an
 * expression was edited and its placeholders were not.
 *
 * Deliberately ignored: requests where some expression is only partly known
 * (a template with holes, a run-time string, a syntax error that stopped the
 * parser) or that escaped: the unknown part may use the entry. Entries whose
 * key is not fully known.
 */
#include "info.h"
#include "util_expr.h"

#include "../core/strbuf.h"
#include "../model/placeholder.h"
#include "../model/quote.h"
#include "../model/quote.h"

/* Keys listed in one message; more are elided with "…". */
#define MAX_KEYS 10

static void report_unused(const struct dl_check_ctx *ctx, const struct dl_request *req,
                          const struct dl_attr_map *m, const char *what)
{
        struct dl_strbuf keys;
        dl_strbuf_init(&keys);
        const struct dl_attr *first = NULL;
        size_t n = 0;
        for (size_t i = 0; i < m->n; i++) {
                const struct dl_attr *a = &m->items[i];
                if (!dl_value_is_complete(&a->key) ||
                    dl_placeholder_is_used(req, a->key.text, a->key.len))
                        continue;
                /* each key quoted and truncated; at most MAX_KEYS listed */
                if (n < MAX_KEYS)
                        dl_strbuf_puts(&keys, n ? ", " : "");
                if (n < MAX_KEYS)
                        dl_quote_put(&keys, a->key.text, a->key.len);
                else if (n == MAX_KEYS)
                        dl_strbuf_puts(&keys, ", \u2026");
                n++;
                if (!first)
                        first = a;
        }
        if (first)
                dl_value_report(ctx, &first->key, &first->loc,
                                "Value provided in %s unused in expressions: keys: {%s}; remove "
                                "%s or use %s in an expression",
                                what, dl_strbuf_cstr(&keys), n > 1 ? "them" : "it",
                                n > 1 ? "them" : "it");
        dl_strbuf_fini(&keys);
}

/* The map is provably set on the request: listed whole (KNOWN, even
 * empty), or open (DYNAMIC) but with an entry or a setter ddblint saw. A
 * DYNAMIC map with neither only *may* be set (an Add clang dropped, code
 * ddblint cannot see) and proves nothing. */
static bool map_certainly_set(const struct dl_attr_map *m)
{
        return m->kind == DL_VAL_KNOWN ||
               (m->kind == DL_VAL_DYNAMIC && (m->n > 0 || dl_loc_valid(&m->loc)));
}

/* "ExpressionAttributeNames can only be specified when using expressions" */
static bool report_without_expressions(const struct dl_check_ctx *ctx,
                                       const struct dl_request *req)
{
        struct dl_op_params ps;
        if (req->escaped || !dl_op_params_get(req->op, &ps))
                return false;
        bool any = false, any_val = false;
        for (size_t i = 0; i < ps.n_expr; i++) {
                if (req->fields[ps.expr[i]].kind != DL_VAL_ABSENT) {
                        any = true;
                        if (ps.expr[i] != DL_FIELD_PROJECTION_EXPRESSION)
                                any_val = true;
                }
        }
        bool reported = false;
        if (map_certainly_set(&req->names) && !any) {
                dl_value_report(ctx, NULL, &req->names.loc,
                                "ExpressionAttributeNames can only be specified when using "
                                "expressions; remove the names or add the expression that uses "
                                "them");
                reported = true;
        }
        struct dl_strbuf list;
        dl_strbuf_init(&list);
        size_t n = 0;
        for (size_t i = 0; i < ps.n_expr; i++) {
                if (ps.expr[i] == DL_FIELD_PROJECTION_EXPRESSION)
                        continue;
                if (n++)
                        dl_strbuf_puts(&list, " and ");
                dl_strbuf_puts(&list, dl_field_api_name(ps.expr[i]));
        }
        if (map_certainly_set(&req->values) && n && !any_val) {
                dl_value_report(ctx, NULL, &req->values.loc,
                                "ExpressionAttributeValues can only be specified when using "
                                "expressions: %s %s null; remove the values or add the "
                                "expression that uses them",
                                dl_strbuf_cstr(&list), n > 1 ? "are" : "is");
                reported = true;
        }
        dl_strbuf_fini(&list);
        return reported;
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        if (report_without_expressions(ctx, req))
                return;
        if (!dl_placeholder_uses_known(req))
                return;
        /* DynamoDB checks names before values */
        report_unused(ctx, req, &req->names, "ExpressionAttributeNames");
        /* GetItem and BatchGetItem have no ExpressionAttributeValues member */
        if (req->op != DL_OP_GET_ITEM && req->op != DL_OP_BATCH_GET_ITEM)
                report_unused(ctx, req, &req->values, "ExpressionAttributeValues");
}

const struct dl_check dl_check_unused_placeholder = {
        .info = &info_unused_placeholder,
        .run = run,
};
