/* aws4/aws4.h - ddblint's stub of Softmotions aws4's request layer (aws4.h),
 * written for ddblint from the library's public API (aws4 1.0.2, git 9899bd5,
 * 2024-09-05); used only when the real header is not on the include path
 * (ddblint searches its stubs after the user's paths: -idirafter).
 * SPDX-License-Identifier: MIT
 *
 * The real header includes iowow and iwnet (Softmotions' base and network
 * libraries) and libcurl; so does this one, and ddblint has stubs of the
 * parts of those that aws4 and its users need (stubs/include/iowow, iwnet,
 * curl), so that aws4 code typechecks on a machine that has none of them.
 * Declarations only.
 */
#ifndef DDBLINT_STUB_AWS4_AWS4_H
#define DDBLINT_STUB_AWS4_AWS4_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* As the real header: iowow and iwnet (their real headers, or ddblint's
 * stubs beside this one), libcurl */
#include <iowow/basedefs.h>
#include <iowow/iwpool.h>
#include <iowow/iwjson.h>
#include <iwnet/iwn_curl.h>
#include <iwnet/iwn_url.h>
#include <iwnet/iwn_pairs.h>

/* libcurl's real header, or ddblint's stub of it (curl/curl.h beside this one) */
#include <curl/curl.h>

IW_EXTERN_C_START

#define AWS_SERVICE_DYNAMODB 0x01U
#define AWS_SERVICE_S3 0x02U
#define AWS_REQUEST_VERBOSE 0x04U
#define AWS_REQUEST_JUST_PRINT 0x08U
#define AWS_REQUEST_ACCEPT_ANY_STATUS_CODE 0x10U
#define AWS_SERVICE_ALL (AWS_SERVICE_S3 | AWS_SERVICE_DYNAMODB)

typedef enum {
        _AWS4_ERROR_START = (IW_ERROR_START + 100000L),
        AWS4_API_REQUEST_ERROR,
        _AWS4_ERROR_END,
} aws4_ecode_e;

struct aws4_request;

/* Connection settings of a request (the first argument of every send). */
struct aws4_request_spec {
        CURL *curl;
        const char *aws_region;
        const char *aws_config_profile;
        const char *aws_url;
        const char *aws_key;
        const char *aws_secret_key;
        unsigned connect_attempt_timeout_sec;
        unsigned reconnect_attempts_max;
        unsigned flags;
};

/* A raw body and its X-Amz-Target ("DynamoDB_20120810.<Operation>"). */
struct aws4_request_payload {
        const char *payload;
        size_t payload_len;
        const char *amz_target;
        const char *content_type;
};

/* A JSON tree body and its X-Amz-Target. */
struct aws4_request_json_payload {
        const char *amz_target;
        JBL_NODE json;
};

struct aws4_response {
        char *payload;
        int status_code;
};

IW_EXPORT iwrc aws4_request_perform(CURL *curl, struct aws4_request *req, char **out,
                                    int *out_scode);
IW_EXPORT iwrc aws4_request_raw(const struct aws4_request_spec *spec,
                                const struct aws4_request_payload *payload, char **out,
                                int *out_scode);
IW_EXPORT iwrc aws4_request_raw_json_get(const struct aws4_request_spec *spec,
                                         const struct aws4_request_payload *payload,
                                         IWPOOL *pool, JBL_NODE *out, int *out_scode);
IW_EXPORT iwrc aws4_request_json(const struct aws4_request_spec *spec,
                                 const struct aws4_request_json_payload *payload, IWPOOL *pool,
                                 JBL_NODE *out, int *out_scode);
IW_EXPORT iwrc aws4_request_create(const struct aws4_request_spec *spec,
                                   struct aws4_request **out_req);
IW_EXPORT void aws4_request_destroy(struct aws4_request **reqp);
IW_EXPORT iwrc aws4_request_payload_set(struct aws4_request *req,
                                        const struct aws4_request_payload *payload);
IW_EXPORT iwrc aws4_request_payload_json_set(struct aws4_request *req, const char *amz_target,
                                             JBL_NODE json);

IW_EXTERN_C_END

#endif
