/* config.h - which rules apply to each file, as clang-tidy finds
 * .clang-tidy: the nearest .ddblint.yaml from the file's directory
 * upwards; a file that says `inherit: true` lies over the nearest one
 * above its own directory (and so on up); --rules FILE applies to every
 * file instead; --tables-from files lie beneath every rules file
 * (docs/rules-file.md, "Which rules file").
 * SPDX-License-Identifier: MIT
 *
 * Rules files are read once each, on first use, and every distinct
 * effective ruleset gets a small index, so that the driver configures the
 * checks once per ruleset rather than per file.
 */
#ifndef DL_CLI_CONFIG_H
#define DL_CLI_CONFIG_H

#include "../core/error.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_ruleset;
struct dl_config; /* opaque */

struct dl_config_opts {
        const char *rules_path;              /* --rules FILE, or NULL */
        const char *const *tables_from;      /* --tables-from FILE..., borrowed */
        size_t n_tables_from;
        const char *const *check_ids;        /* the catalogue's ids, borrowed */
        size_t n_check_ids;
        /* A real path: a rules file's `tables-from:` files lie under it
         * (dl_ruleset_load_within); NULL: no bound. */
        const char *project_root;
};

/**
 * dl_config_new - a configuration; --rules and --tables-from files are
 * read now.
 * Returns: DL_OK, or the loader's error (file:line:col). *out is NULL on
 * failure.
 * Ownership: *out is (transfer full), release with dl_config_free();
 * opts' arrays must outlive it.
 */
enum dl_status dl_config_new(const struct dl_config_opts *opts, struct dl_config **out,
                             struct dl_error *err);

/**
 * dl_config_for - the rules for a file or directory: for a directory, the
 * rules of the files directly in it.
 * @param path    relative to the current directory or absolute.
 * @param is_dir  path is a directory.
 * @param index   receives the ruleset's index (dl_config_at); may be NULL.
 * Returns: DL_OK with *out set (transfer none, lives as long as c), or the
 * error of a rules file met on the way (it stops the run).
 */
enum dl_status dl_config_for(struct dl_config *c, const char *path, bool is_dir,
                             const struct dl_ruleset **out, size_t *index, struct dl_error *err);

/** dl_config_count - how many distinct rulesets dl_config_for has returned. */
size_t dl_config_count(const struct dl_config *c);
/** dl_config_at - the ruleset of index i < dl_config_count() (transfer none). */
const struct dl_ruleset *dl_config_at(const struct dl_config *c, size_t i);

/** dl_config_free - release every ruleset; NULL-safe. */
void dl_config_free(struct dl_config *c);

#endif
