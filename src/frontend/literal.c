/* literal.c - decoding C and C++ string-literal tokens as spelled.
 * SPDX-License-Identifier: MIT
 */
#include "literal.h"

#include "../core/vec.h"

static void put_byte(struct dl_strbuf *text, struct dl_loc_vec *locs, char c, struct dl_loc at)
{
        dl_strbuf_putc(text, c);
        if (locs)
                DL_VEC_PUSH(locs, at);
}

static void put_utf8(struct dl_strbuf *text, struct dl_loc_vec *locs, unsigned long cp,
                     struct dl_loc at)
{
        if (cp < 0x80) {
                put_byte(text, locs, (char)cp, at);
        } else if (cp < 0x800) {
                put_byte(text, locs, (char)(0xc0 | (cp >> 6)), at);
                put_byte(text, locs, (char)(0x80 | (cp & 0x3f)), at);
        } else if (cp < 0x10000) {
                put_byte(text, locs, (char)(0xe0 | (cp >> 12)), at);
                put_byte(text, locs, (char)(0x80 | ((cp >> 6) & 0x3f)), at);
                put_byte(text, locs, (char)(0x80 | (cp & 0x3f)), at);
        } else {
                put_byte(text, locs, (char)(0xf0 | ((cp >> 18) & 0x07)), at);
                put_byte(text, locs, (char)(0x80 | ((cp >> 12) & 0x3f)), at);
                put_byte(text, locs, (char)(0x80 | ((cp >> 6) & 0x3f)), at);
                put_byte(text, locs, (char)(0x80 | (cp & 0x3f)), at);
        }
}

static int hexval(char c)
{
        if (c >= '0' && c <= '9')
                return c - '0';
        if (c >= 'a' && c <= 'f')
                return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
                return c - 'A' + 10;
        return -1;
}

bool dl_eval_decode_literal(const char *tok, size_t n, struct dl_loc start,
                            struct dl_strbuf *text, struct dl_loc_vec *locs)
{
        size_t i = 0;
        if (n >= 2 && tok[0] == 'u' && tok[1] == '8')
                i = 2;
        else if (n >= 1 && (tok[0] == 'u' || tok[0] == 'U' || tok[0] == 'L'))
                i = 1;
        bool raw = false;
        if (i < n && tok[i] == 'R') {
                raw = true;
                i++;
        }
        if (i >= n || tok[i] != '"')
                return false;
        /* Find the closing quote: the last '"' (a ud-suffix follows it). */
        size_t close = n;
        while (close > i + 1 && tok[close - 1] != '"')
                close--;
        if (close <= i + 1)
                return false;
        close--; /* index of the closing quote */
        struct dl_loc at = start;
        at.col += (unsigned)(i + 1);
        size_t p = i + 1;
        size_t end = close;
        if (raw) {
                size_t d = p;
                while (d < end && tok[d] != '(')
                        d++;
                if (d >= end)
                        return false;
                size_t dlen = d - p;
                if (end < d + 1 + dlen + 1)
                        return false;
                /* advance the location over the delimiter and '(' */
                at.col += (unsigned)(dlen + 1);
                p = d + 1;
                end = end - dlen - 1; /* the ')' before the delimiter */
                for (; p < end; p++) {
                        put_byte(text, locs, tok[p], at);
                        if (tok[p] == '\n') {
                                at.line++;
                                at.col = 1;
                        } else {
                                at.col++;
                        }
                }
                return true;
        }
        while (p < end) {
                char c = tok[p];
                if (c != '\\') {
                        put_byte(text, locs, c, at);
                        at.col++;
                        p++;
                        continue;
                }
                struct dl_loc esc = at;
                if (p + 1 >= end) { /* lone backslash: keep it */
                        put_byte(text, locs, c, at);
                        p++;
                        continue;
                }
                char e = tok[p + 1];
                size_t used = 2;
                switch (e) {
                case '\n': /* line splice */
                        at.line++;
                        at.col = 1;
                        p += 2;
                        continue;
                case '\r':
                        if (p + 2 < end && tok[p + 2] == '\n')
                                p++;
                        at.line++;
                        at.col = 1;
                        p += 2;
                        continue;
                case 'n': put_byte(text, locs, '\n', esc); break;
                case 't': put_byte(text, locs, '\t', esc); break;
                case 'r': put_byte(text, locs, '\r', esc); break;
                case 'a': put_byte(text, locs, '\a', esc); break;
                case 'b': put_byte(text, locs, '\b', esc); break;
                case 'f': put_byte(text, locs, '\f', esc); break;
                case 'v': put_byte(text, locs, '\v', esc); break;
                case 'e': put_byte(text, locs, 0x1b, esc); break;
                case 'x': {
                        unsigned long v = 0;
                        size_t k = p + 2;
                        while (k < end && hexval(tok[k]) >= 0) {
                                v = (v << 4 | (unsigned long)hexval(tok[k])) & 0xffffffffUL;
                                k++;
                        }
                        used = k - p;
                        put_byte(text, locs, (char)(v & 0xff), esc);
                        break;
                }
                case 'u':
                case 'U': {
                        size_t want = e == 'u' ? 4 : 8, k = p + 2;
                        unsigned long v = 0;
                        while (k < end && k < p + 2 + want && hexval(tok[k]) >= 0) {
                                v = v << 4 | (unsigned long)hexval(tok[k]);
                                k++;
                        }
                        used = k - p;
                        put_utf8(text, locs, v > 0x10ffff ? 0xfffd : v, esc);
                        break;
                }
                default:
                        if (e >= '0' && e <= '7') {
                                unsigned v = 0;
                                size_t k = p + 1;
                                while (k < end && k < p + 4 && tok[k] >= '0' && tok[k] <= '7') {
                                        v = v * 8 + (unsigned)(tok[k] - '0');
                                        k++;
                                }
                                used = k - p;
                                put_byte(text, locs, (char)(v & 0xff), esc);
                        } else {
                                put_byte(text, locs, e, esc); /* \\ \" \' \? and unknown */
                        }
                        break;
                }
                at.col += (unsigned)used;
                p += used;
        }
        return true;
}
