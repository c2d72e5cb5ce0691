/* aws_dynamo/aws_dynamo.h - ddblint's stub of devicescape's aws_dynamo
 * library (aws_dynamo.h with aws.h and its per-operation headers), written
 * for ddblint from the library's public API (devicescape/aws_dynamo git
 * b92575c, 2019), plus the 2012-08-10 functions of its fork
 * haifenghuang/aws_dynamoEx (aws_dynamo_v2_*); used only when the real
 * header is not on the include path (-idirafter). Declarations only.
 * SPDX-License-Identifier: MIT
 *
 * Every request is a JSON string the caller builds. The operation functions
 * (aws_dynamo_get_item, aws_dynamo_scan, ...) send DynamoDB's 2011-12-05 API
 * ("DynamoDB_20111205.<Operation>": HashKeyElement, AttributesToGet,
 * ScanFilter...), which DynamoDB's 2012-08-10 API replaced;
 * aws_dynamo_layer1_request(aws, target, body) sends any target, and the
 * AWS_DYNAMO_V2_* macros name the 2012-08-10 ones. The fork's names are kept
 * as it declares them, typo included (aws_dy_v2_put_item).
 */
#ifndef DDBLINT_STUB_AWS_DYNAMO_AWS_DYNAMO_H
#define DDBLINT_STUB_AWS_DYNAMO_AWS_DYNAMO_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- aws.h: the library handle ------------------------------------------------ */

#define AWS_SESSION_REFRESH_TIME (60 * 5)
#define AWS_KINESIS_SEQUENCE_SIZE 64

struct aws_session_token {
        char *session_token;
        char *secret_access_key;
        time_t expiration;
        char *access_key_id;
};

struct aws_handle {
        void *http;
        struct aws_session_token *token;
        char *aws_id;
        char *aws_key;
        char dynamo_message[512];
        int dynamo_errno;
        int dynamo_max_retries;
        int dynamo_https;
        int dynamo_port;
        char *dynamo_host;
        char *dynamo_region;
};

struct aws_handle *aws_init(const char *aws_id, const char *aws_key);
void aws_deinit(struct aws_handle *aws);
char *aws_base64_encode(char *in, int in_len, size_t *out_len);
time_t aws_parse_iso8601_date(char *str);
void aws_free_session_token(struct aws_session_token *token);
int aws_get_security_credentials(struct aws_handle *aws, char **id, char **key);
int aws_post(struct aws_handle *aws, const char *aws_service, const char *target,
             const char *body);

/* ---- targets, headers, error codes -------------------------------------------- */

#define AWS_DYNAMO_DEFAULT_HOST "dynamodb.us-east-1.amazonaws.com"
#define AWS_DYNAMO_DEFAULT_REGION "us-east-1"
#define AWS_DYNAMO_AUTHORIZATION_HEADER "authorization"
#define AWS_DYNAMO_DATE_HEADER "x-amz-date"
#define AWS_DYNAMO_AUTH_HEADER "x-amzn-authorization"
#define AWS_DYNAMO_TARGET_HEADER "x-amz-target"
#define AWS_DYNAMO_TOKEN_HEADER "x-amz-security-token"
#define AWS_DYNAMO_CONTENT_TYPE "application/x-amz-json-1.0"

/* DynamoDB API 2011-12-05 */
#define AWS_DYNAMO_BATCH_GET_ITEM "DynamoDB_20111205.BatchGetItem"
#define AWS_DYNAMO_BATCH_WRITE_ITEM "DynamoDB_20111205.BatchWriteItem"
#define AWS_DYNAMO_CREATE_TABLE "DynamoDB_20111205.CreateTable"
#define AWS_DYNAMO_DELETE_ITEM "DynamoDB_20111205.DeleteItem"
#define AWS_DYNAMO_DELETE_TABLE "DynamoDB_20111205.DeleteTable"
#define AWS_DYNAMO_DESCRIBE_TABLE "DynamoDB_20111205.DescribeTable"
#define AWS_DYNAMO_GET_ITEM "DynamoDB_20111205.GetItem"
#define AWS_DYNAMO_LIST_TABLES "DynamoDB_20111205.ListTables"
#define AWS_DYNAMO_PUT_ITEM "DynamoDB_20111205.PutItem"
#define AWS_DYNAMO_QUERY "DynamoDB_20111205.Query"
#define AWS_DYNAMO_SCAN "DynamoDB_20111205.Scan"
#define AWS_DYNAMO_UPDATE_ITEM "DynamoDB_20111205.UpdateItem"
#define AWS_DYNAMO_UPDATE_TABLE "DynamoDB_20111205.UpdateTable"

