/* test_billing_mode_conflict.c - check `billing-mode-conflict` on
 * hand-built table definitions.
 * SPDX-License-Identifier: MIT
 */
#include "tables_cases.h"

static size_t run(struct dl_tb *tb, const struct tc *c)
{
        return dl_tb_run_table(tb, dl_catalogue_find("billing-mode-conflict"), &c->t);
}

static void test_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct tc c;
        tc_init(&c);
        c.def.billing = DL_BILLING_PAY_PER_REQUEST; /* table and GSI set throughput */
        assert_int_equal(run(&tb, &c), 2);
        assert_int_equal(tb.findings[0]->loc.line, 7);
        assert_int_equal(tb.findings[1]->loc.line, 31);
        assert_int_equal(tb.findings[0]->severity, DL_SEV_ERROR);
        assert_int_equal(dl_tb_count(&tb, "table 'Orders' is PAY_PER_REQUEST but sets "
                                          "ProvisionedThroughput"),
                         1);
        tc_init(&c);
        c.def.capacity.state = DL_DEF_ABSENT;
        c.def.billing_written = DL_DEF_ABSENT;
        c.ixdef[0].capacity.state = DL_DEF_ABSENT;
        assert_int_equal(run(&tb, &c), 2);
        assert_int_equal(dl_tb_count(&tb, "table 'Orders' is PROVISIONED (the default) but has "
                                          "no ProvisionedThroughput"),
                         1);
        assert_int_equal(dl_tb_count(&tb, "index 'G1' of table 'Orders' has no "
                                          "ProvisionedThroughput but the table is PROVISIONED "
                                          "(the default)"),
                         1);
        assert_int_equal(tb.findings[2]->loc.line, 3);  /* the resource */
        assert_int_equal(tb.findings[3]->loc.line, 30); /* the index's entry */
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
        c.def.billing = DL_BILLING_UNKNOWN;
        c.def.capacity.state = DL_DEF_ABSENT;
        assert_int_equal(run(&tb, &c), 0);
        tc_init(&c);
        c.def.billing = DL_BILLING_PAY_PER_REQUEST;
        c.def.capacity.state = DL_DEF_UNKNOWN; /* !If ... AWS::NoValue */
        c.ixdef[0].capacity.state = DL_DEF_ABSENT;
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
