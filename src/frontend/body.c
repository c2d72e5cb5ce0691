/* body.c - the index of one function body (calls, references, ranges of
 * conditional code), the "happens before" rule and the walk over the
 * references of a tracked local object.
 * SPDX-License-Identifier: MIT
 */
#include "body.h"

#include "cx.h"

#include <stdlib.h>
#include <string.h>

/* Is an expression of c (or c itself) written in a macro's argument, i.e.
 * code of the user inside a macro expansion (its file location is not its
 * expansion location)? */
static enum CXChildVisitResult arg_code_visit(CXCursor c, CXCursor parent, CXClientData data)
{
        bool *found = data;
        (void)parent;
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k == CXCursor_CallExpr || k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) {
                unsigned o1 = 0, o2 = 0;
                clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &o1);
                clang_getFileLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &o2);
                if (o1 != o2) {
                        *found = true;
                        return CXChildVisit_Break;
                }
        }
        return CXChildVisit_Recurse;
}

static bool holds_arg_code(CXCursor c)
{
        bool found = false;
        if (arg_code_visit(c, clang_getNullCursor(), &found) == CXChildVisit_Recurse)
                clang_visitChildren(c, arg_code_visit, &found);
        return found;
}

/* A conditional statement that a macro wraps around its arguments and that
 * is not conditional for them: iowow's `rc = expr; if (rc) goto label`
 * (the branch holds none of the arguments' code: the argument before it
 * always runs), and `do { ... } while (0)` (its body runs once). Every
 * expression inside a macro expansion has the expansion's offset, so the
 * statement's range would otherwise make the arguments conditional. */
static bool macro_guard(struct dl_cx *cx, CXCursor c, enum CXCursorKind k)
{
        if ((k != CXCursor_IfStmt && k != CXCursor_DoStmt) || !dl_cx_in_macro(cx, c))
                return false;
        CXCursor kids[3];
        unsigned n = dl_cx_children(c, kids, 3);
        if (k == CXCursor_DoStmt)
                return n == 2 && dl_cx_is_zero_literal(kids[1]);
        for (unsigned i = 1; i < n && i < 3; i++) {
                if (holds_arg_code(kids[i]))
                        return false;
        }
        return n >= 2;
}

/* Record [begin, end) as loop and/or conditional code. */
static void push_cond(struct dl_body *b, unsigned begin, unsigned end, bool loop, bool conditional,
                      CXCursor stmt)
{
        struct dl_body_cond cond = {
                begin, end > begin ? end : begin + 1, loop, conditional, -1, 0, false, stmt};
        DL_VEC_PUSH(&b->conds, cond);
}

/* The offset where the else branch of the if statement c begins (its then
 * branch begins at branch), or 0 when it has none. */
static unsigned else_begin(CXCursor c, unsigned branch)
{
        CXCursor kids[5];
        unsigned n = dl_cx_children(c, kids, 5);
        for (unsigned i = 0; i + 1 < n && i + 1 < 5; i++) {
                if (dl_cx_offset(clang_getRangeStart(clang_getCursorExtent(kids[i]))) == branch)
                        return dl_cx_offset(
                                clang_getRangeStart(clang_getCursorExtent(kids[i + 1])));
        }
        return 0;
}

/* The head of the if, switch, while or for statement c (begin offset
 * begin): *branch is the offset of the statement after the `)` closing the
 * head (the then-branch or the body), and for a for statement semi[0] and
 * semi[1] the offsets just past the two `;` of the head (the condition and
 * the increment begin there). false when the head cannot be read (a head
 * written by a macro): then the whole statement counts as conditional. */
