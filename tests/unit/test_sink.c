/* test_sink.c - the findings sink: enable/severity, inline suppression,
 * baseline, dedup, order, fingerprints, counts.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "core/log.h"
#include "findings/baseline.h"
#include "findings/fileio.h"
#include "findings/finding.h"
#include "findings/sink.h"
#include "rules/schema.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const known[] = {"scan", "query-missing-key-condition"};

static char *tmpdir(void)
{
        char *d = dl_xstrdup("/tmp/dl-sink-XXXXXX");
        assert_non_null(mkdtemp(d));
        return d;
}

static char *write_file(const char *dir, const char *name, const char *text)
{
        char *p = dl_xasprintf("%s/%s", dir, name);
        assert_int_equal(dl_file_write_atomic(p, text, strlen(text), NULL), DL_OK);
        return p;
}

static void rm_rf(char *dir)
{
        char *cmd = dl_xasprintf("rm -rf '%s'", dir);
        assert_int_equal(system(cmd), 0);
        free(cmd);
        free(dir);
}

static struct dl_finding *mk(const char *file, unsigned line, unsigned col, const char *id,
                             const char *msg, const char *fn, const char *sig)
{
        struct dl_loc loc = {file, line, col};
        struct dl_finding *f = dl_finding_new(id, DL_SEV_WARNING, &loc, msg);
        f->function = dl_xstrdup(fn);
        f->signature = dl_xstrdup(sig);
        return f;
}

static const char SRC[] = "void f() {\n"                              /* 1 */
                          "  c.Scan(a);\n"                            /* 2 */
                          "  // ddblint: ignore[scan] small table\n"  /* 3 */
                          "  c.Scan(b);\n"                            /* 4 */
                          "  c.Query(q); // ddblint: ignore[query-missing-key-condition]\n" /* 5 */
                          "}\n";

static void test_order_dedup_suppression_and_counts(void **state)
{
        char *dir = tmpdir();
        char *src = write_file(dir, "a.cpp", SRC);
        struct dl_sink_opts o = {.known_ids = known, .n_known_ids = 2, .project_root = dir};
        struct dl_sink *s = dl_sink_new(&o);
        struct dl_log log;
        dl_log_init(&log, NULL, false);
        dl_sink_emit(s, mk(src, 4, 3, "scan", "scan b", "f", "Scan T"));
        dl_sink_emit(s, mk(src, 2, 3, "scan", "scan a", "f", "Scan T"));
        dl_sink_emit(s, mk(src, 2, 3, "scan", "scan a", "f", "Scan T")); /* duplicate */
        dl_sink_emit(s, mk(src, 2, 3, "query-missing-key-condition", "q", "f", "Query T"));
        assert_int_equal(dl_sink_finish(s, &log, NULL), DL_OK);

        size_t n;
        const struct dl_finding *const *fs = dl_sink_findings(s, &n);
        assert_int_equal(n, 3);
        assert_int_equal(fs[0]->loc.line, 2);
        assert_string_equal(fs[0]->check_id, "query-missing-key-condition");
        assert_string_equal(fs[1]->check_id, "scan");
        assert_int_equal(fs[1]->suppressed, DL_SUPPRESS_NONE);
        assert_int_equal(fs[2]->loc.line, 4);
        assert_int_equal(fs[2]->suppressed, DL_SUPPRESS_INLINE);
        assert_string_equal(fs[2]->suppression_reason, "small table");
        for (size_t i = 0; i < n; i++) {
                assert_non_null(fs[i]->fingerprint);
                assert_non_null(fs[i]->line_hash);
        }
        /* Same check/path/function/signature: occurrence 0 and 1 differ. */
        assert_string_not_equal(fs[1]->fingerprint, fs[2]->fingerprint);

        const struct dl_sink_stats *st = dl_sink_get_stats(s);
        assert_int_equal(st->shown, 2);
        assert_int_equal(st->suppressed_inline, 1);
        assert_int_equal(st->duplicates, 1);
        assert_int_equal(st->by_severity[DL_SEV_WARNING], 2);
        /* The query-missing-key-condition directive on line 5 matched nothing. */
        assert_int_equal(st->unused_suppressions, 1);
        assert_int_equal(log.n, 1);
        assert_string_equal(log.items[0].id, "suppression-unused");
        assert_int_equal(log.items[0].line, 5);
        enum dl_severity worst;
        assert_true(dl_sink_worst(s, &worst));
        assert_int_equal(worst, DL_SEV_WARNING);

        dl_sink_free(s);
        dl_log_fini(&log);
        free(src);
        rm_rf(dir);
}

