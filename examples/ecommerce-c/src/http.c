/* http.c - what every low-level request over libcurl shares: the handle
 * (URL, libcurl's AWS SigV4 signing, libcurl 7.75 or later), the write
 * callback, and the status check. Each request sets its own X-Amz-Target
 * header and JSON body, and performs (orders.c, reporting.c). */
#define _GNU_SOURCE
#include "store.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t collect(char *p, size_t size, size_t n, void *data)
{
        struct ddb_answer *a = data;
        size_t add = size * n;
        char *grown = realloc(a->data, a->len + add + 1);
        if (!grown)
                return 0;
        memcpy(grown + a->len, p, add);
        a->data = grown;
        a->len += add;
        a->data[a->len] = 0;
        return add;
}

CURL *ddb_open(const struct store *s)
{
        CURL *curl = curl_easy_init();
        if (!curl)
                return NULL;
        curl_easy_setopt(curl, CURLOPT_URL, s->endpoint);
        curl_easy_setopt(curl, CURLOPT_AWS_SIGV4, s->sigv4);
        curl_easy_setopt(curl, CURLOPT_USERPWD, s->credentials);
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
        return curl;
}

int ddb_check(CURL *curl, CURLcode rc, struct ddb_answer *answer, const char *what)
{
        long status = 0;
        if (rc != CURLE_OK) {
                fprintf(stderr, "%s: %s\n", what, curl_easy_strerror(rc));
        } else {
                curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
                if (status == 200)
                        return 0;
                fprintf(stderr, "%s: HTTP %ld: %s\n", what, status,
                        answer->data ? answer->data : "");
        }
        free(answer->data);
        answer->data = NULL;
        return -1;
}

/* The end of the JSON value starting at p (an object, here): brackets are
 * balanced outside strings. NULL when the text ends first. */
static const char *value_end(const char *p)
{
        int depth = 0;
        bool in_string = false;
        for (; *p; p++) {
                if (in_string) {
                        if (*p == '\\' && p[1])
                                p++;
                        else if (*p == '"')
                                in_string = false;
                } else if (*p == '"') {
                        in_string = true;
                } else if (*p == '{' || *p == '[') {
                        depth++;
                } else if ((*p == '}' || *p == ']') && --depth == 0) {
                        return p + 1;
                }
        }
        return NULL;
}

char *ddb_last_evaluated_key(const char *answer)
{
        const char *k = answer ? strstr(answer, "\"LastEvaluatedKey\":") : NULL;
        if (!k)
                return NULL;
        k += strlen("\"LastEvaluatedKey\":");
        const char *end = value_end(k);
        return end ? strndup(k, (size_t)(end - k)) : NULL;
}

void ddb_sum_number(const char *answer, const char *name, int64_t *sum, int64_t *count)
{
        char needle[128];
        snprintf(needle, sizeof needle, "\"%s\":{\"N\":\"", name);
        for (const char *p = answer ? strstr(answer, needle) : NULL; p;
             p = strstr(p + 1, needle)) {
                *sum += strtoll(p + strlen(needle), NULL, 10);
                (*count)++;
        }
}
