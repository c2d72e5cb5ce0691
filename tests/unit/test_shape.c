/* test_shape.c - model/shape.h: structures built in objects, persistent,
 * written out as a CreateTable's JSON definition with source locations.
 * SPDX-License-Identifier: MIT
 */
#include "core/arena.h"
#include "model/request.h"
#include "model/shape.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

static struct dl_loc at(unsigned line, unsigned col)
{
        return (struct dl_loc){"t.cpp", line, col};
}

static const struct dl_shape *str(struct dl_arena *a, const char *s, unsigned line)
{
        struct dl_value v = dl_value_known(a, s, strlen(s), NULL, at(line, 20));
        return dl_shape_scalar(a, &v, false);
}

static void test_definition(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        /* a KeySchemaElement, then the same object renamed and added again:
         * each added element is the tree as it was */
        const struct dl_shape *el =
                dl_shape_set(&a, NULL, "AttributeName", at(1, 3), str(&a, "PK", 1));
        el = dl_shape_set(&a, el, "KeyType", at(2, 3), str(&a, "HASH", 2));
        const struct dl_shape *req =
                dl_shape_set(&a, NULL, "KeySchema", at(3, 3),
                             dl_shape_push(&a, NULL, at(3, 3), dl_shape_placed(&a, el, at(3, 20))));
        const struct dl_shape *el2 =
                dl_shape_set(&a, el, "AttributeName", at(4, 3), str(&a, "SK", 4));
        el2 = dl_shape_set(&a, el2, "KeyType", at(5, 3), str(&a, "RANGE", 5));
        const struct dl_shape *ks =
                dl_shape_push(&a, dl_shape_get(req, "KeySchema"), at(6, 3), el2);
        const struct dl_shape *before = req;
        req = dl_shape_set(&a, req, "KeySchema", at(6, 3), ks);
        struct dl_value n = dl_value_known(&a, "5", 1, NULL, at(7, 30));
        struct dl_value x = dl_value_dynamic(at(8, 30));
        const struct dl_shape *tp = dl_shape_set(&a, NULL, "ReadCapacityUnits", at(7, 3),
                                                 dl_shape_scalar(&a, &x, true));
        tp = dl_shape_set(&a, tp, "WriteCapacityUnits", at(7, 3), dl_shape_scalar(&a, &n, true));
        req = dl_shape_set(&a, req, "ProvisionedThroughput", at(9, 3), tp);

        const struct dl_value *def = dl_shape_definition(&a, req, at(10, 1));
        assert_non_null(def);
        assert_string_equal(def->text,
                            "{\"KeySchema\": [{\"AttributeName\": \"PK\", \"KeyType\": \"HASH\"}, "
                            "{\"AttributeName\": \"SK\", \"KeyType\": \"RANGE\"}], "
                            "\"ProvisionedThroughput\": {\"ReadCapacityUnits\": {\"Fn::RunTime\": "
                            "\"\"}, \"WriteCapacityUnits\": 5}}");
        /* the earlier tree is unchanged (persistent) */
        const struct dl_value *old = dl_shape_definition(&a, before, at(10, 1));
        assert_string_equal(old->text, "{\"KeySchema\": [{\"AttributeName\": \"PK\", \"KeyType\": "
                                       "\"HASH\"}]}");
        /* locations: the first element's brace where it was added, a value
         * where it is written, a member's name where its setter is */
        struct dl_loc l;
        assert_true(dl_value_loc_at(def, 15, &l)); /* the '{' of the first element */
        assert_int_equal(l.line, 3);
        assert_int_equal(l.col, 20);
        const char *five = strstr(def->text, "5}");
        assert_true(dl_value_loc_at(def, (size_t)(five - def->text), &l));
        assert_int_equal(l.line, 7);
        assert_int_equal(l.col, 30);
        const char *pt = strstr(def->text, "\"Provisioned");
        assert_true(dl_value_loc_at(def, (size_t)(pt - def->text), &l));
        assert_int_equal(l.line, 9);

        /* a number that is not digits, an unknown object: unknown */
        struct dl_value bad = dl_value_known(&a, "5x", 2, NULL, at(1, 1));
        assert_int_equal(dl_shape_scalar(&a, &bad, true)->kind, DL_SHAPE_UNKNOWN);
        const struct dl_shape *u = dl_shape_unknown(&a, at(1, 1));
        assert_int_equal(dl_shape_set(&a, u, "A", at(1, 1), u)->kind, DL_SHAPE_UNKNOWN);
        assert_null(dl_shape_definition(&a, u, at(1, 1)));
        assert_null(dl_shape_definition(&a, NULL, at(1, 1)));
        dl_arena_fini(&a);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_definition),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
