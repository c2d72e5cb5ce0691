/* template.c - typed templates: hole shapes and the template builder.
 * SPDX-License-Identifier: MIT
 *
 * The builder keeps a run of known bytes (with one location per byte, and
 * where each byte is written when that is elsewhere) that is flushed into a
 * segment whenever a hole is appended or the value is finished.
 */
#include "template.h"

#include "../core/alloc.h"
#include "../core/arena.h"
#include "../core/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* ---- shapes -------------------------------------------------------------- */

static const char *copy_str(struct dl_arena *a, const char *s)
{
        return s ? dl_arena_strdup(a, s) : NULL;
}

const struct dl_hole *dl_hole_new(struct dl_arena *a, const struct dl_hole *shape)
{
        if (!shape ||
            (shape->kind == DL_HOLE_UNKNOWN && !shape->cut && !shape->env && !shape->param))
                return NULL;
        struct dl_hole *h = dl_arena_alloc(a, sizeof *h);
        *h = *shape;
        if (shape->n_values) {
                const char **v = dl_arena_alloc(a, shape->n_values * sizeof *v);
                for (size_t i = 0; i < shape->n_values; i++)
                        v[i] = copy_str(a, shape->values[i]);
                h->values = v;
        } else {
                h->values = NULL;
        }
        h->name = copy_str(a, shape->name);
        h->format = copy_str(a, shape->format);
        h->source = copy_str(a, shape->source);
        h->env = copy_str(a, shape->env);
        return h;
}

/* Known text inside a shape: dl_value_dump's escapes plus | > =. */
static void dump_shape_text(struct dl_strbuf *sb, const char *s)
{
        dl_value_dump_text(sb, s ? s : "", s ? strlen(s) : 0, "|>=");
}

static void dump_values(struct dl_strbuf *sb, const struct dl_hole *h)
{
        for (size_t i = 0; i < h->n_values; i++) {
                if (i)
                        dl_strbuf_putc(sb, '|');
                dump_shape_text(sb, h->values[i]);
        }
}

void dl_hole_dump(struct dl_strbuf *sb, const struct dl_hole *h)
{
        switch (h ? h->kind : DL_HOLE_UNKNOWN) {
        case DL_HOLE_UNKNOWN: dl_strbuf_puts(sb, "<?>"); return;
        case DL_HOLE_DIGITS: dl_strbuf_puts(sb, "<digits>"); return;
        case DL_HOLE_BOOL: dl_strbuf_puts(sb, "<bool>"); return;
        case DL_HOLE_ONE_OF:
                dl_strbuf_puts(sb, "<one-of:");
                dump_values(sb, h);
                break;
        case DL_HOLE_ENUM:
                dl_strbuf_puts(sb, "<enum:");
                dump_shape_text(sb, h->name);
                dl_strbuf_putc(sb, '=');
                dump_values(sb, h);
                break;
        case DL_HOLE_DATE:
                dl_strbuf_puts(sb, "<date:");
                dump_shape_text(sb, h->format);
                break;
        case DL_HOLE_SHARD: dl_strbuf_printf(sb, "<shard:%llu", h->bound); break;
        }
        dl_strbuf_putc(sb, '>');
}

