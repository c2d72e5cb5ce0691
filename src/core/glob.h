/* glob.h - wildcard patterns: gitignore-style path globs (--exclude,
 * `exclude:`, .gitignore) and clang-tidy-style check lists (--checks).
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CORE_GLOB_H
#define DL_CORE_GLOB_H

#include <stdbool.h>
#include <stddef.h>

/**
 * dl_glob_match - does text match pattern? `*` matches any run of
 * characters and `?` any one, `[a-z]`, `[!x]` (or `[^x]`) a class, `\x`
 * the character x. With pathname set, `*`, `?` and classes never match
 * '/', and `**` as a whole path component matches any number of
 * components (gitignore: `**` + "/x", "a/" + `**`, "a/" + `**` + "/b").
 * Both strings are NUL-terminated; matching is by bytes.
 */
bool dl_glob_match(const char *pattern, const char *text, bool pathname);

/**
 * dl_checks_glob_apply - the state of check `id` after a clang-tidy-style
 * list ("-*,scan,reserved-word"): comma-separated globs, spaces around
 * them ignored, each enabling the checks it matches or, with a leading
 * '-', disabling them; later globs win. on is the state before the list.
 */
bool dl_checks_glob_apply(const char *list, const char *id, bool on);

/**
 * dl_checks_glob_unmatched - the first glob of list that matches none of
 * ids[0..n) (a typo: "scna"), copied without its '-'; NULL when each glob
 * matches at least one id. Ownership: (transfer full), free() it.
 */
char *dl_checks_glob_unmatched(const char *list, const char *const *ids, size_t n);

#endif
