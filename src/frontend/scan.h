/* scan.h - what a translation unit includes, read from its text without
 * parsing it: the preprocessor directives of the source file and of the
 * project headers it reaches, resolved with its own include paths.
 * SPDX-License-Identifier: MIT
 *
 * The scan reads #include, #include_next, #import, #define and #undef
 * lines (after line splices and comments, outside string literals) and
 * evaluates no condition: an include under `#if 0` counts as included. It
 * is what ddblint knows about a file before paying for clang's parse; the
 * precompiled stub header (pch.h) and the directory walk use it.
 *
 * Include resolution follows clang's search order: for "x" the including
 * file's directory, then -iquote directories; for both forms the -I
 * directories. A header found there is a *project header* and is scanned
 * in turn. Anything else (-isystem, the compiler's own directories,
 * -idirafter, the stub headers) is a system header and is not scanned; an
 * include found in none of the -I directories that names a file under the
 * stub directory is recorded as reaching the stubs.
 *
 * Thread safety: one struct dl_scan may be shared by threads; it memoizes
 * each file's directives, and the file system's answers (whether a path is
 * a regular file, its real path), under a mutex. A scan object describes
 * the files as they were when first asked: keep one for one run.
 */
#ifndef DL_FRONTEND_SCAN_H
#define DL_FRONTEND_SCAN_H

#include "../core/error.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_scan;

/* One directive the scan keeps. */
enum dl_directive_kind {
        DL_DIR_INCLUDE_QUOTE, /* #include "name" */
        DL_DIR_INCLUDE_ANGLE, /* #include <name> (also #include_next, #import) */
        DL_DIR_INCLUDE_MACRO, /* #include MACRO: not resolvable from the text */
        DL_DIR_DEFINE,        /* #define name or #undef name */
};

struct dl_directive {
        enum dl_directive_kind kind;
        char *name;      /* the header as spelled, or the macro name (owned) */
        bool after_code; /* code (a token outside directives) comes before it */
};

struct dl_directives {
        struct dl_directive *items;
        size_t n, cap;
        bool any_code; /* the text holds code, not only directives and comments */
};

/**
 * dl_scan_directives - the directives of a text, in order.
 * @param text  the file's bytes (need not be NUL-terminated).
 * @param len   its length in bytes.
 * @param out   zeroed, then filled (release with dl_directives_fini()).
 */
void dl_scan_directives(const char *text, size_t len, struct dl_directives *out);
/** dl_directives_fini - free the list; NULL-safe. */
void dl_directives_fini(struct dl_directives *d);

/**
 * dl_scan_identifiers - calls fn for every identifier token of text outside
 * comments and literals (directive lines included), with its bytes and
 * length in bytes (not NUL-terminated; valid during the call).
 * Returns: true when the text also builds or spells identifiers that fn
 * does not see whole: a token paste (## or %:%:) or a universal character
 * name (\uXXXX, \UXXXXXXXX) outside comments and literals.
 */
bool dl_scan_identifiers(const char *text, size_t len,
                         void (*fn)(const char *id, size_t n, void *data), void *data);

/* One #include (or #import) line of a file's preamble (dl_scan_preamble). */
struct dl_preamble_include {
        char *name;   /* the header as spelled between the delimiters (owned) */
        bool quoted;  /* "name" rather than <name> */
        bool import;  /* #import rather than #include */
        size_t start; /* byte offset of the line's '#' */
        size_t end;   /* byte offset of the newline ending the line (or the length) */
};

struct dl_preamble_scan {
        struct dl_preamble_include *items;
        size_t n, cap;
};

/**
 * dl_scan_preamble - a file's preamble: its leading lines that are blank,
 * comments, or a single `#include <...>`, `#include "..."` or `#import`
 * (with nothing after it but comments), in order. The scan stops at the
 * first other line (code, any other directive, `#include MACRO`,
 * `#include_next`, a block comment that ends on a line with code after
 * it), and before the line of the file's first line splice
 * (backslash-newline): the preamble holds none.
 * @param text  the file's bytes (need not be NUL-terminated); len their
 *              count in bytes.
 * @param out   zeroed, then filled (release with dl_preamble_scan_fini()).
 */
void dl_scan_preamble(const char *text, size_t len, struct dl_preamble_scan *out);
/** dl_preamble_scan_fini - free the list; NULL-safe. */
void dl_preamble_scan_fini(struct dl_preamble_scan *s);

/* The include search of a compiler command line. Paths are absolute or as
 * given (relative ones are made absolute against -working-directory, else
 * the current directory). */
struct dl_search_paths {
        char **quote; /* -iquote */
        size_t n_quote;
        char **user; /* -I, --include-directory */
        size_t n_user;
        char **system; /* -isystem and -idirafter, in order */
        size_t n_system;
        bool prefix_include; /* -include, -imacros or -include-pch given */
        bool modules;        /* -fmodules given */
        bool cplusplus;      /* the language is C++ (-x, else the extension) */
};

