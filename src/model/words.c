/* words.c - case-insensitive binary search in a sorted word list.
 * SPDX-License-Identifier: MIT
 */
#include "words.h"

#include <ctype.h>

int dl_word_cmp(const char *s, size_t len, const char *w)
{
        size_t i = 0;
        for (; i < len && w[i]; i++) {
                int a = toupper((unsigned char)s[i]), b = (unsigned char)w[i];
                if (a != b)
                        return a - b;
        }
        if (i < len)
                return 1;
        return w[i] ? -1 : 0;
}

bool dl_words_contain(const char *const *words, size_t n, const char *s, size_t len)
{
        size_t lo = 0, hi = n;
        while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                int c = dl_word_cmp(s, len, words[mid]);
                if (c == 0)
                        return true;
                if (c < 0)
                        hi = mid;
                else
                        lo = mid + 1;
        }
        return false;
}
