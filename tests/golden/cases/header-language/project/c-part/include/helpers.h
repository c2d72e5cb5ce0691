// helpers.h - no -std in its compile_flags.txt: the project's sources are
// C++, so it is parsed as C++ too.
#pragma once
#include <aws/dynamodb/DynamoDBClient.h>
#include <aws/dynamodb/model/QueryRequest.h>

namespace helpers {

inline Aws::DynamoDB::Model::QueryRequest ByUser()
{
    Aws::DynamoDB::Model::QueryRequest request;
    request.SetTableName("Orders");
    return request;
}

}  // namespace helpers
