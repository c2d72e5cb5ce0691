/* test_lsp_rpc.c - the language server's framing (src/lsp/rpc.h) and its
 * positions and URIs (src/lsp/position.h): whole messages out of bytes
 * fed in any cut, framing errors that drop one message and not the
 * stream, bodies above the bound skipped without being held, UTF-16
 * columns, file URIs both ways.
 * SPDX-License-Identifier: MIT
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "lsp/position.h"
#include "lsp/rpc.h"

#include <stdlib.h>
#include <string.h>

/* Feeds s whole, then asks for one frame. */
static enum dl_lsp_frame next(struct dl_lsp_reader *r, char **body, size_t *len)
{
        const char *why;
        enum dl_lsp_frame f = dl_lsp_reader_next(r, body, len, &why);
        if (f == DL_LSP_FRAME_ERROR)
                assert_non_null(why);
        return f;
}

static void test_two_messages_in_one_read(void **state)
{
        (void)state;
        struct dl_lsp_reader r;
        dl_lsp_reader_init(&r, 0);
        const char *in = "Content-Length: 2\r\n\r\n{}"
                         "content-length:3\r\nContent-Type: application/vscode-jsonrpc; "
                         "charset=utf-8\r\n\r\n[1]";
        dl_lsp_reader_feed(&r, in, strlen(in));
        char *body;
        size_t len;
        assert_int_equal(next(&r, &body, &len), DL_LSP_FRAME_BODY);
        assert_int_equal(len, 2);
        assert_string_equal(body, "{}");
        free(body);
        assert_int_equal(next(&r, &body, &len), DL_LSP_FRAME_BODY);
        assert_string_equal(body, "[1]");
        free(body);
        assert_int_equal(next(&r, &body, &len), DL_LSP_FRAME_NONE);
        assert_null(body);
        dl_lsp_reader_fini(&r);
}

/* Every cut of a message into two reads gives the same body. */
static void test_any_cut(void **state)
{
        (void)state;
        const char *in = "Content-Length: 10\r\n\r\n{\"a\":\"\xc3\xa9\"}";
        size_t n = strlen(in);
        for (size_t cut = 0; cut <= n; cut++) {
                struct dl_lsp_reader r;
                dl_lsp_reader_init(&r, 0);
                char *body;
                size_t len;
                dl_lsp_reader_feed(&r, in, cut);
                enum dl_lsp_frame f = next(&r, &body, &len);
                if (cut < n) {
                        assert_int_equal(f, DL_LSP_FRAME_NONE);
                        dl_lsp_reader_feed(&r, in + cut, n - cut);
                        f = next(&r, &body, &len);
                }
                assert_int_equal(f, DL_LSP_FRAME_BODY);
                assert_int_equal(len, 10);
                assert_memory_equal(body, "{\"a\":\"\xc3\xa9\"}", 10);
                free(body);
                dl_lsp_reader_fini(&r);
        }
}

/* A bad header drops that header part; the next message is read. */
static void test_bad_headers_then_a_good_one(void **state)
{
        (void)state;
        static const char *const bad[] = {
                "Content-Length: x\r\n\r\n",
                "Content-Length: -1\r\n\r\n",
                "Content-Length: 12abc\r\n\r\n",
                "Content-Length:\r\n\r\n",
                "Content-Type: a\r\n\r\n",
                "Content-Length: 1\r\nContent-Length: 2\r\n\r\n",
                "\r\n\r\n",
        };
        for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
                struct dl_lsp_reader r;
                dl_lsp_reader_init(&r, 0);
                dl_lsp_reader_feed(&r, bad[i], strlen(bad[i]));
                const char *good = "Content-Length: 4\r\n\r\nnull";
                dl_lsp_reader_feed(&r, good, strlen(good));
                char *body;
                size_t len;
                assert_int_equal(next(&r, &body, &len), DL_LSP_FRAME_ERROR);
                assert_int_equal(next(&r, &body, &len), DL_LSP_FRAME_BODY);
                assert_string_equal(body, "null");
                free(body);
                dl_lsp_reader_fini(&r);
        }
}

/* A body above the bound: one error, its bytes skipped as they come (the
 * reader's buffer never holds them), then the next message. */
static void test_huge_body_skipped(void **state)
{
        (void)state;
        struct dl_lsp_reader r;
        dl_lsp_reader_init(&r, 100);
        const char *h = "Content-Length: 100000\r\n\r\n";
        dl_lsp_reader_feed(&r, h, strlen(h));
        char *body;
        size_t len;
        assert_int_equal(next(&r, &body, &len), DL_LSP_FRAME_ERROR);
        char chunk[1000];
        memset(chunk, 'x', sizeof chunk);
        for (int i = 0; i < 100; i++) {
                dl_lsp_reader_feed(&r, chunk, sizeof chunk);
                assert_int_equal(next(&r, &body, &len), DL_LSP_FRAME_NONE);
                assert_true(r.in.len == 0);
        }
        const char *good = "Content-Length: 2\r\n\r\n{}";
        dl_lsp_reader_feed(&r, good, strlen(good));
        assert_int_equal(next(&r, &body, &len), DL_LSP_FRAME_BODY);
        assert_string_equal(body, "{}");
        free(body);
        /* a Content-Length of 20 digits is not a number of bytes */
        const char *over = "Content-Length: 99999999999999999999\r\n\r\n";
        dl_lsp_reader_feed(&r, over, strlen(over));
        assert_int_equal(next(&r, &body, &len), DL_LSP_FRAME_ERROR);
        dl_lsp_reader_fini(&r);
}

