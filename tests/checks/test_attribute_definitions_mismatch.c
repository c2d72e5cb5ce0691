/* test_attribute_definitions_mismatch.c - check
 * `attribute-definitions-mismatch` on hand-built table definitions.
 * SPDX-License-Identifier: MIT
 */
#include "tables_cases.h"

static size_t run(struct dl_tb *tb, const struct tc *c)
{
        return dl_tb_run_table(tb, dl_catalogue_find("attribute-definitions-mismatch"), &c->t);
}

static void test_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct tc c;
        tc_init(&c);
        c.attrs[4] = (struct dl_def_attr){"Status", "S", {"test.yaml", 14, 26}};
        c.def.n_attrs = 5;
        assert_int_equal(run(&tb, &c), 1);
        assert_int_equal(tb.findings[0]->loc.line, 14);
        assert_int_equal(tb.findings[0]->loc.col, 26);
        assert_int_equal(dl_tb_count(&tb, "attribute 'Status' is defined in AttributeDefinitions "
                                          "of table 'Orders' but no key schema"),
                         1);
        tc_init(&c);
        c.def.n_attrs = 3; /* LSI1SK undefined */
        assert_int_equal(run(&tb, &c), 1);
        assert_int_equal(tb.findings[1]->loc.line, 23);
        assert_int_equal(dl_tb_count(&tb, "key attribute 'LSI1SK' of table 'Orders' has no entry"),
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
        assert_int_equal(run(&tb, &c), 0);
        c.def.attrs_state = DL_DEF_UNKNOWN; /* computed, or a SimpleTable */
        c.def.n_attrs = 1;
        assert_int_equal(run(&tb, &c), 0);
        /* a key named twice (the LSI repeats the table's partition key) */
        tc_init(&c);
        c.keys[4] = c.keys[0];
        c.def.n_keys = 5;
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
