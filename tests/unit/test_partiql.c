/* test_partiql.c - tests of the PartiQL statement parser (model/partiql):
 * statements DynamoDB accepts, statements it rejects, templates with holes
 * and bad input (deep nesting, 1 MB, invalid UTF-8).
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "core/arena.h"
#include "model/partiql.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A value of one fully known segment. */
static struct dl_value known(const char *s, size_t len)
{
        struct dl_value v = {0};
        static struct dl_segment seg;
        seg = (struct dl_segment){s, len, NULL, NULL, NULL};
        v.kind = DL_VAL_KNOWN;
        v.text = s;
        v.len = len;
        v.segs = &seg;
        v.n_segs = 1;
        return v;
}

static struct dl_partiql *parse(struct dl_arena *a, const char *s)
{
        struct dl_value *v = dl_arena_alloc(a, sizeof *v);
        *v = known(s, strlen(s));
        struct dl_segment *seg = dl_arena_alloc(a, sizeof *seg);
        *seg = v->segs[0];
        v->segs = seg;
        return dl_partiql_parse(a, v);
}

/* Parse a template: parts alternate known text; NULL is a hole. */
static struct dl_partiql *parse_tpl(struct dl_arena *a, const char *const *parts, size_t n)
{
        struct dl_segment *segs = dl_arena_alloc(a, n * sizeof *segs);
        for (size_t i = 0; i < n; i++)
                if (parts[i]) {
                        segs[i].text = parts[i];
                        segs[i].len = strlen(parts[i]);
                }
        struct dl_value *v = dl_arena_alloc(a, sizeof *v);
        v->kind = DL_VAL_KNOWN;
        v->segs = segs;
        v->n_segs = n;
        return dl_partiql_parse(a, v);
}

static const struct dl_pq_error *first_error(const struct dl_partiql *st, enum dl_pq_err_kind k)
{
        for (size_t i = 0; i < st->n_errors; i++)
                if (st->errors[i].kind == k)
                        return &st->errors[i];
        return NULL;
}

/* want: NULL = parses whole with no error; "reserved:WORD" = exactly one
 * reserved-word error on WORD; else a substring of the syntax error. */
struct pcase {
        const char *text;
        enum dl_pq_stmt stmt;
        const char *want;
};

