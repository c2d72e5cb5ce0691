/* helper.c - key-building helpers known across translation units
 * (helper.h).
 * SPDX-License-Identifier: MIT
 */
#include "helper.h"

#include "template.h"

#include "../core/alloc.h"
#include "../core/sort.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool ident_char(char c)
{
        return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
               (c >= 'A' && c <= 'Z');
}

/* Does the statement s[0..n) (after `return`) hold a string literal next
 * to a `+` (spaces between), or `AttributeValue`? */
static bool helper_return(const char *s, size_t n)
{
        for (size_t i = 0; i < n; i++) {
                if (s[i] == 'A' && n - i >= 14 && !memcmp(s + i, "AttributeValue", 14))
                        return true;
                if (s[i] == 's' && n - i >= 7 && !memcmp(s + i, "strdup", 6) && s[i + 6] == '(')
                        return true;
                if (s[i] != '"')
                        continue;
                size_t b = i;
                while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '('))
                        b--;
                if (b > 0 && s[b - 1] == '+')
                        return true;
                size_t e = i + 1; /* the literal's end */
                while (e < n && s[e] != '"') {
                        if (s[e] == '\\')
                                e++;
                        e++;
                }
                for (e++; e < n && (s[e] == ' ' || s[e] == '\t' || s[e] == ')'); e++)
                        ;
                if (e < n && s[e] == '+')
                        return true;
                i = e - 1 < i ? i : e - 1;
        }
        return false;
}

static bool dl_helper_return_candidate(const char *text, size_t len);

/* The C string functions whose first argument is the buffer they write
 * (frontend/string_functions.def). */
static const char *const writers[] = {
        "snprintf", "sprintf", "asprintf", "strcpy",  "strlcpy",  "strcpy_s", "strncpy",
        "strcat",   "strlcat", "strcat_s", "strncat", "strftime", "memcpy",   "memmove",
};

/* Is the name `name` (n bytes) declared `char *name` or `char name[...]`
 * and followed by `,` or `)` (a parameter) within the 4,096 bytes before
 * `before`? */
static bool char_param_before(const char *text, size_t before, const char *name, size_t n)
{
        size_t from = before > 4096 ? before - 4096 : 0;
        for (size_t i = from; i + 4 + n <= before; i++) {
                if (memcmp(text + i, "char", 4) || (i && ident_char(text[i - 1])))
                        continue;
                size_t k = i + 4;
                while (k < before && (text[k] == ' ' || text[k] == '\t' || text[k] == '*'))
                        k++;
                if (k + n > before || memcmp(text + k, name, n) || ident_char(text[k + n]))
                        continue;
                for (k += n; k < before && (text[k] == ' ' || text[k] == '\t'); k++)
                        ;
                if (k < before && text[k] == '[') /* `char out[64]`, not a local's `;` */
                        while (k < before && text[k] != ']')
                                k++;
                for (k += k < before && text[k] == ']'; k < before && text[k] == ' '; k++)
                        ;
                if (k < before && (text[k] == ',' || text[k] == ')'))
                        return true;
        }
        return false;
}

/* Is s[0..n) (after `return`) one identifier, blanks around it? */
static bool return_ident(const char *s, size_t n)
{
        size_t i = 0;
        while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n'))
                i++;
        size_t b = i;
        while (i < n && ident_char(s[i]))
                i++;
        size_t e = i;
        while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n'))
                i++;
        return e > b && i == n && !(s[b] >= '0' && s[b] <= '9');
}

/* Does text spell `AttributeValue`? */
static bool spells_attr_value(const char *text, size_t len)
{
        for (size_t i = 0; i + 14 <= len; i++) {
                if (text[i] == 'A' && !memcmp(text + i, "AttributeValue", 14))
                        return true;
        }
        return false;
}

/* Does a string function of `writers` at text[i..) write into a char
 * parameter of the function around it? */
static bool writes_char_param(const char *text, size_t len, size_t i)
{
        if (i && (ident_char(text[i - 1]) || text[i - 1] == '.' || text[i - 1] == '>'))
                return false;
        for (size_t w = 0; w < sizeof writers / sizeof *writers; w++) {
                size_t n = strlen(writers[w]);
                if (len - i < n + 2 || memcmp(text + i, writers[w], n) || text[i + n] != '(')
                        continue;
                size_t a = i + n + 1;
                while (a < len && (text[a] == ' ' || text[a] == '&'))
                        a++;
                size_t e = a;
                while (e < len && ident_char(text[e]))
                        e++;
                return e > a && char_param_before(text, i, text + a, e - a);
        }
        return false;
}

