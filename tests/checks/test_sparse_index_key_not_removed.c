/* test_sparse_index_key_not_removed.c - check
 * `sparse-index-key-not-removed` on hand-built requests.
 * SPDX-License-Identifier: MIT
 */
#include "key_cases.h"

#define ID "sparse-index-key-not-removed"

/* UpdateItem of an order with update (and :shipped = SHIPPED, :d = a date). */
static struct dl_request *ship(struct dl_tb *tb, const char *update)
{
        struct dl_request *r =
                key_request(tb, DL_OP_UPDATE_ITEM, "Ecommerce", KEYS("PK=USER#{?}", "SK=ORDER#{?}"));
        dl_tb_set(tb, r, DL_FIELD_UPDATE_EXPRESSION, update);
        dl_tb_entry(tb, &r->values, ":shipped", "SHIPPED");
        dl_tb_entry(tb, &r->values, ":unshipped", "UNSHIPPED");
        dl_tb_entry(tb, &r->values, ":d", "{?}");
        dl_tb_add_name(tb, r, "#k", "GSI1PK");
        return r;
}

static void test_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        struct dl_request *r = ship(&tb, "SET #k = :shipped, ShippedAt = :d");
        assert_int_equal(key_run(&tb, ID, r), 1);
        last_says(&tb, "this UpdateItem sets 'GSI1PK' to 'SHIPPED', which is not a value of "
                       "sparse index 'GSI1' of table 'Ecommerce' ('UNSHIPPED'): the item stays "
                       "in the index");
        last_says(&tb, "remove the attribute instead (REMOVE in the UpdateExpression)");
        const struct dl_finding *f = tb.findings[0];
        assert_int_equal(f->loc.line, 10);
        assert_int_equal(f->related[0].loc.line, 20); /* the :shipped value */
        /* a PutItem that writes the order already shipped */
        struct dl_request *p = key_request(
                &tb, DL_OP_PUT_ITEM, "Ecommerce",
                KEYS("PK=USER#{?}", "SK=ORDER#{?}", "GSI1PK=SHIPPED", "GSI1SK={?}"));
        assert_int_equal(key_run(&tb, ID, p), 1);
        last_says(&tb, "leave the attribute out of the item instead");
        dl_tb_fini(&tb);
}

static void test_not_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        const char *const updates[] = {
                "SET ShippedAt = :d REMOVE GSI1PK, GSI1SK", /* the cure */
                "SET #k = :shipped REMOVE GSI1SK",          /* leaves the index all the same */
                "SET #k = :unshipped, GSI1SK = :d",         /* one of its values */
                "SET #k = :d",                              /* not known */
                "SET ShippedAt = :d",                       /* not touched */
        };
        for (size_t i = 0; i < sizeof updates / sizeof updates[0]; i++) {
                struct dl_request *r = ship(&tb, updates[i]);
                if (key_run(&tb, ID, r) != 0)
                        fail_msg("'%s' flagged: %s", updates[i],
                                 tb.findings[tb.n_findings - 1]->message);
        }
        /* no GSI1SK in the item: it never enters the index */
        struct dl_request *p = key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce",
                                           KEYS("PK=USER#{?}", "SK=ORDER#{?}", "GSI1PK=SHIPPED"));
        assert_int_equal(key_run(&tb, ID, p), 0);
        /* an index not declared sparse */
        struct dl_request *s = key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce",
                                           KEYS("PK=USER#{?}", "SK=O", "StatusPK=CLOSED"));
        assert_int_equal(key_run(&tb, ID, s), 0);
        /* reads change nothing */
        struct dl_request *g =
                key_request(&tb, DL_OP_GET_ITEM, "Ecommerce", KEYS("PK=U", "SK=O", "GSI1PK=X"));
        assert_int_equal(key_run(&tb, ID, g), 0);
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
