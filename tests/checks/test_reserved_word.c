/* test_reserved_word.c - check `reserved-word` on hand-built requests (cases that must be
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
        {"status in kce", Q, .kce = "status = :s", .want = 1,
         .substr = "Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: status; alias it: '#status' with ExpressionAttributeNames {\"#status\": \"status\"}"},
        {"nested name", S, .filter = "a.name = :n", .want = 1, .substr = "reserved keyword: name"},
        {"case insensitive", S, .filter = "STATUS = :s", .want = 1, .substr = "reserved keyword: STATUS"},
        {"projection", G, .proj = "id, data, count", .want = 2, .substr = "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: data"},
        {"update", U, .update = "SET #a = :v REMOVE comment", .want = 1, .substr = "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: comment"},
        {"condition", P, .cond = "attribute_not_exists(size)", .want = 1, .substr = "Invalid ConditionExpression"},
        {"twice in one expression", S, .filter = "status = :a OR status = :b", .want = 1},
        {"after a hole", S, .filter = "|?| AND date > :d", .want = 1, .substr = "reserved keyword: date"},
        {"in a path continuing into a hole", S, .filter = "timestamp.|?| = :v", .want = 1, .substr = "timestamp"},
        /* not flagged */
        {"aliased", Q, .kce = "#status = :s", .names = "#status=status", .want = 0},
        {"keywords and functions", S, .filter = "a BETWEEN :a AND :b OR NOT size(b) IN (:c)", .want = 0},
        {"update keywords", U, .update = "set a = :v remove b add c :n delete d :s", .want = 0},
        {"absorbed into hole", S, .filter = "stat|?| = :v", .want = 0},
        {"function name before hole", S, .filter = "size |?|", .want = 0},
        {"plain names", S, .filter = "statusCode = :s AND nameX = :n", .want = 0},
        {"dynamic", S, .filter = "=", .want = 0},
};

static void test_reserved_word_cases(void **state)
{
        (void)state;
        xrun("reserved-word", cases, sizeof cases / sizeof cases[0]);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_reserved_word_cases),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
