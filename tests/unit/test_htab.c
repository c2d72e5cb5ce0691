/* test_htab.c - the hash table of core/htab.h: lookups, absent keys,
 * replacement, growth, removal inside runs of neighbouring entries
 * (checked against a plain array after every step), binary keys.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "core/htab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_empty(void **state)
{
        (void)state;
        struct dl_htab t;
        dl_htab_init(&t);
        assert_null(dl_htab_get_str(&t, "a"));
        assert_null(dl_htab_remove(&t, "a", 1));
        size_t pos = 0;
        assert_null(dl_htab_next(&t, &pos));
        dl_htab_fini(&t);
}

static void test_put_get_replace(void **state)
{
        (void)state;
        struct dl_htab t = {0};
        int a = 1, b = 2, c = 3;
        assert_null(dl_htab_put_str(&t, "src/a.cpp", &a));
        assert_null(dl_htab_put_str(&t, "src/b.cpp", &b));
        assert_ptr_equal(dl_htab_get_str(&t, "src/a.cpp"), &a);
        assert_ptr_equal(dl_htab_get_str(&t, "src/b.cpp"), &b);
        assert_null(dl_htab_get_str(&t, "src/c.cpp"));
        assert_null(dl_htab_get_str(&t, "src/a.cp"));               /* a prefix is another key */
        assert_null(dl_htab_get(&t, "src/a.cpp", 10));              /* so is the key with its NUL */
        assert_ptr_equal(dl_htab_put_str(&t, "src/a.cpp", &c), &a); /* replaced */
        assert_ptr_equal(dl_htab_get_str(&t, "src/a.cpp"), &c);
        assert_int_equal(t.n, 2);
        dl_htab_fini(&t);
        assert_int_equal(t.n, 0);
        assert_null(dl_htab_get_str(&t, "src/b.cpp"));
}

/* Keys that differ in one byte, NULs inside, and lengths across the
 * 8-byte words the hash reads. */
static void test_binary_keys(void **state)
{
        (void)state;
        struct dl_htab t = {0};
        static unsigned char keys[64][17];
        int v[64];
        for (int i = 0; i < 64; i++) {
                memset(keys[i], 0, sizeof keys[i]);
                keys[i][i % 17] = (unsigned char)(1 + i / 17);
                v[i] = i;
                assert_null(dl_htab_put(&t, keys[i], 1 + (size_t)i % 17, &v[i]));
        }
        for (int i = 0; i < 64; i++)
                assert_ptr_equal(dl_htab_get(&t, keys[i], 1 + (size_t)i % 17), &v[i]);
        unsigned char zeros[17] = {0};
        for (size_t n = 0; n <= 17; n++)
                assert_null(dl_htab_get(&t, zeros, n));
        dl_htab_fini(&t);
}

#define N_KEYS 20000

/* Growth from 16 slots to 32,768 keeps every entry; iteration visits each
 * once. */
static void test_growth_and_iteration(void **state)
{
        (void)state;
        struct dl_htab t = {0};
        char(*keys)[32] = dl_xcalloc(N_KEYS, sizeof *keys);
        int *seen = dl_xcalloc(N_KEYS, sizeof *seen);
        int *v = dl_xcalloc(N_KEYS, sizeof *v);
        for (int i = 0; i < N_KEYS; i++) {
                snprintf(keys[i], sizeof keys[i], "src/m%03d/f%d.cpp", i / 100, i);
                v[i] = i;
                assert_null(dl_htab_put_str(&t, keys[i], &v[i]));
        }
        assert_int_equal(t.n, N_KEYS);
        assert_true(t.cap >= N_KEYS * 4 / 3);
        for (int i = 0; i < N_KEYS; i++)
                assert_ptr_equal(dl_htab_get_str(&t, keys[i]), &v[i]);
        assert_null(dl_htab_get_str(&t, "src/m000/f20000.cpp"));
        size_t pos = 0;
        int *p;
        while ((p = dl_htab_next(&t, &pos)))
                seen[*p]++;
        for (int i = 0; i < N_KEYS; i++)
                assert_int_equal(seen[i], 1);
        dl_htab_fini(&t);
        free(v);
        free(seen);
        free(keys);
}

