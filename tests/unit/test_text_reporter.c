/* test_text_reporter.c - gcc-style lines, related notes, summary line.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "checks/check.h"
#include "core/alloc.h"
#include "findings/finding.h"
#include "findings/sink.h"
#include "report/reporter.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *run(struct dl_finding **fs, size_t n, const struct dl_sink_stats *st, bool color)
{
        char *buf = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&buf, &len);
        struct dl_reporter *r = dl_reporter_text_new(out, color, true);
        assert_string_equal(r->name, "text");
        assert_int_equal(r->begin(r, dl_catalogue_get()), DL_OK);
        for (size_t i = 0; i < n; i++)
                assert_int_equal(r->finding(r, fs[i]), DL_OK);
        struct dl_run_summary sum = {.stats = st, .complete = true};
        assert_int_equal(r->end(r, &sum), DL_OK);
        r->destroy(r);
        fclose(out);
        return buf;
}

static void test_lines_notes_and_summary(void **state)
{
        struct dl_loc l1 = {"src/a.cpp", 12, 5}, l2 = {"src/a.cpp", 20, 3}, rl = {"src/a.cpp", 8, 9};
        struct dl_finding *f[3];
        f[0] = dl_finding_new("query-missing-key-condition", DL_SEV_ERROR, &l1,
                              "Query of table 'Orders' sets no KeyConditionExpression");
        dl_finding_add_related(f[0], &rl, "request built here");
        f[1] = dl_finding_new("scan", DL_SEV_WARNING, &l2, "Scan of table 'Orders'");
        f[2] = dl_finding_new("scan", DL_SEV_WARNING, &l2, "hidden");
        f[2]->suppressed = DL_SUPPRESS_INLINE;
        struct dl_sink_stats st = {.shown = 2, .suppressed_inline = 1, .by_severity = {0, 1, 1}};
        char *out = run(f, 3, &st, false);
        assert_string_equal(out,
                            "src/a.cpp:12:5: error: Query of table 'Orders' sets no "
                            "KeyConditionExpression [query-missing-key-condition]\n"
                            "src/a.cpp:8:9: note: request built here\n"
                            "src/a.cpp:20:3: warning: Scan of table 'Orders' [scan]\n"
                            "ddblint: 2 findings (1 error, 1 warning); 1 suppressed inline, 0 in "
                            "baseline\n");
        free(out);
        for (int i = 0; i < 3; i++)
                dl_finding_free(f[i]);
}

static void test_no_findings_and_no_stats(void **state)
{
        char *out = run(NULL, 0, NULL, false);
        assert_string_equal(out, "ddblint: 0 findings\n");
        free(out);
        struct dl_sink_stats st = {.baselined = 4, .disabled = 2};
        out = run(NULL, 0, &st, false);
        assert_string_equal(out, "ddblint: 0 findings; 0 suppressed inline, 4 in baseline, 2 from "
                                 "disabled checks\n");
        free(out);
}

static void test_missing_column_and_file(void **state)
{
        struct dl_loc l = {"x.c", 3, 0};
        struct dl_finding *f[2] = {dl_finding_new("scan", DL_SEV_NOTE, &l, "m"),
                                   dl_finding_new("scan", DL_SEV_NOTE, NULL, "n")};
        char *out = run(f, 2, NULL, false);
        assert_string_equal(out, "x.c:3: note: m [scan]\nddblint: note: n [scan]\n"
                                 "ddblint: 2 findings (2 notes)\n");
        free(out);
        dl_finding_free(f[0]);
        dl_finding_free(f[1]);
}

static void test_color(void **state)
{
        struct dl_loc l = {"x.c", 3, 1};
        struct dl_finding *f = dl_finding_new("scan", DL_SEV_WARNING, &l, "m");
        char *out = run(&f, 1, NULL, true);
        assert_non_null(strstr(out, "\033[1mx.c:3:1:\033[0m \033[1;35mwarning:\033[0m m [scan]\n"));
        free(out);
        dl_finding_free(f);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_lines_notes_and_summary),
                cmocka_unit_test(test_no_findings_and_no_stats),
                cmocka_unit_test(test_missing_column_and_file),
                cmocka_unit_test(test_color),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
