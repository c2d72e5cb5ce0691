/* keys.h - the values a request gives its key attributes: what it writes
 * into them or reads them by (issue #8 item 1).
 * SPDX-License-Identifier: MIT
 *
 * For one request (a batch or transaction member is a request of its own)
 * and the names of the attributes that are keys of its table or of one of
 * the table's indexes (the caller takes them from the rules file), this
 * finds the value of each:
 *
 *   PutItem                  the Item's entry
 *   GetItem, DeleteItem      the Key's entry
 *   ConditionCheck member    the Key's entry
 *   UpdateItem               the Key's entry; for any other attribute the
 *                            UpdateExpression's `SET attr = :v` (the value
 *                            of :v in ExpressionAttributeValues) or
 *                            `REMOVE attr`
 *   Query                    the KeyConditionExpression's `attr = :v`
 *
 * Attribute names in expressions go through ExpressionAttributeNames
 * (`SET #pk = :v`). Facts: DynamoDB API reference (PutItem.Item, Key,
 * UpdateExpression, KeyConditionExpression); an item enters a global
 * secondary index only when it has the index's key attributes (developer
 * guide, "Take advantage of sparse indexes").
 *
 * Nothing is guessed: an attribute whose value the request may set where
 * ddblint cannot see (a map only partly known, an expression with holes, a
 * request that escaped) is DL_KEYV_UNKNOWN, never NOT_SET.
 *
 * Ownership: results borrow from the request (values, names, locations).
 */
#ifndef DL_MODEL_KEYS_H
#define DL_MODEL_KEYS_H

#include "../core/loc.h"
#include "request.h"

#include <stdbool.h>
#include <stddef.h>

enum dl_keyv_state {
        DL_KEYV_UNKNOWN = 0, /* may or may not be written / read by this request */
        DL_KEYV_SET,         /* written (Item, Key, SET) or read by (Key, key condition) */
        DL_KEYV_REMOVED,     /* UpdateExpression REMOVE */
        DL_KEYV_NOT_SET,     /* provably not written or read by this request */
};

enum dl_keyv_source {
        DL_KEYV_NONE = 0,
        DL_KEYV_ITEM,          /* PutItem Item */
        DL_KEYV_KEY,           /* Key */
        DL_KEYV_UPDATE,        /* UpdateExpression SET or REMOVE */
        DL_KEYV_KEY_CONDITION, /* KeyConditionExpression */
};

struct dl_key_value {
        enum dl_keyv_state state;
        enum dl_keyv_source source;
        /* SET: the value's template: KNOWN (maybe with holes), or DYNAMIC
         * when nothing of it is known (a SET from an arithmetic or a
         * function, an AttributeValue built where ddblint cannot see).
         * Other states: ABSENT. */
        struct dl_value value;
        /* SET: where the value was built (the AttributeValue, or the
         * ExpressionAttributeValues entry); REMOVED: the REMOVE's path in
         * the expression; else invalid. */
        struct dl_loc loc;
        /* SET from a map entry: that entry (Item, Key or
         * ExpressionAttributeValues), else NULL. */
        const struct dl_attr *entry;
};

/** dl_keyv_state_str - "unknown", "set", "removed", "not-set". */
const char *dl_keyv_state_str(enum dl_keyv_state s);

/**
 * dl_key_value_get - the value req gives attribute attr (len bytes).
 * @param req  a request normalized by dl_model_normalize (the update and
 *             key condition ASTs are read).
 * @param out  filled; see enum dl_keyv_state.
 * Operations other than those listed at the top of this file give
 * DL_KEYV_UNKNOWN (a Scan reads no key; a container is judged by its
 * members).
 */
void dl_key_value_get(const struct dl_request *req, const char *attr, size_t len,
                      struct dl_key_value *out);

/**
 * dl_key_value_writes - req writes an item: PutItem, UpdateItem (an upsert
 * creates the item), or such a batch or transaction member.
 */
bool dl_key_value_writes(const struct dl_request *req);

#endif
