/* users.c - reading a user's item collection through aws4dd. */
#include "store.h"

#include <stdio.h>
#include <unistd.h>

int get_user_with_orders(struct store *s, const char *user_id, const char *start_key_json,
                         struct aws4dd_response **page)
{
        /* The whole partition: METADATA sorts before ORDER#..., so the
         * profile and every order with its items come back in one Query. */
        iwrc rc = 0;
        char pk[128];
        struct aws4dd_query *op = 0;
        RCC(rc, finish, aws4dd_query_op(&op, &(struct aws4dd_query_spec) {
                .table_name = TABLE_NAME,
                .key_condition_expression = "PK = :pk",
                .exclusive_start_key_json = start_key_json,
        }));
        RCC(rc, finish, aws4dd_query_value(op, "/ExpressionAttributeValues/:pk", "S",
                                           user_pk(pk, sizeof pk, user_id)));
        RCC(rc, finish, aws4dd_query(&s->aws, op, page));
finish:
        aws4dd_query_op_destroy(&op);
        if (rc)
                fprintf(stderr, "get_user_with_orders(%s): error %llu\n", user_id,
                        (unsigned long long)rc);
        return rc ? -1 : 0;
}

int list_orders(struct store *s, const char *user_id, const char *start_key_json,
                struct aws4dd_response **page)
{
        /* Only the order rows and their items: begins_with on the sort key
         * skips the METADATA row. */
        iwrc rc = 0;
        char pk[128];
        struct aws4dd_query *op = 0;
        struct aws4dd_query_spec spec = {
                .table_name = TABLE_NAME,
                .key_condition_expression = "PK = :pk AND begins_with(SK, :order)",
        };
        spec.exclusive_start_key_json = start_key_json;
        RCC(rc, finish, aws4dd_query_op(&op, &spec));
        RCC(rc, finish, aws4dd_query_value(op, "/ExpressionAttributeValues/:pk", "S",
                                           user_pk(pk, sizeof pk, user_id)));
        RCC(rc, finish, aws4dd_query_value(op, "/ExpressionAttributeValues/:order", "S", "ORDER#"));
        RCC(rc, finish, aws4dd_query(&s->aws, op, page));
finish:
        aws4dd_query_op_destroy(&op);
        if (rc)
                fprintf(stderr, "list_orders(%s): error %llu\n", user_id, (unsigned long long)rc);
        return rc ? -1 : 0;
}

int list_orders_first_page(struct store *s, const char *user_id, JBL_NODE *orders)
{
        /* MISTAKE (ddblint: pagination-ignored): the Items of one Query,
         * never its LastEvaluatedKey: past 1 MB of a user's orders the rest
         * are missing. list_orders hands the page and its key to the caller. */
        iwrc rc = 0;
        char pk[128];
        struct aws4dd_query *op = 0;
        struct aws4dd_response *resp = 0;
        RCC(rc, finish, aws4dd_query_op(&op, &(struct aws4dd_query_spec) {
                .table_name = TABLE_NAME,
                .key_condition_expression = "PK = :pk AND begins_with(SK, :order)",
        }));
        RCC(rc, finish, aws4dd_query_value(op, "/ExpressionAttributeValues/:pk", "S",
                                           user_pk(pk, sizeof pk, user_id)));
        RCC(rc, finish, aws4dd_query_value(op, "/ExpressionAttributeValues/:order", "S", "ORDER#"));
        RCC(rc, finish, aws4dd_query(&s->aws, op, &resp));
        RCC(rc, finish, jbn_at(resp->data, "/Items", orders));
finish:
        aws4dd_query_op_destroy(&op);
        return rc ? -1 : 0;
}

