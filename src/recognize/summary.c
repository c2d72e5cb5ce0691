/* summary.c - function summaries (summary.h; docs/architecture.md,
 * "Function summaries").
 * SPDX-License-Identifier: MIT
 *
 * A summary is found once per function: its returns, its end and the
 * parameters it never changes. Applying it folds what the function gives
 * (a return's expression, or what it writes into the parameter the caller
 * passed an object as) in its own body, its unchanged parameters bound to
 * the call's arguments folded where the caller stands. The parameters are
 * folded as the caller's values in place, so a `%05d`, an escaping or a
 * bound sees the caller's text, never a stand-in for it.
 */
#include "summary.h"

#include "../core/alloc.h"
#include "../core/vec.h"
#include "../frontend/body.h"
#include "../frontend/cx.h"

#include <string.h>

struct summary {
        CXCursor fn;
        bool ok;
        struct dl_body body;
        unsigned long long params; /* bit i: parameter i never changed */
        CXCursor returns[DL_SUMMARY_MAX_RETURNS];
        unsigned n_returns; /* may exceed DL_SUMMARY_MAX_RETURNS: no value */
        unsigned end;       /* offset of the end of the body */
};

struct dl_summaries {
        struct dl_cx *cx;
        struct dl_eval_hooks hooks;
        DL_VEC(struct summary *) items;
        CXCursor stack[DL_SUMMARY_MAX_DEPTH]; /* summaries being applied */
        unsigned depth;
};

/* ---- finding a summary ------------------------------------------------------ */

struct scan {
        struct summary *sm;
        struct dl_cx *cx;
        unsigned long long written; /* parameters assigned, stepped, addressed */
};

/* The index of the parameter e (stripped) refers to, or -1. */
static int param_index(const struct summary *sm, CXCursor e)
{
        e = dl_cx_strip(e);
        if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
                return -1;
        CXCursor d = clang_getCursorReferenced(e);
        if (clang_getCursorKind(d) != CXCursor_ParmDecl)
                return -1;
        int n = clang_Cursor_getNumArguments(sm->fn);
        for (int i = 0; i < n && i < 64; i++) {
                if (clang_equalCursors(clang_Cursor_getArgument(sm->fn, (unsigned)i), d))
                        return i;
        }
        return -1;
}

/* Is one of the first or last tokens of the operator c `++`, `--` or `&`? */
static bool steps_or_addresses(struct dl_cx *cx, CXCursor c)
{
        CXTranslationUnit tu = cx->tu;
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
        bool yes = false;
        for (unsigned i = 0; i < n && !yes; i++) {
                if (i != 0 && i + 1 != n)
                        continue;
                CXString sp = clang_getTokenSpelling(tu, toks[i]);
                const char *p = clang_getCString(sp);
                yes = !strcmp(p, "++") || !strcmp(p, "--") || !strcmp(p, "&");
                clang_disposeString(sp);
        }
        dl_cx_dispose_tokens(tu, toks, n);
        return yes;
}

static enum CXChildVisitResult scan_writes(CXCursor c, CXCursor parent, CXClientData data)
{
        struct scan *sc = data;
        (void)parent;
        CXCursor kids[2];
        int p = -1;
        switch (clang_getCursorKind(c)) {
        case CXCursor_ReturnStmt:
                if (sc->sm->n_returns < DL_SUMMARY_MAX_RETURNS)
                        sc->sm->returns[sc->sm->n_returns] = c;
                sc->sm->n_returns++;
                break;
        case CXCursor_LambdaExpr: return CXChildVisit_Continue; /* its own returns */
        case CXCursor_BinaryOperator: {
                CXCursor lhs, rhs;
                char op[8];
                if (dl_cx_binary_operator(c, &lhs, &rhs, op, sizeof op) && !strcmp(op, "="))
                        p = param_index(sc->sm, lhs);
                break;
        }
        case CXCursor_CompoundAssignOperator:
                if (dl_cx_children(c, kids, 2) >= 1)
                        p = param_index(sc->sm, kids[0]);
                break;
        case CXCursor_UnaryOperator:
                if (dl_cx_children(c, kids, 1) == 1) {
                        p = param_index(sc->sm, kids[0]);
                        if (p >= 0 && !steps_or_addresses(sc->cx, c))
                                p = -1;
                }
                break;
        default: break;
        }
        if (p >= 0)
                sc->written |= 1ULL << p;
        return CXChildVisit_Recurse;
}

