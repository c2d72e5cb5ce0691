/* compdb_memo.h - what libclang's compilation database answered, kept in
 * the cache directory, so that a re-run with the same compile_commands.json
 * does not load libclang to read it again.
 * SPDX-License-Identifier: MIT
 *
 * A run that the result cache answers whole still needs every file's
 * compile arguments (they are part of each result's key), and libclang's
 * reader of compile_commands.json (frontend/compdb.c) is what loads
 * libclang and LLVM (about 0.1 s of CPU, more than the rest of such a
 * run). The memo keeps each file's answer (dl_compdb_lookup: the entry's
 * arguments, or none) in <cache dir>/compdb/<key>.memo, keyed by the SHA-256
 * of the database's bytes (from the cache's digest memo, cache_files.h:
 * read and hashed again only when the file's stamp changed), the libclang file that read them (path, size,
 * modification time) and the running executable (the same), so a changed
 * database, library or ddblint is a new memo. A database naming a response
 * file ('@' anywhere in it: libclang reads the file's content) is never
 * memoised, nor is an answer holding a tab or a newline. A memo file is a
 * sealed file (cache_files.h: written whole and renamed into place, it
 * carries the SHA-256 of its text, and is ignored when that does not
 * match). A
 * memo read is touched; after a new memo file is written, only the 16
 * most recently used of the directory are kept (each edit of a database
 * makes a new one).
 */
#ifndef DL_CLI_COMPDB_MEMO_H
#define DL_CLI_COMPDB_MEMO_H

#include "../frontend/compdb.h"

#include <stdbool.h>

struct dl_compdb_memo;
struct dl_digest_memo;

/**
 * dl_compdb_memo_new - the memo of the database file db_file under
 * cache_dir, read from its file when there is one.
 * @param digests  the cache's digest memo (cache_files.h; borrowed), which
 *                 gives db_file's digest; NULL to read and hash it.
 * db_file is read whole when its digest is not remembered, and when it
 * has no memo yet (to look for a response file).
 * Returns: (transfer full, release with dl_compdb_memo_free), or NULL when
 * cache_dir is NULL, db_file cannot be read, or it names a response file.
 */
struct dl_compdb_memo *dl_compdb_memo_new(const char *cache_dir, const char *db_file,
                                          struct dl_digest_memo *digests);

/** dl_compdb_memo_file - the path of m's memo file (borrowed, m's), read by
 * dl_compdb_memo_new and written by dl_compdb_memo_save (for the tests and
 * the fuzz target fuzz_cache); NULL for NULL. */
const char *dl_compdb_memo_file(const struct dl_compdb_memo *m);

/** dl_compdb_memo_found - whether a memo file of this key was read: libclang
 * loaded this very database before. NULL-safe (false). */
bool dl_compdb_memo_found(const struct dl_compdb_memo *m);

/**
 * dl_compdb_memo_get - the answer kept for the real path real.
 * Returns: 1 with out filled as dl_compdb_lookup fills it (release with
 * dl_compile_args_fini()); 0 when the database had no command for it (out
 * empty); -1 when nothing is kept for it (out empty). NULL-safe (-1).
 */
int dl_compdb_memo_get(const struct dl_compdb_memo *m, const char *real,
                       struct dl_compile_args *out);

/** dl_compdb_memo_put - keep dl_compdb_lookup's answer for real: found (its
 * arguments copied) or NULL (no command). NULL-safe. */
void dl_compdb_memo_put(struct dl_compdb_memo *m, const char *real,
                        const struct dl_compile_args *found);

/** dl_compdb_memo_save - write the memo file when answers were added since it
 * was read; a failure to write is silent (the next run asks libclang
 * again). NULL-safe. */
void dl_compdb_memo_save(struct dl_compdb_memo *m);

/** dl_compdb_memo_free - release, without saving; NULL-safe. */
void dl_compdb_memo_free(struct dl_compdb_memo *m);

#endif
