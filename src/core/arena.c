/* arena.c - bump allocator.
 * SPDX-License-Identifier: MIT
 */
#include "arena.h"

#include "alloc.h"
#include "strbuf.h"

#include <stdalign.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dl_arena_block {
        struct dl_arena_block *next;
        alignas(max_align_t) unsigned char data[];
};

enum { BLOCK_SIZE = 64 * 1024 };

void dl_arena_init(struct dl_arena *a)
{
        a->head = NULL;
        a->used = 0;
        a->cap = 0;
}

void dl_arena_fini(struct dl_arena *a)
{
        if (!a)
                return;
        struct dl_arena_block *b = a->head;
        while (b) {
                struct dl_arena_block *next = b->next;
                free(b);
                b = next;
        }
        dl_arena_init(a);
}

#ifdef DL_ARENA_PER_ALLOCATION
/* The build option DL_ARENA_PER_ALLOCATION (CMake; on in the sanitizer and
 * fuzzing builds) gives every allocation a heap block of its own holding
 * exactly n bytes, so AddressSanitizer reports a read or write one byte past
 * what was asked for, which inside a shared 64 KiB block it cannot see.
 * dl_arena_fini() frees the blocks as usual; used and cap stay 0. */
void *dl_arena_alloc(struct dl_arena *a, size_t n)
{
        struct dl_arena_block *b = dl_xmalloc(sizeof *b + n);
        b->next = a->head;
        a->head = b;
        memset(b->data, 0, n);
        return b->data;
}
#else
void *dl_arena_alloc(struct dl_arena *a, size_t n)
{
        const size_t align = alignof(max_align_t);
        n = (n + align - 1) & ~(align - 1);
        if (n == 0)
                n = align;
        if (!a->head || a->cap - a->used < n) {
                size_t cap = n > BLOCK_SIZE ? n : BLOCK_SIZE;
                struct dl_arena_block *b = dl_xmalloc(sizeof *b + cap);
                if (a->head && n > BLOCK_SIZE && a->cap - a->used >= BLOCK_SIZE / 4) {
                        /* A big request gets its own block behind the head so
                         * the head's free space is not wasted. */
                        b->next = a->head->next;
                        a->head->next = b;
                        memset(b->data, 0, n);
                        return b->data;
                }
                b->next = a->head;
                a->head = b;
                a->used = 0;
                a->cap = cap;
        }
        void *p = a->head->data + a->used;
        a->used += n;
        memset(p, 0, n);
        return p;
}
#endif

void *dl_arena_grow(struct dl_arena *a, void *items, size_t n, size_t size)
{
        /* full when n is 0 or a power of two of at least 8 */
        if (n != 0 && (n < 8 || (n & (n - 1)) != 0))
                return items;
        size_t cap = n == 0 ? 8 : n * 2;
        void *grown = dl_arena_alloc(a, cap * size);
        if (n)
                memcpy(grown, items, n * size);
        return grown;
}

char *dl_arena_strndup(struct dl_arena *a, const char *s, size_t n)
{
        char *p = dl_arena_alloc(a, n + 1);
        if (n)
                memcpy(p, s, n);
        p[n] = '\0';
        return p;
}

char *dl_arena_strdup(struct dl_arena *a, const char *s)
{
        return s ? dl_arena_strndup(a, s, strlen(s)) : NULL;
}

char *dl_arena_printf(struct dl_arena *a, const char *fmt, ...)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        va_list ap;
        va_start(ap, fmt);
        dl_strbuf_vprintf(&sb, fmt, ap); /* the one formatter (strbuf.h) */
        va_end(ap);
        char *p = dl_arena_strndup(a, sb.buf ? sb.buf : "", sb.len);
        dl_strbuf_fini(&sb);
        return p;
}
