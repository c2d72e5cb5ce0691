/* iam.h - the least-privilege identity policy of a run's access records
 * (report/access.h), as IAM policy JSON, a Terraform aws_iam_policy or a
 * CloudFormation AWS::IAM::ManagedPolicy.
 * SPDX-License-Identifier: MIT
 *
 * What it writes (Version "2012-10-17"):
 *  - one Allow statement per table, and one per index for the actions on an
 *    index (Query, Scan, PartiQLSelect), with exactly the actions the records
 *    need, sorted; Resource the table's ARN
 *    `arn:aws:dynamodb:REGION:ACCOUNT:table/NAME` (`.../index/NAME`), REGION
 *    and ACCOUNT `*` unless given (IAM User Guide, "Actions, resources, and
 *    condition keys for Amazon DynamoDB": resource types table and index);
 *  - a Condition `ForAllValues:StringLike` on `dynamodb:LeadingKeys` when
 *    every item operation of the statement gives a partition key with known
 *    text before its first hole (`USER#*`; a whole constant as it is), and
 *    the statement has no Scan and no PartiQL action (developer guide,
 *    "Using IAM policy conditions for fine-grained access control":
 *    dynamodb:LeadingKeys is the partition key values of the request;
 *    ForAllValues is true for a request with no such key, as a table
 *    operation has: IAM User Guide, "Multivalued context keys"). `*`, `?`
 *    and `$` of a key's text are written `${*}`, `${?}`, `${$}` (IAM User
 *    Guide, "IAM policy elements: Variables and tags", special characters);
 *  - a Deny of dynamodb:Scan on `table/NAME` and on `table/NAME/index/` with `*` for
 *    every table the records name whose table (or no index of which) no
 *    record scans, and a Deny of dynamodb:PartiQLSelect with Condition
 *    `Bool: {dynamodb:FullTableScan: "true"}` on the tables where no
 *    PartiQL SELECT is, or may be, a full scan (developer guide, "IAM
 *    security policies with PartiQL for DynamoDB", the example that denies
 *    full table scans; dynamodb:FullTableScan in the Service Authorization
 *    Reference);
 *  - actions without a resource type (ListTables...) in a statement of
 *    their own on Resource "*", as the reference requires;
 *  - a Sid per statement, letters and digits only (IAM User Guide, "IAM
 *    JSON policy elements: Sid"), made from the table's and index's names.
 * A record whose table, index or actions are not known widens its
 * statement (the table's name with each hole `*`, `table/` with `*`, an index
 * `index/` with `*`, every action it may need) and is said on warn, naming the
 * call; so is a scan that keeps a Deny away. Nothing is allowed on `*`
 * without a warning. The calls of one cause (the same message after the
 * call) are one warning, at the first, and one note with how many others
 * there are and the first three of them (`--explain` lists every call).
 */
#ifndef DL_REPORT_IAM_H
#define DL_REPORT_IAM_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

enum dl_iam_format { DL_IAM_JSON, DL_IAM_TERRAFORM, DL_IAM_CLOUDFORMATION };

/** dl_iam_format_parse - "json", "terraform" or "cloudformation"; true
 * and *out when s is one of them. */
bool dl_iam_format_parse(const char *s, enum dl_iam_format *out);

struct dl_iam_opts {
        enum dl_iam_format format;
        const char *region;  /* JSON's ARNs: the region, or NULL for `*` */
        const char *account; /* JSON's ARNs: the account id, or NULL for `*` */
        bool explain;        /* list the call sites of each action on warn */
};

/**
 * dl_iam_write - write the policy of records (a JSON array of access
 * records, borrowed) to out, warnings ("ddblint: warning: FILE:LINE:COL:
 * ...") and the --explain listing to warn.
 * Returns: false when out reports a write error.
 */
bool dl_iam_write(FILE *out, FILE *warn, json_t *records, const struct dl_iam_opts *o);

#endif