/* DynamoDB API 2012-08-10 */
#define AWS_DYNAMO_V2_BATCH_GET_ITEM "DynamoDB_20120810.BatchGetItem"
#define AWS_DYNAMO_V2_BATCH_WRITE_ITEM "DynamoDB_20120810.BatchWriteItem"
#define AWS_DYNAMO_V2_CREATE_TABLE "DynamoDB_20120810.CreateTable"
#define AWS_DYNAMO_V2_DELETE_ITEM "DynamoDB_20120810.DeleteItem"
#define AWS_DYNAMO_V2_DELETE_TABLE "DynamoDB_20120810.DeleteTable"
#define AWS_DYNAMO_V2_DESCRIBE_TABLE "DynamoDB_20120810.DescribeTable"
#define AWS_DYNAMO_V2_GET_ITEM "DynamoDB_20120810.GetItem"
#define AWS_DYNAMO_V2_LIST_TABLES "DynamoDB_20120810.ListTables"
#define AWS_DYNAMO_V2_PUT_ITEM "DynamoDB_20120810.PutItem"
#define AWS_DYNAMO_V2_QUERY "DynamoDB_20120810.Query"
#define AWS_DYNAMO_V2_SCAN "DynamoDB_20120810.Scan"
#define AWS_DYNAMO_V2_UPDATE_ITEM "DynamoDB_20120810.UpdateItem"
#define AWS_DYNAMO_V2_UPDATE_TABLE "DynamoDB_20120810.UpdateTable"

#define AWS_DYNAMO_ACCESS_DENIED_EXCEPTION "AccessDeniedException"
#define AWS_DYNAMO_CONDITIONAL_CHECK_FAILED_EXCEPTION "ConditionalCheckFailedException"
#define AWS_DYNAMO_INCOMPLETE_SIGNATURE_EXCEPTION "IncompleteSignatureException"
#define AWS_DYNAMO_LIMIT_EXCEEDED_EXCEPTION "LimitExceededException"
#define AWS_DYNAMO_MISSING_AUTHENTICATION_TOKEN_EXCEPTION "MissingAuthenticationTokenException"
#define AWS_DYNAMO_PROVISIONED_THROUGHPUT_EXCEEDED_EXCEPTION "ProvisionedThroughputExceededException"
#define AWS_DYNAMO_RESOURCE_IN_USE_EXCEPTION "ResourceInUseException"
#define AWS_DYNAMO_RESOURCE_NOT_FOUND_EXCEPTION "ResourceNotFoundException"
#define AWS_DYNAMO_THROTTLING_EXCEPTION "ThrottlingException"
#define AWS_DYNAMO_VALIDATION_EXCEPTION "ValidationException"
#define AWS_DYNAMO_INTERNAL_FAILURE "InternalFailure"
#define AWS_DYNAMO_INTERNAL_SERVER_ERROR "InternalServerError"
#define AWS_DYNAMO_SERVICE_UNAVAILABLE_EXCEPTION "ServiceUnavailableException"

enum {
        AWS_DYNAMO_CODE_UNKNOWN,
        AWS_DYNAMO_CODE_NONE,
        AWS_DYNAMO_CODE_ACCESS_DENIED_EXCEPTION,
        AWS_DYNAMO_CODE_CONDITIONAL_CHECK_FAILED_EXCEPTION,
        AWS_DYNAMO_CODE_INCOMPLETE_SIGNATURE_EXCEPTION,
        AWS_DYNAMO_CODE_LIMIT_EXCEEDED_EXCEPTION,
        AWS_DYNAMO_CODE_MISSING_AUTHENTICATION_TOKEN_EXCEPTION,
        AWS_DYNAMO_CODE_PROVISIONED_THROUGHPUT_EXCEEDED_EXCEPTION,
        AWS_DYNAMO_CODE_RESOURCE_IN_USE_EXCEPTION,
        AWS_DYNAMO_CODE_RESOURCE_NOT_FOUND_EXCEPTION,
        AWS_DYNAMO_CODE_THROTTLING_EXCEPTION,
        AWS_DYNAMO_CODE_VALIDATION_EXCEPTION,
        AWS_DYNAMO_CODE_INTERNAL_FAILURE,
        AWS_DYNAMO_CODE_INTERNAL_SERVER_ERROR,
        AWS_DYNAMO_CODE_SERVICE_UNAVAILABLE_EXCEPTION,
};

