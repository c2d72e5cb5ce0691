/* test_sarif.c - the SARIF reporter: structure, columns, URIs,
 * suppressions all-or-none, notifications, determinism.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "checks/check.h"
#include "core/alloc.h"
#include "core/log.h"
#include "findings/fileio.h"
#include "findings/finding.h"
#include "findings/sink.h"
#include "report/reporter.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct fx {
        char *dir, *src, *out;
        struct dl_finding *f[4];
        struct dl_log log;
};

static int setup(void **state)
{
        struct fx *fx = dl_xcalloc(1, sizeof *fx);
        fx->dir = dl_xstrdup("/tmp/dl-sarif-XXXXXX");
        assert_non_null(mkdtemp(fx->dir));
        fx->src = dl_xasprintf("%s/src dir/caf\xC3\xA9.cpp", fx->dir);
        char *sub = dl_xasprintf("%s/src dir", fx->dir);
        assert_int_equal(mkdir(sub, 0755), 0);
        free(sub);
        /* Line 2 has "é" (2 bytes, 1 unit) and "😀" (4 bytes, 2 units) before the call. */
        const char *text = "void f() {\n"
                           "  /* \xC3\xA9 \xF0\x9F\x98\x80 */ c.Scan(r);\n"
                           "  c.Query(q); // ddblint: ignore[query-missing-key-condition] ok\n"
                           "}\n";
        assert_int_equal(dl_file_write_atomic(fx->src, text, strlen(text), NULL), DL_OK);
        fx->out = dl_xasprintf("%s/out.sarif", fx->dir);

        struct dl_loc l1 = {fx->src, 2, 16}, l2 = {fx->src, 3, 3}, rl = {fx->src, 1, 1};
        struct dl_loc outside = {"/usr/include/stdio.h", 5, 1};
        fx->f[0] = dl_finding_new("scan", DL_SEV_WARNING, &l1, "Scan of table 'Orders'");
        dl_finding_set_end(fx->f[0], 2, 22);
        dl_finding_add_related(fx->f[0], &rl, "in this function");
        fx->f[0]->fingerprint = dl_xstrdup("aa");
        fx->f[0]->line_hash = dl_xstrdup("1234:1");
        fx->f[1] = dl_finding_new("query-missing-key-condition", DL_SEV_ERROR, &l2, "no key");
        fx->f[1]->suppressed = DL_SUPPRESS_INLINE;
        fx->f[1]->suppression_reason = dl_xstrdup("ok");
        fx->f[1]->fingerprint = dl_xstrdup("bb");
        fx->f[2] = dl_finding_new("scan", DL_SEV_WARNING, &outside, "outside the root");
        fx->f[2]->suppressed = DL_SUPPRESS_BASELINE;
        fx->f[3] = dl_finding_new("scan", DL_SEV_NOTE, &outside, "bad utf-8 \xff here");

        dl_log_init(&fx->log, NULL, false);
        struct dl_loc nl = {fx->src, 2, 16};
        dl_log_add(&fx->log, DL_LOG_WARNING, "clang-error", &nl, "unknown type name 'Foo'");
        dl_log_add(&fx->log, DL_LOG_NOTE, "tool", NULL, "no compile_commands.json");
        *state = fx;
        return 0;
}

static int teardown(void **state)
{
        struct fx *fx = *state;
        for (int i = 0; i < 4; i++)
                dl_finding_free(fx->f[i]);
        dl_log_fini(&fx->log);
        char *cmd = dl_xasprintf("rm -rf '%s'", fx->dir);
        assert_int_equal(system(cmd), 0);
        free(cmd);
        free(fx->dir);
        free(fx->src);
        free(fx->out);
        free(fx);
        return 0;
}

static json_t *produce(struct fx *fx, bool include_suppressed, bool complete, char **bytes)
{
        struct dl_reporter *r = dl_reporter_sarif_new(fx->out, fx->dir, "1.2.3", include_suppressed);
        assert_string_equal(r->name, "sarif");
        assert_int_equal(r->begin(r, dl_catalogue_get()), DL_OK);
        for (int i = 0; i < 4; i++)
                assert_int_equal(r->finding(r, fx->f[i]), DL_OK);
        const char *arts[] = {fx->src};
        const char *argv[] = {"ddblint", "--format", "sarif", "my file.cpp"};
        struct dl_sink_stats st = {0};
        struct dl_run_summary sum = {&fx->log, &st, complete, arts, 1, argv, 4, NULL, 0, 0, 0};
        assert_int_equal(r->end(r, &sum), DL_OK);
        assert_null(dl_reporter_error(r));
        r->destroy(r);
        size_t len;
        assert_int_equal(dl_file_read(fx->out, bytes, &len, NULL), DL_OK);
        json_error_t je;
        json_t *root = json_loads(*bytes, 0, &je);
        assert_non_null(root);
        return root;
}

