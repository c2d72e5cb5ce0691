/* htab.h - a hash table from byte-string keys to pointers, for exact
 * lookups that a run makes thousands of times (paths, cache keys, file
 * identities): open addressing with linear probing, grown at 3/4 full.
 * SPDX-License-Identifier: MIT
 *
 * The table borrows its keys: a key must stay valid and unchanged while
 * its entry is in the table (keep it inside the value it maps to). It
 * owns its slots only; dl_htab_fini frees no key and no value. Not
 * thread-safe: a caller shared by threads holds its own lock.
 */
#ifndef DL_CORE_HTAB_H
#define DL_CORE_HTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dl_htab_slot {
        const void *key; /* NULL: an empty slot */
        size_t len;      /* of key, in bytes */
        uint64_t hash;
        void *value;
};

struct dl_htab {
        struct dl_htab_slot *slots;
        size_t cap; /* a power of two, or 0 before the first insertion */
        size_t n;   /* entries */
};

/* An empty table (no allocation until the first insertion); the same as
 * a zero-initialised struct dl_htab. */
void dl_htab_init(struct dl_htab *t);

/* Frees the slots (not the keys or values); t is empty afterwards. */
void dl_htab_fini(struct dl_htab *t);

/**
 * dl_htab_hash - the table's hash of len bytes at key (64 bits; not
 * cryptographic, never to be written anywhere: it may change between
 * builds).
 */
uint64_t dl_htab_hash(const void *key, size_t len);

/**
 * dl_htab_get - the value of the entry whose key is the len bytes at key.
 * Returns: its value, or NULL when there is none (a NULL value cannot be
 * told from an absent key: store non-NULL values).
 */
void *dl_htab_get(const struct dl_htab *t, const void *key, size_t len);

/* dl_htab_get with a NUL-terminated key (its NUL not part of it). */
void *dl_htab_get_str(const struct dl_htab *t, const char *key);

/**
 * dl_htab_put - map the len bytes at key to value (non-NULL). The table
 * borrows key (see above).
 * Returns: the value the key had before (the entry now holds value and
 * key), or NULL when the key is new.
 */
void *dl_htab_put(struct dl_htab *t, const void *key, size_t len, void *value);

/* dl_htab_put with a NUL-terminated key. */
void *dl_htab_put_str(struct dl_htab *t, const char *key, void *value);

/**
 * dl_htab_remove - remove the entry of the len bytes at key.
 * Returns: the value it held, or NULL when there was none.
 */
void *dl_htab_remove(struct dl_htab *t, const void *key, size_t len);

/**
 * dl_htab_next - iterate: start with *pos = 0; each call returns the next
 * entry's value (and advances *pos), NULL after the last. The order is
 * the table's, neither insertion nor key order. The table must not change
 * while iterating.
 */
void *dl_htab_next(const struct dl_htab *t, size_t *pos);

/**
 * dl_htab_free_all - dl_htab_fini after calling free_value (e.g. free) on
 * every value: for a table that owns its values (and, through them, its
 * keys). t is empty afterwards.
 */
void dl_htab_free_all(struct dl_htab *t, void (*free_value)(void *));

/**
 * dl_htab_sorted - the table's values in an array sorted by cmp (qsort's
 * comparator, called with pointers to the array's elements, each a value
 * pointer), for output that must not depend on the hash order (a file
 * written from the table). *n is the count.
 * Returns: the array (transfer full: free() it, not the values), never NULL.
 */
void **dl_htab_sorted(const struct dl_htab *t, int (*cmp)(const void *, const void *), size_t *n);

#endif
