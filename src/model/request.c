/* request.c - the normalized request: names, construction, canonical dump.
 * SPDX-License-Identifier: MIT
 */
#include "request.h"

#include "template.h"

#include "../core/arena.h"
#include "../core/strbuf.h"

#include <stdlib.h>
#include <string.h>

static const char *const op_names[] = {
#define DL_OP(e, name) name,
#include "op.def"
#undef DL_OP
};

static const struct {
        const char *api, *key;
        enum dl_field_kind kind;
} fields[] = {
#define DL_FIELD(e, api, key, kind) {api, key, DL_FK_##kind},
#include "field.def"
#undef DL_FIELD
};

const char *dl_op_name(enum dl_op op)
{
        return (unsigned)op < DL_OP_COUNT ? op_names[op] : "?";
}

bool dl_op_from_name(const char *name, size_t len, enum dl_op *out)
{
        for (unsigned i = 0; i < DL_OP_COUNT; i++) {
                if (strlen(op_names[i]) == len && memcmp(op_names[i], name, len) == 0) {
                        *out = (enum dl_op)i;
                        return true;
                }
        }
        return false;
}

const char *dl_field_api_name(enum dl_field f)
{
        return (unsigned)f < DL_FIELD_COUNT ? fields[f].api : "?";
}

const char *dl_field_dump_key(enum dl_field f)
{
        return (unsigned)f < DL_FIELD_COUNT ? fields[f].key : "?";
}

enum dl_field_kind dl_field_kind(enum dl_field f)
{
        return (unsigned)f < DL_FIELD_COUNT ? fields[f].kind : DL_FK_STRING;
}

bool dl_field_from_api_name(const char *name, size_t len, enum dl_field *out)
{
        for (unsigned i = 0; i < DL_FIELD_COUNT; i++) {
                if (strlen(fields[i].api) == len && memcmp(fields[i].api, name, len) == 0) {
                        *out = (enum dl_field)i;
                        return true;
                }
        }
        return false;
}

bool dl_field_enum_value(enum dl_field f, const char *s, size_t len)
{
        /* DynamoDB API 2012-08-10, the enum shapes of these members */
        static const struct {
                enum dl_field field;
                const char *value;
        } values[] = {
                {DL_FIELD_SELECT, "ALL_ATTRIBUTES"},
                {DL_FIELD_SELECT, "ALL_PROJECTED_ATTRIBUTES"},
                {DL_FIELD_SELECT, "SPECIFIC_ATTRIBUTES"},
                {DL_FIELD_SELECT, "COUNT"},
                {DL_FIELD_RETURN_VALUES, "NONE"},
                {DL_FIELD_RETURN_VALUES, "ALL_OLD"},
                {DL_FIELD_RETURN_VALUES, "UPDATED_OLD"},
                {DL_FIELD_RETURN_VALUES, "ALL_NEW"},
                {DL_FIELD_RETURN_VALUES, "UPDATED_NEW"},
                {DL_FIELD_RETURN_CONSUMED_CAPACITY, "INDEXES"},
                {DL_FIELD_RETURN_CONSUMED_CAPACITY, "TOTAL"},
                {DL_FIELD_RETURN_CONSUMED_CAPACITY, "NONE"},
                {DL_FIELD_CONDITIONAL_OPERATOR, "AND"},
                {DL_FIELD_CONDITIONAL_OPERATOR, "OR"},
        };
        for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
                if (values[i].field == f && strlen(values[i].value) == len &&
                    memcmp(values[i].value, s, len) == 0)
                        return true;
        }
        return false;
}

static const char *const attr_type_names[] = {
        NULL, "S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS",
};

const char *dl_attr_type_name(enum dl_attr_type t)
{
        return (unsigned)t < sizeof attr_type_names / sizeof attr_type_names[0]
                       ? attr_type_names[t]
                       : NULL;
}

bool dl_attr_type_from_name(const char *name, size_t len, enum dl_attr_type *out)
{
        for (unsigned i = 1; i < sizeof attr_type_names / sizeof attr_type_names[0]; i++) {
                if (strlen(attr_type_names[i]) == len && memcmp(attr_type_names[i], name, len) == 0) {
                        *out = (enum dl_attr_type)i;
                        return true;
                }
        }
        return false;
}

static const char *const map_names[DL_MAP_COUNT] = {
        "ExpressionAttributeNames", "ExpressionAttributeValues", "Key", "Item",
};

const char *dl_map_api_name(enum dl_map m)
{
        return (unsigned)m < DL_MAP_COUNT ? map_names[m] : "?";
}

