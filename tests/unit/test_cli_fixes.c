/* test_cli_fixes.c - a finding's fixes (findings/finding.h): settled
 * against the text they edit, applied in place (--fix: whole or not at
 * all, overlaps left out, insertions at one place both made, manual and
 * suppressed ones never) and exported as clang-tidy's YAML (cli/fixes.h).
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cli/fixes.h"
#include "core/alloc.h"
#include "core/file.h"
#include "core/log.h"
#include "findings/finding.h"
#include "tmptree.h"

#include <stdlib.h>
#include <string.h>

static const char SRC[] = "void f(Q &q)\n"
                          "{\n"
                          "        q.SetKeyConditionExpression(\"name = :n\");\n"
                          "}\n";

/* The reserved-word fix of SRC's line 3, in file path: the entry added
 * before the setter, the word aliased. */
static struct dl_finding *aliasing(const char *path, const char *word_expect)
{
        struct dl_loc at = {path, 3, 38};
        struct dl_finding *f = dl_finding_new("reserved-word", DL_SEV_ERROR, &at, "reserved");
        struct dl_finding_fix *fx = dl_finding_add_fix(f, "alias 'name' as '#name'", false);
        struct dl_loc set = {path, 3, 9};
        dl_finding_add_edit(fx, &set, 3, 9, "q.AddExpressionAttributeNames(\"#name\", \"name\"); ",
                            "q.");
        dl_finding_add_edit(fx, &at, 3, 42, "#name", word_expect);
        return f;
}

static char *read_text(const char *path)
{
        char *text = NULL;
        size_t len = 0;
        assert_int_equal(dl_file_read(path, &text, &len, NULL), DL_OK);
        return text;
}

static void test_settle_keeps_what_finds_its_text(void **state)
{
        (void)state;
        struct dl_finding *good = aliasing("a.cpp", "name");
        dl_finding_fixes_settle(good, "a.cpp", SRC, strlen(SRC));
        assert_int_equal(good->n_fixes, 1);
        /* the word is not where the check thought (a macro, an edit since) */
        struct dl_finding *moved = aliasing("a.cpp", "nome");
        dl_finding_fixes_settle(moved, "a.cpp", SRC, strlen(SRC));
        assert_int_equal(moved->n_fixes, 0);
        /* another file's text, or none */
        struct dl_finding *other = aliasing("a.cpp", "name");
        dl_finding_fixes_settle(other, "b.cpp", SRC, strlen(SRC));
        assert_int_equal(other->n_fixes, 0);
        struct dl_finding *none = aliasing("a.cpp", "name");
        dl_finding_fixes_settle(none, "a.cpp", NULL, 0);
        assert_int_equal(none->n_fixes, 0);
        /* past the end of a line */
        struct dl_loc far = {"a.cpp", 2, 9};
        struct dl_finding *past = dl_finding_new("x", DL_SEV_NOTE, &far, "m");
        dl_finding_add_edit(dl_finding_add_fix(past, "d", false), &far, 2, 9, "x", "");
        dl_finding_fixes_settle(past, "a.cpp", SRC, strlen(SRC));
        assert_int_equal(past->n_fixes, 0);
        dl_finding_free(good);
        dl_finding_free(moved);
        dl_finding_free(other);
        dl_finding_free(none);
        dl_finding_free(past);
}

/* A deletion that leaves its line blank takes the line and its newline;
 * one that leaves code on its line takes only its range. */
