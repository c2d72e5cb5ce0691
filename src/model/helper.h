/* helper.h - key-building helpers known across translation units: what a
 * function of the project returns (a string template, or an AttributeValue
 * of a type with its scalar), found by the first pass in the file that
 * defines it and applied at its calls in every other file
 * (docs/architecture.md, "Function summaries" and "Inferred wrappers").
 * SPDX-License-Identifier: MIT
 *
 * A helper is model data: the returned template with every parameter a
 * hole (`UserPk(id)` returning `"USER#" + id` is `USER#<?>`), or, for a
 * function returning an AttributeValue, its type and either such a
 * template or the parameter passed through whole as its scalar
 * (`S(s)` returning `AttributeValue().SetS(s)` is type S, parameter 1: the
 * caller's argument is folded where the caller stands). Shapes of holes
 * are not kept (a plain hole stands for any text: wider, never wrong).
 *
 * The template travels as text (job_wire, the result cache's key): its
 * known bytes with '\\' and '<' escaped by a '\\', and "<?>" for a hole.
 */
#ifndef DL_MODEL_HELPER_H
#define DL_MODEL_HELPER_H

#include "../core/loc.h"
#include "../core/strbuf.h"
#include "../core/vec.h"
#include "request.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_arena;
struct dl_tmpl;

struct dl_helper {
        char *usr;              /* clang's USR of the function: its name across units (heap) */
        char *name;             /* qualified name, for notes (heap) */
        enum dl_attr_type attr; /* DL_ATTR_UNKNOWN: returns a string; else an
                                  AttributeValue of this type */
        unsigned param;         /* attr only: 1-based parameter that is the
                                  scalar whole; 0: value is */
        char *value;            /* the template as text (above), or NULL (heap) */
        struct dl_loc loc;      /* the definition (file on the heap) */
};

struct dl_helper_vec {
        DL_VEC(struct dl_helper) v;
};

/**
 * dl_helper_candidate - may text (len bytes, a source file) define a
 * helper? True when a `return` statement (the text from `return` to its
 * `;`, at most 512 bytes) holds a string literal next to a `+`, or
 * `AttributeValue`. A cheap scan (no preprocessing): false means the first
 * pass does not parse the file for helpers.
 */
bool dl_helper_candidate(const char *text, size_t len);

/**
 * dl_helper_encode - v (KNOWN) as the text form above, on the heap
 * (transfer full); NULL when v is not KNOWN or has no known text.
 */
char *dl_helper_encode(const struct dl_value *v);

/**
 * dl_helper_append - append the template text (the form above) to t: its
 * known text located at `at`, its holes without shape.
 */
void dl_helper_append(struct dl_tmpl *t, const char *text, struct dl_loc at);

/** dl_helper_fini - free h's strings; NULL-safe. */
void dl_helper_fini(struct dl_helper *h);
/** dl_helper_vec_fini - free every helper and the vector; NULL-safe. */
void dl_helper_vec_fini(struct dl_helper_vec *v);

/**
 * dl_helper_sort - sort by USR, then drop duplicates: a USR found twice with
 * different summaries (two programs of the run defining one function
 * differently) is dropped whole. Output does not depend on the order of
 * files. Returns: the number of USRs dropped for disagreeing.
 */
size_t dl_helper_sort(struct dl_helper_vec *v);

/**
 * dl_helper_find - the helper of USR usr in v[0..n) sorted by
 * dl_helper_sort, or NULL (transfer none).
 */
const struct dl_helper *dl_helper_find(const struct dl_helper *v, size_t n, const char *usr);

/**
 * dl_helper_describe - append one line naming h and what it gives
 * ("ecommerce::keys::UserPk returns USER#<?>"), the form --verbose and the
 * result cache's key use.
 */
void dl_helper_describe(struct dl_strbuf *sb, const struct dl_helper *h);

#endif
