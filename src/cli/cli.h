/* cli.h - the command line: options, the run driver, exit codes.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CLI_CLI_H
#define DL_CLI_CLI_H

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

#endif
