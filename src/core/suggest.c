/* suggest.c - the closest known spelling of a misspelt word.
 * SPDX-License-Identifier: MIT
 */
#include "suggest.h"

#include "alloc.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static char fold(char c)
{
        if (c >= 'A' && c <= 'Z')
                return (char)(c - 'A' + 'a');
        return (char)(c == '_' ? '-' : c);
}

int dl_word_eq(const char *a, const char *b)
{
        for (; *a && *b; a++, b++) {
                if (fold(*a) != fold(*b))
                        return 0;
        }
        return *a == *b;
}

static size_t min3(size_t a, size_t b, size_t c)
{
        size_t m = a < b ? a : b;
        return m < c ? m : c;
}

/* Optimal string alignment distance, three rows of (nb + 1) entries; or
 * some value above bound as soon as it is sure to exceed bound: no row's
 * smallest entry is below the previous row's (an entry is an entry of the
 * row above plus 0 or 1, its left neighbour plus 1, or an entry two rows up
 * plus 1, and a row's entries exceed those two rows up by at most 1), so
 * the result is at least every row's smallest entry. Words are short
 * (option names, check ids): longer input is not compared. */
static size_t distance(const char *a, size_t na, const char *b, size_t nb, size_t bound)
{
        size_t *rows = dl_xcalloc(3 * (nb + 1), sizeof *rows);
        size_t *pp = rows, *p = rows + nb + 1, *c = rows + 2 * (nb + 1);
        for (size_t j = 0; j <= nb; j++)
                p[j] = j;
        bool over = false;
        for (size_t i = 1; i <= na && !over; i++) {
                c[0] = i;
                size_t row_min = c[0];
                for (size_t j = 1; j <= nb; j++) {
                        size_t cost = fold(a[i - 1]) != fold(b[j - 1]);
                        c[j] = min3(p[j] + 1, c[j - 1] + 1, p[j - 1] + cost);
                        if (i > 1 && j > 1 && fold(a[i - 1]) == fold(b[j - 2]) &&
                            fold(a[i - 2]) == fold(b[j - 1]) && pp[j - 2] + 1 < c[j])
                                c[j] = pp[j - 2] + 1;
                        if (c[j] < row_min)
                                row_min = c[j];
                }
                size_t *t = pp;
                pp = p;
                p = c;
                c = t;
                over = row_min > bound;
        }
        size_t d = over ? bound + 1 : p[nb];
        free(rows);
        return d;
}

const char *dl_suggest(const char *word, const char *const *candidates, size_t n)
{
        if (!word || !*word || strlen(word) > 256)
                return NULL;
        size_t nw = strlen(word);
        size_t limit = (nw + 2) / 3;
        const char *best = NULL;
        size_t best_d = limit + 1;
        for (size_t i = 0; i < n && best_d > 0; i++) {
                size_t nc = candidates[i] ? strlen(candidates[i]) : 0;
                /* Only a candidate strictly closer than the best so far
                 * counts; the distance is at least the lengths' difference. */
                if (!candidates[i] || nc > 256 || (nc > nw ? nc - nw : nw - nc) >= best_d)
                        continue;
                size_t d = distance(word, nw, candidates[i], nc, best_d - 1);
                if (d < best_d) {
                        best = candidates[i];
                        best_d = d;
                }
        }
        return best;
}
