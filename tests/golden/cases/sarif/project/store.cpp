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
