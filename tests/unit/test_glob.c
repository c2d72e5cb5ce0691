/* test_glob.c - gitignore-style path globs and clang-tidy-style check
 * lists (core/glob.h).
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/glob.h"

#include <stdlib.h>

static void test_path_globs(void **state)
{
        assert_true(dl_glob_match("*.cpp", "a.cpp", true));
        assert_false(dl_glob_match("*.cpp", "src/a.cpp", true));  /* '*' stops at '/' */
        assert_true(dl_glob_match("*.cpp", "src/a.cpp", false));
        assert_true(dl_glob_match("src/?.c", "src/a.c", true));
        assert_false(dl_glob_match("src/?.c", "src/ab.c", true));
        assert_true(dl_glob_match("**/gen/*.cpp", "a/b/gen/x.cpp", true));
        assert_true(dl_glob_match("**/gen/*.cpp", "gen/x.cpp", true));   /* zero directories */
        assert_true(dl_glob_match("third_party/**", "third_party/a/b.c", true));
        assert_false(dl_glob_match("third_party/**", "third_party", true));
        assert_true(dl_glob_match("a/**/b", "a/b", true));
        assert_true(dl_glob_match("a/**/b", "a/x/y/b", true));
        assert_false(dl_glob_match("a/**/b", "a/xb", true));
        assert_true(dl_glob_match("[a-c]x", "bx", true));
        assert_false(dl_glob_match("[!a-c]x", "bx", true));
        assert_true(dl_glob_match("[^a-c]x", "dx", true));
        assert_true(dl_glob_match("\\*.c", "*.c", true));
        assert_false(dl_glob_match("\\*.c", "a.c", true));
        assert_true(dl_glob_match("a[b", "a[b", true)); /* no ']': a literal '[' */
        assert_true(dl_glob_match("", "", true));
        assert_false(dl_glob_match("", "a", true));
}

static void test_checks_lists(void **state)
{
        assert_true(dl_checks_glob_apply(NULL, "scan", true));
        assert_false(dl_checks_glob_apply(NULL, "scan", false));
        assert_false(dl_checks_glob_apply("-*", "scan", true));
        assert_true(dl_checks_glob_apply("-*,scan", "scan", true));
        assert_false(dl_checks_glob_apply("-*,scan", "reserved-word", true));
        assert_true(dl_checks_glob_apply(" -*, reserved-word ", "reserved-word", false));
        assert_false(dl_checks_glob_apply("-query-*", "query-missing-key-condition", true));
        assert_true(dl_checks_glob_apply("-query-*", "scan", true));
        assert_true(dl_checks_glob_apply("scan", "scan", false)); /* over a disabled one */
        assert_false(dl_checks_glob_apply("scan,-scan", "scan", true)); /* later wins */
}

static void test_unmatched_globs(void **state)
{
        static const char *const ids[] = {"scan", "reserved-word"};
        assert_null(dl_checks_glob_unmatched("-*,scan,reserved-*", ids, 2));
        char *bad = dl_checks_glob_unmatched("-*,scna,scan", ids, 2);
        assert_string_equal(bad, "scna");
        free(bad);
        bad = dl_checks_glob_unmatched("-nothing-*", ids, 2);
        assert_string_equal(bad, "nothing-*");
        free(bad);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_path_globs),
                cmocka_unit_test(test_checks_lists),
                cmocka_unit_test(test_unmatched_globs),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
