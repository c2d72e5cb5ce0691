/* aws4dd.c - recognizer for Softmotions aws4's DynamoDB client (aws4dd.h,
 * aws4 1.0.2, git 9899bd5, 2024-09-05; C11 over libcurl and iowow).
 * SPDX-License-Identifier: MIT
 *
 * Its API is data (aws4dd_api.def); the engine (engine.h, follow.c)
 * follows the handles and builds the requests. The spec members below are
 * those aws4dd.c turns into the request's JSON: a NULL string, a zero
 * number, a false bool and an enum's 0 are not sent; scan_index_backward
 * sends ScanIndexForward false; exclusive_start_key_json is the
 * ExclusiveStartKey as JSON text; the enums number DynamoDB's values from 1.
 */
#include "cfunc.h"

#include "../core/log.h"
#include "../core/strbuf.h"
#include "../model/fix.h"
#include "../model/shape.h"

#include <stdlib.h>
#include <string.h>

static const char *const consumed[] = {NULL, "TOTAL", "INDEXES"};
static const char *const selects[] = {NULL, "SPECIFIC_ATTRIBUTES", "ALL_ATTRIBUTES",
                                      "ALL_PROJECTED_ATTRIBUTES", "COUNT"};
static const char *const returns[] = {NULL, "ALL_OLD", "ALL_NEW", "UPDATED_NEW", "UPDATED_OLD"};

#define ENUM(values) DL_SPEC_ENUM, values, sizeof values / sizeof values[0]

static const struct dl_spec_member query_spec[] = {
        {"table_name", DL_FIELD_TABLE_NAME, DL_SPEC_STRING, NULL, 0},
        {"index_name", DL_FIELD_INDEX_NAME, DL_SPEC_STRING, NULL, 0},
        {"key_condition_expression", DL_FIELD_KEY_CONDITION_EXPRESSION, DL_SPEC_STRING, NULL, 0},
        {"filter_expression", DL_FIELD_FILTER_EXPRESSION, DL_SPEC_STRING, NULL, 0},
        {"projection_expression", DL_FIELD_PROJECTION_EXPRESSION, DL_SPEC_STRING, NULL, 0},
        {"exclusive_start_key_json", DL_FIELD_EXCLUSIVE_START_KEY, DL_SPEC_PRESENT, NULL, 0},
        {"return_consumed_capacity", DL_FIELD_RETURN_CONSUMED_CAPACITY, ENUM(consumed)},
        {"select", DL_FIELD_SELECT, ENUM(selects)},
        {"consistent_read", DL_FIELD_CONSISTENT_READ, DL_SPEC_TRUE, NULL, 0},
        {"scan_index_backward", DL_FIELD_SCAN_INDEX_FORWARD, DL_SPEC_NEGATED, NULL, 0},
        {"limit", DL_FIELD_LIMIT, DL_SPEC_NONZERO, NULL, 0},
};

static const struct dl_spec_member scan_spec[] = {
        {"table_name", DL_FIELD_TABLE_NAME, DL_SPEC_STRING, NULL, 0},
        {"index_name", DL_FIELD_INDEX_NAME, DL_SPEC_STRING, NULL, 0},
        {"projection_expression", DL_FIELD_PROJECTION_EXPRESSION, DL_SPEC_STRING, NULL, 0},
        {"filter_expression", DL_FIELD_FILTER_EXPRESSION, DL_SPEC_STRING, NULL, 0},
        {"select", DL_FIELD_SELECT, ENUM(selects)},
        {"segments_total", DL_FIELD_TOTAL_SEGMENTS, DL_SPEC_NONZERO, NULL, 0},
        {"segment", DL_FIELD_SEGMENT, DL_SPEC_NONZERO, NULL, 0},
        {"limit", DL_FIELD_LIMIT, DL_SPEC_NONZERO, NULL, 0},
        {"return_consumed_capacity", DL_FIELD_RETURN_CONSUMED_CAPACITY, ENUM(consumed)},
        {"consistent_read", DL_FIELD_CONSISTENT_READ, DL_SPEC_TRUE, NULL, 0},
};

