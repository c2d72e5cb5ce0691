/* rpc.c - LSP base protocol: framing and JSON-RPC 2.0 messages.
 * SPDX-License-Identifier: MIT
 */
#include "rpc.h"

#include "../core/alloc.h"
#include "../report/json_text.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

void dl_lsp_reader_init(struct dl_lsp_reader *r, size_t max_body)
{
        dl_strbuf_init(&r->in);
        r->max_body = max_body ? max_body : DL_LSP_MAX_BODY;
        r->skip = 0;
}

void dl_lsp_reader_fini(struct dl_lsp_reader *r)
{
        dl_strbuf_fini(&r->in);
}

void dl_lsp_reader_feed(struct dl_lsp_reader *r, const char *p, size_t n)
{
        dl_strbuf_add(&r->in, p, n);
}

/* Drops the first n bytes of what was fed. */
static void consume(struct dl_lsp_reader *r, size_t n)
{
        if (n >= r->in.len) {
                dl_strbuf_reset(&r->in);
                return;
        }
        memmove(r->in.buf, r->in.buf + n, r->in.len - n);
        r->in.len -= n;
        r->in.buf[r->in.len] = '\0';
}

/* Where the header part's blank line ends (the first body byte), or 0. */
static size_t header_end(const char *p, size_t n)
{
        for (size_t i = 0; i + 3 < n; i++) {
                if (p[i] == '\r' && p[i + 1] == '\n' && p[i + 2] == '\r' && p[i + 3] == '\n')
                        return i + 4;
        }
        return 0;
}

/* The Content-Length of the header part p[0..n): 1 with *out set, 0 when
 * there is none, -1 when a value is not a decimal number or two differ. */
static int content_length(const char *p, size_t n, uint64_t *out)
{
        static const char name[] = "Content-Length:";
        const size_t k = sizeof name - 1;
        int found = 0;
        size_t i = 0;
        while (i < n) {
                const char *eol = memchr(p + i, '\n', n - i);
                size_t end = eol ? (size_t)(eol - p) : n;
                if (end - i >= k && strncasecmp(p + i, name, k) == 0) {
                        size_t j = i + k;
                        while (j < end && (p[j] == ' ' || p[j] == '\t'))
                                j++;
                        uint64_t v = 0;
                        size_t digits = 0;
                        while (j < end && isdigit((unsigned char)p[j]) && digits < 19) {
                                v = v * 10 + (uint64_t)(p[j] - '0');
                                j++;
                                digits++;
                        }
                        while (j < end && (p[j] == ' ' || p[j] == '\t' || p[j] == '\r'))
                                j++;
                        if (!digits || j != end || (found && v != *out))
                                return -1;
                        *out = v;
                        found = 1;
                }
                i = end + 1;
        }
        return found;
}

enum dl_lsp_frame dl_lsp_reader_next(struct dl_lsp_reader *r, char **body, size_t *len,
                                     const char **why)
{
        *body = NULL;
        *len = 0;
        *why = NULL;
        if (r->skip) {
                size_t n = r->skip < r->in.len ? r->skip : r->in.len;
                consume(r, n);
                r->skip -= n;
                if (r->skip)
                        return DL_LSP_FRAME_NONE;
        }
        if (!r->in.len)
                return DL_LSP_FRAME_NONE;
        size_t scan = r->in.len < DL_LSP_MAX_HEADER + 4 ? r->in.len : DL_LSP_MAX_HEADER + 4;
        size_t hdr = header_end(r->in.buf, scan);
        if (!hdr) {
                if (r->in.len < DL_LSP_MAX_HEADER + 4)
                        return DL_LSP_FRAME_NONE;
                consume(r, r->in.len);
                *why = "a header part longer than 8192 bytes without its blank line: dropped";
                return DL_LSP_FRAME_ERROR;
        }
        uint64_t n = 0;
        int cl = content_length(r->in.buf, hdr - 4, &n);
        if (cl <= 0) {
                consume(r, hdr);
                *why = cl < 0 ? "the header's Content-Length is not a decimal number of bytes"
                              : "the header has no Content-Length";
                return DL_LSP_FRAME_ERROR;
        }
        if (n > r->max_body) {
                consume(r, hdr);
                r->skip = (size_t)n;
                *why = "the message is larger than the server reads (64 MiB): skipped";
                return DL_LSP_FRAME_ERROR;
        }
        if (r->in.len - hdr < n)
                return DL_LSP_FRAME_NONE;
        *body = dl_xmalloc((size_t)n + 1);
        memcpy(*body, r->in.buf + hdr, (size_t)n);
        (*body)[n] = '\0';
        *len = (size_t)n;
        consume(r, hdr + (size_t)n);
        return DL_LSP_FRAME_BODY;
}

void dl_lsp_frame(const json_t *msg, struct dl_strbuf *out)
{
        char *s = json_dumps(msg, JSON_COMPACT);
        if (!s) /* jansson's strings are valid UTF-8: only memory fails it */
                s = dl_xstrdup("{\"jsonrpc\":\"2.0\",\"method\":\"window/logMessage\","
                               "\"params\":{\"type\":1,\"message\":\"out of memory\"}}");
        size_t n = strlen(s);
        dl_strbuf_printf(out, "Content-Length: %zu\r\n\r\n", n);
        dl_strbuf_add(out, s, n);
        free(s);
}

static json_t *message(void)
{
        json_t *m = json_object();
        json_object_set_new(m, "jsonrpc", json_string("2.0"));
        return m;
}

json_t *dl_lsp_response(const json_t *id, json_t *result)
{
        json_t *m = message();
        json_object_set_new(m, "id", id ? json_deep_copy(id) : json_null());
        json_object_set_new(m, "result", result ? result : json_null());
        return m;
}

json_t *dl_lsp_error_response(const json_t *id, enum dl_lsp_code code, const char *msg)
{
        json_t *m = message();
        json_object_set_new(m, "id", id ? json_deep_copy(id) : json_null());
        json_t *e = json_object();
        json_object_set_new(e, "code", json_integer(code));
        json_object_set_new(e, "message", dl_json_text(msg));
        json_object_set_new(m, "error", e);
        return m;
}

json_t *dl_lsp_notification(const char *method, json_t *params)
{
        json_t *m = message();
        json_object_set_new(m, "method", json_string(method));
        json_object_set_new(m, "params", params ? params : json_object());
        return m;
}
