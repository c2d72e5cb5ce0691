/* suggest.h - "did you mean" for a misspelt word: the closest of a list of
 * known spellings, as clang, git and cargo suggest one.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CORE_SUGGEST_H
#define DL_CORE_SUGGEST_H

#include <stddef.h>

/**
 * dl_word_eq - a and b are the same word up to case and '-' versus '_'
 * ("KEYS_ONLY" and "keys-only"), the spellings a rules file accepts.
 */
int dl_word_eq(const char *a, const char *b);

/**
 * dl_suggest - the candidate closest to word, when close enough to be a
 * typo: the optimal-string-alignment edit distance (insertions, deletions,
 * substitutions, transpositions of neighbours), compared up to case and
 * '-'/'_', is at most (strlen(word) + 2) / 3, the threshold clang uses for
 * typo correction. Ties go to the earliest candidate.
 * @param candidates  n NUL-terminated strings (borrowed); NULL entries are
 *                    skipped.
 * Returns: one of candidates (transfer none), or NULL when none is close.
 */
const char *dl_suggest(const char *word, const char *const *candidates, size_t n);

#endif
