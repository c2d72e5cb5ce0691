/* query_missing_key_condition.c - check `query-missing-key-condition`.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: a Query must carry a KeyConditionExpression (or the legacy
 * KeyConditions) that names the partition key with `=`; without one DynamoDB
 * rejects the request at run time with a ValidationException ("Either the
 * KeyConditions or KeyConditionExpression parameter must be specified in the
 * request"; DynamoDB API reference, Query, KeyConditionExpression).
 *
 * Deliberately ignored: a request whose key condition is set from a runtime
 * value (DL_VAL_DYNAMIC), and a request that escapes to code ddblint cannot
 * see (its fields are DYNAMIC, never ABSENT). Only a provably absent key
 * condition is reported.
 */
#include "info.h"

#include "../model/request.h"

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        if (req->op != DL_OP_QUERY || req->escaped)
                return;
        if (req->fields[DL_FIELD_KEY_CONDITION_EXPRESSION].kind != DL_VAL_ABSENT ||
            req->fields[DL_FIELD_KEY_CONDITIONS].kind != DL_VAL_ABSENT)
                return;
        char label[512];
        dl_table_label(req, label, sizeof label);
        dl_report(ctx, &req->call,
                  "Query of %s never sets a KeyConditionExpression; DynamoDB rejects it "
                  "with 'Either the KeyConditions or KeyConditionExpression parameter must "
                  "be specified in the request'; set one naming the partition key, e.g. "
                  "SetKeyConditionExpression(\"PK = :pk\")",
                  label);
}

const struct dl_check dl_check_query_missing_key_condition = {
        .info = &info_query_missing_key_condition,
        .run = run,
};
