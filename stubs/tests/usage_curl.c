/* usage_curl.c - C code posting a DynamoDB request over libcurl, that must
 * typecheck against ddblint's curl/curl.h stub (tests/stubs.cmake).
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE
#include <curl/curl.h>

#include <stdio.h>
#include <stdlib.h>

static size_t sink(char *p, size_t size, size_t n, void *data)
{
        (void)p;
        (void)data;
        return size * n;
}

int post_query(const char *endpoint, const char *customer);
int post_query(const char *endpoint, const char *customer)
{
        char *body = NULL;
        if (asprintf(&body, "{\"TableName\":\"Orders\",\"KeyConditionExpression\":\"PK = :pk\","
                            "\"ExpressionAttributeValues\":{\":pk\":{\"S\":\"CUSTOMER#%s\"}}}",
                     customer) < 0)
                return -1;
        CURL *curl = curl_easy_init();
        struct curl_slist *headers = NULL;
        headers = curl_slist_append(headers, "Content-Type: application/x-amz-json-1.0");
        headers = curl_slist_append(headers, "X-Amz-Target: DynamoDB_20120810.Query");
        curl_easy_setopt(curl, CURLOPT_URL, endpoint);
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(curl, CURLOPT_AWS_SIGV4, "aws:amz:us-east-1:dynamodb");
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, sink);
        CURLcode res = curl_easy_perform(curl);
        long status = 0;
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
        if (res != CURLE_OK)
                fprintf(stderr, "%s\n", curl_easy_strerror(res));
        curl_slist_free_all(headers);
        curl_easy_cleanup(curl);
        free(body);
        return res == CURLE_OK && status == 200 ? 0 : -1;
}
