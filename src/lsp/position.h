/* position.h - LSP positions and file URIs against ddblint's locations.
 * SPDX-License-Identifier: MIT
 *
 * ddblint locates a finding by 1-based line and 1-based byte column; LSP's
 * Position is a 0-based line and a 0-based character offset counted in the
 * encoding the server and client agreed on in `initialize`
 * (positionEncoding, LSP 3.17): UTF-16 code units unless the client offers
 * "utf-8" (then bytes). A DocumentUri is a `file:` URI (RFC 8089) whose
 * path is percent-encoded (RFC 3986).
 */
#ifndef DL_LSP_POSITION_H
#define DL_LSP_POSITION_H

#include <stdbool.h>
#include <stddef.h>

/**
 * dl_lsp_character - the LSP character of 1-based byte column col (0 and 1
 * both give 0) on 1-based line of text (len bytes): col - 1 when utf8,
 * else the UTF-16 code units of the line's bytes before it (a 4-byte
 * UTF-8 sequence counts 2, any other sequence or stray byte 1). A column
 * past the line's end counts the bytes beyond it as one unit each; a line
 * past the text's end gives col - 1.
 */
unsigned dl_lsp_character(const char *text, size_t len, unsigned line, unsigned col, bool utf8);

/**
 * dl_lsp_byte_col - the inverse: the 1-based byte column of LSP character
 * ch on 0-based line of text (a character inside a UTF-8 sequence or past
 * the line's end stops at the sequence or at the end of the line).
 */
unsigned dl_lsp_byte_col(const char *text, size_t len, unsigned line, unsigned ch, bool utf8);

/**
 * dl_lsp_offset - the byte offset in text of LSP position (0-based line,
 * character ch), clamped to the line's end and to the text's end: where
 * an incremental change's range starts or ends.
 */
size_t dl_lsp_offset(const char *text, size_t len, unsigned line, unsigned ch, bool utf8);

/**
 * dl_lsp_word_end - the 1-based byte column just after the identifier (or,
 * when none starts there, the one byte) at 1-based line and col of text:
 * the end of a range ddblint did not give.
 */
unsigned dl_lsp_word_end(const char *text, size_t len, unsigned line, unsigned col);

/**
 * dl_lsp_uri_path - the absolute path of a `file:` URI ("file:///a%20b/c.c",
 * "file://localhost/a/c.c"), percent-decoding its path.
 * Returns: (transfer full) the path, or NULL for another scheme, another
 * host, a relative path, a bad or NUL (%00) escape.
 */
char *dl_lsp_uri_path(const char *uri);

/**
 * dl_lsp_path_uri - the `file:` URI of an absolute path, every byte
 * outside RFC 3986's unreserved set and '/' percent-encoded.
 * Returns: (transfer full).
 */
char *dl_lsp_path_uri(const char *path);

#endif