static const struct dl_spec_member get_spec[] = {
        {"table_name", DL_FIELD_TABLE_NAME, DL_SPEC_STRING, NULL, 0},
        {"projection_expression", DL_FIELD_PROJECTION_EXPRESSION, DL_SPEC_STRING, NULL, 0},
        {"return_consumed_capacity", DL_FIELD_RETURN_CONSUMED_CAPACITY, ENUM(consumed)},
        {"consistent_read", DL_FIELD_CONSISTENT_READ, DL_SPEC_TRUE, NULL, 0},
};

static const struct dl_spec_member put_spec[] = {
        {"table_name", DL_FIELD_TABLE_NAME, DL_SPEC_STRING, NULL, 0},
        {"condition_expression", DL_FIELD_CONDITION_EXPRESSION, DL_SPEC_STRING, NULL, 0},
        {"ret.values", DL_FIELD_RETURN_VALUES, ENUM(returns)},
        {"ret.capacity", DL_FIELD_RETURN_CONSUMED_CAPACITY, ENUM(consumed)},
};

static const struct dl_spec_member update_spec[] = {
        {"table_name", DL_FIELD_TABLE_NAME, DL_SPEC_STRING, NULL, 0},
        {"condition_expression", DL_FIELD_CONDITION_EXPRESSION, DL_SPEC_STRING, NULL, 0},
        {"update_expression", DL_FIELD_UPDATE_EXPRESSION, DL_SPEC_STRING, NULL, 0},
        {"ret.values", DL_FIELD_RETURN_VALUES, ENUM(returns)},
        {"ret.capacity", DL_FIELD_RETURN_CONSUMED_CAPACITY, ENUM(consumed)},
};

static const struct dl_spec_member delete_spec[] = {
        {"table_name", DL_FIELD_TABLE_NAME, DL_SPEC_STRING, NULL, 0},
        {"condition_expression", DL_FIELD_CONDITION_EXPRESSION, DL_SPEC_STRING, NULL, 0},
        {"ret.values", DL_FIELD_RETURN_VALUES, ENUM(returns)},
        {"ret.consumed_capacity", DL_FIELD_RETURN_CONSUMED_CAPACITY, ENUM(consumed)},
};

/* struct aws4dd_table_create_spec and aws4dd_table_update_spec: the name
 * here; every member in the request's shape too (table_shape below) */
static const struct dl_spec_member table_spec[] = {
        {"name", DL_FIELD_TABLE_NAME, DL_SPEC_STRING, NULL, 0},
};

#undef ENUM

static const struct dl_cfunc api[] = {
#define DL_CFUNC(fn, ...) {fn, __VA_ARGS__},
#include "aws4dd_api.def"
#undef DL_CFUNC
};

/* The spec member that sets field f (the same name in every spec). */
static const struct dl_spec_member *spec_member(enum dl_field f)
{
        static const struct {
                const struct dl_spec_member *m;
                size_t n;
        } specs[] = {
#define SPEC(t) {t, sizeof t / sizeof t[0]}
                SPEC(query_spec), SPEC(scan_spec),   SPEC(get_spec),
                SPEC(put_spec),   SPEC(update_spec), SPEC(delete_spec),
#undef SPEC
        };
        for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
                for (size_t k = 0; k < specs[i].n; k++) {
                        if (specs[i].m[k].field == f)
                                return &specs[i].m[k];
                }
        }
        return NULL;
}

/* The operation's function of the table that sends op
 * ("aws4dd_query"), or NULL. */
static const char *send_function(enum dl_op op)
{
        for (size_t i = 0; i < sizeof api / sizeof api[0]; i++) {
                if (api[i].kind == DL_EV_SEND && api[i].op == op)
                        return api[i].name;
        }
        return NULL;
}

/* The statement adding fix's ExpressionAttributeNames entry to the handle
 * req->variable (`aws4dd_query_expression_attr_name(op, "#n", "name");`):
 * the table's ADD_ENTRY row named after the operation's function. Nothing
 * for anything else, or text that needs escaping. */
static void spell_statement(struct dl_strbuf *sb, const struct dl_request *req,
                            const struct dl_fix *fix)
{
        const char *send = req ? send_function(req->op) : NULL;
        if (!send || !req->variable || req->member || fix->kind != DL_FIX_ADD_ENTRY ||
            fix->map != DL_MAP_NAMES || !fix->key || !fix->value || strpbrk(fix->key, "\\\"") ||
            strpbrk(fix->value, "\\\""))
                return;
        for (size_t i = 0; i < sizeof api / sizeof api[0]; i++) {
                size_t n = strlen(send);
                if (api[i].kind == DL_EV_ADD_ENTRY && api[i].map == DL_MAP_NAMES &&
                    !strncmp(api[i].name, send, n) &&
                    !strcmp(api[i].name + n, "_expression_attr_name")) {
                        dl_strbuf_printf(sb, "%s(%s, \"%s\", \"%s\");", api[i].name, req->variable,
                                         fix->key, fix->value);
                        return;
                }
        }
}

