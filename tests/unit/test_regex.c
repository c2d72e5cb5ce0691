/* test_regex.c - the PCRE2 wrapper (core/regex): anchoring, partial
 * matching, and the bounds that keep a backtracking pattern from hanging.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/regex.h"

#include <string.h>

static struct dl_regex *compile(const char *p, int how)
{
        struct dl_regex *re = NULL;
        enum dl_status st = how == 2 ? dl_regex_compile_end(p, &re, NULL)
                                     : dl_regex_compile(p, how == 1, &re, NULL);
        assert_int_equal(st, DL_OK);
        return re;
}

static enum dl_regex_result search(struct dl_regex *re, const char *s, bool partial)
{
        return dl_regex_search(re, s, strlen(s), partial);
}

static void test_anchoring(void **state)
{
        (void)state;
        struct dl_regex *any = compile("sale", 0), *whole = compile("sale", 1),
                        *end = compile("#[0-9]+", 2);
        assert_int_equal(search(any, "PRODUCT#sale#1", false), DL_REGEX_MATCH);
        assert_int_equal(search(whole, "PRODUCT#sale", false), DL_REGEX_NO_MATCH);
        assert_int_equal(search(whole, "sale", false), DL_REGEX_MATCH);
        assert_int_equal(search(end, "PRODUCT#sale#12", false), DL_REGEX_MATCH);
        assert_int_equal(search(end, "PRODUCT#12#sale", false), DL_REGEX_NO_MATCH);
        assert_true(dl_regex_match(any, "sale", 4));
        dl_regex_free(any);
        dl_regex_free(whole);
        dl_regex_free(end);
}

static void test_partial(void **state)
{
        (void)state;
        struct dl_regex *re = compile("^COUNTRY#[A-Z]{2}$", 0);
        assert_int_equal(search(re, "COUNTRY#", true), DL_REGEX_PARTIAL);
        assert_int_equal(search(re, "COUNTRY#F", true), DL_REGEX_PARTIAL);
        assert_int_equal(search(re, "COUNTRY#FR", true), DL_REGEX_MATCH);
        assert_int_equal(search(re, "COUNTRY#", false), DL_REGEX_NO_MATCH);
        assert_int_equal(search(re, "CUSTOMER#", true), DL_REGEX_NO_MATCH);
        dl_regex_free(re);
}

static void test_bounded(void **state)
{
        (void)state;
        /* exponential backtracking: reaches the match limit, never hangs */
        struct dl_regex *re = compile("^(a+)+$", 0);
        char s[64];
        memset(s, 'a', sizeof s - 2);
        s[sizeof s - 2] = 'b';
        s[sizeof s - 1] = '\0';
        assert_int_equal(search(re, s, false), DL_REGEX_LIMIT);
        assert_false(dl_regex_match(re, s, strlen(s)));
        assert_int_equal(search(re, "aaaa", false), DL_REGEX_MATCH);
        dl_regex_free(re);
}

static void test_compile_error(void **state)
{
        (void)state;
        struct dl_regex *re = (struct dl_regex *)1;
        struct dl_error err;
        dl_error_init(&err);
        assert_int_equal(dl_regex_compile_end("a(b", &re, &err), DL_ERR_CONFIG);
        assert_null(re);
        assert_non_null(strstr(err.message, "missing closing parenthesis at offset 3"));
        assert_int_equal(err.col, 4);
        dl_error_fini(&err);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_anchoring),
                cmocka_unit_test(test_partial),
                cmocka_unit_test(test_bounded),
                cmocka_unit_test(test_compile_error),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
