/* buffer.c - the C buffer model (buffer.h; docs/architecture.md, "The C
 * buffer model").
 * SPDX-License-Identifier: MIT
 */
#include "buffer.h"

#include "../core/arena.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- bounds: what a size argument guarantees ------------------------------------ */

/* The most bytes a hole's text can take; SIZE_MAX when unbounded. */
static size_t hole_max(const struct dl_hole *h)
{
        if (!h)
                return SIZE_MAX;
        size_t m = 0;
        switch (h->kind) {
        case DL_HOLE_DIGITS: return 20;
        case DL_HOLE_BOOL: return 5;
        case DL_HOLE_SHARD: return (size_t)snprintf(NULL, 0, "%llu", h->bound) + 1;
        case DL_HOLE_ONE_OF:
        case DL_HOLE_ENUM:
                for (size_t i = 0; i < h->n_values; i++)
                        if (strlen(h->values[i]) > m)
                                m = strlen(h->values[i]);
                return m;
        case DL_HOLE_DATE:
                /* a number conversion prints an int (at most 11 bytes),
                 * any other at most 32 (%c, %A...) */
                for (const char *p = h->format; p && *p; p++) {
                        if (*p != '%' || !p[1]) {
                                m++;
                                continue;
                        }
                        p++;
                        m += strchr("CdeGgHIjmMsSuUVwyY", *p) ? 11 : 32;
                }
                return h->format ? m : SIZE_MAX;
        default: return SIZE_MAX;
        }
}

size_t dl_buffer_value_max(const struct dl_value *v)
{
        if (v->kind != DL_VAL_KNOWN)
                return SIZE_MAX;
        size_t most = 0;
        for (size_t i = 0; i < v->n_segs; i++) {
                size_t len = v->segs[i].text ? v->segs[i].len : hole_max(v->segs[i].hole);
                if (len > SIZE_MAX - most)
                        return SIZE_MAX;
                most += len;
        }
        return most;
}

void dl_buffer_append_bounded(struct dl_tmpl *t, const struct dl_value *v, size_t limit)
{
        if (v->kind != DL_VAL_KNOWN) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        size_t most = 0;
        for (size_t i = 0; i < v->n_segs; i++) {
                const struct dl_segment *s = &v->segs[i];
                size_t len = s->text ? s->len : hole_max(s->hole);
                if (most <= limit && len <= limit - most) {
                        if (s->text)
                                dl_tmpl_text(t, s->text, s->len, s->locs, v->loc, s->origin_locs);
                        else
                                dl_tmpl_hole(t, s->hole);
                        most += len;
                        continue;
                }
                if (s->text && most < limit)
                        dl_tmpl_text(t, s->text, limit - most, s->locs, v->loc, s->origin_locs);
                static const struct dl_hole cut = {.kind = DL_HOLE_UNKNOWN, .cut = true};
                dl_tmpl_hole(t, dl_hole_new(t->arena, &cut));
                return;
        }
        if (!v->n_segs)
                dl_tmpl_text(t, "", 0, NULL, v->loc, NULL);
}

/* ---- writes ----------------------------------------------------------------------- */

static struct dl_value hole_value(struct dl_loc loc)
{
        return dl_value_dynamic(loc);
}

void dl_buffer_init(struct dl_buffer *b, struct dl_arena *a, const struct dl_value *v, bool valid)
{
        memset(b, 0, sizeof *b);
        b->arena = a;
        b->valid = valid;
        b->val = valid && v ? *v : hole_value((struct dl_loc){0});
}

/* x then y (either may be NULL). */
static struct dl_value concat(struct dl_arena *a, const struct dl_value *x,
                              const struct dl_value *y, const struct dl_value *z, bool hole,
                              struct dl_loc at)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, a);
        if (x)
                dl_tmpl_value(&t, x, false, (struct dl_loc){0});
        if (y)
                dl_tmpl_value(&t, y, false, (struct dl_loc){0});
        if (z)
                dl_tmpl_value(&t, z, false, (struct dl_loc){0});
        if (hole)
                dl_tmpl_hole(&t, NULL);
        struct dl_value v = dl_tmpl_finish(&t, at);
        dl_tmpl_fini(&t);
        return v;
}

