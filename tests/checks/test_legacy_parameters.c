/* test_legacy_parameters.c - check `legacy-parameters` on hand-built
 * requests: a warning alone, an error when mixed with expressions.
 * SPDX-License-Identifier: MIT
 */
#include "expr_cases.h"

static size_t run(struct dl_tb *tb, struct dl_request *r)
{
        dl_model_normalize(&tb->arena, r);
        return dl_tb_run(tb, dl_catalogue_find("legacy-parameters"), r);
}

static void test_legacy_alone_is_a_warning(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_GET_ITEM);
        dl_tb_set(&tb, r, DL_FIELD_ATTRIBUTES_TO_GET, "a");
        assert_int_equal(run(&tb, r), 1);
        assert_int_equal(tb.findings[0]->severity, DL_SEV_WARNING);
        assert_int_equal(dl_tb_count(&tb, "AttributesToGet is a legacy parameter; use "
                                          "ProjectionExpression instead"), 1);
        struct dl_request *u = dl_tb_request(&tb, DL_OP_UPDATE_ITEM);
        dl_tb_set(&tb, u, DL_FIELD_ATTRIBUTE_UPDATES, "x");
        dl_tb_set(&tb, u, DL_FIELD_EXPECTED, "x");
        assert_int_equal(run(&tb, u), 2);
        dl_tb_fini(&tb);
}

static void test_mixed_is_an_error(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_QUERY);
        dl_tb_set(&tb, r, DL_FIELD_ATTRIBUTES_TO_GET, "a");
        dl_tb_set(&tb, r, DL_FIELD_QUERY_FILTER, "x");
        dl_tb_set(&tb, r, DL_FIELD_CONDITIONAL_OPERATOR, "OR");
        dl_tb_set(&tb, r, DL_FIELD_KEY_CONDITIONS, "x");
        dl_tb_set(&tb, r, DL_FIELD_FILTER_EXPRESSION, "a = :v");
        dl_tb_set(&tb, r, DL_FIELD_PROJECTION_EXPRESSION, "a");
        assert_int_equal(run(&tb, r), 1);
        assert_int_equal(tb.findings[0]->severity, DL_SEV_ERROR);
        /* KeyConditions may go with the other expressions (no KCE) */
        assert_int_equal(dl_tb_count(&tb, "Can not use both expression and non-expression "
                                          "parameters in the same request: Non-expression "
                                          "parameters: {AttributesToGet, QueryFilter, "
                                          "ConditionalOperator} Expression parameters: "
                                          "{ProjectionExpression, FilterExpression}"),
                         1);
        struct dl_request *d = dl_tb_request(&tb, DL_OP_DELETE_ITEM);
        dl_tb_set(&tb, d, DL_FIELD_EXPECTED, "x");
        dl_tb_set_dynamic(d, DL_FIELD_CONDITION_EXPRESSION);
        assert_int_equal(run(&tb, d), 1);
        assert_int_equal(dl_tb_count(&tb, "Non-expression parameters: {Expected} Expression "
                                          "parameters: {ConditionExpression}"),
                         1);
        dl_tb_fini(&tb);
}

static void test_not_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_QUERY);
        dl_tb_set(&tb, r, DL_FIELD_KEY_CONDITION_EXPRESSION, "pk = :pk");
        dl_tb_set(&tb, r, DL_FIELD_PROJECTION_EXPRESSION, "a");
        assert_int_equal(run(&tb, r), 0);
        /* escaped: legacy fields only possibly set */
        struct dl_request *e = dl_tb_request(&tb, DL_OP_SCAN);
        dl_tb_set(&tb, e, DL_FIELD_FILTER_EXPRESSION, "a = :v");
        dl_request_mark_escaped(e);
        assert_int_equal(run(&tb, e), 0);
        /* operations without legacy parameters */
        struct dl_request *t = dl_tb_request(&tb, DL_OP_DESCRIBE_TABLE);
        assert_int_equal(run(&tb, t), 0);
        dl_tb_fini(&tb);
}

static void test_previous_api_version_is_one_finding(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_GET_ITEM);
        r->api_version = "2011-12-05";
        dl_tb_set(&tb, r, DL_FIELD_HASH_KEY_ELEMENT, "");
        dl_tb_set(&tb, r, DL_FIELD_ATTRIBUTES_TO_GET, "");
        assert_int_equal(run(&tb, r), 1);
        assert_int_equal(tb.findings[0]->severity, DL_SEV_WARNING);
        assert_int_equal(dl_tb_count(&tb, "GetItem of DynamoDB's previous API version 2011-12-05 "
                                          "(it uses HashKeyElement, AttributesToGet): the current "
                                          "API, 2012-08-10, replaced its members"),
                         1);
        assert_int_equal(dl_tb_count(&tb, "send DynamoDB_20120810.GetItem"), 1);
        /* a member of a batch of that version: its container reports it */
        struct dl_request *m = dl_tb_request(&tb, DL_OP_PUT_ITEM);
        m->api_version = "2011-12-05";
        m->member = "PutRequest";
        assert_int_equal(run(&tb, m), 0);
        /* the same members on a current request: the per-member findings */
        struct dl_request *c = dl_tb_request(&tb, DL_OP_SCAN);
        dl_tb_set(&tb, c, DL_FIELD_SCAN_FILTER, "");
        assert_int_equal(run(&tb, c), 1);
        assert_int_equal(dl_tb_count(&tb, "ScanFilter is a legacy parameter"), 1);
        dl_tb_fini(&tb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_previous_api_version_is_one_finding),
                cmocka_unit_test(test_legacy_alone_is_a_warning),
                cmocka_unit_test(test_mixed_is_an_error),
                cmocka_unit_test(test_not_flagged),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
