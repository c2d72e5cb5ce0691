/* shard.h - which inputs a `--shard K/N` run analyses.
 * SPDX-License-Identifier: MIT
 *
 * N runs with --shard 1/N ... N/N (a CI matrix) together analyse every
 * input exactly once. An input's shard depends only on its path relative
 * to the project root, so it is the same on every runner (whatever the
 * checkout directory), whatever order or spelling the inputs are given in,
 * and it moves only when the file does.
 */
#ifndef DL_CLI_SHARD_H
#define DL_CLI_SHARD_H

#include <stdbool.h>

/**
 * dl_shard_of - the shard (0 to n-1) of a path relative to the project
 * root: the first 8 bytes of its SHA-256, big-endian, modulo n. n >= 1.
 */
unsigned dl_shard_of(const char *rel, unsigned n);

/**
 * dl_shard_keeps - whether shard k of n (1-based, as --shard K/N) holds
 * path (relative to the current directory or absolute). The path is taken
 * relative to root (the project root, absolute); a path outside root is
 * taken absolute.
 */
bool dl_shard_keeps(const char *path, const char *root, unsigned k, unsigned n);

#endif
