/* eval.c - folding constant arguments into template values.
 * SPDX-License-Identifier: MIT
 *
 * A template is built by struct dl_tmpl: a run of known bytes (with one
 * location per byte) that is flushed into a segment whenever a hole is
 * appended. Folding walks the expression with an explicit depth budget.
 */
#include "eval.h"

#include "cx.h"

#include "../core/arena.h"

#include <stdlib.h>
#include <string.h>

/* ---- folding ------------------------------------------------------------- */


static void fold(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, unsigned depth);

/* Decode the string-literal tokens of one #define (identifier tok at use). */
static bool fold_macro_tokens(struct dl_eval *ev, struct dl_tmpl *t, CXSourceLocation use_loc,
                              struct dl_loc at, unsigned depth)
{
        CXTranslationUnit tu = ev->cx->tu;
        CXCursor exp = clang_getCursor(tu, use_loc);
        if (clang_getCursorKind(exp) != CXCursor_MacroExpansion || depth > 8)
                return false;
        CXCursor def = clang_getCursorReferenced(exp);
        if (clang_getCursorKind(def) != CXCursor_MacroDefinition ||
            clang_Cursor_isMacroFunctionLike(def))
                return false;
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(tu, clang_getCursorExtent(def), &toks, &n);
        bool ok = n >= 2;
        struct dl_strbuf text;
        dl_strbuf_init(&text);
        for (unsigned i = 1; ok && i < n; i++) {
                CXTokenKind tk = clang_getTokenKind(toks[i]);
                CXString s = clang_getTokenSpelling(tu, toks[i]);
                const char *sp = clang_getCString(s);
                if (tk == CXToken_Literal) {
                        /* the bytes are used at the macro's use (at) and
                         * written in the #define's literal (origin) */
                        dl_strbuf_reset(&text);
                        struct dl_loc_vec spelled = {0};
                        struct dl_loc tok_at = dl_cx_file_loc(
                                ev->cx, clang_getTokenLocation(tu, toks[i]));
                        ok = dl_eval_decode_literal(sp, strlen(sp), tok_at, &text, &spelled);
                        if (ok)
                                dl_tmpl_text(t, text.buf ? text.buf : "", text.len, NULL, at,
                                         spelled.n == text.len && text.len ? spelled.items
                                                                           : NULL);
                        DL_VEC_FREE(&spelled);
                } else if (tk == CXToken_Identifier) {
                        ok = fold_macro_tokens(ev, t, clang_getTokenLocation(tu, toks[i]), at,
                                               depth + 1);
                } else if (tk != CXToken_Comment) {
                        ok = false;
                }
                clang_disposeString(s);
        }
        if (ok)
                dl_tmpl_origin(t, dl_cx_cursor_loc(ev->cx, def));
        dl_strbuf_fini(&text);
        dl_cx_dispose_tokens(tu, toks, n);
        return ok;
}

static bool fold_literal_tokens(struct dl_eval *ev, struct dl_tmpl *t, CXCursor lit)
{
        CXTranslationUnit tu = ev->cx->tu;
        CXSourceRange r = dl_cx_file_range(tu, lit);
        if (clang_Range_isNull(r))
                return false;
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(tu, r, &toks, &n);
        struct dl_tmpl sub;
        dl_tmpl_init(&sub, t->arena);
        struct dl_strbuf text;
        struct dl_loc_vec locs = {0};
        dl_strbuf_init(&text);
        bool ok = n > 0;
        for (unsigned i = 0; ok && i < n; i++) {
                CXTokenKind tk = clang_getTokenKind(toks[i]);
                CXSourceLocation tl = clang_getTokenLocation(tu, toks[i]);
                struct dl_loc at = dl_cx_file_loc(ev->cx, tl);
                if (tk == CXToken_Literal) {
                        CXString s = clang_getTokenSpelling(tu, toks[i]);
                        const char *sp = clang_getCString(s);
                        dl_strbuf_reset(&text);
                        locs.n = 0;
                        ok = dl_eval_decode_literal(sp, strlen(sp), at, &text, &locs);
                        clang_disposeString(s);
                        if (ok)
                                dl_tmpl_text(&sub, text.buf ? text.buf : "", text.len, locs.items, at, NULL);
                } else if (tk == CXToken_Identifier) {
                        ok = fold_macro_tokens(ev, &sub, tl, at, 0);
                } else if (tk != CXToken_Comment) {
                        ok = false;
                }
        }
        if (ok) {
                /* move sub into t */
                struct dl_value v = dl_tmpl_finish(&sub, (struct dl_loc){0});
                dl_tmpl_value(t, &v, false, (struct dl_loc){0});
        }
        dl_tmpl_fini(&sub);
        dl_strbuf_fini(&text);
        DL_VEC_FREE(&locs);
        dl_cx_dispose_tokens(tu, toks, n);
        return ok;
}

static void fold_literal(struct dl_eval *ev, struct dl_tmpl *t, CXCursor lit)
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

