/* fingerprint.h - stable identities of findings: ddblint's own baseline
 * fingerprint, and GitHub code scanning's primaryLocationLineHash.
 * SPDX-License-Identifier: MIT
 *
 * Ownership: returned strings are (transfer full), free() them; inputs are
 * borrowed.
 */
#ifndef DL_FINDINGS_FINGERPRINT_H
#define DL_FINDINGS_FINGERPRINT_H

#include <stddef.h>

/* Length of a hex SHA-256 fingerprint, without the NUL. */
#define DL_FINGERPRINT_HEX_LEN 64

/**
 * dl_fingerprint_compute - the finding fingerprint stored in baselines and
 * in SARIF partialFingerprints["ddblint/v1"]: lower-case hex SHA-256 over a
 * versioned, length-prefixed encoding of the inputs. No line or column goes
 * in, so edits elsewhere in the file do not change it (semgrep's
 * match-based id, design.md section 9).
 * @param check_id    the check's id.
 * @param rel_path    the file's path relative to the project root ('/'
 *                    separators); an absolute path for files outside it.
 * @param function    enclosing function, or NULL (distinct from "").
 * @param signature   normalized request signature, or NULL.
 * @param occurrence  0 for the first finding with these four inputs in
 *                    output order, 1 for the second, and so on.
 * Returns: DL_FINGERPRINT_HEX_LEN hex digits (transfer full).
 */
char *dl_fingerprint_compute(const char *check_id, const char *rel_path, const char *function,
                             const char *signature, unsigned occurrence);

/**
 * dl_line_hash_fn - receives the primaryLocationLineHash of one line.
 * @param line  1-based line number.
 * @param hash  "hex:count" (borrowed, valid during the call only).
 */
typedef void (*dl_line_hash_fn)(void *data, unsigned line, const char *hash);

/**
 * dl_line_hash_each - compute the primaryLocationLineHash of every line of
 * text as GitHub's codeql-action does (src/fingerprints.ts), so GitHub
 * matches our alerts across commits exactly as it would compute them.
 *
 * The algorithm, in our words: the text is decoded from UTF-8 into UTF-16
 * code units; spaces and tabs are dropped, "\r\n" and "\r" become "\n".
 * A polynomial rolling hash (base 37, 64-bit wrap-around) runs over a
 * window of the 100 following units; a line's hash is the window's value
 * when the window starts at the line's first kept unit. After the text come
 * one end marker (65535) and zeros. The hash prints as unsigned hex without
 * leading zeros, followed by ":n" where n counts how many times that value
 * has occurred so far in the file. A text ending in "\n" has one more
 * (empty) line than it has line breaks, as in codeql-action.
 *
 * @param fn  called once per line, in increasing line order.
 */
void dl_line_hash_each(const char *text, size_t len, dl_line_hash_fn fn, void *data);

/* The line hashes of one file: lines[i] is the hash of line i + 1. */
struct dl_line_hashes {
        char **lines;
        size_t n;
};

/** dl_line_hashes_compute - every line's hash into *out (caller storage;
 * release with dl_line_hashes_fini). */
void dl_line_hashes_compute(struct dl_line_hashes *out, const char *text, size_t len);
/** dl_line_hashes_get - the hash of 1-based line, or NULL (transfer none). */
const char *dl_line_hashes_get(const struct dl_line_hashes *h, unsigned line);
/** dl_line_hashes_fini - free the strings; NULL-safe. */
void dl_line_hashes_fini(struct dl_line_hashes *h);

#endif
