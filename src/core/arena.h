/* arena.h - a bump allocator; one per translation unit.
 * SPDX-License-Identifier: MIT
 *
 * Everything made while analysing one translation unit (cursor strings,
 * requests, expression ASTs) is allocated here and freed in one call to
 * dl_arena_fini(). Pointers into an arena must never be kept in a
 * struct dl_finding (findings outlive the arena and copy their strings).
 *
 * Built with -DDL_ARENA_PER_ALLOCATION=ON (the default of the sanitizer
 * and fuzzing builds), every allocation is a heap block of exactly the size
 * asked, so AddressSanitizer sees an overrun that a shared block would hide.
 * The interface and its behaviour are the same either way.
 */
#ifndef DL_CORE_ARENA_H
#define DL_CORE_ARENA_H

#include <stddef.h>

struct dl_arena_block;

struct dl_arena {
        struct dl_arena_block *head; /* newest block first */
        size_t used;                 /* bytes used in head */
        size_t cap;                  /* bytes available in head */
};

/** dl_arena_init - make an empty arena in caller storage. */
void dl_arena_init(struct dl_arena *a);
/** dl_arena_fini - free every block; the arena is empty and reusable. NULL-safe. */
void dl_arena_fini(struct dl_arena *a);
/** dl_arena_alloc - n zeroed bytes aligned for any type; aborts on OOM.
 * Ownership: (transfer none), lives until dl_arena_fini(). */
void *dl_arena_alloc(struct dl_arena *a, size_t n);
/** dl_arena_strndup - copy n bytes of s plus a NUL; s may contain NUL bytes.
 * Ownership: (transfer none). */
char *dl_arena_strndup(struct dl_arena *a, const char *s, size_t n);
/** dl_arena_strdup - copy of NUL-terminated s; NULL gives NULL. */
char *dl_arena_strdup(struct dl_arena *a, const char *s);
/** dl_arena_grow - room for one more element in an array kept in the arena.
 * items holds n elements of size bytes each and was made by this function
 * (or is NULL with n == 0); its capacity is 8, then doubles. When n fills it,
 * a twice larger copy is made and the old storage is abandoned (the arena
 * frees it). Returns: the array to use from now on, with room for element n
 * (zeroed when new); the caller stores it and increments n.
 * Ownership: (transfer none), lives until dl_arena_fini(). Aborts on OOM. */
void *dl_arena_grow(struct dl_arena *a, void *items, size_t n, size_t size);
/** dl_arena_printf - printf into the arena. Ownership: (transfer none). */
char *dl_arena_printf(struct dl_arena *a, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));

#endif
