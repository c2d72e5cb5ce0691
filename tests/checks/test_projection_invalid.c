/* test_projection_invalid.c - check `projection-invalid` on hand-built requests (cases that must be
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
        {"same path twice", G, .proj = "a, a", .want = 1,
         .substr = "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]"},
        {"oracle overlap", G, .proj = "b[1], b.a, #a.b, a", .names = "#a=a", .want = 1, .substr = "path one: [a, b], path two: [a]"},
        {"index overlap", G, .proj = "a, #a[1]", .names = "#a=a", .want = 1, .substr = "path one: [a], path two: [a, [1]]"},
        {"conflict only", S, .proj = "b[1], b.a", .want = 1, .substr = "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [b, [1]], path two: [b, a]"},
        {"key as a list", G, "Orders", .proj = "Id, SK[0]", .schema = true, .want = 1, .substr = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: SK"},
        {"lsi key as a map", S, "Orders", .proj = "LSI1SK.x", .schema = true, .want = 1, .substr = "IndexKey: LSI1SK"},
        /* not flagged */
        {"keys as scalars", G, "Orders", .proj = "PK, SK, GSI1PK", .schema = true, .want = 0},
        {"distinct", G, .proj = "a, b.c, b.d, l[0], l[1]", .want = 0},
        {"prefix is not overlap", G, .proj = "ab, abc", .want = 0},
        {"hole", G, .proj = "a, |?|", .want = 0},
        {"unresolved alias", G, .proj = "#a, a", .names = "*", .want = 0},
        {"syntax error", G, .proj = "a,,a", .want = 0},
};

static void test_projection_invalid_cases(void **state)
{
        (void)state;
        xrun("projection-invalid", cases, sizeof cases / sizeof cases[0]);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_projection_invalid_cases),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