/* whole within size - 1 bytes and the NUL: b's contents, and its document
 * reading when the bound may bite. */
static void set_bounded(struct dl_buffer *b, const struct dl_value *whole, long long size)
{
        b->has_doc = false;
        if (size < 0 || dl_buffer_value_max(whole) <= (size_t)size - 1) {
                b->val = *whole;
                return;
        }
        struct dl_tmpl t;
        dl_tmpl_init(&t, b->arena);
        dl_buffer_append_bounded(&t, whole, (size_t)size - 1);
        b->val = dl_tmpl_finish(&t, whole->loc);
        dl_tmpl_fini(&t);
        if (whole->kind == DL_VAL_KNOWN) {
                b->doc = concat(b->arena, whole, NULL, NULL, true, whole->loc);
                b->has_doc = true;
        }
}

void dl_buffer_write(struct dl_buffer *b, enum dl_buffer_op op, const struct dl_value *src,
                     long long size)
{
        struct dl_loc at = src->loc;
        bool append = op == DL_BUF_CAT || op == DL_BUF_NCAT;
        if (size == 0 || size < -1 || (append && !b->valid)) {
                b->val = hole_value(at);
                b->valid = true;
                b->has_doc = false;
                return;
        }
        b->valid = true;
        switch (op) {
        case DL_BUF_NCOPY:
                /* certain only when src is shorter than the bound (a NUL) */
                b->has_doc = false;
                b->val =
                        size > 0 && dl_buffer_value_max(src) < (size_t)size ? *src : hole_value(at);
                return;
        case DL_BUF_MEMCPY: {
                /* a string whose NUL is the last byte copied */
                b->has_doc = false;
                bool whole = dl_value_is_complete(src) && size > 0 &&
                             (size_t)size == src->len + 1 && !memchr(src->text, '\0', src->len);
                b->val = whole ? *src : hole_value(at);
                return;
        }
        case DL_BUF_NCAT: {
                /* at most size bytes of src are appended */
                struct dl_tmpl t;
                dl_tmpl_init(&t, b->arena);
                dl_tmpl_value(&t, &b->val, false, (struct dl_loc){0});
                dl_buffer_append_bounded(&t, src, size > 0 ? (size_t)size : 0);
                b->val = dl_tmpl_finish(&t, at);
                dl_tmpl_fini(&t);
                b->has_doc = false;
                return;
        }
        case DL_BUF_DATE:
                /* a strftime that does not fit writes nothing certain, but
                 * a date's text is short (docs/architecture.md) */
                b->val = *src;
                b->has_doc = false;
                return;
        case DL_BUF_COPY:
        case DL_BUF_PRINT:
        case DL_BUF_CAT: {
                struct dl_value whole =
                        append ? concat(b->arena, &b->val, src, NULL, false, at) : *src;
                set_bounded(b, &whole, size);
                return;
        }
        }
}

/* ---- joins ------------------------------------------------------------------------ */

/* The number of leading bytes of text x and y share. */
static size_t head_len(const char *x, size_t nx, const char *y, size_t ny)
{
        size_t i = 0;
        while (i < nx && i < ny && x[i] == y[i])
                i++;
        return i;
}

/* A NUL-terminated copy of n bytes p in a. */
static const char *copy_n(struct dl_arena *a, const char *p, size_t n)
{
        char *s = dl_arena_alloc(a, n + 1);
        memcpy(s, p, n);
        s[n] = '\0';
        return s;
}

