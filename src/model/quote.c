/* quote.c - user text rendered for a finding's message.
 * SPDX-License-Identifier: MIT
 */
#include "quote.h"

#include "../core/strbuf.h"

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

void dl_quote_put(struct dl_strbuf *sb, const char *s, size_t len)
{
        for (size_t i = 0; i < len;) {
                const unsigned char *u = (const unsigned char *)s + i;
                size_t n = dl_quote_char_len(s, len, i);
                if (n == 0 || is_control(u, n)) {
                        size_t k = n ? n : 1;
                        for (size_t j = 0; j < k; j++)
                                dl_strbuf_printf(sb, "\\x%02x", u[j]);
                        i += k;
                        continue;
                }
                dl_strbuf_add(sb, s + i, n);
                i += n;
        }
}
