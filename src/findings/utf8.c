/* utf8.c - UTF-8 decoding with WHATWG-style replacement.
 * SPDX-License-Identifier: MIT
 */
#include "utf8.h"

size_t dl_utf8_next(const char *str, size_t len, size_t i, uint32_t *cp)
{
        const unsigned char *s = (const unsigned char *)str;
        unsigned char b = s[i];
        if (b < 0x80) {
                *cp = b;
                return 1;
        }
        unsigned need;
        uint32_t v;
        unsigned char lo = 0x80, hi = 0xBF; /* bounds of the second byte */
        if (b >= 0xC2 && b <= 0xDF) {
                need = 1;
                v = b & 0x1F;
        } else if (b >= 0xE0 && b <= 0xEF) {
                need = 2;
                v = b & 0x0F;
                if (b == 0xE0)
                        lo = 0xA0;
                if (b == 0xED)
                        hi = 0x9F; /* no surrogates */
        } else if (b >= 0xF0 && b <= 0xF4) {
                need = 3;
                v = b & 0x07;
                if (b == 0xF0)
                        lo = 0x90;
                if (b == 0xF4)
                        hi = 0x8F;
        } else {
                *cp = 0xFFFD;
                return 1;
        }
        size_t k = i + 1;
        for (unsigned j = 0; j < need; j++, k++) {
                unsigned char c = k < len ? s[k] : 0;
                unsigned char l = j == 0 ? lo : 0x80, h = j == 0 ? hi : 0xBF;
                if (k >= len || c < l || c > h) {
                        /* The maximal subpart so far becomes one U+FFFD; the
                         * offending byte starts the next decode. */
                        *cp = 0xFFFD;
                        return k - i;
                }
                v = (v << 6) | (c & 0x3F);
        }
        *cp = v;
        return k - i;
}

unsigned dl_utf16_column(const char *line, size_t line_len, unsigned byte_col)
{
        if (byte_col == 0)
                return 0;
        size_t target = byte_col - 1, i = 0;
        unsigned units = 0;
        while (i < target && i < line_len) {
                uint32_t cp;
                size_t n = dl_utf8_next(line, line_len, i, &cp);
                units += cp >= 0x10000 ? 2 : 1;
                i += n;
        }
        if (target > i)
                units += (unsigned)(target - i);
        return units + 1;
}

int dl_text_line(const char *text, size_t len, unsigned line, size_t *start, size_t *n)
{
        if (line == 0)
                return 0;
        size_t i = 0;
        for (unsigned l = 1; l < line; l++) {
                while (i < len && text[i] != '\n')
                        i++;
                if (i >= len)
                        return 0;
                i++;
        }
        if (i > len)
                return 0;
        size_t e = i;
        while (e < len && text[e] != '\n')
                e++;
        *start = i;
        *n = e - i;
        if (*n > 0 && text[e - 1] == '\r')
                (*n)--;
        return 1;
}
