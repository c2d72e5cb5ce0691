/* test_unknown_index.c - check `unknown-index` on hand-built requests.
 * SPDX-License-Identifier: MIT
 */
#include "key_cases.h"

#include "core/log.h"

#define ID "unknown-index"

static size_t query(struct dl_tb *tb, enum dl_op op, const char *table, const char *index)
{
        struct dl_request *r = key_request(tb, op, table, NULL);
        if (index)
                dl_tb_set(tb, r, DL_FIELD_INDEX_NAME, index);
        else
                dl_tb_set_dynamic(r, DL_FIELD_INDEX_NAME);
        return key_run(tb, ID, r);
}

static void test_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        assert_int_equal(query(&tb, DL_OP_QUERY, "Ecommerce", "GSI2"), 1);
        assert_int_equal(tb.findings[0]->severity, DL_SEV_ERROR);
        last_says(&tb, "The table does not have the specified index: GSI2; table 'Ecommerce' has "
                       "the indexes 'GSI1', 'ByStatus' and 'LSI1'; did you mean 'GSI1'?");
        assert_int_equal(query(&tb, DL_OP_SCAN, "Ecommerce", "bystatus-index"), 1);
        last_says(&tb, "specified index: bystatus-index; table 'Ecommerce' has");
        /* a table with one index, and the default table for a run-time name */
        struct dl_table *o = dl_tb_table(&tb, "Orders", "PK", NULL);
        dl_tb_gsi(&tb, o, "ByCustomer", "Customer", NULL);
        assert_int_equal(query(&tb, DL_OP_QUERY, "Orders", "ByDate"), 1);
        last_says(&tb, "table 'Orders' has only the index 'ByCustomer'");
        o->is_default = true;
        assert_int_equal(query(&tb, DL_OP_QUERY, NULL, "ByDate"), 1);
        last_says(&tb, "a table named at run time has only the index 'ByCustomer'");
        dl_tb_fini(&tb);
}

static void test_not_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        assert_int_equal(query(&tb, DL_OP_QUERY, "Ecommerce", "GSI1"), 0);
        assert_int_equal(query(&tb, DL_OP_SCAN, "Ecommerce", "LSI1"), 0);
        assert_int_equal(query(&tb, DL_OP_QUERY, "Ecommerce", NULL), 0); /* run time */
        assert_int_equal(query(&tb, DL_OP_QUERY, "Unknown", "GSI2"), 0); /* not described */
        assert_int_equal(query(&tb, DL_OP_QUERY, NULL, "GSI2"), 0);      /* no default */
        assert_int_equal(query(&tb, DL_OP_GET_ITEM, "Ecommerce", "GSI2"), 0);
        /* Counters has no indexes: list: nothing is said of its indexes */
        struct dl_log log;
        dl_log_init(&log, NULL, true);
        tb.log = &log;
        assert_int_equal(query(&tb, DL_OP_QUERY, "Counters", "ByName"), 0);
        assert_int_equal(log.n, 1);
        assert_non_null(strstr(log.items[0].message, "has no 'indexes:'"));
        tb.log = NULL;
        dl_log_fini(&log);
        /* an index list computed in a template, and a CreateTable in code */
        struct dl_table_def def = {.format = "cloudformation", .indexes_unknown = true};
        tb.rules.tables[0].def = &def;
        assert_int_equal(query(&tb, DL_OP_QUERY, "Ecommerce", "GSI2"), 0);
        def.indexes_unknown = false;
        def.format = "code";
        assert_int_equal(query(&tb, DL_OP_QUERY, "Ecommerce", "GSI2"), 0);
        def.format = "cloudformation";
        assert_int_equal(query(&tb, DL_OP_QUERY, "Ecommerce", "GSI2"), 1);
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
