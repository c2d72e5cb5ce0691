/* tables_cases.h - a table with its definition as a template writes it,
 * built by hand for the table checks' tests (no YAML).
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_TESTS_TABLES_CASES_H
#define DL_TESTS_TABLES_CASES_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "builder.h"
#include "checks/check.h"

/* Orders: PK/SK, one GSI (G1PK) and one LSI (LSI1SK); provisioned 10/50,
 * the GSI 10/50; AttributeDefinitions exactly the key attributes. */
struct tc {
        struct dl_table t;
        struct dl_table_def def;
        struct dl_index ix[8];
        struct dl_index_def ixdef[8];
        struct dl_def_attr attrs[8];
        struct dl_def_attr keys[8];
};

static inline void tc_init(struct tc *c)
{
        memset(c, 0, sizeof *c);
        struct dl_loc at = {"test.yaml", 3, 3};
        c->def.format = "cloudformation";
        c->def.kind = "AWS::DynamoDB::Table";
        c->def.id = "Orders";
        c->def.loc = at;
        c->def.billing = DL_BILLING_PROVISIONED;
        c->def.billing_written = DL_DEF_KNOWN;
        c->def.billing_loc = (struct dl_loc){"test.yaml", 6, 20};
        c->def.capacity.state = DL_DEF_KNOWN;
        c->def.capacity.key_loc = (struct dl_loc){"test.yaml", 7, 7};
        c->def.capacity.read = dl_tb_def_num(10, 8);
        c->def.capacity.write = dl_tb_def_num(50, 9);
        static const char *const names[] = {"PK", "SK", "G1PK", "LSI1SK"};
        for (size_t i = 0; i < 4; i++) {
                c->attrs[i] =
                        (struct dl_def_attr){names[i], "S", {"test.yaml", 10 + (unsigned)i, 9}};
                c->keys[i] =
                        (struct dl_def_attr){names[i], "S", {"test.yaml", 20 + (unsigned)i, 9}};
        }
        c->def.attrs_state = DL_DEF_KNOWN;
        c->def.attrs = c->attrs;
        c->def.n_attrs = 4;
        c->def.keys = c->keys;
        c->def.n_keys = 4;
        c->t.name = "Orders";
        c->t.loc = at;
        c->t.def = &c->def;
        c->t.partition_key = (struct dl_key_attr){"PK", DL_KEY_S, {"test.yaml", 20, 9}, false};
        c->t.sort_key = (struct dl_key_attr){"SK", DL_KEY_S, {"test.yaml", 21, 9}, false};
        c->ix[0].name = "G1";
        c->ix[0].kind = DL_INDEX_GLOBAL;
        c->ix[0].partition_key =
                (struct dl_key_attr){"G1PK", DL_KEY_S, {"test.yaml", 22, 9}, false};
        c->ix[0].loc = (struct dl_loc){"test.yaml", 30, 9};
        c->ix[0].def = &c->ixdef[0];
        c->ixdef[0].capacity = c->def.capacity;
        c->ixdef[0].capacity.key_loc = (struct dl_loc){"test.yaml", 31, 11};
        c->ixdef[0].capacity.write = dl_tb_def_num(50, 32);
        c->ix[1].name = "L1";
        c->ix[1].kind = DL_INDEX_LOCAL;
        c->ix[1].partition_key = c->t.partition_key;
        c->ix[1].sort_key = (struct dl_key_attr){"LSI1SK", DL_KEY_S, {"test.yaml", 23, 9}, false};
        c->ix[1].loc = (struct dl_loc){"test.yaml", 40, 9};
        c->ix[1].def = &c->ixdef[1];
        c->ixdef[1].own_partition_key = c->t.partition_key;
        c->t.indexes = c->ix;
        c->t.n_indexes = 2;
        c->def.gsi_loc = (struct dl_loc){"test.yaml", 29, 7};
        c->def.lsi_loc = (struct dl_loc){"test.yaml", 39, 7};
}

#endif