/* aws4dd's spelling of a fix: the spec member that sets a string, number
 * or bool member (`.key_condition_expression = "PK = :pk"`); anything else
 * (map entries, enums) as DynamoDB's JSON member, which the value setters'
 * paths name; as a statement, an ExpressionAttributeNames entry's setter
 * (spell_statement). */
static void spell_fix(struct dl_strbuf *sb, const struct dl_request *req, const struct dl_fix *fix)
{
        if (fix->statement) {
                spell_statement(sb, req, fix);
                return;
        }
        const struct dl_spec_member *m =
                fix->kind == DL_FIX_SET_FIELD ? spec_member(fix->field) : NULL;
        if (!m ||
            (m->conv != DL_SPEC_STRING && m->conv != DL_SPEC_NONZERO && m->conv != DL_SPEC_TRUE)) {
                dl_fix_spell_json(sb, fix);
                return;
        }
        const char *v = fix->value ? fix->value : "...";
        dl_strbuf_printf(sb, m->conv == DL_SPEC_STRING ? ".%s = \"%s\"" : ".%s = %s", m->name, v);
}

/* ---- tables: what aws4dd.c sends of a table spec ----------------------------------------- */

/* aws4dd.h's flags: AWS4DD_TABLE_BILLING_PROVISIONED and _PER_REQUEST of a
 * table spec, AWS4DD_TABLE_INDEX_GLOBAL and _PROJECT_ALL of an index spec;
 * struct aws4dd_table_create holds global_idx[20] and local_idx[5]. */
enum {
        BILLING_PROVISIONED = 0x01,
        BILLING_PER_REQUEST = 0x02,
        INDEX_GLOBAL = 0x01,
        INDEX_PROJECT_ALL = 0x02,
        GLOBAL_MAX = 20,
        LOCAL_MAX = 5,
};

enum tri { NO, YES, MAYBE };

/* Writing one table: the spec members only known at run time (said under
 * --verbose; a key name is not: the table reader says it cannot read the
 * table, cli/code_tables.c), and why aws4dd sends nothing. */
struct tw {
        struct dl_arena *a;
        struct dl_strbuf unknown;
        const char *fails;
};

static void run_time(struct tw *w, const char *member)
{
        if (w->unknown.buf && strstr(w->unknown.buf, member))
                return;
        if (w->unknown.len)
                dl_strbuf_puts(&w->unknown, ", ");
        dl_strbuf_puts(&w->unknown, member);
}

/* Member name of spec or element o as aws4dd reads it: NULL when not set,
 * NULL or 0 (not sent). */
static const struct dl_shape *get(const struct dl_shape *o, const char *name)
{
        const struct dl_shape *v = dl_shape_get(o, name);
        return v && v->kind == DL_SHAPE_NUMBER && dl_value_equals(&v->value, "0") ? NULL : v;
}

/* A number member: *n its value (0 when not set). */
static enum tri number(struct tw *w, const struct dl_shape *o, const char *name, long long *n)
{
        const struct dl_shape *v = get(o, name);
        *n = 0;
        if (!v)
                return NO;
        if (v->kind != DL_SHAPE_NUMBER) {
                run_time(w, name);
                return MAYBE;
        }
        *n = strtoll(v->value.text, NULL, 10);
        return YES;
}

/* Is bit set in o's flags? */
static enum tri flag(struct tw *w, const struct dl_shape *o, long long bit)
{
        long long f;
        enum tri t = number(w, o, "flags", &f);
        return t == MAYBE ? MAYBE : (f & bit) ? YES : NO;
}

/* read_capacity_units > 0 && write_capacity_units > 0: when aws4dd writes
 * a ProvisionedThroughput. */
