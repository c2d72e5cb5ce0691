/* schema.h - the loaded rules file as plain data: tables, keys, indexes,
 * per-check configuration, and the lookups checks use. No libyaml here:
 * dl_checks links this (library dl_schema) without linking libyaml;
 * rules/ruleset.c (library dl_rules) fills these structs from YAML.
 * SPDX-License-Identifier: MIT
 *
 * Ownership: a struct dl_ruleset owns everything reachable from it
 * (strings, arrays, compiled patterns); dl_ruleset_free() releases it all.
 * A ruleset made by dl_ruleset_merge() borrows from the two it merges.
 * Every struct dl_loc here points at the file that defined the item: the
 * rules file, or a template or JSON file its `tables-from:` imports, with
 * the 1-based line and column of the node when known (0 for JSON).
 */
#ifndef DL_RULES_SCHEMA_H
#define DL_RULES_SCHEMA_H

#include "../core/error.h"
#include "../core/loc.h"
#include "../core/severity.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_regex;
struct dl_helper;

/* Attribute types a key attribute may have (DynamoDB KeySchema
 * AttributeDefinitions: S, N or B; API reference, AttributeDefinition). */
enum dl_key_type { DL_KEY_S, DL_KEY_N, DL_KEY_B };

struct dl_key_attr {
        const char *name;          /* NULL when the key is not declared */
        enum dl_key_type type;
        struct dl_loc loc;
        /* a definition file's key whose AttributeDefinitions entry is
         * missing or computed: type says nothing (attribute-definitions-
         * mismatch reports a missing one) */
        bool untyped;
};

enum dl_index_kind { DL_INDEX_GLOBAL, DL_INDEX_LOCAL };

/* Index projection (API reference, Projection.ProjectionType). */
enum dl_projection_kind { DL_PROJ_ALL, DL_PROJ_KEYS_ONLY, DL_PROJ_INCLUDE };

struct dl_index {
        const char *name;
        enum dl_index_kind kind;
        struct dl_key_attr partition_key; /* an LSI's is the table's */
        struct dl_key_attr sort_key;      /* name NULL when none */
        enum dl_projection_kind projection;
        const char **non_key_attributes;  /* for INCLUDE */
        size_t n_non_key_attributes;
        /* A sparse index (`sparse: {values: [...]}`): the values its
         * partition key takes while an item belongs in the index; an item
         * leaves it by losing the attribute (developer guide, "Take
         * advantage of sparse indexes"). */
        bool sparse;
        const char **sparse_values;       /* n_sparse_values >= 1 when sparse */
        size_t n_sparse_values;
        struct dl_loc sparse_loc;
        struct dl_loc loc;
        /* What a table definition file wrote of the index (NULL for the
         * rules file's `tables:`): see struct dl_table_def. */
        const struct dl_index_def *def;
};

/* ---- table definitions as written (templates, describe-table, terraform,
 * CreateTable): what the table checks read (docs/architecture.md, "Tables
 * as code"). Every location is the definition file's line and column of
 * the value, or of the key where a property is or is not written. ---- */

/* A property of a definition: not written, written with a value ddblint
 * reads, or written with a value only known when deployed (a parameter,
 * !If, !FindInMap...: checks stay silent on it). */
enum dl_def_state { DL_DEF_ABSENT = 0, DL_DEF_KNOWN, DL_DEF_UNKNOWN };

struct dl_def_num {
        enum dl_def_state state;
        long long value;   /* KNOWN: the number */
        struct dl_loc loc; /* of the value */
};

/* Provisioned capacity of a table or global index: ProvisionedThroughput
 * (CloudFormation, describe-table with non-zero units, CreateTable),
 * read_capacity/write_capacity (terraform, when non-zero). */
struct dl_capacity {
        enum dl_def_state state; /* is ProvisionedThroughput written? */
        struct dl_loc key_loc;   /* of its key */
        struct dl_def_num read, write;
        /* MaxCapacity of the scaling target that scales the writes
         * (AWS::ApplicationAutoScaling::ScalableTarget,
         * aws_appautoscaling_target), ABSENT when none does */
        struct dl_def_num max_write;
};

