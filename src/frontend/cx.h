/* cx.h - libclang helpers: CXString take/dispose, location translation,
 * cursor utilities, one dispose helper per libclang handle.
 * SPDX-License-Identifier: MIT
 *
 * Ownership: strings returned by dl_cx_* live in the arena of struct dl_cx
 * (one per translation unit). No CXString outlives the statement that made
 * it: dl_cx_take() copies and disposes at once. File names in struct dl_loc
 * are interned per struct dl_cx (the main file keeps the spelling the user
 * gave).
 */
#ifndef DL_FRONTEND_CX_H
#define DL_FRONTEND_CX_H

#include "../core/loc.h"
#include "../core/vec.h"

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

struct dl_arena;

#define DL_CX_FILE_CACHE 32

/* Per-translation-unit libclang context shared by the frontend and the
 * recognizers. Caller storage; no libclang handle is owned here. */
/* A macro expansion of the translation unit: where its invocation lies. */
struct dl_cx_expansion {
        CXFile file;
        unsigned start, end; /* byte offsets of the invocation, end exclusive */
        CXCursor cursor;     /* CXCursor_MacroExpansion */
};

/* A #define of the translation unit. */
struct dl_cx_definition {
        const char *name; /* arena */
        CXCursor cursor;  /* CXCursor_MacroDefinition */
        size_t pos;       /* its place in translation-unit order */
};

/* A file whose function bodies are analysed: the main file, or a header the
 * translation unit analyses for the driver (dl_cx_set_own_files). */
struct dl_cx_own {
        CXFile file;
        const char *name; /* the path as the user gave it (arena) */
};

struct dl_cx {
        struct dl_arena *arena;
        CXTranslationUnit tu;
        const char *main_path;  /* the path as the user gave it (arena) */
        CXFile main_file;
        /* the main file (first, when the translation unit has it), then the
         * own headers found in the translation unit */
        DL_VEC(struct dl_cx_own) own;
        struct {
                CXFile file;
                const char *name;
        } files[DL_CX_FILE_CACHE];
        unsigned n_files, next_slot;
        /* the translation unit's macro expansions sorted by start offset,
         * built on first use (dl_cx_macro_expansion_at) */
        DL_VEC(struct dl_cx_expansion) expansions;
        /* the translation unit's #defines sorted by name, then by
         * translation-unit order */
        DL_VEC(struct dl_cx_definition) definitions;
        bool expansions_built;
};

/** dl_cx_init - set up a context for tu; main_path is copied to arena. */
void dl_cx_init(struct dl_cx *cx, struct dl_arena *arena, CXTranslationUnit tu,
                const char *main_path);

/**
 * dl_cx_set_own_files - also analyse the function bodies of these headers
 * (paths as the user gave them; copied to the arena), as the main file's
 * are: dl_cx_is_own_file is true in them and locations in them use these
 * spellings. A header the translation unit did not read is left out.
 * @param seen  if non-NULL, seen[i] is set to whether paths[i] was read.
 */
void dl_cx_set_own_files(struct dl_cx *cx, const char *const *paths, size_t n, bool *seen);

/** dl_cx_take - copy s into the arena and dispose it. Ownership: the result
 * is (transfer none), lives in the arena; never NULL ("" for a NULL string). */
const char *dl_cx_take(struct dl_arena *arena, CXString s);

/** dl_cx_file_name - interned name of file (the user's spelling for the main
 * file). NULL when file is NULL. */
const char *dl_cx_file_name(struct dl_cx *cx, CXFile file);

/**
 * dl_cx_loc - the expansion location of l (where the user wrote the macro or
 * call), 1-based. Invalid (file NULL) for a null location.
 */
struct dl_loc dl_cx_loc(struct dl_cx *cx, CXSourceLocation l);
/** dl_cx_file_loc - clang_getFileLocation: the spelling for macro arguments,
 * the expansion point for macro bodies. */
