/* test_fingerprint.c - baseline fingerprints and GitHub's line hashes,
 * against the vectors in tests/fixtures/sarif/fingerprint-vectors/.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "findings/fileio.h"
#include "findings/fingerprint.h"
#include "findings/utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VECTORS DL_SOURCE_DIR "/tests/fixtures/sarif/fingerprint-vectors/"

static char *read_fixture(const char *name, size_t *len)
{
        char *path = dl_xasprintf("%s%s", VECTORS, name);
        char *text = NULL;
        assert_int_equal(dl_file_read(path, &text, len, NULL), DL_OK);
        free(path);
        return text;
}

/* Compare every "line hash:count" of tN.expected with our computation. */
static void check_vector(const char *stem)
{
        char *tname = dl_xasprintf("%s.txt", stem), *ename = dl_xasprintf("%s.expected", stem);
        size_t tlen, elen;
        char *text = read_fixture(tname, &tlen);
        char *expected = read_fixture(ename, &elen);
        struct dl_line_hashes h;
        dl_line_hashes_compute(&h, text, tlen);
        size_t lines = 0;
        char *save = NULL;
        for (char *line = strtok_r(expected, "\n", &save); line;
             line = strtok_r(NULL, "\n", &save)) {
                unsigned n;
                char hash[64];
                assert_int_equal(sscanf(line, "%u %63s", &n, hash), 2);
                assert_non_null(dl_line_hashes_get(&h, n));
                assert_string_equal(dl_line_hashes_get(&h, n), hash);
                lines++;
        }
        assert_int_equal(lines, h.n);
        dl_line_hashes_fini(&h);
        free(text);
        free(expected);
        free(tname);
        free(ename);
}

static void test_vector_t1(void **state) { check_vector("t1"); }
static void test_vector_t2_repeated_and_indented_lines(void **state) { check_vector("t2"); }
static void test_vector_t3_non_ascii(void **state) { check_vector("t3"); }

static void test_every_vector_in_the_directory_is_tested(void **state)
{
        /* Guard: a vector added to the directory must be added above. */
        for (int i = 1; i <= 9; i++) {
                char *p = dl_xasprintf("%st%d.txt", VECTORS, i);
                FILE *f = fopen(p, "rb");
                if (f)
                        fclose(f);
                assert_true((f != NULL) == (i <= 3));
                free(p);
        }
}

static void test_crlf_and_cr_hash_like_lf(void **state)
{
        const char *lf = "int a;\nint b;\n", *crlf = "int a;\r\nint b;\r\n", *cr = "int a;\rint b;\r";
        struct dl_line_hashes a, b, c;
        dl_line_hashes_compute(&a, lf, strlen(lf));
        dl_line_hashes_compute(&b, crlf, strlen(crlf));
        dl_line_hashes_compute(&c, cr, strlen(cr));
        assert_int_equal(a.n, 3);
        assert_int_equal(b.n, 3);
        assert_int_equal(c.n, 3);
        for (unsigned i = 1; i <= 3; i++) {
                assert_string_equal(dl_line_hashes_get(&a, i), dl_line_hashes_get(&b, i));
                assert_string_equal(dl_line_hashes_get(&a, i), dl_line_hashes_get(&c, i));
        }
        dl_line_hashes_fini(&a);
        dl_line_hashes_fini(&b);
        dl_line_hashes_fini(&c);
}

static void test_identical_windows_are_counted(void **state)
{
        /* Two identical last lines: their windows (line + EOF + zeros) differ
         * by position only after the file ends, so the count tells them
         * apart only when the hashes coincide; whitespace never matters. */
        const char *t1 = "x = 1;\n", *t2 = "  x  =  1 ;\n";
        struct dl_line_hashes a, b;
        dl_line_hashes_compute(&a, t1, strlen(t1));
        dl_line_hashes_compute(&b, t2, strlen(t2));
        assert_string_equal(dl_line_hashes_get(&a, 1), dl_line_hashes_get(&b, 1));
        dl_line_hashes_fini(&a);
        dl_line_hashes_fini(&b);

        const char *blank = "\n\n\n";
        dl_line_hashes_compute(&a, blank, strlen(blank));
        assert_int_equal(a.n, 4);
        /* "\n\n\n<EOF>" and "\n\n<EOF>" windows differ; all end in ":1". */
        for (unsigned i = 1; i <= 4; i++)
                assert_non_null(strstr(dl_line_hashes_get(&a, i), ":1"));
        dl_line_hashes_fini(&a);
}

