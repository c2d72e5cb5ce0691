/* util_expr.h - helpers shared by the expression checks (issue #3):
 * reporting at a token inside an expression literal, the order DynamoDB
 * validates expressions in, and the key schema a request reads.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CHECKS_UTIL_EXPR_H
#define DL_CHECKS_UTIL_EXPR_H

#include "check.h"

#include "../model/expr.h"
#include "../model/partiql.h"
#include "../model/request.h"
#include "../rules/schema.h"

#include <stdbool.h>
#include <stddef.h>

/* The expression members in the order DynamoDB validates them
 * (expression-rules.md "Error order": Update, Condition, KeyCondition,
 * Filter, Projection). */
extern const enum dl_field dl_expr_fields_in_order[5];

/**
 * dl_span_report - report a finding at bytes [off, end) of the known text
 * of v (an expression, a PartiQL statement; holes take no bytes): the
 * primary location is the token's first byte (the request's call when the
 * bytes carry no location), the region ends after its last byte when on
 * the same line, and when the text was defined elsewhere (v->origin valid)
 * that place is added as a related location.
 * Returns: the finding (transfer none), as dl_report.
 */
struct dl_finding *dl_span_report(const struct dl_check_ctx *ctx, const struct dl_value *v,
                                  size_t off, size_t end, const char *fmt, ...)
        __attribute__((format(printf, 5, 6)));

/* dl_expr_report - dl_span_report at bytes [off, end) of expression e's
 * known text (struct dl_expr, model/expr.h). */
#define dl_expr_report(ctx, e, off, end, ...)                                    \
        dl_span_report((ctx), (e)->value, (off), (end), __VA_ARGS__)

/**
 * dl_expr_error_report - report one of e's parse errors (field f): DynamoDB's
 * prefix and text, then the fix hint joined with a single "; " (DynamoDB's
 * text often ends with ';' already: "The expression can not be empty;").
 * Returns: the finding (transfer none), as dl_report.
 */
struct dl_finding *dl_expr_error_report(const struct dl_check_ctx *ctx, const struct dl_expr *e,
                                        enum dl_field f, const struct dl_expr_error *err,
                                        const char *hint);

/** dl_value_report - report at a value (a map entry's key, a field): its
 * loc, plus origin as a related location when valid. */
struct dl_finding *dl_value_report(const struct dl_check_ctx *ctx, const struct dl_value *v,
                                   const struct dl_loc *fallback, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));

/* The key schema a Query/Scan reads (the table's, or the index's). */
struct dl_read_keys {
        const struct dl_table *table;
        const struct dl_index *index; /* NULL when the table itself is read */
        const char *hash;             /* partition key attribute name */
        const char *range;            /* sort key attribute name, or NULL */
        enum dl_key_type hash_type, range_type;
};

/**
 * dl_table_described - the description of the table req names: for a name
 * known at analysis time, the `tables:` entry with that name, else the
 * first whose pattern matches it, else the `default: true` entry (a name
 * no entry claims); for a name only known at run time, the default entry
 * (docs/rules-file.md, "Which table a request uses"), unless the name's
 * known text ("prod-" + stage) might spell a table another entry names or
 * matches: then nobody can tell, and schema checks stay silent. A name
 * read from an environment variable (getenv("TABLE_NAME")) is the table
 * the templates set that variable to, when they agree on one
 * (dl_schema_table_for_env; docs/architecture.md, "Tables as code"); when
 * they set it to something else, no default applies either. A default
 * implied by a single-table template serves a name whose known text could
 * spell its name.
 * Returns: the table (transfer none) or NULL (no table name set, or no
 * entry applies).
 */
const struct dl_table *dl_table_described(const struct dl_check_ctx *ctx,
                                          const struct dl_request *req);

/**
 * dl_table_unknown_why - why dl_table_described() is NULL for req, in
 * buf (size bytes), for a --verbose note: "its TableName is only known at
 * run time and no table is the default", "its TableName is
 * getenv(\"TABLE_NAME\"): no function of the templates...".
 * Returns: buf.
 */
const char *dl_table_unknown_why(const struct dl_check_ctx *ctx, const struct dl_request *req,
                                 char *buf, size_t size);

/**
 * dl_table_described_named - dl_table_described for a table name (len
 * bytes) known some other way (the FROM of a PartiQL statement): the
 * entry with that name, else the first whose pattern matches it, else the
 * `default: true` entry.
 * Returns: the table (transfer none) or NULL.
 */
const struct dl_table *dl_table_described_named(const struct dl_check_ctx *ctx, const char *name,
                                                size_t len);

/**
 * dl_read_keys_named - the key schema read from table (table_len bytes),
 * through index (index_len bytes) unless index is NULL, from ctx->rules'
 * tables (dl_table_described_named).
 * Returns: false (stay silent) when the table or the index is not
 * described, or the key schema has no partition key.
 */
bool dl_read_keys_named(const struct dl_check_ctx *ctx, const char *table, size_t table_len,
                        const char *index, size_t index_len, struct dl_read_keys *out);

/**
 * dl_read_keys_get - the key schema req reads, from ctx->rules' tables
 * (dl_table_described).
 * Returns: false (stay silent) when no table description applies, the
 * index name is not fully known, or the index is not described.
 */
bool dl_read_keys_get(const struct dl_check_ctx *ctx, const struct dl_request *req,
                      struct dl_read_keys *out);

/**
 * dl_read_keys_label - what k reads, for messages: "index 'GSI1'", "table
 * 'Orders'" (the request's name, also when the default table describes
 * it), or "the default table" for a table named at run time. Written
 * into buf (size bytes); returns buf.
 */