/* ---- attributes and items (responses are parsed into these) --------------------- */

enum aws_dynamo_table_status {
        AWS_DYNAMO_TABLE_STATUS_CREATING = 0,
        AWS_DYNAMO_TABLE_STATUS_ACTIVE,
        AWS_DYNAMO_TABLE_STATUS_DELETING,
        AWS_DYNAMO_TABLE_STATUS_UPDATING,
};

enum aws_dynamo_attribute_type {
        AWS_DYNAMO_STRING = 0,
        AWS_DYNAMO_STRING_SET = 1,
        AWS_DYNAMO_NUMBER = 2,
        AWS_DYNAMO_NUMBER_SET = 3,
};

enum aws_dynamo_number_type {
        AWS_DYNAMO_NUMBER_INTEGER = 0,
        AWS_DYNAMO_NUMBER_DOUBLE = 1,
};

extern const char *aws_dynamo_attribute_types[];

typedef signed long long int aws_dynamo_integer_t;
typedef long double aws_dynamo_double_t;

struct aws_dynamo_string_set {
        int num_strings;
        char **strings;
};

struct aws_dynamo_number {
        enum aws_dynamo_number_type type;
        union {
                aws_dynamo_integer_t *integer_val;
                aws_dynamo_double_t *double_val;
        } value;
};

struct aws_dynamo_number_set {
        int n;
        enum aws_dynamo_number_type type;
        struct aws_dynamo_number *numbers;
};

/* An attribute the caller expects in a response (name, type) and its value. */
struct aws_dynamo_attribute {
        const char *name;
        int name_len;
        enum aws_dynamo_attribute_type type;
        union {
                char *string;
                struct aws_dynamo_number number;
                struct aws_dynamo_string_set string_set;
                struct aws_dynamo_number_set number_set;
        } value;
};

struct aws_dynamo_item {
        int num_attributes;
        struct aws_dynamo_attribute *attributes;
};

struct aws_dynamo_key {
        char *type;
        char *value;
};

int aws_dynamo_json_get_int(const unsigned char *val, size_t len, int *i);
int aws_dynamo_json_get_double(const char *val, size_t len, double *d);
int aws_dynamo_json_get_type(const unsigned char *val, size_t len,
                             enum aws_dynamo_attribute_type *type);
int aws_dynamo_json_get_table_status(const unsigned char *val, size_t len,
                                     enum aws_dynamo_table_status *status);
void aws_dynamo_free_attributes(struct aws_dynamo_attribute *attributes, int num_attributes);
void aws_dynamo_dump_attributes(struct aws_dynamo_attribute *attributes, int num_attributes);
int aws_dynamo_parse_attribute_value(struct aws_dynamo_attribute *attribute,
                                     const unsigned char *val, size_t len);
struct aws_dynamo_item *aws_dynamo_copy_item(struct aws_dynamo_item *item);
void aws_dynamo_free_item(struct aws_dynamo_item *item);

/* ---- configuration -------------------------------------------------------------------- */

void aws_dynamo_set_max_retries(struct aws_handle *aws, int dynamo_max_retries);
void aws_dynamo_set_https(struct aws_handle *aws, int https);
void aws_dynamo_set_https_certificate_file(struct aws_handle *aws, const char *certfile);
int aws_dynamo_set_endpoint(struct aws_handle *aws, const char *host, const char *region);
void aws_dynamo_set_port(struct aws_handle *aws, int port);
char *aws_dynamo_get_message(struct aws_handle *aws);
int aws_dynamo_get_errno(struct aws_handle *aws);

/* ---- any target: the JSON body is sent as is ------------------------------------------ */

int aws_dynamo_request(struct aws_handle *aws, const char *target, const char *body);
int aws_dynamo_layer1_request(struct aws_handle *aws, const char *target, const char *body);
const char *aws_dynamo_layer1_get_response(struct aws_handle *aws, int *response_len);

/* ---- DynamoDB API 2011-12-05: one function per operation --------------------------------- */

