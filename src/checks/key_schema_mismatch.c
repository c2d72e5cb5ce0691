/* key_schema_mismatch.c - check `key-schema-mismatch`: an item's key that
 * does not match its table's key schema.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: the Key of GetItem, UpdateItem and DeleteItem (and of a
 * TransactGetItems Get, a TransactWriteItems Update, Delete or
 * ConditionCheck, a BatchWriteItem DeleteRequest) must hold every
 * attribute of the table's primary key and nothing else: "For the primary
 * key, you must provide all of the attributes. For example, with a simple
 * primary key, you only need to provide a value for the partition key. For
 * a composite primary key, you must provide values for both the partition
 * key and the sort key" (API reference, GetItem/UpdateItem/DeleteItem
 * Key). DynamoDB rejects a Key that lacks one, holds another attribute or
 * gives one the wrong type with "The provided key element does not match
 * the schema" (ValidationException; the text dynalite asserts in its
 * tests, ../shared oracle cases; AWS knowledge center, "provided key
 * element does not match the schema": a wrong data type, only part of a
 * key, an unnecessary additional key). A PutItem Item (or a Put,
 * PutRequest member) must hold the table's key attributes with their
 * types: "You must provide all of the attributes for the primary key" and
 * "All of the table's primary key attributes must be specified, and their
 * data types must match those of the table's key schema" (API reference,
 * PutItem Item, PutRequest Item); DynamoDB says "One or more parameter
 * values were invalid: Missing the key <name> in the item".
 *
 * Needs the table's key schema (rules/schema.h: the rules file's `tables:`
 * or a definition file's KeySchema); types only where both the table's
 * (AttributeDefinitions) and the value's AttributeValue type are known.
 * Deliberately ignored (--verbose says why): a Key or Item map not fully
 * known (built in a helper ddblint could not follow, filled in a loop or
 * passed from a caller, an attribute name known only at run time, a
 * request that escaped), requests of the 2011-12-05 API (HashKeyElement).
 * Each key of a BatchGetItem member's Keys (KeysAndAttributes, "the
 * primary key attribute values that define the items", API reference) is
 * a Key like GetItem's and checked alike, when it is fully known.
 */
#include "info.h"
#include "util_expr.h"
#include "util_keys.h"

#include "../core/log.h"
#include "../model/quote.h"

#include <stdio.h>
#include <string.h>

/* The map req's key sits in, and its name for messages; NULL when req has
 * no item key this check reads. */
static const struct dl_attr_map *key_map(const struct dl_request *req, const char **what)
{
        if (req->api_version)
                return NULL;
        if (req->op == DL_OP_PUT_ITEM) {
                *what = "Item";
                return &req->item;
        }
        bool keyed = req->op == DL_OP_GET_ITEM || req->op == DL_OP_UPDATE_ITEM ||
                     req->op == DL_OP_DELETE_ITEM ||
                     (req->member && !strcmp(req->member, "ConditionCheck"));
        if (!keyed || (req->member && !strcmp(req->member, "KeysAndAttributes")))
                return NULL;
        *what = "Key";
        return &req->key;
}

/* Why map m of req is not fully known, or NULL when it is. */
static const char *not_followed(const struct dl_request *req, const struct dl_attr_map *m)
{
        if (m->kind == DL_VAL_ABSENT)
                return req->escaped ? "the request is passed to code ddblint cannot see" : NULL;
        if (m->kind != DL_VAL_KNOWN)
                return req->escaped ? "the request is passed to code ddblint cannot see"
                                    : "its entries are added where ddblint could not follow "
                                      "(a helper, a loop, a map from a caller)";
        for (size_t i = 0; i < m->n; i++) {
                if (!dl_value_is_complete(&m->items[i].key))
                        return "an attribute name in it is only known at run time";
        }
        return NULL;
}

/* The entry of m named name, or NULL. */
static const struct dl_attr *entry(const struct dl_attr_map *m, const char *name)
{
        size_t n = strlen(name);
        for (size_t i = 0; i < m->n; i++) {
                const struct dl_value *k = &m->items[i].key;
                if (k->len == n && !memcmp(k->text, name, n))
                        return &m->items[i];
        }
        return NULL;
}

/* The AttributeValue type a key attribute must have, or DL_ATTR_UNKNOWN
 * when its definition does not say. */
static enum dl_attr_type key_type(const struct dl_key_attr *k)
{
        if (!k->name || k->untyped)
                return DL_ATTR_UNKNOWN;
        switch (k->type) {
        case DL_KEY_S: return DL_ATTR_S;
        case DL_KEY_N: return DL_ATTR_N;
        case DL_KEY_B: return DL_ATTR_B;
        }
        return DL_ATTR_UNKNOWN;
}