static size_t catalogue_index(const char *id)
{
        const struct dl_catalogue *c = dl_catalogue_get();
        for (size_t i = 0; i < c->n; i++) {
                if (strcmp(c->checks[i]->info->id, id) == 0)
                        return i;
        }
        fail_msg("no check %s", id);
        return 0;
}

#define GET(o, k) json_object_get((o), (k))
#define STR(o, k) json_string_value(json_object_get((o), (k)))
#define INT(o, k) json_integer_value(json_object_get((o), (k)))

static void test_top_level_and_key_order(void **state)
{
        struct fx *fx = *state;
        char *bytes;
        json_t *root = produce(fx, false, true, &bytes);
        assert_string_equal(STR(root, "version"), "2.1.0");
        assert_true(strncmp(bytes, "{\n  \"$schema\": ", 15) == 0);
        const char *order[] = {"\"tool\"", "\"invocations\"", "\"originalUriBaseIds\"",
                               "\"artifacts\"", "\"results\"", "\"columnKind\""};
        const char *prev = bytes;
        for (size_t i = 0; i < 6; i++) {
                const char *p = strstr(bytes, order[i]);
                assert_non_null(p);
                assert_true(p > prev);
                prev = p;
        }
        json_t *run = json_array_get(GET(root, "runs"), 0);
        assert_string_equal(STR(run, "columnKind"), "utf16CodeUnits");
        json_t *drv = GET(GET(run, "tool"), "driver");
        assert_string_equal(STR(drv, "name"), "ddblint");
        assert_string_equal(STR(drv, "semanticVersion"), "1.2.3");
        /* Rules: the whole catalogue, in order. */
        const struct dl_catalogue *c = dl_catalogue_get();
        json_t *rules = GET(drv, "rules");
        assert_int_equal(json_array_size(rules), c->n);
        for (size_t i = 0; i < c->n; i++) {
                json_t *r = json_array_get(rules, i);
                assert_string_equal(STR(r, "id"), c->checks[i]->info->id);
                assert_string_equal(STR(GET(r, "shortDescription"), "text"),
                                    c->checks[i]->info->summary);
                assert_string_equal(STR(r, "helpUri"), c->checks[i]->info->help_uri);
                assert_non_null(STR(GET(r, "help"), "markdown"));
                assert_non_null(STR(GET(r, "defaultConfiguration"), "level"));
                assert_true(json_array_size(GET(GET(r, "properties"), "tags")) > 0);
        }
        json_t *q = json_array_get(rules, catalogue_index("query-missing-key-condition"));
        assert_string_equal(STR(q, "name"), "QueryMissingKeyCondition");
        char *root_uri = dl_xasprintf("file://%s/", fx->dir);
        assert_string_equal(STR(GET(GET(run, "originalUriBaseIds"), "%SRCROOT%"), "uri"), root_uri);
        free(root_uri);
        json_decref(root);
        free(bytes);
}

static void test_results_locations_and_columns(void **state)
{
        struct fx *fx = *state;
        char *bytes;
        json_t *root = produce(fx, false, true, &bytes);
        json_t *run = json_array_get(GET(root, "runs"), 0);
        json_t *results = GET(run, "results");
        /* Suppressed and baselined results are left out by default. */
        assert_int_equal(json_array_size(results), 2);
        json_t *r0 = json_array_get(results, 0);
        assert_string_equal(STR(r0, "ruleId"), "scan");
        assert_int_equal(INT(r0, "ruleIndex"), catalogue_index("scan"));
        assert_string_equal(STR(r0, "level"), "warning");
        assert_string_equal(STR(GET(r0, "message"), "text"), "Scan of table 'Orders'.");
        assert_null(GET(r0, "suppressions"));
        json_t *pl = GET(json_array_get(GET(r0, "locations"), 0), "physicalLocation");
        json_t *al = GET(pl, "artifactLocation");
        assert_string_equal(STR(al, "uri"), "src%20dir/caf%C3%A9.cpp");
        assert_string_equal(STR(al, "uriBaseId"), "%SRCROOT%");
        assert_int_equal(INT(al, "index"), 0);
        json_t *reg = GET(pl, "region");
        assert_int_equal(INT(reg, "startLine"), 2);
        /* Byte column 16 follows 15 bytes: two spaces, the comment opener and
         * a space (5), e-acute (2 bytes, 1 unit), a space (1), the emoji (4
         * bytes, 2 units), a space and the comment closer (3): 12 UTF-16
         * units, so column 13; byte 22 likewise becomes 19. */
        assert_int_equal(INT(reg, "startColumn"), 13);
        assert_int_equal(INT(reg, "endColumn"), 19);
        json_t *rel = json_array_get(GET(r0, "relatedLocations"), 0);
        assert_int_equal(INT(rel, "id"), 1);
        assert_string_equal(STR(GET(rel, "message"), "text"), "in this function.");
        json_t *fp = GET(r0, "partialFingerprints");
        assert_string_equal(STR(fp, "primaryLocationLineHash"), "1234:1");
        assert_string_equal(STR(fp, "ddblint/v1"), "aa");
        /* Outside the root: absolute file URI without uriBaseId; bad UTF-8 replaced. */
        json_t *r1 = json_array_get(results, 1);
        json_t *al1 = GET(GET(json_array_get(GET(r1, "locations"), 0), "physicalLocation"),
                          "artifactLocation");
        assert_string_equal(STR(al1, "uri"), "file:///usr/include/stdio.h");
        assert_null(GET(al1, "uriBaseId"));
        assert_string_equal(STR(GET(r1, "message"), "text"), "bad utf-8 \xEF\xBF\xBD here.");
        /* Artifacts: index order of first reference. */
        json_t *arts = GET(run, "artifacts");
        assert_int_equal(json_array_size(arts), 2);
        assert_string_equal(STR(GET(json_array_get(arts, 1), "location"), "uri"),
                            "file:///usr/include/stdio.h");
        json_decref(root);
        free(bytes);
}

