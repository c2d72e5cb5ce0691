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

/* The same in two steps, for an output named before the work that makes
 * it: dl_atomic_open() checks now that path can be written (creating the
 * temporary file beside it), dl_atomic_commit() writes and renames at the
 * end. Between the two, dl_file_cleanup_on_signals() removes the
 * temporary file if the process is killed. */
struct dl_atomic_file;

/**
 * dl_atomic_open - prepare to replace path: create its temporary file
 * (regular files and links to them), or check that a device, FIFO or
 * socket is writable (it is opened when written).
 * Returns: DL_OK with *out set, or DL_ERR_IO naming path ("is a
 * directory", "cannot write it: no such directory 'DIR'" when its
 * directory is missing, "cannot create a temporary file: Permission
 * denied").
 * Ownership: *out is (transfer full): dl_atomic_commit() or
 * dl_atomic_abort() releases it.
 */
enum dl_status dl_atomic_open(const char *path, struct dl_atomic_file **out,
                              struct dl_error *err);
/**
 * dl_atomic_commit - write len bytes of data, flush, give the file the
 * replaced file's mode (else 0666 & ~umask) and rename it onto the target;
 * releases f whatever happens.
 * Returns: DL_OK, or DL_ERR_IO naming the target (the temporary file is
 * removed).
 */
enum dl_status dl_atomic_commit(struct dl_atomic_file *f, const char *data, size_t len,
                                struct dl_error *err);
/** dl_atomic_abort - remove the temporary file and release f; NULL-safe. */
void dl_atomic_abort(struct dl_atomic_file *f);

/**
 * dl_file_cleanup_on_signals - on SIGINT, SIGTERM or SIGHUP, remove the
 * temporary files of dl_atomic_open() not yet committed, then die of the
 * signal (default action re-raised: the exit status a shell shows is 128 +
 * the signal number). Signals already ignored (nohup) stay ignored. The
 * handler only calls unlink(), signal() and raise(), which are
 * async-signal-safe; at most 8 temporary files are tracked at once.
 */
void dl_file_cleanup_on_signals(void);

#endif
