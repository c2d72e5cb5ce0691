/* legacy_parameters.c - check `legacy-parameters`: AttributesToGet,
 * KeyConditions, QueryFilter, ScanFilter, Expected, AttributeUpdates and
 * ConditionalOperator.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: these parameters predate expressions; the DynamoDB API
 * reference calls them legacy and says to use ProjectionExpression,
 * KeyConditionExpression, FilterExpression, ConditionExpression and
 * UpdateExpression instead. They still work alone (a warning), but a
 * request that mixes them with expression parameters is rejected: "Can not
 * use both expression and non-expression parameters in the same request:
 * Non-expression parameters: {AttributesToGet} Expression parameters:
 * {ProjectionExpression}" (an error). The parameter lists follow DynamoDB's
 * order per operation (dynalite validations/<op>.js).
 *
 * A request of DynamoDB's previous API version, 2011-12-05 (a target
 * DynamoDB_20111205.<Op>, devicescape aws_dynamo), is one finding: that
 * version's key members (HashKeyElement, HashKeyValue, RangeKeyCondition)
 * and its non-expression parameters were replaced by the 2012-08-10 API's
 * key attribute names and expressions (DynamoDB API reference, "Previous
 * API version (2011-12-05)").
 *
 * Deliberately ignored: parameters that are only possibly set (the request
 * escaped to code ddblint cannot see).
 */
#include "info.h"
#include "util_expr.h"

#include "../core/alloc.h"
#include "../core/strbuf.h"
#include "../findings/finding.h"
#include "../model/expr.h"
#include "../model/fix.h"

#include <stdlib.h>
#include <string.h>

static const char *replacement(enum dl_field f)
{
        switch (f) {
        case DL_FIELD_ATTRIBUTES_TO_GET: return "ProjectionExpression";
        case DL_FIELD_KEY_CONDITIONS: return "KeyConditionExpression";
        case DL_FIELD_QUERY_FILTER:
        case DL_FIELD_SCAN_FILTER: return "FilterExpression";
        case DL_FIELD_EXPECTED: return "ConditionExpression";
        case DL_FIELD_ATTRIBUTE_UPDATES: return "UpdateExpression";
        case DL_FIELD_CONDITIONAL_OPERATOR: return "AND/OR inside the expression";
        default: return "an expression";
        }
}

/* How a ProjectionExpression names attribute s (len bytes): 0 bare (a
 * letter, then letters, digits and '_', not a reserved word), 1 through an
 * alias '#s' (the placeholder key's characters: a reserved word, a leading
 * digit or '_'), -1 not with certainty (a '.', '-' or other byte would need
 * an alias ddblint invents). Names: docs/architecture.md, "Fixes", from
 * the expression grammar the parser follows (model/expr.c). */
static int name_spelling(const char *s, size_t len)
{
        if (!len)
                return -1;
        for (size_t i = 0; i < len; i++) {
                unsigned char c = (unsigned char)s[i];
                if (!(c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
                      (c >= 'A' && c <= 'Z')))
                        return -1;
        }
        unsigned char c0 = (unsigned char)s[0];
        bool letter = (c0 >= 'a' && c0 <= 'z') || (c0 >= 'A' && c0 <= 'Z');
        return letter && !dl_expr_is_reserved(s, len) ? 0 : 1;
}

/* Does the request's ExpressionAttributeNames let '#name' stand for
 * name: *add false when the entry is there already, true when it must be
 * added; false when another name holds the key or a key is not known. */
static bool alias_free(const struct dl_request *req, const char *alias, const char *name, bool *add)
{
        *add = true;
        for (size_t i = 0; i < req->names.n; i++) {
                const struct dl_attr *a = &req->names.items[i];
                if (!dl_value_is_complete(&a->key) || !dl_value_is_complete(&a->val))
                        return false;
                if (!strcmp(a->key.text, alias)) {
                        if (strcmp(a->val.text, name) != 0)
                                return false;
                        *add = false;
                }
        }
        return true;
}

