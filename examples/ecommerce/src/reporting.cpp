// reporting.cpp - the nightly revenue report.
#include "ecommerce/store.h"

#include <aws/dynamodb/model/ScanRequest.h>

#include <iostream>

namespace ecommerce {

bool BuildRevenueReport(Aws::DynamoDB::DynamoDBClient &client, const Aws::String &day,
                        RevenueReport *out)
{
    // MISTAKE (ddblint: scan): this reads every user, order and order item
    // in the table, every night, to keep one day's orders; the filter is
    // applied after the read and does not reduce the capacity consumed.
    // Better: a GSI keyed by order day, or a DynamoDB Streams aggregate.
    Aws::DynamoDB::Model::ScanRequest request;
    request.SetTableName(kTableName);
    request.SetFilterExpression("begins_with(SK, :order) AND begins_with(OrderDate, :day)");
    request.AddExpressionAttributeValues(":order", S("ORDER#"));
    request.AddExpressionAttributeValues(":day", S(day));

    *out = RevenueReport();
    for (;;) {
        auto outcome = client.Scan(request);
        if (!outcome.IsSuccess()) {
            std::cerr << "BuildRevenueReport(" << day << "): "
                      << outcome.GetError().GetMessage() << std::endl;
            return false;
        }
        const auto &result = outcome.GetResult();
        for (const Item &row : result.GetItems()) {
            // begins_with(SK, "ORDER#") also matches order items: count orders only.
            if (!IsOrderSk(GetString(row, "SK")))
                continue;
            out->orders++;
            out->revenue_cents += GetInt(row, "TotalCents");
        }
        if (result.GetLastEvaluatedKey().empty())
            break;
        request.SetExclusiveStartKey(result.GetLastEvaluatedKey());
    }
    return true;
}

}  // namespace ecommerce