static bool is_string_type(CXType ty)
{
        if (ty.kind == CXType_LValueReference || ty.kind == CXType_RValueReference)
                ty = clang_getPointeeType(ty);
        ty = clang_getCanonicalType(ty);
        CXString s = clang_getTypeSpelling(ty);
        const char *p = clang_getCString(s);
        bool yes = strstr(p, "basic_string<char") != NULL || strstr(p, "String") != NULL;
        clang_disposeString(s);
        return yes;
}

static bool is_constant_var(CXCursor var)
{
        CXType ty = clang_getCursorType(var);
        if (clang_isConstQualifiedType(ty))
                return true;
        /* constexpr char T[] = "..."; const char T[] = "...": the const is on
         * the element type, not on the array. */
        if ((ty.kind == CXType_ConstantArray || ty.kind == CXType_IncompleteArray) &&
            clang_isConstQualifiedType(clang_getArrayElementType(ty)))
                return true;
        /* static const char *T = "..."; (pointer to const, global or static) */
        if (ty.kind == CXType_Pointer && clang_isConstQualifiedType(clang_getPointeeType(ty))) {
                enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(var));
                return clang_Cursor_getStorageClass(var) == CX_SC_Static ||
                       pk == CXCursor_Namespace || pk == CXCursor_TranslationUnit ||
                       pk == CXCursor_ClassDecl || pk == CXCursor_StructDecl;
        }
        return false;
}

/* A local string being built: its references go by in source order. */
struct local_string {
        struct dl_eval *ev;
        struct dl_tmpl *sub;
        unsigned depth;
        bool hole;
};

/* `s += x`, `s = x`, `s.append(x)` before the use; any of them on some
 * paths only makes the whole string a hole. */
static bool string_site(void *data, const struct dl_body_site *site)
{
        struct local_string *ls = data;
        if (site->call < 0 || ls->hole)
                return ls->hole;
        const struct dl_body_call *c = &site->body->calls.items[site->call];
        CXCursor call = c->cursor;
        unsigned nargs = (unsigned)clang_Cursor_getNumArguments(call);
        bool op_append = dl_cx_is_named(call, "operator+=") && nargs == 2 && site->arg == 0;
        bool op_assign = dl_cx_is_named(call, "operator=") && nargs == 2 && site->arg == 0;
        bool append = dl_cx_is_named(call, "append") && nargs == 1 && site->arg == DL_BODY_OBJECT;
        if ((!op_append && !op_assign && !append) || c->off >= ls->ev->use_off)
                return false;
        enum dl_when w = dl_body_when(site->body, c->off, ls->ev->use_off);
        if (w == DL_WHEN_NEVER)
                return false;
        if (w == DL_WHEN_MAYBE) {
                ls->hole = true;
                return true;
        }
        if (op_assign) {
                dl_tmpl_fini(ls->sub);
                dl_tmpl_init(ls->sub, ls->sub->arena);
        }
        fold(ls->ev, ls->sub, clang_Cursor_getArgument(call, append ? 0 : 1), ls->depth + 1);
        return true;
}

/* A local std::string: its initializer, then += / append / = before use.
 * Any other reference before the use that may write it (a non-const method,
 * a non-const reference or pointer handed to a function, an alias) makes
 * the value a hole. */
static void fold_local_string(struct dl_eval *ev, struct dl_tmpl *t, CXCursor var, unsigned depth)
{
        CXCursor init = dl_cx_var_init(var);
        struct dl_tmpl sub;
        dl_tmpl_init(&sub, t->arena);
        if (clang_Cursor_isNull(init))
                dl_tmpl_text(&sub, "", 0, NULL, (struct dl_loc){0}, NULL);
        else
                fold(ev, &sub, init, depth + 1);
        struct local_string ls = {ev, &sub, depth, false};
        if (dl_body_track(ev->body, var, dl_cx_cursor_offset(var), ev->use_off, string_site, &ls))
                ls.hole = true;
        struct dl_value v = dl_tmpl_finish(&sub, (struct dl_loc){0});
        dl_tmpl_fini(&sub);
        if (ls.hole) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        dl_tmpl_value(t, &v, false, (struct dl_loc){0});
}

