/* partiql.c - lexer and parser for DynamoDB's PartiQL statements (see partiql.h).
 * SPDX-License-Identifier: MIT
 *
 * Shape: the known text is lexed once into a token array. Quoted names and
 * strings run across holes (a hole inside quotes is text of that token);
 * a hole anywhere else becomes a T_HOLE token that absorbs the word or
 * number touching it (`pk` + suffix may be a longer name). A recursive-
 * descent parser with an explicit depth limit builds the tree, one routine
 * per precedence level (OR < AND < NOT < predicate < additive <
 * multiplicative < unary < primary), looping on repeated operators so that
 * only brackets deepen the C stack. The parser stops at the first hole
 * token, at the first syntax error, and at constructs DynamoDB's subset may
 * or may not accept (aliases, joins, LIMIT, subqueries): those leave the
 * statement incomplete and unjudged rather than guessed.
 */
#include "partiql.h"
#include "quote.h"
#include "words.h"

#include "../core/arena.h"
#include "../core/strbuf.h"
#include "../core/vec.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

static const char *const pq_reserved[] = {
#define DL_RESERVED(w) w,
#include "partiql_reserved_words.def"
#undef DL_RESERVED
};

bool dl_partiql_is_reserved(const char *s, size_t len)
{
        return dl_words_contain(pq_reserved, sizeof pq_reserved / sizeof pq_reserved[0], s, len);
}

const char *dl_pq_stmt_name(enum dl_pq_stmt s)
{
        static const char *const n[] = {"", "SELECT", "INSERT", "UPDATE", "DELETE", "EXISTS"};
        return (unsigned)s < sizeof n / sizeof n[0] ? n[s] : "";
}

bool dl_partiql_loc(const struct dl_partiql *st, size_t off, struct dl_loc *out)
{
        return dl_value_loc_at(st->value, off, out);
}

/* ---- lexer ---------------------------------------------------------------- */

enum tok_kind {
        T_EOF, T_HOLE, T_WORD, T_QNAME, T_STRING, T_NUM, T_PARAM, T_LPAREN, T_RPAREN,
        T_LBRACK, T_RBRACK, T_LBRACE, T_RBRACE, T_LBAG, T_RBAG, T_COMMA, T_DOT, T_COLON,
        T_STAR, T_EQ, T_NE, T_LT, T_LE, T_GT, T_GE, T_PLUS, T_MINUS, T_SLASH, T_PERCENT,
        T_CONCAT, T_SEMI, T_BAD, T_OPEN_QUOTE,
};

struct tok {
        enum tok_kind kind;
        size_t off, end;
        bool has_hole; /* T_QNAME / T_STRING: a hole inside the quotes */
};

struct tokbuf {
        struct tok *items;
        size_t n, cap;
};

struct lexer {
        struct dl_arena *a;
        const char *s;
        size_t len;
        const size_t *holes; /* offsets of holes in s, ascending */
        size_t n_holes, h;   /* h: the next hole not yet passed */
        struct tokbuf b;
};

