/* strv.c - arrays of heap strings.
 * SPDX-License-Identifier: MIT
 */
#include "strv.h"

#include <stdlib.h>
#include <string.h>

static int cmp_str(const void *a, const void *b)
{
        return strcmp(*(char *const *)a, *(char *const *)b);
}

void dl_strv_sort_unique(char **v, size_t *n)
{
        if (*n == 0)
                return;
        qsort(v, *n, sizeof *v, cmp_str);
        size_t k = 1;
        for (size_t i = 1; i < *n; i++) {
                if (strcmp(v[i], v[k - 1]) == 0)
                        free(v[i]);
                else
                        v[k++] = v[i];
        }
        *n = k;
}

bool dl_strv_contains(char *const *v, size_t n, const char *s)
{
        return n && bsearch(&s, v, n, sizeof *v, cmp_str) != NULL;
}

void dl_strv_free(char **v, size_t n)
{
        for (size_t i = 0; v && i < n; i++)
                free(v[i]);
        free(v);
}
