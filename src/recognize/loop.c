/* loop.c - the loop around a point of a function body (loop.h), read from
 * the body index's loop ranges (frontend/body.h: each range knows its
 * statement) and the loop statement itself.
 * SPDX-License-Identifier: MIT
 */
#include "loop.h"

#include <limits.h>
#include <string.h>

/* Class templates of the C++ standard library whose size is not fixed. */
static const char *const containers[] = {
        "vector",
        "deque",
        "list",
        "forward_list",
        "set",
        "map",
        "multiset",
        "multimap",
        "unordered_set",
        "unordered_map",
        "unordered_multiset",
        "unordered_multimap",
        "span",
};

/* Is t (a reference stripped) a class of the C++ standard library whose
 * size is not fixed: `std::vector<...>`, also through a typedef such as
 * Aws::Vector (the canonical spelling is std::...::vector<...>)? */
static bool unbounded_container(CXType t)
{
        if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
                t = clang_getPointeeType(t);
        t = clang_getCanonicalType(t);
        if (t.kind != CXType_Record)
                return false;
        CXString s = clang_getTypeSpelling(t);
        const char *p = clang_getCString(s);
        bool yes = false;
        if (p && (!strncmp(p, "std::", 5) || !strncmp(p, "const std::", 11))) {
                const char *lt = strchr(p, '<');
                const char *name = p;
                for (const char *q = p; lt && q < lt; q++) {
                        if (*q == ':')
                                name = q + 1;
                }
                for (size_t i = 0; lt && !yes && i < sizeof containers / sizeof containers[0];
                     i++) {
                        size_t n = strlen(containers[i]);
                        yes = (size_t)(lt - name) == n && !strncmp(name, containers[i], n);
                }
        }
        clang_disposeString(s);
        return yes;
}

struct find_refs {
        const CXCursor *vars;
        unsigned n;
        bool found;
};

static enum CXChildVisitResult refs_visit(CXCursor c, CXCursor parent, CXClientData data)
{
        (void)parent;
        struct find_refs *f = data;
        if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
                CXCursor d = clang_getCursorReferenced(c);
                for (unsigned i = 0; i < f->n; i++) {
                        if (clang_equalCursors(d, f->vars[i])) {
                                f->found = true;
                                return CXChildVisit_Break;
                        }
                }
        }
        return CXChildVisit_Recurse;
}

/* Does e refer to one of vars? */
static bool refers_to_any(CXCursor e, const CXCursor *vars, unsigned n)
{
        struct find_refs f = {vars, n, false};
        if (clang_Cursor_isNull(e))
                return false;
        if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
                refs_visit(e, e, &f);
                return f.found;
        }
        clang_visitChildren(e, refs_visit, &f);
        return f.found;
}

/* Is t a string a call may write through a parameter: a char array, a
 * pointer to non-const char, a std::string? */
static bool writable_string(CXType t)
{
        t = clang_getCanonicalType(t);
        if (t.kind == CXType_ConstantArray || t.kind == CXType_Pointer) {
                CXType e = clang_getCanonicalType(t.kind == CXType_Pointer
                                                          ? clang_getPointeeType(t)
                                                          : clang_getArrayElementType(t));
                return !clang_isConstQualifiedType(e) &&
                       (e.kind == CXType_Char_S || e.kind == CXType_Char_U ||
                        e.kind == CXType_SChar || e.kind == CXType_UChar);
        }
        if (t.kind != CXType_Record)
                return false;
        CXString sp = clang_getTypeSpelling(t);
        bool yes = strstr(clang_getCString(sp), "basic_string<char") != NULL;
        clang_disposeString(sp);
        return yes;
}

/* The call c (in the loop) writes a local string of the function through a
 * non-const pointer or reference parameter while another argument refers
 * to the element: that local is the element's too (struct dl_loop.filled). */
