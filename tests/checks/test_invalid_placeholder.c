/* test_invalid_placeholder.c - check `invalid-placeholder` on hand-built requests (cases that must be
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
        {"bare name as key", Q, .kce = "pk = :pk", .names = "a=a", .want = 1,
         .substr = "ExpressionAttributeNames contains invalid key: Syntax error; key: \"a\""},
        {"hyphen", S, .filter = "#a-b = :v", .names = "#a-b=a-b", .want = 1, .substr = "key: \"#a-b\"; a key is '#' followed by letters, digits or '_', e.g. '#ab'"},
        {"value key without colon", S, .filter = "a = :v", .values = "v=S", .want = 1,
         .substr = "ExpressionAttributeValues contains invalid key: Syntax error; key: \"v\""},
        {"empty names", P, .cond = "a = :v", .names = "{}", .values = ":v=S", .want = 1, .substr = "ExpressionAttributeNames must not be empty"},
        {"empty values", P, .cond = "attribute_exists(a)", .values = "{}", .want = 1, .substr = "ExpressionAttributeValues must not be empty"},
        {"both maps", S, .filter = "a = :v", .names = "x=y", .values = "v=S", .want = 2},
        /* not flagged */
        {"valid keys", S, .filter = "#a_1 = :V9", .names = "#a_1=a", .values = ":V9=S", .want = 0},
        {"dynamic map", S, .filter = "a = :v", .values = "*", .want = 0},
        {"absent maps", S, .filter = "a = b", .want = 0},
};

static void test_invalid_placeholder_cases(void **state)
{
        (void)state;
        xrun("invalid-placeholder", cases, sizeof cases / sizeof cases[0]);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_invalid_placeholder_cases),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