static bool statement_head(CXCursor c, unsigned begin, unsigned end, unsigned *branch,
                           unsigned semi[2])
{
        CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
        CXCursor kids[8];
        unsigned n = dl_cx_children(c, kids, 8);
        CXSourceLocation start = clang_getRangeStart(clang_getCursorExtent(c)), from = start;
        CXSourceLocation at = start;
        bool found = false, is_for = clang_getCursorKind(c) == CXCursor_ForStmt;
        unsigned nsemi = 0;
        /* the branch is the first child after a gap holding `)`: the gaps
         * before it are `if (`, `;` of an init statement or a for's head,
         * or nothing; a for's `;` at parenthesis depth 1 are in these gaps
         * too (a declaration's `;` ends the child: its end is the mark) */
        for (unsigned i = 0; i < n && !found; i++) {
                CXSourceRange kid = clang_getCursorExtent(kids[i]);
                CXToken *toks = NULL;
                unsigned nt = 0;
                clang_tokenize(tu, clang_getRange(from, clang_getRangeStart(kid)), &toks, &nt);
                for (unsigned t = 0; t < nt && !found; t++) {
                        if (clang_getTokenKind(toks[t]) != CXToken_Punctuation)
                                continue;
                        CXString s = clang_getTokenSpelling(tu, toks[t]);
                        const char *p = clang_getCString(s);
                        found = p && !strcmp(p, ")");
                        if (is_for && p && !strcmp(p, ";") && nsemi < 2)
                                semi[nsemi++] = dl_cx_offset(
                                        clang_getRangeEnd(clang_getTokenExtent(tu, toks[t])));
                        clang_disposeString(s);
                }
                dl_cx_dispose_tokens(tu, toks, nt);
                if (found)
                        at = clang_getRangeStart(kid);
                else if (is_for && nsemi < 2 && clang_getCursorKind(kids[i]) == CXCursor_DeclStmt)
                        semi[nsemi++] = dl_cx_offset(clang_getRangeEnd(kid));
                from = clang_getRangeEnd(kid);
        }
        *branch = dl_cx_offset(at);
        if (!found || *branch <= begin || *branch >= end)
                return false;
        return !is_for ||
               (nsemi == 2 && begin < semi[0] && semi[0] <= semi[1] && semi[1] <= *branch);
}

/* Index the statement c (kind k) that has a condition: its branches are
 * conditional code, a loop's head after a for's init is loop code, and the
 * condition itself runs whenever the statement does. */
static void index_statement(struct dl_body *b, CXCursor c, enum CXCursorKind k)
{
        CXSourceRange r = clang_getCursorExtent(c);
        unsigned begin = dl_cx_offset(clang_getRangeStart(r)),
                 end = dl_cx_offset(clang_getRangeEnd(r));
        bool loop =
                k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_CXXForRangeStmt;
        unsigned branch = 0, semi[2] = {0, 0};
        if (k == CXCursor_ConditionalOperator) {
                CXCursor kids[3];
                if (dl_cx_children(c, kids, 3) == 3) {
                        push_cond(b,
                                  dl_cx_offset(clang_getRangeStart(clang_getCursorExtent(kids[1]))),
                                  end, false, true, c);
                        return;
                }
        } else if (statement_head(c, begin, end, &branch, semi)) {
                if (k == CXCursor_ForStmt) {
                        push_cond(b, semi[0], end, true, false, c); /* condition, increment, body */
                        push_cond(b, semi[1], end, true, true, c);  /* increment, body */
                        return;
                }
                if (loop)
                        push_cond(b, begin, end, true, false, c);
                push_cond(b, branch, end, loop, true, c);
                if (k == CXCursor_IfStmt) {
                        b->conds.items[b->conds.n - 1].is_if = true;
                        unsigned split = else_begin(c, branch);
                        if (split > branch && split < end)
                                b->conds.items[b->conds.n - 1].split = split;
                }
                return;
        }
        push_cond(b, begin, end, loop, true, c);
}

/* `v = value` seen by the visit: linked once the body is indexed. */
struct assign {
        CXCursor lhs, rhs;
};

struct index_state {
        struct dl_body *b;
        struct dl_cx *cx;
        DL_VEC(struct assign) assigns;
        DL_VEC(struct assign) inits; /* a local variable (lhs) and its initializer */
        DL_VEC(CXCursor) members;    /* member expressions */
        DL_VEC(CXCursor) copies;     /* returned expressions */
        DL_VEC(CXCursor) statements; /* expressions that are statements of their own */
};

/* e (dl_cx_strip), through a copy or move construction (`auto o = f();`
 * before C++17: a constructor of one argument). */
static CXCursor value_of(CXCursor e)
{
        for (int i = 0; i < 8; i++) {
                e = dl_cx_strip(e);
                if (clang_getCursorKind(e) != CXCursor_CallExpr ||
                    clang_getCursorKind(clang_getCursorReferenced(e)) != CXCursor_Constructor ||
                    clang_Cursor_getNumArguments(e) != 1)
                        return e;
                e = clang_Cursor_getArgument(e, 0);
        }
        return e;
}

