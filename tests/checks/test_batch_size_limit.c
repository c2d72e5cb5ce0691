/* test_batch_size_limit.c - check `batch-size-limit` on hand-built requests.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "builder.h"
#include "checks/check.h"

/* req gets n members of op, shaped `shape`, from the array m (at least n). */
static void members(struct dl_request *req, struct dl_request *m, size_t n, enum dl_op op,
                    const char *shape, size_t keys)
{
        for (size_t i = 0; i < n; i++) {
                dl_request_init(&m[i], op);
                m[i].member = shape;
                m[i].n_keys = keys;
        }
        req->items = m;
        req->n_items = n;
}

static void test_flagged(void **state)
{
        (void)state;
        const struct dl_check *c = dl_catalogue_find("batch-size-limit");
        struct dl_request m[101];
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_BATCH_WRITE_ITEM);
        members(r, m, 26, DL_OP_PUT_ITEM, "PutRequest", 0);
        assert_int_equal(dl_tb_run(&tb, c, r), 1);
        assert_int_equal(dl_tb_count(&tb, "has 26 put and delete requests"), 1);
        r = dl_tb_request(&tb, DL_OP_TRANSACT_WRITE_ITEMS);
        members(r, m, 101, DL_OP_PUT_ITEM, "Put", 0);
        assert_int_equal(dl_tb_run(&tb, c, r), 1);
        r = dl_tb_request(&tb, DL_OP_BATCH_GET_ITEM); /* 2 tables, 60 keys each */
        members(r, m, 2, DL_OP_GET_ITEM, "KeysAndAttributes", 60);
        assert_int_equal(dl_tb_run(&tb, c, r), 1);
        assert_int_equal(dl_tb_count(&tb, "has 120 keys"), 1);
        r = dl_tb_request(&tb, DL_OP_BATCH_WRITE_ITEM); /* added in a loop */
        r->response.unbounded_add = (struct dl_loc){"t.cpp", 3, 9};
        assert_int_equal(dl_tb_run(&tb, c, r), 1);
        assert_int_equal(dl_tb_count(&tb, "added in a loop"), 1);
        dl_tb_fini(&tb);
}

static void test_not_flagged(void **state)
{
        (void)state;
        const struct dl_check *c = dl_catalogue_find("batch-size-limit");
        struct dl_request m[101];
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_BATCH_WRITE_ITEM);
        members(r, m, 25, DL_OP_PUT_ITEM, "PutRequest", 0);
        assert_int_equal(dl_tb_run(&tb, c, r), 0);
        r = dl_tb_request(&tb, DL_OP_TRANSACT_WRITE_ITEMS); /* 100 actions: the limit */
        members(r, m, 100, DL_OP_PUT_ITEM, "Put", 0);
        assert_int_equal(dl_tb_run(&tb, c, r), 0);
        r = dl_tb_request(&tb, DL_OP_BATCH_WRITE_ITEM); /* members not all seen */
        members(r, m, 30, DL_OP_PUT_ITEM, "PutRequest", 0);
        r->escaped = true;
        assert_int_equal(dl_tb_run(&tb, c, r), 0);
        r = dl_tb_request(&tb, DL_OP_BATCH_GET_ITEM); /* one table's keys unknown */
        members(r, m, 2, DL_OP_GET_ITEM, "KeysAndAttributes", 60);
        m[1].n_keys = 0;
        assert_int_equal(dl_tb_run(&tb, c, r), 0);
        r = dl_tb_request(&tb, DL_OP_EXECUTE_TRANSACTION);
        members(r, m, 101, DL_OP_EXECUTE_STATEMENT, "ParameterizedStatement", 0);
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
