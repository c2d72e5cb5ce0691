/* eval.c - folding constant arguments into template values: constants,
 * the table of string functions, typed holes, one-of sets and format
 * arguments (docs/architecture.md, "Typed templates").
 * SPDX-License-Identifier: MIT
 *
 * A template is built by struct dl_tmpl: a run of known bytes (with one
 * location per byte) that is flushed into a segment whenever a hole is
 * appended. Folding walks the expression with an explicit depth budget.
 * String literals and the macros they come from are folded in
 * eval_tokens.c, local strings, streams and char buffers in eval_local.c,
 * jansson / cJSON values in eval_json.c (eval_internal.h joins them).
 */
#include "eval_internal.h"

#include "buffer.h"
#include "cx.h"

#include "../core/alloc.h"
#include "../core/arena.h"
#include "../model/format.h"

#include <stdint.h>
#include <stdio.h>

#include <stdlib.h>
#include <string.h>

/* ---- types ---------------------------------------------------------------- */

CXType dl_eval_value_type(CXType ty)
{
        if (ty.kind == CXType_LValueReference || ty.kind == CXType_RValueReference)
                ty = clang_getPointeeType(ty);
        return clang_getCanonicalType(ty);
}

static bool spelling_has(CXType ty, const char *what)
{
        CXString s = clang_getTypeSpelling(ty);
        bool yes = strstr(clang_getCString(s), what) != NULL;
        clang_disposeString(s);
        return yes;
}

static bool is_string_type(CXType ty)
{
        ty = dl_eval_value_type(ty);
        return spelling_has(ty, "basic_string<char") || spelling_has(ty, "String");
}

static bool is_stream_type(CXType ty)
{
        ty = dl_eval_value_type(ty);
        return spelling_has(ty, "basic_ostringstream<char") ||
               spelling_has(ty, "basic_stringstream<char");
}

static bool is_char_kind(enum CXTypeKind k)
{
        return k == CXType_Char_S || k == CXType_Char_U || k == CXType_SChar || k == CXType_UChar;
}

