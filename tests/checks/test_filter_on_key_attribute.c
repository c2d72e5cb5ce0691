/* test_filter_on_key_attribute.c - check `filter-on-key-attribute` on hand-built requests (cases that must be
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
        {"sort key", Q, "Orders", .kce = "PK = :p", .filter = "SK = :s", .schema = true, .want = 1,
         .substr = "Filter Expression can only contain non-primary key attributes: Primary key attribute: SK"},
        {"partition key nested", Q, "Orders", .kce = "PK = :p", .filter = "attribute_exists(PK.c) AND c = :b", .schema = true, .want = 2, .substr = "Primary key attribute: PK"},
        {"scan: key as a map", S, "Orders", .filter = "SK.x = :v", .schema = true, .want = 1,
         .substr = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: SK"},
        {"scan: index key as a list", S, "Orders", .filter = "GSI1PK[0] = :v", .schema = true, .want = 1, .substr = "are not allowed: IndexKey: GSI1PK"},
        {"alias", Q, "Orders", .kce = "PK = :p", .filter = "#s > :s", .names = "#s=SK", .schema = true, .want = 1, .substr = "Primary key attribute: SK"},
        {"index keys", Q, "Orders", "GSI1", .kce = "GSI1PK = :p", .filter = "GSI1SK = :s", .schema = true, .want = 1, .substr = "Primary key attribute: GSI1SK"},
        {"lsi sort key", Q, "Orders", "LSI1", .kce = "PK = :p", .filter = "LSI1SK = :s", .schema = true, .want = 1, .substr = "LSI1SK"},
        {"both keys", Q, "Orders", .kce = "PK = :p", .filter = "SK = :s OR PK = :p", .schema = true, .want = 2, .substr = "Primary key attribute: PK"},
        {"partition key, no key condition", Q, "Orders", .filter = "PK = :p", .schema = true, .want = 1,
         .substr = "Primary key attribute: PK; the Query has no KeyConditionExpression: move this "
                   "condition into one (`PK = :pk`)"},
        {"sort key, no key condition", Q, "Orders", .filter = "SK = :s", .schema = true, .want = 1,
         .substr = "Primary key attribute: SK; the Query has no KeyConditionExpression: move the "
                   "condition on the sort key into one, next to the partition key (`PK = :pk AND"},
        {"index partition key, no key condition", Q, "Orders", "GSI1", .filter = "GSI1PK = :p", .schema = true, .want = 1,
         .substr = "(`GSI1PK = :pk`)"},
        {"partition key, key condition known", Q, "Orders", .kce = "PK = :p", .filter = "PK = :p", .schema = true, .want = 1,
         .substr = "Primary key attribute: PK; the partition key is already fixed by the key condition; remove this condition"},
        {"partition key, key condition set at run time", Q, "Orders", .kce = "=", .filter = "PK = :p", .schema = true, .want = 1,
         .substr = "Primary key attribute: PK; the partition key is already fixed by the key condition; remove this condition"},
        {"after a hole", Q, "Orders", .kce = "PK = :p", .filter = "|?| AND SK > :s", .schema = true, .want = 1},
        /* not flagged */
        {"non-key", Q, "Orders", .kce = "PK = :p", .filter = "status = :s", .schema = true, .want = 0},
        {"table sort key on gsi query", Q, "Orders", "GSI1", .kce = "GSI1PK = :p", .filter = "SK = :s", .schema = true, .want = 0},
        {"scan may filter on keys", S, "Orders", .filter = "SK = :s", .schema = true, .want = 0},
        {"no schema", Q, "Orders", .kce = "PK = :p", .filter = "SK = :s", .want = 0},
        {"dynamic table", Q, "=", .kce = "PK = :p", .filter = "SK = :s", .schema = true, .want = 0},
        {"unresolved alias", Q, "Orders", .kce = "PK = :p", .filter = "#s = :s", .names = "*", .schema = true, .want = 0},
};

static void test_filter_on_key_attribute_cases(void **state)
{
        (void)state;
        xrun("filter-on-key-attribute", cases, sizeof cases / sizeof cases[0]);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_filter_on_key_attribute_cases),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
