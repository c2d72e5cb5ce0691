/* test_consistent_read_on_gsi.c - check `consistent-read-on-gsi` on
 * hand-built requests.
 * SPDX-License-Identifier: MIT
 */
#include "expr_cases.h"

static size_t run(struct dl_tb *tb, enum dl_op op, const char *table, const char *index,
                  const char *consistent, bool schema)
{
        struct dl_request *r = dl_tb_request(tb, op);
        if (schema) {
                tb->rules.tables = test_tables;
                tb->rules.n_tables = sizeof test_tables / sizeof test_tables[0];
        } else {
                tb->rules.tables = NULL;
                tb->rules.n_tables = 0;
        }
        xset(tb, r, DL_FIELD_TABLE_NAME, table);
        xset(tb, r, DL_FIELD_INDEX_NAME, index);
        xset(tb, r, DL_FIELD_CONSISTENT_READ, consistent);
        dl_tb_set(tb, r, DL_FIELD_KEY_CONDITION_EXPRESSION, "GSI1PK = :p");
        dl_model_normalize(&tb->arena, r);
        return dl_tb_run(tb, dl_catalogue_find("consistent-read-on-gsi"), r);
}

static void test_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        assert_int_equal(run(&tb, DL_OP_QUERY, "Orders", "GSI1", "true", true), 1);
        assert_int_equal(tb.findings[0]->severity, DL_SEV_ERROR);
        assert_int_equal(dl_tb_count(&tb, "Consistent reads are not supported on global "
                                          "secondary indexes; 'GSI1' is a global secondary "
                                          "index of table 'Orders'"),
                         1);
        assert_int_equal(run(&tb, DL_OP_SCAN, "Orders", "GSI1", "true", true), 1);
        dl_tb_fini(&tb);
}

static void test_not_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        assert_int_equal(run(&tb, DL_OP_QUERY, "Orders", "LSI1", "true", true), 0);
        assert_int_equal(run(&tb, DL_OP_QUERY, "Orders", NULL, "true", true), 0);
        assert_int_equal(run(&tb, DL_OP_QUERY, "Orders", "GSI1", "false", true), 0);
        assert_int_equal(run(&tb, DL_OP_QUERY, "Orders", "GSI1", "=", true), 0);
        assert_int_equal(run(&tb, DL_OP_QUERY, "Orders", "GSI1", NULL, true), 0);
        assert_int_equal(run(&tb, DL_OP_QUERY, "Orders", "GSI1", "true", false), 0);
        assert_int_equal(run(&tb, DL_OP_QUERY, "=", "GSI1", "true", true), 0);
        assert_int_equal(run(&tb, DL_OP_QUERY, "Orders", "=", "true", true), 0);
        assert_int_equal(run(&tb, DL_OP_QUERY, "Orders", "Unknown", "true", true), 0);
        assert_int_equal(run(&tb, DL_OP_GET_ITEM, "Orders", "GSI1", "true", true), 0);
        assert_int_equal(tb.n_findings, 0);
        dl_tb_fini(&tb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_flagged),
                cmocka_unit_test(test_not_flagged),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
