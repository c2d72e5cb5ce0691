/* alloc.c - the only file that calls malloc and friends.
 * SPDX-License-Identifier: MIT
 */
#include "alloc.h"
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void oom(void)
{
        fputs("ddblint: out of memory\n", stderr);
        abort();
}

void *dl_xmalloc(size_t n)
{
        void *p = malloc(n ? n : 1);
        if (!p)
                oom();
        return p;
}

void *dl_xcalloc(size_t count, size_t size)
{
        void *p = calloc(count ? count : 1, size ? size : 1);
        if (!p)
                oom();
        return p;
}

void *dl_xrealloc(void *p, size_t n)
{
        void *q = realloc(p, n ? n : 1);
        if (!q)
                oom();
        return q;
}

char *dl_xstrdup(const char *s)
{
        return s ? dl_xstrndup(s, strlen(s)) : NULL;
}

char *dl_xstrndup(const char *s, size_t n)
{
        char *p = dl_xmalloc(n + 1);
        if (n)
                memcpy(p, s, n);
        p[n] = '\0';
        return p;
}

char *dl_xasprintf(const char *fmt, ...)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        va_list ap;
        va_start(ap, fmt);
        dl_strbuf_vprintf(&sb, fmt, ap); /* the one formatter (strbuf.h) */
        va_end(ap);
        return dl_strbuf_take(&sb);
}
