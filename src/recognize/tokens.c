/* tokens.c - C and C++ token syntax for the recover hooks (tokens.h).
 * SPDX-License-Identifier: MIT
 */
#include "tokens.h"

#include "../core/arena.h"
#include "../core/strbuf.h"
#include "../core/vec.h"
#include "../frontend/literal.h"

#include <limits.h>
#include <string.h>

void dl_toks_init(struct dl_toks *T, struct dl_cx *cx, CXToken *toks, unsigned begin, unsigned end)
{
        T->cx = cx;
        T->t = toks;
        T->begin = begin;
        T->end = end;
        T->s = dl_arena_alloc(cx->arena, (end > begin ? end - begin : 1) * sizeof *T->s);
        for (unsigned i = begin; i < end; i++)
                T->s[i - begin] = dl_cx_take(cx->arena, clang_getTokenSpelling(cx->tu, toks[i]));
}

const char *dl_tok(const struct dl_toks *T, unsigned i)
{
        return i >= T->begin && i < T->end ? T->s[i - T->begin] : "";
}

bool dl_tok_is(const struct dl_toks *T, unsigned i, const char *s)
{
        return strcmp(dl_tok(T, i), s) == 0;
}

bool dl_tok_ident(const struct dl_toks *T, unsigned i)
{
        return (i >= T->begin && i < T->end && clang_getTokenKind(T->t[i]) == CXToken_Identifier) ||
               dl_tok_is(T, i, "this");
}

struct dl_loc dl_tok_loc(const struct dl_toks *T, unsigned i)
{
        return dl_cx_loc(T->cx, clang_getTokenLocation(T->cx->tu, T->t[i]));
}

bool dl_tok_typed_call(const struct dl_toks *T, unsigned i)
{
        /* clang_annotateTokens, unlike clang_getCursor, sees through a
         * macro's arguments */
        CXToken tok = T->t[i];
        CXCursor c;
        clang_annotateTokens(T->cx->tu, &tok, 1, &c);
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k != CXCursor_MemberRefExpr && k != CXCursor_DeclRefExpr && k != CXCursor_CallExpr)
                return false;
        CXCursor ref = clang_getCursorReferenced(c);
        enum CXCursorKind rk = clang_getCursorKind(ref);
        if (rk != CXCursor_CXXMethod && rk != CXCursor_FunctionDecl &&
            rk != CXCursor_FunctionTemplate)
                return false;
        return dl_cx_is_named(ref, dl_tok(T, i));
}

static bool is_open(const struct dl_toks *T, unsigned i)
{
        return dl_tok_is(T, i, "(") || dl_tok_is(T, i, "{") || dl_tok_is(T, i, "[");
}

static bool is_close(const struct dl_toks *T, unsigned i)
{
        return dl_tok_is(T, i, ")") || dl_tok_is(T, i, "}") || dl_tok_is(T, i, "]");
}

unsigned dl_tok_skip_group(const struct dl_toks *T, unsigned open)
{
        int d = 0;
        for (unsigned i = open; i < T->end; i++) {
                if (is_open(T, i))
                        d++;
                else if (is_close(T, i))
                        d--;
                if (d == 0)
                        return i + 1;
        }
        return T->end;
}

unsigned dl_tok_skip_qual(const struct dl_toks *T, unsigned i)
{
        while (i + 1 < T->end && clang_getTokenKind(T->t[i]) == CXToken_Identifier &&
               dl_tok_is(T, i + 1, "::"))
                i += 2;
        if (dl_tok_is(T, i, "::"))
                i++;
        return i;
}

unsigned dl_tok_arg_end(const struct dl_toks *T, unsigned i)
{
        int d = 0;
        for (; i < T->end; i++) {
                if (is_open(T, i)) {
                        d++;
                } else if (is_close(T, i)) {
                        if (d == 0)
                                break;
                        d--;
                } else if (d == 0 && dl_tok_is(T, i, ",")) {
                        break;
                }
        }
        return i;
}

int dl_tok_depth(const struct dl_toks *T, unsigned begin, unsigned k)
{
        int d = 0;
        for (unsigned i = begin; i < k; i++) {
                if (dl_tok_is(T, i, "{"))
                        d++;
                else if (dl_tok_is(T, i, "}"))
                        d--;
        }
        return d;
}

