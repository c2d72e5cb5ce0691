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

#include "../core/strbuf.h"
#include "../model/fix.h"

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

/* struct aws4dd_table_create_spec and aws4dd_table_update_spec */
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
};
