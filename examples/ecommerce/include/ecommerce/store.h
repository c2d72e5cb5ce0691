// store.h - data access for the e-commerce example: users, orders and order
// items in one DynamoDB table (single-table design).
//
// Table `Ecommerce` (described for ddblint in ../../.ddblint.yaml):
//
//   entity      PK               SK                              other attributes
//   user        USER#<userId>    METADATA                        Name, Email
//   order       USER#<userId>    ORDER#<orderId>                 Status, OrderDate, TotalCents,
//                                                                GSI1PK, GSI1SK (while unshipped)
//   order item  USER#<userId>    ORDER#<orderId>#ITEM#<itemId>   ProductId, Quantity, PriceCents
//
// A user's items sort as METADATA, ORDER#o1, ORDER#o1#ITEM#..., ORDER#o2, ...
// so one Query on the partition returns the user with every order, and each
// order is followed by its items.
//
// GSI1 is a sparse index: only unshipped orders carry GSI1PK = "UNSHIPPED"
// and GSI1SK = the order date (ISO 8601), so querying it lists exactly the
// orders waiting to be shipped, oldest first. Shipping an order removes both
// attributes, which drops the order from the index. (GSI1PK being one
// constant puts every pending order in one partition of GSI1: ddblint says
// so; PlaceOrderSharded writes "UNSHIPPED#<n>" instead, n = hash % 4.)
//
//   activity    ACTIVITY#<day>   <time>#<userId>                 Action  (a per-day log: ddblint
//                                                                reports it; the user-keyed
//                                                                twin is USER#<userId> / ACTIVITY#<time>)
//   counter     PRODUCT#flash-sale[#<n>]  STOCK                  Sold    (the flash sale's hot
//                                                                counter, sharded n = 0..7)
//
// GSI2 (ByStatus) is keyed by StatusPK = STATUS#<status>, sorted by OrderDate;
// GSI3 (ByUserStatus) by UserStatusPK = USER#<userId>, sorted by
// StatusSK = STATUS#<status>#<orderDate>.
#pragma once

#include <aws/core/Aws.h>
#include <aws/dynamodb/model/BatchGetItemRequest.h>  // GetUsers (users.cpp)
#include <aws/dynamodb/DynamoDBClient.h>
#include <aws/dynamodb/model/AttributeValue.h>

#include <cstdint>

namespace ecommerce {

constexpr char kTableName[] = "Ecommerce";
constexpr char kUnshippedIndex[] = "GSI1";
constexpr char kUnshipped[] = "UNSHIPPED";
constexpr char kUserPrefix[] = "USER#";
constexpr char kOrderPrefix[] = "ORDER#";
constexpr char kStatusPrefix[] = "STATUS#";
constexpr int kUnshippedShards = 4;
constexpr char kFlashSaleProduct[] = "PRODUCT#flash-sale";
constexpr int kFlashSaleShards = 8;

using Item = Aws::Map<Aws::String, Aws::DynamoDB::Model::AttributeValue>;

struct User {
    Aws::String id;
    Aws::String name;
    Aws::String email;
};

struct OrderItem {
    Aws::String id;
    Aws::String product_id;
    int quantity = 0;
    int64_t price_cents = 0;
};

struct Order {
    Aws::String id;
    Aws::String user_id;
    Aws::String status;      // "PLACED" or "SHIPPED"
    Aws::String order_date;  // ISO 8601, e.g. "2026-11-30T09:12:00Z"
    int64_t total_cents = 0;
    Aws::Vector<OrderItem> items;
};

struct UserWithOrders {
    User user;
    Aws::Vector<Order> orders;
};

struct RevenueReport {
    int64_t orders = 0;
    int64_t revenue_cents = 0;
};

// The store's reads and writes. Every method logs DynamoDB errors to stderr
// and reports failure through its return value; none throws.
class Store {
public:
    explicit Store(Aws::DynamoDB::DynamoDBClient &client) : client_(client) {}

