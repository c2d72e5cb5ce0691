/* test_suggest.c - "did you mean": dl_suggest() and dl_word_eq().
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/suggest.h"

#include <string.h>

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

/* The definition in suggest.h, computed in full for every pair: optimal
 * string alignment distance up to case and '-'/'_', at most
 * (strlen(word) + 2) / 3, the first of the closest. */
static char fold(char c)
{
        if (c >= 'A' && c <= 'Z')
                return (char)(c - 'A' + 'a');
        return c == '_' ? '-' : c;
}

static size_t osa(const char *a, const char *b)
{
        size_t na = strlen(a), nb = strlen(b), d[16][16];
        for (size_t i = 0; i <= na; i++) {
                for (size_t j = 0; j <= nb; j++) {
                        if (i == 0 || j == 0) {
                                d[i][j] = i + j;
                                continue;
                        }
                        size_t v = d[i - 1][j - 1] + (fold(a[i - 1]) != fold(b[j - 1]));
                        if (d[i - 1][j] + 1 < v)
                                v = d[i - 1][j] + 1;
                        if (d[i][j - 1] + 1 < v)
                                v = d[i][j - 1] + 1;
                        if (i > 1 && j > 1 && fold(a[i - 1]) == fold(b[j - 2]) &&
                            fold(a[i - 2]) == fold(b[j - 1]) && d[i - 2][j - 2] + 1 < v)
                                v = d[i - 2][j - 2] + 1;
                        d[i][j] = v;
                }
        }
        return d[na][nb];
}

static const char *reference(const char *word, const char *const *c, size_t n)
{
        if (!*word)
                return NULL;
        const char *best = NULL;
        size_t best_d = (strlen(word) + 2) / 3 + 1;
        for (size_t i = 0; i < n; i++) {
                size_t d = osa(word, c[i]);
                if (d < best_d) {
                        best = c[i];
                        best_d = d;
                }
        }
        return best;
}

/* dl_suggest skips candidates it can tell are no closer (by length, or
 * once a row of the distance table is past the best so far): on short
 * random words over a small alphabet it still picks what the definition
 * picks. */
static void test_same_choice_as_the_full_distance(void **state)
{
        static const char alphabet[] = "abAB-_c";
        unsigned seed = 12345;
        char words[6][16];
        const char *c[5];
        for (int trial = 0; trial < 20000; trial++) {
                for (int w = 0; w < 6; w++) {
                        seed = seed * 1103515245u + 12345u;
                        size_t len = (seed >> 16) % 13;
                        for (size_t k = 0; k < len; k++) {
                                seed = seed * 1103515245u + 12345u;
                                words[w][k] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
                        }
                        words[w][len] = '\0';
                        if (w > 0)
                                c[w - 1] = words[w];
                }
                const char *want = reference(words[0], c, 5);
                const char *got = dl_suggest(words[0], c, 5);
                if (want != got)
                        fail_msg("'%s': expected %s%s%s, got %s%s%s", words[0], want ? "'" : "",
                                 want ? want : "none", want ? "'" : "", got ? "'" : "",
                                 got ? got : "none", got ? "'" : "");
        }
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_typos_find_the_word),
                cmocka_unit_test(test_unrelated_words_find_nothing),
                cmocka_unit_test(test_ties_go_to_the_first),
                cmocka_unit_test(test_word_eq),
                cmocka_unit_test(test_same_choice_as_the_full_distance),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
