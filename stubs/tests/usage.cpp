// usage.cpp - ordinary AWS SDK for C++ DynamoDB code, in the style of the
// SDK's public examples, that must typecheck against ddblint's stub headers
// (tests/stubs.cmake compiles it with -fsyntax-only for C++11..C++20).
// SPDX-License-Identifier: MIT
#include <aws/core/Aws.h>
#include <aws/core/auth/AWSCredentials.h>
#include <aws/core/auth/AWSCredentialsProviderChain.h>
#include <aws/core/client/ClientConfiguration.h>
#include <aws/core/utils/Outcome.h>
#include <aws/core/utils/StringUtils.h>
#include <aws/core/utils/memory/AWSMemory.h>
#include <aws/core/utils/memory/stl/AWSStringStream.h>
#include <aws/dynamodb/DynamoDBClient.h>
#include <aws/dynamodb/DynamoDBClientPagination.h>
#include <aws/dynamodb/model/AttributeDefinition.h>
#include <aws/dynamodb/model/BatchWriteItemRequest.h>
#include <aws/dynamodb/model/CreateTableRequest.h>
#include <aws/dynamodb/model/GetItemRequest.h>
#include <aws/dynamodb/model/PutItemRequest.h>
#include <aws/dynamodb/model/QueryRequest.h>
#include <aws/dynamodb/model/ScanRequest.h>
#include <aws/dynamodb/model/TransactWriteItemsRequest.h>
#include <aws/dynamodb/model/UpdateItemRequest.h>
#include <iostream>
#include <memory>
#include <string>

using namespace Aws::DynamoDB;

static Model::QueryRequest make_query(const Aws::String& pk) {
  Model::QueryRequest req;
  req.SetTableName("app");
  req.SetKeyConditionExpression("PK = :pk AND begins_with(SK, :sk)");
  req.AddExpressionAttributeValues(":pk", Model::AttributeValue().SetS(pk));
  Model::AttributeValue sk;
  sk.SetS("ORDER#");
  req.AddExpressionAttributeValues(":sk", sk);
  req.SetScanIndexForward(false);
  req.SetLimit(25);
  req.SetSelect(Model::Select::ALL_ATTRIBUTES);
  return req;
}

static void on_scan(const DynamoDBClient*, const Model::ScanRequest&, const Model::ScanOutcome& outcome,
                    const std::shared_ptr<const Aws::Client::AsyncCallerContext>&) {
  if (outcome.IsSuccess())
    std::cout << outcome.GetResult().GetCount() << "\n";
}

