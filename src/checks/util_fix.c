/* util_fix.c - fixes of JSON bodies written in C string literals.
 * SPDX-License-Identifier: MIT
 */
#include "util_fix.h"

#include "../core/alloc.h"
#include "../core/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* v's one segment when v is known whole (no hole), each byte located,
 * and v is no constant's text from elsewhere (its origin); else NULL. */
static const struct dl_segment *located(const struct dl_value *v)
{
        if (!v || !dl_value_is_complete(v) || v->n_segs != 1 || !v->segs[0].locs ||
            dl_loc_valid(&v->origin))
                return NULL;
        return &v->segs[0];
}

const struct dl_segment *dl_fix_body_literal(const struct dl_request *req)
{
        const struct dl_segment *sg = located(req->json_body);
        if (!sg || !sg->len)
                return NULL;
        for (size_t i = 0; i < sg->len; i++) {
                if (!sg->locs[i].file || strcmp(sg->locs[i].file, sg->locs[0].file) != 0 ||
                    (sg->origin_locs && sg->origin_locs[i].file))
                        return NULL;
        }
        return sg;
}

bool dl_fix_literal_run(const struct dl_value *v, size_t off, size_t end, struct dl_loc *at)
{
        const struct dl_segment *sg = located(v);
        if (!sg || off >= end || end > sg->len)
                return false;
        const struct dl_loc *l = sg->locs;
        for (size_t i = off; i < end; i++) {
                if (!l[i].file || l[i].line != l[off].line || l[i].col != l[off].col + (i - off) ||
                    (sg->origin_locs && sg->origin_locs[i].file))
                        return false;
        }
        *at = l[off];
        return true;
}

void dl_fix_put_c_escaped(struct dl_strbuf *sb, const char *text)
{
        for (const char *c = text; *c; c++) {
                if (*c == '"' || *c == '\\')
                        dl_strbuf_putc(sb, '\\');
                dl_strbuf_putc(sb, *c);
        }
}

bool dl_fix_json_deletion(const struct dl_segment *body, size_t from, size_t to,
                          struct dl_loc *start, unsigned *end_col, struct dl_strbuf *expect)
{
        if (from >= to || to > body->len)
                return false;
        const struct dl_loc *a = &body->locs[from], *b = &body->locs[to - 1];
        if (a->line != b->line || b->col < a->col)
                return false;
        char *bytes = dl_xstrndup(body->text + from, to - from);
        bool ok = strlen(bytes) == to - from;
        for (size_t i = 0; ok && i < to - from; i++)
                ok = (unsigned char)bytes[i] >= 0x20;
        /* the bytes are a literal's whole line: its quotes go too, and
         * then the line (dl_finding_fixes_settle) */
        bool whole = from > 0 && to < body->len && body->locs[from - 1].line != a->line &&
                     body->locs[to].line != a->line && a->col > 1;
        size_t was = expect->len;
        if (ok && whole)
                dl_strbuf_putc(expect, '"');
        if (ok)
                dl_fix_put_c_escaped(expect, bytes);
        unsigned last = body->text[to - 1] == '"' || body->text[to - 1] == '\\' ? 2 : 1;
        *start = *a;
        *end_col = b->col + last;
        ok = ok && expect->len - was - whole == *end_col - a->col;
        if (ok && whole) {
                dl_strbuf_putc(expect, '"');
                start->col--;
                (*end_col)++;
        }
        free(bytes);
        return ok;
}

static bool blank(char c)
{
        return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The index after the JSON string starting at i (its '"'), or 0. */
static size_t string_end(const char *t, size_t len, size_t i)
{
        if (i >= len || t[i] != '"')
                return 0;
        for (i++; i < len; i++) {
                if (t[i] == '\\')
                        i++;
                else if (t[i] == '"')
                        return i + 1;
        }
        return 0;
}

/* The index of the byte at loc, a '"', or len. */
static size_t quote_at(const struct dl_segment *body, const struct dl_loc *loc)
{
        for (size_t i = 0; i < body->len; i++) {
                if (body->text[i] == '"' && !dl_loc_cmp(&body->locs[i], loc))
                        return i;
        }
        return body->len;
}

/* [*from, *to) widened by the comma after it and the blanks after that,
 * else by the blanks and the comma before it: a member or entry removed
 * from its list. False when neither is there (the only one). */
static bool with_comma(const char *t, size_t len, size_t *from, size_t *to)
{
        size_t p = *to;
        while (p < len && blank(t[p]))
                p++;
        if (p < len && t[p] == ',') {
                p++;
                while (p < len && blank(t[p]))
                        p++;
                *to = p;
                return true;
        }
        size_t q = *from;
        while (q > 0 && blank(t[q - 1]))
                q--;
        if (q > 0 && t[q - 1] == ',') {
                *from = q - 1;
                return true;
        }
        return false;
}

/* The index after the entry `"key": "value"` starting at k (its key's
 * quote), blanks inside it skipped, or 0. */
static size_t entry_end(const char *t, size_t len, size_t k)
{
        size_t e = string_end(t, len, k);
        while (e && e < len && blank(t[e]))
                e++;
        if (!e || e >= len || t[e] != ':')
                return 0;
        e++;
        while (e < len && blank(t[e]))
                e++;
        return string_end(t, len, e);
}

bool dl_fix_json_names_range(const struct dl_segment *body, const struct dl_loc *keys, size_t n,
                             size_t total, size_t *from, size_t *to)
{
        const char *t = body->text;
        size_t len = body->len;
        if (!n || (n > 1 && n != total))
                return false;
        size_t k = quote_at(body, &keys[0]);
        for (size_t i = 1; i < n; i++) { /* the first of them */
                size_t x = quote_at(body, &keys[i]);
                if (x < k)
                        k = x;
        }
        size_t e = k < len ? entry_end(t, len, k) : 0;
        if (!e)
                return false;
        if (n == 1 && total > 1) {
                *from = k;
                *to = e;
                return with_comma(t, len, from, to);
        }
        /* every entry goes: the whole member, from its name to its '}',
         * the first entry right after the '{' and n entries in all */
        size_t ce = e;
        for (size_t i = 1;; i++) {
                while (ce < len && blank(t[ce]))
                        ce++;
                if (ce < len && t[ce] == '}' && i == n)
                        break;
                if (ce >= len || t[ce] != ',' || i == n)
                        return false;
                ce++;
                while (ce < len && blank(t[ce]))
                        ce++;
                ce = entry_end(t, len, ce);
                if (!ce)
                        return false;
        }
        size_t ob = k;
        while (ob > 0 && blank(t[ob - 1]))
                ob--;
        if (!ob || t[ob - 1] != '{')
                return false;
        ob--;
        while (ob > 0 && blank(t[ob - 1]))
                ob--;
        if (!ob || t[ob - 1] != ':')
                return false;
        ob--;
        while (ob > 0 && blank(t[ob - 1]))
                ob--;
        static const char name[] = "\"ExpressionAttributeNames\"";
        size_t nl = sizeof name - 1;
        if (ob < nl || memcmp(t + ob - nl, name, nl) != 0)
                return false;
        *from = ob - nl;
        *to = ce + 1;
        return with_comma(t, len, from, to);
}
