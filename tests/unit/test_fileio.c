/* test_fileio.c - dl_file_write_atomic: regular files replaced whole,
 * symbolic links kept (their target replaced), special files written into.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "findings/fileio.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

static int setup(void **state)
{
        snprintf(dir, sizeof dir, "/tmp/dl-fileio-XXXXXX");
        return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
        char *cmd = dl_xasprintf("rm -rf '%s'", dir);
        int rc = system(cmd);
        free(cmd);
        return rc == 0 ? 0 : -1;
}

static char *slurp(const char *path)
{
        char *text = NULL;
        size_t len = 0;
        if (dl_file_read(path, &text, &len, NULL) != DL_OK)
                return NULL;
        return text;
}

static void test_regular_file_is_replaced(void **state)
{
        char *p = dl_xasprintf("%s/out.txt", dir);
        assert_int_equal(dl_file_write_atomic(p, "one", 3, NULL), DL_OK);
        assert_int_equal(dl_file_write_atomic(p, "two!", 4, NULL), DL_OK);
        char *t = slurp(p);
        assert_string_equal(t, "two!");
        free(t);
        free(p);
}

static void test_symlink_is_kept_and_its_target_replaced(void **state)
{
        char *target = dl_xasprintf("%s/real.txt", dir);
        char *link = dl_xasprintf("%s/link.txt", dir);
        assert_int_equal(dl_file_write_atomic(target, "old", 3, NULL), DL_OK);
        assert_int_equal(symlink("real.txt", link), 0);
        assert_int_equal(dl_file_write_atomic(link, "new", 3, NULL), DL_OK);
        struct stat st;
        assert_int_equal(lstat(link, &st), 0);
        assert_true(S_ISLNK(st.st_mode));
        char *t = slurp(target);
        assert_string_equal(t, "new");
        free(t);
        free(target);
        free(link);
}

static void test_device_is_written_into_not_replaced(void **state)
{
        assert_int_equal(dl_file_write_atomic("/dev/null", "x", 1, NULL), DL_OK);
        struct stat st;
        assert_int_equal(stat("/dev/null", &st), 0);
        assert_true(S_ISCHR(st.st_mode));
}

static void test_directory_is_an_error(void **state)
{
        struct dl_error err;
        dl_error_init(&err);
        assert_int_equal(dl_file_write_atomic(dir, "x", 1, &err), DL_ERR_IO);
        assert_non_null(strstr(err.message, "is a directory"));
        dl_error_fini(&err);
}

static void test_missing_directory_leaves_nothing(void **state)
{
        char *p = dl_xasprintf("%s/no/such/dir/out.sarif", dir);
        assert_int_equal(dl_file_write_atomic(p, "x", 1, NULL), DL_ERR_IO);
        assert_int_not_equal(access(p, F_OK), 0);
        free(p);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_regular_file_is_replaced),
                cmocka_unit_test(test_symlink_is_kept_and_its_target_replaced),
                cmocka_unit_test(test_device_is_written_into_not_replaced),
                cmocka_unit_test(test_directory_is_an_error),
                cmocka_unit_test(test_missing_directory_leaves_nothing),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
