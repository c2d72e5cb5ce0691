/* test_key_schema_mismatch.c - check `key-schema-mismatch` on hand-built
 * requests.
 * SPDX-License-Identifier: MIT
 */
#include "key_cases.h"

#include "core/log.h"

#define ID "key-schema-mismatch"

static void test_key_lacks_or_holds(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        struct dl_request *r = key_request(&tb, DL_OP_GET_ITEM, "Ecommerce", KEYS("PK=USER#{?}"));
        assert_int_equal(key_run(&tb, ID, r), 1);
        assert_int_equal(tb.findings[0]->severity, DL_SEV_ERROR);
        last_says(&tb, "The provided key element does not match the schema; the GetItem Key of "
                       "table 'Ecommerce' lacks its sort key 'SK' (the key is the partition key "
                       "'PK' (S) and sort key 'SK' (S))");
        r = key_request(&tb, DL_OP_DELETE_ITEM, "Ecommerce",
                        KEYS("PK=USER#{?}", "SK=METADATA", "GSI1PK=UNSHIPPED"));
        assert_int_equal(key_run(&tb, ID, r), 1);
        last_says(&tb, "the DeleteItem Key holds 'GSI1PK', which is not a key attribute");
        r = key_request(&tb, DL_OP_UPDATE_ITEM, "Counters", KEYS("PK=C#1", "SK=x"));
        assert_int_equal(key_run(&tb, ID, r), 1);
        last_says(&tb, "the UpdateItem Key holds 'SK', which is not a key attribute of table "
                       "'Counters' (the key is the partition key 'PK' (S))");
        r = key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce", KEYS("SK=METADATA", "Name=x"));
        assert_int_equal(key_run(&tb, ID, r), 1);
        last_says(&tb, "One or more parameter values were invalid: Missing the key PK in the "
                       "item; the PutItem Item of table 'Ecommerce' lacks its partition key 'PK'");
        /* a member: its shape names it */
        r = key_request(&tb, DL_OP_DELETE_ITEM, "Ecommerce", KEYS("PK=USER#{?}"));
        r->member = "DeleteRequest";
        assert_int_equal(key_run(&tb, ID, r), 1);
        last_says(&tb, "the BatchWriteItem DeleteRequest Key of table 'Ecommerce' lacks");
        r = key_request(&tb, DL_OP_TRANSACT_WRITE_ITEMS, "Ecommerce", KEYS("SK=METADATA"));
        r->member = "ConditionCheck";
        assert_int_equal(key_run(&tb, ID, r), 1);
        last_says(&tb, "the TransactWriteItems ConditionCheck Key of table 'Ecommerce' lacks its "
                       "partition key 'PK'");
        dl_tb_fini(&tb);
}

static void test_types(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_table *t = dl_tb_table(&tb, "Audit", "Id", "At");
        t->sort_key.type = DL_KEY_N;
        struct dl_request *r = key_request(&tb, DL_OP_GET_ITEM, "Audit", KEYS("Id=a", "At=1"));
        assert_int_equal(key_run(&tb, ID, r), 1); /* dl_tb_entry makes an S */
        last_says(&tb, "the GetItem Key gives sort key 'At' of table 'Audit' a value of type S, "
                       "but its type is N");
        r = key_request(&tb, DL_OP_PUT_ITEM, "Audit", KEYS("Id=a", "At=1"));
        assert_int_equal(key_run(&tb, ID, r), 1);
        last_says(&tb, "Type mismatch for key At expected: N actual: S");
        r->item.items[1].type = DL_ATTR_N;
        assert_int_equal(key_run(&tb, ID, r), 0);
        r->item.items[1].type = DL_ATTR_UNKNOWN; /* built where ddblint cannot see */
        assert_int_equal(key_run(&tb, ID, r), 0);
        r->item.items[1].type = DL_ATTR_S;
        t->sort_key.untyped = true; /* no AttributeDefinitions entry */
        assert_int_equal(key_run(&tb, ID, r), 0);
        dl_tb_fini(&tb);
}

static void test_not_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        struct dl_log log;
        dl_log_init(&log, NULL, true);
        tb.log = &log;
        assert_int_equal(key_run(&tb, ID,
                                 key_request(&tb, DL_OP_GET_ITEM, "Ecommerce",
                                             KEYS("PK=USER#{?}", "SK=METADATA"))),
                         0);
        assert_int_equal(key_run(&tb, ID,
                                 key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce",
                                             KEYS("PK=a", "SK=b", "GSI1PK=c"))),
                         0);
        assert_int_equal(
                key_run(&tb, ID, key_request(&tb, DL_OP_GET_ITEM, "Unknown", KEYS("Id=a"))), 0);
        assert_int_equal(key_run(&tb, ID, key_request(&tb, DL_OP_QUERY, "Ecommerce", NULL)), 0);
        assert_int_equal(log.n, 0);
        /* a map ddblint could not follow: silent, and --verbose says why */
        struct dl_request *r = key_request(&tb, DL_OP_GET_ITEM, "Ecommerce", KEYS("PK=a"));
        r->key.kind = DL_VAL_DYNAMIC;
        assert_int_equal(key_run(&tb, ID, r), 0);
        assert_int_equal(log.n, 1);
        assert_non_null(strstr(log.items[0].message, "the Key of this GetItem is not fully known "
                                                     "(its entries are added where ddblint could "
                                                     "not follow"));
        r = key_request(&tb, DL_OP_GET_ITEM, "Ecommerce", KEYS("PK=a"));
        r->key.items[0].key = dl_tb_value(&tb, "{?}");
        assert_int_equal(key_run(&tb, ID, r), 0);
        assert_int_equal(log.n, 2);
        assert_non_null(strstr(log.items[1].message, "only known at run time"));
        r = key_request(&tb, DL_OP_GET_ITEM, "Ecommerce", NULL);
        r->escaped = true;
        assert_int_equal(key_run(&tb, ID, r), 0);
        /* a BatchGetItem member and the 2011-12-05 API are not judged */
        r = key_request(&tb, DL_OP_GET_ITEM, "Ecommerce", KEYS("PK=a"));
        r->member = "KeysAndAttributes";
        assert_int_equal(key_run(&tb, ID, r), 0);
        r = key_request(&tb, DL_OP_GET_ITEM, "Ecommerce", KEYS("HashKeyElement=a"));
        r->api_version = "2011-12-05";
        assert_int_equal(key_run(&tb, ID, r), 0);
        assert_int_equal(tb.n_findings, 0);
        tb.log = NULL;
        dl_log_fini(&log);
        dl_tb_fini(&tb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_key_lacks_or_holds),
                cmocka_unit_test(test_types),
                cmocka_unit_test(test_not_flagged),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
