/* key_cases.h - the schema and request builders the partition-key check
 * tests share (constant-partition-key, low-cardinality-partition-key,
 * hot-key-unsharded, sparse-index-key-not-removed).
 * SPDX-License-Identifier: MIT
 *
 * Tables:
 *   Ecommerce  PK, SK; GSI1 (GSI1PK, GSI1SK), sparse with values
 *              [UNSHIPPED]; ByStatus (StatusPK, no sort key); LSI1 (local)
 *   Counters   PK only
 */
#ifndef DL_TESTS_KEY_CASES_H
#define DL_TESTS_KEY_CASES_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "builder.h"
#include "checks/check.h"
#include "model/normalize.h"

#include <string.h>

static void key_schema(struct dl_tb *tb)
{
        struct dl_table *t = dl_tb_table(tb, "Ecommerce", "PK", "SK");
        struct dl_index *gsi1 = dl_tb_gsi(tb, t, "GSI1", "GSI1PK", "GSI1SK");
        static const char *const unshipped[] = {"UNSHIPPED"};
        dl_tb_sparse(tb, gsi1, unshipped, 1);
        dl_tb_gsi(tb, t, "ByStatus", "StatusPK", NULL);
        struct dl_index *lsi = dl_tb_gsi(tb, t, "LSI1", "PK", "Created");
        lsi->kind = DL_INDEX_LOCAL;
        dl_tb_table(tb, "Counters", "PK", NULL);
}

/* A request of op on table; pairs is "ATTR=spec" strings (spec as
 * dl_tb_value; "ATTR=" followed by nothing: an AttributeValue ddblint
 * cannot see), put in Item (PutItem) or Key (others); NULL ends them. */
static struct dl_request *key_request(struct dl_tb *tb, enum dl_op op, const char *table,
                                      const char *const *pairs)
{
        struct dl_request *r = dl_tb_request(tb, op);
        if (table)
                dl_tb_set(tb, r, DL_FIELD_TABLE_NAME, table);
        else
                dl_tb_set_dynamic(r, DL_FIELD_TABLE_NAME);
        struct dl_attr_map *m = op == DL_OP_PUT_ITEM ? &r->item : &r->key;
        for (size_t i = 0; pairs && pairs[i]; i++) {
                const char *eq = strchr(pairs[i], '=');
                char *attr = dl_arena_strndup(&tb->arena, pairs[i], (size_t)(eq - pairs[i]));
                dl_tb_entry(tb, m, attr, eq[1] ? eq + 1 : NULL);
        }
        return r;
}

#define KEYS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* Normalize r (parse its expressions) and run the check id on it. */
static size_t key_run(struct dl_tb *tb, const char *id, struct dl_request *r)
{
        dl_model_normalize(&tb->arena, r);
        const struct dl_check *c = dl_catalogue_find(id);
        assert_non_null(c);
        return dl_tb_run(tb, c, r);
}

/* The last finding's message contains s. */
static void last_says(const struct dl_tb *tb, const char *s)
{
        assert_true(tb->n_findings > 0);
        const char *m = tb->findings[tb->n_findings - 1]->message;
        if (!strstr(m, s))
                fail_msg("message '%s' lacks '%s'", m, s);
}

#endif
