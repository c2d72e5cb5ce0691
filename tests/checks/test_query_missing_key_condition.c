/* test_query_missing_key_condition.c - check `query-missing-key-condition`
 * on hand-built requests.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "builder.h"
#include "core/alloc.h"
#include "core/strbuf.h"
#include "model/fix.h"
#include "checks/check.h"

#include <stdlib.h>

static const struct dl_check *qmkc(void)
{
        return dl_catalogue_find("query-missing-key-condition");
}

static void test_query_without_key_condition_is_flagged(void **state)
{
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_QUERY);
        dl_tb_set(&tb, r, DL_FIELD_TABLE_NAME, "Orders");
        dl_tb_set(&tb, r, DL_FIELD_FILTER_EXPRESSION, "a = :a");
        assert_int_equal(dl_tb_run(&tb, qmkc(), r), 1);
        assert_int_equal(dl_tb_count(&tb, "Query of table 'Orders' never sets a "
                                          "KeyConditionExpression"), 1);
        assert_int_equal(tb.findings[0]->severity, DL_SEV_ERROR);
        dl_tb_fini(&tb);
}

static void test_message_names_the_partition_key_from_the_rules(void **state)
{
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_index gsi = {0};
        gsi.name = "GSI1";
        gsi.kind = DL_INDEX_GLOBAL;
        gsi.partition_key.name = "GSI1PK";
        struct dl_table orders = {0};
        orders.name = "Orders";
        orders.partition_key.name = "PK";
        orders.indexes = &gsi;
        orders.n_indexes = 1;
        tb.rules.tables = &orders;
        tb.rules.n_tables = 1;
        struct dl_request *r = dl_tb_request(&tb, DL_OP_QUERY);
        dl_tb_set(&tb, r, DL_FIELD_TABLE_NAME, "Orders");
        assert_int_equal(dl_tb_run(&tb, qmkc(), r), 1);
        /* a request no recognizer spells: DynamoDB's JSON member */
        assert_int_equal(dl_tb_count(&tb, "naming the partition key PK, e.g. "
                                          "\"KeyConditionExpression\": \"PK = :pk\""), 1);
        struct dl_request *g = dl_tb_request(&tb, DL_OP_QUERY);
        dl_tb_set(&tb, g, DL_FIELD_TABLE_NAME, "Orders");
        dl_tb_set(&tb, g, DL_FIELD_INDEX_NAME, "GSI1");
        dl_tb_set(&tb, g, DL_FIELD_FILTER_EXPRESSION, "GSI1PK = :v");
        assert_int_equal(dl_tb_run(&tb, qmkc(), g), 1);
        assert_int_equal(dl_tb_count(&tb, "partition key GSI1PK"), 1);
        assert_int_equal(dl_tb_count(&tb, "a FilterExpression does not replace it"), 1);
        tb.rules.tables = NULL;
        tb.rules.n_tables = 0;
        dl_tb_fini(&tb);
}

/* A client API's own spelling of the fix, as a recognizer provides it. */
static void spell_upper(struct dl_strbuf *sb, const struct dl_request *req,
                        const struct dl_fix *fix)
{
        (void)req;
        dl_strbuf_printf(sb, "SET %s TO %s", dl_field_api_name(fix->field), fix->value);
}

static void test_fix_is_spelled_by_the_request_recognizer(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_QUERY);
        r->spell_fix = spell_upper;
        assert_int_equal(dl_tb_run(&tb, qmkc(), r), 1);
        assert_int_equal(dl_tb_count(&tb, "e.g. SET KeyConditionExpression TO PK = :pk"), 1);
        assert_int_equal(dl_tb_count(&tb, "\"KeyConditionExpression\""), 0);
        dl_tb_fini(&tb);
}

static void test_query_with_key_condition_is_silent(void **state)
{
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_QUERY);
        dl_tb_set(&tb, r, DL_FIELD_KEY_CONDITION_EXPRESSION, "PK = :pk");
        assert_int_equal(dl_tb_run(&tb, qmkc(), r), 0);
        dl_tb_fini(&tb);
}

static void test_dynamic_key_condition_is_silent(void **state)
{
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_QUERY);
        dl_tb_set_dynamic(r, DL_FIELD_KEY_CONDITION_EXPRESSION);
        assert_int_equal(dl_tb_run(&tb, qmkc(), r), 0);
        dl_tb_fini(&tb);
}

static void test_legacy_key_conditions_count(void **state)
{
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_QUERY);
        dl_tb_set_dynamic(r, DL_FIELD_KEY_CONDITIONS);
        assert_int_equal(dl_tb_run(&tb, qmkc(), r), 0);
        dl_tb_fini(&tb);
}

static void test_escaped_request_is_silent(void **state)
{
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_QUERY);
        dl_request_mark_escaped(r);
        assert_int_equal(dl_tb_run(&tb, qmkc(), r), 0);
        dl_tb_fini(&tb);
}

