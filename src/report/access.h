/* access.h - the access records of a request: what the inventory
 * (report/inventory.h) and the identity policy (report/iam.h) are made of.
 * SPDX-License-Identifier: MIT
 *
 * No new analysis: a record is a view of one normalized request (or one
 * batch or transaction member: a record each) with the rules file's
 * tables, as the checks see them (docs/architecture.md, "Access patterns
 * and the identity policy"). It is a JSON object, so that it survives the
 * worker process (cli/job_wire.h) and the result cache (cli/result_cache.h)
 * as text, and a warm run reports what a cold one does:
 *
 *   file, line, col   the client call (1-based line and column)
 *   function          the enclosing function, or null
 *   op                the request's operation ("Query", "TransactWriteItems")
 *   member            a batch or transaction member's shape ("Put"), or null
 *   actions           the IAM actions (without "dynamodb:") the record needs:
 *                     one, or every one it may need when the operation is
 *                     not known (an unknown PartiQL statement, a container
 *                     whose members ddblint could not follow)
 *   actions_known     false in that case
 *   resource          "table" (a table or index ARN), "none" (an action
 *                     without a resource type: ListTables...)
 *   table             the table name as a template (holes "<?>"), or null
 *   table_state       "known", "template" (known text with holes), "unknown"
 *   table_glob, index_glob  the name for an ARN, each hole `*`; null when
 *                     not known or when it holds a byte no name may hold
 *   index, index_state  the same for IndexName; state "absent" when none
 *   key_state         "known" (pk below is the partition key), "unknown"
 *                     (the request reads or writes items by a key ddblint
 *                     cannot tell), "none" (no item key: Scan, table
 *                     operations)
 *   pk, sk            {attr, op, value, prefix} or null: the key attribute,
 *                     the key condition's operator ("=", "begins_with",
 *                     "BETWEEN", "<"...), its value as a template and the
 *                     known text before its first hole (null when it starts
 *                     with a hole); value null when not known; complete
 *                     true when the value has no hole
 *   filter, projection, consistent  the members' text ("<?>" for a hole,
 *                     "<unknown>" when set where ddblint cannot see), or null
 *   scan              "yes" (Scan, or a PartiQL SELECT DynamoDB runs as a
 *                     scan), "maybe" (a PartiQL SELECT ddblint cannot judge),
 *                     "no"
 *   partiql           "yes" when the action is a PartiQL one
 *   why               why something is not known, for warnings, or null
 *
 * Facts: the IAM actions of each DynamoDB operation come from the Service
 * Authorization Reference ("Actions, resources, and condition keys for
 * Amazon DynamoDB", its table of API operations and the actions they
 * authorize): a TransactWriteItems member needs dynamodb:PutItem,
 * UpdateItem, DeleteItem or ConditionCheckItem by its kind, a
 * TransactGetItems member dynamodb:GetItem; a PartiQL statement needs
 * dynamodb:PartiQLSelect, PartiQLInsert, PartiQLUpdate or PartiQLDelete
 * (developer guide, "IAM security policies with PartiQL for DynamoDB");
 * ListTables, DescribeLimits, DescribeEndpoints and the List* operations
 * have no resource type (Resource "*"). A SELECT is a full table scan
 * unless its WHERE fixes the partition key with = or IN (developer guide,
 * "PartiQL select statements for DynamoDB"; checks/util_expr.h).
 */
#ifndef DL_REPORT_ACCESS_H
#define DL_REPORT_ACCESS_H

#include "../checks/util_expr.h"
#include "../core/strbuf.h"

#include <jansson.h>

#include <stdbool.h>
#include <stddef.h>

struct dl_access_pattern;
struct dl_access_shape;
struct dl_request;
struct dl_ruleset;

/**
 * dl_access_append - append the access records of req (normalized by
 * dl_model_normalize; rules its file's rules, never NULL) to out, one JSON
 * object a line (each line ends with '\n'); path names the file when the
 * call has no location. Strings that are not UTF-8 are made valid
 * (report/json_text.h).
 */
void dl_access_append(struct dl_strbuf *out, const struct dl_ruleset *rules,
                      const struct dl_request *req, const char *path);

/**
 * dl_access_load - the records of text (len bytes of JSON lines written by
 * dl_access_append), in order; a line that is not a JSON object is left
 * out. Returns: a new JSON array, never NULL.
 */
json_t *dl_access_load(const char *text, size_t len);

/**
 * dl_access_shape_of - the shape of record rec (checks/util_access.h) for
 * dl_access_pattern_match; *pk, *sk, lits[0] and lits[1] receive the key
 * shapes' strings (transfer full, NULL when none), which s borrows.
 */
void dl_access_shape_of(json_t *rec, struct dl_access_shape *s, char **pk, char **sk, char **lits);

/** dl_access_word - is s one of words[0..n)? true and *index when so. */
bool dl_access_word(const char *s, const char *const *words, size_t n, size_t *index);

/** dl_access_str - the string member k of record o, "" when absent or not
 * a string (borrowed). */
const char *dl_access_str(json_t *o, const char *k);

/**
 * dl_access_record_match - dl_access_pattern_match of record rec.
 */
enum dl_tri dl_access_record_match(const struct dl_access_pattern *p, json_t *rec);

#endif
