/* keys.c - the values a request gives its key attributes.
 * SPDX-License-Identifier: MIT
 */
#include "keys.h"

#include "expr.h"
#include "placeholder.h"

#include <string.h>

const char *dl_keyv_state_str(enum dl_keyv_state s)
{
        switch (s) {
        case DL_KEYV_UNKNOWN: return "unknown";
        case DL_KEYV_SET: return "set";
        case DL_KEYV_REMOVED: return "removed";
        case DL_KEYV_NOT_SET: return "not-set";
        }
        return "unknown";
}

bool dl_key_value_writes(const struct dl_request *req)
{
        return req->op == DL_OP_PUT_ITEM || req->op == DL_OP_UPDATE_ITEM;
}

static void set_from_entry(const struct dl_attr *a, enum dl_keyv_source src,
                           struct dl_key_value *out)
{
        out->state = DL_KEYV_SET;
        out->source = src;
        out->entry = a;
        /* an AttributeValue built where ddblint cannot see has no scalar
         * text: the attribute is set, its value unknown */
        out->value = a->val.kind == DL_VAL_KNOWN ? a->val : dl_value_dynamic(a->loc);
        out->loc = dl_loc_valid(&a->val.loc) ? a->val.loc : a->loc;
}

/* attr in an Item or Key map. */
static void from_map(const struct dl_attr_map *m, const char *attr, size_t len,
                     enum dl_keyv_source src, struct dl_key_value *out)
{
        const struct dl_attr *a = NULL;
        switch (m->kind == DL_VAL_ABSENT ? DL_PH_MISSING : dl_placeholder_find(m, attr, len, &a)) {
        case DL_PH_FOUND:
                set_from_entry(a, src, out);
                return;
        case DL_PH_MISSING:
                out->state = DL_KEYV_NOT_SET;
                return;
        case DL_PH_UNKNOWN:
                out->state = DL_KEYV_UNKNOWN;
                return;
        }
}

/* The attribute is set by an expression to the operand node v. */
static void from_operand(const struct dl_request *req, const struct dl_expr *e,
                         const struct dl_enode *v, enum dl_keyv_source src,
                         struct dl_key_value *out)
{
        out->state = DL_KEYV_SET;
        out->source = src;
        struct dl_loc at;
        dl_expr_loc(e, v ? v->off : 0, &at);
        out->value = dl_value_dynamic(at);
        out->loc = at;
        if (!v || v->kind != DL_EN_VALUE)
                return; /* arithmetic, a function, a path: no single value */
        const struct dl_attr *a = NULL;
        if (dl_placeholder_find(&req->values, v->name, v->name_len, &a) == DL_PH_FOUND)
                set_from_entry(a, src, out);
}

/* Does path p name exactly the top-level attribute attr? 1 yes, 0 no, -1
 * cannot tell (an alias without a known name, a hole). */
static int names_attr(const struct dl_request *req, const struct dl_path *p, const char *attr,
                      size_t len)
{
        const char *name;
        size_t n;
        if (!p || !p->n || p->partial)
                return -1;
        if (!dl_placeholder_resolve(req, &p->elems[0], &name, &n))
                return -1;
        return p->n == 1 && n == len && memcmp(name, attr, len) == 0;
}

static void from_update(const struct dl_request *req, const char *attr, size_t len,
                        struct dl_key_value *out)
{
        const struct dl_value *uv = &req->fields[DL_FIELD_UPDATE_EXPRESSION];
        const struct dl_expr *e = req->exprs[DL_FIELD_UPDATE_EXPRESSION];
        out->state = DL_KEYV_UNKNOWN;
        if (req->fields[DL_FIELD_ATTRIBUTE_UPDATES].kind != DL_VAL_ABSENT)
                return; /* the legacy AttributeUpdates may set it */
        if (uv->kind == DL_VAL_ABSENT) {
                out->state = DL_KEYV_NOT_SET;
                return;
        }
        if (!e)
                return;
        bool unsure = !e->complete || !e->root;
        for (size_t i = 0; e->root && e->complete && i < e->root->n_args; i++) {
                const struct dl_enode *act = e->root->args[i];
                if (act->kind != DL_EN_ACTION || !act->n_args || act->args[0]->kind != DL_EN_PATH)
                        continue;
                int m = names_attr(req, act->args[0]->path, attr, len);
                if (m < 0)
                        unsure = true;
                if (m <= 0)
                        continue;
                if (act->section == DL_SEC_REMOVE) {
                        out->state = DL_KEYV_REMOVED;
                        out->source = DL_KEYV_UPDATE;
                        dl_expr_loc(e, act->args[0]->off, &out->loc);
                        return;
                }
                if (act->section == DL_SEC_SET) {
                        from_operand(req, e, act->n_args > 1 ? act->args[1] : NULL,
                                     DL_KEYV_UPDATE, out);
                        return;
                }
                unsure = true; /* ADD or DELETE: changes it, no single value */
        }
        if (!unsure)
                out->state = DL_KEYV_NOT_SET;
}