const char *dl_read_keys_label(const struct dl_request *req, const struct dl_read_keys *k,
                               char *buf, size_t size);

/**
 * dl_path_str - DynamoDB's rendering of a resolved path, "[a, b, [1]]",
 * into buf (size bytes). Returns false when some element cannot be
 * resolved (an alias without a known value, a hole).
 */
bool dl_path_str(const struct dl_request *req, const struct dl_path *p, char *buf, size_t size);

/**
 * dl_path_head - the attribute name at the head of p (resolved through
 * ExpressionAttributeNames). Returns false when unknown.
 */
bool dl_path_head(const struct dl_request *req, const struct dl_path *p, const char **name,
                  size_t *len);

/* Expression and legacy (non-expression) parameters of an operation, in
 * the order DynamoDB lists them in its messages (dynalite validations/
 * <op>.js, validateExpressionParams). */
struct dl_op_params {
        const enum dl_field *expr;
        size_t n_expr;
        const enum dl_field *legacy;
        size_t n_legacy;
};

/** dl_op_params_get - the parameters of op; false for operations without
 * expression parameters. */
bool dl_op_params_get(enum dl_op op, struct dl_op_params *out);

/** dl_field_set - f is certainly set on req: KNOWN, or DYNAMIC on a request
 * that did not escape (set from a run-time value). */
bool dl_field_set(const struct dl_request *req, enum dl_field f);

enum dl_path_clash { DL_CLASH_UNKNOWN = -1, DL_CLASH_NONE, DL_CLASH_OVERLAP, DL_CLASH_CONFLICT };

/**
 * dl_paths_clash - compare two document paths as DynamoDB does (element by
 * element up to the shorter length; dynalite db/updateParser.js, checkPaths):
 * a name where the other has an index is a CONFLICT, a differing element
 * makes them NONE, equal up to the shorter is an OVERLAP (`a` and `a.b`,
 * `a` and `a`). UNKNOWN when an element cannot be resolved.
 */
enum dl_path_clash dl_paths_clash(const struct dl_request *req, const struct dl_path *a,
                                  const struct dl_path *b);

/**
 * dl_report_path_clash - compare every pair of paths[0..n) with
 * dl_paths_clash and report the first overlap, else the first conflict, as
 * DynamoDB does ("Invalid <kind>: Two document paths overlap with each
 * other; must remove or rewrite one of these paths; path one: [a], path
 * two: [a, b]"), followed by "; " and the hint. Silent when any pair is
 * UNKNOWN (a path could not be resolved). At most one finding.
 * @param kind          "ProjectionExpression" or "UpdateExpression".
 * @param overlap_hint  the fix for an overlap; conflict_hint for a conflict.
 * Cost: n*(n-1)/2 comparisons; callers bound n.
 */
void dl_report_path_clash(const struct dl_check_ctx *ctx, const struct dl_request *req,
                          const struct dl_expr *e, struct dl_path *const *paths, size_t n,
                          const char *kind, const char *overlap_hint,
                          const char *conflict_hint);

/**
 * dl_report_nested_key_path - report the first key attribute that e uses as
 * a map or a list (`SK.x`, `GSI1PK[0]`): DynamoDB's "Key attributes must be
 * scalars; list random access '[]' and map lookup '.' are not allowed: Key:
 * SK" (a key of the table, partition key first) or "...: IndexKey: GSI1PK"
 * (a key of one of its indexes); dynalite db/index.js validateKeyPaths,
 * applied to projections, filters and updates. Silent when the table is not
 * described or named at run time.
 * Returns: true when it reported.
 */
bool dl_report_nested_key_path(const struct dl_check_ctx *ctx, const struct dl_request *req,
                               const struct dl_expr *e);

/**
 * dl_attr_type_of - DynamoDB's type descriptor of an ExpressionAttributeValues
 * entry ("S", "N", "B", "SS", "NS", "BS", "M", "L", "NULL", "BOOL").
 * Returns: a static string, or NULL when a is NULL or its type unknown.
 */
const char *dl_attr_type_of(const struct dl_attr *a);

/** dl_name_eq - s (len bytes) equals the NUL-terminated name. */
bool dl_name_eq(const char *s, size_t len, const char *name);

/* Three-valued answers: a part the parser could not follow is MAYBE. */
enum dl_tri { DL_TRI_NO, DL_TRI_YES, DL_TRI_MAYBE };

/**
 * dl_partiql_fixes - does the PartiQL condition c fix the top-level
 * attribute name (any top-level attribute when NULL) with = or IN (a value
 * or `?` on the other side), anywhere under ANDs, or on both sides of an
 * OR? (developer guide, "PartiQL select statements for DynamoDB": a SELECT
 * whose WHERE does not fix the partition key so is a full table scan.)
 */
enum dl_tri dl_partiql_fixes(const struct dl_pq_node *c, const char *name);

/**
 * dl_partiql_scans - does DynamoDB run the statement st as a full scan?
 * YES: a SELECT with no WHERE, or whose WHERE does not fix the partition
 * key of the table or index (ctx->rules' tables), or fixes no attribute at
 * all when the key is not described; NO: its WHERE fixes the described
 * partition key; MAYBE: anything else (not a whole SELECT, a hole, a key
 * not described while some attribute is fixed). NULL st is MAYBE.
 */
enum dl_tri dl_partiql_scans(const struct dl_check_ctx *ctx, const struct dl_partiql *st);

#endif
