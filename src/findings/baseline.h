/* baseline.h - the baseline file: fingerprints of accepted findings.
 * SPDX-License-Identifier: MIT
 *
 * Format (JSON, written with sorted entries and a trailing newline so the
 * file diffs well in code review):
 *
 *     {
 *       "version": 1,
 *       "tool": "ddblint",
 *       "findings": [
 *         {"fingerprint": "<64 hex digits>", "check": "scan",
 *          "path": "src/report.cpp", "function": "nightly_report",
 *          "message": "..."}
 *       ]
 *     }
 *
 * Only "fingerprint" is used for matching (dl_fingerprint_compute); "check",
 * "path", "function" and "message" are there for humans reviewing the file
 * and are optional when reading.
 *
 * Ownership: struct dl_baseline owns its fingerprints; arguments borrowed.
 */
#ifndef DL_FINDINGS_BASELINE_H
#define DL_FINDINGS_BASELINE_H

#include "../core/error.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_finding;
struct dl_baseline;

/**
 * dl_baseline_load - read a baseline file.
 * @param out  receives the baseline; NULL on failure.
 * Returns: DL_OK; DL_ERR_IO when path cannot be read; DL_ERR_PARSE with
 * path:line:col for a JSON syntax error (jansson's position), or with path
 * and a JSON-path-like description ("findings[3].fingerprint: expected a
 * string of 64 hex digits") when the structure is wrong.
 * Ownership: *out is (transfer full), release with dl_baseline_free().
 */
enum dl_status dl_baseline_load(const char *path, struct dl_baseline **out, struct dl_error *err);

/** dl_baseline_contains - true when fingerprint is listed. */
bool dl_baseline_contains(const struct dl_baseline *b, const char *fingerprint);

/** dl_baseline_size - number of distinct fingerprints listed. */
size_t dl_baseline_size(const struct dl_baseline *b);

/** dl_baseline_free - release b; NULL-safe. */
void dl_baseline_free(struct dl_baseline *b);

/**
 * dl_baseline_save - write the fingerprints of findings[0..n) to path,
 * atomically (temporary file + rename).
 * Each finding must have its fingerprint set (the sink does that). Entries
 * are sorted by path, check, fingerprint; repeated fingerprints are written
 * once. rel_paths[i] is the display path of findings[i] (relative to the
 * project root); NULL uses the finding's own file name.
 * Returns: DL_OK or DL_ERR_IO.
 */
enum dl_status dl_baseline_save(const char *path, const struct dl_finding *const *findings,
                                const char *const *rel_paths, size_t n, struct dl_error *err);

#endif
