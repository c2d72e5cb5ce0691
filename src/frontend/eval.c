/* eval.c - folding constant arguments into template values.
 * SPDX-License-Identifier: MIT
 *
 * A template is built by struct tmpl: a run of known bytes (with one
 * location per byte) that is flushed into a segment whenever a hole is
 * appended. Folding walks the expression with an explicit depth budget.
 */
#include "eval.h"

#include "cx.h"

#include "../core/arena.h"

#include <stdlib.h>
#include <string.h>

/* ---- template builder ---------------------------------------------------- */

struct tmpl {
        struct dl_arena *arena;
        DL_VEC(struct dl_segment) segs;
        struct dl_strbuf run;
        struct dl_loc_vec run_locs;
        struct dl_loc_vec run_origin; /* per byte: where it is written when
                                         that is not where it is used */
        bool any_origin;      /* run_origin holds a valid entry */
        bool no_locs;         /* too large: drop per-byte locations */
        bool started;         /* anything appended, known or hole */
        bool have_origin;
        struct dl_loc origin;
};

static void t_init(struct tmpl *t, struct dl_arena *a)
{
        memset(t, 0, sizeof *t);
        t->arena = a;
        dl_strbuf_init(&t->run);
}

static void t_fini(struct tmpl *t)
{
        DL_VEC_FREE(&t->segs);
        dl_strbuf_fini(&t->run);
        DL_VEC_FREE(&t->run_locs);
        DL_VEC_FREE(&t->run_origin);
}

static void t_flush(struct tmpl *t)
{
        if (!t->run.len)
                return;
        struct dl_segment s = {0};
        s.text = dl_arena_strndup(t->arena, t->run.buf, t->run.len);
        s.len = t->run.len;
        if (!t->no_locs && t->run_locs.n == t->run.len) {
                struct dl_loc *l = dl_arena_alloc(t->arena, s.len * sizeof *l);
                memcpy(l, t->run_locs.items, s.len * sizeof *l);
                s.locs = l;
        }
        if (!t->no_locs && t->any_origin && t->run_origin.n == t->run.len) {
                struct dl_loc *o = dl_arena_alloc(t->arena, s.len * sizeof *o);
                memcpy(o, t->run_origin.items, s.len * sizeof *o);
                s.origin_locs = o;
        }
        DL_VEC_PUSH(&t->segs, s);
        dl_strbuf_reset(&t->run);
        t->run_locs.n = 0;
        t->run_origin.n = 0;
        t->any_origin = false;
}

/* Append known bytes; locs has n entries or is NULL (then every byte is at);
 * origin has n entries (where each byte is written, when elsewhere) or is
 * NULL. */
static void t_text_o(struct tmpl *t, const char *p, size_t n, const struct dl_loc *locs,
                     struct dl_loc at, const struct dl_loc *origin)
{
        t->started = true;
        if (!n && !t->segs.n && !t->run.len) {
                return;
        }
        dl_strbuf_add(&t->run, p, n);
        if (t->run.len > DL_EVAL_MAX_LOCS)
                t->no_locs = true;
        if (t->no_locs) {
                DL_VEC_FREE(&t->run_locs);
                DL_VEC_FREE(&t->run_origin);
                return;
        }
        DL_VEC_GROW(&t->run_locs, t->run_locs.n + n);
        DL_VEC_GROW(&t->run_origin, t->run_origin.n + n);
        for (size_t i = 0; i < n; i++) {
                t->run_locs.items[t->run_locs.n++] = locs ? locs[i] : at;
                t->run_origin.items[t->run_origin.n++] =
                        origin ? origin[i] : (struct dl_loc){0};
        }
        if (origin)
                t->any_origin = true;
}

static void t_text(struct tmpl *t, const char *p, size_t n, const struct dl_loc *locs,
                   struct dl_loc at)
{
        t_text_o(t, p, n, locs, at, NULL);
}

static void t_hole(struct tmpl *t)
{
        t->started = true;
        t_flush(t);
        if (t->segs.n && t->segs.items[t->segs.n - 1].text == NULL)
                return;
        struct dl_segment s = {0};
        DL_VEC_PUSH(&t->segs, s);
}

static void t_origin(struct tmpl *t, struct dl_loc o)
{
        if (!t->have_origin && o.file) {
                t->have_origin = true;
                t->origin = o;
        }
}