static void test_rules_disable_and_override_severity(void **state)
{
        struct dl_check_config cfgs[2] = {
                {.id = "scan", .has_severity = true, .severity = DL_SEV_ERROR},
                {.id = "query-missing-key-condition", .has_enabled = true, .enabled = false},
        };
        struct dl_ruleset rs = {.version = 1, .checks = cfgs, .n_checks = 2};
        struct dl_sink_opts o = {.rules = &rs, .known_ids = known, .n_known_ids = 2};
        struct dl_sink *s = dl_sink_new(&o);
        dl_sink_emit(s, mk("nowhere/x.cpp", 1, 1, "scan", "m", NULL, NULL));
        dl_sink_emit(s, mk("nowhere/x.cpp", 2, 1, "query-missing-key-condition", "m", NULL, NULL));
        struct dl_log log;
        dl_log_init(&log, NULL, false);
        assert_int_equal(dl_sink_finish(s, &log, NULL), DL_OK);
        size_t n;
        const struct dl_finding *const *fs = dl_sink_findings(s, &n);
        assert_int_equal(n, 1);
        assert_int_equal(fs[0]->severity, DL_SEV_ERROR);
        assert_null(fs[0]->line_hash); /* the file does not exist */
        assert_int_equal(dl_sink_get_stats(s)->disabled, 1);
        assert_int_equal(dl_sink_get_stats(s)->by_severity[DL_SEV_ERROR], 1);
        assert_int_equal(log.n, 1);
        assert_string_equal(log.items[0].id, "source-unreadable");
        dl_sink_free(s);
        dl_log_fini(&log);
}

static void test_baseline_round_trip(void **state)
{
        char *dir = tmpdir();
        char *src = write_file(dir, "a.cpp", SRC);
        char *bl = dl_xasprintf("%s/baseline.json", dir);
        struct dl_sink_opts o = {.known_ids = known, .n_known_ids = 2, .project_root = dir};

        /* Run 1: record. */
        struct dl_sink *s = dl_sink_new(&o);
        dl_sink_emit(s, mk(src, 2, 3, "scan", "scan a", "f", "Scan T"));
        dl_sink_emit(s, mk(src, 4, 3, "scan", "scan b", "f", "Scan T"));
        assert_int_equal(dl_sink_finish(s, NULL, NULL), DL_OK);
        assert_int_equal(dl_sink_write_baseline(s, bl, NULL), DL_OK);
        dl_sink_free(s);

        struct dl_baseline *b = NULL;
        assert_int_equal(dl_baseline_load(bl, &b, NULL), DL_OK);
        assert_int_equal(dl_baseline_size(b), 1); /* the inline-suppressed one is not recorded */
        dl_baseline_free(b);

        /* Run 2: the file was edited (line numbers moved); the baselined
         * finding is still matched, a new one is shown. */
        o.baseline_path = bl;
        s = dl_sink_new(&o);
        assert_int_equal(dl_sink_load_baseline(s, NULL), DL_OK);
        dl_sink_emit(s, mk(src, 12, 3, "scan", "scan a moved", "f", "Scan T"));
        dl_sink_emit(s, mk(src, 30, 3, "scan", "new one", "g", "Scan U"));
        assert_int_equal(dl_sink_finish(s, NULL, NULL), DL_OK);
        size_t n;
        const struct dl_finding *const *fs = dl_sink_findings(s, &n);
        assert_int_equal(n, 2);
        assert_int_equal(fs[0]->suppressed, DL_SUPPRESS_BASELINE);
        assert_int_equal(fs[1]->suppressed, DL_SUPPRESS_NONE);
        const struct dl_sink_stats *st = dl_sink_get_stats(s);
        assert_int_equal(st->baselined, 1);
        assert_int_equal(st->shown, 1);
        assert_int_equal(st->baseline_entries, 1);
        assert_int_equal(st->baseline_unmatched, 0);
        dl_sink_free(s);

        free(bl);
        free(src);
        rm_rf(dir);
}

