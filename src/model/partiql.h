/* partiql.h - a parser for the PartiQL statements DynamoDB runs
 * (ExecuteStatement, BatchExecuteStatement, ExecuteTransaction) -> a small AST.
 * SPDX-License-Identifier: MIT
 *
 * Source of the grammar: the DynamoDB developer guide, "PartiQL - a
 * SQL-compatible query language for Amazon DynamoDB" (statements SELECT,
 * INSERT, UPDATE, DELETE; operators; functions) and the PartiQL reference
 * implementation's lexicon (partiql-lang-kotlin, syntax/LexerConstants.kt:
 * SQL-92 keywords plus PartiQL's own). DynamoDB supports a subset:
 *
 *   SELECT ( * | expr [, expr]... ) FROM table[."index"] [WHERE cond]
 *          [ORDER BY path [ASC|DESC] [, ...]]
 *   INSERT INTO table VALUE { 'attr' : value [, ...] }
 *   UPDATE table (SET path = value [, ...] | REMOVE path [, ...])...
 *          WHERE cond [RETURNING (ALL|MODIFIED) (OLD|NEW) *]
 *   DELETE FROM table WHERE cond [RETURNING ALL OLD *]
 *   EXISTS ( SELECT ... )                  (ExecuteTransaction checks)
 *
 * Names are identifiers (letters, digits, '_', '$'; not starting with a
 * digit) or double-quoted ("Order-Table", "" for a quote); strings are
 * single-quoted ('it''s'); `?` is a parameter; `--` and slash-star
 * comments are blanks. An unquoted word that is a PartiQL reserved word
 * (partiql_reserved_words.def) is not a name: `WHERE date = ?` does not
 * parse, `WHERE "date" = ?` does.
 *
 * Templates. The input is a struct dl_value (model/request.h); the parser
 * works on its known text (holes contribute zero bytes) and every offset
 * here is into that text. A hole inside a quoted name or string is part of
 * that token's text (`FROM "` + table + `"` names a table only known at
 * run time). A hole anywhere else may hold any number of tokens: from the
 * first such hole on, the structure is unknown, so `complete` is false,
 * `where` and the statement's other parts are what was read before it, and
 * nothing after it is judged (no syntax error, no reserved word).
 *
 * Errors are DynamoDB's text after "Statement wasn't well formed, can't be
 * processed: " (its ValidationException for a statement that does not
 * parse; "Expected data manipulation" for one that starts with no DML
 * keyword). One error at most: the first, where DynamoDB's parser stops.
 *
 * Bad input: nesting deeper than DL_PARTIQL_MAX_DEPTH (parentheses,
 * lists, tuples, calls) is a syntax error at the first level too deep;
 * NUL bytes and invalid UTF-8 outside quotes are invalid characters (a
 * syntax error); the work is linear in the text.
 *
 * Ownership: everything lives in the arena passed to dl_partiql_parse; the
 * value must outlive the result (requests do).
 */
#ifndef DL_MODEL_PARTIQL_H
#define DL_MODEL_PARTIQL_H

#include "../core/loc.h"
#include "request.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_arena;

/* Deepest nesting the parser follows (expr.h's limit, for the same reason). */
#define DL_PARTIQL_MAX_DEPTH 256

enum dl_pq_stmt {
        DL_PQ_UNKNOWN = 0, /* not parsed: the first token is a hole or an error */
        DL_PQ_SELECT,
        DL_PQ_INSERT,
        DL_PQ_UPDATE,
        DL_PQ_DELETE,
        DL_PQ_EXISTS,      /* EXISTS(SELECT ...): `select` holds the inner one */
};

enum dl_pq_kind {
        DL_PQN_PATH,     /* a document path: name (decoded), n_steps steps after it */
        DL_PQN_PARAM,    /* ? */
        DL_PQN_LITERAL,  /* a string, number, TRUE/FALSE/NULL/MISSING, list, bag or tuple */
        DL_PQN_CMP,      /* args[0] op args[1] */
        DL_PQN_ARITH,    /* args[0] + or - args[1] (op DL_PQ_PLUS / DL_PQ_MINUS) */
        DL_PQN_IN,       /* args[0] [NOT] IN args[1..n_args-1] (the list's elements) */
        DL_PQN_BETWEEN,  /* args[0] [NOT] BETWEEN args[1] AND args[2] */
        DL_PQN_IS,       /* args[0] IS [NOT] name (NULL, MISSING, a type) */
        DL_PQN_LIKE,     /* args[0] [NOT] LIKE args[1] */
        DL_PQN_FUNC,     /* name(args...) */
        DL_PQN_AND,
        DL_PQN_OR,
        DL_PQN_NOT,
};

