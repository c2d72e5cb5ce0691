/* test_recognize_prefilter.c - which files the prefilter leaves unparsed
 * (src/recognize/prefilter.h): files that cannot hold a request are
 * skipped; a trigger word in the file or in a project header it reaches,
 * an unresolved include, a ddblint comment or a wrapper's name keeps it.
 * SPDX-License-Identifier: MIT
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "recognize/prefilter.h"
#include "recognize/recognizer.h"
#include "rules/ruleset.h"
#include "tmptree.h"

#include <stdlib.h>
#include <string.h>

static struct tmptree tree;
static char *inc_arg;

static int setup(void **state)
{
        (void)state;
        if (!tmptree_make(&tree, "dl-prefilter"))
                return -1;
        inc_arg = dl_xasprintf("-I%s/include", tree.root);
        /* a project header that wraps the client, one that does not */
        tmptree_put(&tree, "include/db.h",
                    "#pragma once\n#include <aws/dynamodb/DynamoDBClient.h>\n"
                    "#define RUN_QUERY(c, q) (c).Query(q)\n");
        tmptree_put(&tree, "include/util.h",
                    "#pragma once\n#include <string>\n"
                    "inline int twice(int x) { return 2 * x; }\n");
        return 0;
}

static int teardown(void **state)
{
        (void)state;
        tmptree_remove(&tree);
        free(inc_arg);
        return 0;
}

/* Writes text to rel and asks the prefilter under rules (NULL: none) with
 * the compiler arguments args (NULL: none beyond the language and -I). */
static bool may_hold_with(const char *rel, const char *text, const struct dl_ruleset *rules,
                          const char *extra_arg)
{
        tmptree_put(&tree, rel, text);
        char *path = tmptree_at(&tree, rel);
        const char *args[] = {"-xc++", "-std=c++17", inc_arg, extra_arg};
        struct dl_prefilter *pf = dl_prefilter_new(rules);
        bool v = dl_prefilter_may_hold(pf, path, args, extra_arg ? 4 : 3, NULL);
        dl_prefilter_free(pf);
        free(path);
        return v;
}

static bool may_hold(const char *rel, const char *text)
{
        return may_hold_with(rel, text, NULL, NULL);
}

/* A rules file declaring one wrapper whose pattern is match. */
static struct dl_ruleset *wrapper_rules(const char *match)
{
        char *text = dl_xasprintf("version: 1\nwrappers:\n  - match: '%s'\n    operation: Query\n"
                                  "    arguments:\n      - {argument: 1, role: table}\n",
                                  match);
        struct dl_ruleset *rs = NULL;
        assert_int_equal(dl_ruleset_load_string("w.yaml", text, strlen(text), NULL, 0, &rs, NULL),
                         DL_OK);
        free(text);
        return rs;
}

static void test_no_client_use_is_skipped(void **state)
{
        (void)state;
        assert_false(may_hold("src/plain.cpp",
                              "#include \"util.h\"\n#include <vector>\n"
                              "int f(std::vector<int> &v) { return twice(v.size()); }\n"));
        /* words in comments and literals are not calls */
        assert_false(may_hold("src/comment.cpp", "// client.Query(request) is done elsewhere\n"
                                                 "const char *s = \"Scan\";\n"));
        /* the SDK's headers alone make no request */
        assert_false(may_hold("src/only_header.cpp",
                              "#include <aws/dynamodb/DynamoDBClient.h>\nint x;\n"));
}

static void test_client_call_is_parsed(void **state)
{
        (void)state;
        assert_true(may_hold("src/query.cpp", "void f(Client &c, Req &q) { c.Query(q); }\n"));
        assert_true(
                may_hold("src/async.cpp", "void f(Client &c, Req &q) { c.PutItemAsync(q, h); }\n"));
        assert_true(may_hold("src/pages.cpp",
                             "void f(Client &c, Req &q) { auto p = c.ScanPaginator(q); }\n"));
        assert_true(may_hold("src/raw.c", "#include <curl/curl.h>\n"
                                          "int f(CURL *h) { return curl_easy_perform(h); }\n"));
        /* a method name that only starts like one is not a trigger */
        assert_false(may_hold("src/prefix.cpp", "void f(Db &d) { d.QueryAll(); d.Scanner(); }\n"));
}