static void test_bad_baseline_fails_with_position(void **state)
{
        char *dir = tmpdir();
        char *bl = write_file(dir, "b.json", "{\n  \"version\": 1,\n  \"findings\": [,]\n}\n");
        struct dl_sink_opts o = {.baseline_path = bl};
        struct dl_sink *s = dl_sink_new(&o);
        struct dl_error err;
        dl_error_init(&err);
        assert_int_equal(dl_sink_finish(s, NULL, &err), DL_ERR_PARSE);
        assert_string_equal(err.file, bl);
        assert_int_equal(err.line, 3);
        assert_true(err.col > 0);
        dl_error_fini(&err);
        dl_sink_free(s);
        free(bl);
        rm_rf(dir);
}

static void test_unused_suppressions_in_files_without_findings(void **state)
{
        char *dir = tmpdir();
        char *src = write_file(dir, "b.cpp", "x; // ddblint: ignore[scan]\n"
                                             "// ddblint: ignore[scann]\n");
        struct dl_sink_opts o = {.known_ids = known, .n_known_ids = 2, .project_root = dir};
        struct dl_sink *s = dl_sink_new(&o);
        dl_sink_add_source(s, src);
        struct dl_log log;
        dl_log_init(&log, NULL, false);
        assert_int_equal(dl_sink_finish(s, &log, NULL), DL_OK);
        assert_int_equal(log.n, 2);
        assert_string_equal(log.items[0].id, "suppression-unknown-check");
        assert_int_equal(log.items[0].line, 2);
        assert_string_equal(log.items[1].id, "suppression-unused");
        assert_int_equal(log.items[1].line, 1);
        assert_int_equal(log.items[1].col, 23);
        dl_sink_free(s);
        dl_log_fini(&log);
        free(src);
        rm_rf(dir);
}

static void test_fingerprint_ignores_lines_but_not_path(void **state)
{
        struct dl_sink_opts o = {.project_root = "/proj"};
        struct dl_sink *a = dl_sink_new(&o), *b = dl_sink_new(&o), *c = dl_sink_new(&o);
        dl_sink_emit(a, mk("/proj/src/x.cpp", 10, 1, "scan", "m", "f", "S"));
        dl_sink_emit(b, mk("/proj/src/x.cpp", 99, 7, "scan", "other text", "f", "S"));
        dl_sink_emit(c, mk("/proj/src/y.cpp", 10, 1, "scan", "m", "f", "S"));
        dl_sink_finish(a, NULL, NULL);
        dl_sink_finish(b, NULL, NULL);
        dl_sink_finish(c, NULL, NULL);
        size_t n;
        const char *fa = dl_sink_findings(a, &n)[0]->fingerprint;
        const char *fb = dl_sink_findings(b, &n)[0]->fingerprint;
        const char *fc = dl_sink_findings(c, &n)[0]->fingerprint;
        assert_string_equal(fa, fb);
        assert_string_not_equal(fa, fc);
        dl_sink_free(a);
        dl_sink_free(b);
        dl_sink_free(c);
}

/* Units in file order: each decided when taken (streamed), a header's
 * finding seen by two units kept once, a header's directive serving the
 * second unit, each unit's rules applied, unused directives told at the
 * end only. */