/**
 * dl_search_paths_from_args - read the include search and the language
 * from compiler arguments (as given to libclang: no compiler name, no
 * file name). path is the source file, for its extension when no -x is
 * given (.c and .h are C, as clang decides). Release with
 * dl_search_paths_fini().
 */
void dl_search_paths_from_args(const char *path, const char *const *args, size_t n_args,
                               struct dl_search_paths *out);
/** dl_search_paths_fini - free the lists; NULL-safe. */
void dl_search_paths_fini(struct dl_search_paths *sp);

/* One question the include search asked of the file system: whether path
 * (as joined: include directory and name) is a regular file. */
struct dl_scan_probe {
        char *path;   /* owned */
        bool is_file; /* the answer */
};

/* What one translation unit reaches. */
struct dl_scan_tu {
        char **headers; /* project headers reached, real paths, sorted, unique */
        size_t n_headers;
        char **macros; /* names #define'd or #undef'd in the source file and its
                                   project headers, sorted, unique */
        size_t n_macros;
        bool includes_stub; /* some include resolves to a file under the stub directory */
        char **stubs;       /* those includes, as spelled ("aws/core/Aws.h"), sorted,
                                   unique */
        size_t n_stubs;
        bool unresolved; /* some include was found nowhere (or was a macro) */
        /* every path the include search of this unit asked about (project
         * directories, system directories, stubs), with the answer it got,
         * sorted by path, unique: the same answers and the same content of
         * each file found resolve every include the same way */
        struct dl_scan_probe *probes;
        size_t n_probes;
};

/** dl_scan_new - an empty memo (transfer full; release with dl_scan_free). */
struct dl_scan *dl_scan_new(void);
/** dl_scan_free - release the memo; NULL-safe. */
void dl_scan_free(struct dl_scan *s);

/**
 * dl_scan_tu - scan the source file path and every project header it
 * reaches (transitively).
 * @param sp        the file's include search (dl_search_paths_from_args).
 * @param stub_dir  ddblint's stub headers, or NULL.
 * @param out       zeroed, then filled; release with dl_scan_tu_fini().
 * Returns: DL_OK; DL_ERR_IO (err names the file) when the source file
 * itself cannot be read. A project header that cannot be read counts as
 * unresolved.
 */
enum dl_status dl_scan_tu(struct dl_scan *s, const char *path, const struct dl_search_paths *sp,
                          const char *stub_dir, struct dl_scan_tu *out, struct dl_error *err);
/**
 * dl_scan_tu_text - dl_scan_tu, with the source file's text (len bytes)
 * already read by the caller: it is not read again. text NULL: read it.
 */
enum dl_status dl_scan_tu_text(struct dl_scan *s, const char *path, const char *text, size_t len,
                               const struct dl_search_paths *sp, const char *stub_dir,
                               struct dl_scan_tu *out, struct dl_error *err);
/** dl_scan_tu_fini - free the result; NULL-safe. */
void dl_scan_tu_fini(struct dl_scan_tu *t);

/**
 * dl_scan_prefix_stubs - the stub headers path includes before its first
 * line of code: the stub includes met, in include order (depth first
 * through the source file and its project headers, each header at its
 * first inclusion), before any token outside a directive in the source
 * file or a project header. These are the headers that clang reads before
 * any declaration of the project's own.
 * @param out  zeroed, then filled with the names as spelled, in order
 *             (release with dl_scan_names_fini()).
 * Returns: DL_OK; DL_ERR_IO when path cannot be read.
 */
struct dl_scan_names {
        char **names;
        size_t n;
};
enum dl_status dl_scan_prefix_stubs(struct dl_scan *s, const char *path,
                                    const struct dl_search_paths *sp, const char *stub_dir,
                                    struct dl_scan_names *out, struct dl_error *err);
/** dl_scan_names_fini - free the list; NULL-safe. */
void dl_scan_names_fini(struct dl_scan_names *n);

/**
 * dl_scan_stub_includes - whether the stub header `name` (as spelled in
 * #include <...>) includes `target`, itself or through other stub headers
 * (resolved in stub_dir only).
 */
bool dl_scan_stub_includes(struct dl_scan *s, const char *stub_dir, const char *name,
                           const char *target);

/**
 * dl_scan_resolve - where `#include <name>` (quoted false) or
 * `#include "name"` (quoted true, from a file in includer_dir) is found
 * among the project directories of sp (includer's directory for quotes,
 * -iquote, -I). Returns: the real path (transfer full), or NULL.
 */
char *dl_scan_resolve(const struct dl_search_paths *sp, const char *includer_dir, const char *name,
                      bool quoted);

#endif
