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

#endif