static void test_units_in_file_order(void **state)
{
        char *dir = tmpdir();
        char *a = write_file(dir, "a.cpp", "x;\nc.Scan(a);\n");
        char *h = write_file(dir, "h.h", "// ddblint: ignore[scan] generated\n"  /* 1 */
                                        "c.Scan(g);\n"                          /* 2 */
                                        "// ddblint: ignore[query-missing-key-condition]\n"
                                        "q;\n"                                  /* 4 */
                                        "c.Scan(h);\n");                        /* 5 */
        struct dl_sink_opts o = {.known_ids = known, .n_known_ids = 2, .project_root = dir};
        struct dl_sink *s = dl_sink_new(&o);
        struct dl_finding *u1[] = {mk(h, 5, 3, "scan", "scan h", "f", "Scan H"),
                                   mk(a, 2, 3, "scan", "scan a", "f", "Scan A")};
        size_t n_new = 0;
        assert_int_equal(dl_sink_take_unit(s, a, NULL, u1, 2, &n_new), 0);
        assert_int_equal(n_new, 2);
        size_t n;
        const struct dl_finding *const *fs = dl_sink_findings(s, &n);
        assert_int_equal(n, 2);
        /* decided at once: sorted within the unit, fingerprinted */
        assert_string_equal(fs[0]->message, "scan a");
        assert_non_null(fs[0]->fingerprint);
        assert_non_null(fs[0]->line_hash);
        assert_int_equal(dl_sink_get_stats(s)->shown, 2);

        /* unit 2: its rules disable query-missing-key-condition */
        struct dl_ruleset rules = {0};
        struct dl_check_config off = {.id = "query-missing-key-condition", .has_enabled = true};
        rules.checks = &off;
        rules.n_checks = 1;
        struct dl_finding *u2[] = {mk(h, 5, 3, "scan", "scan h", "f", "Scan H"), /* duplicate */
                                   mk(h, 2, 3, "scan", "scan g", "g", "Scan G"),
                                   mk(h, 4, 1, "query-missing-key-condition", "q", "g", "Q")};
        char *b = write_file(dir, "b.cpp", "y;\n");
        assert_int_equal(dl_sink_take_unit(s, b, &rules, u2, 3, &n_new), 2);
        assert_int_equal(n_new, 1);
        fs = dl_sink_findings(s, &n);
        assert_int_equal(n, 3);
        assert_string_equal(fs[2]->message, "scan g");
        assert_int_equal(fs[2]->suppressed, DL_SUPPRESS_INLINE);
        assert_string_equal(fs[2]->suppression_reason, "generated");
        const struct dl_sink_stats *st = dl_sink_get_stats(s);
        assert_int_equal(st->duplicates, 1);
        assert_int_equal(st->disabled, 1);
        assert_int_equal(st->suppressed_inline, 1);

        struct dl_log log;
        dl_log_init(&log, NULL, false);
        assert_int_equal(dl_sink_finish(s, &log, NULL), DL_OK);
        /* The header's query-missing-key-condition directive suppressed
         * nothing; it is told, once, at the end. */
        assert_int_equal(log.n, 1);
        assert_string_equal(log.items[0].id, "suppression-unused");
        assert_int_equal(log.items[0].line, 3);
        dl_log_fini(&log);
        dl_sink_free(s);
        free(a), free(b), free(h);
        rm_rf(dir);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_order_dedup_suppression_and_counts),
                cmocka_unit_test(test_rules_disable_and_override_severity),
                cmocka_unit_test(test_baseline_round_trip),
                cmocka_unit_test(test_bad_baseline_fails_with_position),
                cmocka_unit_test(test_unused_suppressions_in_files_without_findings),
                cmocka_unit_test(test_fingerprint_ignores_lines_but_not_path),
                cmocka_unit_test(test_units_in_file_order),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