static bool is_name_start(unsigned char c) { return isalpha(c) || c == '_' || c == '$'; }
static bool is_name_char(unsigned char c) { return isalnum(c) || c == '_' || c == '$'; }
static bool is_blank(unsigned char c)
{
        return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

/* The first hole at or after offset i, or SIZE_MAX. */
static size_t hole_at_or_after(struct lexer *lx, size_t i)
{
        while (lx->h < lx->n_holes && lx->holes[lx->h] < i)
                lx->h++;
        return lx->h < lx->n_holes ? lx->holes[lx->h] : SIZE_MAX;
}

/* A quoted token from s[i] (the quote q) to its closing quote; a doubled
 * quote is one quote character. Holes inside are text. Returns the end, or
 * SIZE_MAX when the text ends first. */
static size_t scan_quoted(struct lexer *lx, size_t i, char q, bool *has_hole)
{
        size_t j = i + 1;
        *has_hole = false;
        for (;;) {
                if (j >= lx->len) {
                        if (hole_at_or_after(lx, j) == lx->len)
                                *has_hole = true;
                        return SIZE_MAX;
                }
                if (hole_at_or_after(lx, j) == j)
                        *has_hole = true;
                if (lx->s[j] == q) {
                        if (j + 1 < lx->len && lx->s[j + 1] == q &&
                            hole_at_or_after(lx, j + 1) != j + 1) {
                                j += 2;
                                continue;
                        }
                        return j + 1;
                }
                j++;
        }
}

/* Operators of two characters. */
static const struct {
        char s[3];
        enum tok_kind kind;
} pairs[] = {
        {"<=", T_LE}, {"<>", T_NE}, {"<<", T_LBAG}, {">=", T_GE}, {">>", T_RBAG},
        {"!=", T_NE}, {"||", T_CONCAT},
};

static void lex(struct lexer *lx)
{
        size_t i = 0;
        for (;;) {
                size_t hole = hole_at_or_after(lx, i);
                /* blanks and comments */
                while (i < lx->len && i != hole) {
                        unsigned char c = (unsigned char)lx->s[i];
                        if (is_blank(c)) {
                                i++;
                        } else if (c == '-' && i + 1 < lx->len && lx->s[i + 1] == '-' &&
                                   hole != i + 1) {
                                while (i < lx->len && lx->s[i] != '\n' &&
                                       hole_at_or_after(lx, i) != i)
                                        i++;
                        } else if (c == '/' && i + 1 < lx->len && lx->s[i + 1] == '*' &&
                                   hole != i + 1) {
                                size_t j = i + 2;
                                while (j + 1 < lx->len && !(lx->s[j] == '*' && lx->s[j + 1] == '/'))
                                        j++;
                                if (j + 1 >= lx->len) {
                                        /* unterminated comment: the rest is one bad token */
                                        struct tok bad = {T_BAD, i, lx->len, false};
                                        DL_VEC_PUSH_ARENA(lx->a, &lx->b, bad);
                                        i = lx->len;
                                } else {
                                        i = j + 2;
                                }
                        } else {
                                break;
                        }
                        hole = hole_at_or_after(lx, i);
                }
                if (i == hole) {
                        /* a hole outside quotes: absorb the word or number
                         * touching it on either side */
                        struct tok t = {T_HOLE, i, i, false};
                        if (lx->b.n) {
                                struct tok *prev = &lx->b.items[lx->b.n - 1];
                                if (prev->end == i &&
                                    (prev->kind == T_WORD || prev->kind == T_NUM ||
                                     prev->kind == T_HOLE)) {
                                        t.off = prev->off;
                                        lx->b.n--;
                                }
                        }
                        size_t j = i;
                        while (j < lx->len && is_name_char((unsigned char)lx->s[j]))
                                j++;
                        t.end = j;
                        lx->h++;
                        while (lx->h < lx->n_holes && lx->holes[lx->h] <= j)
                                lx->h++;
                        DL_VEC_PUSH_ARENA(lx->a, &lx->b, t);
                        i = j;
                        continue;
                }
                if (i >= lx->len)
                        break;
                unsigned char c = (unsigned char)lx->s[i];
                size_t lim = hole < lx->len ? hole : lx->len; /* unquoted tokens stop at a hole */
                struct tok t = {T_BAD, i, i + 1, false};
                if (is_name_start(c)) {
                        size_t j = i + 1;
                        while (j < lim && is_name_char((unsigned char)lx->s[j]))
                                j++;
                        t.kind = T_WORD;
                        t.end = j;
                } else if (isdigit(c) ||
                           (c == '.' && i + 1 < lim && isdigit((unsigned char)lx->s[i + 1]))) {
                        size_t j = i;
                        while (j < lim && isdigit((unsigned char)lx->s[j]))
                                j++;
                        if (j < lim && lx->s[j] == '.') {
                                j++;
                                while (j < lim && isdigit((unsigned char)lx->s[j]))
                                        j++;
                        }
                        if (j < lim && (lx->s[j] == 'e' || lx->s[j] == 'E')) {
                                size_t k = j + 1;
                                if (k < lim && (lx->s[k] == '+' || lx->s[k] == '-'))
                                        k++;
                                if (k < lim && isdigit((unsigned char)lx->s[k])) {
                                        while (k < lim && isdigit((unsigned char)lx->s[k]))
                                                k++;
                                        j = k;
                                }
                        }
                        t.kind = T_NUM;
                        t.end = j;
                } else if (c == '"' || c == '\'') {
                        bool hh = false;
                        size_t e = scan_quoted(lx, i, (char)c, &hh);
                        if (e == SIZE_MAX) {
                                /* no closing quote: after a hole it may be in the
                                 * hole (structure unknown); else a syntax error */
                                t.kind = hh ? T_HOLE : T_OPEN_QUOTE;
                                t.end = lx->len;
                        } else {
                                t.kind = c == '"' ? T_QNAME : T_STRING;
                                t.end = e;
                                t.has_hole = hh;
                        }
                } else {
                        switch (c) {
                        case '?': t.kind = T_PARAM; break;
                        case '(': t.kind = T_LPAREN; break;
                        case ')': t.kind = T_RPAREN; break;
                        case '[': t.kind = T_LBRACK; break;
                        case ']': t.kind = T_RBRACK; break;
                        case '{': t.kind = T_LBRACE; break;
                        case '}': t.kind = T_RBRACE; break;
                        case ',': t.kind = T_COMMA; break;
                        case '.': t.kind = T_DOT; break;
                        case ':': t.kind = T_COLON; break;
                        case '*': t.kind = T_STAR; break;
                        case '=': t.kind = T_EQ; break;
                        case '+': t.kind = T_PLUS; break;
                        case '-': t.kind = T_MINUS; break;
                        case '/': t.kind = T_SLASH; break;
                        case '%': t.kind = T_PERCENT; break;
                        case ';': t.kind = T_SEMI; break;
                        case '|': case '!': case '<': case '>':
                                t.kind = c == '<' ? T_LT : c == '>' ? T_GT : T_BAD;
                                for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++)
                                        if (i + 1 < lim && pairs[k].s[0] == (char)c &&
                                            pairs[k].s[1] == lx->s[i + 1]) {
                                                t.kind = pairs[k].kind;
                                                t.end = i + 2;
                                        }
                                break;
                        default:
                                /* one bad character is one token; a UTF-8
                                 * sequence stays whole */
                                if (c >= 0x80 && dl_quote_char_len(lx->s, lim, i) > 1)
                                        t.end = i + dl_quote_char_len(lx->s, lim, i);
                                break;
                        }
                }
                DL_VEC_PUSH_ARENA(lx->a, &lx->b, t);
                i = t.end;
        }
        DL_VEC_PUSH_ARENA(lx->a, &lx->b, ((struct tok){T_EOF, lx->len, lx->len, false}));
}

