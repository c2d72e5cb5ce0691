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
 *
 * A helper may also return a map of AttributeValues (`Key UserKey(id)`
 * filling `k["PK"] = S("USER#" + id)`) or a whole request object
 * (`QueryRequest ByUser(id)`): its value is then the JSON text a low-level
 * request body would hold (model/json_request.h reads it back at the
 * call), in the same text form: a value only known at run time is a hole
 * where the value goes, members that may be unseen a hole where members go.
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

/* What a helper returns. */
enum dl_helper_kind {
        DL_HELPER_VALUE = 0, /* a string, or an AttributeValue (attr) */
        DL_HELPER_MAP,       /* a map of AttributeValues (a Key, an Item): value is
                                its JSON object, as a request body writes one */
        DL_HELPER_REQUEST,   /* a whole request object: value is its JSON body */
};

struct dl_helper {
        char *usr;                /* clang's USR of the function: its name across units (heap) */
        char *name;               /* qualified name, for notes (heap) */
        enum dl_helper_kind kind; /* what it returns */
        enum dl_attr_type attr;   /* DL_ATTR_UNKNOWN: returns a string; else an
                                  AttributeValue of this type */
        unsigned param;           /* attr only: 1-based parameter that is the
                                  scalar whole; 0: value is */
        unsigned fill;            /* string only: 1-based parameter (a char
                                  buffer, a std::string by reference) the
                                  function writes value into; 0: it returns
                                  value */
        unsigned bound;           /* fill only: 1-based parameter that bounds
                                  the write (`snprintf(out, n, ...)`: the
                                  caller's size cuts the text); 0: none */
        char *value;              /* the template as text (above), or NULL (heap):
                                  with fill, the function writes that
                                  parameter with text not known (a record
                                  for --verbose: its calls get a hole) */
        struct dl_loc loc;        /* the definition (file on the heap) */
};

struct dl_helper_vec {
        DL_VEC(struct dl_helper) v;
};

/**
 * dl_helper_candidate - may text (len bytes, a source file) define a
 * helper? True when a `return` statement (the text from `return` to its
 * `;`, at most 512 bytes) holds a string literal next to a `+`, or
 * `AttributeValue`, or `strdup(`; or returns one identifier (`return k;`)
 * in a text that spells `AttributeValue` anywhere or names a function
 * returning a request class (`QueryRequest ByUser(`): a map or request
 * helper; or when a C string function of the table (snprintf, sprintf,
 * asprintf, strcpy, strcat, strlcpy, strftime, memcpy...) writes into an
 * identifier declared `char *NAME` or `char NAME[...]` followed by `,` or
 * `)` in the 4,096 bytes before it (a parameter the function fills). A
 * cheap scan (no preprocessing): false means the first pass does not parse
 * the file for helpers.
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
 * dl_helper_encode_map - m as a JSON object of AttributeValues in the text
 * form above (`{"PK":{"S":"USER#<?>"}}`; an entry of unknown type `<?>`, a
 * DYNAMIC map the hole `<?>` whole), on the heap (transfer full); NULL
 * when m is ABSENT.
 */
char *dl_helper_encode_map(const struct dl_attr_map *m);

/**
 * dl_helper_encode_request - r's members as the JSON body of its operation
 * in the text form above: each field set (a DYNAMIC one as a hole), each
 * map, and a hole where members go when r escaped. NULL (nothing is
 * exported) when r holds what a body cannot say here: batch or transaction
 * members, a structure built in objects, a JSON body of its own, a
 * BatchGetItem member's keys. Transfer full.
 */
char *dl_helper_encode_request(const struct dl_request *r);

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
