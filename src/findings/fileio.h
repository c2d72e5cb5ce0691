/* fileio.h - whole-file reads, atomic writes and project-relative paths for
 * the findings sink and the reporters.
 * SPDX-License-Identifier: MIT
 *
 * Ownership: returned buffers and strings are (transfer full), free() them.
 * Paths are borrowed.
 */
#ifndef DL_FINDINGS_FILEIO_H
#define DL_FINDINGS_FILEIO_H

#include "../core/error.h"
#include "../core/file.h" /* dl_file_read */

#include <stddef.h>

/**
 * dl_file_write_atomic - replace path with exactly len bytes of data, or
 * leave it untouched. The bytes go to a temporary file in path's directory
 * (so rename(2) stays on one file system), are flushed with fsync, and the
 * temporary file is renamed onto path. Nobody ever sees a half-written file.
 * A symbolic link is kept: the file it names is the one replaced. A device,
 * FIFO or socket (/dev/stdout, a pipe) is opened and written into, never
 * replaced. A directory is an error. The replaced file keeps its mode.
 * Returns: DL_OK, or DL_ERR_IO with err naming path; the temporary file is
 * removed on failure.
 */
enum dl_status dl_file_write_atomic(const char *path, const char *data, size_t len,
                                    struct dl_error *err);

/**
 * dl_path_absolute - path made absolute against the current directory,
 * with "." and ".." components and doubled slashes removed lexically
 * (symbolic links are left alone, so a path and the root compare as the
 * user spelled them). Returns: a heap string (transfer full).
 */
char *dl_path_absolute(const char *path);

/**
 * dl_path_relative - path relative to root, with '/' separators.
 * @param root  the project root (absolute or relative to the current
 *              directory); NULL means the current directory.
 * Returns: the relative path (transfer full) when path lies under root,
 * else NULL. A path equal to root gives ".".
 */
char *dl_path_relative(const char *root, const char *path);

#endif
