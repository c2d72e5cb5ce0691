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
#include "util_fix.h"

#include "../core/alloc.h"
#include "../core/strbuf.h"
#include "../findings/finding.h"
#include "../model/fix.h"
#include "../model/placeholder.h"
#include "../model/quote.h"

#include <stdlib.h>
#include <string.h>

/* Keys listed in one message; more are elided with "…". */
#define MAX_KEYS 10

/* A value written as a plain string literal at its place: its text needs
 * no escape to be spelled back. */
static bool plain_literal(const struct dl_value *v)
{
        if (!dl_value_is_complete(v) || !v->loc.file || dl_loc_valid(&v->origin) || !v->len)
                return false;
        for (size_t i = 0; i < v->len; i++) {
                unsigned char c = (unsigned char)v->text[i];
                if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\')
                        return false;
        }
        return true;
}

/* How many requests of the unit hold an entry added at the place of a's
 * key (a request object sent twice shares its entries). */
static size_t holders(const struct dl_attr *a, const struct dl_request *const *all, size_t n_all)
{
        size_t n = 0;
        for (size_t i = 0; i < n_all; i++) {
                const struct dl_attr_map *m = &all[i]->names;
                for (size_t k = 0; k < m->n; k++) {
                        if (!dl_loc_cmp(&m->items[k].key.loc, &a->key.loc)) {
                                n++;
                                break;
                        }
                }
        }
        return n;
}

/* The JSON body's fix (add_fix): the entry, or the whole member when
 * every entry goes, deleted from the body's C literal. */
static void json_fix(const struct dl_request *req, const struct dl_segment *body,
                     const struct dl_attr *const *unused, size_t n, struct dl_finding *f)
{
        struct dl_loc *keys = dl_xcalloc(n, sizeof *keys);
        for (size_t i = 0; i < n; i++)
                keys[i] = unused[i]->key.loc;
        size_t from, to;
        struct dl_loc at;
        unsigned end_col;
        struct dl_strbuf expect;
        dl_strbuf_init(&expect);
        if (dl_fix_json_names_range(body, keys, n, req->names.n, &from, &to) &&
            dl_fix_json_deletion(body, from, to, &at, &end_col, &expect)) {
                struct dl_finding_fix *fx = dl_finding_add_fix(
                        f,
                        n > 1 ? "remove the unused ExpressionAttributeNames entries"
                              : "remove the unused ExpressionAttributeNames entry",
                        false);
                dl_finding_add_edit(fx, &at, at.line, end_col, "", dl_strbuf_cstr(&expect));
        }
        dl_strbuf_fini(&expect);
        free(keys);
}

/* The fix of the unused ExpressionAttributeNames entries of req
 * (docs/checks/unused-placeholder.md), where no other request of the unit
 * holds them:
 * - a request in a variable whose API adds an entry by a statement (the AWS
 *   SDK for C++'s `q.AddExpressionAttributeNames("#k", "name");`, aws4dd's
 *   `aws4dd_query_expression_attr_name(op, "#k", "name");`), every unused
 *   entry added by such a statement, both arguments plain literals: each
 *   statement deleted (its line with it when it stands alone there:
 *   dl_finding_fixes_settle). The statement's whole text is the edit's
 *   expected text: a call spelled otherwise, split over lines or in a
 *   macro does not find it, and a call that is not a statement of a
 *   sequence of its own (an if's body without braces, an assignment's
 *   right side, a macro's argument) is no statement's start
 *   (dl_finding_edit_statement): the fix is dropped;
 * - a low-level JSON body written whole in C literals
 *   (dl_fix_body_literal): the entry with its comma, or the whole
 *   ExpressionAttributeNames member when all its entries go (DynamoDB
 *   refuses an empty one), deleted from the literal (json_fix). */
