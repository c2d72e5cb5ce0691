/* request_in_loop.c - check `request-in-loop`.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: one GetItem, PutItem or DeleteItem per element of a
 * list is N sequential round trips (each a network latency, each billed
 * its own read or write unit rounding) where one BatchGetItem of up to
 * 100 keys or one BatchWriteItem of up to 25 puts and deletes would do,
 * or, when the items share a partition key, one Query of the item
 * collection: the application-side join single-table design exists to
 * avoid (Amazon DynamoDB Developer Guide, "Best practices for modeling
 * relational data", "Batch operations").
 * Reported (a note): a GetItem, PutItem or DeleteItem sent in a loop over
 * the elements of a container (model/response.h DL_LOOP_ELEMENTS) whose
 * key, or the request given to the call, is built from the element.
 * Deliberately ignored: UpdateItem (no batch form: BatchWriteItem only
 * puts and deletes), a PutItem or DeleteItem with a ConditionExpression
 * or ReturnValues (BatchWriteItem takes neither), a loop up to a constant
 * (retries, a Query or read per write shard: scatter-gather is the cure
 * for hot keys, not a mistake), while and do loops (pagination, retries,
 * polling), a key that does not come from the element, asynchronous and
 * callable calls (concurrent, not sequential), and batch calls (a loop
 * that chunks into batches is the fix).
 */
#include "info.h"

#include "../model/request.h"

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        const struct dl_response *resp = &req->response;
        if (req->member || req->call_kind != DL_CALL_PLAIN || resp->loop != DL_LOOP_ELEMENTS ||
            !resp->key_from_element)
                return;
        const char *instead;
        if (req->op == DL_OP_GET_ITEM) {
                instead = "one BatchGetItem (up to 100 keys a call), or one Query when the items "
                          "share a partition key";
        } else if (req->op == DL_OP_PUT_ITEM || req->op == DL_OP_DELETE_ITEM) {
                if (req->fields[DL_FIELD_CONDITION_EXPRESSION].kind != DL_VAL_ABSENT ||
                    req->fields[DL_FIELD_RETURN_VALUES].kind != DL_VAL_ABSENT ||
                    req->fields[DL_FIELD_EXPECTED].kind != DL_VAL_ABSENT)
                        return;
                instead = "one BatchWriteItem (up to 25 puts and deletes a call)";
        } else {
                return;
        }
        char label[512];
        dl_report(ctx, &req->call,
                  "%s of %s once per element of the loop: one round trip each, where %s would "
                  "serve",
                  dl_op_name(req->op), dl_table_label(req, label, sizeof label), instead);
}

const struct dl_check dl_check_request_in_loop = {
        .info = &info_request_in_loop,
        .run = run,
};
