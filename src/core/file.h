/* file.h - reading a whole file into memory; creating a directory path.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CORE_FILE_H
#define DL_CORE_FILE_H

#include "error.h"

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

/**
 * dl_file_read - read the whole file at path.
 * @param out  receives a NUL-terminated heap copy of the bytes (the file may
 *             itself hold NULs; *len counts them all).
 * @param len  receives the number of bytes read, without the added NUL.
 * Returns: DL_OK, or DL_ERR_IO with err (may be NULL) naming path and the
 * system's reason (*out NULL, *len 0).
 * Ownership: *out is (transfer full).
 */
enum dl_status dl_file_read(const char *path, char **out, size_t *len, struct dl_error *err);

/**
 * dl_file_read_bounded - dl_file_read of at most max bytes (SIZE_MAX: no
 * bound); with regular set, only a regular file is read (a FIFO, a device
 * or a directory is refused without blocking: "not a regular file").
 * Returns: DL_OK, or DL_ERR_IO with err naming path: the system's reason,
 * "not a regular file", or "larger than MAX bytes; not read (the bound on
 * this file)" once more than max bytes came (the read stops there).
 * Ownership: *out is (transfer full).
 */
enum dl_status dl_file_read_bounded(const char *path, size_t max, bool regular, char **out,
                                    size_t *len, struct dl_error *err);

/**
 * dl_write_all - write(2) all len bytes of data to fd, again after EINTR
 * and after a short write.
 * Returns: true when every byte was written; false with errno on an error
 * (EPIPE for a reader gone, ENOSPC...), or when write returned 0.
 */
bool dl_write_all(int fd, const char *data, size_t len);

/**
 * dl_mkdirs - create the directory path and its missing parents (mode 0777
 * less the umask), as `mkdir -p`.
 * @param path  the directory; not modified.
 * Returns: true when path exists as a directory afterwards or already did;
 * false when one of them cannot be created (errno says why).
 */
bool dl_mkdirs(const char *path);

/**
 * dl_time_cmp - order two file times (struct stat's st_mtim and the like):
 * negative, zero or positive as a is earlier than, equal to or later than
 * b, to the nanosecond. The caches' least-recently-used bounds sort by it.
 */
int dl_time_cmp(const struct timespec *a, const struct timespec *b);

/* The size of a file's stamp (dl_file_stamp) with its NUL, in bytes. */
#define DL_STAMP_MAX 96

/* How long after a file's last change (in seconds) its stamp is trusted to
 * stand for its content: a write in the same clock tick as a read, or one
 * the file system's timestamps cannot order, must not go unnoticed. */
#define DL_STAMP_SETTLE_S 2

/**
 * dl_file_stamp - a file's identity without reading it, as git's index
 * keeps it: "<size>:<inode>:<mtime s>.<ns>:<ctime s>.<ns>" (at most
 * DL_STAMP_MAX bytes into out). An edit, a replacement, `touch` or a copy
 * that keeps the modification time all change the status-change time.
 * stat() follows symbolic links: the stamp is the target's.
 * @param settled  when not NULL, receives whether the file last changed
 *                 more than DL_STAMP_SETTLE_S seconds before `now` (and not
 *                 in the future): only such a stamp may stand for content
 *                 read at `now` or later.
 * Returns: false when path cannot be stat'ed or is not a regular file (out
 * untouched).
 */
bool dl_file_stamp(const char *path, char *out, time_t now, bool *settled);

struct stat;

/**
 * dl_file_stamp_of - dl_file_stamp from a stat() the caller already made
 * (a directory walk's: one stat per file and run, not one per question).
 * The stamp stands for the file as it was when st was taken.
 * Returns: false when st is not a regular file's (out untouched).
 */
bool dl_file_stamp_of(const struct stat *st, char *out, time_t now, bool *settled);

#endif
