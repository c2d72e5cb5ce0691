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
 * When the expression has none of those, the operand checks DynamoDB's
 * parser does last: two identical operands ("The first operand must be
 * distinct from the remaining operands ..."), operand types of
 * begins_with, size and attribute_type ("Incorrect operand type for
 * operator or function; ..."), BETWEEN bounds of different types or out of
 * order, using the types of ExpressionAttributeValues entries.
 *
 * The Statement of a PartiQL request (ExecuteStatement) is checked the same
 * way: a statement that does not parse gets DynamoDB's "Statement wasn't
 * well formed, can't be processed: ..." (model/partiql.h), an empty one
 * its length constraint.
 *
 * Deliberately ignored: anything at or after a hole of a template that the
 * hole could make valid (model/expr.h); if_not_exists and list_append
 * outside SET (update-expression-invalid reports those); a repeated update
 * clause (update-expression-invalid).
 */
#include "info.h"
#include "util_expr.h"

#include "../model/partiql.h"
#include "../model/placeholder.h"
#include "../model/quote.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- operand checks (DynamoDB's last parser stage) -------------------------
 * After syntax and function names, DynamoDB checks the operands of each
 * condition, innermost first (dynalite db/conditionParser.js: checkDistinct,
 * checkFunction, checkBetweenArgs): a comparison or two-operand function
 * whose two operands are the same path; begins_with / size / attribute_type
 * operands of the wrong type; BETWEEN bounds of different types or out of
 * order. Types come from ExpressionAttributeValues entries whose type is
 * known, and from size() (a Number). */

/* DynamoDB keeps the first error of each kind and settles each condition
 * (comparison, BETWEEN, IN, function) when it completes: the first
 * condition with an error decides, distinct-operand errors before type
 * errors within it. */
struct opnd {
        const struct dl_check_ctx *ctx;
        const struct dl_request *req;
        const struct dl_expr *e;
        const struct dl_enode *distinct, *function;  /* in the current condition */
        char distinct_msg[512], function_msg[512];
        const char *function_hint; /* what to do about function_msg */
        bool decided;
};

static bool fn_is(const struct dl_enode *n, const char *name)
{
        return n->kind == DL_EN_FUNC && n->name_len == strlen(name) &&
               memcmp(n->name, name, n->name_len) == 0;
}

static const struct dl_attr *value_entry(const struct dl_request *req, const struct dl_enode *n)
{
        const struct dl_attr *a = NULL;
        if (n->kind != DL_EN_VALUE ||
            dl_placeholder_find(&req->values, n->name, n->name_len, &a) != DL_PH_FOUND)
                return NULL;
        return a;
}

/* The AttributeValue type of an operand: values' declared type ("immediate"),
 * or a function's result type; NULL when unknown. */
static const char *type_of(const struct dl_request *req, const struct dl_enode *n, bool immediate)
{
        const struct dl_attr *a = value_entry(req, n);
        if (a)
                return dl_attr_type_of(a);
        if (immediate || n->kind != DL_EN_FUNC)
                return NULL;
        if (fn_is(n, "size"))
                return "N";
        if (fn_is(n, "begins_with") || fn_is(n, "contains") || fn_is(n, "attribute_type"))
                return "BOOL";
        return NULL;
}

static void set_function(struct opnd *o, const struct dl_enode *n, const char *hint,
                         const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void set_function(struct opnd *o, const struct dl_enode *n, const char *hint,
                         const char *fmt, ...)
{
        if (o->function)
                return;
        o->function = n;
        o->function_hint = hint;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(o->function_msg, sizeof o->function_msg, fmt, ap);
        va_end(ap);
}

static void check_distinct(struct opnd *o, const struct dl_enode *n, const char *name, int len)
{
        if (o->distinct || n->n_args != 2 || n->args[0]->kind != DL_EN_PATH ||
            n->args[1]->kind != DL_EN_PATH)
                return;
        const struct dl_path *a = n->args[0]->path, *b = n->args[1]->path;
        if (a->n != b->n || dl_paths_clash(o->req, a, b) != DL_CLASH_OVERLAP)
                return;
        char ps[256];
        if (!dl_path_str(o->req, a, ps, sizeof ps))
                return;
        o->distinct = n;
        snprintf(o->distinct_msg, sizeof o->distinct_msg,
                 "The first operand must be distinct from the remaining operands for this "
                 "operator or function; operator: %s, first operand: %s",
                 DL_QN(name, (size_t)len), ps);
}

static const char *scalar(const struct dl_attr *a)
{
        return a && dl_value_is_complete(&a->val) ? a->val.text : NULL;
}

/* A DynamoDB Number as sign, significant digits (no leading or trailing
 * zeros) and exponent, value = 0.d1d2d3... * 10^exp, so that numbers of up
 * to 38 significant digits compare exactly (a double keeps about 16;
 * DynamoDB developer guide, "Data types", Number: up to 38 digits). */
struct decimal {
        int sign;            /* -1, 0 (zero), +1 */
        char digits[128];
        size_t n;
        long exp;
};

static bool parse_decimal(const char *s, struct decimal *d)
{
        memset(d, 0, sizeof *d);
        int sign = 1;
        if (*s == '+' || *s == '-')
                sign = *s++ == '-' ? -1 : 1;
        bool seen_point = false, any = false;
        long int_len = 0;  /* digits before the point, leading zeros excluded */
        long frac_zeros = 0; /* zeros after the point before the first significant digit */
        for (; *s && *s != 'e' && *s != 'E'; s++) {
                if (*s == '.') {
                        if (seen_point)
                                return false;
                        seen_point = true;
                        continue;
                }
                if (*s < '0' || *s > '9')
                        return false;
                any = true;
                if (d->n == 0 && *s == '0') {
                        if (seen_point)
                                frac_zeros++;
                        continue;
                }
                if (d->n == sizeof d->digits)
                        return false;
                d->digits[d->n++] = *s;
                if (!seen_point)
                        int_len++;
        }
        if (!any)
                return false;
        long e = 0;
        if (*s == 'e' || *s == 'E') {
                char *end = NULL;
                e = strtol(s + 1, &end, 10);
                if (end == s + 1 || *end || e > 100000 || e < -100000)
                        return false;
        }
        while (d->n && d->digits[d->n - 1] == '0')
                d->n--;
        if (!d->n)
                return true; /* zero */
        d->sign = sign;
        d->exp = (int_len ? int_len : -frac_zeros) + e;
        return true;
}

/* <0, 0, >0 as a is less than, equal to, greater than b. */
static int cmp_decimal(const struct decimal *a, const struct decimal *b)
{
        if (a->sign != b->sign)
                return a->sign < b->sign ? -1 : 1;
        if (a->sign == 0)
                return 0;
        int mag;
        if (a->exp != b->exp) {
                mag = a->exp < b->exp ? -1 : 1;
        } else {
                size_t n = a->n < b->n ? a->n : b->n;
                int c = memcmp(a->digits, b->digits, n);
                mag = c ? (c < 0 ? -1 : 1) : (a->n == b->n ? 0 : (a->n < b->n ? -1 : 1));
        }
        return a->sign * mag;
}

static void check_between(struct opnd *o, const struct dl_enode *n)
{
        const struct dl_attr *x = value_entry(o->req, n->args[1]);
        const struct dl_attr *y = value_entry(o->req, n->args[2]);
        const char *tx = dl_attr_type_of(x), *ty = dl_attr_type_of(y);
        const char *vx = scalar(x), *vy = scalar(y);
        if (!tx || !ty || !vx || !vy)
                return;
        bool gt = false;
        if (strcmp(tx, ty) != 0) {
                set_function(o, n, "give both bounds one type",
                             "The BETWEEN operator requires same data type for lower and upper "
                             "bounds; lower bound operand: AttributeValue: {%s:%s}, upper bound "
                             "operand: AttributeValue: {%s:%s}",
                             tx, DL_Q(vx), ty, DL_Q(vy));
                return;
        }
        if (strcmp(tx, "S") == 0) {
                gt = strcmp(vx, vy) > 0;
        } else if (strcmp(tx, "N") == 0) {
                struct decimal dx, dy;
                gt = parse_decimal(vx, &dx) && parse_decimal(vy, &dy) && cmp_decimal(&dx, &dy) > 0;
        }
        if (gt)
                set_function(o, n, "swap the bounds: the lower one comes first",
                             "The BETWEEN operator requires upper bound to be greater than or "
                             "equal to lower bound; lower bound operand: AttributeValue: {%s:%s}, "
                             "upper bound operand: AttributeValue: {%s:%s}",
                             tx, DL_Q(vx), ty, DL_Q(vy));
}

static void check_function_types(struct opnd *o, const struct dl_enode *n)
{
        static const char *const valid[] = {"S", "N", "B", "NULL", "SS", "BOOL", "L", "BS", "NS", "M"};
        if ((fn_is(n, "attribute_exists") || fn_is(n, "attribute_not_exists")) && n->n_args &&
            n->args[0]->kind != DL_EN_PATH && n->args[0]->kind != DL_EN_OPAQUE) {
                set_function(o, n, "name an attribute (a path), not a value",
                             "Operator or function requires a document path; operator or "
                             "function: %s",
                             DL_QN(n->name, n->name_len));
        } else if (fn_is(n, "begins_with")) {
                for (size_t i = 0; i < n->n_args; i++) {
                        const char *t = type_of(o->req, n->args[i], false);
                        if (t && strcmp(t, "S") != 0 && strcmp(t, "B") != 0) {
                                set_function(o, n, "check the type of the value placeholder",
                                             "Incorrect operand type for operator or "
                                             "function; operator or function: begins_with, "
                                             "operand type: %s",
                                             t);
                                return;
                        }
                }
        } else if (fn_is(n, "size") && n->n_args == 1) {
                const char *t = type_of(o->req, n->args[0], false);
                if (t && (!strcmp(t, "N") || !strcmp(t, "BOOL") || !strcmp(t, "NULL")))
                        set_function(o, n, "check the type of the value placeholder",
                                     "Incorrect operand type for operator or function; "
                                     "operator or function: size, operand type: %s",
                                     t);
        } else if (fn_is(n, "attribute_type") && n->n_args == 2) {
                if (n->args[1]->kind == DL_EN_PATH) {
                        /* the type is a value placeholder, never an attribute
                         * (an attribute's value may be of any type: the
                         * oracle's message lists them all) */
                        set_function(o, n,
                                     "give the type as a value placeholder (':t' with "
                                     "{\"S\": \"N\"}), not as an attribute",
                                     "Incorrect operand type for operator or function; "
                                     "operator or function: attribute_type, operand type: "
                                     "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}");
                        return;
                }
                const char *t = type_of(o->req, n->args[1], false);
                if (!t)
                        return;
                if (strcmp(t, "S") != 0) {
                        set_function(o, n, "the type name is a String value ({\"S\": \"N\"})",
                                     "Incorrect operand type for operator or function; "
                                     "operator or function: attribute_type, operand "
                                     "type: %s",
                                     t);
                        return;
                }
                const char *v = scalar(value_entry(o->req, n->args[1]));
                if (!v)
                        return;
                for (size_t i = 0; i < sizeof valid / sizeof valid[0]; i++)
                        if (strcmp(v, valid[i]) == 0)
                                return;
                set_function(o, n,
                             "name one of DynamoDB's types: S, N, B, BOOL, NULL, SS, NS, BS, L, M",
                             "Invalid attribute type name found; type: %s, valid types: "
                             "{B,NULL,SS,BOOL,L,BS,N,NS,S,M}",
                             DL_Q(v));
        }
}

/* Post-order: DynamoDB evaluates the innermost operands first. Depth is
 * bounded by the parser's nesting limit. */
static void walk_operands(struct opnd *o, const struct dl_enode *n)
{
        for (size_t i = 0; i < n->n_args && !o->decided; i++)
                walk_operands(o, n->args[i]);
        /* a node with a hole inside may be grouped differently at run time */
        if (o->decided || dl_expr_span_has_hole(o->e, n->off, n->end))
                return;
        if (n->kind == DL_EN_CMP) {
                const char *op = dl_cmp_op_str(n->op);
                check_distinct(o, n, op, (int)strlen(op));
        } else if (n->kind == DL_EN_FUNC) {
                check_distinct(o, n, n->name, (int)n->name_len);
                check_function_types(o, n);
        } else if (n->kind == DL_EN_BETWEEN && n->n_args == 3) {
                check_between(o, n);
        }
}

/* Walk each condition (the operands of AND/OR/NOT) in order. */
static void walk_conditions(struct opnd *o, const struct dl_enode *n)
{
        if (n->kind == DL_EN_AND || n->kind == DL_EN_OR || n->kind == DL_EN_NOT) {
                for (size_t i = 0; i < n->n_args && !o->decided; i++)
                        walk_conditions(o, n->args[i]);
                return;
        }
        walk_operands(o, n);
        if (o->distinct || o->function)
                o->decided = true;
}

static bool report_operands(const struct dl_check_ctx *ctx, const struct dl_request *req,
                            const struct dl_expr *e, enum dl_field f)
{
        if (!e->root || e->lang != DL_LANG_CONDITION)
                return false;
        struct opnd o = {0};
        o.ctx = ctx;
        o.req = req;
        o.e = e;
        walk_conditions(&o, e->root);
        const struct dl_enode *n = o.distinct ? o.distinct : o.function;
        if (!n)
                return false;
        size_t off = n->op_end ? n->op_off : n->off, end = n->op_end ? n->op_end : n->end;
        dl_expr_report(ctx, e, off, end, "%s%s; %s", dl_expr_error_prefix(f),
                       o.distinct ? o.distinct_msg : o.function_msg,
                       o.distinct ? "compare the attribute with a value placeholder or another "
                                    "attribute"
                                  : o.function_hint);
        return true;
}

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

/* A PartiQL statement that does not parse (model/partiql.h); reserved
 * words are reserved-word's. */
static void report_statement(const struct dl_check_ctx *ctx, const struct dl_partiql *st)
{
        for (size_t i = 0; st && i < st->n_errors; i++) {
                const struct dl_pq_error *e = &st->errors[i];
                if (e->kind == DL_PQ_ERR_EMPTY) {
                        dl_span_report(ctx, st->value, e->off, e->end,
                                       "1 validation error detected: Value '' at "
                                       "'statement' failed to satisfy constraint: Member "
                                       "must have length greater than or equal to 1; "
                                       "write a SELECT, INSERT, UPDATE or DELETE statement");
                        return;
                }
                if (e->kind != DL_PQ_ERR_SYNTAX)
                        continue;
                dl_span_report(ctx, st->value, e->off, e->end,
                               "Statement wasn't well formed, can't be processed: %s; fix "
                               "the statement near this token (DynamoDB's PartiQL: SELECT, "
                               "INSERT INTO ... VALUE, UPDATE ... SET/REMOVE, DELETE FROM)",
                               e->msg);
                return;
        }
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        report_statement(ctx, req->partiql);
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
                if (!first) {
                        report_operands(ctx, req, e, f);
                        continue;
                }
                dl_expr_error_report(ctx, e, f, first,
                                     first->hint ? first->hint : default_hint(first->kind));
        }
}

const struct dl_check dl_check_expression_syntax = {
        .info = &info_expression_syntax,
        .run = run,
};
