/* literal.h - decoding one C or C++ string-literal token as spelled in the
 * source into its bytes, with the source location of every byte.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_FRONTEND_LITERAL_H
#define DL_FRONTEND_LITERAL_H

#include "../core/loc.h"
#include "../core/strbuf.h"

#include <stdbool.h>
#include <stddef.h>

/**
 * dl_eval_decode_literal - decode one string-literal token as spelled in
 * the source (prefix, quotes, escapes, raw delimiters, ud-suffix).
 * @param tok    the token's bytes, n of them.
 * @param start  location of the token's first byte.
 * @param text   receives the decoded bytes (may include NUL).
 * @param locs   when not NULL, receives one location per decoded byte:
 *               escapes map to their backslash, line splices and raw
 *               newlines advance the line.
 * Returns: true when tok is a string literal; false (nothing appended)
 * for anything else, including a malformed literal.
 */
bool dl_eval_decode_literal(const char *tok, size_t n, struct dl_loc start,
                            struct dl_strbuf *text, struct dl_loc_vec *locs);

#endif
