/* cx.c - libclang helpers: strings, locations, cursor utilities.
 * SPDX-License-Identifier: MIT
 */
#include "cx.h"

#include "../core/arena.h"
#include "../core/strbuf.h"
#include "../core/vec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dl_cx_init(struct dl_cx *cx, struct dl_arena *arena, CXTranslationUnit tu,
                const char *main_path)
{
        memset(cx, 0, sizeof *cx);
        cx->arena = arena;
        cx->tu = tu;
        cx->main_path = dl_arena_strdup(arena, main_path);
        cx->main_file = tu ? clang_getFile(tu, main_path) : NULL;
        if (cx->main_file) {
                struct dl_cx_own o = {cx->main_file, cx->main_path};
                DL_VEC_PUSH_ARENA(arena, &cx->own, o);
        }
}

void dl_cx_set_own_files(struct dl_cx *cx, const char *const *paths, size_t n, bool *seen)
{
        for (size_t i = 0; i < n; i++) {
                CXFile f = cx->tu ? clang_getFile(cx->tu, paths[i]) : NULL;
                /* clang_getFile finds any file by its path, also one the
                 * parse never read: only one with contents in the
                 * translation unit's source manager was included */
                size_t size = 0;
                bool in_tu =
                        f && clang_getFileContents(cx->tu, f, &size) && !dl_cx_file_is_own(cx, f);
                if (seen)
                        seen[i] = in_tu;
                if (!in_tu)
                        continue;
                struct dl_cx_own o = {f, dl_arena_strdup(cx->arena, paths[i])};
                DL_VEC_PUSH_ARENA(cx->arena, &cx->own, o);
        }
}

bool dl_cx_file_is_own(const struct dl_cx *cx, CXFile file)
{
        for (size_t i = 0; file && i < cx->own.n; i++) {
                if (clang_File_isEqual(file, cx->own.items[i].file))
                        return true;
        }
        return false;
}

const char *dl_cx_take(struct dl_arena *arena, CXString s)
{
        const char *p = clang_getCString(s);
        const char *copy = dl_arena_strdup(arena, p ? p : "");
        clang_disposeString(s);
        return copy;
}

const char *dl_cx_file_name(struct dl_cx *cx, CXFile file)
{
        if (!file)
                return NULL;
        for (unsigned i = 0; i < cx->n_files; i++) {
                if (cx->files[i].file == file)
                        return cx->files[i].name;
        }
        const char *name = NULL;
        for (size_t i = 0; !name && i < cx->own.n; i++) {
                if (clang_File_isEqual(file, cx->own.items[i].file))
                        name = cx->own.items[i].name;
        }
        if (!name)
                name = dl_cx_take(cx->arena, clang_getFileName(file));
        unsigned slot;
        if (cx->n_files < DL_CX_FILE_CACHE) {
                slot = cx->n_files++;
        } else {
                slot = cx->next_slot;
                cx->next_slot = (cx->next_slot + 1) % DL_CX_FILE_CACHE;
        }
        cx->files[slot].file = file;
        cx->files[slot].name = name;
        return name;
}

/* One of libclang's location decompositions (expansion or file). */
typedef void (*decompose_fn)(CXSourceLocation, CXFile *, unsigned *, unsigned *, unsigned *);

static struct dl_loc to_loc(struct dl_cx *cx, CXSourceLocation l, decompose_fn decompose)
{
        struct dl_loc out = {0};
        CXFile f = NULL;
        unsigned line = 0, col = 0;
        decompose(l, &f, &line, &col, NULL);
        if (!f || !line)
                return out;
        out.file = dl_cx_file_name(cx, f);
        out.line = line;
        out.col = col;
        return out;
}

struct dl_loc dl_cx_loc(struct dl_cx *cx, CXSourceLocation l)
{
        return to_loc(cx, l, clang_getExpansionLocation);
}

struct dl_loc dl_cx_file_loc(struct dl_cx *cx, CXSourceLocation l)
{
        return to_loc(cx, l, clang_getFileLocation);
}

unsigned dl_cx_offset(CXSourceLocation l)
{
        unsigned off = 0;
        clang_getExpansionLocation(l, NULL, NULL, NULL, &off);
        return off;
}

