/* store.h - data access for the C e-commerce example: users, orders and
 * order items in one DynamoDB table (single-table design), the same table
 * as the C++ example (examples/ecommerce).
 *
 * Table `Ecommerce` (described for ddblint in ../.ddblint.yaml):
 *
 *   entity      PK               SK                              other attributes
 *   user        USER#<userId>    METADATA                        Name, Email
 *   order       USER#<userId>    ORDER#<orderId>                 Status, OrderDate, OrderDay,
 *                                                                TotalCents, GSI1PK, GSI1SK
 *                                                                (while unshipped)
 *   order item  USER#<userId>    ORDER#<orderId>#ITEM#<itemId>   ProductId, Quantity, PriceCents
 *
 * GSI1 is sparse: only unshipped orders carry GSI1PK = "UNSHIPPED" and
 * GSI1SK = the order date. GSI2 lists each day's orders (OrderDay).
 *
 * Part of the code goes through Softmotions' aws4 DynamoDB client (aws4dd:
 * users.c, orders.c); the rest posts low-level JSON requests over libcurl
 * (orders.c for the transaction aws4dd lacks, reporting.c). Functions
 * return 0 on success and -1 on failure, after printing DynamoDB's error.
 */
#ifndef ECOMMERCE_STORE_H
#define ECOMMERCE_STORE_H

#include <aws4/aws4dd.h>
#include <curl/curl.h>

#include <stddef.h>
#include <stdint.h>

#define TABLE_NAME "Ecommerce"
#define UNSHIPPED_INDEX "GSI1"
#define DAY_INDEX "GSI2"
#define UNSHIPPED "UNSHIPPED"

/* Where requests go and how they are signed. */
struct store {
        struct aws4_request_spec aws;   /* aws4dd requests */
        const char *endpoint;           /* https://dynamodb.<region>.amazonaws.com/ */
        const char *sigv4;              /* "aws:amz:<region>:dynamodb" */
        const char *credentials;        /* "<access key id>:<secret access key>" */
};

struct order_item {
        const char *id;
        const char *product_id;
        int quantity;
        int64_t price_cents;
};

struct order {
        const char *id;
        const char *user_id;
        const char *order_date;         /* ISO 8601, "2026-11-30T09:12:00Z" */
        int64_t total_cents;
        const struct order_item *items;
        size_t n_items;
};

struct revenue_report {
        int64_t orders;
        int64_t revenue_cents;
};

/* keys.c: key builders; the result is written into buf (size bytes). */
const char *user_pk(char *buf, size_t size, const char *user_id);
const char *order_sk(char *buf, size_t size, const char *order_id);
const char *order_item_sk(char *buf, size_t size, const char *order_id, const char *item_id);

/* Reads return one page of results in *page (resp->data holds Items and,
 * when there is more, LastEvaluatedKey); the caller destroys it with
 * aws4dd_response_destroy and asks for the next page with start_key_json
 * = that LastEvaluatedKey as JSON text (NULL for the first page). */

/* users.c (aws4dd) */
int get_user_with_orders(struct store *s, const char *user_id, const char *start_key_json,
                         struct aws4dd_response **page);
int list_orders(struct store *s, const char *user_id, const char *start_key_json,
                struct aws4dd_response **page);
/* Mistakes and their twins (README.md): the first page's orders only; whether
 * the user has an order, without and with a look at the call's status; a
 * purge of orders by one DeleteItem each, by 25 a call resending what
 * DynamoDB did not process, by one call for all, and by one call of at most
 * 25 that never reads UnprocessedItems. */
int list_orders_first_page(struct store *s, const char *user_id, JBL_NODE *orders);
int has_orders(struct store *s, const char *user_id);
int has_orders_checked(struct store *s, const char *user_id, int *found);
int delete_orders(struct store *s, const char *user_id, const char *const *order_ids, size_t n);
int delete_orders_batched(struct store *s, const char *user_id, const char *const *order_ids,
                          size_t n);
int delete_orders_at_once(struct store *s, const char *user_id, const char *const *order_ids,
                          size_t n);
int delete_few_orders(struct store *s, const char *user_id, const char *const *order_ids,
                      size_t n);

/* orders.c */
int place_order(struct store *s, const struct order *o);                      /* raw, libcurl */
int list_unshipped_orders(struct store *s, uint32_t limit, const char *start_key_json,
                          struct aws4dd_response **page);
int list_late_orders_unkeyed(struct store *s, const char *cutoff, const char *start_key_json,
                             struct aws4dd_response **page);
int list_late_orders(struct store *s, const char *cutoff, const char *start_key_json,
                     struct aws4dd_response **page);
int mark_shipped_unaliased(struct store *s, const char *user_id, const char *order_id);
int mark_shipped(struct store *s, const char *user_id, const char *order_id,
                 const char *carrier);

/* reporting.c (raw, libcurl) */
int build_revenue_report_by_scan(struct store *s, const char *day, struct revenue_report *out);
int build_revenue_report(struct store *s, const char *day, struct revenue_report *out);

/* http.c: the answer of a low-level request, collected by libcurl's write
 * callback (data is malloc'd and NUL-terminated; free it). */
struct ddb_answer {
        char *data;
        size_t len;
};
/* A libcurl handle for s: URL, SigV4 signing, credentials, and a write
 * callback that appends to the struct ddb_answer set as CURLOPT_WRITEDATA.
 * The caller adds the X-Amz-Target header and the JSON body, and performs. */
CURL *ddb_open(const struct store *s);
/* After curl_easy_perform: 0 for HTTP 200, else -1 after printing
 * DynamoDB's error (`what` names the caller); frees the answer on error. */
int ddb_check(CURL *curl, CURLcode rc, struct ddb_answer *answer, const char *what);
/* The answer's LastEvaluatedKey as JSON text (malloc'd), or NULL when the
 * answer is the last page. Minimal JSON reading: DynamoDB's own output. */
char *ddb_last_evaluated_key(const char *answer);
/* Adds up the Number attribute `name` of every item of the answer into *sum
 * and counts the items that have it into *count. */
void ddb_sum_number(const char *answer, const char *name, int64_t *sum, int64_t *count);

#endif