static const struct pcase cases[] = {
        /* the DynamoDB developer guide's statement forms */
        {"SELECT * FROM Orders", DL_PQ_SELECT, NULL},
        {"SELECT * FROM \"Orders\" WHERE OrderID = 100", DL_PQ_SELECT, NULL},
        {"SELECT OrderID, Total FROM \"Orders\" WHERE OrderID IN [1, 2, 3] ORDER BY OrderID DESC",
         DL_PQ_SELECT, NULL},
        {"SELECT * FROM \"Orders\".\"CustomerIndex\" WHERE CustomerID = ?", DL_PQ_SELECT, NULL},
        {"select * from Orders where pk = ? and sk > ?", DL_PQ_SELECT, NULL},
        {"SELECT * FROM Orders WHERE pk = ? AND begins_with(sk, 'ORDER#')", DL_PQ_SELECT, NULL},
        {"SELECT * FROM Orders WHERE Total BETWEEN 10 AND 20", DL_PQ_SELECT, NULL},
        {"SELECT * FROM Orders WHERE Address.City = 'Seattle' AND Tags[0] <> 'x'", DL_PQ_SELECT, NULL},
        {"SELECT * FROM Orders WHERE Shipped IS MISSING OR Shipped IS NOT NULL", DL_PQ_SELECT, NULL},
        {"SELECT * FROM Orders WHERE a != 1 AND NOT b = 2 AND c >= -3.5e2", DL_PQ_SELECT, NULL},
        {"SELECT * FROM Orders WHERE size(Items) > 2 AND contains(Tags, 'x')", DL_PQ_SELECT, NULL},
        {"SELECT * FROM Orders WHERE attribute_type(a, 'S') AND exists(b)", DL_PQ_SELECT, NULL},
        {"SELECT * FROM Orders WHERE \"date\" = ? -- a comment", DL_PQ_SELECT, NULL},
        {"/* leading */ SELECT * FROM Orders;", DL_PQ_SELECT, NULL},
        {"SELECT * FROM \"Order\"\"s\" WHERE pk = 'it''s'", DL_PQ_SELECT, NULL},
        {"SELECT * FROM Orders WHERE pk = ? AND (sk = ? OR sk = ?)", DL_PQ_SELECT, NULL},
        {"INSERT INTO Orders VALUE {'pk': ?, 'sk': 'ORDER#1', 'n': 3, 'tags': <<'a', 'b'>>, "
         "'l': [1, {'m': true}], 'x': NULL}",
         DL_PQ_INSERT, NULL},
        {"UPDATE Orders SET Total = Total + ? SET Status = 'SHIPPED' REMOVE Draft "
         "WHERE pk = ? AND sk = ? RETURNING ALL NEW *",
         DL_PQ_UPDATE, NULL},
        {"UPDATE Orders SET Tags = set_add(Tags, <<'x'>>) WHERE pk = ?", DL_PQ_UPDATE, NULL},
        {"UPDATE Orders SET l = list_append(l, [1]) WHERE pk = ? RETURNING MODIFIED OLD *",
         DL_PQ_UPDATE, NULL},
        {"DELETE FROM Orders WHERE pk = ? AND sk = ? RETURNING ALL OLD *", DL_PQ_DELETE, NULL},
        {"EXISTS(SELECT * FROM Orders WHERE pk = ? AND Status = 'OPEN')", DL_PQ_EXISTS, NULL},
        /* AWS's C++ PartiQL scenario: `year` is not reserved */
        {"SELECT * FROM  \"movie_table\" WHERE title=? and year=?", DL_PQ_SELECT, NULL},
        {"UPDATE \"movie_table\" SET info.rating=? WHERE title=? AND year=?", DL_PQ_UPDATE, NULL},

        /* reserved words as names */
        {"SELECT * FROM Orders WHERE date = ?", DL_PQ_SELECT, "reserved:date"},
        {"SELECT value, count FROM Orders", DL_PQ_SELECT, "reserved:value"},
        {"SELECT * FROM user WHERE id = ?", DL_PQ_SELECT, "reserved:user"},
        {"UPDATE Orders SET size = ? WHERE pk = ?", DL_PQ_UPDATE, "reserved:size"},
        {"SELECT * FROM Orders WHERE a.key = ?", DL_PQ_SELECT, "reserved:key"},

        /* syntax errors */
        {"", DL_PQ_UNKNOWN, "empty statement"},
        {"   ", DL_PQ_UNKNOWN, "Expected data manipulation"},
        {"GET * FROM Orders", DL_PQ_UNKNOWN, "Expected data manipulation"},
        {"Orders WHERE pk = 1", DL_PQ_UNKNOWN, "Expected data manipulation"},
        {"SELECT FROM Orders", DL_PQ_SELECT, "unexpected token: 'FROM'"},
        {"SELECT * Orders", DL_PQ_SELECT, NULL /* alias or FROM in the future: unjudged */},
        {"SELECT * FROM", DL_PQ_SELECT, "unexpected end of statement"},
        {"SELECT * FROM Orders WHERE", DL_PQ_SELECT, "unexpected end of statement"},
        {"SELECT * FROM Orders WHERE pk = ", DL_PQ_SELECT, "unexpected end of statement"},
        {"SELECT * FROM Orders WHERE pk = 'x", DL_PQ_SELECT, "unterminated string literal"},
        {"SELECT * FROM \"Orders WHERE pk = 1", DL_PQ_SELECT, "unterminated quoted identifier"},
        {"SELECT * FROM Orders WHERE (pk = 1", DL_PQ_SELECT, "unexpected end of statement"},
        {"SELECT * FROM Orders WHERE pk = 1)", DL_PQ_SELECT, "unexpected token: ')'"},
        {"SELECT * FROM Orders WHERE pk == 1", DL_PQ_SELECT, "unexpected token: '='"},
        {"SELECT * FROM Orders WHERE pk = 1 AND AND sk = 2", DL_PQ_SELECT, "unexpected token: 'AND'"},
        {"SELECT * FROM Orders WHERE a BETWEEN 1 OR 2", DL_PQ_SELECT, "unexpected token: 'OR'"},
        {"SELECT * FROM Payment-prod WHERE a = 1", DL_PQ_SELECT, "unexpected token: '-'"},
        {"UPDATE Payment-prod SET active=? WHERE subscriptionId=?", DL_PQ_UPDATE,
         "unexpected token: '-'"},
        {"INSERT Orders VALUE {'pk': 1}", DL_PQ_INSERT, "unexpected token: 'Orders'"},
        {"INSERT INTO Orders VALUE {'pk' 1}", DL_PQ_INSERT, "unexpected token: '1'"},
        {"DELETE Orders WHERE pk = 1", DL_PQ_DELETE, "unexpected token: 'Orders'"},
        {"UPDATE Orders WHERE pk = 1", DL_PQ_UPDATE, "unexpected token: 'WHERE'"},
        {"DELETE FROM Orders WHERE pk = 1 RETURNING ALL *", DL_PQ_DELETE, "unexpected token: '*'"},
        {"SELECT * FROM Orders WHERE pk = `ion`", DL_PQ_SELECT, "invalid character: '`'"},
        {"SELECT * FROM Orders WHERE pk = 1 ]", DL_PQ_SELECT, "unexpected token: ']'"},
};

