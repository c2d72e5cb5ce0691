/* inventory.h - the access-pattern inventory of a run: one row per
 * distinct pattern of the access records (report/access.h), as the
 * Markdown table DynamoDB modelers write, JSON or CSV (RFC 4180).
 * SPDX-License-Identifier: MIT
 *
 * A pattern is an operation (a batch or transaction member: the container
 * and the member's shape), its table and index, its partition-key and
 * sort-key shapes with the key condition's operator (`PK = USER#<?>`,
 * `SK begins_with ORDER#`), its filter, projection and consistent read;
 * the call sites that make it are listed in the row, in the order the run
 * met them. A request whose table or key is not known is a row that says
 * so ("(unknown)"), never left out.
 */
#ifndef DL_REPORT_INVENTORY_H
#define DL_REPORT_INVENTORY_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct dl_access_pattern;

enum dl_inventory_format { DL_INVENTORY_MARKDOWN, DL_INVENTORY_JSON, DL_INVENTORY_CSV };

/** dl_inventory_format_parse - "markdown", "json" or "csv"; true and *out
 * when s is one of them. */
bool dl_inventory_format_parse(const char *s, enum dl_inventory_format *out);

/**
 * dl_inventory_write - write the inventory of records (a JSON array of
 * access records, borrowed) to out in format f.
 * @param declared  the rules files' declared patterns (`access-patterns:`,
 *                  n_declared of them, borrowed): with any, each row names
 *                  the first it serves (column "declared pattern"), and the
 *                  declared patterns no record serves, or may serve, are
 *                  listed after the rows (Markdown: a list; JSON:
 *                  "unserved"; CSV: rows without call sites).
 * Returns: false when out reports a write error.
 */
bool dl_inventory_write(FILE *out, json_t *records, enum dl_inventory_format f,
                        const struct dl_access_pattern *const *declared, size_t n_declared);

/**
 * dl_inventory_shape - the text of a key shape (a record's "pk" or "sk"
 * object: `PK = USER#<?>`; a key attribute the request's Key lacks:
 * `(none: the key lacks SK)`) into a new string; "" for null. Transfer
 * full.
 */
char *dl_inventory_shape(json_t *key);

#endif
