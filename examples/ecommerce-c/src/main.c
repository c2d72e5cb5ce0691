/* main.c - a command-line front end to the store.
 *   ecommerce-c user <userId>            the user's profile and orders
 *   ecommerce-c unshipped [limit]        orders waiting to ship, oldest first
 *   ecommerce-c late <cutoff>            unshipped orders placed before cutoff
 *   ecommerce-c ship <userId> <orderId> <carrier>
 *   ecommerce-c report <YYYY-MM-DD>      orders and revenue of one day
 * The region comes from AWS_REGION, the credentials from AWS_ACCESS_KEY_ID
 * and AWS_SECRET_ACCESS_KEY. */
#define _GNU_SOURCE
#include "store.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int print_pages(int (*read)(struct store *, const char *, const char *,
                                   struct aws4dd_response **),
                       struct store *s, const char *arg)
{
        struct aws4dd_response *page = 0;
        if (read(s, arg, NULL, &page) != 0)
                return 1;
        JBL_NODE items;
        if (jbn_at(page->data, "/Items", &items) == 0)
                for (JBL_NODE it = items->child; it; it = it->next)
                        printf("%s\n", it->key ? it->key : "item");
        aws4dd_response_destroy(&page);
        return 0;
}

int main(int argc, char **argv)
{
        const char *region = getenv("AWS_REGION") ? getenv("AWS_REGION") : "us-east-1";
        char *endpoint = NULL, *sigv4 = NULL, *credentials = NULL;
        if (asprintf(&endpoint, "https://dynamodb.%s.amazonaws.com/", region) < 0 ||
            asprintf(&sigv4, "aws:amz:%s:dynamodb", region) < 0 ||
            asprintf(&credentials, "%s:%s", getenv("AWS_ACCESS_KEY_ID") ? getenv("AWS_ACCESS_KEY_ID") : "",
                     getenv("AWS_SECRET_ACCESS_KEY") ? getenv("AWS_SECRET_ACCESS_KEY") : "") < 0)
                return 2;
        struct store s = {
                .aws = {.aws_region = region, .flags = AWS_SERVICE_DYNAMODB},
                .endpoint = endpoint,
                .sigv4 = sigv4,
                .credentials = credentials,
        };
        curl_global_init(CURL_GLOBAL_DEFAULT);
        int rc = 2;
        if (argc == 3 && strcmp(argv[1], "user") == 0) {
                rc = print_pages(get_user_with_orders, &s, argv[2]);
        } else if (argc == 3 && strcmp(argv[1], "late") == 0) {
                rc = print_pages(list_late_orders, &s, argv[2]);
        } else if ((argc == 2 || argc == 3) && strcmp(argv[1], "unshipped") == 0) {
                struct aws4dd_response *page = 0;
                rc = list_unshipped_orders(&s, argc == 3 ? (uint32_t)atoi(argv[2]) : 25, NULL,
                                           &page) != 0;
                aws4dd_response_destroy(&page);
        } else if (argc == 5 && strcmp(argv[1], "ship") == 0) {
                rc = mark_shipped(&s, argv[2], argv[3], argv[4]) != 0;
        } else if (argc == 3 && strcmp(argv[1], "report") == 0) {
                struct revenue_report r;
                rc = build_revenue_report(&s, argv[2], &r) != 0;
                if (rc == 0)
                        printf("%" PRId64 " orders, %" PRId64 " cents\n", r.orders,
                               r.revenue_cents);
        } else {
                fprintf(stderr, "usage: %s user ID | unshipped [N] | late CUTOFF | "
                                "ship USER ORDER CARRIER | report DAY\n", argv[0]);
        }
        curl_global_cleanup();
        free(endpoint);
        free(sigv4);
        free(credentials);
        return rc;
}