static void test_table(void **state)
{
        (void)state;
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                const struct pcase *c = &cases[i];
                struct dl_arena a;
                dl_arena_init(&a);
                struct dl_partiql *st = parse(&a, c->text);
                if (!st) {
                        print_error("no result for \"%s\"\n", c->text);
                        fail();
                }
                if (st->stmt != c->stmt) {
                        print_error("\"%s\": statement %d, want %d\n", c->text, st->stmt, c->stmt);
                        fail();
                }
                if (!c->want) {
                        if (st->n_errors) {
                                print_error("\"%s\": unexpected error \"%s\"\n", c->text,
                                            st->errors[0].msg);
                                fail();
                        }
                } else if (strncmp(c->want, "reserved:", 9) == 0) {
                        const struct dl_pq_error *e = first_error(st, DL_PQ_ERR_RESERVED);
                        const char *w = c->want + 9;
                        if (!e || e->end - e->off != strlen(w) ||
                            memcmp(st->text + e->off, w, strlen(w)) != 0 ||
                            first_error(st, DL_PQ_ERR_SYNTAX)) {
                                print_error("\"%s\": want only reserved word %s\n", c->text, w);
                                fail();
                        }
                } else {
                        const struct dl_pq_error *e = st->n_errors ? &st->errors[st->n_errors - 1]
                                                                   : NULL;
                        if (!e || !strstr(e->msg, c->want)) {
                                print_error("\"%s\": error \"%s\", want \"%s\"\n", c->text,
                                            e ? e->msg : "(none)", c->want);
                                fail();
                        }
                        assert_false(st->complete);
                }
                dl_arena_fini(&a);
        }
}