/* The fix of AttributesToGet (docs/checks/legacy-parameters.md): an AWS
 * SDK for C++ request in a variable whose names were added one statement
 * each, `g.AddAttributesToGet("name");` with a literal name
 * (dl_name_list_append), gets one `g.SetProjectionExpression("a, #name");`
 * in place of the first statement, after an AddExpressionAttributeNames
 * statement for each name that needs an alias; the other statements are
 * deleted. Only where the request sets no ProjectionExpression and no
 * other non-expression parameter (it would then mix both kinds, which
 * DynamoDB rejects), its names are known and hold no other '#name', and
 * every name is spelled with certainty (name_spelling), none twice. */
static void add_projection_fix(const struct dl_request *req, const struct dl_op_params *ps,
                               struct dl_finding *f)
{
        const struct dl_value *v = &req->fields[DL_FIELD_ATTRIBUTES_TO_GET];
        if (!f || !req->variable || req->member || !req->recognizer ||
            strcmp(req->recognizer, "aws-cpp") != 0 || !req->spell_fix ||
            req->names.kind == DL_VAL_DYNAMIC || !dl_value_is_complete(v) || !v->len ||
            v->text[v->len - 1] != '\0' ||
            req->fields[DL_FIELD_PROJECTION_EXPRESSION].kind != DL_VAL_ABSENT)
                return;
        for (size_t i = 0; i < ps->n_legacy; i++)
                if (ps->legacy[i] != DL_FIELD_ATTRIBUTES_TO_GET &&
                    req->fields[ps->legacy[i]].kind != DL_VAL_ABSENT)
                        return;
        size_t n = 0;
        for (size_t off = 0; off < v->len; off++)
                n += v->text[off] == '\0';
        struct dl_loc *at = dl_xcalloc(n, sizeof *at);
        char **stmt = dl_xcalloc(n, sizeof *stmt);
        char *call = dl_xasprintf("%s.AddAttributesToGet(\"", req->variable);
        struct dl_strbuf proj, pre;
        dl_strbuf_init(&proj);
        dl_strbuf_init(&pre);
        bool ok = true;
        size_t k = 0;
        for (size_t off = 0; ok && off < v->len; k++) {
                const char *name = v->text + off;
                size_t len = strlen(name);
                int how = name_spelling(name, len);
                ok = how >= 0 && dl_value_loc_at(v, off, &at[k]) && at[k].col > strlen(call) &&
                     (!k || dl_loc_cmp(&at[k - 1], &at[k]) < 0);
                for (size_t o = 0; ok && o < off; o += strlen(v->text + o) + 1)
                        ok = strcmp(v->text + o, name) != 0; /* none twice */
                if (!ok)
                        break;
                at[k].col -= (unsigned)strlen(call);
                stmt[k] = dl_xasprintf("%s%s\");", call, name);
                dl_strbuf_puts(&proj, k ? ", " : "");
                if (how == 1) {
                        char *alias = dl_xasprintf("#%s", name);
                        bool add = false;
                        ok = alias_free(req, alias, name, &add);
                        if (ok && add) {
                                struct dl_fix e = {.kind = DL_FIX_ADD_ENTRY,
                                                   .map = DL_MAP_NAMES,
                                                   .key = alias,
                                                   .value = name};
                                dl_strbuf_printf(&pre, "%s.", req->variable);
                                dl_fix_spell(&pre, req, &e);
                                dl_strbuf_puts(&pre, "; ");
                        }
                        dl_strbuf_puts(&proj, alias);
                        free(alias);
                } else {
                        dl_strbuf_puts(&proj, name);
                }
                off += len + 1;
        }
        if (ok) {
                struct dl_fix set = {.kind = DL_FIX_SET_FIELD,
                                     .field = DL_FIELD_PROJECTION_EXPRESSION,
                                     .value = dl_strbuf_cstr(&proj)};
                dl_strbuf_printf(&pre, "%s.", req->variable);
                dl_fix_spell(&pre, req, &set);
                dl_strbuf_putc(&pre, ';');
                char *desc = dl_xasprintf("use ProjectionExpression \"%s\"", dl_strbuf_cstr(&proj));
                struct dl_finding_fix *fx = dl_finding_add_fix(f, desc, false);
                free(desc);
                for (size_t i = 0; i < n; i++)
                        dl_finding_edit_statement(fx, &at[i], stmt[i],
                                                  i ? "" : dl_strbuf_cstr(&pre));
        }
        for (size_t i = 0; i < n; i++)
                free(stmt[i]);
        free(stmt);
        free(at);
        free(call);
        dl_strbuf_fini(&proj);
        dl_strbuf_fini(&pre);
}

