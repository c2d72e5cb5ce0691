/* test_frontend_eval.c - string-literal decoding with per-byte locations,
 * and folding through libclang on small sources (bad input included).
 * SPDX-License-Identifier: MIT
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "core/arena.h"
#include "core/log.h"
#include "core/strbuf.h"
#include "frontend/eval.h"
#include "model/request.h"
#include "recognize/analyze.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct dl_loc at = {"f.cpp", 3, 10};

static void decode(const char *tok, struct dl_strbuf *text, struct dl_loc_vec *locs, bool want)
{
        dl_strbuf_init(text);
        memset(locs, 0, sizeof *locs);
        assert_int_equal(dl_eval_decode_literal(tok, strlen(tok), at, text, locs), want);
}

static void test_plain_literal_maps_each_byte(void **state)
{
        (void)state;
        struct dl_strbuf t;
        struct dl_loc_vec l;
        decode("\"PK = :pk\"", &t, &l, true);
        assert_int_equal(t.len, 8);
        assert_memory_equal(t.buf, "PK = :pk", 8);
        assert_int_equal(l.n, 8);
        assert_int_equal(l.items[0].col, 11); /* after the quote */
        assert_int_equal(l.items[5].col, 16);
        dl_strbuf_fini(&t);
        DL_VEC_FREE(&l);
}

static void test_escapes_map_to_backslash(void **state)
{
        (void)state;
        struct dl_strbuf t;
        struct dl_loc_vec l;
        decode("\"a\\tb\\x41\\101\\0z\"", &t, &l, true);
        assert_int_equal(t.len, 7);
        assert_memory_equal(t.buf, "a\tbAA\0z", 7);
        assert_int_equal(l.items[1].col, 12); /* \t at col 12 */
        assert_int_equal(l.items[2].col, 14); /* b */
        assert_int_equal(l.items[3].col, 15); /* \x41 */
        assert_int_equal(l.items[4].col, 19); /* \101 */
        assert_int_equal(l.items[5].col, 23); /* \0 */
        dl_strbuf_fini(&t);
        DL_VEC_FREE(&l);
}

static void test_raw_string_spans_lines(void **state)
{
        (void)state;
        struct dl_strbuf t;
        struct dl_loc_vec l;
        decode("u8R\"x(a\n\\b)x\"", &t, &l, true);
        assert_int_equal(t.len, 4);
        assert_memory_equal(t.buf, "a\n\\b", 4);
        assert_int_equal(l.items[0].col, 16); /* after u8R"x( (6 bytes) */
        assert_int_equal(l.items[2].line, 4);
        assert_int_equal(l.items[2].col, 1);
        dl_strbuf_fini(&t);
        DL_VEC_FREE(&l);
}

static void test_universal_names_and_suffix(void **state)
{
        (void)state;
        struct dl_strbuf t;
        struct dl_loc_vec l;
        decode("\"\\u00e9\"s", &t, &l, true);
        assert_int_equal(t.len, 2);
        assert_memory_equal(t.buf, "\xc3\xa9", 2);
        dl_strbuf_fini(&t);
        DL_VEC_FREE(&l);
}

static void test_not_a_string_literal(void **state)
{
        (void)state;
        struct dl_strbuf t;
        struct dl_loc_vec l;
        decode("'a'", &t, &l, false);
        decode("42", &t, &l, false);
        decode("\"", &t, &l, false);
        decode("R\"abc", &t, &l, false);
        assert_int_equal(t.len, 0);
        dl_strbuf_fini(&t);
        DL_VEC_FREE(&l);
}

/* Write src to a temporary .cpp file and analyse it. */
static char *write_tmp(const char *src, size_t len)
{
        char *path = dl_xstrdup("/tmp/dl_eval_XXXXXX.cpp");
        int fd = mkstemps(path, 4);
        assert_true(fd >= 0);
        assert_int_equal(write(fd, src, len), (ssize_t)len);
        close(fd);
        return path;
}

static size_t analyse(const char *src, size_t len, struct dl_arena *a, struct dl_analysis *an)
{
        char *path = write_tmp(src, len);
        const char *args[] = {"-xc++", "-std=c++17", "-I" DL_SOURCE_DIR "/tests/fixtures/include"};
        struct dl_analyze_opts o = {args, 3, NULL, NULL, false, NULL, 0, NULL, NULL, NULL, 0};
        struct dl_log log;
        dl_log_init(&log, NULL, false);
        struct dl_error err;
        dl_error_init(&err);
        assert_int_equal(dl_analyze_file(path, &o, a, &log, an, &err), DL_OK);
        dl_error_fini(&err);
        dl_log_fini(&log);
        unlink(path);
        free(path);
        return an->n_requests;
}