/* "partition key 'PK' (S) and sort key 'SK' (S)" of t into buf. */
static const char *schema_text(const struct dl_table *t, char *buf, size_t size)
{
        int n = snprintf(buf, size, "partition key '%s'", DL_Q(t->partition_key.name));
        if (n >= 0 && (size_t)n < size && key_type(&t->partition_key))
                n += snprintf(buf + n, size - (size_t)n, " (%s)",
                              dl_key_type_str(t->partition_key.type));
        if (n >= 0 && (size_t)n < size && t->sort_key.name) {
                n += snprintf(buf + n, size - (size_t)n, " and sort key '%s'",
                              DL_Q(t->sort_key.name));
                if (n >= 0 && (size_t)n < size && key_type(&t->sort_key))
                        snprintf(buf + n, size - (size_t)n, " (%s)",
                                 dl_key_type_str(t->sort_key.type));
        }
        return buf;
}

static void related_table(struct dl_finding *f, const struct dl_table *t)
{
        if (f && dl_loc_valid(&t->loc))
                dl_report_related(f, &t->loc, "the table's key schema");
}

/* A key attribute k of t that the map lacks, or whose type is wrong. */
static void check_key(const struct dl_check_ctx *ctx, const struct dl_request *req,
                      const struct dl_loc *at, const struct dl_table *t,
                      const struct dl_attr_map *m, bool item, const struct dl_key_attr *k,
                      const char *role, const char *label, const char *op, const char *schema)
{
        const struct dl_attr *a = entry(m, k->name);
        if (!a) {
                struct dl_finding *f;
                if (item)
                        f = dl_report(ctx, at,
                                      "One or more parameter values were invalid: Missing the "
                                      "key %s in the item; the %s Item of %s lacks its %s '%s' "
                                      "(the key is the %s)",
                                      DL_Q(k->name), op, label, role, DL_Q(k->name), schema);
                else
                        f = dl_report(ctx, at,
                                      "The provided key element does not match the schema; the "
                                      "%s Key of %s lacks its %s '%s' (the key is the %s)",
                                      op, label, role, DL_Q(k->name), schema);
                if (f && dl_loc_valid(&m->loc) && dl_loc_cmp(&m->loc, at) != 0)
                        dl_report_related(f, &m->loc, "the %s is built here",
                                          item ? "Item" : "Key");
                related_table(f, t);
                return;
        }
        enum dl_attr_type want = key_type(k);
        if (!want || !a->type || a->type == want)
                return;
        const char *got = dl_attr_type_name(a->type);
        struct dl_finding *f;
        if (item)
                f = dl_value_report(ctx, &a->key, &req->call,
                                    "One or more parameter values were invalid: Type mismatch "
                                    "for key %s expected: %s actual: %s; %s '%s' of %s is of "
                                    "type %s",
                                    DL_Q(k->name), dl_attr_type_name(want), got, role,
                                    DL_Q(k->name), label, dl_attr_type_name(want));
        else
                f = dl_value_report(ctx, &a->key, &req->call,
                                    "The provided key element does not match the schema; the "
                                    "%s Key gives %s '%s' of %s a value of type %s, but its "
                                    "type is %s",
                                    op, role, DL_Q(k->name), label, got, dl_attr_type_name(want));
        related_table(f, t);
}

/* The key or item map m of req against table t; a missing key attribute
 * is reported at at. */
static void check_map(const struct dl_check_ctx *ctx, const struct dl_request *req,
                      const struct dl_loc *at, const struct dl_table *t,
                      const struct dl_attr_map *m, bool item)
{
        char label[512], opbuf[64], schema[512];
        dl_table_label(req, label, sizeof label);
        const char *op = dl_key_op_label(req, opbuf, sizeof opbuf);
        schema_text(t, schema, sizeof schema);
        check_key(ctx, req, at, t, m, item, &t->partition_key, "partition key", label, op, schema);
        if (t->sort_key.name)
                check_key(ctx, req, at, t, m, item, &t->sort_key, "sort key", label, op, schema);
        if (item)
                return; /* an Item holds any other attribute */
        for (size_t i = 0; i < m->n; i++) {
                const struct dl_attr *a = &m->items[i];
                const char *name = a->key.text;
                if (!strcmp(name, t->partition_key.name) ||
                    (t->sort_key.name && !strcmp(name, t->sort_key.name)))
                        continue;
                related_table(dl_value_report(ctx, &a->key, &req->call,
                                              "The provided key element does not match the "
                                              "schema; the %s Key holds '%s', which is not a "
                                              "key attribute of %s (the key is the %s)",
                                              op, DL_QN(a->key.text, a->key.len), label, schema),
                              t);
        }
}

