/* explain.h - --list-checks and --explain CHECK.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CLI_EXPLAIN_H
#define DL_CLI_EXPLAIN_H

#include <stdio.h>

/**
 * dl_cli_list_checks - one line per check of the catalogue on out: its id,
 * default severity and summary, "(off by default)" when it is.
 */
void dl_cli_list_checks(FILE *out);

/**
 * dl_cli_explain - print the documentation page of check id (installed
 * beside the binary: dl_cli_data_dir(argv0, "checks")/<id>.md) on stdout.
 * Returns: the exit status: 0, or 2 (DL_EXIT_USAGE) for an unknown id
 * (with a suggestion on stderr) or a page not installed (with its URL).
 */
int dl_cli_explain(const char *argv0, const char *id);

#endif
