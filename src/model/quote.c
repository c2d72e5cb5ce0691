/* quote.c - user text rendered for a finding's message.
 * SPDX-License-Identifier: MIT
 */
#include "quote.h"

#include "../core/strbuf.h"

#include <string.h>

size_t dl_quote_char_len(const char *s, size_t len, size_t i)
{
        if (i >= len)
                return 0;
        const unsigned char *u = (const unsigned char *)s + i;
        size_t left = len - i;
        if (u[0] < 0x80)
                return 1;
        size_t n;
        unsigned char lo = 0x80, hi = 0xbf; /* range of the second byte */
        if (u[0] >= 0xc2 && u[0] <= 0xdf)
                n = 2;
        else if (u[0] >= 0xe0 && u[0] <= 0xef) {
                n = 3;
                if (u[0] == 0xe0)
                        lo = 0xa0; /* overlong */
                else if (u[0] == 0xed)
                        hi = 0x9f; /* surrogates */
        } else if (u[0] >= 0xf0 && u[0] <= 0xf4) {
                n = 4;
                if (u[0] == 0xf0)
                        lo = 0x90; /* overlong */
                else if (u[0] == 0xf4)
                        hi = 0x8f; /* above U+10FFFF */
        } else {
                return 0;
        }
        if (left < n || u[1] < lo || u[1] > hi)
                return 0;
        for (size_t k = 2; k < n; k++)
                if (u[k] < 0x80 || u[k] > 0xbf)
                        return 0;
        return n;
}

/* A control character: C0, DEL, or C1 (U+0080..U+009F, encoded c2 80..c2 9f). */
static bool is_control(const unsigned char *u, size_t n)
{
        return (n == 1 && (u[0] < 0x20 || u[0] == 0x7f)) || (n == 2 && u[0] == 0xc2 && u[1] < 0xa0);
}

/* Append one unit (a character, or a run of escapes) when it fits. */
static bool put_unit(struct dl_strbuf *sb, size_t *used, const char *u, size_t n, bool esc)
{
        size_t w = esc ? 4 * n : n;
        if (*used + w > DL_QUOTE_MAX)
                return false;
        if (esc)
                for (size_t j = 0; j < n; j++)
                        dl_strbuf_printf(sb, "\\x%02x", (unsigned char)u[j]);
        else
                dl_strbuf_add(sb, u, n);
        *used += w;
        return true;
}

void dl_quote_put(struct dl_strbuf *sb, const char *s, size_t len)
{
        size_t used = 0;
        for (size_t i = 0; s && i < len;) {
                const unsigned char *u = (const unsigned char *)s + i;
                size_t n = dl_quote_char_len(s, len, i);
                bool esc = n == 0 || is_control(u, n);
                if (n == 0)
                        n = 1;
                if (!put_unit(sb, &used, s + i, n, esc)) {
                        dl_strbuf_puts(sb, "\u2026");
                        return;
                }
                i += n;
        }
}

const char *dl_quote(char *buf, const char *s, size_t len)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_quote_put(&sb, s, len);
        size_t n = sb.len < DL_QUOTE_SIZE - 1 ? sb.len : DL_QUOTE_SIZE - 1;
        if (n)
                memcpy(buf, dl_strbuf_cstr(&sb), n);
        buf[n] = '\0';
        dl_strbuf_fini(&sb);
        return buf;
}

const char *dl_quote_cstr(char *buf, const char *s)
{
        return dl_quote(buf, s, s ? strlen(s) : 0);
}
