/* compdb_json.h - the compilation database -p names, found, checked and
 * made loadable by libclang, as clang-tidy reads it.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CLI_COMPDB_JSON_H
#define DL_CLI_COMPDB_JSON_H

#include "../core/error.h"

/**
 * dl_compdb_find - the database file `-p ARG` names: the file itself, or
 * compile_commands.json in arg or the nearest directory above it; not
 * read. Returns: its path (transfer full), or NULL when there is none.
 */
char *dl_compdb_find(const char *arg);

/**
 * dl_compdb_locate - the directory libclang should load the database of
 * `-p ARG` from.
 * @param arg  a directory holding compile_commands.json, or one below it
 *             (clang-tidy looks in the directory and then its parents), or
 *             the database file itself (any name).
 * The file is read with jansson and checked: a JSON array of objects,
 * each with a string `directory` and `file`, and `arguments` (an array of
 * strings) or `command` (a string). A `directory` that is relative is
 * taken relative to the database's own directory; when there is one, or
 * when the file is not named compile_commands.json, a copy with absolute
 * directories is written to a temporary directory for libclang to load
 * (libclang would take a relative directory as relative to the current
 * directory). An argument "@FILE" is a response file libclang would
 * expand before ddblint's allow-list (frontend/flags.h) sees its words:
 * one that is not a regular file of at most 1 MiB whose real path lies
 * under root or the database's directory, naming no response file itself,
 * is rewritten in the copy to DL_FLAGS_REFUSED "@FILE", which the
 * allow-list drops with a note (docs/security.md "Compile flags").
 * @param root  the project root (a real path).
 * @param out_dir  receives the directory to load (transfer full).
 * @param tmp_dir  receives the temporary directory to remove with
 *                 dl_compdb_unlocate() after loading, or NULL.
 * Returns: DL_OK; DL_ERR_IO when no database is found or it cannot be
 * read or copied; DL_ERR_PARSE for a JSON syntax error (file, line,
 * column) or an entry of the wrong shape (file and entry number).
 */
enum dl_status dl_compdb_locate(const char *arg, const char *root, char **out_dir, char **tmp_dir,
                                struct dl_error *err);

/** dl_compdb_unlocate - remove the temporary copy of dl_compdb_locate; NULL-safe. */
void dl_compdb_unlocate(char *tmp_dir);

#endif
