/* eval_tokens.c - folding a string literal as written: its literal tokens
 * (adjacent ones concatenated) and the #defines its text comes from,
 * object-like or function-like, their parameters replaced by the tokens of
 * the use's arguments (frontend/eval.c's folding, split off by concern;
 * docs/architecture.md, "Typed templates").
 * SPDX-License-Identifier: MIT
 *
 * Locations: a literal written at the use keeps each byte where it is
 * written; a #define's bytes are used at the macro's use and spelled in
 * the #define (the value's origin names it).
 */
#include "eval_internal.h"

#include "cx.h"

#include "../core/strbuf.h"
#include "../core/vec.h"

#include <stdlib.h>
#include <string.h>

/* A token the folding reads: one written at the use (at_use: a literal's
 * bytes are where they are written) or one of a #define's body (its bytes
 * are used at the macro's use and spelled in the #define). def: for a
 * macro name written at the use, the definition its expansion names. */
struct ftok {
        CXToken tok;
        bool at_use;
        CXCursor def;
        const char *str; /* not NULL: a stringized argument's text (`#p`), not tok */
};

typedef DL_VEC(struct ftok) ftok_vec;

/* What folding tokens shares: the decoded text of one literal and its
 * bytes' locations. */
struct tokfold {
        struct dl_eval *ev;
        struct dl_strbuf text;
        struct dl_loc_vec locs;
        DL_VEC(char *) strs; /* the texts of stringized arguments (heap) */
};

static bool fold_tokens(struct tokfold *tf, struct dl_tmpl *t, const struct ftok *tk, size_t n,
                        struct dl_loc at, unsigned depth);

/* Is token tok the punctuation p? */
static bool token_punct(CXTranslationUnit tu, CXToken tok, const char *p)
{
        if (clang_getTokenKind(tok) != CXToken_Punctuation)
                return false;
        CXString s = clang_getTokenSpelling(tu, tok);
        bool yes = strcmp(clang_getCString(s), p) == 0;
        clang_disposeString(s);
        return yes;
}

/* The arguments of a function-like macro's use: rest starts at its `(`.
 * Fills the start and end of each argument (at most max) and *used (the
 * tokens up to the closing `)`); false when the parentheses do not close. */
static bool macro_args(CXTranslationUnit tu, const struct ftok *rest, size_t n, size_t *from,
                       size_t *to, size_t max, size_t *n_args, size_t *used)
{
        if (!n || !token_punct(tu, rest[0].tok, "("))
                return false;
        size_t nest = 0, k = 0;
        from[0] = 1;
        for (size_t i = 1; i < n; i++) {
                if (token_punct(tu, rest[i].tok, "(")) {
                        nest++;
                } else if (token_punct(tu, rest[i].tok, ")")) {
                        if (nest--)
                                continue;
                        to[k] = i;
                        *n_args = k + 1;
                        *used = i + 1;
                        return true;
                } else if (!nest && token_punct(tu, rest[i].tok, ",")) {
                        if (k + 1 >= max)
                                return false;
                        to[k++] = i;
                        from[k] = i + 1;
                }
        }
        return false;
}

/* Fold the expansion of the macro def used at at: an object-like macro's
 * body, or a function-like one's with each parameter replaced by the
 * tokens of its argument, read from rest (the tokens after the macro's
 * name; *used: those the arguments took). The one way a #define's text is
 * folded: string literals, macros naming macros, and parameters; `#`,
 * `##`, variadic macros and any other token are not read (false). */
