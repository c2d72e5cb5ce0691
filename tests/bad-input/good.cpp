#include <aws/dynamodb/DynamoDBClient.h>

void export_orders(Aws::DynamoDB::DynamoDBClient &client)
{
        Aws::DynamoDB::Model::ScanRequest req;
        req.SetTableName("Orders");
        client.Scan(req);
}
