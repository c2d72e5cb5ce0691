/* update_expression_invalid.c - check `update-expression-invalid`: an
 * UpdateExpression DynamoDB refuses for what it does rather than how it is
 * spelled.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters (DynamoDB's texts):
 *  - a clause twice: "Invalid UpdateExpression: The \"SET\" section can only
 *    be used once in an update expression;"
 *  - two actions on overlapping or conflicting paths: "Invalid
 *    UpdateExpression: Two document paths overlap with each other; must
 *    remove or rewrite one of these paths; path one: [a], path two: [a, b]"
 *    ("... conflict with each other ..." for a map used as a list);
 *  - if_not_exists / list_append outside SET (in a condition or filter):
 *    "Invalid ConditionExpression: Invalid function name; function:
 *    if_not_exists";
 *  - with the rules file's tables:, an action on a key attribute: "One or
 *    more parameter values were invalid: Cannot update attribute pk. This
 *    attribute is part of the key" (also for a nested path under it);
 *  - an operand of the wrong type, when the ExpressionAttributeValues entry's
 *    type is known: "Incorrect operand type for operator or function;
 *    operator: ADD, operand type: STRING" (ADD takes a number or a set,
 *    DELETE a set), "...; operator or function: list_append, operand type:
 *    S" (lists only), "...; operator or function: +, operand type: S"
 *    (numbers only).
 * Deliberately ignored: overlaps when the expression has template holes or
 * unresolved aliases; key attributes when the table is not described or
 * named at run time. A chained `SET a = :x + :y + :z`: the AWS documents
 * contradict each other on it (expression-rules.md), so it is not flagged.
 */
#include "info.h"
#include "util_expr.h"

#include "../model/placeholder.h"
#include "../model/quote.h"

#include <stdio.h>
#include <string.h>

static const char *immediate_type(const struct dl_request *req, const struct dl_enode *n)
{
        const struct dl_attr *a = NULL;
        if (n->kind != DL_EN_VALUE ||
            dl_placeholder_find(&req->values, n->name, n->name_len, &a) != DL_PH_FOUND)
                return NULL;
        return dl_attr_type_of(a);
}

/* DynamoDB's names for scalar types in ADD/DELETE messages (dynalite
 * db/updateParser.js checkOperator); sets are NULL (accepted). */
static const char *long_type(const char *t)
{
        static const char *const map[][2] = {{"S", "STRING"}, {"N", "NUMBER"}, {"B", "BINARY"},
                                             {"NULL", "NULL"}, {"BOOL", "BOOLEAN"},
                                             {"L", "LIST"}, {"M", "MAP"}};
        for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
                if (strcmp(t, map[i][0]) == 0)
                        return map[i][1];
        return NULL;
}

/* First list_append / + / - operand of a wrong type, innermost first. */
static const struct dl_enode *bad_function(const struct dl_request *req, const struct dl_expr *e,
                                           const struct dl_enode *n, const char **type)
{
        for (size_t i = 0; i < n->n_args; i++) {
                const struct dl_enode *b = bad_function(req, e, n->args[i], type);
                if (b)
                        return b;
        }
        if (dl_expr_span_has_hole(e, n->off, n->end))
                return NULL;
        bool append = n->kind == DL_EN_FUNC && n->name_len == 11 &&
                      memcmp(n->name, "list_append", 11) == 0;
        if (!append && n->kind != DL_EN_ARITH)
                return NULL;
        for (size_t i = 0; i < n->n_args; i++) {
                const char *t = immediate_type(req, n->args[i]);
                if (t && strcmp(t, append ? "L" : "N") != 0) {
                        *type = t;
                        return n;
                }
        }
        return NULL;
}

static void report_operand_types(const struct dl_check_ctx *ctx, const struct dl_request *req,
                                 const struct dl_expr *e)
{
        if (!e->root)
                return;
        for (size_t i = 0; i < e->root->n_args; i++) {
                const struct dl_enode *act = e->root->args[i];
                if ((act->section != DL_SEC_ADD && act->section != DL_SEC_DELETE) ||
                    act->n_args < 2)
                        continue;
                if (dl_expr_span_has_hole(e, act->off, act->args[1]->end))
                        continue;
                const char *t = immediate_type(req, act->args[1]);
                const char *lt = t ? long_type(t) : NULL;
                if (!lt || (act->section == DL_SEC_ADD && strcmp(t, "N") == 0))
                        continue;
                dl_expr_report(ctx, e, act->args[1]->off, act->args[1]->end,
                               "Invalid UpdateExpression: Incorrect operand type for operator or "
                               "function; operator: %s, operand type: %s; %s",
                               dl_update_section_str(act->section), lt,
                               act->section == DL_SEC_ADD
                                       ? "ADD takes a number or a set; use SET a = :v for "
                                         "other types"
                                       : "DELETE removes elements from a set; use REMOVE for "
                                         "attributes");
                return;
        }
        for (size_t i = 0; i < e->root->n_args; i++) {
                const struct dl_enode *act = e->root->args[i];
                const char *t = NULL;
                const struct dl_enode *b = act->section == DL_SEC_SET && act->n_args == 2
                                                   ? bad_function(req, e, act->args[1], &t)
                                                   : NULL;
                if (!b)
                        continue;
                char name[16];
                snprintf(name, sizeof name, "%s",
                         b->kind == DL_EN_ARITH ? dl_cmp_op_str(b->op) : "list_append");
                dl_expr_report(ctx, e, b->op_off, b->op_end,
                               "Invalid UpdateExpression: Incorrect operand type for operator or "
                               "function; operator or function: %s, operand type: %s; %s",
                               name, t,
                               b->kind == DL_EN_ARITH ? "+ and - take numbers"
                                                      : "list_append joins two lists: wrap a "
                                                        "single element in a list (L)");
                return;
        }
}