/* Each key of a BatchGetItem member (KeysAndAttributes) that is fully
 * known; --verbose says why the others are passed over. */
static void check_keys(const struct dl_check_ctx *ctx, const struct dl_request *req,
                       const struct dl_table *t)
{
        const struct dl_key_list *l = &req->keys;
        const char *why = l->kind == DL_VAL_DYNAMIC ? "some keys are added where ddblint could "
                                                      "not follow (a helper, a loop, a list "
                                                      "from a caller)"
                                                    : NULL;
        for (size_t i = 0; i < l->n; i++) {
                const char *w = not_followed(req, &l->items[i]);
                if (w || l->items[i].kind == DL_VAL_ABSENT)
                        why = why ? why : w;
                else /* at the key, each in its place */
                        check_map(ctx, req,
                                  dl_loc_valid(&l->items[i].loc) ? &l->items[i].loc : &req->call, t,
                                  &l->items[i], false);
        }
        if (why && ctx->log)
                dl_log_add(ctx->log, DL_LOG_NOTE, "key-not-followed", &req->call,
                           "key-schema-mismatch: the Keys of this BatchGetItem are not all "
                           "fully known (%s); no finding for those",
                           why);
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        const char *what = NULL;
        const struct dl_attr_map *m = key_map(req, &what);
        bool batch_keys = !req->api_version && req->member &&
                          !strcmp(req->member, "KeysAndAttributes") &&
                          req->keys.kind != DL_VAL_ABSENT;
        if (!m && !batch_keys)
                return;
        const struct dl_table *t = dl_table_described(ctx, req);
        if (!t || !t->partition_key.name)
                return;
        if (batch_keys) {
                check_keys(ctx, req, t);
                return;
        }
        const char *why = not_followed(req, m);
        if (why || m->kind == DL_VAL_ABSENT) {
                if (why && ctx->log)
                        dl_log_add(ctx->log, DL_LOG_NOTE, "key-not-followed", &req->call,
                                   "key-schema-mismatch: the %s of this %s is not fully known "
                                   "(%s); no finding",
                                   what, dl_op_name(req->op), why);
                return;
        }
        check_map(ctx, req, &req->call, t, m, m == &req->item);
}

/* Does req read its table's key schema: a Key or Item this check reads,
 * or an index a Query or Scan names? */
static bool reads_schema(const struct dl_request *req)
{
        const char *what = NULL;
        return key_map(req, &what) || ((req->op == DL_OP_QUERY || req->op == DL_OP_SCAN) &&
                                       req->fields[DL_FIELD_INDEX_NAME].kind != DL_VAL_ABSENT);
}

/* Once per file (--verbose): the requests the schema checks pass over
 * because their table's name is not known and no definition describes
 * it (no template sets the environment variable it is read from to one
 * table, no default table), and why for the first one,
 * rather than a note per request (docs/architecture.md, "Tables as code"). */
static void run_unit(const struct dl_check_ctx *ctx, const struct dl_request *const *reqs, size_t n)
{
        if (!ctx->log || !ctx->rules->n_tables)
                return;
        const struct dl_request *first = NULL;
        size_t skipped = 0;
        for (size_t i = 0; i < n; i++) {
                const struct dl_value *tn = &reqs[i]->fields[DL_FIELD_TABLE_NAME];
                if (!reads_schema(reqs[i]) || tn->kind == DL_VAL_ABSENT ||
                    dl_value_is_complete(tn) || dl_table_described(ctx, reqs[i]))
                        continue;
                first = first ? first : reqs[i];
                skipped++;
        }
        if (!first)
                return;
        char why[512];
        dl_log_add(ctx->log, DL_LOG_NOTE, "table-not-described", &first->call,
                   "schema checks (key-schema-mismatch, unknown-index, the sparse-index and key "
                   "checks) pass over %zu request%s of this file whose table no definition "
                   "describes; this %s: %s",
                   skipped, skipped == 1 ? "" : "s", dl_op_name(first->op),
                   dl_table_unknown_why(ctx, first, why, sizeof why));
}

const struct dl_check dl_check_key_schema_mismatch = {
        .info = &info_key_schema_mismatch,
        .run = run,
        .run_unit = run_unit,
};
