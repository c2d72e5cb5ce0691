/* expression_syntax.c - check `expression-syntax`: an expression that does
 * not parse.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: DynamoDB parses every expression before it reads a byte
 * and rejects the request with a ValidationException ("Invalid
 * FilterExpression: Syntax error; token: ..."). The parser in model/expr.c
 * finds syntax errors, empty expressions and the errors DynamoDB's parser
 * reports with them: redundant parentheses, unknown function names, a
 * condition function used as an operand, wrong operand counts.
 *
 * One finding per expression, the first in DynamoDB's own order (syntax,
 * redundant parentheses, unknown function, misused function, operands),
 * because DynamoDB reports one error and fixing it may change the rest.
 *
 * Deliberately ignored: anything at or after a hole of a template that the
 * hole could make valid (model/expr.h); if_not_exists and list_append
 * outside SET (update-expression-invalid reports those); a repeated update
 * clause (update-expression-invalid).
 */
#include "info.h"
#include "util_expr.h"

#include <string.h>

static const char *default_hint(enum dl_expr_err_kind k)
{
        switch (k) {
        case DL_EXPR_ERR_SYNTAX:
                return "fix the expression near this token (DynamoDB's grammar: expressions "
                       "page of the developer guide)";
        case DL_EXPR_ERR_UNKNOWN_FUNCTION:
                return "function names are case sensitive: attribute_exists, "
                       "attribute_not_exists, attribute_type, begins_with, contains, size "
                       "(conditions); if_not_exists, list_append (SET)";
        case DL_EXPR_ERR_MISUSED_FUNCTION:
                return "only size() can be an operand; the other functions are conditions "
                       "of their own";
        case DL_EXPR_ERR_OPERAND_COUNT:
                return "check the function's operands";
        default:
                return "fix the expression";
        }
}

static bool update_only_function(const struct dl_expr_error *err, const struct dl_expr *e)
{
        if (err->kind != DL_EXPR_ERR_UNKNOWN_FUNCTION || e->lang == DL_LANG_UPDATE)
                return false;
        size_t n = err->end - err->off;
        const char *s = e->text + err->off;
        return (n == 13 && memcmp(s, "if_not_exists", 13) == 0) ||
               (n == 11 && memcmp(s, "list_append", 11) == 0);
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        static const enum dl_expr_err_kind order[] = {
                DL_EXPR_ERR_SYNTAX,           DL_EXPR_ERR_PARENS,
                DL_EXPR_ERR_UNKNOWN_FUNCTION, DL_EXPR_ERR_MISUSED_FUNCTION,
                DL_EXPR_ERR_OPERAND_COUNT,
        };
        for (size_t i = 0; i < 5; i++) {
                enum dl_field f = dl_expr_fields_in_order[i];
                const struct dl_expr *e = req->exprs[f];
                if (!e)
                        continue;
                const struct dl_expr_error *first = NULL;
                for (size_t k = 0; k < sizeof order / sizeof order[0] && !first; k++)
                        for (size_t j = 0; j < e->n_errors; j++)
                                if (e->errors[j].kind == order[k] &&
                                    !update_only_function(&e->errors[j], e)) {
                                        first = &e->errors[j];
                                        break;
                                }
                if (!first)
                        continue;
                dl_expr_report(ctx, e, first->off, first->end, "%s%s; %s",
                               dl_expr_error_prefix(f), first->msg,
                               first->hint ? first->hint : default_hint(first->kind));
        }
}

const struct dl_check dl_check_expression_syntax = {
        .info = &info_expression_syntax,
        .run = run,
};
