/* util_keys.h - helpers shared by the partition-key checks (issue #8):
 * which keys a request touches (the table's and its global secondary
 * indexes'), what a key value is built from, patterns on key values, and
 * reporting at the request with the place the value was built.
 * SPDX-License-Identifier: MIT
 *
 * Facts: one partition serves at most about 3,000 read units, 1,000 write
 * units and 10 GB; an item is written to a global secondary index only when
 * it has the index's key attributes, and a GSI that cannot keep up throttles
 * the writes to its table (developer guide, "Best practices for designing
 * and using partition keys effectively", "Using write sharding to
 * distribute workloads evenly", "Take advantage of sparse indexes").
 */
#ifndef DL_CHECKS_UTIL_KEYS_H
#define DL_CHECKS_UTIL_KEYS_H

#include "check.h"

#include "../model/keys.h"
#include "../model/request.h"
#include "../model/template.h"
#include "../rules/schema.h"

#include <stdbool.h>
#include <stddef.h>

/* The key of a table, or of one of its global secondary indexes. */
struct dl_key_target {
        const struct dl_table *table;
        const struct dl_index *index; /* NULL: the table's own key */
        const char *pk;               /* partition key attribute */
        const char *sk;               /* sort key attribute, or NULL */
};

/**
 * dl_key_target_at - the i-th key of table t: i == 0 is the table's own,
 * i == k + 1 is t->indexes[k]'s.
 * Returns: false when i is out of range or names a local secondary index
 * (it shares the table's partition key: the table's entry covers it).
 */
bool dl_key_target_at(const struct dl_table *t, size_t i, struct dl_key_target *out);

/**
 * dl_key_target_read - the key a Query, GetItem or a Get member reads: the
 * index named by IndexName (a local index reads the table's partition),
 * else the table's. Returns false (stay silent) as dl_read_keys_get does.
 */
bool dl_key_target_read(const struct dl_check_ctx *ctx, const struct dl_request *req,
                        struct dl_key_target *out);

/** dl_key_target_label - "table 'Orders'" or "index 'GSI1' of table
 * 'Orders'" into buf (size bytes); returns buf. */
const char *dl_key_target_label(const struct dl_key_target *k, char *buf, size_t size);

/** dl_key_value_of - dl_key_value_get for the NUL-terminated attr. */
void dl_key_value_of(const struct dl_request *req, const char *attr, struct dl_key_value *out);

/**
 * dl_key_items_differ - are the items the write req puts under key k
 * proven to differ from one write to the next (many items per partition
 * key value)? For the table's key: its sort key varies
 * (dl_key_value_varies); for a global index's: the table's sort key or
 * partition key varies. false when unknown, or when the table has no sort
 * key (one item per partition key value).
 */
bool dl_key_items_differ(const struct dl_request *req, const struct dl_key_target *k);

/**
 * dl_key_target_written - does the write req certainly put its item under
 * key k? For the table: its partition key is set. For a global index: its
 * partition key is set and its sort key (when it has one) is set too, or,
 * for an UpdateItem, not removed (the item may already carry it): an item
 * missing a key attribute of a global index is not in that index.
 * @param pk  receives the partition key's value (always filled).
 */
bool dl_key_target_written(const struct dl_request *req, const struct dl_key_target *k,
                           struct dl_key_value *pk);

/* Which requests dl_key_visit() looks at. */
enum {
        DL_KEYS_WRITES = 1,  /* PutItem, UpdateItem: every key the item is written under */
        DL_KEYS_DELETES = 2, /* DeleteItem: the table's key */
        DL_KEYS_QUERIES = 4, /* Query: the key it reads */
        DL_KEYS_GETS = 8,    /* GetItem: the table's key */
};

/* Called with a key k of req and the value req gives its partition key. */
typedef void (*dl_key_visit_fn)(const struct dl_check_ctx *ctx, const struct dl_request *req,
                                const struct dl_key_target *k, const struct dl_key_value *pk);

/**
 * dl_key_visit - call visit for the keys req touches, as ops (DL_KEYS_*)
 * asks: for a write, the table's key and each global index's the item is
 * written under (dl_key_target_written); for a read, the key it reads when
 * it sets the partition key. Batch and transaction members are requests of
 * their own (they come through the pipeline one by one). Tables not
 * described in the rules file are skipped.
 */
