/* test_json_request.c - low-level request bodies (JSON templates) read into
 * normalized requests (model/json_request): members and maps, decoded
 * strings with per-byte locations, holes in strings, in place of values
 * and of members, batch and transaction members, the 2011-12-05 API, and
 * bad input (truncated, malformed, deep, 1 MB, invalid UTF-8).
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "core/arena.h"
#include "core/strbuf.h"
#include "model/json_request.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct dl_arena A;

static int setup(void **state)
{
        (void)state;
        dl_arena_init(&A);
        return 0;
}

static int teardown(void **state)
{
        (void)state;
        dl_arena_fini(&A);
        return 0;
}

/* A body template: parts alternate known text; NULL is a hole. Byte i of
 * the known text is at line 7, column 20 + i, as if written in one literal. */
static struct dl_value body(const char *const *parts, size_t n)
{
        struct dl_segment *segs = dl_arena_alloc(&A, n * sizeof *segs);
        size_t col = 20;
        for (size_t i = 0; i < n; i++) {
                if (!parts[i])
                        continue;
                size_t len = strlen(parts[i]);
                struct dl_loc *locs = dl_arena_alloc(&A, (len ? len : 1) * sizeof *locs);
                for (size_t k = 0; k < len; k++)
                        locs[k] = (struct dl_loc){"app.c", 7, (unsigned)col++};
                segs[i] = (struct dl_segment){parts[i], len, locs, NULL, NULL};
        }
        struct dl_value v = {0};
        v.kind = DL_VAL_KNOWN;
        v.segs = segs;
        v.n_segs = n;
        v.loc = (struct dl_loc){"app.c", 7, 5};
        return v;
}

static struct dl_value body1(const char *text) { return body(&text, 1); }

/* Read text as the body of op and return the request's dump line. */
static const char *read_dump(enum dl_op op, enum dl_api_version api, const struct dl_value *b,
                             struct dl_request **out, struct dl_json_result *res)
{
        struct dl_value *kept = dl_arena_alloc(&A, sizeof *kept);
        *kept = *b;
        struct dl_request *r = dl_arena_alloc(&A, sizeof *r);
        dl_request_init(r, op);
        dl_json_request_read(&A, kept, api, r, res);
        if (out)
                *out = r;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_request_dump(&sb, r);
        const char *s = dl_arena_strdup(&A, dl_strbuf_cstr(&sb));
        dl_strbuf_fini(&sb);
        return s;
}

static const char *dump_of(enum dl_op op, const char *text)
{
        struct dl_value b = body1(text);
        return read_dump(op, DL_API_20120810, &b, NULL, NULL);
}

static void test_query_members_and_maps(void **state)
{
        (void)state;
        struct dl_json_result res;
        struct dl_request *r;
        struct dl_value b = body1(
                "{\"TableName\": \"Orders\", \"IndexName\": \"GSI1\",\n"
                " \"KeyConditionExpression\": \"GSI1PK = :u AND #d < :c\",\n"
                " \"FilterExpression\": \"Total > :t\", \"ProjectionExpression\": \"PK, SK\",\n"
                " \"ExpressionAttributeNames\": {\"#d\": \"OrderDate\"},\n"
                " \"ExpressionAttributeValues\": {\":u\": {\"S\": \"UNSHIPPED\"}, \":c\": {\"S\": \"2026\"},\n"
                "   \":t\": {\"N\": \"100\"}},\n"
                " \"Limit\": 25, \"ConsistentRead\": false, \"ScanIndexForward\": true,\n"
                " \"Select\": \"ALL_ATTRIBUTES\", \"ReturnConsumedCapacity\": \"TOTAL\",\n"
                " \"ExclusiveStartKey\": {\"PK\": {\"S\": \"x\"}}, \"Unmodelled\": [1, 2]}");
        const char *d = read_dump(DL_OP_QUERY, DL_API_20120810, &b, &r, &res);
        assert_string_equal(
                d, "Query consistent-read=\"false\" exclusive-start-key=\"\" "
                   "filter=\"Total > :t\" index=\"GSI1\" kce=\"GSI1PK = :u AND #d \\< :c\" "
                   "limit=\"25\" names={#d=\"OrderDate\"} projection=\"PK, SK\" "
                   "return-consumed-capacity=\"TOTAL\" scan-forward=\"true\" "
                   "select=\"ALL_ATTRIBUTES\" table=\"Orders\" values={:u:S,:c:S,:t:N}");
        assert_true(res.complete);
        assert_false(res.malformed);
        assert_int_equal(r->values.items[2].type, DL_ATTR_N);
        assert_true(dl_value_equals(&r->values.items[2].val, "100"));
        /* the expression's bytes keep their place in the literal: "GSI1PK"
         * starts after {"TableName": "Orders", ... "KeyConditionExpression": " */
        const char *text = b.segs[0].text;
        size_t at = (size_t)(strstr(text, "GSI1PK = :u") - text);
        struct dl_loc loc;
        assert_true(dl_value_loc_at(&r->fields[DL_FIELD_KEY_CONDITION_EXPRESSION], 0, &loc));
        assert_int_equal(loc.col, 20 + at);
        /* a value's loc is where the JSON value starts (its quote) */
        assert_int_equal(r->fields[DL_FIELD_TABLE_NAME].loc.col,
                         20 + (size_t)(strstr(text, "\"Orders\"") - text));
        assert_int_equal(r->values.items[0].loc.col, 20 + (size_t)(strstr(text, "\":u\"") - text));
}

