/* body.c - the index of one function body: calls, references and the
 * ranges of conditional code, built once per function.
 * SPDX-License-Identifier: MIT
 */
#include "body.h"

#include "cx.h"

#include <string.h>

/* Is the binary operator c (operands lhs, rhs) `&&` or `||`? libclang 14
 * has no operator-kind query: read the tokens between the operands. */
static bool is_short_circuit(CXCursor c, CXCursor lhs, CXCursor rhs)
{
        CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
        CXSourceRange between = clang_getRange(clang_getRangeEnd(clang_getCursorExtent(lhs)),
                                               clang_getRangeStart(clang_getCursorExtent(rhs)));
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(tu, between, &toks, &n);
        bool yes = false;
        for (unsigned i = 0; i < n && !yes; i++) {
                CXString s = clang_getTokenSpelling(tu, toks[i]);
                const char *p = clang_getCString(s);
                yes = p && (!strcmp(p, "&&") || !strcmp(p, "||") || !strcmp(p, "and") ||
                            !strcmp(p, "or"));
                clang_disposeString(s);
        }
        dl_cx_dispose_tokens(tu, toks, n);
        return yes;
}

static enum CXChildVisitResult index_visit(CXCursor c, CXCursor parent, CXClientData data)
{
        struct dl_body *b = data;
        (void)parent;
        enum CXCursorKind k = clang_getCursorKind(c);
        unsigned off = dl_cx_offset(clang_getCursorLocation(c));
        switch (k) {
        case CXCursor_CallExpr: {
                struct dl_body_call call = {c, off};
                DL_VEC_PUSH(&b->calls, call);
                break;
        }
        case CXCursor_DeclRefExpr: {
                struct dl_body_ref ref = {c, clang_getCursorReferenced(c), off};
                DL_VEC_PUSH(&b->refs, ref);
                break;
        }
        case CXCursor_BinaryOperator: {
                /* `a && b`, `a || b`: b runs on some paths only (short
                 * circuit), like the branches of an if. */
                CXCursor kids[2];
                if (dl_cx_children(c, kids, 2) == 2 && is_short_circuit(c, kids[0], kids[1])) {
                        CXSourceRange r = clang_getCursorExtent(kids[1]);
                        struct dl_body_cond cond = {dl_cx_offset(clang_getRangeStart(r)),
                                                    dl_cx_offset(clang_getRangeEnd(r)), false};
                        if (cond.end <= cond.begin)
                                cond.end = cond.begin + 1;
                        DL_VEC_PUSH(&b->conds, cond);
                }
                break;
        }
        case CXCursor_IfStmt:
        case CXCursor_SwitchStmt:
        case CXCursor_ConditionalOperator:
        case CXCursor_ForStmt:
        case CXCursor_WhileStmt:
        case CXCursor_DoStmt:
        case CXCursor_CXXForRangeStmt:
        case CXCursor_LambdaExpr:
        case CXCursor_CXXTryStmt: {
                CXSourceRange r = clang_getCursorExtent(c);
                struct dl_body_cond cond = {dl_cx_offset(clang_getRangeStart(r)),
                                            dl_cx_offset(clang_getRangeEnd(r)),
                                            k != CXCursor_IfStmt && k != CXCursor_SwitchStmt &&
                                                    k != CXCursor_ConditionalOperator &&
                                                    k != CXCursor_CXXTryStmt};
                if (cond.end <= cond.begin)
                        cond.end = cond.begin + 1;
                DL_VEC_PUSH(&b->conds, cond);
                break;
        }
        default:
                break;
        }
        return CXChildVisit_Recurse;
}

void dl_body_init(struct dl_body *b, CXCursor func)
{
        memset(b, 0, sizeof *b);
        b->func = func;
        clang_visitChildren(func, index_visit, b);
}

void dl_body_fini(struct dl_body *b)
{
        if (!b)
                return;
        DL_VEC_FREE(&b->calls);
        DL_VEC_FREE(&b->refs);
        DL_VEC_FREE(&b->conds);
}

enum dl_when dl_body_when(const struct dl_body *b, unsigned ev, unsigned use)
{
        bool maybe = false, shared_loop = false;
        for (size_t i = 0; i < b->conds.n; i++) {
                const struct dl_body_cond *c = &b->conds.items[i];
                bool has_ev = c->begin <= ev && ev < c->end;
                bool has_use = c->begin <= use && use < c->end;
                if (has_ev && !has_use)
                        maybe = true;
                if (has_ev && has_use && c->loop)
                        shared_loop = true;
        }
        if (ev >= use)
                return shared_loop ? DL_WHEN_MAYBE : DL_WHEN_NEVER;
        return maybe ? DL_WHEN_MAYBE : DL_WHEN_SURE;
}

static bool param_is_read_only(CXType t)
{
        if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference ||
            t.kind == CXType_Pointer)
                return clang_isConstQualifiedType(clang_getPointeeType(t));
        return t.kind != CXType_Invalid;
}

bool dl_body_ref_is_read(const struct dl_body *b, CXCursor var, unsigned off)
{
        for (size_t i = 0; b && i < b->calls.n; i++) {
                CXCursor call = b->calls.items[i].cursor;
                CXCursor callee = clang_getCursorReferenced(call);
                enum CXCursorKind ck = clang_getCursorKind(callee);
                CXCursor obj = dl_cx_member_object(call);
                if (dl_cx_refers_to(obj, var) && dl_cx_cursor_offset(obj) == off)
                        return ck == CXCursor_CXXMethod && clang_CXXMethod_isConst(callee);
                int nargs = clang_Cursor_getNumArguments(call);
                CXType ft = clang_getCursorType(callee);
                int nparams = clang_getNumArgTypes(ft);
                /* a member operator called as `a op b`: argument 0 is the object */
                int shift = ck == CXCursor_CXXMethod && nparams >= 0 && nargs == nparams + 1;
                for (int a = 0; a < nargs; a++) {
                        CXCursor arg = dl_cx_strip_address(
                                clang_Cursor_getArgument(call, (unsigned)a));
                        if (!dl_cx_refers_to(arg, var) || dl_cx_cursor_offset(arg) != off)
                                continue;
                        if (shift && a == 0)
                                return clang_CXXMethod_isConst(callee);
                        if (nparams < 0 || a - shift >= nparams)
                                return false; /* variadic or unknown callee */
                        return param_is_read_only(clang_getArgType(ft, (unsigned)(a - shift)));
                }
        }
        return false;
}
