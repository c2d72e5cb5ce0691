/* test_constant_partition_key.c - check `constant-partition-key` on
 * hand-built requests with typed holes.
 * SPDX-License-Identifier: MIT
 */
#include "key_cases.h"

#include "core/error.h"

#define ID "constant-partition-key"

static void test_gsi_constant_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        struct dl_request *r = key_request(
                &tb, DL_OP_PUT_ITEM, "Ecommerce",
                KEYS("PK=USER#{?}", "SK=ORDER#{?}", "GSI1PK=UNSHIPPED", "GSI1SK="));
        assert_int_equal(key_run(&tb, ID, r), 1);
        last_says(&tb, "partition key 'GSI1PK' of index 'GSI1' of table 'Ecommerce' is the "
                       "constant 'UNSHIPPED' for every item this PutItem writes");
        last_says(&tb, "'UNSHIPPED#<shard>'");
        const struct dl_finding *f = tb.findings[0];
        assert_int_equal(f->severity, DL_SEV_WARNING);
        assert_int_equal(f->loc.line, 10); /* the call */
        assert_int_equal(f->n_related, 1); /* where the value is built */
        assert_int_equal(f->related[0].loc.line, 20);
        dl_tb_fini(&tb);
}

static void test_table_constant_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        /* every event under one partition key, told apart by the sort key */
        struct dl_request *r =
                key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=EVENTS", "SK=EVENT#{digits}"));
        assert_int_equal(key_run(&tb, ID, r), 1);
        last_says(&tb, "partition key 'PK' of table 'Ecommerce' is the constant 'EVENTS'");
        /* an UpdateItem upserts: its Key counts too */
        r = key_request(&tb, DL_OP_UPDATE_ITEM, "Ecommerce", KEYS("PK=EVENTS", "SK={date:%FT%T}"));
        dl_tb_set(&tb, r, DL_FIELD_UPDATE_EXPRESSION, "SET n = :n");
        dl_tb_entry(&tb, &r->values, ":n", "1");
        assert_int_equal(key_run(&tb, ID, r), 1);
        last_says(&tb, "this UpdateItem writes");
        dl_tb_fini(&tb);
}

