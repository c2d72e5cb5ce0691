/* buffer.h - the C buffer model: the text a char[] (or a char * to memory
 * the function owns) holds, as a template, updated by each write in source
 * order and joined where paths meet (docs/architecture.md, "The C buffer
 * model"). eval.c folds each write's source text and asks this model what
 * the buffer holds after it; the model knows no libclang.
 * SPDX-License-Identifier: MIT
 *
 * Writes (C11 7.21.6.5/6, 7.24.2, 7.24.3, 7.27.3.5; BSD strlcpy/strlcat;
 * glibc asprintf): a copy, a formatted print and strftime replace the
 * contents; a concatenation appends to defined contents; strncpy copies
 * only when its source is certainly shorter than the bound; strncat
 * appends at most its bound; memcpy of n bytes copies a string whose NUL
 * is within them. A bound (the destination's size) keeps what certainly
 * fits: from the first byte that may lie past it the rest is one hole
 * (possible truncation is a hole at the end, never a guess).
 *
 * A whole JSON document (a request body) that a bound may cut is kept in
 * full with that hole at its end: a cut document is not JSON, which
 * DynamoDB rejects, so every body DynamoDB accepts is the whole text
 * (struct dl_buffer.doc). Only the buffer's last write may be so read.
 *
 * Ownership: every value lives in the arena given; nothing to free.
 */
#ifndef DL_FRONTEND_BUFFER_H
#define DL_FRONTEND_BUFFER_H

#include "../model/request.h"
#include "../model/template.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_arena;

enum dl_buffer_op {
        DL_BUF_COPY,   /* strcpy, strlcpy, strcpy_s, `p = "..."` */
        DL_BUF_PRINT,  /* snprintf, sprintf, asprintf */
        DL_BUF_NCOPY,  /* strncpy: copied when src is shorter than size */
        DL_BUF_CAT,    /* strcat, strlcat, strcat_s, += */
        DL_BUF_NCAT,   /* strncat: at most size bytes of src appended */
        DL_BUF_DATE,   /* strftime */
        DL_BUF_MEMCPY, /* memcpy, memmove: size bytes of src */
};

/* A buffer's contents at one point of the function. */
struct dl_buffer {
        struct dl_arena *arena;
        struct dl_value val; /* the contents, a hole where a bound may cut */
        /* The contents read as a whole JSON document when the last write's
         * bound may cut it: the whole text, then one hole. */
        struct dl_value doc;
        bool has_doc;
        bool valid; /* defined (an array without initializer is not) */
};

/** dl_buffer_init - a buffer whose contents are v (valid) or undefined. */
void dl_buffer_init(struct dl_buffer *b, struct dl_arena *a, const struct dl_value *v, bool valid);

/**
 * dl_buffer_write - apply one write to b.
 * @param src   the text written: the folded source string, the formatted
 *              text, the date; its holes stay holes.
 * @param size  the bound in bytes (the destination's size, NUL included,
 *              or for strncpy/strncat/memcpy the byte count), or -1 when
 *              the write has none. A bound <= 0 is not written.
 * A concatenation to undefined contents, a strncpy or memcpy that may leave
 * no NUL make the contents a hole (valid).
 */
void dl_buffer_write(struct dl_buffer *b, enum dl_buffer_op op, const struct dl_value *src,
                     long long size);

/**
 * dl_buffer_join - where two paths meet: b becomes what either x or y
 * holds. Both complete: their common head and tail around a one-of of
 * what differs (source names the buffer, at loc); else their common known
 * head, then a hole. Undefined on either path: undefined.
 */
void dl_buffer_join(struct dl_buffer *b, const struct dl_buffer *x, const struct dl_buffer *y,
                    const char *source, struct dl_loc loc);

/**
 * dl_buffer_widen - a loop that may write b any number of times with the
 * writes that took b from before to after: b keeps the known head common
 * to both, then a hole (only appends preserve a head: the caller passes
 * what one pass does).
 */
void dl_buffer_widen(struct dl_buffer *b, const struct dl_buffer *before,
                     const struct dl_buffer *after);

/** dl_buffer_value_max - the most bytes v's text can take; SIZE_MAX when
 * unbounded (a hole with nothing known). */
size_t dl_buffer_value_max(const struct dl_value *v);

/**
 * dl_buffer_append_bounded - append v to t, certain only within limit
 * bytes: from the first byte that may lie beyond the limit, the rest is
 * one hole with nothing known.
 */
void dl_buffer_append_bounded(struct dl_tmpl *t, const struct dl_value *v, size_t limit);

#endif
