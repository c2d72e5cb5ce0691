/* test_keys.c - the values a request gives its key attributes (model/keys).
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/arena.h"
#include "core/strbuf.h"
#include "model/keys.h"
#include "model/normalize.h"
#include "model/template.h"

#include <string.h>

static struct dl_arena A;
static struct dl_strbuf SB;
static const struct dl_loc L = {"t.cpp", 4, 2};

static int setup(void **state)
{
        (void)state;
        dl_arena_init(&A);
        dl_strbuf_init(&SB);
        return 0;
}

static int teardown(void **state)
{
        (void)state;
        dl_strbuf_fini(&SB);
        dl_arena_fini(&A);
        return 0;
}

/* "USER#" then a hole when hole is set. */
static struct dl_value val(const char *text, bool hole, unsigned line)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, &A);
        dl_tmpl_text(&t, text, strlen(text), NULL, (struct dl_loc){"t.cpp", line, 7}, NULL);
        if (hole)
                dl_tmpl_hole(&t, NULL);
        struct dl_value v = dl_tmpl_finish(&t, (struct dl_loc){"t.cpp", line, 7});
        dl_tmpl_fini(&t);
        return v;
}

static struct dl_attr *add(struct dl_attr_map *m, const char *k, struct dl_value v)
{
        struct dl_attr *items = dl_arena_alloc(&A, (m->n + 1) * sizeof *items);
        if (m->n)
                memcpy(items, m->items, m->n * sizeof *items);
        items[m->n].key = dl_value_known(&A, k, strlen(k), NULL, L);
        items[m->n].val = v;
        items[m->n].type = DL_ATTR_S;
        items[m->n].loc = (struct dl_loc){"t.cpp", 30, 1};
        m->items = items;
        if (m->kind == DL_VAL_ABSENT)
                m->kind = DL_VAL_KNOWN;
        return &items[m->n++];
}

static void set_expr(struct dl_request *r, enum dl_field f, const char *const *parts, size_t n)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, &A);
        for (size_t i = 0; i < n; i++) {
                if (parts[i])
                        dl_tmpl_text(&t, parts[i], strlen(parts[i]), NULL, L, NULL);
                else
                        dl_tmpl_hole(&t, NULL);
        }
        r->fields[f] = dl_tmpl_finish(&t, L);
        dl_tmpl_fini(&t);
}

#define EXPR(r, f, ...) set_expr(r, f, (const char *const[]){__VA_ARGS__}, \
                                 sizeof((const char *const[]){__VA_ARGS__}) / sizeof(const char *))

static struct dl_key_value get(const struct dl_request *r, const char *attr)
{
        struct dl_key_value kv;
        dl_key_value_get(r, attr, strlen(attr), &kv);
        return kv;
}

static const char *dump(const struct dl_value *v)
{
        dl_strbuf_reset(&SB);
        dl_value_dump(&SB, v);
        return dl_strbuf_cstr(&SB);
}

static void test_put_item(void **state)
{
        (void)state;
        struct dl_request r;
        dl_request_init(&r, DL_OP_PUT_ITEM);
        add(&r.item, "PK", val("USER#", true, 11));
        add(&r.item, "GSI1PK", val("UNSHIPPED", false, 12));
        struct dl_attr *unknown = add(&r.item, "GSI1SK", (struct dl_value){0});
        unknown->type = DL_ATTR_UNKNOWN; /* an AttributeValue made where ddblint cannot see */
        dl_model_normalize(&A, &r);
        struct dl_key_value kv = get(&r, "PK");
        assert_int_equal(kv.state, DL_KEYV_SET);
        assert_int_equal(kv.source, DL_KEYV_ITEM);
        assert_string_equal(dump(&kv.value), "\"USER#<?>\"");
        assert_int_equal(kv.loc.line, 11);
        kv = get(&r, "GSI1PK");
        assert_true(dl_value_equals(&kv.value, "UNSHIPPED"));
        assert_ptr_equal(kv.entry, &r.item.items[1]);
        kv = get(&r, "GSI1SK");
        assert_int_equal(kv.state, DL_KEYV_SET);
        assert_int_equal(kv.value.kind, DL_VAL_DYNAMIC);
        assert_int_equal(kv.loc.line, 30); /* the entry, for want of a value */
        assert_int_equal(get(&r, "SK").state, DL_KEYV_NOT_SET);
        /* a map ddblint saw only in part: no NOT_SET */
        r.item.kind = DL_VAL_DYNAMIC;
        assert_int_equal(get(&r, "SK").state, DL_KEYV_UNKNOWN);
        assert_int_equal(get(&r, "PK").state, DL_KEYV_SET);
        /* an escaped request may have been given anything */
        r.item.kind = DL_VAL_KNOWN;
        r.escaped = true;
        assert_int_equal(get(&r, "SK").state, DL_KEYV_UNKNOWN);
        assert_true(dl_key_value_writes(&r));
}

