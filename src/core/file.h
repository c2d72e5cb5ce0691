/* file.h - reading a whole file into memory.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CORE_FILE_H
#define DL_CORE_FILE_H

#include "error.h"

#include <stddef.h>

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

#endif
