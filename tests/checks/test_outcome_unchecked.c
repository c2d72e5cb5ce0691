/* test_outcome_unchecked.c - check `outcome-unchecked` on hand-built requests.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "builder.h"
#include "checks/check.h"

static void test_flagged(void **state)
{
        (void)state;
        const struct dl_check *c = dl_catalogue_find("outcome-unchecked");
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_followed(&tb, DL_OP_GET_ITEM, DL_READ_RESULT);
        r->response.outcome = true;
        r->response.unchecked_use = (struct dl_loc){"t.cpp", 9, 5};
        assert_int_equal(dl_tb_run(&tb, c, r), 1);
        assert_int_equal(dl_tb_count(&tb, "'no such item'"), 1);
        /* unknown (escaped after the use) still reports the use */
        r = dl_tb_request(&tb, DL_OP_QUERY);
        r->response.unchecked_use = (struct dl_loc){"t.c", 4, 2};
        assert_int_equal(dl_tb_run(&tb, c, r), 1);
        assert_int_equal(dl_tb_count(&tb, "NULL or not filled"), 1);
        dl_tb_fini(&tb);
}

static void test_not_flagged(void **state)
{
        (void)state;
        const struct dl_check *c = dl_catalogue_find("outcome-unchecked");
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r =
                dl_tb_followed(&tb, DL_OP_GET_ITEM, DL_READ_SUCCESS | DL_READ_RESULT);
        r->response.outcome = true;
        assert_int_equal(dl_tb_run(&tb, c, r), 0);
        r = dl_tb_request(&tb, DL_OP_QUERY); /* not followed, no use known */
        assert_int_equal(dl_tb_run(&tb, c, r), 0);
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
