// orders.cpp - placing, listing and shipping orders.
#include "ecommerce/store.h"

#include <aws/dynamodb/DynamoDBErrors.h>
#include <aws/dynamodb/model/ConditionCheck.h>
#include <aws/dynamodb/model/Put.h>
#include <aws/dynamodb/model/PutItemRequest.h>
#include <aws/dynamodb/model/QueryRequest.h>
#include <aws/dynamodb/model/TransactWriteItem.h>
#include <aws/dynamodb/model/TransactWriteItemsRequest.h>
#include <aws/dynamodb/model/UpdateItemRequest.h>

#include <functional>
#include <iostream>
#include <string>

namespace ecommerce {

using namespace Aws::DynamoDB::Model;

bool Store::PlaceOrder(const Order &order)
{
    // One transaction: the user must exist, the order id must be new, and
    // the order and its items appear together or not at all. A transaction
    // holds at most 100 actions, so an order has at most 98 items.
    if (order.items.empty() || order.items.size() > 98) {
        std::cerr << "PlaceOrder(" << order.id << "): an order needs 1 to 98 items" << std::endl;
        return false;
    }
    TransactWriteItemsRequest request;

    ConditionCheck user_exists;
    user_exists.SetTableName(kTableName);
    user_exists.AddKey("PK", S(keys::UserPk(order.user_id)));
    user_exists.AddKey("SK", S("METADATA"));
    user_exists.SetConditionExpression("attribute_exists(PK)");
    request.AddTransactItems(TransactWriteItem().WithConditionCheck(user_exists));

    Put order_row;
    order_row.SetTableName(kTableName);
    order_row.AddItem("PK", AttributeValue(kUserPrefix + order.user_id));
    order_row.AddItem("SK", AttributeValue(kOrderPrefix + order.id));
    order_row.AddItem("Status", S("PLACED"));
    order_row.AddItem("OrderDate", S(order.order_date));
    order_row.AddItem("TotalCents", N(order.total_cents));
    // Only unshipped orders carry the GSI1 keys (sparse index). MISTAKE
    // (ddblint: constant-partition-key): every pending order gets the same
    // GSI1PK, so all of them land in one partition of GSI1; see
    // PlaceOrderSharded for the fix.
    order_row.AddItem("GSI1PK", AttributeValue(kUnshipped));
    order_row.AddItem("GSI1SK", AttributeValue(order.order_date));
    order_row.SetConditionExpression("attribute_not_exists(PK)");
    request.AddTransactItems(TransactWriteItem().WithPut(order_row));

    for (const OrderItem &item : order.items) {
        Put item_row;
        item_row.SetTableName(kTableName);
        item_row.AddItem("PK", S(keys::UserPk(order.user_id)));
        item_row.AddItem("SK", S(keys::OrderItemSk(order.id, item.id)));
        item_row.AddItem("ProductId", S(item.product_id));
        item_row.AddItem("Quantity", N(item.quantity));
        item_row.AddItem("PriceCents", N(item.price_cents));
        request.AddTransactItems(TransactWriteItem().WithPut(item_row));
    }
    // Retrying with the same token within ten minutes is idempotent.
    request.SetClientRequestToken("place-" + order.id);

    auto outcome = client_.TransactWriteItems(request);
    if (!outcome.IsSuccess()) {
        std::cerr << "PlaceOrder(" << order.id << "): " << outcome.GetError().GetMessage()
                  << std::endl;
        return false;
    }
    return true;
}

bool Store::MarkShipped(const Aws::String &user_id, const Aws::String &order_id,
                        const Aws::String &carrier)
{
    // Removing GSI1PK and GSI1SK takes the order out of the sparse index;
    // `Status` is a reserved word, hence #status.
    UpdateItemRequest request;
    request.SetTableName(kTableName);
    request.AddKey("PK", S(keys::UserPk(user_id)));
    request.AddKey("SK", S(keys::OrderSk(order_id)));
    request.SetUpdateExpression("SET #status = :shipped, Carrier = :carrier REMOVE GSI1PK, GSI1SK");
    request.SetConditionExpression("#status = :placed");
    request.AddExpressionAttributeNames("#status", "Status");
    request.AddExpressionAttributeValues(":shipped", S("SHIPPED"));
    request.AddExpressionAttributeValues(":placed", S("PLACED"));
    request.AddExpressionAttributeValues(":carrier", S(carrier));

    auto outcome = client_.UpdateItem(request);
    if (!outcome.IsSuccess()) {
        if (outcome.GetError().GetErrorType() ==
            Aws::DynamoDB::DynamoDBErrors::CONDITIONAL_CHECK_FAILED) {
            std::cerr << "MarkShipped(" << order_id << "): not a placed order" << std::endl;
        } else {
            std::cerr << "MarkShipped(" << order_id << "): " << outcome.GetError().GetMessage()
                      << std::endl;
        }
        return false;
    }
    return true;
}

bool Store::ListUnshippedOrders(int limit, Aws::Vector<Order> *out)
{
    // GSI1 holds unshipped orders only; its sort key is the order date, so
    // ScanIndexForward=true gives the oldest first.
    QueryRequest request;
    request.SetTableName(kTableName);
    request.SetIndexName(kUnshippedIndex);
    request.SetKeyConditionExpression("GSI1PK = :unshipped");
    request.AddExpressionAttributeValues(":unshipped", S(kUnshipped));
    request.SetScanIndexForward(true);
    request.SetLimit(limit);

    out->clear();
    while (static_cast<int>(out->size()) < limit) {
        auto outcome = client_.Query(request);
        if (!outcome.IsSuccess()) {
            std::cerr << "ListUnshippedOrders: " << outcome.GetError().GetMessage() << std::endl;
            return false;
        }
        const auto &result = outcome.GetResult();
        for (const Item &row : result.GetItems())
            out->push_back(OrderFromItem(row));
        if (result.GetLastEvaluatedKey().empty())
            break;
        request.SetExclusiveStartKey(result.GetLastEvaluatedKey());
    }
    return true;
}

bool Store::ListLateOrders(const Aws::String &cutoff, Aws::Vector<Order> *out)
{
    // MISTAKE (ddblint: query-missing-key-condition): the partition key was
    // put in the FilterExpression instead of a KeyConditionExpression.
    // DynamoDB rejects this Query with a ValidationException at run time;
    // the fix is KeyConditionExpression "GSI1PK = :unshipped AND GSI1SK < :cutoff".
    QueryRequest request;
    request.SetTableName(kTableName);
    request.SetIndexName(kUnshippedIndex);
    request.SetFilterExpression("GSI1PK = :unshipped AND GSI1SK < :cutoff");
    request.AddExpressionAttributeValues(":unshipped", S(kUnshipped));
    request.AddExpressionAttributeValues(":cutoff", S(cutoff));

    out->clear();
    for (;;) {
        auto outcome = client_.Query(request);
        if (!outcome.IsSuccess()) {
            std::cerr << "ListLateOrders: " << outcome.GetError().GetMessage() << std::endl;
            return false;
        }
        const auto &result = outcome.GetResult();
        for (const Item &row : result.GetItems())
            out->push_back(OrderFromItem(row));
        if (result.GetLastEvaluatedKey().empty())
            break;
        request.SetExclusiveStartKey(result.GetLastEvaluatedKey());
    }
    return true;
}

// The fix for PlaceOrder's GSI1 key: the pending orders spread over
// kUnshippedShards partitions of GSI1 ("UNSHIPPED#0" .. "UNSHIPPED#3"), the
// shard chosen by the order id, and ListUnshippedOrdersSharded reads each.
bool Store::PlaceOrderSharded(const Order &order)
{
    const int shard = static_cast<int>(std::hash<std::string>()(order.id.c_str()) % kUnshippedShards);
    PutItemRequest request;
    request.SetTableName(kTableName);
    request.AddItem("PK", AttributeValue(kUserPrefix + order.user_id));
    request.AddItem("SK", AttributeValue(kOrderPrefix + order.id));
    request.AddItem("Status", S("PLACED"));
    request.AddItem("OrderDate", S(order.order_date));
    request.AddItem("TotalCents", N(order.total_cents));
    request.AddItem("GSI1PK", AttributeValue(Aws::String(kUnshipped) + "#" + std::to_string(shard).c_str()));
    request.AddItem("GSI1SK", AttributeValue(order.order_date));
    request.SetConditionExpression("attribute_not_exists(PK)");
    auto outcome = client_.PutItem(request);
    if (!outcome.IsSuccess()) {
        std::cerr << "PlaceOrderSharded(" << order.id << "): " << outcome.GetError().GetMessage()
                  << std::endl;
        return false;
    }
    return true;
}

bool Store::ListUnshippedOrdersSharded(int limit, Aws::Vector<Order> *out)
{
    // One Query per shard; each shard is sorted by order date, and the
    // caller merges them.
    out->clear();
    for (int shard = 0; shard < kUnshippedShards; shard++) {
        QueryRequest request;
        request.SetTableName(kTableName);
        request.SetIndexName(kUnshippedIndex);
        request.SetKeyConditionExpression("GSI1PK = :unshipped");
        request.AddExpressionAttributeValues(
            ":unshipped", AttributeValue(Aws::String(kUnshipped) + "#" + std::to_string(shard).c_str()));
        request.SetLimit(limit);
        auto outcome = client_.Query(request);
        if (!outcome.IsSuccess()) {
            std::cerr << "ListUnshippedOrdersSharded: " << outcome.GetError().GetMessage()
                      << std::endl;
            return false;
        }
        for (const Item &row : outcome.GetResult().GetItems())
            out->push_back(OrderFromItem(row));
    }
    return true;
}

bool Store::MarkShippedByCarrier(const Aws::String &user_id, const Aws::String &order_id)
{
    // MISTAKE (ddblint: sparse-index-key-not-removed): GSI1PK is set to
    // SHIPPED instead of being removed, so the shipped order stays in GSI1
    // and the "pending orders" index grows with the whole order history.
    // MarkShipped above REMOVEs GSI1PK and GSI1SK instead.
    UpdateItemRequest request;
    request.SetTableName(kTableName);
    request.AddKey("PK", AttributeValue(kUserPrefix + user_id));
    request.AddKey("SK", AttributeValue(kOrderPrefix + order_id));
    request.SetUpdateExpression("SET #status = :shipped, GSI1PK = :shipped");
    request.AddExpressionAttributeNames("#status", "Status");
    request.AddExpressionAttributeValues(":shipped", AttributeValue("SHIPPED"));
    auto outcome = client_.UpdateItem(request);
    if (!outcome.IsSuccess()) {
        std::cerr << "MarkShippedByCarrier(" << order_id << "): "
                  << outcome.GetError().GetMessage() << std::endl;
        return false;
    }
    return true;
}

bool Store::SetOrderStatus(const Aws::String &user_id, const Aws::String &order_id,
                           const Aws::String &status, const Aws::String &order_date)
{
    // MISTAKE (ddblint: low-cardinality-partition-key): GSI2 is keyed by
    // the status, a handful of values: every order of one status, and the
    // writes of all of them, share one partition of GSI2.
    UpdateItemRequest request;
    request.SetTableName(kTableName);
    request.AddKey("PK", AttributeValue(kUserPrefix + user_id));
    request.AddKey("SK", AttributeValue(kOrderPrefix + order_id));
    request.SetUpdateExpression("SET #status = :status, StatusPK = :status_pk, OrderDate = :date");
    request.AddExpressionAttributeNames("#status", "Status");
    request.AddExpressionAttributeValues(":status", AttributeValue(status));
    request.AddExpressionAttributeValues(":status_pk", AttributeValue(kStatusPrefix + status));
    request.AddExpressionAttributeValues(":date", AttributeValue(order_date));
    auto outcome = client_.UpdateItem(request);
    if (!outcome.IsSuccess()) {
        std::cerr << "SetOrderStatus(" << order_id << "): " << outcome.GetError().GetMessage()
                  << std::endl;
        return false;
    }
    return true;
}

bool Store::SetOrderStatusByUser(const Aws::String &user_id, const Aws::String &order_id,
                                 const Aws::String &status, const Aws::String &order_date)
{
    // The twin: GSI3 is keyed by the user, with the status leading its sort
    // key, so "a user's open orders" is one Query with begins_with.
    UpdateItemRequest request;
    request.SetTableName(kTableName);
    request.AddKey("PK", AttributeValue(kUserPrefix + user_id));
    request.AddKey("SK", AttributeValue(kOrderPrefix + order_id));
    request.SetUpdateExpression("SET #status = :status, UserStatusPK = :user, StatusSK = :status_sk");
    request.AddExpressionAttributeNames("#status", "Status");
    request.AddExpressionAttributeValues(":status", AttributeValue(status));
    request.AddExpressionAttributeValues(":user", AttributeValue(kUserPrefix + user_id));
    request.AddExpressionAttributeValues(":status_sk",
                                         AttributeValue(kStatusPrefix + status + "#" + order_date));
    auto outcome = client_.UpdateItem(request);
    if (!outcome.IsSuccess()) {
        std::cerr << "SetOrderStatusByUser(" << order_id << "): "
                  << outcome.GetError().GetMessage() << std::endl;
        return false;
    }
    return true;
}

}  // namespace ecommerce