/* One AttributeDefinitions entry (terraform: an `attribute` block). */
struct dl_def_attr {
        const char *name;
        const char *type;  /* as written ("S"), or NULL when computed */
        struct dl_loc loc; /* of its AttributeName value */
};

struct dl_index_def {
        struct dl_capacity capacity;
        /* an LSI's HASH key as its KeySchema writes it (name NULL when
         * not written); struct dl_index.partition_key is the table's */
        struct dl_key_attr own_partition_key;
        struct dl_loc non_key_loc; /* of NonKeyAttributes' key, or none */
};

enum dl_billing { DL_BILLING_PROVISIONED, DL_BILLING_PAY_PER_REQUEST, DL_BILLING_UNKNOWN };

struct dl_table_def {
        const char *format;      /* "cloudformation", "describe-table",
                                      "terraform", or "code" (CreateTable) */
        const char *kind;        /* "AWS::DynamoDB::Table", ...,
                                      "aws_dynamodb_table", "CreateTable" */
        const char *id;          /* logical id, resource address or table
                                      name: names the table in messages */
        struct dl_loc loc;       /* where the definition starts */
        enum dl_billing billing; /* what applies (the default when absent) */
        enum dl_def_state billing_written;
        struct dl_loc billing_loc; /* of BillingMode's value, when written */
        struct dl_capacity capacity;
        /* AttributeDefinitions (state UNKNOWN: computed, or an entry is) */
        enum dl_def_state attrs_state;
        struct dl_def_attr *attrs;
        size_t n_attrs;
        struct dl_loc attrs_loc; /* of its key */
        /* every key attribute the KeySchemas of the table and its indexes
         * name, in order (a global index may have up to 4 partition and 4
         * sort key attributes: API reference, CreateGlobalSecondaryIndex-
         * Action): type NULL when no AttributeDefinitions entry types it */
        struct dl_def_attr *keys;
        size_t n_keys;
        struct dl_loc gsi_loc, lsi_loc; /* of the index lists' keys, or none */
        bool indexes_unknown;           /* an index list computed by a function */
        /* an UpdateTable in code (kind "UpdateTable"): what it changes, not
         * a whole table. Its indexes are those it creates, its
         * AttributeDefinitions and capacity its own (the capacity, and
         * billing when it writes none, are the updated table's when its
         * definition is known); a member it leaves out is unchanged, never
         * missing */
        bool update;
        /* an UpdateTable that writes no BillingMode: its billing is the
         * updated table's, and nothing else in the translation unit may
         * set it first (cli/code_tables.c): that table's definition (a
         * definition file or the unit's one CreateTable of it) is known,
         * and no other UpdateTable of it, or of a table named at run time,
         * writes BillingMode or has members ddblint cannot see */
        bool billing_certain;
};

struct dl_table {
        const char *name;          /* exact table name, or NULL */
        const char *match;         /* PCRE2 pattern source, or NULL */
        struct dl_regex *match_re; /* compiled, anchored; NULL when no match
                                      (owned by the ruleset, shared by tables
                                      with the same pattern) */
        bool is_default;           /* for requests whose table name is only
                                      known at run time */
        struct dl_key_attr partition_key;
        struct dl_key_attr sort_key;      /* name NULL when none */
        struct dl_index *indexes;
        size_t n_indexes;
        struct dl_loc loc;         /* in the rules file, or in the template or
                                      JSON file it was imported from */
        /* the definition as written when the table comes from a definition
         * file or a CreateTable; NULL for `tables:` */
        const struct dl_table_def *def;
        /* made the default because it is the only table the definition
         * files describe (docs/architecture.md, "Tables as code"): it
         * serves only requests whose name is not known at all, or whose
         * known text could spell its name */
        bool default_implied;
        /* a `tables:` entry that writes `indexes:`, even an empty list:
         * the table's whole list of indexes (docs/rules-file.md) */
        bool indexes_listed;
};

/* One place a template sets an environment variable of a function
 * (`Environment: Variables:` of an AWS::Serverless::Function or
 * AWS::Lambda::Function, or SAM's Globals): the code reads the table's
 * name there (getenv("TABLE_NAME"), docs/architecture.md "Tables as
 * code"). */
