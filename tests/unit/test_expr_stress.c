/* test_expr_stress.c - bad input never crashes the expression parser:
 * 10,000 nested parentheses, a 1 MB literal, NUL bytes, invalid UTF-8,
 * long operator chains. Each gives a finding (an error) or nothing.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "checks/check.h"
#include "core/alloc.h"
#include "core/arena.h"
#include "findings/finding.h"
#include "model/expr.h"
#include "model/normalize.h"
#include "rules/schema.h"

#include <stdlib.h>
#include <string.h>

static struct dl_expr *parse_buf(struct dl_arena *a, enum dl_field f, const char *s, size_t n)
{
        struct dl_value *v = dl_arena_alloc(a, sizeof *v);
        *v = dl_value_known(a, s, n, NULL, (struct dl_loc){"t.cpp", 1, 1});
        return dl_expr_parse(a, f, v);
}

static void test_ten_thousand_parens(void **state)
{
        (void)state;
        size_t n = 10000;
        char *s = dl_xmalloc(2 * n + 16);
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
                s[k++] = '(';
        memcpy(s + k, "a = :v", 6);
        k += 6;
        for (size_t i = 0; i < n; i++)
                s[k++] = ')';
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_expr *e = parse_buf(&a, DL_FIELD_FILTER_EXPRESSION, s, k);
        assert_non_null(e);
        assert_true(e->n_errors >= 1);
        assert_int_equal(e->errors[0].kind, DL_EXPR_ERR_SYNTAX);
        assert_int_equal(e->errors[0].off, DL_EXPR_MAX_DEPTH); /* the first '(' too deep */
        /* in an operand and in a projection, too */
        memcpy(s, "a = ", 4);
        for (size_t i = 4; i < n; i++)
                s[i] = '(';
        e = parse_buf(&a, DL_FIELD_FILTER_EXPRESSION, s, n);
        assert_true(e->n_errors >= 1);
        e = parse_buf(&a, DL_FIELD_UPDATE_EXPRESSION, "SET a = ", 8);
        assert_true(e->n_errors >= 1);
        for (size_t i = 0; i < n; i++)
                s[i] = '(';
        e = parse_buf(&a, DL_FIELD_PROJECTION_EXPRESSION, s, n);
        assert_true(e->n_errors >= 1);
        /* nested function calls */
        char *f = dl_xmalloc(n * 6 + 8);
        k = 0;
        for (size_t i = 0; i < n; i++) {
                memcpy(f + k, "size(", 5);
                k += 5;
        }
        e = parse_buf(&a, DL_FIELD_FILTER_EXPRESSION, f, k);
        assert_true(e->n_errors >= 1);
        free(f);
        free(s);
        dl_arena_fini(&a);
}

static void test_one_megabyte(void **state)
{
        (void)state;
        size_t n = 1 << 20;
        char *s = dl_xmalloc(n);
        /* a valid chain "a = :v AND a = :v AND ..." */
        const char *unit = "a = :v AND ";
        size_t ul = strlen(unit), k = 0;
        while (k + ul + 6 < n) {
                memcpy(s + k, unit, ul);
                k += ul;
        }
        memcpy(s + k, "a = :v", 6);
        k += 6;
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_expr *e = parse_buf(&a, DL_FIELD_FILTER_EXPRESSION, s, k);
        assert_non_null(e);
        assert_int_equal(e->n_errors, 0);
        assert_true(e->n_operators > 300);
        /* NOT chain: NOT NOT is a syntax error at once */
        k = 0;
        while (k + 4 < n) {
                memcpy(s + k, "NOT ", 4);
                k += 4;
        }
        e = parse_buf(&a, DL_FIELD_FILTER_EXPRESSION, s, k);
        assert_true(e->n_errors >= 1);
        /* 1 MB of one identifier, of digits, of commas */
        memset(s, 'a', n);
        e = parse_buf(&a, DL_FIELD_PROJECTION_EXPRESSION, s, n);
        assert_int_equal(e->n_errors, 0);
        e = parse_buf(&a, DL_FIELD_FILTER_EXPRESSION, s, n);
        assert_true(e->n_errors >= 1);
        memset(s, ',', n);
        e = parse_buf(&a, DL_FIELD_PROJECTION_EXPRESSION, s, n);
        assert_true(e->n_errors >= 1);
        /* a 1 MB path a.a.a.a... */
        for (size_t i = 0; i < n; i++)
                s[i] = i % 2 ? '.' : 'a';
        s[n - 1] = 'a';
        e = parse_buf(&a, DL_FIELD_PROJECTION_EXPRESSION, s, n);
        assert_int_equal(e->n_errors, 0);
        assert_true(e->max_path_depth > 32);
        free(s);
        dl_arena_fini(&a);
}

