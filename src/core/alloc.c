/* alloc.c - the only file that calls malloc and friends.
 * SPDX-License-Identifier: MIT
 */
#include "alloc.h"

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
        va_list ap, ap2;
        va_start(ap, fmt);
        va_copy(ap2, ap);
        int n = vsnprintf(NULL, 0, fmt, ap);
        va_end(ap);
        if (n < 0)
                oom();
        char *p = dl_xmalloc((size_t)n + 1);
        vsnprintf(p, (size_t)n + 1, fmt, ap2);
        va_end(ap2);
        return p;
}
