/* key_condition_invalid.c - check `key-condition-invalid`: a
 * KeyConditionExpression DynamoDB refuses.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: a Query's key condition selects one item collection: an
 * equality on the partition key and at most one comparison, BETWEEN or
 * begins_with on the sort key, joined by AND. Anything else is rejected at
 * run time. Shape errors need no schema (DynamoDB's texts):
 *   OR, NOT, IN, <>, attribute_*, contains: "Invalid operator used in
 *     KeyConditionExpression: OR"
 *   size():   "KeyConditionExpressions cannot contain nested operations"
 *   a.b:      "KeyConditionExpressions cannot have conditions on nested attributes"
 *   pk twice: "KeyConditionExpressions must only contain one condition per key"
 *   :v BETWEEN pk AND ..: "Invalid condition in KeyConditionExpression:
 *     BETWEEN operator must have the key attribute as its first operand"
 *   two names in one condition, or none: "Invalid condition in
 *     KeyConditionExpression: Multiple attribute names used in one
 *     condition" / "No key attribute specified"
 * With the table (and index) described in the rules file's tables:, the
 * key schema is checked in DynamoDB's order (dynalite actions/query.js):
 * "Query key condition not supported" (partition key not with =, or a
 * second condition on a table without sort key), "Query condition missed
 * key schema element: pk" (no partition key, or a non-key attribute), and
 * "One or more parameter values were invalid: Condition parameter type does
 * not match schema type" when a placeholder's type is known.
 *
 * Deliberately ignored: templates whose holes hide part of the structure
 * (shape errors in the known part are still reported); schema checks when
 * the table or index is not described or named at run time, or when a
 * name alias cannot be resolved. One finding per key condition: DynamoDB
 * reports the first error, and the rest often follow from it.
 */
#include "info.h"
#include "util_expr.h"

#include "../core/strbuf.h"
#include "../model/fix.h"
#include "../model/placeholder.h"
#include "../model/quote.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct kc_state {
        const struct dl_check_ctx *ctx;
        const struct dl_request *req;
        const struct dl_expr *e;
        bool reported;
        bool unsure;      /* an alias could not be resolved, or an opaque part */
        struct kc_cond {
                const char *name;
                size_t len;
                const struct dl_enode *node;
                const struct dl_path *path;
        } conds[8];
        size_t n_conds;
};

