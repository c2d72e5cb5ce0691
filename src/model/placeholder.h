/* placeholder.h - #name / :value resolution and bookkeeping against a
 * request's ExpressionAttributeNames / ExpressionAttributeValues.
 * SPDX-License-Identifier: MIT
 *
 * Facts (AWS DynamoDB developer guide, "Expression attribute names" and
 * "Expression attribute values"; dynalite validations/index.js): keys
 * match #[0-9A-Za-z_]+ and :[0-9A-Za-z_]+; every key supplied must be used
 * by some expression of the request and every placeholder used must be
 * supplied. A map whose kind is DYNAMIC, an entry whose key is a template,
 * or a request that escaped makes the answer unknown: nothing is missing
 * then. Ownership: everything returned is borrowed from the request.
 */
#ifndef DL_MODEL_PLACEHOLDER_H
#define DL_MODEL_PLACEHOLDER_H

#include "request.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_path_elem;

enum dl_ph_lookup {
        DL_PH_FOUND,   /* the key is supplied (out set)                */
        DL_PH_MISSING, /* provably not supplied                        */
        DL_PH_UNKNOWN, /* the map is partly unknown: cannot tell       */
};

/**
 * dl_placeholder_map - the map a placeholder key refers to: names for
 * "#...", values for ":..." (key[0]); NULL for anything else.
 */
const struct dl_attr_map *dl_placeholder_map(const struct dl_request *req, const char *key);

/**
 * dl_placeholder_find - look key (len bytes, sigil included) up in m.
 * @param out  may be NULL; set to the entry when found.
 * Returns: FOUND, MISSING (m ABSENT, or KNOWN and every key complete and
 * different), or UNKNOWN (m DYNAMIC, or some key only partly known).
 */
enum dl_ph_lookup dl_placeholder_find(const struct dl_attr_map *m, const char *key, size_t len,
                                      const struct dl_attr **out);

/**
 * dl_placeholder_resolve - the attribute name a path element stands for:
 * a bare name itself, an alias its ExpressionAttributeNames value.
 * Returns: true with *name and *len set (borrowed) when known; false for an index,
 * a hole, or an alias whose value is not known.
 */
bool dl_placeholder_resolve(const struct dl_request *req, const struct dl_path_elem *el,
                            const char **name, size_t *len);

/** dl_placeholder_key_valid - key is sigil followed by one or more of
 * [0-9A-Za-z_] (sigil '#' for names, ':' for values). */
bool dl_placeholder_key_valid(const char *key, size_t len, char sigil);

/**
 * dl_placeholder_uses_known - every expression that could use a
 * placeholder is certain: the request did not escape and each expression
 * field is ABSENT or KNOWN without holes, and parsed completely (no
 * syntax error) by dl_model_normalize.
 * Only then can a supplied key be called unused.
 */
bool dl_placeholder_uses_known(const struct dl_request *req);

/**
 * dl_placeholder_is_used - some parsed expression of req references key
 * (len bytes, sigil included).
 */
bool dl_placeholder_is_used(const struct dl_request *req, const char *key, size_t len);

#endif