struct aws_dynamo_batch_get_item_response_table {
        const char *name;
        int name_len;
        double consumed_capacity_units;
        int num_attributes;
        struct aws_dynamo_attribute *attributes;
        int num_items;
        struct aws_dynamo_item *items;
};

struct aws_dynamo_batch_get_item_response {
        int num_tables;
        struct aws_dynamo_batch_get_item_response_table *tables;
        char *unprocessed_keys;
};

struct aws_dynamo_batch_write_item_consumed_capacity {
        double consumed_capacity_units;
        char *table_name;
};

struct aws_dynamo_batch_write_item_response {
        int num_responses;
        struct aws_dynamo_batch_write_item_consumed_capacity *responses;
        char *unprocessed_items;
};

/* CreateTable, DeleteTable, DescribeTable and UpdateTable answer a table
 * description; DescribeTable and UpdateTable have the increase and decrease
 * times too. */
#define DDBLINT_STUB_AWS_DYNAMO_TABLE_FIELDS                         \
        int creation_date_time;                                      \
        char *hash_key_name;                                         \
        enum aws_dynamo_attribute_type hash_key_type;                \
        char *range_key_name;                                        \
        enum aws_dynamo_attribute_type range_key_type;               \
        int write_units;                                             \
        int read_units;                                              \
        int item_count;                                              \
        int table_size_bytes;                                        \
        int number_decreases_today;

struct aws_dynamo_create_table_response {
        DDBLINT_STUB_AWS_DYNAMO_TABLE_FIELDS
        char *table_name;
        enum aws_dynamo_table_status status;
};

struct aws_dynamo_delete_table_response {
        DDBLINT_STUB_AWS_DYNAMO_TABLE_FIELDS
        char *table_name;
        enum aws_dynamo_table_status status;
};

struct aws_dynamo_describe_table_response {
        DDBLINT_STUB_AWS_DYNAMO_TABLE_FIELDS
        int last_increase_date_time;
        int last_decrease_date_time;
        char *table_name;
        enum aws_dynamo_table_status status;
};

struct aws_dynamo_update_table_response {
        DDBLINT_STUB_AWS_DYNAMO_TABLE_FIELDS
        int last_increase_date_time;
        int last_decrease_date_time;
        char *table_name;
        enum aws_dynamo_table_status status;
};

struct aws_dynamo_delete_item_response {
        double consumed_capacity_units;
        struct aws_dynamo_item item;
};

struct aws_dynamo_get_item_response {
        double consumed_capacity_units;
        struct aws_dynamo_item item;
};

struct aws_dynamo_list_tables_response {
        char *last_evaluated_table_name;
        int num_tables;
        char **table_names;
};

struct aws_dynamo_put_item_response {
        int num_attributes;
        struct aws_dynamo_attribute *attributes;
        double consumed_capacity_units;
};

struct aws_dynamo_update_item_response {
        int num_attributes;
        struct aws_dynamo_attribute *attributes;
        double consumed_capacity_units;
};

struct aws_dynamo_query_response {
        double consumed_capacity_units;
        int count;
        struct aws_dynamo_item *items;
        struct aws_dynamo_key *hash_key;
        struct aws_dynamo_key *range_key;
};

struct aws_dynamo_scan_response {
        double consumed_capacity_units;
        int count;
        int scanned_count;
        struct aws_dynamo_item *items;
        struct aws_dynamo_key *hash_key;
        struct aws_dynamo_key *range_key;
};

struct aws_dynamo_batch_get_item_response *aws_dynamo_batch_get_item(
        struct aws_handle *aws, const char *request,
        struct aws_dynamo_batch_get_item_response_table *tables, int num_tables);
struct aws_dynamo_batch_write_item_response *aws_dynamo_batch_write_item(struct aws_handle *aws,
                                                                         const char *request);
struct aws_dynamo_create_table_response *aws_dynamo_create_table(struct aws_handle *aws,
                                                                 const char *request);
struct aws_dynamo_delete_item_response *aws_dynamo_delete_item(
        struct aws_handle *aws, const char *request, struct aws_dynamo_attribute *attributes,
        int num_attributes);
struct aws_dynamo_delete_table_response *aws_dynamo_delete_table(struct aws_handle *aws,
                                                                 const char *request);
struct aws_dynamo_describe_table_response *aws_dynamo_describe_table(struct aws_handle *aws,
                                                                     const char *request);
