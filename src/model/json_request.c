/* json_request.c - a low-level request body (a JSON template) -> a
 * normalized request (see json_request.h).
 * SPDX-License-Identifier: MIT
 *
 * Two steps. A lexer walks the template's segments (known bytes with their
 * locations, and holes) and a recursive-descent parser with a depth limit
 * builds a small tree in the arena: objects and arrays (each "open" when a
 * hole, the end of the text or an error leaves members or elements it may
 * have unseen), strings decoded into templates (model/template.h) with a
 * location per byte, numbers and literals as text, holes in place of
 * values. Then the tree is read as the operation's request: member names
 * are DynamoDB's (field.def, the maps, the batch and transaction
 * containers), and anything open or unknown makes the members it may hide
 * unknown (escaped, DYNAMIC), never absent.
 */
#include "json_request.h"

#include "quote.h"
#include "shape.h"
#include "template.h"

#include "../core/arena.h"
#include "../core/vec.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

const char *dl_api_version_name(enum dl_api_version v)
{
        return v == DL_API_20111205 ? "2011-12-05" : "2012-08-10";
}

/* ---- the target ------------------------------------------------------------- */

static bool blank(char c)
{
        return c == ' ' || c == '\t';
}

/* The target or operation name in t (len bytes, blanks trimmed). */
static enum dl_target_kind target_text(const char *t, size_t len, enum dl_op *op,
                                       enum dl_api_version *api)
{
        static const struct {
                const char *prefix;
                enum dl_api_version api;
        } versions[] = {{"DynamoDB_20120810.", DL_API_20120810},
                        {"DynamoDB_20111205.", DL_API_20111205}};
        while (len && blank(*t))
                t++, len--;
        while (len && blank(t[len - 1]))
                len--;
        *api = DL_API_20120810;
        for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++) {
                size_t n = strlen(versions[i].prefix);
                if (len > n && !memcmp(t, versions[i].prefix, n)) {
                        *api = versions[i].api;
                        t += n;
                        len -= n;
                        break;
                }
        }
        return dl_op_from_name(t, len, op) ? DL_TARGET_KNOWN : DL_TARGET_NONE;
}

enum dl_target_kind dl_target_read(const struct dl_value *v, enum dl_op *op,
                                   enum dl_api_version *api)
{
        static const char header[] = "x-amz-target";
        if (!v || v->kind != DL_VAL_KNOWN || !v->n_segs || !v->segs[0].text)
                return DL_TARGET_UNKNOWN;
        /* the known text before the first hole */
        bool whole = dl_value_is_complete(v);
        const char *t = whole ? v->text : v->segs[0].text;
        size_t len = whole ? v->len : v->segs[0].len;
        const char *colon = memchr(t, ':', len);
        if (colon) {
                size_t name = (size_t)(colon - t);
                while (name && blank(t[name - 1]))
                        name--;
                if (name != sizeof header - 1 || strncasecmp(t, header, name) != 0)
                        return DL_TARGET_NONE;
                if (!whole)
                        return DL_TARGET_UNKNOWN;
                return target_text(colon + 1, len - (size_t)(colon + 1 - t), op, api) ==
                                       DL_TARGET_KNOWN
                               ? DL_TARGET_KNOWN
                               : DL_TARGET_NONE;
        }
        if (!whole)
                return DL_TARGET_UNKNOWN;
        return target_text(t, len, op, api);
}

/* ---- the template as a byte stream ------------------------------------------ */

struct src {
        const struct dl_value *v;
        size_t seg, off;   /* current segment, and offset inside a known one */
        size_t pos;        /* offset into the known text (holes take no bytes) */
};

/* Skip exhausted known segments; stop at a hole or the end. */
static void settle(struct src *s)
{
        while (s->seg < s->v->n_segs && s->v->segs[s->seg].text &&
               s->off >= s->v->segs[s->seg].len) {
                s->seg++;
                s->off = 0;
        }
}

static bool at_end(const struct src *s) { return s->seg >= s->v->n_segs; }
static bool at_hole(const struct src *s) { return !at_end(s) && !s->v->segs[s->seg].text; }
static unsigned char cur(const struct src *s)
{
        return (unsigned char)s->v->segs[s->seg].text[s->off];
}

/* Location (and origin) of the current byte; the value's loc when the
 * text carries none, or at a hole or the end. */
static struct dl_loc here(const struct src *s)
{
        if (at_end(s) || at_hole(s) || !s->v->segs[s->seg].locs)
                return s->v->loc;
        return s->v->segs[s->seg].locs[s->off];
}

static void step(struct src *s)
{
        s->off++;
        s->pos++;
        settle(s);
}

/* The current hole's shape; step past it. */
static const struct dl_hole *take_hole(struct src *s)
{
        const struct dl_hole *h = s->v->segs[s->seg].hole;
        s->seg++;
        s->off = 0;
        settle(s);
        return h;
}

/* ---- lexer ------------------------------------------------------------------- */

enum tok_kind {
        T_EOF, T_HOLE, T_LBRACE, T_RBRACE, T_LBRACK, T_RBRACK, T_COLON, T_COMMA, T_STRING,
        T_NUMBER, T_TRUE, T_FALSE, T_NULL, T_BAD,
};