/* char[N] or char * (the C strings a buffer function writes). */
bool dl_eval_is_char_buffer(CXType ty)
{
        ty = clang_getCanonicalType(ty);
        if (ty.kind == CXType_ConstantArray || ty.kind == CXType_IncompleteArray)
                return is_char_kind(clang_getCanonicalType(clang_getArrayElementType(ty)).kind);
        if (ty.kind == CXType_Pointer)
                return is_char_kind(clang_getCanonicalType(clang_getPointeeType(ty)).kind);
        return false;
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

/* A summary applied at a call (struct dl_eval_bind): is e a reference to a
 * bound parameter? Then *caller and *arg are where its value is folded. */
bool dl_eval_bound_arg(struct dl_eval *ev, CXCursor e, struct dl_eval **caller, CXCursor *arg)
{
        if (!ev->bind || !ev->bind->caller)
                return false;
        e = dl_cx_strip(e);
        if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
                return false;
        CXCursor d = clang_getCursorReferenced(e);
        if (clang_getCursorKind(d) != CXCursor_ParmDecl)
                return false;
        int n = clang_Cursor_getNumArguments(ev->bind->fn);
        int given = clang_Cursor_getNumArguments(ev->bind->call);
        for (int i = 0; i < n && i < given && i < 64; i++) {
                if (!(ev->bind->params >> i & 1) ||
                    !clang_equalCursors(clang_Cursor_getArgument(ev->bind->fn, (unsigned)i), d))
                        continue;
                *caller = ev->bind->caller;
                *arg = clang_Cursor_getArgument(ev->bind->call, (unsigned)i);
                return true;
        }
        return false;
}

int dl_eval_written_arg(CXCursor call)
{
        const struct strfn *f = dl_eval_strfn_of(call);
        return f && f->out >= 0 && f->kind <= SF_MEMCPY ? f->out : -1;
}

bool dl_eval_size(struct dl_eval *ev, CXCursor e, long long *out)
{
        struct dl_eval *at = ev;
        CXCursor arg;
        while (dl_eval_bound_arg(at, e, &at, &arg))
                e = arg;
        long long x;
        bool u;
        if (!dl_eval_integer(e, &x, &u) || x <= 0)
                return false;
        *out = x;
        return true;
}

/* A helper exported for other files (struct dl_eval_bind, export): the
 * 1-based index of the bound parameter e refers to, else 0. */
unsigned dl_eval_export_param(const struct dl_eval *ev, CXCursor e)
{
        if (!ev->bind || ev->bind->caller)
                return 0;
        e = dl_cx_strip(e);
        if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
                return 0;
        CXCursor d = clang_getCursorReferenced(e);
        int n = clang_Cursor_getNumArguments(ev->bind->fn);
        for (int i = 0; clang_getCursorKind(d) == CXCursor_ParmDecl && i < n && i < 64; i++) {
                if ((ev->bind->params >> i & 1) &&
                    clang_equalCursors(clang_Cursor_getArgument(ev->bind->fn, (unsigned)i), d))
                        return (unsigned)i + 1;
        }
        return 0;
}

/* ---- the table of string functions ------------------------------------------ */

static const struct strfn strfns[] = {
#define DL_STRFN(name, scope, kind, out, src, extra, size)                                         \
        {name, scope, kind, out, src, extra, size},
#include "string_functions.def"
#undef DL_STRFN
};

/* The first component of callee's qualified name, inline namespaces and
 * all, into buf ("" at file scope). */
static void outer_scope(CXCursor callee, char *buf, size_t size)
{
        buf[0] = '\0';
        CXCursor cur = clang_getCursorSemanticParent(callee);
        for (int i = 0; i < 32 && !clang_Cursor_isNull(cur); i++) {
                enum CXCursorKind k = clang_getCursorKind(cur);
                if (k == CXCursor_TranslationUnit || clang_isInvalid(k))
                        return;
                if (k == CXCursor_Namespace) {
                        CXString s = clang_getCursorSpelling(cur);
                        snprintf(buf, size, "%s", clang_getCString(s));
                        clang_disposeString(s);
                } else if (k != CXCursor_LinkageSpec && k != CXCursor_UnexposedDecl) {
                        /* extern "C" blocks are UnexposedDecl in libclang 14 */
                        snprintf(buf, size, "?");
                }
                cur = clang_getCursorSemanticParent(cur);
        }
}

/* The table's entry for call, or NULL: the name, the scope and the number
 * of arguments all agree. */
const struct strfn *dl_eval_strfn_of(CXCursor call)
{
        if (clang_getCursorKind(call) != CXCursor_CallExpr)
                return NULL;
        CXCursor callee = clang_getCursorReferenced(call);
        if (clang_Cursor_isNull(callee))
                return NULL;
        CXString cs = clang_getCursorSpelling(callee);
        const char *name = clang_getCString(cs);
        int nargs = clang_Cursor_getNumArguments(call);
        const struct strfn *found = NULL;
        char scope[64] = "";
        bool have_scope = false;
        for (size_t i = 0; !found && i < sizeof strfns / sizeof strfns[0]; i++) {
                const struct strfn *f = &strfns[i];
                if (strcmp(f->name, name) != 0)
                        continue;
                if (f->scope == SC_ANY) {
                        /* operators take two operands; members exactly their source */
                        int want = f->kind == SF_CONCAT || f->out == 0 ? 2 : f->out == OBJ ? 1 : 0;
                        if (nargs == want)
                                found = f;
                        continue;
                }
                if (!have_scope) {
                        outer_scope(callee, scope, sizeof scope);
                        have_scope = true;
                }
                bool in_scope = f->scope == SC_C     ? !scope[0] || !strcmp(scope, "std")
                                : f->scope == SC_STD ? !strcmp(scope, "std")
                                : f->scope == SC_AWS ? !strcmp(scope, "Aws")
                                                     : !strcmp(scope, "fmt");
                int need = f->out > f->src ? f->out : f->src;
                if (f->extra > need && f->kind != SF_PRINTF && f->kind != SF_FORMAT &&
                    f->kind != SF_JSON_PACK)
                        need = f->extra; /* variadic arguments may be none */
                if (f->size > need)
                        need = f->size;
                if (in_scope && nargs > need && (f->kind != SF_TO_STRING || nargs == 1))
                        found = f;
        }
        clang_disposeString(cs);
        return found;
}

/* ---- small helpers ----------------------------------------------------------- */

bool dl_eval_integer(CXCursor e, long long *out, bool *is_unsigned)
{
        CXEvalResult r = clang_Cursor_Evaluate(dl_cx_strip(e));
        bool ok = r && clang_EvalResult_getKind(r) == CXEval_Int;
        if (ok) {
                *is_unsigned = clang_EvalResult_isUnsignedInt(r);
                *out = *is_unsigned ? (long long)clang_EvalResult_getAsUnsigned(r)
                                    : clang_EvalResult_getAsLongLong(r);
        }
        dl_cx_dispose_eval(r);
        return ok;
}

/* The expression as written (whitespace runs as one space), at most 80
 * bytes, in the arena; NULL when it is not one span of one file. */
const char *dl_eval_expr_source(struct dl_eval *ev, CXCursor e)
{
        CXSourceRange r = dl_cx_file_range(ev->cx->tu, e);
        if (clang_Range_isNull(r))
                return NULL;
        CXFile f1, f2;
        unsigned o1, o2;
        clang_getFileLocation(clang_getRangeStart(r), &f1, NULL, NULL, &o1);
        clang_getFileLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &o2);
        size_t size = 0;
        const char *buf = f1 ? clang_getFileContents(ev->cx->tu, f1, &size) : NULL;
        if (!buf || !f2 || !clang_File_isEqual(f1, f2) || o2 <= o1 || o2 > size || o2 - o1 > 80)
                return NULL;
        char out[96];
        size_t n = 0;
        for (unsigned i = o1; i < o2; i++) {
                char c = (char)(buf[i] == '\n' || buf[i] == '\t' || buf[i] == '\r' ? ' ' : buf[i]);
                if (c == ' ' && n && out[n - 1] == ' ')
                        continue;
                out[n++] = c;
        }
        return dl_arena_strndup(ev->cx->arena, out, n);
}

/* ---- shapes of values known only at run time ------------------------------------ */