static bool is_block(enum CXCursorKind k)
{
        return k == CXCursor_CompoundStmt || k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt ||
               k == CXCursor_LabelStmt;
}

static enum CXChildVisitResult index_visit(CXCursor c, CXCursor parent, CXClientData data)
{
        struct index_state *st = data;
        struct dl_body *b = st->b;
        enum CXCursorKind k = clang_getCursorKind(c);
        unsigned off = dl_cx_offset(clang_getCursorLocation(c));
        if (clang_isExpression(k) && is_block(clang_getCursorKind(parent)))
                DL_VEC_PUSH(&st->statements, c);
        switch (k) {
        case CXCursor_CallExpr: {
                struct dl_body_call call = {c,    off, -1, DL_BODY_OBJECT, clang_getNullCursor(),
                                            false};
                DL_VEC_PUSH(&b->calls, call);
                break;
        }
        case CXCursor_DeclRefExpr: {
                struct dl_body_ref ref = {c,
                                          clang_getCursorReferenced(c),
                                          off,
                                          -1,
                                          DL_BODY_OBJECT,
                                          -1,
                                          -1,
                                          clang_getNullCursor(),
                                          clang_getNullCursor(),
                                          -1,
                                          false};
                DL_VEC_PUSH(&b->refs, ref);
                break;
        }
        case CXCursor_MemberRefExpr: DL_VEC_PUSH(&st->members, c); break;
        case CXCursor_VarDecl: {
                struct assign a = {c, dl_cx_var_init(c)};
                if (!clang_Cursor_isNull(a.rhs))
                        DL_VEC_PUSH(&st->inits, a);
                break;
        }
        case CXCursor_ReturnStmt: {
                CXCursor kid[1];
                if (dl_cx_children(c, kid, 1) == 1)
                        DL_VEC_PUSH(&st->copies, kid[0]);
                break;
        }
        case CXCursor_BinaryOperator: {
                /* `a && b`, `a || b`: b runs on some paths only (short
                 * circuit), like the branches of an if. */
                CXCursor kids[2];
                char op[4];
                if (dl_cx_children(c, kids, 2) != 2)
                        break;
                dl_cx_binary_operator(c, &kids[0], &kids[1], op, sizeof op);
                CXCursor rhs = dl_cx_strip(kids[1]);
                if (!strcmp(op, "=") && clang_getCursorKind(kids[0]) == CXCursor_DeclRefExpr) {
                        struct assign a = {kids[0], rhs};
                        DL_VEC_PUSH(&st->assigns, a);
                }
                if (!strcmp(op, "=") && clang_getCursorKind(kids[0]) == CXCursor_MemberRefExpr) {
                        /* `var.member = value`: its DeclRefExpr is linked below */
                        struct dl_body_store store = {clang_getCursorReferenced(kids[0]), kids[1],
                                                      off, kids[0]};
                        DL_VEC_PUSH(&b->stores, store);
                }
                if (!strcmp(op, "&&") || !strcmp(op, "||") || !strcmp(op, "and") ||
                    !strcmp(op, "or")) {
                        CXSourceRange r = clang_getCursorExtent(kids[1]);
                        push_cond(b, dl_cx_offset(clang_getRangeStart(r)),
                                  dl_cx_offset(clang_getRangeEnd(r)), false, true, c);
                }
                break;
        }
        case CXCursor_IfStmt:
        case CXCursor_SwitchStmt:
        case CXCursor_ConditionalOperator:
        case CXCursor_ForStmt:
        case CXCursor_WhileStmt:
        case CXCursor_CXXForRangeStmt:
                if (!macro_guard(st->cx, c, k))
                        index_statement(b, c, k);
                break;
        case CXCursor_DoStmt:
        case CXCursor_LambdaExpr:
        case CXCursor_CXXTryStmt: {
                if (macro_guard(st->cx, c, k))
                        break;
                CXSourceRange r = clang_getCursorExtent(c);
                push_cond(b, dl_cx_offset(clang_getRangeStart(r)),
                          dl_cx_offset(clang_getRangeEnd(r)), k == CXCursor_DoStmt, true, c);
                break;
        }
        default: break;
        }
        return CXChildVisit_Recurse;
}

