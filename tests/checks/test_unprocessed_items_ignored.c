/* test_unprocessed_items_ignored.c - check `unprocessed-items-ignored` on hand-built requests.
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
        const struct dl_check *c = dl_catalogue_find("unprocessed-items-ignored");
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_followed(&tb, DL_OP_BATCH_WRITE_ITEM, DL_READ_SUCCESS);
        assert_int_equal(dl_tb_run(&tb, c, r), 1);
        r = dl_tb_followed(&tb, DL_OP_BATCH_GET_ITEM,
                           DL_READ_RESULT | DL_READ_ITEMS | DL_READ_RESPONSES);
        assert_int_equal(dl_tb_run(&tb, c, r), 1);
        r = dl_tb_followed(&tb, DL_OP_BATCH_EXECUTE_STATEMENT, 0);
        assert_int_equal(dl_tb_run(&tb, c, r), 1);
        assert_int_equal(dl_tb_count(&tb, "UnprocessedKeys"), 1);
        dl_tb_fini(&tb);
}

static void test_not_flagged(void **state)
{
        (void)state;
        const struct dl_check *c = dl_catalogue_find("unprocessed-items-ignored");
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_followed(&tb, DL_OP_BATCH_WRITE_ITEM, DL_READ_UNPROCESSED);
        assert_int_equal(dl_tb_run(&tb, c, r), 0);
        r = dl_tb_request(&tb, DL_OP_BATCH_WRITE_ITEM); /* not followed: unknown */
        assert_int_equal(dl_tb_run(&tb, c, r), 0);
        r = dl_tb_followed(&tb, DL_OP_BATCH_EXECUTE_STATEMENT, DL_READ_RESPONSES);
        assert_int_equal(dl_tb_run(&tb, c, r), 0);
        r = dl_tb_followed(&tb, DL_OP_PUT_ITEM, 0);
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