enum dl_pq_op {
        DL_PQ_NONE = 0, DL_PQ_EQ, DL_PQ_NE, DL_PQ_LT, DL_PQ_LE, DL_PQ_GT, DL_PQ_GE,
        DL_PQ_PLUS, DL_PQ_MINUS,
};

struct dl_pq_node {
        enum dl_pq_kind kind;
        enum dl_pq_op op;         /* CMP, ARITH */
        bool negated;             /* NOT IN, NOT BETWEEN, IS NOT, NOT LIKE */
        const char *name;         /* PATH: the first name, decoded (quotes and
                                     "" removed); FUNC: the function name */
        size_t name_len;
        bool quoted;              /* PATH: the first name was double-quoted */
        size_t n_steps;           /* PATH: steps after the first name */
        size_t off, end;          /* the whole node */
        struct dl_pq_node **args;
        size_t n_args;
};

/* A table or index name after FROM / INTO / UPDATE. */
struct dl_pq_name {
        const char *text;         /* decoded; NULL when absent */
        size_t len;
        bool quoted;
        bool has_hole;            /* a hole inside the quotes: known only at run time */
        size_t off, end;          /* the token, quotes included */
};

enum dl_pq_err_kind {
        DL_PQ_ERR_SYNTAX,         /* the statement does not parse */
        DL_PQ_ERR_RESERVED,       /* an unquoted reserved word used as a name */
        DL_PQ_ERR_EMPTY,          /* the empty string (DynamoDB: length 1 to 8192) */
};

struct dl_pq_error {
        enum dl_pq_err_kind kind;
        const char *msg;          /* DynamoDB's detail (arena) */
        size_t off, end;          /* the offending token */
};

struct dl_partiql {
        const struct dl_value *value; /* the source template (borrowed) */
        const char *text;         /* known text, NUL-terminated (arena) */
        size_t len;               /* bytes */
        bool has_holes;
        bool complete;            /* parsed to the end, no hole outside quotes */
        enum dl_pq_stmt stmt;
        struct dl_pq_name table;
        struct dl_pq_name index;  /* SELECT FROM "T"."I"; text NULL otherwise */
        bool has_where;           /* a WHERE keyword was read */
        struct dl_pq_node *where; /* its condition; NULL when absent or not read whole */
        bool select_star;         /* SELECT * */
        size_t n_params;          /* `?` read (before any hole) */
        struct dl_pq_error *errors; /* reserved words (in text order), then the
                                       syntax error, if any */
        size_t n_errors;
};

/**
 * dl_partiql_parse - parse v, the Statement of a request.
 * @param a  arena for everything returned.
 * @param v  the statement; borrowed, must outlive the result.
 * Returns: NULL when v is ABSENT or DYNAMIC or has no known text; the
 * parsed statement otherwise (perhaps with errors). Never fails otherwise.
 * Ownership: (transfer none), lives in a.
 */
struct dl_partiql *dl_partiql_parse(struct dl_arena *a, const struct dl_value *v);

/**
 * dl_partiql_is_reserved - whether s (len bytes) is a PartiQL reserved
 * word, compared case-insensitively (partiql_reserved_words.def).
 */
bool dl_partiql_is_reserved(const char *s, size_t len);

/**
 * dl_partiql_loc - the source location of byte off of st's known text.
 * Returns: true and *out when the value has byte locations there; else
 * false and *out = the value's loc.
 */
bool dl_partiql_loc(const struct dl_partiql *st, size_t off, struct dl_loc *out);

/** dl_pq_stmt_name - "SELECT", "INSERT", "UPDATE", "DELETE", "EXISTS"; "" otherwise. */
const char *dl_pq_stmt_name(enum dl_pq_stmt s);

#endif