static void test_escapes_keep_locations(void **state)
{
        (void)state;
        struct dl_request *r;
        /* \u0023 is '#', \" a quote, \\ a backslash, \u00e9 two UTF-8
         * bytes, \ud83d\ude00 four; each decoded byte is located at its
         * escape's backslash */
        struct dl_value b = body1("{\"FilterExpression\":\"\\u0023s = :v\","
                                  "\"TableName\":\"a\\\"b\\\\c\\u00e9\\ud83d\\ude00\\/\\t\"}");
        read_dump(DL_OP_SCAN, DL_API_20120810, &b, &r, NULL);
        const struct dl_value *f = &r->fields[DL_FIELD_FILTER_EXPRESSION];
        assert_true(dl_value_equals(f, "#s = :v"));
        struct dl_loc l0, l1;
        dl_value_loc_at(f, 0, &l0);
        dl_value_loc_at(f, 1, &l1);
        assert_int_equal(l0.col, 20 + 21);     /* the backslash of \u0023 */
        assert_int_equal(l1.col, 20 + 21 + 6); /* 's' after the 6-byte escape */
        assert_true(dl_value_equals(&r->fields[DL_FIELD_TABLE_NAME],
                                    "a\"b\\c\xc3\xa9\xf0\x9f\x98\x80/\t"));
}

static void test_holes_in_strings_and_values(void **state)
{
        (void)state;
        /* `"PK": {"S": "USER#%s"}`, `"Limit": %d`, `"TableName": "%s"` */
        const char *parts[] = {"{\"TableName\": \"", NULL, "\", \"Limit\": ", NULL,
                               ", \"KeyConditionExpression\": \"PK = :pk AND SK > ", NULL,
                               "\", \"ExpressionAttributeValues\": {\":pk\": {\"S\": \"USER#",
                               NULL, "\"}, \":n\": ", NULL, "}}"};
        struct dl_value b = body(parts, sizeof parts / sizeof parts[0]);
        struct dl_json_result res;
        struct dl_request *r;
        const char *d = read_dump(DL_OP_QUERY, DL_API_20120810, &b, &r, &res);
        assert_string_equal(d, "Query kce=\"PK = :pk AND SK > <?>\" limit=<dynamic> "
                               "table=<dynamic> values={:pk:S,:n:?}");
        assert_true(res.complete); /* holes in values are not holes in the structure */
        assert_false(r->escaped);
        assert_int_equal(r->values.items[0].val.n_segs, 2);
        /* a number touching a hole is one unknown value */
        const char *p2[] = {"{\"Limit\": 1", NULL, ", \"TableName\": \"T\"}"};
        struct dl_value b2 = body(p2, 3);
        assert_string_equal(read_dump(DL_OP_SCAN, DL_API_20120810, &b2, NULL, NULL),
                            "Scan limit=<dynamic> table=\"T\"");
}

