// users.cpp - reading a user's item collection.
#include "ecommerce/store.h"

#include <aws/dynamodb/model/BatchWriteItemRequest.h>
#include <aws/dynamodb/model/DeleteItemRequest.h>
#include <aws/dynamodb/model/QueryRequest.h>

#include <chrono>
#include <iostream>
#include <thread>

namespace ecommerce {

// Appends the rows of one user's partition to out, in sort-key order: an
// order row starts a new order, an item row belongs to the last order.
static void CollectRows(const Aws::Vector<Item> &rows, UserWithOrders *out, bool *found_user)
{
    for (const Item &row : rows) {
        Aws::String sk = GetString(row, "SK");
        if (sk == "METADATA") {
            out->user.id = GetString(row, "PK").substr(5);
            out->user.name = GetString(row, "Name");
            out->user.email = GetString(row, "Email");
            *found_user = true;
        } else if (IsOrderSk(sk)) {
            out->orders.push_back(OrderFromItem(row));
        } else if (IsOrderItemSk(sk) && !out->orders.empty()) {
            out->orders.back().items.push_back(OrderItemFromItem(row));
        }
    }
}

bool Store::GetUserWithOrders(const Aws::String &user_id, UserWithOrders *out)
{
    // The whole partition: METADATA sorts before ORDER#..., so the profile
    // and every order with its items come back from one Query (paginated
    // only when the partition exceeds 1 MB).
    Aws::DynamoDB::Model::QueryRequest request;
    request.SetTableName(kTableName);
    request.SetKeyConditionExpression("PK = :pk");
    request.AddExpressionAttributeValues(":pk", S(keys::UserPk(user_id)));

    bool found_user = false;
    *out = UserWithOrders();
    for (;;) {
        auto outcome = client_.Query(request);
        if (!outcome.IsSuccess()) {
            std::cerr << "GetUserWithOrders(" << user_id
                      << "): " << outcome.GetError().GetMessage() << std::endl;
            return false;
        }
        const auto &result = outcome.GetResult();
        CollectRows(result.GetItems(), out, &found_user);
        if (result.GetLastEvaluatedKey().empty())
            break;
        request.SetExclusiveStartKey(result.GetLastEvaluatedKey());
    }
    return found_user;
}

bool Store::ListOrders(const Aws::String &user_id, Aws::Vector<Order> *out)
{
    // Only the order rows and their items: begins_with on the sort key skips
    // the METADATA row. Newest order ids last (ids are time-ordered ULIDs).
    Aws::DynamoDB::Model::QueryRequest request;
    request.WithTableName(kTableName)
        .WithKeyConditionExpression("PK = :pk AND begins_with(SK, :order)");
    request.AddExpressionAttributeValues(":pk", S(keys::UserPk(user_id)));
    request.AddExpressionAttributeValues(":order", S("ORDER#"));

    UserWithOrders rows;
    bool unused = false;
    for (;;) {
        auto outcome = client_.Query(request);
        if (!outcome.IsSuccess()) {
            std::cerr << "ListOrders(" << user_id << "): " << outcome.GetError().GetMessage()
                      << std::endl;
            return false;
        }
        const auto &result = outcome.GetResult();
        CollectRows(result.GetItems(), &rows, &unused);
        if (result.GetLastEvaluatedKey().empty())
            break;
        request.SetExclusiveStartKey(result.GetLastEvaluatedKey());
    }
    *out = rows.orders;
    return true;
}

// The first order row of the user, if any (Limit 1: one page is all it asks).
static Aws::DynamoDB::Model::QueryRequest FirstOrderRequest(const Aws::String &user_id)
{
    Aws::DynamoDB::Model::QueryRequest request;
    request.WithTableName(kTableName)
        .WithKeyConditionExpression("PK = :pk AND begins_with(SK, :order)")
        .WithLimit(1);
    request.AddExpressionAttributeValues(":pk", S(keys::UserPk(user_id)));
    request.AddExpressionAttributeValues(":order", S("ORDER#"));
    return request;
}

bool Store::HasOrders(const Aws::String &user_id)
{
    // MISTAKE (ddblint: outcome-unchecked): the outcome's success is never
    // looked at; when the Query fails (throttled, denied), GetResult() is an
    // empty result and the user "has no orders". See HasOrdersChecked.
    return !client_.Query(FirstOrderRequest(user_id)).GetResult().GetItems().empty();
}

bool Store::HasOrdersChecked(const Aws::String &user_id, bool *has_orders)
{
    auto outcome = client_.Query(FirstOrderRequest(user_id));
    if (!outcome.IsSuccess()) {
        std::cerr << "HasOrders(" << user_id << "): " << outcome.GetError().GetMessage()
                  << std::endl;
        return false;
    }
    *has_orders = !outcome.GetResult().GetItems().empty();
    return true;
}

bool Store::DeleteOrders(const Aws::String &user_id, const Aws::Vector<Aws::String> &order_ids)
{
    // MISTAKE (ddblint: request-in-loop): one DeleteItem, one round trip,
    // per order; BatchWriteItem deletes 25 in one call (DeleteOrdersBatched).
    for (const Aws::String &order_id : order_ids) {
        Aws::DynamoDB::Model::DeleteItemRequest request;
        request.SetTableName(kTableName);
        request.AddKey("PK", S(keys::UserPk(user_id)));
        request.AddKey("SK", S(keys::OrderSk(order_id)));
        auto outcome = client_.DeleteItem(request);
        if (!outcome.IsSuccess()) {
            std::cerr << "DeleteOrders(" << order_id << "): " << outcome.GetError().GetMessage()
                      << std::endl;
            return false;
        }
    }
    return true;
}

bool Store::DeleteOrdersAtOnce(const Aws::String &user_id,
                               const Aws::Vector<Aws::String> &order_ids)
{
    // MISTAKE (ddblint: batch-size-limit): every order in one BatchWriteItem;
    // DynamoDB takes at most 25 and rejects a user with 26 orders whole.
    Aws::Vector<Aws::DynamoDB::Model::WriteRequest> deletes;
    for (const Aws::String &order_id : order_ids) {
        Aws::DynamoDB::Model::DeleteRequest del;
        del.AddKey("PK", S(keys::UserPk(user_id)));
        del.AddKey("SK", S(keys::OrderSk(order_id)));
        deletes.push_back(Aws::DynamoDB::Model::WriteRequest().WithDeleteRequest(del));
    }
    Aws::DynamoDB::Model::BatchWriteItemRequest request;
    request.AddRequestItems(kTableName, deletes);
    auto outcome = client_.BatchWriteItem(request);
    return outcome.IsSuccess() && outcome.GetResult().GetUnprocessedItems().empty();
}

// One BatchWriteItem of at most 25 requests, resending what DynamoDB did
// not process (UnprocessedItems) with exponential backoff.
static bool WriteBatch(Aws::DynamoDB::DynamoDBClient &client,
                       const Aws::Vector<Aws::DynamoDB::Model::WriteRequest> &writes)
{
    Aws::DynamoDB::Model::BatchWriteItemRequest request;
    request.AddRequestItems(kTableName, writes);
    for (int attempt = 0; attempt < 8; attempt++) {
        auto outcome = client.BatchWriteItem(request);
        if (!outcome.IsSuccess()) {
            std::cerr << "BatchWriteItem: " << outcome.GetError().GetMessage() << std::endl;
            return false;
        }
        const auto &left = outcome.GetResult().GetUnprocessedItems();
        if (left.empty())
            return true;
        request.SetRequestItems(left);
        std::this_thread::sleep_for(std::chrono::milliseconds(50 << attempt));
    }
    return false;
}

bool Store::DeleteOrdersBatched(const Aws::String &user_id,
                                const Aws::Vector<Aws::String> &order_ids)
{
    Aws::Vector<Aws::DynamoDB::Model::WriteRequest> deletes;
    for (const Aws::String &order_id : order_ids) {
        Aws::DynamoDB::Model::DeleteRequest del;
        del.AddKey("PK", S(keys::UserPk(user_id)));
        del.AddKey("SK", S(keys::OrderSk(order_id)));
        deletes.push_back(Aws::DynamoDB::Model::WriteRequest().WithDeleteRequest(del));
        if (deletes.size() == 25) {
            if (!WriteBatch(client_, deletes))
                return false;
            deletes.clear();
        }
    }
    return deletes.empty() || WriteBatch(client_, deletes);
}

bool Store::ListOrdersFirstPage(const Aws::String &user_id, Aws::Vector<Order> *out)
{
    // MISTAKE (ddblint: pagination-ignored): one Query, one page: past 1 MB
    // of a user's orders the rest are silently missing. ListOrders follows
    // LastEvaluatedKey.
    Aws::DynamoDB::Model::QueryRequest request;
    request.WithTableName(kTableName)
        .WithKeyConditionExpression("PK = :pk AND begins_with(SK, :order)");
    request.AddExpressionAttributeValues(":pk", S(keys::UserPk(user_id)));
    request.AddExpressionAttributeValues(":order", S("ORDER#"));
    auto outcome = client_.Query(request);
    if (!outcome.IsSuccess()) {
        std::cerr << "ListOrdersFirstPage(" << user_id << "): "
                  << outcome.GetError().GetMessage() << std::endl;
        return false;
    }
    UserWithOrders rows;
    bool unused = false;
    CollectRows(outcome.GetResult().GetItems(), &rows, &unused);
    *out = rows.orders;
    return true;
}

bool Store::DeleteFewOrders(const Aws::String &user_id, const Aws::Vector<Aws::String> &order_ids)
{
    if (order_ids.size() > 25)
        return false;
    // MISTAKE (ddblint: unprocessed-items-ignored): under throttling
    // BatchWriteItem succeeds with some deletes left in UnprocessedItems,
    // which this never reads: those orders stay. WriteBatch resends them.
    Aws::Vector<Aws::DynamoDB::Model::WriteRequest> deletes;
    for (const Aws::String &order_id : order_ids) {
        Aws::DynamoDB::Model::DeleteRequest del;
        del.AddKey("PK", S(keys::UserPk(user_id)));
        del.AddKey("SK", S(keys::OrderSk(order_id)));
        deletes.push_back(Aws::DynamoDB::Model::WriteRequest().WithDeleteRequest(del));
    }
    Aws::DynamoDB::Model::BatchWriteItemRequest request;
    request.AddRequestItems(kTableName, deletes);
    auto outcome = client_.BatchWriteItem(request);
    if (!outcome.IsSuccess()) {
        std::cerr << "DeleteFewOrders: " << outcome.GetError().GetMessage() << std::endl;
        return false;
    }
    return true;
}

// One BatchGetItem of at most 100 keys, resending what DynamoDB did not
// process (UnprocessedKeys) with exponential backoff.
static bool GetBatch(Aws::DynamoDB::DynamoDBClient &client,
                     const Aws::DynamoDB::Model::KeysAndAttributes &keys, Aws::Vector<User> *out)
{
    Aws::DynamoDB::Model::BatchGetItemRequest request;
    request.AddRequestItems(kTableName, keys);
    for (int attempt = 0; attempt < 8; attempt++) {
        auto outcome = client.BatchGetItem(request);
        if (!outcome.IsSuccess()) {
            std::cerr << "BatchGetItem: " << outcome.GetError().GetMessage() << std::endl;
            return false;
        }
        const auto &result = outcome.GetResult();
        for (const auto &table : result.GetResponses()) {
            for (const Item &row : table.second) {
                User user;
                user.id = GetString(row, "PK").substr(5);
                user.name = GetString(row, "Name");
                user.email = GetString(row, "Email");
                out->push_back(user);
            }
        }
        if (result.GetUnprocessedKeys().empty())
            return true;
        request.SetRequestItems(result.GetUnprocessedKeys());
        std::this_thread::sleep_for(std::chrono::milliseconds(50 << attempt));
    }
    return false;
}

bool Store::GetUsers(const Aws::Vector<Aws::String> &user_ids, Aws::Vector<User> *out)
{
    // The fix of a GetItem per id: the profiles by 100 keys a call.
    out->clear();
    Aws::DynamoDB::Model::KeysAndAttributes keys;
    for (const Aws::String &user_id : user_ids) {
        Item key;
        key["PK"] = S(keys::UserPk(user_id));
        key["SK"] = S("METADATA");
        keys.AddKeys(key);
        if (keys.GetKeys().size() == 100) {
            if (!GetBatch(client_, keys, out))
                return false;
            keys = Aws::DynamoDB::Model::KeysAndAttributes();
        }
    }
    return keys.GetKeys().empty() || GetBatch(client_, keys, out);
}

}  // namespace ecommerce
