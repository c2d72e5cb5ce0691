/* test_json_bodies.c - every check of the catalogue on requests read from
 * low-level JSON bodies (model/json_request) in the shapes real C code
 * sends (the survey of issue #9: kivaloo's conditional PutItem, aws_dynamo's
 * 2011-12-05 calls and its v2 Query, aws4's README Query, the C example's
 * raw Scan): what must be reported is, and nothing else.
 * SPDX-License-Identifier: MIT
 */
#include "expr_cases.h"

#include "model/json_request.h"

/* Read text (parts: NULL is a hole) as the body of op, normalize it and run
 * every check; returns the number of findings. Byte i of the known text is
 * at line 9, column 30 + i. */
static size_t run_all(struct dl_tb *tb, enum dl_op op, enum dl_api_version api,
                      const char *const *parts, size_t n)
{
        struct dl_segment *segs = dl_arena_alloc(&tb->arena, n * sizeof *segs);
        unsigned col = 30;
        for (size_t i = 0; i < n; i++) {
                if (!parts[i])
                        continue;
                size_t len = strlen(parts[i]);
                struct dl_loc *locs = dl_arena_alloc(&tb->arena, (len ? len : 1) * sizeof *locs);
                for (size_t k = 0; k < len; k++)
                        locs[k] = (struct dl_loc){"raw.c", 9, col++};
                segs[i] = (struct dl_segment){parts[i], len, locs, NULL, NULL};
        }
        struct dl_value *body = dl_arena_alloc(&tb->arena, sizeof *body);
        body->kind = DL_VAL_KNOWN;
        body->segs = segs;
        body->n_segs = n;
        body->loc = (struct dl_loc){"raw.c", 9, 20};
        struct dl_request *r = dl_tb_request(tb, op);
        dl_json_request_read(&tb->arena, body, api, r, NULL);
        dl_model_normalize(&tb->arena, r);
        const struct dl_catalogue *cat = dl_catalogue_get();
        size_t found = 0;
        for (size_t i = 0; i < cat->n; i++) {
                found += dl_tb_run(tb, cat->checks[i], r);
                for (size_t k = 0; k < r->n_items; k++)
                        found += dl_tb_run(tb, cat->checks[i], &r->items[k]);
        }
        return found;
}

static size_t run1(struct dl_tb *tb, enum dl_op op, enum dl_api_version api, const char *text)
{
        return run_all(tb, op, api, &text, 1);
}

static void with_schema(struct dl_tb *tb)
{
        tb->rules.tables = test_tables;
        tb->rules.n_tables = sizeof test_tables / sizeof test_tables[0];
}

static void test_conditional_put_is_clean(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        /* a compare-and-swap PutItem in kivaloo's style: parentheses without
         * blanks are fine, every placeholder is defined and used */
        const char *parts[] = {
                "{\"TableName\":\"", NULL, "\",\"Item\":{\"K\":{\"S\":\"", NULL,
                "\"},\"V\":{\"B\":\"", NULL,
                "\"}},\"ConditionExpression\":\"(V=:old)OR(V=:new)\","
                "\"ExpressionAttributeValues\":{\":old\":{\"B\":\"",
                NULL, "\"},\":new\":{\"B\":\"", NULL, "\"}},\"ReturnConsumedCapacity\":\"TOTAL\"}"};
        assert_int_equal(run_all(&tb, DL_OP_PUT_ITEM, DL_API_20120810, parts,
                                 sizeof parts / sizeof parts[0]),
                         0);
        const char *get = "{\"ConsistentRead\":true,\"TableName\":\"kv\",\"Key\":{\"K\":{\"S\":\"k\"}},"
                          "\"ReturnConsumedCapacity\":\"TOTAL\"}";
        assert_int_equal(run1(&tb, DL_OP_GET_ITEM, DL_API_20120810, get), 0);
        dl_tb_fini(&tb);
}

static void test_query_on_index_is_clean(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        /* aws_dynamo's v2 example: a Query of an index by its key */
        const char *q = "{\"IndexName\": \"bssid_index\", \"ExpressionAttributeValues\": "
                        "{ \":bssid\":{\"S\":\"001122334455\"}}, \"KeyConditionExpression\": "
                        "\"bssid = :bssid\", \"TableName\": \"tdssp_bss\"}";
        assert_int_equal(run1(&tb, DL_OP_QUERY, DL_API_20120810, q), 0);
        dl_tb_fini(&tb);
}

static void test_old_api_is_legacy(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        /* aws_dynamo's README GetItem (2011-12-05) and a put with Expected */
        const char *g = "{\"TableName\":\"users\",\"Key\":{\"HashKeyElement\":{\"S\":\"jdoe\"}},"
                        "\"AttributesToGet\":[\"realName\",\"lastSeen\"]}";
        assert_int_equal(run1(&tb, DL_OP_GET_ITEM, DL_API_20111205, g), 1);
        assert_string_equal(tb.findings[0]->check_id, "legacy-parameters");
        assert_int_equal(dl_tb_count(&tb, "GetItem of DynamoDB's previous API version 2011-12-05 "
                                          "(it uses HashKeyElement, AttributesToGet)"),
                         1);
        const char *p = "{\"TableName\":\"t\",\"Item\":{\"hash\":{\"N\":\"1\"}},"
                        "\"Expected\":{\"hash\":{\"Exists\":false}}}";
        assert_int_equal(run1(&tb, DL_OP_PUT_ITEM, DL_API_20111205, p), 1);
        assert_int_equal(dl_tb_count(&tb, "(it uses Expected)"), 1);
        dl_tb_fini(&tb);
}