bool dl_map_from_api_name(const char *name, size_t len, enum dl_map *out)
{
        for (unsigned i = 0; i < DL_MAP_COUNT; i++) {
                if (strlen(map_names[i]) == len && memcmp(map_names[i], name, len) == 0) {
                        *out = (enum dl_map)i;
                        return true;
                }
        }
        return false;
}

struct dl_attr_map *dl_request_map(struct dl_request *req, enum dl_map m)
{
        switch (m) {
        case DL_MAP_NAMES: return &req->names;
        case DL_MAP_VALUES: return &req->values;
        case DL_MAP_KEY: return &req->key;
        default: return &req->item;
        }
}

void dl_request_init(struct dl_request *req, enum dl_op op)
{
        memset(req, 0, sizeof *req);
        req->op = op;
}

void dl_request_mark_escaped(struct dl_request *req)
{
        req->escaped = true;
        req->members_listed = false;
        for (unsigned i = 0; i < DL_FIELD_COUNT; i++) {
                if (req->fields[i].kind == DL_VAL_ABSENT) {
                        req->fields[i].kind = DL_VAL_DYNAMIC;
                        req->fields[i].unseen = true;
                }
        }
        struct dl_attr_map *maps[] = {&req->names, &req->values, &req->key, &req->item};
        for (unsigned i = 0; i < sizeof maps / sizeof maps[0]; i++)
                maps[i]->kind = DL_VAL_DYNAMIC;
        if (req->keys.kind == DL_VAL_KNOWN)
                req->keys.kind = DL_VAL_DYNAMIC;
}

struct dl_key_list dl_key_list_append(struct dl_arena *a, const struct dl_key_list *list,
                                      const struct dl_attr_map *m)
{
        struct dl_key_list out = *list;
        if (out.kind == DL_VAL_ABSENT) {
                out.kind = DL_VAL_KNOWN;
                out.loc = m->loc;
        }
        out.items = dl_arena_alloc(a, (list->n + 1) * sizeof *out.items);
        if (list->n)
                memcpy(out.items, list->items, list->n * sizeof *out.items);
        out.items[out.n++] = *m;
        return out;
}

struct dl_value dl_value_known(struct dl_arena *a, const char *text, size_t len,
                               const struct dl_loc *locs, struct dl_loc loc)
{
        struct dl_value v = {0};
        struct dl_segment *seg = dl_arena_alloc(a, sizeof *seg);
        seg->text = dl_arena_strndup(a, text, len);
        seg->len = len;
        if (locs && len) {
                struct dl_loc *copy = dl_arena_alloc(a, len * sizeof *copy);
                memcpy(copy, locs, len * sizeof *copy);
                seg->locs = copy;
        }
        v.kind = DL_VAL_KNOWN;
        v.text = seg->text;
        v.len = len;
        v.segs = seg;
        v.n_segs = 1;
        v.loc = loc;
        return v;
}

/* Is v a list dl_name_list_append made: known text ending with a NUL. */
static bool name_list(const struct dl_value *v)
{
        return dl_value_is_complete(v) && v->len && v->text[v->len - 1] == '\0';
}

struct dl_value dl_name_list_append(struct dl_arena *a, const struct dl_value *list,
                                    const struct dl_value *name, struct dl_loc loc)
{
        bool here = dl_value_is_complete(name) && name->len && !dl_loc_valid(&name->origin) &&
                    name->n_segs == 1 && name->segs[0].locs && !name->segs[0].origin_locs &&
                    !memchr(name->text, '\0', name->len);
        if (!here || (list->kind != DL_VAL_ABSENT && !name_list(list)))
                return dl_value_dynamic(loc);
        struct dl_tmpl t;
        dl_tmpl_init(&t, a);
        if (list->kind != DL_VAL_ABSENT)
                dl_tmpl_value(&t, list, false, loc);
        dl_tmpl_value(&t, name, false, loc);
        dl_tmpl_text(&t, "", 1, NULL, loc, NULL);
        struct dl_value v = dl_tmpl_finish(&t, loc);
        dl_tmpl_fini(&t);
        return v;
}

struct dl_value dl_value_dynamic(struct dl_loc loc)
{
        struct dl_value v = {0};
        v.kind = DL_VAL_DYNAMIC;
        v.loc = loc;
        return v;
}

bool dl_value_is_complete(const struct dl_value *v)
{
        return v->kind == DL_VAL_KNOWN && v->text != NULL;
}

