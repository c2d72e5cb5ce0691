/* access.c - the access records of a request (access.h).
 * SPDX-License-Identifier: MIT
 */
#include "access.h"

#include "json_text.h"

#include "../checks/util_expr.h"
#include "../checks/util_keys.h"
#include "../model/expr.h"
#include "../model/keys.h"
#include "../model/partiql.h"
#include "../model/placeholder.h"
#include "../model/request.h"
#include "../model/template.h"
#include "../rules/schema.h"

#include <jansson.h>
#include <string.h>

/* A value's template: known text, each hole as dl_hole_dump renders it. */
static void render(struct dl_strbuf *sb, const struct dl_value *v)
{
        if (v->kind == DL_VAL_DYNAMIC) {
                dl_strbuf_puts(sb, "<?>");
                return;
        }
        for (size_t i = 0; i < v->n_segs; i++) {
                if (v->segs[i].text)
                        dl_strbuf_add(sb, v->segs[i].text, v->segs[i].len);
                else
                        dl_hole_dump(sb, v->segs[i].hole);
        }
}

/* An ARN's resource part for a name: its known text, each hole `*`
 * (IAM matches `*` as any run of characters in a Resource); NULL when a
 * known byte is not one a table or index name may hold ([A-Za-z0-9_.-]:
 * developer guide, "Naming rules"), so that no name can spell a wildcard
 * or a policy variable. */
static json_t *glob_json(const struct dl_value *v)
{
        if (v->kind != DL_VAL_KNOWN)
                return json_null();
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
        json_t *j = ok && sb.len ? json_string(dl_strbuf_cstr(&sb)) : json_null();
        dl_strbuf_fini(&sb);
        return j;
}

static json_t *value_json(const struct dl_value *v)
{
        if (v->kind == DL_VAL_ABSENT)
                return json_null();
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        render(&sb, v);
        json_t *j = dl_json_text(dl_strbuf_cstr(&sb));
        dl_strbuf_fini(&sb);
        return j;
}

/* The known text before the first hole; NULL when the value starts with
 * one or is not known. */
static json_t *prefix_json(const struct dl_value *v)
{
        if (v->kind != DL_VAL_KNOWN || !v->n_segs || !v->segs[0].text || !v->segs[0].len)
                return json_null();
        char *p = strndup(v->segs[0].text, v->segs[0].len);
        json_t *j = p && strlen(p) == v->segs[0].len ? dl_json_text(p) : json_null();
        free(p);
        return j;
}

static const char *state_of(const struct dl_value *v)
{
        if (v->kind == DL_VAL_ABSENT)
                return "absent";
        if (dl_value_is_complete(v))
                return "known";
        if (v->kind == DL_VAL_KNOWN)
                for (size_t i = 0; i < v->n_segs; i++)
                        if (v->segs[i].text && v->segs[i].len)
                                return "template";
        return "unknown";
}

static json_t *key_json(const char *attr, size_t len, const char *op, const struct dl_value *v)
{
        json_t *k = json_object();
        char *a = strndup(attr, len);
        json_object_set_new(k, "attr", dl_json_text(a));
        free(a);
        json_object_set_new(k, "op", json_string(op));
        json_object_set_new(k, "value", v ? value_json(v) : json_null());
        json_object_set_new(k, "prefix", v ? prefix_json(v) : json_null());
        json_object_set_new(k, "complete", json_boolean(v && dl_value_is_complete(v)));
        return k;
}

/* The value a key condition compares with: a :placeholder's entry. */
static const struct dl_value *operand_value(const struct dl_request *req, const struct dl_enode *n)
{
        const struct dl_attr *e = NULL;
        if (n->kind != DL_EN_VALUE ||
            dl_placeholder_find(&req->values, n->name, n->name_len, &e) != DL_PH_FOUND ||
            e->type == DL_ATTR_UNKNOWN)
                return NULL;
        return e->val.kind == DL_VAL_ABSENT ? NULL : &e->val;
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
                val = NULL;
                out->op = "BETWEEN";
        } else {
                return false;
        }
        if (path->kind != DL_EN_PATH || !dl_path_head(req, path->path, &out->attr, &out->len))
                return false;
        out->value = val ? operand_value(req, val) : NULL;
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
 * or (not described) the only `=` condition is the partition key. */
