/* ruleset.h - read and validate a rules file (.ddblint.yaml) into a
 * struct dl_ruleset (rules/schema.h).
 * SPDX-License-Identifier: MIT
 *
 * This is the only module that includes yaml.h. It parses the whole file,
 * validates every key before returning, and either hands back a complete
 * ruleset or nothing at all: a rules file is never used half-way.
 *
 * Ownership: a struct dl_ruleset returned here owns everything reachable
 * from it (strings, arrays, compiled patterns), kept in an arena behind
 * rs->priv; dl_ruleset_free() releases it all. Callers never free parts.
 *
 * Positions: every error and every struct dl_loc in the ruleset names the
 * rules file (the path given, or the name given to the _string variant)
 * with a 1-based line and a 1-based column. Columns count characters as
 * libyaml does, which equals bytes for the ASCII text rules files hold.
 * The format is documented key by key in docs/rules-file.md.
 */
#ifndef DL_RULES_RULESET_H
#define DL_RULES_RULESET_H

#include "../core/error.h"
#include "schema.h"

#include <stddef.h>

/* The file name dl_ruleset_find() looks for. */
#define DL_RULESET_FILE_NAME ".ddblint.yaml"

/**
 * dl_ruleset_load - read, parse and validate the rules file at path.
 * @param path         the file to read; it is also the file name of every
 *                     location in the result and in err.
 * @param check_ids    the catalogue's check ids; a `checks:` key that is not
 *                     one of them is an error. NULL (with n_check_ids 0)
 *                     skips that validation, for tools without a catalogue.
 * @param n_check_ids  number of entries in check_ids.
 * @param out          set to the new ruleset on success, NULL on failure.
 * @param err          may be NULL; on failure holds one message with
 *                     err->file, err->line and err->col (1-based) of the
 *                     offending YAML node, so dl_error_format() gives
 *                     "file:line:col: message".
 * An empty file, or one holding only comments, gives the defaults (as
 * dl_ruleset_new_default(), with path set). Files named by `tables-from:`
 * are read now, relative to path's directory; their errors name them.
 * Returns: DL_OK; DL_ERR_IO when the file cannot be read (err has the
 * file only); DL_ERR_PARSE for a YAML syntax error or a file that is not
 * UTF-8 text (libyaml's problem and position); DL_ERR_CONFIG for
 * well-formed YAML that is not a valid rules file (unknown or duplicate
 * key, wrong type, bad value, unknown check id, bad pattern, version not 1,
 * nesting deeper than 64 levels, more than 1,000,000 nodes once aliases are
 * expanded); an unknown key or word names the closest allowed one ("did
 * you mean").
 * Ownership: *out is (transfer full), release with dl_ruleset_free().
 */
enum dl_status dl_ruleset_load(const char *path, const char *const *check_ids,
                               size_t n_check_ids, struct dl_ruleset **out,
                               struct dl_error *err);

/**
 * dl_ruleset_load_within - dl_ruleset_load of a rules file from the tree:
 * a file its `tables-from:` names is read only when it is a regular file
 * whose real path lies under root (the project root, a real path; NULL:
 * any regular file), at most 64 MiB (DL_RULES_MAX_TABLES_BYTES); otherwise
 * DL_ERR_IO with err at the entry's line and column ("'tables-from' names
 * '/etc/passwd', which is not inside the project root; not read", "cannot
 * read 'big.json' named by 'tables-from': larger than 67108864 bytes...";
 * docs/security.md "The tree's boundary").
 * Returns and Ownership: as dl_ruleset_load().
 */
enum dl_status dl_ruleset_load_within(const char *path, const char *root,
                                      const char *const *check_ids, size_t n_check_ids,
                                      struct dl_ruleset **out, struct dl_error *err);

/**
 * dl_ruleset_load_string - like dl_ruleset_load() on text already in memory
 * (for tests and for rules embedded elsewhere).
 * @param name  the file name used in locations and errors (copied); the
 *              result's path is name.
 * @param text  the YAML text, len bytes (need not be NUL-terminated;
 *              (transfer none), not kept).
 * Returns and Ownership: as dl_ruleset_load(), except that DL_ERR_IO does
 * not occur.
 */
enum dl_status dl_ruleset_load_string(const char *name, const char *text, size_t len,
                                      const char *const *check_ids, size_t n_check_ids,
                                      struct dl_ruleset **out, struct dl_error *err);

/**
 * dl_ruleset_load_tables - the table definitions of one file as a ruleset
 * with nothing else (for --tables-from FILE): the formats `tables-from:`
 * reads (docs/rules-file.md), told apart by content unless format is
 * "cloudformation", "describe-table" or "terraform". A relative path is
 * relative to the current directory. The file is the user's (named on the
 * command line): any file, a pipe too, up to 64 MiB.
 * Returns: DL_OK, DL_ERR_IO (unreadable), DL_ERR_PARSE (not YAML or JSON)
 * or DL_ERR_CONFIG (not table definitions), err naming the file with line
 * and column when known.
 * Ownership: *out is (transfer full), release with dl_ruleset_free().
 */
enum dl_status dl_ruleset_load_tables(const char *path, const char *format,
                                      struct dl_ruleset **out, struct dl_error *err);

