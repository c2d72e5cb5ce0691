/* helper.c - key-building helpers known across translation units
 * (helper.h).
 * SPDX-License-Identifier: MIT
 */
#include "helper.h"

#include "template.h"

#include "../core/alloc.h"
#include "../core/sort.h"

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

bool dl_helper_candidate(const char *text, size_t len)
{
        for (size_t i = 0; text && i + 6 <= len; i++) {
                if (text[i] != 'r' || memcmp(text + i, "return", 6) != 0 ||
                    (i && ident_char(text[i - 1])) || (i + 6 < len && ident_char(text[i + 6])))
                        continue;
                size_t n = 0, max = len - i - 6 < 512 ? len - i - 6 : 512;
                while (n < max && text[i + 6 + n] != ';')
                        n++;
                if (helper_return(text + i + 6, n))
                        return true;
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

void dl_helper_append(struct dl_tmpl *t, const char *text, struct dl_loc at)
{
        struct dl_strbuf run;
        dl_strbuf_init(&run);
        for (const char *p = text; *p; p++) {
                if (*p == '<' && !strncmp(p, "<?>", 3)) {
                        if (run.len)
                                dl_tmpl_text(t, run.buf, run.len, NULL, at, NULL);
                        run.len = 0;
                        dl_tmpl_hole(t, NULL);
                        p += 2;
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
        return a->attr == b->attr && a->param == b->param && !a->value == !b->value &&
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
        if (h->attr == DL_ATTR_UNKNOWN)
                dl_strbuf_printf(sb, "%s returns %s", h->name, h->value ? h->value : "<?>");
        else if (h->param)
                dl_strbuf_printf(sb, "%s returns an AttributeValue of type %s: its argument %u",
                                 h->name, dl_attr_type_name(h->attr), h->param);
        else
                dl_strbuf_printf(sb, "%s returns an AttributeValue of type %s: %s", h->name,
                                 dl_attr_type_name(h->attr), h->value ? h->value : "<?>");
}