/* May a call the body makes change what the parameter holds (a non-const
 * pointer, a non-const reference, an object by value)? dl_body_track's
 * rule: anything but a read may. A pointer to const, a const reference and
 * a scalar cannot be changed that way. */
static bool handed_on(const struct summary *sm, CXCursor param)
{
        CXType t = clang_getCanonicalType(clang_getCursorType(param));
        if (t.kind == CXType_LValueReference || t.kind == CXType_Pointer) {
                CXType pt = clang_getPointeeType(t);
                if (clang_isConstQualifiedType(pt))
                        return false;
        } else if (t.kind != CXType_Record && t.kind != CXType_Elaborated &&
                   t.kind != CXType_Unexposed) {
                return false;
        }
        return dl_body_track(&sm->body, param, 0, sm->end, NULL, NULL);
}

static void summarize(struct dl_summaries *s, struct summary *sm)
{
        CXCursor def = sm->fn;
        /* a function of the project: not a system header's (the C and C++
         * libraries, the SDK's stubs) */
        if (!dl_cx_has_body(def) || clang_Location_isInSystemHeader(clang_getCursorLocation(def)))
                return;
        dl_body_init(&sm->body, s->cx, def);
        sm->ok = true;
        if (sm->body.calls.n > DL_SUMMARY_MAX_CALLS) {
                dl_body_fini(&sm->body);
                sm->ok = false;
                return;
        }
        sm->end = dl_cx_offset(clang_getRangeEnd(clang_getCursorExtent(def)));
        struct scan sc = {sm, s->cx, 0};
        clang_visitChildren(def, scan_writes, &sc);
        int n = clang_Cursor_getNumArguments(def);
        for (int i = 0; i < n && i < 64; i++) {
                CXCursor param = clang_Cursor_getArgument(def, (unsigned)i);
                if (!(sc.written >> i & 1) && !handed_on(sm, param))
                        sm->params |= 1ULL << i;
        }
}

/* The summary of the function call calls, or NULL when it has none. */
static struct summary *summary_of(struct dl_summaries *s, CXCursor call)
{
        CXCursor callee = clang_getCursorReferenced(call);
        enum CXCursorKind k = clang_getCursorKind(callee);
        if (k != CXCursor_FunctionDecl &&
            !(k == CXCursor_CXXMethod && !clang_CXXMethod_isVirtual(callee)))
                return NULL;
        CXCursor def = clang_getCursorDefinition(callee);
        if (clang_Cursor_isNull(def))
                return NULL;
        struct summary *sm = NULL;
        for (size_t i = 0; i < s->items.n && !sm; i++) {
                if (clang_equalCursors(s->items.items[i]->fn, def))
                        sm = s->items.items[i];
        }
        if (!sm) {
                sm = dl_xcalloc(1, sizeof *sm);
                sm->fn = def;
                summarize(s, sm);
                DL_VEC_PUSH(&s->items, sm);
        }
        return sm->ok ? sm : NULL;
}

/* ---- applying one ----------------------------------------------------------- */

/* Is fn being applied, or are summaries applied as deep as allowed? */
static bool too_deep(const struct dl_summaries *s, CXCursor fn)
{
        if (s->depth >= DL_SUMMARY_MAX_DEPTH)
                return true;
        for (unsigned i = 0; i < s->depth; i++) {
                if (clang_equalCursors(s->stack[i], fn))
                        return true; /* recursion */
        }
        return false;
}

static bool same_value(const struct dl_value *a, const struct dl_value *b)
{
        if (a->kind != b->kind || a->n_segs != b->n_segs)
                return false;
        for (size_t i = 0; a->kind == DL_VAL_KNOWN && i < a->n_segs; i++) {
                const struct dl_segment *x = &a->segs[i], *y = &b->segs[i];
                if (!x->text != !y->text ||
                    (x->text && (x->len != y->len || memcmp(x->text, y->text, x->len))) ||
                    (!x->text && !dl_hole_equal(x->hole, y->hole)))
                        return false;
        }
        return true;
}

/* Does fn return a string (a char pointer, or an object: a std::string's
 * text is its value; any other object folds to a hole)? */