static struct dl_value t_finish(struct tmpl *t, struct dl_loc at)
{
        struct dl_value v = {0};
        v.loc = at;
        bool empty_known = t->started && !t->segs.n && !t->run.len;
        t_flush(t);
        bool any_known = empty_known;
        for (size_t i = 0; i < t->segs.n; i++)
                any_known |= t->segs.items[i].text != NULL;
        if (!any_known) {
                v.kind = DL_VAL_DYNAMIC;
                return v;
        }
        v.kind = DL_VAL_KNOWN;
        if (t->have_origin)
                v.origin = t->origin;
        if (empty_known) {
                struct dl_segment *s = dl_arena_alloc(t->arena, sizeof *s);
                s->text = dl_arena_strndup(t->arena, "", 0);
                v.segs = s;
                v.n_segs = 1;
                v.text = s->text;
                return v;
        }
        struct dl_segment *segs = dl_arena_alloc(t->arena, t->segs.n * sizeof *segs);
        memcpy(segs, t->segs.items, t->segs.n * sizeof *segs);
        v.segs = segs;
        v.n_segs = t->segs.n;
        if (t->segs.n == 1) {
                v.text = segs[0].text;
                v.len = segs[0].len;
        }
        return v;
}

/* Append value v (from a constant or a local variable) with every byte
 * located at `at` when relocate is set, else with its own locations. */
static void t_value(struct tmpl *t, const struct dl_value *v, bool relocate, struct dl_loc at)
{
        if (v->kind != DL_VAL_KNOWN) {
                t_hole(t);
                return;
        }
        if (v->origin.file)
                t_origin(t, v->origin);
        for (size_t i = 0; i < v->n_segs; i++) {
                const struct dl_segment *s = &v->segs[i];
                if (!s->text)
                        t_hole(t);
                else if (relocate) /* a constant: its bytes are written at its definition */
                        t_text_o(t, s->text, s->len, NULL, at,
                                 s->origin_locs ? s->origin_locs : s->locs);
                else
                        t_text_o(t, s->text, s->len, s->locs, at, s->origin_locs);
        }
        if (!v->n_segs)
                t->started = true;
}

/* ---- folding ------------------------------------------------------------- */


static void fold(struct dl_eval *ev, struct tmpl *t, CXCursor e, unsigned depth);

/* Decode the string-literal tokens of one #define (identifier tok at use). */
static bool fold_macro_tokens(struct dl_eval *ev, struct tmpl *t, CXSourceLocation use_loc,
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
                                t_text_o(t, text.buf ? text.buf : "", text.len, NULL, at,
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
                t_origin(t, dl_cx_cursor_loc(ev->cx, def));
        dl_strbuf_fini(&text);
        dl_cx_dispose_tokens(tu, toks, n);
        return ok;
}

static bool fold_literal_tokens(struct dl_eval *ev, struct tmpl *t, CXCursor lit)
{
        CXTranslationUnit tu = ev->cx->tu;
        CXSourceRange r = dl_cx_file_range(tu, lit);
        if (clang_Range_isNull(r))
                return false;
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(tu, r, &toks, &n);
        struct tmpl sub;
        t_init(&sub, t->arena);
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
                                t_text(&sub, text.buf ? text.buf : "", text.len, locs.items, at);
                } else if (tk == CXToken_Identifier) {
                        ok = fold_macro_tokens(ev, &sub, tl, at, 0);
                } else if (tk != CXToken_Comment) {
                        ok = false;
                }
        }
        if (ok) {
                /* move sub into t */
                struct dl_value v = t_finish(&sub, (struct dl_loc){0});
                t_value(t, &v, false, (struct dl_loc){0});
        }
        t_fini(&sub);
        dl_strbuf_fini(&text);
        DL_VEC_FREE(&locs);
        dl_cx_dispose_tokens(tu, toks, n);
        return ok;
}