static bool str_eq(const char *a, const char *b)
{
        return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

bool dl_value_same(const struct dl_value *a, const struct dl_value *b)
{
        if (a->kind != b->kind || (a->kind == DL_VAL_KNOWN && a->n_segs != b->n_segs))
                return false;
        for (size_t i = 0; a->kind == DL_VAL_KNOWN && i < a->n_segs; i++) {
                const struct dl_segment *x = &a->segs[i], *y = &b->segs[i];
                if (!x->text != !y->text ||
                    (x->text && (x->len != y->len || memcmp(x->text, y->text, x->len))) ||
                    (!x->text && !dl_hole_equal(x->hole, y->hole)))
                        return false;
        }
        return true;
}

bool dl_hole_equal(const struct dl_hole *a, const struct dl_hole *b)
{
        enum dl_hole_kind ka = a ? a->kind : DL_HOLE_UNKNOWN;
        enum dl_hole_kind kb = b ? b->kind : DL_HOLE_UNKNOWN;
        if (ka != kb)
                return false;
        if (ka == DL_HOLE_UNKNOWN)
                return (a && a->cut) == (b && b->cut) && (a ? a->param : 0) == (b ? b->param : 0);
        if (a->n_values != b->n_values || !str_eq(a->name, b->name) ||
            !str_eq(a->format, b->format) || a->grain != b->grain || a->bound != b->bound)
                return false;
        for (size_t i = 0; i < a->n_values; i++) {
                if (!str_eq(a->values[i], b->values[i]))
                        return false;
        }
        return true;
}

const char *dl_time_grain_name(enum dl_time_grain g)
{
        static const char *const names[] = {"none", "year", "month",  "week",
                                            "day",  "hour", "minute", "second"};
        return (unsigned)g < sizeof names / sizeof names[0] ? names[g] : "none";
}

const struct dl_hole *dl_value_hole(const struct dl_value *v)
{
        if (!v || v->kind != DL_VAL_KNOWN || v->n_segs != 1 || v->segs[0].text)
                return NULL;
        return v->segs[0].hole;
}

/* ---- the builder ----------------------------------------------------------- */

void dl_tmpl_init(struct dl_tmpl *t, struct dl_arena *a)
{
        memset(t, 0, sizeof *t);
        t->arena = a;
        dl_strbuf_init(&t->run);
}

void dl_tmpl_fini(struct dl_tmpl *t)
{
        if (!t)
                return;
        DL_VEC_FREE(&t->segs);
        dl_strbuf_fini(&t->run);
        DL_VEC_FREE(&t->run_locs);
        DL_VEC_FREE(&t->run_origin);
}

static void flush(struct dl_tmpl *t)
{
        if (!t->run.len)
                return;
        struct dl_segment s = {0};
        s.text = dl_arena_strndup(t->arena, t->run.buf, t->run.len);
        s.len = t->run.len;
        if (!t->no_locs && t->run_locs.n == t->run.len) {
                struct dl_loc *l = dl_arena_alloc(t->arena, s.len * sizeof *l);
                memcpy(l, t->run_locs.items, s.len * sizeof *l);
                s.locs = l;
        }
        if (!t->no_locs && t->any_origin && t->run_origin.n == t->run.len) {
                struct dl_loc *o = dl_arena_alloc(t->arena, s.len * sizeof *o);
                memcpy(o, t->run_origin.items, s.len * sizeof *o);
                s.origin_locs = o;
        }
        DL_VEC_PUSH(&t->segs, s);
        dl_strbuf_reset(&t->run);
        t->run_locs.n = 0;
        t->run_origin.n = 0;
        t->any_origin = false;
}

void dl_tmpl_text(struct dl_tmpl *t, const char *p, size_t n, const struct dl_loc *locs,
                  struct dl_loc at, const struct dl_loc *origin)
{
        t->started = true;
        if (!n && !t->segs.n && !t->run.len)
                return;
        dl_strbuf_add(&t->run, p, n);
        if (t->run.len > DL_TMPL_MAX_LOCS)
                t->no_locs = true;
        if (t->no_locs) {
                DL_VEC_FREE(&t->run_locs);
                DL_VEC_FREE(&t->run_origin);
                return;
        }
        DL_VEC_GROW(&t->run_locs, t->run_locs.n + n);
        DL_VEC_GROW(&t->run_origin, t->run_origin.n + n);
        for (size_t i = 0; i < n; i++) {
                t->run_locs.items[t->run_locs.n++] = locs ? locs[i] : at;
                t->run_origin.items[t->run_origin.n++] = origin ? origin[i] : (struct dl_loc){0};
        }
        if (origin)
                t->any_origin = true;
}

void dl_tmpl_hole(struct dl_tmpl *t, const struct dl_hole *shape)
{
        if (shape && shape->kind == DL_HOLE_UNKNOWN && !shape->cut && !shape->env && !shape->param)
                shape = NULL;
        t->started = true;
        flush(t);
        bool unknown = !shape || (shape->kind == DL_HOLE_UNKNOWN && !shape->param);
        if (unknown && t->segs.n) {
                /* holes with nothing known join; a cut is kept; a helper's
                 * parameter stays apart */
                struct dl_segment *last = &t->segs.items[t->segs.n - 1];
                if (!last->text &&
                    (!last->hole || (last->hole->kind == DL_HOLE_UNKNOWN && !last->hole->param))) {
                        /* an environment variable's value joined to
                         * another hole is no longer that value alone */
                        if (shape && !shape->env)
                                last->hole = shape;
                        else if (last->hole && last->hole->env)
                                last->hole = NULL;
                        return;
                }
        }
        struct dl_segment s = {0};
        s.hole = shape;
        DL_VEC_PUSH(&t->segs, s);
}

void dl_tmpl_origin(struct dl_tmpl *t, struct dl_loc o)
{
        if (!t->have_origin && o.file) {
                t->have_origin = true;
                t->origin = o;
        }
}

struct dl_value dl_tmpl_finish(struct dl_tmpl *t, struct dl_loc at)
{
        struct dl_value v = {0};
        v.loc = at;
        bool empty_known = t->started && !t->segs.n && !t->run.len;
        flush(t);
        bool any_known = empty_known;
        for (size_t i = 0; i < t->segs.n; i++)
                any_known |=
                        t->segs.items[i].text != NULL ||
                        (t->segs.items[i].hole && (t->segs.items[i].hole->kind != DL_HOLE_UNKNOWN ||
                                                   t->segs.items[i].hole->param));
        if (!any_known) {
                v.kind = DL_VAL_DYNAMIC;
                if (t->segs.n == 1 && t->segs.items[0].hole)
                        v.env = t->segs.items[0].hole->env;
                return v;
        }
        v.kind = DL_VAL_KNOWN;
        if (t->have_origin)
                v.origin = t->origin;
        if (empty_known) {
                struct dl_segment *s = dl_arena_alloc(t->arena, sizeof *s);
                memset(s, 0, sizeof *s);
                s->text = dl_arena_strndup(t->arena, "", 0);
                v.segs = s;
                v.n_segs = 1;
                v.text = s->text;
                return v;
        }
        struct dl_segment *segs = dl_arena_alloc(t->arena, t->segs.n * sizeof *segs);
        memcpy(segs, t->segs.items, t->segs.n * sizeof *segs);
        v.segs = segs;
        v.n_segs = t->segs.n;
        if (t->segs.n == 1 && segs[0].text) {
                v.text = segs[0].text;
                v.len = segs[0].len;
        }
        return v;
}

void dl_tmpl_value_from(struct dl_tmpl *t, const struct dl_value *v, size_t off, struct dl_loc at)
{
        if (v->kind != DL_VAL_KNOWN) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        if (v->origin.file)
                dl_tmpl_origin(t, v->origin);
        t->started = true;
        for (size_t i = 0; i < v->n_segs; i++) {
                const struct dl_segment *s = &v->segs[i];
                if (!s->text) {
                        if (!off)
                                dl_tmpl_hole(t, s->hole);
                        continue;
                }
                size_t skip = off < s->len ? off : s->len;
                off -= skip;
                if (skip < s->len)
                        dl_tmpl_text(t, s->text + skip, s->len - skip,
                                     s->locs ? s->locs + skip : NULL, at,
                                     s->origin_locs ? s->origin_locs + skip : NULL);
        }
}

void dl_tmpl_value(struct dl_tmpl *t, const struct dl_value *v, bool relocate, struct dl_loc at)
{
        if (v->kind != DL_VAL_KNOWN) {
                struct dl_hole env = {.kind = DL_HOLE_UNKNOWN, .env = v->env};
                dl_tmpl_hole(t, v->env ? dl_hole_new(t->arena, &env) : NULL);
                return;
        }
        if (v->origin.file)
                dl_tmpl_origin(t, v->origin);
        for (size_t i = 0; i < v->n_segs; i++) {
                const struct dl_segment *s = &v->segs[i];
                if (!s->text)
                        dl_tmpl_hole(t, s->hole);
                else if (relocate) /* a constant: its bytes are written at its definition */
                        dl_tmpl_text(t, s->text, s->len, NULL, at,
                                     s->origin_locs ? s->origin_locs : s->locs);
                else
                        dl_tmpl_text(t, s->text, s->len, s->locs, at, s->origin_locs);
        }
        if (!v->n_segs)
                t->started = true;
}

char *dl_value_render(const struct dl_value *v)
{
        if (v->kind == DL_VAL_ABSENT)
                return NULL;
        if (v->kind == DL_VAL_DYNAMIC)
                return dl_xstrdup("<?>");
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        for (size_t i = 0; i < v->n_segs; i++) {
                if (v->segs[i].text)
                        dl_strbuf_add(&sb, v->segs[i].text, v->segs[i].len);
                else
                        dl_hole_dump(&sb, v->segs[i].hole);
        }
        if (!sb.len)
                dl_strbuf_puts(&sb, "");
        return dl_strbuf_take(&sb);
}