struct dl_env_table {
        const char *variable;
        /* the table the value names (!Ref of its logical id, or its name
         * written out), or NULL: a value that names none of the template's
         * tables (a parameter, an ARN, another string) */
        const struct dl_table_def *def;
        const char *table_name; /* that table's written name, or NULL */
        struct dl_loc loc;      /* of the value */
};

/* A check option's value as written: a scalar, a sequence or a mapping
 * (bounded in depth and size as the whole rules file is). */
enum dl_opt_kind { DL_OPT_NULL, DL_OPT_SCALAR, DL_OPT_SEQUENCE, DL_OPT_MAPPING };

struct dl_opt_node {
        enum dl_opt_kind kind;
        const char *text;             /* SCALAR: the text (no NUL inside) */
        size_t n;                     /* SEQUENCE: items; MAPPING: pairs */
        struct dl_opt_node *items;    /* SEQUENCE: the items; MAPPING: the values */
        const char **keys;            /* MAPPING: the keys (unique) */
        struct dl_loc *key_locs;      /* MAPPING: where each key is written */
        struct dl_loc loc;            /* where the node starts */
        unsigned verbatim_col;        /* SCALAR: the column of its first character
                                         when its text is written verbatim on one
                                         line (plain, or quoted without escapes);
                                         0 otherwise (errors inside it then point
                                         at the node) */
};

/* One option under a check id in the rules file. */
struct dl_check_option {
        const char *key;           /* kebab-case */
        const char *value;         /* a scalar's text ("" for null); NULL when
                                      the value is a sequence or a mapping */
        struct dl_opt_node node;   /* the value as written */
        struct dl_loc loc;         /* of the value (for bad-value errors) */
        struct dl_loc key_loc;     /* of the key (for unknown-option errors) */
};

struct dl_check_config {
        const char *id;
        bool has_enabled, enabled;
        bool has_severity;
        enum dl_severity severity;
        struct dl_check_option *options;
        size_t n_options;
        struct dl_loc loc;
};

/* One `exclude:` pattern: a gitignore-style glob (docs/rules-file.md)
 * matched against paths relative to base. */
struct dl_exclude {
        const char *pattern;
        const char *base;          /* absolute directory of the rules file */
        struct dl_loc loc;
};

/* What an argument of a declared wrapper holds (docs/rules-file.md,
 * `wrappers:`): a member of the request it sends, its whole low-level JSON
 * body, or a request object of a client library. */
enum dl_wrapper_role {
        DL_ROLE_TABLE,
        DL_ROLE_INDEX,
        DL_ROLE_KEY_CONDITION,
        DL_ROLE_FILTER,
        DL_ROLE_PROJECTION,
        DL_ROLE_UPDATE,
        DL_ROLE_CONDITION,
        DL_ROLE_NAMES,
        DL_ROLE_VALUES,
        DL_ROLE_ITEM,
        DL_ROLE_KEY,
        DL_ROLE_JSON_BODY,
        DL_ROLE_CONSISTENT_READ,
        DL_ROLE_LIMIT,
        DL_ROLE_REQUEST,
};

/** dl_wrapper_role_name - the rules file's spelling ("key-condition"). */
const char *dl_wrapper_role_name(enum dl_wrapper_role r);

struct dl_wrapper_arg {
        unsigned argument; /* 1-based */
        enum dl_wrapper_role role;
        struct dl_loc loc; /* of the entry in the rules file */
};

/* One entry of `wrappers:`: a project's own function that sends a request. */
struct dl_wrapper {
        const char *match;           /* PCRE2 pattern on the qualified name */
        struct dl_regex *match_re;   /* compiled, anchored at both ends */
        const char *operation;       /* DynamoDB's operation name ("GetItem"), or NULL
                                      when operation_argument holds it */
        unsigned operation_argument; /* 1-based; 0 when operation is given */
        struct dl_wrapper_arg *args;
        size_t n_args;
        struct dl_loc loc; /* of the entry in the rules file */
        /* calls matched so far in this run (atomic; for the --verbose note
         * about a pattern that matches nothing) */
        unsigned long *calls;
        /* found by ddblint, not declared (recognize/infer.h): match names
         * one function literally, loc is its definition */
        bool inferred;
};

/* One entry of `access-patterns:` (docs/rules-file.md): an access pattern
 * the code is meant to serve. operation, table and the key shapes may be
 * NULL (any). */