static void test_long_file_emits_every_line_once(void **state)
{
        /* More than one window (100 units) of text, including lines longer
         * than the window and astral characters (two UTF-16 units). */
        char *buf = dl_xmalloc(20000);
        size_t n = 0;
        for (int i = 0; i < 300; i++)
                n += (size_t)snprintf(buf + n, 20000 - n, "%s\n",
                                      i % 7 == 0 ? "/* \xF0\x9F\x98\x80 long line long line long line long "
                                                   "line long line long line long line long line "
                                                   "long line long line long line */"
                                                 : "same;");
        struct dl_line_hashes h;
        dl_line_hashes_compute(&h, buf, n);
        assert_int_equal(h.n, 301);
        /* A line of "same;" followed by the same text has the same hash as
         * the identical run further down, so counts above 1 appear. */
        int repeats = 0;
        for (size_t i = 0; i < h.n; i++)
                repeats += strstr(h.lines[i], ":1") == NULL;
        assert_true(repeats > 0);
        dl_line_hashes_fini(&h);
        free(buf);
}

static void test_fingerprint_is_stable_and_sensitive(void **state)
{
        char *a = dl_fingerprint_compute("scan", "src/a.cpp", "f", "Scan table=T", 0);
        char *b = dl_fingerprint_compute("scan", "src/a.cpp", "f", "Scan table=T", 0);
        char *c = dl_fingerprint_compute("scan", "src/a.cpp", "f", "Scan table=T", 1);
        char *d = dl_fingerprint_compute("scan", "src/a.cpp", NULL, "Scan table=T", 0);
        char *e = dl_fingerprint_compute("scan", "src/a.cpp", "", "Scan table=T", 0);
        char *g = dl_fingerprint_compute("scan", "src/b.cpp", "f", "Scan table=T", 0);
        assert_int_equal(strlen(a), DL_FINGERPRINT_HEX_LEN);
        assert_string_equal(a, b);
        assert_string_not_equal(a, c);
        assert_string_not_equal(a, d);
        assert_string_not_equal(d, e);
        assert_string_not_equal(a, g);
        /* Field boundaries are unambiguous. */
        char *x = dl_fingerprint_compute("ab", "c", NULL, NULL, 0);
        char *y = dl_fingerprint_compute("a", "bc", NULL, NULL, 0);
        assert_string_not_equal(x, y);
        free(a), free(b), free(c), free(d), free(e), free(g), free(x), free(y);
}

static void test_utf16_columns(void **state)
{
        const char *line = "a\xC3\xA9z\xF0\x9F\x98\x80q"; /* a é z 😀 q */
        size_t n = strlen(line);
        assert_int_equal(dl_utf16_column(line, n, 1), 1); /* a */
        assert_int_equal(dl_utf16_column(line, n, 2), 2); /* é */
        assert_int_equal(dl_utf16_column(line, n, 4), 3); /* z */
        assert_int_equal(dl_utf16_column(line, n, 5), 4); /* 😀 */
        assert_int_equal(dl_utf16_column(line, n, 9), 6); /* q */
        assert_int_equal(dl_utf16_column(line, n, 10), 7); /* end */
        assert_int_equal(dl_utf16_column(line, n, 0), 0);
        /* Invalid bytes count as one unit each (U+FFFD). */
        assert_int_equal(dl_utf16_column("\xFF\xFEx", 3, 3), 3);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_vector_t1),
                cmocka_unit_test(test_vector_t2_repeated_and_indented_lines),
                cmocka_unit_test(test_vector_t3_non_ascii),
                cmocka_unit_test(test_every_vector_in_the_directory_is_tested),
                cmocka_unit_test(test_crlf_and_cr_hash_like_lf),
                cmocka_unit_test(test_identical_windows_are_counted),
                cmocka_unit_test(test_long_file_emits_every_line_once),
                cmocka_unit_test(test_fingerprint_is_stable_and_sensitive),
                cmocka_unit_test(test_utf16_columns),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
