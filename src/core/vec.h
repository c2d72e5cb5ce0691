/* vec.h - typed growable arrays as macros.
 * SPDX-License-Identifier: MIT
 *
 * DL_VEC(T) declares an anonymous struct { T *items; size_t n, cap; }.
 * Storage comes from dl_xrealloc (heap) and is released with DL_VEC_FREE;
 * DL_VEC_PUSH_ARENA takes it from an arena instead (core/arena.h), for
 * vectors that live as long as the arena (tokens, AST lists): never
 * DL_VEC_FREE those.
 *
 *     struct dl_int_vec DL_VEC(int);   or   DL_VEC(int) v = {0};
 *     DL_VEC_PUSH(&v, 42);
 *     DL_VEC_FREE(&v);
 */
#ifndef DL_CORE_VEC_H
#define DL_CORE_VEC_H

#include "alloc.h"
#include "arena.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define DL_VEC(T) struct { T *items; size_t n, cap; }

#define DL_VEC_GROW(v, want)                                                      \
        do {                                                                     \
                if ((want) > (v)->cap) {                                         \
                        size_t dl_vec_c_ = (v)->cap ? (v)->cap * 2 : 8;          \
                        while (dl_vec_c_ < (want))                               \
                                dl_vec_c_ *= 2;                                  \
                        (v)->items = dl_xrealloc((v)->items,                     \
                                                 dl_vec_c_ * sizeof *(v)->items); \
                        (v)->cap = dl_vec_c_;                                    \
                }                                                                \
        } while (0)

#define DL_VEC_PUSH(v, x)                                                        \
        do {                                                                     \
                DL_VEC_GROW((v), (v)->n + 1);                                    \
                (v)->items[(v)->n++] = (x);                                      \
        } while (0)

/* Push x, growing into arena a: the items are copied to a block twice the
 * size and the old block is left to the arena (freed with it). */
#define DL_VEC_PUSH_ARENA(a, v, x)                                               \
        do {                                                                     \
                if ((v)->n == (v)->cap) {                                        \
                        size_t dl_vec_c_ = (v)->cap ? (v)->cap * 2 : 8;          \
                        void *dl_vec_p_ =                                        \
                                dl_arena_alloc((a), dl_vec_c_ * sizeof *(v)->items); \
                        if ((v)->n)                                              \
                                memcpy(dl_vec_p_, (v)->items,                    \
                                       (v)->n * sizeof *(v)->items);             \
                        (v)->items = dl_vec_p_;                                  \
                        (v)->cap = dl_vec_c_;                                    \
                }                                                                \
                (v)->items[(v)->n++] = (x);                                      \
        } while (0)

#define DL_VEC_FREE(v)                                                           \
        do {                                                                     \
                free((v)->items);                                                \
                (v)->items = NULL;                                               \
                (v)->n = (v)->cap = 0;                                           \
        } while (0)

#endif