void dl_key_visit(const struct dl_check_ctx *ctx, const struct dl_request *req, unsigned ops,
                  dl_key_visit_fn visit);

/**
 * dl_patterns_configure, dl_patterns_destroy - configure() and destroy()
 * of a check whose state is the list of PCRE2 patterns of option key
 * (struct dl_pattern_list, searched).
 */
enum dl_status dl_patterns_configure(void **state, const struct dl_check_config *cfg,
                                     const char *key, struct dl_error *err);
void dl_patterns_destroy(void *state);

/** dl_sparse_value - v is fully known and one of the `values` of sparse
 * index ix (false when ix is not sparse). */
bool dl_sparse_value(const struct dl_index *ix, const struct dl_value *v);

/** dl_key_value_varies - kv is set to a template with a run-time part
 * (KNOWN with a hole): proven not to be one constant. */
bool dl_key_value_varies(const struct dl_key_value *kv);

/* What a key value is built from, as far as its spread over partitions. */
enum dl_key_spread {
        DL_SPREAD_CONSTANT, /* one constant */
        DL_SPREAD_LOW,      /* constants and low-cardinality parts only */
        DL_SPREAD_SHARDED,  /* has a shard part */
        DL_SPREAD_UNKNOWN,  /* has a part of unknown (or high) cardinality */
};

/**
 * dl_key_spread_of - classify v (KNOWN; anything else is UNKNOWN): a shard
 * hole anywhere makes it SHARDED; else a hole with nothing known, digits,
 * or a date finer than minutes makes it UNKNOWN; else any bool, enum,
 * one-of or date bucket (year to minute) makes it LOW; no hole, CONSTANT.
 * @param part  set to the first low-cardinality hole when LOW, or to its
 *              finest date part when it has several (may be NULL).
 */
enum dl_key_spread dl_key_spread_of(const struct dl_value *v, const struct dl_hole **part);

/**
 * dl_hole_describe - "'status' is built from enum 'Status' (4 values)",
 * "a part is one of 3 strings ('A', 'B', 'C')", "'now' is a date by the day
 * ('%Y-%m-%d')"... for a low-cardinality hole, into buf; returns buf.
 */
const char *dl_hole_describe(const struct dl_hole *h, char *buf, size_t size);

/**
 * dl_key_matches - does pattern p match key value v (issue #8): a value
 * without holes when p matches its text; a template when the known text
 * before its first hole (at least one byte) matches p, or, with partial,
 * is a partial match of it (PCRE2 soft partial matching: "COUNTRY#" +
 * code against ^COUNTRY#[A-Z]{2}$). A match that reaches PCRE2's limits
 * counts as no match and is said as a tool note (ctx->log) naming the
 * pattern's place in the rules file.
 */
bool dl_key_matches(const struct dl_check_ctx *ctx, const struct dl_pattern *p,
                    const struct dl_value *v, bool partial);

/**
 * dl_key_matches_any - dl_key_matches for each pattern of l.
 * Returns: the first that matches, or NULL.
 */
const struct dl_pattern *dl_key_matches_any(const struct dl_check_ctx *ctx,
                                            const struct dl_pattern_list *l,
                                            const struct dl_value *v, bool partial);

/**
 * dl_key_report - report at req's call with the related locations of the
 * key value: where it was built (kv->loc) and, when its text is defined
 * elsewhere (a constant, a #define), that place.
 * Returns: the finding (transfer none).
 */
struct dl_finding *dl_key_report(const struct dl_check_ctx *ctx, const struct dl_request *req,
                                 const struct dl_key_value *kv, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));

/**
 * dl_key_op_label - how messages name req: its operation ("PutItem"), or
 * for a batch or transaction member the container and the member's shape
 * ("TransactWriteItems Put", "BatchWriteItem PutRequest"). Static storage
 * or borrowed from req.
 */
const char *dl_key_op_label(const struct dl_request *req, char *buf, size_t size);

/** dl_key_value_text - the value's known text for a message: the text,
 * holes rendered as dl_hole_dump does, quoted (model/quote.h) into buf. */
const char *dl_key_value_text(const struct dl_value *v, char *buf, size_t size);

#endif
