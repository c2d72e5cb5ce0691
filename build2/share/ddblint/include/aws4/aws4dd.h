/* aws4/aws4dd.h - ddblint's stub of Softmotions aws4's DynamoDB client
 * (aws4dd.h), written for ddblint from the library's public API (aws4 1.0.2,
 * git 9899bd5, 2024-09-05); used only when the real header is not on the
 * include path (-idirafter). Declarations only.
 * SPDX-License-Identifier: MIT
 *
 * The shape ddblint follows (issue #9): an operation is made by a
 * constructor from a spec struct passed by pointer (copied: later changes to
 * the spec do not count), filled by value setters whose path is a JSON
 * pointer into the request (/ExpressionAttributeValues/:v, /Item/<attr>,
 * /Key/<attr>, /ExclusiveStartKey/<attr>; for batch writes
 * /PutRequest/Item/<attr> and /DeleteRequest/Key/<attr> under a table), and
 * sent by the operation's function. A zero or NULL spec member is not sent.
 * Names are the library's own, typos included: aws4dd_bach_write sends a
 * BatchWriteItem, and the batch-write setters take a struct
 * aws4dd_item_update * as the real header declares them.
 */
#ifndef DDBLINT_STUB_AWS4_AWS4DD_H
#define DDBLINT_STUB_AWS4_AWS4DD_H

#include "aws4.h"

IW_EXTERN_C_START

#define AWS4DD_RESOURCE_TABLE 0x01U
#define AWS4DD_RESOURCE_ATTR 0x02U
#define AWS4DD_RESOURCE_TAG 0x04U
#define AWS4DD_RESOURCE_INDEX 0x08U

typedef enum {
        _AWS4DD_ERROR_START = (IW_ERROR_START + 101000L),
        AWS4DD_ERROR_INVALID_RESOURCE_NAME,
        AWS4DD_ERROR_MAX_IDX_LIMIT,
        AWS4DD_ERROR_NO_PARTITION_KEY,
        _AWS4DD_ERROR_END,
} aws4dd_ecode_e;

/* The response of an operation: its JSON and HTTP status. */
struct aws4dd_response {
        IWPOOL *pool;
        JBL_NODE data;
        int status_code;
};

IW_EXPORT void aws4dd_response_destroy(struct aws4dd_response **rpp);
IW_EXPORT iwrc aws4dd_resource_name_check(const char *name, int resource);

/* ---- tables: CreateTable, DescribeTable, DeleteTable, ListTables,
 * UpdateTable, TagResource, UntagResource, UpdateTimeToLive ------------ */

#define AWS4DD_TABLE_BILLING_PROVISIONED 0x01U
#define AWS4DD_TABLE_BILLING_PER_REQUEST 0x02U
#define AWS4DD_TABLE_CLASS_STANDARD 0x04U
#define AWS4DD_TABLE_CLASS_INFREQUENT 0x08U
#define AWS4DD_TABLE_DONT_AWAIT_CREATION 0x10U
#define AWS4DD_TABLE_STREAM_KEYS_ONLY 0x20U
#define AWS4DD_TABLE_STREAM_NEW_IMAGE 0x40U
#define AWS4DD_TABLE_STREAM_OLD_IMAGE 0x80U
#define AWS4DD_TABLE_STREAM_DISABLED 0x100U
#define AWS4DD_TABLE_STREAM_ALL                                                        \
        (AWS4DD_TABLE_STREAM_KEYS_ONLY | AWS4DD_TABLE_STREAM_NEW_IMAGE |              \
         AWS4DD_TABLE_STREAM_OLD_IMAGE | AWS4DD_TABLE_STREAM_DISABLED)

#define AWS4DD_TABLE_INDEX_GLOBAL 0x01U
#define AWS4DD_TABLE_INDEX_PROJECT_ALL 0x02U

struct aws4dd_table_create;
struct aws4dd_table_update;

struct aws4dd_table_create_spec {
        const char *name;           /* TableName */
        const char *partition_key;  /* "Name:S" */
        const char *sort_key;       /* "Name:S" or NULL */
        long read_capacity_units;
        long write_capacity_units;
        unsigned flags;             /* AWS4DD_TABLE_* */
};

