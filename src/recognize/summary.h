/* summary.h - function summaries: what a function of the project gives its
 * callers (the string it returns, the text it writes into a char buffer or
 * std::string passed to it), found once per function and applied at each
 * call with the call's arguments (docs/architecture.md, "Function
 * summaries").
 * SPDX-License-Identifier: MIT
 *
 * A function has a summary when it is defined in the main file or in a
 * project header (any header that is no system header), is not virtual, has at most
 * DL_SUMMARY_MAX_RETURNS return statements and at most
 * DL_SUMMARY_MAX_CALLS calls in its body. The summary records its returns,
 * the offset of its end and the parameters it never changes (no
 * assignment, increment or address taken; a non-const reference or pointer
 * is not handed on): those are bound to the caller's arguments when the
 * summary is applied (struct dl_eval_bind), every other parameter is a
 * hole. Several returns join to their common value, else a hole.
 *
 * Bounds: summaries applied inside one another at most
 * DL_SUMMARY_MAX_DEPTH deep; a call of a function being applied
 * (recursion) or beyond the depth is a hole. Folding inside a summary
 * counts against the caller's DL_EVAL_MAX_DEPTH.
 *
 * Ownership: the summaries hold body indexes (heap) freed by
 * dl_summaries_free; values live in the arena of the folding's builder.
 */
#ifndef DL_RECOGNIZE_SUMMARY_H
#define DL_RECOGNIZE_SUMMARY_H

#include "../frontend/eval.h"

#define DL_SUMMARY_MAX_DEPTH 4
#define DL_SUMMARY_MAX_RETURNS 8
#define DL_SUMMARY_MAX_CALLS 1024

struct dl_cx;
struct dl_summaries;

/**
 * dl_summaries_new - the summaries of one translation unit, made on demand.
 * @param cx  the unit (borrowed; must outlive the summaries).
 * Returns: the table (transfer full: dl_summaries_free).
 */
struct dl_summaries *dl_summaries_new(struct dl_cx *cx);
/** dl_summaries_free - release the table and its body indexes; NULL-safe. */
void dl_summaries_free(struct dl_summaries *s);
/**
 * dl_summaries_hooks - the hooks the folding asks at a call of a function
 * that is not one of its string functions (struct dl_eval.hooks).
 * Returns: hooks living as long as s (transfer none).
 */
const struct dl_eval_hooks *dl_summaries_hooks(struct dl_summaries *s);

#endif