struct tok {
        enum tok_kind kind;
        struct dl_value val;  /* STRING: decoded; NUMBER, TRUE, FALSE: the text */
        struct dl_loc loc;
        size_t pos;
};

struct parser {
        struct dl_arena *a;
        struct src s;
        struct tok t;         /* the current token */
        unsigned depth;
        bool stopped;         /* malformed or truncated: nothing more is read */
        struct dl_json_result *res;
};

static bool is_blank(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
static bool is_word(unsigned char c)
{
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
               c == '.' || c == '+' || c == '-';
}

static void stop(struct parser *p, bool truncated, const char *msg, size_t pos, struct dl_loc loc)
{
        if (p->stopped)
                return;
        p->stopped = true;
        p->res->truncated = truncated;
        p->res->malformed = !truncated;
        p->res->message = msg;
        p->res->off = pos;
        p->res->loc = loc;
}

/* Append the run of known bytes [from, to) of the current segment. */
static void put_run(struct dl_tmpl *t, const struct src *s, size_t from, size_t to)
{
        const struct dl_segment *g = &s->v->segs[s->seg];
        dl_tmpl_text(t, g->text + from, to - from, g->locs ? g->locs + from : NULL, s->v->loc,
                     g->origin_locs ? g->origin_locs + from : NULL);
}

/* Append the UTF-8 encoding of code point cp, all of it located at loc. */
static void put_code_point(struct dl_tmpl *t, unsigned long cp, struct dl_loc loc,
                           const struct dl_loc *origin)
{
        char b[4];
        size_t n;
        if (cp < 0x80) {
                b[0] = (char)cp;
                n = 1;
        } else if (cp < 0x800) {
                b[0] = (char)(0xc0 | (cp >> 6));
                b[1] = (char)(0x80 | (cp & 0x3f));
                n = 2;
        } else if (cp < 0x10000) {
                b[0] = (char)(0xe0 | (cp >> 12));
                b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
                b[2] = (char)(0x80 | (cp & 0x3f));
                n = 3;
        } else {
                b[0] = (char)(0xf0 | (cp >> 18));
                b[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
                b[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
                b[3] = (char)(0x80 | (cp & 0x3f));
                n = 4;
        }
        struct dl_loc locs[4] = {loc, loc, loc, loc};
        struct dl_loc origins[4];
        for (size_t i = 0; i < 4; i++)
                origins[i] = origin ? *origin : (struct dl_loc){0};
        dl_tmpl_text(t, b, n, locs, loc, origin ? origins : NULL);
}

/* Four hex digits at the current position; -1 when they are not there. */
static long hex4(struct src *s)
{
        long v = 0;
        for (int i = 0; i < 4; i++) {
                if (at_end(s) || at_hole(s))
                        return -1;
                unsigned char c = cur(s);
                int d = c >= '0' && c <= '9'   ? c - '0'
                        : c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
                if (d < 0)
                        return -1;
                v = v * 16 + d;
                step(s);
        }
        return v;
}

/* An escape after its backslash; appends what it stands for. */
static bool lex_escape(struct parser *p, struct dl_tmpl *t, struct dl_loc loc,
                       const struct dl_loc *origin)
{
        struct src *s = &p->s;
        if (at_end(s) || at_hole(s))
                return false;
        unsigned char c = cur(s);
        static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
        const char *k = c ? strchr(from, c) : NULL;
        step(s);
        if (k) {
                put_code_point(t, (unsigned char)to[k - from], loc, origin);
                return true;
        }
        if (c != 'u')
                return false;
        long cp = hex4(s);
        if (cp < 0)
                return false;
        if (cp >= 0xd800 && cp <= 0xdbff) {
                /* a high surrogate needs its low half: \uDC00..\uDFFF */
                if (at_end(s) || at_hole(s) || cur(s) != '\\')
                        return false;
                step(s);
                if (at_end(s) || at_hole(s) || cur(s) != 'u')
                        return false;
                step(s);
                long lo = hex4(s);
                if (lo < 0xdc00 || lo > 0xdfff)
                        return false;
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        } else if (cp >= 0xdc00 && cp <= 0xdfff) {
                return false;
        }
        put_code_point(t, (unsigned long)cp, loc, origin);
        return true;
}

/* A string from its opening quote; holes inside are holes of the value. */
static void lex_string(struct parser *p)
{
        struct src *s = &p->s;
        struct dl_tmpl t;
        dl_tmpl_init(&t, p->a);
        step(s); /* the quote */
        for (;;) {
                if (at_end(s)) {
                        stop(p, true, "the text ends inside a string", s->pos, here(s));
                        break;
                }
                if (at_hole(s)) {
                        dl_tmpl_hole(&t, take_hole(s));
                        continue;
                }
                /* a run of plain bytes inside this segment */
                const struct dl_segment *g = &s->v->segs[s->seg];
                size_t from = s->off, i = s->off;
                while (i < g->len) {
                        unsigned char c = (unsigned char)g->text[i];
                        if (c == '"' || c == '\\' || c < 0x20)
                                break;
                        if (c >= 0x80) {
                                size_t n = dl_quote_char_len(g->text, g->len, i);
                                if (n == 0)
                                        break;
                                i += n;
                                continue;
                        }
                        i++;
                }
                if (i > from) {
                        put_run(&t, s, from, i);
                        s->pos += i - from;
                        s->off = i;
                        settle(s);
                        continue;
                }
                unsigned char c = cur(s);
                if (c == '"') {
                        step(s);
                        p->t.kind = T_STRING;
                        break;
                }
                struct dl_loc loc = here(s);
                size_t pos = s->pos;
                if (c == '\\') {
                        const struct dl_loc *origin =
                                g->origin_locs ? &g->origin_locs[s->off] : NULL;
                        step(s);
                        if (!lex_escape(p, &t, loc, origin)) {
                                stop(p, false, "invalid escape in a string", pos, loc);
                                break;
                        }
                        continue;
                }
                stop(p, false,
                     c < 0x20 ? "control character in a string" : "invalid UTF-8 in a string",
                     pos, loc);
                break;
        }
        p->t.val = dl_tmpl_finish(&t, p->t.loc);
        dl_tmpl_fini(&t);
        if (p->stopped)
                p->t.kind = T_EOF;
}

/* A hole outside strings, with the number or literal touching it. */
static void lex_hole(struct parser *p)
{
        struct src *s = &p->s;
        p->t.kind = T_HOLE;
        for (;;) {
                if (at_hole(s))
                        take_hole(s);
                else if (!at_end(s) && is_word(cur(s)))
                        step(s);
                else
                        break;
        }
}

static void next(struct parser *p)
{
        struct src *s = &p->s;
        p->t = (struct tok){0};
        while (!at_end(s) && !at_hole(s) && is_blank(cur(s)))
                step(s);
        p->t.loc = here(s);
        p->t.pos = s->pos;
        if (p->stopped || at_end(s)) {
                p->t.kind = T_EOF;
                return;
        }
        if (at_hole(s)) {
                lex_hole(p);
                return;
        }
        unsigned char c = cur(s);
        static const char punct[] = "{}[]:,";
        static const enum tok_kind kinds[] = {T_LBRACE, T_RBRACE, T_LBRACK, T_RBRACK,
                                              T_COLON, T_COMMA};
        const char *k = c ? strchr(punct, c) : NULL;
        if (k) {
                p->t.kind = kinds[k - punct];
                step(s);
                return;
        }
        if (c == '"') {
                lex_string(p);
                return;
        }
        if (!is_word(c)) {
                p->t.kind = T_BAD;
                return;
        }
        /* a number or a literal: a run of word bytes inside one segment (a
         * run that reaches a hole continues in it: one value, unknown) */
        const struct dl_segment *g = &s->v->segs[s->seg];
        size_t from = s->off, i = s->off;
        while (i < g->len && is_word((unsigned char)g->text[i]))
                i++;
        const char *w = g->text + from;
        size_t n = i - from;
        struct dl_value v = dl_value_known(p->a, w, n, g->locs ? g->locs + from : NULL, p->t.loc);
        s->pos += n;
        s->off = i;
        settle(s);
        if (at_hole(s)) {
                lex_hole(p);
                return;
        }
        p->t.val = v;
        if (n == 4 && memcmp(w, "true", 4) == 0)
                p->t.kind = T_TRUE;
        else if (n == 5 && memcmp(w, "false", 5) == 0)
                p->t.kind = T_FALSE;
        else if (n == 4 && memcmp(w, "null", 4) == 0)
                p->t.kind = T_NULL;
        else
                p->t.kind = (w[0] == '-' || (w[0] >= '0' && w[0] <= '9')) ? T_NUMBER : T_BAD;
}

/* ---- the tree -------------------------------------------------------------------- */

enum jkind { J_OBJECT, J_ARRAY, J_STRING, J_NUMBER, J_BOOL, J_NULL, J_HOLE };

struct jnode;

struct jmember {
        struct dl_value key;
        struct jnode *val;
        struct dl_loc loc;
};

struct jnode {
        enum jkind kind;
        struct dl_value val;   /* STRING, NUMBER, BOOL: the text */
        struct dl_loc loc;
        bool open;             /* OBJECT, ARRAY: members or elements may be unseen */
        struct {
                struct jmember *items;
                size_t n, cap;
        } members;
        struct {
                struct jnode **items;
                size_t n, cap;
        } elems;
};

static struct jnode *node(struct parser *p, enum jkind k)
{
        struct jnode *n = dl_arena_alloc(p->a, sizeof *n);
        n->kind = k;
        n->val = p->t.val;
        n->loc = p->t.loc;
        return n;
}

static struct jnode *parse_value(struct parser *p);
static const struct dl_value *old_definition(struct dl_arena *a, const struct jnode *top,
                                             struct dl_loc at);
static const struct dl_value *definition(struct dl_arena *a, const struct jnode *top,
                                         struct dl_loc at);

/* What follows a member or an element: ',' (then more), the closing
 * token, or a hole (more, unseen). Returns false when the container ends. */
static bool after_item(struct parser *p, struct jnode *n, enum tok_kind close)
{
        if (p->t.kind == T_COMMA) {
                next(p);
                if (p->t.kind == close) {
                        stop(p, false, "a comma before the closing bracket", p->t.pos, p->t.loc);
                        n->open = true;
                        return false;
                }
                return true;
        }
        if (p->t.kind == close) {
                next(p);
                return false;
        }
        if (p->t.kind == T_HOLE) {
                n->open = true;
                next(p);
                if (p->t.kind == T_COMMA)
                        next(p);
                return true;
        }
        if (p->t.kind == T_EOF)
                stop(p, true, "the text ends inside an object or array", p->t.pos, p->t.loc);
        else
                stop(p, false,
                     close == T_RBRACE ? "expected ',' or '}' after a member"
                                       : "expected ',' or ']' after an element",
                     p->t.pos, p->t.loc);
        n->open = true;
        return false;
}

static bool enter(struct parser *p)
{
        if (p->depth >= DL_JSON_MAX_DEPTH) {
                stop(p, false, "nesting deeper than 256 objects and arrays", p->t.pos, p->t.loc);
                return false;
        }
        p->depth++;
        return true;
}

/* One member of object n at a string token: false when n ends here (an
 * error or the text's end), *skip when the member was dropped and what
 * follows it already read. */
static bool parse_member(struct parser *p, struct jnode *n, bool *skip)
{
        *skip = false;
        if (p->t.kind != T_STRING) {
                if (p->t.kind == T_EOF)
                        stop(p, true, "the text ends inside an object", p->t.pos, p->t.loc);
                else
                        stop(p, false, "expected a member name", p->t.pos, p->t.loc);
                return false;
        }
        struct jmember m = {p->t.val, NULL, p->t.loc};
        next(p);
        if (p->t.kind != T_COLON) {
                if (p->t.kind == T_HOLE) {
                        n->open = true; /* the hole holds the rest of the member */
                        *skip = true;
                        return after_item(p, n, T_RBRACE);
                }
                stop(p, p->t.kind == T_EOF, "expected ':' after a member name", p->t.pos,
                     p->t.loc);
                return false;
        }
        next(p);
        m.val = parse_value(p);
        if (!m.val)
                return false;
        DL_VEC_PUSH_ARENA(p->a, &n->members, m);
        return true;
}

/* An object or an array from its opening bracket. A hole where members or
 * elements may be leaves it open, and the known text goes on after it. */
static struct jnode *parse_container(struct parser *p, enum jkind kind)
{
        enum tok_kind close = kind == J_OBJECT ? T_RBRACE : T_RBRACK;
        struct jnode *n = node(p, kind);
        if (!enter(p)) {
                n->open = true;
                return n;
        }
        next(p);
        if (p->t.kind == close) {
                next(p);
                p->depth--;
                return n;
        }
        for (;;) {
                if (p->t.kind == T_HOLE) {
                        n->open = true;
                        next(p);
                        if (p->t.kind == T_COMMA)
                                next(p);
                        continue;
                }
                if (p->t.kind == close && n->open) {
                        next(p); /* after a hole: `{"a": 1, %s}`, `[{...}%s]` */
                        break;
                }
                bool ok, skip = false;
                if (kind == J_OBJECT) {
                        ok = parse_member(p, n, &skip);
                } else {
                        struct jnode *e = parse_value(p);
                        ok = e != NULL;
                        if (e)
                                DL_VEC_PUSH_ARENA(p->a, &n->elems, e);
                }
                if (!ok || p->stopped) {
                        n->open = true;
                        break;
                }
                if (!skip && !after_item(p, n, close))
                        break;
        }
        p->depth--;
        return n;
}

/* A value at the current token; NULL (and stopped) when there is none. */
static struct jnode *parse_value(struct parser *p)
{
        struct jnode *n;
        switch (p->t.kind) {
        case T_LBRACE:
                return parse_container(p, J_OBJECT);
        case T_LBRACK:
                return parse_container(p, J_ARRAY);
        case T_STRING:
                n = node(p, J_STRING);
                break;
        case T_NUMBER:
                n = node(p, J_NUMBER);
                break;
        case T_TRUE:
        case T_FALSE:
                n = node(p, J_BOOL);
                break;
        case T_NULL:
                n = node(p, J_NULL);
                break;
        case T_HOLE:
                n = node(p, J_HOLE);
                break;
        case T_EOF:
                stop(p, true, "the text ends where a value is expected", p->t.pos, p->t.loc);
                return NULL;
        default:
                stop(p, false, "expected a value", p->t.pos, p->t.loc);
                return NULL;
        }
        next(p);
        return n;
}

/* ---- the tree as a request ----------------------------------------------------------- */

struct reader {
        struct dl_arena *a;
        enum dl_api_version api;
};

/* The member name when it is fully known; NULL otherwise. */
static const char *name_of(const struct jmember *m, size_t *len)
{
        if (!dl_value_is_complete(&m->key))
                return NULL;
        *len = m->key.len;
        return m->key.text;
}

static bool name_is(const struct jmember *m, const char *s)
{
        size_t len;
        const char *n = name_of(m, &len);
        return n && len == strlen(s) && memcmp(n, s, len) == 0;
}

/* The value of a member for a field of kind k. */
static struct dl_value field_value(struct reader *r, const struct jnode *v, enum dl_field_kind k)
{
        switch (k) {
        case DL_FK_PRESENT:
                return dl_value_known(r->a, "", 0, NULL, v->loc);
        case DL_FK_STRING:
        case DL_FK_EXPR:
        case DL_FK_ENUM:
                return v->kind == J_STRING ? v->val : dl_value_dynamic(v->loc);
        case DL_FK_INT:
                return v->kind == J_NUMBER ? v->val : dl_value_dynamic(v->loc);
        case DL_FK_BOOL:
                return v->kind == J_BOOL ? v->val : dl_value_dynamic(v->loc);
        }
        return dl_value_dynamic(v->loc);
}

/* An AttributeValue ({"S": "x"}) into e's type and value. */
static void read_attribute_value(const struct jnode *v, struct dl_attr *e)
{
        e->type = DL_ATTR_UNKNOWN;
        e->val = dl_value_dynamic(v->loc);
        if (v->kind != J_OBJECT || v->open || v->members.n != 1)
                return;
        const struct jmember *m = &v->members.items[0];
        size_t len;
        const char *t = name_of(m, &len);
        enum dl_attr_type type;
        if (!t || !dl_attr_type_from_name(t, len, &type))
                return;
        e->type = type;
        const struct jnode *x = m->val;
        switch (type) {
        case DL_ATTR_S:
        case DL_ATTR_N:
        case DL_ATTR_B:
                if (x->kind == J_STRING)
                        e->val = x->val;
                break;
        case DL_ATTR_BOOL:
        case DL_ATTR_NULL:
                if (x->kind == J_BOOL)
                        e->val = x->val;
                break;
        default:
                e->val = (struct dl_value){0}; /* a list, map or set: no scalar */
                break;
        }
}

/* A map member (ExpressionAttributeNames, ...Values, Key, Item) into map. */
static void read_map(struct reader *r, const struct jnode *v, enum dl_map which,
                     struct dl_attr_map *map)
{
        map->loc = v->loc;
        map->kind = DL_VAL_DYNAMIC;
        map->items = NULL;
        map->n = 0;
        if (v->kind != J_OBJECT)
                return;
        struct dl_attr *items = dl_arena_alloc(r->a, (v->members.n ? v->members.n : 1) *
                                                             sizeof *items);
        for (size_t i = 0; i < v->members.n; i++) {
                const struct jmember *m = &v->members.items[i];
                struct dl_attr *e = &items[i];
                e->key = m->key;
                e->loc = m->loc;
                if (which == DL_MAP_NAMES) {
                        e->val = m->val->kind == J_STRING ? m->val->val
                                                          : dl_value_dynamic(m->val->loc);
                } else {
                        read_attribute_value(m->val, e);
                }
        }
        map->items = items;
        map->n = v->members.n;
        map->kind = v->open ? DL_VAL_DYNAMIC : DL_VAL_KNOWN;
}

/* A 2011-12-05 key ({"HashKeyElement": {...}, "RangeKeyElement": {...}}):
 * the key attributes' names are the table's, unknown here. */
static void read_old_key(struct reader *r, const struct jnode *v, struct dl_request *req,
                         bool into_key_map)
{
        for (size_t i = 0; v->kind == J_OBJECT && i < v->members.n; i++)
                if (name_is(&v->members.items[i], "HashKeyElement"))
                        req->fields[DL_FIELD_HASH_KEY_ELEMENT] =
                                dl_value_known(r->a, "", 0, NULL, v->members.items[i].loc);
        if (into_key_map) {
                req->key = (struct dl_attr_map){DL_VAL_DYNAMIC, NULL, 0, v->loc};
        }
}

static void read_object(struct reader *r, const struct jnode *obj, struct dl_request *req);

/* A member request of a batch or transaction. */
static struct dl_request *new_member(struct reader *r, struct dl_request *parent,
                                     struct dl_request **items, size_t *n, size_t *cap,
                                     enum dl_op op, const char *shape, struct dl_loc at)
{
        if (*n == *cap) {
                size_t c = *cap ? *cap * 2 : 4;
                struct dl_request *nv = dl_arena_alloc(r->a, c * sizeof *nv);
                if (*n)
                        memcpy(nv, *items, *n * sizeof *nv);
                *items = nv;
                *cap = c;
        }
        struct dl_request *m = &(*items)[(*n)++];
        dl_request_init(m, op);
        m->member = shape;
        m->call = at;
        m->function = parent->function;
        m->recognizer = parent->recognizer;
        m->api_version = parent->api_version;
        return m;
}

/* The shapes of the members of each container: a member object's single
 * member name -> the operation it behaves like. */
struct shape {
        const char *name;
        enum dl_op op;
};

static const struct shape transact_write[] = {{"Put", DL_OP_PUT_ITEM},
                      {"Update", DL_OP_UPDATE_ITEM},
                      {"Delete", DL_OP_DELETE_ITEM},
                      {"ConditionCheck", DL_OP_TRANSACT_WRITE_ITEMS}},
  transact_get[] = {{"Get", DL_OP_GET_ITEM}},
  batch_write[] = {{"PutRequest", DL_OP_PUT_ITEM}, {"DeleteRequest", DL_OP_DELETE_ITEM}};

struct members {
        struct dl_request *items;
        size_t n, cap;
        bool escaped;   /* a member could not be followed */
};

/* Members written as {"<Shape>": {...}} (TransactItems, BatchWriteItem's
 * per-table lists), with the table name when it is the container's key. */
static void read_shaped(struct reader *r, struct dl_request *req, const struct jnode *list,
                        const struct shape *shapes, size_t n_shapes, const struct dl_value *table,
                        struct members *out)
{
        if (list->kind != J_ARRAY || list->open)
                out->escaped = true;
        for (size_t i = 0; list->kind == J_ARRAY && i < list->elems.n; i++) {
                const struct jnode *e = list->elems.items[i];
                if (e->kind != J_OBJECT || e->open || e->members.n != 1) {
                        out->escaped = true;
                        continue;
                }
                const struct jmember *m = &e->members.items[0];
                size_t k = 0;
                while (k < n_shapes && !name_is(m, shapes[k].name))
                        k++;
                if (k == n_shapes || m->val->kind != J_OBJECT) {
                        out->escaped = true;
                        continue;
                }
                struct dl_request *mr = new_member(r, req, &out->items, &out->n, &out->cap,
                                                   shapes[k].op, shapes[k].name, e->loc);
                if (table)
                        mr->fields[DL_FIELD_TABLE_NAME] = *table;
                read_object(r, m->val, mr);
        }
}

/* Keys of KeysAndAttributes: a list of Key maps, each read as Key is. */
static void read_keys(struct reader *r, const struct jnode *v, struct dl_request *req)
{
        req->keys = (struct dl_key_list){DL_VAL_KNOWN, NULL, 0, v->loc};
        if (v->kind != J_ARRAY || v->open)
                req->keys.kind = DL_VAL_DYNAMIC;
        for (size_t k = 0; v->kind == J_ARRAY && k < v->elems.n; k++) {
                struct dl_attr_map m = {0};
                read_map(r, v->elems.items[k], DL_MAP_KEY, &m);
                enum dl_value_kind kind = req->keys.kind;
                req->keys = dl_key_list_append(r->a, &req->keys, &m);
                req->keys.kind = kind;
        }
}

/* RequestItems: {"<table>": [...] | {...}} (BatchWriteItem, BatchGetItem). */
static void read_request_items(struct reader *r, struct dl_request *req, const struct jnode *v,
                               struct members *out)
{
        if (v->kind != J_OBJECT || v->open)
                out->escaped = true;
        for (size_t i = 0; v->kind == J_OBJECT && i < v->members.n; i++) {
                const struct jmember *t = &v->members.items[i];
                struct dl_value table = t->key;
                table.loc = t->loc;
                if (req->op == DL_OP_BATCH_WRITE_ITEM) {
                        read_shaped(r, req, t->val, batch_write,
                                    sizeof batch_write / sizeof batch_write[0], &table, out);
                } else if (t->val->kind == J_OBJECT) {
                        struct dl_request *mr = new_member(r, req, &out->items, &out->n, &out->cap,
                                                           DL_OP_GET_ITEM, "KeysAndAttributes",
                                                           t->loc);
                        mr->fields[DL_FIELD_TABLE_NAME] = table;
                        read_object(r, t->val, mr);
                } else {
                        out->escaped = true;
                }
        }
}

/* Statements / TransactStatements: [{"Statement": ..., "Parameters": ...}]. */
static void read_statements(struct reader *r, struct dl_request *req, const struct jnode *v,
                            const char *shape, struct members *out)
{
        if (v->kind != J_ARRAY || v->open)
                out->escaped = true;
        for (size_t i = 0; v->kind == J_ARRAY && i < v->elems.n; i++) {
                const struct jnode *e = v->elems.items[i];
                if (e->kind != J_OBJECT) {
                        out->escaped = true;
                        continue;
                }
                struct dl_request *mr = new_member(r, req, &out->items, &out->n, &out->cap,
                                                   DL_OP_EXECUTE_STATEMENT, shape, e->loc);
                read_object(r, e, mr);
        }
}

/* Members 2012-08-10 does not have (the 2011-12-05 API's own). */
static bool old_api_field(enum dl_field f)
{
        return f == DL_FIELD_HASH_KEY_VALUE || f == DL_FIELD_RANGE_KEY_CONDITION ||
               f == DL_FIELD_HASH_KEY_ELEMENT;
}

static void read_object(struct reader *r, const struct jnode *obj, struct dl_request *req)
{
        struct members items = {0};
        bool has_container = false;
        for (size_t i = 0; i < obj->members.n; i++) {
                const struct jmember *m = &obj->members.items[i];
                const struct jnode *v = m->val;
                size_t len;
                const char *name = name_of(m, &len);
                enum dl_field f;
                enum dl_map map;
                if (!name) {
                        /* a member whose name is only known at run time */
                        dl_request_mark_escaped(req);
                        continue;
                }
                if (dl_field_from_api_name(name, len, &f) &&
                    (r->api == DL_API_20111205 || !old_api_field(f))) {
                        req->fields[f] = field_value(r, v, dl_field_kind(f));
                        if (f == DL_FIELD_EXCLUSIVE_START_KEY && r->api == DL_API_20111205)
                                read_old_key(r, v, req, false);
                } else if (dl_map_from_api_name(name, len, &map)) {
                        if (map == DL_MAP_KEY && r->api == DL_API_20111205)
                                read_old_key(r, v, req, true);
                        else
                                read_map(r, v, map, dl_request_map(req, map));
                } else if (len == 4 && memcmp(name, "Keys", 4) == 0) {
                        /* BatchGetItem's KeysAndAttributes: a list of keys */
                        req->key = (struct dl_attr_map){DL_VAL_DYNAMIC, NULL, 0, v->loc};
                        if (v->kind == J_ARRAY && !v->open)
                                req->n_keys = v->elems.n;
                        if (r->api == DL_API_20120810)
                                read_keys(r, v, req);
                        for (size_t k = 0; r->api == DL_API_20111205 && v->kind == J_ARRAY &&
                                           k < v->elems.n; k++)
                                read_old_key(r, v->elems.items[k], req, false);
                } else if (len == 12 && memcmp(name, "RequestItems", 12) == 0 &&
                           (req->op == DL_OP_BATCH_GET_ITEM || req->op == DL_OP_BATCH_WRITE_ITEM)) {
                        has_container = true;
                        read_request_items(r, req, v, &items);
                } else if (len == 13 && memcmp(name, "TransactItems", 13) == 0 &&
                           (req->op == DL_OP_TRANSACT_WRITE_ITEMS ||
                            req->op == DL_OP_TRANSACT_GET_ITEMS)) {
                        has_container = true;
                        if (req->op == DL_OP_TRANSACT_WRITE_ITEMS)
                                read_shaped(r, req, v, transact_write,
                                            sizeof transact_write / sizeof transact_write[0],
                                            NULL, &items);
                        else
                                read_shaped(r, req, v, transact_get,
                                            sizeof transact_get / sizeof transact_get[0], NULL,
                                            &items);
                } else if (len == 10 && memcmp(name, "Statements", 10) == 0 &&
                           req->op == DL_OP_BATCH_EXECUTE_STATEMENT) {
                        has_container = true;
                        read_statements(r, req, v, "BatchStatementRequest", &items);
                } else if (len == 18 && memcmp(name, "TransactStatements", 18) == 0 &&
                           req->op == DL_OP_EXECUTE_TRANSACTION) {
                        has_container = true;
                        read_statements(r, req, v, "ParameterizedStatement", &items);
                }
                /* other members (ReturnItemCollectionMetrics, Parameters,
                 * ClientRequestToken...) are not modelled */
        }
        if (has_container) {
                req->items = items.items;
                req->n_items = items.n;
                if (items.escaped)
                        dl_request_mark_escaped(req);
        }
        if (obj->open)
                dl_request_mark_escaped(req);
}

void dl_json_request_read(struct dl_arena *a, const struct dl_value *body,
                          enum dl_api_version api, struct dl_request *req,
                          struct dl_json_result *out)
{
        struct dl_json_result local;
        struct dl_json_result *res = out ? out : &local;
        memset(res, 0, sizeof *res);
        if (api == DL_API_20111205)
                req->api_version = dl_api_version_name(api);
        if (!body || body->kind != DL_VAL_KNOWN || !body->segs) {
                dl_request_mark_escaped(req);
                return;
        }
        struct parser p = {0};
        p.a = a;
        p.s.v = body;
        p.res = res;
        settle(&p.s);
        next(&p);
        if (p.t.kind == T_HOLE) {
                /* the body starts with a hole: its members are unknown */
                dl_request_mark_escaped(req);
                return;
        }
        if (p.t.kind != T_LBRACE) {
                stop(&p, p.t.kind == T_EOF, "a request body is a JSON object", p.t.pos, p.t.loc);
                dl_request_mark_escaped(req);
                return;
        }
        struct jnode *top = parse_container(&p, J_OBJECT);
        if (!p.stopped && p.t.kind != T_EOF && p.t.kind != T_HOLE)
                stop(&p, false, "text after the request object", p.t.pos, p.t.loc);
        struct reader r = {a, api};
        read_object(&r, top, req);
        res->complete = !p.stopped && !top->open && !req->escaped;
        if ((req->op == DL_OP_CREATE_TABLE || req->op == DL_OP_UPDATE_TABLE) && !top->open)
                req->definition = api == DL_API_20120810 ? definition(a, top, body->loc)
                                                         : old_definition(a, top, body->loc);
}

/* ---- a CreateTable's definition ---------------------------------------------- */

/* n written out as JSON: an open object or array, a hole, or a value with
 * holes is run_time_value. */
static void def_node(struct dl_tmpl *t, const struct jnode *n)
{
        bool complete = n->kind == J_OBJECT || n->kind == J_ARRAY || dl_value_is_complete(&n->val);
        switch (n->kind) {
        case J_OBJECT:
        case J_ARRAY:
                for (size_t i = 0; !n->open && i < n->members.n; i++)
                        complete = complete && dl_value_is_complete(&n->members.items[i].key);
                if (n->open || (n->kind == J_OBJECT && !complete))
                        break; /* members unseen, or a member of unknown name */
                dl_shape_put(t, n->kind == J_OBJECT ? "{" : "[", n->loc);
                for (size_t i = 0; n->kind == J_OBJECT && i < n->members.n; i++) {
                        const struct jmember *m = &n->members.items[i];
                        if (i)
                                dl_shape_put(t, ", ", n->loc);
                        dl_shape_put_string(t, &m->key, m->loc);
                        dl_shape_put(t, ": ", m->loc);
                        def_node(t, m->val);
                }
                for (size_t i = 0; n->kind == J_ARRAY && i < n->elems.n; i++) {
                        if (i)
                                dl_shape_put(t, ", ", n->loc);
                        def_node(t, n->elems.items[i]);
                }
                dl_shape_put(t, n->kind == J_OBJECT ? "}" : "]", n->loc);
                return;
        case J_STRING:
                if (!complete)
                        break;
                dl_shape_put_string(t, &n->val, n->loc);
                return;
        case J_NUMBER:
        case J_BOOL:
                if (!complete)
                        break;
                dl_tmpl_text(t, n->val.text, n->val.len, NULL, n->loc, NULL);
                return;
        case J_NULL: dl_shape_put(t, "null", n->loc); return;
        case J_HOLE: break;
        }
        dl_shape_put(t, DL_SHAPE_RUN_TIME, n->loc);
}

/* The definition of a CreateTable body's top-level object (not open). */
static void write_top(struct dl_tmpl *t, const void *top)
{
        def_node(t, top);
}

static const struct dl_value *definition(struct dl_arena *a, const struct jnode *top,
                                         struct dl_loc at)
{
        return dl_shape_text(a, at, write_top, top);
}

/* The member s of object n (not open), or NULL. */
static const struct jmember *member_named(const struct jnode *n, const char *s)
{
        for (size_t i = 0; n && n->kind == J_OBJECT && !n->open && i < n->members.n; i++) {
                if (name_is(&n->members.items[i], s))
                        return &n->members.items[i];
        }
        return NULL;
}

/* `"key": ` (key given quoted) of an object's member written at at,
 * after a ", " unless first. */
static void put_key(struct dl_tmpl *t, bool *first, const char *key, struct dl_loc at)
{
        if (!*first)
                dl_shape_put(t, ", ", at);
        *first = false;
        dl_shape_put(t, key, at);
        dl_shape_put(t, ": ", at);
}

/* put_key, then the value n (NULL: a run-time value, at at). */
static void put_member(struct dl_tmpl *t, bool *first, const char *key, struct dl_loc at,
                       const struct jnode *n)
{
        put_key(t, first, key, at);
        if (n)
                def_node(t, n);
        else
                dl_shape_put(t, DL_SHAPE_RUN_TIME, at);
}

/* The definition of a 2011-12-05 CreateTable or UpdateTable body's
 * top-level object (not open), in the 2012-08-10 shape its reader reads:
 * CreateTable's KeySchema {"HashKeyElement": {"AttributeName",
 * "AttributeType"}, "RangeKeyElement": ...} is AttributeDefinitions and a
 * KeySchema list of HASH and RANGE (an element not seen whole, or a
 * KeySchema that is not an object, a run-time value); ProvisionedThroughput
 * is the same. That API had neither a billing mode (every table was
 * provisioned: the default BillingMode) nor indexes (DynamoDB API reference
 * 2011-12-05, CreateTable and UpdateTable). */
static void write_old_top(struct dl_tmpl *t, const void *data)
{
        const struct jnode *top = data;
        const struct jmember *ks = member_named(top, "KeySchema");
        const struct jmember *pt = member_named(top, "ProvisionedThroughput");
        static const char *const elems[2] = {"HashKeyElement", "RangeKeyElement"};
        bool first = true;
        dl_shape_put(t, "{", top->loc);
        for (int list = 0; ks && list < 2; list++) {
                const char *key = list ? "\"KeySchema\"" : "\"AttributeDefinitions\"";
                if (ks->val->kind != J_OBJECT || ks->val->open) {
                        put_member(t, &first, key, ks->loc, NULL); /* not seen whole */
                        continue;
                }
                put_key(t, &first, key, ks->loc);
                dl_shape_put(t, "[", ks->val->loc);
                bool first_elem = true;
                for (int k = 0; k < 2; k++) {
                        const struct jmember *e = member_named(ks->val, elems[k]);
                        if (!e)
                                continue;
                        if (!first_elem)
                                dl_shape_put(t, ", ", e->loc);
                        first_elem = false;
                        if (e->val->kind != J_OBJECT || e->val->open) {
                                dl_shape_put(t, DL_SHAPE_RUN_TIME, e->loc);
                                continue;
                        }
                        const struct jmember *name = member_named(e->val, "AttributeName");
                        const struct jmember *type = member_named(e->val, "AttributeType");
                        bool first_field = true;
                        dl_shape_put(t, "{", e->val->loc);
                        put_member(t, &first_field, "\"AttributeName\"", e->loc,
                                   name ? name->val : NULL);
                        if (list)
                                dl_shape_put(t,
                                             k ? ", \"KeyType\": \"RANGE\""
                                               : ", \"KeyType\": \"HASH\"",
                                             e->loc);
                        else
                                put_member(t, &first_field, "\"AttributeType\"", e->loc,
                                           type ? type->val : NULL);
                        dl_shape_put(t, "}", e->val->loc);
                }
                dl_shape_put(t, "]", ks->val->loc);
        }
        if (pt)
                put_member(t, &first, "\"ProvisionedThroughput\"", pt->loc, pt->val);
        dl_shape_put(t, "}", top->loc);
}

static const struct dl_value *old_definition(struct dl_arena *a, const struct jnode *top,
                                             struct dl_loc at)
{
        return dl_shape_text(a, at, write_old_top, top);
}