struct aws_dynamo_get_item_response *aws_dynamo_get_item(struct aws_handle *aws,
                                                         const char *request,
                                                         struct aws_dynamo_attribute *attributes,
                                                         int num_attributes);
struct aws_dynamo_list_tables_response *aws_dynamo_list_tables(struct aws_handle *aws,
                                                               const char *request);
struct aws_dynamo_put_item_response *aws_dynamo_put_item(struct aws_handle *aws,
                                                         const char *request,
                                                         struct aws_dynamo_attribute *attributes,
                                                         int num_attributes);
struct aws_dynamo_query_response *aws_dynamo_query(struct aws_handle *aws, const char *request,
                                                   struct aws_dynamo_attribute *attributes,
                                                   int num_attributes);
struct aws_dynamo_scan_response *aws_dynamo_scan(struct aws_handle *aws, const char *request,
                                                 struct aws_dynamo_attribute *attributes,
                                                 int num_attributes);
struct aws_dynamo_update_item_response *aws_dynamo_update_item(
        struct aws_handle *aws, const char *request, struct aws_dynamo_attribute *attributes,
        int num_attributes);
struct aws_dynamo_update_table_response *aws_dynamo_update_table(struct aws_handle *aws,
                                                                 const char *request);

struct aws_dynamo_batch_get_item_response *aws_dynamo_parse_batch_get_item_response(
        const unsigned char *response, int response_len,
        struct aws_dynamo_batch_get_item_response_table *tables, int num_tables);
struct aws_dynamo_delete_item_response *aws_dynamo_parse_delete_item_response(
        const char *response, int response_len, struct aws_dynamo_attribute *attributes,
        int num_attributes);
struct aws_dynamo_get_item_response *aws_dynamo_parse_get_item_response(
        const char *response, int response_len, struct aws_dynamo_attribute *attributes,
        int num_attributes);
struct aws_dynamo_query_response *aws_dynamo_parse_query_response(
        const char *response, int response_len, struct aws_dynamo_attribute *attributes,
        int num_attributes);
struct aws_dynamo_scan_response *aws_dynamo_parse_scan_response(
        const char *response, int response_len, struct aws_dynamo_attribute *attributes,
        int num_attributes);
struct aws_dynamo_query_response *aws_dynamo_query_combine_and_free_responses(
        struct aws_dynamo_query_response *current, struct aws_dynamo_query_response *next);

void aws_dynamo_free_batch_get_item_response(struct aws_dynamo_batch_get_item_response *r);
void aws_dynamo_free_batch_write_item_response(struct aws_dynamo_batch_write_item_response *r);
void aws_dynamo_free_create_table_response(struct aws_dynamo_create_table_response *r);
void aws_dynamo_free_delete_item_response(struct aws_dynamo_delete_item_response *r);
void aws_dynamo_free_delete_table_response(struct aws_dynamo_delete_table_response *r);
void aws_dynamo_free_describe_table_response(struct aws_dynamo_describe_table_response *r);
void aws_dynamo_free_get_item_response(struct aws_dynamo_get_item_response *r);
void aws_dynamo_free_list_tables_response(struct aws_dynamo_list_tables_response *r);
void aws_dynamo_free_put_item_response(struct aws_dynamo_put_item_response *r);
void aws_dynamo_free_query_response(struct aws_dynamo_query_response *r);
void aws_dynamo_free_scan_response(struct aws_dynamo_scan_response *r);
void aws_dynamo_free_update_item_response(struct aws_dynamo_update_item_response *r);
void aws_dynamo_free_update_table_response(struct aws_dynamo_update_table_response *r);

void aws_dynamo_dump_batch_get_item_response(struct aws_dynamo_batch_get_item_response *r);
void aws_dynamo_dump_batch_write_item_response(struct aws_dynamo_batch_write_item_response *r);
void aws_dynamo_dump_create_table_response(struct aws_dynamo_create_table_response *r);
void aws_dynamo_dump_delete_item_response(struct aws_dynamo_delete_item_response *r);
void aws_dynamo_dump_delete_table_response(struct aws_dynamo_delete_table_response *r);
void aws_dynamo_dump_describe_table_response(struct aws_dynamo_describe_table_response *r);
void aws_dynamo_dump_get_item_response(struct aws_dynamo_get_item_response *r);
void aws_dynamo_dump_list_tables_response(struct aws_dynamo_list_tables_response *r);
void aws_dynamo_dump_put_item_response(struct aws_dynamo_put_item_response *r);
void aws_dynamo_dump_query_response(struct aws_dynamo_query_response *r);
void aws_dynamo_dump_scan_response(struct aws_dynamo_scan_response *r);
void aws_dynamo_dump_update_item_response(struct aws_dynamo_update_item_response *r);
void aws_dynamo_dump_update_table_response(struct aws_dynamo_update_table_response *r);

