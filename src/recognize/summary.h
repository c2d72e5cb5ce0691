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
#include "../model/helper.h"

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

/* The engine's reading of a call building an AttributeValue: its type
 * (DL_ATTR_UNKNOWN: none) and *arg its scalar argument (a null cursor when
 * none); or *copy set and *arg the AttributeValue it copies. */
typedef enum dl_attr_type (*dl_attr_call_fn)(void *data, CXCursor call, CXCursor *arg, bool *copy);

/**
 * dl_summaries_set_helpers - the helpers the first pass found in other
 * files (v[0..n), sorted by USR: dl_helper_sort; borrowed, must outlive s)
 * and how the engine reads an AttributeValue call (attr_call with data;
 * NULL: no AttributeValue helper is made in this unit).
 */
void dl_summaries_set_helpers(struct dl_summaries *s, const struct dl_helper *v, size_t n,
                              dl_attr_call_fn attr_call, void *data);

/**
 * dl_summaries_attr - the AttributeValue a call of a helper gives
 * (`S(keys::UserPk(id))`: a function of this unit, or of another file the
 * first pass read): its type, and *scalar its scalar text folded at ev
 * (the caller's argument for a helper that passes a parameter through).
 * Returns: DL_ATTR_UNKNOWN (*scalar untouched) when call is no such helper.
 */
enum dl_attr_type dl_summaries_attr(struct dl_summaries *s, struct dl_eval *ev, CXCursor call,
                                    struct dl_value *scalar);

/**
 * dl_summaries_external - the helper the first pass found in another file
 * (dl_summaries_set_helpers) that call's callee is, when the callee has no
 * definition in this unit; NULL otherwise (transfer none).
 */
const struct dl_helper *dl_summaries_external(struct dl_summaries *s, CXCursor call);

/**
 * dl_summaries_export - the helper fn is for other files (model/helper.h):
 * fn a function with external linkage defined in the main file, not
 * virtual, whose returns all give one string template with known text, or
 * one AttributeValue the engine reads (dl_summaries_set_helpers).
 * Returns: true and *out filled (transfer full: dl_helper_fini), or false.
 */
bool dl_summaries_export(struct dl_summaries *s, CXCursor fn, struct dl_helper *out);

/**
 * dl_summaries_unknown_fill - why fn (defined in the main file) gives its
 * callers no text, for --verbose: a string function of the table writes a
 * parameter (a char buffer, a std::string by reference) in its body while
 * the text it leaves there is not known (written on some paths only, or by
 * code ddblint does not follow) and fn is no helper (dl_summaries_export).
 * Returns: true and *out named as a helper with that parameter (1-based)
 * as fill and no value (transfer full: dl_helper_fini), or false.
 */
bool dl_summaries_unknown_fill(struct dl_summaries *s, CXCursor fn, struct dl_helper *out);

#endif
