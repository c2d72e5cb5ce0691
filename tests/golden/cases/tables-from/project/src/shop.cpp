#include <aws/dynamodb/DynamoDBClient.h>

using namespace Aws::DynamoDB;
using Model::AttributeValue;

void shop(DynamoDBClient &client, const Aws::String &sessionsTable, const Aws::String &stage)
{
        // Shop (template): the sort key is not a partition key.
        client.Query(Model::QueryRequest().WithTableName("Shop").WithKeyConditionExpression("SK = :s").AddExpressionAttributeValues(":s", AttributeValue().SetS("x")));
        // Shop's GSI1 is global: no consistent reads.
        client.Query(Model::QueryRequest().WithTableName("Shop").WithIndexName("GSI1").WithKeyConditionExpression("GSI1PK = :p").AddExpressionAttributeValues(":p", AttributeValue().SetS("x")).WithConsistentRead(true));
        // The audit table (!Sub "${Stage}-shop.audit"): its sort key in a filter.
        client.Query(Model::QueryRequest().WithTableName("prod-shop.audit").WithKeyConditionExpression("EntityId = :e").WithFilterExpression("At > :t").AddExpressionAttributeValues(":e", AttributeValue().SetS("x")).AddExpressionAttributeValues(":t", AttributeValue().SetN("1")));
        // Sessions (!Ref of a parameter): the default table.
        client.Query(Model::QueryRequest().WithTableName(sessionsTable).WithKeyConditionExpression("UserId = :u").AddExpressionAttributeValues(":u", AttributeValue().SetS("x")));
        // Orders (Terraform): updating a key attribute.
        client.UpdateItem(Model::UpdateItemRequest().WithTableName("Orders").WithUpdateExpression("SET SK = :s").AddExpressionAttributeValues(":s", AttributeValue().SetS("x")));
        // Users (describe-table, --tables-from): GSI ByEmail is global.
        client.Query(Model::QueryRequest().WithTableName("Users").WithIndexName("ByEmail").WithKeyConditionExpression("Email = :m").AddExpressionAttributeValues(":m", AttributeValue().SetS("x")).WithConsistentRead(true));
        // correct: not flagged
        client.Query(Model::QueryRequest().WithTableName("Shop").WithKeyConditionExpression("PK = :p AND begins_with(SK, :s)").AddExpressionAttributeValues(":p", AttributeValue().SetS("x")).AddExpressionAttributeValues(":s", AttributeValue().SetS("x")));
        (void)stage;
}