/* ---- parser --------------------------------------------------------------- */

struct parser {
        struct dl_arena *a;
        struct dl_partiql *st;
        const char *s;
        const struct tok *toks;
        size_t n_toks, pos;
        unsigned depth;
        bool stop;     /* structure lost: error, hole or an unsupported construct */
};

static const struct tok *peek(const struct parser *p) { return &p->toks[p->pos]; }
static const struct tok *peek_at(const struct parser *p, size_t k)
{
        size_t i = p->pos + k;
        return &p->toks[i < p->n_toks ? i : p->n_toks - 1];
}
static const struct tok *next(struct parser *p)
{
        const struct tok *t = &p->toks[p->pos];
        if (t->kind != T_EOF)
                p->pos++;
        return t;
}

static bool word_is(const struct parser *p, const struct tok *t, const char *w)
{
        return t->kind == T_WORD && dl_word_cmp(p->s + t->off, t->end - t->off, w) == 0;
}

static bool accept_word(struct parser *p, const char *w)
{
        if (!word_is(p, peek(p), w))
                return false;
        next(p);
        return true;
}

static bool reserved_tok(const struct parser *p, const struct tok *t)
{
        return t->kind == T_WORD && dl_partiql_is_reserved(p->s + t->off, t->end - t->off);
}

static void add_error(struct parser *p, enum dl_pq_err_kind kind, size_t off, size_t end,
                      const char *msg)
{
        struct dl_partiql *st = p->st;
        struct dl_pq_error *nv = dl_arena_alloc(p->a, (st->n_errors + 1) * sizeof *nv);
        if (st->n_errors)
                memcpy(nv, st->errors, st->n_errors * sizeof *nv);
        nv[st->n_errors++] = (struct dl_pq_error){kind, msg, off, end};
        st->errors = nv;
}

/* Stop without a verdict: a hole or a construct DynamoDB may not accept. */
static void stop_unknown(struct parser *p)
{
        p->stop = true;
}

/* A syntax error at t (never after a hole: the parser stops at the first). */
static void syntax_error(struct parser *p, const struct tok *t, const char *what)
{
        if (p->stop)
                return;
        p->stop = true;
        if (t->kind == T_HOLE)
                return;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        if (what) {
                dl_strbuf_puts(&sb, what);
        } else if (t->kind == T_EOF) {
                dl_strbuf_puts(&sb, "unexpected end of statement");
        } else if (t->kind == T_OPEN_QUOTE) {
                dl_strbuf_puts(&sb, p->s[t->off] == '"' ? "unterminated quoted identifier"
                                                        : "unterminated string literal");
        } else if (t->kind == T_BAD) {
                dl_strbuf_puts(&sb, "invalid character: '");
                dl_quote_put(&sb, p->s + t->off, t->end - t->off);
                dl_strbuf_putc(&sb, '\'');
        } else {
                dl_strbuf_puts(&sb, "unexpected token: '");
                dl_quote_put(&sb, p->s + t->off, t->end - t->off);
                dl_strbuf_putc(&sb, '\'');
        }
        add_error(p, DL_PQ_ERR_SYNTAX, t->off, t->end > t->off ? t->end : t->off,
                  dl_arena_strndup(p->a, dl_strbuf_cstr(&sb), sb.len));
        dl_strbuf_fini(&sb);
}

/* The current token is not what the grammar wants: a syntax error, or
 * no verdict when it is a hole. Returns false. */
static bool unexpected(struct parser *p)
{
        if (peek(p)->kind == T_HOLE)
                p->stop = true;
        else if (!p->stop)
                syntax_error(p, peek(p), NULL);
        return false;
}

