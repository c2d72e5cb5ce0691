/* test_update_expression_invalid.c - check `update-expression-invalid` on hand-built requests (cases that must be
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
        {"set twice", U, .update = "set a = #c set c = :d", .want = 1,
         .substr = "Invalid UpdateExpression: The \"SET\" section can only be used once in an update expression; merge"},
        {"remove twice", U, .update = "remove #d set a = b remove e", .want = 1, .substr = "The \"REMOVE\" section"},
        {"overlap", U, .update = "SET a = :v REMOVE a", .want = 1,
         .substr = "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]"},
        {"nested overlap via alias", U, .update = "SET #a.b = :v, a = :w", .names = "#a=a", .want = 1, .substr = "path one: [a, b], path two: [a]"},
        {"conflict", U, .update = "SET a.b = :v, a[1] = :w", .want = 1, .substr = "Two document paths conflict with each other"},
        {"if_not_exists in condition", P, .cond = "if_not_exists(a, :v) = :v", .want = 1,
         .substr = "Invalid ConditionExpression: Invalid function name; function: if_not_exists"},
        {"list_append in filter", S, .filter = "list_append(a, :v) = :v", .want = 1, .substr = "function: list_append"},
        {"key attribute", U, "Orders", .update = "SET SK = :v", .schema = true, .want = 1,
         .substr = "One or more parameter values were invalid: Cannot update attribute SK. This attribute is part of the key"},
        {"key attribute via alias", U, "Orders", .update = "REMOVE #k", .names = "#k=PK", .schema = true, .want = 1, .substr = "Cannot update attribute PK"},
        {"nested key path", U, "Orders", .update = "ADD PK.x :n", .schema = true, .want = 1, .substr = "Cannot update attribute PK. This attribute is part of the key"},
        {"pk before sk", U, "Orders", .update = "SET SK = :a, PK = :b", .schema = true, .want = 1, .substr = "Cannot update attribute PK"},
        {"index key as a map", U, "Orders", .update = "SET GSI1PK.x = :v", .schema = true, .want = 1, .substr = "IndexKey: GSI1PK"},
        {"ADD a string", U, .update = "ADD n :s", .values = ":s=S", .want = 1,
         .substr = "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: STRING"},
        {"DELETE a number", U, .update = "DELETE n :s", .values = ":s=N", .want = 1, .substr = "operator: DELETE, operand type: NUMBER"},
        {"list_append of a string", U, .update = "SET l = list_append(l, :s)", .values = ":s=S", .want = 1,
         .substr = "operator or function: list_append, operand type: S"},
        {"plus a string", U, .update = "SET n = n + :s", .values = ":s=S", .want = 1, .substr = "operator or function: +, operand type: S"},
        /* NULL and BOOL values (oracle dyn-0509, dyn-0511) */
        {"ADD a null value", U, .update = "ADD n :x", .values = ":x=NULL", .want = 1,
         .substr = "operator: ADD, operand type: NULL"},
        {"DELETE a bool value", U, .update = "DELETE s :x", .values = ":x=BOOL", .want = 1,
         .substr = "operator: DELETE, operand type: BOOLEAN"},
        {"plus a bool value", U, .update = "SET n = n + :x", .values = ":x=BOOL", .want = 1,
         .substr = "operator or function: +, operand type: BOOL"},
        /* not flagged */
        {"ADD a number and a set", U, .update = "ADD n :n, s :ss", .values = ":n=N;:ss=SS", .want = 0},
        {"DELETE a set", U, .update = "DELETE s :ss", .values = ":ss=NS", .want = 0},
        {"distinct paths", U, .update = "SET a.b = :v, a.c = :w, l[0] = :x, l[1] = :y REMOVE d", .want = 0},
        {"value paths do not count", U, .update = "SET a = a + :n, b = a", .want = 0},
        {"chained arithmetic not settled", U, .update = "SET a = :v + :v + :v", .want = 0},
        {"unresolved alias", U, .update = "SET #a = :v, a = :w", .names = "*", .want = 0},
        {"hole", U, .update = "SET a = :v, |?|", .want = 0},
        {"non-key attribute", U, "Orders", .update = "SET GSI1PK = :v", .schema = true, .want = 0},
        {"no schema", U, "Orders", .update = "SET PK = :v", .want = 0},
        {"functions in SET", U, .update = "SET l = list_append(if_not_exists(l, :e), :v)", .want = 0},
};

static void test_update_expression_invalid_cases(void **state)
{
        (void)state;
        xrun("update-expression-invalid", cases, sizeof cases / sizeof cases[0]);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_update_expression_invalid_cases),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