struct dl_loc dl_cx_cursor_loc(struct dl_cx *cx, CXCursor c)
{
        return dl_cx_loc(cx, clang_getCursorLocation(c));
}

bool dl_cx_is_main_file(struct dl_cx *cx, CXCursor c)
{
        CXFile f = NULL;
        clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
        return f && cx->main_file && clang_File_isEqual(f, cx->main_file);
}

bool dl_cx_is_own_file(struct dl_cx *cx, CXCursor c)
{
        CXFile f = NULL;
        clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
        return dl_cx_file_is_own(cx, f);
}

static enum CXChildVisitResult collect_expansion(CXCursor c, CXCursor parent, CXClientData data)
{
        (void)parent;
        struct dl_cx *cx = data;
        if (clang_getCursorKind(c) == CXCursor_MacroDefinition) {
                struct dl_cx_definition d = {dl_cx_take(cx->arena, clang_getCursorSpelling(c)), c,
                                             cx->definitions.n};
                DL_VEC_PUSH_ARENA(cx->arena, &cx->definitions, d);
                return CXChildVisit_Continue;
        }
        if (clang_getCursorKind(c) != CXCursor_MacroExpansion)
                return CXChildVisit_Continue;
        CXSourceRange r = clang_getCursorExtent(c);
        struct dl_cx_expansion x = {NULL, 0, 0, c};
        CXFile f2 = NULL;
        /* where the invocation is written: an expansion inside a #define
         * (TABLE_PREFIX in `#define TABLE TABLE_PREFIX "orders"`) is found
         * at its place in the #define */
        clang_getSpellingLocation(clang_getRangeStart(r), &x.file, NULL, NULL, &x.start);
        clang_getSpellingLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &x.end);
        if (!x.file || f2 != x.file || x.end <= x.start)
                x.end = x.start + 1;
        DL_VEC_PUSH_ARENA(cx->arena, &cx->expansions, x);
        return CXChildVisit_Continue;
}

static int expansion_cmp(const void *a, const void *b)
{
        const struct dl_cx_expansion *x = a, *y = b;
        return x->start < y->start ? -1 : x->start > y->start;
}

/* Two #defines by name, then translation-unit order. */
static int definition_cmp(const void *a, const void *b)
{
        const struct dl_cx_definition *x = a, *y = b;
        int c = strcmp(x->name, y->name);
        return c ? c : (x->pos > y->pos) - (x->pos < y->pos);
}

/* Index the translation unit's macro expansions and #defines, once. */
static void index_macros(struct dl_cx *cx)
{
        if (cx->expansions_built)
                return;
        cx->expansions_built = true;
        if (cx->tu)
                clang_visitChildren(clang_getTranslationUnitCursor(cx->tu), collect_expansion, cx);
        if (cx->expansions.n > 1)
                qsort(cx->expansions.items, cx->expansions.n, sizeof *cx->expansions.items,
                      expansion_cmp);
        if (cx->definitions.n > 1)
                qsort(cx->definitions.items, cx->definitions.n, sizeof *cx->definitions.items,
                      definition_cmp);
}

/* The #defines [*lo, *end) of cx->definitions named name. */
static void definitions_named(const struct dl_cx *cx, const char *name, size_t *lo, size_t *end)
{
        const struct dl_cx_definition *d = cx->definitions.items;
        size_t l = 0, h = cx->definitions.n;
        while (l < h) {
                size_t mid = l + (h - l) / 2;
                if (strcmp(d[mid].name, name) < 0)
                        l = mid + 1;
                else
                        h = mid;
        }
        *lo = l;
        while (l < cx->definitions.n && strcmp(d[l].name, name) == 0)
                l++;
        *end = l;
}

CXCursor dl_cx_macro_definition(struct dl_cx *cx, const char *name)
{
        index_macros(cx);
        size_t lo, end;
        definitions_named(cx, name, &lo, &end);
        return end - lo == 1 ? cx->definitions.items[lo].cursor : clang_getNullCursor();
}

