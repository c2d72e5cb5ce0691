#include <aws/dynamodb/DynamoDBClient.h>
void f(Aws::DynamoDB::DynamoDBClient &c) { c.Scan(Aws::DynamoDB::Model::ScanRequest().WithTableName("Orders")); }