struct aws4dd_index_spec {
        const char *name;
        const char *pk;
        const char *sk;
        const char **proj;          /* NULL-terminated non-key attributes */
        long read_capacity_units;
        long write_capacity_units;
        unsigned flags;             /* AWS4DD_TABLE_INDEX_* */
};

struct aws4dd_table_update_spec {
        const char *name;
        long read_capacity_units;
        long write_capacity_units;
        uint32_t flags;
};

IW_EXPORT iwrc aws4dd_table_create_op(struct aws4dd_table_create **rpp,
                                      const struct aws4dd_table_create_spec *spec);
IW_EXPORT void aws4dd_table_create_op_destroy(struct aws4dd_table_create **opp);
IW_EXPORT iwrc aws4dd_table_tag_add(struct aws4dd_table_create *op, const char *tag_name,
                                    const char *tag_value);
IW_EXPORT iwrc aws4dd_table_attribute_add(struct aws4dd_table_create *op, const char *spec);
IW_EXPORT iwrc aws4dd_table_attribute_string_add(struct aws4dd_table_create *op,
                                                 const char *name);
IW_EXPORT iwrc aws4dd_table_attribute_number_add(struct aws4dd_table_create *op,
                                                 const char *name);
IW_EXPORT iwrc aws4dd_table_attribute_binary_add(struct aws4dd_table_create *op,
                                                 const char *name);
IW_EXPORT iwrc aws4dd_table_index_add(struct aws4dd_table_create *op,
                                      const struct aws4dd_index_spec *spec);
IW_EXPORT iwrc aws4dd_table_create(const struct aws4_request_spec *spec,
                                   struct aws4dd_table_create *op, struct aws4dd_response **rpp);
IW_EXPORT iwrc aws4dd_table_await_active(const struct aws4_request_spec *spec,
                                         const char *table_name, int max_wait_sec);
IW_EXPORT iwrc aws4dd_table_describe(const struct aws4_request_spec *spec, const char *name,
                                     struct aws4dd_response **rpp);
IW_EXPORT iwrc aws4dd_table_delete(const struct aws4_request_spec *spec, const char *name,
                                   struct aws4dd_response **rpp);
IW_EXPORT iwrc aws4dd_tag_resource(const struct aws4_request_spec *spec, const char *resource_arn,
                                   const char *tag_pairs[]);
IW_EXPORT iwrc aws4dd_untag_resource(const struct aws4_request_spec *spec,
                                     const char *resource_arn, const char *tag_keys[]);
IW_EXPORT iwrc aws4dd_tables_list(const struct aws4_request_spec *spec,
                                  const char *exclusive_start_table_name, uint32_t limit,
                                  struct aws4dd_response **rpp);
IW_EXPORT iwrc aws4dd_table_update_op(struct aws4dd_table_update **rpp,
                                      const struct aws4dd_table_update_spec *spec);
IW_EXPORT void aws4dd_table_update_op_destroy(struct aws4dd_table_update **opp);
IW_EXPORT iwrc aws4dd_table_update_attribute_add(struct aws4dd_table_update *op,
                                                 const char *spec);
IW_EXPORT iwrc aws4dd_table_update_attribute_string_add(struct aws4dd_table_update *op,
                                                        const char *name);
IW_EXPORT iwrc aws4dd_table_update_attribute_number_add(struct aws4dd_table_update *op,
                                                        const char *name);
IW_EXPORT iwrc aws4dd_table_update_attribute_binary_add(struct aws4dd_table_update *op,
                                                        const char *name);
IW_EXPORT iwrc aws4dd_table_update_index_create(struct aws4dd_table_update *op,
                                                const struct aws4dd_index_spec *spec);
IW_EXPORT iwrc aws4dd_table_update_index_delete(struct aws4dd_table_update *op,
                                                const char *index_name);
IW_EXPORT iwrc aws4dd_table_update_index_update(struct aws4dd_table_update *op,
                                                const char *index_name,
                                                long read_capacity_units,
                                                long write_capacity_units);
IW_EXPORT iwrc aws4dd_table_update(const struct aws4_request_spec *spec,
                                   struct aws4dd_table_update *op, struct aws4dd_response **rpp);