static void derive_written(struct dl_loop *l, CXCursor c)
{
        CXCursor callee = clang_getCursorReferenced(c);
        int n = clang_Cursor_getNumArguments(c), params = clang_Cursor_getNumArguments(callee);
        for (int k = 0; k < n && k < params && l->n_vars < DL_LOOP_MAX_VARS; k++) {
                CXCursor a = dl_cx_strip(clang_Cursor_getArgument(c, (unsigned)k));
                if (clang_getCursorKind(a) != CXCursor_DeclRefExpr)
                        continue;
                CXCursor v = clang_getCursorReferenced(a);
                CXType pt = clang_getCanonicalType(
                        clang_getCursorType(clang_Cursor_getArgument(callee, (unsigned)k)));
                if (clang_getCursorKind(v) != CXCursor_VarDecl || !dl_cx_is_local(v) ||
                    !writable_string(clang_getCursorType(v)) ||
                    (pt.kind != CXType_Pointer && pt.kind != CXType_LValueReference) ||
                    clang_isConstQualifiedType(clang_getPointeeType(pt)) ||
                    refers_to_any(a, l->vars, l->n_vars))
                        continue;
                bool takes = false;
                for (int j = 0; j < n && !takes; j++)
                        takes = j != k && refers_to_any(clang_Cursor_getArgument(c, (unsigned)j),
                                                        l->vars, l->n_vars);
                if (takes) {
                        l->filled |= 1u << l->n_vars;
                        l->vars[l->n_vars++] = v;
                }
        }
}

/* What the walk over a loop's statements gathers. */
struct loop_walk {
        struct dl_loop *l;
        CXCursor index; /* a for's index: is it a subscript? */
        bool subscript; /* `x[index]` seen */
        bool brk;       /* a break seen */
        bool derive;    /* add the locals initialized from the element */
        bool guard;     /* look for a chunk counter (dl_loop_guarded) */
        bool chunk;     /* a comparison with a constant from 2 to 100 seen */
};

/* Is e a comparison with an integer constant from 2 to 100 on either side? */
static bool compares_to_limit(CXCursor e)
{
        CXCursor side[2];
        char op[4];
        if (!dl_cx_binary_operator(e, &side[0], &side[1], op, sizeof op) ||
            (strcmp(op, "<") && strcmp(op, "<=") && strcmp(op, ">") && strcmp(op, ">=") &&
             strcmp(op, "==") && strcmp(op, "!=")))
                return false;
        for (int i = 0; i < 2; i++) {
                CXEvalResult ev = clang_Cursor_Evaluate(dl_cx_strip(side[i]));
                bool limit = ev && clang_EvalResult_getKind(ev) == CXEval_Int &&
                             clang_EvalResult_getAsLongLong(ev) >= 2 &&
                             clang_EvalResult_getAsLongLong(ev) <= 100;
                dl_cx_dispose_eval(ev);
                if (limit)
                        return true;
        }
        return false;
}

static enum CXChildVisitResult loop_visit(CXCursor c, CXCursor parent, CXClientData data)
{
        (void)parent;
        struct loop_walk *w = data;
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k == CXCursor_BreakStmt)
                w->brk = true;
        if (k == CXCursor_BinaryOperator && w->guard && !w->chunk && compares_to_limit(c))
                w->chunk = true;
        if (k == CXCursor_ArraySubscriptExpr && !clang_Cursor_isNull(w->index)) {
                CXCursor kids[2];
                if (dl_cx_children(c, kids, 2) == 2 && refers_to_any(kids[1], &w->index, 1))
                        w->subscript = true;
        }
        if (k == CXCursor_CallExpr && !clang_Cursor_isNull(w->index) &&
            (dl_cx_is_named(c, "operator[]") || dl_cx_is_named(c, "at"))) {
                int n = clang_Cursor_getNumArguments(c);
                for (int i = 0; i < n; i++) {
                        CXCursor a = dl_cx_strip(clang_Cursor_getArgument(c, (unsigned)i));
                        if (refers_to_any(a, &w->index, 1) &&
                            clang_getCursorKind(a) == CXCursor_DeclRefExpr)
                                w->subscript = true;
                }
        }
        if (k == CXCursor_VarDecl && w->derive && w->l->n_vars < DL_LOOP_MAX_VARS &&
            !clang_equalCursors(c, w->l->vars[0]) &&
            refers_to_any(dl_cx_var_init(c), w->l->vars, w->l->n_vars))
                w->l->vars[w->l->n_vars++] = c;
        if (k == CXCursor_CallExpr && w->derive)
                derive_written(w->l, c);
        return CXChildVisit_Recurse;
}

static void walk_loop(struct loop_walk *w)
{
        clang_visitChildren(w->l->stmt, loop_visit, w);
}