/* Does text name a function returning a request object: an identifier
 * ending in `Request`, blanks, an identifier and `(`
 * (`QueryRequest ByUser(`)? */
static bool request_function(const char *text, size_t len)
{
        for (size_t i = 1; i + 7 < len; i++) {
                if (text[i] != 'R' || memcmp(text + i, "Request", 7) != 0 ||
                    !ident_char(text[i - 1]))
                        continue;
                size_t k = i + 7;
                if (k >= len || (text[k] != ' ' && text[k] != '\n'))
                        continue;
                while (k < len && (text[k] == ' ' || text[k] == '\n'))
                        k++;
                size_t b = k;
                while (k < len && ident_char(text[k]))
                        k++;
                if (k > b && k < len && text[k] == '(')
                        return true;
        }
        return false;
}

bool dl_helper_candidate(const char *text, size_t len)
{
        for (size_t i = 0; text && i < len; i++) {
                if ((text[i] == 's' || text[i] == 'a' || text[i] == 'm') &&
                    writes_char_param(text, len, i))
                        return true;
        }
        return dl_helper_return_candidate(text, len);
}

static bool dl_helper_return_candidate(const char *text, size_t len)
{
        /* a map or request helper returns its local object (`return k;`)
         * in a file that spells AttributeValue or defines such a function */
        int objects = -1;
        for (size_t i = 0; text && i + 6 <= len; i++) {
                if (text[i] != 'r' || memcmp(text + i, "return", 6) != 0 ||
                    (i && ident_char(text[i - 1])) || (i + 6 < len && ident_char(text[i + 6])))
                        continue;
                size_t n = 0, max = len - i - 6 < 512 ? len - i - 6 : 512;
                while (n < max && text[i + 6 + n] != ';')
                        n++;
                if (helper_return(text + i + 6, n))
                        return true;
                if (n < max && return_ident(text + i + 6, n)) {
                        if (objects < 0)
                                objects =
                                        spells_attr_value(text, len) || request_function(text, len);
                        if (objects)
                                return true;
                }
        }
        return false;
}

char *dl_helper_encode(const struct dl_value *v)
{
        if (v->kind != DL_VAL_KNOWN)
                return NULL;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        bool text = false;
        for (size_t i = 0; i < v->n_segs; i++) {
                const struct dl_segment *s = &v->segs[i];
                if (!s->text) {
                        if (s->hole && s->hole->param)
                                dl_strbuf_printf(&sb, "<$%u>", s->hole->param);
                        else
                                dl_strbuf_puts(&sb, "<?>");
                        continue;
                }
                for (size_t k = 0; k < s->len; k++) {
                        if (s->text[k] == '\\' || s->text[k] == '<')
                                dl_strbuf_putc(&sb, '\\');
                        dl_strbuf_putc(&sb, s->text[k]);
                }
                text = text || s->len;
        }
        if (!text || memchr(dl_strbuf_cstr(&sb), '\n', sb.len)) {
                dl_strbuf_fini(&sb); /* one line on the wire and in the key */
                return NULL;
        }
        char *out = dl_xstrdup(dl_strbuf_cstr(&sb));
        dl_strbuf_fini(&sb);
        return out;
}

/* ---- maps and requests as JSON text (the text form: '\\' and '<' escaped) -- */

/* JSON syntax or already-escaped JSON text s, in the text form. */
static void put_raw(struct dl_strbuf *sb, const char *s, size_t n)
{
        for (size_t i = 0; i < n; i++) {
                if (s[i] == '\\' || s[i] == '<')
                        dl_strbuf_putc(sb, '\\');
                dl_strbuf_putc(sb, s[i]);
        }
}

/* v (KNOWN) as a JSON string, each hole "<?>" inside it; anything else a
 * hole where the value goes. */
static void put_string(struct dl_strbuf *sb, const struct dl_value *v)
{
        if (v->kind != DL_VAL_KNOWN) {
                dl_strbuf_puts(sb, "<?>");
                return;
        }
        dl_strbuf_putc(sb, '"');
        for (size_t i = 0; i < v->n_segs; i++) {
                const struct dl_segment *g = &v->segs[i];
                if (!g->text) {
                        dl_strbuf_puts(sb, "<?>");
                        continue;
                }
                for (size_t k = 0; k < g->len; k++) {
                        unsigned char c = (unsigned char)g->text[k];
                        char esc[8];
                        if (c == '"' || c == '\\') {
                                esc[0] = '\\';
                                esc[1] = (char)c;
                                put_raw(sb, esc, 2);
                        } else if (c < 0x20) {
                                snprintf(esc, sizeof esc, "\\u%04x", c);
                                put_raw(sb, esc, strlen(esc));
                        } else {
                                put_raw(sb, (const char *)&c, 1);
                        }
                }
        }
        dl_strbuf_putc(sb, '"');
}

