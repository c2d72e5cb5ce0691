/* util_access.c - the access view of a request (util_access.h).
 * SPDX-License-Identifier: MIT
 */
#include "util_access.h"

#include "util_keys.h"

#include "../core/alloc.h"
#include "../core/strbuf.h"
#include "../model/expr.h"
#include "../model/keys.h"
#include "../model/partiql.h"
#include "../model/placeholder.h"
#include "../model/template.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

const char *dl_name_state_str(enum dl_name_state s)
{
        static const char *const names[] = {"absent", "known", "template", "unknown"};
        return names[s];
}

const char *dl_key_state_str(enum dl_key_state s)
{
        static const char *const names[] = {"none", "known", "unknown"};
        return names[s];
}

/* An ARN's resource part for a name (util_access.h). */
static char *glob_of(const struct dl_value *v)
{
        if (v->kind != DL_VAL_KNOWN)
                return NULL;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        bool ok = true;
        for (size_t i = 0; ok && i < v->n_segs; i++) {
                if (!v->segs[i].text) {
                        if (!sb.len || sb.buf[sb.len - 1] != '*')
                                dl_strbuf_putc(&sb, '*');
                        continue;
                }
                for (size_t k = 0; ok && k < v->segs[i].len; k++) {
                        char c = v->segs[i].text[k];
                        ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                             (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
                        dl_strbuf_putc(&sb, c);
                }
        }
        char *s = ok && sb.len ? dl_strbuf_take(&sb) : NULL;
        dl_strbuf_fini(&sb);
        return s;
}

static enum dl_name_state state_of(const struct dl_value *v)
{
        if (v->kind == DL_VAL_ABSENT)
                return DL_NAME_ABSENT;
        if (dl_value_is_complete(v))
                return DL_NAME_KNOWN;
        if (v->kind == DL_VAL_KNOWN)
                for (size_t i = 0; i < v->n_segs; i++)
                        if (v->segs[i].text && v->segs[i].len)
                                return DL_NAME_TEMPLATE;
        return DL_NAME_UNKNOWN;
}

static void set_key(struct dl_access_key *k, const char *attr, size_t len, const char *op,
                    const struct dl_value *v)
{
        k->attr = dl_xstrndup(attr, len);
        k->op = op;
        if (v && v->kind != DL_VAL_KNOWN)
                v = NULL; /* set where nothing of it is known */
        k->value = v ? dl_value_render(v) : NULL;
        if (v && v->kind == DL_VAL_KNOWN && v->n_segs && v->segs[0].text && v->segs[0].len &&
            !memchr(v->segs[0].text, 0, v->segs[0].len))
                k->prefix = dl_xstrndup(v->segs[0].text, v->segs[0].len);
        k->complete = v && dl_value_is_complete(v) && !memchr(v->text, 0, v->len);
}

/* The value a key condition compares with: a :placeholder's entry. */
static const struct dl_value *operand_value(const struct dl_request *req, const struct dl_enode *n)
{
        const struct dl_attr *e = NULL;
        if (!n || n->kind != DL_EN_VALUE ||
            dl_placeholder_find(&req->values, n->name, n->name_len, &e) != DL_PH_FOUND ||
            e->type == DL_ATTR_UNKNOWN)
                return NULL;
        return e->val.kind == DL_VAL_KNOWN ? &e->val : NULL;
}

/* One condition of a key condition: attribute, operator, value. */
struct kc {
        const char *attr;
        size_t len;
        const char *op;
        const struct dl_value *value;
};

static bool kc_of(const struct dl_request *req, const struct dl_enode *n, struct kc *out)
{
        const struct dl_enode *path = NULL, *val = NULL;
        memset(out, 0, sizeof *out);
        if (n->kind == DL_EN_CMP && n->n_args == 2) {
                bool left = n->args[0]->kind == DL_EN_PATH;
                path = n->args[left ? 0 : 1];
                val = n->args[left ? 1 : 0];
                out->op = dl_cmp_op_str(n->op);
        } else if (n->kind == DL_EN_FUNC && n->n_args == 2) {
                path = n->args[0];
                val = n->args[1];
                out->op = "begins_with";
        } else if (n->kind == DL_EN_BETWEEN && n->n_args == 3) {
                path = n->args[0];
                out->op = "BETWEEN";
        } else {
                return false;
        }
        if (path->kind != DL_EN_PATH || !dl_path_head(req, path->path, &out->attr, &out->len))
                return false;
        out->value = operand_value(req, val);
        return true;
}

/* The key condition's conditions (at most two, joined by AND). */
static size_t kcs_of(const struct dl_request *req, struct kc *out)
{
        const struct dl_expr *e = req->exprs[DL_FIELD_KEY_CONDITION_EXPRESSION];
        if (!e || !e->complete || !e->root || e->has_holes)
                return 0;
        const struct dl_enode *r = e->root;
        if (r->kind == DL_EN_AND && r->n_args == 2)
                return kc_of(req, r->args[0], &out[0]) && kc_of(req, r->args[1], &out[1]) ? 2 : 0;
        return kc_of(req, r, &out[0]) ? 1 : 0;
}

/* Query: pk and sk from the key condition, by the described key schema,
 * or (not described) the only `=` condition is the partition key (a key
 * condition fixes the partition key with `=`; a sort key's `=` comes with
 * it). Returns why the key is not known, or NULL. */
static const char *query_keys(const struct dl_check_ctx *ctx, const struct dl_request *req,
                              struct dl_access *a)
{
        struct kc kc[2];
        size_t n = kcs_of(req, kc);
        if (!n)
                return req->fields[DL_FIELD_KEY_CONDITION_EXPRESSION].kind == DL_VAL_ABSENT
                               ? "the Query sets no key condition"
                               : "its key condition is not known whole";
        struct dl_read_keys keys;
        bool described = dl_read_keys_get(ctx, req, &keys);
        int pk = -1;
        for (size_t i = 0; i < n && pk < 0; i++) {
                bool is_pk = described ? dl_name_eq(kc[i].attr, kc[i].len, keys.hash)
                                       : !strcmp(kc[i].op, "=") &&
                                                 (n == 1 || strcmp(kc[1 - i].op, "=") != 0);
                if (is_pk)
                        pk = (int)i;
        }
        if (pk < 0)
                return "which condition is on the partition key is not known (describe the "
                       "table under `tables:`)";
        a->has_pk = true;
        set_key(&a->pk, kc[pk].attr, kc[pk].len, kc[pk].op, kc[pk].value);
        if (n == 2) {
                a->has_sk = true;
                set_key(&a->sk, kc[1 - pk].attr, kc[1 - pk].len, kc[1 - pk].op, kc[1 - pk].value);
        }
        a->key_state = kc[pk].value ? DL_KEY_KNOWN : DL_KEY_UNKNOWN;
        return kc[pk].value ? NULL : "the partition key's value is not known";
}

/* An item operation: the key from Key or Item, by the described key
 * schema, or (not described) a Key of one attribute. */
static const char *item_keys(const struct dl_check_ctx *ctx, const struct dl_request *req,
                             struct dl_access *a)
{
        const struct dl_table *t = dl_table_described(ctx, req);
        const char *pk = t ? t->partition_key.name : NULL, *sk = t ? t->sort_key.name : NULL;
        if (!pk && req->key.kind == DL_VAL_KNOWN && req->key.n == 1 &&
            dl_value_is_complete(&req->key.items[0].key) &&
            !memchr(req->key.items[0].key.text, 0, req->key.items[0].key.len)) {
                pk = req->key.items[0].key.text;
                sk = NULL;
        }
        if (!pk)
                return "its table's key schema is not described (`tables:`)";
        struct dl_key_value kv;
        dl_key_value_of(req, pk, &kv);
        bool known = kv.state == DL_KEYV_SET && kv.value.kind == DL_VAL_KNOWN;
        a->has_pk = true;
        set_key(&a->pk, pk, strlen(pk), "=", known ? &kv.value : NULL);
        a->pk.missing = kv.state == DL_KEYV_NOT_SET;
        if (sk) {
                struct dl_key_value skv;
                dl_key_value_of(req, sk, &skv);
                a->has_sk = true;
                set_key(&a->sk, sk, strlen(sk), "=", skv.state == DL_KEYV_SET ? &skv.value : NULL);
                a->sk.missing = skv.state == DL_KEYV_NOT_SET;
        }
        a->key_state = known ? DL_KEY_KNOWN : DL_KEY_UNKNOWN;
        return known ? NULL : "the partition key's value is not known";
}

/* Operations whose action has no resource type (Resource "*"). */
static bool resourceless(enum dl_op op)
{
        switch (op) {
        case DL_OP_LIST_TABLES:
        case DL_OP_DESCRIBE_LIMITS:
        case DL_OP_DESCRIBE_ENDPOINTS:
        case DL_OP_LIST_BACKUPS:
        case DL_OP_LIST_GLOBAL_TABLES:
        case DL_OP_LIST_EXPORTS:
        case DL_OP_LIST_IMPORTS:
        case DL_OP_LIST_CONTRIBUTOR_INSIGHTS: return true;
        default: return false;
        }
}

static bool item_op(enum dl_op op)
{
        return op == DL_OP_GET_ITEM || op == DL_OP_PUT_ITEM || op == DL_OP_UPDATE_ITEM ||
               op == DL_OP_DELETE_ITEM;
}

static bool container(enum dl_op op)
{
        return op == DL_OP_TRANSACT_WRITE_ITEMS || op == DL_OP_TRANSACT_GET_ITEMS ||
               op == DL_OP_BATCH_GET_ITEM || op == DL_OP_BATCH_WRITE_ITEM ||
               op == DL_OP_BATCH_EXECUTE_STATEMENT || op == DL_OP_EXECUTE_TRANSACTION;
}

static const char *const partiql_actions[] = {"PartiQLSelect", "PartiQLInsert", "PartiQLUpdate",
                                              "PartiQLDelete"};

/* Does op have member f? IndexName: Query and Scan; ConsistentRead:
 * GetItem, Query and Scan; an expression: as dl_op_params_get lists. A
 * request that escaped has every member it lacks set where ddblint cannot
 * see (DYNAMIC): the inventory shows only the members its operation has. */
static bool has_field(enum dl_op op, enum dl_field f)
{
        if (f == DL_FIELD_INDEX_NAME)
                return op == DL_OP_QUERY || op == DL_OP_SCAN;
        if (f == DL_FIELD_CONSISTENT_READ)
                return op == DL_OP_GET_ITEM || op == DL_OP_QUERY || op == DL_OP_SCAN;
        struct dl_op_params ps;
        for (size_t i = 0; dl_op_params_get(op, &ps) && i < ps.n_expr; i++)
                if (ps.expr[i] == f)
                        return true;
        return false;
}

static void set_names(struct dl_access *a, enum dl_op op, const struct dl_value *table,
                      const struct dl_value *index)
{
        a->table_state = state_of(table);
        if (a->table_state == DL_NAME_ABSENT)
                a->table_state = DL_NAME_UNKNOWN;
        if (a->table_state != DL_NAME_UNKNOWN)
                a->table = dl_value_render(table);
        a->table_glob = glob_of(table);
        if (!has_field(op, DL_FIELD_INDEX_NAME))
                return; /* index_state stays ABSENT */
        a->index_state = state_of(index);
        if (a->index_state == DL_NAME_KNOWN || a->index_state == DL_NAME_TEMPLATE)
                a->index = dl_value_render(index);
        a->index_glob = glob_of(index);
}

static void set_members(struct dl_access *a, const struct dl_request *req)
{
        static const enum dl_field fields[] = {DL_FIELD_FILTER_EXPRESSION,
                                               DL_FIELD_PROJECTION_EXPRESSION,
                                               DL_FIELD_CONSISTENT_READ};
        char **out[] = {&a->filter, &a->projection, &a->consistent};
        for (size_t i = 0; i < 3; i++)
                if (has_field(req->op, fields[i]))
                        *out[i] = dl_value_render(&req->fields[fields[i]]);
}

/* A name of a PartiQL statement (FROM "T"."I"), as a value. */
static void pq_name(const struct dl_pq_name *n, enum dl_name_state *state, char **text, char **glob,
                    bool absent_ok)
{
        if (n->text && !n->has_hole && !memchr(n->text, 0, n->len)) {
                *state = DL_NAME_KNOWN;
                *text = dl_xstrndup(n->text, n->len);
                struct dl_segment seg = {*text, n->len, NULL, NULL, NULL};
                struct dl_value v = {0};
                v.kind = DL_VAL_KNOWN;
                v.text = *text;
                v.len = n->len;
                v.segs = &seg;
                v.n_segs = 1;
                *glob = glob_of(&v);
        } else {
                *state = !n->text && absent_ok ? DL_NAME_ABSENT : DL_NAME_UNKNOWN;
        }
}

/* The PartiQL statement of req: its action, table, index, scan. */
static void partiql_record(const struct dl_check_ctx *ctx, struct dl_access *a,
                           const struct dl_request *req)
{
        const struct dl_partiql *st = req->partiql;
        a->partiql = true;
        const char *action = NULL;
        switch (st ? st->stmt : DL_PQ_UNKNOWN) {
        case DL_PQ_SELECT:
        case DL_PQ_EXISTS: action = "PartiQLSelect"; break;
        case DL_PQ_INSERT: action = "PartiQLInsert"; break;
        case DL_PQ_UPDATE: action = "PartiQLUpdate"; break;
        case DL_PQ_DELETE: action = "PartiQLDelete"; break;
        default: break;
        }
        if (action) {
                a->actions[a->n_actions++] = action;
        } else {
                for (size_t i = 0; i < 4; i++)
                        a->actions[a->n_actions++] = partiql_actions[i];
                a->actions_known = false;
                a->why = "its PartiQL statement is not known";
        }
        static const struct dl_pq_name none = {0};
        pq_name(st ? &st->table : &none, &a->table_state, &a->table, &a->table_glob, false);
        pq_name(st ? &st->index : &none, &a->index_state, &a->index, &a->index_glob, true);
        if (action && a->table_state == DL_NAME_UNKNOWN)
                a->why = "its PartiQL statement's table is not known";
        a->key_state = DL_KEY_UNKNOWN;
        if (!action || !strcmp(action, "PartiQLSelect"))
                a->scan = dl_partiql_scans(ctx, st);
        a->consistent = dl_value_render(&req->fields[DL_FIELD_CONSISTENT_READ]);
}

/* The IAM action of a member m of top (util_access.h). */
static const char *member_action(const struct dl_request *top, const struct dl_request *m)
{
        if (top->op == DL_OP_BATCH_GET_ITEM || top->op == DL_OP_BATCH_WRITE_ITEM)
                return dl_op_name(top->op);
        if (m->member && !strcmp(m->member, "ConditionCheck"))
                return "ConditionCheckItem";
        return item_op(m->op) ? dl_op_name(m->op) : NULL;
}

/* Every action a member of top may need, when a member is not listed. */
static void container_actions(const struct dl_request *top, struct dl_access *a)
{
        static const char *const write[] = {"PutItem", "UpdateItem", "DeleteItem",
                                            "ConditionCheckItem"};
        const char *const *acts = partiql_actions;
        size_t n = 4;
        if (top->op == DL_OP_TRANSACT_WRITE_ITEMS) {
                acts = write;
        } else if (top->op == DL_OP_TRANSACT_GET_ITEMS) {
                static const char *const get[] = {"GetItem"};
                acts = get;
                n = 1;
        } else if (top->op == DL_OP_BATCH_GET_ITEM || top->op == DL_OP_BATCH_WRITE_ITEM) {
                a->actions[a->n_actions++] = dl_op_name(top->op);
                return;
        }
        for (size_t i = 0; i < n; i++)
                a->actions[a->n_actions++] = acts[i];
}

static void keys_of(const struct dl_check_ctx *ctx, const struct dl_request *req,
                    struct dl_access *a)
{
        const char *why = NULL;
        if (req->op == DL_OP_QUERY)
                why = query_keys(ctx, req, a);
        else if (item_op(req->op) || (req->member && !strcmp(req->member, "ConditionCheck")))
                why = item_keys(ctx, req, a);
        else if (req->member && !strcmp(req->member, "WriteRequest"))
                why = "its write requests come from code ddblint does not follow";
        if (why) {
                a->key_state = DL_KEY_UNKNOWN;
                a->why = why;
        }
}

static struct dl_access *push(struct dl_access **all, size_t *n, const struct dl_request *top)
{
        *all = dl_xrealloc(*all, (*n + 1) * sizeof **all);
        struct dl_access *a = &(*all)[(*n)++];
        memset(a, 0, sizeof *a);
        a->top = top;
        a->actions_known = true;
        a->scan = DL_TRI_NO;
        return a;
}

size_t dl_access_of(const struct dl_check_ctx *ctx, const struct dl_request *req,
                    struct dl_access **out)
{
        struct dl_access *all = NULL;
        size_t n = 0;
        *out = NULL;
        if (req->member)
                return 0; /* members come with their container */
        struct dl_check_ctx c = *ctx;
        if (container(req->op)) {
                for (size_t i = 0; i < req->n_items; i++) {
                        const struct dl_request *m = &req->items[i];
                        struct dl_access *a = push(&all, &n, req);
                        a->member = m->member;
                        c.req = m;
                        /* a member is a PartiQL statement in the PartiQL
                         * containers only: a BatchGetItem member that escaped
                         * may have any field "set", Statement among them */
                        if (m->partiql || req->op == DL_OP_BATCH_EXECUTE_STATEMENT ||
                            req->op == DL_OP_EXECUTE_TRANSACTION) {
                                partiql_record(&c, a, m);
                                continue;
                        }
                        const char *act = member_action(req, m);
                        if (act)
                                a->actions[a->n_actions++] = act;
                        set_names(a, m->op, &m->fields[DL_FIELD_TABLE_NAME],
                                  &m->fields[DL_FIELD_INDEX_NAME]);
                        set_members(a, m);
                        keys_of(&c, m, a);
                }
                if ((req->escaped && !req->members_listed) || !req->n_items) {
                        /* members ddblint could not list: any action of the
                         * container's, on any table */
                        struct dl_access *a = push(&all, &n, req);
                        a->member = "<unlisted>";
                        container_actions(req, a);
                        a->actions_known = false;
                        a->partiql = req->op == DL_OP_BATCH_EXECUTE_STATEMENT ||
                                     req->op == DL_OP_EXECUTE_TRANSACTION;
                        a->table_state = DL_NAME_UNKNOWN;
                        a->key_state = DL_KEY_UNKNOWN;
                        a->scan = a->partiql ? DL_TRI_MAYBE : DL_TRI_NO;
                        a->why = "members ddblint could not follow may be added (the request "
                                 "escaped)";
                }
                *out = all;
                return n;
        }
        struct dl_access *a = push(&all, &n, req);
        c.req = req;
        if (req->op == DL_OP_EXECUTE_STATEMENT) {
                partiql_record(&c, a, req);
                *out = all;
                return n;
        }
        a->actions[a->n_actions++] = dl_op_name(req->op);
        if (resourceless(req->op)) {
                a->resourceless = true;
                a->table_state = DL_NAME_ABSENT;
        } else {
                set_names(a, req->op, &req->fields[DL_FIELD_TABLE_NAME],
                          &req->fields[DL_FIELD_INDEX_NAME]);
        }
        set_members(a, req);
        if (req->op == DL_OP_SCAN)
                a->scan = DL_TRI_YES;
        keys_of(&c, req, a);
        *out = all;
        return n;
}

static void key_fini(struct dl_access_key *k)
{
        free(k->attr);
        free(k->value);
        free(k->prefix);
}

void dl_access_free(struct dl_access *a, size_t n)
{
        for (size_t i = 0; a && i < n; i++) {
                free(a[i].table);
                free(a[i].index);
                free(a[i].table_glob);
                free(a[i].index_glob);
                key_fini(&a[i].pk);
                key_fini(&a[i].sk);
                free(a[i].filter);
                free(a[i].projection);
                free(a[i].consistent);
        }
        free(a);
}

char *dl_access_key_shape(const char *op, const char *value)
{
        return dl_xasprintf("%s %s", op, value ? value : "<?>");
}

/* A declared key shape as an fnmatch pattern: `<?>` any text, other
 * pattern characters literal. */
static char *shape_glob(const char *s)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        for (; *s; s++) {
                if (!strncmp(s, "<?>", 3)) {
                        dl_strbuf_putc(&sb, '*');
                        s += 2;
                        continue;
                }
                if (strchr("*?[\\", *s))
                        dl_strbuf_putc(&sb, '\\');
                dl_strbuf_putc(&sb, *s);
        }
        dl_strbuf_puts(&sb, "");
        return dl_strbuf_take(&sb);
}

