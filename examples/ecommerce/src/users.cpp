// users.cpp - reading a user's item collection.
#include "ecommerce/store.h"

#include <aws/dynamodb/model/QueryRequest.h>

#include <iostream>

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

}  // namespace ecommerce
