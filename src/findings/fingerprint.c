/* fingerprint.c - baseline fingerprints (SHA-256 via nettle) and GitHub's
 * rolling line hash.
 * SPDX-License-Identifier: MIT
 *
 * The line hash is our own implementation of the algorithm described in
 * fingerprint.h; the only state is a 100-slot ring of code units plus, per
 * slot, the line that starts there. A line's hash can only be emitted once
 * 100 more units have been hashed, so emission lags input by one window.
 */
#include "fingerprint.h"

#include "../core/digest.h"
#include "../core/alloc.h"
#include "../core/strbuf.h"
#include "utf8.h"

#include <nettle/sha2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- baseline fingerprint ---- */

static void hash_field(struct sha256_ctx *ctx, const char *name, const char *value)
{
        /* "name=<len>:<bytes>\n", or "name=-\n" for NULL: unambiguous for any
         * bytes in value, and NULL differs from "". */
        char head[64];
        int n = value ? snprintf(head, sizeof head, "%s=%zu:", name, strlen(value))
                      : snprintf(head, sizeof head, "%s=-", name);
        sha256_update(ctx, (size_t)n, (const uint8_t *)head);
        if (value)
                sha256_update(ctx, strlen(value), (const uint8_t *)value);
        sha256_update(ctx, 1, (const uint8_t *)"\n");
}

char *dl_fingerprint_compute(const char *check_id, const char *rel_path, const char *function,
                             const char *signature, unsigned occurrence)
{
        struct sha256_ctx ctx;
        sha256_init(&ctx);
        static const char version[] = "ddblint-fingerprint/1\n";
        sha256_update(&ctx, sizeof version - 1, (const uint8_t *)version);
        hash_field(&ctx, "check", check_id);
        hash_field(&ctx, "path", rel_path);
        hash_field(&ctx, "function", function);
        hash_field(&ctx, "signature", signature);
        char occ[16];
        snprintf(occ, sizeof occ, "%u", occurrence);
        hash_field(&ctx, "occurrence", occ);

        uint8_t digest[SHA256_DIGEST_SIZE];
        sha256_digest(&ctx, sizeof digest, digest);
        char *hex = dl_xmalloc(DL_FINGERPRINT_HEX_LEN + 1);
        dl_hex(digest, sizeof digest, hex);
        return hex;
}

/* ---- primaryLocationLineHash ---- */

#define WINDOW 100
#define BASE 37u
#define END_MARK 65535u

/* Counts per hash value: a small open-addressing table. */
struct count_slot {
        uint64_t hash;
        unsigned count; /* 0 = empty */
};

struct roller {
        uint32_t ring[WINDOW];
        unsigned line_at[WINDOW]; /* line starting at this slot, 0 = none */
        size_t pos;
        uint64_t hash, drop_factor; /* drop_factor = BASE^WINDOW mod 2^64 */
        unsigned line;
        int at_line_start, prev_cr;
        struct count_slot *counts;
        size_t n_counts, cap_counts;
        dl_line_hash_fn fn;
        void *data;
};

static unsigned bump_count(struct roller *r, uint64_t h)
{
        if (2 * (r->n_counts + 1) > r->cap_counts) {
                size_t old = r->cap_counts;
                struct count_slot *o = r->counts;
                r->cap_counts = old ? old * 2 : 64;
                r->counts = dl_xcalloc(r->cap_counts, sizeof *r->counts);
                r->n_counts = 0;
                for (size_t i = 0; i < old; i++) {
                        if (!o[i].count)
                                continue;
                        size_t j = (size_t)(o[i].hash * 0x9E3779B97F4A7C15ull) % r->cap_counts;
                        while (r->counts[j].count)
                                j = (j + 1) % r->cap_counts;
                        r->counts[j] = o[i];
                        r->n_counts++;
                }
                free(o);
        }
        size_t j = (size_t)(h * 0x9E3779B97F4A7C15ull) % r->cap_counts;
        while (r->counts[j].count && r->counts[j].hash != h)
                j = (j + 1) % r->cap_counts;
        if (!r->counts[j].count) {
                r->counts[j].hash = h;
                r->n_counts++;
        }
        return ++r->counts[j].count;
}

static void emit_line(struct roller *r)
{
        char buf[48];
        unsigned n = bump_count(r, r->hash);
        snprintf(buf, sizeof buf, "%llx:%u", (unsigned long long)r->hash, n);
        r->fn(r->data, r->line_at[r->pos], buf);
        r->line_at[r->pos] = 0;
}

static void roll(struct roller *r, uint32_t unit)
{
        uint32_t leaving = r->ring[r->pos];
        r->ring[r->pos] = unit;
        r->hash = r->hash * BASE + unit - r->drop_factor * leaving;
        r->pos = (r->pos + 1) % WINDOW;
}

static void feed(struct roller *r, uint32_t unit)
{
        /* Spaces and tabs never count; "\r\n" counts once, as "\n". */
        if (unit == ' ' || unit == '\t' || (r->prev_cr && unit == '\n')) {
                r->prev_cr = 0;
                return;
        }
        r->prev_cr = unit == '\r';
        if (unit == '\r')
                unit = '\n';
        if (r->line_at[r->pos])
                emit_line(r); /* the window starting at this slot is full */
        if (r->at_line_start) {
                r->at_line_start = 0;
                r->line_at[r->pos] = ++r->line;
        }
        if (unit == '\n')
                r->at_line_start = 1;
        roll(r, unit);
}

void dl_line_hash_each(const char *text, size_t len, dl_line_hash_fn fn, void *data)
{
        struct roller r;
        memset(&r, 0, sizeof r);
        r.fn = fn;
        r.data = data;
        r.at_line_start = 1;
        r.drop_factor = 1;
        for (int i = 0; i < WINDOW; i++)
                r.drop_factor *= BASE;

        for (size_t i = 0; i < len;) {
                uint32_t cp;
                i += dl_utf8_next(text, len, i, &cp);
                if (cp >= 0x10000) {
                        cp -= 0x10000;
                        feed(&r, 0xD800 + (cp >> 10));
                        feed(&r, 0xDC00 + (cp & 0x3FF));
                } else {
                        feed(&r, cp);
                }
        }
        feed(&r, END_MARK);
        for (int i = 0; i < WINDOW; i++) {
                if (r.line_at[r.pos])
                        emit_line(&r);
                roll(&r, 0);
        }
        free(r.counts);
}

static void collect(void *data, unsigned line, const char *hash)
{
        struct dl_line_hashes *h = data;
        /* Lines arrive in order 1, 2, 3...; line == n + 1 always. */
        h->lines = dl_xrealloc(h->lines, (h->n + 1) * sizeof *h->lines);
        h->lines[h->n++] = dl_xstrdup(hash);
        (void)line;
}

void dl_line_hashes_compute(struct dl_line_hashes *out, const char *text, size_t len)
{
        out->lines = NULL;
        out->n = 0;
        dl_line_hash_each(text, len, collect, out);
}

const char *dl_line_hashes_get(const struct dl_line_hashes *h, unsigned line)
{
        if (!h || line == 0 || line > h->n)
                return NULL;
        return h->lines[line - 1];
}

void dl_line_hashes_fini(struct dl_line_hashes *h)
{
        if (!h)
                return;
        for (size_t i = 0; i < h->n; i++)
                free(h->lines[i]);
        free(h->lines);
        h->lines = NULL;
        h->n = 0;
}
