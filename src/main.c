/* main.c - the ddblint command: parse argv, run, map to an exit code.
 * SPDX-License-Identifier: MIT
 */
#include "cli/cli.h"
#include "lsp/server.h"

#include <string.h>

int main(int argc, char **argv)
{
        if (argc > 1 && strcmp(argv[1], "lsp") == 0)
                return dl_lsp_main(argv[0], argc - 1, argv + 1);
        return dl_cli_main(argc, argv);
}