/* Each field of struct tm, the strftime conversion it stands for. */
static const struct {
        const char *field, *format;
        enum dl_time_grain grain;
} tm_fields[] = {
        {"tm_year", "%Y", DL_GRAIN_YEAR},  {"tm_mon", "%m", DL_GRAIN_MONTH},
        {"tm_mday", "%d", DL_GRAIN_DAY},   {"tm_yday", "%j", DL_GRAIN_DAY},
        {"tm_wday", "%w", DL_GRAIN_DAY},   {"tm_hour", "%H", DL_GRAIN_HOUR},
        {"tm_min", "%M", DL_GRAIN_MINUTE}, {"tm_sec", "%S", DL_GRAIN_SECOND},
};

/* `t.tm_mday`, `t->tm_year + 1900`: a field of struct tm. */
static int tm_field(struct dl_eval *ev, CXCursor e, unsigned depth)
{
        e = dl_cx_strip(e);
        CXCursor lhs, rhs;
        char op[8];
        long long k;
        bool u;
        if (depth < 4 && dl_cx_binary_operator(e, &lhs, &rhs, op, sizeof op) &&
            (!strcmp(op, "+") || !strcmp(op, "-"))) {
                if (dl_eval_integer(rhs, &k, &u))
                        return tm_field(ev, lhs, depth + 1);
                if (!strcmp(op, "+") && dl_eval_integer(lhs, &k, &u))
                        return tm_field(ev, rhs, depth + 1);
                return -1;
        }
        if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
                return -1;
        CXCursor field = clang_getCursorReferenced(e);
        CXCursor rec = clang_getCursorSemanticParent(field);
        if (clang_getCursorKind(field) != CXCursor_FieldDecl || !dl_cx_is_named(rec, "tm"))
                return -1;
        for (size_t i = 0; i < sizeof tm_fields / sizeof tm_fields[0]; i++)
                if (dl_cx_is_named(field, tm_fields[i].field))
                        return (int)i;
        return -1;
}

struct enum_values {
        struct dl_eval *ev;
        bool names; /* the enumerators' names, not their values */
        DL_VEC(const char *) values;
};

static enum CXChildVisitResult enumerator(CXCursor c, CXCursor parent, CXClientData data)
{
        (void)parent;
        struct enum_values *ev = data;
        if (clang_getCursorKind(c) != CXCursor_EnumConstantDecl || ev->values.n >= 256)
                return CXChildVisit_Continue;
        CXString name = clang_getCursorSpelling(c);
        const char *text = ev->names ? dl_arena_strdup(ev->ev->cx->arena, clang_getCString(name))
                                     : dl_arena_printf(ev->ev->cx->arena, "%lld",
                                                       clang_getEnumConstantDeclValue(c));
        clang_disposeString(name);
        for (size_t i = 0; i < ev->values.n; i++)
                if (!strcmp(ev->values.items[i], text))
                        return CXChildVisit_Continue;
        DL_VEC_PUSH(&ev->values, text);
        return CXChildVisit_Continue;
}

/* A `std::uniform_int_distribution` local declared with constant bounds
 * (a, b), called as `dist(gen)`: true with *lo and *hi. */
static bool distribution_call(CXCursor e, long long *lo, long long *hi)
{
        if (clang_getCursorKind(e) != CXCursor_CallExpr || !dl_cx_is_named(e, "operator()") ||
            clang_Cursor_getNumArguments(e) < 1)
                return false;
        CXCursor obj = dl_cx_strip(clang_Cursor_getArgument(e, 0));
        CXCursor var = clang_getCursorReferenced(obj);
        if (clang_getCursorKind(obj) != CXCursor_DeclRefExpr ||
            clang_getCursorKind(var) != CXCursor_VarDecl ||
            !spelling_has(clang_getCanonicalType(clang_getCursorType(var)),
                          "uniform_int_distribution<"))
                return false;
        CXCursor init = dl_cx_strip(dl_cx_var_init(var));
        bool u;
        return clang_getCursorKind(init) == CXCursor_CallExpr &&
               clang_Cursor_getNumArguments(init) == 2 &&
               dl_eval_integer(clang_Cursor_getArgument(init, 0), lo, &u) &&
               dl_eval_integer(clang_Cursor_getArgument(init, 1), hi, &u) && *lo <= *hi;
}

/* The enum-typed value e (type ty) rendered: as its enumerators' integer
 * values (%d, std::to_string, the stream's integer <<) or, with names, by
 * code ddblint does not read (a std::formatter, a user's operator<<): a
 * function of the value, so one of as many texts as the enum has
 * enumerators, listed by name. An enum of 256 enumerators or more, or
 * none, is a hole without shape. */
const struct dl_hole *dl_eval_enum_shape(struct dl_eval *ev, CXCursor e, CXType ty, bool names)
{
        struct dl_hole h = {.kind = DL_HOLE_UNKNOWN,
                            .source = dl_eval_expr_source(ev, e),
                            .loc = dl_cx_cursor_loc(ev->cx, e)};
        struct enum_values vals = {ev, names, {0}};
        clang_visitChildren(clang_getTypeDeclaration(ty), enumerator, &vals);
        CXString name = clang_getTypeSpelling(clang_getCursorType(clang_getTypeDeclaration(ty)));
        const char *spelled = clang_getCString(name);
        if (!strncmp(spelled, "enum ", 5))
                spelled += 5; /* C spells the type `enum status` */
        h.name = dl_arena_strdup(ev->cx->arena, spelled);
        clang_disposeString(name);
        h.kind = vals.values.n && vals.values.n < 256 ? DL_HOLE_ENUM : DL_HOLE_UNKNOWN;
        h.values = vals.values.items;
        h.n_values = vals.values.n;
        const struct dl_hole *out = dl_hole_new(ev->cx->arena, &h);
        DL_VEC_FREE(&vals.values);
        return out;
}