static int key_cmp(const void *a, const void *b)
{
        const struct dl_body_key *x = a, *y = b;
        if (x->hash != y->hash)
                return x->hash < y->hash ? -1 : 1;
        return x->index < y->index ? -1 : x->index > y->index;
}

/* The first entry of keys (sorted by key_cmp) with hash h. */
static size_t key_lower(const struct dl_body_key *keys, size_t n, unsigned h)
{
        size_t lo = 0, hi = n;
        while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                if (keys[mid].hash < h)
                        lo = mid + 1;
                else
                        hi = mid;
        }
        return lo;
}

#define BUILD_KEYS(keys, vec, field)                                                               \
        do {                                                                                       \
                DL_VEC_GROW((keys), (vec)->n);                                                     \
                for (size_t i_ = 0; i_ < (vec)->n; i_++) {                                         \
                        struct dl_body_key k_ = {clang_hashCursor((vec)->items[i_].field),         \
                                                 (unsigned)i_};                                    \
                        (keys)->items[(keys)->n++] = k_;                                           \
                }                                                                                  \
                if ((keys)->n)                                                                     \
                        qsort((keys)->items, (keys)->n, sizeof *(keys)->items, key_cmp);           \
        } while (0)

int dl_body_call_index(const struct dl_body *b, CXCursor call)
{
        size_t n = b->calls_by_cursor.n;
        for (size_t i = key_lower(b->calls_by_cursor.items, n, clang_hashCursor(call));
             i < n && b->calls_by_cursor.items[i].hash == clang_hashCursor(call); i++) {
                unsigned k = b->calls_by_cursor.items[i].index;
                if (dl_cx_same_expr(b->calls.items[k].cursor, call))
                        return (int)k;
        }
        return -1;
}

static int ref_index(const struct dl_body *b, CXCursor ref)
{
        size_t n = b->refs_by_cursor.n;
        unsigned h = clang_hashCursor(ref);
        for (size_t i = key_lower(b->refs_by_cursor.items, n, h);
             i < n && b->refs_by_cursor.items[i].hash == h; i++) {
                unsigned k = b->refs_by_cursor.items[i].index;
                if (dl_cx_same_expr(b->refs.items[k].cursor, ref))
                        return (int)k;
        }
        return -1;
}

/* e (a call's object or argument) is a reference or a call of this body:
 * record that it sits at (call, arg), the first such place in visit order. */
static void link_site(struct dl_body *b, CXCursor e, CXCursor e_addr, int call, int arg)
{
        if (clang_getCursorKind(e_addr) == CXCursor_DeclRefExpr) {
                int r = ref_index(b, e_addr);
                if (r >= 0 && b->refs.items[r].call < 0) {
                        b->refs.items[r].call = call;
                        b->refs.items[r].arg = arg;
                }
        }
        if (clang_getCursorKind(e) == CXCursor_CallExpr) {
                int c = dl_body_call_index(b, e);
                if (c >= 0 && c != call && b->calls.items[c].parent < 0) {
                        b->calls.items[c].parent = call;
                        b->calls.items[c].parent_arg = arg;
                }
        }
}

static int cond_cmp(const void *a, const void *b)
{
        const struct dl_body_cond *x = a, *y = b;
        if (x->begin != y->begin)
                return x->begin < y->begin ? -1 : 1;
        if (x->end != y->end)
                return x->end > y->end ? -1 : 1; /* the outer range first */
        return 0;
}

/* Sort the ranges of conditional code outer first and link each to the
 * innermost range holding it; conds_nested tells whether they nest (ranges
 * from macro expansions may overlap without nesting). */
static void nest_conds(struct dl_body *b)
{
        size_t n = b->conds.n;
        if (!n) {
                b->conds_nested = true;
                return;
        }
        qsort(b->conds.items, n, sizeof *b->conds.items, cond_cmp);
        int *stack = dl_xmalloc(n * sizeof *stack);
        size_t depth = 0;
        b->conds_nested = true;
        for (size_t i = 0; i < n; i++) {
                struct dl_body_cond *c = &b->conds.items[i];
                while (depth && b->conds.items[stack[depth - 1]].end <= c->begin)
                        depth--;
                c->parent = depth ? stack[depth - 1] : -1;
                if (depth && c->end > b->conds.items[stack[depth - 1]].end)
                        b->conds_nested = false;
                stack[depth++] = (int)i;
        }
        free(stack);
}

