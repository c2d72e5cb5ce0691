/* test_suppress.c - the inline suppression parser (findings/suppress.c).
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/log.h"
#include "findings/suppress.h"

#include <string.h>

static const char *const known[] = {"scan", "query-missing-key-condition"};

struct fx {
        struct dl_log log;
        struct dl_suppressions *s;
};

static void parse(struct fx *fx, const char *text)
{
        dl_log_init(&fx->log, NULL, false);
        fx->s = dl_suppressions_parse("a.cpp", text, strlen(text), known, 2, &fx->log);
}

static void done(struct fx *fx)
{
        dl_suppressions_free(fx->s);
        dl_log_fini(&fx->log);
}

static bool suppressed(struct fx *fx, const char *id, unsigned line)
{
        return dl_suppressions_match(fx->s, id, line) != NULL;
}

static void test_ignore_covers_its_line_and_the_next(void **state)
{
        struct fx fx;
        parse(&fx, "int a;\n"
                   "// ddblint: ignore[scan] nightly report, small table\n"
                   "client.Scan(req);\n"
                   "client.Scan(req); // ddblint: ignore[scan]\n");
        assert_int_equal(fx.s->n, 2);
        assert_false(suppressed(&fx, "scan", 1));
        assert_true(suppressed(&fx, "scan", 2));
        assert_true(suppressed(&fx, "scan", 3));
        assert_true(suppressed(&fx, "scan", 4));
        assert_false(suppressed(&fx, "query-missing-key-condition", 3));
        assert_string_equal(fx.s->items[0].reason, "nightly report, small table");
        assert_null(fx.s->items[1].reason);
        assert_int_equal(fx.s->items[0].line, 2);
        assert_int_equal(fx.s->items[0].col, 4);
        assert_int_equal(fx.log.n, 0);
        done(&fx);
}

static void test_yaml_comments_hold_directives(void **state)
{
        (void)state;
        struct dl_log log;
        dl_log_init(&log, NULL, false);
        const char text[] = "Resources:\n"
                            "  # ddblint: ignore[scan] a template's own comment\n"
                            "  T:\n"
                            "    Description: Bob's table # ddblint: ignore[scan]\n"
                            "    Url: 'http://x#y' # ddblint: ignore-next-line[scan]\n"
                            "    Name: \"# ddblint: ignore[scan]\"\n"
                            "    Other: a#b\n";
        struct dl_suppressions *s =
                dl_suppressions_parse("template.yaml", text, strlen(text), known, 2, &log);
        assert_int_equal(s->n, 3);
        assert_non_null(dl_suppressions_match(s, "scan", 3));
        assert_non_null(dl_suppressions_match(s, "scan", 4));
        assert_non_null(dl_suppressions_match(s, "scan", 6));
        assert_null(dl_suppressions_match(s, "scan", 7));
        assert_int_equal(log.n, 0);
        dl_suppressions_free(s);
        dl_log_fini(&log);
}

static void test_ignore_next_line_covers_only_the_next(void **state)
{
        struct fx fx;
        parse(&fx, "// ddblint: ignore-next-line[scan, query-missing-key-condition] why\n"
                   "x;\n"
                   "y;\n");
        assert_false(suppressed(&fx, "scan", 1));
        assert_true(suppressed(&fx, "scan", 2));
        assert_true(suppressed(&fx, "query-missing-key-condition", 2));
        assert_false(suppressed(&fx, "scan", 3));
        assert_int_equal(fx.s->items[0].n_ids, 2);
        assert_int_equal(fx.s->items[0].ids[1].col, 36);
        done(&fx);
}

static void test_begin_end_range_and_block_comments(void **state)
{
        struct fx fx;
        parse(&fx, "/* ddblint: ignore-begin[*] generated code */\n"
                   "a;\n"
                   "b;\n"
                   "/*\n"
                   " * ddblint: ignore-end\n"
                   " */\n"
                   "c;\n");
        assert_int_equal(fx.s->n, 1);
        assert_true(suppressed(&fx, "scan", 2));
        assert_true(suppressed(&fx, "anything", 3));
        assert_false(suppressed(&fx, "scan", 7));
        assert_int_equal(fx.s->items[0].last, 5);
        assert_string_equal(fx.s->items[0].reason, "generated code");
        assert_int_equal(fx.log.n, 0);
        done(&fx);
}

static void test_nested_ranges_close_innermost_first(void **state)
{
        struct fx fx;
        parse(&fx, "// ddblint: ignore-begin[scan]\n"
                   "// ddblint: ignore-begin[query-missing-key-condition]\n"
                   "x;\n"
                   "// ddblint: ignore-end\n"
                   "y;\n"
                   "// ddblint: ignore-end\n");
        assert_true(suppressed(&fx, "query-missing-key-condition", 3));
        assert_false(suppressed(&fx, "query-missing-key-condition", 5));
        assert_true(suppressed(&fx, "scan", 5));
        done(&fx);
}

static void test_directives_in_strings_are_ignored(void **state)
{
        struct fx fx;
        parse(&fx, "const char *s = \"// ddblint: ignore[scan]\";\n"
                   "const char *r = R\"x(\n// ddblint: ignore[scan]\n)x\";\n"
                   "char c = '\"'; // ddblint: ignore[scan] real\n");
        assert_int_equal(fx.s->n, 1);
        assert_int_equal(fx.s->items[0].line, 5);
        done(&fx);
}

