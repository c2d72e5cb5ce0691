/* cli.h - the command line: options, the run driver, exit codes.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CLI_CLI_H
#define DL_CLI_CLI_H

#include "../core/error.h"

struct dl_compdb;

/* Exit codes (design.md section 0 and 13). */
enum dl_exit {
        DL_EXIT_OK = 0,         /* no finding at or above --fail-on          */
        DL_EXIT_FINDINGS = 1,   /* findings at or above --fail-on            */
        DL_EXIT_USAGE = 2,      /* usage, configuration or I/O error         */
        DL_EXIT_INCOMPLETE = 3, /* some input could not be analysed at all   */
};

/**
 * dl_cli_main - run ddblint with the given arguments (argv[0] is the
 * program path, used to find the stub headers).
 * Returns: an enum dl_exit value.
 */
int dl_cli_main(int argc, char **argv);

/**
 * dl_cli_compdb_open - load the compilation database as -p does: where is
 * a directory holding compile_commands.json (or below one) or the database
 * file itself; it is located and read with jansson first
 * (dl_compdb_locate), so malformed JSON is one error naming the file and
 * its 1-based line and column, then loaded by libclang (dl_compdb_open).
 * Returns: DL_OK with *out set (transfer full, dl_compdb_free); else the
 * error in err and *out NULL.
 */
enum dl_status dl_cli_compdb_open(const char *where, const char *root, struct dl_compdb **out,
                                  struct dl_error *err);

#endif