static void report_outside_set(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        for (size_t i = 0; i < 5; i++) {
                enum dl_field f = dl_expr_fields_in_order[i];
                const struct dl_expr *e = req->exprs[f];
                if (!e || e->lang == DL_LANG_UPDATE)
                        continue;
                for (size_t j = 0; j < e->n_errors; j++) {
                        const struct dl_expr_error *err = &e->errors[j];
                        size_t n = err->end - err->off;
                        const char *s = e->text + err->off;
                        if (err->kind != DL_EXPR_ERR_UNKNOWN_FUNCTION ||
                            !((n == 13 && memcmp(s, "if_not_exists", 13) == 0) ||
                              (n == 11 && memcmp(s, "list_append", 11) == 0)))
                                continue;
                        dl_expr_report(ctx, e, err->off, err->end,
                                       "%s%s; %.*s exists only in the SET clause of an "
                                       "UpdateExpression; in a condition use "
                                       "attribute_not_exists(a) OR ...",
                                       dl_expr_error_prefix(f), err->msg, (int)n, s);
                }
        }
}

static void report_overlap(const struct dl_check_ctx *ctx, const struct dl_request *req,
                           const struct dl_expr *e)
{
        if (!e->complete || e->has_holes)
                return;
        struct dl_path *t[1024];
        size_t n = 0;
        for (size_t i = 0; i < e->n_paths; i++)
                if (e->paths[i]->role == DL_ROLE_UPDATE_TARGET) {
                        if (n == sizeof t / sizeof t[0])
                                return;
                        t[n++] = e->paths[i];
                }
        dl_report_path_clash(ctx, req, e, t, n, "UpdateExpression", "one action per path",
                             "an attribute is either a map or a list");
}

static void report_key_update(const struct dl_check_ctx *ctx, const struct dl_request *req,
                              const struct dl_expr *e)
{
        const struct dl_table *t = dl_table_described(ctx, req);
        if (!t)
                return;
        char table[256];
        dl_table_label(req, table, sizeof table);
        const char *keys[2] = {t->partition_key.name, t->sort_key.name};
        /* partition key first, as DynamoDB checks them */
        for (size_t k = 0; k < 2; k++) {
                for (size_t i = 0; keys[k] && i < e->n_paths; i++) {
                        const struct dl_path *p = e->paths[i];
                        const char *name;
                        size_t len;
                        if (p->role != DL_ROLE_UPDATE_TARGET ||
                            !dl_path_head(req, p, &name, &len) || !dl_name_eq(name, len, keys[k]))
                                continue;
                        /* DynamoDB says the same for a nested path under a key
                         * attribute (oracle case "add b.b :a" with key b) */
                        dl_expr_report(ctx, e, p->off, p->end,
                                       "One or more parameter values were invalid: Cannot update "
                                       "attribute %s. This attribute is part of the key; key "
                                       "attributes of %s cannot change: delete the item "
                                       "and put a new one",
                                       DL_Q(keys[k]), table);
                        return;
                }
        }
        /* no key attribute updated: a key used as a map or a list */
        dl_report_nested_key_path(ctx, req, e);
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        report_outside_set(ctx, req);
        const struct dl_expr *e = req->exprs[DL_FIELD_UPDATE_EXPRESSION];
        if (!e)
                return;
        for (size_t j = 0; j < e->n_errors; j++)
                if (e->errors[j].kind == DL_EXPR_ERR_SECTION)
                        dl_expr_error_report(ctx, e, DL_FIELD_UPDATE_EXPRESSION,
                                             &e->errors[j], e->errors[j].hint);
        report_overlap(ctx, req, e);
        report_operand_types(ctx, req, e);
        report_key_update(ctx, req, e);
}

const struct dl_check dl_check_update_expression_invalid = {
        .info = &info_update_expression_invalid,
        .run = run,
};
