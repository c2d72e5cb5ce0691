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

/* Attribute types a key attribute may have (DynamoDB KeySchema
 * AttributeDefinitions: S, N or B; API reference, AttributeDefinition). */
enum dl_key_type { DL_KEY_S, DL_KEY_N, DL_KEY_B };

struct dl_key_attr {
        const char *name;          /* NULL when the key is not declared */
        enum dl_key_type type;
        struct dl_loc loc;
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
        struct dl_loc loc;
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
};

/* One option under a check id in the rules file: scalars only. */
struct dl_check_option {
        const char *key;           /* kebab-case */
        const char *value;         /* the scalar's text */
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

struct dl_ruleset {
        const char *path;          /* the file read, or NULL for built-in defaults */
        int version;               /* 1 */
        bool inherit;              /* `inherit: true`: the nearest rules file
                                      above this one's directory applies beneath */
        struct dl_table *tables;   /* written ones first, then imported ones */
        size_t n_tables;
        struct dl_check_config *checks;
        size_t n_checks;
        struct dl_exclude *exclude;
        size_t n_exclude;
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
 * NULL); NULL when none applies or rs is NULL. (transfer none)
 */
const struct dl_table *dl_schema_table_for(const struct dl_ruleset *rs, const char *name,
                                           size_t len);
/**
 * dl_schema_index - the index named name (len bytes) of t, or NULL.
 */
const struct dl_index *dl_schema_index(const struct dl_table *t, const char *name, size_t len);
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
/** dl_key_type_str - "S", "N" or "B". */
const char *dl_key_type_str(enum dl_key_type t);

#endif