/* One AttributeValue: {"S":"text"}; a type not known: a hole. */
static void put_attr(struct dl_strbuf *sb, const struct dl_attr *a)
{
        const char *type = dl_attr_type_name(a->type);
        if (!type) {
                dl_strbuf_puts(sb, "<?>");
                return;
        }
        dl_strbuf_printf(sb, "{\"%s\":", type);
        if (a->type == DL_ATTR_S || a->type == DL_ATTR_N || a->type == DL_ATTR_B)
                put_string(sb, &a->val);
        else if (a->type == DL_ATTR_NULL)
                dl_strbuf_puts(sb, "true");
        else if (a->type == DL_ATTR_BOOL && dl_value_is_complete(&a->val) &&
                 (dl_value_equals(&a->val, "true") || dl_value_equals(&a->val, "false")))
                dl_strbuf_puts(sb, a->val.text);
        else
                dl_strbuf_puts(sb, "<?>");
        dl_strbuf_putc(sb, '}');
}

/* m as a JSON object (names: "#n":"name"); DYNAMIC: a hole. */
static void put_map(struct dl_strbuf *sb, const struct dl_attr_map *m, bool names)
{
        if (m->kind != DL_VAL_KNOWN) {
                dl_strbuf_puts(sb, "<?>");
                return;
        }
        dl_strbuf_putc(sb, '{');
        for (size_t i = 0; i < m->n; i++) {
                if (i)
                        dl_strbuf_putc(sb, ',');
                put_string(sb, &m->items[i].key);
                dl_strbuf_putc(sb, ':');
                if (names)
                        put_string(sb, &m->items[i].val);
                else
                        put_attr(sb, &m->items[i]);
        }
        dl_strbuf_putc(sb, '}');
}

/* The text of sb on the heap when it is one line, else NULL; sb freed. */
static char *take_line(struct dl_strbuf *sb)
{
        char *out =
                memchr(dl_strbuf_cstr(sb), '\n', sb->len) ? NULL : dl_xstrdup(dl_strbuf_cstr(sb));
        dl_strbuf_fini(sb);
        return out;
}

char *dl_helper_encode_map(const struct dl_attr_map *m)
{
        if (m->kind == DL_VAL_ABSENT)
                return NULL;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        put_map(&sb, m, false);
        return take_line(&sb);
}

char *dl_helper_encode_request(const struct dl_request *r)
{
        if (r->n_items || r->shape || r->json_body || r->member || r->keys.kind != DL_VAL_ABSENT)
                return NULL;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_strbuf_putc(&sb, '{');
        bool first = true;
        for (unsigned f = 0; f < DL_FIELD_COUNT; f++) {
                const struct dl_value *v = &r->fields[f];
                if (v->kind == DL_VAL_ABSENT || (v->kind == DL_VAL_DYNAMIC && v->unseen))
                        continue;
                dl_strbuf_printf(&sb, "%s\"%s\":", first ? "" : ",", dl_field_api_name(f));
                first = false;
                enum dl_field_kind k = dl_field_kind(f);
                bool known = v->kind == DL_VAL_KNOWN;
                if (known && (k == DL_FK_STRING || k == DL_FK_EXPR || k == DL_FK_ENUM))
                        put_string(&sb, v);
                else if (known && (k == DL_FK_INT || k == DL_FK_BOOL) && dl_value_is_complete(v) &&
                         v->len && !memchr(v->text, '<', v->len) && !memchr(v->text, '\\', v->len))
                        put_raw(&sb, v->text, v->len);
                else /* not known, or not a scalar a body writes bare */
                        dl_strbuf_puts(&sb, "<?>");
        }
        for (unsigned i = 0; i < DL_MAP_COUNT; i++) {
                const struct dl_attr_map *m = dl_request_map((struct dl_request *)r, i);
                if (m->kind == DL_VAL_ABSENT || (m->kind == DL_VAL_DYNAMIC && !m->n && r->escaped))
                        continue;
                dl_strbuf_printf(&sb, "%s\"%s\":", first ? "" : ",", dl_map_api_name(i));
                first = false;
                put_map(&sb, m, i == DL_MAP_NAMES);
        }
        if (r->escaped)
                dl_strbuf_puts(&sb, first ? "<?>" : ",<?>");
        dl_strbuf_putc(&sb, '}');
        return take_line(&sb);
}

