/* test_suggest.c - "did you mean": dl_suggest() and dl_word_eq().
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/suggest.h"

static const char *const keys[] = {"name", "match", "default", "partition-key", "sort-key",
                                   "indexes"};

static void test_typos_find_the_word(void **state)
{
        assert_string_equal(dl_suggest("partion-key", keys, 6), "partition-key");
        assert_string_equal(dl_suggest("sortkey", keys, 6), "sort-key");
        assert_string_equal(dl_suggest("nmae", keys, 6), "name");    /* transposition */
        assert_string_equal(dl_suggest("Defualt", keys, 6), "default");
        assert_string_equal(dl_suggest("PARTITION_KEY", keys, 6), "partition-key");
}

static void test_unrelated_words_find_nothing(void **state)
{
        assert_null(dl_suggest("wrappers", keys, 6));
        assert_null(dl_suggest("x", keys, 6));
        assert_null(dl_suggest("", keys, 6));
        assert_null(dl_suggest("name", NULL, 0));
        /* (len + 2) / 3 edits at most: "scna" may be one off "scan", "sx" is
         * two off "s" and too short for that. */
        static const char *const ids[] = {"scan", "s"};
        assert_string_equal(dl_suggest("scna", ids, 2), "scan");
        assert_null(dl_suggest("sxy", ids + 1, 1));
}

static void test_ties_go_to_the_first(void **state)
{
        static const char *const c[] = {"abc", "abd", NULL};
        assert_string_equal(dl_suggest("abx", c, 3), "abc");
}

static void test_word_eq(void **state)
{
        assert_true(dl_word_eq("KEYS_ONLY", "keys-only"));
        assert_true(dl_word_eq("Gsi", "gsi"));
        assert_false(dl_word_eq("keys", "keys-only"));
        assert_false(dl_word_eq("all", "al"));
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_typos_find_the_word),
                cmocka_unit_test(test_unrelated_words_find_nothing),
                cmocka_unit_test(test_ties_go_to_the_first),
                cmocka_unit_test(test_word_eq),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