static void test_select_parts(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_partiql *st =
                parse(&a, "SELECT * FROM \"Orders\".\"ByCustomer\" WHERE CustomerID = ? AND Total > ?");
        assert_true(st->complete);
        assert_true(st->select_star);
        assert_int_equal(st->table.len, 6);
        assert_memory_equal(st->table.text, "Orders", 6);
        assert_true(st->table.quoted);
        assert_int_equal(st->table.off, 14);
        assert_int_equal(st->table.end, 22);
        assert_memory_equal(st->index.text, "ByCustomer", 10);
        assert_true(st->has_where);
        assert_non_null(st->where);
        assert_int_equal(st->where->kind, DL_PQN_AND);
        const struct dl_pq_node *eq = st->where->args[0];
        assert_int_equal(eq->kind, DL_PQN_CMP);
        assert_int_equal(eq->op, DL_PQ_EQ);
        assert_int_equal(eq->args[0]->kind, DL_PQN_PATH);
        assert_memory_equal(eq->args[0]->name, "CustomerID", 10);
        assert_int_equal(eq->args[0]->n_steps, 0);
        assert_int_equal(eq->args[1]->kind, DL_PQN_PARAM);
        assert_int_equal(st->where->args[1]->op, DL_PQ_GT);
        assert_int_equal(st->n_params, 2);

        st = parse(&a, "SELECT a FROM t WHERE pk IN ['x', 'y'] OR NOT pk NOT IN (?)");
        assert_true(st->complete);
        assert_int_equal(st->where->kind, DL_PQN_OR);
        assert_int_equal(st->where->args[0]->kind, DL_PQN_IN);
        assert_int_equal(st->where->args[0]->n_args, 3);
        assert_false(st->where->args[0]->negated);
        assert_int_equal(st->where->args[1]->kind, DL_PQN_NOT);
        assert_true(st->where->args[1]->args[0]->negated);
        assert_false(st->select_star);

        /* a quoted name keeps its decoded text: "" is one quote */
        st = parse(&a, "SELECT * FROM t WHERE \"a\"\"b\".c[1] = 1");
        assert_memory_equal(st->where->args[0]->name, "a\"b", 3);
        assert_int_equal(st->where->args[0]->name_len, 3);
        assert_int_equal(st->where->args[0]->n_steps, 2);
        assert_true(st->where->args[0]->quoted);

        /* no WHERE */
        st = parse(&a, "SELECT * FROM Orders");
        assert_true(st->complete);
        assert_false(st->has_where);
        assert_null(st->where);
        dl_arena_fini(&a);
}

static void test_templates(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        /* a hole inside quotes is text of the name */
        const char *t1[] = {"SELECT * FROM \"", NULL, "\" WHERE pk = ?"};
        struct dl_partiql *st = parse_tpl(&a, t1, 3);
        assert_true(st->complete);
        assert_true(st->has_holes);
        assert_true(st->table.has_hole);
        assert_non_null(st->where);

        const char *t2[] = {"SELECT * FROM Orders WHERE status = '", NULL, "'"};
        st = parse_tpl(&a, t2, 3);
        assert_true(st->complete);
        assert_false(st->table.has_hole);

        /* a hole outside quotes: the structure is unknown from there */
        const char *t3[] = {"SELECT * FROM ", NULL, " WHERE pk = ?"};
        st = parse_tpl(&a, t3, 3);
        assert_false(st->complete);
        assert_int_equal(st->n_errors, 0);
        assert_int_equal(st->stmt, DL_PQ_SELECT);

        const char *t4[] = {"SELECT * FROM Orders WHERE ", NULL, " = ?"};
        st = parse_tpl(&a, t4, 3);
        assert_false(st->complete);
        assert_int_equal(st->n_errors, 0);
        assert_null(st->where);

        /* a word touching a hole may continue in it: not judged */
        const char *t5[] = {"SELECT * FROM Orders WHERE date", NULL, " = ?"};
        st = parse_tpl(&a, t5, 3);
        assert_int_equal(st->n_errors, 0);
        const char *t6[] = {"SELECT * FROM Orders WHERE date ", NULL};
        st = parse_tpl(&a, t6, 2);
        assert_int_equal(st->n_errors, 0);

        /* errors before the first hole are certain */
        const char *t7[] = {"SELECT * FROM Orders WHERE pk == ", NULL};
        st = parse_tpl(&a, t7, 2);
        assert_int_equal(st->n_errors, 1);
        assert_int_equal(st->errors[0].kind, DL_PQ_ERR_SYNTAX);

        /* an unterminated string with a hole inside may end in the hole */
        const char *t8[] = {"SELECT * FROM Orders WHERE pk = '", NULL};
        st = parse_tpl(&a, t8, 2);
        assert_int_equal(st->n_errors, 0);
        assert_false(st->complete);

        /* the whole statement a hole: nothing known */
        const char *t9[] = {NULL};
        assert_null(parse_tpl(&a, t9, 1));
        const char *t10[] = {NULL, " WHERE pk = ?"};
        st = parse_tpl(&a, t10, 2);
        assert_int_equal(st->stmt, DL_PQ_UNKNOWN);
        assert_int_equal(st->n_errors, 0);
        dl_arena_fini(&a);
}