/* What is known of the integer (or bool, or enum) e when it has no
 * constant value: a shard (`h % 16`, `dist(gen)` of a distribution over
 * [0, N-1]), a date field (`t.tm_mday`), a bool, an enum; NULL when
 * nothing. The shape lives in the arena. */
static const struct dl_hole *int_shape(struct dl_eval *ev, CXCursor e, unsigned depth)
{
        e = dl_cx_strip(e);
        CXCursor var = clang_getCursorReferenced(e);
        if (clang_getCursorKind(e) == CXCursor_DeclRefExpr && depth < 8 && ev->body &&
            clang_getCursorKind(var) == CXCursor_VarDecl && dl_cx_is_local(var) &&
            clang_Cursor_getStorageClass(var) != CX_SC_Static &&
            clang_getCursorType(var).kind != CXType_LValueReference &&
            !clang_Cursor_isNull(dl_cx_var_init(var)) &&
            !dl_body_track(ev->body, var, dl_cx_cursor_offset(var), ev->use_off, NULL, NULL)) {
                /* `int shard = h % 8;` left alone until the use */
                const struct dl_hole *h = int_shape(ev, dl_cx_var_init(var), depth + 1);
                if (h)
                        return h;
        }
        struct dl_hole h = {.kind = DL_HOLE_UNKNOWN,
                            .source = dl_eval_expr_source(ev, e),
                            .loc = dl_cx_cursor_loc(ev->cx, e)};
        CXCursor lhs, rhs;
        char op[8];
        long long n, lo;
        bool u;
        int field = tm_field(ev, e, 0);
        CXType ty = dl_eval_value_type(clang_getCursorType(e));
        if (dl_cx_binary_operator(e, &lhs, &rhs, op, sizeof op) && !strcmp(op, "%") &&
            dl_eval_integer(rhs, &n, &u) && n > 0) {
                h.kind = DL_HOLE_SHARD;
                h.bound = (unsigned long long)n;
        } else if (distribution_call(e, &lo, &n) && lo == 0 && n < (long long)(1ULL << 62)) {
                h.kind = DL_HOLE_SHARD;
                h.bound = (unsigned long long)n + 1;
        } else if (field >= 0) {
                h.kind = DL_HOLE_DATE;
                h.format = tm_fields[field].format;
                h.grain = tm_fields[field].grain;
        } else if (ty.kind == CXType_Bool) {
                h.kind = DL_HOLE_BOOL;
        } else if (ty.kind == CXType_Enum) {
                return dl_eval_enum_shape(ev, e, ty, false);
        }
        return dl_hole_new(ev->cx->arena, &h);
}

/* ---- one of a finite set of strings ------------------------------------------ */

#define DL_ONE_OF_MAX 64
#define DL_ONE_OF_STEPS 4096

struct one_of {
        struct dl_eval *ev;
        DL_VEC(const char *) values;
        unsigned depth;
        bool fail;
        unsigned returns;
        unsigned steps; /* expressions visited, at most DL_ONE_OF_STEPS */
};

static void one_of_expr(struct one_of *o, CXCursor e);

static void one_of_add(struct one_of *o, const char *p, size_t n)
{
        for (size_t i = 0; i < o->values.n; i++)
                if (strlen(o->values.items[i]) == n && !memcmp(o->values.items[i], p, n))
                        return;
        if (o->values.n >= DL_ONE_OF_MAX || memchr(p, '\0', n)) {
                o->fail = true;
                return;
        }
        DL_VEC_PUSH(&o->values, dl_arena_strndup(o->ev->cx->arena, p, n));
}

static enum CXChildVisitResult one_of_return(CXCursor c, CXCursor parent, CXClientData data)
{
        (void)parent;
        struct one_of *o = data;
        enum CXCursorKind k = clang_getCursorKind(c);
        if (o->fail)
                return CXChildVisit_Break;
        if (k == CXCursor_LambdaExpr || clang_isDeclaration(k))
                return CXChildVisit_Continue; /* their returns are their own */
        if (k == CXCursor_ReturnStmt) {
                CXCursor v = dl_cx_only_expr_child(c);
                if (clang_Cursor_isNull(v))
                        o->fail = true;
                else
                        one_of_expr(o, v);
                o->returns++;
                return CXChildVisit_Continue;
        }
        return CXChildVisit_Recurse;
}

static enum CXChildVisitResult one_of_element(CXCursor c, CXCursor parent, CXClientData data)
{
        (void)parent;
        one_of_expr(data, c);
        return CXChildVisit_Continue;
}

/* A function of this translation unit, not virtual, returning a string,
 * every return of which is one of a finite set. */
