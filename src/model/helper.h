/* helper.h - key-building helpers known across translation units: what a
 * function of the project returns (a string template, or an AttributeValue
 * of a type with its scalar), found by the first pass in the file that
 * defines it and applied at its calls in every other file
 * (docs/architecture.md, "Function summaries" and "Inferred wrappers").
 * SPDX-License-Identifier: MIT
 *
 * A helper is model data: the returned template, or the one the function
 * writes into a parameter (`user_pk(char *out, size_t n, const char *id)`
 * printing `"USER#%s"`), each string parameter it puts in whole standing
 * for the caller's argument (`USER#<$3>`: the third argument, folded where
 * the caller stands) and anything else a hole, or, for a
 * function returning an AttributeValue, its type and either such a
 * template or the parameter passed through whole as its scalar
 * (`S(s)` returning `AttributeValue().SetS(s)` is type S, parameter 1: the
 * caller's argument is folded where the caller stands). Shapes of holes
 * are not kept (a plain hole stands for any text: wider, never wrong).
 *
 * The template travels as text (job_wire, the result cache's key): its
 * known bytes with '\\' and '<' escaped by a '\\', "<?>" for a hole and
 * "<$N>" for parameter N (struct dl_hole.param).
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
        unsigned fill;          /* string only: 1-based parameter (a char
                                  buffer, a std::string by reference) the
                                  function writes value into; 0: it returns
                                  value */
        unsigned bound;         /* fill only: 1-based parameter that bounds
                                  the write (`snprintf(out, n, ...)`: the
                                  caller's size cuts the text); 0: none */
        char *value;            /* the template as text (above), or NULL (heap):
                                  with fill, the function writes that
                                  parameter with text not known (a record
                                  for --verbose: its calls get a hole) */
        struct dl_loc loc;      /* the definition (file on the heap) */
};

struct dl_helper_vec {
        DL_VEC(struct dl_helper) v;
};

/**
 * dl_helper_candidate - may text (len bytes, a source file) define a
 * helper? True when a `return` statement (the text from `return` to its
 * `;`, at most 512 bytes) holds a string literal next to a `+`, or
 * `AttributeValue`, or `strdup(`; or when a C string function of the
 * table (snprintf, sprintf, asprintf, strcpy, strcat, strlcpy, strftime,
 * memcpy...) writes into an identifier declared `char *NAME` or `char
 * NAME[...]` followed by `,` or `)` in the 4,096 bytes before it (a
 * parameter the function fills). A cheap scan (no preprocessing): false means the
 * first pass does not parse the file for helpers.
 */
bool dl_helper_candidate(const char *text, size_t len);

/**
 * dl_helper_encode - v (KNOWN) as the text form above, on the heap
 * (transfer full); NULL when v is not KNOWN or has no known text.
 */
char *dl_helper_encode(const struct dl_value *v);

/* Appends to t what the caller passes as parameter n (1-based). */
typedef void (*dl_helper_param_fn)(void *data, struct dl_tmpl *t, unsigned n);

/**
 * dl_helper_append - append the template text (the form above) to t: its
 * known text located at `at`, its holes without shape, each parameter
 * through param (with data; NULL: a hole).
 */
void dl_helper_append(struct dl_tmpl *t, const char *text, struct dl_loc at,
                      dl_helper_param_fn param, void *data);

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
 * ("ecommerce::keys::UserPk returns USER#<$1>", "user_pk writes USER#<$3>
 * into its argument 1, cut to the size its argument 2 gives": <$N> is the
 * caller's argument N), the form --verbose and the result cache's key use.
 */
void dl_helper_describe(struct dl_strbuf *sb, const struct dl_helper *h);

#endif
