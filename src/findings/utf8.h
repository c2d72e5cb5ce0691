/* utf8.h - decoding UTF-8 source text into Unicode scalar values and
 * UTF-16 code units, the unit SARIF's "utf16CodeUnits" columns and GitHub's
 * line hash count in.
 * SPDX-License-Identifier: MIT
 *
 * Invalid input never fails: each maximal ill-formed subsequence decodes to
 * one U+FFFD, as the WHATWG decoder (and so Node.js, which computes GitHub's
 * line hashes) does.
 */
#ifndef DL_FINDINGS_UTF8_H
#define DL_FINDINGS_UTF8_H

#include <stddef.h>
#include <stdint.h>

/**
 * dl_utf8_next - decode one code point of s[i..len).
 * @param cp  receives the code point (U+FFFD for ill-formed input).
 * Returns: the number of bytes consumed (at least 1 when i < len).
 */
size_t dl_utf8_next(const char *s, size_t len, size_t i, uint32_t *cp);

/**
 * dl_utf16_column - convert a 1-based byte column within one line into a
 * 1-based UTF-16 code unit column.
 * @param line      the line's bytes (need not be NUL-terminated).
 * @param line_len  number of bytes in the line, without its line break.
 * @param byte_col  1-based byte column; 0 (unknown) returns 0; a column
 *                  past the end counts the excess bytes as one unit each.
 */
unsigned dl_utf16_column(const char *line, size_t line_len, unsigned byte_col);

/**
 * dl_text_line - find line number `line` (1-based) in text.
 * @param start  receives the offset of its first byte.
 * @param n      receives its length without "\n" or "\r\n".
 * Returns: 1 when the line exists, 0 otherwise.
 */
int dl_text_line(const char *text, size_t len, unsigned line, size_t *start, size_t *n);

#endif