CXCursor dl_cx_macro_expansion_at(struct dl_cx *cx, CXSourceLocation l)
{
        index_macros(cx);
        CXFile f = NULL;
        unsigned off = 0;
        clang_getFileLocation(l, &f, NULL, NULL, &off);
        if (!f)
                return clang_getNullCursor();
        /* the last expansion starting at or before off, then back over the
         * ones of other files starting at the same or lower offsets */
        size_t lo = 0, hi = cx->expansions.n;
        while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                if (cx->expansions.items[mid].start <= off)
                        lo = mid + 1;
                else
                        hi = mid;
        }
        for (size_t i = lo; i-- > 0;) {
                const struct dl_cx_expansion *x = &cx->expansions.items[i];
                if (!clang_File_isEqual(x->file, f))
                        continue;
                if (off < x->end)
                        return x->cursor;
                break; /* invocations of one file do not overlap */
        }
        return clang_getNullCursor();
}

bool dl_cx_is_zero_literal(CXCursor c)
{
        CXCursor s = dl_cx_strip(c);
        if (clang_getCursorKind(s) != CXCursor_IntegerLiteral)
                return false;
        CXEvalResult r = clang_Cursor_Evaluate(s);
        bool zero = r && clang_EvalResult_getKind(r) == CXEval_Int &&
                    clang_EvalResult_getAsLongLong(r) == 0;
        dl_cx_dispose_eval(r);
        return zero;
}

bool dl_cx_in_macro(struct dl_cx *cx, CXCursor c)
{
        CXSourceLocation l = clang_getCursorLocation(c);
        CXFile f1 = NULL, f2 = NULL;
        unsigned o1 = 0, o2 = 0;
        clang_getExpansionLocation(l, &f1, NULL, NULL, &o1);
        clang_getFileLocation(l, &f2, NULL, NULL, &o2);
        if (f1 != f2 || o1 != o2)
                return true;
        /* A macro body: expansion and file locations agree, but the location
         * is the macro's invocation, not the cursor's own text. */
        return !clang_Cursor_isNull(dl_cx_macro_expansion_at(cx, l));
}

bool dl_cx_macro_spelling(struct dl_cx *cx, CXCursor c, const char *name, struct dl_loc *out)
{
        CXCursor at = dl_cx_macro_expansion_at(cx, clang_getCursorLocation(c));
        if (clang_Cursor_isNull(at))
                return false;
        CXCursor def = clang_getCursorReferenced(at);
        if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_MacroDefinition)
                return false;
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(cx->tu, clang_getCursorExtent(def), &toks, &n);
        bool found = false;
        for (unsigned i = 1; i < n && !found; i++) {
                if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
                        continue;
                CXString s = clang_getTokenSpelling(cx->tu, toks[i]);
                found = strcmp(clang_getCString(s), name) == 0;
                clang_disposeString(s);
                if (found)
                        *out = dl_cx_loc(cx, clang_getTokenLocation(cx->tu, toks[i]));
        }
        dl_cx_dispose_tokens(cx->tu, toks, n);
        return found;
}

const char *dl_cx_spelling(struct dl_cx *cx, CXCursor c)
{
        return dl_cx_take(cx->arena, clang_getCursorSpelling(c));
}

const char *dl_cx_qualified_name(struct dl_cx *cx, CXCursor c)
{
        const char *parts[32];
        unsigned n = 0;
        CXCursor cur = c;
        while (n < 32 && !clang_Cursor_isNull(cur)) {
                enum CXCursorKind k = clang_getCursorKind(cur);
                if (k == CXCursor_TranslationUnit || clang_isInvalid(k))
                        break;
                const char *s = dl_cx_spelling(cx, cur);
                if (*s && k != CXCursor_LinkageSpec)
                        parts[n++] = s;
                cur = clang_getCursorSemanticParent(cur);
        }
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        for (unsigned i = n; i-- > 0;) {
                dl_strbuf_puts(&sb, parts[i]);
                if (i)
                        dl_strbuf_puts(&sb, "::");
        }
        const char *r = dl_arena_strndup(cx->arena, dl_strbuf_cstr(&sb), sb.len);
        dl_strbuf_fini(&sb);
        return r;
}

struct children_state {
        CXCursor *out;
        unsigned max, n;
};

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent, CXClientData data)
{
        struct children_state *st = data;
        (void)parent;
        if (st->n < st->max)
                st->out[st->n] = c;
        st->n++;
        return CXChildVisit_Continue;
}

