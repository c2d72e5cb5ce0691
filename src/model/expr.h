/* expr.h - one parser for DynamoDB's five expression languages
 * (KeyCondition, Filter, Condition, Projection, Update) -> a small AST.
 * SPDX-License-Identifier: MIT
 *
 * Source of the grammar: the AWS DynamoDB developer guide ("Condition and
 * filter expressions", "Update expressions", "Projection expressions",
 * "Reserved words", "Service quotas") and the facts recorded in
 * shared/dynamodb/expression-rules.md (dynalite's grammars and test suite).
 *
 * Templates. The input is a struct dl_value: known text with holes (parts
 * only known at run time). The parser works on the "known text": the
 * concatenation of the known segments, holes contributing zero bytes. Every
 * offset in this header (off/end, bytes, end exclusive) is into that known
 * text; dl_value_loc_at() maps one back to a source location. A hole is a
 * token of its own (DL_EN_OPAQUE when it stands where an operand or clause
 * can stand). A known token that touches a hole with no blank in between
 * (`"attr" + suffix`, `":" + name`) may continue inside the hole, so it is
 * absorbed into the hole.
 *
 * What is decided with holes:
 *  - a syntax error is reported only when it lies before the first hole
 *    (the parser is LL(1): a prefix it rejects has no valid continuation);
 *  - other errors are kept only when every token that decides them is
 *    known: before the first hole, and (for a misused function or a
 *    redundant parenthesis) not followed by a hole; an unknown function
 *    name (a name right before '(') and a wrong operand count (a call
 *    with no hole between its parentheses) are certain anywhere;
 *  - after a hole the parser cannot follow the structure, so `root` is
 *    NULL (`complete` false), and a token-level scan still classifies what
 *    is certain: every identifier that is not a keyword or a function name
 *    is a path element, every #x / :x is a placeholder reference;
 *  - `has_holes` tells checks whose verdict depends on the whole
 *    expression (missing key condition, unused placeholders, overlaps) to
 *    stay silent.
 *
 * Bad input: the parser never recurses more than DL_EXPR_MAX_DEPTH levels
 * (deeper nesting is a syntax error finding at the first '(' too deep),
 * allocates from the arena in proportion to the input, and treats NUL bytes
 * and invalid UTF-8 as invalid characters (a syntax error). DynamoDB itself
 * rejects any expression over 4 KB, so no valid expression nests deeper
 * than about 2,000 parentheses; ddblint stops at 256 (DynamoDB's own limit
 * on nesting is not documented).
 *
 * Ownership: everything is allocated in the arena passed to dl_expr_parse
 * and lives until dl_arena_fini(); the AST borrows nothing from the value
 * except through `value` (which must outlive the AST, as requests do).
 */
#ifndef DL_MODEL_EXPR_H
#define DL_MODEL_EXPR_H

#include "../core/loc.h"
#include "request.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_arena;

/* Deepest parenthesis / function nesting the parser follows. */
#define DL_EXPR_MAX_DEPTH 256

/* Which grammar: KeyCondition, Filter and Condition share one. */
enum dl_expr_lang {
        DL_LANG_CONDITION,
        DL_LANG_PROJECTION,
        DL_LANG_UPDATE,
};

enum dl_enode_kind {
        DL_EN_OPAQUE,   /* a hole standing for an operand or a clause */
        DL_EN_PATH,     /* a document path (path member)               */
        DL_EN_VALUE,    /* :placeholder (name/name_len, e.g. ":v")     */
        DL_EN_CMP,      /* args[0] <op> args[1]                         */
        DL_EN_BETWEEN,  /* args[0] BETWEEN args[1] AND args[2]          */
        DL_EN_IN,       /* args[0] IN (args[1..n_args-1])               */
        DL_EN_FUNC,     /* name(args...); name case sensitive           */
        DL_EN_AND,      /* args[0] AND args[1]                          */
        DL_EN_OR,       /* args[0] OR args[1]                           */
        DL_EN_NOT,      /* NOT args[0]                                  */
        DL_EN_ARITH,    /* update value: args[0] + or - args[1] (op)    */
        DL_EN_ACTION,   /* update action: SET args[0] = args[1];
                           REMOVE args[0]; ADD/DELETE args[0] args[1]    */
        DL_EN_LIST,     /* root of Projection (paths) and Update (actions) */
};

enum dl_cmp_op {
        DL_CMP_NONE = 0,
        DL_CMP_EQ, DL_CMP_NE, DL_CMP_LT, DL_CMP_LE, DL_CMP_GT, DL_CMP_GE,
        DL_CMP_PLUS, DL_CMP_MINUS, /* DL_EN_ARITH only */
};

enum dl_update_section {
        DL_SEC_NONE = 0, DL_SEC_SET, DL_SEC_REMOVE, DL_SEC_ADD, DL_SEC_DELETE,
};

enum dl_pe_kind {
        DL_PE_NAME,   /* a bare attribute name: text/len                    */
        DL_PE_ALIAS,  /* #name: text/len include the '#'                    */
        DL_PE_INDEX,  /* [n]: index holds n (saturated at ULONG_MAX)        */
        DL_PE_OPAQUE, /* a hole: unknown elements                           */
};

struct dl_path_elem {
        enum dl_pe_kind kind;
        const char *text; /* into the expression's known text */
        size_t len;
        unsigned long index;
        size_t off, end;
};

/* Where a path is used (for schema checks). */
enum dl_path_role {
        DL_ROLE_OPERAND,      /* in a condition, a SET value, a projection */
        DL_ROLE_UPDATE_TARGET,/* the path an update action writes or removes */
};

