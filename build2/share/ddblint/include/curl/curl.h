/* curl/curl.h - ddblint's stub of libcurl's easy interface (libcurl 7.x and
 * 8.x), written for ddblint from libcurl's documented API; used only when
 * the real <curl/curl.h> is not on the include path (-idirafter), so that C
 * code posting DynamoDB requests over libcurl typechecks on a machine
 * without libcurl's headers. Declarations only: the easy handle, header
 * lists, the options and information codes such code commonly uses, with
 * libcurl's values.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_CURL_CURL_H
#define DDBLINT_STUB_CURL_CURL_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void CURL;
typedef long long curl_off_t;

/* A header list: each data is one "Name: value" line. */
struct curl_slist {
        char *data;
        struct curl_slist *next;
};

typedef enum {
        CURLE_OK = 0,
        CURLE_UNSUPPORTED_PROTOCOL = 1,
        CURLE_FAILED_INIT = 2,
        CURLE_URL_MALFORMAT = 3,
        CURLE_COULDNT_RESOLVE_HOST = 6,
        CURLE_COULDNT_CONNECT = 7,
        CURLE_HTTP_RETURNED_ERROR = 22,
        CURLE_WRITE_ERROR = 23,
        CURLE_OUT_OF_MEMORY = 27,
        CURLE_OPERATION_TIMEDOUT = 28,
        CURLE_SSL_CONNECT_ERROR = 35,
        CURLE_SEND_ERROR = 55,
        CURLE_RECV_ERROR = 56,
} CURLcode;

#define CURLOPTTYPE_LONG 0
#define CURLOPTTYPE_OBJECTPOINT 10000
#define CURLOPTTYPE_FUNCTIONPOINT 20000
#define CURLOPTTYPE_OFF_T 30000

typedef enum {
        CURLOPT_WRITEDATA = CURLOPTTYPE_OBJECTPOINT + 1,
        CURLOPT_URL = CURLOPTTYPE_OBJECTPOINT + 2,
        CURLOPT_PORT = CURLOPTTYPE_LONG + 3,
        CURLOPT_USERPWD = CURLOPTTYPE_OBJECTPOINT + 5,
        CURLOPT_READDATA = CURLOPTTYPE_OBJECTPOINT + 9,
        CURLOPT_ERRORBUFFER = CURLOPTTYPE_OBJECTPOINT + 10,
        CURLOPT_WRITEFUNCTION = CURLOPTTYPE_FUNCTIONPOINT + 11,
        CURLOPT_READFUNCTION = CURLOPTTYPE_FUNCTIONPOINT + 12,
        CURLOPT_TIMEOUT = CURLOPTTYPE_LONG + 13,
        CURLOPT_POSTFIELDS = CURLOPTTYPE_OBJECTPOINT + 15,
        CURLOPT_USERAGENT = CURLOPTTYPE_OBJECTPOINT + 18,
        CURLOPT_HTTPHEADER = CURLOPTTYPE_OBJECTPOINT + 23,
        CURLOPT_HEADERDATA = CURLOPTTYPE_OBJECTPOINT + 29,
        CURLOPT_CUSTOMREQUEST = CURLOPTTYPE_OBJECTPOINT + 36,
        CURLOPT_VERBOSE = CURLOPTTYPE_LONG + 41,
        CURLOPT_HEADER = CURLOPTTYPE_LONG + 42,
        CURLOPT_NOPROGRESS = CURLOPTTYPE_LONG + 43,
        CURLOPT_NOBODY = CURLOPTTYPE_LONG + 44,
        CURLOPT_FAILONERROR = CURLOPTTYPE_LONG + 45,
        CURLOPT_POST = CURLOPTTYPE_LONG + 47,
        CURLOPT_FOLLOWLOCATION = CURLOPTTYPE_LONG + 52,
        CURLOPT_POSTFIELDSIZE = CURLOPTTYPE_LONG + 60,
        CURLOPT_SSL_VERIFYPEER = CURLOPTTYPE_LONG + 64,
        CURLOPT_CAINFO = CURLOPTTYPE_OBJECTPOINT + 65,
        CURLOPT_CONNECTTIMEOUT = CURLOPTTYPE_LONG + 78,
        CURLOPT_HEADERFUNCTION = CURLOPTTYPE_FUNCTIONPOINT + 79,
        CURLOPT_SSL_VERIFYHOST = CURLOPTTYPE_LONG + 81,
        CURLOPT_HTTP_VERSION = CURLOPTTYPE_LONG + 84,
        CURLOPT_NOSIGNAL = CURLOPTTYPE_LONG + 99,
        CURLOPT_POSTFIELDSIZE_LARGE = CURLOPTTYPE_OFF_T + 120,
        CURLOPT_TIMEOUT_MS = CURLOPTTYPE_LONG + 155,
        CURLOPT_CONNECTTIMEOUT_MS = CURLOPTTYPE_LONG + 156,
        CURLOPT_COPYPOSTFIELDS = CURLOPTTYPE_OBJECTPOINT + 165,
        CURLOPT_USERNAME = CURLOPTTYPE_OBJECTPOINT + 173,
        CURLOPT_PASSWORD = CURLOPTTYPE_OBJECTPOINT + 174,
        CURLOPT_AWS_SIGV4 = CURLOPTTYPE_OBJECTPOINT + 305,
} CURLoption;

#define CURLINFO_STRING 0x100000
#define CURLINFO_LONG 0x200000
#define CURLINFO_DOUBLE 0x300000

typedef enum {
        CURLINFO_NONE = 0,
        CURLINFO_EFFECTIVE_URL = CURLINFO_STRING + 1,
        CURLINFO_RESPONSE_CODE = CURLINFO_LONG + 2,
        CURLINFO_TOTAL_TIME = CURLINFO_DOUBLE + 3,
        CURLINFO_CONTENT_TYPE = CURLINFO_STRING + 18,
} CURLINFO;

#define CURL_GLOBAL_SSL (1 << 0)
#define CURL_GLOBAL_WIN32 (1 << 1)
#define CURL_GLOBAL_ALL (CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32)
#define CURL_GLOBAL_DEFAULT CURL_GLOBAL_ALL
#define CURL_ERROR_SIZE 256

typedef size_t (*curl_write_callback)(char *buffer, size_t size, size_t nitems, void *outstream);

CURLcode curl_global_init(long flags);
void curl_global_cleanup(void);
CURL *curl_easy_init(void);
CURLcode curl_easy_setopt(CURL *curl, CURLoption option, ...);
CURLcode curl_easy_perform(CURL *curl);
CURLcode curl_easy_getinfo(CURL *curl, CURLINFO info, ...);
void curl_easy_cleanup(CURL *curl);
void curl_easy_reset(CURL *curl);
CURL *curl_easy_duphandle(CURL *curl);
const char *curl_easy_strerror(CURLcode code);
char *curl_easy_escape(CURL *curl, const char *string, int length);
char *curl_easy_unescape(CURL *curl, const char *url, int inlength, int *outlength);
void curl_free(void *p);
struct curl_slist *curl_slist_append(struct curl_slist *list, const char *data);
void curl_slist_free_all(struct curl_slist *list);
char *curl_version(void);

#ifdef __cplusplus
}
#endif

#endif