unsigned dl_cx_children(CXCursor c, CXCursor *out, unsigned max)
{
        struct children_state st = {out, max, 0};
        clang_visitChildren(c, collect_child, &st);
        return st.n;
}

bool dl_cx_has_body(CXCursor def)
{
        if (clang_Cursor_isNull(def))
                return false;
        CXCursor kids[32];
        unsigned n = dl_cx_children(def, kids, 32);
        for (unsigned i = 0; i < n && i < 32; i++) {
                if (clang_getCursorKind(kids[i]) == CXCursor_CompoundStmt)
                        return true;
        }
        return false;
}

CXCursor dl_cx_var_init(CXCursor var)
{
        CXCursor kids[8];
        unsigned n = dl_cx_children(var, kids, 8);
        for (unsigned i = n < 8 ? n : 8; i-- > 0;) {
                if (clang_isExpression(clang_getCursorKind(kids[i])))
                        return kids[i];
        }
        return clang_getNullCursor();
}

/* The range from where locate puts the start of c's extent to where it puts
 * its end, in one file; a null range else. */
static CXSourceRange range_by(CXTranslationUnit tu, CXCursor c,
                              void (*locate)(CXSourceLocation, CXFile *, unsigned *, unsigned *,
                                             unsigned *))
{
        CXSourceRange r = clang_getCursorExtent(c);
        CXFile f1 = NULL, f2 = NULL;
        unsigned o1 = 0, o2 = 0;
        locate(clang_getRangeStart(r), &f1, NULL, NULL, &o1);
        locate(clang_getRangeEnd(r), &f2, NULL, NULL, &o2);
        if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || o2 < o1)
                return clang_getNullRange();
        return clang_getRange(clang_getLocationForOffset(tu, f1, o1),
                              clang_getLocationForOffset(tu, f2, o2));
}

CXSourceRange dl_cx_file_range(CXTranslationUnit tu, CXCursor c)
{
        return range_by(tu, c, clang_getFileLocation);
}

CXSourceRange dl_cx_expansion_range(CXTranslationUnit tu, CXCursor c)
{
        return range_by(tu, c, clang_getExpansionLocation);
}

/* ---- expressions --------------------------------------------------------- */

CXCursor dl_cx_only_expr_child(CXCursor c)
{
        CXCursor kids[4];
        unsigned n = dl_cx_children(c, kids, 4);
        CXCursor found = clang_getNullCursor();
        unsigned count = 0;
        for (unsigned i = 0; i < n && i < 4; i++) {
                if (clang_isExpression(clang_getCursorKind(kids[i]))) {
                        found = kids[i];
                        count++;
                }
        }
        return count == 1 && n <= 4 ? found : clang_getNullCursor();
}

bool dl_cx_is_local(CXCursor def)
{
        enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(def));
        return pk == CXCursor_FunctionDecl || pk == CXCursor_CXXMethod ||
               pk == CXCursor_Constructor || pk == CXCursor_Destructor ||
               pk == CXCursor_FunctionTemplate || pk == CXCursor_LambdaExpr;
}

bool dl_cx_is_named(CXCursor c, const char *s)
{
        CXString cs = clang_getCursorSpelling(c);
        bool eq = strcmp(clang_getCString(cs), s) == 0;
        clang_disposeString(cs);
        return eq;
}

bool dl_cx_is_call_named(CXCursor c, const char *name, int nargs)
{
        return clang_getCursorKind(c) == CXCursor_CallExpr && dl_cx_is_named(c, name) &&
               clang_Cursor_getNumArguments(c) == nargs;
}

bool dl_cx_same_expr(CXCursor a, CXCursor b)
{
        return clang_getCursorKind(a) == clang_getCursorKind(b) &&
               clang_hashCursor(a) == clang_hashCursor(b) &&
               clang_equalLocations(clang_getCursorLocation(a), clang_getCursorLocation(b));
}