/* The reference e (dl_cx_strip) is, or -1. */
static int ref_of(const struct dl_body *b, CXCursor e)
{
        e = dl_cx_strip(e);
        return clang_getCursorKind(e) == CXCursor_DeclRefExpr ? ref_index(b, e) : -1;
}

/* The reference that is the base of the member expression m, or -1. */
static int member_base(const struct dl_body *b, CXCursor m)
{
        if (clang_getCursorKind(m) != CXCursor_MemberRefExpr)
                return -1;
        CXCursor base = dl_cx_only_expr_child(m);
        return clang_Cursor_isNull(base) ? -1 : ref_of(b, base);
}

/* What the response flow needs (struct dl_body_call.var and .discarded,
 * struct dl_body_ref.member, .member_call and .copied). */
static void link_values(struct dl_body *b, struct index_state *st)
{
        for (size_t i = 0; i < st->inits.n; i++) {
                CXCursor v = value_of(st->inits.items[i].rhs);
                int c = clang_getCursorKind(v) == CXCursor_CallExpr ? dl_body_call_index(b, v) : -1;
                if (c >= 0 && clang_Cursor_isNull(b->calls.items[c].var))
                        b->calls.items[c].var = st->inits.items[i].lhs;
                int r = ref_of(b, v);
                if (r >= 0)
                        b->refs.items[r].copied = true;
        }
        for (size_t i = 0; i < st->assigns.n; i++) {
                int r = ref_of(b, st->assigns.items[i].rhs);
                if (r >= 0)
                        b->refs.items[r].copied = true;
        }
        for (size_t i = 0; i < st->copies.n; i++) {
                int r = ref_of(b, st->copies.items[i]);
                if (r >= 0)
                        b->refs.items[r].copied = true;
        }
        for (size_t i = 0; i < st->statements.n; i++) {
                CXCursor e = dl_cx_strip(st->statements.items[i]);
                int c = clang_getCursorKind(e) == CXCursor_CallExpr ? dl_body_call_index(b, e) : -1;
                if (c >= 0)
                        b->calls.items[c].discarded = true;
        }
        for (size_t i = 0; i < st->members.n; i++) {
                int r = member_base(b, st->members.items[i]);
                if (r >= 0 && clang_Cursor_isNull(b->refs.items[r].member))
                        b->refs.items[r].member = st->members.items[i];
        }
        for (size_t i = 0; i < b->calls.n; i++) {
                CXCursor call = b->calls.items[i].cursor;
                int nargs = clang_Cursor_getNumArguments(call);
                for (int a = 0; a < nargs; a++) {
                        int r = member_base(b, dl_cx_strip_address(clang_Cursor_getArgument(
                                                       call, (unsigned)a)));
                        if (r >= 0 && b->refs.items[r].member_call < 0)
                                b->refs.items[r].member_call = (int)i;
                }
        }
        DL_VEC_FREE(&st->inits);
        DL_VEC_FREE(&st->members);
        DL_VEC_FREE(&st->copies);
        DL_VEC_FREE(&st->statements);
}

void dl_body_init(struct dl_body *b, struct dl_cx *cx, CXCursor func)
{
        memset(b, 0, sizeof *b);
        b->func = func;
        struct index_state st = {b, cx, {0}, {0}, {0}, {0}, {0}};
        clang_visitChildren(func, index_visit, &st);
        BUILD_KEYS(&b->calls_by_cursor, &b->calls, cursor);
        BUILD_KEYS(&b->refs_by_cursor, &b->refs, cursor);
        BUILD_KEYS(&b->refs_by_decl, &b->refs, decl);
        for (size_t i = 0; i < b->calls.n; i++) {
                CXCursor call = b->calls.items[i].cursor;
                CXCursor obj = dl_cx_member_object(call);
                if (!clang_Cursor_isNull(obj))
                        link_site(b, obj, obj, (int)i, DL_BODY_OBJECT);
                int nargs = clang_Cursor_getNumArguments(call);
                for (int a = 0; a < nargs; a++) {
                        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)a);
                        link_site(b, dl_cx_strip(arg), dl_cx_strip_address(arg), (int)i, a);
                }
        }
        for (size_t i = 0; i < st.assigns.n; i++) {
                int r = ref_index(b, st.assigns.items[i].lhs);
                if (r < 0)
                        continue;
                CXCursor rhs = st.assigns.items[i].rhs;
                b->refs.items[r].value = rhs;
                if (clang_getCursorKind(rhs) == CXCursor_CallExpr)
                        b->refs.items[r].assigned = dl_body_call_index(b, rhs);
                int c = b->refs.items[r].assigned;
                if (c >= 0 && clang_Cursor_isNull(b->calls.items[c].var))
                        b->calls.items[c].var = b->refs.items[r].decl;
        }
        link_values(b, &st);
        DL_VEC_FREE(&st.assigns);
        for (size_t i = 0; i < b->stores.n; i++) {
                CXCursor obj[1];
                if (dl_cx_children(b->stores.items[i].lhs, obj, 1) < 1)
                        continue;
                int r = ref_index(b, dl_cx_strip(obj[0]));
                if (r >= 0 && b->refs.items[r].store < 0)
                        b->refs.items[r].store = (int)i;
        }
        nest_conds(b);
}

