/* access_cmd.h - the access-patterns and iam-policy subcommands: their
 * options checked before any work, and their report written from the
 * access records every job sent back (report/access.h).
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CLI_ACCESS_CMD_H
#define DL_CLI_ACCESS_CMD_H

#include "options.h"

struct dl_access_pattern;

#include "../core/error.h"

#include <stdbool.h>
#include <stddef.h>

/**
 * dl_access_cmd_check - the subcommand's options: --format one of its
 * formats, --region a region name ([a-z0-9-]), --account 12 digits.
 * Returns: DL_OK, or DL_ERR_CONFIG with err naming the bad value.
 */
enum dl_status dl_access_cmd_check(const struct dl_options *o, struct dl_error *err);

/**
 * dl_access_cmd_report - write o->command's report of the records (len
 * bytes of JSON lines) to stdout (or -o, written atomically), warnings to
 * stderr; access-patterns compares them with the declared patterns
 * (n_declared, borrowed: the rules files' `access-patterns:`).
 * Returns: 0, or 2 (DL_EXIT_USAGE) when the report cannot be written,
 * with the reason on stderr.
 */
int dl_access_cmd_report(const struct dl_options *o, const char *records, size_t len,
                         const struct dl_access_pattern *const *declared, size_t n_declared);

#endif