static enum tri capacity(struct tw *w, const struct dl_shape *o)
{
        long long r, wc;
        enum tri tr = number(w, o, "read_capacity_units", &r);
        enum tri tc = number(w, o, "write_capacity_units", &wc);
        if ((tr != MAYBE && r <= 0) || (tc != MAYBE && wc <= 0))
                return NO;
        return tr == MAYBE || tc == MAYBE ? MAYBE : YES;
}

static struct dl_loc loc_of(const struct dl_shape *o, const char *name, struct dl_loc or_else)
{
        const struct dl_shape *v = dl_shape_get(o, name);
        return v ? v->loc : or_else;
}

static const struct dl_shape *text(struct tw *w, const char *s, struct dl_loc at)
{
        struct dl_value v = dl_value_known(w->a, s, strlen(s), NULL, at);
        return dl_shape_scalar(w->a, &v, false);
}

/* o with member name := v, written at v's place. */
static const struct dl_shape *put(struct tw *w, const struct dl_shape *o, const char *name,
                                  const struct dl_shape *v)
{
        return dl_shape_set(w->a, o, name, v->loc, v);
}

/* {"ProvisionedThroughput": ...} of o (capacity t), at its read units. */
static const struct dl_shape *put_throughput(struct tw *w, const struct dl_shape *out,
                                             const struct dl_shape *o, enum tri t)
{
        struct dl_loc at = loc_of(o, "read_capacity_units", out->loc);
        if (t == NO)
                return out;
        const struct dl_shape *pt = dl_shape_unknown(w->a, at);
        if (t == YES) {
                pt = dl_shape_object(w->a, at);
                pt = put(w, pt, "ReadCapacityUnits", get(o, "read_capacity_units"));
                pt = put(w, pt, "WriteCapacityUnits", get(o, "write_capacity_units"));
        }
        return put(w, out, "ProvisionedThroughput", pt);
}

/* BillingMode as aws4dd.c writes it of spec's flags: PROVISIONED when that
 * flag is set, else PAY_PER_REQUEST when that one is, else none. */
static const struct dl_shape *put_billing(struct tw *w, const struct dl_shape *out,
                                          const struct dl_shape *spec, enum tri provisioned)
{
        struct dl_loc at = loc_of(spec, "flags", out->loc);
        if (provisioned == MAYBE)
                return put(w, out, "BillingMode", dl_shape_unknown(w->a, at));
        if (provisioned == YES)
                return put(w, out, "BillingMode", text(w, "PROVISIONED", at));
        if (flag(w, spec, BILLING_PER_REQUEST) == YES)
                return put(w, out, "BillingMode", text(w, "PAY_PER_REQUEST", at));
        return out;
}

/* A key or attribute spec "name:T" (aws4dd.c _table_attribute_spec_add
 * and aws4dd_table_create_op: the name before the first ':', the type the
 * one character after it, S, N or B): *name, and *type when it has a ':'
 * (else NULL). An unknown spec: both UNKNOWN. Returns false when aws4dd
 * refuses it (another type). */
static bool key_spec(struct tw *w, const struct dl_shape *v, const struct dl_shape **name,
                     const struct dl_shape **type)
{
        *type = NULL;
        if (v->kind != DL_SHAPE_STRING) {
                *name = *type = dl_shape_unknown(w->a, v->loc);
                return true;
        }
        const struct dl_value *x = &v->value;
        const char *colon = memchr(x->text, ':', x->len);
        *name = v;
        if (!colon)
                return true;
        size_t k = (size_t)(colon - x->text);
        const struct dl_loc *locs = x->segs[0].locs;
        struct dl_value n = dl_value_known(w->a, x->text, k, locs, x->loc);
        *name = dl_shape_scalar(w->a, &n, false);
        if (k + 1 >= x->len || !strchr("SNB", x->text[k + 1]))
                return false;
        struct dl_value t =
                dl_value_known(w->a, x->text + k + 1, 1, locs ? locs + k + 1 : NULL, x->loc);
        *type = dl_shape_scalar(w->a, &t, false);
        return true;
}

/* An AttributeDefinitions entry. */
static const struct dl_shape *attr_def(struct tw *w, const struct dl_shape *name,
                                       const struct dl_shape *type)
{
        const struct dl_shape *o = dl_shape_object(w->a, name->loc);
        return put(w, put(w, o, "AttributeName", name), "AttributeType", type);
}

/* list with the attributes the setters add (list "attrs" of spec, in
 * order): a typed add's {"S": name}, an untyped one's "name:T". */
