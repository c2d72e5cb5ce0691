/* test_frontend_scan.c - preprocessor directives read from text, compiler
 * arguments read for their include search, and the project headers a
 * translation unit reaches (src/frontend/scan.h).
 * SPDX-License-Identifier: MIT
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "core/strv.h"
#include "frontend/scan.h"
#include "tmptree.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static struct dl_directives dirs_of(const char *text)
{
        struct dl_directives d;
        dl_scan_directives(text, strlen(text), &d);
        return d;
}

static void assert_dir(const struct dl_directives *d, size_t i, enum dl_directive_kind k,
                       const char *name)
{
        assert_true(i < d->n);
        assert_int_equal(d->items[i].kind, k);
        assert_string_equal(d->items[i].name, name);
}

static void test_includes_and_defines(void **state)
{
        (void)state;
        struct dl_directives d = dirs_of("#include <vector>\n"
                                         "  #  include \"proj/db.h\" // why\n"
                                         "#include_next <stdio.h>\n"
                                         "#import <a.h>\n"
                                         "#define GUARD_H\n"
                                         "#undef NDEBUG\n"
                                         "#include HEADER\n"
                                         "#if 0\n#include <dead.h>\n#endif\n"
                                         "#pragma once\n");
        assert_int_equal(d.n, 8);
        assert_dir(&d, 0, DL_DIR_INCLUDE_ANGLE, "vector");
        assert_dir(&d, 1, DL_DIR_INCLUDE_QUOTE, "proj/db.h");
        assert_dir(&d, 2, DL_DIR_INCLUDE_ANGLE, "stdio.h");
        assert_dir(&d, 3, DL_DIR_INCLUDE_ANGLE, "a.h");
        assert_dir(&d, 4, DL_DIR_DEFINE, "GUARD_H");
        assert_dir(&d, 5, DL_DIR_DEFINE, "NDEBUG");
        assert_int_equal(d.items[6].kind, DL_DIR_INCLUDE_MACRO);
        /* conditions are not evaluated: an include under #if 0 counts */
        assert_dir(&d, 7, DL_DIR_INCLUDE_ANGLE, "dead.h");
        dl_directives_fini(&d);
}

static void test_not_directives(void **state)
{
        (void)state;
        struct dl_directives d = dirs_of("int x; #include <mid_line.h>\n"
                                         "// #include <commented.h>\n"
                                         "/* #include <block.h>\n"
                                         "#include <still_comment.h> */\n"
                                         "const char *s = \"\\n#include <in_string.h>\";\n"
                                         "const char *r = R\"x(\n#include <in_raw.h>\n)x\";\n"
                                         "char c = '#';\n"
                                         "#define ONE 1\n");
        assert_int_equal(d.n, 1);
        assert_dir(&d, 0, DL_DIR_DEFINE, "ONE");
        dl_directives_fini(&d);
}

static void test_splices_and_comments_inside_directives(void **state)
{
        (void)state;
        struct dl_directives d = dirs_of("/* lead */ #include <after_comment.h>\n"
                                         "#inc\\\nlude <spliced.h>\n"
                                         "#define /* c */ SPLIT \\\n  1\n"
                                         "#include <x.h> /* a comment that\n"
                                         "#include <continues.h> */\n"
                                         "#define LAST\n"
                                         "int n = 1'000'000; #include <not.h>\n");
        assert_int_equal(d.n, 5);
        assert_dir(&d, 0, DL_DIR_INCLUDE_ANGLE, "after_comment.h");
        assert_dir(&d, 1, DL_DIR_INCLUDE_ANGLE, "spliced.h");
        assert_dir(&d, 2, DL_DIR_DEFINE, "SPLIT");
        assert_dir(&d, 3, DL_DIR_INCLUDE_ANGLE, "x.h");
        assert_dir(&d, 4, DL_DIR_DEFINE, "LAST");
        dl_directives_fini(&d);
}

struct idents {
        char *v[64];
        size_t n;
};

static void on_id(const char *id, size_t n, void *data)
{
        struct idents *s = data;
        if (s->n < 64)
                s->v[s->n++] = dl_xstrndup(id, n);
}

static void test_code_before_directives(void **state)
{
        (void)state;
        struct dl_directives d = dirs_of("// comment\n#pragma once\n#include <a.h>\n"
                                         "/* more */\n#include <b.h>\nint x;\n#include <c.h>\n");
        assert_int_equal(d.n, 3);
        assert_false(d.items[0].after_code);
        assert_false(d.items[1].after_code);
        assert_true(d.items[2].after_code);
        assert_true(d.any_code);
        dl_directives_fini(&d);
        d = dirs_of("#ifndef G\n#define G\n#include <a.h>\n#endif\n");
        assert_false(d.any_code);
        dl_directives_fini(&d);
}