IW_EXPORT iwrc aws4dd_ttl_update(const struct aws4_request_spec *spec, const char *table_name,
                                 const char *attribute_name, bool enabled, bool *out_enabled);

/* ---- enumerations sent as DynamoDB's values (0: not sent) --------------- */

typedef enum {
        AWS4DD_RETURN_CONSUMED_NONE = 0,   /* ReturnConsumedCapacity NONE */
        AWS4DD_RETURN_CONSUMED_TOTAL,      /* TOTAL */
        AWS4DD_RETURN_CONSUMED_INDEXES,    /* INDEXES */
} aws4dd_return_consumed_capacity_e;

typedef enum {
        AWS4DD_RETURN_COLLECTION_NONE = 0, /* ReturnItemCollectionMetrics NONE */
        AWS4DD_RETURN_COLLECTION_SIZE,     /* SIZE */
} aws4dd_return_collection_metrics_e;

typedef enum {
        AWS4DD_RETURN_VALUES_NONE = 0,     /* ReturnValues NONE */
        AWS4DD_RETURN_VALUES_ALL_OLD,
        AWS4DD_RETURN_VALUES_ALL_NEW,
        AWS4DD_RETURN_VALUES_UPDATED_NEW,
        AWS4DD_RETURN_VALUES_UPDATED_OLD,
} aws4dd_return_values_e;

typedef enum {
        AWS4DD_SELECT_SPECIFIC_ATTRIBUTES = 1, /* Select SPECIFIC_ATTRIBUTES */
        AWS4DD_SELECT_ALL_ATTRIBUTES,
        AWS4DD_SELECT_ALL_PROJECTED_ATTRIBUTES,
        AWS4DD_SELECT_COUNT,
} aws4dd_select_e;

/* ---- PutItem ------------------------------------------------------------ */

struct aws4dd_item_put;

struct aws4dd_item_put_spec {
        const char *table_name;            /* TableName */
        const char *condition_expression;  /* ConditionExpression */
        struct {
                aws4dd_return_values_e values;
                aws4dd_return_consumed_capacity_e capacity;
                aws4dd_return_collection_metrics_e metrics;
        } ret;
};

IW_EXPORT iwrc aws4dd_item_put_op(struct aws4dd_item_put **opp,
                                  const struct aws4dd_item_put_spec *spec);
IW_EXPORT void aws4dd_item_put_op_destroy(struct aws4dd_item_put **opp);
IW_EXPORT iwrc aws4dd_item_put_array(struct aws4dd_item_put *op, const char *path,
                                     const char *key, const char **vals);
IW_EXPORT iwrc aws4dd_item_put_value(struct aws4dd_item_put *op, const char *path,
                                     const char *key, const char *val);
IW_EXPORT iwrc aws4dd_item_put_value_i64(struct aws4dd_item_put *op, const char *path,
                                         int64_t val);
IW_EXPORT iwrc aws4dd_item_put_expression_attr_name(struct aws4dd_item_put *op, const char *key,
                                                    const char *value);
IW_EXPORT iwrc aws4dd_item_put(const struct aws4_request_spec *spec, struct aws4dd_item_put *op,
                               struct aws4dd_response **rpp);

/* ---- UpdateItem ----------------------------------------------------------- */

struct aws4dd_item_update;

struct aws4dd_item_update_spec {
        const char *table_name;            /* TableName */
        const char *condition_expression;  /* ConditionExpression */
        const char *update_expression;     /* UpdateExpression */
        struct {
                aws4dd_return_values_e values;
                aws4dd_return_consumed_capacity_e capacity;
                aws4dd_return_collection_metrics_e metrics;
        } ret;
};

IW_EXPORT iwrc aws4dd_item_update_op(struct aws4dd_item_update **opp,
                                     const struct aws4dd_item_update_spec *spec);
IW_EXPORT void aws4dd_item_update_op_destroy(struct aws4dd_item_update **opp);
IW_EXPORT iwrc aws4dd_item_update_array(struct aws4dd_item_update *op, const char *path,
                                        const char *key, const char **vals);