struct dl_path {
        struct dl_path_elem *elems;
        size_t n;
        size_t off, end;
        bool partial;         /* touches a hole: its extent is not certain */
        enum dl_path_role role;
        enum dl_update_section section; /* for UPDATE_TARGET */
};

/* One occurrence of a placeholder: "#n" or ":v" (text includes the sigil). */
struct dl_ref {
        const char *text;
        size_t len;
        size_t off, end;
};

struct dl_enode {
        enum dl_enode_kind kind;
        enum dl_cmp_op op;               /* CMP, ARITH */
        enum dl_update_section section;  /* ACTION */
        size_t off, end;                 /* whole node, parentheses excluded */
        size_t op_off, op_end;           /* operator, keyword or function name */
        unsigned parens;                 /* pairs of parentheses directly around it */
        const char *name;                /* FUNC name, VALUE ":v" */
        size_t name_len;
        struct dl_enode **args;
        size_t n_args;
        struct dl_path *path;            /* PATH */
};

/* Semantic errors found while parsing, each DynamoDB's text after
 * "Invalid <X>Expression: ". Order as DynamoDB checks them. */
enum dl_expr_err_kind {
        DL_EXPR_ERR_SYNTAX,           /* "Syntax error; token: ..." or "The expression can not be empty;" */
        DL_EXPR_ERR_PARENS,           /* "The expression has redundant parentheses;" */
        DL_EXPR_ERR_UNKNOWN_FUNCTION, /* "Invalid function name; function: x" */
        DL_EXPR_ERR_MISUSED_FUNCTION, /* "The function is not allowed to be used this way ..." */
        DL_EXPR_ERR_OPERAND_COUNT,    /* "Incorrect number of operands ..." */
        DL_EXPR_ERR_SECTION,          /* update: "The \"SET\" section can only be used once ..." */
};

struct dl_expr_error {
        enum dl_expr_err_kind kind;
        const char *msg;      /* DynamoDB's text after "Invalid <X>Expression: " (arena) */
        const char *hint;     /* how to fix it (arena), or NULL */
        size_t off, end;      /* offending token */
};

struct dl_expr {
        enum dl_field field;          /* which request member */
        enum dl_expr_lang lang;
        const struct dl_value *value; /* the source template (borrowed) */
        const char *text;             /* known text, NUL-terminated (arena) */
        size_t len;                   /* bytes */
        bool has_holes;
        bool complete;                /* root describes the whole expression */
        struct dl_enode *root;        /* NULL on syntax error or after a hole */
        struct dl_expr_error *errors; /* syntax error (at most one, first) then semantic */
        size_t n_errors;
        struct dl_path **paths;       /* every document path, in text order */
        size_t n_paths;
        struct dl_ref *refs;          /* every #name / :value occurrence, in text order */
        size_t n_refs;
        size_t unparsed_from;         /* byte offset: the text from here on was not
                                         parsed (from the start of the word holding a
                                         syntax error); len when there is none. Checks
                                         derive nothing from it (no cascades) */
        size_t *hole_offs;            /* where each hole token starts, ascending (a
                                         hole absorbs the known token it touches) */
        size_t n_holes;
        /* Limits (counted on known text; expression-limits). */
        size_t n_operators;           /* comparators, AND/OR/NOT, BETWEEN, IN, functions, +/- */
        size_t max_in_operands;       /* largest IN list (operands after IN) */
        size_t max_in_off;            /* the IN keyword of that list */
        size_t max_path_depth;        /* most dereferences ('.' and '[') in one path */
        size_t max_path_off, max_path_end;
};

/**
 * dl_expr_lang_of - the grammar of an expression field.
 * Returns: the language; DL_LANG_CONDITION for non-expression fields.
 */
enum dl_expr_lang dl_expr_lang_of(enum dl_field f);

/**
 * dl_expr_parse - parse v (the value of request field f) into an AST.
 * @param a  arena for everything returned.
 * @param v  the value; borrowed, must outlive the result.
 * Returns: NULL when v is ABSENT or DYNAMIC, or KNOWN with no known text
 * at all (a wholly dynamic expression is never judged); otherwise the
 * expression, possibly with errors. Never fails otherwise.
 * Ownership: (transfer none), lives in a.
 */
struct dl_expr *dl_expr_parse(struct dl_arena *a, enum dl_field f, const struct dl_value *v);

/**
 * dl_expr_error_prefix - "Invalid KeyConditionExpression: " etc. for f
 * (DynamoDB's prefix for errors in that member). Static storage.
 */
const char *dl_expr_error_prefix(enum dl_field f);

/**
 * dl_expr_loc - the source location of byte off of e's known text.
 * Returns: true and *out when the value has byte locations there; else
 * false and *out = the value's loc (where it was set).
 */
bool dl_expr_loc(const struct dl_expr *e, size_t off, struct dl_loc *out);

/**
 * dl_expr_is_reserved - whether s (len bytes) is a DynamoDB reserved word,
 * compared case-insensitively (reserved_words.def, 573 words).
 */
bool dl_expr_is_reserved(const char *s, size_t len);

/**
 * dl_expr_span_has_hole - whether a hole of e lies strictly inside bytes
 * (off, end) of its known text, or at off itself when off == end. A node
 * whose span holds a hole may be grouped differently at run time (the hole
 * can hold parentheses), so checks judge only nodes without one.
 */
bool dl_expr_span_has_hole(const struct dl_expr *e, size_t off, size_t end);

/** dl_cmp_op_str - "=", "<>", ... "+", "-"; "" for NONE. */
const char *dl_cmp_op_str(enum dl_cmp_op op);
/** dl_update_section_str - "SET", "REMOVE", "ADD", "DELETE"; "" for NONE. */
const char *dl_update_section_str(enum dl_update_section s);

#endif