static void test_holes_where_members_may_be(void **state)
{
        (void)state;
        struct dl_request *r;
        struct dl_json_result res;
        /* members of the top object: the request escaped, seen members kept */
        const char *p1[] = {"{\"TableName\": \"Orders\", ", NULL,
                            ", \"FilterExpression\": \"a = :a\"}"};
        struct dl_value b1 = body(p1, 3);
        const char *d = read_dump(DL_OP_SCAN, DL_API_20120810, &b1, &r, &res);
        assert_true(r->escaped);
        assert_false(res.complete);
        assert_int_equal(r->fields[DL_FIELD_TABLE_NAME].kind, DL_VAL_KNOWN);
        assert_int_equal(r->fields[DL_FIELD_FILTER_EXPRESSION].kind, DL_VAL_KNOWN);
        assert_int_equal(r->fields[DL_FIELD_KEY_CONDITION_EXPRESSION].kind, DL_VAL_DYNAMIC);
        assert_true(r->fields[DL_FIELD_KEY_CONDITION_EXPRESSION].unseen);
        assert_non_null(strstr(d, " escaped"));
        /* a hole at the end, where `,"ExclusiveStartKey":...` may go */
        const char *p2[] = {"{\"TableName\": \"Orders\"", NULL, "}"};
        struct dl_value b2 = body(p2, 3);
        read_dump(DL_OP_SCAN, DL_API_20120810, &b2, &r, NULL);
        assert_true(r->escaped);
        /* members of a map: the map is open (DYNAMIC), its seen entries listed */
        const char *p3[] = {"{\"TableName\": \"T\", \"Item\": {\"PK\": {\"S\": \"a\"}", NULL,
                            "}}"};
        struct dl_value b3 = body(p3, 3);
        assert_string_equal(read_dump(DL_OP_PUT_ITEM, DL_API_20120810, &b3, &r, &res),
                            "PutItem item={PK:S,...} table=\"T\"");
        assert_false(r->escaped);
        /* a member name with a hole: a member of unknown name */
        const char *p4[] = {"{\"TableName\": \"T\", \"", NULL, "\": 1}"};
        struct dl_value b4 = body(p4, 3);
        read_dump(DL_OP_SCAN, DL_API_20120810, &b4, &r, NULL);
        assert_true(r->escaped);
        /* but a map entry's key may be a template */
        const char *p5[] = {"{\"Item\": {\"attr_", NULL, "\": {\"S\": \"x\"}}}"};
        struct dl_value b5 = body(p5, 3);
        assert_string_equal(read_dump(DL_OP_PUT_ITEM, DL_API_20120810, &b5, &r, &res),
                            "PutItem item={\"attr_<?>\":S}");
        assert_true(res.complete);
        /* the whole body a hole, or starting with one: nothing known */
        const char *p6[] = {NULL};
        struct dl_value b6 = body(p6, 1);
        read_dump(DL_OP_QUERY, DL_API_20120810, &b6, &r, &res);
        assert_true(r->escaped);
        struct dl_value dyn = {0};
        dyn.kind = DL_VAL_DYNAMIC;
        read_dump(DL_OP_QUERY, DL_API_20120810, &dyn, &r, &res);
        assert_true(r->escaped);
        assert_int_equal(r->fields[DL_FIELD_KEY_CONDITION_EXPRESSION].kind, DL_VAL_DYNAMIC);
}

static void test_attribute_values(void **state)
{
        (void)state;
        struct dl_request *r;
        read_dump(DL_OP_PUT_ITEM, DL_API_20120810,
                  &(struct dl_value){0}, &r, NULL); /* warm-up: ABSENT body */
        assert_true(r->escaped);
        struct dl_value b = body1(
                "{\"TableName\":\"T\",\"Item\":{\"s\":{\"S\":\"x\"},\"n\":{\"N\":\"1.5\"},"
                "\"b\":{\"B\":\"AAE=\"},\"t\":{\"BOOL\":true},\"z\":{\"NULL\":true},"
                "\"l\":{\"L\":[{\"S\":\"a\"}]},\"m\":{\"M\":{}},\"ss\":{\"SS\":[\"a\"]},"
                "\"ns\":{\"NS\":[\"1\"]},\"bs\":{\"BS\":[]},\"bad\":{\"Q\":\"x\"},"
                "\"two\":{\"S\":\"a\",\"N\":\"1\"},\"notobj\":\"x\"}}");
        assert_string_equal(read_dump(DL_OP_PUT_ITEM, DL_API_20120810, &b, &r, NULL),
                            "PutItem item={s:S,n:N,b:B,t:BOOL,z:NULL,l:L,m:M,ss:SS,ns:NS,bs:BS,"
                            "bad:?,two:?,notobj:?} table=\"T\"");
        assert_true(dl_value_equals(&r->item.items[3].val, "true"));
        assert_true(dl_value_equals(&r->item.items[1].val, "1.5"));
        assert_int_equal(r->item.items[5].val.kind, DL_VAL_ABSENT); /* a list: no scalar */
}

