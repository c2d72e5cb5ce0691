/* shard.c - which inputs a `--shard K/N` run analyses.
 * SPDX-License-Identifier: MIT
 */
#include "shard.h"

#include "../core/path.h"

#include <nettle/sha2.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

unsigned dl_shard_of(const char *rel, unsigned n)
{
        struct sha256_ctx ctx;
        uint8_t d[SHA256_DIGEST_SIZE];
        sha256_init(&ctx);
        sha256_update(&ctx, strlen(rel), (const uint8_t *)rel);
        sha256_digest(&ctx, sizeof d, d);
        uint64_t h = 0;
        for (int i = 0; i < 8; i++)
                h = h << 8 | d[i];
        return (unsigned)(h % n);
}

bool dl_shard_keeps(const char *path, const char *root, unsigned k, unsigned n)
{
        char *rel = dl_path_relative(root, path);
        if (!rel)
                rel = dl_path_absolute(path);
        bool keep = dl_shard_of(rel, n) == k - 1;
        free(rel);
        return keep;
}