/* Many insertions and removals in a small table (long runs of occupied
 * slots that wrap around its end), each checked against an array. */
static void remove_against_model(int space, size_t max_in)
{
        enum { SPACE = 300, STEPS = 20000 };
        assert_true(space <= SPACE);
        struct dl_htab t = {0};
        static char keys[SPACE][16];
        static int vals[SPACE];
        bool in[SPACE] = {false};
        size_t n = 0;
        unsigned seed = 12345;
        for (int i = 0; i < SPACE; i++) {
                snprintf(keys[i], sizeof keys[i], "k%d", i);
                vals[i] = i;
        }
        for (int step = 0; step < STEPS; step++) {
                seed = seed * 1103515245u + 12345u;
                int k = (int)((seed >> 8) % (unsigned)space);
                if ((seed >> 20) % 3 && (n < max_in || in[k])) {
                        void *was = dl_htab_put_str(&t, keys[k], &vals[k]);
                        assert_ptr_equal(was, in[k] ? &vals[k] : NULL);
                        n += !in[k];
                        in[k] = true;
                } else {
                        void *was = dl_htab_remove(&t, keys[k], strlen(keys[k]));
                        assert_ptr_equal(was, in[k] ? &vals[k] : NULL);
                        n -= in[k];
                        in[k] = false;
                }
                assert_int_equal(t.n, n);
                if (max_in < 100 || step % 97 == 0 || step > STEPS - 50) {
                        for (int i = 0; i < space; i++)
                                assert_ptr_equal(dl_htab_get_str(&t, keys[i]),
                                                 in[i] ? &vals[i] : NULL);
                }
        }
        dl_htab_fini(&t);
}

static void test_remove_against_model(void **state)
{
        (void)state;
        remove_against_model(120, 24);  /* at most 24 of 120 keys in 32 slots: nearly full */
        remove_against_model(300, 300); /* growth while entries come and go */
}

static int cmp_int_ptr(const void *a, const void *b)
{
        int x = **(int *const *)a, y = **(int *const *)b;
        return (x > y) - (x < y);
}

/* dl_htab_sorted gives every value once, in cmp's order, whatever the hash
 * order; dl_htab_free_all frees each value (ASan's leak check sees one
 * missed) and empties the table. */
static void test_sorted_and_free_all(void **state)
{
        (void)state;
        struct dl_htab t = {0};
        size_t n = 99;
        void **none = dl_htab_sorted(&t, cmp_int_ptr, &n);
        assert_non_null(none);
        assert_int_equal(n, 0);
        free(none);
        enum { N = 500 };
        char keys[N][16];
        for (int i = 0; i < N; i++) {
                int *v = dl_xmalloc(sizeof *v);
                *v = (i * 7919) % N; /* a permutation of 0..N-1 */
                snprintf(keys[i], sizeof keys[i], "k%d", *v);
                dl_htab_put_str(&t, keys[i], v);
        }
        int **all = (int **)dl_htab_sorted(&t, cmp_int_ptr, &n);
        assert_int_equal(n, N);
        for (int i = 0; i < N; i++)
                assert_int_equal(*all[i], i);
        free(all);
        dl_htab_free_all(&t, free);
        assert_int_equal(t.n, 0);
        assert_null(t.slots);
        assert_null(dl_htab_get_str(&t, "k1"));
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_empty),
                cmocka_unit_test(test_put_get_replace),
                cmocka_unit_test(test_binary_keys),
                cmocka_unit_test(test_growth_and_iteration),
                cmocka_unit_test(test_remove_against_model),
                cmocka_unit_test(test_sorted_and_free_all),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