/* Expect the word w. */
static bool expect_word(struct parser *p, const char *w)
{
        return accept_word(p, w) || unexpected(p);
}

/* Expect a token of kind k; a hole there stops the parse without a verdict. */
static bool expect(struct parser *p, enum tok_kind k)
{
        if (p->stop)
                return false;
        if (peek(p)->kind == k) {
                next(p);
                return true;
        }
        return unexpected(p);
}

static struct dl_pq_node *new_node(struct parser *p, enum dl_pq_kind k, size_t off, size_t end)
{
        struct dl_pq_node *n = dl_arena_alloc(p->a, sizeof *n);
        n->kind = k;
        n->off = off;
        n->end = end;
        return n;
}

/* Node list in the arena. */
struct nodevec {
        struct dl_pq_node **items;
        size_t n, cap;
};

static struct dl_pq_node *binary(struct parser *p, enum dl_pq_kind k, enum dl_pq_op op,
                                 struct dl_pq_node *l, struct dl_pq_node *r)
{
        struct dl_pq_node *n = new_node(p, k, l->off, r->end);
        n->op = op;
        n->args = dl_arena_alloc(p->a, 2 * sizeof *n->args);
        n->args[0] = l;
        n->args[1] = r;
        n->n_args = 2;
        return n;
}

/* A quoted name's text with "" undone (holes contribute nothing). */
static const char *decode_quoted(struct parser *p, const struct tok *t, size_t *len)
{
        size_t n = t->end - t->off - 2;
        char *out = dl_arena_alloc(p->a, n + 1);
        size_t k = 0;
        char q = p->s[t->off];
        for (size_t i = t->off + 1; i < t->end - 1; i++) {
                out[k++] = p->s[i];
                if (p->s[i] == q && i + 1 < t->end - 1 && p->s[i + 1] == q)
                        i++;
        }
        *len = k;
        return out;
}

/* The token after a word decides whether the word stands for a name: an
 * operator, a path step or the end of a clause follows a name; another
 * name or a literal does not (`SELECT FROM t` is a syntax error at FROM,
 * not the name "FROM"). */
static bool used_as_name(const struct parser *p, const struct tok *after)
{
        switch (after->kind) {
        case T_EQ: case T_NE: case T_LT: case T_LE: case T_GT: case T_GE: case T_DOT:
        case T_LBRACK: case T_COMMA: case T_RPAREN: case T_RBRACK: case T_RBRACE: case T_EOF:
        case T_SEMI: case T_PLUS: case T_MINUS: case T_STAR: case T_SLASH: case T_PERCENT:
        case T_CONCAT:
                return true;
        case T_WORD: {
                static const char *const follow[] = {
                        "AND", "ASC", "BETWEEN", "DESC", "FROM", "IN", "IS", "LIKE", "NOT",
                        "OR", "ORDER", "REMOVE", "RETURNING", "SET", "VALUE", "WHERE",
                };
                for (size_t i = 0; i < sizeof follow / sizeof follow[0]; i++)
                        if (word_is(p, after, follow[i]))
                                return true;
                return false;
        }
        default:
                return false;
        }
}

/* A name token (a word that is not reserved, or a quoted name) at the
 * current position. A reserved word the next token shows to be a name is
 * a reserved-word error and is read as that name. */
static bool parse_name(struct parser *p, struct dl_pq_name *out)
{
        const struct tok *t = peek(p);
        *out = (struct dl_pq_name){0};
        if (t->kind == T_QNAME) {
                next(p);
                out->text = decode_quoted(p, t, &out->len);
                out->quoted = true;
                out->has_hole = t->has_hole;
        } else if (t->kind == T_WORD) {
                if (reserved_tok(p, t)) {
                        if (peek_at(p, 1)->kind == T_HOLE) {
                                stop_unknown(p); /* what follows decides */
                                return false;
                        }
                        if (!used_as_name(p, peek_at(p, 1))) {
                                syntax_error(p, t, NULL);
                                return false;
                        }
                        add_error(p, DL_PQ_ERR_RESERVED, t->off, t->end, "reserved word");
                }
                next(p);
                out->text = p->s + t->off;
                out->len = t->end - t->off;
        } else if (t->kind == T_HOLE) {
                stop_unknown(p);
                return false;
        } else {
                syntax_error(p, t, NULL);
                return false;
        }
        out->off = t->off;
        out->end = t->end;
        return true;
}

static struct dl_pq_node *parse_expr(struct parser *p);

static bool enter(struct parser *p, const struct tok *t)
{
        if (p->depth >= DL_PARTIQL_MAX_DEPTH) {
                syntax_error(p, t, "nesting too deep");
                return false;
        }
        p->depth++;
        return true;
}