static void fold_literal(struct dl_eval *ev, struct tmpl *t, CXCursor lit)
{
        if (fold_literal_tokens(ev, t, lit))
                return;
        /* Fallback: let clang evaluate it; every byte at the literal. */
        CXEvalResult r = clang_Cursor_Evaluate(lit);
        if (r && clang_EvalResult_getKind(r) == CXEval_StrLiteral) {
                const char *s = clang_EvalResult_getAsStr(r);
                t_text(t, s, strlen(s), NULL, dl_cx_cursor_loc(ev->cx, lit));
        } else {
                t_hole(t);
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

/* The initializer expression of a variable, or a null cursor. */
static CXCursor var_init(CXCursor var)
{
        CXCursor kids[8];
        unsigned n = dl_cx_children(var, kids, 8);
        for (unsigned i = n < 8 ? n : 8; i-- > 0;) {
                if (clang_isExpression(clang_getCursorKind(kids[i])))
                        return kids[i];
        }
        return clang_getNullCursor();
}


/* A local std::string: its initializer, then += / append / = before use.
 * Any other reference before the use that may write it (a non-const method,
 * a non-const reference or pointer handed to a function, an alias) makes
 * the value a hole. */
static void fold_local_string(struct dl_eval *ev, struct tmpl *t, CXCursor var, unsigned depth)
{
        CXCursor init = var_init(var);
        struct tmpl sub;
        t_init(&sub, t->arena);
        if (clang_Cursor_isNull(init))
                t_text(&sub, "", 0, NULL, (struct dl_loc){0});
        else
                fold(ev, &sub, init, depth + 1);
        unsigned decl_off = dl_cx_cursor_offset(var);
        const struct dl_body *b = ev->body;
        bool hole = false;
        DL_VEC(unsigned) handled = {0}; /* offsets of references folded above */
        for (size_t i = 0; b && i < b->calls.n && !hole; i++) {
                const struct dl_body_call *c = &b->calls.items[i];
                if (c->off <= decl_off || c->off >= ev->use_off)
                        continue;
                CXCursor call = c->cursor;
                unsigned nargs = (unsigned)clang_Cursor_getNumArguments(call);
                bool op_append = dl_cx_is_named(call, "operator+=") && nargs == 2;
                bool op_assign = dl_cx_is_named(call, "operator=") && nargs == 2;
                bool append = dl_cx_is_named(call, "append") && nargs == 1;
                CXCursor obj;
                CXCursor arg;
                if (op_append || op_assign) {
                        obj = dl_cx_strip(clang_Cursor_getArgument(call, 0));
                        arg = clang_Cursor_getArgument(call, 1);
                } else if (append) {
                        obj = dl_cx_member_object(call);
                        arg = clang_Cursor_getArgument(call, 0);
                } else {
                        continue;
                }
                if (!dl_cx_refers_to(obj, var))
                        continue;
                enum dl_when w = dl_body_when(b, c->off, ev->use_off);
                if (w == DL_WHEN_NEVER)
                        continue;
                DL_VEC_PUSH(&handled, dl_cx_cursor_offset(obj));
                if (w == DL_WHEN_MAYBE) {
                        hole = true;
                        break;
                }
                if (op_assign) {
                        t_fini(&sub);
                        t_init(&sub, t->arena);
                }
                fold(ev, &sub, arg, depth + 1);
        }
        for (size_t i = 0; b && i < b->refs.n && !hole; i++) {
                const struct dl_body_ref *ref = &b->refs.items[i];
                if (ref->off <= decl_off || !clang_equalCursors(ref->decl, var) ||
                    dl_body_when(b, ref->off, ev->use_off) == DL_WHEN_NEVER)
                        continue;
                bool ok = false;
                for (size_t k = 0; k < handled.n && !ok; k++)
                        ok = handled.items[k] == ref->off;
                if (!ok && !dl_body_ref_is_read(b, var, ref->off))
                        hole = true;
        }
        DL_VEC_FREE(&handled);
        struct dl_value v = t_finish(&sub, (struct dl_loc){0});
        t_fini(&sub);
        if (hole) {
                t_hole(t);
                return;
        }
        t_value(t, &v, false, (struct dl_loc){0});
}

static void fold_declref(struct dl_eval *ev, struct tmpl *t, CXCursor e, unsigned depth)
{
        CXCursor decl = clang_getCursorReferenced(e);
        enum CXCursorKind k = clang_getCursorKind(decl);
        if (k != CXCursor_VarDecl) {
                t_hole(t);
                return;
        }
        CXCursor def = clang_getCursorDefinition(decl);
        if (clang_Cursor_isNull(def))
                def = decl;
        if (is_constant_var(def)) {
                CXCursor init = var_init(def);
                if (clang_Cursor_isNull(init)) {
                        t_hole(t);
                        return;
                }
                struct tmpl sub;
                t_init(&sub, t->arena);
                fold(ev, &sub, init, depth + 1);
                struct dl_value v = t_finish(&sub, (struct dl_loc){0});
                t_fini(&sub);
                struct dl_loc use = dl_cx_cursor_loc(ev->cx, e);
                t_origin(t, dl_cx_cursor_loc(ev->cx, def));
                t_value(t, &v, true, use);
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
        t_hole(t);
}

static void fold(struct dl_eval *ev, struct tmpl *t, CXCursor e, unsigned depth)
{
        if (depth > DL_EVAL_MAX_DEPTH) {
                t_hole(t);
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
                                t_text(t, "", 0, NULL, (struct dl_loc){0});
                                return;
                        }
                        if (nargs == 1 || (nargs == 2 && dl_cx_is_named(callee, "basic_string"))) {
                                /* copy / converting constructor (an allocator may follow) */
                                fold(ev, t, clang_Cursor_getArgument(e, 0), depth + 1);
                                return;
                        }
                        t_hole(t);
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
                t_hole(t);
                return;
        }
        default:
                t_hole(t);
                return;
        }
}

struct dl_value dl_eval_string(struct dl_eval *ev, CXCursor e, struct dl_loc at)
{
        struct tmpl t;
        t_init(&t, ev->cx->arena);
        fold(ev, &t, e, 0);
        struct dl_value v = t_finish(&t, at);
        t_fini(&t);
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