static void test_batch_and_transaction_members(void **state)
{
        (void)state;
        assert_string_equal(
                dump_of(DL_OP_TRANSACT_WRITE_ITEMS,
                        "{\"TransactItems\":["
                        "{\"ConditionCheck\":{\"TableName\":\"Users\",\"Key\":{\"PK\":{\"S\":\"U\"}},"
                        "\"ConditionExpression\":\"attribute_exists(PK)\"}},"
                        "{\"Put\":{\"TableName\":\"Orders\",\"Item\":{\"PK\":{\"S\":\"U\"}},"
                        "\"ConditionExpression\":\"attribute_not_exists(PK)\"}},"
                        "{\"Update\":{\"TableName\":\"Orders\",\"Key\":{\"PK\":{\"S\":\"U\"}},"
                        "\"UpdateExpression\":\"REMOVE GSI1PK\"}},"
                        "{\"Delete\":{\"TableName\":\"Carts\",\"Key\":{\"PK\":{\"S\":\"U\"}}}}],"
                        "\"ClientRequestToken\":\"t\"}"),
                "TransactWriteItems items=[TransactWriteItems condition=\"attribute_exists(PK)\" "
                "key={PK:S} table=\"Users\" member=ConditionCheck; PutItem "
                "condition=\"attribute_not_exists(PK)\" item={PK:S} table=\"Orders\" member=Put; "
                "UpdateItem key={PK:S} table=\"Orders\" update=\"REMOVE GSI1PK\" member=Update; "
                "DeleteItem key={PK:S} table=\"Carts\" member=Delete]");
        assert_string_equal(
                dump_of(DL_OP_TRANSACT_GET_ITEMS,
                        "{\"TransactItems\":[{\"Get\":{\"TableName\":\"U\",\"Key\":{\"PK\":{\"S\":\"1\"}},"
                        "\"ProjectionExpression\":\"#n\",\"ExpressionAttributeNames\":{\"#n\":\"name\"}}}]}"),
                "TransactGetItems items=[GetItem key={PK:S} names={#n=\"name\"} projection=\"#n\" "
                "table=\"U\" member=Get]");
        assert_string_equal(
                dump_of(DL_OP_BATCH_WRITE_ITEM,
                        "{\"RequestItems\":{\"Orders\":[{\"PutRequest\":{\"Item\":{\"PK\":{\"S\":\"a\"},"
                        "\"SK\":{\"S\":\"b\"}}}},{\"DeleteRequest\":{\"Key\":{\"PK\":{\"S\":\"c\"}}}}],"
                        "\"Audit\":[{\"PutRequest\":{\"Item\":{\"id\":{\"N\":\"1\"}}}}]}}"),
                "BatchWriteItem items=[PutItem item={PK:S,SK:S} table=\"Orders\" member=PutRequest; "
                "DeleteItem key={PK:S} table=\"Orders\" member=DeleteRequest; PutItem "
                "item={id:N} table=\"Audit\" member=PutRequest]");
        assert_string_equal(
                dump_of(DL_OP_BATCH_GET_ITEM,
                        "{\"RequestItems\":{\"Orders\":{\"Keys\":[{\"PK\":{\"S\":\"a\"}},{\"PK\":{\"S\":\"b\"}}],"
                        "\"ConsistentRead\":true,\"ProjectionExpression\":\"#d\","
                        "\"ExpressionAttributeNames\":{\"#d\":\"data\"}}}}"),
                "BatchGetItem items=[GetItem consistent-read=\"true\" key={...} names={#d=\"data\"} "
                "projection=\"#d\" table=\"Orders\" member=KeysAndAttributes]");
        assert_string_equal(
                dump_of(DL_OP_BATCH_EXECUTE_STATEMENT,
                        "{\"Statements\":[{\"Statement\":\"SELECT * FROM T WHERE pk = ?\","
                        "\"Parameters\":[{\"S\":\"a\"}],\"ConsistentRead\":true}]}"),
                "BatchExecuteStatement items=[ExecuteStatement consistent-read=\"true\" "
                "statement=\"SELECT * FROM T WHERE pk = ?\" member=BatchStatementRequest]");
        assert_string_equal(
                dump_of(DL_OP_EXECUTE_TRANSACTION,
                        "{\"TransactStatements\":[{\"Statement\":\"DELETE FROM T WHERE pk = ?\"}]}"),
                "ExecuteTransaction items=[ExecuteStatement statement=\"DELETE FROM T WHERE pk = ?\" "
                "member=ParameterizedStatement]");
}

