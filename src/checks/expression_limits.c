/* expression_limits.c - check `expression-limits`: an expression over one
 * of DynamoDB's size and count limits.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: DynamoDB enforces limits that no local emulator does
 * (AWS developer guide, "Service, account, and table quotas", Expression
 * parameters): an expression string is at most 4 KB; at most 300
 * operators or functions; IN takes at most 100 operands; a document path
 * has at most 32 levels; an expression attribute name or value placeholder
 * is at most 255 bytes. DynamoDB's texts for the first two are recorded in
 * expression-rules.md ("Invalid FilterExpression: Expression size has
 * exceeded the maximum allowed size; expression size: 4097", "... The
 * expression contains too many operators; operator count: 301").
 * FIXME(#3): the texts for the IN, nesting and placeholder-length limits
 * are not recorded by the oracle (dynalite enforces none of them); the
 * wording used here follows the same pattern and should be confirmed
 * against DynamoDB.
 *
 * Only known text is measured, which is a lower bound of the run-time
 * expression, so every finding is certain.
 */
#include "info.h"
#include "util_expr.h"

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        for (size_t i = 0; i < 5; i++) {
                enum dl_field f = dl_expr_fields_in_order[i];
                const struct dl_expr *e = req->exprs[f];
                if (!e)
                        continue;
                const char *pre = dl_expr_error_prefix(f);
                if (e->len > 4096)
                        dl_expr_report(ctx, e, 0, 0,
                                       "%sExpression size has exceeded the maximum allowed size; "
                                       "expression size: %zu; DynamoDB allows 4096 bytes: split "
                                       "the request or shorten attribute names with aliases",
                                       pre, e->len);
                if (e->n_operators > 300)
                        dl_expr_report(ctx, e, 0, 0,
                                       "%sThe expression contains too many operators; operator "
                                       "count: %zu; DynamoDB allows 300: split the request",
                                       pre, e->n_operators);
                if (e->max_in_operands > 100)
                        dl_expr_report(ctx, e, e->max_in_off, e->max_in_off + 2,
                                       "%sThe IN operator is provided with too many operands; "
                                       "number of operands: %zu; DynamoDB allows 100: split the "
                                       "list over several requests",
                                       pre, e->max_in_operands);
                if (e->max_path_depth > 32)
                        dl_expr_report(ctx, e, e->max_path_off, e->max_path_end,
                                       "%sThe document path has too many nesting levels; nesting "
                                       "levels: %zu; DynamoDB allows 32",
                                       pre, e->max_path_depth);
                for (size_t r = 0; r < e->n_refs; r++) {
                        if (e->refs[r].len <= 255)
                                continue;
                        dl_expr_report(ctx, e, e->refs[r].off, e->refs[r].off + 1,
                                       "%sExpression attribute %s placeholder is too long; "
                                       "length: %zu; DynamoDB allows 255 bytes",
                                       pre, e->refs[r].text[0] == '#' ? "name" : "value",
                                       e->refs[r].len);
                        break;
                }
        }
}

const struct dl_check dl_check_expression_limits = {
        .info = &info_expression_limits,
        .run = run,
};