struct dl_loc dl_cx_file_loc(struct dl_cx *cx, CXSourceLocation l);
/** dl_cx_offset - byte offset of the expansion location in its file. */
unsigned dl_cx_offset(CXSourceLocation l);
/** dl_cx_cursor_loc - dl_cx_loc of clang_getCursorLocation(c). */
struct dl_loc dl_cx_cursor_loc(struct dl_cx *cx, CXCursor c);
/** dl_cx_is_main_file - the expansion location of c is in the main file. */
bool dl_cx_is_main_file(struct dl_cx *cx, CXCursor c);
/** dl_cx_is_own_file - the expansion location of c is in the main file or
 * in one of the own headers (dl_cx_set_own_files). */
bool dl_cx_is_own_file(struct dl_cx *cx, CXCursor c);
/** dl_cx_file_is_own - file is the main file or one of the own headers. */
bool dl_cx_file_is_own(const struct dl_cx *cx, CXFile file);
/** dl_cx_in_macro - the cursor's location comes from a macro expansion
 * (its expansion and file locations differ, or it lies on a macro
 * invocation). Constant time after the first call on cx (see
 * dl_cx_macro_expansion_at). */
bool dl_cx_in_macro(struct dl_cx *cx, CXCursor c);

/**
 * dl_cx_macro_expansion_at - the macro expansion (CXCursor_MacroExpansion)
 * whose invocation holds the file location l, or a null cursor. Replaces
 * clang_getCursor(tu, l) for this question: clang_getCursor walks the whole
 * translation unit on each call, which made one function of N requests cost
 * N times the translation unit. The first call indexes the translation
 * unit's macro expansions (the top-level cursors of the detailed
 * preprocessing record) into cx->arena; each call is then a binary search.
 */
CXCursor dl_cx_macro_expansion_at(struct dl_cx *cx, CXSourceLocation l);

/**
 * dl_cx_macro_definition - the #define of name (NUL-terminated) when the
 * translation unit defines it exactly once; a null cursor when it never
 * does or redefines it (which definition a use sees then depends on where
 * the use is expanded: not guessed). For a macro named in another macro's
 * body. Indexed with dl_cx_macro_expansion_at's index; a binary search.
 */
CXCursor dl_cx_macro_definition(struct dl_cx *cx, const char *name);

/**
 * dl_cx_macro_spelling - for a cursor expanded from a macro body, find the
 * token named name in the #define the expansion at c refers to.
 * Returns: true and *out set (the place in the #define); false otherwise.
 */
bool dl_cx_macro_spelling(struct dl_cx *cx, CXCursor c, const char *name, struct dl_loc *out);

/** dl_cx_spelling - cursor spelling copied to the arena. */
const char *dl_cx_spelling(struct dl_cx *cx, CXCursor c);
/** dl_cx_qualified_name - "ns::Class::method" from semantic parents (at most
 * 32 levels), arena. Anonymous scopes are skipped. */
const char *dl_cx_qualified_name(struct dl_cx *cx, CXCursor c);

/** dl_cx_has_body - is def (a function's definition cursor, maybe null) one
 * with a body (a compound statement) in this translation unit? */
bool dl_cx_has_body(CXCursor def);
/** dl_cx_children - up to max direct children of c into out.
 * Returns: the number of children (may exceed max; only max stored). */
unsigned dl_cx_children(CXCursor c, CXCursor *out, unsigned max);

/** dl_cx_var_init - the initializer expression of the variable declaration
 * var (its last expression child), or a null cursor when it has none. */
CXCursor dl_cx_var_init(CXCursor var);

/** dl_cx_file_range - a range from the file locations (clang_getFileLocation)
 * of the extent of c, safe to tokenize (never spans a #define and a use). */
CXSourceRange dl_cx_file_range(CXTranslationUnit tu, CXCursor c);
/** dl_cx_expansion_range - a range from the expansion locations
 * (clang_getExpansionLocation) of the extent of c: a macro's use whole, the
 * outermost one when it is inside another's arguments; a null range when
 * the ends are in different files. */
CXSourceRange dl_cx_expansion_range(CXTranslationUnit tu, CXCursor c);