void dl_body_fini(struct dl_body *b)
{
        if (!b)
                return;
        DL_VEC_FREE(&b->calls);
        DL_VEC_FREE(&b->refs);
        DL_VEC_FREE(&b->stores);
        DL_VEC_FREE(&b->conds);
        DL_VEC_FREE(&b->calls_by_cursor);
        DL_VEC_FREE(&b->refs_by_cursor);
        DL_VEC_FREE(&b->refs_by_decl);
}

static bool holds(const struct dl_body_cond *c, unsigned off)
{
        return c->begin <= off && off < c->end;
}

/* The innermost range holding off, or -1 (conds nested). */
static int innermost(const struct dl_body *b, unsigned off)
{
        size_t lo = 0, hi = b->conds.n;
        while (lo < hi) { /* the first range beginning after off */
                size_t mid = lo + (hi - lo) / 2;
                if (b->conds.items[mid].begin <= off)
                        lo = mid + 1;
                else
                        hi = mid;
        }
        int c = (int)lo - 1;
        while (c >= 0 && !holds(&b->conds.items[c], off))
                c = b->conds.items[c].parent;
        return c;
}

enum dl_when dl_body_when(const struct dl_body *b, unsigned ev, unsigned use)
{
        bool maybe = false, shared_loop = false;
        if (b->conds_nested) {
                /* the ranges holding ev are the chain above the innermost one */
                for (int i = innermost(b, ev); i >= 0; i = b->conds.items[i].parent) {
                        const struct dl_body_cond *c = &b->conds.items[i];
                        if (!holds(c, use))
                                maybe = maybe || c->conditional;
                        else if (c->loop)
                                shared_loop = true;
                }
        } else {
                for (size_t i = 0; i < b->conds.n; i++) {
                        const struct dl_body_cond *c = &b->conds.items[i];
                        if (!holds(c, ev))
                                continue;
                        if (!holds(c, use))
                                maybe = maybe || c->conditional;
                        else if (c->loop)
                                shared_loop = true;
                }
        }
        if (ev >= use)
                return shared_loop ? DL_WHEN_MAYBE : DL_WHEN_NEVER;
        return maybe ? DL_WHEN_MAYBE : DL_WHEN_SURE;
}

const struct dl_body_cond *dl_body_region(const struct dl_body *b, unsigned ev, unsigned use)
{
        const struct dl_body_cond *out = NULL;
        if (!b || ev >= use)
                return NULL;
        if (b->conds_nested) {
                for (int i = innermost(b, ev); i >= 0; i = b->conds.items[i].parent) {
                        const struct dl_body_cond *c = &b->conds.items[i];
                        if (!holds(c, use) && (c->conditional || c->loop))
                                out = c;
                }
                return out;
        }
        for (size_t i = 0; i < b->conds.n; i++) {
                const struct dl_body_cond *c = &b->conds.items[i];
                if (holds(c, ev) && !holds(c, use) && (c->conditional || c->loop) &&
                    (!out || (c->begin <= out->begin && c->end >= out->end)))
                        out = c;
        }
        return out;
}

bool dl_body_region_direct(const struct dl_body *b, const struct dl_body_cond *r, unsigned ev)
{
        for (size_t i = 0; i < b->conds.n; i++) {
                const struct dl_body_cond *c = &b->conds.items[i];
                if (c != r && holds(c, ev) && r->begin <= c->begin && c->end <= r->end &&
                    (c->begin > r->begin || c->end < r->end))
                        return false;
        }
        return true;
}

