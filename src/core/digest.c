/* digest.c - see digest.h.
 * SPDX-License-Identifier: MIT
 */
#include "digest.h"

#include <string.h>

void dl_digest_str(struct sha256_ctx *ctx, const char *s)
{
        sha256_update(ctx, strlen(s) + 1, (const uint8_t *)s);
}

void dl_sha256_hex(const void *data, size_t len, char *hex)
{
        struct sha256_ctx ctx;
        uint8_t d[SHA256_DIGEST_SIZE];
        sha256_init(&ctx);
        sha256_update(&ctx, len, data);
        sha256_digest(&ctx, sizeof d, d);
        dl_hex(d, sizeof d, hex);
}

void dl_hex(const uint8_t *bytes, size_t n, char *out)
{
        /* by hand, not snprintf: a warm run names a cache file per input */
        static const char digits[] = "0123456789abcdef";
        for (size_t i = 0; i < n; i++) {
                out[2 * i] = digits[bytes[i] >> 4];
                out[2 * i + 1] = digits[bytes[i] & 15];
        }
        out[2 * n] = '\0';
}
