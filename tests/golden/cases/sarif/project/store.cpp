// A small store: one Scan suppressed inline, one reported, one Query that
// forgot its key condition, one whose header is missing.
#include <aws/dynamodb/DynamoDBClient.h>
#include "missing/Config.h"

using namespace Aws::DynamoDB;

#define TABLE "Store"

void nightly_export(DynamoDBClient &client)
{
        Model::ScanRequest req;
        req.SetTableName(TABLE);
        client.Scan(req); // ddblint: ignore[scan] the nightly export reads everything on purpose
}

void report(DynamoDBClient &client)
{
        client.Scan(Model::ScanRequest().WithTableName(TABLE).WithIndexName("GSI1"));
}

void late_orders(DynamoDBClient &client)
{
        Model::QueryRequest req;
        req.SetTableName("Store");
        req.SetFilterExpression("ShipBy < :now");
        client.Query(req);
}

// A reserved word inside a #define: the finding is at the macro's use, with a
// related location on the word inside the #define's literal.
#define OPEN_FILTER "OrderTotal > :min AND status = :open"

void open_orders(DynamoDBClient &client)
{
        Model::QueryRequest req;
        req.SetTableName("Store");
        req.SetKeyConditionExpression("PK = :pk");
        req.SetFilterExpression(OPEN_FILTER);
        req.AddExpressionAttributeValues(":pk", Model::AttributeValue().SetS("USER#1"));
        req.AddExpressionAttributeValues(":min", Model::AttributeValue().SetN("10"));
        req.AddExpressionAttributeValues(":open", Model::AttributeValue().SetS("OPEN"));
        client.Query(req);
}