/* Report the first error only; fix is the advice after the message. */
static void fail(struct kc_state *st, size_t off, size_t end, const char *fix,
                 const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static void fail(struct kc_state *st, size_t off, size_t end, const char *fix,
                 const char *fmt, ...)
{
        if (st->reported)
                return;
        st->reported = true;
        struct dl_strbuf msg; /* grows: a long name is never cut */
        dl_strbuf_init(&msg);
        va_list ap;
        va_start(ap, fmt);
        dl_strbuf_vprintf(&msg, fmt, ap);
        va_end(ap);
        dl_expr_report(st->ctx, st->e, off, end, "%s; %s", dl_strbuf_cstr(&msg), fix);
        dl_strbuf_fini(&msg);
}

static bool is_fn(const struct dl_enode *n, const char *name)
{
        return n->kind == DL_EN_FUNC && n->name_len == strlen(name) &&
               memcmp(n->name, name, n->name_len) == 0;
}

/* Mirrors DynamoDB's walk over the condition tree (node first, then its
 * operands left to right). */
static void walk(struct kc_state *st, const struct dl_enode *n)
{
        if (st->reported)
                return;
        const char *bad = NULL;
        char opbuf[8];
        if (n->kind == DL_EN_OR) bad = "OR";
        else if (n->kind == DL_EN_NOT) bad = "NOT";
        else if (n->kind == DL_EN_IN) bad = "IN";
        else if (n->kind == DL_EN_CMP && n->op == DL_CMP_NE) bad = "<>";
        if (bad) {
                snprintf(opbuf, sizeof opbuf, "%s", bad);
                fail(st, n->op_off, n->op_end,
                     "a key condition is 'pk = :pk' optionally AND one sort-key condition "
                     "(=, <, <=, >, >=, BETWEEN, begins_with); move other conditions to a "
                     "FilterExpression",
                     "Invalid operator used in KeyConditionExpression: %s", opbuf);
                return;
        }
        if (n->kind == DL_EN_FUNC) {
                if (is_fn(n, "attribute_exists") || is_fn(n, "attribute_not_exists") ||
                    is_fn(n, "attribute_type") || is_fn(n, "contains")) {
                        char name[DL_QUOTE_SIZE];
                        snprintf(name, sizeof name, "%s", DL_QN(n->name, n->name_len));
                        fail(st, n->op_off, n->op_end,
                     "move this condition to a FilterExpression",
                     "Invalid operator used in KeyConditionExpression: %s", name);
                        return;
                }
                if (is_fn(n, "size")) {
                        fail(st, n->op_off, n->op_end,
                     "compare the key attribute itself; size() belongs in a "
                             "FilterExpression",
                     "KeyConditionExpressions cannot contain nested operations%s", "");
                        return;
                }
        }
        /* With holes only what tokens prove is judged: the operators above,
         * size() and nested paths; the grouping of operands (BETWEEN's first
         * operand, names per condition, conditions per key) may differ at
         * run time, since a hole may hold parentheses. */
        bool shape = !st->e->has_holes;
        if (shape && n->kind == DL_EN_BETWEEN && n->args[0]->kind != DL_EN_PATH &&
            n->args[0]->kind != DL_EN_OPAQUE) {
                fail(st, n->args[0]->off, n->args[0]->end,
                     "write 'sk BETWEEN :lo AND :hi'",
                     "Invalid condition in KeyConditionExpression: %s operator must have the "
                     "key attribute as its first operand", "BETWEEN");
                return;
        }
        if (shape && is_fn(n, "begins_with") && n->n_args && n->args[0]->kind != DL_EN_PATH &&
            n->args[0]->kind != DL_EN_OPAQUE) {
                fail(st, n->args[0]->off, n->args[0]->end,
                     "write 'begins_with(sk, :prefix)'",
                     "Invalid condition in KeyConditionExpression: %s operator must have the "
                     "key attribute as its first operand", "begins_with");
                return;
        }
        const struct dl_path *attr = NULL;
        bool opaque = false;
        for (size_t i = 0; i < n->n_args && !st->reported; i++) {
                const struct dl_enode *a = n->args[i];
                if (a->kind == DL_EN_PATH) {
                        if (attr && shape) {
                                fail(st, a->off, a->end,
                     "compare a key attribute with a :value placeholder",
                     "Invalid condition in KeyConditionExpression: %s", "Multiple attribute names used in one condition");
                                return;
                        }
                        if (a->path->n > 1) {
                                fail(st, a->off, a->end,
                     "key attributes are top-level scalars; use the key "
                                         "attribute's name",
                     "KeyConditionExpressions cannot have conditions on nested "
                                     "attributes%s", "");
                                return;
                        }
                        attr = a->path;
                } else if (a->kind == DL_EN_OPAQUE) {
                        opaque = true;
                } else if (a->kind != DL_EN_VALUE) {
                        walk(st, a);
                }
        }
        if (st->reported || !shape || n->kind == DL_EN_AND || n->kind == DL_EN_OPAQUE ||
            n->kind == DL_EN_PATH || n->kind == DL_EN_VALUE)
                return;
        if (!attr) {
                if (opaque) {
                        st->unsure = true;
                        return;
                }
                fail(st, n->off, n->end,
                     "name the key attribute: 'pk = :pk'",
                     "Invalid condition in KeyConditionExpression: %s", "No key attribute specified");
                return;
        }
        const char *name;
        size_t len;
        if (opaque || !dl_path_head(st->req, attr, &name, &len)) {
                st->unsure = true;
                return;
        }
        for (size_t i = 0; i < st->n_conds; i++) {
                if (st->conds[i].len == len && memcmp(st->conds[i].name, name, len) == 0) {
                        fail(st, attr->off, attr->end,
                     "join the two conditions into one: 'sk BETWEEN :lo AND :hi'",
                     "KeyConditionExpressions must only contain one condition per key%s", "");
                        return;
                }
        }
        if (st->n_conds < sizeof st->conds / sizeof st->conds[0])
                st->conds[st->n_conds++] = (struct kc_cond){name, len, n, attr};
        else
                st->unsure = true;
}

static const struct kc_cond *find_cond(const struct kc_state *st, const char *key)
{
        for (size_t i = 0; i < st->n_conds; i++)
                if (dl_name_eq(st->conds[i].name, st->conds[i].len, key))
                        return &st->conds[i];
        return NULL;
}

/* The AttributeValue type of the value operand of c, or NULL when unknown. */
static const char *value_type(const struct kc_state *st, const struct kc_cond *c)
{
        const struct dl_enode *n = c->node;
        for (size_t i = 0; i < n->n_args; i++) {
                const struct dl_enode *a = n->args[i];
                if (a->kind != DL_EN_VALUE)
                        continue;
                const struct dl_attr *v = NULL;
                if (dl_placeholder_find(&st->req->values, a->name, a->name_len, &v) ==
                            DL_PH_FOUND &&
                    dl_attr_type_of(v))
                        return dl_attr_type_of(v);
        }
        return NULL;
}

static bool type_mismatch(const struct kc_state *st, const struct kc_cond *c, enum dl_key_type t)
{
        const char *vt = value_type(st, c);
        return vt && strcmp(vt, dl_key_type_str(t)) != 0;
}

static const char *index_hint(const struct dl_request *req, const struct dl_read_keys *k,
                              const char *attr, size_t len, char *buf, size_t size)
{
        for (size_t i = 0; k->table && i < k->table->n_indexes; i++) {
                const struct dl_index *ix = &k->table->indexes[i];
                if (ix != k->index && ix->partition_key.name &&
                    dl_name_eq(attr, len, ix->partition_key.name)) {
                        struct dl_fix fix = {.kind = DL_FIX_SET_FIELD,
                                             .field = DL_FIELD_INDEX_NAME,
                                             .value = DL_Q(ix->name)};
                        struct dl_strbuf set;
                        dl_strbuf_init(&set);
                        dl_fix_spell(&set, req, &fix);
                        snprintf(buf, size, "; '%s' is the partition key of index '%s': %s",
                                 DL_QN(attr, len), DL_Q(ix->name), dl_strbuf_cstr(&set));
                        dl_strbuf_fini(&set);
                        return buf;
                }
        }
        return "";
}

static void check_schema(struct kc_state *st)
{
        struct dl_read_keys k;
        if (st->unsure || st->e->has_holes || !st->e->complete ||
            !dl_read_keys_get(st->ctx, st->req, &k))
                return;
        const struct kc_cond *h = find_cond(st, k.hash);
        char what[256];
        dl_read_keys_label(st->req, &k, what, sizeof what);
        const char *hash = DL_Q(k.hash), *range = DL_Q(k.range);
        char hint[256] = "";
        if (!k.range && st->n_conds > 1) {
                const struct kc_cond *other = st->conds[0].node == (h ? h->node : NULL)
                                                      ? &st->conds[1] : &st->conds[0];
                dl_expr_report(st->ctx, st->e, other->path->off, other->path->end,
                               "Query key condition not supported; %s has no sort key, so "
                               "only 'pk = :pk' is allowed; move the condition on '%s' to a "
                               "FilterExpression",
                               what, DL_QN(other->name, other->len));
                return;
        }
        if (!h) {
                const struct kc_cond *c = &st->conds[0];
                dl_expr_report(st->ctx, st->e, c->path->off, c->path->end,
                               "Query condition missed key schema element: %s; the partition "
                               "key of %s is '%s': write '%s = :pk'%s",
                               hash, what, hash, hash,
                               index_hint(st->req, &k, c->name, c->len, hint, sizeof hint));
                return;
        }
        if (type_mismatch(st, h, k.hash_type)) {
                dl_expr_report(st->ctx, st->e, h->node->off, h->node->end,
                               "One or more parameter values were invalid: Condition parameter "
                               "type does not match schema type; '%s' is of type %s",
                               hash, dl_key_type_str(k.hash_type));
                return;
        }
        if (h->node->kind != DL_EN_CMP || h->node->op != DL_CMP_EQ) {
                size_t off = h->node->op_end ? h->node->op_off : h->node->off;
                size_t end = h->node->op_end ? h->node->op_end : h->node->end;
                dl_expr_report(st->ctx, st->e, off, end,
                               "Query key condition not supported; the partition key '%s' "
                               "takes '=' only: '%s = :pk'",
                               hash, hash);
                return;
        }
        if (!k.range)
                return;
        const struct kc_cond *r = find_cond(st, k.range);
        if (!r) {
                if (st->n_conds > 1) {
                        const struct kc_cond *c = st->conds[0].node == h->node ? &st->conds[1]
                                                                               : &st->conds[0];
                        dl_expr_report(st->ctx, st->e, c->path->off, c->path->end,
                                       "Query condition missed key schema element: %s; '%s' "
                                       "is not a key of %s: move its condition to a "
                                       "FilterExpression",
                                       range, DL_QN(c->name, c->len), what);
                }
                return;
        }
        if (k.range_type == DL_KEY_N && is_fn(r->node, "begins_with")) {
                /* a String/Binary prefix is a type mismatch, a Number one an operand
                 * type error: begins_with has no valid operand on a Number key */
                dl_expr_report(st->ctx, st->e, r->node->off, r->node->end,
                               "One or more parameter values were invalid: Condition parameter "
                               "type does not match schema type; begins_with does not work on "
                               "the Number sort key '%s': use BETWEEN or a comparison",
                               range);
                return;
        }
        if (type_mismatch(st, r, k.range_type))
                dl_expr_report(st->ctx, st->e, r->node->off, r->node->end,
                               "One or more parameter values were invalid: Condition parameter "
                               "type does not match schema type; '%s' is of type %s",
                               range, dl_key_type_str(k.range_type));
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        const struct dl_expr *e = req->exprs[DL_FIELD_KEY_CONDITION_EXPRESSION];
        if (req->op != DL_OP_QUERY || !e || !e->root)
                return;
        struct kc_state st = {0};
        st.ctx = ctx;
        st.req = req;
        st.e = e;
        walk(&st, e->root);
        if (st.reported)
                return;
        if (st.n_conds > 2 && !e->has_holes) {
                dl_expr_report(ctx, e, e->root->off, e->root->end,
                               "Conditions can be of length 1 or 2 only; a key condition names "
                               "the partition key and at most the sort key");
                return;
        }
        check_schema(&st);
}

const struct dl_check dl_check_key_condition_invalid = {
        .info = &info_key_condition_invalid,
        .run = run,
};