static const char prelude[] = "#include <aws/dynamodb/DynamoDBClient.h>\n"
                              "using namespace Aws::DynamoDB;\n";

static void test_concatenated_literal_locations(void **state)
{
        (void)state;
        const char *src = "#include <aws/dynamodb/DynamoDBClient.h>\n"
                          "void f(Aws::DynamoDB::DynamoDBClient &c) {\n"
                          "  c.Query(Aws::DynamoDB::Model::QueryRequest().WithKeyConditionExpression(\n"
                          "      \"PK = :pk\" \" AND \\\"x\"));\n"
                          "}\n";
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_analysis an;
        assert_int_equal(analyse(src, strlen(src), &a, &an), 1);
        const struct dl_value *v = &an.requests[0].fields[DL_FIELD_KEY_CONDITION_EXPRESSION];
        assert_true(dl_value_equals(v, "PK = :pk AND \"x"));
        const struct dl_segment *s = &v->segs[0];
        assert_non_null(s->locs);
        assert_int_equal(s->locs[0].line, 4);
        assert_int_equal(s->locs[0].col, 8);  /* P */
        assert_int_equal(s->locs[8].col, 19); /* ' ' of " AND" */
        assert_int_equal(s->locs[13].col, 24); /* \" */
        assert_int_equal(s->locs[14].col, 26); /* x */
        dl_arena_fini(&a);
}

static void test_macro_origin(void **state)
{
        (void)state;
        const char *src = "#include <aws/dynamodb/DynamoDBClient.h>\n"
                          "#define T \"Orders\"\n"
                          "void f(Aws::DynamoDB::DynamoDBClient &c) {\n"
                          "  c.Query(Aws::DynamoDB::Model::QueryRequest().WithTableName(T));\n"
                          "}\n";
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_analysis an;
        assert_int_equal(analyse(src, strlen(src), &a, &an), 1);
        const struct dl_value *v = &an.requests[0].fields[DL_FIELD_TABLE_NAME];
        assert_true(dl_value_equals(v, "Orders"));
        assert_int_equal(v->origin.line, 2);
        assert_int_equal(v->segs[0].locs[3].line, 4); /* the expansion point */
        assert_int_equal(v->segs[0].locs[3].col, 62);
        dl_arena_fini(&a);
}

static void test_bad_input_never_crashes(void **state)
{
        (void)state;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_strbuf_puts(&sb, prelude);
        /* a 1 MB literal with NUL bytes and invalid UTF-8 */
        dl_strbuf_puts(&sb, "void f(DynamoDBClient &c) {\n  c.Scan(Model::ScanRequest().WithFilterExpression(\"");
        for (int i = 0; i < (1 << 20); i++)
                dl_strbuf_puts(&sb, i % 997 == 0 ? "\\0" : i % 991 == 0 ? "\xff\xfe" : "a");
        dl_strbuf_puts(&sb, "\"));\n");
        /* deeply nested parentheses and a long + chain */
        dl_strbuf_puts(&sb, "  Aws::String s = Aws::String(\"a\")");
        for (int i = 0; i < 3000; i++)
                dl_strbuf_puts(&sb, " + \"b\"");
        dl_strbuf_puts(&sb, ";\n  c.Scan(Model::ScanRequest().WithTableName(s).WithFilterExpression(");
        for (int i = 0; i < 5000; i++)
                dl_strbuf_putc(&sb, '(');
        dl_strbuf_puts(&sb, "\"x\"");
        for (int i = 0; i < 5000; i++)
                dl_strbuf_putc(&sb, ')');
        dl_strbuf_puts(&sb, "));\n}\n");
        dl_strbuf_putc(&sb, '\0');
        dl_strbuf_puts(&sb, "\xff garbage after a NUL byte\n");
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_analysis an;
        size_t n = analyse(sb.buf, sb.len, &a, &an);
        assert_true(n >= 1);
        assert_int_equal(an.requests[0].fields[DL_FIELD_FILTER_EXPRESSION].kind, DL_VAL_KNOWN);
        dl_arena_fini(&a);
        dl_strbuf_fini(&sb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_plain_literal_maps_each_byte),
                cmocka_unit_test(test_escapes_map_to_backslash),
                cmocka_unit_test(test_raw_string_spans_lines),
                cmocka_unit_test(test_universal_names_and_suffix),
                cmocka_unit_test(test_not_a_string_literal),
                cmocka_unit_test(test_concatenated_literal_locations),
                cmocka_unit_test(test_macro_origin),
                cmocka_unit_test(test_bad_input_never_crashes),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
