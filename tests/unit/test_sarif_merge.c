/* test_sarif_merge.c - several SARIF logs into one (src/report/sarif_merge.h):
 * artifacts and rules renumbered, duplicates dropped, the order of the
 * inputs irrelevant, other tools kept apart, bad inputs named.
 * SPDX-License-Identifier: MIT
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "core/file.h"
#include "report/sarif_merge.h"
#include "tmptree.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct tmptree tree;

static int setup(void **state)
{
        (void)state;
        return tmptree_make(&tree, "dl-merge") ? 0 : -1;
}

static int teardown(void **state)
{
        (void)state;
        return tmptree_remove(&tree) ? 0 : -1;
}

/* SARIF text built from macros reads best as written. */
// clang-format off
#define RUN_HEAD(version)                                                                   \
        "{\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": {\"name\": \"ddblint\", " \
        "\"version\": \"" version "\", \"rules\": [{\"id\": \"scan\"}, {\"id\": \"reserved-word\"}]}}, " \
        "\"invocations\": [{\"executionSuccessful\": true}], "                               \
        "\"originalUriBaseIds\": {\"%SRCROOT%\": {\"uri\": \"file:///w/\"}}, "

/* A result of rule ruleIndex at uri:line, with its artifact at index. */
#define RESULT(rule, idx, uri, index, line)                                                 \
        "{\"ruleId\": \"" rule "\", \"ruleIndex\": " #idx ", \"message\": {\"text\": \"m\"}, " \
        "\"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \"" uri      \
        "\", \"uriBaseId\": \"%SRCROOT%\", \"index\": " #index "}, \"region\": "             \
        "{\"startLine\": " #line "}}}]}"

#define ART(uri, role) \
        "{\"location\": {\"uri\": \"" uri "\", \"uriBaseId\": \"%SRCROOT%\"}, \"roles\": [\"" role "\"]}"

static const char *const shard_a =
        RUN_HEAD("0.1.0") "\"artifacts\": [" ART("b.cpp", "analysisTarget") ", "
        ART("a.cpp", "resultFile") "], \"results\": [" RESULT("scan", 0, "a.cpp", 1, 7) ", "
        RESULT("reserved-word", 1, "a.cpp", 1, 3) "], \"columnKind\": \"utf16CodeUnits\"}]}\n";

static const char *const shard_b =
        RUN_HEAD("0.1.0") "\"artifacts\": [" ART("c.cpp", "resultFile") ", "
        ART("a.cpp", "analysisTarget") "], \"results\": [" RESULT("scan", 0, "c.cpp", 0, 2) ", "
        RESULT("scan", 0, "a.cpp", 1, 7) "], \"columnKind\": \"utf16CodeUnits\"}]}\n";

static const char *const other_version =
        RUN_HEAD("0.2.0") "\"artifacts\": [" ART("z.cpp", "resultFile") "], \"results\": ["
        RESULT("scan", 0, "z.cpp", 0, 1) "], \"columnKind\": \"utf16CodeUnits\"}]}\n";
// clang-format on

static char *put(const char *name, const char *text)
{
        assert_true(tmptree_put(&tree, name, text));
        return tmptree_at(&tree, name);
}

static json_t *merged(const char *a, const char *b, char **text)
{
        char *pa = put("in-a.sarif", a), *pb = put("in-b.sarif", b);
        char *out = tmptree_at(&tree, "out.sarif");
        const char *in[] = {pa, pb};
        assert_int_equal(dl_sarif_merge(in, 2, out, NULL), DL_OK);
        size_t len;
        assert_int_equal(dl_file_read(out, text, &len, NULL), DL_OK);
        json_error_t je;
        json_t *j = json_loads(*text, 0, &je);
        assert_non_null(j);
        free(pa);
        free(pb);
        free(out);
        return j;
}

static json_int_t index_of_result(json_t *run, size_t i)
{
        json_t *r = json_array_get(json_object_get(run, "results"), i);
        json_t *al =
                json_object_get(json_object_get(json_array_get(json_object_get(r, "locations"), 0),
                                                "physicalLocation"),
                                "artifactLocation");
        return json_integer_value(json_object_get(al, "index"));
}

static const char *artifact_uri(json_t *run, json_int_t i)
{
        json_t *a = json_array_get(json_object_get(run, "artifacts"), (size_t)i);
        return json_string_value(json_object_get(json_object_get(a, "location"), "uri"));
}

static void test_shards_become_one_run(void **state)
{
        (void)state;
        char *text;
        json_t *j = merged(shard_a, shard_b, &text);
        json_t *runs = json_object_get(j, "runs");
        assert_int_equal(json_array_size(runs), 1);
        json_t *run = json_array_get(runs, 0);
        /* numbered as a whole run numbers them (issue 28): by first
         * reference of the sorted results, a.cpp (roles united), c.cpp,
         * then the others by path, b.cpp */
        json_t *arts = json_object_get(run, "artifacts");
        assert_int_equal(json_array_size(arts), 3);
        assert_string_equal(artifact_uri(run, 0), "a.cpp");
        assert_string_equal(artifact_uri(run, 1), "c.cpp");
        assert_string_equal(artifact_uri(run, 2), "b.cpp");
        assert_int_equal(json_array_size(json_object_get(json_array_get(arts, 0), "roles")), 2);
        /* the Scan of a.cpp:7 is in both shards: kept once; sorted by place */
        json_t *results = json_object_get(run, "results");
        assert_int_equal(json_array_size(results), 3);
        const char *want_uri[] = {"a.cpp", "a.cpp", "c.cpp"};
        for (size_t i = 0; i < 3; i++)
                assert_string_equal(artifact_uri(run, index_of_result(run, i)), want_uri[i]);
        assert_int_equal(json_array_size(json_object_get(run, "invocations")), 2);
        json_decref(j);

        /* the other order writes the same results */
        char *text2;
        json_t *j2 = merged(shard_b, shard_a, &text2);
        json_t *r1 = json_object_get(json_array_get(json_object_get(j2, "runs"), 0), "results");
        assert_int_equal(json_array_size(r1), 3);
        for (size_t i = 0; i < 3; i++) {
                json_t *run2 = json_array_get(json_object_get(j2, "runs"), 0);
                assert_string_equal(artifact_uri(run2, index_of_result(run2, i)), want_uri[i]);
        }
        json_decref(j2);
        free(text);
        free(text2);
}

static void test_other_tool_version_kept_apart(void **state)
{
        (void)state;
        char *text;
        json_t *j = merged(shard_a, other_version, &text);
        json_t *runs = json_object_get(j, "runs");
        assert_int_equal(json_array_size(runs), 2);
        json_t *second = json_array_get(runs, 1);
        assert_int_equal(json_array_size(json_object_get(second, "results")), 1);
        assert_string_equal(artifact_uri(second, index_of_result(second, 0)), "z.cpp");
        json_decref(j);
        free(text);
}

static void test_rules_united_when_they_differ(void **state)
{
        (void)state;
        const char *one_rule =
                "{\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": {\"name\": "
                "\"ddblint\", \"version\": \"0.1.0\", \"rules\": [{\"id\": \"reserved-word\"}, "
                "{\"id\": \"partiql\"}]}}, \"originalUriBaseIds\": {\"%SRCROOT%\": {\"uri\": "
                "\"file:///w/\"}}, \"artifacts\": [" ART(
                        "d.cpp",
                        "resultFile") "], \"results\": [" RESULT("partiql", 1, "d.cpp", 0,
                                                                 4) "], \"columnKind\": "
                                                                    "\"utf16CodeUnits\"}]}\n";
        char *text;
        json_t *j = merged(shard_a, one_rule, &text);
        json_t *run = json_array_get(json_object_get(j, "runs"), 0);
        json_t *rules =
                json_object_get(json_object_get(json_object_get(run, "tool"), "driver"), "rules");
        assert_int_equal(json_array_size(rules), 3); /* scan, reserved-word, partiql */
        json_t *results = json_object_get(run, "results");
        json_t *last = json_array_get(results, json_array_size(results) - 1);
        assert_string_equal(json_string_value(json_object_get(last, "ruleId")), "partiql");
        assert_int_equal(json_integer_value(json_object_get(last, "ruleIndex")), 2);
        json_decref(j);
        free(text);
}

static void test_bad_inputs_are_named(void **state)
{
        (void)state;
        char *good = put("good.sarif", shard_a);
        char *bad = put("bad.sarif", "{\"version\": \"2.1.0\",\n  \"runs\": [,]}\n");
        char *other = put("other.json", "{\"a\": 1}\n");
        char *gone = tmptree_at(&tree, "missing.sarif");
        char *out = tmptree_at(&tree, "never.sarif");
        struct dl_error err;
        dl_error_init(&err);
        const char *in1[] = {good, bad};
        assert_int_equal(dl_sarif_merge(in1, 2, out, &err), DL_ERR_PARSE);
        assert_string_equal(err.file, bad);
        assert_int_equal(err.line, 2);
        dl_error_fini(&err);
        dl_error_init(&err);
        const char *in2[] = {other};
        assert_int_equal(dl_sarif_merge(in2, 1, out, &err), DL_ERR_PARSE);
        assert_non_null(strstr(err.message, "not a SARIF 2.1.0 log"));
        dl_error_fini(&err);
        dl_error_init(&err);
        const char *in3[] = {good, gone};
        assert_int_equal(dl_sarif_merge(in3, 2, out, &err), DL_ERR_IO);
        assert_string_equal(err.file, gone);
        dl_error_fini(&err);
        assert_int_not_equal(access(out, F_OK), 0); /* nothing written */
        free(good);
        free(bad);
        free(other);
        free(gone);
        free(out);
}

/* A shard's log with the notifications notes (JSON array members). */
static char *with_notes(const char *notes)
{
        return dl_xasprintf("{\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": "
                            "{\"name\": \"ddblint\", \"version\": \"0.1.0\"}}, "
                            "\"invocations\": [{\"executionSuccessful\": true, "
                            "\"toolExecutionNotifications\": [%s]}], \"results\": [], "
                            "\"columnKind\": \"utf16CodeUnits\", \"originalUriBaseIds\": "
                            "{\"%%SRCROOT%%\": {\"uri\": \"file:///w/\"}}}]}\n",
                            notes);
}

static void test_equal_notes_said_once(void **state)
{
        (void)state;
        char *a = with_notes("{\"message\": {\"text\": \"same\"}}, "
                             "{\"message\": {\"text\": \"only a\"}}");
        char *b = with_notes("{\"message\": {\"text\": \"only b\"}}, "
                             "{\"message\": {\"text\": \"same\"}}");
        char *text;
        json_t *j = merged(a, b, &text);
        json_t *invs =
                json_object_get(json_array_get(json_object_get(j, "runs"), 0), "invocations");
        assert_int_equal(json_array_size(invs), 2);
        json_t *na = json_object_get(json_array_get(invs, 0), "toolExecutionNotifications");
        json_t *nb = json_object_get(json_array_get(invs, 1), "toolExecutionNotifications");
        assert_int_equal(json_array_size(na), 2);
        assert_int_equal(json_array_size(nb), 1); /* "same" was said by the first shard */
        assert_string_equal(json_string_value(json_object_get(
                                    json_object_get(json_array_get(nb, 0), "message"), "text")),
                            "only b");
        json_decref(j);
        free(text);
        free(a);
        free(b);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test_setup_teardown(test_shards_become_one_run, setup, teardown),
                cmocka_unit_test_setup_teardown(test_other_tool_version_kept_apart, setup,
                                                teardown),
                cmocka_unit_test_setup_teardown(test_rules_united_when_they_differ, setup,
                                                teardown),
                cmocka_unit_test_setup_teardown(test_bad_inputs_are_named, setup, teardown),
                cmocka_unit_test_setup_teardown(test_equal_notes_said_once, setup, teardown),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
