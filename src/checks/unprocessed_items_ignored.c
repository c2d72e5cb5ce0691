/* unprocessed_items_ignored.c - check `unprocessed-items-ignored`.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: BatchWriteItem and BatchGetItem succeed even when
 * DynamoDB processed only part of the batch (throttling, an internal
 * failure): the requests it did not process come back in UnprocessedItems
 * and UnprocessedKeys, to be resent, preferably with exponential backoff
 * (DynamoDB API Reference, BatchWriteItem and BatchGetItem). A
 * BatchExecuteStatement reports each statement's failure in the Error of
 * its entry of Responses (API Reference, BatchExecuteStatement). Code that
 * never reads them loses those writes and reads without an error.
 * Deliberately ignored: a response ddblint could not follow to its end
 * (returned, stored, passed to another function: model/response.h) and
 * asynchronous calls.
 */
#include "info.h"

#include "../model/request.h"

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        const char *what;
        unsigned read;
        if (req->op == DL_OP_BATCH_WRITE_ITEM) {
                what = "UnprocessedItems: the writes DynamoDB did not process are lost";
                read = DL_READ_UNPROCESSED;
        } else if (req->op == DL_OP_BATCH_GET_ITEM) {
                what = "UnprocessedKeys: the items DynamoDB did not read are missing from its "
                       "result";
                read = DL_READ_UNPROCESSED;
        } else if (req->op == DL_OP_BATCH_EXECUTE_STATEMENT) {
                what = "its Responses: a statement that failed (each entry's Error) goes unnoticed";
                read = DL_READ_RESPONSES;
        } else {
                return;
        }
        const struct dl_response *resp = &req->response;
        if (resp->state != DL_RESP_FOLLOWED) {
                dl_response_unfollowed(ctx, req);
                return;
        }
        if ((resp->reads & read))
                return;
        dl_report(ctx, &req->call,
                  "%s succeeds with part of the batch unprocessed, and the code never reads %s",
                  dl_op_name(req->op), what);
}

const struct dl_check dl_check_unprocessed_items_ignored = {
        .info = &info_unprocessed_items_ignored,
        .run = run,
};
