/* test_placeholder.c - #name / :value resolution and bookkeeping
 * (model/placeholder) and dl_model_normalize().
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/arena.h"
#include "model/expr.h"
#include "model/normalize.h"
#include "model/placeholder.h"

#include <string.h>

static const struct dl_loc L = {"t.cpp", 1, 1};

static void add(struct dl_arena *a, struct dl_attr_map *m, const char *k, const char *v)
{
        struct dl_attr *items = dl_arena_alloc(a, (m->n + 1) * sizeof *items);
        if (m->n)
                memcpy(items, m->items, m->n * sizeof *items);
        items[m->n].key = dl_value_known(a, k, strlen(k), NULL, L);
        if (v)
                items[m->n].val = dl_value_known(a, v, strlen(v), NULL, L);
        m->items = items;
        m->n++;
        m->kind = DL_VAL_KNOWN;
}

static void set(struct dl_arena *a, struct dl_request *r, enum dl_field f, const char *s)
{
        r->fields[f] = dl_value_known(a, s, strlen(s), NULL, L);
}

static void test_find(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_attr_map m = {0};
        assert_int_equal(dl_placeholder_find(&m, "#a", 2, NULL), DL_PH_MISSING);
        add(&a, &m, "#a", "status");
        const struct dl_attr *out = NULL;
        assert_int_equal(dl_placeholder_find(&m, "#a", 2, &out), DL_PH_FOUND);
        assert_string_equal(out->val.text, "status");
        assert_int_equal(dl_placeholder_find(&m, "#b", 2, NULL), DL_PH_MISSING);
        assert_int_equal(dl_placeholder_find(&m, "#", 1, NULL), DL_PH_MISSING);
        m.kind = DL_VAL_DYNAMIC;
        assert_int_equal(dl_placeholder_find(&m, "#b", 2, NULL), DL_PH_UNKNOWN);
        assert_int_equal(dl_placeholder_find(&m, "#a", 2, NULL), DL_PH_FOUND);
        /* a key that is a template makes a miss unknown */
        struct dl_attr_map t = {0};
        add(&a, &t, "#x", "x");
        t.items[0].key = dl_value_dynamic(L);
        assert_int_equal(dl_placeholder_find(&t, "#x", 2, NULL), DL_PH_UNKNOWN);
        dl_arena_fini(&a);
}

static void test_key_valid(void **state)
{
        (void)state;
        assert_true(dl_placeholder_key_valid("#a", 2, '#'));
        assert_true(dl_placeholder_key_valid("#A_9", 4, '#'));
        assert_true(dl_placeholder_key_valid(":0", 2, ':'));
        assert_false(dl_placeholder_key_valid("#", 1, '#'));
        assert_false(dl_placeholder_key_valid("a", 1, '#'));
        assert_false(dl_placeholder_key_valid("#a-b", 4, '#'));
        assert_false(dl_placeholder_key_valid("#a.b", 4, '#'));
        assert_false(dl_placeholder_key_valid(":a", 2, '#'));
        assert_false(dl_placeholder_key_valid("#a", 2, ':'));
        assert_false(dl_placeholder_key_valid("#\xc3\xa9", 3, '#'));
        assert_false(dl_placeholder_key_valid("#a b", 4, '#'));
}

static void test_resolve_and_usage(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_request r;
        dl_request_init(&r, DL_OP_QUERY);
        set(&a, &r, DL_FIELD_KEY_CONDITION_EXPRESSION, "#k = :pk");
        set(&a, &r, DL_FIELD_PROJECTION_EXPRESSION, "a, b.#n");
        set(&a, &r, DL_FIELD_TABLE_NAME, "T"); /* not an expression: not parsed */
        add(&a, &r.names, "#k", "PK");
        add(&a, &r.names, "#n", "name");
        add(&a, &r.values, ":pk", NULL);
        dl_model_normalize(&a, &r);
        assert_non_null(r.exprs[DL_FIELD_KEY_CONDITION_EXPRESSION]);
        assert_non_null(r.exprs[DL_FIELD_PROJECTION_EXPRESSION]);
        assert_null(r.exprs[DL_FIELD_FILTER_EXPRESSION]);
        assert_null(r.exprs[DL_FIELD_TABLE_NAME]);
        const struct dl_expr *k = r.exprs[DL_FIELD_KEY_CONDITION_EXPRESSION];
        const char *name;
        size_t len;
        assert_true(dl_placeholder_resolve(&r, &k->paths[0]->elems[0], &name, &len));
        assert_int_equal(len, 2);
        assert_memory_equal(name, "PK", 2);
        const struct dl_expr *p = r.exprs[DL_FIELD_PROJECTION_EXPRESSION];
        assert_true(dl_placeholder_resolve(&r, &p->paths[0]->elems[0], &name, &len));
        assert_memory_equal(name, "a", 1);
        assert_true(dl_placeholder_uses_known(&r));
        assert_true(dl_placeholder_is_used(&r, "#k", 2));
        assert_true(dl_placeholder_is_used(&r, "#n", 2));
        assert_true(dl_placeholder_is_used(&r, ":pk", 3));
        assert_false(dl_placeholder_is_used(&r, ":p", 2));
        assert_false(dl_placeholder_is_used(&r, "#kk", 3));
        /* a dynamic expression: usage unknown */
        r.fields[DL_FIELD_FILTER_EXPRESSION] = dl_value_dynamic(L);
        dl_model_normalize(&a, &r);
        assert_false(dl_placeholder_uses_known(&r));
        /* escaped */
        r.fields[DL_FIELD_FILTER_EXPRESSION].kind = DL_VAL_ABSENT;
        dl_model_normalize(&a, &r);
        assert_true(dl_placeholder_uses_known(&r));
        r.escaped = true;
        assert_false(dl_placeholder_uses_known(&r));
        r.escaped = false;
        /* a syntax error stops the parser: usage unknown */
        set(&a, &r, DL_FIELD_FILTER_EXPRESSION, "a = = :x");
        dl_model_normalize(&a, &r);
        assert_false(dl_placeholder_uses_known(&r));
        dl_arena_fini(&a);
}

static void test_normalize_items(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_request r;
        dl_request_init(&r, DL_OP_TRANSACT_WRITE_ITEMS);
        struct dl_request *items = dl_arena_alloc(&a, 2 * sizeof *items);
        dl_request_init(&items[0], DL_OP_PUT_ITEM);
        dl_request_init(&items[1], DL_OP_UPDATE_ITEM);
        set(&a, &items[0], DL_FIELD_CONDITION_EXPRESSION, "attribute_not_exists(PK)");
        set(&a, &items[1], DL_FIELD_UPDATE_EXPRESSION, "SET a = :v");
        r.items = items;
        r.n_items = 2;
        dl_model_normalize(&a, &r);
        assert_non_null(items[0].exprs[DL_FIELD_CONDITION_EXPRESSION]);
        assert_true(items[0].exprs[DL_FIELD_CONDITION_EXPRESSION]->complete);
        assert_non_null(items[1].exprs[DL_FIELD_UPDATE_EXPRESSION]);
        assert_int_equal(items[1].exprs[DL_FIELD_UPDATE_EXPRESSION]->lang, DL_LANG_UPDATE);
        dl_arena_fini(&a);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_find),
                cmocka_unit_test(test_key_valid),
                cmocka_unit_test(test_resolve_and_usage),
                cmocka_unit_test(test_normalize_items),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
