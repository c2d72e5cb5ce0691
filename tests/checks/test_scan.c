/* test_scan.c - check `scan` on hand-built requests.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "builder.h"
#include "checks/check.h"

static const struct dl_check *scan(void)
{
        return dl_catalogue_find("scan");
}

static void test_scan_with_known_table_names_it(void **state)
{
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_SCAN);
        dl_tb_set(&tb, r, DL_FIELD_TABLE_NAME, "Orders");
        assert_int_equal(dl_tb_run(&tb, scan(), r), 1);
        assert_int_equal(dl_tb_count(&tb, "Scan of table 'Orders' reads every item of the table"), 1);
        assert_string_equal(tb.findings[0]->check_id, "scan");
        assert_int_equal(tb.findings[0]->severity, DL_SEV_WARNING);
        assert_int_equal(tb.findings[0]->loc.line, 10);
        dl_tb_fini(&tb);
}

static void test_scan_of_index_and_parallel(void **state)
{
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_SCAN);
        dl_tb_set(&tb, r, DL_FIELD_TABLE_NAME, "Orders");
        dl_tb_set(&tb, r, DL_FIELD_INDEX_NAME, "GSI1");
        dl_tb_set(&tb, r, DL_FIELD_TOTAL_SEGMENTS, "4");
        assert_int_equal(dl_tb_run(&tb, scan(), r), 1);
        assert_int_equal(dl_tb_count(&tb, "parallel Scan of table 'Orders' index 'GSI1' reads "
                                          "every item of the index"), 1);
        dl_tb_fini(&tb);
}

static void test_scan_with_dynamic_table(void **state)
{
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_SCAN);
        dl_tb_set_dynamic(r, DL_FIELD_TABLE_NAME);
        assert_int_equal(dl_tb_run(&tb, scan(), r), 1);
        assert_int_equal(dl_tb_count(&tb, "a table named at run time"), 1);
        dl_tb_fini(&tb);
}

static void test_escaped_scan_does_not_invent_an_index(void **state)
{
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_SCAN);
        dl_tb_set(&tb, r, DL_FIELD_TABLE_NAME, "Orders");
        dl_request_mark_escaped(r);
        assert_int_equal(dl_tb_run(&tb, scan(), r), 1);
        assert_int_equal(dl_tb_count(&tb, "Scan of table 'Orders' reads every item of the "
                                          "table or index"), 1);
        assert_int_equal(dl_tb_count(&tb, "index named at run time"), 0);
        struct dl_request *d = dl_tb_request(&tb, DL_OP_SCAN);
        dl_tb_set(&tb, d, DL_FIELD_TABLE_NAME, "Orders");
        dl_tb_set_dynamic(d, DL_FIELD_INDEX_NAME);
        assert_int_equal(dl_tb_run(&tb, scan(), d), 1);
        assert_int_equal(dl_tb_count(&tb, "Scan of table 'Orders' (an index named at run time) "
                                          "reads every item of the index"), 1);
        dl_tb_fini(&tb);
}

static void test_query_and_get_item_are_not_scans(void **state)
{
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *q = dl_tb_request(&tb, DL_OP_QUERY);
        struct dl_request *g = dl_tb_request(&tb, DL_OP_GET_ITEM);
        assert_int_equal(dl_tb_run(&tb, scan(), q), 0);
        assert_int_equal(dl_tb_run(&tb, scan(), g), 0);
        dl_tb_fini(&tb);
}

/* A loop that follows LastEvaluatedKey sends one request object once before
 * the loop and again in it: one finding, the second send related (issue 28);
 * another object, or the same object with another table, is its own. */
static void test_same_request_sent_again_is_one_finding(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r[4];
        const char *tables[] = {"Orders", "Orders", "Users", "Orders"};
        for (unsigned i = 0; i < 4; i++) {
                r[i] = dl_tb_request(&tb, DL_OP_SCAN);
                dl_tb_set(&tb, r[i], DL_FIELD_TABLE_NAME, tables[i]);
                r[i]->call.line = 10 + i;
                /* r[3] is another request object */
                r[i]->request_decl = (struct dl_loc){"t.cpp", i == 3 ? 8 : 5, 9};
        }
        const struct dl_request *all[] = {r[0], r[1], r[2], r[3]};
        assert_int_equal(dl_tb_run_unit(&tb, scan(), all, 4), 3);
        assert_int_equal(tb.findings[0]->loc.line, 10);
        assert_int_equal(tb.findings[0]->n_related, 1);
        assert_int_equal(tb.findings[0]->related[0].loc.line, 11);
        assert_string_equal(tb.findings[0]->related[0].message, "the same Scan request sent again");
        assert_int_equal(tb.findings[1]->loc.line, 12);
        assert_int_equal(tb.findings[2]->loc.line, 13);
        /* no declaration known: never taken for the same object */
        struct dl_tb tb2;
        dl_tb_init(&tb2);
        struct dl_request *a = dl_tb_request(&tb2, DL_OP_SCAN),
                          *b = dl_tb_request(&tb2, DL_OP_SCAN);
        const struct dl_request *two[] = {a, b};
        assert_int_equal(dl_tb_run_unit(&tb2, scan(), two, 2), 2);
        dl_tb_fini(&tb2);
        dl_tb_fini(&tb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_scan_with_known_table_names_it),
                cmocka_unit_test(test_scan_of_index_and_parallel),
                cmocka_unit_test(test_scan_with_dynamic_table),
                cmocka_unit_test(test_escaped_scan_does_not_invent_an_index),
                cmocka_unit_test(test_query_and_get_item_are_not_scans),
                cmocka_unit_test(test_same_request_sent_again_is_one_finding),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
