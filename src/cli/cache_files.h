/* cache_files.h - what the cache directory's files have in common: a
 * sealed file and
 * a bound on how many files of one kind are kept.
 * SPDX-License-Identifier: MIT
 *
 * A sealed file (a format line, a body of any number of lines, a seal of
 * both) is written to a temporary file created exclusively beside it and
 * renamed into place (core/safefile.h: atomic, concurrent writers each
 * leave a whole file, the last rename wins, a symbolic link planted at
 * either name is never followed); a reader checks its format line and its
 * seal, so that a file that is corrupt, truncated or of another format or
 * version is ignored (and rewritten by the caller), never trusted. The
 * result cache's entries and header lists (result_cache.h), the prefilter's
 * memo (prefilter_memo.h), the compilation database's memo
 * (compdb_memo.h) and the digest memo below are sealed files.
 *
 * The seal is the SHA-256 of the bytes it follows; with DL_CACHE_KEY_ENV
 * set (a secret only trusted jobs have, docs/ci.md) it is their
 * HMAC-SHA-256 under that key, and then only files sealed so are read:
 * anyone who can write the directory can compute a SHA-256, only the
 * key's holder an HMAC. Without the key, HMAC-sealed files are ignored
 * (they cannot be checked). The cache directory itself is used only when
 * it passes dl_dir_trusted (core/safefile.h; checked by the driver,
 * docs/architecture.md "Caches"). docs/security.md, "Caches".
 */
#ifndef DL_CLI_CACHE_FILES_H
#define DL_CLI_CACHE_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The size of a SHA-256 digest in hex with its NUL, in bytes. */
#define DL_CACHE_HEX_SIZE 65

/* The environment variable holding the key cache files are signed with. */
#define DL_CACHE_KEY_ENV "DDBLINT_CACHE_KEY"

/* The largest cache file read, in bytes (a larger one is ignored). */
#define DL_CACHE_FILE_MAX ((size_t)256 << 20)

/**
 * dl_cache_unseal - check the text of a sealed file (len bytes, the whole
 * file) against head (its first line, no newline) and its seal under key
 * (DL_CACHE_KEY_ENV's value; NULL: a plain SHA-256 seal is wanted).
 * @param body      receives where the body (without its last newline)
 *                  starts inside text.
 * @param body_len  receives its length in bytes.
 * Returns: true when the file is whole, of that head, and sealed as asked
 * (the HMAC compared in constant time, nettle's memeql_sec).
 */
bool dl_cache_unseal(const char *text, size_t len, const char *head, const char *key,
                     const char **body, size_t *body_len);

/**
 * dl_cache_sealed_read - the body of the sealed file at path when its first
 * line is head (no newline in head) and its seal checks (dl_cache_unseal
 * under the key of DL_CACHE_KEY_ENV, if set). Only a regular file of at
 * most DL_CACHE_FILE_MAX bytes is read, never through a symbolic link.
 * @param body      receives where the body (without its last newline)
 *                  starts inside the returned text.
 * @param body_len  receives its length in bytes.
 * Returns: the file's whole text (transfer full: free it after using
 * *body), or NULL when the file is missing, unreadable, or not whole.
 */
char *dl_cache_sealed_read(const char *path, const char *head, const char **body, size_t *body_len);

/**
 * dl_cache_sealed_lines - dl_cache_sealed_read, then line(data, start,
 * end) for each line of the body in order ([start, end): without its
 * newline), until one returns false.
 * Returns: true when the file is whole and every line was taken.
 */
bool dl_cache_sealed_lines(const char *path, const char *head,
                           bool (*line)(void *data, const char *start, const char *end),
                           void *data);

/**
 * dl_cache_sealed_write - write head (one line), body (any text without a
 * NUL; a newline is added) and their seal (signed when DL_CACHE_KEY_ENV is
 * set) to path, atomically (dl_file_replace, core/safefile.h). The
 * directory must exist (dl_dir_private).
 * Returns: true when written; false on any error (a full disk), silent: a
 * cache only saves time.
 */
bool dl_cache_sealed_write(const char *path, const char *head, const char *body);

/**
 * dl_cache_keep_newest - keep only the `keep` most recently used files of
 * dir whose names end in suffix (by modification time: a reader touches
 * what it uses), deleting the others; names starting with '.' (temporary
 * files) are left alone unless they are ddblint's own and stale
 * (dl_temp_sweep, core/safefile.h).
 */
void dl_cache_keep_newest(const char *dir, const char *suffix, size_t keep);

/**
 * dl_cache_file_sha256 - the SHA-256 (nettle) of the bytes of the file at
 * path, as hex into hex (DL_CACHE_HEX_SIZE bytes).
 * Returns: false when the file cannot be read or is not a regular file
 * (after symbolic links: a device or FIFO is never read; hex untouched).
 */
bool dl_cache_file_sha256(const char *path, char *hex);

/**
 * dl_cache_file_sha256_stamped - dl_cache_file_sha256, and into stamp
 * (DL_STAMP_MAX bytes, core/file.h) the file's stamp when it can stand for
 * the bytes hashed: settled (older than DL_STAMP_SETTLE_S) before the read
 * and the same after it, as git's index keeps stamps; else "".
 * Returns: false when the file cannot be read (hex untouched, stamp "").
 */
bool dl_cache_file_sha256_stamped(const char *path, char *hex, char *stamp);

/*
 * A digest memo: the SHA-256 of files that every run reads whole (the
 * executable, the stub headers, compile_commands.json), kept between runs
 * in <cache dir>/digests-2 (a sealed file whose body is a JSON object) by absolute path (dl_path_absolute,
 * core/path.h) with the file's stamp
 * (dl_file_stamp, core/file.h), so that each is read and hashed again only
 * when its stamp changed. A stamp is kept only when it is settled (older
 * than DL_STAMP_SETTLE_S) and the same before and after the read, as git's
 * index does; a memo file that is not a JSON object is ignored (and
 * rewritten), and so is one whose seal does not check. Not thread safe: one thread of the driver uses it.
 */
struct dl_digest_memo;

/**
 * dl_digest_memo_open - the memo of the cache directory cache_dir (read
 * now; the directory need not exist until dl_digest_memo_close).
 * Returns: transfer full (dl_digest_memo_close); never NULL.
 */
struct dl_digest_memo *dl_digest_memo_open(const char *cache_dir);

/**
 * dl_digest_memo_file - dl_cache_file_sha256 of path, from the memo when
 * its stamp there is the file's stamp now; else read, hashed and kept.
 * m may be NULL (nothing remembered: the file is always read).
 * Returns: false when the file cannot be read.
 */
bool dl_digest_memo_file(struct dl_digest_memo *m, const char *path, char *hex);

/**
 * dl_digest_memo_close - write the memo back when it changed (atomically,
 * silent on error: a cache only saves time), then release; NULL-safe.
 */
void dl_digest_memo_close(struct dl_digest_memo *m);

#endif
