/* shape.c - DynamoDB structures built in objects, and their JSON text
 * (shape.h).
 * SPDX-License-Identifier: MIT
 */
#include "shape.h"

#include "../core/arena.h"
#include "quote.h"
#include "template.h"

#include <stdio.h>
#include <string.h>

static struct dl_shape *node(struct dl_arena *a, enum dl_shape_kind k, struct dl_loc loc)
{
        struct dl_shape *s = dl_arena_alloc(a, sizeof *s);
        memset(s, 0, sizeof *s);
        s->kind = k;
        s->loc = loc;
        return s;
}

const struct dl_shape *dl_shape_unknown(struct dl_arena *a, struct dl_loc loc)
{
        return node(a, DL_SHAPE_UNKNOWN, loc);
}

const struct dl_shape *dl_shape_scalar(struct dl_arena *a, const struct dl_value *v, bool number)
{
        if (!dl_value_is_complete(v) || memchr(v->text, 0, v->len))
                return dl_shape_unknown(a, v->loc);
        if (number) {
                size_t i = v->len && v->text[0] == '-' ? 1 : 0;
                if (i == v->len)
                        return dl_shape_unknown(a, v->loc);
                for (; i < v->len; i++) {
                        if (v->text[i] < '0' || v->text[i] > '9')
                                return dl_shape_unknown(a, v->loc);
                }
        }
        struct dl_shape *s = node(a, number ? DL_SHAPE_NUMBER : DL_SHAPE_STRING, v->loc);
        s->value = *v;
        return s;
}

const struct dl_shape *dl_shape_object(struct dl_arena *a, struct dl_loc loc)
{
        return node(a, DL_SHAPE_OBJECT, loc);
}

const struct dl_shape *dl_shape_list(struct dl_arena *a, struct dl_loc loc)
{
        return node(a, DL_SHAPE_LIST, loc);
}

/* A copy of s with room for one more member (n is not advanced). */
static struct dl_shape *grown(struct dl_arena *a, const struct dl_shape *s)
{
        struct dl_shape *c = node(a, s->kind, s->loc);
        struct dl_shape_member *m = dl_arena_alloc(a, (s->n + 1) * sizeof *m);
        if (s->n)
                memcpy(m, s->members, s->n * sizeof *m);
        c->members = m;
        c->n = s->n;
        return c;
}

const struct dl_shape *dl_shape_set(struct dl_arena *a, const struct dl_shape *obj,
                                    const char *name, struct dl_loc loc, const struct dl_shape *val)
{
        if (!obj)
                obj = dl_shape_object(a, loc);
        if (obj->kind != DL_SHAPE_OBJECT)
                return obj;
        struct dl_shape *c = grown(a, obj);
        struct dl_shape_member *m = (struct dl_shape_member *)c->members;
        size_t i = 0;
        while (i < c->n && strcmp(m[i].name, name))
                i++;
        m[i].name = name;
        m[i].loc = loc;
        m[i].val = val;
        if (i == c->n)
                c->n++;
        return c;
}

const struct dl_shape *dl_shape_push(struct dl_arena *a, const struct dl_shape *list,
                                     struct dl_loc loc, const struct dl_shape *elem)
{
        if (!list)
                list = dl_shape_list(a, loc);
        if (list->kind != DL_SHAPE_LIST)
                return list;
        struct dl_shape *c = grown(a, list);
        struct dl_shape_member *m = (struct dl_shape_member *)c->members;
        m[c->n].name = NULL;
        m[c->n].loc = loc;
        m[c->n].val = elem;
        c->n++;
        return c;
}

const struct dl_shape *dl_shape_placed(struct dl_arena *a, const struct dl_shape *s,
                                       struct dl_loc loc)
{
        if (s->kind != DL_SHAPE_OBJECT)
                return s;
        struct dl_shape *c = node(a, s->kind, loc);
        c->members = s->members;
        c->n = s->n;
        return c;
}

const struct dl_shape *dl_shape_get(const struct dl_shape *obj, const char *name)
{
        for (size_t i = 0; obj && obj->kind == DL_SHAPE_OBJECT && i < obj->n; i++) {
                if (!strcmp(obj->members[i].name, name))
                        return obj->members[i].val;
        }
        return NULL;
}