/* One key: YES equal, NO different, MAYBE when s's is not known or its
 * holes may make it the declared one. */
static enum dl_tri key_match(const char *declared, const char *have, bool known, bool complete,
                             const char *lit)
{
        if (!declared)
                return DL_TRI_YES;
        if (!have || !known)
                return DL_TRI_MAYBE;
        char *g = shape_glob(declared);
        bool m = fnmatch(g, have, 0) == 0;
        free(g);
        if (m)
                return DL_TRI_YES;
        if (complete || !lit)
                return DL_TRI_NO;
        /* the known texts before the first hole of each must agree */
        const char *hole = strstr(declared, "<?>");
        size_t dn = hole ? (size_t)(hole - declared) : strlen(declared), ln = strlen(lit);
        size_t n = dn < ln ? dn : ln;
        return strncmp(declared, lit, n) ? DL_TRI_NO : DL_TRI_MAYBE;
}

static enum dl_tri both(enum dl_tri a, enum dl_tri b)
{
        if (a == DL_TRI_NO || b == DL_TRI_NO)
                return DL_TRI_NO;
        return a == DL_TRI_MAYBE || b == DL_TRI_MAYBE ? DL_TRI_MAYBE : DL_TRI_YES;
}

enum dl_tri dl_access_pattern_match(const struct dl_access_pattern *p,
                                    const struct dl_access_shape *s)
{
        enum dl_tri r = DL_TRI_YES;
        if (p->operation && strcmp(p->operation, s->op) != 0 &&
            !(s->action && !strcmp(p->operation, s->action)))
                return DL_TRI_NO;
        if (p->table)
                r = both(r, !s->table_known              ? DL_TRI_MAYBE
                            : strcmp(p->table, s->table) ? DL_TRI_NO
                                                         : DL_TRI_YES);
        if (s->index_state == DL_NAME_UNKNOWN || s->index_state == DL_NAME_TEMPLATE)
                r = both(r, DL_TRI_MAYBE);
        else if (!p->index != (s->index_state == DL_NAME_ABSENT) ||
                 (p->index && strcmp(p->index, s->index ? s->index : "")))
                return DL_TRI_NO;
        r = both(r, key_match(p->partition_key, s->pk, s->key_known, s->pk_complete, s->pk_lit));
        r = both(r, key_match(p->sort_key, s->sk, s->sk_known, s->sk_complete, s->sk_lit));
        return r;
}
