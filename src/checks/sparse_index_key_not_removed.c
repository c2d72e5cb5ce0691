/* sparse_index_key_not_removed.c - check `sparse-index-key-not-removed`: a
 * write that sets the partition key of a sparse index to a constant outside
 * the values the rules file gives it (`sparse: {values: [...]}`), instead
 * of removing the attribute.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: a sparse index holds only the items that carry its key
 * attributes, so it stays small and cheap to query (the unshipped orders,
 * the open tickets). An item leaves it only by losing an index key
 * attribute: `SET GSI1PK = "SHIPPED"` keeps the order in the index under
 * another value, so the index grows with the table, every write to the
 * item is also written to the index, and the "small" Query of the index
 * now pays for the whole history (developer guide, "Take advantage of
 * sparse indexes").
 *
 * Reported: PutItem, UpdateItem (and such batch or transaction members)
 * that set the index's partition key to a known constant not listed in
 * `values`, while the item keeps the index's sort key (set, or for an
 * UpdateItem not removed). Deliberately ignored: values with a run-time
 * part (they may be one of `values`), a write that also removes the sort
 * key (the item leaves the index), indexes not declared sparse.
 */
#include "info.h"
#include "util_expr.h"
#include "util_fix.h"
#include "util_keys.h"

#include "../core/alloc.h"
#include "../core/strbuf.h"
#include "../findings/finding.h"
#include "../model/expr.h"
#include "../model/quote.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Is every byte of e's text written where it is used, one after the
 * other on one line (dl_fix_literal_run)? *at: the first byte's place. */
static bool whole_literal(const struct dl_expr *e, struct dl_loc *at)
{
        return e->value && e->len && e->len == e->value->len &&
               dl_fix_literal_run(e->value, 0, e->len, at);
}

/* Does path p name attribute name: the bare name, or an alias the
 * request's ExpressionAttributeNames map to it? */
static bool names_attr(const struct dl_request *req, const struct dl_path *p, const char *name)
{
        if (!p || p->n != 1 || p->partial)
                return false;
        const struct dl_path_elem *el = &p->elems[0];
        if (el->kind == DL_PE_NAME)
                return strlen(name) == el->len && !memcmp(el->text, name, el->len);
        if (el->kind != DL_PE_ALIAS || req->names.kind != DL_VAL_KNOWN)
                return false;
        for (size_t i = 0; i < req->names.n; i++) {
                const struct dl_attr *a = &req->names.items[i];
                if (dl_value_is_complete(&a->key) && a->key.len == el->len &&
                    !memcmp(a->key.text, el->text, el->len))
                        return dl_value_equals(&a->val, name);
        }
        return false;
}

/* How many times the request's expressions use placeholder ref. */
static size_t uses(const struct dl_request *req, const char *ref, size_t len)
{
        size_t n = 0;
        for (size_t i = 0; i < 5; i++) {
                const struct dl_expr *e = req->exprs[dl_expr_fields_in_order[i]];
                for (size_t k = 0; e && k < e->n_refs; k++)
                        n += e->refs[k].len == len && !memcmp(e->refs[k].text, ref, len);
        }
        return n;
}

/* The statement `q.AddExpressionAttributeValues(":v", AttributeValue("X"));`
 * that adds entry a, both arguments plain literals written there: its
 * text into *stmt and its place into *at; false when it is not so. */
static bool entry_statement(const struct dl_request *req, const struct dl_attr *a, char **stmt,
                            struct dl_loc *at)
{
        if (!req->variable || req->member || !dl_value_is_complete(&a->key) ||
            !dl_value_is_complete(&a->val) || a->type != DL_ATTR_S ||
            dl_loc_valid(&a->key.origin) || dl_loc_valid(&a->val.origin))
                return false;
        for (size_t i = 0; i < a->val.len; i++) {
                unsigned char c = (unsigned char)a->val.text[i];
                if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\')
                        return false;
        }
        char *call = dl_xasprintf("%s.AddExpressionAttributeValues(", req->variable);
        bool ok = a->key.loc.col > strlen(call);
        if (ok) {
                *at = a->key.loc;
                at->col -= (unsigned)strlen(call);
                *stmt = dl_xasprintf("%s\"%s\", AttributeValue(\"%s\"));", call, a->key.text,
                                     a->val.text);
        }
        free(call);
        return ok;
}

/* The code action of a finding on an UpdateItem (docs/checks/
 * sparse-index-key-not-removed.md): the action `SET pk = :v` of its
 * UpdateExpression becomes `REMOVE pk` (joined to a REMOVE clause there
 * is), and the ExpressionAttributeValues entry of :v, when nothing else
 * uses it, is deleted. Manual (docs/architecture.md, "Fixes"): the item
 * loses an attribute, so it is offered to a person, never applied by
 * --fix. Only for an AWS SDK for C++ request whose expression is one
 * literal on one line, parsed whole, the value a bare placeholder, and
 * the entry (when it goes) added by a statement of its own with a string
 * literal (entry_statement). */
