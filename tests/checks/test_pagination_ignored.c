/* test_pagination_ignored.c - check `pagination-ignored` on hand-built requests.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "builder.h"
#include "checks/check.h"

/* A Query whose items were read and whose LastEvaluatedKey was not. */
static struct dl_request *one_page(struct dl_tb *tb)
{
        struct dl_request *r =
                dl_tb_followed(tb, DL_OP_QUERY, DL_READ_SUCCESS | DL_READ_RESULT | DL_READ_ITEMS);
        dl_tb_set(tb, r, DL_FIELD_TABLE_NAME, "Orders");
        return r;
}

static void test_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = one_page(&tb);
        assert_int_equal(dl_tb_run(&tb, dl_catalogue_find("pagination-ignored"), r), 1);
        assert_int_equal(dl_tb_count(&tb, "never reads LastEvaluatedKey"), 1);
        dl_tb_fini(&tb);
}

static void test_not_flagged(void **state)
{
        (void)state;
        const struct dl_check *c = dl_catalogue_find("pagination-ignored");
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = one_page(&tb);
        r->response.reads |= DL_READ_CONTINUATION; /* a paginated loop */
        assert_int_equal(dl_tb_run(&tb, c, r), 0);
        r = one_page(&tb);
        r->response.state = DL_RESP_UNKNOWN; /* escaped: unknown, never "ignored" */
        assert_int_equal(dl_tb_run(&tb, c, r), 0);
        r = one_page(&tb);
        dl_tb_set(&tb, r, DL_FIELD_LIMIT, "10");
        assert_int_equal(dl_tb_run(&tb, c, r), 0);
        r = one_page(&tb);
        r->response.reads = DL_READ_SUCCESS; /* items never used */
        assert_int_equal(dl_tb_run(&tb, c, r), 0);
        r = dl_tb_followed(&tb, DL_OP_GET_ITEM, DL_READ_ITEMS);
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