/* Walk the AND tree of a key condition for `attr = :v`. */
static bool kc_find(const struct dl_request *req, const struct dl_expr *e,
                    const struct dl_enode *n, const char *attr, size_t len,
                    struct dl_key_value *out, bool *unsure)
{
        if (!n)
                return false;
        if (n->kind == DL_EN_AND)
                return kc_find(req, e, n->args[0], attr, len, out, unsure) ||
                       kc_find(req, e, n->args[1], attr, len, out, unsure);
        for (size_t i = 0; i < n->n_args; i++) {
                const struct dl_enode *p = n->args[i];
                if (p->kind != DL_EN_PATH)
                        continue;
                int m = names_attr(req, p->path, attr, len);
                if (m < 0)
                        *unsure = true;
                if (m <= 0)
                        continue;
                if (n->kind == DL_EN_CMP && n->op == DL_CMP_EQ && n->n_args == 2) {
                        from_operand(req, e, n->args[1 - i], DL_KEYV_KEY_CONDITION, out);
                        return true;
                }
                *unsure = true; /* a range on it: no single value */
        }
        return false;
}

static void from_key_condition(const struct dl_request *req, const char *attr, size_t len,
                               struct dl_key_value *out)
{
        const struct dl_value *kv = &req->fields[DL_FIELD_KEY_CONDITION_EXPRESSION];
        const struct dl_expr *e = req->exprs[DL_FIELD_KEY_CONDITION_EXPRESSION];
        out->state = DL_KEYV_UNKNOWN;
        if (req->fields[DL_FIELD_KEY_CONDITIONS].kind != DL_VAL_ABSENT)
                return;
        if (kv->kind == DL_VAL_ABSENT) {
                out->state = DL_KEYV_NOT_SET;
                return;
        }
        if (!e || !e->complete || !e->root)
                return;
        bool unsure = false;
        if (!kc_find(req, e, e->root, attr, len, out, &unsure) && !unsure)
                out->state = DL_KEYV_NOT_SET;
}

void dl_key_value_get(const struct dl_request *req, const char *attr, size_t len,
                      struct dl_key_value *out)
{
        memset(out, 0, sizeof *out);
        bool condition_check = req->member && strcmp(req->member, "ConditionCheck") == 0;
        switch (req->op) {
        case DL_OP_PUT_ITEM:
                from_map(&req->item, attr, len, DL_KEYV_ITEM, out);
                break;
        case DL_OP_GET_ITEM:
        case DL_OP_DELETE_ITEM:
                from_map(&req->key, attr, len, DL_KEYV_KEY, out);
                break;
        case DL_OP_UPDATE_ITEM:
                from_map(&req->key, attr, len, DL_KEYV_KEY, out);
                if (out->state != DL_KEYV_SET) {
                        bool key_unknown = out->state == DL_KEYV_UNKNOWN;
                        from_update(req, attr, len, out);
                        if (out->state == DL_KEYV_NOT_SET && key_unknown)
                                out->state = DL_KEYV_UNKNOWN;
                }
                break;
        case DL_OP_QUERY:
                from_key_condition(req, attr, len, out);
                break;
        default:
                if (condition_check)
                        from_map(&req->key, attr, len, DL_KEYV_KEY, out);
                break;
        }
        if (out->state == DL_KEYV_NOT_SET && req->escaped)
                out->state = DL_KEYV_UNKNOWN;
}