int has_orders(struct store *s, const char *user_id)
{
        /* MISTAKE (ddblint: outcome-unchecked): the call's status is
         * dropped, so a failed Query reads as "no orders".
         * has_orders_checked tests it first. */
        char pk[128];
        JBL_NODE count = 0;
        struct aws4dd_query *op = 0;
        struct aws4dd_response *resp = 0;
        if (aws4dd_query_op(&op, &(struct aws4dd_query_spec) {
                    .table_name = TABLE_NAME,
                    .key_condition_expression = "PK = :pk AND begins_with(SK, :order)",
                    .limit = 1,
            }))
                return 0;
        aws4dd_query_value(op, "/ExpressionAttributeValues/:pk", "S", user_pk(pk, sizeof pk, user_id));
        aws4dd_query_value(op, "/ExpressionAttributeValues/:order", "S", "ORDER#");
        aws4dd_query(&s->aws, op, &resp);
        int found = !jbn_at(resp->data, "/Count", &count) && count->vi64 > 0;
        aws4dd_response_destroy(&resp);
        aws4dd_query_op_destroy(&op);
        return found;
}

int has_orders_checked(struct store *s, const char *user_id, int *found)
{
        iwrc rc = 0;
        char pk[128];
        JBL_NODE count = 0;
        struct aws4dd_query *op = 0;
        struct aws4dd_response *resp = 0;
        RCC(rc, finish, aws4dd_query_op(&op, &(struct aws4dd_query_spec) {
                .table_name = TABLE_NAME,
                .key_condition_expression = "PK = :pk AND begins_with(SK, :order)",
                .limit = 1,
        }));
        RCC(rc, finish, aws4dd_query_value(op, "/ExpressionAttributeValues/:pk", "S",
                                           user_pk(pk, sizeof pk, user_id)));
        RCC(rc, finish, aws4dd_query_value(op, "/ExpressionAttributeValues/:order", "S", "ORDER#"));
        RCC(rc, finish, aws4dd_query(&s->aws, op, &resp));
        *found = !jbn_at(resp->data, "/Count", &count) && count->vi64 > 0;
finish:
        aws4dd_response_destroy(&resp);
        aws4dd_query_op_destroy(&op);
        return rc ? -1 : 0;
}

int delete_orders(struct store *s, const char *user_id, const char *const *order_ids, size_t n)
{
        /* MISTAKE (ddblint: request-in-loop): one DeleteItem, one round
         * trip, per order; delete_orders_batched deletes 25 a call. */
        char pk[128], sk[128];
        user_pk(pk, sizeof pk, user_id);
        for (size_t i = 0; i < n; i++) {
                iwrc rc = 0;
                struct aws4dd_item_delete *op = 0;
                struct aws4dd_response *resp = 0;
                RCC(rc, finish, aws4dd_item_delete_op(&op, &(struct aws4dd_item_delete_spec) {
                        .table_name = TABLE_NAME,
                }));
                RCC(rc, finish, aws4dd_item_delete_value(op, "/Key/PK", "S", pk));
                RCC(rc, finish, aws4dd_item_delete_value(op, "/Key/SK", "S",
                                                         order_sk(sk, sizeof sk, order_ids[i])));
                RCC(rc, finish, aws4dd_item_delete(&s->aws, op, &resp));
finish:
                aws4dd_response_destroy(&resp);
                aws4dd_item_delete_op_destroy(&op);
                if (rc)
                        return -1;
        }
        return 0;
}

/* One BatchWriteItem of the deletes of order_ids[0..n) (n at most 25),
 * sent again with exponential backoff while DynamoDB leaves some of them
 * in UnprocessedItems (a delete is idempotent: resending all is safe). */
