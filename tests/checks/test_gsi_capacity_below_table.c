/* test_gsi_capacity_below_table.c - check `gsi-capacity-below-table` on
 * hand-built table definitions.
 * SPDX-License-Identifier: MIT
 */
#include "tables_cases.h"

static size_t run(struct dl_tb *tb, const struct tc *c)
{
        return dl_tb_run_table(tb, dl_catalogue_find("gsi-capacity-below-table"), &c->t);
}

static void test_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct tc c;
        tc_init(&c);
        c.ixdef[0].capacity.write = dl_tb_def_num(5, 32);
        assert_int_equal(run(&tb, &c), 1);
        assert_int_equal(tb.findings[0]->severity, DL_SEV_WARNING);
        assert_int_equal(tb.findings[0]->loc.line, 32);
        assert_int_equal(dl_tb_count(&tb, "global secondary index 'G1' takes at most 5 writes "
                                          "per second (WriteCapacityUnits) but table 'Orders' "
                                          "takes 50 (WriteCapacityUnits)"),
                         1);
        /* the table scales to 200 writes; the index does not */
        tc_init(&c);
        c.def.capacity.max_write = dl_tb_def_num(200, 50);
        assert_int_equal(run(&tb, &c), 1);
        assert_int_equal(dl_tb_count(&tb, "takes 200 (MaxCapacity of its write scaling target)"),
                         1);
        dl_tb_fini(&tb);
}

static void test_not_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct tc c;
        tc_init(&c);
        assert_int_equal(run(&tb, &c), 0); /* equal */
        c.ixdef[0].capacity.write = dl_tb_def_num(5, 32);
        c.ixdef[0].capacity.max_write = dl_tb_def_num(80, 60); /* scales past the table */
        assert_int_equal(run(&tb, &c), 0);
        c.ixdef[0].capacity.max_write.state = DL_DEF_UNKNOWN; /* a parameter */
        assert_int_equal(run(&tb, &c), 0);
        tc_init(&c);
        c.ixdef[0].capacity.write = dl_tb_def_num(5, 32);
        c.def.billing = DL_BILLING_PAY_PER_REQUEST;
        assert_int_equal(run(&tb, &c), 0);
        c.def.billing = DL_BILLING_PROVISIONED;
        c.def.capacity.write.state = DL_DEF_UNKNOWN;
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