/* ---- DynamoDB API 2012-08-10 of the fork aws_dynamoEx (aws_dynamo_v2_*.h) -------------- */

struct aws_dynamo_v2_consumed_capacity {
        double capacityUnits;
        char *tableName;
};

struct aws_dynamo_v2_get_item_response {
        struct aws_dynamo_v2_consumed_capacity consumedCapacityGet;
        struct aws_dynamo_item item;
};

struct aws_dynamo_v2_put_item_response {
        struct aws_dynamo_v2_consumed_capacity consumedCapacityPut;
        struct aws_dynamo_item item;
};

struct aws_dynamo_v2_update_item_response {
        struct aws_dynamo_v2_consumed_capacity consumedCapacityUpd;
        struct aws_dynamo_item item;
};

struct aws_dynamo_v2_delete_item_response {
        struct aws_dynamo_v2_consumed_capacity consumedCapacityDel;
        struct aws_dynamo_item item;
};

struct aws_dynamo_v2_query_response {
        struct aws_dynamo_v2_consumed_capacity consumedCapacityQry;
        int count;
        int scanned_count;
        struct aws_dynamo_item *items;
        struct aws_dynamo_item lastEvaluatedKeys;
};

struct aws_dynamo_v2_scan_response {
        struct aws_dynamo_v2_consumed_capacity consumedCapacityScan;
        int count;
        int scanned_count;
        struct aws_dynamo_item *items;
        struct aws_dynamo_item lastEvaluatedKeys;
};

struct aws_dynamo_v2_list_tables_response {
        char *last_evaluated_table_name;
        int num_tables;
        char **table_names;
};

int aws_dynamo_v2_create_table(struct aws_handle *aws, const char *request);
struct aws_dynamo_v2_get_item_response *aws_dynamo_v2_get_item(struct aws_handle *aws,
                                                               const char *request);
struct aws_dynamo_v2_put_item_response *aws_dy_v2_put_item(struct aws_handle *aws,
                                                           const char *request);
struct aws_dynamo_v2_put_item_response *aws_dynamo_v2_put_item(struct aws_handle *aws,
                                                               const char *request);
int aws_dynamo_v2_put_item2(struct aws_handle *aws, const char *request);
struct aws_dynamo_v2_update_item_response *aws_dynamo_v2_update_item(struct aws_handle *aws,
                                                                     const char *request);
int aws_dynamo_v2_update_item2(struct aws_handle *aws, const char *request);
struct aws_dynamo_v2_delete_item_response *aws_dynamo_v2_delete_item(struct aws_handle *aws,
                                                                     const char *request);
int aws_dynamo_v2_delete_item2(struct aws_handle *aws, const char *request);
struct aws_dynamo_v2_query_response *aws_dynamo_v2_query(struct aws_handle *aws,
                                                         const char *request);
struct aws_dynamo_v2_scan_response *aws_dynamo_v2_scan(struct aws_handle *aws,
                                                       const char *request);
struct aws_dynamo_v2_list_tables_response *aws_dynamo_v2_list_tables(struct aws_handle *aws,
                                                                     const char *request);
void aws_dynamo_free_v2_get_item_response(struct aws_dynamo_v2_get_item_response *r);
void aws_dynamo_free_v2_put_item_response(struct aws_dynamo_v2_put_item_response *r);
void aws_dynamo_free_v2_update_item_response(struct aws_dynamo_v2_update_item_response *r);
void aws_dynamo_free_v2_delete_item_response(struct aws_dynamo_v2_delete_item_response *r);
void aws_dynamo_free_v2_query_response(struct aws_dynamo_v2_query_response *r);
void aws_dynamo_free_v2_scan_response(struct aws_dynamo_v2_scan_response *r);
void aws_dynamo_free_v2_list_tables_response(struct aws_dynamo_v2_list_tables_response *r);

#ifdef __cplusplus
}
#endif

#endif
