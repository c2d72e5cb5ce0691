#include <aws/dynamodb/DynamoDBClient.h>
#include <aws/dynamodb/model/ScanRequest.h>
#include <aws/dynamodb/model/QueryRequest.h>

void list(Aws::DynamoDB::DynamoDBClient &c)
{
        Aws::DynamoDB::Model::ScanRequest r;
        r.SetTableName("Orders");
        c.Scan(r);
}

void find(Aws::DynamoDB::DynamoDBClient &c, const Aws::String &who)
{
        Aws::DynamoDB::Model::QueryRequest q;
        q.SetTableName("Orders");
        q.SetKeyConditionExpression("name = :n");
        q.AddExpressionAttributeValues(":n", Aws::DynamoDB::Model::AttributeValue(who));
        c.Query(q);
}
