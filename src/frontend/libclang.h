/* libclang.h - libclang, loaded the first time ddblint calls it.
 * SPDX-License-Identifier: MIT
 *
 * ddblint does not link libclang: libclang.c defines every clang_* function
 * ddblint calls (the list is libclang.def) with the prototype of
 * clang-c/Index.h, and each forwards to the function of the library,
 * which the first call loads (dlopen). A run that parses nothing (every
 * file answered by the result cache, --version, --list-checks) never loads
 * libclang and LLVM, which cost more than such a run's own work
 * (docs/performance.md, "What makes ddblint cheaper than a parse").
 *
 * The library is the file CMake found, resolved to its real path at
 * configure time (DL_LIBCLANG_PATH), else its soname (DL_LIBCLANG_SONAME)
 * through the dynamic linker's search path. Loading is thread-safe and
 * happens once per process; a forked process inherits the loaded library.
 */
#ifndef DL_FRONTEND_LIBCLANG_H
#define DL_FRONTEND_LIBCLANG_H

#include <stdbool.h>

/**
 * dl_libclang_load - load libclang now unless it is loaded (thread-safe; the
 * first call's outcome holds for the process).
 * @param why  if non-NULL, receives on failure a message naming each library
 *             tried and dlerror()'s text ("cannot load libclang: ...";
 *             static storage, transfer none), NULL on success.
 * Returns: true when libclang and every function ddblint calls are loaded.
 * A clang_* function called while the library cannot be loaded prints that
 * message to stderr and ends the process with exit status 2 (a setup error,
 * like an unreadable rules file); a caller that wants to report it itself
 * calls dl_libclang_load first.
 */
bool dl_libclang_load(const char **why);

/** dl_libclang_loaded - whether libclang is loaded in this process (does not
 * load it). */
bool dl_libclang_loaded(void);

/**
 * dl_libclang_path - the real path (symbolic links resolved) of the libclang
 * file loaded, loading it if needed (transfer none; valid for the
 * process's life), or NULL when it cannot be loaded. The clang driver and
 * resource directory of the same LLVM are found from it (tu.c).
 */
const char *dl_libclang_path(void);

/**
 * dl_libclang_file - the file ddblint loads libclang from first: the real
 * path CMake found at configure time (static string, transfer none; "" when
 * the build did not say). Does not load anything: it identifies the
 * library in cache keys whose content libclang computed (cli/compdb_memo.c).
 */
const char *dl_libclang_file(void);

#endif
