/* response.h - the response flow (model/response.h) of one client call,
 * read from the body index the engine already built for the function
 * (docs/architecture.md, "The response flow").
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_RECOGNIZE_RESPONSE_H
#define DL_RECOGNIZE_RESPONSE_H

#include "../frontend/body.h"
#include "../frontend/cx.h"
#include "../model/request.h"

/**
 * dl_response_follow - what the function reads of the response of the
 * client call b->calls.items[call] (a DL_EV_SEND) sent as kind.
 * The response is the call's value when it is an AWS SDK for C++ outcome
 * (a class named *Outcome), a pointer to a C result structure (a struct
 * named *response*: aws_dynamo), or, for a call returning a status, the
 * variables passed by address to a pointer to such a struct (aws4dd's
 * `&resp`). Each is followed through the variables it initializes or is
 * assigned to, within the function only: a member read is classified by
 * its name (IsSuccess, GetResult, GetLastEvaluatedKey, hash_key, a JSON
 * member such as "/LastEvaluatedKey" passed with it to a call); anything
 * else (returned, copied, passed to a function with no JSON member name, a
 * member ddblint does not know) makes it DL_RESP_UNKNOWN. An asynchronous,
 * callable or paginator call, and a call with none of these shapes, is
 * DL_RESP_UNKNOWN. Cost: the references of the variables involved, once.
 * @param out  receives the flow (every member written).
 */
void dl_response_follow(struct dl_cx *cx, const struct dl_body *b, int call, enum dl_call_kind kind,
                        struct dl_response *out);

/**
 * dl_response_loops - the loops around the client call
 * b->calls.items[call] of req, once req is built (its key and its batch
 * members known): sets req->response.loop, key_from_element and
 * unbounded_add (model/response.h) through recognize/loop.h. Cost: the
 * loop statements around the call and around each member's addition (at
 * most 64 members), and the body's calls and references for each; for a C
 * batch, the references of at most 8 variables it is built from (the
 * handle, the CURLOPT_POSTFIELDS buffer, what their initializers name),
 * until the first in a loop over elements.
 */
void dl_response_loops(struct dl_cx *cx, const struct dl_body *b, int call, struct dl_request *req);

#endif