static void one_of_call(struct one_of *o, CXCursor e)
{
        CXCursor callee = clang_getCursorReferenced(e);
        enum CXCursorKind ck = clang_getCursorKind(callee);
        if ((ck != CXCursor_FunctionDecl && ck != CXCursor_CXXMethod) ||
            (ck == CXCursor_CXXMethod && clang_CXXMethod_isVirtual(callee)) ||
            dl_eval_strfn_of(e) != NULL) {
                o->fail = true;
                return;
        }
        CXCursor def = clang_getCursorDefinition(callee);
        CXType rt = clang_getCursorResultType(callee);
        if (clang_Cursor_isNull(def) || !(dl_eval_is_char_buffer(rt) || is_string_type(rt))) {
                o->fail = true;
                return;
        }
        CXCursor kids[8];
        unsigned n = dl_cx_children(def, kids, 8);
        CXCursor body = n && n <= 8 ? kids[n - 1] : clang_getNullCursor();
        if (clang_getCursorKind(body) != CXCursor_CompoundStmt) {
                o->fail = true;
                return;
        }
        unsigned before = o->returns;
        clang_visitChildren(body, one_of_return, o);
        if (o->returns == before)
                o->fail = true;
}

static void one_of_expr(struct one_of *o, CXCursor e)
{
        if (o->fail || ++o->depth > DL_EVAL_MAX_DEPTH || ++o->steps > DL_ONE_OF_STEPS) {
                o->fail = true;
                return;
        }
        e = dl_cx_strip(e);
        CXCursor kids[3];
        switch (clang_getCursorKind(e)) {
        case CXCursor_ConditionalOperator:
                if (dl_cx_children(e, kids, 3) != 3) {
                        o->fail = true; /* GNU `a ?: b` */
                        break;
                }
                one_of_expr(o, kids[1]);
                one_of_expr(o, kids[2]);
                break;
        case CXCursor_ArraySubscriptExpr: {
                CXCursor base = dl_cx_strip(
                        dl_cx_children(e, kids, 2) == 2 ? kids[0] : clang_getNullCursor());
                CXCursor var = clang_getCursorReferenced(base);
                CXCursor def = clang_getCursorDefinition(var);
                CXCursor init = clang_Cursor_isNull(def) ? def : dl_cx_var_init(def);
                if (clang_getCursorKind(base) != CXCursor_DeclRefExpr ||
                    clang_getCursorKind(var) != CXCursor_VarDecl || !is_constant_var(def) ||
                    clang_getCursorKind(init) != CXCursor_InitListExpr) {
                        o->fail = true;
                        break;
                }
                /* a constant index into a list of literals: that element
                 * (`targets[OP_QUERY]`); else any of them */
                long long i;
                bool is_unsigned;
                CXCursor elems[256];
                unsigned n = dl_cx_children(init, elems, 256);
                bool literals = n > 0 && n <= 256;
                for (unsigned k = 0; literals && k < n; k++)
                        literals = clang_getCursorKind(dl_cx_strip(elems[k])) ==
                                   CXCursor_StringLiteral;
                if (literals && dl_eval_integer(kids[1], &i, &is_unsigned) && i >= 0 &&
                    (unsigned long long)i < n)
                        one_of_expr(o, elems[i]);
                else
                        clang_visitChildren(init, one_of_element, o);
                break;
        }
        case CXCursor_CallExpr:
                if (clang_getCursorKind(clang_getCursorReferenced(e)) != CXCursor_Constructor) {
                        one_of_call(o, e);
                        break;
                }
                if (clang_Cursor_getNumArguments(e) == 1 ||
                    (clang_Cursor_getNumArguments(e) == 2 &&
                     is_string_type(clang_getCursorType(e)))) {
                        one_of_expr(o, clang_Cursor_getArgument(e, 0));
                        break;
                }
                o->fail = true;
                break;
        default: {
                /* literals, macros and constants: what fold makes of them */
                struct dl_eval sub = {o->ev->cx, NULL, 0, false, NULL, NULL};
                struct dl_tmpl t;
                dl_tmpl_init(&t, o->ev->cx->arena);
                dl_eval_fold_expr(&sub, &t, e, DL_EVAL_MAX_DEPTH - 8);
                struct dl_value v = dl_tmpl_finish(&t, (struct dl_loc){0});
                dl_tmpl_fini(&t);
                if (dl_value_is_complete(&v))
                        one_of_add(o, v.text ? v.text : "", v.len);
                else
                        o->fail = true;
        }
        }
        o->depth--;
}

/* Are the n values (n >= 2) one prefix followed by each of 0 .. n-1 in
 * decimal (an array of shard keys)? Sets *prefix to its length. */
static bool shard_set(const char *const *values, size_t n, size_t *prefix)
{
        size_t p = strlen(values[0]);
        for (size_t i = 1; i < n; i++) {
                size_t k = 0;
                while (k < p && values[i][k] == values[0][k])
                        k++;
                p = k;
        }
        while (p > 0 && values[0][p - 1] >= '0' && values[0][p - 1] <= '9')
                p--; /* "P#1" and "P#10" share "P#1" */
        bool *seen = dl_xcalloc(n, sizeof *seen);
        bool ok = true;
        for (size_t i = 0; ok && i < n; i++) {
                const char *d = values[i] + p;
                size_t len = strlen(d);
                ok = len > 0 && len < 20 && strspn(d, "0123456789") == len &&
                     (d[0] != '0' || len == 1);
                unsigned long long x = ok ? strtoull(d, NULL, 10) : 0;
                ok = ok && x < n && !seen[x];
                if (ok)
                        seen[x] = true;
        }
        free(seen);
        *prefix = p;
        return ok;
}