bool dl_value_equals(const struct dl_value *v, const char *s)
{
        return dl_value_is_complete(v) && strlen(s) == v->len && memcmp(v->text, s, v->len) == 0;
}

/* The known segment holding byte offset of v's known text (holes take no
 * bytes), and the offset inside it; NULL past the end. */
static const struct dl_segment *segment_at(const struct dl_value *v, size_t offset,
                                           size_t *in)
{
        if (v->kind != DL_VAL_KNOWN)
                return NULL;
        size_t base = 0;
        for (size_t i = 0; i < v->n_segs; i++) {
                const struct dl_segment *s = &v->segs[i];
                if (!s->text)
                        continue;
                if (offset < base + s->len) {
                        *in = offset - base;
                        return s;
                }
                base += s->len;
        }
        return NULL;
}

bool dl_value_loc_at(const struct dl_value *v, size_t offset, struct dl_loc *out)
{
        *out = v->loc;
        size_t in = 0;
        const struct dl_segment *s = segment_at(v, offset, &in);
        if (!s || !s->locs || !dl_loc_valid(&s->locs[in]))
                return false;
        *out = s->locs[in];
        return true;
}

bool dl_value_origin_at(const struct dl_value *v, size_t offset, struct dl_loc *out)
{
        size_t in = 0;
        const struct dl_segment *s = segment_at(v, offset, &in);
        if (!s || !s->origin_locs || !dl_loc_valid(&s->origin_locs[in]))
                return false;
        *out = s->origin_locs[in];
        return true;
}

char *dl_value_known_text(struct dl_arena *a, const struct dl_value *v, size_t *len)
{
        *len = 0;
        if (!v || v->kind != DL_VAL_KNOWN || !v->segs)
                return NULL;
        size_t total = 0;
        bool any_known = false;
        for (size_t i = 0; i < v->n_segs; i++)
                if (v->segs[i].text) {
                        total += v->segs[i].len;
                        any_known = true;
                }
        if (!any_known)
                return NULL;
        char *text = dl_arena_alloc(a, total + 1);
        size_t at = 0;
        for (size_t i = 0; i < v->n_segs; i++)
                if (v->segs[i].text) {
                        memcpy(text + at, v->segs[i].text, v->segs[i].len);
                        at += v->segs[i].len;
                }
        *len = total;
        return text;
}

void dl_value_dump_text(struct dl_strbuf *sb, const char *p, size_t n, const char *also)
{
        for (size_t i = 0; i < n; i++) {
                unsigned char c = (unsigned char)p[i];
                if (c == '"' || c == '\\' || c == '<' || (c && also && strchr(also, c)))
                        dl_strbuf_printf(sb, "\\%c", c);
                else if (c < 0x20 || c > 0x7e)
                        dl_strbuf_printf(sb, "\\x%02x", c);
                else
                        dl_strbuf_putc(sb, (char)c);
        }
}

void dl_value_dump(struct dl_strbuf *sb, const struct dl_value *v)
{
        switch (v->kind) {
        case DL_VAL_ABSENT:
                dl_strbuf_puts(sb, "<absent>");
                return;
        case DL_VAL_DYNAMIC:
                dl_strbuf_puts(sb, "<dynamic>");
                return;
        case DL_VAL_KNOWN:
                break;
        }
        dl_strbuf_putc(sb, '"');
        for (size_t i = 0; i < v->n_segs; i++) {
                if (v->segs[i].text)
                        dl_value_dump_text(sb, v->segs[i].text, v->segs[i].len, NULL);
                else
                        dl_hole_dump(sb, v->segs[i].hole);
        }
        dl_strbuf_putc(sb, '"');
}

/* Does v hold a hole with a shape (what the partition-key checks read)? */
static bool has_typed_hole(const struct dl_value *v)
{
        for (size_t i = 0; v->kind == DL_VAL_KNOWN && i < v->n_segs; i++)
                if (!v->segs[i].text && v->segs[i].hole)
                        return true;
        return false;
}

