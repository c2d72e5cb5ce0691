/* compdb.h - the compiler arguments for one source file: from
 * compile_commands.json (libclang's compilation database), else clangd's
 * compile_flags.txt, else defaults chosen from the file's extension plus the
 * project's own include directories.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_FRONTEND_COMPDB_H
#define DL_FRONTEND_COMPDB_H

#include "../core/error.h"
#include "flags.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_compdb; /* opaque: a loaded compile_commands.json */

struct dl_compile_args {
        char **argv;        /* heap strings, owned: flags without compiler and file */
        size_t n, cap;
        const char *origin; /* static: "compile_commands.json", "compile_flags.txt", "defaults" */
        struct dl_flag_drop *drops; /* owned: the tree's flags the allow-list dropped (flags.h),
                                       filled by dl_compile_args_finish */
        size_t n_drops;
};

/**
 * dl_compdb_open - load DIR/compile_commands.json.
 * Returns: DL_OK with *out set; DL_ERR_IO when the directory has no
 * readable compile_commands.json (err names it), DL_ERR_PARSE when libclang
 * cannot load it. *out is NULL on failure.
 * Ownership: *out is (transfer full), release with dl_compdb_free().
 */
enum dl_status dl_compdb_open(const char *dir, struct dl_compdb **out, struct dl_error *err);
/** dl_compdb_free - NULL-safe. */
void dl_compdb_free(struct dl_compdb *db);

/**
 * dl_compdb_lookup - the database's own part of dl_compile_args_for: the
 * arguments of path's entry (the compiler, the file and "--" removed;
 * relative paths in include and sysroot options made absolute against the
 * entry's directory), before dl_compile_args_finish judges them. path is looked up by its real path.
 * Returns: true with out filled (origin "compile_commands.json"; release
 * with dl_compile_args_fini()); false with out empty when db has no
 * command for path.
 */
bool dl_compdb_lookup(const struct dl_compdb *db, const char *path, struct dl_compile_args *out);

/**
 * dl_compile_args_finish - judge the tree's flags and append what every
 * file's flags end with. Flags from a database entry or compile_flags.txt
 * go through the allow-list (flags.h, dl_flags_filter with root, the
 * project root's real path, bounding -include, -imacros and -include-pch): what it
 * drops goes to a->drops; the defaults are kept as they are. Then
 * "-ferror-limit=0", then extra (--extra-arg flags, copied: the user's
 * own, never filtered).
 */
void dl_compile_args_finish(struct dl_compile_args *a, const char *root, const char *const *extra,
                            size_t n_extra);

/**
 * dl_compdb_lang_args - the language ddblint parses path in when no compile
 * command says otherwise: *lang = "-xc" and *std = "-std=gnu11" for a .c
 * file, "-xc++" and "-std=c++17" for anything else (static strings).
 */
void dl_compdb_lang_args(const char *path, const char **lang, const char **std);

/**
 * dl_compile_args_for - the flags to parse path with.
 * @param db         a loaded database or NULL. When the file has an entry, its
 *                   arguments are used (the compiler and the file
 *                   removed; relative paths in include and sysroot
 *                   options made absolute against the entry's directory).
 * @param path       the source file (relative to the current directory or
 *                   absolute).
 * @param repo_root  the directory that bounds the upward searches for
 *                   compile_flags.txt and include/ folders (absolute).
 * @param project_root the real path that bounds -include files
 *                   (dl_compile_args_finish's root).
 * @param extra      --extra-arg flags, appended last.
 * Without a database entry: the nearest compile_flags.txt between the file's
 * directory and repo_root (one flag per line; relative paths in include and
 * sysroot options made absolute against its directory), else `-xc -std=gnu11` for .c and `-xc++ -std=c++17` for every
 * other extension, plus -I for the file's directory and for each include/
 * folder in the directories from the file's up to repo_root. The flags of
 * an entry or of compile_flags.txt go through the allow-list
 * (dl_compile_args_finish).
 * No -working-directory is passed: libclang would chdir(2) the whole process
 * to it while parsing.
 * Returns: DL_OK (out filled; release with dl_compile_args_fini()).
 */
enum dl_status dl_compile_args_for(const struct dl_compdb *db, const char *path,
                                   const char *repo_root, const char *project_root,
                                   const char *const *extra, size_t n_extra,
                                   struct dl_compile_args *out, struct dl_error *err);
/**
 * dl_compile_args_header_language - choose C++ for a C header file name
 * whose flags name no language. clang parses a `.h` file as C unless told
 * otherwise, and C++ flags (-std=c++17) on a C input stop it before the
 * first line (libclang answers CXErrorCode 4). So when path ends in `.h`
 * and a holds no -x or --language: "-xc++" is added when a's -std names a
 * C++ standard, or when a names no standard at all and cplusplus (the
 * caller's knowledge of the project: its sources are C++) is set.
 * Returns: true when "-xc++" was added.
 */
bool dl_compile_args_header_language(struct dl_compile_args *a, const char *path, bool cplusplus);

/** dl_compile_args_fini - free the strings; NULL-safe. */
void dl_compile_args_fini(struct dl_compile_args *a);

#endif