/* Elements up to the closing token `close`, separated by commas. For a
 * tuple (`{ k : v, ... }`) pairs are read and the values kept. */
static bool parse_elements(struct parser *p, enum tok_kind close, bool tuple, struct nodevec *out)
{
        if (peek(p)->kind == close) {
                next(p);
                return true;
        }
        for (;;) {
                if (tuple) {
                        struct dl_pq_node *k = parse_expr(p);
                        if (!k || !expect(p, T_COLON))
                                return false;
                }
                struct dl_pq_node *v = parse_expr(p);
                if (!v)
                        return false;
                DL_VEC_PUSH_ARENA(p->a, out, v);
                if (peek(p)->kind == T_COMMA) {
                        next(p);
                        continue;
                }
                return expect(p, close);
        }
}

/* A path's steps after its first name: .name, .*, [expr]. */
static bool parse_steps(struct parser *p, struct dl_pq_node *n)
{
        for (;;) {
                const struct tok *t = peek(p);
                if (t->kind == T_DOT) {
                        next(p);
                        const struct tok *s = peek(p);
                        if (s->kind == T_STAR) {
                                next(p);
                        } else {
                                struct dl_pq_name step;
                                if (!parse_name(p, &step))
                                        return false;
                        }
                } else if (t->kind == T_LBRACK) {
                        if (!enter(p, t))
                                return false;
                        next(p);
                        struct dl_pq_node *ix = parse_expr(p);
                        p->depth--;
                        if (!ix || !expect(p, T_RBRACK))
                                return false;
                } else {
                        return true;
                }
                n->n_steps++;
                n->end = p->toks[p->pos - 1].end;
        }
}

/* A document path starting at token t. */
static struct dl_pq_node *parse_path(struct parser *p, const struct tok *t)
{
        struct dl_pq_name first;
        if (!parse_name(p, &first))
                return NULL;
        struct dl_pq_node *n = new_node(p, DL_PQN_PATH, t->off, t->end);
        n->name = first.text;
        n->name_len = first.len;
        n->quoted = first.quoted;
        return parse_steps(p, n) ? n : NULL;
}

static struct dl_pq_node *parse_primary(struct parser *p)
{
        if (p->stop)
                return NULL;
        const struct tok *t = peek(p);
        switch (t->kind) {
        case T_PARAM:
                next(p);
                p->st->n_params++;
                return new_node(p, DL_PQN_PARAM, t->off, t->end);
        case T_STRING:
        case T_NUM:
                next(p);
                return new_node(p, DL_PQN_LITERAL, t->off, t->end);
        case T_LPAREN: {
                if (!enter(p, t))
                        return NULL;
                next(p);
                if (word_is(p, peek(p), "SELECT")) {
                        /* a subquery: DynamoDB's subset may reject it in ways
                         * that are not syntax errors */
                        stop_unknown(p);
                        return NULL;
                }
                struct dl_pq_node *e = parse_expr(p);
                p->depth--;
                if (!e || !expect(p, T_RPAREN))
                        return NULL;
                return e;
        }
        case T_LBRACK:
        case T_LBAG:
        case T_LBRACE: {
                if (!enter(p, t))
                        return NULL;
                next(p);
                struct nodevec els = {0};
                enum tok_kind close = t->kind == T_LBRACK ? T_RBRACK
                                      : t->kind == T_LBAG ? T_RBAG : T_RBRACE;
                bool ok = parse_elements(p, close, t->kind == T_LBRACE, &els);
                p->depth--;
                if (!ok)
                        return NULL;
                struct dl_pq_node *n = new_node(p, DL_PQN_LITERAL, t->off, p->toks[p->pos - 1].end);
                n->args = els.items;
                n->n_args = els.n;
                return n;
        }
        case T_QNAME:
                return parse_path(p, t);
        case T_WORD: {
                if (word_is(p, t, "TRUE") || word_is(p, t, "FALSE") || word_is(p, t, "NULL") ||
                    word_is(p, t, "MISSING")) {
                        next(p);
                        return new_node(p, DL_PQN_LITERAL, t->off, t->end);
                }
                if (peek_at(p, 1)->kind == T_LPAREN) {
                        /* a function call; `size(`, `exists(` are keywords too */
                        const struct tok *lp = peek_at(p, 1);
                        if (!enter(p, lp))
                                return NULL;
                        next(p);
                        next(p);
                        struct nodevec args = {0};
                        bool ok = parse_elements(p, T_RPAREN, false, &args);
                        p->depth--;
                        if (!ok)
                                return NULL;
                        struct dl_pq_node *n = new_node(p, DL_PQN_FUNC, t->off,
                                                        p->toks[p->pos - 1].end);
                        n->name = p->s + t->off;
                        n->name_len = t->end - t->off;
                        n->args = args.items;
                        n->n_args = args.n;
                        return n;
                }
                return parse_path(p, t);
        }
        case T_HOLE:
                stop_unknown(p);
                return NULL;
        default:
                syntax_error(p, t, NULL);
                return NULL;
        }
}