static void test_nul_and_invalid_utf8(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        static const char nul[] = "a = :v\0 OR b = :w";
        struct dl_expr *e = parse_buf(&a, DL_FIELD_FILTER_EXPRESSION, nul, sizeof nul - 1);
        assert_int_equal(e->n_errors, 1);
        assert_non_null(strstr(e->errors[0].msg, "\\x00"));
        static const char bad[] = "\xc3\x28 = :v AND \xff\xfe = \xed\xa0\x80";
        e = parse_buf(&a, DL_FIELD_FILTER_EXPRESSION, bad, sizeof bad - 1);
        assert_int_equal(e->n_errors, 1);
        e = parse_buf(&a, DL_FIELD_UPDATE_EXPRESSION, bad, sizeof bad - 1);
        assert_int_equal(e->n_errors, 1);
        e = parse_buf(&a, DL_FIELD_PROJECTION_EXPRESSION, "\0", 1);
        assert_int_equal(e->n_errors, 1);
        /* every single byte value as a whole expression, in every language */
        for (int c = 0; c < 256; c++) {
                char b = (char)c;
                for (int f = DL_FIELD_KEY_CONDITION_EXPRESSION; f <= DL_FIELD_CONDITION_EXPRESSION; f++)
                        (void)parse_buf(&a, (enum dl_field)f, &b, 1);
        }
        dl_arena_fini(&a);
}

/* Pseudo-random byte soup from the expression alphabet: never crashes. */
static void test_random_soup(void **state)
{
        (void)state;
        static const char *const atoms[] = {"a", "#n", ":v", "(", ")", "[", "]", "1", ",", ".",
                                            "=", "<>", "<", ">=", " AND ", " OR ", " NOT ",
                                            " BETWEEN ", " IN ", "size", "contains", "SET ",
                                            " REMOVE ", " ADD ", "+", "-", " ", "\xff"};
        unsigned seed = 12345;
        struct dl_arena a;
        dl_arena_init(&a);
        char buf[256];
        for (int round = 0; round < 20000; round++) {
                size_t k = 0;
                int len = (int)(seed % 24);
                for (int i = 0; i < len; i++) {
                        seed = seed * 1103515245u + 12345u;
                        const char *t = atoms[(seed >> 16) % (sizeof atoms / sizeof atoms[0])];
                        size_t tl = strlen(t);
                        if (k + tl >= sizeof buf)
                                break;
                        memcpy(buf + k, t, tl);
                        k += tl;
                }
                seed = seed * 1103515245u + 12345u;
                enum dl_field f = (enum dl_field)(DL_FIELD_KEY_CONDITION_EXPRESSION + (seed >> 16) % 5);
                (void)parse_buf(&a, f, buf, k);
                if (round % 1000 == 999) {
                        dl_arena_fini(&a);
                        dl_arena_init(&a);
                }
        }
        dl_arena_fini(&a);
}

static size_t n_found;

static void drop(void *data, struct dl_finding *take)
{
        (void)data;
        n_found++;
        dl_finding_free(take);
}

