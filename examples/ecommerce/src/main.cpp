// main.cpp - a small command-line front end for the store.
//
//   ecommerce user <userId>         the user and their orders
//   ecommerce unshipped [limit]     unshipped orders, oldest first
//   ecommerce ship <userId> <orderId> <carrier>
//   ecommerce report <day>          revenue of one day (YYYY-MM-DD)
#include "ecommerce/store.h"

#include <aws/core/client/ClientConfiguration.h>

#include <cstdlib>
#include <cstring>
#include <iostream>

using namespace ecommerce;

static int Run(Aws::DynamoDB::DynamoDBClient &client, int argc, char **argv)
{
    Store store(client);
    if (argc == 3 && std::strcmp(argv[1], "user") == 0) {
        UserWithOrders u;
        if (!store.GetUserWithOrders(argv[2], &u))
            return 1;
        std::cout << u.user.name << " <" << u.user.email << ">\n";
        for (const Order &o : u.orders)
            std::cout << "  " << o.id << " " << o.order_date << " " << o.status << " "
                      << o.items.size() << " items\n";
        return 0;
    }
    if ((argc == 2 || argc == 3) && std::strcmp(argv[1], "unshipped") == 0) {
        Aws::Vector<Order> orders;
        if (!store.ListUnshippedOrders(argc == 3 ? std::atoi(argv[2]) : 50, &orders))
            return 1;
        for (const Order &o : orders)
            std::cout << o.order_date << " " << o.user_id << " " << o.id << "\n";
        return 0;
    }
    if (argc == 5 && std::strcmp(argv[1], "ship") == 0)
        return store.MarkShipped(argv[2], argv[3], argv[4]) ? 0 : 1;
    if (argc == 3 && std::strcmp(argv[1], "report") == 0) {
        RevenueReport r;
        if (!BuildRevenueReport(client, argv[2], &r))
            return 1;
        std::cout << r.orders << " orders, " << r.revenue_cents / 100 << "."
                  << r.revenue_cents % 100 << " revenue\n";
        return 0;
    }
    std::cerr << "usage: ecommerce user ID | unshipped [LIMIT] | ship USER ORDER CARRIER"
                 " | report DAY\n";
    return 2;
}

int main(int argc, char **argv)
{
    Aws::SDKOptions options;
    Aws::InitAPI(options);
    int rc;
    {
        Aws::Client::ClientConfiguration config;
        if (const char *region = std::getenv("AWS_REGION"))
            config.region = region;
        Aws::DynamoDB::DynamoDBClient client(config);
        rc = Run(client, argc, argv);
    }
    Aws::ShutdownAPI(options);
    return rc;
}