static struct dl_pq_node *parse_unary(struct parser *p)
{
        /* a run of signs loops instead of recursing */
        size_t signs = 0;
        const struct tok *first = peek(p);
        while (peek(p)->kind == T_PLUS || peek(p)->kind == T_MINUS) {
                next(p);
                signs++;
        }
        struct dl_pq_node *n = parse_primary(p);
        if (n && signs)
                n->off = first->off;
        return n;
}

/* The binary operators of one precedence level, left-associative. */
enum level { LV_OR, LV_AND, LV_ADD, LV_MUL };

/* Is the current token an operator of level lv? *op: its dl_pq_op. */
static bool level_op(const struct parser *p, enum level lv, enum dl_pq_op *op)
{
        const struct tok *t = peek(p);
        *op = DL_PQ_NONE;
        switch (lv) {
        case LV_OR: return word_is(p, t, "OR");
        case LV_AND: return word_is(p, t, "AND");
        case LV_ADD:
                *op = t->kind == T_PLUS    ? DL_PQ_PLUS
                      : t->kind == T_MINUS ? DL_PQ_MINUS : DL_PQ_NONE;
                return t->kind == T_PLUS || t->kind == T_MINUS || t->kind == T_CONCAT;
        case LV_MUL: return t->kind == T_STAR || t->kind == T_SLASH || t->kind == T_PERCENT;
        }
        return false;
}

/* sub (operator sub)...: a left-associative chain of level lv. */
static struct dl_pq_node *parse_chain(struct parser *p, enum level lv, enum dl_pq_kind k,
                                      struct dl_pq_node *(*sub)(struct parser *))
{
        struct dl_pq_node *l = sub(p);
        enum dl_pq_op op;
        while (l && level_op(p, lv, &op)) {
                next(p);
                struct dl_pq_node *r = sub(p);
                if (!r)
                        return NULL;
                l = binary(p, k, op, l, r);
        }
        return l;
}

static struct dl_pq_node *parse_mul(struct parser *p)
{
        return parse_chain(p, LV_MUL, DL_PQN_ARITH, parse_unary);
}

static struct dl_pq_node *parse_add(struct parser *p)
{
        return parse_chain(p, LV_ADD, DL_PQN_ARITH, parse_mul);
}

static enum dl_pq_op cmp_op(enum tok_kind k)
{
        switch (k) {
        case T_EQ: return DL_PQ_EQ;
        case T_NE: return DL_PQ_NE;
        case T_LT: return DL_PQ_LT;
        case T_LE: return DL_PQ_LE;
        case T_GT: return DL_PQ_GT;
        case T_GE: return DL_PQ_GE;
        default: return DL_PQ_NONE;
        }
}

