/* strbuf.c - growable byte string.
 * SPDX-License-Identifier: MIT
 */
#include "strbuf.h"

#include "alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dl_strbuf_init(struct dl_strbuf *sb)
{
        sb->buf = NULL;
        sb->len = sb->cap = 0;
}

void dl_strbuf_fini(struct dl_strbuf *sb)
{
        if (!sb)
                return;
        free(sb->buf);
        dl_strbuf_init(sb);
}

static void reserve(struct dl_strbuf *sb, size_t extra)
{
        size_t want = sb->len + extra + 1;
        if (want <= sb->cap)
                return;
        size_t cap = sb->cap ? sb->cap : 64;
        while (cap < want)
                cap *= 2;
        sb->buf = dl_xrealloc(sb->buf, cap);
        sb->cap = cap;
}

void dl_strbuf_add(struct dl_strbuf *sb, const char *p, size_t n)
{
        reserve(sb, n);
        if (n)
                memcpy(sb->buf + sb->len, p, n);
        sb->len += n;
        sb->buf[sb->len] = '\0';
}

void dl_strbuf_puts(struct dl_strbuf *sb, const char *s)
{
        dl_strbuf_add(sb, s, strlen(s));
}

void dl_strbuf_putc(struct dl_strbuf *sb, char c)
{
        dl_strbuf_add(sb, &c, 1);
}

void dl_strbuf_vprintf(struct dl_strbuf *sb, const char *fmt, va_list ap)
{
        va_list ap2;
        va_copy(ap2, ap);
        int n = vsnprintf(NULL, 0, fmt, ap);
        if (n > 0) {
                reserve(sb, (size_t)n);
                vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap2);
                sb->len += (size_t)n;
        }
        va_end(ap2);
}

void dl_strbuf_printf(struct dl_strbuf *sb, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        dl_strbuf_vprintf(sb, fmt, ap);
        va_end(ap);
}

const char *dl_strbuf_cstr(const struct dl_strbuf *sb)
{
        return sb->buf ? sb->buf : "";
}

char *dl_strbuf_take(struct dl_strbuf *sb)
{
        char *p = sb->buf ? sb->buf : dl_xstrdup("");
        dl_strbuf_init(sb);
        return p;
}

void dl_strbuf_reset(struct dl_strbuf *sb)
{
        sb->len = 0;
        if (sb->buf)
                sb->buf[0] = '\0';
}