static bool expand_macro(struct tokfold *tf, struct dl_tmpl *t, CXCursor def,
                         const struct ftok *rest, size_t n_rest, size_t *used, struct dl_loc at,
                         unsigned depth)
{
        struct dl_eval *ev = tf->ev;
        CXTranslationUnit tu = ev->cx->tu;
        *used = 0;
        if (depth > 8 || clang_getCursorKind(def) != CXCursor_MacroDefinition)
                return false;
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(tu, clang_getCursorExtent(def), &toks, &n);
        enum { MAX_PARAMS = 16 };
        CXString params[MAX_PARAMS];
        size_t n_params = 0, body = 1;
        bool ok = n >= 2;
        if (ok && clang_Cursor_isMacroFunctionLike(def)) {
                /* NAME ( P1 , P2 ... ) body */
                ok = false;
                for (unsigned i = 2; i < n; i++) {
                        if (token_punct(tu, toks[i], ")")) {
                                body = i + 1;
                                ok = body < n;
                                break;
                        }
                        if (clang_getTokenKind(toks[i]) == CXToken_Identifier &&
                            n_params < MAX_PARAMS)
                                params[n_params++] = clang_getTokenSpelling(tu, toks[i]);
                        else if (!token_punct(tu, toks[i], ","))
                                break; /* `...`: variadic */
                }
        }
        size_t from[MAX_PARAMS], to[MAX_PARAMS], n_args = 0;
        if (ok && clang_Cursor_isMacroFunctionLike(def)) {
                ok = macro_args(tu, rest, n_rest, from, to, MAX_PARAMS, &n_args, used) &&
                     (n_args == n_params || (n_params == 0 && n_args == 1 && to[0] == from[0]));
        }
        ftok_vec list = {0};
        for (size_t i = body; ok && i < n; i++) {
                bool stringize = n_params && token_punct(tu, toks[i], "#");
                if (stringize && i + 1 < n)
                        i++;
                else if (stringize || token_punct(tu, toks[i], "#") ||
                         token_punct(tu, toks[i], "##")) {
                        ok = false;
                        break;
                }
                size_t p = n_params;
                if (n_params && clang_getTokenKind(toks[i]) == CXToken_Identifier) {
                        CXString s = clang_getTokenSpelling(tu, toks[i]);
                        for (p = 0; p < n_params; p++)
                                if (!strcmp(clang_getCString(s), clang_getCString(params[p])))
                                        break;
                        clang_disposeString(s);
                }
                if (stringize && p == n_params) {
                        ok = false; /* `#` names no parameter */
                } else if (stringize) {
                        /* #p: the argument's tokens spelled, one space
                         * between tokens (a quote or backslash in them:
                         * not read) */
                        struct dl_strbuf sb;
                        dl_strbuf_init(&sb);
                        for (size_t a = from[p]; ok && a < to[p]; a++) {
                                CXString s = clang_getTokenSpelling(tu, rest[a].tok);
                                const char *sp = clang_getCString(s);
                                ok = !rest[a].str && !strpbrk(sp, "\"\\");
                                if (a > from[p])
                                        dl_strbuf_putc(&sb, ' ');
                                dl_strbuf_puts(&sb, sp);
                                clang_disposeString(s);
                        }
                        char *str = dl_strbuf_take(&sb);
                        DL_VEC_PUSH(&tf->strs, str);
                        DL_VEC_PUSH(&list,
                                    ((struct ftok){toks[i], false, clang_getNullCursor(), str}));
                } else if (p < n_params) {
                        for (size_t a = from[p]; a < to[p]; a++)
                                DL_VEC_PUSH(&list, rest[a]);
                } else {
                        DL_VEC_PUSH(&list,
                                    ((struct ftok){toks[i], false, clang_getNullCursor(), NULL}));
                }
        }
        if (ok)
                ok = fold_tokens(tf, t, list.items, list.n, at, depth + 1);
        if (ok)
                dl_tmpl_origin(t, dl_cx_cursor_loc(ev->cx, def));
        DL_VEC_FREE(&list);
        for (size_t p = 0; p < n_params; p++)
                clang_disposeString(params[p]);
        dl_cx_dispose_tokens(tu, toks, n);
        return ok;
}

/* Fold the tokens tk: string literals (adjacent ones concatenated) and the
 * expansions of the macros among them; at is where a #define's bytes are
 * used. */
static bool fold_tokens(struct tokfold *tf, struct dl_tmpl *t, const struct ftok *tk, size_t n,
                        struct dl_loc at, unsigned depth)
{
        struct dl_eval *ev = tf->ev;
        CXTranslationUnit tu = ev->cx->tu;
        bool ok = n > 0;
        for (size_t i = 0; ok && i < n; i++) {
                CXTokenKind kind = clang_getTokenKind(tk[i].tok);
                struct dl_loc tok_at =
                        dl_cx_file_loc(ev->cx, clang_getTokenLocation(tu, tk[i].tok));
                CXString s = clang_getTokenSpelling(tu, tk[i].tok);
                const char *sp = clang_getCString(s);
                if (tk[i].str) { /* a stringized argument, used at at */
                        dl_tmpl_text(t, tk[i].str, strlen(tk[i].str), NULL, at, NULL);
                } else if (kind == CXToken_Literal) {
                        dl_strbuf_reset(&tf->text);
                        tf->locs.n = 0;
                        ok = dl_eval_decode_literal(sp, strlen(sp), tok_at, &tf->text, &tf->locs);
                        const char *text = tf->text.buf ? tf->text.buf : "";
                        size_t len = tf->text.len;
                        if (ok && tk[i].at_use) /* each byte where it is written */
                                dl_tmpl_text(t, text, len, tf->locs.items, tok_at, NULL);
                        else if (ok) /* used at at, spelled in the #define's literal */
                                dl_tmpl_text(t, text, len, NULL, at,
                                             tf->locs.n == len && len ? tf->locs.items : NULL);
                } else if (kind == CXToken_Identifier) {
                        /* a macro: its expansion */
                        CXCursor def = tk[i].def;
                        if (clang_Cursor_isNull(def))
                                def = dl_cx_macro_definition(ev->cx, sp);
                        size_t used = 0;
                        ok = expand_macro(tf, t, def, tk + i + 1, n - i - 1, &used,
                                          tk[i].at_use ? tok_at : at, depth);
                        i += used;
                } else if (kind != CXToken_Comment) {
                        ok = false;
                }
                clang_disposeString(s);
        }
        return ok;
}

