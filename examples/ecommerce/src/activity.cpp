// activity.cpp - the activity log and the flash sale's stock counter.
#include "ecommerce/store.h"

#include <aws/dynamodb/model/PutItemRequest.h>
#include <aws/dynamodb/model/UpdateItemRequest.h>

#include <functional>
#include <iostream>
#include <string>

namespace ecommerce {

using namespace Aws::DynamoDB::Model;

bool Store::LogActivity(const Aws::String &user_id, const Aws::String &action,
                        const Aws::String &day, const Aws::String &time)
{
    // MISTAKE (ddblint: low-cardinality-partition-key): the partition key is
    // the day ("ACTIVITY#2026-11-30"), so every write of the day lands in
    // one partition: at a few thousand events a second it throttles.
    PutItemRequest request;
    request.SetTableName(kTableName);
    request.AddItem("PK", AttributeValue("ACTIVITY#" + day));
    request.AddItem("SK", AttributeValue(time + "#" + user_id));
    request.AddItem("Action", AttributeValue(action));
    auto outcome = client_.PutItem(request);
    if (!outcome.IsSuccess()) {
        std::cerr << "LogActivity: " << outcome.GetError().GetMessage() << std::endl;
        return false;
    }
    return true;
}

bool Store::LogUserActivity(const Aws::String &user_id, const Aws::String &action,
                            const Aws::String &time)
{
    // The twin: one partition per user, the time in the sort key ("a user's
    // recent activity" is one Query).
    PutItemRequest request;
    request.SetTableName(kTableName);
    request.AddItem("PK", AttributeValue(kUserPrefix + user_id));
    request.AddItem("SK", AttributeValue("ACTIVITY#" + time));
    request.AddItem("Action", AttributeValue(action));
    auto outcome = client_.PutItem(request);
    if (!outcome.IsSuccess()) {
        std::cerr << "LogUserActivity: " << outcome.GetError().GetMessage() << std::endl;
        return false;
    }
    return true;
}

bool Store::CountFlashSale(int quantity)
{
    // MISTAKE (ddblint: hot-key-unsharded): every order of the flash sale
    // updates this one item, so the sale's traffic hits one partition.
    UpdateItemRequest request;
    request.SetTableName(kTableName);
    request.AddKey("PK", AttributeValue(kFlashSaleProduct));
    request.AddKey("SK", AttributeValue("STOCK"));
    request.SetUpdateExpression("ADD Sold :n");
    request.AddExpressionAttributeValues(":n", N(quantity));
    auto outcome = client_.UpdateItem(request);
    if (!outcome.IsSuccess()) {
        std::cerr << "CountFlashSale: " << outcome.GetError().GetMessage() << std::endl;
        return false;
    }
    return true;
}

// The counter's shards, PRODUCT#flash-sale#0 .. #7; the stock is their sum.
static const char *const kFlashSaleShardKeys[kFlashSaleShards] = {
    "PRODUCT#flash-sale#0", "PRODUCT#flash-sale#1", "PRODUCT#flash-sale#2",
    "PRODUCT#flash-sale#3", "PRODUCT#flash-sale#4", "PRODUCT#flash-sale#5",
    "PRODUCT#flash-sale#6", "PRODUCT#flash-sale#7"};

bool Store::CountFlashSaleSharded(const Aws::String &order_id, int quantity)
{
    // The twin: each order adds to one of eight counters, chosen by its id.
    const size_t shard = std::hash<std::string>()(order_id.c_str()) % kFlashSaleShards;
    UpdateItemRequest request;
    request.SetTableName(kTableName);
    request.AddKey("PK", AttributeValue(kFlashSaleShardKeys[shard]));
    request.AddKey("SK", AttributeValue("STOCK"));
    request.SetUpdateExpression("ADD Sold :n");
    request.AddExpressionAttributeValues(":n", N(quantity));
    auto outcome = client_.UpdateItem(request);
    if (!outcome.IsSuccess()) {
        std::cerr << "CountFlashSaleSharded: " << outcome.GetError().GetMessage() << std::endl;
        return false;
    }
    return true;
}

}  // namespace ecommerce