/**
 * dl_ruleset_lint_tables - dl_ruleset_load_tables() for linting the file
 * (docs/architecture.md, "Tables as code"): every table of it, each with
 * its definition as written (struct dl_table.def), whatever its name and
 * none a default; a key attribute without an AttributeDefinitions entry
 * is read untyped rather than refused.
 * Returns and Ownership: as dl_ruleset_load_tables().
 */
enum dl_status dl_ruleset_lint_tables(const char *path, const char *format, struct dl_ruleset **out,
                                      struct dl_error *err);

/**
 * dl_ruleset_code_table - the table a CreateTable in code defines, as a
 * ruleset holding that one table (docs/architecture.md, "Tables as code"),
 * its definition's format "code" and kind "CreateTable".
 * @param text  the request's definition (model/request.h, struct
 *              dl_request.definition): CreateTable's input as JSON, len
 *              bytes, a value only known at run time written as a function
 *              call ({"Fn::RunTime": ""}); not kept.
 * @param locs  NULL, or len source locations: byte i is written at locs[i]
 *              (copied; their file names are borrowed and must outlive
 *              *out); with NULL every value is at call.
 * @param name  the table's name when fully known (the table then describes
 *              the requests naming it), else NULL; copied.
 * @param id    names the table in messages and fingerprints; copied.
 * @param call  the client call: where the definition starts, and where a
 *              finding about a missing property sits.
 * Returns: DL_OK with *out (transfer full, dl_ruleset_free()); otherwise
 * DL_ERR_PARSE or DL_ERR_CONFIG when the table is not read whole (a key
 * schema attribute or an index list only known at run time, no HASH key,
 * a bad KeyType...): err says why, at the value, for a --verbose note;
 * *out NULL.
 */
enum dl_status dl_ruleset_code_table(const char *text, size_t len, const struct dl_loc *locs,
                                     const char *name, const char *id, struct dl_loc call,
                                     struct dl_ruleset **out, struct dl_error *err);

/**
 * dl_ruleset_code_update - what an UpdateTable in code changes, as a
 * ruleset holding one table whose definition has format "code", kind
 * "UpdateTable" and update set (rules/schema.h): its AttributeDefinitions,
 * its capacity, and as its global indexes the indexes it creates
 * (GlobalSecondaryIndexUpdates' Create actions). text, locs, name, id and
 * call as for dl_ruleset_code_table().
 * @param base  the definition of the table it updates, or NULL when not
 *              known (borrowed; must outlive *out): when the UpdateTable
 *              writes no BillingMode, the table's billing mode holds, and
 *              its capacity too when the UpdateTable sets none; else the
 *              billing mode is DL_BILLING_UNKNOWN.
 * @param base_certain  nothing but base sets the billing mode the
 *              UpdateTable meets (struct dl_table_def.billing_certain).
 * Returns: as dl_ruleset_code_table().
 */
enum dl_status dl_ruleset_code_update(const char *text, size_t len, const struct dl_loc *locs,
                                      const char *name, const char *id, struct dl_loc call,
                                      const struct dl_table_def *base, bool base_certain,
                                      struct dl_ruleset **out, struct dl_error *err);

/**
 * dl_ruleset_merge - child's rules with parent's beneath them (`inherit:
 * true`, and --tables-from under every rules file): child's settings of a
 * check win key by key (enabled, severity, each option); child's tables
 * come first and hide parent's tables with the same name, or the same
 * `match` pattern, or the default role; exclude patterns of both,
 * parent's first (the last matching one decides, so child's patterns,
 * negations included, override parent's); sources of both, child's first.
 * path and version are child's; inherit is false.
 * Ownership: (transfer full), release with dl_ruleset_free() before child
 * and parent, whose strings and patterns it borrows.
 */
struct dl_ruleset *dl_ruleset_merge(const struct dl_ruleset *child,
                                    const struct dl_ruleset *parent);

/**
 * dl_ruleset_adopt - make rs the owner of take: dl_ruleset_free(rs) frees
 * take too (after rs's own storage). For a merged ruleset that should
 * outlive nobody else's copy of what it borrows. NULL take is ignored.
 */
void dl_ruleset_adopt(struct dl_ruleset *rs, struct dl_ruleset *take);

/**
 * dl_ruleset_new_default - the built-in defaults used when there is no
 * rules file: version 1, no tables, no check configuration, path NULL.
 * Returns: never NULL (aborts on out of memory).
 * Ownership: (transfer full), release with dl_ruleset_free().
 */
struct dl_ruleset *dl_ruleset_new_default(void);

/**
 * dl_ruleset_free - release rs and everything it owns. NULL-safe.
 */
void dl_ruleset_free(struct dl_ruleset *rs);

/**
 * dl_ruleset_find - the nearest DL_RULESET_FILE_NAME from start_dir upwards
 * (start_dir itself first, then each parent up to the file-system root).
 * @param start_dir  directory to start from; NULL means ".".
 * @param out_path   set to the path found, or NULL when there is none. A
 *                   relative start_dir gives a path relative to the current
 *                   directory ("../../.ddblint.yaml"); an absolute one gives
 *                   an absolute path.
 * Returns: DL_OK (also when none is found: *out_path is then NULL);
 * DL_ERR_IO when start_dir cannot be resolved, or when the nearest
 * candidate exists but is not a regular file (err names it).
 * Ownership: *out_path is (transfer full), free() it.
 */
enum dl_status dl_ruleset_find(const char *start_dir, char **out_path, struct dl_error *err);

#endif
