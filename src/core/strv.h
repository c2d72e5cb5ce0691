/* strv.h - arrays of heap strings: sorted sets with binary search.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CORE_STRV_H
#define DL_CORE_STRV_H

#include <stdbool.h>
#include <stddef.h>

/**
 * dl_strv_sort_unique - sort v[0..*n) with strcmp and drop duplicates in
 * place, freeing the dropped strings; *n becomes the new count.
 */
void dl_strv_sort_unique(char **v, size_t *n);

/** dl_strv_contains - whether sorted v holds s (binary search). */
bool dl_strv_contains(char *const *v, size_t n, const char *s);

/** dl_strv_free - free every string and the array; NULL-safe. */
void dl_strv_free(char **v, size_t n);

#endif
