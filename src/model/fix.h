/* fix.h - a fix a check proposes, as data: which member of a request to
 * set to what, or which entry to add to one of its maps. The check never
 * spells it in a client library's API; the request's recognizer does
 * (struct dl_request.spell_fix), so a C++ user reads
 * `SetKeyConditionExpression("PK = :pk")` and a user of raw JSON requests
 * reads `"KeyConditionExpression": "PK = :pk"` (docs/architecture.md,
 * "Adding a recognizer").
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_MODEL_FIX_H
#define DL_MODEL_FIX_H

#include "request.h"

struct dl_strbuf;

enum dl_fix_kind {
        DL_FIX_SET_FIELD,  /* set field to value */
        DL_FIX_ADD_ENTRY,  /* add key -> value to map */
};

struct dl_fix {
        enum dl_fix_kind kind;
        enum dl_field field;     /* DL_FIX_SET_FIELD */
        enum dl_map map;         /* DL_FIX_ADD_ENTRY */
        const char *key;         /* DL_FIX_ADD_ENTRY: "#n", ":v", an attribute name */
        /* The value as text, unquoted: a string member's text ("PK = :pk"),
         * "true", "25", an attribute name; a part the check cannot know is
         * written in angle brackets ("<attribute name>"). NULL for a value
         * of map values: then type says what kind of AttributeValue. */
        const char *value;
        enum dl_attr_type type;  /* DL_FIX_ADD_ENTRY to values; may be UNKNOWN */
        /* Spelled as a whole statement on the request's variable
         * (`q.AddExpressionAttributeNames("#n", "name");`,
         * `aws4dd_query_expression_attr_name(op, "#n", "name");`), for an
         * edit of the source; a recognizer whose API has no such statement
         * appends nothing. */
        bool statement;
};

/**
 * dl_fix_spell - append fix as the request's client API writes it: the
 * recognizer's spelling (req->spell_fix) when the request has one, else
 * DynamoDB's own JSON member (`"ConsistentRead": true`,
 * `"ExpressionAttributeNames": {"#n": "<attribute name>"}`). With
 * fix->statement, the statement on the request's variable, or nothing when
 * the request has no variable or its API no such statement (JSON: none).
 */
void dl_fix_spell(struct dl_strbuf *sb, const struct dl_request *req, const struct dl_fix *fix);

/**
 * dl_fix_spell_json - DynamoDB's JSON spelling of fix (the member of the
 * low-level API request body), the default of dl_fix_spell.
 */
void dl_fix_spell_json(struct dl_strbuf *sb, const struct dl_fix *fix);

#endif
