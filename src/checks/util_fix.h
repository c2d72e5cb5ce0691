/* util_fix.h - helpers shared by the checks' fixes of low-level requests
 * (issue #26): a JSON body written whole in C string literals, edited in
 * the literal's own spelling (docs/fixes.md).
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CHECKS_UTIL_FIX_H
#define DL_CHECKS_UTIL_FIX_H

#include "../model/request.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_strbuf;

/**
 * dl_fix_body_literal - the JSON body of req (a low-level request, struct
 * dl_request.json_body) when it is written whole, one byte after the
 * other, in the C string literals of one file (concatenated ones too)
 * where it is used: no hole, no macro's or constant's text from elsewhere.
 * Returns: its one segment (text and a location per byte; transfer none),
 * or NULL.
 */
const struct dl_segment *dl_fix_body_literal(const struct dl_request *req);

/**
 * dl_fix_literal_run - are bytes [off, end) of v written where v is used,
 * one after the other on one line: one literal's text, no escape, no
 * macro's or constant's text from elsewhere (struct dl_segment.origin_locs,
 * struct dl_value.origin)? The question of a fix that edits those bytes in
 * place. v must be known whole (no hole) with a location per byte.
 * Returns: true and *at, the first byte's place; false otherwise (also for
 * an empty or out-of-range [off, end)).
 */
bool dl_fix_literal_run(const struct dl_value *v, size_t off, size_t end, struct dl_loc *at);

/** dl_fix_put_c_escaped - append text (NUL-terminated) to sb as an
 * ordinary C string literal spells it: '"' and '\' escaped, nothing else
 * (a caller passes no control character). */
void dl_fix_put_c_escaped(struct dl_strbuf *sb, const char *text);

/**
 * dl_fix_json_deletion - the deletion of bytes [from, to) of body (a
 * dl_fix_body_literal segment) as an edit: the source from byte from's
 * place to past byte to - 1's, on one line, expecting exactly those bytes
 * as an ordinary C literal spells them (dl_fix_put_c_escaped, appended to
 * expect; a byte written otherwise, or a literal's end between them, then
 * fails the expectation in dl_finding_fixes_settle). When they are all
 * the body's bytes on their line, the literal's quotes around them are
 * expected and deleted too (the line then goes).
 * Returns: true and *start, *end_col (on start's line) and expect; false
 * when they are not on one line or a byte is a control character.
 */
bool dl_fix_json_deletion(const struct dl_segment *body, size_t from, size_t to,
                          struct dl_loc *start, unsigned *end_col, struct dl_strbuf *expect);

/**
 * dl_fix_json_names_range - the bytes of body (JSON text) to delete to
 * remove the ExpressionAttributeNames entries whose key strings start at
 * the places keys[0..n) (each a key's location, struct dl_attr.key.loc):
 * one entry with its comma, or, when the names object holds those entries
 * only (total of them), the whole member with its comma.
 * Returns: true and [*from, *to) when the text is that certain: the keys
 * found, one entry or all of them, a string value each, the member not
 * the body's only one; false otherwise.
 */
bool dl_fix_json_names_range(const struct dl_segment *body, const struct dl_loc *keys, size_t n,
                             size_t total, size_t *from, size_t *to);

#endif