int main() {
  Aws::SDKOptions options;
  options.loggingOptions.logLevel = Aws::Utils::Logging::LogLevel::Info;
  Aws::InitAPI(options);
  {
    Aws::Client::ClientConfiguration config;
    config.region = Aws::Region::US_WEST_2;
    config.endpointOverride = "http://localhost:8000";
    config.scheme = Aws::Http::Scheme::HTTP;
    Aws::String std_interop = std::string("x");
    std::string back = std_interop;
    (void)back;

    DynamoDBClient client(config);
    DynamoDBClient dflt;
    DynamoDBClient with_creds(Aws::Auth::AWSCredentials("AKID", "SECRET"), config);
    auto shared = Aws::MakeShared<DynamoDBClient>("tag", config);
    std::unique_ptr<DynamoDBClient> owned(new DynamoDBClient(config));
    auto provider = Aws::MakeShared<Aws::Auth::DefaultAWSCredentialsProviderChain>("tag");
    DynamoDBClient with_provider(provider, config);

    // plain call with a helper-built request
    auto outcome = client.Query(make_query("USER#1"));
    if (!outcome.IsSuccess()) {
      std::cerr << outcome.GetError().GetMessage() << " " << static_cast<int>(outcome.GetError().GetErrorType())
                << "\n";
      return 1;
    }
    for (const auto& item : outcome.GetResult().GetItems()) {
      auto it = item.find("SK");
      if (it != item.end())
        std::cout << it->second.GetS() << "\n";
    }
    Model::QueryResult owned_result = outcome.GetResultWithOwnership();
    (void)owned_result;

    // With... chains on a temporary, through a pointer and a smart pointer
    auto q2 = shared->Query(Model::QueryRequest()
                                .WithTableName("app")
                                .WithIndexName("GSI1")
                                .WithKeyConditionExpression("GSI1PK = :p")
                                .AddExpressionAttributeValues(":p", Model::AttributeValue("UNSHIPPED")));
    (void)q2;
    auto q3 = owned->Query(make_query("USER#2"));
    (void)q3;

    // Scan: plain, Async, Callable, Paginator, parallel segments
    Model::ScanRequest scan;
    scan.SetTableName("app");
    scan.SetSegment(0);
    scan.SetTotalSegments(4);
    scan.SetFilterExpression("#s = :s");
    scan.AddExpressionAttributeNames("#s", "status");
    Model::AttributeValue shipped;
    shipped.SetBool(true);
    scan.AddExpressionAttributeValues(":s", shipped);
    client.ScanAsync(scan, on_scan);
    client.ScanAsync(scan, [](const DynamoDBClient*, const Model::ScanRequest&, const Model::ScanOutcome&,
                              const std::shared_ptr<const Aws::Client::AsyncCallerContext>&) {});
    Model::ScanOutcomeCallable fut = client.ScanCallable(scan);
    Model::ScanOutcome scanned = fut.get();
    (void)scanned;
    for (const auto& page : client.ScanPaginator(scan)) {
      if (page.IsSuccess())
        std::cout << page.GetResult().GetItems().size() << "\n";
    }
    auto qp = client.QueryPaginator(make_query("USER#3"));
    for (auto it = qp.begin(); it != qp.end(); ++it)
      (void)it->IsSuccess();
    ScanPaginator alias_paginator = client.ScanPaginator(scan);
    (void)alias_paginator;

    // operations whose request has no required member take a default request
    auto tables = client.ListTables();
    auto limits = client.DescribeLimits();
    client.ListTablesAsync([](const DynamoDBClient*, const Model::ListTablesRequest&, const Model::ListTablesOutcome&,
                              const std::shared_ptr<const Aws::Client::AsyncCallerContext>&) {});
    Model::ListTablesRequest ltr;
    ltr.SetLimit(50);
    do {
      const Model::ListTablesOutcome& lto = client.ListTables(ltr);
      if (!lto.IsSuccess())
        break;
      for (const auto& name : lto.GetResult().GetTableNames())
        std::cout << name << "\n";
      ltr.SetExclusiveStartTableName(lto.GetResult().GetLastEvaluatedTableName());
    } while (!ltr.GetExclusiveStartTableName().empty());
    (void)tables;
    (void)limits;

    // GetItem / PutItem / UpdateItem with AttributeValue's own setters
    Model::GetItemRequest get;
    get.SetTableName("app");
    Model::AttributeValue pk;
    pk.SetS("USER#1");
    get.AddKey("PK", pk);
    get.SetProjectionExpression("#n");
    get.AddExpressionAttributeNames("#n", "name");
    get.SetConsistentRead(true);
    const auto got = client.GetItem(get);
    if (got.IsSuccess()) {
      const Aws::Map<Aws::String, Model::AttributeValue>& item = got.GetResult().GetItem();
      (void)item;
    }

    Model::PutItemRequest put;
    put.SetTableName("app");
    Model::AttributeValue n, ss, m, l, nul, b;
    n.SetN(42);
    n.SetN("42");
    n.SetN(4.2);
    ss.SetSS({"a", "b"});
    ss.AddSItem("c");
    m.AddMEntry("inner", Aws::MakeShared<Model::AttributeValue>("tag", "x"));
    l.AddLItem(std::make_shared<Model::AttributeValue>(Aws::String("y")));
    nul.SetNull(true);
    unsigned char bytes[2] = {1, 2};
    b.SetB(Aws::Utils::ByteBuffer(bytes, 2));
    put.AddItem("PK", pk).AddItem("n", n).AddItem("ss", ss).AddItem("m", m).AddItem("l", l);
    put.SetItem(Aws::Map<Aws::String, Model::AttributeValue>{{"PK", pk}});
    put.SetConditionExpression("attribute_not_exists(PK)");
    put.SetReturnValues(Model::ReturnValue::ALL_OLD);
    client.PutItemAsync(put, [](const DynamoDBClient*, const Model::PutItemRequest&, const Model::PutItemOutcome&,
                                const std::shared_ptr<const Aws::Client::AsyncCallerContext>&) {},
                        Aws::MakeShared<Aws::Client::AsyncCallerContext>("tag", "ctx"));

    Model::UpdateItemRequest upd;
    upd.WithTableName("app").WithUpdateExpression("REMOVE GSI1PK, GSI1SK").AddKey("PK", pk);
    upd.SetReturnValues(Model::ReturnValue::UPDATED_NEW);
    auto updated = client.UpdateItemCallable(upd).get();
    (void)updated;

    // transactions and batches: nested shapes
    Model::Put tput;
    tput.SetTableName("app");
    tput.AddItem("PK", pk);
    Model::Update tupd;
    tupd.SetTableName("app");
    tupd.SetUpdateExpression("SET #s = :s");
    Model::TransactWriteItem twi;
    twi.SetPut(tput);
    Model::TransactWriteItemsRequest tw;
    tw.AddTransactItems(twi);
    tw.AddTransactItems(Model::TransactWriteItem().WithUpdate(tupd));
    client.TransactWriteItems(tw);

    Model::WriteRequest wr;
    wr.SetPutRequest(Model::PutRequest().AddItem("PK", pk));
    Model::BatchWriteItemRequest bw;
    bw.AddRequestItems("app", Aws::Vector<Model::WriteRequest>{wr});
    auto bwo = client.BatchWriteItem(bw);
    (void)bwo.GetResult().GetUnprocessedItems();

    // table management
    Model::CreateTableRequest ct;
    ct.SetTableName("app");
    ct.AddAttributeDefinitions(Model::AttributeDefinition().WithAttributeName("PK").WithAttributeType(
        Model::ScalarAttributeType::S));
    ct.AddKeySchema(Model::KeySchemaElement().WithAttributeName("PK").WithKeyType(Model::KeyType::HASH));
    ct.SetBillingMode(Model::BillingMode::PAY_PER_REQUEST);
    const Model::CreateTableOutcome cto = client.CreateTable(ct);
    if (!cto.IsSuccess() && cto.GetError().GetErrorType() == DynamoDBErrors::RESOURCE_IN_USE)
      std::cout << "exists\n";

    Aws::StringStream ss2;
    ss2 << Aws::Utils::StringUtils::ToUpper("x");
    const char* op_name = make_query("k").GetServiceRequestName();
    (void)op_name;
    Model::SelectMapper::GetNameForSelect(Model::Select::COUNT);
    (void)Model::ComparisonOperator::NULL_;
  }
  Aws::ShutdownAPI(options);
  return 0;
}