static void test_project_header_is_read(void **state)
{
        (void)state;
        /* the call is spelled in db.h's macro */
        assert_true(may_hold("src/macro.cpp",
                             "#include \"db.h\"\nvoid f(C &c, R &r) { RUN_QUERY(c, r); }\n"));
}

static void test_unknown_is_parsed(void **state)
{
        (void)state;
        assert_true(may_hold("src/missing.cpp", "#include \"not_there.h\"\nint x;\n"));
        assert_true(may_hold("src/computed.cpp", "#define H \"util.h\"\n#include H\nint x;\n"));
        assert_true(may_hold("src/directive.cpp", "int x; // ddblint: ignore[scan] reviewed\n"));
}

static void test_wrapper_names(void **state)
{
        (void)state;
        const char *text = "#include \"util.h\"\nvoid f() { app::fetch_orders(\"u1\"); }\n";
        assert_false(may_hold("src/wrapped.cpp", text));
        /* a literal pattern names the function: its last component */
        struct dl_ruleset *rs = wrapper_rules("^app::fetch_orders$");
        assert_true(may_hold_with("src/wrapped.cpp", text, rs, NULL));
        assert_false(may_hold_with("src/other.cpp", "int fetch(int);\n", rs, NULL));
        dl_ruleset_free(rs);
        rs = wrapper_rules("fetch_orders");
        assert_true(may_hold_with("src/wrapped.cpp", text, rs, NULL));
        dl_ruleset_free(rs);
        /* a pattern with metacharacters names no word: every file is parsed */
        rs = wrapper_rules("^app::fetch_.*$");
        assert_true(may_hold_with("src/other.cpp", "int fetch(int);\n", rs, NULL));
        dl_ruleset_free(rs);
        rs = wrapper_rules("^(get|put)_order$");
        assert_true(may_hold_with("src/other.cpp", "int fetch(int);\n", rs, NULL));
        dl_ruleset_free(rs);
        /* an operator is called without spelling its name */
        rs = wrapper_rules("^app::Db::operator$");
        assert_true(may_hold_with("src/other.cpp", "int fetch(int);\n", rs, NULL));
        dl_ruleset_free(rs);
}

static void test_hidden_spellings_are_parsed(void **state)
{
        (void)state;
        /* a -D that spells the call, and one that does not */
        const char *text = "void f(C &c, R &r) { SEND(c, r); }\n";
        assert_true(may_hold_with("src/defined.cpp", text, NULL, "-DSEND(c,r)=c.Query(r)"));
        assert_false(may_hold_with("src/defined.cpp", text, NULL, "-DSEND(c,r)=c.Nothing(r)"));
        /* a -I path with a trigger word in it is not a -D */
        assert_false(may_hold_with("src/defined.cpp", text, NULL, "-I/tmp/Query"));
        /* a paste can build the name, in any form */
        assert_true(may_hold("src/paste.cpp", "#define CALL(c, op, r) (c).op##Async(r)\nint x;\n"));
        assert_true(may_hold("src/digraph.cpp", "%:define CAT(a, b) a %:%: b\nint x;\n"));
        /* so can a universal character name */
        assert_true(may_hold("src/ucn.cpp", "void f(C &c, R &r) { c.Q\\u0075ery(r); }\n"));
        /* '#' alone (stringizing) builds no identifier */
        assert_false(may_hold("src/string.cpp", "#define STR(x) #x\nconst char *s = STR(a);\n"));
}

/* Every recognizer names its trigger words (recognizer.h): one that did not
 * would turn the prefilter off for every run. */
static void test_every_recognizer_has_words(void **state)
{
        (void)state;
        size_t n;
        const struct dl_recognizer *const *recs = dl_recognizers(&n);
        assert_true(n > 0);
        for (size_t i = 0; i < n; i++) {
                if (!recs[i]->trigger_words)
                        fail_msg("recognizer '%s' has no trigger_words (recognizer.h)",
                                 recs[i]->id);
        }
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_no_client_use_is_skipped),
                cmocka_unit_test(test_client_call_is_parsed),
                cmocka_unit_test(test_project_header_is_read),
                cmocka_unit_test(test_unknown_is_parsed),
                cmocka_unit_test(test_wrapper_names),
                cmocka_unit_test(test_hidden_spellings_are_parsed),
                cmocka_unit_test(test_every_recognizer_has_words),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