static void test_key_ops(void **state)
{
        (void)state;
        enum dl_op ops[] = {DL_OP_GET_ITEM, DL_OP_DELETE_ITEM};
        for (size_t i = 0; i < 2; i++) {
                struct dl_request r;
                dl_request_init(&r, ops[i]);
                add(&r.key, "PK", val("PRODUCT#sale", false, 3));
                dl_model_normalize(&A, &r);
                assert_int_equal(get(&r, "PK").source, DL_KEYV_KEY);
                struct dl_key_value kv = get(&r, "PK");
                assert_true(dl_value_equals(&kv.value, "PRODUCT#sale"));
                assert_int_equal(get(&r, "SK").state, DL_KEYV_NOT_SET);
                assert_false(dl_key_value_writes(&r));
        }
        struct dl_request cc;
        dl_request_init(&cc, DL_OP_TRANSACT_WRITE_ITEMS);
        cc.member = "ConditionCheck";
        add(&cc.key, "PK", val("X", false, 3));
        assert_int_equal(get(&cc, "PK").state, DL_KEYV_SET);
        struct dl_request scan;
        dl_request_init(&scan, DL_OP_SCAN);
        assert_int_equal(get(&scan, "PK").state, DL_KEYV_UNKNOWN);
}

static void test_update_item(void **state)
{
        (void)state;
        struct dl_request r;
        dl_request_init(&r, DL_OP_UPDATE_ITEM);
        add(&r.key, "PK", val("USER#", true, 3));
        EXPR(&r, DL_FIELD_UPDATE_EXPRESSION,
             "SET #g = :shipped, Carrier = :c, Other = if_not_exists(Other, :c) REMOVE GSI1SK");
        add(&r.names, "#g", val("GSI1PK", false, 5));
        add(&r.values, ":shipped", val("SHIPPED", false, 6));
        add(&r.values, ":c", val("ups", false, 7));
        dl_model_normalize(&A, &r);
        struct dl_key_value kv = get(&r, "GSI1PK");
        assert_int_equal(kv.state, DL_KEYV_SET);
        assert_int_equal(kv.source, DL_KEYV_UPDATE);
        assert_true(dl_value_equals(&kv.value, "SHIPPED"));
        assert_int_equal(kv.loc.line, 6);
        assert_int_equal(get(&r, "GSI1SK").state, DL_KEYV_REMOVED);
        kv = get(&r, "Other");
        assert_int_equal(kv.state, DL_KEYV_SET);
        assert_int_equal(kv.value.kind, DL_VAL_DYNAMIC);
        assert_int_equal(get(&r, "PK").source, DL_KEYV_KEY);
        assert_int_equal(get(&r, "GSI2PK").state, DL_KEYV_NOT_SET);
        assert_true(dl_key_value_writes(&r));
        /* a :value ddblint cannot see */
        r.values.kind = DL_VAL_DYNAMIC;
        r.values.n = 1;
        EXPR(&r, DL_FIELD_UPDATE_EXPRESSION, "SET GSI1PK = :x");
        dl_model_normalize(&A, &r);
        kv = get(&r, "GSI1PK");
        assert_int_equal(kv.state, DL_KEYV_SET);
        assert_int_equal(kv.value.kind, DL_VAL_DYNAMIC);
}