/* A for statement: its index and bound from the condition (`i < n`,
 * `i != v.size()`, `n > i`), which starts at or after cond_begin. */
static void classify_for(struct dl_loop *l, unsigned cond_begin)
{
        CXCursor kids[4];
        unsigned n = dl_cx_children(l->stmt, kids, 4);
        CXCursor cond = clang_getNullCursor();
        for (unsigned i = 0; i < n && i < 4; i++) {
                unsigned at = dl_cx_offset(clang_getRangeStart(clang_getCursorExtent(kids[i])));
                if (at >= cond_begin && at < l->head_end) {
                        cond = dl_cx_strip(kids[i]);
                        break;
                }
        }
        CXCursor lhs, rhs;
        char op[4];
        if (clang_Cursor_isNull(cond) || !dl_cx_binary_operator(cond, &lhs, &rhs, op, sizeof op))
                return;
        CXCursor index = dl_cx_strip(lhs), bound = rhs;
        if (!strcmp(op, ">") || !strcmp(op, ">=")) {
                index = dl_cx_strip(rhs);
                bound = lhs;
        } else if (strcmp(op, "<") && strcmp(op, "<=") && strcmp(op, "!=")) {
                return;
        }
        if (clang_getCursorKind(index) != CXCursor_DeclRefExpr)
                return;
        CXEvalResult ev = clang_Cursor_Evaluate(dl_cx_strip(bound));
        bool constant = ev && clang_EvalResult_getKind(ev) == CXEval_Int;
        dl_cx_dispose_eval(ev);
        if (constant) {
                l->kind = DL_LOOP_COUNTED;
                return;
        }
        struct loop_walk w = {l,    clang_getCursorReferenced(index), false, false, false, false,
                              false};
        walk_loop(&w);
        if (!w.subscript)
                return;
        l->kind = DL_LOOP_ELEMENTS;
        l->vars[l->n_vars++] = w.index;
        CXCursor b = dl_cx_strip(bound);
        if (clang_getCursorKind(b) == CXCursor_DeclRefExpr)
                l->bound = clang_getCursorReferenced(b);
}

/* A range-for: its variable and the range it iterates over. */
static void classify_range_for(struct dl_loop *l)
{
        CXCursor kids[4];
        unsigned n = dl_cx_children(l->stmt, kids, 4);
        for (unsigned i = 0; i + 1 < n && i + 1 < 4; i++) {
                if (clang_getCursorKind(kids[i]) != CXCursor_VarDecl)
                        continue;
                CXCursor range = dl_cx_strip(kids[i + 1]);
                CXType t = clang_getCursorType(range);
                if (clang_getCursorKind(range) == CXCursor_InitListExpr ||
                    clang_getCanonicalType(t).kind == CXType_ConstantArray) {
                        l->kind = DL_LOOP_COUNTED;
                } else if (unbounded_container(t)) {
                        l->kind = DL_LOOP_ELEMENTS;
                        l->vars[l->n_vars++] = kids[i];
                }
                return;
        }
}

void dl_loop_at(struct dl_cx *cx, const struct dl_body *b, unsigned off, struct dl_loop *out)
{
        (void)cx;
        memset(out, 0, sizeof *out);
        out->stmt = clang_getNullCursor();
        out->bound = clang_getNullCursor();
        const struct dl_body_cond *best = NULL;
        for (size_t i = 0; i < b->conds.n; i++) {
                const struct dl_body_cond *c = &b->conds.items[i];
                if (c->loop && c->begin <= off && off < c->end &&
                    (!best || c->begin >= best->begin))
                        best = c;
        }
        if (!best)
                return;
        out->kind = DL_LOOP_OTHER;
        out->stmt = best->stmt;
        if (clang_Cursor_isNull(out->stmt))
                return;
        CXSourceRange r = clang_getCursorExtent(out->stmt);
        out->begin = dl_cx_offset(clang_getRangeStart(r));
        out->end = dl_cx_offset(clang_getRangeEnd(r));
        out->head_end = out->begin;
        enum CXCursorKind k = clang_getCursorKind(out->stmt);
        if (k == CXCursor_ForStmt) {
                /* body.c gives a for two loop ranges: from the condition,
                 * and from the increment (conditional) */
                unsigned cond = UINT_MAX, inc = 0;
                for (size_t i = 0; i < b->conds.n; i++) {
                        const struct dl_body_cond *c = &b->conds.items[i];
                        if (!c->loop || !clang_equalCursors(c->stmt, out->stmt))
                                continue;
                        if (c->conditional)
                                inc = c->begin;
                        else
                                cond = c->begin;
                }
                if (cond == UINT_MAX || inc <= cond)
                        return;
                out->head_end = inc;
                classify_for(out, cond);
        } else if (k == CXCursor_CXXForRangeStmt) {
                classify_range_for(out);
        }
        if (out->kind == DL_LOOP_ELEMENTS) {
                struct loop_walk w = {out, clang_getNullCursor(), false, false, true, false, false};
                walk_loop(&w);
        }
}

