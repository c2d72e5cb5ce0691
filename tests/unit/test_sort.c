/* test_sort.c - dl_sort_agreeing (core/sort.h) as the first pass uses it:
 * helpers sorted by USR (model/helper.h), a USR defined twice alike kept
 * once, defined twice differently dropped whole, whatever the input order.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "model/helper.h"

#include <string.h>

static struct dl_helper helper(const char *usr, const char *value, const char *file, unsigned line)
{
        struct dl_helper h = {0};
        h.usr = dl_xstrdup(usr);
        h.name = dl_xstrdup(usr);
        h.value = dl_xstrdup(value);
        h.loc.file = dl_xstrdup(file);
        h.loc.line = line;
        return h;
}

static void check_order(const unsigned *perm)
{
        struct dl_helper in[5] = {
                helper("c:@F@B", "B#<?>", "b.cpp", 3), helper("c:@F@A", "A#<?>", "a.cpp", 9),
                helper("c:@F@D", "D#<?>", "a.cpp", 1), helper("c:@F@A", "A#<?>", "c.cpp", 2),
                helper("c:@F@D", "X#<?>", "b.cpp", 1),
        };
        struct dl_helper_vec v = {0};
        for (size_t i = 0; i < 5; i++)
                DL_VEC_PUSH(&v.v, in[perm[i]]);
        assert_int_equal(dl_helper_sort(&v), 1); /* D: two definitions that differ */
        assert_int_equal(v.v.n, 2);
        assert_string_equal(v.v.items[0].usr, "c:@F@A");
        assert_string_equal(v.v.items[0].loc.file, "a.cpp"); /* the first by file */
        assert_string_equal(v.v.items[1].usr, "c:@F@B");
        assert_non_null(dl_helper_find(v.v.items, v.v.n, "c:@F@B"));
        assert_null(dl_helper_find(v.v.items, v.v.n, "c:@F@D"));
        dl_helper_vec_fini(&v);
}

static void test_agreeing(void **state)
{
        (void)state;
        static const unsigned perms[][5] = {{0, 1, 2, 3, 4}, {4, 3, 2, 1, 0}, {3, 0, 4, 1, 2}};
        for (size_t i = 0; i < sizeof perms / sizeof perms[0]; i++)
                check_order(perms[i]);
}

static void test_empty(void **state)
{
        (void)state;
        struct dl_helper_vec v = {0};
        assert_int_equal(dl_helper_sort(&v), 0);
        assert_int_equal(v.v.n, 0);
        dl_helper_vec_fini(&v);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_agreeing),
                cmocka_unit_test(test_empty),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
