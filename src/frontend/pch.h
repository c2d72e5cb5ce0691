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
 * Thread safety: dl_pch_for may be called from several threads; the first
 * caller that needs a precompiled header builds it while the others wait.
 */
#ifndef DL_FRONTEND_PCH_H
#define DL_FRONTEND_PCH_H

#include <stdbool.h>
#include <stddef.h>

struct dl_log;
struct dl_pch;

/**
 * dl_pch_new - a store of precompiled stub headers.
 * @param stub_dir   ddblint's stub headers (borrowed; must outlive the store).
 * @param cache_dir  the directory the precompiled headers are kept in
 *                   (created when missing), or NULL for a private temporary
 *                   directory removed by dl_pch_free.
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

#endif
