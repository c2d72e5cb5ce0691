/* test_low_cardinality_partition_key.c - check
 * `low-cardinality-partition-key` on hand-built requests with typed holes.
 * SPDX-License-Identifier: MIT
 */
#include "key_cases.h"

#include <stdio.h>

#include "core/error.h"
#include "core/log.h"

#define ID "low-cardinality-partition-key"

/* Issue 28: an index key written with several constants across a unit is
 * one design: one finding at the first write naming the values, the other
 * writes related, no constant-partition-key, and a fingerprint (check,
 * file, table, index, key) that adding a write does not change. */
static struct dl_request *status_write(struct dl_tb *tb, const char *value, unsigned line)
{
        char kv[64];
        snprintf(kv, sizeof kv, "StatusPK=%s", value);
        struct dl_request *r = key_request(tb, DL_OP_PUT_ITEM, "Ecommerce",
                                           KEYS("PK=USER#{?}", "SK=ORDER#{?}", kv));
        r->call.line = line;
        dl_model_normalize(&tb->arena, r);
        return r;
}

static void test_design_reported_once(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        const struct dl_request *reqs[4] = {
                status_write(&tb, "PENDING", 10), status_write(&tb, "PAID", 30),
                status_write(&tb, "CANCELLED", 20), status_write(&tb, "PAID", 40)};
        const struct dl_check *low = dl_catalogue_find(ID);
        const struct dl_check *con = dl_catalogue_find("constant-partition-key");
        assert_int_equal(dl_tb_run_unit(&tb, con, reqs, 3), 0);
        assert_int_equal(dl_tb_run_unit(&tb, low, reqs, 3), 1);
        const struct dl_finding *f = tb.findings[0];
        assert_int_equal(f->loc.line, 10);
        last_says(&tb, "partition key 'StatusPK' of index 'ByStatus' of table 'Ecommerce' takes "
                       "few distinct values ('PENDING', 'CANCELLED', 'PAID')");
        size_t also = 0;
        for (size_t i = 0; i < f->n_related; i++)
                also += strstr(f->related[i].message, "also writes") != NULL;
        assert_int_equal(also, 2);
        assert_null(f->function);
        assert_string_equal(f->signature,
                            "partition key design: table Ecommerce index ByStatus key StatusPK");
        /* one more write: the same one finding, the same fingerprint inputs */
        assert_int_equal(dl_tb_run_unit(&tb, low, reqs, 4), 1);
        assert_string_equal(tb.findings[1]->signature, f->signature);
        assert_int_equal(tb.findings[1]->loc.line, 10);
        /* one constant only: constant-partition-key's, once */
        const struct dl_request *same[2] = {reqs[1], reqs[3]};
        assert_int_equal(dl_tb_run_unit(&tb, low, same, 2), 0);
        assert_int_equal(dl_tb_run_unit(&tb, con, same, 2), 1);
        last_says(&tb, "is the constant 'PAID' for every item this PutItem writes");
        dl_tb_fini(&tb);
}

static void test_typed_holes_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        struct {
                const char *pk;
                const char *says;
        } cases[] = {
                {"DAY#{date:%Y-%m-%d}", "a part is a date by the day ('%Y-%m-%d'); every write of "
                                        "the current period lands in one partition"},
                {"H#{date:%Y%m%d%H}", "a date by the hour"},
                {"M#{date:%H:%M}", "a date by the minute"},
                {"S#{enum:Status=OPEN|CLOSED|LOST}", "a part is built from enum 'Status' (3 values)"},
                {"F#{bool}", "a part is a boolean (2 values)"},
                {"R#{one-of:eu|us|ap}", "a part is one of 3 strings ('eu', 'us', 'ap')"},
                {"{enum:Status=OPEN|CLOSED}#{bool}", "built from enum 'Status' (2 values)"},
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                char pk[80];
                snprintf(pk, sizeof pk, "PK=%s", cases[i].pk);
                struct dl_request *r =
                        key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce", KEYS(pk, "SK=EVENT#{?}"));
                if (key_run(&tb, ID, r) != 1)
                        fail_msg("case %zu (%s) not flagged", i, cases[i].pk);
                last_says(&tb, cases[i].says);
                last_says(&tb, "partition key 'PK' of table 'Ecommerce' takes few distinct values");
        }
        const struct dl_finding *f = tb.findings[0];
        assert_int_equal(f->severity, DL_SEV_WARNING);
        assert_int_equal(f->loc.line, 10);
        assert_int_equal(f->related[0].loc.line, 20);
        dl_tb_fini(&tb);
}