static void add_fix(const struct dl_request *req, const char *pk, struct dl_finding *f)
{
        const struct dl_expr *e = req->exprs[DL_FIELD_UPDATE_EXPRESSION];
        struct dl_loc at;
        if (!f || req->op != DL_OP_UPDATE_ITEM || !req->recognizer ||
            strcmp(req->recognizer, "aws-cpp") != 0 || !e || !e->complete || !e->root ||
            e->has_holes || e->n_errors || !whole_literal(e, &at))
                return;
        const struct dl_enode *root = e->root, *act = NULL;
        size_t j = 0;
        for (size_t i = 0; i < root->n_args && !act; i++) {
                const struct dl_enode *x = root->args[i];
                if (x->kind == DL_EN_ACTION && x->section == DL_SEC_SET && x->n_args == 2 &&
                    x->args[0]->kind == DL_EN_PATH && names_attr(req, x->args[0]->path, pk) &&
                    x->args[1]->kind == DL_EN_VALUE && !x->args[1]->parens)
                        act = x, j = i;
        }
        if (!act)
                return;
        const struct dl_enode *target = act->args[0], *val = act->args[1];
        const struct dl_enode *prev = j ? root->args[j - 1] : NULL;
        const struct dl_enode *next = j + 1 < root->n_args ? root->args[j + 1] : NULL;
        size_t d0, d1; /* the SET action's text, with one comma or its clause */
        if (next && next->op_off == act->op_off) {
                d0 = target->off;
                d1 = next->args[0]->off;
        } else if (prev && prev->op_off == act->op_off) {
                d0 = prev->args[prev->n_args - 1]->end;
                d1 = val->end;
        } else {
                d0 = act->op_off;
                d1 = val->end;
                while (d1 < e->len && e->text[d1] == ' ')
                        d1++;
        }
        const struct dl_enode *rm = NULL; /* the last action of a REMOVE clause */
        for (size_t i = 0; i < root->n_args; i++)
                if (root->args[i]->section == DL_SEC_REMOVE)
                        rm = root->args[i];
        size_t ip = rm ? rm->args[0]->end : e->len;
        struct dl_strbuf nt, ins;
        dl_strbuf_init(&nt);
        dl_strbuf_init(&ins);
        dl_strbuf_printf(&ins, "%s%.*s", rm ? ", " : " REMOVE ", (int)(target->end - target->off),
                         e->text + target->off);
        for (size_t i = 0; i <= e->len; i++) {
                if (i == ip)
                        dl_strbuf_puts(&nt, dl_strbuf_cstr(&ins));
                if (i < e->len && (i < d0 || i >= d1))
                        dl_strbuf_putc(&nt, e->text[i]);
        }
        const char *t = dl_strbuf_cstr(&nt);
        size_t tl = strlen(t);
        while (*t == ' ')
                t++, tl--;
        while (tl && t[tl - 1] == ' ')
                tl--;
        char *text = dl_xstrndup(t, tl), *stmt = NULL;
        struct dl_loc sat = {0};
        const struct dl_attr *entry = NULL;
        for (size_t i = 0; i < req->values.n; i++) {
                const struct dl_attr *a = &req->values.items[i];
                if (dl_value_is_complete(&a->key) && a->key.len == val->name_len &&
                    !memcmp(a->key.text, val->name, val->name_len))
                        entry = a;
        }
        bool keep = uses(req, val->name, val->name_len) > 1;
        if (req->values.kind == DL_VAL_KNOWN && entry &&
            (keep || entry_statement(req, entry, &stmt, &sat))) {
                char *desc = dl_xasprintf("remove '%s' instead of setting it (the item leaves the "
                                          "index)",
                                          pk);
                struct dl_finding_fix *fx = dl_finding_add_fix(f, desc, true);
                free(desc);
                bool entry_first = stmt && dl_loc_cmp(&sat, &at) < 0;
                if (entry_first)
                        dl_finding_edit_statement(fx, &sat, stmt, "");
                dl_finding_add_edit(fx, &at, at.line, at.col + (unsigned)e->len, text, e->text);
                if (stmt && !entry_first)
                        dl_finding_edit_statement(fx, &sat, stmt, "");
        }
        free(stmt);
        free(text);
        dl_strbuf_fini(&nt);
        dl_strbuf_fini(&ins);
}

static void judge(const struct dl_check_ctx *ctx, const struct dl_request *req,
                  const struct dl_key_target *k, const struct dl_key_value *pk)
{
        if (!k->index || !k->index->sparse || !dl_value_is_complete(&pk->value) ||
            dl_sparse_value(k->index, &pk->value))
                return;
        struct dl_strbuf vals;
        dl_strbuf_init(&vals);
        for (size_t v = 0; v < k->index->n_sparse_values; v++)
                dl_strbuf_printf(&vals, "%s'%s'", v ? ", " : "", DL_Q(k->index->sparse_values[v]));
        char label[256], opl[64], text[DL_QUOTE_SIZE];
        struct dl_finding *f = dl_key_report(
                ctx, req, pk,
                "this %s sets '%s' to '%s', which is not a value of sparse %s (%s): the "
                "item stays in the index under another value, and the index grows with "
                "the table; %s",
                dl_key_op_label(req, opl, sizeof opl), DL_Q(k->pk),
                dl_quote(text, pk->value.text, pk->value.len),
                dl_key_target_label(k, label, sizeof label), dl_strbuf_cstr(&vals),
                req->op == DL_OP_UPDATE_ITEM
                        ? "remove the attribute instead (REMOVE in the UpdateExpression)"
                        : "leave the attribute out of the item instead");
        /* a table key attribute cannot be removed: no fix */
        const struct dl_table *t = k->table;
        if (pk->source == DL_KEYV_UPDATE && t &&
            !dl_name_eq(k->pk, strlen(k->pk), t->partition_key.name) &&
            !dl_name_eq(k->pk, strlen(k->pk), t->sort_key.name))
                add_fix(req, k->pk, f);
        dl_strbuf_fini(&vals);
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        dl_key_visit(ctx, req, DL_KEYS_WRITES, judge);
}

const struct dl_check dl_check_sparse_index_key_not_removed = {
        .info = &info_sparse_index_key_not_removed,
        .run = run,
};
