/* test_undeclared_access_pattern.c - check `undeclared-access-pattern` on hand-built requests.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "builder.h"
#include "checks/check.h"
#include "core/error.h"

static struct dl_access_pattern patterns[] = {
        {"user profile", "GetItem", "Shop", NULL, "= USER#<?>", "= PROFILE", {0}, {0}},
        {"pending", "Query", "Shop", "GSI1", "= PENDING", NULL, {0}, {0}},
        {"spelt wrong", "GetIten", NULL, NULL, NULL, NULL, {"rules.yaml", 9, 16}, {0}},
};

static struct dl_request *get(struct dl_tb *tb, const char *pk, const char *sk)
{
        dl_tb_table(tb, "Shop", "PK", "SK");
        tb->rules.access_patterns = patterns;
        tb->rules.n_access_patterns = 2;
        struct dl_request *r = dl_tb_request(tb, DL_OP_GET_ITEM);
        dl_tb_set(tb, r, DL_FIELD_TABLE_NAME, "Shop");
        dl_tb_entry(tb, &r->key, "PK", pk);
        dl_tb_entry(tb, &r->key, "SK", sk);
        return r;
}

static void test_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = get(&tb, "USER#{?}", "ADDRESSES");
        assert_int_equal(dl_tb_run(&tb, dl_catalogue_find("undeclared-access-pattern"), r), 1);
        assert_int_equal(dl_tb_count(&tb, "matches none of the 2 access patterns"), 1);
        dl_tb_fini(&tb);
}

static void test_not_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        const struct dl_check *c = dl_catalogue_find("undeclared-access-pattern");
        /* serves "user profile" */
        assert_int_equal(dl_tb_run(&tb, c, get(&tb, "USER#{digits}", "PROFILE")), 0);
        /* its partition key is not known: unsure, silent */
        assert_int_equal(dl_tb_run(&tb, c, get(&tb, NULL, "PROFILE")), 0);
        dl_tb_fini(&tb);
        /* nothing declared: silent */
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_SCAN);
        dl_tb_set(&tb, r, DL_FIELD_TABLE_NAME, "Shop");
        assert_int_equal(dl_tb_run(&tb, c, r), 0);
        dl_tb_fini(&tb);
}

static void test_off_by_default_and_bad_operation(void **state)
{
        (void)state;
        const struct dl_check *c = dl_catalogue_find("undeclared-access-pattern");
        assert_true(c->off_by_default);
        struct dl_tb tb;
        dl_tb_init(&tb);
        tb.rules.access_patterns = patterns;
        tb.rules.n_access_patterns = 3;
        struct dl_error err;
        dl_error_init(&err);
        assert_int_equal(dl_tb_configure(&tb, c, &err), DL_ERR_CONFIG);
        assert_non_null(strstr(err.message, "unknown operation 'GetIten' in access pattern"));
        dl_error_fini(&err);
        dl_tb_fini(&tb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_flagged),
                cmocka_unit_test(test_not_flagged),
                cmocka_unit_test(test_off_by_default_and_bad_operation),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
