/* ruleset_internal.h - what the files of the rules loader share
 * (src/rules/ruleset*.c only; not an interface for anything else).
 * SPDX-License-Identifier: MIT
 *
 * Sections by the file that defines them, lowest layer first; each file
 * calls only the files of the sections above its own (ruleset.c's head
 * comment draws the layers): ruleset_yaml.c, ruleset_store.c,
 * ruleset_import.c with ruleset_cfn.c and ruleset_tf.c, ruleset_tables.c.
 *
 * libyaml's types are named by their struct tags so that this header needs
 * no yaml.h (the layering test allows yaml.h in rules/ruleset*.c only).
 *
 * Ownership: everything a loader makes lives in the arena of the ruleset
 * being built (loader->arena), except the compiled patterns, which the
 * ruleset keeps in its private list (dl_rules_regex()).
 */
#ifndef DL_RULES_RULESET_INTERNAL_H
#define DL_RULES_RULESET_INTERNAL_H

#include "../core/arena.h"
#include "../core/error.h"
#include "../core/loc.h"
#include "../core/vec.h"
#include "schema.h"

#include <stdbool.h>
#include <stddef.h>

struct yaml_document_s;
struct yaml_node_s;
struct yaml_node_pair_s;
struct dl_regex;

/* Bounds on the work one YAML file may cause (docs/rules-file.md, "Limits"):
 * nesting deeper than DL_RULES_MAX_DEPTH collections is refused before
 * libyaml's scanner, whose stale-key scan is linear in the depth for every
 * token, gets quadratic; and a document whose nodes, with every alias
 * expanded, number more than DL_RULES_MAX_NODES is refused before anything
 * walks it (the "billion laughs" of nested aliases). */
#define DL_RULES_MAX_DEPTH 64
#define DL_RULES_MAX_NODES 1000000
/* The largest table file `tables-from:` or --tables-from reads (64 MiB):
 * a rules file naming /dev/zero once read without end. */
#define DL_RULES_MAX_TABLES_BYTES ((size_t)64 << 20)

struct dl_rules_loader {
        struct yaml_document_s *doc;   /* the document being read */
        struct dl_ruleset *rs;
        struct dl_arena *arena;
        const char *file;              /* arena copy of the name used in every location */
        bool no_marks;                 /* doc was made from JSON: nodes have no position */
        /* a CreateTable's definition (ruleset_code.c): the source location
         * of each byte of the text read, n_byte_locs entries; a node's
         * position is that of its first byte (NULL: the marks' lines) */
        const struct dl_loc *byte_locs;
        size_t n_byte_locs;
        const char *dir;               /* absolute directory of file: relative paths start here */
        const char *root;              /* the project root (a real path) a `tables-from:` file
                                          must lie under, or NULL: no bound (borrowed) */
        const char *const *check_ids;
        size_t n_check_ids;
        struct dl_error *err;
        DL_VEC(struct dl_table) tables;   /* written in `tables:` */
        DL_VEC(struct dl_table) imported; /* read through `tables-from:` */
        /* the environment variables the imported templates' functions set */
        DL_VEC(struct dl_env_table) env;
        /* reading a definition file to lint it (dl_ruleset_lint_tables):
         * every table is kept, whatever its name, and none is a default */
        bool all_tables;
};

/* ---- ruleset_yaml.c: YAML nodes, positions, validating readers ---- */

/**
 * dl_rules_fail_at - record a DL_ERR_CONFIG at loc in ld->err.
 * Returns: DL_ERR_CONFIG.
 */
