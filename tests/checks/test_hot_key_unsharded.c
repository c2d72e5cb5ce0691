/* test_hot_key_unsharded.c - check `hot-key-unsharded` on hand-built
 * requests with typed holes, and its `keys` option.
 * SPDX-License-Identifier: MIT
 */
#include "key_cases.h"

#include "core/error.h"

#define ID "hot-key-unsharded"

/* keys: [{table: Ecommerce, pattern: ^PRODUCT#sale, shard-suffix: '#[0-9]+'},
 *        {table: Ecommerce, index: ByStatus, pattern: ^ALL$, shard-suffix: '#[0-9]+'}] */
static void hot_keys(struct dl_tb *tb)
{
        key_schema(tb);
        dl_tb_option(tb, ID, "keys",
                     dl_tb_opt_seq(tb, 2,
                                   dl_tb_opt_map(tb, 3, "table", dl_tb_opt_scalar(tb, "Ecommerce"),
                                                 "pattern", dl_tb_opt_scalar(tb, "^PRODUCT#sale"),
                                                 "shard-suffix", dl_tb_opt_scalar(tb, "#[0-9]+")),
                                   dl_tb_opt_map(tb, 4, "table", dl_tb_opt_scalar(tb, "Ecommerce"),
                                                 "index", dl_tb_opt_scalar(tb, "ByStatus"),
                                                 "pattern", dl_tb_opt_scalar(tb, "^ALL"),
                                                 "shard-suffix", dl_tb_opt_scalar(tb, "#[0-9]+"))));
}

static void test_writes(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        hot_keys(&tb);
        const char *const flagged[] = {
                "PK=PRODUCT#sale",          /* no suffix */
                "PK=PRODUCT#sale#{?}",      /* a suffix only known at run time */
                "PK=PRODUCT#sale{?}",       /* not even a separator */
                "PK=PRODUCT#sale#x",        /* a suffix that is not one */
                "PK=PRODUCT#sale#{shard:8}#{?}", /* the run-time part comes last */
                "PK=PRODUCT#sale{one-of:#1|x}",    /* one value lacks it */
        };
        for (size_t i = 0; i < sizeof flagged / sizeof flagged[0]; i++) {
                struct dl_request *r =
                        key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce", KEYS(flagged[i], "SK=C"));
                if (key_run(&tb, ID, r) != 1)
                        fail_msg("%s not flagged", flagged[i]);
                last_says(&tb, "is a hot key of table 'Ecommerce' (pattern '^PRODUCT#sale'), but "
                               "this PutItem writes it without its shard suffix '#[0-9]+'");
        }
        assert_int_equal(tb.findings[0]->related[0].loc.line, 20);
        const char *const quiet[] = {
                "PK=PRODUCT#sale#3",              /* known suffix */
                "PK=PRODUCT#sale#{shard:8}",       /* a shard */
                "PK=PRODUCT#sale#{digits}",        /* an integer */
                "PK=PRODUCT#sale#0{digits}",
                "PK=PRODUCT#sale{one-of:#1|#2}",    /* each value has it */
                "PK=PRODUCT#sale#{?}{one-of:#1|#2}",
                "PK=PRODUCT#{?}",                  /* may be any product */
                "PK=PRODUCT#other",
                "PK={?}",
        };
        for (size_t i = 0; i < sizeof quiet / sizeof quiet[0]; i++) {
                struct dl_request *r =
                        key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce", KEYS(quiet[i], "SK=C"));
                if (key_run(&tb, ID, r) != 0)
                        fail_msg("%s flagged", quiet[i]);
        }
        /* a DeleteItem writes the key too; an UpdateItem by its Key */
        struct dl_request *d =
                key_request(&tb, DL_OP_DELETE_ITEM, "Ecommerce", KEYS("PK=PRODUCT#sale", "SK=C"));
        assert_int_equal(key_run(&tb, ID, d), 1);
        /* the index entry: an item that enters ByStatus */
        struct dl_request *w = key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce",
                                           KEYS("PK=U#{?}", "SK=O", "StatusPK=ALL"));
        assert_int_equal(key_run(&tb, ID, w), 1);
        last_says(&tb, "of index 'ByStatus' of table 'Ecommerce'");
        w = key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce",
                        KEYS("PK=U#{?}", "SK=O", "StatusPK=ALL#{shard:4}"));
        assert_int_equal(key_run(&tb, ID, w), 0);
        /* another table is not named by any entry */
        struct dl_request *o =
                key_request(&tb, DL_OP_PUT_ITEM, "Counters", KEYS("PK=PRODUCT#sale"));
        assert_int_equal(key_run(&tb, ID, o), 0);
        dl_tb_fini(&tb);
}

static void test_reads(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        hot_keys(&tb);
        struct dl_request *g =
                key_request(&tb, DL_OP_GET_ITEM, "Ecommerce", KEYS("PK=PRODUCT#sale", "SK=C"));
        assert_int_equal(key_run(&tb, ID, g), 1);
        last_says(&tb, "this GetItem reads it without its shard suffix");
        last_says(&tb, "it reads one shard of many");
        struct dl_request *q = key_request(&tb, DL_OP_QUERY, "Ecommerce", NULL);
        dl_tb_set(&tb, q, DL_FIELD_KEY_CONDITION_EXPRESSION, "PK = :p");
        dl_tb_entry(&tb, &q->values, ":p", "PRODUCT#sale");
        assert_int_equal(key_run(&tb, ID, q), 1);
        struct dl_request *ok = key_request(&tb, DL_OP_QUERY, "Ecommerce", NULL);
        dl_tb_set(&tb, ok, DL_FIELD_KEY_CONDITION_EXPRESSION, "PK = :p");
        dl_tb_entry(&tb, &ok->values, ":p", "PRODUCT#sale#{digits}");
        assert_int_equal(key_run(&tb, ID, ok), 0);
        /* a Query of ByStatus with the key unsharded */
        struct dl_request *s = key_request(&tb, DL_OP_QUERY, "Ecommerce", NULL);
        dl_tb_set(&tb, s, DL_FIELD_INDEX_NAME, "ByStatus");
        dl_tb_set(&tb, s, DL_FIELD_KEY_CONDITION_EXPRESSION, "StatusPK = :p");
        dl_tb_entry(&tb, &s->values, ":p", "ALL");
        assert_int_equal(key_run(&tb, ID, s), 1);
        dl_tb_fini(&tb);
}

