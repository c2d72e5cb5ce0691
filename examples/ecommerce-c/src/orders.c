/* orders.c - placing, listing and shipping orders: the transaction as a
 * low-level JSON request over libcurl (aws4dd has no TransactWriteItems),
 * the rest through aws4dd. Ids are [0-9A-Z] ULIDs and dates ISO 8601, so
 * they go into JSON strings without escaping. */
#define _GNU_SOURCE
#include "store.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The Puts of the order's items, each preceded by a comma; NULL on failure. */
static char *item_puts(const struct order *o)
{
        char *all = strdup("");
        for (size_t i = 0; all && i < o->n_items; i++) {
                const struct order_item *it = &o->items[i];
                char *more = NULL;
                if (asprintf(&more,
                             "%s,{\"Put\":{\"TableName\":\"" TABLE_NAME "\",\"Item\":{"
                             "\"PK\":{\"S\":\"USER#%s\"},\"SK\":{\"S\":\"ORDER#%s#ITEM#%s\"},"
                             "\"ProductId\":{\"S\":\"%s\"},\"Quantity\":{\"N\":\"%d\"},"
                             "\"PriceCents\":{\"N\":\"%" PRId64 "\"}}}}",
                             all, o->user_id, o->id, it->id, it->product_id, it->quantity,
                             it->price_cents) < 0)
                        more = NULL;
                free(all);
                all = more;
        }
        return all;
}

int place_order(struct store *s, const struct order *o)
{
        /* One transaction: the user must exist, the order id must be new,
         * and the order and its items appear together or not at all (at
         * most 100 actions: 98 items). Only unshipped orders carry the GSI1
         * keys (sparse index). */
        if (o->n_items == 0 || o->n_items > 98) {
                fprintf(stderr, "place_order(%s): an order needs 1 to 98 items\n", o->id);
                return -1;
        }
        char *items = item_puts(o);
        char *body = NULL;
        if (!items ||
            asprintf(&body,
                     "{\"TransactItems\":["
                     "{\"ConditionCheck\":{\"TableName\":\"" TABLE_NAME "\",\"Key\":{"
                     "\"PK\":{\"S\":\"USER#%s\"},\"SK\":{\"S\":\"METADATA\"}},"
                     "\"ConditionExpression\":\"attribute_exists(PK)\"}},"
                     "{\"Put\":{\"TableName\":\"" TABLE_NAME "\",\"Item\":{"
                     "\"PK\":{\"S\":\"USER#%s\"},\"SK\":{\"S\":\"ORDER#%s\"},"
                     "\"Status\":{\"S\":\"PLACED\"},\"OrderDate\":{\"S\":\"%s\"},"
                     "\"OrderDay\":{\"S\":\"%.10s\"},\"TotalCents\":{\"N\":\"%" PRId64 "\"},"
                     "\"GSI1PK\":{\"S\":\"" UNSHIPPED "\"},\"GSI1SK\":{\"S\":\"%s\"}},"
                     "\"ConditionExpression\":\"attribute_not_exists(PK)\"}}"
                     "%s],"
                     "\"ClientRequestToken\":\"place-%s\"}",
                     o->user_id, o->user_id, o->id, o->order_date, o->order_date,
                     o->total_cents, o->order_date, items, o->id) < 0) {
                free(items);
                return -1;
        }
        free(items);

        CURL *curl = ddb_open(s);
        struct curl_slist *headers = NULL;
        struct ddb_answer answer = {0};
        headers = curl_slist_append(headers, "Content-Type: application/x-amz-json-1.0");
        headers = curl_slist_append(headers, "X-Amz-Target: DynamoDB_20120810.TransactWriteItems");
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer);
        CURLcode rc = curl_easy_perform(curl);
        int ret = ddb_check(curl, rc, &answer, "place_order");
        free(answer.data);
        curl_slist_free_all(headers);
        curl_easy_cleanup(curl);
        free(body);
        return ret;
}

int list_unshipped_orders(struct store *s, uint32_t limit, const char *start_key_json,
                          struct aws4dd_response **page)
{
        /* GSI1 holds unshipped orders only; its sort key is the order date,
         * so the default ascending order gives the oldest first. */
        iwrc rc = 0;
        struct aws4dd_query *op = 0;
        RCC(rc, finish, aws4dd_query_op(&op, &(struct aws4dd_query_spec) {
                .table_name = TABLE_NAME,
                .index_name = UNSHIPPED_INDEX,
                .key_condition_expression = "GSI1PK = :unshipped",
                .exclusive_start_key_json = start_key_json,
                .limit = limit,
        }));
        RCC(rc, finish, aws4dd_query_value(op, "/ExpressionAttributeValues/:unshipped", "S",
                                           UNSHIPPED));
        RCC(rc, finish, aws4dd_query(&s->aws, op, page));
finish:
        aws4dd_query_op_destroy(&op);
        return rc ? -1 : 0;
}

