/* test_helper_objects.c - helpers known across translation units (model/helper):
 * the first pass's text scan, and a map or request written as JSON text in
 * the helper form and read back by the reader of low-level bodies
 * (model/json_request) as its callers do: known text, holes in strings and
 * in place of values, an escaped request, escapes.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/arena.h"
#include "core/strbuf.h"
#include "model/helper.h"
#include "model/json_request.h"
#include "model/template.h"

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

static const struct dl_loc AT = {"caller.cpp", 9, 18};

/* A KNOWN value of parts (NULL: a hole). */
static struct dl_value tmpl(const char *const *parts, size_t n)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, &A);
        for (size_t i = 0; i < n; i++) {
                if (parts[i])
                        dl_tmpl_text(&t, parts[i], strlen(parts[i]), NULL, AT, NULL);
                else
                        dl_tmpl_hole(&t, NULL);
        }
        struct dl_value v = dl_tmpl_finish(&t, AT);
        dl_tmpl_fini(&t);
        return v;
}

static struct dl_value text(const char *s)
{
        return tmpl(&s, 1);
}

/* The request the helper text h reads back as (a caller's reading), dumped. */
static const char *read_back(enum dl_op op, const char *pre, const char *h, const char *post,
                             struct dl_request **out)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, &A);
        dl_helper_append(&t, pre, AT, NULL, NULL);
        dl_helper_append(&t, h, AT, NULL, NULL);
        dl_helper_append(&t, post, AT, NULL, NULL);
        struct dl_value *body = dl_arena_alloc(&A, sizeof *body);
        *body = dl_tmpl_finish(&t, AT);
        dl_tmpl_fini(&t);
        struct dl_request *r = dl_arena_alloc(&A, sizeof *r);
        dl_request_init(r, op);
        dl_json_request_read(&A, body, DL_API_20120810, r, NULL);
        if (out)
                *out = r;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_request_dump(&sb, r);
        const char *s = dl_arena_strdup(&A, dl_strbuf_cstr(&sb));
        dl_strbuf_fini(&sb);
        return s;
}

static void test_candidate(void **state)
{
        (void)state;
        static const char map[] = "Key UserKey(const Aws::String &id)\n{ Key k;\n"
                                  "k[\"PK\"] = S(\"USER#\" + id);\nreturn k; }\n"
                                  "using K = Aws::Map<Aws::String, AttributeValue>;";
        assert_true(dl_helper_candidate(map, strlen(map)));
        static const char req[] = "QueryRequest ByUser(const Aws::String &id)\n{\n"
                                  "QueryRequest q; q.SetTableName(\"T\");\n  return q ;\n}";
        assert_true(dl_helper_candidate(req, strlen(req)));
        /* a `return x;` alone, and a request named but not returned by a
         * function: no */
        static const char plain[] = "int f(int x) { return x; }";
        assert_false(dl_helper_candidate(plain, strlen(plain)));
        static const char var[] = "void f() { QueryRequest q; return; }";
        assert_false(dl_helper_candidate(var, strlen(var)));
        static const char call[] = "QueryRequest q(other); int g(int y) { return y + 1; }";
        assert_false(dl_helper_candidate(call, strlen(call)));
}