bool dl_loop_uses_element(const struct dl_body *b, const struct dl_loop *l, unsigned off,
                          bool filled)
{
        if (l->kind != DL_LOOP_ELEMENTS || off == UINT_MAX)
                return false;
        unsigned lo = off, hi = off + 1;
        for (size_t i = 0; i < b->calls.n; i++) {
                /* only the loop's calls: a function with many requests in
                 * loops costs each its loop, not the whole body */
                if (b->calls.items[i].off < l->begin || b->calls.items[i].off >= l->end)
                        continue;
                CXSourceRange r = clang_getCursorExtent(b->calls.items[i].cursor);
                unsigned s = dl_cx_offset(clang_getRangeStart(r)),
                         e = dl_cx_offset(clang_getRangeEnd(r));
                if (s <= off && off < e && (hi - lo == 1 || e - s < hi - lo)) {
                        lo = s;
                        hi = e;
                }
        }
        for (size_t i = 0; i < b->refs.n; i++) {
                const struct dl_body_ref *r = &b->refs.items[i];
                if (r->off < lo || r->off >= hi)
                        continue;
                for (unsigned v = 0; v < l->n_vars; v++) {
                        if ((filled || !(l->filled >> v & 1)) &&
                            clang_equalCursors(r->decl, l->vars[v]))
                                return true;
                }
        }
        return false;
}

/* A reference to a loop's bound variable outside the loop. */
struct outside {
        const struct dl_loop *l;
        unsigned before;
        bool seen;
};

static bool bound_site(void *data, const struct dl_body_site *site)
{
        struct outside *o = data;
        unsigned off = site->ref->off;
        if (off < o->before && (off < o->l->begin || off >= o->l->end))
                o->seen = true;
        return true;
}

bool dl_loop_guarded(struct dl_cx *cx, const struct dl_body *b, const struct dl_loop *l,
                     unsigned before)
{
        struct dl_loop copy = *l;
        struct loop_walk w = {&copy, clang_getNullCursor(), false, false, false, true, false};
        if (!clang_Cursor_isNull(l->stmt))
                walk_loop(&w);
        if (w.brk || w.chunk)
                return true;
        struct outside o = {l, before, false};
        if (!clang_Cursor_isNull(l->bound))
                dl_body_track(b, l->bound, 0, before, bound_site, &o);
        if (o.seen)
                return true;
        for (size_t i = 0; i < b->calls.n; i++) {
                const struct dl_body_call *c = &b->calls.items[i];
                if (c->off >= before || (c->off >= l->begin && c->off < l->head_end))
                        continue;
                const char *name = dl_cx_spelling(cx, c->cursor);
                if (name &&
                    (!strcmp(name, "size") || !strcmp(name, "length") || !strcmp(name, "count")))
                        return true;
        }
        return false;
}

unsigned dl_loop_offset(struct dl_cx *cx, const struct dl_body *b, const struct dl_loc *loc)
{
        if (!dl_loc_valid(loc))
                return UINT_MAX;
        CXFile file = NULL;
        clang_getExpansionLocation(clang_getCursorLocation(b->func), &file, NULL, NULL, NULL);
        const char *name = dl_cx_file_name(cx, file);
        if (!file || !name || strcmp(name, loc->file) != 0)
                return UINT_MAX;
        CXTranslationUnit tu = clang_Cursor_getTranslationUnit(b->func);
        return dl_cx_offset(clang_getLocation(tu, file, loc->line, loc->col));
}
