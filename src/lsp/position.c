/* position.c - LSP positions and file URIs.
 * SPDX-License-Identifier: MIT
 */
#include "position.h"

#include "../core/alloc.h"
#include "../core/strbuf.h"
#include "../findings/finding.h"

#include <ctype.h>
#include <string.h>

/* The offset of 1-based line's first byte and, in *end, of its end (its
 * '\n' or the text's end); false when the text has fewer lines. */
static bool line_span(const char *text, size_t len, unsigned line, size_t *start, size_t *end)
{
        if (!dl_edit_offset(text, len, line, 1, start))
                return false;
        const char *nl = *start < len ? memchr(text + *start, '\n', len - *start) : NULL;
        *end = nl ? (size_t)(nl - text) : len;
        return true;
}

/* The length of the UTF-8 sequence at text[i] that ends by end: the one
 * its lead byte announces when it is whole, else 1 (a stray byte). */
static size_t seq_at(const char *text, size_t i, size_t end)
{
        unsigned char c = (unsigned char)text[i];
        size_t n = c >= 0xf0 && c < 0xf8   ? 4
                   : c >= 0xe0 && c < 0xf0 ? 3
                   : c >= 0xc0 && c < 0xe0 ? 2
                                           : 1;
        if (i + n > end)
                return 1;
        for (size_t k = 1; k < n; k++) {
                if (((unsigned char)text[i + k] & 0xc0) != 0x80)
                        return 1;
        }
        return n;
}

unsigned dl_lsp_character(const char *text, size_t len, unsigned line, unsigned col, bool utf8)
{
        if (col <= 1)
                return 0;
        size_t start, end;
        if (utf8 || !line_span(text, len, line, &start, &end))
                return col - 1;
        size_t stop = start + col - 1, i = start;
        unsigned units = 0;
        while (i < stop && i < end) {
                size_t n = seq_at(text, i, end);
                units += n == 4 ? 2 : 1;
                i += n;
        }
        if (i < stop) /* past the line's end */
                units += (unsigned)(stop - i);
        return units;
}

unsigned dl_lsp_byte_col(const char *text, size_t len, unsigned line, unsigned ch, bool utf8)
{
        size_t start, end;
        if (!line_span(text, len, line + 1, &start, &end))
                return utf8 ? ch + 1 : 1;
        if (utf8)
                return (unsigned)((start + ch < end ? start + ch : end) - start) + 1;
        size_t i = start;
        unsigned units = 0;
        while (i < end && units < ch) {
                size_t n = seq_at(text, i, end);
                unsigned u = n == 4 ? 2 : 1;
                if (units + u > ch)
                        break;
                units += u;
                i += n;
        }
        return (unsigned)(i - start) + 1;
}

size_t dl_lsp_offset(const char *text, size_t len, unsigned line, unsigned ch, bool utf8)
{
        size_t start, end;
        if (!line_span(text, len, line + 1, &start, &end))
                return len;
        return start + dl_lsp_byte_col(text, len, line, ch, utf8) - 1;
}

static bool ident(unsigned char c)
{
        return isalnum(c) || c == '_' || c >= 0x80;
}

unsigned dl_lsp_word_end(const char *text, size_t len, unsigned line, unsigned col)
{
        size_t start, end;
        if (!col || !line_span(text, len, line, &start, &end))
                return col + 1;
        size_t i = start + col - 1;
        if (i >= end)
                return col;
        if (!ident((unsigned char)text[i]))
                return col + 1;
        while (i < end && ident((unsigned char)text[i]))
                i++;
        return (unsigned)(i - start) + 1;
}

static int hex(int c)
{
        if (c >= '0' && c <= '9')
                return c - '0';
        c = tolower(c);
        return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

char *dl_lsp_uri_path(const char *uri)
{
        if (!uri || strncasecmp(uri, "file://", 7) != 0)
                return NULL;
        const char *p = uri + 7;
        if (strncasecmp(p, "localhost/", 10) == 0)
                p += 9;
        if (*p != '/')
                return NULL;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        for (; *p && *p != '?' && *p != '#'; p++) {
                if (*p != '%') {
                        dl_strbuf_putc(&sb, *p);
                        continue;
                }
                int hi = hex((unsigned char)p[1]), lo = hi < 0 ? -1 : hex((unsigned char)p[2]);
                if (lo < 0 || (hi == 0 && lo == 0)) {
                        dl_strbuf_fini(&sb);
                        return NULL;
                }
                dl_strbuf_putc(&sb, (char)(hi * 16 + lo));
                p += 2;
        }
        return dl_strbuf_take(&sb);
}

char *dl_lsp_path_uri(const char *path)
{
        static const char digits[] = "0123456789ABCDEF";
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_strbuf_puts(&sb, "file://");
        for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
                if (isalnum(*p) || strchr("-._~/", *p)) {
                        dl_strbuf_putc(&sb, (char)*p);
                } else {
                        dl_strbuf_putc(&sb, '%');
                        dl_strbuf_putc(&sb, digits[*p >> 4]);
                        dl_strbuf_putc(&sb, digits[*p & 15]);
                }
        }
        return dl_strbuf_take(&sb);
}
