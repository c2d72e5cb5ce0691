/* sort.h - sorting a list of named definitions into one per name.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CORE_SORT_H
#define DL_CORE_SORT_H

#include <stdbool.h>
#include <stddef.h>

/* How dl_sort_agreeing compares and releases the elements of one list. */
struct dl_sort_agreeing_ops {
        /* qsort's comparator: by name first, so that the elements of one
         * name are adjacent; then anything that makes the order total
         * (the definition's file and line) */
        int (*order)(const void *a, const void *b);
        bool (*same_name)(const void *a, const void *b);
        bool (*agree)(const void *a, const void *b); /* two definitions of one name say the same */
        void (*drop)(void *a);                       /* release one element not kept */
};

/**
 * dl_sort_agreeing - sort the *n elements of size bytes at v by ops->order,
 * then keep one element per name: the first, when every element of its
 * name agrees with it; none when one does not (two definitions of one name
 * that differ: a name is matched alone, so neither can be trusted). Each
 * element not kept goes to ops->drop. The result does not depend on the
 * order the elements came in.
 * Returns: the number of names dropped for disagreeing; *n becomes the
 * number of elements kept (at the front of v).
 */
size_t dl_sort_agreeing(void *v, size_t *n, size_t size, const struct dl_sort_agreeing_ops *ops);

#endif