/* Is token k preceded, within its statement, by `&&`, `||` or `?`? */
static bool short_circuited(const struct dl_toks *T, unsigned begin, unsigned k)
{
        for (unsigned i = k; i-- > begin;) {
                if (dl_tok_is(T, i, ";") || dl_tok_is(T, i, "{") || dl_tok_is(T, i, "}"))
                        return false;
                if (dl_tok_is(T, i, "&&") || dl_tok_is(T, i, "||") || dl_tok_is(T, i, "?"))
                        return true;
        }
        return false;
}

bool dl_tok_maybe(const struct dl_toks *T, unsigned begin, unsigned k, int use_depth)
{
        return dl_tok_depth(T, begin, k) > use_depth || (k > 0 && dl_tok_is(T, k - 1, ")")) ||
               (k > 0 && dl_tok_is(T, k - 1, "else")) || short_circuited(T, begin, k);
}

/* Index of the '(' (or '[', '<') matching the closer at close, searching
 * back no further than lo; UINT_MAX when unbalanced. */
static unsigned match_back(const struct dl_toks *T, unsigned lo, unsigned close)
{
        const char *c = dl_tok(T, close);
        const char *o = !strcmp(c, ")") ? "(" : !strcmp(c, "]") ? "[" : "<";
        int d = 0;
        for (unsigned i = close + 1; i-- > lo;) {
                if (dl_tok_is(T, i, ";") || dl_tok_is(T, i, "{") || dl_tok_is(T, i, "}"))
                        return UINT_MAX;
                if (dl_tok_is(T, i, c))
                        d++;
                else if (dl_tok_is(T, i, o) && --d == 0)
                        return i;
        }
        return UINT_MAX;
}

unsigned dl_tok_receiver(const struct dl_toks *T, unsigned lo, unsigned end)
{
        unsigned e = end;
        for (;;) {
                unsigned s;
                if (e < lo)
                        return UINT_MAX;
                if (dl_tok_is(T, e, ")") || dl_tok_is(T, e, "]")) {
                        bool paren = dl_tok_is(T, e, ")");
                        unsigned o = match_back(T, lo, e);
                        if (o == UINT_MAX)
                                return UINT_MAX;
                        unsigned callee = UINT_MAX; /* the callee or subscripted expression */
                        if (o > lo && (dl_tok_ident(T, o - 1) || dl_tok_is(T, o - 1, ")") ||
                                       dl_tok_is(T, o - 1, "]")))
                                callee = o - 1;
                        else if (o > lo && dl_tok_is(T, o - 1, ">")) { /* a template-id: f<T>(x) */
                                unsigned lt = match_back(T, lo, o - 1);
                                if (lt != UINT_MAX && lt > lo && dl_tok_ident(T, lt - 1))
                                        callee = lt - 1;
                        }
                        if (callee != UINT_MAX) {
                                e = callee;
                                continue;
                        }
                        if (!paren)
                                return UINT_MAX; /* `[...]` alone is no receiver */
                        s = o;                   /* `(*ptr)` */
                } else if (dl_tok_ident(T, e)) {
                        s = e;
                        /* a qualified name: ns::Db::get, ::g */
                        while (s > lo && dl_tok_is(T, s - 1, "::")) {
                                if (s - 1 > lo &&
                                    clang_getTokenKind(T->t[s - 2]) == CXToken_Identifier)
                                        s -= 2;
                                else {
                                        s -= 1;
                                        break;
                                }
                        }
                } else {
                        return UINT_MAX;
                }
                if (s >= lo + 2 && (dl_tok_is(T, s - 1, ".") || dl_tok_is(T, s - 1, "->"))) {
                        e = s - 2;
                        continue;
                }
                return s;
        }
}

struct dl_value dl_tok_string(const struct dl_toks *T, unsigned a, unsigned b, struct dl_loc at)
{
        struct dl_strbuf text;
        struct dl_loc_vec locs = {0};
        dl_strbuf_init(&text);
        bool ok = a < b;
        for (unsigned i = a; ok && i < b; i++) {
                ok = clang_getTokenKind(T->t[i]) == CXToken_Literal &&
                     dl_eval_decode_literal(dl_tok(T, i), strlen(dl_tok(T, i)), dl_tok_loc(T, i),
                                            &text, &locs);
        }
        struct dl_value v = ok ? dl_value_known(T->cx->arena, text.buf ? text.buf : "", text.len,
                                                locs.n == text.len ? locs.items : NULL, at)
                               : dl_value_dynamic(at);
        dl_strbuf_fini(&text);
        DL_VEC_FREE(&locs);
        return v;
}