/* Every check of the catalogue on megabyte expressions of every kind, with
 * a described table: findings or nothing, in linear-ish time, no deep
 * recursion (long chains of AND, +, paths, IN lists, reserved words). */
static void test_checks_on_huge_expressions(void **state)
{
        (void)state;
        static const char *const units[][2] = {
                {"KeyConditionExpression", "pk = :v AND "},
                {"FilterExpression", "status = :v AND #n = :w OR "},
                {"FilterExpression", "a IN (:a, :b, :c, :d) OR "},
                {"ConditionExpression", "NOT (size(a.b[1]) > :n) AND "},
                {"ProjectionExpression", "name, a.b, a, #x, "},
                {"UpdateExpression", ":v + "},
                {"UpdateExpression", "a = :v, b.c = :w, "},
        };
        size_t n = 1 << 20;
        char *s = dl_xmalloc(n + 64);
        struct dl_table table = {0};
        table.name = "T";
        table.partition_key.name = "pk";
        table.sort_key.name = "sk";
        struct dl_ruleset rs = {0};
        rs.tables = &table;
        rs.n_tables = 1;
        for (size_t u = 0; u < sizeof units / sizeof units[0]; u++) {
                enum dl_field f;
                assert_true(dl_field_from_api_name(units[u][0], strlen(units[u][0]), &f));
                size_t k = 0, ul = strlen(units[u][1]);
                if (f == DL_FIELD_UPDATE_EXPRESSION) {
                        memcpy(s, "SET a = ", 8);
                        k = 8;
                }
                while (k + ul + 8 < n) {
                        memcpy(s + k, units[u][1], ul);
                        k += ul;
                }
                memcpy(s + k, f == DL_FIELD_PROJECTION_EXPRESSION ? "z" : ":z", 2);
                k += 2;
                if (f != DL_FIELD_PROJECTION_EXPRESSION && f != DL_FIELD_UPDATE_EXPRESSION) {
                        memcpy(s + k, " = a", 4);
                        k += 4;
                }
                struct dl_arena a;
                dl_arena_init(&a);
                struct dl_request r;
                dl_request_init(&r, f == DL_FIELD_UPDATE_EXPRESSION      ? DL_OP_UPDATE_ITEM
                                    : f == DL_FIELD_CONDITION_EXPRESSION ? DL_OP_PUT_ITEM
                                                                         : DL_OP_QUERY);
                r.fields[DL_FIELD_TABLE_NAME] =
                        dl_value_known(&a, "T", 1, NULL, (struct dl_loc){"t.cpp", 1, 1});
                r.fields[f] = dl_value_known(&a, s, k, NULL, (struct dl_loc){"t.cpp", 1, 1});
                r.values.kind = DL_VAL_KNOWN;
                r.names.kind = DL_VAL_KNOWN;
                r.call = (struct dl_loc){"t.cpp", 2, 1};
                dl_model_normalize(&a, &r);
                const struct dl_catalogue *cat = dl_catalogue_get();
                for (size_t i = 0; i < cat->n; i++) {
                        struct dl_check_ctx ctx = {cat->checks[i], &rs, NULL, &r, drop, NULL, NULL};
                        void *st = NULL;
                        if (cat->checks[i]->configure &&
                            cat->checks[i]->configure(&st, NULL, &rs, NULL) != DL_OK)
                                continue;
                        ctx.state = st;
                        if (cat->checks[i]->run)
                                cat->checks[i]->run(&ctx, &r);
                        if (cat->checks[i]->destroy)
                                cat->checks[i]->destroy(st);
                }
                dl_arena_fini(&a);
        }
        assert_true(n_found > 0);
        free(s);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_ten_thousand_parens),
                cmocka_unit_test(test_one_megabyte),
                cmocka_unit_test(test_nul_and_invalid_utf8),
                cmocka_unit_test(test_random_soup),
                cmocka_unit_test(test_checks_on_huge_expressions),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
