/* aws4/aws4.h - ddblint's stub of Softmotions aws4's request layer (aws4.h),
 * written for ddblint from the library's public API (aws4 1.0.2, git 9899bd5,
 * 2024-09-05); used only when the real header is not on the include path
 * (ddblint searches its stubs after the user's paths: -idirafter).
 * SPDX-License-Identifier: MIT
 *
 * The real header includes iowow and iwnet (Softmotions' base and network
 * libraries) and libcurl. When those are missing too, the few iowow types and
 * macros that aws4 code uses are declared here (IW_EXPORT, iwrc, IWPOOL,
 * JBL_NODE, the RCC/RCB error-check macros), so that a translation unit that
 * includes only <aws4/aws4dd.h> still typechecks; libcurl comes from its real
 * header or ddblint's curl/curl.h stub. Declarations only.
 */
#ifndef DDBLINT_STUB_AWS4_AWS4_H
#define DDBLINT_STUB_AWS4_AWS4_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__has_include)
#if __has_include(<iowow/basedefs.h>) && __has_include(<iowow/iwpool.h>) && \
        __has_include(<iowow/iwjson.h>)
#define DDBLINT_STUB_HAVE_IOWOW 1
#include <iowow/basedefs.h>
#include <iowow/iwpool.h>
#include <iowow/iwjson.h>
#endif
#endif

#ifndef DDBLINT_STUB_HAVE_IOWOW
/* The iowow declarations aws4's API and its users rely on. */
#include <errno.h>
#ifdef __cplusplus
#define IW_EXTERN_C_START extern "C" {
#define IW_EXTERN_C_END }
#else
#define IW_EXTERN_C_START
#define IW_EXTERN_C_END
#endif
#define IW_EXPORT __attribute__((visibility("default")))
#define IW_ERROR_START 70000L
#define IW_ERROR_ALLOC (IW_ERROR_START + 4L)
#define IW_ERROR_INVALID_ARGS (IW_ERROR_START + 9L)
#define IW_ERROR_UNEXPECTED_RESPONSE (IW_ERROR_START + 20L)
/* rc = expr; on a non-zero rc, goto label. */
#define RCGO(rc__, label__) if (rc__) goto label__
#define RCHECK(rc__, label__, expr__) \
        rc__ = expr__;                \
        RCGO(rc__, label__)
#define RCC(rc__, label__, expr__) RCHECK(rc__, label__, expr__)
/* A NULL v: rc = an allocation error, goto label. */
#define RCB(label__, v__)                                    \
        if (!(v__)) {                                        \
                rc = iwrc_set_errno(IW_ERROR_ALLOC, errno);  \
                goto label__;                                \
        }
#define RCR(expr__)                    \
        do {                           \
                iwrc rc__ = (expr__);  \
                if (rc__)              \
                        return rc__;   \
        } while (0)

IW_EXTERN_C_START

typedef uint64_t iwrc;
typedef struct _IWPOOL IWPOOL;
typedef struct _IWXSTR IWXSTR;

typedef enum {
        JBV_NONE = 0,
        JBV_NULL,
        JBV_BOOL,
        JBV_I64,
        JBV_F64,
        JBV_STR,
        JBV_OBJECT,
        JBV_ARRAY,
} jbl_type_t;

/* A node of an iowow JSON tree (iwjson.h). */
typedef struct _JBL_NODE {
        struct _JBL_NODE *next;
        struct _JBL_NODE *prev;
        struct _JBL_NODE *parent;
        const char *key;
        int klidx;
        uint32_t flags;
        struct _JBL_NODE *child;
        int vsize;
        jbl_type_t type;
        union {
                const char *vptr;
                bool vbool;
                int64_t vi64;
                double vf64;
        };
} *JBL_NODE;

iwrc iwrc_set_errno(iwrc rc, int errno_code);
IWPOOL *iwpool_create_empty(void);
void iwpool_destroy(IWPOOL *pool);
char *iwpool_printf(IWPOOL *pool, const char *format, ...);
iwrc jbn_at(JBL_NODE node, const char *path, JBL_NODE *res);
iwrc jbn_from_json(const char *json, JBL_NODE *node, IWPOOL *pool);
iwrc jbn_from_json_printf(JBL_NODE *node, IWPOOL *pool, const char *format, ...);
IWXSTR *iwxstr_new(void);
void iwxstr_destroy(IWXSTR *xstr);
char *iwxstr_ptr(IWXSTR *xstr);

IW_EXTERN_C_END
#endif /* !DDBLINT_STUB_HAVE_IOWOW */

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
