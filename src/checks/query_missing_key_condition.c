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
 * value (DL_VAL_DYNAMIC), set on some paths only (the recognizer makes it
 * DYNAMIC), and a request that escapes to code ddblint cannot see (its
 * fields are DYNAMIC, never ABSENT). Only a provably absent key condition is
 * reported.
 */
#include "info.h"
#include "util_expr.h"

#include "../core/strbuf.h"
#include "../model/fix.h"
#include "../model/quote.h"
#include "../model/request.h"
#include "../rules/schema.h"

#include <stdio.h>

/* The partition key the Query must name: the index's when the index is
 * described in the rules file, else the table's; NULL when unknown. */
static const char *partition_key_of(const struct dl_check_ctx *ctx,
                                    const struct dl_request *req)
{
        struct dl_read_keys k;
        return dl_read_keys_get(ctx, req, &k) ? k.hash : NULL;
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        if (req->op != DL_OP_QUERY || req->escaped)
                return;
        if (req->fields[DL_FIELD_KEY_CONDITION_EXPRESSION].kind != DL_VAL_ABSENT ||
            req->fields[DL_FIELD_KEY_CONDITIONS].kind != DL_VAL_ABSENT)
                return;
        char label[512];
        dl_table_label(req, label, sizeof label);
        const char *pk = partition_key_of(ctx, req);
        char kce[256];
        snprintf(kce, sizeof kce, "%s = :pk", pk ? DL_Q(pk) : "PK");
        struct dl_fix fix = {.kind = DL_FIX_SET_FIELD,
                             .field = DL_FIELD_KEY_CONDITION_EXPRESSION,
                             .value = kce};
        struct dl_strbuf example;
        dl_strbuf_init(&example);
        dl_fix_spell(&example, req, &fix);
        const char *filter_hint =
                req->fields[DL_FIELD_FILTER_EXPRESSION].kind != DL_VAL_ABSENT
                        ? "; a FilterExpression does not replace it: conditions on key "
                          "attributes belong in the KeyConditionExpression"
                        : "";
        dl_report(ctx, &req->call,
                  "Query of %s never sets a KeyConditionExpression; DynamoDB rejects it "
                  "with 'Either the KeyConditions or KeyConditionExpression parameter must "
                  "be specified in the request'; set one naming the partition key%s%s, "
                  "e.g. %s%s",
                  label, pk ? " " : "", pk ? DL_Q(pk) : "", dl_strbuf_cstr(&example), filter_hint);
        dl_strbuf_fini(&example);
}

const struct dl_check dl_check_query_missing_key_condition = {
        .info = &info_query_missing_key_condition,
        .run = run,
};