static void test_prose_mentioning_ddblint_is_not_a_directive(void **state)
{
        struct fx fx;
        parse(&fx, "// We run ddblint: see docs.\n");
        assert_int_equal(fx.s->n, 0);
        assert_int_equal(fx.log.n, 0);
        done(&fx);
}

static void expect_malformed(const char *text, unsigned col, const char *fragment)
{
        struct fx fx;
        parse(&fx, text);
        assert_int_equal(fx.s->n, 0);
        assert_int_equal(fx.log.n, 1);
        assert_string_equal(fx.log.items[0].id, "suppression-malformed");
        assert_string_equal(fx.log.items[0].file, "a.cpp");
        assert_int_equal(fx.log.items[0].line, 1);
        assert_int_equal(fx.log.items[0].col, col);
        assert_non_null(strstr(fx.log.items[0].message, fragment));
        done(&fx);
}

static void test_malformed_directives_are_diagnosed(void **state)
{
        expect_malformed("// ddblint: ignore reason without ids\n", 19, "expected '['");
        expect_malformed("// ddblint: ignore[]\n", 20, "empty check id list");
        expect_malformed("// ddblint: ignore[scan\n", 24, "expected ',' or ']'");
        expect_malformed("// ddblint: ignore[scan,]\n", 25, "expected a check id");
        expect_malformed("// ddblint: ignroe[scan]\n", 4, "unknown directive 'ddblint: ignroe'");
        expect_malformed("// ddblint: ignore-end\n", 4, "without a matching 'ignore-begin'");
        expect_malformed("// ddblint:\n", 4, "expected ignore");
}

static void test_unclosed_begin_is_reported_and_covers_the_rest(void **state)
{
        struct fx fx;
        parse(&fx, "// ddblint: ignore-begin[scan]\nx;\ny;\n");
        assert_int_equal(fx.log.n, 1);
        assert_non_null(strstr(fx.log.items[0].message, "without a matching 'ignore-end'"));
        assert_true(suppressed(&fx, "scan", 3));
        done(&fx);
}

static void test_unknown_id_is_diagnosed_and_never_unused(void **state)
{
        struct fx fx;
        parse(&fx, "x; // ddblint: ignore[scna, scan]\n");
        assert_int_equal(fx.log.n, 1);
        assert_string_equal(fx.log.items[0].id, "suppression-unknown-check");
        assert_int_equal(fx.log.items[0].col, 23);
        assert_non_null(strstr(fx.log.items[0].message, "'scna'"));
        /* scan is unused, scna is unknown (already reported). */
        assert_int_equal(dl_suppressions_report_unused(fx.s, &fx.log, NULL, NULL), 1);
        assert_int_equal(fx.log.n, 2);
        assert_string_equal(fx.log.items[1].id, "suppression-unused");
        assert_int_equal(fx.log.items[1].line, 1);
        assert_int_equal(fx.log.items[1].col, 29);
        done(&fx);
}

static void test_unused_reporting_tracks_each_id(void **state)
{
        struct fx fx;
        parse(&fx, "// ddblint: ignore[scan, query-missing-key-condition]\nx;\n"
                   "// ddblint: ignore[*]\ny;\n");
        assert_true(suppressed(&fx, "scan", 2));
        assert_int_equal(dl_suppressions_report_unused(fx.s, &fx.log, NULL, NULL), 2);
        assert_non_null(strstr(fx.log.items[0].message, "'query-missing-key-condition'"));
        assert_non_null(strstr(fx.log.items[1].message, "no finding"));
        done(&fx);
}

static void test_exact_id_wins_over_wildcard(void **state)
{
        struct fx fx;
        parse(&fx, "// ddblint: ignore-begin[*]\n// ddblint: ignore[scan]\nx;\n// ddblint: ignore-end\n");
        const struct dl_directive *d = dl_suppressions_match(fx.s, "scan", 3);
        assert_non_null(d);
        assert_int_equal(d->line, 2);
        done(&fx);
}

static void test_without_known_list_every_id_is_accepted(void **state)
{
        struct dl_log log;
        dl_log_init(&log, NULL, false);
        const char *t = "// ddblint: ignore[whatever]\n";
        struct dl_suppressions *s = dl_suppressions_parse("b.c", t, strlen(t), NULL, 0, &log);
        assert_int_equal(log.n, 0);
        assert_int_equal(s->n, 1);
        dl_suppressions_free(s);
        dl_log_fini(&log);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_ignore_covers_its_line_and_the_next),
                cmocka_unit_test(test_yaml_comments_hold_directives),
                cmocka_unit_test(test_ignore_next_line_covers_only_the_next),
                cmocka_unit_test(test_begin_end_range_and_block_comments),
                cmocka_unit_test(test_nested_ranges_close_innermost_first),
                cmocka_unit_test(test_directives_in_strings_are_ignored),
                cmocka_unit_test(test_prose_mentioning_ddblint_is_not_a_directive),
                cmocka_unit_test(test_malformed_directives_are_diagnosed),
                cmocka_unit_test(test_unclosed_begin_is_reported_and_covers_the_rest),
                cmocka_unit_test(test_unknown_id_is_diagnosed_and_never_unused),
                cmocka_unit_test(test_unused_reporting_tracks_each_id),
                cmocka_unit_test(test_exact_id_wins_over_wildcard),
                cmocka_unit_test(test_without_known_list_every_id_is_accepted),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