static const char *query_keys(const struct dl_check_ctx *ctx, const struct dl_request *req,
                              json_t *rec)
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
        for (size_t i = 0; i < n; i++) {
                bool is_pk = described ? dl_name_eq(kc[i].attr, kc[i].len, keys.hash)
                                       : !strcmp(kc[i].op, "=") &&
                                                 (n == 1 || strcmp(kc[1 - i].op, "=") != 0);
                if (is_pk && pk < 0)
                        pk = (int)i;
        }
        if (pk < 0)
                return "which condition is on the partition key is not known (describe the "
                       "table under `tables:`)";
        json_object_set_new(rec, "pk", key_json(kc[pk].attr, kc[pk].len, kc[pk].op, kc[pk].value));
        if (n == 2)
                json_object_set_new(
                        rec, "sk",
                        key_json(kc[1 - pk].attr, kc[1 - pk].len, kc[1 - pk].op, kc[1 - pk].value));
        json_object_set_new(rec, "key_state", json_string(kc[pk].value ? "known" : "unknown"));
        return kc[pk].value ? NULL : "the partition key's value is not known";
}

/* An item operation: the key from Key or Item, by the described key
 * schema, or (not described) a Key of one attribute. */
static const char *item_keys(const struct dl_check_ctx *ctx, const struct dl_request *req,
                             json_t *rec)
{
        const struct dl_table *t = dl_table_described(ctx, req);
        const char *pk = t ? t->partition_key.name : NULL, *sk = t ? t->sort_key.name : NULL;
        if (!pk && req->key.kind == DL_VAL_KNOWN && req->key.n == 1 &&
            dl_value_is_complete(&req->key.items[0].key)) {
                pk = req->key.items[0].key.text;
                sk = NULL;
        }
        if (!pk)
                return "its table's key schema is not described (`tables:`)";
        struct dl_key_value kv;
        dl_key_value_of(req, pk, &kv);
        bool known = kv.state == DL_KEYV_SET;
        json_object_set_new(rec, "pk", key_json(pk, strlen(pk), "=", known ? &kv.value : NULL));
        if (sk) {
                struct dl_key_value skv;
                dl_key_value_of(req, sk, &skv);
                json_object_set_new(rec, "sk",
                                    key_json(sk, strlen(sk), "=",
                                             skv.state == DL_KEYV_SET ? &skv.value : NULL));
        }
        json_object_set_new(rec, "key_state", json_string(known ? "known" : "unknown"));
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

static const char *const partiql_actions[] = {"PartiQLSelect", "PartiQLInsert", "PartiQLUpdate",
                                              "PartiQLDelete"};

static json_t *strings(const char *const *s, size_t n)
{
        json_t *a = json_array();
        for (size_t i = 0; i < n; i++)
                json_array_append_new(a, json_string(s[i]));
        return a;
}

/* The record's call site and the members every record has. */
static json_t *record_new(const struct dl_request *top, const struct dl_request *req,
                          const char *path)
{
        json_t *rec = json_object();
        json_object_set_new(rec, "file", dl_json_text(top->call.file ? top->call.file : path));
        json_object_set_new(rec, "line", json_integer(top->call.line));
        json_object_set_new(rec, "col", json_integer(top->call.col));
        json_object_set_new(rec, "function",
                            top->function ? dl_json_text(top->function) : json_null());
        json_object_set_new(rec, "op", json_string(dl_op_name(top->op)));
        json_object_set_new(rec, "member",
                            req && req->member ? json_string(req->member) : json_null());
        json_object_set_new(rec, "resource", json_string("table"));
        json_object_set_new(rec, "actions_known", json_true());
        json_object_set_new(rec, "key_state", json_string("none"));
        json_object_set_new(rec, "pk", json_null());
        json_object_set_new(rec, "sk", json_null());
        json_object_set_new(rec, "scan", json_string("no"));
        json_object_set_new(rec, "partiql", json_string("no"));
        json_object_set_new(rec, "why", json_null());
        return rec;
}

static void set_table(json_t *rec, const struct dl_value *table, const struct dl_value *index)
{
        const char *ts = state_of(table);
        json_object_set_new(rec, "table",
                            strcmp(ts, "known") && strcmp(ts, "template") ? json_null()
                                                                          : value_json(table));
        json_object_set_new(rec, "table_state", json_string(strcmp(ts, "absent") ? ts : "unknown"));
        json_object_set_new(rec, "table_glob", glob_json(table));
        json_object_set_new(rec, "index_glob", glob_json(index));
        const char *is = state_of(index);
        json_object_set_new(rec, "index",
                            strcmp(is, "known") && strcmp(is, "template") ? json_null()
                                                                          : value_json(index));
        json_object_set_new(rec, "index_state", json_string(is));
}

static void set_members(json_t *rec, const struct dl_request *req)
{
        json_object_set_new(rec, "filter", value_json(&req->fields[DL_FIELD_FILTER_EXPRESSION]));
        json_object_set_new(rec, "projection",
                            value_json(&req->fields[DL_FIELD_PROJECTION_EXPRESSION]));
        json_object_set_new(rec, "consistent", value_json(&req->fields[DL_FIELD_CONSISTENT_READ]));
}

static void emit(struct dl_strbuf *out, json_t *rec)
{
        char *s = json_dumps(rec, JSON_COMPACT);
        if (s) {
                dl_strbuf_puts(out, s);
                dl_strbuf_putc(out, '\n');
        }
        free(s);
        json_decref(rec);
}

/* The PartiQL statement of req: its action, table, index, scan. */
static void partiql_record(const struct dl_check_ctx *ctx, json_t *rec,
                           const struct dl_request *req)
{
        const struct dl_partiql *st = req->partiql;
        json_object_set_new(rec, "partiql", json_string("yes"));
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
                json_object_set_new(rec, "actions", strings(&action, 1));
        } else {
                json_object_set_new(rec, "actions", strings(partiql_actions, 4));
                json_object_set_new(rec, "actions_known", json_false());
                json_object_set_new(rec, "why", json_string("its PartiQL statement is not known"));
        }
        if (st && st->table.text && !st->table.has_hole) {
                char *t = strndup(st->table.text, st->table.len);
                json_object_set_new(rec, "table", dl_json_text(t ? t : ""));
                json_object_set_new(rec, "table_state", json_string("known"));
                struct dl_segment seg = {t, t ? strlen(t) : 0, NULL, NULL, NULL};
                struct dl_value v = {DL_VAL_KNOWN, t, seg.len, &seg, 1, {0}, {0}, false};
                json_object_set_new(rec, "table_glob", glob_json(&v));
                free(t);
        } else {
                json_object_set_new(rec, "table", json_null());
                json_object_set_new(rec, "table_state", json_string("unknown"));
                json_object_set_new(rec, "table_glob", json_null());
                if (action)
                        json_object_set_new(rec, "why",
                                            json_string("its PartiQL statement's table is not "
                                                        "known"));
        }
        if (st && st->index.text && !st->index.has_hole) {
                char *i = strndup(st->index.text, st->index.len);
                json_object_set_new(rec, "index", dl_json_text(i ? i : ""));
                json_object_set_new(rec, "index_state", json_string("known"));
                struct dl_segment seg = {i, i ? strlen(i) : 0, NULL, NULL, NULL};
                struct dl_value v = {DL_VAL_KNOWN, i, seg.len, &seg, 1, {0}, {0}, false};
                json_object_set_new(rec, "index_glob", glob_json(&v));
                free(i);
        } else {
                json_object_set_new(rec, "index", json_null());
                json_object_set_new(rec, "index_state",
                                    json_string(st && st->index.text ? "unknown" : "absent"));
                json_object_set_new(rec, "index_glob", json_null());
        }
        json_object_set_new(rec, "key_state", json_string("unknown"));
        if (!action || !strcmp(action, "PartiQLSelect")) {
                enum dl_tri f = dl_partiql_scans(ctx, st);
                json_object_set_new(rec, "scan",
                                    json_string(f == DL_TRI_YES  ? "yes"
                                                : f == DL_TRI_NO ? "no"
                                                                 : "maybe"));
        }
        json_object_set_new(rec, "filter", json_null());
        json_object_set_new(rec, "projection", json_null());
        json_object_set_new(rec, "consistent", value_json(&req->fields[DL_FIELD_CONSISTENT_READ]));
}

