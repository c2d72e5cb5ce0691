/* cli.c - placeholder until the driver lands (replaced in the next commits).
 * SPDX-License-Identifier: MIT
 */
#include "cli.h"

#include <stdio.h>

int dl_cli_main(int argc, char **argv)
{
        (void)argc;
        (void)argv;
        fputs("ddblint: driver not built yet\n", stderr);
        return DL_EXIT_USAGE;
}