static int delete_batch(struct store *s, const char *pk, const char *const *order_ids, size_t n)
{
        char sk[128];
        for (int attempt = 0; attempt < 8; attempt++) {
                iwrc rc = 0;
                JBL_NODE left = 0;
                struct aws4dd_batch_write *op = 0;
                struct aws4dd_response *resp = 0;
                RCC(rc, finish, aws4dd_batch_write_op(&op, &(struct aws4dd_batch_write_spec) {0}));
                for (size_t i = 0; i < n; i++) {
                        RCC(rc, finish, aws4dd_batch_write_value(
                                                (struct aws4dd_item_update *)op, TABLE_NAME,
                                                "/DeleteRequest/Key/PK", "S", pk));
                        RCC(rc, finish, aws4dd_batch_write_value(
                                                (struct aws4dd_item_update *)op, TABLE_NAME,
                                                "/DeleteRequest/Key/SK", "S",
                                                order_sk(sk, sizeof sk, order_ids[i])));
                }
                RCC(rc, finish, aws4dd_bach_write(&s->aws, op, &resp));
                if (jbn_at(resp->data, "/UnprocessedItems", &left) || !left->child)
                        attempt = 8; /* all processed */
finish:
                aws4dd_response_destroy(&resp);
                aws4dd_batch_write_op_destroy(&op);
                if (rc)
                        return -1;
                if (attempt < 8)
                        usleep(50000u << attempt);
        }
        return 0;
}

int delete_orders_batched(struct store *s, const char *user_id, const char *const *order_ids,
                          size_t n)
{
        char pk[128];
        user_pk(pk, sizeof pk, user_id);
        for (size_t i = 0; i < n; i += 25) {
                if (delete_batch(s, pk, order_ids + i, n - i < 25 ? n - i : 25))
                        return -1;
        }
        return 0;
}

int delete_orders_at_once(struct store *s, const char *user_id, const char *const *order_ids,
                          size_t n)
{
        /* MISTAKE (ddblint: batch-size-limit): every order in one
         * BatchWriteItem; DynamoDB takes at most 25 and rejects a user with
         * 26 orders whole. delete_orders_batched sends 25 at a time. */
        iwrc rc = 0;
        char pk[128], sk[128];
        JBL_NODE left = 0;
        struct aws4dd_batch_write *op = 0;
        struct aws4dd_response *resp = 0;
        user_pk(pk, sizeof pk, user_id);
        RCC(rc, finish, aws4dd_batch_write_op(&op, &(struct aws4dd_batch_write_spec) {0}));
        for (size_t i = 0; i < n; i++) {
                RCC(rc, finish, aws4dd_batch_write_value((struct aws4dd_item_update *)op,
                                                         TABLE_NAME, "/DeleteRequest/Key/SK",
                                                         "S",
                                                         order_sk(sk, sizeof sk, order_ids[i])));
        }
        RCC(rc, finish, aws4dd_bach_write(&s->aws, op, &resp));
        if (!jbn_at(resp->data, "/UnprocessedItems", &left) && left->child)
                rc = IW_ERROR_AGAIN;
finish:
        aws4dd_response_destroy(&resp);
        aws4dd_batch_write_op_destroy(&op);
        return rc ? -1 : 0;
}

int delete_few_orders(struct store *s, const char *user_id, const char *const *order_ids,
                      size_t n)
{
        /* MISTAKE (ddblint: unprocessed-items-ignored): under throttling
         * BatchWriteItem succeeds with some deletes left in UnprocessedItems,
         * which this never reads: those orders stay. delete_batch resends. */
        iwrc rc = 0;
        char pk[128], sk[128];
        struct aws4dd_batch_write *op = 0;
        struct aws4dd_response *resp = 0;
        if (n > 25)
                return -1;
        user_pk(pk, sizeof pk, user_id);
        RCC(rc, finish, aws4dd_batch_write_op(&op, &(struct aws4dd_batch_write_spec) {0}));
        for (size_t i = 0; i < n; i++) {
                RCC(rc, finish, aws4dd_batch_write_value((struct aws4dd_item_update *)op,
                                                         TABLE_NAME, "/DeleteRequest/Key/SK",
                                                         "S",
                                                         order_sk(sk, sizeof sk, order_ids[i])));
        }
        RCC(rc, finish, aws4dd_bach_write(&s->aws, op, &resp));
finish:
        aws4dd_response_destroy(&resp);
        aws4dd_batch_write_op_destroy(&op);
        return rc ? -1 : 0;
}