/* The IAM action of a member of top (access.h). */
static const char *member_action(const struct dl_request *top, const struct dl_request *m)
{
        if (top->op == DL_OP_BATCH_GET_ITEM || top->op == DL_OP_BATCH_WRITE_ITEM)
                return dl_op_name(top->op);
        if (m->member && !strcmp(m->member, "ConditionCheck"))
                return "ConditionCheckItem";
        return item_op(m->op) ? dl_op_name(m->op) : NULL;
}

/* Every action a member of top may need, when a member is not listed. */
static size_t container_actions(const struct dl_request *top, const char **out)
{
        switch (top->op) {
        case DL_OP_TRANSACT_WRITE_ITEMS:
                out[0] = "PutItem";
                out[1] = "UpdateItem";
                out[2] = "DeleteItem";
                out[3] = "ConditionCheckItem";
                return 4;
        case DL_OP_TRANSACT_GET_ITEMS: out[0] = "GetItem"; return 1;
        case DL_OP_BATCH_GET_ITEM:
        case DL_OP_BATCH_WRITE_ITEM: out[0] = dl_op_name(top->op); return 1;
        default:
                for (size_t i = 0; i < 4; i++)
                        out[i] = partiql_actions[i];
                return 4;
        }
}

static bool container(enum dl_op op)
{
        return op == DL_OP_TRANSACT_WRITE_ITEMS || op == DL_OP_TRANSACT_GET_ITEMS ||
               op == DL_OP_BATCH_GET_ITEM || op == DL_OP_BATCH_WRITE_ITEM ||
               op == DL_OP_BATCH_EXECUTE_STATEMENT || op == DL_OP_EXECUTE_TRANSACTION;
}

