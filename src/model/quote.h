/* quote.h - user text (expression tokens, placeholders, attribute and table
 * names, paths) rendered for a finding's message.
 * SPDX-License-Identifier: MIT
 *
 * Messages are text: a well-formed UTF-8 character is shown as itself; a
 * byte that is not part of one, and a control character (C0, DEL, C1), as
 * \xHH, one escape per byte. Messages stay short: the rendering of one
 * piece of user text is at most DL_QUOTE_MAX bytes, cut before a character
 * or an escape that would pass it, and "…" is appended when anything was
 * cut (a 3 MB placeholder is not echoed). Every message that quotes user
 * text goes through here. Ownership: nothing is allocated here; results go
 * to the caller's strbuf or buffer.
 */
#ifndef DL_MODEL_QUOTE_H
#define DL_MODEL_QUOTE_H

#include <stdbool.h>
#include <stddef.h>

struct dl_strbuf;

/* Most bytes one piece of user text renders to, before the "…". */
#define DL_QUOTE_MAX 64
/* A buffer that holds any rendering: DL_QUOTE_MAX bytes, "…" and a NUL. */
#define DL_QUOTE_SIZE (DL_QUOTE_MAX + sizeof "\u2026")

/**
 * dl_quote_char_len - the length of the well-formed UTF-8 character that
 * starts at s[i] (RFC 3629: no overlong forms, no surrogates, at most
 * U+10FFFF).
 * Returns: 1 to 4; 0 when s[i] does not start one (or i >= len).
 */
size_t dl_quote_char_len(const char *s, size_t len, size_t i);

/**
 * dl_quote_put - append s (len bytes, need not be NUL-terminated) to sb as
 * message text, truncated (see the top of this file).
 */
void dl_quote_put(struct dl_strbuf *sb, const char *s, size_t len);

/**
 * dl_quote - render s (len bytes) as dl_quote_put does into buf.
 * @param buf  DL_QUOTE_SIZE bytes.
 * Returns: buf, NUL-terminated. s NULL renders as "".
 */
const char *dl_quote(char *buf, const char *s, size_t len);

/** dl_quote_cstr - dl_quote of a NUL-terminated string (NULL is ""). */
const char *dl_quote_cstr(char *buf, const char *s);

/* For printf arguments: DL_QN(s, len) and DL_Q(cstr) render into a
 * compound literal that lives until the end of the enclosing block, so
 * several can appear in one call: dl_report(ctx, loc, "'%s' of '%s'",
 * DL_Q(a), DL_QN(b, n)). */
#define DL_QN(s, len) dl_quote((char[DL_QUOTE_SIZE]){0}, (s), (len))
#define DL_Q(s) dl_quote_cstr((char[DL_QUOTE_SIZE]){0}, (s))

#endif
