/* test_partiql_full_scan.c - check `partiql-full-scan` on hand-built
 * ExecuteStatement requests, with and without a `tables:` description.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "builder.h"
#include "checks/check.h"
#include "model/normalize.h"

static const struct dl_check *check(void)
{
        return dl_catalogue_find("partiql-full-scan");
}

static struct dl_index orders_indexes[] = {
        {.name = "GSI1", .kind = DL_INDEX_GLOBAL, .partition_key = {.name = "GSI1PK"},
         .sort_key = {.name = "GSI1SK"}},
};

/* Table Orders: PK / SK, index GSI1 (GSI1PK / GSI1SK). */
static void describe_orders(struct dl_tb *tb, struct dl_table *t)
{
        *t = (struct dl_table){0};
        t->name = "Orders";
        t->partition_key.name = "PK";
        t->sort_key.name = "SK";
        t->indexes = orders_indexes;
        t->n_indexes = 1;
        tb->rules.tables = t;
        tb->rules.n_tables = 1;
}

/* Run the check on an ExecuteStatement of statement s; returns the count. */
static size_t run_statement(struct dl_tb *tb, const char *s)
{
        struct dl_request *r = dl_tb_request(tb, DL_OP_EXECUTE_STATEMENT);
        dl_tb_set(tb, r, DL_FIELD_STATEMENT, s);
        dl_model_normalize(&tb->arena, r);
        return dl_tb_run(tb, check(), r);
}

static size_t run_template(struct dl_tb *tb, const char *const *parts, size_t n)
{
        struct dl_request *r = dl_tb_request(tb, DL_OP_EXECUTE_STATEMENT);
        dl_tb_set_template(tb, r, DL_FIELD_STATEMENT, parts, n);
        dl_model_normalize(&tb->arena, r);
        return dl_tb_run(tb, check(), r);
}

static void test_no_where_is_a_scan(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders"), 1);
        assert_int_equal(dl_tb_count(&tb, "PartiQL SELECT of table 'Orders' has no WHERE clause: "
                                          "DynamoDB runs it as a Scan"), 1);
        assert_string_equal(tb.findings[0]->check_id, "partiql-full-scan");
        assert_int_equal(tb.findings[0]->severity, DL_SEV_WARNING);
        assert_int_equal(run_statement(&tb, "SELECT a, b FROM \"Orders\".\"GSI1\""), 1);
        assert_int_equal(dl_tb_count(&tb, "table 'Orders' index 'GSI1' has no WHERE clause"), 1);
        assert_int_equal(dl_tb_count(&tb, "every item of the index"), 1);
        dl_tb_fini(&tb);
}

static void test_key_from_tables(void **state)
{
        (void)state;
        struct dl_tb tb;
        struct dl_table orders;
        dl_tb_init(&tb);
        describe_orders(&tb, &orders);
        /* flagged: the partition key is not fixed by = or IN */
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE SK = ?"), 1);
        assert_int_equal(dl_tb_count(&tb, "does not fix its partition key 'PK' with = or IN"), 1);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE PK > ?"), 1);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE PK = ? OR Total > 10"), 1);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE NOT PK = ?"), 1);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE PK NOT IN [?, ?]"), 1);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE PK = SK"), 1);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE a.PK = ?"), 1);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE pk = ?"), 1); /* case */
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE begins_with(PK, 'U')"), 1);
        /* the index's partition key, not the table's */
        assert_int_equal(run_statement(&tb, "SELECT * FROM \"Orders\".\"GSI1\" WHERE PK = ?"), 1);
        assert_int_equal(dl_tb_count(&tb, "partition key 'GSI1PK'"), 1);
        size_t flagged = tb.n_findings;

        /* not flagged: = or IN on the partition key */
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE PK = ?"), 0);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE 'USER#1' = PK"), 0);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE PK IN ['a', 'b']"), 0);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE \"PK\" = ? AND SK > ?"),
                         0);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE Total > 1 AND (PK = ?)"),
                         0);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE PK = ? OR PK = ?"), 0);
        assert_int_equal(
                run_statement(&tb, "SELECT * FROM \"Orders\".\"GSI1\" WHERE GSI1PK = ?"), 0);
        /* not a SELECT, or not judged */
        assert_int_equal(run_statement(&tb, "DELETE FROM Orders WHERE SK = ?"), 0);
        assert_int_equal(run_statement(&tb, "UPDATE Orders SET a = 1 WHERE SK = ?"), 0);
        assert_int_equal(run_statement(&tb, "INSERT INTO Orders VALUE {'PK': ?}"), 0);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE"), 0); /* syntax */
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE date = ?"), 0);
        /* an index the rules do not describe: not judged with keys */
        assert_int_equal(run_statement(&tb, "SELECT * FROM \"Orders\".\"Nope\" WHERE x = ?"), 0);
        assert_int_equal(tb.n_findings, flagged);
        dl_tb_fini(&tb);
}