static void keys_of(const struct dl_check_ctx *ctx, const struct dl_request *req, json_t *rec)
{
        const char *why = NULL;
        if (req->op == DL_OP_QUERY)
                why = query_keys(ctx, req, rec);
        else if (item_op(req->op) || (req->member && !strcmp(req->member, "ConditionCheck")))
                why = item_keys(ctx, req, rec);
        if (why) {
                json_object_set_new(rec, "key_state", json_string("unknown"));
                json_object_set_new(rec, "why", json_string(why));
        }
}

json_t *dl_access_load(const char *text, size_t len)
{
        json_t *all = json_array();
        for (const char *p = text, *end = text + len; p < end;) {
                const char *nl = memchr(p, '\n', (size_t)(end - p));
                size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
                json_t *rec = n ? json_loadb(p, n, 0, NULL) : NULL;
                if (json_is_object(rec))
                        json_array_append(all, rec);
                json_decref(rec);
                p += n + 1;
        }
        return all;
}

void dl_access_append(struct dl_strbuf *out, const struct dl_ruleset *rules,
                      const struct dl_request *req, const char *path)
{
        struct dl_check_ctx ctx = {0};
        ctx.rules = rules;
        ctx.req = req;
        if (req->member)
                return; /* members come with their container */
        if (container(req->op)) {
                for (size_t i = 0; i < req->n_items; i++) {
                        const struct dl_request *m = &req->items[i];
                        json_t *rec = record_new(req, m, path);
                        if (m->partiql || m->fields[DL_FIELD_STATEMENT].kind != DL_VAL_ABSENT) {
                                partiql_record(&ctx, rec, m);
                        } else {
                                const char *a = member_action(req, m);
                                json_object_set_new(rec, "actions", strings(&a, a ? 1 : 0));
                                set_table(rec, &m->fields[DL_FIELD_TABLE_NAME],
                                          &m->fields[DL_FIELD_INDEX_NAME]);
                                set_members(rec, m);
                                ctx.req = m;
                                keys_of(&ctx, m, rec);
                        }
                        emit(out, rec);
                }
                if (req->escaped || !req->n_items) {
                        /* members ddblint could not list: any action of the
                         * container's, on any table */
                        const char *acts[4];
                        size_t n = container_actions(req, acts);
                        json_t *rec = record_new(req, NULL, path);
                        json_object_set_new(rec, "member", json_string("<unlisted>"));
                        json_object_set_new(rec, "actions", strings(acts, n));
                        json_object_set_new(rec, "actions_known", json_false());
                        json_object_set_new(
                                rec, "partiql",
                                json_string(req->op == DL_OP_BATCH_EXECUTE_STATEMENT ||
                                                            req->op == DL_OP_EXECUTE_TRANSACTION
                                                    ? "yes"
                                                    : "no"));
                        struct dl_value dyn = {0}, absent = {0};
                        dyn.kind = DL_VAL_DYNAMIC;
                        set_table(rec, &dyn, &absent);
                        struct dl_request none;
                        dl_request_init(&none, DL_OP_COUNT);
                        set_members(rec, &none);
                        json_object_set_new(rec, "key_state", json_string("unknown"));
                        json_object_set_new(rec, "why",
                                            json_string("members ddblint could not follow may be "
                                                        "added (the request escaped)"));
                        emit(out, rec);
                }
                return;
        }
        json_t *rec = record_new(req, NULL, path);
        if (req->op == DL_OP_EXECUTE_STATEMENT) {
                partiql_record(&ctx, rec, req);
                emit(out, rec);
                return;
        }
        const char *a = dl_op_name(req->op);
        json_object_set_new(rec, "actions", strings(&a, 1));
        if (resourceless(req->op)) {
                json_object_set_new(rec, "resource", json_string("none"));
                struct dl_value absent = {0};
                set_table(rec, &absent, &absent);
                json_object_set_new(rec, "table_state", json_string("absent"));
        } else {
                set_table(rec, &req->fields[DL_FIELD_TABLE_NAME],
                          &req->fields[DL_FIELD_INDEX_NAME]);
        }
        set_members(rec, req);
        if (req->op == DL_OP_SCAN)
                json_object_set_new(rec, "scan", json_string("yes"));
        keys_of(&ctx, req, rec);
        emit(out, rec);
}