struct dl_access_pattern {
        const char *name;
        /* DynamoDB's operation ("Query"), or an IAM action a member needs
         * ("PutItem") */
        const char *operation;
        const char *table;
        const char *index;           /* NULL: the table itself, not an index */
        const char *partition_key;   /* shape: "= USER#<?>" (operator, value) */
        const char *sort_key;        /* shape: "begins_with ORDER#" */
        struct dl_loc loc;           /* of the entry in the rules file */
        struct dl_loc operation_loc; /* of its operation, for errors */
};

struct dl_ruleset {
        const char *path;          /* the file read, or NULL for built-in defaults */
        int version;               /* 1 */
        bool inherit;              /* `inherit: true`: the nearest rules file
                                      above this one's directory applies beneath */
        struct dl_table *tables;   /* written ones first, then imported ones */
        size_t n_tables;
        /* the environment variables the imported templates' functions set,
         * each place once, in file order (the child's first after a merge) */
        struct dl_env_table *env_tables;
        size_t n_env_tables;
        struct dl_check_config *checks;
        size_t n_checks;
        struct dl_exclude *exclude;
        size_t n_exclude;
        struct dl_wrapper *wrappers; /* written ones first, then the parent's */
        size_t n_wrappers;
        /* the key-building helpers the first pass found in the run's files
         * (model/helper.h), sorted by USR: never written, appended by the
         * driver (cli/infer_pass.h) */
        const struct dl_helper *helpers;
        size_t n_helpers;
        /* `access-patterns:`, written ones first, then the parent's */
        struct dl_access_pattern *access_patterns;
        size_t n_access_patterns;
        /* Every file this ruleset was read from, in order of precedence:
         * the rules file, the table definitions it imports, then (after
         * dl_ruleset_merge) the parent's. Paths as they were opened. */
        const char **sources;
        size_t n_sources;
        void *priv;                /* owned storage; ruleset.c's business */
};

/**
 * dl_schema_table_for - the table description for a request.
 * @param name  the table name when known at analysis time (len bytes), or
 *              NULL when it is only known at run time.
 * Returns: the table whose `name` equals name, else the first whose `match`
 * pattern matches it, else the `default: true` table (also when name is
 * NULL; a default implied by a single-table template only when name is
 * NULL); NULL when none applies or rs is NULL. (transfer none)
 */
const struct dl_table *dl_schema_table_for(const struct dl_ruleset *rs, const char *name,
                                           size_t len);
/**
 * dl_schema_table_for_env - the table whose name a function reads from
 * environment variable `variable` (NUL-terminated): every place the
 * templates set it names the same table (struct dl_env_table), and rs
 * describes that table.
 * @param why  when NULL is returned and why is not NULL: the reason
 *             (static text, for a --verbose note).
 * Returns: the table (transfer none), or NULL: no template sets the
 * variable, one sets it to something that is not a table of it, two name
 * different tables, or the table is not described.
 */
const struct dl_table *dl_schema_table_for_env(const struct dl_ruleset *rs, const char *variable,
                                               const char **why);
/**
 * dl_schema_index - the index named name (len bytes) of t, or NULL.
 */
const struct dl_index *dl_schema_index(const struct dl_table *t, const char *name, size_t len);
/**
 * dl_schema_indexes_known - does t list every secondary index of its table,
 * so that an index name it lacks is known not to exist? True for a table
 * of a definition file (template, describe-table, terraform) whose index
 * lists are written out, and for a rules file's `tables:` entry that lists
 * at least one index (its `indexes:` describes the table's indexes,
 * docs/rules-file.md; `indexes: []` says it has none). False for an entry
 * without `indexes:` (nothing said of its indexes), an index list computed
 * by a function, and a CreateTable in code (an UpdateTable may add indexes
 * later).
 * @param why  when false and not NULL, set to the reason (static text, for
 *             a --verbose note).
 */
bool dl_schema_indexes_known(const struct dl_table *t, const char **why);
/**
 * dl_schema_check_config - the `checks:` entry for id, or NULL. (transfer none)
 */
const struct dl_check_config *dl_schema_check_config(const struct dl_ruleset *rs,
                                                     const char *id);
