/* usage_aws_dynamo.c - C code in the style of aws_dynamo's users (its
 * examples and tests, and the v2 calls of the fork aws_dynamoEx) that must
 * typecheck against ddblint's aws_dynamo stub (tests/stubs.cmake).
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE
#include <aws_dynamo.h>
#include <aws_dynamo/aws_dynamo.h>

#include <stdio.h>
#include <string.h>

#define REAL_NAME "realName"
#define TABLE "users"

int get_user(struct aws_handle *aws, const char *user);
int get_user(struct aws_handle *aws, const char *user)
{
        struct aws_dynamo_attribute attributes[] = {
                {.type = AWS_DYNAMO_STRING, .name = REAL_NAME, .name_len = sizeof REAL_NAME - 1},
        };
        char *request = NULL;
        if (asprintf(&request, "{\"TableName\":\"" TABLE "\",\"Key\":{\"HashKeyElement\":"
                               "{\"S\":\"%s\"}},\"AttributesToGet\":[\"" REAL_NAME "\"]}",
                     user) == -1)
                return -1;
        struct aws_dynamo_get_item_response *r =
                aws_dynamo_get_item(aws, request, attributes, 1);
        free(request);
        if (r == NULL || r->item.attributes == NULL)
                return -1;
        printf("%s\n", r->item.attributes[0].value.string);
        aws_dynamo_free_get_item_response(r);
        return 0;
}

int v2_query(struct aws_handle *aws);
int v2_query(struct aws_handle *aws)
{
        const char *request = "{\"TableName\":\"tdssp_bss\",\"IndexName\":\"bssid_index\","
                              "\"KeyConditionExpression\":\"bssid = :b\","
                              "\"ExpressionAttributeValues\":{\":b\":{\"S\":\"0011\"}}}";
        int len;
        if (aws_dynamo_layer1_request(aws, AWS_DYNAMO_V2_QUERY, request) == -1)
                return -1;
        printf("%s\n", aws_dynamo_layer1_get_response(aws, &len));
        struct aws_dynamo_v2_scan_response *s = aws_dynamo_v2_scan(aws, "{\"TableName\":\"t\"}");
        if (s)
                printf("%d %f\n", s->count, s->consumedCapacityScan.capacityUnits);
        aws_dynamo_free_v2_scan_response(s);
        struct aws_dynamo_scan_response *old = aws_dynamo_scan(aws, "{\"TableName\":\"t\"}", NULL, 0);
        aws_dynamo_free_scan_response(old);
        return aws_dynamo_get_errno(aws) == AWS_DYNAMO_CODE_RESOURCE_NOT_FOUND_EXCEPTION;
}

int main(void)
{
        struct aws_handle *aws = aws_init(NULL, NULL);
        aws_dynamo_set_endpoint(aws, "localhost:8000", AWS_DYNAMO_DEFAULT_REGION);
        int rc = get_user(aws, "jdoe") || v2_query(aws);
        aws_deinit(aws);
        return rc;
}