/* A header part that never ends is dropped at 8 KiB, not kept growing. */
static void test_endless_header(void **state)
{
        (void)state;
        struct dl_lsp_reader r;
        dl_lsp_reader_init(&r, 0);
        char line[512];
        memset(line, 'h', sizeof line);
        char *body;
        size_t len;
        bool dropped = false;
        for (int i = 0; i < 40; i++) {
                dl_lsp_reader_feed(&r, line, sizeof line);
                enum dl_lsp_frame f = next(&r, &body, &len);
                dropped = dropped || f == DL_LSP_FRAME_ERROR;
                assert_true(r.in.len <= DL_LSP_MAX_HEADER + 4 + sizeof line);
        }
        assert_true(dropped);
        dl_lsp_reader_fini(&r);
}

static void test_frame_and_messages(void **state)
{
        (void)state;
        struct dl_strbuf out;
        dl_strbuf_init(&out);
        json_t *id = json_integer(7);
        json_t *m = dl_lsp_error_response(id, DL_LSP_METHOD_NOT_FOUND, "unknown method 'x\xff'");
        dl_lsp_frame(m, &out);
        json_decref(m);
        const char *s = dl_strbuf_cstr(&out);
        assert_true(strncmp(s, "Content-Length: ", 16) == 0);
        const char *body = strstr(s, "\r\n\r\n") + 4;
        assert_int_equal((size_t)strtoul(s + 16, NULL, 10), strlen(body));
        json_t *back = json_loads(body, 0, NULL);
        assert_non_null(back);
        assert_int_equal(json_integer_value(json_object_get(back, "id")), 7);
        json_t *e = json_object_get(back, "error");
        assert_int_equal(json_integer_value(json_object_get(e, "code")), -32601);
        /* an invalid UTF-8 byte of a message becomes U+FFFD, never a lost message */
        assert_string_equal(json_string_value(json_object_get(e, "message")),
                            "unknown method 'x\xef\xbf\xbd'");
        json_decref(back);
        json_decref(id);
        dl_strbuf_reset(&out);
        m = dl_lsp_error_response(NULL, DL_LSP_PARSE_ERROR, "bad");
        dl_lsp_frame(m, &out);
        json_decref(m);
        assert_non_null(strstr(dl_strbuf_cstr(&out), "\"id\":null"));
        dl_strbuf_fini(&out);
}

static void test_utf16_characters(void **state)
{
        (void)state;
        /* line 2: "é😀x" = c3 a9 | f0 9f 98 80 | 78 */
        const char *t = "abc\n\xc3\xa9\xf0\x9f\x98\x80x\n";
        size_t n = strlen(t);
        assert_int_equal(dl_lsp_character(t, n, 1, 3, false), 2);
        assert_int_equal(dl_lsp_character(t, n, 2, 1, false), 0);
        assert_int_equal(dl_lsp_character(t, n, 2, 3, false), 1);          /* after é */
        assert_int_equal(dl_lsp_character(t, n, 2, 7, false), 3);          /* after 😀: 2 units */
        assert_int_equal(dl_lsp_character(t, n, 2, 8, false), 4);          /* after x */
        assert_int_equal(dl_lsp_character(t, n, 2, 7, true), 6);           /* bytes */
        assert_int_equal(dl_lsp_character(t, n, 9, 5, false), 4);          /* no such line */
        assert_int_equal(dl_lsp_character("\xff\xfe", 2, 1, 3, false), 2); /* stray bytes */
        /* and back */
        assert_int_equal(dl_lsp_byte_col(t, n, 1, 3, false), 7);
        assert_int_equal(dl_lsp_byte_col(t, n, 1, 2, false), 3); /* inside 😀: its start */
        assert_int_equal(dl_lsp_byte_col(t, n, 1, 99, false), 8);
        assert_int_equal(dl_lsp_offset(t, n, 1, 1, false), 6);
        assert_int_equal(dl_lsp_offset(t, n, 7, 0, false), n);
        assert_int_equal(dl_lsp_word_end("  name = :n", 11, 1, 3), 7);
        assert_int_equal(dl_lsp_word_end("  name = :n", 11, 1, 8), 9);
}

static void test_uris(void **state)
{
        (void)state;
        char *p = dl_lsp_uri_path("file:///home/u/My%20Project/a%2Bb.cpp");
        assert_string_equal(p, "/home/u/My Project/a+b.cpp");
        free(p);
        p = dl_lsp_uri_path("file://localhost/x/y.c");
        assert_string_equal(p, "/x/y.c");
        free(p);
        assert_null(dl_lsp_uri_path("untitled:Untitled-1"));
        assert_null(dl_lsp_uri_path("file://server/share/x.c"));
        assert_null(dl_lsp_uri_path("file:///a%00b"));
        assert_null(dl_lsp_uri_path("file:///a%zz"));
        assert_null(dl_lsp_uri_path("file:///a%4"));
        assert_null(dl_lsp_uri_path(NULL));
        char *u = dl_lsp_path_uri("/home/u/My Project/a+b#1.cpp");
        assert_string_equal(u, "file:///home/u/My%20Project/a%2Bb%231.cpp");
        p = dl_lsp_uri_path(u);
        assert_string_equal(p, "/home/u/My Project/a+b#1.cpp");
        free(p);
        free(u);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_two_messages_in_one_read),
                cmocka_unit_test(test_any_cut),
                cmocka_unit_test(test_bad_headers_then_a_good_one),
                cmocka_unit_test(test_huge_body_skipped),
                cmocka_unit_test(test_endless_header),
                cmocka_unit_test(test_frame_and_messages),
                cmocka_unit_test(test_utf16_characters),
                cmocka_unit_test(test_uris),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
