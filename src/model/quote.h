/* quote.h - user text (expression tokens, placeholders, attribute and table
 * names, paths) rendered for a finding's message.
 * SPDX-License-Identifier: MIT
 *
 * Messages are text: a well-formed UTF-8 character is shown as itself; a
 * byte that is not part of one, and a control character (C0, DEL, C1), as
 * \xHH, one escape per byte. Ownership: nothing is allocated here; results
 * go to the caller's strbuf or buffer.
 */
#ifndef DL_MODEL_QUOTE_H
#define DL_MODEL_QUOTE_H

#include <stdbool.h>
#include <stddef.h>

struct dl_strbuf;

/**
 * dl_quote_char_len - the length of the well-formed UTF-8 character that
 * starts at s[i] (RFC 3629: no overlong forms, no surrogates, at most
 * U+10FFFF).
 * Returns: 1 to 4; 0 when s[i] does not start one (or i >= len).
 */
size_t dl_quote_char_len(const char *s, size_t len, size_t i);

/**
 * dl_quote_put - append s (len bytes, need not be NUL-terminated) to sb as
 * message text (see the top of this file).
 */
void dl_quote_put(struct dl_strbuf *sb, const char *s, size_t len);

#endif
