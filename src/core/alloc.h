/* alloc.h - allocation wrappers that abort on out-of-memory.
 * SPDX-License-Identifier: MIT
 *
 * Raw malloc/calloc/realloc/strdup are banned outside alloc.c (a meta test
 * greps for them). On allocation failure these print "ddblint: out of
 * memory" to stderr and abort, so callers never check for NULL.
 */
#ifndef DL_CORE_ALLOC_H
#define DL_CORE_ALLOC_H

#include <stddef.h>

/** dl_xmalloc - malloc(n) or abort. n==0 returns a unique non-NULL pointer.
 * Ownership: (transfer full), release with free(). */
void *dl_xmalloc(size_t n);
/** dl_xcalloc - calloc(count, size) or abort; overflow of count*size aborts.
 * Ownership: (transfer full). */
void *dl_xcalloc(size_t count, size_t size);
/** dl_xrealloc - realloc(p, n) or abort. p may be NULL.
 * Ownership: p is consumed; the result is (transfer full). */
void *dl_xrealloc(void *p, size_t n);
/** dl_xstrdup - copy of the NUL-terminated s, or NULL when s is NULL.
 * Ownership: (transfer full). */
char *dl_xstrdup(const char *s);
/** dl_xstrndup - copy of the first n bytes of s (bytes, may hold NUL), plus a
 * terminating NUL. Ownership: (transfer full). */
char *dl_xstrndup(const char *s, size_t n);
/** dl_xasprintf - printf into a new heap string. Ownership: (transfer full). */
char *dl_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
