/* users.c - reading a user's item collection through aws4dd. */
#include "store.h"

#include <stdio.h>

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
