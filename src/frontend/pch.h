/* pch.h - ddblint's stub headers precompiled once and reused by every
 * translation unit that includes them.
 * SPDX-License-Identifier: MIT
 *
 * Parsing the AWS SDK for C++ stub headers (and the standard headers they
 * include) is nearly all of the cost of a DynamoDB source file. The
 * client's header, aws/dynamodb/DynamoDBClient.h, with everything it
 * includes (278 of the 287 stubs), is parsed once into a precompiled header
 * (clang's AST file, written by libclang itself so that its version always
 * matches), with function bodies skipped, and handed to each translation
 * unit with -include-pch. One precompiled header per set of compiler flags
 * that could change it (language, standard, macros, target...; not include
 * directories) lives in <cache dir>/pch-1/<key>/, with a manifest of every
 * file it read (size and modification time), the headers it includes as
 * spelled, and every identifier of its text. A manifest that does not
 * match the files on disk means a rebuild; files are written under
 * temporary names and renamed, so concurrent runs never read a
 * half-written one.
 *
 * A precompiled header is a prefix: its declarations come before the first
 * line of the file. So it is used only where clang then reads the same
 * declarations in the same order (docs/performance.md, "Precompiled stub
 * headers"):
 * - the file is C++, and its flags add no -include, -imacros, -include-pch
 *   or -fmodules;
 * - it includes the client's header (or a stub that includes it) before its
 *   first line of code: following its includes depth first through its
 *   project headers (the include scan of scan.h), no token outside a
 *   directive comes first. System headers may come first: they do not
 *   depend on the SDK;
 * - no include directory of its own (-I, -iquote, -isystem, -idirafter)
 *   holds a header the precompiled header includes under the same name (a
 *   project's own <string.h>, or the real AWS SDK, would win there);
 * - no macro #define'd or #undef'd in its text or its project headers is an
 *   identifier of the precompiled headers' text;
 * - the stub headers are the AWS SDK the compiler would find (a real SDK on
 *   the system include path makes the precompiled header unusable).
 * Elsewhere the file is parsed as before.
 *
 * The same store precompiles a source file's *preamble* where the stub
 * header is not used (a file built against the real AWS SDK, or a C file):
 * its leading #include lines (dl_scan_preamble), up to the first of a
 * header the translation unit analyses as its own, become a generated
 * header built into <cache dir>/pch-1/pre-<key>/ (key: the generated
 * header, every compiler argument, the working directory, clang's version;
 * the same manifest of every file read), shared by every file with the
 * same preamble and flags and by later runs. The file is then parsed with
 * -include-pch and its own text given to clang with those include lines
 * blanked (spaces; newlines, columns and byte offsets unchanged), so that
 * clang reads exactly what it would read without: the same headers, in the
 * same order, once. docs/architecture.md, "Precompiled headers".
 *
 * Thread safety: dl_pch_for and dl_pch_preamble_for may be called from
 * several threads; the first caller that needs a precompiled header builds
 * it while the others wait.
 */
#ifndef DL_FRONTEND_PCH_H
#define DL_FRONTEND_PCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dl_log;
struct dl_pch;

/**
 * dl_pch_new - a store of precompiled stub headers.
 * @param stub_dir   ddblint's stub headers (borrowed; must outlive the store).
 * @param cache_dir  the directory the precompiled headers are kept in
 *                   (created when missing; the caller checked who may write
 *                   it, docs/security.md), or NULL for a private temporary
 *                   directory, $TMPDIR/ddblint-<pid>-XXXXXX (mode 0700),
 *                   removed by dl_pch_free; those of killed runs older than
 *                   an hour go first (dl_run_dir_new, core/safefile.h).
 * Returns: the store (transfer full).
 */
struct dl_pch *dl_pch_new(const char *stub_dir, const char *cache_dir);

/** dl_pch_free - release the store (and its temporary directory); NULL-safe. */
void dl_pch_free(struct dl_pch *p);

/**
 * dl_pch_for - the precompiled stub header a translation unit may use.
 * @param path  the source file; args its compiler arguments (libclang's:
 *              no compiler name, no file name, no stub directory).
 * @param log   receives a DL_LOG_NOTE "precompiled-stubs" when a
 *              precompiled header cannot be built (once per key and run,
 *              in the log of the first caller); may be NULL.
 * Returns: the path of the AST file to pass with -include-pch (owned by the
 * store, valid until dl_pch_free), or NULL to parse without one.
 */
const char *dl_pch_for(struct dl_pch *p, const char *path, const char *const *args, size_t n_args,
                       struct dl_log *log);

/** dl_pch_built - how many precompiled headers this store has built (tests). */
unsigned dl_pch_built(const struct dl_pch *p);
/** dl_pch_preambles_built - how many of them were preambles (tests). */
unsigned dl_pch_preambles_built(const struct dl_pch *p);

/**
 * dl_pch_preambles - precompile source files' preambles too, keeping at most
 * max_bytes of them (bytes on disk; the least recently used go when this
 * store is freed after building one). 0, the default, makes none. A
 * preamble whose files hold fewer than min_text bytes is not used (clang
 * parses so little text faster than it loads an AST file): its build
 * keeps only the manifest, which says so to later runs. Ignored for a
 * store without a cache directory of its own (dl_pch_new's NULL: a
 * preamble pays only when a later run reuses it).
 */
void dl_pch_preambles(struct dl_pch *p, uint64_t max_bytes, uint64_t min_text);

/* The least text (bytes of the files read) a preamble must hold for its
 * AST file to pay, measured (docs/performance.md, "Where the time goes on
 * one DynamoDB file"). */
#define DL_PCH_PREAMBLE_MIN_TEXT ((uint64_t)1 << 20)

/* A precompiled preamble for one translation unit (dl_pch_preamble_for). */
struct dl_pch_preamble {
        const char *pch;          /* the AST file, for -include-pch (owned by the store) */
        char *source;             /* the source file's bytes as read (transfer full) */
        char *blanked;            /* the same with the preamble's include lines turned into
                                spaces: what clang must parse (transfer full) */
        size_t len;               /* the length of both, in bytes */
        const char *const *files; /* every file the AST file read, as clang named
                                     them (owned by the store) */
        size_t n_files;
};

/**
 * dl_pch_preamble_for - the precompiled preamble of a translation unit,
 * built or loaded, when it may have one: preambles are on
 * (dl_pch_preambles), its language is C or C++ with no -include, -imacros,
 * -include-pch or -fmodules, it starts with at least one #include before
 * its first include of an own header, and no own header is read through
 * it. The preamble is the file's leading includes up to that own header;
 * when one of them brings a clang error (a header it includes is not
 * found), it is cut before that include (the first that brings one, told
 * by the error's include stack and kept in the unused whole's manifest),
 * and the includes from there on are parsed with the file, which reports
 * the error as a plain parse does.
 * @param path, args, n_args  the source file and its compiler arguments
 *                 (libclang's: no compiler name, no file name, no stub
 *                 directory; the stubs are added with -idirafter).
 * @param own, n_own  the headers the translation unit analyses as its own
 *                 (their functions must be parsed in it); may be NULL/0.
 * @param out      zeroed, then filled when true is returned (release with
 *                 dl_pch_preamble_fini()).
 * Returns: true with out filled; false to parse the file as usual.
 */
bool dl_pch_preamble_for(struct dl_pch *p, const char *path, const char *const *args, size_t n_args,
                         const char *const *own, size_t n_own, struct dl_pch_preamble *out);
/** dl_pch_preamble_fini - release what out owns; NULL-safe. */
void dl_pch_preamble_fini(struct dl_pch_preamble *pre);

#endif
