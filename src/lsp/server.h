/* server.h - `ddblint lsp`: a Language Server Protocol server on stdin
 * and stdout (docs/editors.md), a sibling of the lint driver (cli/) that
 * drives the same pipeline (docs/architecture.md, "The language server").
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_LSP_SERVER_H
#define DL_LSP_SERVER_H

/**
 * dl_lsp_main - run the server until the client's `exit` or the end of
 * stdin.
 * @param argv0  the program's path (its data directory).
 * @param argc, argv  the options after `lsp` (argv[0] is "lsp"): those of a
 *               lint run that choose what is analysed and how (-p, --rules,
 *               --tables-from, --checks, --extra-arg, --project-root,
 *               --sarif-help-base, --no-cache, --cache-dir, --no-pch,
 *               --no-stub-headers, --tu-timeout, --verbose).
 * Returns: the exit status: 0 after `shutdown` then `exit`, 1 for an exit
 * without shutdown or the end of stdin (LSP 3.17, "exit"), 2 for a usage
 * error.
 */
int dl_lsp_main(const char *argv0, int argc, char **argv);

#endif
