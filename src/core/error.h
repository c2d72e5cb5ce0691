/* error.h - error details that travel beside an enum dl_status.
 * SPDX-License-Identifier: MIT
 *
 * A function that can fail takes `struct dl_error *err` as its last
 * parameter (NULL when the caller does not care) and fills it on failure.
 * The struct owns its strings; release with dl_error_fini().
 */
#ifndef DL_CORE_ERROR_H
#define DL_CORE_ERROR_H

#include "loc.h"
#include "status.h"

struct dl_error {
        enum dl_status status;
        char *message;  /* heap, owned; NULL when no error */
        char *file;     /* heap, owned; NULL when the error has no place */
        unsigned line, col; /* 1-based; 0 when unknown */
};

/** dl_error_init - empty error (status DL_OK). */
void dl_error_init(struct dl_error *err);
/** dl_error_fini - free owned strings and reset; NULL-safe. */
void dl_error_fini(struct dl_error *err);
/**
 * dl_error_set - record a failure when err is not NULL (a second call
 * replaces the first).
 * @param err     may be NULL.
 * @param status  the status the caller is about to return.
 * @param loc     place of the error or NULL; file, line, col are copied.
 * Returns: status, so callers can `return dl_error_set(err, ...)`.
 */
enum dl_status dl_error_set(struct dl_error *err, enum dl_status status,
                            const struct dl_loc *loc, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));
/**
 * dl_error_format - "file:line:col: message" (or the parts that are known).
 * Ownership: (transfer full), free() it.
 */
char *dl_error_format(const struct dl_error *err);

#endif