/* e as one of a finite set: true and the values appended to t (one value:
 * known text; several: a one-of hole); false when it is not one. */
static bool fold_one_of(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, unsigned depth)
{
        struct one_of o = {ev, {0}, depth, false, 0, 0};
        one_of_expr(&o, e);
        bool ok = !o.fail && o.values.n > 0;
        size_t prefix = 0;
        if (ok && o.values.n > 1 && shard_set(o.values.items, o.values.n, &prefix)) {
                /* "P#0" ... "P#7": the text "P#" and a shard of 8 */
                struct dl_loc at = dl_cx_cursor_loc(ev->cx, e);
                dl_tmpl_text(t, o.values.items[0], prefix, NULL, at, NULL);
                struct dl_hole h = {.kind = DL_HOLE_SHARD,
                                    .bound = o.values.n,
                                    .source = dl_eval_expr_source(ev, e),
                                    .loc = at};
                dl_tmpl_hole(t, dl_hole_new(ev->cx->arena, &h));
        } else if (ok && o.values.n == 1) {
                dl_tmpl_text(t, o.values.items[0], strlen(o.values.items[0]), NULL,
                             dl_cx_cursor_loc(ev->cx, e), NULL);
        } else if (ok) {
                struct dl_hole h = {.kind = DL_HOLE_ONE_OF,
                                    .values = o.values.items,
                                    .n_values = o.values.n,
                                    .source = dl_eval_expr_source(ev, e),
                                    .loc = dl_cx_cursor_loc(ev->cx, e)};
                dl_tmpl_hole(t, dl_hole_new(ev->cx->arena, &h));
        }
        DL_VEC_FREE(&o.values);
        return ok;
}

/* ---- format arguments ------------------------------------------------------------ */

struct dl_value dl_eval_fold_value(struct dl_eval *ev, CXCursor e, unsigned depth)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, ev->cx->arena);
        dl_eval_fold_expr(ev, &t, e, depth);
        struct dl_value v = dl_tmpl_finish(&t, dl_cx_cursor_loc(ev->cx, e));
        dl_tmpl_fini(&t);
        return v;
}

enum dl_fmt_type dl_eval_fmt_type(CXType ty, bool std_format)
{
        ty = dl_eval_value_type(ty);
        switch (ty.kind) {
        case CXType_Bool: return DL_FMT_BOOL;
        case CXType_Char_S:
        case CXType_Char_U:
        case CXType_SChar:
        case CXType_UChar: return std_format ? DL_FMT_CHAR : DL_FMT_SIGNED;
        case CXType_Short:
        case CXType_Int:
        case CXType_Long:
        case CXType_LongLong: return DL_FMT_SIGNED;
        case CXType_UShort:
        case CXType_UInt:
        case CXType_ULong:
        case CXType_ULongLong: return DL_FMT_UNSIGNED;
        case CXType_Enum: return std_format ? DL_FMT_OTHER : DL_FMT_SIGNED;
        case CXType_Float:
        case CXType_Double:
        case CXType_LongDouble: return DL_FMT_FLOAT;
        case CXType_Pointer:
        case CXType_ConstantArray:
        case CXType_IncompleteArray:
                return dl_eval_is_char_buffer(ty) ? DL_FMT_STRING : DL_FMT_POINTER;
        default: break;
        }
        if (is_string_type(ty) || spelling_has(ty, "basic_string_view<char"))
                return DL_FMT_STRING;
        if (std_format && spelling_has(ty, "chrono::time_point<"))
                return DL_FMT_TIME;
        return DL_FMT_OTHER;
}

/* An integer, bool or char as text when constant, else a value whose only
 * segment is its shaped hole, else DYNAMIC. */
struct dl_value dl_eval_int_value(struct dl_eval *ev, CXCursor e, enum dl_fmt_type type)
{
        struct dl_eval *caller;
        CXCursor arg;
        if (dl_eval_bound_arg(ev, e, &caller, &arg))
                return dl_eval_int_value(caller, arg, type);
        struct dl_loc at = dl_cx_cursor_loc(ev->cx, e);
        long long x;
        bool u;
        if (dl_eval_integer(e, &x, &u)) {
                char buf[32];
                if (type == DL_FMT_BOOL)
                        snprintf(buf, sizeof buf, "%s", x ? "true" : "false");
                else if (type == DL_FMT_CHAR)
                        snprintf(buf, sizeof buf, "%c", (char)x);
                else if (u)
                        snprintf(buf, sizeof buf, "%llu", (unsigned long long)x);
                else
                        snprintf(buf, sizeof buf, "%lld", x);
                return dl_value_known(ev->cx->arena, buf, strlen(buf), NULL, at);
        }
        const struct dl_hole *h = int_shape(ev, e, 0);
        if (!h)
                return dl_value_dynamic(at);
        struct dl_tmpl t;
        dl_tmpl_init(&t, ev->cx->arena);
        dl_tmpl_hole(&t, h);
        struct dl_value v = dl_tmpl_finish(&t, at);
        dl_tmpl_fini(&t);
        return v;
}

/* The text of the enum-typed value e (type ty) as rendered by code ddblint
 * does not read: one hole, the enum's shape by name (enum_shape). */
