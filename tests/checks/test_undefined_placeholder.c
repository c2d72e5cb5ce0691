/* test_undefined_placeholder.c - check `undefined-placeholder` on hand-built requests (cases that must be
 * flagged and cases that must not).
 * SPDX-License-Identifier: MIT
 */
#include "expr_cases.h"

#define Q DL_OP_QUERY
#define S DL_OP_SCAN
#define G DL_OP_GET_ITEM
#define P DL_OP_PUT_ITEM
#define D DL_OP_DELETE_ITEM
#define U DL_OP_UPDATE_ITEM

static const struct xcase cases[] = {
        {"value", Q, .kce = "pk = :pk", .want = 1,
         .substr = "Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :pk"},
        {"name", G, .proj = "a,b,a,#a", .want = 1,
         .substr = "Invalid ProjectionExpression: An expression attribute name used in the document path is not defined; attribute name: #a"},
        {"one defined one not", S, .filter = "#a = :a AND #b = :b", .names = "#a=a", .values = ":a=S;:b=S", .want = 1, .substr = "attribute name: #b"},
        {"update value", U, .update = "SET #a = if_not_exists(:c, :d)", .names = "#a=a", .values = ":c=S", .want = 1, .substr = "attribute value: :d"},
        {"same twice counts once", S, .filter = ":v = a OR :v = b", .want = 1},
        {"in known text of a template", S, .filter = "|?| = :missing", .want = 1, .substr = ":missing"},
        {"two expressions", U, .update = "SET a = :x", .cond = "b = :y", .values = ":z=S", .want = 2, .substr = "Invalid UpdateExpression"},
        /* not flagged */
        {"all defined", Q, .kce = "#pk = :pk", .names = "#pk=PK", .values = ":pk=S", .want = 0},
        {"dynamic values map", Q, .kce = "pk = :pk", .values = "*", .want = 0},
        {"dynamic names map", G, .proj = "#a", .names = "*", .want = 0},
        {"dynamic expression", S, .filter = "=", .want = 0},
        {"placeholder absorbed into hole", S, .filter = "a = :|?|", .want = 0},
};

static void test_undefined_placeholder_cases(void **state)
{
        (void)state;
        xrun("undefined-placeholder", cases, sizeof cases / sizeof cases[0]);
}

/* a huge placeholder is quoted truncated to 64 bytes, not echoed (it was
 * 3 MB twice) */
static void test_long_placeholder_is_truncated(void **state)
{
        (void)state;
        size_t n = 100000;
        char *filter = test_malloc(n + 16);
        memcpy(filter, "a = :", 5);
        memset(filter + 5, 'v', n);
        filter[n + 5] = '\0';
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_SCAN);
        dl_tb_set(&tb, r, DL_FIELD_TABLE_NAME, "Orders");
        dl_tb_set(&tb, r, DL_FIELD_FILTER_EXPRESSION, filter);
        dl_model_normalize(&tb.arena, r);
        assert_int_equal(dl_tb_run(&tb, dl_catalogue_find("undefined-placeholder"), r), 1);
        const char *m = tb.findings[0]->message;
        assert_true(strlen(m) < 400);
        assert_non_null(strstr(m, "attribute value: :vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv\u2026; "));
        dl_tb_fini(&tb);
        test_free(filter);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_undefined_placeholder_cases),
                cmocka_unit_test(test_long_placeholder_is_truncated),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
