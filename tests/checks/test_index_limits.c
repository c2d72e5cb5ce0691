/* test_index_limits.c - check `index-limits` on hand-built table
 * definitions.
 * SPDX-License-Identifier: MIT
 */
#include "tables_cases.h"

static size_t run(struct dl_tb *tb, const struct tc *c)
{
        return dl_tb_run_table(tb, dl_catalogue_find("index-limits"), &c->t);
}

static void test_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct tc c;
        tc_init(&c);
        for (size_t i = 2; i < 7; i++) /* six local indexes */
                c.ix[i] = c.ix[1];
        c.t.n_indexes = 7;
        assert_int_equal(run(&tb, &c), 1);
        assert_int_equal(tb.findings[0]->loc.line, 39);
        assert_int_equal(dl_tb_count(&tb, "table 'Orders' has 6 local secondary indexes; "
                                          "DynamoDB allows 5"),
                         1);
        tc_init(&c);
        c.t.sort_key.name = NULL;
        assert_int_equal(run(&tb, &c), 1);
        assert_int_equal(dl_tb_count(&tb, "local secondary index 'L1' on table 'Orders', which "
                                          "has no sort key"),
                         1);
        tc_init(&c);
        c.ixdef[1].own_partition_key.name = "Other";
        assert_int_equal(run(&tb, &c), 1);
        assert_int_equal(dl_tb_count(&tb, "has partition key 'Other' but table 'Orders' has 'PK'"),
                         1);
        /* 101 projected attributes over two indexes */
        tc_init(&c);
        static const char *attrs[60];
        for (size_t i = 0; i < 60; i++)
                attrs[i] = "a";
        for (size_t i = 0; i < 2; i++) {
                c.ix[i].projection = DL_PROJ_INCLUDE;
                c.ix[i].non_key_attributes = attrs;
                c.ix[i].n_non_key_attributes = 60;
                c.ixdef[i].non_key_loc = (struct dl_loc){"test.yaml", 70 + (unsigned)i, 13};
        }
        assert_int_equal(run(&tb, &c), 1);
        assert_int_equal(tb.findings[3]->loc.line, 71);
        assert_int_equal(dl_tb_count(&tb, "project 120 non-key attributes by index 'L1'"), 1);
        dl_tb_fini(&tb);
}

static void test_not_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct tc c;
        tc_init(&c);
        assert_int_equal(run(&tb, &c), 0);
        for (size_t i = 2; i < 6; i++) /* five local indexes: the limit */
                c.ix[i] = c.ix[1];
        c.t.n_indexes = 6;
        assert_int_equal(run(&tb, &c), 0);
        tc_init(&c);
        c.ixdef[1].own_partition_key.name = NULL; /* not written (terraform) */
        assert_int_equal(run(&tb, &c), 0);
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
