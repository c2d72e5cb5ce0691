/* test_unused_placeholder.c - check `unused-placeholder` on hand-built requests (cases that must be
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
        {"unused name", S, .filter = "a = :v", .names = "#a=a", .values = ":v=S", .want = 1,
         .substr = "Value provided in ExpressionAttributeNames unused in expressions: keys: {#a}"},
        {"unused values", U, .update = "remove a", .cond = "a = :b", .values = ":a=S;:b=S;:c=S", .want = 1,
         .substr = "Value provided in ExpressionAttributeValues unused in expressions: keys: {:a, :c}"},
        {"names before values", U, .update = "remove a set b = list_append(b, if_not_exists(a, :a))", .cond = "a = :b",
         .names = "#a=a;#b=b", .values = ":a=S;:b=S;:z=S", .want = 2, .substr = "ExpressionAttributeNames unused in expressions: keys: {#a, #b}"},
        {"names without expressions", G, .names = "#a=a", .want = 1, .substr = "ExpressionAttributeNames can only be specified when using expressions"},
        {"values with only a projection", S, .proj = "a", .values = ":v=S", .want = 1,
         .substr = "ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null"},
        {"values on update without expressions", U, .values = ":v=S", .want = 1,
         .substr = "UpdateExpression and ConditionExpression are null"},
        /* not flagged */
        {"all used", Q, .kce = "#pk = :pk", .names = "#pk=PK", .values = ":pk=S", .want = 0},
        {"used across expressions", Q, .kce = "pk = :pk", .filter = "#s = :s", .proj = "#s, a", .names = "#s=status", .values = ":pk=S;:s=S", .want = 0},
        {"template may use it", S, .filter = "a = :v AND |?|", .values = ":v=S;:w=S", .want = 0},
        {"dynamic expression may use it", S, .filter = "=", .values = ":v=S", .want = 0},
        {"syntax error stops the parser", S, .filter = "a = = :v", .values = ":v=S;:w=S", .want = 0},
        {"dynamic map still known entries", S, .filter = "a = :v", .values = "*", .want = 0},
};

static void test_unused_placeholder_cases(void **state)
{
        (void)state;
        xrun("unused-placeholder", cases, sizeof cases / sizeof cases[0]);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_unused_placeholder_cases),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
