/* walk.h - turn PATH operands into the list of source files to analyse.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CLI_WALK_H
#define DL_CLI_WALK_H

#include <stdbool.h>
#include <stddef.h>

struct dl_log;

struct dl_file_list {
        char **paths;   /* heap strings, owned; sorted within each directory */
        size_t n, cap;
        size_t failed;  /* operands or entries that could not be read */
};

/**
 * dl_walk_paths - collect source files from files and directories.
 * Directories are walked recursively for .c .h .cc .cpp .cxx .hh .hpp .hxx,
 * skipping hidden entries (".git") and build directories ("build",
 * "build-*", "cmake-build-*", "CMakeFiles", "node_modules"); entries are
 * visited in strcmp order so the result is deterministic. A file named
 * directly is taken whatever its extension. A directory reached twice
 * through a symbolic link (a loop) is skipped once with a diagnostic.
 * Missing or unreadable operands are logged (DL_LOG_ERROR, id
 * "unreadable-file", naming the path) and counted in out->failed; the other
 * operands are still collected. The same file given twice is listed once.
 * Ownership: release with dl_file_list_fini().
 */
void dl_walk_paths(const char *const *operands, size_t n, struct dl_log *log,
                   struct dl_file_list *out);
/** dl_file_list_fini - free the list; NULL-safe. */
void dl_file_list_fini(struct dl_file_list *l);
/** dl_is_source_name - true when name ends in a walked extension. */
bool dl_is_source_name(const char *name);

#endif
