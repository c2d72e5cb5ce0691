/* path.h - lexical path arithmetic: absolute, relative, directory, join.
 * SPDX-License-Identifier: MIT
 *
 * Nothing here touches the file system but getcwd() and, in
 * dl_path_real_under, realpath(): symbolic links are left alone, so paths
 * compare as the user spelled them.
 * Ownership: every result is a heap string (transfer full), free() it.
 */
#ifndef DL_CORE_PATH_H
#define DL_CORE_PATH_H

#include <stdbool.h>

/**
 * dl_path_absolute - path made absolute against the current directory,
 * with "." and ".." components and doubled slashes removed lexically
 * (symbolic links are left alone, so a path and the root compare as the
 * user spelled them). Returns: a heap string (transfer full).
 */
char *dl_path_absolute(const char *path);

/**
 * dl_path_relative - path relative to root, with '/' separators.
 * @param root  the project root (absolute or relative to the current
 *              directory); NULL means the current directory.
 * Returns: the relative path (transfer full) when path lies under root,
 * else NULL. A path equal to root gives ".".
 */
char *dl_path_relative(const char *root, const char *path);

/**
 * dl_path_dirname - the absolute directory that holds path (lexically:
 * "src/a.cpp" in /w gives "/w/src"; "/" gives "/").
 */
char *dl_path_dirname(const char *path);

/**
 * dl_path_join - path resolved against dir: path itself when absolute (or
 * dir NULL or empty), else dir/path; either way made absolute and
 * normalized as dl_path_absolute() does.
 */
char *dl_path_join(const char *dir, const char *path);

/**
 * dl_path_under - whether the absolute path lies under root (lexically:
 * root itself, or root followed by '/'; a trailing '/' of root ignored;
 * "/" holds everything).
 */
bool dl_path_under(const char *path, const char *root);

/**
 * dl_path_real_under - whether file's real path (every symbolic link
 * resolved: realpath(3), the one call here that reads the file system)
 * lies under root, itself a real path (the project root). A file whose
 * real path cannot be had (missing, a loop) is not under it
 * (docs/security.md "The tree's boundary").
 */
bool dl_path_real_under(const char *file, const char *root);

#endif
