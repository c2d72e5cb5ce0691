/* expr.c - lexer and parser for DynamoDB expressions (see expr.h).
 * SPDX-License-Identifier: MIT
 *
 * Shape: the known text is lexed segment run by segment run into a token
 * array (holes become T_HOLE tokens; tokens touching a hole are absorbed
 * into it). A recursive-descent parser with an explicit depth limit
 * (DL_EXPR_MAX_DEPTH) builds the tree, one routine per precedence level
 * (OR < AND < NOT < comparison/BETWEEN/IN < operands). Repeated operators
 * (a OR b OR c..., NOT NOT ...) loop instead of recursing, so only
 * parentheses and function arguments deepen the C stack. When the parser
 * meets a hole where it cannot continue, the tree is dropped and a
 * token-level scan collects the paths and placeholder references, which
 * are certain whatever the holes hold (DynamoDB expressions have no string
 * literals or comments, so an identifier is a keyword, a function name or
 * a path element, decided by the identifier and the next token alone).
 */
#include "expr.h"
#include "quote.h"
#include "words.h"

#include "../core/arena.h"
#include "../core/strbuf.h"
#include "../core/vec.h"

#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- reserved words ---------------------------------------------------- */

static const char *const reserved[] = {
#define DL_RESERVED(w) w,
#include "reserved_words.def"
#undef DL_RESERVED
};

bool dl_expr_is_reserved(const char *s, size_t len)
{
        return dl_words_contain(reserved, sizeof reserved / sizeof reserved[0], s, len);
}

const char *dl_cmp_op_str(enum dl_cmp_op op)
{
        static const char *const s[] = {"", "=", "<>", "<", "<=", ">", ">=", "+", "-"};
        return (unsigned)op < sizeof s / sizeof s[0] ? s[op] : "";
}

const char *dl_update_section_str(enum dl_update_section sec)
{
        static const char *const s[] = {"", "SET", "REMOVE", "ADD", "DELETE"};
        return (unsigned)sec < sizeof s / sizeof s[0] ? s[sec] : "";
}

enum dl_expr_lang dl_expr_lang_of(enum dl_field f)
{
        switch (f) {
        case DL_FIELD_PROJECTION_EXPRESSION: return DL_LANG_PROJECTION;
        case DL_FIELD_UPDATE_EXPRESSION: return DL_LANG_UPDATE;
        default: return DL_LANG_CONDITION;
        }
}

const char *dl_expr_error_prefix(enum dl_field f)
{
        switch (f) {
        case DL_FIELD_KEY_CONDITION_EXPRESSION: return "Invalid KeyConditionExpression: ";
        case DL_FIELD_FILTER_EXPRESSION: return "Invalid FilterExpression: ";
        case DL_FIELD_PROJECTION_EXPRESSION: return "Invalid ProjectionExpression: ";
        case DL_FIELD_UPDATE_EXPRESSION: return "Invalid UpdateExpression: ";
        case DL_FIELD_CONDITION_EXPRESSION: return "Invalid ConditionExpression: ";
        default: return "Invalid expression: ";
        }
}

bool dl_expr_loc(const struct dl_expr *e, size_t off, struct dl_loc *out)
{
        return dl_value_loc_at(e->value, off, out);
}

/* ---- lexer ---------------------------------------------------------------- */

enum tok_kind {
        T_EOF, T_HOLE, T_IDENT, T_NAME, T_VALUE, T_NUM, T_LPAREN, T_RPAREN, T_LBRACK,
        T_RBRACK, T_COMMA, T_DOT, T_EQ, T_NE, T_LT, T_LE, T_GT, T_GE, T_PLUS, T_MINUS,
        T_BAD,
};

struct tok {
        enum tok_kind kind;
        size_t off, end;
        bool ws_before; /* blank (or start of text) right before it */
};

struct parser {
        struct dl_arena *a;
        struct dl_expr *e;
        const char *s;      /* known text */
        struct tok *toks;
        size_t n_toks, pos;
        bool stop;          /* structure lost (syntax error or hole) */
        size_t first_hole;  /* index of the first T_HOLE token, or SIZE_MAX */
        size_t *extents;    /* per error: the end of the text that decides it */
        size_t n_extents;
        unsigned depth;     /* current nesting (parentheses, function calls) */
};