static void test_containers_with_holes_escape(void **state)
{
        (void)state;
        struct dl_request *r;
        /* items appended at run time (examples/ecommerce-c place_order) */
        const char *p1[] = {"{\"TransactItems\":[{\"Put\":{\"TableName\":\"O\",\"Item\":"
                            "{\"PK\":{\"S\":\"a\"}}}}",
                            NULL, "]}"};
        struct dl_value b1 = body(p1, 3);
        const char *d = read_dump(DL_OP_TRANSACT_WRITE_ITEMS, DL_API_20120810, &b1, &r, NULL);
        assert_true(r->escaped);
        assert_int_equal(r->n_items, 1);
        assert_non_null(strstr(d, "member=Put"));
        /* an element that is not one of the shapes: escaped, not invented */
        r = NULL;
        read_dump(DL_OP_TRANSACT_WRITE_ITEMS, DL_API_20120810,
                  &(struct dl_value){0}, &r, NULL);
        struct dl_value b2 = body1("{\"TransactItems\":[{\"Frobnicate\":{}}, 3]}");
        read_dump(DL_OP_TRANSACT_WRITE_ITEMS, DL_API_20120810, &b2, &r, NULL);
        assert_true(r->escaped);
        assert_int_equal(r->n_items, 0);
        /* a table name built at run time keeps its template */
        const char *p3[] = {"{\"RequestItems\":{\"app-", NULL,
                            "\":[{\"DeleteRequest\":{\"Key\":{\"PK\":{\"S\":\"a\"}}}}]}}"};
        struct dl_value b3 = body(p3, 3);
        assert_string_equal(read_dump(DL_OP_BATCH_WRITE_ITEM, DL_API_20120810, &b3, &r, NULL),
                            "BatchWriteItem items=[DeleteItem key={PK:S} table=\"app-<?>\" "
                            "member=DeleteRequest]");
}

static void test_api_2011_12_05(void **state)
{
        (void)state;
        struct dl_value b = body1("{\"TableName\":\"users\",\"Key\":{\"HashKeyElement\":{\"S\":"
                                  "\"jdoe\"}},\"AttributesToGet\":[\"realName\",\"lastSeen\"]}");
        struct dl_request *r;
        assert_string_equal(read_dump(DL_OP_GET_ITEM, DL_API_20111205, &b, &r, NULL),
                            "GetItem attributes-to-get=\"\" hash-key-element=\"\" key={...} "
                            "table=\"users\" api=2011-12-05");
        assert_string_equal(r->api_version, "2011-12-05");
        struct dl_value q = body1("{\"TableName\":\"T\",\"HashKeyValue\":{\"S\":\"a\"},"
                                  "\"RangeKeyCondition\":{\"AttributeValueList\":[{\"N\":\"1\"}],"
                                  "\"ComparisonOperator\":\"GT\"},\"ScanIndexForward\":false}");
        assert_string_equal(read_dump(DL_OP_QUERY, DL_API_20111205, &q, NULL, NULL),
                            "Query hash-key-value=\"\" range-key-condition=\"\" "
                            "scan-forward=\"false\" table=\"T\" api=2011-12-05");
        /* the same members in a 2012-08-10 body are not its own: ignored
         * (HashKeyElement is then an attribute named so) */
        assert_string_equal(read_dump(DL_OP_QUERY, DL_API_20120810, &q, NULL, NULL),
                            "Query scan-forward=\"false\" table=\"T\"");
        assert_string_equal(read_dump(DL_OP_GET_ITEM, DL_API_20120810, &b, NULL, NULL),
                            "GetItem attributes-to-get=\"\" key={HashKeyElement:S} table=\"users\"");
        /* Expected (aws_dynamo test/put_item.c) and a scan filter */
        assert_non_null(strstr(read_dump(DL_OP_PUT_ITEM, DL_API_20111205,
                                         &(struct dl_value){0}, NULL, NULL),
                               " api=2011-12-05 escaped"));
        struct dl_value e = body1("{\"TableName\":\"t\",\"Item\":{\"hash\":{\"N\":\"1\"}},"
                                  "\"Expected\":{\"hash\":{\"Exists\":false}}}");
        assert_string_equal(read_dump(DL_OP_PUT_ITEM, DL_API_20111205, &e, NULL, NULL),
                            "PutItem expected=\"\" item={hash:N} table=\"t\" api=2011-12-05");
}

