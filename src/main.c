/* main.c - the ddblint command: parse argv, run, map to an exit code.
 * SPDX-License-Identifier: MIT
 */
#include "cli/cli.h"

int main(int argc, char **argv)
{
        return dl_cli_main(argc, argv);
}
