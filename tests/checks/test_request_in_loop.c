/* test_request_in_loop.c - check `request-in-loop` on hand-built requests.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "builder.h"
#include "checks/check.h"

/* A request of op sent in a loop of kind, its key from the element or not. */
static struct dl_request *in_loop(struct dl_tb *tb, enum dl_op op, enum dl_loop_kind kind,
                                  bool from_element)
{
        struct dl_request *r = dl_tb_request(tb, op);
        dl_tb_set(tb, r, DL_FIELD_TABLE_NAME, "Users");
        r->response.in_loop = true;
        r->response.loop = kind;
        r->response.key_from_element = from_element;
        return r;
}

static void test_flagged(void **state)
{
        (void)state;
        const struct dl_check *c = dl_catalogue_find("request-in-loop");
        struct dl_tb tb;
        dl_tb_init(&tb);
        assert_int_equal(dl_tb_run(&tb, c, in_loop(&tb, DL_OP_GET_ITEM, DL_LOOP_ELEMENTS, true)),
                         1);
        assert_int_equal(dl_tb_count(&tb, "one BatchGetItem"), 1);
        assert_int_equal(dl_tb_run(&tb, c, in_loop(&tb, DL_OP_PUT_ITEM, DL_LOOP_ELEMENTS, true)),
                         1);
        assert_int_equal(dl_tb_run(&tb, c, in_loop(&tb, DL_OP_DELETE_ITEM, DL_LOOP_ELEMENTS, true)),
                         1);
        assert_int_equal(dl_tb_count(&tb, "one BatchWriteItem"), 2);
        dl_tb_fini(&tb);
}

static void test_not_flagged(void **state)
{
        (void)state;
        const struct dl_check *c = dl_catalogue_find("request-in-loop");
        struct dl_tb tb;
        dl_tb_init(&tb);
        /* a constant count (shards, retries), another loop, a key not from the element */
        assert_int_equal(dl_tb_run(&tb, c, in_loop(&tb, DL_OP_GET_ITEM, DL_LOOP_COUNTED, true)), 0);
        assert_int_equal(dl_tb_run(&tb, c, in_loop(&tb, DL_OP_GET_ITEM, DL_LOOP_OTHER, true)), 0);
        assert_int_equal(dl_tb_run(&tb, c, in_loop(&tb, DL_OP_GET_ITEM, DL_LOOP_ELEMENTS, false)),
                         0);
        /* no batch form: UpdateItem, a conditional put, a Query */
        assert_int_equal(dl_tb_run(&tb, c, in_loop(&tb, DL_OP_UPDATE_ITEM, DL_LOOP_ELEMENTS, true)),
                         0);
        struct dl_request *r = in_loop(&tb, DL_OP_PUT_ITEM, DL_LOOP_ELEMENTS, true);
        dl_tb_set(&tb, r, DL_FIELD_CONDITION_EXPRESSION, "attribute_not_exists(PK)");
        assert_int_equal(dl_tb_run(&tb, c, r), 0);
        assert_int_equal(dl_tb_run(&tb, c, in_loop(&tb, DL_OP_QUERY, DL_LOOP_ELEMENTS, true)), 0);
        r = in_loop(&tb, DL_OP_GET_ITEM, DL_LOOP_ELEMENTS, true);
        r->call_kind = DL_CALL_CALLABLE; /* concurrent */
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