    // The user's profile and all their orders with items, in one Query.
    // Returns false when the user does not exist or the request failed.
    bool GetUserWithOrders(const Aws::String &user_id, UserWithOrders *out);
    // The user's orders (with items), without the profile.
    bool ListOrders(const Aws::String &user_id, Aws::Vector<Order> *out);
    // The same from the first page of the Query only (a mistake).
    bool ListOrdersFirstPage(const Aws::String &user_id, Aws::Vector<Order> *out);
    // Whether the user has placed an order, and its twin that tells an
    // error from "no".
    bool HasOrders(const Aws::String &user_id);
    bool HasOrdersChecked(const Aws::String &user_id, bool *has_orders);
    // Delete the rows of the given orders (a data purge): one DeleteItem
    // per order, one BatchWriteItem for all of them, and the twin that
    // sends batches of 25 and resends what DynamoDB did not process.
    bool DeleteOrders(const Aws::String &user_id, const Aws::Vector<Aws::String> &order_ids);
    bool DeleteOrdersAtOnce(const Aws::String &user_id,
                            const Aws::Vector<Aws::String> &order_ids);
    bool DeleteOrdersBatched(const Aws::String &user_id,
                             const Aws::Vector<Aws::String> &order_ids);
    // At most 25 orders in one BatchWriteItem that never looks at what
    // DynamoDB did not process (a mistake; WriteBatch resends it).
    bool DeleteFewOrders(const Aws::String &user_id, const Aws::Vector<Aws::String> &order_ids);
    // The profiles of the given users: one BatchGetItem per 100 ids (not one
    // GetItem per id), resending the keys DynamoDB did not process.
    bool GetUsers(const Aws::Vector<Aws::String> &user_ids, Aws::Vector<User> *out);
    // Up to `limit` unshipped orders from GSI1, oldest order date first.
    bool ListUnshippedOrders(int limit, Aws::Vector<Order> *out);
    // Unshipped orders placed before `cutoff` (ISO 8601), for the
    // warehouse's "late orders" dashboard.
    bool ListLateOrders(const Aws::String &cutoff, Aws::Vector<Order> *out);

    // Writes the order and its items atomically; fails when the user does
    // not exist or the order id is taken.
    bool PlaceOrder(const Order &order);
    // The same order row with GSI1PK = "UNSHIPPED#<n>" (n = hash of the order
    // id % kUnshippedShards), so pending orders spread over four partitions
    // of GSI1; ListUnshippedOrdersSharded reads them with one Query a shard.
    bool PlaceOrderSharded(const Order &order);
    bool ListUnshippedOrdersSharded(int limit, Aws::Vector<Order> *out);
    // Sets Status to SHIPPED and removes the order from GSI1. Returns false
    // when the order is not in state PLACED (already shipped, or unknown).
    bool MarkShipped(const Aws::String &user_id, const Aws::String &order_id,
                     const Aws::String &carrier);
    // The carrier's webhook: marks the order shipped but sets GSI1PK to
    // "SHIPPED" instead of removing it, so the order never leaves GSI1.
    bool MarkShippedByCarrier(const Aws::String &user_id, const Aws::String &order_id);
    // A new status for an order: GSI2 keyed by the status (few values), and
    // the twin writing GSI3, keyed by the user with the status in its sort key.
    bool SetOrderStatus(const Aws::String &user_id, const Aws::String &order_id,
                        const Aws::String &status, const Aws::String &order_date);
    bool SetOrderStatusByUser(const Aws::String &user_id, const Aws::String &order_id,
                              const Aws::String &status, const Aws::String &order_date);

    // The activity log: one partition per day, and the twin, one per user.
    bool LogActivity(const Aws::String &user_id, const Aws::String &action,
                     const Aws::String &day, const Aws::String &time);
    bool LogUserActivity(const Aws::String &user_id, const Aws::String &action,
                         const Aws::String &time);

    // The flash sale's stock counter: one item that every order of the
    // sale updates, and the twin spread over kFlashSaleShards items.
    bool CountFlashSale(int quantity);
    bool CountFlashSaleSharded(const Aws::String &order_id, int quantity);

private:
    Aws::DynamoDB::DynamoDBClient &client_;
};

// Nightly job: number of orders and revenue for one day ("2026-11-30").
bool BuildRevenueReport(Aws::DynamoDB::DynamoDBClient &client, const Aws::String &day,
                        RevenueReport *out);

// Key and attribute helpers (keys.cpp).
namespace keys {
Aws::String UserPk(const Aws::String &user_id);
Aws::String OrderSk(const Aws::String &order_id);
Aws::String OrderItemSk(const Aws::String &order_id, const Aws::String &item_id);
}  // namespace keys

Aws::DynamoDB::Model::AttributeValue S(const Aws::String &s);
Aws::DynamoDB::Model::AttributeValue N(int64_t n);
Aws::String GetString(const Item &item, const char *name);
int64_t GetInt(const Item &item, const char *name);
bool IsOrderSk(const Aws::String &sk);
bool IsOrderItemSk(const Aws::String &sk);
Order OrderFromItem(const Item &item);
OrderItem OrderItemFromItem(const Item &item);

}  // namespace ecommerce