/* want: how far the body is read, and the member that survives. */
static void test_truncated_and_malformed(void **state)
{
        (void)state;
        static const struct {
                const char *text;
                bool truncated;
                const char *msg;
                const char *dump_has; /* NULL: nothing */
                bool rest_known;      /* the object was read whole */
        } cases[] = {
                {"{\"TableName\": \"T\", \"Limit\": ", true, "ends where a value", "table=\"T\"", false},
                {"{\"TableName\": \"T\", \"FilterExpression\": \"a = ", true, "ends inside a string",
                 "table=\"T\"", false},
                {"{\"TableName\": \"T\"", true, "ends inside an object", "table=\"T\"", false},
                {"{\"TableName\": \"T\",", true, "ends inside an object", "table=\"T\"", false},
                {"{\"TableName\" \"T\"}", false, "expected ':'", NULL, false},
                {"{\"TableName\": \"T\",}", false, "a comma before the closing", "table=\"T\"", false},
                {"{\"TableName\": \"T\" \"Limit\": 1}", false, "expected ',' or '}'", "table=\"T\"", false},
                {"{TableName: \"T\"}", false, "expected a member name", NULL, false},
                {"{\"TableName\": 'T'}", false, "expected a value", NULL, false},
                {"[\"TableName\"]", false, "a request body is a JSON object", NULL, false},
                {"", true, "a request body is a JSON object", NULL, false},
                {"{\"TableName\": \"T\"} x", false, "text after the request object", "table=\"T\"",
                 true},
                {"{\"TableName\": \"a\\qb\"}", false, "invalid escape", NULL, false},
                {"{\"TableName\": \"a\\ud800b\"}", false, "invalid escape", NULL, false},
                {"{\"TableName\": \"a\\udc00\"}", false, "invalid escape", NULL, false},
                {"{\"TableName\": \"a\\u00g0\"}", false, "invalid escape", NULL, false},
                {"{\"TableName\": \"a\tb\"}", false, "control character", NULL, false},
                {"{\"TableName\": \"a\xff\"}", false, "invalid UTF-8", NULL, false},
                {"{\"TableName\": \"a\xc3\"}", false, "invalid UTF-8", NULL, false},
                {"{\"Limit\": 1, \"TableName\": \"T\", \"Items\": [1, 2", true, "ends inside",
                 "limit=\"1\"", false},
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                struct dl_value b = body1(cases[i].text);
                struct dl_request *r;
                struct dl_json_result res;
                const char *d = read_dump(DL_OP_SCAN, DL_API_20120810, &b, &r, &res);
                bool ok = !res.complete && res.truncated == cases[i].truncated &&
                          res.malformed == !cases[i].truncated && res.message &&
                          strstr(res.message, cases[i].msg) && r->escaped != cases[i].rest_known &&
                          (!cases[i].dump_has || strstr(d, cases[i].dump_has));
                if (!ok) {
                        print_error("case %zu \"%s\": %s (%s) -> %s\n", i, cases[i].text,
                                    res.message ? res.message : "(no message)",
                                    res.truncated ? "truncated" : "malformed", d);
                        fail();
                }
                /* never a guessed member: the unseen ones are only maybe set */
                if (!cases[i].rest_known) {
                        assert_int_equal(r->fields[DL_FIELD_INDEX_NAME].kind, DL_VAL_DYNAMIC);
                        assert_true(r->fields[DL_FIELD_INDEX_NAME].unseen);
                }
        }
        /* the error's position is a byte of the known text, and its place */
        struct dl_value b = body1("{\"TableName\": \"T\", oops}");
        struct dl_json_result res;
        read_dump(DL_OP_SCAN, DL_API_20120810, &b, NULL, &res);
        assert_int_equal(res.off, 19);
        assert_int_equal(res.loc.col, 20 + 19);
}