static void test_suppressions_all_or_none(void **state)
{
        struct fx *fx = *state;
        char *bytes;
        json_t *root = produce(fx, true, true, &bytes);
        json_t *results = GET(json_array_get(GET(root, "runs"), 0), "results");
        assert_int_equal(json_array_size(results), 4);
        size_t i;
        json_t *r;
        json_array_foreach(results, i, r) assert_true(json_is_array(GET(r, "suppressions")));
        assert_int_equal(json_array_size(GET(json_array_get(results, 0), "suppressions")), 0);
        json_t *s1 = json_array_get(GET(json_array_get(results, 1), "suppressions"), 0);
        assert_string_equal(STR(s1, "kind"), "inSource");
        assert_string_equal(STR(s1, "justification"), "ok");
        json_t *s2 = json_array_get(GET(json_array_get(results, 2), "suppressions"), 0);
        assert_string_equal(STR(s2, "kind"), "external");
        json_decref(root);
        free(bytes);
}

static void test_invocation_and_notifications(void **state)
{
        struct fx *fx = *state;
        char *bytes;
        json_t *root = produce(fx, false, true, &bytes);
        json_t *inv = json_array_get(GET(json_array_get(GET(root, "runs"), 0), "invocations"), 0);
        assert_true(json_is_true(GET(inv, "executionSuccessful")));
        assert_string_equal(STR(inv, "commandLine"), "ddblint --format sarif 'my file.cpp'");
        assert_int_equal(json_array_size(GET(inv, "arguments")), 3);
        json_t *notes = GET(inv, "toolExecutionNotifications");
        assert_int_equal(json_array_size(notes), 2);
        json_t *n0 = json_array_get(notes, 0);
        assert_string_equal(STR(n0, "level"), "warning");
        assert_string_equal(STR(GET(n0, "descriptor"), "id"), "clang-error");
        json_t *reg = GET(GET(json_array_get(GET(n0, "locations"), 0), "physicalLocation"),
                          "region");
        assert_int_equal(INT(reg, "startColumn"), 13);
        assert_null(GET(json_array_get(notes, 1), "locations"));
        json_decref(root);
        free(bytes);

        root = produce(fx, false, false, &bytes);
        inv = json_array_get(GET(json_array_get(GET(root, "runs"), 0), "invocations"), 0);
        assert_true(json_is_false(GET(inv, "executionSuccessful")));
        json_decref(root);
        free(bytes);
}

static void test_same_input_same_bytes(void **state)
{
        struct fx *fx = *state;
        char *a, *b;
        json_t *ra = produce(fx, true, true, &a);
        json_t *rb = produce(fx, true, true, &b);
        assert_string_equal(a, b);
        assert_int_equal(a[strlen(a) - 1], '\n');
        json_decref(ra);
        json_decref(rb);
        free(a);
        free(b);
}

static void test_unwritable_output_is_an_error(void **state)
{
        struct dl_reporter *r = dl_reporter_sarif_new("/nonexistent-dir/x.sarif", "/", "1", false);
        r->begin(r, dl_catalogue_get());
        assert_int_equal(r->end(r, NULL), DL_ERR_IO);
        assert_non_null(strstr(dl_reporter_error(r), "/nonexistent-dir/x.sarif"));
        r->destroy(r);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test_setup_teardown(test_top_level_and_key_order, setup, teardown),
                cmocka_unit_test_setup_teardown(test_results_locations_and_columns, setup, teardown),
                cmocka_unit_test_setup_teardown(test_suppressions_all_or_none, setup, teardown),
                cmocka_unit_test_setup_teardown(test_invocation_and_notifications, setup, teardown),
                cmocka_unit_test_setup_teardown(test_same_input_same_bytes, setup, teardown),
                cmocka_unit_test(test_unwritable_output_is_an_error),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