static void test_query_and_index(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        /* a Query of a status-keyed index */
        struct dl_request *q = key_request(&tb, DL_OP_QUERY, "Ecommerce", NULL);
        dl_tb_set(&tb, q, DL_FIELD_INDEX_NAME, "ByStatus");
        dl_tb_set(&tb, q, DL_FIELD_KEY_CONDITION_EXPRESSION, "StatusPK = :s");
        dl_tb_entry(&tb, &q->values, ":s", "STATUS#{enum:Status=OPEN|CLOSED}");
        assert_int_equal(key_run(&tb, ID, q), 1);
        last_says(&tb, "partition key 'StatusPK' of index 'ByStatus' of table 'Ecommerce'");
        last_says(&tb, "every Query of one value reads one partition");
        /* a write that puts the item in that index */
        struct dl_request *w = key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce",
                                           KEYS("PK=U#{?}", "SK=O#{?}", "StatusPK={bool}"));
        assert_int_equal(key_run(&tb, ID, w), 1);
        last_says(&tb, "index 'ByStatus'");
        dl_tb_fini(&tb);
}

static void test_not_flagged(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        const char *const pks[] = {
                "PK=USER#{?}",                        /* unknown cardinality */
                "PK=USER#{digits}",                   /* an integer: many values */
                "PK=S#{enum:Status=A|B}#{?}",          /* a part of unknown cardinality */
                "PK=DAY#{date:%Y-%m-%d}#{shard:16}",   /* sharded */
                "PK=T#{date:%FT%T}",                  /* by the second */
                "PK=EVENTS",                          /* one constant: the other check's */
                "PK=",                                /* nothing known */
        };
        for (size_t i = 0; i < sizeof pks / sizeof pks[0]; i++) {
                struct dl_request *r =
                        key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce", KEYS(pks[i], "SK={?}"));
                if (key_run(&tb, ID, r) != 0)
                        fail_msg("%s flagged: %s", pks[i], tb.findings[tb.n_findings - 1]->message);
        }
        /* a Scan reads no key; an undescribed table is not judged */
        struct dl_request *s = key_request(&tb, DL_OP_SCAN, "Ecommerce", NULL);
        assert_int_equal(key_run(&tb, ID, s), 0);
        struct dl_request *o = key_request(&tb, DL_OP_PUT_ITEM, "Other", KEYS("PK={bool}"));
        assert_int_equal(key_run(&tb, ID, o), 0);
        /* a date bucket whose items are not proven to differ: one summary
         * item per day (a constant sort key), or a sort key not known */
        const char *const sks[] = {"SK=TOTAL", "SK={?}"};
        for (size_t i = 0; i < sizeof sks / sizeof sks[0]; i++) {
                struct dl_request *d = key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce",
                                                   KEYS("PK=SUMMARY#{date:%Y-%m-%d}", sks[i]));
                if (key_run(&tb, ID, d) != 0)
                        fail_msg("date bucket with %s flagged", sks[i]);
        }
        /* the item does not enter GSI1 without GSI1SK */
        struct dl_request *g = key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce",
                                           KEYS("PK=U#{?}", "SK={?}", "GSI1PK={bool}"));
        assert_int_equal(key_run(&tb, ID, g), 0);
        dl_tb_fini(&tb);
}