static void test_map_round_trip(void **state)
{
        (void)state;
        const char *pk_parts[] = {"USER#", NULL};
        struct dl_attr items[3] = {
                {text("PK"), tmpl(pk_parts, 2), DL_ATTR_S, AT},
                {text("SK"), text("a\"b\\c<d"), DL_ATTR_S, AT},
                {text("N"), text("7"), DL_ATTR_N, AT},
        };
        struct dl_attr_map m = {DL_VAL_KNOWN, items, 3, AT};
        char *h = dl_helper_encode_map(&m);
        assert_string_equal(h,
                            "{\"PK\":{\"S\":\"USER#<?>\"},\"SK\":{\"S\":\"a\\\\\"b\\\\\\\\c\\<d\"},"
                            "\"N\":{\"N\":\"7\"}}");
        struct dl_request *r;
        read_back(DL_OP_GET_ITEM, "{\"Key\":", h, "}", &r);
        assert_int_equal(r->key.kind, DL_VAL_KNOWN);
        assert_int_equal(r->key.n, 3);
        assert_int_equal(r->key.items[0].type, DL_ATTR_S);
        assert_int_equal(r->key.items[0].val.n_segs, 2);
        assert_null(r->key.items[0].val.segs[1].text);
        assert_true(dl_value_equals(&r->key.items[1].val, "a\"b\\c<d"));
        assert_int_equal(r->key.items[2].type, DL_ATTR_N);
        assert_int_equal(r->key.items[0].loc.line, AT.line);
        free(h);
        /* an entry of unknown type is a value hole; a DYNAMIC map a hole */
        items[2].type = DL_ATTR_UNKNOWN;
        h = dl_helper_encode_map(&m);
        read_back(DL_OP_GET_ITEM, "{\"Key\":", h, "}", &r);
        assert_int_equal(r->key.n, 3);
        assert_int_equal(r->key.items[2].type, DL_ATTR_UNKNOWN);
        free(h);
        m.kind = DL_VAL_DYNAMIC;
        h = dl_helper_encode_map(&m);
        assert_string_equal(h, "<?>");
        read_back(DL_OP_GET_ITEM, "{\"Key\":", h, "}", &r);
        assert_int_equal(r->key.kind, DL_VAL_DYNAMIC);
        free(h);
        m.kind = DL_VAL_ABSENT;
        assert_null(dl_helper_encode_map(&m));
}

static void test_request_round_trip(void **state)
{
        (void)state;
        struct dl_request q;
        dl_request_init(&q, DL_OP_QUERY);
        q.fields[DL_FIELD_TABLE_NAME] = text("Users");
        q.fields[DL_FIELD_KEY_CONDITION_EXPRESSION] = text("PK = :pk");
        q.fields[DL_FIELD_FILTER_EXPRESSION] = dl_value_dynamic(AT);
        q.fields[DL_FIELD_LIMIT] = text("10");
        q.fields[DL_FIELD_CONSISTENT_READ] = text("true");
        const char *pk_parts[] = {"USER#", NULL};
        struct dl_attr v = {text(":pk"), tmpl(pk_parts, 2), DL_ATTR_S, AT};
        q.values = (struct dl_attr_map){DL_VAL_KNOWN, &v, 1, AT};
        struct dl_attr n = {text("#s"), text("Status"), DL_ATTR_UNKNOWN, AT};
        q.names = (struct dl_attr_map){DL_VAL_KNOWN, &n, 1, AT};
        char *h = dl_helper_encode_request(&q);
        assert_string_equal(h, "{\"TableName\":\"Users\",\"KeyConditionExpression\":\"PK = :pk\","
                               "\"FilterExpression\":<?>,\"Limit\":10,\"ConsistentRead\":true,"
                               "\"ExpressionAttributeNames\":{\"#s\":\"Status\"},"
                               "\"ExpressionAttributeValues\":{\":pk\":{\"S\":\"USER#<?>\"}}}");
        const char *d = read_back(DL_OP_QUERY, "", h, "", NULL);
        assert_string_equal(d, "Query consistent-read=\"true\" filter=<dynamic> kce=\"PK = :pk\" "
                               "limit=\"10\" names={#s=\"Status\"} table=\"Users\" "
                               "values={:pk:S}");
        free(h);
        /* escaped: members it may have are a hole; nothing known: no map */
        dl_request_mark_escaped(&q);
        h = dl_helper_encode_request(&q);
        struct dl_request *r;
        read_back(DL_OP_QUERY, "", h, "", &r);
        assert_true(r->escaped);
        assert_true(dl_value_equals(&r->fields[DL_FIELD_TABLE_NAME], "Users"));
        assert_int_equal(r->fields[DL_FIELD_PROJECTION_EXPRESSION].kind, DL_VAL_DYNAMIC);
        free(h);
        /* what a body cannot say here: not exported */
        struct dl_request member;
        dl_request_init(&member, DL_OP_PUT_ITEM);
        q.items = &member;
        q.n_items = 1;
        assert_null(dl_helper_encode_request(&q));
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test_setup_teardown(test_candidate, setup, teardown),
                cmocka_unit_test_setup_teardown(test_map_round_trip, setup, teardown),
                cmocka_unit_test_setup_teardown(test_request_round_trip, setup, teardown),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
