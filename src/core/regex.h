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
/** dl_regex_match - true when subject (len bytes) matches (bounded as
 * dl_regex_search; a limit reached is no match). */
bool dl_regex_match(const struct dl_regex *re, const char *subject, size_t len);

/* Bounds on one match, so that a pattern that backtracks without end on a
 * user's value cannot hang the run (PCRE2 match and depth limits; PCRE2's
 * own defaults are 10,000,000 each). */
#define DL_REGEX_MATCH_LIMIT 100000u
#define DL_REGEX_DEPTH_LIMIT 10000u

enum dl_regex_result {
        DL_REGEX_NO_MATCH = 0,
        DL_REGEX_MATCH,
        DL_REGEX_PARTIAL, /* only with partial: the subject is a prefix of a match */
        DL_REGEX_LIMIT,   /* a bound was reached: the caller counts it as no match */
};

/**
 * dl_regex_search - match re against subject (len bytes), within
 * DL_REGEX_MATCH_LIMIT and DL_REGEX_DEPTH_LIMIT.
 * @param partial  PCRE2's soft partial matching: a complete match is
 *                 preferred, else DL_REGEX_PARTIAL when the end of the
 *                 subject was reached while a match was still possible
 *                 ("COUNTRY#" against ^COUNTRY#[A-Z]{2}$).
 * Returns: the outcome (see enum dl_regex_result).
 */
enum dl_regex_result dl_regex_search(const struct dl_regex *re, const char *subject, size_t len,
                                     bool partial);

/** dl_regex_compile_end - like dl_regex_compile, anchored at the end of the
 * subject only (a suffix pattern: PCRE2_ENDANCHORED). */
enum dl_status dl_regex_compile_end(const char *pattern, struct dl_regex **out,
                                    struct dl_error *err);
/** dl_regex_free - NULL-safe. */
void dl_regex_free(struct dl_regex *re);

#endif