static bool returns_string(CXCursor fn)
{
        CXType t = clang_getCanonicalType(clang_getCursorResultType(fn));
        if (t.kind == CXType_Pointer) {
                enum CXTypeKind pk = clang_getCanonicalType(clang_getPointeeType(t)).kind;
                return pk == CXType_Char_S || pk == CXType_Char_U || pk == CXType_SChar ||
                       pk == CXType_UChar;
        }
        return t.kind == CXType_Record;
}

static bool call_value(void *data, struct dl_eval *ev, CXCursor call, struct dl_tmpl *t,
                       unsigned depth)
{
        struct dl_summaries *s = data;
        struct summary *sm = summary_of(s, call);
        if (!sm || !sm->n_returns || !returns_string(sm->fn))
                return false;
        if (sm->n_returns > DL_SUMMARY_MAX_RETURNS || too_deep(s, sm->fn)) {
                dl_tmpl_hole(t, NULL);
                return true;
        }
        s->stack[s->depth++] = sm->fn;
        struct dl_eval_bind bind = {sm->fn, call, ev, sm->params};
        struct dl_value first = {0};
        bool same = true;
        for (unsigned i = 0; i < sm->n_returns && same; i++) {
                CXCursor kid[1];
                if (dl_cx_children(sm->returns[i], kid, 1) < 1) {
                        same = false;
                        break;
                }
                struct dl_eval inner = {ev->cx, &sm->body, dl_cx_cursor_offset(sm->returns[i]),
                                        false,  &s->hooks, &bind};
                struct dl_tmpl r;
                dl_tmpl_init(&r, t->arena);
                dl_eval_fold(&inner, kid[0], &r, depth + 1);
                struct dl_value v = dl_tmpl_finish(&r, dl_cx_cursor_loc(ev->cx, call));
                dl_tmpl_fini(&r);
                if (i == 0)
                        first = v;
                else
                        same = same_value(&first, &v);
        }
        s->depth--;
        if (same)
                dl_tmpl_value(t, &first, false, (struct dl_loc){0});
        else
                dl_tmpl_hole(t, NULL);
        return true;
}

/* Is t a type a function fills: a pointer to non-const char, a non-const
 * reference to an object (a std::string)? */
static bool fillable(CXType t)
{
        t = clang_getCanonicalType(t);
        CXType pt = clang_getCanonicalType(clang_getPointeeType(t));
        if (clang_isConstQualifiedType(pt))
                return false;
        if (t.kind == CXType_Pointer)
                return pt.kind == CXType_Char_S || pt.kind == CXType_Char_U ||
                       pt.kind == CXType_SChar || pt.kind == CXType_UChar;
        return t.kind == CXType_LValueReference && pt.kind == CXType_Record;
}

static bool fill_value(void *data, struct dl_eval *ev, CXCursor call, unsigned arg,
                       struct dl_tmpl *t, unsigned depth)
{
        struct dl_summaries *s = data;
        struct summary *sm = summary_of(s, call);
        if (!sm || arg >= (unsigned)clang_Cursor_getNumArguments(sm->fn) || too_deep(s, sm->fn))
                return false;
        CXCursor param = clang_Cursor_getArgument(sm->fn, arg);
        if (!fillable(clang_getCursorType(param)))
                return false;
        s->stack[s->depth++] = sm->fn;
        struct dl_eval_bind bind = {sm->fn, call, ev, sm->params};
        struct dl_eval inner = {ev->cx, &sm->body, sm->end, false, &s->hooks, &bind};
        bool ok = dl_eval_fill(&inner, param, t, depth);
        s->depth--;
        return ok;
}

/* ---- the table -------------------------------------------------------------- */

struct dl_summaries *dl_summaries_new(struct dl_cx *cx)
{
        struct dl_summaries *s = dl_xcalloc(1, sizeof *s);
        s->cx = cx;
        s->hooks = (struct dl_eval_hooks){call_value, fill_value, s};
        return s;
}

void dl_summaries_free(struct dl_summaries *s)
{
        if (!s)
                return;
        for (size_t i = 0; i < s->items.n; i++) {
                if (s->items.items[i]->ok)
                        dl_body_fini(&s->items.items[i]->body);
                free(s->items.items[i]);
        }
        DL_VEC_FREE(&s->items);
        free(s);
}

const struct dl_eval_hooks *dl_summaries_hooks(struct dl_summaries *s)
{
        return &s->hooks;
}