static struct dl_value enum_text(struct dl_eval *ev, CXCursor e, CXType ty)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, ev->cx->arena);
        dl_tmpl_hole(&t, dl_eval_enum_shape(ev, e, ty, true));
        struct dl_value v = dl_tmpl_finish(&t, dl_cx_cursor_loc(ev->cx, e));
        dl_tmpl_fini(&t);
        return v;
}

static struct dl_fmt_arg fmt_arg(struct dl_eval *ev, CXCursor e, bool std_format, unsigned depth)
{
        struct dl_fmt_arg a = {dl_eval_fmt_type(clang_getCursorType(dl_cx_strip(e)), std_format),
                               dl_value_dynamic(dl_cx_cursor_loc(ev->cx, e))};
        CXType ty = dl_eval_value_type(clang_getCursorType(dl_cx_strip(e)));
        if (std_format && ty.kind == CXType_Enum) {
                /* std::format has no formatter for enums: a user's renders it */
                a.type = DL_FMT_STRING;
                a.value = enum_text(ev, dl_cx_strip(e), ty);
                return a;
        }
        switch (a.type) {
        case DL_FMT_STRING: a.value = dl_eval_fold_value(ev, e, depth); break;
        case DL_FMT_SIGNED:
        case DL_FMT_UNSIGNED:
        case DL_FMT_BOOL:
        case DL_FMT_CHAR: a.value = dl_eval_int_value(ev, e, a.type); break;
        default: break;
        }
        return a;
}

/* printf(args[src], args[extra]...) or std::format(...) of call, into t. */
void dl_eval_fold_format(struct dl_eval *ev, struct dl_tmpl *t, CXCursor call, int src, int extra,
                         bool std_format, unsigned depth)
{
        int nargs = clang_Cursor_getNumArguments(call);
        struct dl_value fmt =
                dl_eval_fold_value(ev, clang_Cursor_getArgument(call, (unsigned)src), depth + 1);
        size_t n = nargs > extra ? (size_t)(nargs - extra) : 0;
        struct dl_fmt_arg *args = dl_xcalloc(n ? n : 1, sizeof *args);
        for (size_t i = 0; i < n; i++)
                args[i] = fmt_arg(ev, clang_Cursor_getArgument(call, (unsigned)extra + (unsigned)i),
                                  std_format, depth + 1);
        struct dl_loc at = dl_cx_cursor_loc(ev->cx, call);
        if (std_format)
                dl_format_std(t, &fmt, args, n, at);
        else
                dl_format_printf(t, &fmt, args, n, at);
        free(args);
}

/* strftime / put_time: fmt argument src, struct tm argument tm. */
void dl_eval_fold_strftime(struct dl_eval *ev, struct dl_tmpl *t, CXCursor call, int src, int tm,
                           unsigned depth)
{
        struct dl_value fmt =
                dl_eval_fold_value(ev, clang_Cursor_getArgument(call, (unsigned)src), depth + 1);
        dl_format_strftime(t, &fmt, dl_cx_cursor_loc(ev->cx, call),
                           dl_eval_expr_source(ev, dl_cx_strip_address(clang_Cursor_getArgument(
                                                           call, (unsigned)tm))));
}

static void fold_declref(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, unsigned depth)
{
        struct dl_eval *caller;
        CXCursor arg;
        if (dl_eval_bound_arg(ev, e, &caller, &arg)) {
                dl_eval_fold_expr(caller, t, arg, depth + 1);
                return;
        }
        unsigned param = dl_eval_export_param(ev, e);
        if (param) {
                /* the caller's argument, put in at each call (model/helper.h) */
                struct dl_hole h = {.kind = DL_HOLE_UNKNOWN, .param = param};
                dl_tmpl_hole(t, dl_hole_new(t->arena, &h));
                return;
        }
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
                dl_eval_fold_expr(ev, &sub, init, depth + 1);
                struct dl_value v = dl_tmpl_finish(&sub, (struct dl_loc){0});
                dl_tmpl_fini(&sub);
                struct dl_loc use = dl_cx_cursor_loc(ev->cx, e);
                dl_tmpl_origin(t, dl_cx_cursor_loc(ev->cx, def));
                dl_tmpl_value(t, &v, true, use);
                return;
        }
        CXType ty = clang_getCursorType(def);
        if (dl_cx_is_local(def) && ev->body && ty.kind != CXType_LValueReference &&
            clang_Cursor_getStorageClass(def) != CX_SC_Static &&
            (is_string_type(ty) || is_stream_type(ty) || dl_eval_is_char_buffer(ty))) {
                dl_eval_fold_local_string(ev, t, def, is_stream_type(ty), depth);
                return;
        }
        dl_tmpl_hole(t, NULL);
}