IW_EXPORT iwrc aws4dd_item_update_value(struct aws4dd_item_update *op, const char *path,
                                        const char *key, const char *val);
IW_EXPORT iwrc aws4dd_item_update_value_i64(struct aws4dd_item_update *op, const char *path,
                                            int64_t val);
IW_EXPORT iwrc aws4dd_item_update_expression_attr_name(struct aws4dd_item_update *op,
                                                       const char *key, const char *value);
IW_EXPORT iwrc aws4dd_item_update(const struct aws4_request_spec *spec,
                                  struct aws4dd_item_update *op, struct aws4dd_response **rpp);

/* ---- BatchWriteItem --------------------------------------------------------- */

struct aws4dd_batch_write;

struct aws4dd_batch_write_spec {
        struct {
                aws4dd_return_consumed_capacity_e capacity;
                aws4dd_return_collection_metrics_e metrics;
        } ret;
};

IW_EXPORT iwrc aws4dd_batch_write_op(struct aws4dd_batch_write **opp,
                                     const struct aws4dd_batch_write_spec *spec);
IW_EXPORT void aws4dd_batch_write_op_destroy(struct aws4dd_batch_write **opp);
IW_EXPORT iwrc aws4dd_batch_write_array(struct aws4dd_item_update *op, const char *table,
                                        const char *path, const char *key, const char **vals);
IW_EXPORT iwrc aws4dd_batch_write_value(struct aws4dd_item_update *op, const char *table,
                                        const char *path, const char *key, const char *val);
IW_EXPORT iwrc aws4dd_batch_write_value_i64(struct aws4dd_item_update *op, const char *table,
                                            const char *path, int64_t val);
IW_EXPORT iwrc aws4dd_bach_write(const struct aws4_request_spec *spec,
                                 struct aws4dd_batch_write *op, struct aws4dd_response **rpp);

/* ---- GetItem ---------------------------------------------------------------- */

struct aws4dd_item_get;

struct aws4dd_item_get_spec {
        const char *table_name;             /* TableName */
        const char *projection_expression;  /* ProjectionExpression */
        aws4dd_return_consumed_capacity_e return_consumed_capacity;
        bool consistent_read;               /* ConsistentRead (sent when true) */
};

IW_EXPORT iwrc aws4dd_item_get_op(struct aws4dd_item_get **opp,
                                  const struct aws4dd_item_get_spec *spec);
IW_EXPORT void aws4dd_item_get_op_destroy(struct aws4dd_item_get **opp);
IW_EXPORT iwrc aws4dd_item_get_expression_attr_name(struct aws4dd_item_get *op, const char *key,
                                                    const char *value);
IW_EXPORT iwrc aws4dd_item_get_key_array(struct aws4dd_item_get *op, const char *path,
                                         const char *key, const char **values);
IW_EXPORT iwrc aws4dd_item_get_key_value(struct aws4dd_item_get *op, const char *path,
                                         const char *key, const char *value);
IW_EXPORT iwrc aws4dd_item_get_key_value_i64(struct aws4dd_item_get *op, const char *path,
                                             int64_t val);
IW_EXPORT iwrc aws4dd_item_get(const struct aws4_request_spec *spec, struct aws4dd_item_get *op,
                               struct aws4dd_response **rpp);

/* ---- Query --------------------------------------------------------------------- */

struct aws4dd_query;

struct aws4dd_query_spec {
        const char *table_name;                /* TableName */
        const char *index_name;                /* IndexName */
        const char *key_condition_expression;  /* KeyConditionExpression */
        const char *filter_expression;         /* FilterExpression */
        const char *projection_expression;     /* ProjectionExpression */
        const char *exclusive_start_key_json;  /* ExclusiveStartKey, as JSON text */
        aws4dd_return_consumed_capacity_e return_consumed_capacity;
        aws4dd_select_e select;                /* Select (0: not sent) */
        bool consistent_read;                  /* ConsistentRead (sent when true) */
        bool scan_index_backward;              /* ScanIndexForward false (when true) */
        uint32_t limit;                        /* Limit (0: not sent) */
};