static void test_scan_and_unkeyed_query(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        with_schema(&tb);
        /* the C example's reporting Scan, whose body ends where an optional
         * ExclusiveStartKey goes: reported as a Scan, nothing else */
        const char *scan[] = {"{\"TableName\":\"Orders\",\"FilterExpression\":\"begins_with(SK, "
                              ":order) AND OrderDay = :day\",\"ExpressionAttributeValues\":"
                              "{\":order\":{\"S\":\"ORDER#\"},\":day\":{\"S\":\"",
                              NULL, "\"}}", NULL, "}"};
        assert_int_equal(run_all(&tb, DL_OP_SCAN, DL_API_20120810, scan, 5), 1);
        assert_string_equal(tb.findings[0]->check_id, "scan");
        /* a Query with its key condition in the filter: the two checks,
         * pointing at the key attributes inside the literal */
        const char *uq = "{\"TableName\":\"Orders\",\"IndexName\":\"GSI1\",\"FilterExpression\":"
                         "\"GSI1PK = :u AND GSI1SK < :c\",\"ExpressionAttributeValues\":"
                         "{\":u\":{\"S\":\"UNSHIPPED\"},\":c\":{\"S\":\"2026\"}}}";
        size_t before = tb.n_findings;
        assert_int_equal(run1(&tb, DL_OP_QUERY, DL_API_20120810, uq), 3);
        assert_int_equal(dl_tb_count(&tb, "never sets a KeyConditionExpression"), 1);
        assert_int_equal(dl_tb_count(&tb, "Primary key attribute: GSI1PK"), 1);
        const struct dl_finding *f = NULL;
        for (size_t i = before; i < tb.n_findings; i++)
                if (strstr(tb.findings[i]->message, "Primary key attribute: GSI1SK"))
                        f = tb.findings[i];
        assert_non_null(f);
        assert_int_equal(f->loc.line, 9);
        assert_int_equal(f->loc.col, 30 + (unsigned)(strstr(uq, "GSI1SK <") - uq));
        dl_tb_fini(&tb);
}

static void test_reserved_word_inside_the_literal(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        /* aws4's README Query filters on ttl, a reserved word; the finding
         * points at it inside the body, through the \" escapes */
        const char *q = "{\"TableName\":\"svc\",\"KeyConditionExpression\":\"kind = :kind\","
                        "\"FilterExpression\":\"ttl <= :ttl\",\"ExpressionAttributeValues\":"
                        "{\":kind\":{\"S\":\"a\"},\":ttl\":{\"N\":\"5\"}}}";
        assert_int_equal(run1(&tb, DL_OP_QUERY, DL_API_20120810, q), 1);
        assert_string_equal(tb.findings[0]->check_id, "reserved-word");
        assert_int_equal(dl_tb_count(&tb, "reserved keyword: ttl"), 1);
        assert_int_equal(tb.findings[0]->loc.col, 30 + (unsigned)(strstr(q, "ttl <=") - q));
        dl_tb_fini(&tb);
}

static void test_holes_keep_checks_silent(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        with_schema(&tb);
        /* members added at run time: a placeholder defined there may be
         * used; a key condition there may exist */
        const char *q[] = {"{\"TableName\":\"Orders\",\"ExpressionAttributeValues\":"
                           "{\":pk\":{\"S\":\"x\"}},",
                           NULL, "}"};
        assert_int_equal(run_all(&tb, DL_OP_QUERY, DL_API_20120810, q, 3), 0);
        /* a truncated body: nothing guessed about the rest */
        const char *t = "{\"TableName\":\"Orders\",\"FilterExpression\":\"a = :a\",\"Expres";
        assert_int_equal(run1(&tb, DL_OP_QUERY, DL_API_20120810, t), 0);
        /* a transaction whose items are appended at run time */
        const char *tx[] = {"{\"TransactItems\":[{\"Put\":{\"TableName\":\"Orders\",\"Item\":"
                            "{\"PK\":{\"S\":\"USER#1\"},\"SK\":{\"S\":\"ORDER#2\"}},"
                            "\"ConditionExpression\":\"attribute_not_exists(PK)\"}}",
                            NULL, "],\"ClientRequestToken\":\"t\"}"};
        assert_int_equal(run_all(&tb, DL_OP_TRANSACT_WRITE_ITEMS, DL_API_20120810, tx, 3), 0);
        dl_tb_fini(&tb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_conditional_put_is_clean),
                cmocka_unit_test(test_query_on_index_is_clean),
                cmocka_unit_test(test_old_api_is_legacy),
                cmocka_unit_test(test_scan_and_unkeyed_query),
                cmocka_unit_test(test_reserved_word_inside_the_literal),
                cmocka_unit_test(test_holes_keep_checks_silent),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