/* The tokens of range r as the text of one string literal: its literals
 * and the macros its text comes from (a function-like macro's whole use,
 * `T("Query")`, read from its expansion: a literal's own range may end
 * inside it). */
static bool fold_range_tokens(struct dl_eval *ev, struct dl_tmpl *t, CXSourceRange r)
{
        CXTranslationUnit tu = ev->cx->tu;
        if (clang_Range_isNull(r))
                return false;
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(tu, r, &toks, &n);
        /* the tokens of the function-like macros' uses, kept until the end */
        DL_VEC(CXToken *) uses = {0};
        DL_VEC(unsigned) n_uses = {0};
        ftok_vec list = {0};
        bool ok = n > 0;
        for (unsigned i = 0; ok && i < n; i++) {
                CXSourceLocation tl = clang_getTokenLocation(tu, toks[i]);
                if (clang_getTokenKind(toks[i]) != CXToken_Identifier) {
                        DL_VEC_PUSH(&list,
                                    ((struct ftok){toks[i], true, clang_getNullCursor(), NULL}));
                        continue;
                }
                CXCursor exp = dl_cx_macro_expansion_at(ev->cx, tl);
                ok = !clang_Cursor_isNull(exp);
                if (!ok)
                        break;
                CXCursor def = clang_getCursorReferenced(exp);
                if (!clang_Cursor_isMacroFunctionLike(def)) {
                        DL_VEC_PUSH(&list, ((struct ftok){toks[i], true, def, NULL}));
                        continue;
                }
                /* NAME ( args ): the whole use, then past it */
                CXSourceRange er = clang_getCursorExtent(exp);
                CXToken *et = NULL;
                unsigned en = 0;
                clang_tokenize(tu, er, &et, &en);
                DL_VEC_PUSH(&uses, et);
                DL_VEC_PUSH(&n_uses, en);
                for (unsigned k = 0; k < en; k++)
                        DL_VEC_PUSH(&list, ((struct ftok){et[k], true,
                                                          k ? clang_getNullCursor() : def, NULL}));
                unsigned end = dl_cx_offset(clang_getRangeEnd(er));
                while (i + 1 < n && dl_cx_offset(clang_getTokenLocation(tu, toks[i + 1])) <= end)
                        i++;
        }
        struct tokfold tf = {.ev = ev};
        dl_strbuf_init(&tf.text);
        struct dl_tmpl sub;
        dl_tmpl_init(&sub, t->arena);
        if (ok)
                ok = fold_tokens(&tf, &sub, list.items, list.n, (struct dl_loc){0}, 0);
        if (ok) {
                /* move sub into t */
                struct dl_value v = dl_tmpl_finish(&sub, (struct dl_loc){0});
                dl_tmpl_value(t, &v, false, (struct dl_loc){0});
        }
        dl_tmpl_fini(&sub);
        dl_strbuf_fini(&tf.text);
        DL_VEC_FREE(&tf.locs);
        for (size_t k = 0; k < tf.strs.n; k++)
                free(tf.strs.items[k]);
        DL_VEC_FREE(&tf.strs);
        DL_VEC_FREE(&list);
        for (size_t k = 0; k < uses.n; k++)
                dl_cx_dispose_tokens(tu, uses.items[k], n_uses.items[k]);
        DL_VEC_FREE(&uses);
        DL_VEC_FREE(&n_uses);
        dl_cx_dispose_tokens(tu, toks, n);
        return ok;
}

/* The literal lit as written where its bytes are (a macro's argument is
 * read where it is written), else, when that is not all of its text, the
 * outermost macro use it comes from: what folds there is one string
 * literal, lit. */
static bool fold_literal_tokens(struct dl_eval *ev, struct dl_tmpl *t, CXCursor lit)
{
        CXTranslationUnit tu = ev->cx->tu;
        return fold_range_tokens(ev, t, dl_cx_file_range(tu, lit)) ||
               (dl_cx_in_macro(ev->cx, lit) &&
                fold_range_tokens(ev, t, dl_cx_expansion_range(tu, lit)));
}

void dl_eval_fold_literal(struct dl_eval *ev, struct dl_tmpl *t, CXCursor lit)
{
        if (fold_literal_tokens(ev, t, lit))
                return;
        /* Fallback: let clang evaluate it; every byte at the literal. */
        CXEvalResult r = clang_Cursor_Evaluate(lit);
        if (r && clang_EvalResult_getKind(r) == CXEval_StrLiteral) {
                const char *s = clang_EvalResult_getAsStr(r);
                dl_tmpl_text(t, s, strlen(s), NULL, dl_cx_cursor_loc(ev->cx, lit), NULL);
        } else {
                dl_tmpl_hole(t, NULL);
        }
        dl_cx_dispose_eval(r);
}