static bool is_ident_start(unsigned char c) { return isalpha(c) || c == '_'; }
static bool is_word(unsigned char c) { return isalnum(c) || c == '_'; }
static bool is_blank(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Token array in the arena (copied on growth: tokens are small). */
struct tokbuf {
        struct tok *items;
        size_t n, cap;
};

static void tb_push(struct dl_arena *a, struct tokbuf *b, struct tok t)
{
        DL_VEC_PUSH_ARENA(a, b, t);
}

/* Lex s[from, to) (one run of known text) into b. */
static void lex_run(struct dl_arena *a, struct tokbuf *b, const char *s, size_t from, size_t to)
{
        size_t i = from;
        bool ws = true;
        while (i < to) {
                unsigned char c = (unsigned char)s[i];
                if (is_blank(c)) {
                        ws = true;
                        i++;
                        continue;
                }
                struct tok t = {T_BAD, i, i + 1, ws};
                ws = false;
                if (is_ident_start(c)) {
                        size_t j = i + 1;
                        while (j < to && is_word((unsigned char)s[j]))
                                j++;
                        t.kind = T_IDENT;
                        t.end = j;
                } else if (isdigit(c)) {
                        size_t j = i + 1;
                        while (j < to && isdigit((unsigned char)s[j]))
                                j++;
                        t.kind = T_NUM;
                        t.end = j;
                } else if (c == '#' || c == ':') {
                        size_t j = i + 1;
                        while (j < to && is_word((unsigned char)s[j]))
                                j++;
                        t.kind = j > i + 1 ? (c == '#' ? T_NAME : T_VALUE) : T_BAD;
                        t.end = j;
                } else {
                        switch (c) {
                        case '(': t.kind = T_LPAREN; break;
                        case ')': t.kind = T_RPAREN; break;
                        case '[': t.kind = T_LBRACK; break;
                        case ']': t.kind = T_RBRACK; break;
                        case ',': t.kind = T_COMMA; break;
                        case '.': t.kind = T_DOT; break;
                        case '=': t.kind = T_EQ; break;
                        case '+': t.kind = T_PLUS; break;
                        case '-': t.kind = T_MINUS; break;
                        case '<':
                                t.kind = T_LT;
                                if (i + 1 < to && s[i + 1] == '=') {
                                        t.kind = T_LE;
                                        t.end = i + 2;
                                } else if (i + 1 < to && s[i + 1] == '>') {
                                        t.kind = T_NE;
                                        t.end = i + 2;
                                }
                                break;
                        case '>':
                                t.kind = T_GT;
                                if (i + 1 < to && s[i + 1] == '=') {
                                        t.kind = T_GE;
                                        t.end = i + 2;
                                }
                                break;
                        default:
                                /* a bad character is one token, never part of
                                 * one: a UTF-8 sequence stays whole ("é") */
                                t.kind = T_BAD;
                                if (c >= 0x80 && dl_quote_char_len(s, to, i) > 1)
                                        t.end = i + dl_quote_char_len(s, to, i);
                                break;
                        }
                }
                tb_push(a, b, t);
                i = t.end;
        }
}

/* A token that may continue inside an adjacent hole. */
static bool absorbable(enum tok_kind k)
{
        switch (k) {
        case T_IDENT: case T_NAME: case T_VALUE: case T_NUM: case T_EQ: case T_NE:
        case T_LT: case T_LE: case T_GT: case T_GE: case T_BAD:
                return true;
        default:
                return false;
        }
}

static void push_hole(struct dl_arena *a, struct dl_expr *e, size_t off)
{
        e->hole_offs = dl_arena_grow(a, e->hole_offs, e->n_holes, sizeof *e->hole_offs);
        if (e->n_holes && e->hole_offs[e->n_holes - 1] >= off) {
                e->hole_offs[e->n_holes - 1] = off; /* merged with the previous hole */
                return;
        }
        e->hole_offs[e->n_holes++] = off;
}

bool dl_expr_span_has_hole(const struct dl_expr *e, size_t off, size_t end)
{
        size_t lo = 0, hi = e->n_holes;
        while (lo < hi) { /* first hole at or after off */
                size_t mid = lo + (hi - lo) / 2;
                if (e->hole_offs[mid] < off)
                        lo = mid + 1;
                else
                        hi = mid;
        }
        if (lo == e->n_holes)
                return false;
        size_t h = e->hole_offs[lo];
        return off == end ? h == off : h < end;
}

/* Lex the whole template: returns the token array ending with T_EOF. */
static void lex(struct parser *p)
{
        struct dl_expr *e = p->e;
        const struct dl_value *v = e->value;
        struct tokbuf b = {0};
        size_t base = 0, run_start = 0;
        bool prev_hole = false;
        for (size_t i = 0; i <= v->n_segs; i++) {
                bool at_end = i == v->n_segs;
                if (!at_end && v->segs[i].text) {
                        base += v->segs[i].len;
                        continue;
                }
                /* a run of known text [run_start, base) ends here */
                size_t first = b.n;
                lex_run(p->a, &b, p->s, run_start, base);
                if (prev_hole && b.n > first && b.items[first].off == run_start &&
                    absorbable(b.items[first].kind)) {
                        /* continues the hole before: merge into it */
                        struct tok *h = &b.items[first - 1];
                        h->end = b.items[first].end;
                        memmove(&b.items[first], &b.items[first + 1], (b.n - first - 1) * sizeof *b.items);
                        b.n--;
                }
                if (at_end)
                        break;
                struct tok h = {T_HOLE, base, base, true};
                if (b.n > first && b.items[b.n - 1].end == base && absorbable(b.items[b.n - 1].kind)) {
                        h.off = b.items[b.n - 1].off;
                        h.ws_before = b.items[b.n - 1].ws_before;
                        b.n--;
                }
                if (b.n && b.items[b.n - 1].kind == T_HOLE) {
                        /* two holes in a row are one */
                        b.items[b.n - 1].end = h.end > b.items[b.n - 1].end ? h.end : b.items[b.n - 1].end;
                } else {
                        tb_push(p->a, &b, h);
                }
                push_hole(p->a, e, h.off);
                e->has_holes = true;
                prev_hole = true;
                run_start = base;
        }
        struct tok eof = {T_EOF, base, base, true};
        tb_push(p->a, &b, eof);
        p->toks = b.items;
        p->n_toks = b.n;
}

/* ---- helpers -------------------------------------------------------------- */

static const struct tok *peek(const struct parser *p) { return &p->toks[p->pos]; }
static const struct tok *peek2(const struct parser *p)
{
        return &p->toks[p->pos + 1 < p->n_toks ? p->pos + 1 : p->n_toks - 1];
}
static const struct tok *next(struct parser *p)
{
        const struct tok *t = &p->toks[p->pos];
        if (t->kind != T_EOF)
                p->pos++;
        return t;
}

static bool tok_is_word(const struct parser *p, const struct tok *t, const char *w)
{
        return t->kind == T_IDENT && dl_word_cmp(p->s + t->off, t->end - t->off, w) == 0;
}

static bool is_cond_keyword(const struct parser *p, const struct tok *t)
{
        return tok_is_word(p, t, "AND") || tok_is_word(p, t, "OR") || tok_is_word(p, t, "NOT") ||
               tok_is_word(p, t, "BETWEEN") || tok_is_word(p, t, "IN");
}

static enum dl_update_section section_of(const struct parser *p, const struct tok *t)
{
        if (tok_is_word(p, t, "SET")) return DL_SEC_SET;
        if (tok_is_word(p, t, "REMOVE")) return DL_SEC_REMOVE;
        if (tok_is_word(p, t, "ADD")) return DL_SEC_ADD;
        if (tok_is_word(p, t, "DELETE")) return DL_SEC_DELETE;
        return DL_SEC_NONE;
}

/* Record an error. extent: the end of the known text that decides it
 * (SIZE_MAX when a hole decides it: then it is dropped if the expression
 * has holes; 0 when it is certain wherever it is). */
static void add_error_x(struct parser *p, enum dl_expr_err_kind kind, size_t off, size_t end,
                        const char *msg, const char *hint, size_t extent);

static void add_error(struct parser *p, enum dl_expr_err_kind kind, size_t off, size_t end,
                      const char *msg, const char *hint)
{
        add_error_x(p, kind, off, end, msg, hint, end);
}

static void add_error_x(struct parser *p, enum dl_expr_err_kind kind, size_t off, size_t end,
                        const char *msg, const char *hint, size_t extent)
{
        struct dl_expr *e = p->e;
        /* one error per kind: DynamoDB reports only the first of each */
        for (size_t i = 0; i < e->n_errors; i++)
                if (e->errors[i].kind == kind)
                        return;
        struct dl_expr_error *nv = dl_arena_alloc(p->a, (e->n_errors + 1) * sizeof *nv);
        if (e->n_errors)
                memcpy(nv, e->errors, e->n_errors * sizeof *nv);
        size_t *xv = dl_arena_alloc(p->a, (e->n_errors + 1) * sizeof *xv);
        if (e->n_errors)
                memcpy(xv, p->extents, e->n_errors * sizeof *xv);
        xv[e->n_errors] = extent;
        p->extents = xv;
        nv[e->n_errors++] = (struct dl_expr_error){kind, msg, hint, off, end};
        e->errors = nv;
}

/* s[off,end) for messages: UTF-8 characters as themselves, invalid bytes
 * and control characters as \xHH (model/quote.h), so messages stay text. */
static void put_text(struct dl_strbuf *sb, const char *s, size_t off, size_t end)
{
        dl_quote_put(sb, s + off, end - off);
}

/* A syntax error at token t. Only reported before the first hole: after
 * one, the hole may hold whatever makes the rest valid. */
static void syntax_error(struct parser *p, const struct tok *t, const char *hint)
{
        if (p->stop)
                return;
        p->stop = true;
        p->e->root = NULL;
        if ((size_t)(t - p->toks) >= p->first_hole)
                return;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_strbuf_puts(&sb, "Syntax error; token: \"");
        if (t->kind == T_EOF)
                dl_strbuf_puts(&sb, "<EOF>");
        else
                put_text(&sb, p->s, t->off, t->end);
        dl_strbuf_puts(&sb, "\", near: \"");
        /* near: the previous token, this one and the next, as written */
        size_t i = (size_t)(t - p->toks);
        size_t from = i > 0 ? p->toks[i - 1].off : t->off;
        size_t to = t->end;
        if (i + 1 < p->n_toks && p->toks[i + 1].kind != T_EOF)
                to = p->toks[i + 1].end;
        put_text(&sb, p->s, from, to);
        dl_strbuf_puts(&sb, "\"");
        /* the text not parsed starts with the word holding the error
         * ("#last-login": '#last' is no placeholder the user wrote) */
        size_t w = t->off;
        while (w > 0 && !strchr(" \t\r\n,()", p->s[w - 1]))
                w--;
        p->e->unparsed_from = w;
        add_error(p, DL_EXPR_ERR_SYNTAX, t->off, t->end > t->off ? t->end : t->off,
                  dl_arena_strdup(p->a, dl_strbuf_cstr(&sb)), hint);
        dl_strbuf_fini(&sb);
}

/* ---- AST construction ------------------------------------------------------ */

static struct dl_enode *node(struct parser *p, enum dl_enode_kind k, size_t off, size_t end)
{
        struct dl_enode *n = dl_arena_alloc(p->a, sizeof *n);
        n->kind = k;
        n->off = off;
        n->end = end;
        return n;
}

/* Append x to an arena array of pointers (doubling, old storage abandoned). */
static void push_ptr(struct dl_arena *a, void ***v, size_t *n, void *x)
{
        *v = dl_arena_grow(a, *v, *n, sizeof **v);
        (*v)[(*n)++] = x;
}

static void add_arg(struct parser *p, struct dl_enode *n, struct dl_enode *arg)
{
        push_ptr(p->a, (void ***)&n->args, &n->n_args, arg);
        if (arg && arg->end > n->end)
                n->end = arg->end;
}

static void add_ref(struct parser *p, const struct tok *t)
{
        struct dl_expr *e = p->e;
        e->refs = dl_arena_grow(p->a, e->refs, e->n_refs, sizeof *e->refs);
        e->refs[e->n_refs++] = (struct dl_ref){p->s + t->off, t->end - t->off, t->off, t->end};
}

/* ---- functions ---------------------------------------------------------- */

struct fn_info {
        const char *name;
        size_t n_args;
        bool path_first; /* first operand must be a document path */
};

static const struct fn_info cond_fns[] = {
        {"attribute_exists", 1, true}, {"attribute_not_exists", 1, true},
        {"attribute_type", 2, false},  {"begins_with", 2, false},
        {"contains", 2, false},        {"size", 1, false},
};
static const struct fn_info update_fns[] = {
        {"if_not_exists", 2, true},
        {"list_append", 2, false},
};

static const struct fn_info *find_fn(const struct fn_info *t, size_t n, const char *s, size_t len)
{
        for (size_t i = 0; i < n; i++)
                if (strlen(t[i].name) == len && memcmp(t[i].name, s, len) == 0)
                        return &t[i];
        return NULL;
}

static bool any_fn_name(const char *s, size_t len)
{
        return find_fn(cond_fns, sizeof cond_fns / sizeof cond_fns[0], s, len) ||
               find_fn(update_fns, sizeof update_fns / sizeof update_fns[0], s, len);
}

/* Check a call's name and operands (DynamoDB: unknown function, then operand
 * count, then document-path operand). */
static void check_call(struct parser *p, struct dl_enode *f)
{
        const struct fn_info *fi =
                p->e->lang == DL_LANG_UPDATE
                        ? find_fn(update_fns, 2, f->name, f->name_len)
                        : find_fn(cond_fns, sizeof cond_fns / sizeof cond_fns[0], f->name,
                                  f->name_len);
        if (!fi) {
                add_error_x(p, DL_EXPR_ERR_UNKNOWN_FUNCTION, f->op_off, f->op_end,
                            dl_arena_printf(p->a, "Invalid function name; function: %s",
                                            DL_QN(f->name, f->name_len)),
                            NULL, 0);
                return;
        }
        if (dl_expr_span_has_hole(p->e, f->off, f->end))
                return; /* a hole between the parentheses may hold anything */
        bool has_opaque = false;
        for (size_t i = 0; i < f->n_args; i++)
                if (f->args[i]->kind == DL_EN_OPAQUE)
                        has_opaque = true;
        if (f->n_args != fi->n_args && !(has_opaque && f->n_args < fi->n_args)) {
                add_error_x(p, DL_EXPR_ERR_OPERAND_COUNT, f->op_off, f->op_end,
                          dl_arena_printf(p->a,
                                          "Incorrect number of operands for operator or "
                                          "function; operator or function: %s, number of "
                                          "operands: %zu",
                                          fi->name, f->n_args),
                          NULL, 0);
                return;
        }
        /* In conditions DynamoDB checks this with the operand types, innermost
         * first (checks/expression_syntax.c); in updates here. */
        if (fi->path_first && p->e->lang == DL_LANG_UPDATE && f->n_args &&
            f->args[0]->kind != DL_EN_PATH &&
            f->args[0]->kind != DL_EN_OPAQUE)
                add_error(p, DL_EXPR_ERR_OPERAND_COUNT, f->args[0]->off, f->args[0]->end,
                          dl_arena_printf(p->a,
                                          "Operator or function requires a document path; "
                                          "operator or function: %s",
                                          fi->name),
                          NULL);
}

/* A condition function (anything but size) used where an operand is needed.
 * extent: the end of the text that makes it an operand. */
static void check_operand_use(struct parser *p, const struct dl_enode *n, size_t extent)
{
        if (n && n->kind == DL_EN_FUNC && p->e->lang == DL_LANG_CONDITION &&
            !(n->name_len == 4 && memcmp(n->name, "size", 4) == 0) &&
            find_fn(cond_fns, sizeof cond_fns / sizeof cond_fns[0], n->name, n->name_len) &&
            !dl_expr_span_has_hole(p->e, n->off, n->end))
                add_error_x(p, DL_EXPR_ERR_MISUSED_FUNCTION, n->op_off, n->op_end,
                            dl_arena_printf(p->a,
                                            "The function is not allowed to be used this way in "
                                            "an expression; function: %s",
                                            DL_QN(n->name, n->name_len)),
                            NULL, extent > n->end ? extent : n->end);
}

static void check_parens(struct parser *p, const struct dl_enode *n, size_t lparen_off)
{
        /* `((` hole `))`: the hole may close and reopen the inner pair
         * (`a = :v) OR (b = :v`), so the known text proves nothing. */
        if (n->parens >= 2 && n->kind != DL_EN_OPAQUE &&
            !dl_expr_span_has_hole(p->e, lparen_off, n->end))
                add_error(p, DL_EXPR_ERR_PARENS, lparen_off, n->end,
                          "The expression has redundant parentheses;",
                          "remove the extra pair of parentheses");
}

/* ---- paths -------------------------------------------------------------- */

static void note_path(struct parser *p, struct dl_path *path)
{
        struct dl_expr *e = p->e;
        push_ptr(p->a, (void ***)&e->paths, &e->n_paths, path);
        size_t depth = path->n ? path->n - 1 : 0;
        if (depth > e->max_path_depth) {
                e->max_path_depth = depth;
                e->max_path_off = path->off;
                e->max_path_end = path->end;
        }
}

static void add_elem(struct parser *p, struct dl_path *path, struct dl_path_elem el)
{
        path->elems = dl_arena_grow(p->a, path->elems, path->n, sizeof *path->elems);
        path->elems[path->n++] = el;
        path->end = el.end;
}

static struct dl_path_elem elem_of(struct parser *p, const struct tok *t)
{
        struct dl_path_elem el = {0};
        el.off = t->off;
        el.end = t->end;
        el.text = p->s + t->off;
        el.len = t->end - t->off;
        el.kind = t->kind == T_NAME ? DL_PE_ALIAS : t->kind == T_HOLE ? DL_PE_OPAQUE : DL_PE_NAME;
        return el;
}

static bool parse_path_tail(struct parser *p, struct dl_path *path);

/* Path at the current token (IDENT or NAME). Returns NULL after a syntax
 * error. Records #name references. */
static struct dl_path *parse_path(struct parser *p)
{
        struct dl_path *path = dl_arena_alloc(p->a, sizeof *path);
        const struct tok *t = next(p);
        path->off = t->off;
        if (t->kind == T_NAME)
                add_ref(p, t);
        add_elem(p, path, elem_of(p, t));
        if (!parse_path_tail(p, path))
                return NULL;
        note_path(p, path);
        return path;
}

/* The '.name' and '[n]' dereferences after a path's first element. */
static bool parse_path_tail(struct parser *p, struct dl_path *path)
{
        for (;;) {
                const struct tok *u = peek(p);
                if (u->kind == T_DOT) {
                        next(p);
                        const struct tok *w = peek(p);
                        if (w->kind == T_IDENT || w->kind == T_NAME) {
                                next(p);
                                if (w->kind == T_NAME)
                                        add_ref(p, w);
                                add_elem(p, path, elem_of(p, w));
                        } else if (w->kind == T_HOLE) {
                                next(p);
                                add_elem(p, path, elem_of(p, w));
                                path->partial = true;
                        } else {
                                syntax_error(p, w, "a '.' must be followed by an attribute name");
                                return false;
                        }
                } else if (u->kind == T_LBRACK) {
                        next(p);
                        const struct tok *w = next(p);
                        if (w->kind == T_HOLE) {
                                add_elem(p, path, elem_of(p, w));
                                path->partial = true;
                                if (peek(p)->kind == T_RBRACK)
                                        next(p);
                                continue;
                        }
                        if (w->kind != T_NUM) {
                                syntax_error(p, w, "a list index must be a number: [0]");
                                return false;
                        }
                        struct dl_path_elem el = elem_of(p, w);
                        el.kind = DL_PE_INDEX;
                        unsigned long v = 0;
                        for (size_t i = w->off; i < w->end; i++) {
                                unsigned d = (unsigned)(p->s[i] - '0');
                                v = v > (ULONG_MAX - d) / 10 ? ULONG_MAX : v * 10 + d;
                        }
                        el.index = v;
                        const struct tok *r = next(p);
                        if (r->kind != T_RBRACK) {
                                syntax_error(p, r, NULL);
                                return false;
                        }
                        el.off = u->off;
                        el.end = r->end;
                        add_elem(p, path, el);
                } else {
                        return true;
                }
        }
}

/* A parenthesised path continued by dereferences, "(a.b).c" (DynamoDB's
 * condition grammar allows it; projections do not). */
static struct dl_enode *continue_path(struct parser *p, struct dl_enode *n)
{
        if (!parse_path_tail(p, n->path))
                return NULL;
        n->end = n->path->end;
        size_t depth = n->path->n - 1;
        if (depth > p->e->max_path_depth) {
                p->e->max_path_depth = depth;
                p->e->max_path_off = n->path->off;
                p->e->max_path_end = n->path->end;
        }
        return n;
}

/* ---- condition grammar ------------------------------------------------------ */

static struct dl_enode *parse_or(struct parser *p);
static struct dl_enode *parse_operand(struct parser *p);

static bool enter(struct parser *p, const struct tok *t)
{
        if (++p->depth > DL_EXPR_MAX_DEPTH) {
                syntax_error(p, t,
                             "ddblint follows at most 256 nested levels; flatten the expression");
                return false;
        }
        return true;
}

/* The operand parser of a grammar: parse_operand (conditions) or
 * parse_set_value (update SET values). */
typedef struct dl_enode *(*operand_fn)(struct parser *p);

/* operand {',' operand} ')' after an opening '(': each operand (parsed by
 * inner) is added to n, whose end becomes the ')'. Returns false after a
 * syntax error. check_operand_use only acts on conditions. */
static bool parse_operand_list(struct parser *p, struct dl_enode *n, operand_fn inner)
{
        for (;;) {
                struct dl_enode *x = inner(p);
                if (!x)
                        return false;
                check_operand_use(p, x, x->end);
                add_arg(p, n, x);
                const struct tok *t = next(p);
                if (t->kind == T_COMMA)
                        continue;
                if (t->kind == T_RPAREN) {
                        n->end = t->end;
                        return true;
                }
                syntax_error(p, t, NULL);
                return false;
        }
}

/* '(' operand ')' at the '(' t: the operand parsed by inner, counted as one
 * nesting level, its parens count raised. */
static struct dl_enode *parse_parenthesised(struct parser *p, const struct tok *t,
                                           operand_fn inner)
{
        next(p);
        if (!enter(p, t))
                return NULL;
        struct dl_enode *n = inner(p);
        if (!n)
                return NULL;
        const struct tok *r = next(p);
        if (r->kind != T_RPAREN) {
                syntax_error(p, r, NULL);
                return NULL;
        }
        p->depth--;
        n->parens++;
        return n;
}

/* name '(' operand {',' operand} ')' at an IDENT followed by '(', the
 * operands parsed by inner. */
static struct dl_enode *parse_call(struct parser *p, operand_fn inner)
{
        const struct tok *name = next(p);
        const struct tok *lp = next(p); /* '(' */
        struct dl_enode *f = node(p, DL_EN_FUNC, name->off, lp->end);
        f->name = p->s + name->off;
        f->name_len = name->end - name->off;
        f->op_off = name->off;
        f->op_end = name->end;
        if (!enter(p, lp) || !parse_operand_list(p, f, inner))
                return NULL;
        p->depth--;
        p->e->n_operators++;
        check_call(p, f);
        return f;
}

/* An operand: path, :value, function call, hole, or ( operand ). In the
 * update language also  operand (+|-) operand  inside SET values. */
static struct dl_enode *parse_operand(struct parser *p)
{
        const struct tok *t = peek(p);
        switch (t->kind) {
        case T_HOLE:
                next(p);
                return node(p, DL_EN_OPAQUE, t->off, t->end);
        case T_VALUE: {
                next(p);
                add_ref(p, t);
                struct dl_enode *n = node(p, DL_EN_VALUE, t->off, t->end);
                n->name = p->s + t->off;
                n->name_len = t->end - t->off;
                return n;
        }
        case T_IDENT:
                if (p->e->lang == DL_LANG_CONDITION && is_cond_keyword(p, t)) {
                        syntax_error(p, t, NULL);
                        return NULL;
                }
                if (peek2(p)->kind == T_LPAREN)
                        return parse_call(p, parse_operand);
                /* fallthrough */
        case T_NAME: {
                size_t off = t->off;
                struct dl_path *path = parse_path(p);
                if (!path)
                        return NULL;
                struct dl_enode *n = node(p, DL_EN_PATH, off, path->end);
                n->path = path;
                return n;
        }
        case T_LPAREN: {
                struct dl_enode *n = parse_parenthesised(p, t, parse_operand);
                if (!n)
                        return NULL;
                check_parens(p, n, t->off);
                if (n->kind == DL_EN_PATH && p->e->lang == DL_LANG_CONDITION &&
                    (peek(p)->kind == T_DOT || peek(p)->kind == T_LBRACK))
                        return continue_path(p, n);
                return n;
        }
        default:
                syntax_error(p, t, NULL);
                return NULL;
        }
}

static enum dl_cmp_op cmp_of(enum tok_kind k)
{
        switch (k) {
        case T_EQ: return DL_CMP_EQ;
        case T_NE: return DL_CMP_NE;
        case T_LT: return DL_CMP_LT;
        case T_LE: return DL_CMP_LE;
        case T_GT: return DL_CMP_GT;
        case T_GE: return DL_CMP_GE;
        default: return DL_CMP_NONE;
        }
}

static bool is_operand_node(const struct dl_enode *n)
{
        return n->kind == DL_EN_PATH || n->kind == DL_EN_VALUE || n->kind == DL_EN_FUNC ||
               n->kind == DL_EN_OPAQUE;
}

/* n stands where a condition is needed; after is the token that follows. */
static bool check_condition(struct parser *p, const struct dl_enode *n, const struct tok *after)
{
        if (n->kind == DL_EN_PATH || n->kind == DL_EN_VALUE) {
                syntax_error(p, after, "a path or value alone is not a condition; compare it: "
                                       "a = :v, or test it: attribute_exists(a)");
                return false;
        }
        /* decided by the token after it: a hole there may hold "> :n" */
        if (n->kind == DL_EN_FUNC && n->name_len == 4 && memcmp(n->name, "size", 4) == 0 &&
            !dl_expr_span_has_hole(p->e, n->off, n->end))
                add_error_x(p, DL_EXPR_ERR_MISUSED_FUNCTION, n->op_off, n->op_end,
                            "The function is not allowed to be used this way in an expression; "
                            "function: size",
                            "compare it: size(a) > :n",
                            after->kind == T_HOLE ? SIZE_MAX : after->end);
        return true;
}

/* primary: '(' or-expr ')' [comparison tail] | operand [comparison tail] */
static struct dl_enode *parse_primary(struct parser *p)
{
        const struct tok *t = peek(p);
        struct dl_enode *lhs;
        if (t->kind == T_LPAREN) {
                next(p);
                if (!enter(p, t))
                        return NULL;
                lhs = parse_or(p);
                if (!lhs)
                        return NULL;
                const struct tok *r = next(p);
                if (r->kind != T_RPAREN) {
                        syntax_error(p, r, NULL);
                        return NULL;
                }
                p->depth--;
                lhs->parens++;
                check_parens(p, lhs, t->off);
                if (lhs->kind == DL_EN_PATH &&
                    (peek(p)->kind == T_DOT || peek(p)->kind == T_LBRACK)) {
                        lhs = continue_path(p, lhs);
                        if (!lhs)
                                return NULL;
                }
        } else {
                lhs = parse_operand(p);
                if (!lhs)
                        return NULL;
        }
        const struct tok *op = peek(p);
        enum dl_cmp_op c = cmp_of(op->kind);
        bool between = tok_is_word(p, op, "BETWEEN"), in = tok_is_word(p, op, "IN");
        if (c == DL_CMP_NONE && !between && !in)
                return lhs;
        if (!is_operand_node(lhs)) {
                syntax_error(p, op, NULL);
                return NULL;
        }
        next(p);
        check_operand_use(p, lhs, op->end);
        p->e->n_operators++;
        struct dl_enode *n = node(p, c ? DL_EN_CMP : between ? DL_EN_BETWEEN : DL_EN_IN,
                                  lhs->off, op->end);
        n->op = c;
        n->op_off = op->off;
        n->op_end = op->end;
        add_arg(p, n, lhs);
        if (c) {
                struct dl_enode *rhs = parse_operand(p);
                if (!rhs)
                        return NULL;
                check_operand_use(p, rhs, rhs->end);
                add_arg(p, n, rhs);
        } else if (between) {
                struct dl_enode *lo = parse_operand(p);
                if (!lo)
                        return NULL;
                const struct tok *and = next(p);
                if (!tok_is_word(p, and, "AND")) {
                        syntax_error(p, and, "BETWEEN needs: a BETWEEN :lo AND :hi");
                        return NULL;
                }
                struct dl_enode *hi = parse_operand(p);
                if (!hi)
                        return NULL;
                check_operand_use(p, lo, hi->end);
                check_operand_use(p, hi, hi->end);
                add_arg(p, n, lo);
                add_arg(p, n, hi);
        } else {
                const struct tok *lp = next(p);
                if (lp->kind != T_LPAREN) {
                        syntax_error(p, lp, "IN needs a parenthesised list: a IN (:v1, :v2)");
                        return NULL;
                }
                if (!parse_operand_list(p, n, parse_operand))
                        return NULL;
                if (n->n_args - 1 > p->e->max_in_operands) {
                        p->e->max_in_operands = n->n_args - 1;
                        p->e->max_in_off = op->off;
                }
        }
        return n;
}

/* NOT* primary, iteratively: each NOT counts as one nesting level. */
static struct dl_enode *parse_not(struct parser *p)
{
        size_t n_not = 0, *offs = NULL;
        unsigned depth0 = p->depth;
        while (tok_is_word(p, peek(p), "NOT")) {
                /* DynamoDB's grammar: NOT applies to a comparison, a function
                 * or a parenthesised condition, not to another NOT (dynalite
                 * NotConditionExpression); "NOT (NOT a = :v)" is fine. */
                if (n_not) {
                        syntax_error(p, peek(p), "write NOT (NOT ...) or drop both NOTs");
                        return NULL;
                }
                const struct tok *t = next(p);
                if (!enter(p, t))
                        return NULL;
                offs = dl_arena_grow(p->a, offs, n_not, sizeof *offs);
                offs[n_not++] = t->off;
                p->e->n_operators++;
        }
        struct dl_enode *x = parse_primary(p);
        if (!x)
                return NULL;
        if (n_not && !check_condition(p, x, peek(p)))
                return NULL;
        while (n_not) {
                size_t off = offs[--n_not];
                struct dl_enode *w = node(p, DL_EN_NOT, off, x->end);
                w->op_off = off;
                w->op_end = off + 3;
                add_arg(p, w, x);
                x = w;
        }
        p->depth = depth0;
        return x;
}

/* Left-associative n-ary chain of `word` (AND or OR). */
static struct dl_enode *parse_chain(struct parser *p, const char *word, enum dl_enode_kind k,
                                    struct dl_enode *(*sub)(struct parser *))
{
        struct dl_enode *first = sub(p);
        if (!first)
                return NULL;
        if (!tok_is_word(p, peek(p), word))
                return first;
        struct dl_enode *n = node(p, k, first->off, first->end);
        if (!check_condition(p, first, peek(p)))
                return NULL;
        add_arg(p, n, first);
        while (tok_is_word(p, peek(p), word)) {
                const struct tok *t = next(p);
                if (!n->op_end) {
                        n->op_off = t->off;
                        n->op_end = t->end;
                }
                p->e->n_operators++;
                struct dl_enode *x = sub(p);
                if (!x)
                        return NULL;
                if (!check_condition(p, x, peek(p)))
                        return NULL;
                add_arg(p, n, x);
        }
        return n;
}

static struct dl_enode *parse_and(struct parser *p)
{
        return parse_chain(p, "AND", DL_EN_AND, parse_not);
}

static struct dl_enode *parse_or(struct parser *p)
{
        return parse_chain(p, "OR", DL_EN_OR, parse_and);
}

static struct dl_enode *parse_condition(struct parser *p)
{
        struct dl_enode *root = parse_or(p);
        if (!root)
                return NULL;
        const struct tok *t = peek(p);
        if (t->kind != T_EOF) {
                syntax_error(p, t, NULL);
                return NULL;
        }
        if (!check_condition(p, root, t))
                return NULL;
        return root;
}

/* ---- projection ------------------------------------------------------------ */

static struct dl_enode *parse_projection(struct parser *p)
{
        struct dl_enode *root = node(p, DL_EN_LIST, 0, 0);
        for (;;) {
                const struct tok *t = peek(p);
                struct dl_enode *item;
                if (t->kind == T_HOLE) {
                        next(p);
                        item = node(p, DL_EN_OPAQUE, t->off, t->end);
                } else if (t->kind == T_IDENT || t->kind == T_NAME) {
                        struct dl_path *path = parse_path(p);
                        if (!path)
                                return NULL;
                        item = node(p, DL_EN_PATH, t->off, path->end);
                        item->path = path;
                } else {
                        syntax_error(p, t, NULL);
                        return NULL;
                }
                add_arg(p, root, item);
                const struct tok *s = next(p);
                if (s->kind == T_EOF)
                        return root;
                if (s->kind != T_COMMA) {
                        syntax_error(p, s, "separate projected paths with ','");
                        return NULL;
                }
        }
}

/* ---- update ----------------------------------------------------------------- */

/* SET value: operand [(+|-) operand]...; functions take values. */
static struct dl_enode *parse_set_value(struct parser *p);

static struct dl_enode *parse_update_operand(struct parser *p)
{
        const struct tok *t = peek(p);
        if (section_of(p, t) != DL_SEC_NONE && peek2(p)->kind != T_LPAREN) {
                /* "SET a = ADD c :n": a clause keyword is never a path here (DynamoDB
                 * reports a syntax error, not a reserved word) */
                syntax_error(p, next(p), "SET, REMOVE, ADD and DELETE start clauses; alias an "
                                         "attribute of that name with #name");
                return NULL;
        }
        if (t->kind == T_IDENT && peek2(p)->kind == T_LPAREN)
                return parse_call(p, parse_set_value);
        if (t->kind == T_LPAREN)
                return parse_parenthesised(p, t, parse_set_value);
        return parse_operand(p);
}

/* A SET value: an operand, or two joined by one + or - (DynamoDB's grammar,
 * "Update expressions" in the developer guide: "SET path = value [+|- value]";
 * dynalite rejects "SET a = b + c + d" with a syntax error on the second
 * operator, docs/architecture.md). */
static struct dl_enode *parse_set_value(struct parser *p)
{
        struct dl_enode *x = parse_update_operand(p);
        if (!x)
                return NULL;
        unsigned depth0 = p->depth;
        /* "(b + c) + d" is two operators too (dynalite: a syntax error) */
        bool joined = x->kind == DL_EN_ARITH;
        while (peek(p)->kind == T_PLUS || peek(p)->kind == T_MINUS) {
                if (joined) {
                        syntax_error(p, peek(p),
                                     "a SET value takes one + or - ('SET a = b + :n'): add "
                                     "the other operands in code and pass their sum as one "
                                     "value");
                        return NULL;
                }
                const struct tok *op = next(p);
                /* a chain builds a left-deep tree: each link is a level */
                if (!enter(p, op))
                        return NULL;
                struct dl_enode *y = parse_update_operand(p);
                if (!y)
                        return NULL;
                struct dl_enode *n = node(p, DL_EN_ARITH, x->off, y->end);
                n->op = op->kind == T_PLUS ? DL_CMP_PLUS : DL_CMP_MINUS;
                n->op_off = op->off;
                n->op_end = op->end;
                add_arg(p, n, x);
                add_arg(p, n, y);
                p->e->n_operators++;
                x = n;
                joined = true;
        }
        p->depth = depth0;
        return x;
}

/* The path an action writes; a hole there loses the structure. */
static struct dl_enode *parse_target(struct parser *p, enum dl_update_section sec)
{
        const struct tok *t = peek(p);
        if (t->kind == T_HOLE) {
                p->stop = true; /* the hole may hold several actions */
                return NULL;
        }
        if (t->kind != T_IDENT && t->kind != T_NAME) {
                syntax_error(p, t, NULL);
                return NULL;
        }
        struct dl_path *path = parse_path(p);
        if (!path)
                return NULL;
        path->role = DL_ROLE_UPDATE_TARGET;
        path->section = sec;
        struct dl_enode *n = node(p, DL_EN_PATH, t->off, path->end);
        n->path = path;
        return n;
}

static struct dl_enode *parse_update(struct parser *p)
{
        struct dl_enode *root = node(p, DL_EN_LIST, 0, 0);
        bool seen[5] = {false};
        if (peek(p)->kind == T_EOF) {
                /* no clause at all (blank text is reported as empty before
                 * parsing): DynamoDB expects a clause keyword */
                syntax_error(p, peek(p), "an update expression is made of SET, REMOVE, ADD "
                                         "and DELETE clauses");
                return NULL;
        }
        while (peek(p)->kind != T_EOF) {
                const struct tok *kw = next(p);
                enum dl_update_section sec = section_of(p, kw);
                if (sec == DL_SEC_NONE) {
                        if (kw->kind == T_HOLE)
                                p->stop = true;
                        else
                                syntax_error(p, kw, "an update expression is made of SET, "
                                                    "REMOVE, ADD and DELETE clauses");
                        return NULL;
                }
                if (peek(p)->kind != T_EOF && !peek(p)->ws_before) {
                        /* "REMOVE#a": a clause keyword needs a blank after it */
                        syntax_error(p, kw, "put a space after the clause keyword");
                        return NULL;
                }
                if (seen[sec])
                        add_error(p, DL_EXPR_ERR_SECTION, kw->off, kw->end,
                                  dl_arena_printf(p->a,
                                                  "The \"%s\" section can only be used once "
                                                  "in an update expression;",
                                                  dl_update_section_str(sec)),
                                  dl_arena_printf(p->a,
                                                  "merge the actions into one %s clause, "
                                                  "separated by commas",
                                                  dl_update_section_str(sec)));
                seen[sec] = true;
                for (;;) {
                        struct dl_enode *target = parse_target(p, sec);
                        if (!target)
                                return NULL;
                        struct dl_enode *act = node(p, DL_EN_ACTION, kw->off, target->end);
                        act->section = sec;
                        act->op_off = kw->off;
                        act->op_end = kw->end;
                        add_arg(p, act, target);
                        if (sec == DL_SEC_SET) {
                                const struct tok *eq = next(p);
                                if (eq->kind != T_EQ) {
                                        syntax_error(p, eq, "SET needs: SET a = :v");
                                        return NULL;
                                }
                                struct dl_enode *v = parse_set_value(p);
                                if (!v)
                                        return NULL;
                                add_arg(p, act, v);
                        } else if (sec == DL_SEC_ADD || sec == DL_SEC_DELETE) {
                                const struct tok *v = peek(p);
                                if (v->kind != T_VALUE && v->kind != T_HOLE) {
                                        syntax_error(p, v, "ADD and DELETE take a value "
                                                           "placeholder: ADD a :v");
                                        return NULL;
                                }
                                add_arg(p, act, parse_operand(p));
                        }
                        add_arg(p, root, act);
                        if (peek(p)->kind != T_COMMA)
                                break;
                        next(p);
                }
        }
        return root;
}

/* ---- token-level scan (after a hole) ------------------------------------------ */

static void lenient_scan(struct parser *p)
{
        struct dl_expr *e = p->e;
        e->n_paths = 0;
        e->n_refs = 0;
        p->pos = 0;
        p->stop = false;
        while (peek(p)->kind != T_EOF) {
                const struct tok *t = peek(p);
                const struct tok *u = peek2(p);
                if (t->kind == T_VALUE) {
                        add_ref(p, t);
                        next(p);
                        continue;
                }
                bool keyword = e->lang == DL_LANG_CONDITION ? is_cond_keyword(p, t)
                               : e->lang == DL_LANG_UPDATE  ? section_of(p, t) != DL_SEC_NONE
                                                            : false;
                if (t->kind == T_IDENT && u->kind == T_LPAREN && !keyword) {
                        struct dl_enode f = {0};
                        f.name = p->s + t->off;
                        f.name_len = t->end - t->off;
                        f.op_off = t->off;
                        f.op_end = t->end;
                        const struct fn_info *fi =
                                e->lang == DL_LANG_UPDATE
                                        ? find_fn(update_fns, 2, f.name, f.name_len)
                                        : find_fn(cond_fns, sizeof cond_fns / sizeof cond_fns[0],
                                                  f.name, f.name_len);
                        if (!fi && e->lang != DL_LANG_PROJECTION)
                                add_error(p, DL_EXPR_ERR_UNKNOWN_FUNCTION, t->off, t->end,
                                          dl_arena_printf(p->a,
                                                          "Invalid function name; function: "
                                                          "%s",
                                                          DL_QN(f.name, f.name_len)),
                                          NULL);
                        next(p);
                        continue;
                }
                if ((t->kind == T_IDENT && !keyword &&
                     !(u->kind == T_HOLE && any_fn_name(p->s + t->off, t->end - t->off))) ||
                    t->kind == T_NAME) {
                        struct dl_path *path = parse_path(p);
                        if (!path) { /* malformed after a hole: skip a token */
                                p->stop = false;
                                if (peek(p)->kind != T_EOF)
                                        next(p);
                                continue;
                        }
                        for (size_t i = 0; i < path->n; i++)
                                if (path->elems[i].kind == DL_PE_OPAQUE)
                                        path->partial = true;
                        if (p->pos > 0 && peek(p)->kind == T_HOLE)
                                path->partial = true;
                        continue;
                }
                next(p);
        }
        p->stop = true;
}

/* Operators counted on tokens (DynamoDB "Service quotas": at most 300
 * operators or functions per expression). Returns the count. */
static size_t count_operators(const struct parser *p)
{
        size_t n = 0;
        for (size_t i = 0; i + 1 < p->n_toks; i++) {
                const struct tok *t = &p->toks[i];
                bool function = t->kind == T_IDENT && p->toks[i + 1].kind == T_LPAREN;
                bool condition = p->e->lang == DL_LANG_CONDITION &&
                                 (cmp_of(t->kind) != DL_CMP_NONE || is_cond_keyword(p, t));
                bool update =
                        p->e->lang == DL_LANG_UPDATE && (t->kind == T_PLUS || t->kind == T_MINUS);
                if (function || condition || update)
                        n++;
        }
        return n;
}

/* ---- entry point ----------------------------------------------------------------- */

struct dl_expr *dl_expr_parse(struct dl_arena *a, enum dl_field f, const struct dl_value *v)
{
        size_t total = 0;
        char *text = dl_value_known_text(a, v, &total);
        if (!text)
                return NULL; /* wholly dynamic */

        struct dl_expr *e = dl_arena_alloc(a, sizeof *e);
        e->field = f;
        e->lang = dl_expr_lang_of(f);
        e->value = v;
        e->text = text;
        e->len = total;
        e->unparsed_from = total;

        struct parser p = {0};
        p.a = a;
        p.e = e;
        p.s = text;
        p.first_hole = SIZE_MAX;
        lex(&p);
        for (size_t i = 0; i < p.n_toks; i++)
                if (p.toks[i].kind == T_HOLE) {
                        p.first_hole = i;
                        break;
                }

        if (p.n_toks == 1 && !e->has_holes) {
                /* empty or only blanks (the lexer's blanks: space, tab, CR,
                 * LF), for every kind: DynamoDB: "Invalid <X>Expression: The
                 * expression can not be empty;" (dynalite parses blanks and
                 * says "Syntax error; ... end of input found"; the same
                 * check reports both) */
                add_error(&p, DL_EXPR_ERR_SYNTAX, 0, total, "The expression can not be empty;",
                          "remove the empty expression or write one");
                return e;
        }
        struct dl_enode *root;
        switch (e->lang) {
        case DL_LANG_PROJECTION: root = parse_projection(&p); break;
        case DL_LANG_UPDATE: root = parse_update(&p); break;
        default: root = parse_condition(&p); break;
        }
        e->n_operators = count_operators(&p);
        if (e->has_holes) {
                /* Keep only errors decided by known text before the first hole
                 * (extent 0: certain anywhere; see expr.h). */
                size_t hole_off = p.toks[p.first_hole].off, keep = 0;
                for (size_t i = 0; i < e->n_errors; i++)
                        if (p.extents[i] == 0 || p.extents[i] <= hole_off)
                                e->errors[keep++] = e->errors[i];
                e->n_errors = keep;
        }
        if (root && !p.stop) {
                e->root = root;
                e->complete = true;
                return e;
        }
        e->root = NULL;
        bool syntax = false;
        for (size_t i = 0; i < e->n_errors; i++)
                if (e->errors[i].kind == DL_EXPR_ERR_SYNTAX)
                        syntax = true;
        if (!syntax && e->has_holes) {
                /* structure lost at a hole: keep what tokens prove */
                p.first_hole = 0; /* no syntax errors from the scan */
                lenient_scan(&p);
        }
        return e;
}