static void test_bad_input_is_bounded(void **state)
{
        (void)state;
        /* 10,000 nested arrays in a member: stops at depth 256 */
        size_t n = 10000;
        const char *head = "{\"TableName\":\"T\",\"X\":";
        char *s = dl_xmalloc(strlen(head) + 2 * n + 2);
        size_t at = strlen(head);
        memcpy(s, head, at);
        memset(s + at, '[', n);
        at += n;
        memset(s + at, ']', n);
        at += n;
        s[at++] = '}';
        s[at] = 0;
        struct dl_value b = body1(s);
        struct dl_json_result res;
        struct dl_request *r;
        const char *d = read_dump(DL_OP_SCAN, DL_API_20120810, &b, &r, &res);
        assert_true(res.malformed);
        assert_string_equal(res.message, "nesting deeper than 256 objects and arrays");
        assert_int_equal(res.off, strlen(head) + DL_JSON_MAX_DEPTH - 1);
        assert_non_null(strstr(d, "table=\"T\""));
        free(s);

        /* a 1 MB body: a BatchWriteItem of 4,000 puts reads whole, in linear time */
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_strbuf_puts(&sb, "{\"RequestItems\":{\"T\":[");
        for (int i = 0; i < 4000; i++)
                dl_strbuf_printf(&sb, "%s{\"PutRequest\":{\"Item\":{\"PK\":{\"S\":\"%0200d\"},"
                                      "\"V\":{\"S\":\"%030d\"}}}}",
                                 i ? "," : "", i, i);
        dl_strbuf_puts(&sb, "]}}");
        assert_true(sb.len > (1u << 20));
        b = body1(dl_arena_strdup(&A, dl_strbuf_cstr(&sb)));
        dl_strbuf_fini(&sb);
        read_dump(DL_OP_BATCH_WRITE_ITEM, DL_API_20120810, &b, &r, &res);
        assert_true(res.complete);
        assert_int_equal(r->n_items, 4000);
        assert_int_equal(r->items[3999].item.n, 2);

        /* a string of NUL bytes and one with a NUL inside a value */
        struct dl_value z = {0};
        static const char nul[] = "{\"TableName\":\"a\0b\"}";
        struct dl_segment seg = {nul, sizeof nul - 1, NULL, NULL, NULL};
        z.kind = DL_VAL_KNOWN;
        z.segs = &seg;
        z.n_segs = 1;
        read_dump(DL_OP_SCAN, DL_API_20120810, &z, &r, &res);
        assert_true(res.malformed);
        assert_non_null(strstr(res.message, "control character"));
}

/* The operation of a low-level request from its X-Amz-Target header, its
 * target or an operation name; another header is no target; holes that
 * may hide the operation leave it unknown. */
static void test_target(void **state)
{
        (void)state;
        static const struct {
                const char *text;
                enum dl_target_kind kind;
                enum dl_op op;
                enum dl_api_version api;
        } cases[] = {
                {"X-Amz-Target: DynamoDB_20120810.Query", DL_TARGET_KNOWN, DL_OP_QUERY,
                 DL_API_20120810},
                {"x-amz-target:DynamoDB_20120810.Scan", DL_TARGET_KNOWN, DL_OP_SCAN,
                 DL_API_20120810},
                {"X-AMZ-TARGET :  DynamoDB_20111205.GetItem ", DL_TARGET_KNOWN, DL_OP_GET_ITEM,
                 DL_API_20111205},
                {"DynamoDB_20120810.TransactWriteItems", DL_TARGET_KNOWN,
                 DL_OP_TRANSACT_WRITE_ITEMS, DL_API_20120810},
                {"PutItem", DL_TARGET_KNOWN, DL_OP_PUT_ITEM, DL_API_20120810},
                {"Content-Type: application/x-amz-json-1.0", DL_TARGET_NONE, 0, 0},
                {"X-Amz-Target: Kinesis_20131202.PutRecord", DL_TARGET_NONE, 0, 0},
                {"X-Amz-Target: DynamoDB_20120810.query", DL_TARGET_NONE, 0, 0},
                {"X-Amz-Targets: DynamoDB_20120810.Query", DL_TARGET_NONE, 0, 0},
                {"putitem", DL_TARGET_NONE, 0, 0},
                {"", DL_TARGET_NONE, 0, 0},
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                struct dl_value v = dl_value_known(&A, cases[i].text, strlen(cases[i].text), NULL,
                                                   (struct dl_loc){"app.c", 3, 1});
                enum dl_op op = DL_OP_COUNT;
                enum dl_api_version api = DL_API_20120810;
                assert_int_equal(dl_target_read(&v, &op, &api), cases[i].kind);
                if (cases[i].kind == DL_TARGET_KNOWN) {
                        assert_int_equal(op, cases[i].op);
                        assert_int_equal(api, cases[i].api);
                }
        }
        enum dl_op op;
        enum dl_api_version api;
        /* "X-Amz-Target: DynamoDB_20120810.<?>": which operation is unknown */
        const char *op_hole[] = {"X-Amz-Target: DynamoDB_20120810.", NULL};
        struct dl_value v = body(op_hole, 2);
        assert_int_equal(dl_target_read(&v, &op, &api), DL_TARGET_UNKNOWN);
        /* "Content-Type: <?>": the header is known not to be the target */
        const char *other[] = {"Content-Type: ", NULL};
        v = body(other, 2);
        assert_int_equal(dl_target_read(&v, &op, &api), DL_TARGET_NONE);
        /* "<?>: x", a dynamic string, no value: may be the target */
        const char *lead[] = {NULL, ": x"};
        v = body(lead, 2);
        assert_int_equal(dl_target_read(&v, &op, &api), DL_TARGET_UNKNOWN);
        v = dl_value_dynamic((struct dl_loc){"app.c", 3, 1});
        assert_int_equal(dl_target_read(&v, &op, &api), DL_TARGET_UNKNOWN);
        assert_int_equal(dl_target_read(NULL, &op, &api), DL_TARGET_UNKNOWN);
}

