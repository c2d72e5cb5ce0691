/* test_arena.c - dl_arena_grow: arrays kept in the arena keep their
 * elements in order while they grow, new slots are zeroed, and an array
 * with room is not moved.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/arena.h"

#include <stdbool.h>
#include <string.h>

struct pair {
        size_t a, b;
};

static void test_grow_keeps_elements(void **state)
{
        (void)state;
        struct dl_arena A;
        dl_arena_init(&A);
        struct pair *v = NULL;
        size_t n = 0;
        for (size_t i = 0; i < 1000; i++) {
                v = dl_arena_grow(&A, v, n, sizeof *v);
                assert_int_equal(v[n].a, 0); /* a new slot is zeroed */
                assert_int_equal(v[n].b, 0);
                v[n++] = (struct pair){i, i * 3};
        }
        for (size_t i = 0; i < n; i++) {
                assert_int_equal(v[i].a, i);
                assert_int_equal(v[i].b, i * 3);
        }
        dl_arena_fini(&A);
}

static void test_grow_moves_only_when_full(void **state)
{
        (void)state;
        struct dl_arena A;
        dl_arena_init(&A);
        int *v = dl_arena_grow(&A, NULL, 0, sizeof *v);
        assert_non_null(v);
        for (size_t n = 1; n < 64; n++) {
                int *w = dl_arena_grow(&A, v, n, sizeof *v);
                bool full = n >= 8 && (n & (n - 1)) == 0; /* capacity 8, 16, 32 */
                if (full)
                        assert_ptr_not_equal(w, v);
                else
                        assert_ptr_equal(w, v);
                w[n] = (int)n;
                v = w;
        }
        dl_arena_fini(&A);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_grow_keeps_elements),
                cmocka_unit_test(test_grow_moves_only_when_full),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