static const struct dl_shape *add_attrs(struct tw *w, const struct dl_shape *list,
                                        const struct dl_shape *spec)
{
        const struct dl_shape *adds = dl_shape_get(spec, "attrs");
        if (!adds || list->kind == DL_SHAPE_UNKNOWN)
                return list;
        if (adds->kind != DL_SHAPE_LIST) {
                run_time(w, "the attributes added");
                return dl_shape_unknown(w->a, adds->loc);
        }
        for (size_t i = 0; i < adds->n; i++) {
                const struct dl_shape *e = adds->members[i].val, *name, *type;
                struct dl_loc at = adds->members[i].loc;
                if (e->kind == DL_SHAPE_OBJECT && e->n == 1) {
                        name = e->members[0].val;
                        type = text(w, e->members[0].name, at);
                } else if (!key_spec(w, e, &name, &type) || !type) {
                        w->fails = "aws4dd_table_attribute_add refuses an attribute spec that is "
                                   "not 'name:S', 'name:N' or 'name:B'";
                        return list;
                }
                if (name->kind != DL_SHAPE_STRING)
                        run_time(w, "an attribute's name");
                list = dl_shape_push(w->a, list, at, attr_def(w, name, type));
        }
        return list;
}

/* A KeySchema: pk's HASH, and sk's RANGE when given. */
static const struct dl_shape *key_schema(struct tw *w, const struct dl_shape *pk,
                                         const struct dl_shape *sk)
{
        const struct dl_shape *ks = dl_shape_list(w->a, pk->loc);
        for (int i = 0; i < 2; i++) {
                const struct dl_shape *k = i ? sk : pk;
                if (!k)
                        continue;
                const struct dl_shape *e =
                        put(w, dl_shape_object(w->a, k->loc), "AttributeName", k);
                e = put(w, e, "KeyType", text(w, i ? "RANGE" : "HASH", k->loc));
                ks = dl_shape_push(w->a, ks, k->loc, e);
        }
        return ks;
}

/* One index spec ix (struct aws4dd_index_spec) as aws4dd.c writes it, at
 * at: IndexName, KeySchema (pk HASH, sk RANGE), Projection (ALL with
 * AWS4DD_TABLE_INDEX_PROJECT_ALL, else INCLUDE of proj when it lists any,
 * else KEYS_ONLY), and ProvisionedThroughput when throughput (a global
 * index) and both units are above 0. NULL when aws4dd refuses it (no name
 * or pk). */
static const struct dl_shape *index_def(struct tw *w, const struct dl_shape *ix, bool throughput,
                                        struct dl_loc at)
{
        const struct dl_shape *name = get(ix, "name"), *pk = get(ix, "pk"), *sk = get(ix, "sk");
        if (!name || !pk) {
                w->fails = "an index spec without a name or a pk is refused";
                return NULL;
        }
        const struct dl_shape *o = put(w, dl_shape_object(w->a, at), "IndexName", name);
        o = put(w, o, "KeySchema", key_schema(w, pk, sk));
        const struct dl_shape *proj = get(ix, "proj");
        struct dl_loc pl = proj ? proj->loc : loc_of(ix, "flags", at);
        enum tri all = flag(w, ix, INDEX_PROJECT_ALL);
        const struct dl_shape *p = dl_shape_object(w->a, pl);
        if (all == MAYBE || (all == NO && proj && proj->kind != DL_SHAPE_LIST)) {
                run_time(w, "an index's projection");
                p = dl_shape_unknown(w->a, pl);
        } else if (all == YES) {
                p = put(w, p, "ProjectionType", text(w, "ALL", pl));
        } else if (proj && proj->n) {
                p = put(w, p, "ProjectionType", text(w, "INCLUDE", pl));
                p = put(w, p, "NonKeyAttributes", proj);
        } else {
                p = put(w, p, "ProjectionType", text(w, "KEYS_ONLY", pl));
        }
        o = dl_shape_set(w->a, o, "Projection", pl, p);
        return throughput ? put_throughput(w, o, ix, capacity(w, ix)) : o;
}

/* The indexes aws4dd_table_index_add adds (list "indexes" of spec), into
 * GlobalSecondaryIndexes (AWS4DD_TABLE_INDEX_GLOBAL) and
 * LocalSecondaryIndexes, in that order (aws4dd.c aws4dd_table_create). */