/**
 * dl_check_config_int - typed getter for an integer option.
 * @param cfg  may be NULL (then *out = def).
 * Returns: DL_OK with *out set (def when the key is absent), or
 * DL_ERR_CONFIG with err at the option's rules-file line and column when the
 * value is not a decimal integer.
 */
enum dl_status dl_check_config_int(const struct dl_check_config *cfg, const char *key,
                                   long def, long *out, struct dl_error *err);
/** dl_check_config_bool - like dl_check_config_int for true/false. */
enum dl_status dl_check_config_bool(const struct dl_check_config *cfg, const char *key,
                                    bool def, bool *out, struct dl_error *err);
/* A compiled PCRE2 pattern from the rules file, with where it is written. */
struct dl_pattern {
        const char *source;        /* borrowed from the ruleset */
        struct dl_regex *re;       /* owned by the list */
        struct dl_loc loc;
};

struct dl_pattern_list {
        struct dl_pattern *items;  /* heap */
        size_t n;
};

/** dl_pattern_list_fini - free every compiled pattern and the array; NULL-safe. */
void dl_pattern_list_fini(struct dl_pattern_list *l);

/* How a pattern is compiled (core/regex.h). */
enum dl_pattern_anchor {
        DL_PATTERN_SEARCH,  /* found anywhere unless the pattern anchors itself */
        DL_PATTERN_WHOLE,   /* anchored at both ends */
        DL_PATTERN_SUFFIX,  /* anchored at the end of the subject */
};

/**
 * dl_opt_pattern - compile the scalar n as a PCRE2 pattern.
 * @param what  names the key in messages ("'allow' of check 'x'").
 * Returns: DL_OK with *out (transfer full, dl_regex_free); DL_ERR_CONFIG
 * when n is not a non-empty string ("expected a PCRE2 pattern for ...") or
 * does not compile: PCRE2's message and offset, located at the offending
 * character when the pattern is written verbatim on one line, else at n.
 */
enum dl_status dl_opt_pattern(const struct dl_opt_node *n, const char *what,
                              enum dl_pattern_anchor anchor, struct dl_regex **out,
                              struct dl_error *err);

/**
 * dl_opt_string - the non-empty scalar n (borrowed), or DL_ERR_CONFIG at n:
 * "expected a non-empty string for <what>, got <kind>".
 */
enum dl_status dl_opt_string(const struct dl_opt_node *n, const char *what, const char **out,
                             struct dl_error *err);

/**
 * dl_opt_fields - check that mapping n has only the keys allowed[0..k)
 * and put each value in slots[i] (NULL when absent).
 * @param where  ends the messages: "in an entry of 'keys' of check 'x'".
 * Returns: DL_OK; DL_ERR_CONFIG when n is not a mapping ("expected a
 * mapping <where>, got ...") or has another key ("unknown key 'x' <where>;
 * expected one of: a, b"), at the offending node.
 */
enum dl_status dl_opt_fields(const struct dl_opt_node *n, const char *where,
                             const char *const *allowed, size_t k,
                             const struct dl_opt_node **slots, struct dl_error *err);

/**
 * dl_check_config_patterns - the option key of cfg as a list of PCRE2
 * patterns: a sequence of strings (a single string is a list of one).
 * @param cfg  may be NULL (then the list is empty).
 * Returns: DL_OK with *out filled (empty when the option is absent or
 * null; dl_pattern_list_fini frees it); DL_ERR_CONFIG at the offending
 * item otherwise (see dl_opt_pattern), *out then empty.
 */
enum dl_status dl_check_config_patterns(const struct dl_check_config *cfg, const char *key,
                                        enum dl_pattern_anchor anchor,
                                        struct dl_pattern_list *out, struct dl_error *err);

/**
 * dl_check_config_node - the value of option key of cfg as written, or
 * NULL when cfg is NULL or has no such option. (transfer none)
 */
const struct dl_opt_node *dl_check_config_node(const struct dl_check_config *cfg,
                                               const char *key);

/** dl_opt_kind_name - "a scalar", "a sequence", "a mapping", "null". */
const char *dl_opt_kind_name(enum dl_opt_kind k);

/** dl_key_type_str - "S", "N" or "B". */
const char *dl_key_type_str(enum dl_key_type t);

#endif