static void fold_declref(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, unsigned depth)
{
        CXCursor decl = clang_getCursorReferenced(e);
        enum CXCursorKind k = clang_getCursorKind(decl);
        if (k != CXCursor_VarDecl) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        CXCursor def = clang_getCursorDefinition(decl);
        if (clang_Cursor_isNull(def))
                def = decl;
        if (is_constant_var(def)) {
                CXCursor init = dl_cx_var_init(def);
                if (clang_Cursor_isNull(init)) {
                        dl_tmpl_hole(t, NULL);
                        return;
                }
                struct dl_tmpl sub;
                dl_tmpl_init(&sub, t->arena);
                fold(ev, &sub, init, depth + 1);
                struct dl_value v = dl_tmpl_finish(&sub, (struct dl_loc){0});
                dl_tmpl_fini(&sub);
                struct dl_loc use = dl_cx_cursor_loc(ev->cx, e);
                dl_tmpl_origin(t, dl_cx_cursor_loc(ev->cx, def));
                dl_tmpl_value(t, &v, true, use);
                return;
        }
        enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(def));
        bool local = pk == CXCursor_FunctionDecl || pk == CXCursor_CXXMethod ||
                     pk == CXCursor_Constructor || pk == CXCursor_Destructor ||
                     pk == CXCursor_FunctionTemplate || pk == CXCursor_LambdaExpr;
        if (local && ev->body && is_string_type(clang_getCursorType(def)) &&
            clang_getCursorType(def).kind != CXType_LValueReference) {
                fold_local_string(ev, t, def, depth);
                return;
        }
        dl_tmpl_hole(t, NULL);
}

static void fold(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, unsigned depth)
{
        if (depth > DL_EVAL_MAX_DEPTH) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        e = dl_cx_strip(e);
        switch (clang_getCursorKind(e)) {
        case CXCursor_StringLiteral:
                fold_literal(ev, t, e);
                return;
        case CXCursor_DeclRefExpr:
                fold_declref(ev, t, e, depth);
                return;
        case CXCursor_CallExpr: {
                CXCursor callee = clang_getCursorReferenced(e);
                int nargs = clang_Cursor_getNumArguments(e);
                if (clang_getCursorKind(callee) == CXCursor_Constructor) {
                        if (nargs == 0) {
                                dl_tmpl_text(t, "", 0, NULL, (struct dl_loc){0}, NULL);
                                return;
                        }
                        if (nargs == 1 || (nargs == 2 && dl_cx_is_named(callee, "basic_string"))) {
                                /* copy / converting constructor (an allocator may follow) */
                                fold(ev, t, clang_Cursor_getArgument(e, 0), depth + 1);
                                return;
                        }
                        dl_tmpl_hole(t, NULL);
                        return;
                }
                if (nargs == 2 && dl_cx_is_named(e, "operator+")) {
                        fold(ev, t, clang_Cursor_getArgument(e, 0), depth + 1);
                        fold(ev, t, clang_Cursor_getArgument(e, 1), depth + 1);
                        return;
                }
                if (nargs == 0 && (dl_cx_is_named(e, "c_str") || dl_cx_is_named(e, "data"))) {
                        CXCursor obj = dl_cx_member_object(e);
                        if (!clang_Cursor_isNull(obj)) {
                                fold(ev, t, obj, depth + 1);
                                return;
                        }
                }
                dl_tmpl_hole(t, NULL);
                return;
        }
        default:
                dl_tmpl_hole(t, NULL);
                return;
        }
}

struct dl_value dl_eval_string(struct dl_eval *ev, CXCursor e, struct dl_loc at)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, ev->cx->arena);
        fold(ev, &t, e, 0);
        struct dl_value v = dl_tmpl_finish(&t, at);
        dl_tmpl_fini(&t);
        return v;
}

static struct dl_value eval_number(struct dl_eval *ev, CXCursor e, struct dl_loc at, bool as_bool)
{
        struct dl_value v = dl_value_dynamic(at);
        CXCursor s = dl_cx_strip(e);
        CXEvalResult r = clang_Cursor_Evaluate(s);
        if (r && clang_EvalResult_getKind(r) == CXEval_Int) {
                char buf[32];
                if (as_bool) {
                        long long x = clang_EvalResult_getAsLongLong(r);
                        snprintf(buf, sizeof buf, "%s", x ? "true" : "false");
                } else if (clang_EvalResult_isUnsignedInt(r)) {
                        snprintf(buf, sizeof buf, "%llu", clang_EvalResult_getAsUnsigned(r));
                } else {
                        snprintf(buf, sizeof buf, "%lld", clang_EvalResult_getAsLongLong(r));
                }
                v = dl_value_known(ev->cx->arena, buf, strlen(buf), NULL, at);
        }
        dl_cx_dispose_eval(r);
        return v;
}

struct dl_value dl_eval_int(struct dl_eval *ev, CXCursor e, struct dl_loc at)
{
        return eval_number(ev, e, at, false);
}

struct dl_value dl_eval_bool(struct dl_eval *ev, CXCursor e, struct dl_loc at)
{
        return eval_number(ev, e, at, true);
}

struct dl_value dl_eval_enum(struct dl_eval *ev, CXCursor e, struct dl_loc at)
{
        CXCursor s = dl_cx_strip(e);
        if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
                CXCursor d = clang_getCursorReferenced(s);
                if (clang_getCursorKind(d) == CXCursor_EnumConstantDecl) {
                        const char *name = dl_cx_spelling(ev->cx, d);
                        return dl_value_known(ev->cx->arena, name, strlen(name), NULL, at);
                }
        }
        return dl_value_dynamic(at);
}
