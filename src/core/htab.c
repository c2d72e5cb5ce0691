/* htab.c - the hash table of htab.h.
 * SPDX-License-Identifier: MIT
 *
 * Linear probing keeps a lookup to one or two cache lines; removal shifts
 * the following entries of the run back (no tombstones), so a table that
 * loses and gains entries all run long stays as fast as a fresh one.
 */
#include "htab.h"

#include "alloc.h"

#include <stdlib.h>
#include <string.h>

void dl_htab_init(struct dl_htab *t)
{
        t->slots = NULL;
        t->cap = 0;
        t->n = 0;
}

void dl_htab_fini(struct dl_htab *t)
{
        free(t->slots);
        dl_htab_init(t);
}

/* Mixes one 64-bit word into h (a multiply and a rotation); the final
 * steps of dl_htab_hash spread every bit to the low bits, which pick the
 * slot. */
static uint64_t mix(uint64_t h, uint64_t w)
{
        h ^= w * 0x9e3779b97f4a7c15u;
        h = (h << 27) | (h >> 37);
        return h * 0xff51afd7ed558ccdu + 0x94d049bb133111ebu;
}

uint64_t dl_htab_hash(const void *key, size_t len)
{
        const unsigned char *p = key;
        uint64_t h = 0xcbf29ce484222325u ^ len;
        for (; len >= 8; p += 8, len -= 8) {
                uint64_t w;
                memcpy(&w, p, 8);
                h = mix(h, w);
        }
        uint64_t w = 0;
        memcpy(&w, p, len);
        h = mix(h, w);
        h ^= h >> 33;
        h *= 0xc4ceb9fe1a85ec53u;
        return h ^ (h >> 29);
}

/* The slot of key, or the empty slot where it would go. */
static size_t probe(const struct dl_htab *t, const void *key, size_t len, uint64_t h)
{
        size_t mask = t->cap - 1;
        for (size_t i = (size_t)h & mask;; i = (i + 1) & mask) {
                const struct dl_htab_slot *s = &t->slots[i];
                if (!s->key || (s->hash == h && s->len == len && !memcmp(s->key, key, len)))
                        return i;
        }
}

void *dl_htab_get(const struct dl_htab *t, const void *key, size_t len)
{
        if (!t->n)
                return NULL;
        const struct dl_htab_slot *s = &t->slots[probe(t, key, len, dl_htab_hash(key, len))];
        return s->key ? s->value : NULL;
}

void *dl_htab_get_str(const struct dl_htab *t, const char *key)
{
        return dl_htab_get(t, key, strlen(key));
}

static void grow(struct dl_htab *t)
{
        struct dl_htab old = *t;
        t->cap = old.cap ? 2 * old.cap : 16;
        t->slots = dl_xcalloc(t->cap, sizeof *t->slots);
        for (size_t i = 0; i < old.cap; i++) {
                const struct dl_htab_slot *s = &old.slots[i];
                if (s->key)
                        t->slots[probe(t, s->key, s->len, s->hash)] = *s;
        }
        free(old.slots);
}

void *dl_htab_put(struct dl_htab *t, const void *key, size_t len, void *value)
{
        if (4 * (t->n + 1) > 3 * t->cap)
                grow(t);
        uint64_t h = dl_htab_hash(key, len);
        struct dl_htab_slot *s = &t->slots[probe(t, key, len, h)];
        void *was = s->key ? s->value : NULL;
        if (!s->key)
                t->n++;
        *s = (struct dl_htab_slot){key, len, h, value};
        return was;
}

void *dl_htab_put_str(struct dl_htab *t, const char *key, void *value)
{
        return dl_htab_put(t, key, strlen(key), value);
}

void *dl_htab_remove(struct dl_htab *t, const void *key, size_t len)
{
        if (!t->n)
                return NULL;
        size_t mask = t->cap - 1;
        size_t i = probe(t, key, len, dl_htab_hash(key, len));
        if (!t->slots[i].key)
                return NULL;
        void *was = t->slots[i].value;
        t->slots[i].key = NULL;
        t->n--;
        /* shift back every later entry of the run that may sit at i */
        for (size_t j = (i + 1) & mask; t->slots[j].key; j = (j + 1) & mask) {
                size_t home = (size_t)t->slots[j].hash & mask;
                /* j's entry may move to i unless its home lies in (i, j] */
                bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
                if (stays)
                        continue;
                t->slots[i] = t->slots[j];
                t->slots[j].key = NULL;
                i = j;
        }
        return was;
}

void dl_htab_free_all(struct dl_htab *t, void (*free_value)(void *))
{
        size_t pos = 0;
        for (void *v; (v = dl_htab_next(t, &pos));)
                free_value(v);
        dl_htab_fini(t);
}

void **dl_htab_sorted(const struct dl_htab *t, int (*cmp)(const void *, const void *), size_t *n)
{
        void **all = dl_xcalloc(t->n + 1, sizeof *all);
        size_t k = 0, pos = 0;
        for (void *v; (v = dl_htab_next(t, &pos));)
                all[k++] = v;
        if (k)
                qsort(all, k, sizeof *all, cmp);
        *n = k;
        return all;
}

void *dl_htab_next(const struct dl_htab *t, size_t *pos)
{
        for (; *pos < t->cap; (*pos)++) {
                if (t->slots[*pos].key)
                        return t->slots[(*pos)++].value;
        }
        return NULL;
}