static void test_identifiers(void **state)
{
        (void)state;
        const char *text = "#ifdef _GLIBCXX_DEBUG // note\n"
                           "int alpha = beta(\"gamma\", 'd', 0x1fULL); /* delta */\n"
                           "auto s = u8R\"(epsilon)\"; long zeta = 1e+10;\n";
        struct idents s = {{0}, 0};
        dl_scan_identifiers(text, strlen(text), on_id, &s);
        const char *want[] = {"ifdef", "_GLIBCXX_DEBUG", "int", "alpha", "beta", "auto",
                              "s",     "long",           "zeta"};
        assert_int_equal(s.n, sizeof want / sizeof *want);
        for (size_t i = 0; i < s.n; i++) {
                assert_string_equal(s.v[i], want[i]);
                free(s.v[i]);
        }
}

static void test_search_paths(void **state)
{
        (void)state;
        const char *args[] = {"-xc++",
                              "-I",
                              "inc",
                              "-Iinc2",
                              "-iquote",
                              "q",
                              "-isystem/sys",
                              "-idirafter",
                              "after",
                              "--include-directory=inc3",
                              "-working-directory=/wd",
                              "-DX=1"};
        struct dl_search_paths sp;
        dl_search_paths_from_args("a.h", args, sizeof args / sizeof *args, &sp);
        assert_true(sp.cplusplus); /* -x wins over .h */
        assert_false(sp.prefix_include);
        assert_int_equal(sp.n_user, 3);
        assert_string_equal(sp.user[0], "/wd/inc");
        assert_string_equal(sp.user[1], "/wd/inc2");
        assert_string_equal(sp.user[2], "/wd/inc3");
        assert_int_equal(sp.n_quote, 1);
        assert_string_equal(sp.quote[0], "/wd/q");
        assert_int_equal(sp.n_system, 2);
        assert_string_equal(sp.system[0], "/sys");
        assert_string_equal(sp.system[1], "/wd/after");
        dl_search_paths_fini(&sp);

        const char *c_args[] = {"-std=gnu11", "-include", "config.h"};
        dl_search_paths_from_args("x.h", c_args, 3, &sp);
        assert_false(sp.cplusplus); /* .h without -x is C, as clang decides */
        assert_true(sp.prefix_include);
        assert_int_equal(sp.n_user, 0);
        dl_search_paths_fini(&sp);
        dl_search_paths_from_args("x.cc", c_args, 1, &sp);
        assert_true(sp.cplusplus);
        dl_search_paths_fini(&sp);
}

/* ---- a small tree on disk ---- */

static struct tmptree tree;

static void put(const char *rel, const char *text)
{
        assert_true(tmptree_put(&tree, rel, text));
}

static int setup_tree(void **state)
{
        (void)state;
        if (!tmptree_make(&tree, "dl-scan"))
                return -1;
        put("src/a.cpp", "#include \"b.h\"\n#include <proj/c.h>\n#include <vector>\n"
                         "#define A_ONLY\n");
        put("src/b.h", "#pragma once\n#include <proj/c.h>\n#define B_H\n");
        put("include/proj/c.h", "#ifndef C_H\n#define C_H\n#include <aws/core/Aws.h>\n"
                                "#include \"missing.h\"\n#endif\n");
        put("stubs/aws/core/Aws.h", "#pragma once\n");
        put("stubs/aws/dynamodb/Client.h", "#pragma once\n#include <aws/core/Aws.h>\n");
        put("src/late.cpp", "int early;\n#include <proj/c.h>\n");
        put("sdk/aws/core/Aws.h", "#pragma once\n");
        put("plain.cpp", "#include <vector>\nint f();\n");
        return 0;
}

static int remove_tree(void **state)
{
        (void)state;
        return tmptree_remove(&tree) ? 0 : -1;
}

static char *at(const char *rel)
{
        return tmptree_at(&tree, rel);
}

/* The answer the include search of t got for the file rel of the tree:
 * 1 a regular file, 0 not one, -1 never asked. */
