/* json_request.h - a low-level DynamoDB request body (the JSON that the
 * HTTP API takes with an X-Amz-Target header), given as a template, read
 * into a normalized request.
 * SPDX-License-Identifier: MIT
 *
 * C code that has no SDK posts the JSON body of an operation itself: a
 * string literal, a template built with snprintf/asprintf/concatenation,
 * or text from aws_dynamo's callers. The recognizers (raw requests,
 * aws_dynamo, wrappers) fold that text into a template (model/template.h:
 * known text with per-byte source locations, and holes) and hand it here
 * with the operation; this module fills the request: TableName, IndexName,
 * the five expressions, Statement, Limit, Segment, TotalSegments,
 * ConsistentRead, ScanIndexForward, Select and the other enum members,
 * ExclusiveStartKey and the legacy members (field.def), the maps
 * ExpressionAttributeNames / ExpressionAttributeValues / Key / Item (an
 * AttributeValue's type from its member: {"S": "x"} is type S, value "x"),
 * and batch and transaction members as req->items (RequestItems of
 * BatchGetItem / BatchWriteItem, TransactItems, Statements,
 * TransactStatements). Member names and shapes: the DynamoDB API reference
 * (2012-08-10), and for the 2011-12-05 version its Key {HashKeyElement,
 * RangeKeyElement}, HashKeyValue and RangeKeyCondition.
 *
 * Strings are decoded (JSON escapes \" \\ \/ \b \f \n \r \t \uXXXX, with
 * surrogate pairs) and every decoded byte keeps the source location of the
 * first byte of what it was written as, so an expression finding points
 * inside the C literal.
 *
 * Holes (parts of the body only known at run time) are read with one
 * assumption, the way such bodies are written (`"PK":{"S":"USER#%s"}`,
 * `"Limit":%d`, `"Item":{%s}`): a hole stands for text of the kind its
 * place allows, and the known text after it goes on from there.
 *   - inside a string: a hole in that string (the value becomes a template);
 *   - where a value goes: that value is known only at run time (its member
 *     is DYNAMIC; a number or literal touching a hole is one with it);
 *   - where members or elements may be: any number of them; the object or
 *     array is "open": a member it does not show is unknown, never absent
 *     (at the top level the request is marked escaped, dl_request_mark_
 *     escaped; a map becomes DYNAMIC; a batch container escaped);
 *   - in a member name: a member of unknown name (the object is open).
 * A body that is truncated or malformed keeps what was read before the
 * point where it stops, and every object and array still open there is
 * open as above: nothing is guessed about the rest.
 *
 * Why not jansson (the project's JSON library everywhere else): it parses
 * complete text only, has no notion of a hole in a string or in place of a
 * value or of members, and reports no source position for what it decodes,
 * so a finding could not point inside the literal.
 *
 * Bad input: nesting deeper than DL_JSON_MAX_DEPTH objects and arrays,
 * invalid UTF-8, control characters and invalid escapes inside strings,
 * and anything that is not JSON stop the reading there (a malformed body);
 * the work is linear in the body's size.
 *
 * Ownership: everything is allocated in the arena passed in; the body must
 * outlive the request (its segments' locations are shared).
 */
#ifndef DL_MODEL_JSON_REQUEST_H
#define DL_MODEL_JSON_REQUEST_H

#include "../core/loc.h"
#include "request.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_arena;

/* Deepest nesting of objects and arrays followed (DynamoDB's own limit on
 * an attribute value's nesting is 32 levels, below a request's 4 or 5). */
#define DL_JSON_MAX_DEPTH 256

/* The DynamoDB API version of the body: its target's prefix,
 * DynamoDB_20120810.<Op> or DynamoDB_20111205.<Op>. */
enum dl_api_version {
        DL_API_20120810 = 0,
        DL_API_20111205,
};

/* How far the body could be read. */
struct dl_json_result {
        bool complete;        /* the whole body, with no hole where members or
                                 elements may be */
        bool malformed;       /* stopped at something that is not JSON */
        bool truncated;       /* the text ended inside the body */
        const char *message;  /* why it stopped (arena), or NULL: "expected ':'
                                 after a member name", "nesting deeper than 256" */
        size_t off;           /* where: a byte offset into the body's known
                                 text (holes take no bytes) */
        struct dl_loc loc;    /* its source location, when known */
};

/**
 * dl_json_request_read - read the JSON body of a low-level request into req.
 * @param a     arena for everything the request gains.
 * @param body  the body as a template; borrowed, must outlive req. ABSENT
 *              or DYNAMIC (nothing known): req is marked escaped.
 * @param api   the body's API version; DL_API_20111205 sets
 *              req->api_version and reads its Key, HashKeyValue and
 *              RangeKeyCondition members.
 * @param req   a request initialized with dl_request_init for the
 *              operation of the body's target; its call and function are
 *              the caller's. Members are set as the body shows them (each
 *              value's loc is where its JSON value starts); members the body
 *              may hold but does not show stay as the rules above say.
 * @param out   may be NULL; receives how far the body was read (for a tool
 *              note about a malformed body).
 * Never fails otherwise; bounded in time and stack by the body's size.
 */
void dl_json_request_read(struct dl_arena *a, const struct dl_value *body,
                          enum dl_api_version api, struct dl_request *req,
                          struct dl_json_result *out);

/* What a string says of a low-level request's operation. */
enum dl_target_kind {
        DL_TARGET_NONE = 0, /* not the target: another HTTP header ("Content-Type: ...") */
        DL_TARGET_KNOWN,    /* the operation and API version are known */
        DL_TARGET_UNKNOWN,  /* may be the target, but holes hide which operation */
};

/**
 * dl_target_read - what v says of the operation: a header line
 * `X-Amz-Target: DynamoDB_20120810.Query` (the header name is compared
 * without regard to case, as HTTP does; blanks around the value are
 * skipped), a target `DynamoDB_20120810.Query` / `DynamoDB_20111205.Query`,
 * or an operation name `Query` (model/op.def, exact case).
 * @param v    the string as a template; DYNAMIC or a leading hole: UNKNOWN.
 * @param op   receives the operation when KNOWN.
 * @param api  receives the API version when KNOWN (DL_API_20120810 for a
 *             bare operation name).
 * Returns: NONE for a header line of another name or known text that is no
 * target (an unknown operation name, another service's target); KNOWN;
 * UNKNOWN when holes may hide the operation.
 */
enum dl_target_kind dl_target_read(const struct dl_value *v, enum dl_op *op,
                                   enum dl_api_version *api);

/**
 * dl_api_version_name - "2012-08-10" or "2011-12-05". Static storage.
 */
const char *dl_api_version_name(enum dl_api_version v);

#endif