/* ---- expressions (cursors are values: results are transfer none) ---- */

/** dl_cx_only_expr_child - the only expression child of c among at most 4
 * children, or a null cursor. */
CXCursor dl_cx_only_expr_child(CXCursor c);
/** dl_cx_is_named - the cursor's spelling is s (NUL-terminated). */
bool dl_cx_is_named(CXCursor c, const char *s);
/** dl_cx_is_call_named - c is a call of a function or method spelled name
 * with nargs arguments (`v.push_back(x)`: "push_back", 1). */
bool dl_cx_is_call_named(CXCursor c, const char *name, int nargs);
/**
 * dl_cx_same_expr - are a and b the same expression? clang_equalCursors
 * also compares the declaration a cursor was reached from, which differs
 * between a cursor a visit met and the same expression reached through
 * clang_Cursor_getArgument or a variable's initializer (when the full
 * expression holds a temporary); the kind, the hash of the expression
 * itself and the location tell expressions apart.
 */
bool dl_cx_same_expr(CXCursor a, CXCursor b);
/** dl_cx_strip - skip implicit casts, parentheses, explicit casts and
 * std::move / std::forward (at most 64 levels). */
CXCursor dl_cx_strip(CXCursor c);
/**
 * dl_cx_strip_address - dl_cx_strip, then a leading unary & or * as well
 * (`&req`, `*p`), repeatedly (at most 8 levels).
 * Returns: the operand cursor.
 */
CXCursor dl_cx_strip_address(CXCursor c);
/** dl_cx_is_zero_literal - c, stripped (dl_cx_strip), is the integer
 * literal 0 (`0`, and C's `NULL`, `((void *)0)`). */
bool dl_cx_is_zero_literal(CXCursor c);
/** dl_cx_cursor_offset - dl_cx_offset of clang_getCursorLocation(c). */
unsigned dl_cx_cursor_offset(CXCursor c);
/** dl_cx_member_object - the object of a member call `obj.f()` /
 * `obj->f()` (the base of its MemberRefExpr), stripped; a null cursor when
 * call is not a member call. */
CXCursor dl_cx_member_object(CXCursor call);
/** dl_cx_is_local - def (a declaration) belongs to a function, a method
 * or a lambda: a local variable (static or not) or a parameter, not a
 * global, a namespace's or a class's member. */
bool dl_cx_is_local(CXCursor def);
/** dl_cx_refers_to - e is a DeclRefExpr naming decl. */
bool dl_cx_refers_to(CXCursor e, CXCursor decl);
/** dl_cx_param_is_read_only - t is a parameter type through which a callee
 * can only read its argument: a value, or a reference or pointer to const.
 * False for an invalid type (a variadic argument, an unknown callee). */
bool dl_cx_param_is_read_only(CXType t);
/** dl_cx_binary_operator - the operands and the operator of the binary
 * operator e (`a % 16`, `x = f()`, `a && b`, C++'s `a and b`).
 * libclang 14 has no operator-kind query, so the operator is the first
 * token between the end of the left operand and the start of the right one,
 * where both are spelled (the source, or one macro's body); it must be a
 * punctuation or keyword token.
 * Out: *lhs, *rhs (set whenever e has two children); op, the operator's
 * spelling, NUL-terminated, truncated to size bytes ("" on failure).
 * Returns: false when e is not a BinaryOperator with two operands or the
 * operator cannot be read (an operator written in a macro's body, whose
 * operands the file shows out of order or at one place). */
bool dl_cx_binary_operator(CXCursor e, CXCursor *lhs, CXCursor *rhs, char *op, size_t size);

/* Dispose helpers (NULL-safe), one per handle. */
void dl_cx_dispose_tokens(CXTranslationUnit tu, CXToken *toks, unsigned n);
void dl_cx_dispose_eval(CXEvalResult r);
void dl_cx_dispose_diagnostic(CXDiagnostic d);
void dl_cx_dispose_tu(CXTranslationUnit tu);
void dl_cx_dispose_index(CXIndex idx);

#endif