static void test_settle_takes_a_blank_line(void **state)
{
        (void)state;
        static const char text[] = "{\n"
                                   "        q.AddExpressionAttributeNames(\"#o\", \"o\");\n"
                                   "        q.X(); q.AddExpressionAttributeNames(\"#o\", \"o\");\n"
                                   "}\n";
        static const char stmt[] = "q.AddExpressionAttributeNames(\"#o\", \"o\");";
        unsigned n = (unsigned)strlen(stmt);
        struct dl_loc alone = {"a.cpp", 2, 9}, after = {"a.cpp", 3, 16};
        struct dl_finding *f = dl_finding_new("unused-placeholder", DL_SEV_ERROR, &alone, "m");
        dl_finding_add_edit(dl_finding_add_fix(f, "remove", false), &alone, 2, 9 + n, "", stmt);
        struct dl_finding *g = dl_finding_new("unused-placeholder", DL_SEV_ERROR, &after, "m");
        dl_finding_add_edit(dl_finding_add_fix(g, "remove", false), &after, 3, 16 + n, "", stmt);
        dl_finding_fixes_settle(f, "a.cpp", text, strlen(text));
        dl_finding_fixes_settle(g, "a.cpp", text, strlen(text));
        assert_int_equal(f->n_fixes, 1);
        const struct dl_floc *r = &f->fixes[0].edits[0].range;
        assert_true(r->line == 2 && r->col == 1 && r->end_line == 3 && r->end_col == 1);
        assert_int_equal(strncmp(f->fixes[0].edits[0].expect, "        q.Add", 13), 0);
        assert_int_equal(g->n_fixes, 1);
        r = &g->fixes[0].edits[0].range;
        assert_true(r->line == 3 && r->col == 16 && r->end_line == 3 && r->end_col == 16 + n);
        dl_finding_free(f);
        dl_finding_free(g);
}

/* A statement's deletion is kept only where a statement of a block starts
 * (after ';', '{' or '}', past whole-line comments): not an if's body
 * without braces, even past a comment, nor an assignment's right side. */
static void test_settle_statement_starts(void **state)
{
        (void)state;
        static const char stmt[] = "q.AddExpressionAttributeNames(\"#o\", \"o\");";
        static const char text[] =
                "{\n"              /* 1 */
                "        q.X();\n" /* 2 */
                "        // why\n" /* 3 */
                "        q.AddExpressionAttributeNames(\"#o\", \"o\");\n"
                "        if (f)\n" /* 5 */
                "                q.AddExpressionAttributeNames(\"#o\", \"o\");\n"
                "        if (f) // sometimes\n" /* 7 */
                "                q.AddExpressionAttributeNames(\"#o\", \"o\");\n"
                "        if (f)\n"               /* 9 */
                "                // sometimes\n" /* 10 */
                "                q.AddExpressionAttributeNames(\"#o\", \"o\");\n"
                "        auto &r = q.AddExpressionAttributeNames(\"#o\", \"o\");\n"
                "        q.X(), q.AddExpressionAttributeNames(\"#o\", \"o\");\n"
                "        {q.AddExpressionAttributeNames(\"#o\", \"o\");}\n"
                "}\n";
        static const struct {
                unsigned line, col;
                bool kept;
        } at[] = {{4, 9, true},    {6, 17, false},  {8, 17, false}, {11, 17, false},
                  {12, 19, false}, {13, 16, false}, {14, 10, true}};
        for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
                struct dl_loc loc = {"a.cpp", at[i].line, at[i].col};
                struct dl_finding *f =
                        dl_finding_new("unused-placeholder", DL_SEV_ERROR, &loc, "m");
                dl_finding_edit_statement(dl_finding_add_fix(f, "remove", false), &loc, stmt, "");
                dl_finding_fixes_settle(f, "a.cpp", text, strlen(text));
                if (f->n_fixes != (at[i].kept ? 1u : 0u))
                        fail_msg("line %u: %zu fixes", at[i].line, f->n_fixes);
                dl_finding_free(f);
        }
}