static int probe_of(const struct dl_scan_tu *t, const char *rel)
{
        char *p = at(rel);
        int v = -1;
        for (size_t i = 0; i < t->n_probes; i++) {
                if (i)
                        assert_true(strcmp(t->probes[i - 1].path, t->probes[i].path) < 0);
                if (!strcmp(t->probes[i].path, p))
                        v = t->probes[i].is_file;
        }
        free(p);
        return v;
}

static void test_tu_reaches_project_headers_and_stubs(void **state)
{
        (void)state;
        char *inc = at("include"), *stubs = at("stubs"), *src = at("src/a.cpp");
        char *iarg = dl_xasprintf("-I%s", inc);
        const char *args[] = {"-xc++", iarg};
        struct dl_search_paths sp;
        dl_search_paths_from_args(src, args, 2, &sp);
        struct dl_scan *s = dl_scan_new();
        struct dl_scan_tu t;
        assert_int_equal(dl_scan_tu(s, src, &sp, stubs, &t, NULL), DL_OK);
        assert_int_equal(t.n_headers, 2);
        char *b = at("src/b.h"), *c = at("include/proj/c.h");
        assert_string_equal(t.headers[0], c); /* sorted */
        assert_string_equal(t.headers[1], b);
        assert_true(t.includes_stub);
        assert_true(t.unresolved); /* "missing.h" */
        assert_int_equal(t.n_macros, 3);
        assert_true(dl_strv_contains(t.macros, t.n_macros, "A_ONLY"));
        assert_true(dl_strv_contains(t.macros, t.n_macros, "B_H"));
        assert_true(dl_strv_contains(t.macros, t.n_macros, "C_H"));
        /* every question the include search asked, with its answer
         * (prefilter_memo.h rests on them), sorted, each once */
        assert_int_equal(probe_of(&t, "src/b.h"), 1);
        assert_int_equal(probe_of(&t, "include/proj/c.h"), 1);
        assert_int_equal(probe_of(&t, "include/vector"), 0); /* -I before the system */
        assert_int_equal(probe_of(&t, "stubs/vector"), 0);
        assert_int_equal(probe_of(&t, "include/aws/core/Aws.h"), 0); /* before the stubs */
        assert_int_equal(probe_of(&t, "stubs/aws/core/Aws.h"), 1);
        assert_int_equal(probe_of(&t, "include/proj/missing.h"), 0); /* the includer's dir */
        assert_int_equal(probe_of(&t, "src/proj/c.h"), -1);          /* <> never looks beside */
        dl_scan_tu_fini(&t);

        /* the same, memoized, from a second thread's point of view */
        assert_int_equal(dl_scan_tu(s, src, &sp, stubs, &t, NULL), DL_OK);
        assert_int_equal(t.n_headers, 2);
        assert_int_equal(probe_of(&t, "include/vector"), 0); /* recorded from the memo too */
        dl_scan_tu_fini(&t);
        dl_search_paths_fini(&sp);

        /* an SDK on an -isystem directory comes before the stubs */
        char *sdk = dl_xasprintf("-isystem%s/sdk", tree.root);
        const char *args2[] = {"-xc++", iarg, sdk};
        dl_search_paths_from_args(src, args2, 3, &sp);
        assert_int_equal(dl_scan_tu(s, src, &sp, stubs, &t, NULL), DL_OK);
        assert_false(t.includes_stub);
        dl_scan_tu_fini(&t);
        dl_search_paths_fini(&sp);

        /* the same SDK as a project directory: a project header, scanned */
        char *sdk_i = dl_xasprintf("-I%s/sdk", tree.root);
        const char *args3[] = {"-xc++", iarg, sdk_i};
        dl_search_paths_from_args(src, args3, 3, &sp);
        assert_int_equal(dl_scan_tu(s, src, &sp, stubs, &t, NULL), DL_OK);
        assert_false(t.includes_stub);
        assert_int_equal(t.n_headers, 3);
        dl_scan_tu_fini(&t);
        dl_search_paths_fini(&sp);

        /* before the first line of code: b.h (no code), then c.h's
         * <aws/core/Aws.h>; a.cpp's own #define is no code */
        struct dl_scan_names first;
        dl_search_paths_from_args(src, args, 2, &sp);
        assert_int_equal(dl_scan_prefix_stubs(s, src, &sp, stubs, &first, NULL), DL_OK);
        assert_int_equal(first.n, 1);
        assert_string_equal(first.names[0], "aws/core/Aws.h");
        dl_scan_names_fini(&first);
        char *late = at("src/late.cpp");
        assert_int_equal(dl_scan_prefix_stubs(s, late, &sp, stubs, &first, NULL), DL_OK);
        assert_int_equal(first.n, 0); /* a declaration comes first */
        dl_scan_names_fini(&first);
        free(late);
        assert_true(dl_scan_stub_includes(s, stubs, "aws/dynamodb/Client.h", "aws/core/Aws.h"));
        assert_false(dl_scan_stub_includes(s, stubs, "aws/core/Aws.h", "aws/dynamodb/Client.h"));
        dl_search_paths_fini(&sp);

        char *plain = at("plain.cpp");
        dl_search_paths_from_args(plain, args, 2, &sp);
        assert_int_equal(dl_scan_tu(s, plain, &sp, stubs, &t, NULL), DL_OK);
        assert_false(t.includes_stub);
        assert_false(t.unresolved); /* <vector> is a system header, not a missing one */
        assert_int_equal(t.n_headers, 0);
        dl_scan_tu_fini(&t);

        char *gone = at("nope.cpp");
        assert_int_equal(dl_scan_tu(s, gone, &sp, stubs, &t, NULL), DL_ERR_IO);
        dl_search_paths_fini(&sp);
        dl_scan_free(s);
        free(gone);
        free(plain);
        free(sdk);
        free(sdk_i);
        free(b);
        free(c);
        free(iarg);
        free(inc);
        free(stubs);
        free(src);
}