static const struct dl_shape *put_indexes(struct tw *w, const struct dl_shape *out,
                                          const struct dl_shape *spec)
{
        const struct dl_shape *adds = dl_shape_get(spec, "indexes");
        if (!adds)
                return out;
        const struct dl_shape *lists[2] = {NULL, NULL};
        bool unknown = adds->kind != DL_SHAPE_LIST;
        for (size_t i = 0; !unknown && i < adds->n; i++) {
                const struct dl_shape *ix = adds->members[i].val;
                enum tri global = ix->kind == DL_SHAPE_OBJECT ? flag(w, ix, INDEX_GLOBAL) : MAYBE;
                if (global == MAYBE) {
                        unknown = true;
                        break;
                }
                const struct dl_shape **l = &lists[global == YES ? 0 : 1];
                if ((*l ? (*l)->n : 0) == (global == YES ? GLOBAL_MAX : LOCAL_MAX)) {
                        w->fails = global == YES ? "a 21st global index is refused"
                                                 : "a 6th local index is refused";
                        return out;
                }
                const struct dl_shape *d = index_def(w, ix, global == YES, adds->members[i].loc);
                if (!d)
                        return out;
                *l = dl_shape_push(w->a, *l, adds->members[i].loc, d);
        }
        if (unknown) {
                run_time(w, "the indexes added");
                lists[0] = lists[1] = dl_shape_unknown(w->a, adds->loc);
        }
        static const char *const keys[2] = {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"};
        for (int k = 0; k < 2; k++) {
                if (lists[k])
                        out = dl_shape_set(w->a, out, keys[k], lists[k]->loc, lists[k]);
        }
        return out;
}

/* Does known list attrs define name (complete)? MAYBE when an entry's name
 * is not known. */
static enum tri defines(const struct dl_shape *attrs, const struct dl_shape *name)
{
        enum tri t = NO;
        for (size_t i = 0; i < attrs->n; i++) {
                const struct dl_shape *n = dl_shape_get(attrs->members[i].val, "AttributeName");
                if (!n || n->kind != DL_SHAPE_STRING)
                        t = MAYBE;
                else if (n->value.len == name->value.len &&
                         !memcmp(n->value.text, name->value.text, n->value.len))
                        return YES;
        }
        return t;
}

/* aws4dd_table_create's JSON of spec (aws4dd.c): AttributeDefinitions (the
 * partition and sort keys' own when their spec has a ':T', then those
 * added), BillingMode, GlobalSecondaryIndexes, LocalSecondaryIndexes,
 * KeySchema, and ProvisionedThroughput when PROVISIONED is set and both
 * units are above 0 (TableClass, StreamSpecification and Tags are not
 * read). aws4dd_table_create_op refuses a spec without partition_key or
 * (aws4 1.0.2: it checks the name of a NULL sort key) sort_key, and
 * aws4dd_table_create sends nothing when no definition names the
 * partition key (AWS4DD_ERROR_NO_PARTITION_KEY). */
static const struct dl_shape *create_table(struct tw *w, const struct dl_shape *spec,
                                           struct dl_loc call)
{
        const struct dl_shape *pk = get(spec, "partition_key"), *sk = get(spec, "sort_key");
        const struct dl_shape *pn, *pt, *sn, *st;
        if (!pk || !sk) {
                w->fails = !pk ? "aws4dd_table_create_op refuses a spec without partition_key"
                               : "aws4dd_table_create_op (aws4 1.0.2) refuses a spec without "
                                 "sort_key: it checks the name of the NULL sort key";
                return NULL;
        }
        if (!key_spec(w, pk, &pn, &pt) || !key_spec(w, sk, &sn, &st)) {
                w->fails = "aws4dd_table_create_op refuses a key spec that is not 'name', "
                           "'name:S', 'name:N' or 'name:B'";
                return NULL;
        }
        const struct dl_shape *attrs = dl_shape_list(w->a, pk->loc);
        if (pk->kind != DL_SHAPE_STRING || sk->kind != DL_SHAPE_STRING)
                attrs = dl_shape_unknown(w->a, pk->loc); /* key definitions or not */
        for (int i = 0; i < 2 && attrs->kind == DL_SHAPE_LIST; i++) {
                const struct dl_shape *n = i ? sn : pn, *t = i ? st : pt;
                if (t)
                        attrs = dl_shape_push(w->a, attrs, n->loc, attr_def(w, n, t));
        }
        attrs = add_attrs(w, attrs, spec);
        if (w->fails)
                return NULL;
        if (attrs->kind == DL_SHAPE_LIST && pn->kind == DL_SHAPE_STRING &&
            defines(attrs, pn) == NO) {
                w->fails = "aws4dd_table_create sends nothing when no attribute definition names "
                           "the partition key (AWS4DD_ERROR_NO_PARTITION_KEY)";
                return NULL;
        }
        const struct dl_shape *out = dl_shape_object(w->a, call);
        out = dl_shape_set(w->a, out, "AttributeDefinitions", pk->loc, attrs);
        enum tri provisioned = flag(w, spec, BILLING_PROVISIONED);
        out = put_billing(w, out, spec, provisioned);
        out = put_indexes(w, out, spec);
        if (w->fails)
                return NULL;
        out = dl_shape_set(w->a, out, "KeySchema", pk->loc, key_schema(w, pn, sn));
        enum tri c = capacity(w, spec);
        return put_throughput(w, out, spec,
                              provisioned == NO || c == NO     ? NO
                              : provisioned == YES && c == YES ? YES
                                                               : MAYBE);
}

/* The index aws4dd_table_update_index_create keeps of the specs given
 * (list "idx_create"): one only, each call overwriting name, pk, flags
 * and units, and sk and proj when it gives them (aws4dd.c). */
static const struct dl_shape *index_created(struct tw *w, const struct dl_shape *adds)
{
        if (adds->kind != DL_SHAPE_LIST)
                return NULL;
        const struct dl_shape *ix = NULL;
        static const char *const kept[] = {
                "name", "pk", "flags", "read_capacity_units", "write_capacity_units", "sk", "proj"};
        for (size_t i = 0; i < adds->n; i++) {
                const struct dl_shape *e = adds->members[i].val;
                if (e->kind != DL_SHAPE_OBJECT || !get(e, "name") || !get(e, "pk"))
                        return NULL;
                if (!ix) {
                        ix = e;
                        continue;
                }
                for (size_t k = 0; k < sizeof kept / sizeof kept[0]; k++) {
                        const struct dl_shape *v = dl_shape_get(e, kept[k]);
                        if (k < 5 && !v) {
                                struct dl_value z = dl_value_known(w->a, "0", 1, NULL, e->loc);
                                v = dl_shape_scalar(w->a, &z, true); /* not set: 0 */
                        }
                        if (k < 5 || get(e, kept[k]))
                                ix = dl_shape_set(w->a, ix, kept[k], v->loc, v);
                }
        }
        return ix;
}

/* aws4dd_table_update's JSON of spec (aws4dd.c): BillingMode as
 * CreateTable's, ProvisionedThroughput when both units are above 0 (with
 * or without PROVISIONED), AttributeDefinitions when some are added, and
 * GlobalSecondaryIndexUpdates: the index created, the one deleted (a
 * second delete is refused), each one updated (its units not read). */
static const struct dl_shape *update_table(struct tw *w, const struct dl_shape *spec,
                                           struct dl_loc call)
{
        const struct dl_shape *out = dl_shape_object(w->a, call);
        out = put_billing(w, out, spec, flag(w, spec, BILLING_PROVISIONED));
        out = put_throughput(w, out, spec, capacity(w, spec));
        const struct dl_shape *adds = dl_shape_get(spec, "attrs");
        if (adds) {
                const struct dl_shape *attrs = add_attrs(w, dl_shape_list(w->a, adds->loc), spec);
                out = dl_shape_set(w->a, out, "AttributeDefinitions", adds->loc, attrs);
        }
        const struct dl_shape *created = dl_shape_get(spec, "idx_create");
        const struct dl_shape *deleted = dl_shape_get(spec, "idx_delete");
        const struct dl_shape *updated = dl_shape_get(spec, "idx_update");
        if (!created && !deleted && !updated)
                return w->fails ? NULL : out;
        const struct dl_shape *ups = dl_shape_list(w->a, call), *ix;
        if (created && !(ix = index_created(w, created))) {
                w->fails = "the index it creates is not known: a spec without a name or a pk is "
                           "refused, or one is only known at run time";
                return NULL;
        }
        if (created) {
                struct dl_loc at = created->members[created->n - 1].loc;
                const struct dl_shape *d = index_def(w, ix, true, at);
                ups = dl_shape_push(w->a, ups, at,
                                    dl_shape_set(w->a, dl_shape_object(w->a, at), "Create", at, d));
        }
        for (int k = 0; k < 2; k++) {
                const struct dl_shape *l = k ? updated : deleted;
                for (size_t i = 0; l && l->kind == DL_SHAPE_LIST && i < (k ? l->n : 1); i++) {
                        struct dl_loc at = l->members[i].loc;
                        const struct dl_shape *a =
                                put(w, dl_shape_object(w->a, at), "IndexName", l->members[i].val);
                        if (k)
                                a = dl_shape_set(w->a, a, "ProvisionedThroughput", at,
                                                 dl_shape_unknown(w->a, at));
                        ups = dl_shape_push(w->a, ups, at,
                                            dl_shape_set(w->a, dl_shape_object(w->a, at),
                                                         k ? "Update" : "Delete", at, a));
                }
                if (l && l->kind != DL_SHAPE_LIST)
                        ups = dl_shape_unknown(w->a, l->loc);
        }
        out = dl_shape_set(w->a, out, "GlobalSecondaryIndexUpdates", ups->loc, ups);
        return w->fails ? NULL : out;
}

/* The JSON aws4dd sends for CreateTable or UpdateTable r, whose shape holds
 * its spec struct's members and what its setters added (aws4dd_api.def). */
static const struct dl_shape *table_shape(const struct dl_rctx *ctx, const struct dl_request *r)
{
        struct tw w = {ctx->cx->arena, {0}, NULL};
        dl_strbuf_init(&w.unknown);
        const struct dl_shape *out = r->op == DL_OP_CREATE_TABLE
                                             ? create_table(&w, r->shape, r->call)
                                             : update_table(&w, r->shape, r->call);
        const char *op = dl_op_name(r->op);
        if (ctx->verbose && !out)
                dl_log_add(ctx->log, DL_LOG_NOTE, "table-not-read", &r->call,
                           "aws4dd sends no %s here: %s (aws4dd.c); no table finding", op, w.fails);
        else if (ctx->verbose && w.unknown.len)
                dl_log_add(ctx->log, DL_LOG_NOTE, "table-member-unknown", &r->call,
                           "what this aws4dd %s writes of %s is only known at run time: no "
                           "table finding on it",
                           op, w.unknown.buf);
        dl_strbuf_fini(&w.unknown);
        return out;
}

static void classify(const struct dl_rctx *ctx, CXCursor call, struct dl_event *ev)
{
        dl_cfunc_classify(ctx, api, sizeof api / sizeof api[0], call, ev);
}

/* Constructors clang dropped (a header missing: the spec struct's type is
 * incomplete), read from their tokens. */
static size_t recover_create(const struct dl_rctx *ctx, const struct dl_toks *T,
                             unsigned body_begin, unsigned body_end, struct dl_request_vec *reqs)
{
        return dl_cfunc_recover_create(ctx, api, sizeof api / sizeof api[0], T, body_begin,
                                       body_end, reqs);
}

/* The functions of the table that send (the prefilter's words). */
static bool trigger_words(const struct dl_ruleset *rules, void (*add)(void *set, const char *word),
                          void *set)
{
        (void)rules;
        return dl_cfunc_trigger_words(api, sizeof api / sizeof api[0], add, set);
}

/* aws4dd.h is included (aws4/aws4dd.h, or bare), or the file names its
 * functions (a missing header: clang then cannot type them). */
static bool applies(const struct dl_unit *u)
{
        return dl_unit_includes(u, "aws4dd.h") || dl_unit_mentions(u, "aws4dd_");
}

const struct dl_recognizer dl_recognizer_aws4dd = {
        .id = "aws4dd",
        .summary = "Softmotions aws4 (aws4dd.h): operations made from spec structs, filled by "
                   "JSON-pointer setters, sent by aws4dd_<op>",
        .langs = DL_LANG_C | DL_LANG_CXX,
        .applies = applies,
        .classify = classify,
        .recover_create = recover_create,
        .trigger_words = trigger_words,
        .spell_fix = spell_fix,
        .table_shape = table_shape,
};
