/* usage_aws4dd.c - C code in the style of aws4's users (aws4dl.c, its
 * tests, its README) that must typecheck against ddblint's aws4 stubs
 * (tests/stubs.cmake compiles it as C with -fsyntax-only).
 * SPDX-License-Identifier: MIT
 */
#include <aws4/aws4dd.h>

#include <string.h>

static struct aws4_request_spec request_spec = {
        .aws_region = "us-east-1",
        .aws_url = "http://localhost:8000",
        .flags = AWS_SERVICE_DYNAMODB,
};

iwrc query_thread(const char *forum);
iwrc query_thread(const char *forum)
{
        iwrc rc = 0;
        JBL_NODE n;
        struct aws4dd_query *op = 0;
        struct aws4dd_response *resp = 0;
        RCC(rc, finish, aws4dd_query_op(&op, &(struct aws4dd_query_spec) {
                .table_name = "Thread",
                .key_condition_expression = "ForumName = :v1",
                .projection_expression = "Subject, Tags",
                .return_consumed_capacity = AWS4DD_RETURN_CONSUMED_TOTAL,
                .limit = 10,
                .consistent_read = true,
        }));
        RCC(rc, finish, aws4dd_query_value(op, "/ExpressionAttributeValues/:v1", "S", forum));
        RCC(rc, finish, aws4dd_query(&request_spec, op, &resp));
        RCC(rc, finish, jbn_at(resp->data, "/Items/0/Subject/S", &n));
        if (n->type != JBV_STR || strcmp(n->vptr, "x") != 0)
                rc = AWS4_API_REQUEST_ERROR;
finish:
        aws4dd_response_destroy(&resp);
        aws4dd_query_op_destroy(&op);
        return rc;
}

iwrc write_items(IWPOOL *pool, const char *pk_name, const char *ticket);
iwrc write_items(IWPOOL *pool, const char *pk_name, const char *ticket)
{
        iwrc rc = 0;
        const char *upk;
        struct aws4dd_item_update *op = 0;
        struct aws4dd_response *resp = 0;
        struct aws4dd_item_update_spec uspec = {
                .table_name = "aws4dl",
                .update_expression = "SET ticketNumber = ticketNumber + :n",
                .ret = {.values = AWS4DD_RETURN_VALUES_UPDATED_NEW},
        };
        RCB(finish, uspec.condition_expression = iwpool_printf(pool, "attribute_exists(%s)",
                                                               pk_name));
        RCB(finish, upk = iwpool_printf(pool, "/Key/%s", pk_name));
        RCC(rc, finish, aws4dd_item_update_op(&op, &uspec));
        RCC(rc, finish, aws4dd_item_update_value_i64(op, "/ExpressionAttributeValues/:n", 1));
        RCC(rc, finish, aws4dd_item_update_value(op, upk, "S", ticket));
        RCC(rc, finish, aws4dd_item_update(&request_spec, op, &resp));
        /* the batch-write setters take an item-update handle (the real API) */
        RCC(rc, finish, aws4dd_batch_write_value(op, "aws4dl", "/PutRequest/Item/pk", "S", ticket));
finish:
        aws4dd_response_destroy(&resp);
        aws4dd_item_update_op_destroy(&op);
        return rc;
}

iwrc scan_and_raw(void);
iwrc scan_and_raw(void)
{
        iwrc rc = 0;
        struct aws4dd_scan *sop = 0;
        struct aws4dd_response *resp = 0;
        struct aws4dd_batch_write *bw = 0;
        char *out = 0;
        int status = 0;
        rc = aws4dd_scan_op(&sop, &(struct aws4dd_scan_spec) {.table_name = "aws4dl"});
        if (!rc)
                rc = aws4dd_scan(&request_spec, sop, &resp);
        aws4dd_scan_op_destroy(&sop);
        aws4dd_response_destroy(&resp);
        RCC(rc, finish, aws4dd_batch_write_op(&bw, &(struct aws4dd_batch_write_spec) {0}));
        RCC(rc, finish, aws4dd_bach_write(&request_spec, bw, &resp));
        RCC(rc, finish, aws4_request_raw(&request_spec, &(struct aws4_request_payload) {
                .payload = "{}",
                .payload_len = 2,
                .amz_target = "DynamoDB_20120810.ListTables",
        }, &out, &status));
        RCC(rc, finish, aws4dd_table_describe(&request_spec, "Thread", &resp));
finish:
        aws4dd_batch_write_op_destroy(&bw);
        aws4dd_response_destroy(&resp);
        return rc;
}