static void test_update_sets_gsi_key(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        struct dl_request *r =
                key_request(&tb, DL_OP_UPDATE_ITEM, "Ecommerce", KEYS("PK=USER#{?}", "SK=P"));
        dl_tb_set(&tb, r, DL_FIELD_UPDATE_EXPRESSION, "SET #s = :all");
        dl_tb_add_name(&tb, r, "#s", "StatusPK");
        dl_tb_entry(&tb, &r->values, ":all", "ALL");
        assert_int_equal(key_run(&tb, ID, r), 1);
        last_says(&tb, "partition key 'StatusPK' of index 'ByStatus' of table 'Ecommerce' is "
                       "the constant 'ALL'");
        /* a transaction member is judged like the request it behaves as */
        struct dl_request *m = key_request(
                &tb, DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=U#{?}", "SK=X", "StatusPK=ALL"));
        m->member = "Put";
        assert_int_equal(key_run(&tb, ID, m), 1);
        dl_tb_fini(&tb);
}

static void test_not_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        struct {
                enum dl_op op;
                const char *table;
                const char *const *pairs;
        } cases[] = {
                /* a singleton: one configuration item */
                {DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=CONFIG", "SK=GLOBAL")},
                {DL_OP_PUT_ITEM, "Counters", KEYS("PK=orders")},
                /* nothing known of the sort key: it may be a constant too */
                {DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=EVENTS", "SK=")},
                /* sharded, or not a constant at all */
                {DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=EVENTS#{shard:8}", "SK={?}")},
                {DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=USER#{?}", "SK={?}")},
                {DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=USER#{?}", "SK={?}", "GSI1PK={?}",
                                                   "GSI1SK={?}")},
                /* the item does not enter GSI1: no GSI1SK */
                {DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=USER#{?}", "SK={?}", "GSI1PK=UNSHIPPED")},
                /* a constant outside GSI1's sparse values: the sparse check's */
                {DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=USER#{?}", "SK={?}", "GSI1PK=SHIPPED",
                                                   "GSI1SK={?}")},
                /* the table's key is one constant: a singleton in the index too */
                {DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=A", "SK=B", "StatusPK=ALL")},
                /* reads and deletes put no item anywhere */
                {DL_OP_GET_ITEM, "Ecommerce", KEYS("PK=EVENTS", "SK={?}")},
                {DL_OP_DELETE_ITEM, "Ecommerce", KEYS("PK=EVENTS", "SK={?}")},
                /* not described, or named at run time with no default table */
                {DL_OP_PUT_ITEM, "Other", KEYS("PK=EVENTS", "SK={?}")},
                {DL_OP_PUT_ITEM, NULL, KEYS("PK=EVENTS", "SK={?}")},
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                struct dl_request *r = key_request(&tb, cases[i].op, cases[i].table, cases[i].pairs);
                if (key_run(&tb, ID, r) != 0)
                        fail_msg("case %zu: flagged: %s", i,
                                 tb.findings[tb.n_findings - 1]->message);
        }
        /* an item ddblint saw only in part: still judged on what it saw */
        struct dl_request *r =
                key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=EVENTS", "SK=E#{?}"));
        r->item.kind = DL_VAL_DYNAMIC;
        assert_int_equal(key_run(&tb, ID, r), 1);
        dl_tb_fini(&tb);
}

static void test_allow(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        dl_tb_option(&tb, ID, "allow",
                     dl_tb_opt_seq(&tb, 2, dl_tb_opt_scalar(&tb, "^AUDIT$"),
                                   dl_tb_opt_scalar(&tb, "^UNSHIPPED$")));
        struct dl_request *r = key_request(
                &tb, DL_OP_PUT_ITEM, "Ecommerce",
                KEYS("PK=USER#{?}", "SK=ORDER#{?}", "GSI1PK=UNSHIPPED", "GSI1SK={?}"));
        assert_int_equal(key_run(&tb, ID, r), 0);
        r = key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=AUDITS", "SK=E#{?}"));
        assert_int_equal(key_run(&tb, ID, r), 1);
        dl_tb_fini(&tb);
}

static void test_allow_errors(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        const struct dl_check *c = dl_catalogue_find(ID);
        struct dl_error err;
        dl_error_init(&err);
        dl_tb_option(&tb, ID, "allow", dl_tb_opt_seq(&tb, 1, dl_tb_opt_scalar(&tb, "a(b")));
        assert_int_equal(dl_tb_configure(&tb, c, &err), DL_ERR_CONFIG);
        assert_non_null(strstr(err.message, "missing closing parenthesis at offset 3"));
        assert_int_equal(err.col, 5 + 3); /* at the offending character */
        dl_error_fini(&err);
        dl_tb_fini(&tb);
        dl_tb_init(&tb);
        dl_error_init(&err);
        dl_tb_option(&tb, ID, "allow", dl_tb_opt_map(&tb, 1, "x", dl_tb_opt_scalar(&tb, "y")));
        assert_int_equal(dl_tb_configure(&tb, c, &err), DL_ERR_CONFIG);
        assert_non_null(strstr(err.message, "expected a sequence of PCRE2 patterns for option "
                                            "'allow' of check 'constant-partition-key', got a "
                                            "mapping"));
        dl_error_fini(&err);
        dl_tb_fini(&tb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_gsi_constant_flagged),
                cmocka_unit_test(test_table_constant_flagged),
                cmocka_unit_test(test_update_sets_gsi_key),
                cmocka_unit_test(test_not_flagged),
                cmocka_unit_test(test_allow),
                cmocka_unit_test(test_allow_errors),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