static void test_patterns(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        dl_tb_option(&tb, ID, "patterns",
                     dl_tb_opt_seq(&tb, 2, dl_tb_opt_scalar(&tb, "^STATUS#"),
                                   dl_tb_opt_scalar(&tb, "^COUNTRY#[A-Z]{2}$")));
        /* a partial match of the known text before the hole */
        struct dl_request *r =
                key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=COUNTRY#{?}", "SK={?}"));
        assert_int_equal(key_run(&tb, ID, r), 1);
        last_says(&tb, "it matches the low-cardinality pattern '^COUNTRY#[A-Z]{2}$'");
        r = key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=STATUS#{?}", "SK={?}"));
        assert_int_equal(key_run(&tb, ID, r), 1);
        /* a Query of a fully known key that matches */
        struct dl_request *q = key_request(&tb, DL_OP_QUERY, "Ecommerce", NULL);
        dl_tb_set(&tb, q, DL_FIELD_KEY_CONDITION_EXPRESSION, "PK = :p");
        dl_tb_entry(&tb, &q->values, ":p", "COUNTRY#FR");
        assert_int_equal(key_run(&tb, ID, q), 1);
        /* no match: the known text cannot start a match, or is empty */
        const char *const quiet[] = {"PK=USER#{?}", "PK=COUNTRYX{?}", "PK={?}STATUS#",
                                     "PK=STATUS#{shard:4}"};
        for (size_t i = 0; i < sizeof quiet / sizeof quiet[0]; i++) {
                r = key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce", KEYS(quiet[i], "SK={?}"));
                if (key_run(&tb, ID, r) != 0)
                        fail_msg("%s flagged", quiet[i]);
        }
        /* a write of one constant is constant-partition-key's */
        r = key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=STATUS#OPEN", "SK={?}"));
        assert_int_equal(key_run(&tb, ID, r), 0);
        dl_tb_fini(&tb);
}

static void test_pattern_errors(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_error err;
        dl_error_init(&err);
        dl_tb_option(&tb, ID, "patterns",
                     dl_tb_opt_seq(&tb, 2, dl_tb_opt_scalar(&tb, "ok"), dl_tb_opt_scalar(&tb, "[a-")));
        assert_int_equal(dl_tb_configure(&tb, dl_catalogue_find(ID), &err), DL_ERR_CONFIG);
        assert_non_null(strstr(err.message, "missing terminating ] for character class"));
        assert_non_null(strstr(err.message, "expected a PCRE2 pattern for option 'patterns' of "
                                            "check 'low-cardinality-partition-key'"));
        dl_error_fini(&err);
        dl_tb_fini(&tb);
}

static void test_pattern_limit_is_no_match(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        struct dl_log log;
        dl_log_init(&log, NULL, true);
        tb.log = &log;
        dl_tb_option(&tb, ID, "patterns", dl_tb_opt_seq(&tb, 1, dl_tb_opt_scalar(&tb, "^(a+)+$")));
        struct dl_request *q = key_request(&tb, DL_OP_QUERY, "Ecommerce", NULL);
        dl_tb_set(&tb, q, DL_FIELD_KEY_CONDITION_EXPRESSION, "PK = :p");
        dl_tb_entry(&tb, &q->values, ":p", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab");
        assert_int_equal(key_run(&tb, ID, q), 0);
        assert_int_equal(log.n, 1);
        assert_int_equal(log.items[0].level, DL_LOG_NOTE);
        assert_string_equal(log.items[0].id, "pattern-limit");
        assert_string_equal(log.items[0].file, "rules.yaml");
        assert_non_null(strstr(log.items[0].message, "reached PCRE2's match limit"));
        dl_log_fini(&log);
        dl_tb_fini(&tb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_design_reported_once),
                cmocka_unit_test(test_typed_holes_flagged),
                cmocka_unit_test(test_query_and_index),
                cmocka_unit_test(test_not_flagged),
                cmocka_unit_test(test_patterns),
                cmocka_unit_test(test_pattern_errors),
                cmocka_unit_test(test_pattern_limit_is_no_match),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