enum dl_status dl_rules_fail_at(const struct dl_rules_loader *ld, struct dl_loc loc,
                                const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/** dl_rules_fail - dl_rules_fail_at at node's position. */
#define dl_rules_fail(ld, node, ...)                                                               \
        dl_rules_fail_at((ld), dl_rules_node_loc((ld), (node)), __VA_ARGS__)
/** dl_rules_node_loc - the 1-based line and column of n in ld->file. */
struct dl_loc dl_rules_node_loc(const struct dl_rules_loader *ld, const struct yaml_node_s *n);
/** dl_rules_node - the node with id `id` of ld->doc (libyaml's numbering). */
struct yaml_node_s *dl_rules_node(const struct dl_rules_loader *ld, int id);
/** dl_rules_is_null - a plain scalar YAML reads as null: empty, ~ or null. */
bool dl_rules_is_null(const struct yaml_node_s *n);
/** dl_rules_is_scalar - n is a scalar (null included); false for a NULL
 * n (a member dl_rules_map_get did not find). */
bool dl_rules_is_scalar(const struct yaml_node_s *n);
/** dl_rules_kind_name - "a mapping", "a sequence", "a scalar" or "null". */
const char *dl_rules_kind_name(const struct yaml_node_s *n);
/** dl_rules_scalar - a scalar node's text (NUL-terminated, borrowed). */
const char *dl_rules_scalar(const struct yaml_node_s *n);
/** dl_rules_tag - a node's tag when the file wrote one ("!Ref"), else NULL. */
const char *dl_rules_tag(const struct yaml_node_s *n);
/**
 * dl_rules_get_string - a non-empty string without NUL bytes, copied into
 * the arena; `key` names it in the error ("expected a non-empty string for
 * 'name', got a mapping").
 */
enum dl_status dl_rules_get_string(const struct dl_rules_loader *ld,
                                   const struct yaml_node_s *n, const char *key,
                                   const char **out);
/**
 * dl_rules_key_type, dl_rules_projection - a key type (S, N, B; also
 * String, Number, Binary) or a projection (all, keys-only, include; also
 * ALL, KEYS_ONLY, INCLUDE), up to case and '-'/'_'; `key` names the value
 * in the error, which lists the allowed words and the closest one.
 */
enum dl_status dl_rules_key_type(const struct dl_rules_loader *ld, const struct yaml_node_s *n,
                                 const char *key, enum dl_key_type *out);
enum dl_status dl_rules_projection(const struct dl_rules_loader *ld,
                                   const struct yaml_node_s *n, const char *key,
                                   enum dl_projection_kind *out);
/** dl_rules_map_get - the value of key in mapping map, or NULL. */
struct yaml_node_s *dl_rules_map_get(const struct dl_rules_loader *ld,
                                     const struct yaml_node_s *map, const char *key);
/** dl_rules_seq_len / dl_rules_seq_at - a sequence's length and item i. */
size_t dl_rules_seq_len(const struct yaml_node_s *seq);
struct yaml_node_s *dl_rules_seq_at(const struct dl_rules_loader *ld,
                                    const struct yaml_node_s *seq, size_t i);
/** dl_rules_is_map / dl_rules_is_seq - the node's kind; false for a NULL n
 * (a member dl_rules_map_get did not find). */
bool dl_rules_is_map(const struct yaml_node_s *n);
bool dl_rules_is_seq(const struct yaml_node_s *n);

/** One key a mapping allows, and what dl_rules_read_fields() found for it
 * (key_node and value NULL when the mapping lacks it). */
struct dl_rules_field {
        const char *key;
        struct yaml_node_s *key_node;
        struct yaml_node_s *value;
};
/**
 * dl_rules_read_fields - check that every key of map (a mapping) is a
 * scalar, one of fields[0..n_fields) and given once, and put each value in
 * its slot. `where` ends the messages: "in table".
 * Returns: DL_OK or DL_ERR_CONFIG (unknown key with the allowed ones and a
 * "did you mean", duplicate key with the first one's place).
 */
enum dl_status dl_rules_read_fields(const struct dl_rules_loader *ld, struct yaml_node_s *map,
                                    const char *where, struct dl_rules_field *fields,
                                    size_t n_fields);
/**
 * dl_rules_unique_key - the duplicate test for mappings whose keys are not
 * fixed (checks:, a check's options): is the key of pair (one of map's
 * pairs) a scalar not given before it? DL_OK or DL_ERR_CONFIG.
 */
enum dl_status dl_rules_unique_key(const struct dl_rules_loader *ld, struct yaml_node_s *map,
                                   struct yaml_node_pair_s *pair, const char *where);
/** dl_rules_missing - the error for a required key of map: "missing
 * required key 'key' <where>; expected <expected>". Returns DL_ERR_CONFIG. */
enum dl_status dl_rules_missing(const struct dl_rules_loader *ld, const struct yaml_node_s *map,
                                const char *key, const char *where, const char *expected);
/**
 * dl_rules_expect_type - DL_OK when n is of type (a libyaml
 * yaml_node_type_t), else DL_ERR_CONFIG "expected a mapping <what>, got a
 * scalar" (`what`: "for 'tables'").
 */
enum dl_status dl_rules_expect_type(const struct dl_rules_loader *ld, const struct yaml_node_s *n,
                                    int type, const char *what);
/** dl_rules_did_you_mean - what precedes "expected one of: ...": "; did you
 * mean 'x'? " when word is close to one of candidates[0..n), else "; "
 * (in the arena). */
const char *dl_rules_did_you_mean(const struct dl_rules_loader *ld, const char *word,
                                  const char *const *candidates, size_t n);
/** dl_rules_get_bool - a plain true or false (YAML 1.2 core schema
 * spellings) for `key`; DL_OK or DL_ERR_CONFIG. */
enum dl_status dl_rules_get_bool(const struct dl_rules_loader *ld, const struct yaml_node_s *n,
                                 const char *key, bool *out);
/** A word of an enumeration: each spelling maps to a value; `shown` ones
 * are listed in messages (ddblint's own spelling). Lists end with a NULL
 * spelling. */
struct dl_rules_word {
        const char *spelling;
        int value;
        bool shown;
};
/** DynamoDB's spellings (API reference: AttributeDefinition.AttributeType,
 * Projection.ProjectionType) and SAM's (SimpleTable PrimaryKey.Type);
 * dl_rules_projections[k].spelling names projection k. */
extern const struct dl_rules_word dl_rules_key_types[];
extern const struct dl_rules_word dl_rules_projections[];
/**
 * dl_rules_get_enum - one of words, compared up to case and '-'/'_' (so
 * DynamoDB's KEYS_ONLY is ddblint's keys-only): its value in *out; `what`
 * names the kind of word in the error ("key type").
 */
enum dl_status dl_rules_get_enum(const struct dl_rules_loader *ld, const struct yaml_node_s *n,
                                 const char *key, const char *what,
                                 const struct dl_rules_word *words, int *out);
/** dl_rules_verbatim_col - the 1-based column of scalar v's first
 * character when its text is written verbatim on one line (plain, or
 * quoted without escapes), else 0. */
unsigned dl_rules_verbatim_col(const struct dl_rules_loader *ld, const struct yaml_node_s *v);

/**
 * dl_rules_parse_yaml - parse text (len bytes) as one YAML document into
 * *doc, within the limits above; errors name ld->file with line and
 * column: DL_ERR_PARSE for YAML syntax or text that is not UTF-8,
 * DL_ERR_CONFIG for a second document, nesting or aliases over the limits.
 * Text with no node at all (only comments) gives a document without a root.
 * On success release *doc with yaml_document_delete().
 */
enum dl_status dl_rules_parse_yaml(const struct dl_rules_loader *ld, const char *text,
                                   size_t len, struct yaml_document_s *doc);

/* ---- ruleset_store.c: what a ruleset owns ---- */

/** dl_rules_alloc - a new empty ruleset (version 1) with its own arena.
 * Ownership: (transfer full), release with dl_ruleset_free(). */
struct dl_ruleset *dl_rules_alloc(void);
/** dl_rules_arena - the arena rs owns (borrowed; freed with rs). */
struct dl_arena *dl_rules_arena(struct dl_ruleset *rs);
/**
 * dl_rules_regex - compile pattern (anchored) once per ruleset: the same
 * text gives the same compiled pattern, kept until dl_ruleset_free().
 * Returns: DL_OK, or DL_ERR_CONFIG with err's message and err->col the
 * 1-based offset in the pattern (see dl_regex_compile).
 */
enum dl_status dl_rules_regex(struct dl_ruleset *rs, const char *pattern,
                              struct dl_regex **out, struct dl_error *err);

/**
 * dl_rules_add_source - record a file the ruleset was read from (copied).
 */
void dl_rules_add_source(struct dl_ruleset *rs, const char *path);

/* ---- ruleset_import.c: definition files ---- */

/**
 * dl_rules_import - read the table definitions of path (relative to ld->dir
 * unless absolute) into ld->imported: a CloudFormation or SAM template (YAML
 * or JSON), `aws dynamodb describe-table` output (one or several), or
 * `terraform show -json` output.
 * @param format      "cloudformation", "describe-table", "terraform", or
 *                    NULL to tell from the content.
 * @param default_id  a logical id (CloudFormation), table name or resource
 *                    address whose table becomes the default table, or NULL.
 * @param at          where the rules file names the import (for errors about
 *                    the file as a whole: missing, unreadable); file NULL
 *                    when it comes from the command line.
 * Returns: DL_OK or an error naming the imported file (line and column when
 * known, else the JSON or YAML path of the offending value).
 */
enum dl_status dl_rules_import(struct dl_rules_loader *ld, const char *path, const char *format,
                               const char *default_id, struct dl_loc at);

/* ---- table definition files (ruleset_import.c, ruleset_cfn.c,
 * ruleset_tf.c): one table model (schema.h, struct dl_table with its
 * struct dl_table_def) from three formats ---- */

/* A table read from a definition file, before its name is settled. */
struct dl_rules_candidate {
        struct dl_table t;
        struct dl_table_def *def; /* t.def, writable while reading */
        const char *id;           /* logical id, resource address, or the table name */
        bool run_time_name;       /* no name and no pattern could be made */
};
typedef DL_VEC(struct dl_rules_candidate) dl_rules_candidates_t;

/**
 * dl_rules_billing_mode - def's billing mode from the BillingMode member
 * of props (an AWS::DynamoDB::Table's Properties, or a CreateTable's input:
 * the same member): PROVISIONED when absent (CloudFormation's default;
 * CreateTable's too, API reference: "If you set BillingMode as
 * PROVISIONED, you must specify" ProvisionedThroughput), PAY_PER_REQUEST,
 * or UNKNOWN for any other or a computed value; billing_written and
 * billing_loc (of the value) set when it is written.
 */
void dl_rules_billing_mode(const struct dl_rules_loader *ld, const struct yaml_node_s *props,
                           struct dl_table_def *def);
/** dl_rules_str_of - a scalar written as such (no tag, not null), or NULL. */
const char *dl_rules_str_of(const struct yaml_node_s *n);
/**
 * dl_rules_function_of - the intrinsic function n calls, short form (!Sub
 * x: "Sub") or long ({"Fn::Sub": x}: "Sub"; {"Ref": x}: "Ref"), with its
 * argument in *arg; NULL when n calls none.
 */
const char *dl_rules_function_of(const struct dl_rules_loader *ld, const struct yaml_node_s *n,
                                 struct yaml_node_s **arg);
/**
 * dl_rules_need_str - the required plain string `key` of map; an error
 * when missing or computed by a function (`where` ends the message).
 */
enum dl_status dl_rules_need_str(const struct dl_rules_loader *ld, const struct yaml_node_s *map,
                                 const char *key, const char *where, const char **out);
/** dl_rules_opt_seq - the sequence `key` of map, NULL when absent or null;
 * an error when it is something else. */
enum dl_status dl_rules_opt_seq(const struct dl_rules_loader *ld, const struct yaml_node_s *map,
                                const char *key, const char *where, struct yaml_node_s **out);
/** dl_rules_key_loc - where key is written in map (its key node), else
 * where map starts. */
struct dl_loc dl_rules_key_loc(const struct dl_rules_loader *ld, const struct yaml_node_s *map,
                               const char *key);
/**
 * dl_rules_def_num - n as a definition's number: ABSENT for NULL, KNOWN
 * for a plain decimal integer, UNKNOWN for anything else (a function, a
 * parameter); loc is n's.
 */
struct dl_def_num dl_rules_def_num(const struct dl_rules_loader *ld, const struct yaml_node_s *n);
/**
 * dl_rules_scaling_place - a write-capacity scaling target's MaxCapacity
 * (CloudFormation's ScalableTarget, terraform's aws_appautoscaling_target)
 * onto candidate c, whose table its ResourceId names: rest is what follows
 * "table/<table>" in it: "" for the table, "/index/<name>" for one of c's
 * indexes. Returns: whether it was placed.
 */
bool dl_rules_scaling_place(struct dl_rules_candidate *c, const char *rest, struct dl_def_num max);
/**
 * dl_rules_scaling_unknown - a scaling target that could not be placed:
 * every write maximum of cs->items[first..] (tables and indexes) becomes
 * unknown, so no check compares against a maximum that may be another.
 */
void dl_rules_scaling_unknown(dl_rules_candidates_t *cs, size_t first);
/**
 * dl_rules_api_capacity - ProvisionedThroughput of owner (the API's
 * shape). zero_is_absent: describe-table writes 0 units for on-demand.
 */
struct dl_capacity dl_rules_api_capacity(const struct dl_rules_loader *ld,
                                         const struct yaml_node_s *owner, bool zero_is_absent);
/**
 * dl_rules_api_table - keys, AttributeDefinitions and indexes of a table
 * in the DynamoDB API's shape (CloudFormation Properties, describe-table's
 * Table) into t and def; index capacity with zero_is_absent as above.
 */
enum dl_status dl_rules_api_table(const struct dl_rules_loader *ld, const struct yaml_node_s *props,
                                  const char *where, bool zero_is_absent, struct dl_table *t,
                                  struct dl_table_def *def);
/** What one format reads of an index beyond its name: keys, projection. */
typedef enum dl_status (*dl_rules_index_fill_fn)(const struct dl_rules_loader *ld,
                                                 const struct yaml_node_s *x, const char *where,
                                                 void *data, struct dl_index *ix,
                                                 struct dl_index_def *def);
/**
 * dl_rules_read_indexes - the indexes listed under key in owner (a
 * sequence of mappings, each naming its index with name_key), appended to
 * t, each with a struct dl_index_def; *list_loc gets the list key's place.
 */
enum dl_status dl_rules_read_indexes(const struct dl_rules_loader *ld,
                                     const struct yaml_node_s *owner, const char *key,
                                     const char *name_key, enum dl_index_kind kind,
                                     const char *where, struct dl_table *t,
                                     dl_rules_index_fill_fn fill, void *data,
                                     struct dl_loc *list_loc);
/** dl_rules_non_key_attributes - a sequence of strings (seq may be NULL)
 * copied into ix's non-key attributes. */
enum dl_status dl_rules_non_key_attributes(const struct dl_rules_loader *ld,
                                           const struct yaml_node_s *seq, const char *key,
                                           struct dl_index *ix);
/** dl_rules_def_key - record a key attribute a KeySchema names (def may
 * be NULL: nothing is recorded). */
void dl_rules_def_key(const struct dl_rules_loader *ld, struct dl_table_def *def,
                      const struct dl_key_attr *k);
/** dl_rules_def_attrs - the attribute definitions of seq (mappings naming
 * an attribute with name_key and its type with type_key) into def->attrs;
 * state UNKNOWN when a name is computed. */
void dl_rules_def_attrs(const struct dl_rules_loader *ld, const struct yaml_node_s *seq,
                        const char *name_key, const char *type_key, struct dl_table_def *def);
/** dl_rules_new_def - a zeroed struct dl_table_def in the arena, with
 * format, kind, id and loc set. */
struct dl_table_def *dl_rules_new_def(const struct dl_rules_loader *ld, const char *format,
                                      const char *kind, const char *id, struct dl_loc loc);
/**
 * dl_rules_api_update - what an UpdateTable (DynamoDB API 2012-08-10)
 * written in props changes, read into t and def (ruleset_import.c): its
 * AttributeDefinitions, its ProvisionedThroughput, and as t's global
 * indexes the Create actions of GlobalSecondaryIndexUpdates (the shape
 * of a GlobalSecondaryIndexes entry: CreateGlobalSecondaryIndexAction);
 * Update and Delete actions are passed over. where names it in errors.
 * Returns: DL_OK, or an error when something it reads is only known at
 * run time or malformed.
 */
enum dl_status dl_rules_api_update(const struct dl_rules_loader *ld,
                                   const struct yaml_node_s *props, const char *where,
                                   struct dl_table *t, struct dl_table_def *def);
/**
 * dl_rules_code_table - the table a CreateTable in code defines
 * (ruleset_code.c), appended to ld->imported: text (len bytes) is the
 * request's definition (model/request.h), read with ld->byte_locs as its
 * positions; name (NULL when not fully known) and id as
 * dl_ruleset_code_table() documents them; call is where the definition
 * starts. Returns: DL_OK, or an error saying why the table is not read.
 */
enum dl_status dl_rules_code_table(struct dl_rules_loader *ld, const char *text, size_t len,
                                   const char *name, const char *id, struct dl_loc call);
/**
 * dl_rules_code_update - what an UpdateTable in code changes, as a table
 * (ruleset_code.c) appended to ld->imported, as dl_rules_code_table; base
 * (may be NULL) is the definition of the table it updates, whose billing
 * mode and capacity hold where the UpdateTable sets none, base_certain
 * whether nothing else sets that mode (dl_ruleset_code_update()).
 */
enum dl_status dl_rules_code_update(struct dl_rules_loader *ld, const char *text, size_t len,
                                    const char *name, const char *id, struct dl_loc call,
                                    const struct dl_table_def *base, bool base_certain);
/**
 * dl_rules_from_cloudformation, dl_rules_from_terraform - the tables of a
 * CloudFormation or SAM template (ruleset_cfn.c) and of `terraform show
 * -json` output (ruleset_tf.c), appended to out. A template's function
 * environment variables go to ld->env too (struct dl_env_table), unless
 * the file is read to be linted (ld->all_tables).
 */
enum dl_status dl_rules_from_cloudformation(struct dl_rules_loader *ld,
                                            const struct yaml_node_s *root,
                                            dl_rules_candidates_t *out);
enum dl_status dl_rules_from_terraform(const struct dl_rules_loader *ld,
                                       const struct yaml_node_s *root, dl_rules_candidates_t *out);

/* ---- ruleset_tables.c: the table model of a rules file ---- */

/** dl_rules_table_label - "table 'Orders'", "table matching 'x'", "default table"
 * (in arena, or static). */
const char *dl_rules_table_label(struct dl_arena *arena, const struct dl_table *t);
/**
 * dl_rules_compile_match - pattern (the text of scalar v, a `match:` of a
 * table or wrapper) compiled once per ruleset (dl_rules_regex) into *re;
 * an error points at the offending character when v's text is the
 * pattern verbatim (plain, or quoted on one line without escapes).
 * Returns: DL_OK or DL_ERR_CONFIG.
 */
enum dl_status dl_rules_compile_match(struct dl_rules_loader *ld, const struct yaml_node_s *v,
                                      const char *pattern, struct dl_regex **re);
/** dl_rules_parse_tables - the `tables:` sequence n (or null) into
 * ld->tables; DL_OK or the first DL_ERR_CONFIG. */
enum dl_status dl_rules_parse_tables(struct dl_rules_loader *ld, struct yaml_node_s *n);
/** dl_rules_parse_tables_from - the `tables-from:` entry or sequence n (or
 * null), each file read into ld->imported (dl_rules_import). */
enum dl_status dl_rules_parse_tables_from(struct dl_rules_loader *ld, struct yaml_node_s *n);
/**
 * dl_rules_add_unless_known - append a copy of t to the arena array *arr
 * (*n entries, room for *cap, grown in arena) unless an earlier entry is
 * the same table: the same name, or the same `match` pattern for tables
 * without a name. A later default loses only its default role when it has
 * a name or pattern of its own.
 */
void dl_rules_add_unless_known(struct dl_arena *arena, struct dl_table **arr, size_t *n,
                               size_t *cap, const struct dl_table *t);
/**
 * dl_rules_finish_tables - rs->tables: the tables written in `tables:`,
 * then each imported table whose name, `match` pattern or default role no
 * earlier table has (written definitions win; among imports, the first);
 * rs->env_tables from ld->env. When the definition files describe one
 * table, every `tables:` entry extends it and none is the default, it
 * becomes the default for requests whose name is not known
 * (default_implied).
 */
void dl_rules_finish_tables(struct dl_rules_loader *ld);

#endif