/* ---- JSON text ------------------------------------------------------------------ */

void dl_shape_put(struct dl_tmpl *t, const char *s, struct dl_loc at)
{
        dl_tmpl_text(t, s, strlen(s), NULL, at, NULL);
}

void dl_shape_put_string(struct dl_tmpl *t, const struct dl_value *v, struct dl_loc at)
{
        dl_shape_put(t, "\"", at);
        for (size_t i = 0; i < v->len; i++) {
                unsigned char c = (unsigned char)v->text[i];
                char esc[32];
                if (c == '"' || c == '\\') {
                        snprintf(esc, sizeof esc, "\\%c", c);
                } else if (c >= 0x20 && c < 0x80) {
                        snprintf(esc, sizeof esc, "%c", c);
                } else {
                        /* ASCII only, so that a byte's offset is its
                         * character's (the reader's positions count
                         * characters); the text is valid UTF-8 */
                        size_t n = c < 0x80 ? 1 : dl_quote_char_len(v->text, v->len, i);
                        unsigned long cp = n <= 1 ? c : (unsigned long)(c & (0x7f >> n));
                        for (size_t k = 1; k < n; k++)
                                cp = (cp << 6) | ((unsigned char)v->text[i + k] & 0x3f);
                        i += n ? n - 1 : 0;
                        if (cp > 0xffff) {
                                cp -= 0x10000;
                                snprintf(esc, sizeof esc, "\\u%04lx\\u%04lx", 0xd800 + (cp >> 10),
                                         0xdc00 + (cp & 0x3ff));
                        } else {
                                snprintf(esc, sizeof esc, "\\u%04lx", cp);
                        }
                }
                dl_shape_put(t, esc, at);
        }
        dl_shape_put(t, "\"", at);
}

static void put_name(struct dl_tmpl *t, const char *name, struct dl_loc at)
{
        struct dl_value v = {.kind = DL_VAL_KNOWN, .text = name, .len = strlen(name)};
        dl_shape_put_string(t, &v, at);
}

static void put_node(struct dl_tmpl *t, const struct dl_shape *s)
{
        switch (s->kind) {
        case DL_SHAPE_UNKNOWN: dl_shape_put(t, DL_SHAPE_RUN_TIME, s->loc); return;
        case DL_SHAPE_STRING: dl_shape_put_string(t, &s->value, s->loc); return;
        case DL_SHAPE_NUMBER:
                dl_tmpl_text(t, s->value.text, s->value.len, NULL, s->loc, NULL);
                return;
        case DL_SHAPE_OBJECT:
        case DL_SHAPE_LIST: break;
        }
        bool obj = s->kind == DL_SHAPE_OBJECT;
        dl_shape_put(t, obj ? "{" : "[", s->loc);
        for (size_t i = 0; i < s->n; i++) {
                const struct dl_shape_member *m = &s->members[i];
                if (i)
                        dl_shape_put(t, ", ", s->loc);
                if (obj) {
                        put_name(t, m->name, m->loc);
                        dl_shape_put(t, ": ", m->loc);
                }
                put_node(t, m->val);
        }
        dl_shape_put(t, obj ? "}" : "]", s->loc);
}

const struct dl_value *dl_shape_text(struct dl_arena *a, struct dl_loc at,
                                     void (*write)(struct dl_tmpl *t, const void *data),
                                     const void *data)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, a);
        write(&t, data);
        struct dl_value *v = dl_arena_alloc(a, sizeof *v);
        *v = dl_tmpl_finish(&t, at);
        dl_tmpl_fini(&t);
        return dl_value_is_complete(v) ? v : NULL;
}

static void write_node(struct dl_tmpl *t, const void *data)
{
        put_node(t, data);
}

const struct dl_value *dl_shape_definition(struct dl_arena *a, const struct dl_shape *obj,
                                           struct dl_loc at)
{
        if (!obj || obj->kind != DL_SHAPE_OBJECT)
                return NULL;
        return dl_shape_text(a, at, write_node, obj);
}