/* A CreateTable body's definition: the body as JSON text, values with holes
 * and open lists written as a computed value, each byte at its source. */
static void test_create_table_definition(void **state)
{
        (void)state;
        const char *parts[] = {"{\"TableName\":\"",
                               NULL,
                               "\",\"BillingMode\":\"PAY_PER_REQUEST\",\"Name\":\"caf\u00e9\","
                               "\"KeySchema\":[{\"AttributeName\":\"PK\",\"KeyType\":\"HASH\"}],"
                               "\"ProvisionedThroughput\":{\"ReadCapacityUnits\":",
                               NULL,
                               ",\"WriteCapacityUnits\":5},\"GlobalSecondaryIndexes\":[",
                               NULL,
                               "]}"};
        struct dl_value b = body(parts, 7);
        struct dl_request *r;
        read_dump(DL_OP_CREATE_TABLE, DL_API_20120810, &b, &r, NULL);
        assert_non_null(r->definition);
        assert_true(dl_value_is_complete(r->definition));
        assert_string_equal(
                r->definition->text,
                "{\"TableName\": {\"Fn::RunTime\": \"\"}, \"BillingMode\": \"PAY_PER_REQUEST\", "
                "\"Name\": \"caf\\u00e9\", "
                "\"KeySchema\": [{\"AttributeName\": \"PK\", \"KeyType\": \"HASH\"}], "
                "\"ProvisionedThroughput\": {\"ReadCapacityUnits\": {\"Fn::RunTime\": \"\"}, "
                "\"WriteCapacityUnits\": 5}, \"GlobalSecondaryIndexes\": {\"Fn::RunTime\": \"\"}}");
        /* "PAY_PER_REQUEST" is where its quote is written: the second part
         * starts at column 34 (after the 14 bytes of the first), and its
         * quote is its 17th byte */
        const char *pay = strstr(r->definition->text, "\"PAY_PER");
        struct dl_loc at;
        assert_true(dl_value_loc_at(r->definition, (size_t)(pay - r->definition->text), &at));
        assert_int_equal(at.line, 7);
        assert_int_equal(at.col, 34 + 16);

        /* members the body may hold unseen: no definition; other ops: none */
        const char *open[] = {"{\"TableName\":\"T\",", NULL, "}"};
        b = body(open, 3);
        read_dump(DL_OP_CREATE_TABLE, DL_API_20120810, &b, &r, NULL);
        assert_null(r->definition);
        b = body1("{\"TableName\":\"T\"}");
        read_dump(DL_OP_DESCRIBE_TABLE, DL_API_20120810, &b, &r, NULL);
        assert_null(r->definition);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test_setup_teardown(test_query_members_and_maps, setup, teardown),
                cmocka_unit_test_setup_teardown(test_escapes_keep_locations, setup, teardown),
                cmocka_unit_test_setup_teardown(test_holes_in_strings_and_values, setup, teardown),
                cmocka_unit_test_setup_teardown(test_holes_where_members_may_be, setup, teardown),
                cmocka_unit_test_setup_teardown(test_attribute_values, setup, teardown),
                cmocka_unit_test_setup_teardown(test_batch_and_transaction_members, setup,
                                                teardown),
                cmocka_unit_test_setup_teardown(test_containers_with_holes_escape, setup, teardown),
                cmocka_unit_test_setup_teardown(test_api_2011_12_05, setup, teardown),
                cmocka_unit_test_setup_teardown(test_truncated_and_malformed, setup, teardown),
                cmocka_unit_test_setup_teardown(test_bad_input_is_bounded, setup, teardown),
                cmocka_unit_test_setup_teardown(test_target, setup, teardown),
                cmocka_unit_test_setup_teardown(test_create_table_definition, setup, teardown),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