static void test_absent_and_dynamic(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_value v = {0};
        assert_null(dl_partiql_parse(&a, &v));
        v.kind = DL_VAL_DYNAMIC;
        assert_null(dl_partiql_parse(&a, &v));
        assert_null(dl_partiql_parse(&a, NULL));
        dl_arena_fini(&a);
}

static void test_reserved_lookup(void **state)
{
        (void)state;
        assert_true(dl_partiql_is_reserved("select", 6));
        assert_true(dl_partiql_is_reserved("VALUE", 5));
        assert_true(dl_partiql_is_reserved("Missing", 7));
        assert_true(dl_partiql_is_reserved("int8", 4));
        assert_false(dl_partiql_is_reserved("year", 4));
        assert_false(dl_partiql_is_reserved("status", 6));
        assert_false(dl_partiql_is_reserved("sel", 3));
        assert_false(dl_partiql_is_reserved("selects", 7));
}

/* Bad input: bounded, a finding or nothing, never a crash. */
static void test_bad_input(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        /* 10,000 nested parentheses: an error at the first level too deep */
        size_t n = 10000;
        const char *head = "SELECT * FROM t WHERE ";
        char *s = dl_xmalloc(strlen(head) + 2 * n + 8);
        size_t at = strlen(head);
        memcpy(s, head, at);
        memset(s + at, '(', n);
        at += n;
        s[at++] = '1';
        memset(s + at, ')', n);
        at += n;
        s[at] = 0;
        struct dl_partiql *st = parse(&a, s);
        assert_int_equal(st->n_errors, 1);
        assert_string_equal(st->errors[0].msg, "nesting too deep");
        assert_int_equal(st->errors[0].off, strlen(head) + DL_PARTIQL_MAX_DEPTH);
        free(s);

        /* 10,000 nested lists likewise */
        const char *in = "SELECT * FROM t WHERE a IN ";
        s = dl_xmalloc(strlen(in) + 2 * n + 8);
        at = strlen(in);
        memcpy(s, in, at);
        memset(s + at, '[', n);
        at += n;
        memset(s + at, ']', n);
        at += n;
        s[at] = 0;
        st = parse(&a, s);
        assert_int_equal(st->n_errors, 1);
        free(s);

        /* 1 MB statement: a long chain of ANDs is linear and parses */
        size_t reps = (1u << 20) / 15;
        const char *first = "SELECT * FROM t WHERE a = 1";
        s = dl_xmalloc(strlen(first) + reps * 15 + 1);
        at = strlen(first);
        memcpy(s, first, at);
        for (size_t i = 0; i < reps; i++) {
                memcpy(s + at, " AND bbbbbb = ?", 15);
                at += 15;
        }
        s[at] = 0;
        st = parse(&a, s);
        assert_true(st->complete);
        assert_int_equal(st->n_errors, 0);
        assert_int_equal(st->n_params, reps);
        free(s);

        /* invalid UTF-8 and a NUL byte outside quotes: invalid characters */
        st = parse(&a, "SELECT * FROM t WHERE a = \xff");
        assert_int_equal(st->n_errors, 1);
        assert_non_null(strstr(st->errors[0].msg, "invalid character: '\\xff'"));
        struct dl_value v = known("SELECT * FROM t\0 WHERE", 22);
        st = dl_partiql_parse(&a, &v);
        assert_int_equal(st->n_errors, 1);
        assert_non_null(strstr(st->errors[0].msg, "invalid character"));
        /* inside quotes they are text (DynamoDB decides about the name) */
        st = parse(&a, "SELECT * FROM \"t\xc3\xa9\" WHERE a = 'caf\xc3\xa9'");
        assert_int_equal(st->n_errors, 0);
        /* an unterminated comment */
        st = parse(&a, "SELECT * FROM t /* no end");
        assert_int_equal(st->n_errors, 1);
        dl_arena_fini(&a);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_table),
                cmocka_unit_test(test_select_parts),
                cmocka_unit_test(test_templates),
                cmocka_unit_test(test_absent_and_dynamic),
                cmocka_unit_test(test_reserved_lookup),
                cmocka_unit_test(test_bad_input),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