static void test_scan_is_not_a_query(void **state)
{
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_SCAN);
        assert_int_equal(dl_tb_run(&tb, qmkc(), r), 0);
        dl_tb_fini(&tb);
}

/* One request object sent again by its function (a page loop, a retry) is
 * one finding, the second send related; another table (another message), a
 * request sent by another function or one with no known declaration is its
 * own finding (dl_report_fold_resends, issue 28). */
static void test_request_sent_again_is_one_finding(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r[5];
        const char *tables[] = {"Orders", "Orders", "Users", "Orders", "Orders"};
        for (unsigned i = 0; i < 5; i++) {
                r[i] = dl_tb_request(&tb, DL_OP_QUERY);
                dl_tb_set(&tb, r[i], DL_FIELD_TABLE_NAME, tables[i]);
                r[i]->call = (struct dl_loc){"t.cpp", 20 + i, 9};
                r[i]->request_decl = (struct dl_loc){"t.cpp", 5, 9};
        }
        r[3]->function = "other";
        r[4]->request_decl = (struct dl_loc){0};
        const struct dl_request *all[] = {r[0], r[1], r[2], r[3], r[4]};
        assert_int_equal(dl_tb_run_unit(&tb, qmkc(), all, 5), 4);
        assert_int_equal(tb.findings[0]->loc.line, 20);
        assert_int_equal(tb.findings[0]->n_related, 1);
        assert_int_equal(tb.findings[0]->related[0].loc.line, 21);
        assert_string_equal(tb.findings[0]->related[0].message,
                            "the same Query request sent again");
        assert_int_equal(tb.findings[1]->loc.line, 22);
        assert_int_equal(tb.findings[1]->n_related, 0);
        assert_int_equal(tb.findings[2]->loc.line, 23);
        assert_int_equal(tb.findings[3]->loc.line, 24);
        dl_tb_fini(&tb);
}

/* Sends at one call (one request reached twice) are not sent again; the
 * first send elsewhere is the earlier one (dl_report_fold_resends). */
static void test_sent_again_at_another_call_only(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r[3];
        const unsigned calls[] = {20, 20, 21};
        for (unsigned i = 0; i < 3; i++) {
                r[i] = dl_tb_request(&tb, DL_OP_QUERY);
                dl_tb_set(&tb, r[i], DL_FIELD_TABLE_NAME, "Orders");
                r[i]->call = (struct dl_loc){"t.cpp", calls[i], 9};
                r[i]->request_decl = (struct dl_loc){"t.cpp", 5, 9};
        }
        const struct dl_request *all[] = {r[0], r[1], r[2]};
        assert_int_equal(dl_tb_run_unit(&tb, qmkc(), all, 3), 2);
        assert_int_equal(tb.findings[0]->loc.line, 20);
        assert_int_equal(tb.findings[0]->n_related, 1);
        assert_int_equal(tb.findings[0]->related[0].loc.line, 21);
        assert_int_equal(tb.findings[1]->loc.line, 20);
        assert_int_equal(tb.findings[1]->n_related, 0);
        dl_tb_fini(&tb);
}

/* 20,000 sends of one request object: one finding, the others related.
 * The fold is linear (with a scan of the earlier sends per send, this
 * test program took 1.2 s of CPU; now 0.26 s). */
static void test_many_sends(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        enum { N = 20000 };
        const struct dl_request **all = dl_xcalloc(N, sizeof *all);
        for (unsigned i = 0; i < N; i++) {
                struct dl_request *r = dl_tb_request(&tb, DL_OP_QUERY);
                dl_tb_set(&tb, r, DL_FIELD_TABLE_NAME, "Orders");
                r->call = (struct dl_loc){"t.cpp", 20 + i, 9};
                r->request_decl = (struct dl_loc){"t.cpp", 5, 9};
                all[i] = r;
        }
        assert_int_equal(dl_tb_run_unit(&tb, qmkc(), all, N), 1);
        assert_int_equal(tb.findings[0]->n_related, N - 1);
        free(all);
        dl_tb_fini(&tb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_query_without_key_condition_is_flagged),
                cmocka_unit_test(test_sent_again_at_another_call_only),
                cmocka_unit_test(test_many_sends),
                cmocka_unit_test(test_message_names_the_partition_key_from_the_rules),
                cmocka_unit_test(test_fix_is_spelled_by_the_request_recognizer),
                cmocka_unit_test(test_query_with_key_condition_is_silent),
                cmocka_unit_test(test_dynamic_key_condition_is_silent),
                cmocka_unit_test(test_legacy_key_conditions_count),
                cmocka_unit_test(test_escaped_request_is_silent),
                cmocka_unit_test(test_scan_is_not_a_query),
                cmocka_unit_test(test_request_sent_again_is_one_finding),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
