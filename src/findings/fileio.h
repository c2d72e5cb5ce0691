/* fileio.h - whole-file reads and atomic writes for the findings sink and
 * the reporters (paths: core/path.h).
 * SPDX-License-Identifier: MIT
 *
 * Ownership: returned buffers and strings are (transfer full), free() them.
 * Paths are borrowed.
 */
#ifndef DL_FINDINGS_FILEIO_H
#define DL_FINDINGS_FILEIO_H

#include "../core/error.h"
#include "../core/file.h" /* dl_file_read */
#include "../core/path.h" /* dl_path_absolute, dl_path_relative */

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

#endif
