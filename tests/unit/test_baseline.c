/* test_baseline.c - baseline files: format, sorting, errors.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "findings/baseline.h"
#include "findings/fileio.h"
#include "findings/finding.h"
#include "findings/fingerprint.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *tmpfile_path(void)
{
        char *p = dl_xstrdup("/tmp/dl-baseline-XXXXXX");
        int fd = mkstemp(p);
        assert_true(fd >= 0);
        close(fd);
        return p;
}

static void write_text(const char *path, const char *text)
{
        assert_int_equal(dl_file_write_atomic(path, text, strlen(text), NULL), DL_OK);
}

static void test_save_sorts_dedups_and_loads(void **state)
{
        struct dl_loc l1 = {"src/b.cpp", 3, 1}, l2 = {"src/a.cpp", 9, 1};
        struct dl_finding *f[3] = {
                dl_finding_new("scan", DL_SEV_WARNING, &l1, "b"),
                dl_finding_new("scan", DL_SEV_WARNING, &l2, "a \xff bad utf-8"),
                dl_finding_new("scan", DL_SEV_WARNING, &l2, "a again"),
        };
        f[0]->fingerprint = dl_fingerprint_compute("scan", "src/b.cpp", NULL, NULL, 0);
        f[1]->fingerprint = dl_fingerprint_compute("scan", "src/a.cpp", "g", NULL, 0);
        f[2]->fingerprint = dl_xstrdup(f[1]->fingerprint);
        f[1]->function = dl_xstrdup("g");
        char *p = tmpfile_path();
        assert_int_equal(dl_baseline_save(p, (const struct dl_finding *const *)f, NULL, 3, NULL),
                         DL_OK);

        json_t *root = json_load_file(p, 0, NULL);
        assert_non_null(root);
        json_t *arr = json_object_get(root, "findings");
        assert_int_equal(json_array_size(arr), 2);
        assert_string_equal(json_string_value(json_object_get(json_array_get(arr, 0), "path")),
                            "src/a.cpp");
        assert_string_equal(
                json_string_value(json_object_get(json_array_get(arr, 0), "function")), "g");
        json_decref(root);

        struct dl_baseline *b = NULL;
        assert_int_equal(dl_baseline_load(p, &b, NULL), DL_OK);
        assert_int_equal(dl_baseline_size(b), 2);
        assert_true(dl_baseline_contains(b, f[0]->fingerprint));
        assert_true(dl_baseline_contains(b, f[1]->fingerprint));
        assert_false(dl_baseline_contains(b, "0000"));
        dl_baseline_free(b);
        for (int i = 0; i < 3; i++)
                dl_finding_free(f[i]);
        unlink(p);
        free(p);
}

static void expect_error(const char *text, enum dl_status st, unsigned line, const char *frag)
{
        char *p = tmpfile_path();
        write_text(p, text);
        struct dl_baseline *b = (struct dl_baseline *)1;
        struct dl_error err;
        dl_error_init(&err);
        assert_int_equal(dl_baseline_load(p, &b, &err), st);
        assert_null(b);
        assert_string_equal(err.file, p);
        assert_int_equal(err.line, line);
        assert_non_null(strstr(err.message, frag));
        dl_error_fini(&err);
        unlink(p);
        free(p);
}

static void test_bad_files_are_parse_errors(void **state)
{
        expect_error("{\"version\": 1, \"findings\": [}\n", DL_ERR_PARSE, 1, "invalid baseline JSON");
        expect_error("[]", DL_ERR_PARSE, 0, "expected an object");
        expect_error("{\"version\": 2, \"findings\": []}", DL_ERR_PARSE, 0, "\"version\"");
        expect_error("{\"version\": 1}", DL_ERR_PARSE, 0, "\"findings\"");
        expect_error("{\"version\": 1, \"findings\": [{\"fingerprint\": \"abc\"}]}", DL_ERR_PARSE,
                     0, "findings[0].fingerprint");
}

static void test_missing_file_is_io_error(void **state)
{
        struct dl_baseline *b = NULL;
        struct dl_error err;
        dl_error_init(&err);
        assert_int_equal(dl_baseline_load("/nonexistent/dir/b.json", &b, &err), DL_ERR_IO);
        assert_null(b);
        dl_error_fini(&err);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_save_sorts_dedups_and_loads),
                cmocka_unit_test(test_bad_files_are_parse_errors),
                cmocka_unit_test(test_missing_file_is_io_error),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
