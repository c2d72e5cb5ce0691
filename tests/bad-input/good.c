/* A small C file with one finding (a Scan sent over libcurl), analysed
 * beside a bad input to show that the run goes on. */
#include <curl/curl.h>

int nightly_scan(CURL *curl)
{
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER,
                         curl_slist_append(NULL, "X-Amz-Target: DynamoDB_20120810.Scan"));
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{\"TableName\":\"Orders\"}");
        return curl_easy_perform(curl);
}
