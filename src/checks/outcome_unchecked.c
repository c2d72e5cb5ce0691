/* outcome_unchecked.c - check `outcome-unchecked`.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: an AWS SDK for C++ call returns an outcome that holds
 * either a result or an error; "the caller must check whether the outcome
 * of the request was a success before attempting to access the result or
 * the error" (the SDK's aws/core/utils/Outcome.h). GetResult() of a failed
 * outcome is a default-constructed result: no Item, no Items, Count 0, so
 * code that never consults IsSuccess() (or GetError()) turns a throttled,
 * denied or invalid request into "no data" and goes on. The C clients say
 * the same with a NULL result (aws_dynamo) or a status and an unfilled
 * response (aws4dd): reading it without a look at either is a NULL
 * dereference on the first failure. A raw answer over libcurl is the text
 * DynamoDB sent, an error's too (HTTP 400 and a "__type" member: developer
 * guide, "Error handling with DynamoDB"), or nothing when the transfer
 * failed: code that parses it and consults neither curl_easy_perform's
 * CURLcode nor the HTTP status (curl_easy_getinfo) nor "__type" reads a
 * failure as an empty result. Only when nothing in the function consults
 * any of them: a check after the first read still sees the failure.
 * Deliberately ignored: an outcome or result that escapes before its first
 * use (returned, stored, handed to a function: it may be checked there;
 * model/response.h), a check on some paths only (it is consulted), and
 * asynchronous, callable and paginator calls (their outcomes arrive
 * elsewhere).
 */
#include "info.h"

#include "../model/request.h"

/* What a failed call's result reads as, by operation. */
static const char *empty_as(enum dl_op op)
{
        switch (op) {
        case DL_OP_GET_ITEM: return "'no such item'";
        case DL_OP_QUERY:
        case DL_OP_SCAN:
        case DL_OP_EXECUTE_STATEMENT: return "'no items'";
        default: return "an empty result";
        }
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        const struct dl_response *resp = &req->response;
        if (!req->member && resp->hidden)
                dl_response_unfollowed(ctx, req);
        if (req->member || !dl_loc_valid(&resp->unchecked_use))
                return;
        struct dl_finding *f;
        if (resp->outcome)
                f = dl_report(ctx, &resp->unchecked_use,
                              "the result of this %s is used without a look at IsSuccess(): when "
                              "the call fails, GetResult() is an empty result and the error reads "
                              "as %s; check IsSuccess() first and handle GetError()",
                              dl_op_name(req->op), empty_as(req->op));
        else if (resp->http)
                f = dl_report(ctx, &resp->unchecked_use,
                              "the answer of this %s is read without a look at whether the call "
                              "succeeded: neither curl_easy_perform's result nor the HTTP status "
                              "is consulted, so a failed transfer or a DynamoDB error (HTTP 400, "
                              "its \"__type\") reads as %s; check both first",
                              dl_op_name(req->op), empty_as(req->op));
        else
                f = dl_report(ctx, &resp->unchecked_use,
                              "the result of this %s is used without a look at whether the call "
                              "succeeded: when it fails the result is NULL or not filled; check "
                              "the returned status or pointer first",
                              dl_op_name(req->op));
        if (dl_loc_cmp(&resp->unchecked_use, &req->call) != 0)
                dl_report_related(f, &req->call, "the %s is sent here", dl_op_name(req->op));
}

const struct dl_check dl_check_outcome_unchecked = {
        .info = &info_outcome_unchecked,
        .run = run,
};