/* One finding for a request of the 2011-12-05 API, naming its members of
 * that version. */
static void report_old_api(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        static const enum dl_field old[] = {
                DL_FIELD_HASH_KEY_ELEMENT, DL_FIELD_HASH_KEY_VALUE, DL_FIELD_RANGE_KEY_CONDITION,
                DL_FIELD_ATTRIBUTES_TO_GET, DL_FIELD_SCAN_FILTER, DL_FIELD_EXPECTED,
                DL_FIELD_ATTRIBUTE_UPDATES,
        };
        struct dl_strbuf uses;
        dl_strbuf_init(&uses);
        for (size_t i = 0; i < sizeof old / sizeof old[0]; i++)
                if (req->fields[old[i]].kind == DL_VAL_KNOWN) {
                        dl_strbuf_puts(&uses, uses.len ? ", " : " (it uses ");
                        dl_strbuf_puts(&uses, dl_field_api_name(old[i]));
                }
        if (uses.len)
                dl_strbuf_putc(&uses, ')');
        /* an item or query operation gets the members that replaced the
         * old ones (its keys by attribute name, its expressions); a table
         * operation (CreateTable, DescribeTable...) only its current target:
         * its table descriptions changed shape */
        const char *keys = NULL;
        switch (req->op) {
        case DL_OP_GET_ITEM:
        case DL_OP_UPDATE_ITEM:
        case DL_OP_DELETE_ITEM: keys = "Key {\"<attribute>\": ...}"; break;
        case DL_OP_PUT_ITEM: keys = "Item {\"<attribute>\": ...}"; break;
        case DL_OP_BATCH_GET_ITEM: keys = "Keys [{\"<attribute>\": ...}]"; break;
        case DL_OP_BATCH_WRITE_ITEM:
                keys = "PutRequest Item and DeleteRequest Key {\"<attribute>\": ...}";
                break;
        case DL_OP_QUERY:
        case DL_OP_SCAN: keys = ""; break;
        default: break;
        }
        struct dl_strbuf fix;
        dl_strbuf_init(&fix);
        if (keys) {
                struct dl_op_params ps = {0};
                dl_op_params_get(req->op, &ps);
                dl_strbuf_puts(&fix, " with ");
                dl_strbuf_puts(&fix, keys);
                for (size_t i = 0; i < ps.n_expr; i++) {
                        /* in DynamoDB's message order, read backwards: the
                         * defining expression first */
                        const char *sep = i == 0              ? (*keys ? " and a " : "a ")
                                          : i + 1 < ps.n_expr ? ", "
                                                              : " or ";
                        dl_strbuf_puts(&fix, sep);
                        dl_strbuf_puts(&fix, dl_field_api_name(ps.expr[ps.n_expr - 1 - i]));
                }
                dl_report(ctx, &req->call,
                          "%s of DynamoDB's previous API version %s%s: the current API, "
                          "2012-08-10, replaced its members with key attribute names and "
                          "expressions; send DynamoDB_20120810.%s%s",
                          dl_op_name(req->op), req->api_version, dl_strbuf_cstr(&uses),
                          dl_op_name(req->op), dl_strbuf_cstr(&fix));
        } else {
                /* A table operation: what changed is the key schema, in
                 * CreateTable's request and in the table description the
                 * others return; ListTables's members (ExclusiveStartTableName,
                 * Limit; TableNames, LastEvaluatedTableName) are the same in
                 * both versions (DynamoDB Developer Guide, "API version
                 * 2011-12-05": CreateTable, DescribeTable, ListTables) */
                const char *what = "";
                switch (req->op) {
                case DL_OP_CREATE_TABLE:
                        what = ": its KeySchema lists the key attributes by AttributeName and "
                               "KeyType, with their types in AttributeDefinitions, where "
                               "2011-12-05 had HashKeyElement and RangeKeyElement";
                        break;
                case DL_OP_DESCRIBE_TABLE:
                case DL_OP_UPDATE_TABLE:
                case DL_OP_DELETE_TABLE:
                        what = ": the table description it returns lists KeySchema by "
                               "AttributeName and KeyType, where 2011-12-05 gave HashKeyElement "
                               "and RangeKeyElement";
                        break;
                case DL_OP_LIST_TABLES: what = " (its members are the same)"; break;
                default: break;
                }
                dl_report(ctx, &req->call,
                          "%s of DynamoDB's previous API version %s%s: send "
                          "DynamoDB_20120810.%s, the current API version%s",
                          dl_op_name(req->op), req->api_version, dl_strbuf_cstr(&uses),
                          dl_op_name(req->op), what);
        }
        dl_strbuf_fini(&fix);
        dl_strbuf_fini(&uses);
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        if (req->api_version) {
                if (!req->member)
                        report_old_api(ctx, req);
                return;
        }
        struct dl_op_params ps;
        if (!dl_op_params_get(req->op, &ps))
                return;
        struct dl_strbuf non, expr;
        dl_strbuf_init(&non);
        dl_strbuf_init(&expr);
        size_t n_non = 0, n_expr = 0;
        const struct dl_value *first = NULL;
        for (size_t i = 0; i < ps.n_expr; i++)
                if (dl_field_set(req, ps.expr[i])) {
                        dl_strbuf_puts(&expr, n_expr++ ? ", " : "");
                        dl_strbuf_puts(&expr, dl_field_api_name(ps.expr[i]));
                }
        bool kce = dl_field_set(req, DL_FIELD_KEY_CONDITION_EXPRESSION);
        for (size_t i = 0; i < ps.n_legacy; i++) {
                enum dl_field f = ps.legacy[i];
                if (!dl_field_set(req, f))
                        continue;
                /* DynamoDB lets KeyConditions go with the other expressions
                 * when there is no KeyConditionExpression */
                if (f == DL_FIELD_KEY_CONDITIONS && !kce && n_expr)
                        continue;
                dl_strbuf_puts(&non, n_non++ ? ", " : "");
                dl_strbuf_puts(&non, dl_field_api_name(f));
                if (!first)
                        first = &req->fields[f];
        }
        if (n_non && n_expr) {
                struct dl_finding *fd = dl_value_report(
                        ctx, first, &req->call,
                        "Can not use both expression and non-expression parameters in the same "
                        "request: Non-expression parameters: {%s} Expression parameters: {%s}; "
                        "rewrite the legacy parameters as expressions",
                        dl_strbuf_cstr(&non), dl_strbuf_cstr(&expr));
                fd->severity = DL_SEV_ERROR;
                if (first == &req->fields[DL_FIELD_ATTRIBUTES_TO_GET])
                        add_projection_fix(req, &ps, fd);
        } else {
                for (size_t i = 0; i < ps.n_legacy; i++) {
                        enum dl_field f = ps.legacy[i];
                        if (!dl_field_set(req, f))
                                continue;
                        struct dl_finding *fd =
                                dl_value_report(ctx, &req->fields[f], &req->call,
                                                "%s is a legacy parameter; use %s instead",
                                                dl_field_api_name(f), replacement(f));
                        if (f == DL_FIELD_ATTRIBUTES_TO_GET)
                                add_projection_fix(req, &ps, fd);
                }
        }
        dl_strbuf_fini(&non);
        dl_strbuf_fini(&expr);
}

const struct dl_check dl_check_legacy_parameters = {
        .info = &info_legacy_parameters,
        .run = run,
};
