/* util_access.h - the access view of a request: what it does to which
 * table, index and key (issue #27), shared by the check
 * undeclared-access-pattern and the access-patterns and iam-policy
 * reports (report/access.h, which writes these records as JSON).
 * SPDX-License-Identifier: MIT
 *
 * No new analysis: a record is a view of one normalized request, or of one
 * batch or transaction member (a record each, and one more for the members
 * ddblint could not list when the container escaped), with the rules
 * file's tables as the checks see them (util_expr.h, util_keys.h).
 *
 * Facts: the IAM actions of each DynamoDB operation come from the Service
 * Authorization Reference ("Actions, resources, and condition keys for
 * Amazon DynamoDB", its table of API operations and the actions they
 * authorize): a TransactWriteItems member needs dynamodb:PutItem,
 * UpdateItem, DeleteItem or ConditionCheckItem by its kind, a
 * TransactGetItems member dynamodb:GetItem, a BatchGetItem or
 * BatchWriteItem dynamodb:BatchGetItem or BatchWriteItem on each table; a
 * PartiQL statement (ExecuteStatement, BatchExecuteStatement,
 * ExecuteTransaction) needs dynamodb:PartiQLSelect, PartiQLInsert,
 * PartiQLUpdate or PartiQLDelete (developer guide, "IAM security policies
 * with PartiQL for DynamoDB"); ListTables, DescribeLimits,
 * DescribeEndpoints and the List* operations have no resource type
 * (Resource "*"). A SELECT is a full table scan unless its WHERE fixes the
 * partition key with = or IN (dl_partiql_scans). Table and index names
 * hold only [A-Za-z0-9_.-] (developer guide, "Naming rules").
 *
 * Ownership: every string of a record is owned by it (dl_access_free) or
 * static; top and req borrow the request.
 */
#ifndef DL_CHECKS_UTIL_ACCESS_H
#define DL_CHECKS_UTIL_ACCESS_H

#include "util_expr.h"

#include "../model/request.h"
#include "../rules/schema.h"

#include <stdbool.h>
#include <stddef.h>

/* A key attribute as the request reads or writes it. */
struct dl_access_key {
        char *attr;     /* the attribute's name */
        const char *op; /* "=", "<", "begins_with", "BETWEEN"... */
        char *value;    /* the value's template (holes as dl_hole_dump), or NULL */
        char *prefix;   /* its known text before the first hole, or NULL */
        bool complete;  /* the value has no hole */
        bool missing;   /* the request's Key provably lacks it (a key
                           attribute of the table not given: DynamoDB
                           rejects the key) */
};

/* The states of a name: ABSENT (no index), KNOWN, TEMPLATE (known text
 * with holes), UNKNOWN. */
enum dl_name_state { DL_NAME_ABSENT, DL_NAME_KNOWN, DL_NAME_TEMPLATE, DL_NAME_UNKNOWN };

/* The key of a record: NONE (a Scan, a table operation: no item key),
 * KNOWN (pk is the partition key, with a value), UNKNOWN. */
enum dl_key_state { DL_KEY_NONE, DL_KEY_KNOWN, DL_KEY_UNKNOWN };

struct dl_access {
        const struct dl_request *top; /* the request */
        const char *member;           /* a member's shape ("Put"), "<unlisted>", or NULL */
        const char *actions[4];       /* IAM actions without "dynamodb:" (static) */
        size_t n_actions;
        bool actions_known; /* false: every action it may need is listed */
        bool resourceless;  /* its action has no resource type */
        enum dl_name_state table_state, index_state;
        char *table, *index;           /* templates, or NULL when not known / absent */
        char *table_glob, *index_glob; /* for an ARN: holes `*`; NULL when not known or
                                          holding a byte no name may hold */
        enum dl_key_state key_state;
        bool has_pk, has_sk;
        struct dl_access_key pk, sk;
        char *filter, *projection, *consistent; /* templates ("<?>": set, not
                                                   known), or NULL when absent */
        enum dl_tri scan;                       /* a full scan of its table or index */
        bool partiql;
        const char *why; /* why something is not known (static), or NULL */
};

/**
 * dl_access_of - the access records of req (normalized; a member gives
 * none: its container gives them), with ctx->rules' tables.
 * @param out  receives n records (transfer full: dl_access_free).
 * Returns: n.
 */
size_t dl_access_of(const struct dl_check_ctx *ctx, const struct dl_request *req,
                    struct dl_access **out);

/** dl_access_free - free n records of a; NULL-safe. */
void dl_access_free(struct dl_access *a, size_t n);

/** dl_name_state_str - "absent", "known", "template", "unknown". */
const char *dl_name_state_str(enum dl_name_state s);
/** dl_key_state_str - "none", "known", "unknown". */
const char *dl_key_state_str(enum dl_key_state s);

/* What a declared pattern is compared with: a record's shape, from a
 * struct dl_access or from its JSON form (report/access.h). */
struct dl_access_shape {
        const char *op;     /* the request's operation */
        const char *action; /* its one IAM action, or NULL */
        bool table_known;   /* table is the table's name */
        const char *table;
        enum dl_name_state index_state;
        const char *index;
        const char *pk, *sk;           /* "= USER#<?>" (dl_access_key_shape), or NULL
                                     when not known */
        bool key_known;                /* pk's value known */
        bool sk_known;                 /* sk's value known */
        bool pk_complete, sk_complete; /* the value has no hole */
        const char *pk_lit, *sk_lit;   /* "OP TEXT" with the value's text before
                                          its first hole (dl_access_key_shape
                                          of the prefix); NULL with pk, sk */
};

/**
 * dl_access_key_shape - "OP VALUE" of a key ("= USER#<?>"), VALUE "<?>"
 * when not known. Transfer full.
 */
char *dl_access_key_shape(const char *op, const char *value);

/**
 * dl_access_pattern_match - does the record of shape s serve the declared
 * pattern p? A member p leaves NULL matches anything; operation matches the
 * request's operation or its IAM action; index NULL is the table itself;
 * a key shape matches when equal, a `<?>` of p standing for any hole or
 * text. MAYBE when a member p constrains is not known for s, or when s's
 * value has holes that may make it p's (their known texts agree before
 * the first hole of either).
 */
enum dl_tri dl_access_pattern_match(const struct dl_access_pattern *p,
                                    const struct dl_access_shape *s);

#endif