static void dump_map(struct dl_strbuf *sb, const char *key, const struct dl_attr_map *m,
                     bool is_values)
{
        dl_strbuf_printf(sb, " %s={", key);
        for (size_t i = 0; i < m->n; i++) {
                const struct dl_attr *a = &m->items[i];
                if (i)
                        dl_strbuf_putc(sb, ',');
                if (dl_value_is_complete(&a->key))
                        dl_value_dump_text(sb, a->key.text, a->key.len, NULL);
                else
                        dl_value_dump(sb, &a->key);
                if (is_values) {
                        dl_strbuf_printf(sb, ":%s", a->type ? dl_attr_type_name(a->type) : "?");
                        if (has_typed_hole(&a->val)) {
                                dl_strbuf_putc(sb, '=');
                                dl_value_dump(sb, &a->val);
                        }
                } else {
                        dl_strbuf_putc(sb, '=');
                        dl_value_dump(sb, &a->val);
                }
        }
        if (m->kind == DL_VAL_DYNAMIC)
                dl_strbuf_puts(sb, m->n ? ",..." : "...");
        dl_strbuf_putc(sb, '}');
}

struct dump_entry {
        const char *key;
        int field;              /* >= 0: index into fields */
        const struct dl_attr_map *map;
        bool is_values;
};

static int entry_cmp(const void *a, const void *b)
{
        return strcmp(((const struct dump_entry *)a)->key, ((const struct dump_entry *)b)->key);
}

void dl_request_dump(struct dl_strbuf *sb, const struct dl_request *req)
{
        static const char *const kinds[] = {"", "Async", "Callable", "Paginator"};
        dl_strbuf_puts(sb, dl_op_name(req->op));
        if ((unsigned)req->call_kind < 4)
                dl_strbuf_puts(sb, kinds[req->call_kind]);

        struct dump_entry e[DL_FIELD_COUNT + 4];
        size_t n = 0;
        for (unsigned i = 0; i < DL_FIELD_COUNT; i++) {
                if (req->fields[i].kind != DL_VAL_ABSENT)
                        e[n++] = (struct dump_entry){fields[i].key, (int)i, NULL, false};
        }
        if (req->names.kind != DL_VAL_ABSENT)
                e[n++] = (struct dump_entry){"names", -1, &req->names, false};
        if (req->values.kind != DL_VAL_ABSENT)
                e[n++] = (struct dump_entry){"values", -1, &req->values, true};
        if (req->key.kind != DL_VAL_ABSENT)
                e[n++] = (struct dump_entry){"key", -1, &req->key, true};
        if (req->item.kind != DL_VAL_ABSENT)
                e[n++] = (struct dump_entry){"item", -1, &req->item, true};
        qsort(e, n, sizeof e[0], entry_cmp);
        for (size_t i = 0; i < n; i++) {
                if (e[i].map) {
                        dump_map(sb, e[i].key, e[i].map, e[i].is_values);
                } else {
                        dl_strbuf_printf(sb, " %s=", e[i].key);
                        dl_value_dump(sb, &req->fields[e[i].field]);
                }
        }
        if (req->api_version)
                dl_strbuf_printf(sb, " api=%s", req->api_version);
        if (req->escaped)
                dl_strbuf_puts(sb, " escaped");
        if (req->inferred)
                dl_strbuf_puts(sb, " inferred");
        if (req->member)
                dl_strbuf_printf(sb, " member=%s", req->member);
        if (req->n_items) {
                dl_strbuf_puts(sb, " items=[");
                for (size_t i = 0; i < req->n_items; i++) {
                        if (i)
                                dl_strbuf_puts(sb, "; ");
                        dl_request_dump(sb, &req->items[i]);
                }
                dl_strbuf_putc(sb, ']');
        }
}

void dl_request_signature(struct dl_strbuf *sb, const struct dl_request *req)
{
        dl_strbuf_puts(sb, dl_op_name(req->op));
        for (unsigned i = 0; i < DL_FIELD_COUNT; i++) {
                if (i != DL_FIELD_TABLE_NAME && i != DL_FIELD_INDEX_NAME &&
                    fields[i].kind != DL_FK_EXPR)
                        continue;
                const struct dl_value *v = &req->fields[i];
                dl_strbuf_printf(sb, "|%s=", fields[i].key);
                if (v->kind != DL_VAL_KNOWN) {
                        dl_value_dump(sb, v);
                        continue;
                }
                bool space = false;
                for (size_t s = 0; s < v->n_segs; s++) {
                        const struct dl_segment *seg = &v->segs[s];
                        if (!seg->text) {
                                dl_strbuf_puts(sb, "<?>");
                                space = false;
                                continue;
                        }
                        for (size_t k = 0; k < seg->len; k++) {
                                char c = seg->text[k];
                                if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                                        space = true;
                                        continue;
                                }
                                if (space && sb->len && sb->buf[sb->len - 1] != '=')
                                        dl_strbuf_putc(sb, ' ');
                                space = false;
                                dl_strbuf_putc(sb, c);
                        }
                }
        }
}