static void test_apply(void **state)
{
        (void)state;
        struct tmptree t;
        assert_true(tmptree_make(&t, "dl-fixes"));
        assert_true(tmptree_put(&t, "a.cpp", SRC));
        char *path = tmptree_at(&t, "a.cpp");
        struct dl_finding *f = aliasing(path, "name");
        /* a second finding whose fix inserts at the same place: both made */
        struct dl_loc set = {path, 3, 9};
        struct dl_finding *g = dl_finding_new("other", DL_SEV_NOTE, &set, "m");
        dl_finding_add_edit(dl_finding_add_fix(g, "two", false), &set, 3, 9, "/*2*/ ", "q.");
        /* one that overlaps the word: left out, with a note */
        struct dl_loc in = {path, 3, 39};
        struct dl_finding *h = dl_finding_new("third", DL_SEV_NOTE, &in, "m");
        dl_finding_add_edit(dl_finding_add_fix(h, "three", false), &in, 3, 41, "AM", "am");
        /* a manual fix and a suppressed finding's: never applied */
        struct dl_finding *m = dl_finding_new("manual", DL_SEV_NOTE, &in, "m");
        dl_finding_add_edit(dl_finding_add_fix(m, "manual", true), &set, 3, 9, "X", "");
        struct dl_finding *s = dl_finding_new("suppressed", DL_SEV_NOTE, &in, "m");
        dl_finding_add_edit(dl_finding_add_fix(s, "s", false), &set, 3, 9, "Y", "");
        s->suppressed = DL_SUPPRESS_INLINE;
        const struct dl_finding *all[] = {f, g, h, m, s};
        struct dl_log log;
        dl_log_init(&log, NULL, true);
        char *yaml = tmptree_at(&t, "fixes.yaml");
        struct dl_error err;
        dl_error_init(&err);
        assert_int_equal(dl_fixes_export(yaml, all, 5, t.root, &log, &err), DL_OK);
        char *y = read_text(yaml);
        assert_non_null(strstr(y, "  - DiagnosticName: \"reserved-word\"\n"));
        /* two insertions at one place: one replacement of both texts
         * (clang-apply-replacements refuses two) */
        assert_non_null(strstr(y, "          Offset: 23\n          Length: 0\n"
                                  "          ReplacementText: \"q.AddExpressionAttributeNames("
                                  "\\\"#name\\\", \\\"name\\\"); /*2*/ \"\n"));
        assert_non_null(strstr(y, "          Offset: 52\n          Length: 4\n"
                                  "          ReplacementText: \"#name\"\n"));
        assert_null(strstr(y, "manual"));
        assert_null(strstr(y, "suppressed"));
        assert_null(strstr(y, "\"third\""));
        assert_int_equal(dl_fixes_apply(all, 5, t.root, &log), 2);
        char *text = read_text(path);
        assert_string_equal(text, "void f(Q &q)\n"
                                  "{\n"
                                  "        q.AddExpressionAttributeNames(\"#name\", \"name\"); "
                                  "/*2*/ q.SetKeyConditionExpression(\"#name = :n\");\n"
                                  "}\n");
        bool said = false;
        for (size_t i = 0; i < log.n; i++)
                said = said || !strcmp(log.items[i].id, "fix-skipped");
        assert_true(said);
        /* applied again: the word is no longer what the fix expects */
        assert_int_equal(dl_fixes_apply(all, 1, t.root, &log), 0);
        /* a file outside the project root is never edited */
        struct tmptree o;
        assert_true(tmptree_make(&o, "dl-fixes-out"));
        assert_true(tmptree_put(&o, "a.cpp", SRC));
        char *out_path = tmptree_at(&o, "a.cpp");
        struct dl_finding *w = aliasing(out_path, "name");
        const struct dl_finding *outside[] = {w};
        assert_int_equal(dl_fixes_apply(outside, 1, t.root, &log), 0);
        char *kept = read_text(out_path);
        assert_string_equal(kept, SRC);
        assert_int_equal(dl_fixes_apply(outside, 1, o.root, &log), 1); /* its own root: edited */
        free(kept);
        free(out_path);
        dl_finding_free(w);
        tmptree_remove(&o);
        free(text);
        text = read_text(path);
        assert_non_null(strstr(text, "(\"#name = :n\")"));
        free(text);
        free(y);
        free(yaml);
        dl_log_fini(&log);
        for (size_t i = 0; i < 5; i++)
                dl_finding_free((struct dl_finding *)all[i]);
        free(path);
        tmptree_remove(&t);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_settle_keeps_what_finds_its_text),
                cmocka_unit_test(test_settle_takes_a_blank_line),
                cmocka_unit_test(test_settle_statement_starts),
                cmocka_unit_test(test_apply),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