/* comparison, [NOT] IN, [NOT] BETWEEN, IS [NOT], [NOT] LIKE */
static struct dl_pq_node *parse_predicate(struct parser *p)
{
        struct dl_pq_node *l = parse_add(p);
        while (l && !p->stop) {
                const struct tok *t = peek(p);
                enum dl_pq_op op = cmp_op(t->kind);
                if (op != DL_PQ_NONE) {
                        next(p);
                        struct dl_pq_node *r = parse_add(p);
                        if (!r)
                                return NULL;
                        l = binary(p, DL_PQN_CMP, op, l, r);
                        continue;
                }
                bool neg = false;
                size_t save = p->pos;
                if (word_is(p, t, "NOT")) {
                        const struct tok *t2 = peek_at(p, 1);
                        if (!word_is(p, t2, "IN") && !word_is(p, t2, "BETWEEN") &&
                            !word_is(p, t2, "LIKE"))
                                return l;
                        next(p);
                        neg = true;
                        t = peek(p);
                }
                if (word_is(p, t, "IN")) {
                        next(p);
                        const struct tok *o = peek(p);
                        struct nodevec els = {0};
                        DL_VEC_PUSH_ARENA(p->a, &els, l);
                        if (o->kind == T_LBRACK || o->kind == T_LPAREN || o->kind == T_LBAG) {
                                if (!enter(p, o))
                                        return NULL;
                                next(p);
                                enum tok_kind close = o->kind == T_LBRACK ? T_RBRACK
                                                      : o->kind == T_LBAG ? T_RBAG : T_RPAREN;
                                bool ok = parse_elements(p, close, false, &els);
                                p->depth--;
                                if (!ok)
                                        return NULL;
                        } else {
                                struct dl_pq_node *r = parse_add(p);
                                if (!r)
                                        return NULL;
                                DL_VEC_PUSH_ARENA(p->a, &els, r);
                        }
                        struct dl_pq_node *n =
                                new_node(p, DL_PQN_IN, l->off, p->toks[p->pos - 1].end);
                        n->negated = neg;
                        n->args = els.items;
                        n->n_args = els.n;
                        l = n;
                } else if (word_is(p, t, "BETWEEN")) {
                        next(p);
                        struct dl_pq_node *lo = parse_add(p);
                        if (!lo)
                                return NULL;
                        if (!expect_word(p, "AND"))
                                return NULL;
                        struct dl_pq_node *hi = parse_add(p);
                        if (!hi)
                                return NULL;
                        struct dl_pq_node *n = new_node(p, DL_PQN_BETWEEN, l->off, hi->end);
                        n->negated = neg;
                        n->args = dl_arena_alloc(p->a, 3 * sizeof *n->args);
                        n->args[0] = l;
                        n->args[1] = lo;
                        n->args[2] = hi;
                        n->n_args = 3;
                        l = n;
                } else if (word_is(p, t, "LIKE")) {
                        next(p);
                        struct dl_pq_node *r = parse_add(p);
                        if (!r)
                                return NULL;
                        l = binary(p, DL_PQN_LIKE, DL_PQ_NONE, l, r);
                        l->negated = neg;
                        if (accept_word(p, "ESCAPE") && !parse_add(p))
                                return NULL;
                } else if (!neg && word_is(p, t, "IS")) {
                        next(p);
                        bool isneg = accept_word(p, "NOT");
                        const struct tok *ty = peek(p);
                        if (ty->kind != T_WORD) {
                                unexpected(p);
                                return NULL;
                        }
                        next(p);
                        struct dl_pq_node *n = new_node(p, DL_PQN_IS, l->off, ty->end);
                        n->negated = isneg;
                        n->name = p->s + ty->off;
                        n->name_len = ty->end - ty->off;
                        n->args = dl_arena_alloc(p->a, sizeof *n->args);
                        n->args[0] = l;
                        n->n_args = 1;
                        l = n;
                } else {
                        p->pos = save;
                        return l;
                }
        }
        return l;
}

static struct dl_pq_node *parse_not(struct parser *p)
{
        /* NOT NOT ... loops */
        size_t nots = 0;
        size_t off = peek(p)->off;
        while (word_is(p, peek(p), "NOT")) {
                next(p);
                nots++;
        }
        struct dl_pq_node *n = parse_predicate(p);
        for (size_t i = 0; n && i < nots; i++) {
                struct dl_pq_node *m = new_node(p, DL_PQN_NOT, off, n->end);
                m->args = dl_arena_alloc(p->a, sizeof *m->args);
                m->args[0] = n;
                m->n_args = 1;
                n = m;
        }
        return n;
}

static struct dl_pq_node *parse_and(struct parser *p)
{
        return parse_chain(p, LV_AND, DL_PQN_AND, parse_not);
}

static struct dl_pq_node *parse_expr(struct parser *p)
{
        return parse_chain(p, LV_OR, DL_PQN_OR, parse_and);
}

/* A table name, and for SELECT an optional ."index". */
static bool parse_target(struct parser *p, bool with_index)
{
        if (!parse_name(p, &p->st->table))
                return false;
        if (with_index && peek(p)->kind == T_DOT) {
                next(p);
                return parse_name(p, &p->st->index);
        }
        return true;
}

/* An optional WHERE clause. */
static bool parse_where(struct parser *p)
{
        if (!accept_word(p, "WHERE"))
                return true;
        p->st->has_where = true;
        struct dl_pq_node *w = parse_expr(p);
        if (!w)
                return false;
        p->st->where = w;
        return true;
}

static bool parse_select(struct parser *p)
{
        if (peek(p)->kind == T_STAR) {
                next(p);
                p->st->select_star = true;
        } else {
                for (;;) {
                        if (!parse_expr(p))
                                return false;
                        if (peek(p)->kind != T_COMMA)
                                break;
                        next(p);
                }
        }
        if (!accept_word(p, "FROM")) {
                const struct tok *t = peek(p);
                if (t->kind == T_HOLE || word_is(p, t, "AS") || t->kind == T_WORD)
                        stop_unknown(p); /* an alias, or the hole holds FROM */
                else
                        syntax_error(p, t, NULL);
                return false;
        }
        if (!parse_target(p, true))
                return false;
        if (!parse_where(p))
                return false;
        if (word_is(p, peek(p), "ORDER")) {
                next(p);
                if (!expect_word(p, "BY"))
                        return false;
                for (;;) {
                        if (!parse_expr(p))
                                return false;
                        if (!accept_word(p, "ASC"))
                                accept_word(p, "DESC");
                        if (peek(p)->kind != T_COMMA)
                                break;
                        next(p);
                }
        }
        return true;
}

