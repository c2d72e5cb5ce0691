/* eval.c - folding constant arguments into template values.
 * SPDX-License-Identifier: MIT
 *
 * A template is built by struct dl_tmpl: a run of known bytes (with one
 * location per byte) that is flushed into a segment whenever a hole is
 * appended. Folding walks the expression with an explicit depth budget.
 */
#include "eval.h"

#include "buffer.h"
#include "cx.h"

#include "../core/alloc.h"
#include "../core/arena.h"
#include "../model/format.h"

#include <stdint.h>
#include <stdio.h>

#include <stdlib.h>
#include <string.h>

/* ---- folding ------------------------------------------------------------- */

static void fold(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, unsigned depth);

/* Decode the string-literal tokens of the #define def, used at at. */
static bool fold_macro_tokens(struct dl_eval *ev, struct dl_tmpl *t, CXCursor def, struct dl_loc at,
                              unsigned depth)
{
        CXTranslationUnit tu = ev->cx->tu;
        if (depth > 8 || clang_getCursorKind(def) != CXCursor_MacroDefinition ||
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
                        struct dl_loc tok_at =
                                dl_cx_file_loc(ev->cx, clang_getTokenLocation(tu, toks[i]));
                        ok = dl_eval_decode_literal(sp, strlen(sp), tok_at, &text, &spelled);
                        if (ok)
                                dl_tmpl_text(t, text.buf ? text.buf : "", text.len, NULL, at,
                                             spelled.n == text.len && text.len ? spelled.items
                                                                               : NULL);
                        DL_VEC_FREE(&spelled);
                } else if (tk == CXToken_Identifier) {
                        /* a macro named in this one's body */
                        ok = fold_macro_tokens(ev, t, dl_cx_macro_definition(ev->cx, sp), at,
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
                                dl_tmpl_text(&sub, text.buf ? text.buf : "", text.len, locs.items,
                                             at, NULL);
                } else if (tk == CXToken_Identifier) {
                        CXCursor exp = dl_cx_macro_expansion_at(ev->cx, tl);
                        ok = !clang_Cursor_isNull(exp) &&
                             fold_macro_tokens(ev, &sub, clang_getCursorReferenced(exp), at, 0);
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

/* ---- types ---------------------------------------------------------------- */

static CXType value_type(CXType ty)
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
        ty = value_type(ty);
        return spelling_has(ty, "basic_string<char") || spelling_has(ty, "String");
}

static bool is_stream_type(CXType ty)
{
        ty = value_type(ty);
        return spelling_has(ty, "basic_ostringstream<char") ||
               spelling_has(ty, "basic_stringstream<char");
}

static bool is_char_kind(enum CXTypeKind k)
{
        return k == CXType_Char_S || k == CXType_Char_U || k == CXType_SChar || k == CXType_UChar;
}

/* char[N] or char * (the C strings a buffer function writes). */
static bool is_char_buffer(CXType ty)
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
static bool bound_arg(struct dl_eval *ev, CXCursor e, struct dl_eval **caller, CXCursor *arg)
{
        if (!ev->bind)
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

/* ---- the table of string functions ------------------------------------------ */

enum strfn_scope { SC_C, SC_STD, SC_FMT, SC_AWS, SC_ANY };

enum strfn_kind {
        SF_PRINTF,    /* out = printf(src, extra...), bounded by size */
        SF_COPY,      /* out = src, bounded by size */
        SF_NCOPY,     /* out = src when src is shorter than size bytes */
        SF_CAT,       /* out += src, bounded by size */
        SF_NCAT,      /* out += at most size bytes of src */
        SF_STRFTIME,  /* out = strftime(src, extra) */
        SF_MEMCPY,    /* out = the first size bytes of src */
        SF_INSERT,    /* stream << src */
        SF_TO_STRING, /* the call's value: the integer src in decimal */
        SF_FORMAT,    /* the call's value: std::format(src, extra...) */
        SF_PUT_TIME,  /* inserted into a stream: strftime(src, extra) */
        SF_CONCAT,    /* the call's value: argument 0 then argument 1 */
        SF_VIEW,      /* the call's value: its member object's text */
        SF_GETENV,    /* the call's value: environment variable src's */
        /* JSON values (jansson json_t *, cJSON *): the value of the call */
        SF_JSON_OBJECT,  /* {} */
        SF_JSON_ARRAY,   /* [] */
        SF_JSON_STRING,  /* the string src, quoted */
        SF_JSON_INTEGER, /* the number src */
        SF_JSON_BOOL,    /* true or false as src */
        SF_JSON_TRUE,    /* true */
        SF_JSON_FALSE,   /* false */
        SF_JSON_NULL,    /* null */
        SF_JSON_PACK,    /* json_pack(src, extra...) */
        SF_JSON_TEXT,    /* a string: the JSON text of the value src */
        /* a local JSON object or array out is written */
        SF_JSON_SET,         /* out[src] = the JSON value extra */
        SF_JSON_SET_STRING,  /* out[src] = the string extra */
        SF_JSON_SET_INTEGER, /* out[src] = the number extra */
        SF_JSON_SET_BOOL,    /* out[src] = true or false as extra */
        SF_JSON_SET_TRUE,    /* out[src] = true */
        SF_JSON_SET_FALSE,   /* out[src] = false */
        SF_JSON_SET_NULL,    /* out[src] = null */
        SF_JSON_APPEND,      /* out += the JSON value extra */
};

#define NONE (-2)
#define OBJ DL_BODY_OBJECT

struct strfn {
        const char *name;
        enum strfn_scope scope;
        enum strfn_kind kind;
        int out, src, extra, size;
};

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
static const struct strfn *strfn_of(CXCursor call)
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

static bool eval_integer(CXCursor e, long long *out, bool *is_unsigned)
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
static const char *expr_source(struct dl_eval *ev, CXCursor e)
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
                if (eval_integer(rhs, &k, &u))
                        return tm_field(ev, lhs, depth + 1);
                if (!strcmp(op, "+") && eval_integer(lhs, &k, &u))
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
               eval_integer(clang_Cursor_getArgument(init, 0), lo, &u) &&
               eval_integer(clang_Cursor_getArgument(init, 1), hi, &u) && *lo <= *hi;
}

/* The enum-typed value e (type ty) rendered: as its enumerators' integer
 * values (%d, std::to_string, the stream's integer <<) or, with names, by
 * code ddblint does not read (a std::formatter, a user's operator<<): a
 * function of the value, so one of as many texts as the enum has
 * enumerators, listed by name. An enum of 256 enumerators or more, or
 * none, is a hole without shape. */
static const struct dl_hole *enum_shape(struct dl_eval *ev, CXCursor e, CXType ty, bool names)
{
        struct dl_hole h = {.kind = DL_HOLE_UNKNOWN,
                            .source = expr_source(ev, e),
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
                            .source = expr_source(ev, e),
                            .loc = dl_cx_cursor_loc(ev->cx, e)};
        CXCursor lhs, rhs;
        char op[8];
        long long n, lo;
        bool u;
        int field = tm_field(ev, e, 0);
        CXType ty = value_type(clang_getCursorType(e));
        if (dl_cx_binary_operator(e, &lhs, &rhs, op, sizeof op) && !strcmp(op, "%") &&
            eval_integer(rhs, &n, &u) && n > 0) {
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
                return enum_shape(ev, e, ty, false);
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
            strfn_of(e) != NULL) {
                o->fail = true;
                return;
        }
        CXCursor def = clang_getCursorDefinition(callee);
        CXType rt = clang_getCursorResultType(callee);
        if (clang_Cursor_isNull(def) || !(is_char_buffer(rt) || is_string_type(rt))) {
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
                fold(&sub, &t, e, DL_EVAL_MAX_DEPTH - 8);
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
                                    .source = expr_source(ev, e),
                                    .loc = at};
                dl_tmpl_hole(t, dl_hole_new(ev->cx->arena, &h));
        } else if (ok && o.values.n == 1) {
                dl_tmpl_text(t, o.values.items[0], strlen(o.values.items[0]), NULL,
                             dl_cx_cursor_loc(ev->cx, e), NULL);
        } else if (ok) {
                struct dl_hole h = {.kind = DL_HOLE_ONE_OF,
                                    .values = o.values.items,
                                    .n_values = o.values.n,
                                    .source = expr_source(ev, e),
                                    .loc = dl_cx_cursor_loc(ev->cx, e)};
                dl_tmpl_hole(t, dl_hole_new(ev->cx->arena, &h));
        }
        DL_VEC_FREE(&o.values);
        return ok;
}

/* ---- format arguments ------------------------------------------------------------ */

static struct dl_value fold_value(struct dl_eval *ev, CXCursor e, unsigned depth)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, ev->cx->arena);
        fold(ev, &t, e, depth);
        struct dl_value v = dl_tmpl_finish(&t, dl_cx_cursor_loc(ev->cx, e));
        dl_tmpl_fini(&t);
        return v;
}

