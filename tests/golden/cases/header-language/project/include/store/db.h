// db.h - a C++ header under a compile_flags.txt that names no language
// (clang would parse a .h file as C): ddblint parses it as C++.
#pragma once
#include <aws/dynamodb/DynamoDBClient.h>
#include <aws/dynamodb/model/ScanRequest.h>

namespace store {

inline bool ExportAll(Aws::DynamoDB::DynamoDBClient &client)
{
    Aws::DynamoDB::Model::ScanRequest request;
    request.SetTableName("Orders");
    return client.Scan(request).IsSuccess();
}

}  // namespace store
