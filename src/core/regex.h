/* regex.h - PCRE2 (8-bit) behind a small interface; the only file that
 * includes pcre2.h is regex.c.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CORE_REGEX_H
#define DL_CORE_REGEX_H

#include "error.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_regex; /* opaque */

/**
 * dl_regex_compile - compile a PCRE2 pattern (UTF mode off, anchored at both
 * ends when anchored is true, i.e. the whole subject must match).
 * @param out  set to a new regex on success, NULL on failure.
 * Returns: DL_OK, or DL_ERR_CONFIG with err's message naming the pattern
 * error and err->col the 1-based offset in the pattern.
 * Ownership: *out is (transfer full), release with dl_regex_free().
 */
enum dl_status dl_regex_compile(const char *pattern, bool anchored,
                                struct dl_regex **out, struct dl_error *err);
/** dl_regex_match - true when subject (len bytes) matches. */
bool dl_regex_match(const struct dl_regex *re, const char *subject, size_t len);
/** dl_regex_free - NULL-safe. */
void dl_regex_free(struct dl_regex *re);

#endif