/* configure with the `keys` option node k; returns the status, err set. */
static enum dl_status with_keys(struct dl_opt_node *(*make)(struct dl_tb *), struct dl_error *err)
{
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        dl_tb_option(&tb, ID, "keys", make(&tb));
        enum dl_status st = dl_tb_configure(&tb, dl_catalogue_find(ID), err);
        dl_tb_fini(&tb);
        return st;
}

static struct dl_opt_node *k_scalar(struct dl_tb *tb)
{
        return dl_tb_opt_scalar(tb, "Ecommerce");
}
static struct dl_opt_node *k_unknown_key(struct dl_tb *tb)
{
        return dl_tb_opt_seq(tb, 1, dl_tb_opt_map(tb, 1, "tabel", dl_tb_opt_scalar(tb, "X")));
}
static struct dl_opt_node *k_missing(struct dl_tb *tb)
{
        return dl_tb_opt_seq(tb, 1, dl_tb_opt_map(tb, 2, "table", dl_tb_opt_scalar(tb, "Ecommerce"),
                                                  "pattern", dl_tb_opt_scalar(tb, "^P")));
}
static struct dl_opt_node *k_no_table(struct dl_tb *tb)
{
        return dl_tb_opt_seq(tb, 1,
                             dl_tb_opt_map(tb, 3, "table", dl_tb_opt_scalar(tb, "Orders"),
                                           "pattern", dl_tb_opt_scalar(tb, "^P"), "shard-suffix",
                                           dl_tb_opt_scalar(tb, "#[0-9]+")));
}
static struct dl_opt_node *k_no_index(struct dl_tb *tb)
{
        return dl_tb_opt_seq(tb, 1,
                             dl_tb_opt_map(tb, 4, "table", dl_tb_opt_scalar(tb, "Ecommerce"),
                                           "index", dl_tb_opt_scalar(tb, "LSI1"), "pattern",
                                           dl_tb_opt_scalar(tb, "^P"), "shard-suffix",
                                           dl_tb_opt_scalar(tb, "#[0-9]+")));
}
static struct dl_opt_node *k_bad_suffix(struct dl_tb *tb)
{
        return dl_tb_opt_seq(tb, 1,
                             dl_tb_opt_map(tb, 3, "table", dl_tb_opt_scalar(tb, "Ecommerce"),
                                           "pattern", dl_tb_opt_scalar(tb, "^P"), "shard-suffix",
                                           dl_tb_opt_scalar(tb, "#[0-9")));
}
static struct dl_opt_node *k_list_pattern(struct dl_tb *tb)
{
        return dl_tb_opt_seq(tb, 1,
                             dl_tb_opt_map(tb, 3, "table", dl_tb_opt_scalar(tb, "Ecommerce"),
                                           "pattern", dl_tb_opt_seq(tb, 0), "shard-suffix",
                                           dl_tb_opt_scalar(tb, "#")));
}

static void test_keys_errors(void **state)
{
        (void)state;
        struct {
                struct dl_opt_node *(*make)(struct dl_tb *);
                const char *says;
        } cases[] = {
                {k_scalar, "expected a sequence of mappings for option 'keys' of check "
                           "'hot-key-unsharded', got a scalar"},
                {k_unknown_key, "unknown key 'tabel' in an entry of 'keys' of check "
                                "'hot-key-unsharded'; expected one of: table, index, pattern, "
                                "shard-suffix"},
                {k_missing, "missing required key 'shard-suffix' in an entry of 'keys'"},
                {k_no_table, "table 'Orders' of an entry of 'keys' is not in 'tables'; expected "
                             "one of: Ecommerce, Counters"},
                {k_no_index, "index 'LSI1' of an entry of 'keys' is not a global index of table "
                             "'Ecommerce'"},
                {k_bad_suffix, "missing terminating ] for character class at offset 5; expected a "
                               "PCRE2 pattern for 'shard-suffix' of an entry of 'keys'"},
                {k_list_pattern, "expected a PCRE2 pattern for 'pattern' of an entry of 'keys', "
                                 "got a sequence"},
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                struct dl_error err;
                dl_error_init(&err);
                assert_int_equal(with_keys(cases[i].make, &err), DL_ERR_CONFIG);
                if (!err.message || !strstr(err.message, cases[i].says))
                        fail_msg("case %zu: '%s' lacks '%s'", i, err.message, cases[i].says);
                assert_string_equal(err.file, "rules.yaml");
                dl_error_fini(&err);
        }
        /* no option: the check has nothing to do */
        struct dl_tb tb;
        dl_tb_init(&tb);
        key_schema(&tb);
        struct dl_request *r =
                key_request(&tb, DL_OP_PUT_ITEM, "Ecommerce", KEYS("PK=PRODUCT#sale", "SK=C"));
        assert_int_equal(key_run(&tb, ID, r), 0);
        dl_tb_fini(&tb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_writes),
                cmocka_unit_test(test_reads),
                cmocka_unit_test(test_keys_errors),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
