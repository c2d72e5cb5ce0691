/* test_cli_shard.c - --shard K/N: every input in exactly one shard, the
 * same shard whatever the spelling of the path, shards of similar size,
 * and a stable function (src/cli/shard.h).
 * SPDX-License-Identifier: MIT
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "cli/shard.h"
#include "core/alloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void test_every_input_in_exactly_one_shard(void **state)
{
        (void)state;
        char cwd[PATH_MAX];
        assert_non_null(getcwd(cwd, sizeof cwd));
        for (unsigned n = 1; n <= 9; n++) {
                unsigned *size = dl_xcalloc(n, sizeof *size);
                for (int i = 0; i < 2000; i++) {
                        char path[64];
                        snprintf(path, sizeof path, "src/m%03d/f%d.cpp", i / 100, i);
                        unsigned holders = 0;
                        for (unsigned k = 1; k <= n; k++) {
                                if (dl_shard_keeps(path, cwd, k, n)) {
                                        holders++;
                                        size[k - 1]++;
                                }
                        }
                        assert_int_equal(holders, 1);
                }
                /* 2,000 paths: every shard within 25% of the mean */
                for (unsigned k = 0; k < n; k++) {
                        assert_true(size[k] * n * 4 >= 2000 * 3);
                        assert_true(size[k] * n * 4 <= 2000 * 5);
                }
                free(size);
        }
}

static void test_same_shard_whatever_the_spelling(void **state)
{
        (void)state;
        char cwd[PATH_MAX];
        assert_non_null(getcwd(cwd, sizeof cwd));
        char *abs = dl_xasprintf("%s/src/orders.cpp", cwd);
        char *parent = dl_xasprintf("%s/..", cwd);
        char *base = strrchr(cwd, '/') + 1;
        char *from_parent = dl_xasprintf("%s/%s/src/orders.cpp", parent, base);
        for (unsigned k = 1; k <= 5; k++) {
                bool a = dl_shard_keeps("src/orders.cpp", cwd, k, 5);
                assert_int_equal(a, dl_shard_keeps("./src/orders.cpp", cwd, k, 5));
                assert_int_equal(a, dl_shard_keeps("src//x/../orders.cpp", cwd, k, 5));
                assert_int_equal(a, dl_shard_keeps(abs, cwd, k, 5));
                assert_int_equal(a, dl_shard_keeps(from_parent, cwd, k, 5));
        }
        /* another checkout directory: the same relative path, the same shard */
        for (unsigned k = 1; k <= 5; k++)
                assert_int_equal(dl_shard_keeps("/a/repo/src/orders.cpp", "/a/repo", k, 5),
                                 dl_shard_keeps("/runner/work/repo/src/orders.cpp",
                                                "/runner/work/repo", k, 5));
        free(abs);
        free(parent);
        free(from_parent);
}

/* SHA-256("src/orders.cpp") begins 68b3b1da 9012918a (sha256sum): the
 * shard function is that prefix modulo N. */
static void test_stable_function(void **state)
{
        (void)state;
        uint64_t h = UINT64_C(0x68b3b1da9012918a);
        for (unsigned n = 1; n <= 16; n++)
                assert_int_equal(dl_shard_of("src/orders.cpp", n), (unsigned)(h % n));
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_every_input_in_exactly_one_shard),
                cmocka_unit_test(test_same_shard_whatever_the_spelling),
                cmocka_unit_test(test_stable_function),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
