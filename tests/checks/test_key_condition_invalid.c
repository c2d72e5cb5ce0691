/* test_key_condition_invalid.c - check `key-condition-invalid` on hand-built requests (cases that must be
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
        {"OR", Q, .kce = "a > b and size(b) > c or a > c", .want = 1, .substr = "Invalid operator used in KeyConditionExpression: OR"},
        {"IN", Q, .kce = "a in (b, size(c), d)", .want = 1, .substr = "Invalid operator used in KeyConditionExpression: IN"},
        {"NOT", Q, .kce = "not a > b", .want = 1, .substr = "Invalid operator used in KeyConditionExpression: NOT"},
        {"<>", Q, .kce = "a <> b", .want = 1, .substr = "Invalid operator used in KeyConditionExpression: <>"},
        {"attribute_exists", Q, .kce = "attribute_exists(a)", .want = 1, .substr = "KeyConditionExpression: attribute_exists"},
        {"attribute_type", Q, .kce = "attribute_type(a, :a)", .want = 1, .substr = "KeyConditionExpression: attribute_type"},
        {"contains", Q, .kce = "contains(a.d, b)", .want = 1, .substr = "KeyConditionExpression: contains"},
        {"size", Q, .kce = "size(b) > a AND a.b > b AND b > c", .want = 1, .substr = "KeyConditionExpressions cannot contain nested operations"},
        {"size operand", Q, .kce = "a > size(b.d)", .want = 1, .substr = "nested operations"},
        {"nested", Q, .kce = "pk = :pk AND a.b > :v", .want = 1, .substr = "KeyConditionExpressions cannot have conditions on nested attributes"},
        {"no key attribute", Q, .kce = ":b > :a AND a < :b", .want = 1, .substr = "Invalid condition in KeyConditionExpression: No key attribute specified"},
        {"two per key", Q, .kce = "b > :a AND b < :a and c = :a and d = :a", .want = 1, .substr = "KeyConditionExpressions must only contain one condition per key"},
        {"two per key parens", Q, .kce = "(a > :a and b > :a) and (b > :a and c > :a)", .want = 1, .substr = "one condition per key"},
        {"two per key via alias", Q, .kce = "#p = :a AND PK = :b", .names = "#p=PK", .want = 1, .substr = "one condition per key"},
        {"between not first", Q, .kce = "pk = :pk AND :a BETWEEN sk AND :b", .want = 1,
         .substr = "Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand"},
        {"begins_with not first", Q, .kce = "pk = :pk AND begins_with(:p, sk)", .want = 1, .substr = "begins_with operator must have the key attribute as its first operand"},
        {"multiple names", Q, .kce = "pk = sk", .want = 1, .substr = "Multiple attribute names used in one condition"},
        {"OR in known text of a template", Q, .kce = "|?| = :pk OR sk = :s", .want = 1, .substr = "KeyConditionExpression: OR"},
        {"schema: no partition key", Q, "Orders", .kce = "SK = :s", .schema = true, .want = 1,
         .substr = "Query condition missed key schema element: PK"},
        {"schema: pk not =", Q, "Orders", .kce = "begins_with(PK, :p)", .schema = true, .want = 1, .substr = "Query key condition not supported"},
        {"schema: non-key attribute", Q, "Orders", .kce = "PK = :p AND status = :s", .schema = true, .want = 1,
         .substr = "Query condition missed key schema element: SK"},
        {"schema: wrong index keys", Q, "Orders", .kce = "GSI1PK = :p", .schema = true, .want = 1,
         .substr = "missed key schema element: PK; the partition key of table 'Orders' is 'PK': write 'PK = :pk'; 'GSI1PK' is the partition key of index 'GSI1'"},
        {"schema: table key on index", Q, "Orders", "GSI1", .kce = "PK = :p", .schema = true, .want = 1, .substr = "missed key schema element: GSI1PK"},
        {"schema: hash-only table two conditions", Q, "Counters", .kce = "id = :i AND x > :v", .schema = true, .want = 1, .substr = "Query key condition not supported"},
        {"schema: type mismatch", Q, "Orders", .kce = "PK = :p", .values = ":p=N", .schema = true, .want = 1,
         .substr = "One or more parameter values were invalid: Condition parameter type does not match schema type"},
        {"three conditions", Q, "Orders", .kce = "PK = :p AND SK = :s AND x = :x", .schema = true, .want = 1, .substr = "Conditions can be of length 1 or 2 only"},
        /* not flagged */
        {"pk only", Q, .kce = "pk = :pk", .want = 0},
        {"value first", Q, .kce = ":v = pk", .want = 0},
        {"sk range", Q, .kce = "pk = :pk AND sk BETWEEN :a AND :b", .want = 0},
        /* begins_with on a Number sort key: wrong whatever the prefix's type (oracle gen-keycond-0059) */
        {"begins_with on a Number sort key", Q, "Orders", "LSI1", .kce = "PK = :p AND begins_with(LSI1SK, :s)",
         .values = ":p=S;:s=S", .schema = true, .want = 1,
         .substr = "Condition parameter type does not match schema type; begins_with does not work on the Number sort key 'LSI1SK'"},
        {"begins_with on a Number sort key, unknown prefix type", Q, "Orders", "LSI1",
         .kce = "PK = :p AND begins_with(LSI1SK, :s)", .values = ":p=S", .schema = true, .want = 1,
         .substr = "begins_with does not work on the Number sort key"},
        {"begins_with", Q, .kce = "pk = :pk AND begins_with(sk, :p)", .want = 0},
        {"parens", Q, .kce = "(pk = :pk) AND (sk >= :s)", .want = 0},
        {"schema ok", Q, "Orders", .kce = "PK = :p AND begins_with(SK, :s)", .values = ":p=S;:s=S", .schema = true, .want = 0},
        {"schema ok aliased", Q, "Orders", .kce = "#k = :p", .names = "#k=PK", .schema = true, .want = 0},
        {"schema ok gsi", Q, "Orders", "GSI1", .kce = "GSI1PK = :p AND GSI1SK > :s", .schema = true, .want = 0},
        {"schema ok lsi", Q, "Orders", "LSI1", .kce = "PK = :p AND LSI1SK < :n", .values = ":n=N", .schema = true, .want = 0},
        {"schema: a name no entry claims uses the default table", Q, "Other", .kce = "x = :p", .schema = true, .want = 1, .substr = "the partition key of table 'Other' is 'fid'"},
        {"schema: the default table by its own name", Q, "Fallback", .kce = "x = :p", .schema = true, .want = 1, .substr = "missed key schema element: fid"},
        {"schema: a table named at run time uses the default table", Q, "=", .kce = "x = :p", .schema = true, .want = 1, .substr = "the partition key of the default table is 'fid'"},
        {"schema: a run-time name that may spell a described table stays silent", Q, "|?|ders", .kce = "x = :p", .schema = true, .want = 0},
        {"schema: a run-time name no other entry fits uses the default table", Q, "dev-|?|", .kce = "x = :p", .schema = true, .want = 1, .substr = "missed key schema element: fid"},
        {"schema: the default table's key condition accepted", Q, "=", .kce = "fid = :p", .schema = true, .want = 0},
        {"schema: unknown index silent", Q, "Orders", "Nope", .kce = "x = :p", .schema = true, .want = 0},
        {"schema: hole silent", Q, "Orders", .kce = "|?| = :p", .schema = true, .want = 0},
        {"schema: unresolved alias silent", Q, "Orders", .kce = "#k = :p", .names = "*", .schema = true, .want = 0},
        {"hole may hold the key", Q, .kce = "|?| AND sk > :s", .want = 0},
        {"scan is not a query", S, .kce = "a OR b", .want = 0},
        {"syntax error left to expression-syntax", Q, .kce = "pk = = :v", .want = 0},
        {"dynamic", Q, .kce = "=", .want = 0},
};

static void test_key_condition_invalid_cases(void **state)
{
        (void)state;
        xrun("key-condition-invalid", cases, sizeof cases / sizeof cases[0]);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_key_condition_invalid_cases),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