static void test_without_tables_says_what_is_known(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        /* no attribute fixed at all: a Scan whatever the key is */
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE Total > 10"), 1);
        assert_int_equal(dl_tb_count(&tb, "fixes no attribute with = or IN, so whatever the "
                                          "table's partition key is"), 1);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE a <> ? OR b = ?"), 1);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE contains(a, 'x')"), 1);
        /* some attribute fixed: it may be the partition key */
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE Status = 'OPEN'"), 0);
        assert_int_equal(run_statement(&tb, "SELECT * FROM Orders WHERE a IN [1, 2] AND b > 1"), 0);
        assert_int_equal(tb.n_findings, 3);
        dl_tb_fini(&tb);
}

static void test_templates(void **state)
{
        (void)state;
        struct dl_tb tb;
        struct dl_table orders;
        dl_tb_init(&tb);
        describe_orders(&tb, &orders);
        /* a table named at run time inside quotes: no WHERE is still a Scan */
        const char *t1[] = {"SELECT * FROM \"", NULL, "\""};
        assert_int_equal(run_template(&tb, t1, 3), 1);
        assert_int_equal(dl_tb_count(&tb, "a table named at run time has no WHERE clause"), 1);
        /* a value known at run time inside quotes: the structure is known */
        const char *t2[] = {"SELECT * FROM Orders WHERE Status = '", NULL, "'"};
        assert_int_equal(run_template(&tb, t2, 3), 1);
        const char *t3[] = {"SELECT * FROM Orders WHERE PK = '", NULL, "'"};
        assert_int_equal(run_template(&tb, t3, 3), 0);
        /* a hole outside quotes may hold the condition: silent */
        const char *t4[] = {"SELECT * FROM Orders WHERE ", NULL, " = ?"};
        assert_int_equal(run_template(&tb, t4, 3), 0);
        const char *t5[] = {"SELECT * FROM Orders", NULL};
        assert_int_equal(run_template(&tb, t5, 2), 0);
        const char *t6[] = {"SELECT * FROM Orders WHERE SK = ? AND ", NULL};
        assert_int_equal(run_template(&tb, t6, 2), 0);
        /* a table named at run time: its key is not known */
        const char *t7[] = {"SELECT * FROM \"", NULL, "\" WHERE x = ?"};
        assert_int_equal(run_template(&tb, t7, 3), 0);
        dl_tb_fini(&tb);
}

static void test_other_operations_and_values(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        /* a Statement dynamic or absent: nothing */
        struct dl_request *r = dl_tb_request(&tb, DL_OP_EXECUTE_STATEMENT);
        dl_tb_set_dynamic(r, DL_FIELD_STATEMENT);
        dl_model_normalize(&tb.arena, r);
        assert_int_equal(dl_tb_run(&tb, check(), r), 0);
        r = dl_tb_request(&tb, DL_OP_EXECUTE_STATEMENT);
        dl_model_normalize(&tb.arena, r);
        assert_int_equal(dl_tb_run(&tb, check(), r), 0);
        /* a Scan is scan's business */
        r = dl_tb_request(&tb, DL_OP_SCAN);
        dl_tb_set(&tb, r, DL_FIELD_TABLE_NAME, "Orders");
        dl_model_normalize(&tb.arena, r);
        assert_int_equal(dl_tb_run(&tb, check(), r), 0);
        dl_tb_fini(&tb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_no_where_is_a_scan),
                cmocka_unit_test(test_key_from_tables),
                cmocka_unit_test(test_without_tables_says_what_is_known),
                cmocka_unit_test(test_templates),
                cmocka_unit_test(test_other_operations_and_values),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
