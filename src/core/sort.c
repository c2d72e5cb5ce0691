/* sort.c - sorting a list of named definitions into one per name (sort.h).
 * SPDX-License-Identifier: MIT
 */
#include "sort.h"

#include <stdlib.h>
#include <string.h>

size_t dl_sort_agreeing(void *v, size_t *n, size_t size, const struct dl_sort_agreeing_ops *ops)
{
        char *items = v;
        if (*n > 1)
                qsort(items, *n, size, ops->order);
        size_t out = 0, dropped = 0;
        for (size_t i = 0; i < *n;) {
                size_t j = i + 1;
                bool agree = true;
                while (j < *n && ops->same_name(items + j * size, items + i * size)) {
                        agree = agree && ops->agree(items + i * size, items + j * size);
                        j++;
                }
                for (size_t k = i; k < j; k++) {
                        if (k == i && agree) {
                                if (out != k)
                                        memcpy(items + out * size, items + k * size, size);
                                out++;
                        } else {
                                ops->drop(items + k * size);
                        }
                }
                dropped += !agree;
                i = j;
        }
        *n = out;
        return dropped;
}