/* ---- the preamble ---------------------------------------------------------------------- */

/* The names of text's preamble, joined by ',' (transfer full). */
static char *preamble_names(const char *text)
{
        struct dl_preamble_scan ps;
        dl_scan_preamble(text, strlen(text), &ps);
        char *out = dl_xstrdup("");
        for (size_t i = 0; i < ps.n; i++) {
                const struct dl_preamble_include *in = &ps.items[i];
                assert_int_equal(text[in->start], '#');
                assert_true(in->end == strlen(text) || text[in->end] == '\n');
                char *next = dl_xasprintf("%s%s%s%s%s", out, i ? "," : "", in->quoted ? "q:" : "",
                                          in->import ? "import:" : "", in->name);
                free(out);
                out = next;
        }
        dl_preamble_scan_fini(&ps);
        return out;
}

static void expect_preamble(const char *text, const char *want)
{
        char *got = preamble_names(text);
        assert_string_equal(got, want);
        free(got);
}

static void test_preamble(void **state)
{
        (void)state;
        expect_preamble("#include <a.h>\n#include \"b.h\"\nint x;\n#include <c.h>\n", "a.h,q:b.h");
        expect_preamble("// c\n\n  /* c */ # include <a.h> // t\n\t#import \"b.h\" /* t */\n",
                        "a.h,q:import:b.h");
        /* a block comment over lines, then more includes */
        expect_preamble("/* one\n two */\n#include <a.h>\n/* x\n*/ #include <b.h>\n", "a.h");
        expect_preamble("/* one\n two */ int x;\n#include <a.h>\n", "");
        /* the first other directive or line ends it */
        expect_preamble("#include <a.h>\n#define X 1\n#include <b.h>\n", "a.h");
        expect_preamble("#if 1\n#include <a.h>\n#endif\n", "");
        expect_preamble("#include <a.h>\n#include_next <b.h>\n", "a.h");
        expect_preamble("#include <a.h>\n#include MACRO\n", "a.h");
        expect_preamble("#include <a.h> int x;\n#include <b.h>\n", "");
        expect_preamble("#include <a.h>\n#include <b.h> /* open\n*/\n", "a.h");
        expect_preamble("#include <>\n", "");
        /* a line splice anywhere ends it before the splice's line */
        expect_preamble("#include <a.h>\n// c \\\n#include <b.h>\n", "a.h");
        expect_preamble("#include <a.h>\n#include <b.h>\nint x = \\\n 1;\n", "a.h,b.h");
        expect_preamble("#inc\\\nlude <a.h>\n", "");
        /* CRLF, no final newline */
        expect_preamble("#include <a.h>\r\n#include <b.h>", "a.h,b.h");
        expect_preamble("", "");
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_includes_and_defines),
                cmocka_unit_test(test_preamble),
                cmocka_unit_test(test_not_directives),
                cmocka_unit_test(test_splices_and_comments_inside_directives),
                cmocka_unit_test(test_code_before_directives),
                cmocka_unit_test(test_identifiers),
                cmocka_unit_test(test_search_paths),
                cmocka_unit_test_setup_teardown(test_tu_reaches_project_headers_and_stubs,
                                                setup_tree, remove_tree),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
