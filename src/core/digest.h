/* digest.h - the pieces every SHA-256 key of ddblint is made of: strings
 * fed with a separator, digests written as hex.
 * SPDX-License-Identifier: MIT
 *
 * The hash itself is nettle's (struct sha256_ctx, <nettle/sha2.h>); the
 * keys built from these (result cache, prefilter memo, precompiled headers)
 * are in docs/architecture.md.
 */
#ifndef DL_CORE_DIGEST_H
#define DL_CORE_DIGEST_H

#include <stddef.h>
#include <stdint.h>

#include <nettle/sha2.h>

/**
 * dl_digest_str - feed the NUL-terminated string s to ctx with its NUL, so
 * that the NUL separates it from what comes next ("ab" then "c" is not
 * "a" then "bc"). s must not be NULL.
 */
void dl_digest_str(struct sha256_ctx *ctx, const char *s);

/**
 * dl_hex - the n bytes at bytes as 2n lowercase hexadecimal digits and a
 * NUL, into out, which must hold 2n + 1 bytes.
 */
void dl_hex(const uint8_t *bytes, size_t n, char *out);

/**
 * dl_sha256_hex - the SHA-256 of the len bytes at data as 64 lowercase hex
 * digits and a NUL, into hex (65 bytes).
 */
void dl_sha256_hex(const void *data, size_t len, char *hex);

#endif