IW_EXPORT iwrc aws4dd_query_op(struct aws4dd_query **opp, const struct aws4dd_query_spec *spec);
IW_EXPORT void aws4dd_query_op_destroy(struct aws4dd_query **opp);
IW_EXPORT iwrc aws4dd_query_expression_attr_name(struct aws4dd_query *op, const char *key,
                                                 const char *value);
IW_EXPORT iwrc aws4dd_query_value(struct aws4dd_query *op, const char *path, const char *key,
                                  const char *value);
IW_EXPORT iwrc aws4dd_query_value_i64(struct aws4dd_query *op, const char *path, int64_t value);
IW_EXPORT iwrc aws4dd_query_array(struct aws4dd_query *op, const char *path, const char *key,
                                  const char **values);
IW_EXPORT iwrc aws4dd_query_exclusive_start_key(struct aws4dd_query *op, JBL_NODE key);
IW_EXPORT iwrc aws4dd_query(const struct aws4_request_spec *spec, struct aws4dd_query *op,
                            struct aws4dd_response **rpp);

/* ---- Scan ----------------------------------------------------------------------- */

struct aws4dd_scan;

struct aws4dd_scan_spec {
        const char *table_name;             /* TableName */
        const char *index_name;             /* IndexName */
        const char *projection_expression;  /* ProjectionExpression */
        const char *filter_expression;      /* FilterExpression */
        aws4dd_select_e select;             /* Select (0: not sent) */
        uint32_t segments_total;            /* TotalSegments (0: not sent) */
        uint32_t segment;                   /* Segment, with segments_total */
        uint32_t limit;                     /* Limit (0: not sent) */
        aws4dd_return_consumed_capacity_e return_consumed_capacity;
        bool consistent_read;               /* ConsistentRead (sent when true) */
};

IW_EXPORT iwrc aws4dd_scan_op(struct aws4dd_scan **opp, const struct aws4dd_scan_spec *spec);
IW_EXPORT void aws4dd_scan_op_destroy(struct aws4dd_scan **opp);
IW_EXPORT iwrc aws4dd_scan_expression_attr_name(struct aws4dd_scan *op, const char *key,
                                                const char *value);
IW_EXPORT iwrc aws4dd_scan_array(struct aws4dd_scan *op, const char *path, const char *key,
                                 const char **vals);
IW_EXPORT iwrc aws4dd_scan_value(struct aws4dd_scan *op, const char *path, const char *key,
                                 const char *val);
IW_EXPORT iwrc aws4dd_scan_value_i64(struct aws4dd_scan *op, const char *path, int64_t val);
IW_EXPORT iwrc aws4dd_scan(const struct aws4_request_spec *spec, struct aws4dd_scan *op,
                           struct aws4dd_response **rpp);

/* ---- DeleteItem --------------------------------------------------------------------- */

struct aws4dd_item_delete;

struct aws4dd_item_delete_spec {
        const char *table_name;            /* TableName */
        const char *condition_expression;  /* ConditionExpression */
        struct {
                aws4dd_return_consumed_capacity_e consumed_capacity;
                aws4dd_return_collection_metrics_e collection_metrics;
                aws4dd_return_values_e values;
        } ret;
};

IW_EXPORT iwrc aws4dd_item_delete_op(struct aws4dd_item_delete **opp,
                                     const struct aws4dd_item_delete_spec *spec);
IW_EXPORT void aws4dd_item_delete_op_destroy(struct aws4dd_item_delete **opp);
IW_EXPORT iwrc aws4dd_item_delete_expression_attr_name(struct aws4dd_item_delete *op,
                                                       const char *key, const char *value);
IW_EXPORT iwrc aws4dd_item_delete_value(struct aws4dd_item_delete *op, const char *path,
                                        const char *key, const char *value);
IW_EXPORT iwrc aws4dd_item_delete_value_i64(struct aws4dd_item_delete *op, const char *path,
                                            int64_t val);
IW_EXPORT iwrc aws4dd_item_delete_array(struct aws4dd_item_delete *op, const char *path,
                                        const char *key, const char **values);
IW_EXPORT iwrc aws4dd_item_delete(const struct aws4_request_spec *spec,
                                  struct aws4dd_item_delete *op, struct aws4dd_response **rpp);

IW_EXTERN_C_END

#endif
