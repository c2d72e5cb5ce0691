/* cache_files.h - what the cache directory's files have in common: a
 * sealed file and
 * a bound on how many files of one kind are kept.
 * SPDX-License-Identifier: MIT
 *
 * A sealed file (a format line, a body of any number of lines, the SHA-256
 * of both) is written to a temporary file and renamed into place
 * (atomic: concurrent writers each leave a whole file, the last rename
 * wins); a reader checks its format line and its digest, so that a file
 * that is corrupt, truncated or of another format or version is ignored
 * (and rewritten by the caller), never trusted. The result cache's entries
 * (result_cache.h) and the prefilter's memo (prefilter_memo.h) are sealed
 * files.
 */
#ifndef DL_CLI_CACHE_FILES_H
#define DL_CLI_CACHE_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The size of a SHA-256 digest in hex with its NUL, in bytes. */
#define DL_CACHE_HEX_SIZE 65

/**
 * dl_cache_sealed_read - the body of the sealed file at path when its first
 * line is head (no newline in head) and its digest matches.
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
 * NUL; a newline is added) and their digest to path, atomically. The directory must exist.
 * Returns: true when written; false on any error (a full disk), silent: a
 * cache only saves time.
 */
bool dl_cache_sealed_write(const char *path, const char *head, const char *body);

/**
 * dl_cache_keep_newest - keep only the `keep` most recently used files of
 * dir whose names end in suffix (by modification time: a reader touches
 * what it uses), deleting the others; names starting with '.' (temporary
 * files) are left alone.
 */
void dl_cache_keep_newest(const char *dir, const char *suffix, size_t keep);

/**
 * dl_cache_file_sha256 - the SHA-256 (nettle) of the bytes of the file at
 * path, as hex into hex (DL_CACHE_HEX_SIZE bytes).
 * Returns: false when the file cannot be read (hex untouched).
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
 * in <cache dir>/digests-1.json by absolute path (dl_path_absolute,
 * core/path.h) with the file's stamp
 * (dl_file_stamp, core/file.h), so that each is read and hashed again only
 * when its stamp changed. A stamp is kept only when it is settled (older
 * than DL_STAMP_SETTLE_S) and the same before and after the read, as git's
 * index does; a memo file that is not a JSON object is ignored (and
 * rewritten). Not thread safe: one thread of the driver uses it.
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
