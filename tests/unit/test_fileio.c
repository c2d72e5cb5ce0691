/* test_fileio.c - dl_file_write_atomic: regular files replaced whole,
 * symbolic links kept (their target replaced), special files written into;
 * dl_atomic_open/commit/abort, and the temporary file removed when the
 * process is killed by a signal.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "findings/fileio.h"

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
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

/* The number of entries of dir whose name starts with prefix. */
static int count_prefixed(const char *prefix)
{
        DIR *d = opendir(dir);
        assert_non_null(d);
        int n = 0;
        struct dirent *e;
        while ((e = readdir(d)))
                n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
        closedir(d);
        return n;
}

static void test_open_checks_early_and_commit_replaces(void **state)
{
        char *p = dl_xasprintf("%s/early.txt", dir);
        struct dl_atomic_file *f = NULL;
        assert_int_equal(dl_atomic_open(p, &f, NULL), DL_OK);
        /* The temporary file exists from the start; the target not yet. */
        assert_int_equal(count_prefixed(".early.txt."), 1);
        assert_int_not_equal(access(p, F_OK), 0);
        assert_int_equal(dl_atomic_commit(f, "done", 4, NULL), DL_OK);
        assert_int_equal(count_prefixed(".early.txt."), 0);
        char *t = slurp(p);
        assert_string_equal(t, "done");
        free(t);
        /* abort leaves the target as it was */
        assert_int_equal(dl_atomic_open(p, &f, NULL), DL_OK);
        dl_atomic_abort(f);
        assert_int_equal(count_prefixed(".early.txt."), 0);
        t = slurp(p);
        assert_string_equal(t, "done");
        free(t);
        free(p);
        /* an unwritable place fails at open, before any work */
        struct dl_error err;
        dl_error_init(&err);
        char *q = dl_xasprintf("%s/no/such/dir/out.sarif", dir);
        assert_int_equal(dl_atomic_open(q, &f, &err), DL_ERR_IO);
        assert_null(f);
        assert_string_equal(err.file, q);
        /* the directory is what is missing: said so (issue 28) */
        assert_non_null(strstr(err.message, "cannot write it: no such directory"));
        dl_error_fini(&err);
        free(q);
}

static void killed_with_open_output(int sig)
{
        char *p = dl_xasprintf("%s/killed.sarif", dir);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                struct dl_atomic_file *f = NULL;
                dl_file_cleanup_on_signals();
                if (dl_atomic_open(p, &f, NULL) != DL_OK)
                        _exit(3);
                raise(sig);
                _exit(4); /* not reached: the default action ends the process */
        }
        int status = 0;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFSIGNALED(status));
        assert_int_equal(WTERMSIG(status), sig);
        assert_int_equal(count_prefixed(".killed.sarif."), 0);
        assert_int_not_equal(access(p, F_OK), 0);
        free(p);
}

static void test_signals_remove_the_temporary_file(void **state)
{
        killed_with_open_output(SIGINT);
        killed_with_open_output(SIGTERM);
        killed_with_open_output(SIGHUP);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_regular_file_is_replaced),
                cmocka_unit_test(test_symlink_is_kept_and_its_target_replaced),
                cmocka_unit_test(test_device_is_written_into_not_replaced),
                cmocka_unit_test(test_directory_is_an_error),
                cmocka_unit_test(test_missing_directory_leaves_nothing),
                cmocka_unit_test(test_open_checks_early_and_commit_replaces),
                cmocka_unit_test(test_signals_remove_the_temporary_file),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