static bool parse_returning(struct parser *p)
{
        if (!accept_word(p, "RETURNING"))
                return true;
        if (!accept_word(p, "ALL") && !accept_word(p, "MODIFIED"))
                return unexpected(p);
        if (!accept_word(p, "OLD") && !accept_word(p, "NEW"))
                return unexpected(p);
        return expect(p, T_STAR);
}

static bool parse_update(struct parser *p)
{
        if (!parse_target(p, false))
                return false;
        bool any = false;
        for (;;) {
                if (accept_word(p, "SET")) {
                        for (;;) {
                                struct dl_pq_node *target = parse_add(p);
                                if (!target || !expect(p, T_EQ) || !parse_add(p))
                                        return false;
                                if (peek(p)->kind != T_COMMA)
                                        break;
                                next(p);
                        }
                } else if (accept_word(p, "REMOVE")) {
                        for (;;) {
                                if (!parse_add(p))
                                        return false;
                                if (peek(p)->kind != T_COMMA)
                                        break;
                                next(p);
                        }
                } else {
                        break;
                }
                any = true;
        }
        if (!any)
                return unexpected(p);
        return parse_where(p) && parse_returning(p);
}

static void parse_statement(struct parser *p)
{
        struct dl_partiql *st = p->st;
        const struct tok *t = peek(p);
        if (t->kind == T_HOLE) {
                stop_unknown(p);
                return;
        }
        if (t->kind == T_EOF && p->st->len == 0) {
                /* DynamoDB checks the length before parsing (Statement: 1 to
                 * 8192 characters, API reference ExecuteStatementInput) */
                add_error(p, DL_PQ_ERR_EMPTY, t->off, t->end, "empty statement");
                p->stop = true;
                return;
        }
        bool ok = false;
        if (accept_word(p, "SELECT")) {
                st->stmt = DL_PQ_SELECT;
                ok = parse_select(p);
        } else if (accept_word(p, "INSERT")) {
                st->stmt = DL_PQ_INSERT;
                if (!expect_word(p, "INTO"))
                        return;
                ok = parse_target(p, false);
                if (ok && !accept_word(p, "VALUE")) {
                        if (word_is(p, peek(p), "VALUES"))
                                stop_unknown(p); /* VALUES: PartiQL's, not DynamoDB's form */
                        else
                                unexpected(p);
                        return;
                }
                ok = ok && parse_expr(p);
        } else if (accept_word(p, "UPDATE")) {
                st->stmt = DL_PQ_UPDATE;
                ok = parse_update(p);
        } else if (accept_word(p, "DELETE")) {
                st->stmt = DL_PQ_DELETE;
                if (!expect_word(p, "FROM"))
                        return;
                ok = parse_target(p, false) && parse_where(p) && parse_returning(p);
        } else if (word_is(p, t, "EXISTS") && peek_at(p, 1)->kind == T_LPAREN) {
                next(p);
                next(p);
                st->stmt = DL_PQ_EXISTS;
                if (!expect_word(p, "SELECT"))
                        return;
                ok = parse_select(p) && expect(p, T_RPAREN);
        } else {
                /* DynamoDB's own text for a statement that is not DML */
                syntax_error(p, t, "Expected data manipulation");
                return;
        }
        if (!ok || p->stop)
                return;
        if (peek(p)->kind == T_SEMI)
                next(p);
        const struct tok *end = peek(p);
        if (end->kind == T_EOF) {
                st->complete = true;
                return;
        }
        if (end->kind == T_HOLE || end->kind == T_WORD)
                stop_unknown(p); /* LIMIT, an alias, a clause DynamoDB may or may not take */
        else
                syntax_error(p, end, NULL);
}

struct dl_partiql *dl_partiql_parse(struct dl_arena *a, const struct dl_value *v)
{
        size_t len = 0;
        char *text = dl_value_known_text(a, v, &len);
        if (!text)
                return NULL;
        struct dl_partiql *st = dl_arena_alloc(a, sizeof *st);
        st->value = v;
        st->text = text;
        st->len = len;

        /* hole offsets in the known text */
        size_t n_holes = 0, base = 0;
        for (size_t i = 0; i < v->n_segs; i++)
                n_holes += v->segs[i].text ? 0 : 1;
        size_t *holes = dl_arena_alloc(a, (n_holes ? n_holes : 1) * sizeof *holes);
        n_holes = 0;
        for (size_t i = 0; i < v->n_segs; i++) {
                if (v->segs[i].text)
                        base += v->segs[i].len;
                else
                        holes[n_holes++] = base;
        }
        st->has_holes = n_holes > 0;

        struct lexer lx = {a, text, len, holes, n_holes, 0, {0}};
        lex(&lx);
        struct parser p = {0};
        p.a = a;
        p.st = st;
        p.s = text;
        p.toks = lx.b.items;
        p.n_toks = lx.b.n;
        parse_statement(&p);
        return st;
}