/* A call: a function of the table, else one of a finite set of strings. */
static void fold_call(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, unsigned depth)
{
        CXCursor callee = clang_getCursorReferenced(e);
        int nargs = clang_Cursor_getNumArguments(e);
        if (clang_getCursorKind(callee) == CXCursor_Constructor) {
                if (nargs == 0) {
                        dl_tmpl_text(t, "", 0, NULL, (struct dl_loc){0}, NULL);
                        return;
                }
                if (nargs == 1 || (nargs == 2 && dl_cx_is_named(callee, "basic_string"))) {
                        /* copy / converting constructor (an allocator may follow) */
                        dl_eval_fold_expr(ev, t, clang_Cursor_getArgument(e, 0), depth + 1);
                        return;
                }
                dl_tmpl_hole(t, NULL);
                return;
        }
        const struct strfn *f = dl_eval_strfn_of(e);
        switch (f ? f->kind : SF_PRINTF) {
        case SF_CONCAT:
                dl_eval_fold_expr(ev, t, clang_Cursor_getArgument(e, 0), depth + 1);
                dl_eval_fold_expr(ev, t, clang_Cursor_getArgument(e, 1), depth + 1);
                return;
        case SF_VIEW: {
                CXCursor obj = dl_cx_member_object(e);
                if (!clang_Cursor_isNull(obj) &&
                    (f->name[0] != 's' || is_stream_type(clang_getCursorType(obj)))) {
                        dl_eval_fold_expr(ev, t, obj, depth + 1);
                        return;
                }
                break;
        }
        case SF_TO_STRING: {
                struct dl_fmt_arg a = fmt_arg(ev, clang_Cursor_getArgument(e, 0), false, depth);
                if (a.type == DL_FMT_SIGNED || a.type == DL_FMT_UNSIGNED || a.type == DL_FMT_BOOL) {
                        if (a.type == DL_FMT_BOOL && dl_value_is_complete(&a.value))
                                a.value =
                                        dl_value_known(t->arena, a.value.text[0] == 't' ? "1" : "0",
                                                       1, NULL, a.value.loc);
                        struct dl_value fmt = dl_value_known(t->arena, "%d", 2, NULL, a.value.loc);
                        a.type = a.type == DL_FMT_UNSIGNED ? DL_FMT_UNSIGNED : DL_FMT_SIGNED;
                        if (a.type == DL_FMT_UNSIGNED)
                                fmt = dl_value_known(t->arena, "%u", 2, NULL, a.value.loc);
                        struct dl_value made;
                        struct dl_tmpl m;
                        dl_tmpl_init(&m, t->arena);
                        dl_format_printf(&m, &fmt, &a, 1, dl_cx_cursor_loc(ev->cx, e));
                        made = dl_tmpl_finish(&m, (struct dl_loc){0});
                        dl_tmpl_fini(&m);
                        /* the digits are computed: located at the call, not in "%d" */
                        if (dl_value_is_complete(&made))
                                dl_tmpl_text(t, made.text, made.len, NULL,
                                             dl_cx_cursor_loc(ev->cx, e), NULL);
                        else
                                dl_tmpl_value(t, &made, false, (struct dl_loc){0});
                        return;
                }
                break;
        }
        case SF_FORMAT: dl_eval_fold_format(ev, t, e, f->src, f->extra, true, depth); return;
        case SF_GETENV: {
                /* a variable named by known text: its value, a hole that
                 * a template may name a table for (docs/architecture.md,
                 * "Tables as code") */
                struct dl_value name =
                        dl_eval_fold_value(ev, clang_Cursor_getArgument(e, 0), depth + 1);
                if (!dl_value_is_complete(&name) || !name.len || memchr(name.text, '\0', name.len))
                        break;
                struct dl_hole env = {.kind = DL_HOLE_UNKNOWN, .env = name.text};
                dl_tmpl_hole(t, dl_hole_new(t->arena, &env));
                return;
        }
        case SF_JSON_TEXT: {
                /* the text of the value as it is at this call */
                unsigned saved = ev->use_off, at = dl_cx_cursor_offset(e);
                if (at < ev->use_off)
                        ev->use_off = at;
                dl_eval_fold_json(ev, t, clang_Cursor_getArgument(e, 0), depth + 1);
                ev->use_off = saved;
                return;
        }
        default: break;
        }
        if (!f && fold_one_of(ev, t, e, depth))
                return;
        if (!f && ev->hooks && ev->hooks->call_value &&
            ev->hooks->call_value(ev->hooks->data, ev, e, t, depth))
                return; /* a function of the project, summarised */
        dl_tmpl_hole(t, NULL);
}

void dl_eval_fold_expr(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, unsigned depth)
{
        if (depth > DL_EVAL_MAX_DEPTH) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        e = dl_cx_strip(e);
        switch (clang_getCursorKind(e)) {
        case CXCursor_StringLiteral: dl_eval_fold_literal(ev, t, e); return;
        case CXCursor_DeclRefExpr: fold_declref(ev, t, e, depth); return;
        case CXCursor_CallExpr: fold_call(ev, t, e, depth); return;
        case CXCursor_ConditionalOperator:
        case CXCursor_ArraySubscriptExpr:
                if (fold_one_of(ev, t, e, depth))
                        return;
                dl_tmpl_hole(t, NULL);
                return;
        default: dl_tmpl_hole(t, NULL); return;
        }
}

struct dl_value dl_eval_string(struct dl_eval *ev, CXCursor e, struct dl_loc at)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, ev->cx->arena);
        dl_eval_fold_expr(ev, &t, e, 0);
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

void dl_eval_fold(struct dl_eval *ev, CXCursor e, struct dl_tmpl *t, unsigned depth)
{
        dl_eval_fold_expr(ev, t, e, depth);
}