static void test_update_unsure(void **state)
{
        (void)state;
        struct dl_request r;
        dl_request_init(&r, DL_OP_UPDATE_ITEM);
        add(&r.key, "PK", val("P", false, 3));
        /* after a hole the parser cannot tell targets from operands */
        EXPR(&r, DL_FIELD_UPDATE_EXPRESSION, "SET GSI1PK = :v, ", NULL);
        add(&r.values, ":v", val("V", false, 6));
        dl_model_normalize(&A, &r);
        assert_int_equal(get(&r, "GSI1PK").state, DL_KEYV_UNKNOWN);
        assert_int_equal(get(&r, "GSI1SK").state, DL_KEYV_UNKNOWN);
        assert_int_equal(get(&r, "PK").state, DL_KEYV_SET);
        /* an alias with no known name may be any attribute */
        EXPR(&r, DL_FIELD_UPDATE_EXPRESSION, "SET #x = :v");
        dl_model_normalize(&A, &r);
        assert_int_equal(get(&r, "GSI1PK").state, DL_KEYV_UNKNOWN);
        /* ADD changes it without a single value */
        EXPR(&r, DL_FIELD_UPDATE_EXPRESSION, "ADD GSI1PK :v");
        dl_model_normalize(&A, &r);
        assert_int_equal(get(&r, "GSI1PK").state, DL_KEYV_UNKNOWN);
        /* a whole update only known at run time */
        r.fields[DL_FIELD_UPDATE_EXPRESSION] = dl_value_dynamic(L);
        dl_model_normalize(&A, &r);
        assert_int_equal(get(&r, "GSI1PK").state, DL_KEYV_UNKNOWN);
        /* no update: nothing but the key */
        r.fields[DL_FIELD_UPDATE_EXPRESSION] = (struct dl_value){0};
        dl_model_normalize(&A, &r);
        assert_int_equal(get(&r, "GSI1PK").state, DL_KEYV_NOT_SET);
        /* the legacy AttributeUpdates may set anything */
        r.fields[DL_FIELD_ATTRIBUTE_UPDATES] = dl_value_dynamic(L);
        assert_int_equal(get(&r, "GSI1PK").state, DL_KEYV_UNKNOWN);
        /* a Key ddblint cannot see: an attribute the update leaves alone
         * may still be in it */
        struct dl_request u;
        dl_request_init(&u, DL_OP_UPDATE_ITEM);
        u.key.kind = DL_VAL_DYNAMIC;
        EXPR(&u, DL_FIELD_UPDATE_EXPRESSION, "SET a = :v");
        add(&u.values, ":v", val("V", false, 6));
        dl_model_normalize(&A, &u);
        assert_int_equal(get(&u, "PK").state, DL_KEYV_UNKNOWN);
}

static void test_query(void **state)
{
        (void)state;
        struct dl_request r;
        dl_request_init(&r, DL_OP_QUERY);
        EXPR(&r, DL_FIELD_KEY_CONDITION_EXPRESSION, "#p = :pk AND begins_with(SK, :pre)");
        add(&r.names, "#p", val("PK", false, 5));
        add(&r.values, ":pk", val("STATUS#", true, 8));
        add(&r.values, ":pre", val("2024", false, 9));
        dl_model_normalize(&A, &r);
        struct dl_key_value kv = get(&r, "PK");
        assert_int_equal(kv.state, DL_KEYV_SET);
        assert_int_equal(kv.source, DL_KEYV_KEY_CONDITION);
        assert_string_equal(dump(&kv.value), "\"STATUS#<?>\"");
        assert_int_equal(kv.loc.line, 8);
        assert_int_equal(get(&r, "SK").state, DL_KEYV_UNKNOWN); /* a range */
        assert_int_equal(get(&r, "GSI1PK").state, DL_KEYV_NOT_SET);
        /* the value first */
        EXPR(&r, DL_FIELD_KEY_CONDITION_EXPRESSION, ":pk = PK");
        dl_model_normalize(&A, &r);
        assert_int_equal(get(&r, "PK").state, DL_KEYV_SET);
        /* a hole takes in the placeholder it touches: set, value unknown */
        EXPR(&r, DL_FIELD_KEY_CONDITION_EXPRESSION, "PK = :pk", NULL);
        dl_model_normalize(&A, &r);
        kv = get(&r, "PK");
        assert_int_equal(kv.state, DL_KEYV_SET);
        assert_int_equal(kv.value.kind, DL_VAL_DYNAMIC);
        /* a hole standing for a whole condition: the equality still holds
         * (a key condition has no OR) */
        EXPR(&r, DL_FIELD_KEY_CONDITION_EXPRESSION, NULL, " AND PK = :pk");
        dl_model_normalize(&A, &r);
        assert_int_equal(get(&r, "PK").state, DL_KEYV_SET);
        /* a hole where the comparison should be: nothing certain */
        EXPR(&r, DL_FIELD_KEY_CONDITION_EXPRESSION, "PK ", NULL);
        dl_model_normalize(&A, &r);
        assert_int_equal(get(&r, "PK").state, DL_KEYV_UNKNOWN);
        /* none at all, or the legacy KeyConditions */
        r.fields[DL_FIELD_KEY_CONDITION_EXPRESSION] = (struct dl_value){0};
        dl_model_normalize(&A, &r);
        assert_int_equal(get(&r, "PK").state, DL_KEYV_NOT_SET);
        r.fields[DL_FIELD_KEY_CONDITIONS] = dl_value_dynamic(L);
        assert_int_equal(get(&r, "PK").state, DL_KEYV_UNKNOWN);
        assert_string_equal(dl_keyv_state_str(DL_KEYV_REMOVED), "removed");
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_put_item),
                cmocka_unit_test(test_key_ops),
                cmocka_unit_test(test_update_item),
                cmocka_unit_test(test_update_unsure),
                cmocka_unit_test(test_query),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
