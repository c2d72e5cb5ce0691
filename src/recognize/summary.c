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
#include "../frontend/buffer.h"
#include "../frontend/cx.h"
#include "../model/template.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct summary {
        CXCursor fn;
        bool ok;
        struct dl_body body;
        unsigned long long params; /* bit i: parameter i never changed */
        CXCursor returns[DL_SUMMARY_MAX_RETURNS];
        unsigned n_returns; /* may exceed DL_SUMMARY_MAX_RETURNS: no value */
        unsigned end;       /* offset of the end of the body */
        /* what it gives as a helper (model/helper.h), made on demand */
        bool helper_done, helper_ok;
        struct dl_helper helper;
        unsigned unknown_fill; /* dl_summaries_unknown_fill */
};

struct dl_summaries {
        struct dl_cx *cx;
        struct dl_eval_hooks hooks;
        DL_VEC(struct summary *) items;
        CXCursor stack[DL_SUMMARY_MAX_DEPTH]; /* summaries being applied */
        unsigned depth;
        /* helpers of other units (sorted by USR) and the engine's reading
         * of an AttributeValue call (dl_summaries_set_helpers) */
        const struct dl_helper *ext;
        size_t n_ext;
        dl_attr_call_fn attr_call;
        void *attr_data;
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

/* Is callee a function a summary may stand for (not virtual)? */
static bool summarizable(CXCursor callee)
{
        enum CXCursorKind k = clang_getCursorKind(callee);
        return k == CXCursor_FunctionDecl ||
               (k == CXCursor_CXXMethod && !clang_CXXMethod_isVirtual(callee));
}

static struct summary *summary_def(struct dl_summaries *s, CXCursor def);

/* The summary of the function call calls, or NULL when it has none. */
static struct summary *summary_of(struct dl_summaries *s, CXCursor call)
{
        CXCursor callee = clang_getCursorReferenced(call);
        if (!summarizable(callee))
                return NULL;
        CXCursor def = clang_getCursorDefinition(callee);
        if (clang_Cursor_isNull(def))
                return NULL;
        return summary_def(s, def);
}

/* The summary of the function definition def, or NULL when it has none. */
static struct summary *summary_def(struct dl_summaries *s, CXCursor def)
{
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

/* Is t (canonical) a pointer to a char? */
static bool char_pointer(CXType t)
{
        if (t.kind != CXType_Pointer)
                return false;
        enum CXTypeKind pk = clang_getCanonicalType(clang_getPointeeType(t)).kind;
        return pk == CXType_Char_S || pk == CXType_Char_U || pk == CXType_SChar ||
               pk == CXType_UChar;
}

/* Is t a string type: a char pointer, or a class whose name says string
 * (std::string, Aws::String)? */
static bool string_type(CXType t)
{
        t = clang_getCanonicalType(t);
        if (t.kind != CXType_Record)
                return char_pointer(t);
        CXString sp = clang_getTypeSpelling(t);
        bool yes = strstr(clang_getCString(sp), "basic_string<char") != NULL;
        clang_disposeString(sp);
        return yes;
}

/* Does fn return a string (a char pointer, or an object: a std::string's
 * text is its value; any other object folds to a hole)? */
static bool returns_string(CXCursor fn)
{
        CXType t = clang_getCanonicalType(clang_getCursorResultType(fn));
        return t.kind == CXType_Record || char_pointer(t);
}

/* Does the return statement ret of a function returning a char pointer
 * give a null pointer (`return NULL;`: its failure, no text)? */
static bool null_return(CXCursor fn, CXCursor ret)
{
        CXCursor kid[1];
        if (!char_pointer(clang_getCanonicalType(clang_getCursorResultType(fn))) ||
            dl_cx_children(ret, kid, 1) < 1)
                return false;
        enum CXCursorKind k = clang_getCursorKind(dl_cx_strip(kid[0]));
        return k == CXCursor_GNUNullExpr || k == CXCursor_CXXNullPtrLiteralExpr ||
               dl_cx_is_zero_literal(kid[0]);
}

static const struct dl_helper *helper_at(struct dl_summaries *s, CXCursor call);

/* A helper's parameter put in at a call (dl_helper_param_fn): the
 * caller's argument, folded where the caller stands. */
struct put_arg {
        struct dl_eval *ev;
        CXCursor call;
        unsigned depth;
};

static void put_arg(void *data, struct dl_tmpl *t, unsigned n)
{
        struct put_arg *p = data;
        if (n > (unsigned)clang_Cursor_getNumArguments(p->call)) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        dl_eval_fold(p->ev, clang_Cursor_getArgument(p->call, n - 1), t, p->depth + 1);
}

/* Append to t the template of the helper h of another file at call, its
 * parameters the caller's arguments. */
static void append_helper(struct dl_eval *ev, CXCursor call, const struct dl_helper *h,
                          struct dl_tmpl *t, unsigned depth)
{
        struct put_arg p = {ev, call, depth};
        dl_helper_append(t, h->value, dl_cx_cursor_loc(ev->cx, call), put_arg, &p);
}

static bool call_value(void *data, struct dl_eval *ev, CXCursor call, struct dl_tmpl *t,
                       unsigned depth)
{
        struct dl_summaries *s = data;
        struct summary *sm = summary_of(s, call);
        if (!sm) {
                /* defined in another file: what the first pass found there */
                const struct dl_helper *h = helper_at(s, call);
                if (!h || h->kind != DL_HELPER_VALUE || h->attr != DL_ATTR_UNKNOWN || !h->value ||
                    h->fill)
                        return false;
                append_helper(ev, call, h, t, depth);
                return true;
        }
        if (!sm->n_returns || !returns_string(sm->fn))
                return false;
        if (sm->n_returns > DL_SUMMARY_MAX_RETURNS || too_deep(s, sm->fn)) {
                dl_tmpl_hole(t, NULL);
                return true;
        }
        s->stack[s->depth++] = sm->fn;
        struct dl_eval_bind bind = {sm->fn, call, ev, sm->params, NULL};
        struct dl_value first = {0};
        bool same = true, any = false;
        for (unsigned i = 0; i < sm->n_returns && same; i++) {
                CXCursor kid[1];
                if (null_return(sm->fn, sm->returns[i]))
                        continue;
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
                if (!any)
                        first = v;
                else
                        same = dl_value_same(&first, &v);
                any = true;
        }
        s->depth--;
        if (same && any)
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

/* The text a helper of another file writes into the argument arg
 * (0-based) of call: its template with the caller's arguments, cut to the
 * caller's size when the helper's write is bounded by a parameter (the C
 * buffer model, frontend/buffer.h). False when it writes no other. */
static bool fill_from_helper(struct dl_summaries *s, struct dl_eval *ev, CXCursor call,
                             unsigned arg, struct dl_tmpl *t, unsigned depth)
{
        const struct dl_helper *h = helper_at(s, call);
        if (!h || h->fill != arg + 1 || !h->value)
                return false;
        long long size = -1;
        if (h->bound && (h->bound > (unsigned)clang_Cursor_getNumArguments(call) ||
                         !dl_eval_size(ev, clang_Cursor_getArgument(call, h->bound - 1), &size)))
                return false;
        struct dl_tmpl src;
        dl_tmpl_init(&src, t->arena);
        append_helper(ev, call, h, &src, depth);
        struct dl_value v = dl_tmpl_finish(&src, dl_cx_cursor_loc(ev->cx, call));
        dl_tmpl_fini(&src);
        struct dl_buffer b;
        dl_buffer_init(&b, t->arena, NULL, false);
        dl_buffer_write(&b, DL_BUF_PRINT, &v, size);
        dl_tmpl_value(t, &b.val, false, (struct dl_loc){0});
        return true;
}

static bool fill_value(void *data, struct dl_eval *ev, CXCursor call, unsigned arg,
                       struct dl_tmpl *t, unsigned depth)
{
        struct dl_summaries *s = data;
        struct summary *sm = summary_of(s, call);
        if (!sm)
                return fill_from_helper(s, ev, call, arg, t, depth);
        if (arg >= (unsigned)clang_Cursor_getNumArguments(sm->fn) || too_deep(s, sm->fn))
                return false;
        CXCursor param = clang_Cursor_getArgument(sm->fn, arg);
        if (!fillable(clang_getCursorType(param)))
                return false;
        s->stack[s->depth++] = sm->fn;
        struct dl_eval_bind bind = {sm->fn, call, ev, sm->params, NULL};
        struct dl_eval inner = {ev->cx, &sm->body, sm->end, false, &s->hooks, &bind};
        bool ok = dl_eval_fill(&inner, param, t, depth);
        s->depth--;
        return ok;
}

/* ---- helpers: what a function gives other units (model/helper.h) ------------ */

/* Does fn return an AttributeValue (by value)? */
static bool returns_attr(struct dl_cx *cx, CXCursor fn)
{
        CXType t = clang_getCanonicalType(clang_getCursorResultType(fn));
        if (t.kind != CXType_Record)
                return false;
        const char *name = dl_cx_take(cx->arena, clang_getTypeSpelling(t));
        const char *last = strrchr(name, ':');
        return !strcmp(last ? last + 1 : name, "AttributeValue");
}

/* e without the conversions that keep a string's text whole: `s.c_str()`,
 * `s.data()`, `Aws::String(s)`, `std::string(s.c_str())`. */
static CXCursor whole(CXCursor e)
{
        for (int i = 0; i < 8; i++) {
                e = dl_cx_strip(e);
                if (clang_getCursorKind(e) != CXCursor_CallExpr)
                        break;
                CXCursor callee = clang_getCursorReferenced(e);
                int n = clang_Cursor_getNumArguments(e);
                if (n == 0 && (dl_cx_is_named(e, "c_str") || dl_cx_is_named(e, "data"))) {
                        CXCursor obj = dl_cx_member_object(e);
                        if (clang_Cursor_isNull(obj))
                                break;
                        e = obj;
                } else if (n == 1 && clang_getCursorKind(callee) == CXCursor_Constructor &&
                           string_type(clang_getCursorType(e))) {
                        e = clang_Cursor_getArgument(e, 0);
                } else {
                        break;
                }
        }
        return e;
}

/* A local AttributeValue a helper returns (`AttributeValue v; v.SetS(s);
 * return v;`): its last typed setter before the return, provided it is
 * default-constructed, every setter runs on every path and nothing else
 * may change it. */
struct attr_local {
        struct dl_summaries *s;
        unsigned use;
        enum dl_attr_type type;
        CXCursor arg;
        bool unsure;
};

static bool attr_local_site(void *data, const struct dl_body_site *site)
{
        struct attr_local *w = data;
        if (site->ref->off >= w->use)
                return true; /* the return itself, or after it */
        if (site->call < 0 || site->arg != DL_BODY_OBJECT)
                return false;
        const struct dl_body_call *c = &site->body->calls.items[site->call];
        CXCursor arg = clang_getNullCursor();
        bool copy = false;
        enum dl_attr_type t = w->s->attr_call(w->s->attr_data, c->cursor, &arg, &copy);
        if (t == DL_ATTR_UNKNOWN || copy)
                return false;
        if (dl_body_when(site->body, c->off, w->use) != DL_WHEN_SURE)
                w->unsure = true;
        w->type = t;
        w->arg = arg;
        return true;
}

/* The type of the local AttributeValue var returned at offset use, *arg
 * its setter's scalar argument (a null cursor when none). */
static enum dl_attr_type attr_local(struct dl_summaries *s, struct summary *sm, CXCursor var,
                                    unsigned use, CXCursor *arg)
{
        CXCursor init = dl_cx_strip(dl_cx_var_init(var));
        if (clang_getCursorKind(var) != CXCursor_VarDecl ||
            clang_Cursor_getStorageClass(var) == CX_SC_Static ||
            (!clang_Cursor_isNull(init) && (clang_getCursorKind(init) != CXCursor_CallExpr ||
                                            clang_Cursor_getNumArguments(init) != 0)))
                return DL_ATTR_UNKNOWN;
        struct attr_local w = {s, use, DL_ATTR_UNKNOWN, clang_getNullCursor(), false};
        if (dl_body_track(&sm->body, var, dl_cx_cursor_offset(var), use, attr_local_site, &w) ||
            w.unsure)
                return DL_ATTR_UNKNOWN;
        *arg = w.arg;
        return w.type;
}

/* The AttributeValue return e of sm: its type and either the parameter
 * passed through whole as its scalar (*param, 1-based) or its scalar
 * folded with the parameters as holes (*value, heap; "<?>" when nothing
 * is known of it). DL_ATTR_UNKNOWN when e is no AttributeValue the engine
 * reads. */
static enum dl_attr_type attr_return(struct dl_summaries *s, struct summary *sm, CXCursor ret,
                                     CXCursor e, unsigned *param, char **value)
{
        *param = 0;
        *value = NULL;
        if (!s->attr_call)
                return DL_ATTR_UNKNOWN;
        for (int i = 0; i < 16; i++) {
                e = dl_cx_strip(e);
                CXCursor arg = clang_getNullCursor();
                bool copy = false;
                enum dl_attr_type type;
                if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
                        type = attr_local(s, sm, clang_getCursorReferenced(e),
                                          dl_cx_cursor_offset(ret), &arg);
                else if (clang_getCursorKind(e) == CXCursor_CallExpr)
                        type = s->attr_call(s->attr_data, e, &arg, &copy);
                else
                        return DL_ATTR_UNKNOWN;
                if (copy) {
                        e = arg;
                        continue;
                }
                if (type == DL_ATTR_UNKNOWN)
                        return type;
                int p = clang_Cursor_isNull(arg) ? -1 : param_index(sm, whole(arg));
                if (p >= 0 && p < 64 && (sm->params >> p & 1)) {
                        *param = (unsigned)p + 1;
                        return type;
                }
                struct dl_value v = {0};
                if (!clang_Cursor_isNull(arg)) {
                        struct dl_eval inner = {s->cx, &sm->body, dl_cx_cursor_offset(ret),
                                                false, &s->hooks, NULL};
                        v = dl_eval_string(&inner, arg, dl_cx_cursor_loc(s->cx, arg));
                }
                *value = dl_helper_encode(&v);
                if (!*value)
                        *value = dl_xstrdup("<?>");
                return type;
        }
        return DL_ATTR_UNKNOWN;
}

/* Does a string function of the table write into param in sm's body? */
static bool written(const struct summary *sm, CXCursor param)
{
        for (size_t i = 0; i < sm->body.calls.n; i++) {
                CXCursor c = sm->body.calls.items[i].cursor;
                int out = dl_eval_written_arg(c);
                if (out < 0 || out >= clang_Cursor_getNumArguments(c))
                        continue;
                CXCursor a = dl_cx_strip(clang_Cursor_getArgument(c, (unsigned)out));
                if (clang_getCursorKind(a) == CXCursor_DeclRefExpr &&
                    clang_equalCursors(clang_getCursorReferenced(a), param))
                        return true;
        }
        return false;
}

/* The helper sm is when it returns no string: the text it writes into
 * its first parameter it fills (a char buffer, a std::string by
 * reference) on every path, with known text, each unchanged string
 * parameter the caller's argument (struct dl_eval_bind, export). False
 * when none. */
static bool make_fill_helper(struct dl_summaries *s, struct summary *sm, struct dl_helper *h)
{
        if (too_deep(s, sm->fn))
                return false;
        int n = clang_Cursor_getNumArguments(sm->fn);
        bool ok = false;
        s->stack[s->depth++] = sm->fn;
        for (int i = 0; i < n && i < 64 && !ok; i++) {
                CXCursor param = clang_Cursor_getArgument(sm->fn, (unsigned)i);
                if (!fillable(clang_getCursorType(param)))
                        continue;
                unsigned bound = 0;
                struct dl_eval_bind bind = {sm->fn, clang_getNullCursor(), NULL, sm->params,
                                            &bound};
                struct dl_eval inner = {s->cx, &sm->body, sm->end, false, &s->hooks, &bind};
                struct dl_tmpl t;
                dl_tmpl_init(&t, s->cx->arena);
                bool known = dl_eval_fill(&inner, param, &t, 0);
                struct dl_value v = dl_tmpl_finish(&t, (struct dl_loc){0});
                dl_tmpl_fini(&t);
                if (!known || bound == UINT_MAX) {
                        if (!sm->unknown_fill && written(sm, param))
                                sm->unknown_fill = (unsigned)i + 1;
                        continue;
                }
                h->value = dl_helper_encode(&v);
                h->fill = (unsigned)i + 1;
                h->bound = bound;
                ok = h->value != NULL;
        }
        s->depth--;
        return ok;
}

/* The helper sm is: every return gives the same string template with
 * some known text, or the same AttributeValue; else what it fills
 * (make_fill_helper). False when it is none. */
static bool make_helper(struct dl_summaries *s, struct summary *sm, struct dl_helper *h)
{
        memset(h, 0, sizeof *h);
        bool attr = returns_attr(s->cx, sm->fn);
        if (!sm->n_returns || sm->n_returns > DL_SUMMARY_MAX_RETURNS ||
            (!attr && !returns_string(sm->fn)) || too_deep(s, sm->fn))
                return make_fill_helper(s, sm, h);
        s->stack[s->depth++] = sm->fn;
        bool ok = true, any = false;
        struct dl_arena *arena = s->cx->arena;
        /* exported: each unchanged parameter the caller's argument */
        struct dl_eval_bind bind = {sm->fn, clang_getNullCursor(), NULL, sm->params, NULL};
        for (unsigned i = 0; i < sm->n_returns && ok; i++) {
                CXCursor kid[1];
                struct dl_helper r = {0};
                if (!attr && null_return(sm->fn, sm->returns[i]))
                        continue;
                if (dl_cx_children(sm->returns[i], kid, 1) < 1) {
                        ok = false;
                        break;
                }
                if (attr) {
                        r.attr = attr_return(s, sm, sm->returns[i], kid[0], &r.param, &r.value);
                        ok = r.attr != DL_ATTR_UNKNOWN;
                } else {
                        struct dl_eval inner = {
                                s->cx, &sm->body, dl_cx_cursor_offset(sm->returns[i]),
                                false, &s->hooks, &bind};
                        struct dl_tmpl t;
                        dl_tmpl_init(&t, arena);
                        dl_eval_fold(&inner, kid[0], &t, 0);
                        struct dl_value v = dl_tmpl_finish(&t, (struct dl_loc){0});
                        dl_tmpl_fini(&t);
                        r.value = dl_helper_encode(&v);
                        ok = r.value != NULL;
                }
                if (ok && any)
                        ok = r.attr == h->attr && r.param == h->param && !r.value == !h->value &&
                             (!r.value || !strcmp(r.value, h->value));
                if (!any) {
                        *h = r;
                        any = true;
                        continue;
                }
                free(r.value);
        }
        s->depth--;
        if (!ok || !any) {
                dl_helper_fini(h);
                return false;
        }
        return true;
}

/* The helper of the definition sm, made once. */
static const struct dl_helper *helper_of(struct dl_summaries *s, struct summary *sm)
{
        if (!sm->helper_done) {
                sm->helper_done = true;
                sm->helper_ok = make_helper(s, sm, &sm->helper);
        }
        return sm->helper_ok ? &sm->helper : NULL;
}

/* The helper a call stands for: its callee's in this unit, else the one
 * the first pass found in another file (by USR), else NULL. */
static const struct dl_helper *helper_at(struct dl_summaries *s, CXCursor call)
{
        CXCursor callee = clang_getCursorReferenced(call);
        if (!summarizable(callee))
                return NULL;
        CXCursor def = clang_getCursorDefinition(callee);
        if (!clang_Cursor_isNull(def)) {
                struct summary *sm = summary_def(s, def);
                return sm ? helper_of(s, sm) : NULL;
        }
        if (!s->n_ext)
                return NULL;
        const char *usr = dl_cx_take(s->cx->arena, clang_getCursorUSR(callee));
        return usr[0] ? dl_helper_find(s->ext, s->n_ext, usr) : NULL;
}

const struct dl_helper *dl_summaries_external(struct dl_summaries *s, CXCursor call)
{
        CXCursor callee = clang_getCursorReferenced(call);
        if (!s->n_ext || !summarizable(callee) ||
            !clang_Cursor_isNull(clang_getCursorDefinition(callee)))
                return NULL;
        const char *usr = dl_cx_take(s->cx->arena, clang_getCursorUSR(callee));
        return usr[0] ? dl_helper_find(s->ext, s->n_ext, usr) : NULL;
}

void dl_summaries_set_helpers(struct dl_summaries *s, const struct dl_helper *v, size_t n,
                              dl_attr_call_fn attr_call, void *data)
{
        s->ext = v;
        s->n_ext = n;
        s->attr_call = attr_call;
        s->attr_data = data;
}

enum dl_attr_type dl_summaries_attr(struct dl_summaries *s, struct dl_eval *ev, CXCursor call,
                                    struct dl_value *scalar)
{
        const struct dl_helper *h = helper_at(s, call);
        if (!h || h->kind != DL_HELPER_VALUE || h->attr == DL_ATTR_UNKNOWN)
                return DL_ATTR_UNKNOWN;
        struct dl_loc at = dl_cx_cursor_loc(ev->cx, call);
        if (h->param) {
                /* the caller's argument, folded where the caller stands */
                unsigned n = (unsigned)clang_Cursor_getNumArguments(call);
                CXCursor a = h->param <= n ? clang_Cursor_getArgument(call, h->param - 1)
                                           : clang_getNullCursor();
                *scalar = clang_Cursor_isNull(a)
                                  ? dl_value_dynamic(at)
                                  : dl_eval_string(ev, a, dl_cx_cursor_loc(ev->cx, a));
                return h->attr;
        }
        struct dl_tmpl t;
        dl_tmpl_init(&t, ev->cx->arena);
        dl_helper_append(&t, h->value, at, NULL, NULL);
        *scalar = dl_tmpl_finish(&t, at);
        dl_tmpl_fini(&t);
        return h->attr;
}

/* out (zeroed) names the definition def: its USR, name and place. False
 * when it has no USR. */
static bool name_record(struct dl_summaries *s, CXCursor def, struct dl_helper *out)
{
        const char *usr = dl_cx_take(s->cx->arena, clang_getCursorUSR(def));
        if (!usr[0])
                return false;
        struct dl_loc at = dl_cx_cursor_loc(s->cx, def);
        out->usr = dl_xstrdup(usr);
        out->name = dl_xstrdup(dl_cx_qualified_name(s->cx, def));
        out->loc = at;
        out->loc.file = dl_xstrdup(at.file);
        return true;
}

bool dl_summaries_export(struct dl_summaries *s, CXCursor fn, struct dl_helper *out)
{
        memset(out, 0, sizeof *out);
        if (!summarizable(fn) || clang_getCursorLinkage(fn) != CXLinkage_External ||
            !dl_cx_is_main_file(s->cx, fn))
                return false;
        CXCursor def = clang_getCursorDefinition(fn);
        struct summary *sm = clang_Cursor_isNull(def) ? NULL : summary_def(s, def);
        const struct dl_helper *h = sm ? helper_of(s, sm) : NULL;
        if (!h || !name_record(s, def, out))
                return false;
        out->attr = h->attr;
        out->param = h->param;
        out->fill = h->fill;
        out->bound = h->bound;
        out->value = dl_xstrdup(h->value);
        return true;
}

bool dl_summaries_unknown_fill(struct dl_summaries *s, CXCursor fn, struct dl_helper *out)
{
        memset(out, 0, sizeof *out);
        CXCursor def = clang_getCursorDefinition(fn);
        if (!summarizable(fn) || clang_Cursor_isNull(def) || !dl_cx_is_main_file(s->cx, def))
                return false;
        struct summary *sm = summary_def(s, def);
        const struct dl_helper *h = sm ? helper_of(s, sm) : NULL;
        if (!sm || h || !sm->unknown_fill || !name_record(s, def, out))
                return false;
        out->fill = sm->unknown_fill;
        return true;
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
                dl_helper_fini(&s->items.items[i]->helper);
                free(s->items.items[i]);
        }
        DL_VEC_FREE(&s->items);
        free(s);
}

const struct dl_eval_hooks *dl_summaries_hooks(struct dl_summaries *s)
{
        return &s->hooks;
}