/* Do x and y have the same segments (text and shapes)? */
static bool same_value(const struct dl_value *x, const struct dl_value *y)
{
        if (x->kind != y->kind)
                return false;
        if (x->kind != DL_VAL_KNOWN)
                return true;
        if (x->n_segs != y->n_segs)
                return false;
        for (size_t i = 0; i < x->n_segs; i++) {
                const struct dl_segment *s = &x->segs[i], *t = &y->segs[i];
                if (!s->text != !t->text)
                        return false;
                if (s->text ? s->len != t->len || memcmp(s->text, t->text, s->len)
                            : !dl_hole_equal(s->hole, t->hole))
                        return false;
        }
        return true;
}

/* The known head x and y share (their first segments' common text), then a
 * hole. */
static struct dl_value common_head(struct dl_arena *a, const struct dl_value *x,
                                   const struct dl_value *y, struct dl_loc loc)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, a);
        if (x->kind == DL_VAL_KNOWN && y->kind == DL_VAL_KNOWN && x->n_segs && y->n_segs &&
            x->segs[0].text && y->segs[0].text) {
                const struct dl_segment *s = &x->segs[0];
                size_t n = head_len(s->text, s->len, y->segs[0].text, y->segs[0].len);
                if (n)
                        dl_tmpl_text(&t, s->text, n, s->locs, x->loc, s->origin_locs);
        }
        dl_tmpl_hole(&t, NULL);
        struct dl_value v = dl_tmpl_finish(&t, loc);
        dl_tmpl_fini(&t);
        return v;
}

void dl_buffer_join(struct dl_buffer *b, const struct dl_buffer *x, const struct dl_buffer *y,
                    const char *source, struct dl_loc loc)
{
        struct dl_arena *a = b->arena;
        b->has_doc = false;
        if (!x->valid || !y->valid) {
                b->valid = false;
                b->val = hole_value(loc);
                return;
        }
        b->valid = true;
        const struct dl_value *vx = &x->val, *vy = &y->val;
        if (same_value(vx, vy)) {
                b->val = *vx;
                return;
        }
        if (!dl_value_is_complete(vx) || !dl_value_is_complete(vy)) {
                b->val = common_head(a, vx, vy, loc);
                return;
        }
        /* head, one of the two middles, tail */
        size_t head = head_len(vx->text, vx->len, vy->text, vy->len);
        size_t tail = 0;
        while (tail < vx->len - head && tail < vy->len - head &&
               vx->text[vx->len - 1 - tail] == vy->text[vy->len - 1 - tail])
                tail++;
        const char *values[2] = {copy_n(a, vx->text + head, vx->len - head - tail),
                                 copy_n(a, vy->text + head, vy->len - head - tail)};
        struct dl_hole shape = {.kind = DL_HOLE_ONE_OF,
                                .values = values,
                                .n_values = 2,
                                .source = source,
                                .loc = loc};
        const struct dl_segment *sx = &vx->segs[0];
        struct dl_tmpl t;
        dl_tmpl_init(&t, a);
        dl_tmpl_text(&t, vx->text, head, sx->locs, vx->loc, sx->origin_locs);
        dl_tmpl_hole(&t, dl_hole_new(a, &shape));
        size_t from = vx->len - tail;
        dl_tmpl_text(&t, vx->text + from, tail, sx->locs ? sx->locs + from : NULL, vx->loc,
                     sx->origin_locs ? sx->origin_locs + from : NULL);
        b->val = dl_tmpl_finish(&t, loc);
        dl_tmpl_fini(&t);
}

void dl_buffer_widen(struct dl_buffer *b, const struct dl_buffer *before,
                     const struct dl_buffer *after)
{
        b->has_doc = false;
        if (!before->valid || !after->valid) {
                b->valid = false;
                b->val = hole_value(after->val.loc);
                return;
        }
        b->valid = true;
        b->val = same_value(&before->val, &after->val)
                         ? before->val
                         : common_head(b->arena, &before->val, &after->val, after->val.loc);
}