static void add_fix(const struct dl_request *req, const struct dl_attr *const *unused, size_t n,
                    const struct dl_request *const *all, size_t n_all, struct dl_finding *f)
{
        if (!f || !n || !all || req->member || !req->recognizer || req->names.kind != DL_VAL_KNOWN)
                return;
        for (size_t i = 0; i < n; i++) {
                if (holders(unused[i], all, n_all) != 1)
                        return;
        }
        const struct dl_segment *body = dl_fix_body_literal(req);
        if (body) {
                json_fix(req, body, unused, n, f);
                return;
        }
        if (!req->variable || !req->spell_fix)
                return;
        char **stmt = dl_xcalloc(n + 1, sizeof *stmt);
        struct dl_loc *at = dl_xcalloc(n + 1, sizeof *at);
        bool ok = true;
        for (size_t i = 0; i < n && ok; i++) {
                const struct dl_attr *a = unused[i];
                ok = plain_literal(&a->key) && plain_literal(&a->val) &&
                     a->val.loc.line == a->key.loc.line;
                struct dl_fix add = {.kind = DL_FIX_ADD_ENTRY,
                                     .map = DL_MAP_NAMES,
                                     .key = a->key.text,
                                     .value = a->val.text,
                                     .statement = true};
                struct dl_strbuf sb, key;
                dl_strbuf_init(&sb);
                dl_strbuf_init(&key);
                if (ok)
                        dl_fix_spell(&sb, req, &add);
                dl_strbuf_printf(&key, "\"%s\"", ok ? a->key.text : "");
                const char *k = ok ? strstr(dl_strbuf_cstr(&sb), dl_strbuf_cstr(&key)) : NULL;
                size_t before = k ? (size_t)(k - dl_strbuf_cstr(&sb)) : 0;
                ok = k && a->key.loc.col > before;
                if (ok) {
                        stmt[i] = dl_strbuf_take(&sb);
                        at[i] = a->key.loc;
                        at[i].col -= (unsigned)before;
                }
                dl_strbuf_fini(&sb);
                dl_strbuf_fini(&key);
        }
        /* in source order, none twice */
        for (size_t i = 0; ok && i < n; i++)
                for (size_t k = i + 1; ok && k < n; k++)
                        ok = dl_loc_cmp(&at[i], &at[k]) < 0;
        if (ok) {
                struct dl_finding_fix *fx = dl_finding_add_fix(
                        f,
                        n > 1 ? "remove the unused ExpressionAttributeNames entries"
                              : "remove the unused ExpressionAttributeNames entry",
                        false);
                for (size_t i = 0; i < n; i++)
                        dl_finding_edit_statement(fx, &at[i], stmt[i], "");
        }
        for (size_t i = 0; i < n; i++)
                free(stmt[i]);
        free(stmt);
        free(at);
}

static void report_unused(const struct dl_check_ctx *ctx, const struct dl_request *req,
                          const struct dl_attr_map *m, const char *what,
                          const struct dl_request *const *all, size_t n_all)
{
        const struct dl_attr **unused = dl_xcalloc(m->n + 1, sizeof *unused);
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
                unused[n++] = a;
                if (!first)
                        first = a;
        }
        struct dl_finding *f = NULL;
        if (first)
                f = dl_value_report(ctx, &first->key, &first->loc,
                                    "Value provided in %s unused in expressions: keys: {%s}; "
                                    "remove %s or use %s in an expression",
                                    what, dl_strbuf_cstr(&keys), n > 1 ? "them" : "it",
                                    n > 1 ? "them" : "it");
        if (m == &req->names)
                add_fix(req, unused, n, all, n_all, f);
        free(unused);
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

static void check(const struct dl_check_ctx *ctx, const struct dl_request *req,
                  const struct dl_request *const *all, size_t n_all)
{
        if (report_without_expressions(ctx, req))
                return;
        if (!dl_placeholder_uses_known(req))
                return;
        /* DynamoDB checks names before values */
        report_unused(ctx, req, &req->names, "ExpressionAttributeNames", all, n_all);
        /* GetItem and BatchGetItem have no ExpressionAttributeValues member */
        if (req->op != DL_OP_GET_ITEM && req->op != DL_OP_BATCH_GET_ITEM)
                report_unused(ctx, req, &req->values, "ExpressionAttributeValues", all, n_all);
}

/* Each request of the unit, with all of them: a fix must know that no
 * other request holds the entries it removes. */
static void run_unit(const struct dl_check_ctx *ctx, const struct dl_request *const *reqs, size_t n)
{
        for (size_t i = 0; i < n; i++) {
                struct dl_check_ctx c = *ctx;
                c.req = reqs[i];
                check(&c, reqs[i], reqs, n);
        }
}

const struct dl_check dl_check_unused_placeholder = {
        .info = &info_unused_placeholder,
        .run_unit = run_unit,
};