static enum dl_fmt_type fmt_type(CXType ty, bool std_format)
{
        ty = value_type(ty);
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
        case CXType_IncompleteArray: return is_char_buffer(ty) ? DL_FMT_STRING : DL_FMT_POINTER;
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
static struct dl_value int_value(struct dl_eval *ev, CXCursor e, enum dl_fmt_type type)
{
        struct dl_eval *caller;
        CXCursor arg;
        if (bound_arg(ev, e, &caller, &arg))
                return int_value(caller, arg, type);
        struct dl_loc at = dl_cx_cursor_loc(ev->cx, e);
        long long x;
        bool u;
        if (eval_integer(e, &x, &u)) {
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
        dl_tmpl_hole(&t, enum_shape(ev, e, ty, true));
        struct dl_value v = dl_tmpl_finish(&t, dl_cx_cursor_loc(ev->cx, e));
        dl_tmpl_fini(&t);
        return v;
}

static struct dl_fmt_arg fmt_arg(struct dl_eval *ev, CXCursor e, bool std_format, unsigned depth)
{
        struct dl_fmt_arg a = {fmt_type(clang_getCursorType(dl_cx_strip(e)), std_format),
                               dl_value_dynamic(dl_cx_cursor_loc(ev->cx, e))};
        CXType ty = value_type(clang_getCursorType(dl_cx_strip(e)));
        if (std_format && ty.kind == CXType_Enum) {
                /* std::format has no formatter for enums: a user's renders it */
                a.type = DL_FMT_STRING;
                a.value = enum_text(ev, dl_cx_strip(e), ty);
                return a;
        }
        switch (a.type) {
        case DL_FMT_STRING: a.value = fold_value(ev, e, depth); break;
        case DL_FMT_SIGNED:
        case DL_FMT_UNSIGNED:
        case DL_FMT_BOOL:
        case DL_FMT_CHAR: a.value = int_value(ev, e, a.type); break;
        default: break;
        }
        return a;
}

/* printf(args[src], args[extra]...) or std::format(...) of call, into t. */
static void fold_format(struct dl_eval *ev, struct dl_tmpl *t, CXCursor call, int src, int extra,
                        bool std_format, unsigned depth)
{
        int nargs = clang_Cursor_getNumArguments(call);
        struct dl_value fmt =
                fold_value(ev, clang_Cursor_getArgument(call, (unsigned)src), depth + 1);
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
static void fold_strftime(struct dl_eval *ev, struct dl_tmpl *t, CXCursor call, int src, int tm,
                          unsigned depth)
{
        struct dl_value fmt =
                fold_value(ev, clang_Cursor_getArgument(call, (unsigned)src), depth + 1);
        dl_format_strftime(
                t, &fmt, dl_cx_cursor_loc(ev->cx, call),
                expr_source(ev, dl_cx_strip_address(clang_Cursor_getArgument(call, (unsigned)tm))));
}

/* ---- objects written by string functions ---------------------------------- */

/* A local string, stream or char buffer: its initial value, then the calls
 * of the table that write it before the use, in source order (the C
 * buffer model, buffer.h). A write in the branches of one if statement is
 * a join of what each branch writes, in a loop a widening; a write in
 * other conditional code, or any other reference that may write the
 * object, makes it a hole. */
struct local_string {
        struct dl_eval *ev;
        struct dl_tmpl *cur;
        unsigned depth;
        bool hole;
        bool valid; /* the contents are defined (a C buffer may not be) */
        bool stream;
        unsigned skip_begin, skip_end; /* a size argument already read: refs inside are reads */
        const char *name;              /* the variable's name (a join's source) */
        /* the branches being written: region, the state before them, and
         * the state at the end of each branch (then, else) */
        const struct dl_body_cond *region;
        struct dl_buffer before, arm[2];
        int arm_at;           /* the branch being written: 0 then, 1 else */
        struct dl_buffer doc; /* the last write's document reading */
};

/* ls's contents become b's. */
static void buffer_settle(struct local_string *ls, const struct dl_buffer *b)
{
        struct dl_tmpl fresh;
        dl_tmpl_init(&fresh, ls->cur->arena);
        dl_tmpl_value(&fresh, &b->val, false, (struct dl_loc){0});
        dl_tmpl_fini(ls->cur);
        *ls->cur = fresh;
        ls->valid = b->valid;
        ls->doc = *b;
}

/* The branches of ls->region are written: their join is the contents. */
static void region_end(struct local_string *ls)
{
        if (!ls->region)
                return;
        struct dl_buffer out = ls->before;
        struct dl_loc at = dl_cx_cursor_loc(ls->ev->cx, ls->ev->body->func);
        if (ls->region->loop)
                dl_buffer_widen(&out, &ls->before, &ls->arm[0]);
        else
                dl_buffer_join(&out, &ls->arm[0], &ls->arm[1], ls->name, at);
        ls->region = NULL;
        buffer_settle(ls, &out);
}

/* A write at offset off on some paths only: false when ls cannot join it
 * (then the contents are a hole); else ls->arm_at names the branch the
 * write goes to, its state prepared. */
static bool region_enter(struct local_string *ls, unsigned off)
{
        const struct dl_body *b = ls->ev->body;
        const struct dl_body_cond *r = dl_body_region(b, off, ls->ev->use_off);
        if (!r || ls->stream)
                return false;
        if (r != ls->region) {
                region_end(ls);
                if (!r->loop && (!r->is_if || !dl_body_region_direct(b, r, off)))
                        return false;
                struct dl_value now = dl_tmpl_finish(ls->cur, (struct dl_loc){0});
                dl_buffer_init(&ls->before, ls->cur->arena, &now, ls->valid);
                ls->arm[0] = ls->arm[1] = ls->before;
                ls->region = r;
        } else if (!r->loop && !dl_body_region_direct(b, r, off)) {
                return false;
        }
        ls->arm_at = r->loop || !r->split || off < r->split ? 0 : 1;
        return true;
}

static void cursor_span(CXCursor c, unsigned *b, unsigned *e)
{
        CXSourceRange r = clang_getCursorExtent(c);
        *b = dl_cx_offset(clang_getRangeStart(r));
        *e = dl_cx_offset(clang_getRangeEnd(r));
}

/* The text one `<<` (call) inserts: a string, an integer, an enum,
 * std::put_time. */
static bool insert_one(struct local_string *ls, CXCursor call, CXCursor arg)
{
        struct dl_eval *ev = ls->ev;
        CXCursor a = dl_cx_strip(arg);
        const struct strfn *f = strfn_of(a);
        if (f && f->kind == SF_PUT_TIME) {
                fold_strftime(ev, ls->cur, a, f->src, f->extra, ls->depth + 1);
                return true;
        }
        enum dl_fmt_type ty = fmt_type(clang_getCursorType(a), true);
        CXType aty = value_type(clang_getCursorType(a));
        if (aty.kind == CXType_Enum) {
                /* the stream's own << of an integer prints the value; a
                 * user's operator<< for the enum renders it its own way */
                if (clang_getCursorKind(clang_getCursorReferenced(call)) != CXCursor_CXXMethod) {
                        dl_tmpl_hole(ls->cur, enum_shape(ev, a, aty, true));
                        return true;
                }
                ty = DL_FMT_SIGNED;
        }
        if (ty == DL_FMT_CHAR || ty == DL_FMT_BOOL) {
                /* a char prints as itself, a bool as 1 or 0 */
                struct dl_value v = int_value(ev, a, ty);
                if (ty == DL_FMT_BOOL && dl_value_is_complete(&v))
                        v = dl_value_known(ev->cx->arena, v.text[0] == 't' ? "1" : "0", 1, NULL,
                                           v.loc);
                if (v.kind != DL_VAL_KNOWN)
                        return false;
                dl_tmpl_value(ls->cur, &v, false, (struct dl_loc){0});
                return true;
        }
        if (ty == DL_FMT_STRING) {
                fold(ev, ls->cur, a, ls->depth + 1);
                return true;
        }
        if (ty == DL_FMT_SIGNED || ty == DL_FMT_UNSIGNED) {
                struct dl_value v = int_value(ev, a, ty);
                if (v.kind == DL_VAL_DYNAMIC) {
                        struct dl_hole d = {.kind = DL_HOLE_DIGITS,
                                            .source = expr_source(ev, a),
                                            .loc = dl_cx_cursor_loc(ev->cx, a)};
                        dl_tmpl_hole(ls->cur, dl_hole_new(ev->cx->arena, &d));
                } else {
                        dl_tmpl_value(ls->cur, &v, false, (struct dl_loc){0});
                }
                return true;
        }
        return false; /* a manipulator, a char, a float...: not followed */
}

/* Apply the table's call f to the tracked object. */
static void apply_write(struct local_string *ls, const struct strfn *f, CXCursor call)
{
        struct dl_eval *ev = ls->ev;
        struct dl_arena *arena = ls->cur->arena;
        long long size = -1;
        bool u;
        if (f->size != NONE) {
                CXCursor sz = clang_Cursor_getArgument(call, (unsigned)f->size);
                cursor_span(sz, &ls->skip_begin, &ls->skip_end);
                struct dl_eval *at = ev;
                CXCursor arg;
                while (bound_arg(at, sz, &at, &arg))
                        sz = arg; /* a summary's bound: the caller's size */
                if (!eval_integer(sz, &size, &u) || size <= 0) {
                        ls->hole = true;
                        return;
                }
        }
        if (f->kind == SF_INSERT) {
                /* `os << a << b`: the chain's outer calls insert in turn */
                const struct dl_body *b = ev->body;
                int at = dl_body_call_index(b, call);
                if (at < 0)
                        ls->hole = true;
                while (!ls->hole) {
                        if (!insert_one(ls, b->calls.items[at].cursor,
                                        clang_Cursor_getArgument(b->calls.items[at].cursor, 1)))
                                ls->hole = true;
                        int p = b->calls.items[at].parent;
                        if (p < 0 ||
                            (b->calls.items[p].parent_arg != 0 &&
                             b->calls.items[p].parent_arg != OBJ) ||
                            !dl_cx_is_named(b->calls.items[p].cursor, "operator<<") ||
                            clang_Cursor_getNumArguments(b->calls.items[p].cursor) != 2)
                                break;
                        at = p;
                }
                return;
        }
        struct dl_buffer *buf = ls->region ? &ls->arm[ls->arm_at] : NULL;
        struct dl_value src;
        {
                /* the sources as they are when the call writes */
                struct dl_eval at = *ev;
                int i = dl_body_call_index(ev->body, call);
                if (i >= 0)
                        at.use_off = ev->body->calls.items[i].off;
                at.document = false;
                struct dl_tmpl made;
                dl_tmpl_init(&made, arena);
                if (f->kind == SF_PRINTF)
                        fold_format(&at, &made, call, f->src, f->extra, false, ls->depth);
                else if (f->kind == SF_STRFTIME)
                        fold_strftime(&at, &made, call, f->src, f->extra, ls->depth);
                else
                        fold(&at, &made, clang_Cursor_getArgument(call, (unsigned)f->src),
                             ls->depth + 1);
                src = dl_tmpl_finish(&made, dl_cx_cursor_loc(ev->cx, call));
                dl_tmpl_fini(&made);
        }
        static const enum dl_buffer_op ops[] = {
                [SF_PRINTF] = DL_BUF_PRINT,  [SF_COPY] = DL_BUF_COPY, [SF_NCOPY] = DL_BUF_NCOPY,
                [SF_CAT] = DL_BUF_CAT,       [SF_NCAT] = DL_BUF_NCAT, [SF_STRFTIME] = DL_BUF_DATE,
                [SF_MEMCPY] = DL_BUF_MEMCPY,
        };
        struct dl_buffer straight;
        if (!buf) {
                struct dl_value now = dl_tmpl_finish(ls->cur, (struct dl_loc){0});
                dl_buffer_init(&straight, arena, &now, ls->valid);
                buf = &straight;
        }
        dl_buffer_write(buf, ops[f->kind], &src, size);
        if (buf == &straight)
                buffer_settle(ls, &straight);
}

/* The contents become v: surely (w SURE), or in the branch being written
 * (MAYBE: joined with the other's). */
static void replace_contents(struct local_string *ls, enum dl_when w, const struct dl_value *v)
{
        if (w == DL_WHEN_MAYBE) {
                dl_buffer_write(&ls->arm[ls->arm_at], DL_BUF_COPY, v, -1);
                return;
        }
        region_end(ls);
        struct dl_buffer b;
        dl_buffer_init(&b, ls->cur->arena, v, true);
        buffer_settle(ls, &b);
}

/* `var = value` (a C string pointer given another string) before the use:
 * the contents are value's from here; on some paths only, a hole. */
static bool assign_string(struct local_string *ls, const struct dl_body_site *site)
{
        enum dl_when w = dl_body_when(site->body, site->ref->off, ls->ev->use_off);
        if (ls->stream || site->ref->off >= ls->ev->use_off || w == DL_WHEN_NEVER)
                return false;
        if (w == DL_WHEN_MAYBE && !region_enter(ls, site->ref->off)) {
                ls->hole = true;
                return true;
        }
        struct dl_tmpl fresh;
        dl_tmpl_init(&fresh, ls->cur->arena);
        fold(ls->ev, &fresh, site->ref->value, ls->depth + 1);
        struct dl_value v = dl_tmpl_finish(&fresh, (struct dl_loc){0});
        dl_tmpl_fini(&fresh);
        replace_contents(ls, w, &v);
        ls->hole = false; /* what was written before is replaced */
        return true;
}

/* Is the token t of tu spelled s? */
static bool token_is(CXTranslationUnit tu, CXToken t, const char *s)
{
        CXString sp = clang_getTokenSpelling(tu, t);
        bool yes = !strcmp(clang_getCString(sp), s);
        clang_disposeString(sp);
        return yes;
}

/* Is the reference ref, outside any call, only tested (`!p`, `p == NULL`,
 * `p != q`, `a && p`, `if (p)`, `while (p)`)? A read: the pointer is not
 * written, nor what it points to. Read from the tokens around it. */
static bool tested(struct dl_eval *ev, CXCursor ref)
{
        CXTranslationUnit tu = ev->cx->tu;
        CXSourceRange r = clang_getCursorExtent(ref);
        CXFile f, f2;
        unsigned b, e;
        clang_getFileLocation(clang_getRangeStart(r), &f, NULL, NULL, &b);
        clang_getFileLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
        size_t size = 0;
        if (!f || !f2 || !clang_File_isEqual(f, f2) || !clang_getFileContents(tu, f, &size) ||
            e < b || e > size)
                return false;
        CXSourceRange around = clang_getRange(
                clang_getLocationForOffset(tu, f, b > 16 ? b - 16 : 0),
                clang_getLocationForOffset(tu, f, e + 16 < size ? e + 16 : (unsigned)size));
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(tu, around, &toks, &n);
        bool yes = false;
        for (unsigned k = 1; k + 1 < n; k++) {
                unsigned off;
                clang_getFileLocation(clang_getTokenLocation(tu, toks[k]), NULL, NULL, NULL, &off);
                if (off != b)
                        continue;
                static const char *const before[] = {"!", "==", "!=", "&&", "||"};
                static const char *const after[] = {"==", "!=", "&&", "||", "?"};
                for (size_t i = 0; i < sizeof before / sizeof *before; i++)
                        yes = yes || token_is(tu, toks[k - 1], before[i]);
                for (size_t i = 0; i < sizeof after / sizeof *after; i++)
                        yes = yes || token_is(tu, toks[k + 1], after[i]);
                yes = yes ||
                      (k >= 2 && token_is(tu, toks[k - 1], "(") && token_is(tu, toks[k + 1], ")") &&
                       (token_is(tu, toks[k - 2], "if") || token_is(tu, toks[k - 2], "while")));
                break;
        }
        dl_cx_dispose_tokens(tu, toks, n);
        return yes;
}

/* The object handed to a function of the project that fills it (a
 * summary, struct dl_eval_hooks.fill_value): its contents are what the
 * function writes there; in a branch, joined as any write (buffer.h). */
static bool fill_site(struct local_string *ls, const struct dl_body_site *site,
                      const struct dl_body_call *c)
{
        struct dl_eval *ev = ls->ev;
        if (ls->stream || site->arg < 0 || c->off >= ev->use_off || !ev->hooks ||
            !ev->hooks->fill_value)
                return false;
        enum dl_when w = dl_body_when(site->body, c->off, ev->use_off);
        if (w == DL_WHEN_NEVER)
                return false;
        if (w == DL_WHEN_MAYBE && !region_enter(ls, c->off)) {
                ls->hole = true;
                return true;
        }
        struct dl_tmpl made;
        dl_tmpl_init(&made, ls->cur->arena);
        bool filled = ev->hooks->fill_value(ev->hooks->data, ev, c->cursor, (unsigned)site->arg,
                                            &made, ls->depth + 1);
        struct dl_value v = dl_tmpl_finish(&made, dl_cx_cursor_loc(ev->cx, c->cursor));
        dl_tmpl_fini(&made);
        if (!filled)
                return false;
        cursor_span(c->cursor, &ls->skip_begin, &ls->skip_end); /* `sizeof buf`: a read */
        replace_contents(ls, w, &v);
        return true;
}

static bool string_site(void *data, const struct dl_body_site *site)
{
        struct local_string *ls = data;
        if (site->call < 0 && !clang_Cursor_isNull(site->ref->value))
                return assign_string(ls, site);
        if (ls->hole)
                return true;
        if (site->call < 0)
                return (site->ref->off >= ls->skip_begin && site->ref->off < ls->skip_end) ||
                       tested(ls->ev, site->ref->cursor);
        const struct dl_body_call *c = &site->body->calls.items[site->call];
        const struct strfn *f = strfn_of(c->cursor);
        if (!f)
                return fill_site(ls, site, c);
        if (f->out != site->arg && site->arg >= 0 &&
            (site->arg == f->src || (f->kind == SF_PRINTF && site->arg >= f->extra)))
                return true; /* the source or a printf argument of another write: read */
        if (f->out == NONE || site->arg != f->out || c->off >= ls->ev->use_off ||
            (f->kind == SF_INSERT) != ls->stream || f->kind >= SF_JSON_OBJECT)
                return false;
        enum dl_when w = dl_body_when(site->body, c->off, ls->ev->use_off);
        if (w == DL_WHEN_NEVER)
                return false;
        if (w == DL_WHEN_MAYBE && (f->kind == SF_INSERT || !region_enter(ls, c->off))) {
                ls->hole = true;
                return true;
        }
        if (w == DL_WHEN_SURE)
                region_end(ls);
        apply_write(ls, f, c->cursor);
        return true;
}

/* Does the array variable var have an initializer (`= ...`, `{...}`)? Its
 * last expression child may be its size. */
static bool array_initialized(struct dl_eval *ev, CXCursor var)
{
        CXType ty = clang_getCanonicalType(clang_getCursorType(var));
        if (ty.kind != CXType_ConstantArray && ty.kind != CXType_IncompleteArray)
                return true;
        CXTranslationUnit tu = ev->cx->tu;
        CXSourceRange r = dl_cx_file_range(tu, var);
        if (clang_Range_isNull(r))
                return false;
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(tu, r, &toks, &n);
        bool yes = false;
        for (unsigned i = 0; !yes && i < n; i++) {
                if (clang_getTokenKind(toks[i]) != CXToken_Punctuation)
                        continue;
                CXString sp = clang_getTokenSpelling(tu, toks[i]);
                const char *p = clang_getCString(sp);
                yes = !strcmp(p, "=") || !strcmp(p, "{");
                clang_disposeString(sp);
        }
        dl_cx_dispose_tokens(tu, toks, n);
        return yes;
}

/* The initial contents of a tracked local: false when undefined (a C
 * buffer without initializer, a NULL pointer). */
static bool fold_initial(struct dl_eval *ev, struct dl_tmpl *t, CXCursor var, bool stream,
                         unsigned depth)
{
        CXCursor init = dl_cx_var_init(var);
        bool buffer = is_char_buffer(clang_getCursorType(var));
        if (buffer && !array_initialized(ev, var))
                init = clang_getNullCursor(); /* `char k[64];`: 64 is the size */
        CXCursor s = dl_cx_strip(init);
        enum CXCursorKind k = clang_getCursorKind(s);
        CXCursor kids[2];
        long long x;
        bool u;
        if (clang_Cursor_isNull(init)) {
                if (buffer)
                        return false;
                dl_tmpl_text(t, "", 0, NULL, (struct dl_loc){0}, NULL);
        } else if (buffer && k == CXCursor_InitListExpr &&
                   (dl_cx_children(s, kids, 2) == 0 ||
                    (dl_cx_children(s, kids, 2) == 1 && eval_integer(kids[0], &x, &u) && x == 0))) {
                dl_tmpl_text(t, "", 0, NULL, (struct dl_loc){0}, NULL); /* char b[N] = {0} */
        } else if (buffer && (k == CXCursor_GNUNullExpr || k == CXCursor_CXXNullPtrLiteralExpr ||
                              (k == CXCursor_IntegerLiteral && eval_integer(s, &x, &u) && !x))) {
                return false;
        } else if (stream) {
                if (k != CXCursor_CallExpr || clang_Cursor_getNumArguments(s) != 0)
                        dl_tmpl_hole(t, NULL); /* ostringstream os("x"): overwritten in place */
                else
                        dl_tmpl_text(t, "", 0, NULL, (struct dl_loc){0}, NULL);
        } else {
                fold(ev, t, init, depth + 1);
        }
        return true;
}

static void fold_local_string(struct dl_eval *ev, struct dl_tmpl *t, CXCursor var, bool stream,
                              unsigned depth)
{
        struct dl_tmpl sub;
        dl_tmpl_init(&sub, t->arena);
        struct local_string ls = {.ev = ev, .cur = &sub, .depth = depth, .stream = stream};
        ls.name = dl_cx_spelling(ev->cx, var);
        ls.valid = fold_initial(ev, &sub, var, stream, depth);
        if (dl_body_track(ev->body, var, dl_cx_cursor_offset(var), ev->use_off, string_site, &ls))
                ls.hole = true;
        region_end(&ls);
        struct dl_value v = dl_tmpl_finish(&sub, (struct dl_loc){0});
        dl_tmpl_fini(&sub);
        if (ls.hole || !ls.valid) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        /* the request body itself: a cut document is rejected (buffer.h) */
        if (ev->document && depth == 0 && ls.doc.has_doc)
                v = ls.doc.doc;
        dl_tmpl_value(t, &v, false, (struct dl_loc){0});
}

/* ---- JSON values built with jansson or cJSON -------------------------------- */

/* The JSON text of a jansson or cJSON value is built as a template like any
 * string (docs/architecture.md, "JSON bodies"): a constructor's text, a
 * json_pack format applied to its arguments, or a local object or array,
 * its members appended in source order by the setters of the table. A
 * member set on some paths only, a key set twice or not known, a format
 * ddblint does not read, or any other reference that may write the object
 * make the whole value a hole. The text is compact ("{"K":"V"}"): the
 * request reader does not depend on spacing. */

static void fold_json(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, unsigned depth);

/* json_t * or cJSON * (jansson's and cJSON's value types). */
static bool is_json_type(CXType ty)
{
        ty = clang_getCanonicalType(ty);
        if (ty.kind != CXType_Pointer)
                return false;
        CXString s = clang_getTypeSpelling(clang_getCanonicalType(clang_getPointeeType(ty)));
        const char *p = clang_getCString(s);
        bool yes = !strcmp(p, "struct json_t") || !strcmp(p, "struct cJSON") ||
                   !strcmp(p, "json_t") || !strcmp(p, "cJSON");
        clang_disposeString(s);
        return yes;
}

static void json_punct(struct dl_tmpl *t, const char *p)
{
        dl_tmpl_text(t, p, strlen(p), NULL, (struct dl_loc){0}, NULL);
}

/* Append v as the contents of a JSON string: as it is when no byte needs
 * escaping (its locations kept), else escaped (RFC 8259 section 7); holes
 * stay holes (the library escapes their text at run time). */
static void json_escaped(struct dl_tmpl *t, const struct dl_value *v)
{
        if (v->kind != DL_VAL_KNOWN) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        bool plain = true;
        for (size_t i = 0; i < v->n_segs && plain; i++)
                for (size_t j = 0; v->segs[i].text && j < v->segs[i].len && plain; j++) {
                        unsigned char c = (unsigned char)v->segs[i].text[j];
                        plain = c >= 0x20 && c != '"' && c != '\\';
                }
        if (plain) {
                dl_tmpl_value(t, v, false, (struct dl_loc){0});
                if (!v->n_segs)
                        json_punct(t, "");
                return;
        }
        for (size_t i = 0; i < v->n_segs; i++) {
                const struct dl_segment *sg = &v->segs[i];
                if (!sg->text) {
                        dl_tmpl_hole(t, sg->hole);
                        continue;
                }
                for (size_t j = 0; j < sg->len; j++) {
                        unsigned char c = (unsigned char)sg->text[j];
                        char buf[8];
                        if (c == '"' || c == '\\')
                                snprintf(buf, sizeof buf, "\\%c", c);
                        else if (c < 0x20)
                                snprintf(buf, sizeof buf, "\\u%04x", c);
                        else
                                snprintf(buf, sizeof buf, "%c", c);
                        json_punct(t, buf);
                }
        }
}

/* The string expression e as a JSON string, folded as if used at off (a
 * library copies a string when it is given one). */
static struct dl_value json_string_at(struct dl_eval *ev, CXCursor e, unsigned off, unsigned depth)
{
        unsigned saved = ev->use_off;
        ev->use_off = off;
        struct dl_value v = fold_value(ev, e, depth + 1);
        ev->use_off = saved;
        return v;
}

static void json_quoted(struct dl_tmpl *t, const struct dl_value *v)
{
        json_punct(t, "\"");
        json_escaped(t, v);
        json_punct(t, "\"");
}

/* An integer or a boolean argument e as JSON (digits, true or false); a
 * floating value or anything else is a hole. */
static void json_scalar(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, bool boolean)
{
        CXCursor a = dl_cx_strip(e);
        enum dl_fmt_type ty = boolean ? DL_FMT_BOOL : fmt_type(clang_getCursorType(a), false);
        if (ty != DL_FMT_SIGNED && ty != DL_FMT_UNSIGNED && ty != DL_FMT_BOOL) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        struct dl_value v = int_value(ev, a, ty);
        if (ty == DL_FMT_BOOL && v.kind == DL_VAL_KNOWN && !dl_value_is_complete(&v))
                v = dl_value_dynamic(v.loc); /* a shaped bool is not JSON's true/false */
        dl_tmpl_value(t, &v, false, (struct dl_loc){0});
}

/* ---- json_pack ---- */

struct pack {
        struct dl_eval *ev;
        CXCursor call;
        const char *f; /* the format */
        size_t len, i;
        int arg, nargs; /* the next argument */
        unsigned depth;
        bool bad;
};

static char pack_peek(struct pack *p)
{
        while (p->i < p->len && strchr(" \t\n,:", p->f[p->i]))
                p->i++;
        if (p->i >= p->len)
                return '\0';
        return p->f[p->i];
}

static CXCursor pack_arg(struct pack *p)
{
        if (p->arg >= p->nargs) {
                p->bad = true;
                return clang_getNullCursor();
        }
        return clang_Cursor_getArgument(p->call, (unsigned)p->arg++);
}

/* 's' and its '+' continuations: one JSON string. */
static void pack_string(struct pack *p, struct dl_tmpl *t)
{
        json_punct(t, "\"");
        do {
                p->i++;
                if (p->i < p->len && strchr("#%?*", p->f[p->i])) {
                        p->bad = true; /* a length, or a NULL that drops the member */
                        return;
                }
                CXCursor a = pack_arg(p);
                if (p->bad)
                        return;
                struct dl_value v = json_string_at(p->ev, a, p->ev->use_off, p->depth);
                json_escaped(t, &v);
        } while (pack_peek(p) == '+');
        json_punct(t, "\"");
}

static void pack_value(struct pack *p, struct dl_tmpl *t, bool open);

/* '{' or '[' through its closing bracket (left out when open: the members
 * of a tracked object still to come); *members counts them. */
static void pack_compound(struct pack *p, struct dl_tmpl *t, bool open, size_t *members)
{
        char close = p->f[p->i] == '{' ? '}' : ']';
        bool object = close == '}';
        json_punct(t, object ? "{" : "[");
        p->i++;
        size_t n = 0;
        for (;;) {
                char c = pack_peek(p);
                if (c == close) {
                        p->i++;
                        break;
                }
                if (!c || p->bad || n > 4096) {
                        p->bad = true;
                        return;
                }
                if (n)
                        json_punct(t, ",");
                if (object) {
                        if (c != 's') {
                                p->bad = true;
                                return;
                        }
                        pack_string(p, t);
                        json_punct(t, ":");
                        pack_peek(p);
                }
                pack_value(p, t, false);
                n++;
        }
        if (!open)
                json_punct(t, object ? "}" : "]");
        if (members)
                *members = n;
}

static void pack_value(struct pack *p, struct dl_tmpl *t, bool open)
{
        if (p->bad || p->depth > DL_EVAL_MAX_DEPTH) {
                p->bad = true;
                return;
        }
        char c = pack_peek(p);
        if (c == '{' || c == '[')
                pack_compound(p, t, open, NULL);
        else if (c == 's')
                pack_string(p, t);
        else if (c == 'n') {
                p->i++;
                json_punct(t, "null");
        } else if (c == 'b' || c == 'i' || c == 'I') {
                p->i++;
                CXCursor a = pack_arg(p);
                if (!p->bad)
                        json_scalar(p->ev, t, a, c == 'b');
        } else if (c == 'f') {
                p->i++;
                pack_arg(p);
                dl_tmpl_hole(t, NULL);
        } else if (c == 'o' || c == 'O') {
                p->i++;
                if (p->i < p->len && strchr("?*", p->f[p->i])) {
                        p->bad = true; /* NULL drops the member or gives null */
                        return;
                }
                CXCursor a = pack_arg(p);
                if (!p->bad)
                        fold_json(p->ev, t, a, p->depth + 1);
        } else {
                p->bad = true;
        }
}

/* json_pack(args[src], args[extra]...) of call into t; false when the
 * format is not read (then nothing is appended). With open, the top-level
 * object or array is left open and *members counts its members. */
static bool fold_pack(struct dl_eval *ev, struct dl_tmpl *t, CXCursor call, const struct strfn *f,
                      unsigned depth, bool open, size_t *members, char *close)
{
        struct dl_value fmt =
                fold_value(ev, clang_Cursor_getArgument(call, (unsigned)f->src), depth + 1);
        if (!dl_value_is_complete(&fmt))
                return false;
        struct pack p = {
                ev,    call, fmt.text, fmt.len, 0, f->extra, clang_Cursor_getNumArguments(call),
                depth, false};
        struct dl_tmpl made;
        dl_tmpl_init(&made, t->arena);
        char c = pack_peek(&p);
        if (open && c != '{' && c != '[')
                p.bad = true;
        else if (open)
                pack_compound(&p, &made, true, members);
        else
                pack_value(&p, &made, false);
        if (close)
                *close = c == '{' ? '}' : ']';
        /* every argument used and nothing after the value */
        bool ok = !p.bad && !pack_peek(&p) && p.arg == p.nargs;
        if (ok) {
                struct dl_value v = dl_tmpl_finish(&made, dl_cx_cursor_loc(ev->cx, call));
                dl_tmpl_value(t, &v, false, (struct dl_loc){0});
        }
        dl_tmpl_fini(&made);
        return ok;
}

/* ---- local objects and arrays ---- */

/* A local json_t * / cJSON * object or array: its opening bracket and
 * members so far. */
struct local_json {
        struct dl_eval *ev;
        struct dl_tmpl *cur;
        unsigned depth;
        char close; /* '}' or ']' */
        size_t n;
        struct dl_value keys[32]; /* the keys set so far (an object) */
        bool unlisted;            /* packed members whose keys are not listed */
        bool hole;
};

static bool is_json_set(enum strfn_kind k)
{
        return k >= SF_JSON_SET && k <= SF_JSON_SET_NULL;
}

/* Apply the setter or append f (call) to the tracked object. */
static void apply_json(struct local_json *lj, const struct strfn *f, CXCursor call)
{
        struct dl_eval *ev = lj->ev;
        unsigned off = dl_cx_cursor_offset(call);
        if ((lj->close == '}') != is_json_set(f->kind)) {
                lj->hole = true;
                return;
        }
        if (lj->n)
                json_punct(lj->cur, ",");
        if (is_json_set(f->kind)) {
                struct dl_value key = json_string_at(
                        ev, clang_Cursor_getArgument(call, (unsigned)f->src), off, lj->depth);
                if (!dl_value_is_complete(&key) || lj->unlisted ||
                    lj->n >= sizeof lj->keys / sizeof *lj->keys) {
                        lj->hole = true;
                        return;
                }
                for (size_t i = 0; i < lj->n; i++)
                        if (lj->keys[i].len == key.len &&
                            !memcmp(lj->keys[i].text, key.text, key.len)) {
                                lj->hole = true; /* replaced: not followed */
                                return;
                        }
                lj->keys[lj->n] = key;
                json_quoted(lj->cur, &key);
                json_punct(lj->cur, ":");
        }
        CXCursor value = f->extra == NONE ? clang_getNullCursor()
                                          : clang_Cursor_getArgument(call, (unsigned)f->extra);
        struct dl_value v;
        switch (f->kind) {
        case SF_JSON_SET_STRING:
                v = json_string_at(ev, value, off, lj->depth);
                json_quoted(lj->cur, &v);
                break;
        case SF_JSON_SET_INTEGER: json_scalar(ev, lj->cur, value, false); break;
        case SF_JSON_SET_BOOL: json_scalar(ev, lj->cur, value, true); break;
        case SF_JSON_SET_TRUE: json_punct(lj->cur, "true"); break;
        case SF_JSON_SET_FALSE: json_punct(lj->cur, "false"); break;
        case SF_JSON_SET_NULL: json_punct(lj->cur, "null"); break;
        default:
                /* the value is linked, not copied: its state at the use counts */
                fold_json(ev, lj->cur, value, lj->depth + 1);
                break;
        }
        lj->n++;
}

static bool json_site(void *data, const struct dl_body_site *site)
{
        struct local_json *lj = data;
        if (lj->hole)
                return true;
        if (site->call < 0)
                return tested(lj->ev, site->ref->cursor);
        const struct dl_body_call *c = &site->body->calls.items[site->call];
        const struct strfn *f = strfn_of(c->cursor);
        if (!f || f->kind < SF_JSON_OBJECT)
                return false;
        /* handed to a serialiser, or linked into another value: read */
        if ((f->kind == SF_JSON_TEXT && site->arg == f->src) ||
            ((is_json_set(f->kind) || f->kind == SF_JSON_APPEND) && site->arg == f->extra))
                return true;
        if ((!is_json_set(f->kind) && f->kind != SF_JSON_APPEND) || site->arg != f->out ||
            c->off >= lj->ev->use_off)
                return false;
        enum dl_when w = dl_body_when(site->body, c->off, lj->ev->use_off);
        if (w == DL_WHEN_NEVER)
                return false;
        if (w == DL_WHEN_MAYBE) {
                lj->hole = true;
                return true;
        }
        apply_json(lj, f, c->cursor);
        return true;
}

/* The value of the local JSON variable var at the use. */
static void fold_local_json(struct dl_eval *ev, struct dl_tmpl *t, CXCursor var, unsigned depth)
{
        struct dl_tmpl sub;
        dl_tmpl_init(&sub, t->arena);
        struct local_json lj = {.ev = ev, .cur = &sub, .depth = depth};
        CXCursor init = dl_cx_strip(dl_cx_var_init(var));
        const struct strfn *f = strfn_of(init);
        if (f && (f->kind == SF_JSON_OBJECT || f->kind == SF_JSON_ARRAY)) {
                json_punct(&sub, f->kind == SF_JSON_OBJECT ? "{" : "[");
                lj.close = f->kind == SF_JSON_OBJECT ? '}' : ']';
        } else if (f && f->kind == SF_JSON_PACK &&
                   fold_pack(ev, &sub, init, f, depth, true, &lj.n, &lj.close)) {
                /* a later setter could repeat one of the packed keys */
                lj.unlisted = lj.n > 0 && lj.close == '}';
        } else {
                lj.hole = true; /* a parameter, a value ddblint cannot read */
        }
        if (!lj.hole &&
            dl_body_track(ev->body, var, dl_cx_cursor_offset(var), ev->use_off, json_site, &lj))
                lj.hole = true;
        if (!lj.hole) {
                char close[2] = {lj.close, '\0'};
                json_punct(&sub, close);
                struct dl_value v = dl_tmpl_finish(&sub, (struct dl_loc){0});
                dl_tmpl_value(t, &v, false, (struct dl_loc){0});
        } else {
                dl_tmpl_hole(t, NULL);
        }
        dl_tmpl_fini(&sub);
}

/* The JSON text of the json_t * / cJSON * expression e, into t. */
static void fold_json(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, unsigned depth)
{
        e = dl_cx_strip(e);
        if (depth > DL_EVAL_MAX_DEPTH) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
                CXCursor def = clang_getCursorReferenced(e);
                if (clang_getCursorKind(def) == CXCursor_VarDecl && dl_cx_is_local(def) &&
                    ev->body && clang_Cursor_getStorageClass(def) != CX_SC_Static &&
                    is_json_type(clang_getCursorType(def))) {
                        fold_local_json(ev, t, def, depth);
                        return;
                }
                dl_tmpl_hole(t, NULL);
                return;
        }
        const struct strfn *f = strfn_of(e);
        CXCursor src = f && f->src >= 0 ? clang_Cursor_getArgument(e, (unsigned)f->src)
                                        : clang_getNullCursor();
        switch (f ? f->kind : SF_PRINTF) {
        case SF_JSON_OBJECT: json_punct(t, "{}"); return;
        case SF_JSON_ARRAY: json_punct(t, "[]"); return;
        case SF_JSON_STRING: {
                struct dl_value v = fold_value(ev, src, depth + 1);
                json_quoted(t, &v);
                return;
        }
        case SF_JSON_INTEGER: json_scalar(ev, t, src, false); return;
        case SF_JSON_BOOL: json_scalar(ev, t, src, true); return;
        case SF_JSON_TRUE: json_punct(t, "true"); return;
        case SF_JSON_FALSE: json_punct(t, "false"); return;
        case SF_JSON_NULL: json_punct(t, "null"); return;
        case SF_JSON_PACK:
                if (fold_pack(ev, t, e, f, depth, false, NULL, NULL))
                        return;
                break;
        default: break;
        }
        dl_tmpl_hole(t, NULL);
}

static void fold_declref(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, unsigned depth)
{
        struct dl_eval *caller;
        CXCursor arg;
        if (bound_arg(ev, e, &caller, &arg)) {
                fold(caller, t, arg, depth + 1);
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
                fold(ev, &sub, init, depth + 1);
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
            (is_string_type(ty) || is_stream_type(ty) || is_char_buffer(ty))) {
                fold_local_string(ev, t, def, is_stream_type(ty), depth);
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
                        fold(ev, t, clang_Cursor_getArgument(e, 0), depth + 1);
                        return;
                }
                dl_tmpl_hole(t, NULL);
                return;
        }
        const struct strfn *f = strfn_of(e);
        switch (f ? f->kind : SF_PRINTF) {
        case SF_CONCAT:
                fold(ev, t, clang_Cursor_getArgument(e, 0), depth + 1);
                fold(ev, t, clang_Cursor_getArgument(e, 1), depth + 1);
                return;
        case SF_VIEW: {
                CXCursor obj = dl_cx_member_object(e);
                if (!clang_Cursor_isNull(obj) &&
                    (f->name[0] != 's' || is_stream_type(clang_getCursorType(obj)))) {
                        fold(ev, t, obj, depth + 1);
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
        case SF_FORMAT: fold_format(ev, t, e, f->src, f->extra, true, depth); return;
        case SF_GETENV: {
                /* a variable named by known text: its value, a hole that
                 * a template may name a table for (docs/architecture.md,
                 * "Tables as code") */
                struct dl_value name = fold_value(ev, clang_Cursor_getArgument(e, 0), depth + 1);
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
                fold_json(ev, t, clang_Cursor_getArgument(e, 0), depth + 1);
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

static void fold(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, unsigned depth)
{
        if (depth > DL_EVAL_MAX_DEPTH) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        e = dl_cx_strip(e);
        switch (clang_getCursorKind(e)) {
        case CXCursor_StringLiteral: fold_literal(ev, t, e); return;
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

void dl_eval_fold(struct dl_eval *ev, CXCursor e, struct dl_tmpl *t, unsigned depth)
{
        fold(ev, t, e, depth);
}

bool dl_eval_fill(struct dl_eval *ev, CXCursor param, struct dl_tmpl *t, unsigned depth)
{
        if (!ev->body || depth > DL_EVAL_MAX_DEPTH) {
                dl_tmpl_hole(t, NULL);
                return false;
        }
        struct dl_tmpl sub;
        dl_tmpl_init(&sub, t->arena);
        /* what the caller passed is not known here: only a write that
         * replaces it makes the contents known */
        struct local_string ls = {.ev = ev, .cur = &sub, .depth = depth, .valid = false};
        ls.name = dl_cx_spelling(ev->cx, param);
        if (dl_body_track(ev->body, param, dl_cx_cursor_offset(param), ev->use_off, string_site,
                          &ls))
                ls.hole = true;
        region_end(&ls);
        struct dl_value v = dl_tmpl_finish(&sub, (struct dl_loc){0});
        dl_tmpl_fini(&sub);
        if (ls.hole || !ls.valid) {
                dl_tmpl_hole(t, NULL);
                return false;
        }
        dl_tmpl_value(t, &v, false, (struct dl_loc){0});
        return true;
}