bool dl_body_in_loop(const struct dl_body *b, unsigned off)
{
        if (b->conds_nested) {
                for (int i = innermost(b, off); i >= 0; i = b->conds.items[i].parent) {
                        if (b->conds.items[i].loop)
                                return true;
                }
                return false;
        }
        for (size_t i = 0; i < b->conds.n && b->conds.items[i].begin <= off; i++) {
                if (b->conds.items[i].loop && holds(&b->conds.items[i], off))
                        return true;
        }
        return false;
}

/* Is the reference r only read where it is used (see dl_body_track)? */
static bool ref_read(const struct dl_body *b, const struct dl_body_ref *r)
{
        if (r->call < 0)
                return false;
        CXCursor call = b->calls.items[r->call].cursor;
        CXCursor callee = clang_getCursorReferenced(call);
        enum CXCursorKind ck = clang_getCursorKind(callee);
        if (r->arg == DL_BODY_OBJECT)
                return ck == CXCursor_CXXMethod && clang_CXXMethod_isConst(callee);
        int nargs = clang_Cursor_getNumArguments(call);
        CXType ft = clang_getCursorType(callee);
        int nparams = clang_getNumArgTypes(ft);
        /* a member operator called as `a op b`: argument 0 is the object */
        int shift = ck == CXCursor_CXXMethod && nparams >= 0 && nargs == nparams + 1;
        if (shift && r->arg == 0)
                return clang_CXXMethod_isConst(callee);
        if (nparams < 0 || r->arg - shift >= nparams)
                return false; /* variadic or unknown callee */
        return dl_cx_param_is_read_only(clang_getArgType(ft, (unsigned)(r->arg - shift)));
}

/* Calls fn(data, r) for each reference r to decl, in visit order, until it
 * returns false. */
static void each_ref(const struct dl_body *b, CXCursor decl,
                     bool (*fn)(void *data, const struct dl_body_ref *r), void *data)
{
        size_t n = b->refs_by_decl.n;
        unsigned h = clang_hashCursor(decl);
        for (size_t i = key_lower(b->refs_by_decl.items, n, h);
             i < n && b->refs_by_decl.items[i].hash == h; i++) {
                const struct dl_body_ref *r = &b->refs.items[b->refs_by_decl.items[i].index];
                if (clang_equalCursors(r->decl, decl) && !fn(data, r))
                        return;
        }
}

struct track {
        const struct dl_body *b;
        unsigned from, use;
        dl_body_site_fn fn;
        void *data;
        bool changed;
};

/* Does every loop holding both off and use also hold from (a variable
 * declared there is a new one in each iteration)? */
static bool renewed(const struct dl_body *b, unsigned from, unsigned off, unsigned use)
{
        if (b->conds_nested) {
                for (int i = innermost(b, off); i >= 0; i = b->conds.items[i].parent) {
                        const struct dl_body_cond *c = &b->conds.items[i];
                        if (c->loop && holds(c, use) && !holds(c, from))
                                return false;
                }
                return true;
        }
        for (size_t i = 0; i < b->conds.n; i++) {
                const struct dl_body_cond *c = &b->conds.items[i];
                if (c->loop && holds(c, off) && holds(c, use) && !holds(c, from))
                        return false;
        }
        return true;
}

static bool track_ref(void *data, const struct dl_body_ref *r)
{
        struct track *t = data;
        if (r->off <= t->from)
                return true;
        if (r->off > t->use && renewed(t->b, t->from, r->off, t->use))
                return true; /* a later iteration's object */
        struct dl_body_site site = {t->b, r, r->call, r->arg, dl_body_when(t->b, r->off, t->use)};
        if (t->fn && t->fn(t->data, &site))
                return true;
        if (site.when != DL_WHEN_NEVER && r->off != t->use && !ref_read(t->b, r))
                t->changed = true;
        return true;
}

bool dl_body_track(const struct dl_body *b, CXCursor var, unsigned from, unsigned use,
                   dl_body_site_fn fn, void *data)
{
        struct track t = {b, from, use, fn, data, false};
        if (b)
                each_ref(b, var, track_ref, &t);
        return t.changed;
}
