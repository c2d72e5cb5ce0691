/* reporting.c - the nightly revenue report, as low-level JSON requests
 * over libcurl. */
#define _GNU_SOURCE
#include "store.h"

#include <stdio.h>
#include <stdlib.h>

int build_revenue_report_by_scan(struct store *s, const char *day, struct revenue_report *out)
{
        /* MISTAKE (ddblint: scan): this reads every user, order and order item
         * of the table, every night, to keep one day's orders; the filter is
         * applied after the read and does not reduce the capacity consumed.
         * build_revenue_report below reads the day's orders from GSI2. */
        char *start = NULL;
        int ret = 0;
        *out = (struct revenue_report){0};
        do {
                char *body = NULL;
                if (asprintf(&body,
                             "{\"TableName\":\"" TABLE_NAME "\","
                             "\"FilterExpression\":\"begins_with(SK, :order) AND OrderDay = :day\","
                             "\"ExpressionAttributeValues\":{\":order\":{\"S\":\"ORDER#\"},"
                             "\":day\":{\"S\":\"%s\"}}%s%s}",
                             day, start ? ",\"ExclusiveStartKey\":" : "", start ? start : "") < 0)
                        return -1;
                CURL *curl = ddb_open(s);
                struct curl_slist *headers = NULL;
                struct ddb_answer answer = {0};
                headers = curl_slist_append(headers, "Content-Type: application/x-amz-json-1.0");
                headers = curl_slist_append(headers, "X-Amz-Target: DynamoDB_20120810.Scan");
                curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
                curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
                curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer);
                CURLcode rc = curl_easy_perform(curl);
                ret = ddb_check(curl, rc, &answer, "build_revenue_report_by_scan");
                free(start);
                start = NULL;
                if (ret == 0) {
                        /* begins_with(SK, "ORDER#") also matches order items,
                         * which have no TotalCents: only orders are counted */
                        ddb_sum_number(answer.data, "TotalCents", &out->revenue_cents,
                                       &out->orders);
                        start = ddb_last_evaluated_key(answer.data);
                }
                free(answer.data);
                curl_slist_free_all(headers);
                curl_easy_cleanup(curl);
                free(body);
        } while (ret == 0 && start);
        return ret;
}

int build_revenue_report(struct store *s, const char *day, struct revenue_report *out)
{
        /* The day's orders only: GSI2 is keyed by OrderDay and projects
         * TotalCents, so this reads one item collection of the index. */
        char *start = NULL;
        int ret = 0;
        *out = (struct revenue_report){0};
        do {
                char *body = NULL;
                if (asprintf(&body,
                             "{\"TableName\":\"" TABLE_NAME "\",\"IndexName\":\"" DAY_INDEX "\","
                             "\"KeyConditionExpression\":\"OrderDay = :day\","
                             "\"ProjectionExpression\":\"TotalCents\","
                             "\"ExpressionAttributeValues\":{\":day\":{\"S\":\"%s\"}}%s%s}",
                             day, start ? ",\"ExclusiveStartKey\":" : "", start ? start : "") < 0)
                        return -1;
                CURL *curl = ddb_open(s);
                struct curl_slist *headers = NULL;
                struct ddb_answer answer = {0};
                headers = curl_slist_append(headers, "Content-Type: application/x-amz-json-1.0");
                headers = curl_slist_append(headers, "X-Amz-Target: DynamoDB_20120810.Query");
                curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
                curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
                curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer);
                CURLcode rc = curl_easy_perform(curl);
                ret = ddb_check(curl, rc, &answer, "build_revenue_report");
                free(start);
                start = NULL;
                if (ret == 0) {
                        ddb_sum_number(answer.data, "TotalCents", &out->revenue_cents,
                                       &out->orders);
                        start = ddb_last_evaluated_key(answer.data);
                }
                free(answer.data);
                curl_slist_free_all(headers);
                curl_easy_cleanup(curl);
                free(body);
        } while (ret == 0 && start);
        return ret;
}
