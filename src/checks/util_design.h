/* util_design.h - a partition key's design over one file: the writes that
 * put items under one key (of a table or of a global secondary index that
 * is not sparse), gathered by the unit stage of constant-partition-key and
 * low-cardinality-partition-key (struct dl_check.run_unit), so that one
 * design is one finding per file (issue 28), whichever requests share it.
 * SPDX-License-Identifier: MIT
 *
 * Facts: as util_keys.h (one partition serves at most about 1,000 write
 * units a second).
 */
#ifndef DL_CHECKS_UTIL_DESIGN_H
#define DL_CHECKS_UTIL_DESIGN_H

#include "util_keys.h"

#include <stdbool.h>
#include <stddef.h>

/* One write of a key. */
struct dl_key_write {
        const struct dl_request *req;
        struct dl_key_target k;
        struct dl_key_value pk;           /* its partition key's value */
        bool constant;                    /* one complete constant, the items differing */
        const struct dl_pattern *pattern; /* not constant: the low-cardinality pattern
                                             it matches, or NULL */
        const struct dl_hole *part;       /* not constant, no pattern: its low-cardinality part */
};

/* The writes of one key in one file, in source order. */
struct dl_key_design {
        struct dl_key_write *w; /* heap */
        size_t n;
        size_t n_constants; /* distinct constant values among them */
        bool any_low;       /* a write whose key has low-cardinality parts */
};

/* The state of both design checks: constant-partition-key's `allow` and
 * low-cardinality-partition-key's `patterns`, each read by both so that
 * they see the same designs. */
struct dl_key_design_state {
        struct dl_pattern_list *allow, *low;
};

/**
 * dl_key_design_configure - configure() of either design check: reads
 * `allow` and `patterns` from the rules' entries of the two checks (cfg
 * is the calling check's entry, ignored: both are looked up in rules).
 * Returns: DL_OK with *out a struct dl_key_design_state (release with
 * dl_key_design_destroy), or the option's DL_ERR_CONFIG.
 */
enum dl_status dl_key_design_configure(void **out, const struct dl_check_config *cfg,
                                       const struct dl_ruleset *rules, struct dl_error *err);
/** dl_key_design_destroy - destroy() of either design check; NULL-safe. */
void dl_key_design_destroy(void *state);

/** dl_key_design_is_constant - every write sets the same constant: the
 * case of constant-partition-key; otherwise low-cardinality-partition-key's
 * (two or more constants, or a low-cardinality template). */
bool dl_key_design_is_constant(const struct dl_key_design *d);

/**
 * dl_key_designs - the designs of the writes among reqs (n requests of one
 * unit, borrowed): each write (PutItem, UpdateItem and their batch and
 * transaction forms) of a table described in the rules, under each key it
 * is written to (dl_key_target_written) except a sparse index's (its
 * checks judge each write: sparse-index-key-not-removed), whose partition
 * key is a constant the items differ under and allow does not match, or a
 * template low matches or built from low-cardinality parts only (a date
 * bucket only when the items differ), as low-cardinality-partition-key
 * judges one write. Grouped by the file of the call, the table and the
 * index; for the table's own key, also by the value.
 * @param allow, low  constant-partition-key's `allow` and
 *                    low-cardinality-partition-key's `patterns`; may be NULL.
 * @param own_low     ctx is low-cardinality-partition-key's (else
 *                    constant-partition-key's): only the calling check's
 *                    own patterns give tool notes (a pattern at PCRE2's
 *                    limits), so each note is said once, under its check.
 * Returns: the designs (transfer full: dl_key_designs_free), *n_out set.
 */
struct dl_key_design *dl_key_designs(const struct dl_check_ctx *ctx,
                                     const struct dl_request *const *reqs, size_t n,
                                     const struct dl_pattern_list *allow,
                                     const struct dl_pattern_list *low, bool own_low,
                                     size_t *n_out);
/** dl_key_designs_free - release what dl_key_designs returned; NULL-safe. */
void dl_key_designs_free(struct dl_key_design *d, size_t n);

/**
 * dl_key_design_low - does key value v written (write) or read by req
 * under k take few distinct values, as low-cardinality-partition-key
 * judges one request? Sets *pattern (the pattern of low that matched, or
 * NULL) and *part (its low-cardinality part).
 */
bool dl_key_design_low(const struct dl_check_ctx *ctx, const struct dl_pattern_list *low,
                       const struct dl_request *req, const struct dl_key_target *k,
                       const struct dl_value *v, bool write, const struct dl_pattern **pattern,
                       const struct dl_hole **part);

/**
 * dl_key_design_fingerprint - give f (the finding of design d) the
 * fingerprint inputs of the design: its check, file, table, index and key
 * attribute (struct dl_finding: no function, a signature naming them), so
 * a baseline keeps it when a write is added or moved.
 */
void dl_key_design_fingerprint(struct dl_finding *f, const struct dl_key_design *d);

/**
 * dl_key_design_relate - add every write of d but the first to f as a
 * related location: "this UpdateItem also writes 'CANCELLED'".
 */
void dl_key_design_relate(struct dl_finding *f, const struct dl_key_design *d);

/** dl_key_design_mark - f is design d's finding (d may be NULL: nothing
 * to do): dl_key_design_relate and dl_key_design_fingerprint. */
void dl_key_design_mark(struct dl_finding *f, const struct dl_key_design *d);

/**
 * dl_key_design_values - the distinct values d's writes give its key, in
 * order, quoted: "'PENDING', 'PAID'", into buf (size bytes). Returns buf.
 */
const char *dl_key_design_values(const struct dl_key_design *d, char *buf, size_t size);

#endif
