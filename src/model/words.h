/* words.h - case-insensitive lookup in a sorted word list (the reserved
 * words of DynamoDB's expressions and of PartiQL).
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_MODEL_WORDS_H
#define DL_MODEL_WORDS_H

#include <stdbool.h>
#include <stddef.h>

/**
 * dl_word_cmp - compare s (len bytes, need not be NUL-terminated), its
 * ASCII letters upper-cased, with the upper-case word w in byte order.
 * Returns: <0, 0 or >0 as s sorts before, equals or sorts after w.
 */
int dl_word_cmp(const char *s, size_t len, const char *w);

/**
 * dl_words_contain - whether s (len bytes, need not be NUL-terminated)
 * equals one of words[0..n), ASCII letters compared case-insensitively.
 * @param words  upper-case words sorted in byte order (the .def tables).
 * Cost: O(log n) comparisons.
 */
bool dl_words_contain(const char *const *words, size_t n, const char *s, size_t len);

#endif