CXCursor dl_cx_strip(CXCursor c)
{
        for (int i = 0; i < 64; i++) {
                enum CXCursorKind k = clang_getCursorKind(c);
                CXCursor next = clang_getNullCursor();
                if (k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr ||
                    k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr ||
                    k == CXCursor_CXXConstCastExpr || k == CXCursor_CXXFunctionalCastExpr) {
                        next = dl_cx_only_expr_child(c);
                } else if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(c) == 1 &&
                           (dl_cx_is_named(c, "move") || dl_cx_is_named(c, "forward"))) {
                        next = clang_Cursor_getArgument(c, 0);
                }
                if (clang_Cursor_isNull(next))
                        return c;
                c = next;
        }
        return c;
}

CXCursor dl_cx_strip_address(CXCursor c)
{
        for (int i = 0; i < 8; i++) {
                c = dl_cx_strip(c);
                if (clang_getCursorKind(c) != CXCursor_UnaryOperator)
                        return c;
                CXCursor kid[2];
                if (dl_cx_children(c, kid, 2) != 1)
                        return c;
                c = kid[0];
        }
        return c;
}

unsigned dl_cx_cursor_offset(CXCursor c)
{
        return dl_cx_offset(clang_getCursorLocation(c));
}

CXCursor dl_cx_member_object(CXCursor call)
{
        CXCursor kids[1];
        if (dl_cx_children(call, kids, 1) < 1 || clang_getCursorKind(kids[0]) != CXCursor_MemberRefExpr)
                return clang_getNullCursor();
        CXCursor base = dl_cx_only_expr_child(kids[0]);
        return clang_Cursor_isNull(base) ? base : dl_cx_strip(base);
}

bool dl_cx_refers_to(CXCursor e, CXCursor decl)
{
        return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
               clang_equalCursors(clang_getCursorReferenced(e), decl);
}

bool dl_cx_param_is_read_only(CXType t)
{
        if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference ||
            t.kind == CXType_Pointer)
                return clang_isConstQualifiedType(clang_getPointeeType(t));
        return t.kind != CXType_Invalid;
}

bool dl_cx_binary_operator(CXCursor e, CXCursor *lhs, CXCursor *rhs, char *op, size_t size)
{
        CXCursor kids[2];
        if (size)
                op[0] = 0;
        if (clang_getCursorKind(e) != CXCursor_BinaryOperator || dl_cx_children(e, kids, 2) != 2)
                return false;
        *lhs = kids[0];
        *rhs = kids[1];
        /* in the file where the source shows them (`h % SHARDS`, SHARDS a
         * macro) */
        CXFile fa = NULL, fb = NULL;
        unsigned oa = 0, ob = 0;
        clang_getFileLocation(clang_getRangeEnd(clang_getCursorExtent(kids[0])), &fa, NULL, NULL,
                              &oa);
        clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(kids[1])), &fb, NULL, NULL,
                              &ob);
        if (!fa || !fb || !clang_File_isEqual(fa, fb) || ob < oa)
                return false;
        CXTranslationUnit tu = clang_Cursor_getTranslationUnit(e);
        CXSourceRange between = clang_getRange(clang_getLocationForOffset(tu, fa, oa),
                                               clang_getLocationForOffset(tu, fb, ob));
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(tu, between, &toks, &n);
        CXTokenKind k = n ? clang_getTokenKind(toks[0]) : CXToken_Comment;
        bool ok = k == CXToken_Punctuation || k == CXToken_Keyword;
        if (ok && size) {
                CXString s = clang_getTokenSpelling(tu, toks[0]);
                snprintf(op, size, "%s", clang_getCString(s));
                clang_disposeString(s);
        }
        dl_cx_dispose_tokens(tu, toks, n);
        return ok;
}

void dl_cx_dispose_tokens(CXTranslationUnit tu, CXToken *toks, unsigned n)
{
        if (toks)
                clang_disposeTokens(tu, toks, n);
}

void dl_cx_dispose_eval(CXEvalResult r)
{
        if (r)
                clang_EvalResult_dispose(r);
}

void dl_cx_dispose_diagnostic(CXDiagnostic d)
{
        if (d)
                clang_disposeDiagnostic(d);
}

void dl_cx_dispose_tu(CXTranslationUnit tu)
{
        if (tu)
                clang_disposeTranslationUnit(tu);
}

void dl_cx_dispose_index(CXIndex idx)
{
        if (idx)
                clang_disposeIndex(idx);
}