void dl_helper_append(struct dl_tmpl *t, const char *text, struct dl_loc at,
                      dl_helper_param_fn param, void *data)
{
        struct dl_strbuf run;
        dl_strbuf_init(&run);
        for (const char *p = text; *p; p++) {
                char *end = NULL;
                unsigned long n = 0;
                if (*p == '<' && p[1] == '$') {
                        n = strtoul(p + 2, &end, 10);
                        if (*end != '>')
                                end = NULL;
                }
                if (*p == '<' && (!strncmp(p, "<?>", 3) || end)) {
                        if (run.len)
                                dl_tmpl_text(t, run.buf, run.len, NULL, at, NULL);
                        run.len = 0;
                        if (end && param && n && n <= 64)
                                param(data, t, (unsigned)n);
                        else
                                dl_tmpl_hole(t, NULL);
                        p = end ? end : p + 2;
                        continue;
                }
                if (*p == '\\' && p[1])
                        p++;
                dl_strbuf_putc(&run, *p);
        }
        if (run.len)
                dl_tmpl_text(t, run.buf, run.len, NULL, at, NULL);
        dl_strbuf_fini(&run);
}

void dl_helper_fini(struct dl_helper *h)
{
        if (!h)
                return;
        free(h->usr);
        free(h->name);
        free(h->value);
        free((char *)h->loc.file);
        memset(h, 0, sizeof *h);
}

void dl_helper_vec_fini(struct dl_helper_vec *v)
{
        if (!v)
                return;
        for (size_t i = 0; i < v->v.n; i++)
                dl_helper_fini(&v->v.items[i]);
        DL_VEC_FREE(&v->v);
}

static int by_usr(const void *a, const void *b)
{
        const struct dl_helper *x = a, *y = b;
        int c = strcmp(x->usr, y->usr);
        if (c)
                return c;
        c = strcmp(x->loc.file ? x->loc.file : "", y->loc.file ? y->loc.file : "");
        return c ? c : (int)x->loc.line - (int)y->loc.line;
}

static bool same_usr(const void *a, const void *b)
{
        return !strcmp(((const struct dl_helper *)a)->usr, ((const struct dl_helper *)b)->usr);
}

static bool same(const void *pa, const void *pb)
{
        const struct dl_helper *a = pa, *b = pb;
        return a->kind == b->kind && a->attr == b->attr && a->param == b->param &&
               a->fill == b->fill && a->bound == b->bound && !a->value == !b->value &&
               (!a->value || !strcmp(a->value, b->value));
}

static void drop(void *h)
{
        dl_helper_fini(h);
}

size_t dl_helper_sort(struct dl_helper_vec *v)
{
        static const struct dl_sort_agreeing_ops ops = {by_usr, same_usr, same, drop};
        return dl_sort_agreeing(v->v.items, &v->v.n, sizeof *v->v.items, &ops);
}

const struct dl_helper *dl_helper_find(const struct dl_helper *v, size_t n, const char *usr)
{
        size_t lo = 0, hi = n;
        while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                int c = strcmp(v[mid].usr, usr);
                if (!c)
                        return &v[mid];
                if (c < 0)
                        lo = mid + 1;
                else
                        hi = mid;
        }
        return NULL;
}

void dl_helper_describe(struct dl_strbuf *sb, const struct dl_helper *h)
{
        if (h->fill) {
                dl_strbuf_printf(sb, "%s writes %s into its argument %u", h->name,
                                 h->value ? h->value : "<?>", h->fill);
                if (h->bound)
                        dl_strbuf_printf(sb, ", cut to the size its argument %u gives", h->bound);
        } else if (h->kind == DL_HELPER_MAP) {
                dl_strbuf_printf(sb, "%s returns the map %s", h->name, h->value);
        } else if (h->kind == DL_HELPER_REQUEST) {
                dl_strbuf_printf(sb, "%s returns the request %s", h->name, h->value);
        } else if (h->attr == DL_ATTR_UNKNOWN)
                dl_strbuf_printf(sb, "%s returns %s", h->name, h->value ? h->value : "<?>");
        else if (h->param)
                dl_strbuf_printf(sb, "%s returns an AttributeValue of type %s: its argument %u",
                                 h->name, dl_attr_type_name(h->attr), h->param);
        else
                dl_strbuf_printf(sb, "%s returns an AttributeValue of type %s: %s", h->name,
                                 dl_attr_type_name(h->attr), h->value ? h->value : "<?>");
}