int list_late_orders_unkeyed(struct store *s, const char *cutoff, const char *start_key_json,
                             struct aws4dd_response **page)
{
        /* MISTAKE (ddblint: query-missing-key-condition, filter-on-key-attribute):
         * the key condition went into filter_expression. DynamoDB rejects a
         * Query without a KeyConditionExpression, and a filter on the
         * index's key attributes; list_late_orders below is the fix. */
        iwrc rc = 0;
        struct aws4dd_query *op = 0;
        RCC(rc, finish, aws4dd_query_op(&op, &(struct aws4dd_query_spec) {
                .table_name = TABLE_NAME,
                .index_name = UNSHIPPED_INDEX,
                .filter_expression = "GSI1PK = :unshipped AND GSI1SK < :cutoff",
                .exclusive_start_key_json = start_key_json,
        }));
        RCC(rc, finish, aws4dd_query_value(op, "/ExpressionAttributeValues/:unshipped", "S",
                                           UNSHIPPED));
        RCC(rc, finish, aws4dd_query_value(op, "/ExpressionAttributeValues/:cutoff", "S", cutoff));
        RCC(rc, finish, aws4dd_query(&s->aws, op, page));
finish:
        aws4dd_query_op_destroy(&op);
        return rc ? -1 : 0;
}

int list_late_orders(struct store *s, const char *cutoff, const char *start_key_json,
                     struct aws4dd_response **page)
{
        /* Unshipped orders placed before the cutoff: both conditions are on
         * GSI1's key, so they belong in the key condition. */
        iwrc rc = 0;
        struct aws4dd_query *op = 0;
        RCC(rc, finish, aws4dd_query_op(&op, &(struct aws4dd_query_spec) {
                .table_name = TABLE_NAME,
                .index_name = UNSHIPPED_INDEX,
                .key_condition_expression = "GSI1PK = :unshipped AND GSI1SK < :cutoff",
                .exclusive_start_key_json = start_key_json,
        }));
        RCC(rc, finish, aws4dd_query_value(op, "/ExpressionAttributeValues/:unshipped", "S",
                                           UNSHIPPED));
        RCC(rc, finish, aws4dd_query_value(op, "/ExpressionAttributeValues/:cutoff", "S", cutoff));
        RCC(rc, finish, aws4dd_query(&s->aws, op, page));
finish:
        aws4dd_query_op_destroy(&op);
        return rc ? -1 : 0;
}

int mark_shipped_unaliased(struct store *s, const char *user_id, const char *order_id)
{
        /* MISTAKE (ddblint: reserved-word): Status is a DynamoDB reserved
         * word; DynamoDB rejects both expressions. mark_shipped below is the
         * fix (#status with an ExpressionAttributeNames entry). */
        iwrc rc = 0;
        char pk[128], sk[128];
        struct aws4dd_item_update *op = 0;
        struct aws4dd_response *resp = 0;
        RCC(rc, finish, aws4dd_item_update_op(&op, &(struct aws4dd_item_update_spec) {
                .table_name = TABLE_NAME,
                .update_expression = "SET Status = :shipped REMOVE GSI1PK, GSI1SK",
                .condition_expression = "Status = :placed",
        }));
        RCC(rc, finish, aws4dd_item_update_value(op, "/Key/PK", "S", user_pk(pk, sizeof pk, user_id)));
        RCC(rc, finish, aws4dd_item_update_value(op, "/Key/SK", "S", order_sk(sk, sizeof sk, order_id)));
        RCC(rc, finish, aws4dd_item_update_value(op, "/ExpressionAttributeValues/:shipped", "S",
                                                 "SHIPPED"));
        RCC(rc, finish, aws4dd_item_update_value(op, "/ExpressionAttributeValues/:placed", "S",
                                                 "PLACED"));
        RCC(rc, finish, aws4dd_item_update(&s->aws, op, &resp));
finish:
        aws4dd_response_destroy(&resp);
        aws4dd_item_update_op_destroy(&op);
        return rc ? -1 : 0;
}

int mark_shipped(struct store *s, const char *user_id, const char *order_id,
                 const char *carrier)
{
        /* Sets Status to SHIPPED when the order is PLACED, and removes GSI1PK
         * and GSI1SK, which takes the order out of the sparse index. */
        iwrc rc = 0;
        char pk[128], sk[128];
        struct aws4dd_item_update *op = 0;
        struct aws4dd_response *resp = 0;
        RCC(rc, finish, aws4dd_item_update_op(&op, &(struct aws4dd_item_update_spec) {
                .table_name = TABLE_NAME,
                .update_expression = "SET #status = :shipped, Carrier = :carrier REMOVE GSI1PK, GSI1SK",
                .condition_expression = "#status = :placed",
        }));
        RCC(rc, finish, aws4dd_item_update_expression_attr_name(op, "#status", "Status"));
        RCC(rc, finish, aws4dd_item_update_value(op, "/Key/PK", "S", user_pk(pk, sizeof pk, user_id)));
        RCC(rc, finish, aws4dd_item_update_value(op, "/Key/SK", "S", order_sk(sk, sizeof sk, order_id)));
        RCC(rc, finish, aws4dd_item_update_value(op, "/ExpressionAttributeValues/:shipped", "S",
                                                 "SHIPPED"));
        RCC(rc, finish, aws4dd_item_update_value(op, "/ExpressionAttributeValues/:placed", "S",
                                                 "PLACED"));
        RCC(rc, finish, aws4dd_item_update_value(op, "/ExpressionAttributeValues/:carrier", "S",
                                                 carrier));
        RCC(rc, finish, aws4dd_item_update(&s->aws, op, &resp));
        if (resp->status_code != 200) {
                fprintf(stderr, "mark_shipped(%s): HTTP %d\n", order_id, resp->status_code);
                rc = AWS4_API_REQUEST_ERROR;
        }
finish:
        aws4dd_response_destroy(&resp);
        aws4dd_item_update_op_destroy(&op);
        return rc ? -1 : 0;
}
