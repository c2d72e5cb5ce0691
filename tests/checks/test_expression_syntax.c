/* test_expression_syntax.c - check `expression-syntax` on hand-built requests (cases that must be
 * flagged and cases that must not).
 * SPDX-License-Identifier: MIT
 */
#include "expr_cases.h"

#define Q DL_OP_QUERY
#define S DL_OP_SCAN
#define G DL_OP_GET_ITEM
#define P DL_OP_PUT_ITEM
#define D DL_OP_DELETE_ITEM
#define U DL_OP_UPDATE_ITEM

static const struct xcase cases[] = {
        /* flagged: PartiQL statements that do not parse */
        {"partiql not dml", DL_OP_EXECUTE_STATEMENT, .statement = "GET * FROM Orders", .want = 1,
         .substr = "Statement wasn't well formed, can't be processed: Expected data manipulation; fix the statement"},
        {"partiql missing operand", DL_OP_EXECUTE_STATEMENT, .statement = "SELECT * FROM Orders WHERE pk = ", .want = 1,
         .substr = "Statement wasn't well formed, can't be processed: unexpected end of statement"},
        {"partiql unquoted dash", DL_OP_EXECUTE_STATEMENT, .statement = "UPDATE Payment-prod SET a = ? WHERE pk = ?", .want = 1,
         .substr = "unexpected token: '-'"},
        {"partiql empty", DL_OP_EXECUTE_STATEMENT, .statement = "", .want = 1,
         .substr = "Member must have length greater than or equal to 1"},
        {"partiql error before a hole", DL_OP_EXECUTE_STATEMENT, .statement = "SELECT * FROM t WHERE a == |?|", .want = 1},
        /* not flagged: PartiQL */
        {"partiql valid", DL_OP_EXECUTE_STATEMENT, .statement = "SELECT * FROM \"Orders\" WHERE pk = ? AND begins_with(sk, 'A')", .want = 0},
        {"partiql reserved word is reserved-word's", DL_OP_EXECUTE_STATEMENT, .statement = "SELECT * FROM t WHERE date = ?", .want = 0},
        {"partiql after a hole", DL_OP_EXECUTE_STATEMENT, .statement = "SELECT * FROM |?| WHERE == ", .want = 0},
        /* flagged */
        {"double =", S, .filter = "a = = :v", .values = ":v=S", .want = 1,
         .substr = "Invalid FilterExpression: Syntax error; token: \"=\", near: \"= = :v\""},
        {"empty", P, .cond = "", .want = 1, .substr = "Invalid ConditionExpression: The expression can not be empty; remove"},
        {"empty projection", G, .proj = "", .want = 1, .substr = "Invalid ProjectionExpression: The expression can not be empty;"},
        {"bad update", U, .update = "INVALID SYNTAX", .want = 1,
         .substr = "Invalid UpdateExpression: Syntax error; token: \"INVALID\""},
        {"kce OR OR", Q, .kce = "pk = :a OR OR", .want = 1, .substr = "Invalid KeyConditionExpression: Syntax error;"},
        {"redundant", S, .filter = "a=:a and a > ((views))", .want = 1,
         .substr = "Invalid FilterExpression: The expression has redundant parentheses; "},
        {"unknown function", S, .filter = "a > whatever(:t)", .want = 1,
         .substr = "Invalid FilterExpression: Invalid function name; function: whatever"},
        {"misused", S, .filter = "attribute_not_exists(things) > b", .want = 1,
         .substr = "The function is not allowed to be used this way in an expression; function: attribute_not_exists"},
        {"bare size", S, .filter = "size(things)", .want = 1, .substr = "function: size"},
        {"projection syntax", G, .proj = "a,,b", .want = 1, .substr = "Invalid ProjectionExpression: Syntax error;"},
        {"two expressions", U, .update = "SET", .cond = "a =", .want = 2, .substr = "Invalid UpdateExpression"},
        {"error before hole", S, .filter = "a = = |?|", .want = 1, .substr = "Syntax error"},
        {"NUL byte", S, .filter = "a = :v\x01", .want = 1, .substr = "token: \"\\x01\""},
        /* operand stage (oracle cases) */
        {"distinct", S, .filter = "a = a AND #a = b", .names = "#a=a", .want = 1,
         .substr = "Invalid FilterExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a]"},
        {"distinct via alias", S, .filter = "#a <> a", .names = "#a=a", .want = 1, .substr = "operator: <>, first operand: [a]"},
        {"distinct function", S, .filter = "contains(ab.bc[1].a, ab.bc[1].#a)", .names = "#a=a", .want = 1,
         .substr = "operator: contains, first operand: [ab, bc, [1], a]"},
        {"size of a number", S, .filter = "size(:a) > a", .values = ":a=N", .want = 1,
         .substr = "Incorrect operand type for operator or function; operator or function: size, operand type: N"},
        {"innermost first", S, .filter = "attribute_not_exists(size(:a))", .values = ":a=N", .want = 1,
         .substr = "operator or function: size, operand type: N"},
        {"document path", S, .filter = "attribute_exists(:a) and a=:b", .values = ":a=S;:b=S", .want = 1,
         .substr = "Operator or function requires a document path; operator or function: attribute_exists"},
        {"begins_with number", S, .filter = "begins_with(a, :n)", .values = ":n=N", .want = 1, .substr = "begins_with, operand type: N"},
        {"attribute_type of size", S, .filter = "attribute_type(a, size(a)) and a=a and a=:a", .values = ":a=N", .want = 1,
         .substr = "operator or function: attribute_type, operand type: N"},
        {"between types", D, .cond = "a between :b and :a", .values = ":a=S;:b=N", .want = 1,
         .substr = "Invalid ConditionExpression: The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {N:x}, upper bound operand: AttributeValue: {S:x}"},
        /* SetBool/SetNull values: DynamoDB's type names in the message (oracle dyn-0327, dyn-0344) */
        {"begins_with of a bool value", S, .filter = "begins_with(a, :b)", .values = ":b=BOOL", .want = 1,
         .substr = "operator or function: begins_with, operand type: BOOL"},
        {"size of a null value", S, .filter = "size(:b) > a", .values = ":b=NULL", .want = 1,
         .substr = "operator or function: size, operand type: NULL"},
        /* not flagged */
        {"distinct operands", S, .filter = "a = b AND a.b = a.c AND a[0] = a[1]", .want = 0},
        {"unknown value types", S, .filter = "size(:a) > a AND begins_with(b, :c)", .values = "*", .want = 0},
        {"between same type", D, .cond = "a between :b and :a", .values = ":a=S;:b=S", .want = 0},
        {"valid", S, .filter = "a = :v AND size(b) > :n", .want = 0},
        {"valid kce", Q, .kce = "pk = :pk AND begins_with(sk, :p)", .want = 0},
        {"valid update", U, .update = "SET a = if_not_exists(a, :z) + :n REMOVE b", .want = 0},
        {"dynamic", S, .filter = "=", .want = 0},
        {"wholly dynamic template", S, .filter = "|?|", .want = 0},
        {"hole operand", Q, .kce = "|?| = :pk", .want = 0},
        {"error after hole", S, .filter = "a = |?| = = ", .want = 0},
        {"hole before misused size", S, .filter = "|?| AND size(a)", .want = 0},
        /* regressions from templating accepted dynalite cases */
        {"hole after bare size", S, .filter = ":p0 = :w0 AND size(b)|?|D NOT size(info) > :n2", .want = 0},
        {"hole after size before IN", S, .filter = "b = sk OR size(#lsk) I|?|N (lsk, :n0)", .want = 0},
        {"hole inside a call", P, .cond = "attribute_not_exists(#|?|1) > :x0", .want = 0},
        {"hole inside a call's path", P, .cond = "contains(x_1[|?|0)", .want = 0},
        {"keyword before ( after a hole", S, .filter = "a = |?| AND b IN (:x, :y)", .want = 0},
        {"misused before the hole is certain", S, .filter = "contains(a, :b) > :c AND |?|", .want = 1, .substr = "function: contains"},
        {"operand count with no hole inside", S, .filter = "|?| AND size(a, b) > :n", .want = 1, .substr = "number of operands: 2"},
        {"if_not_exists in condition left to update-expression-invalid", P,
         .cond = "if_not_exists(a, :v) = :v", .want = 0},
        {"duplicate clause left to update-expression-invalid", U, .update = "SET a = :v SET b = :v", .want = 0},
};

static void test_expression_syntax_cases(void **state)
{
        (void)state;
        xrun("expression-syntax", cases, sizeof cases / sizeof cases[0]);
}

/* BETWEEN bounds compared as DynamoDB Numbers (38 digits), not doubles. */
static size_t between(const char *lo, const char *hi)
{
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_SCAN);
        dl_tb_set(&tb, r, DL_FIELD_TABLE_NAME, "T");
        dl_tb_set(&tb, r, DL_FIELD_FILTER_EXPRESSION, "a BETWEEN :lo AND :hi");
        dl_tb_add_value(&tb, r, ":lo", "N", lo);
        dl_tb_add_value(&tb, r, ":hi", "N", hi);
        dl_model_normalize(&tb.arena, r);
        dl_tb_run(&tb, dl_catalogue_find("expression-syntax"), r);
        size_t n = dl_tb_count(&tb, "requires upper bound to be greater than or equal");
        dl_tb_fini(&tb);
        return n;
}

static void test_between_numbers_compare_exactly(void **state)
{
        (void)state;
        /* differ only in the 38th digit: a double sees them equal */
        assert_int_equal(between("1.0000000000000000000000000000000000002",
                                 "1.0000000000000000000000000000000000001"), 1);
        assert_int_equal(between("1.0000000000000000000000000000000000001",
                                 "1.0000000000000000000000000000000000002"), 0);
        assert_int_equal(between("10", "9"), 1);
        assert_int_equal(between("9", "10"), 0);
        assert_int_equal(between("-9", "-10"), 1);
        assert_int_equal(between("-10", "-9"), 0);
        assert_int_equal(between("1e2", "99"), 1);
        assert_int_equal(between("99", "1E2"), 0);
        assert_int_equal(between("0.001", "0.0009"), 1);
        assert_int_equal(between("0", "-0.0"), 0);
        assert_int_equal(between("007.50", "7.5"), 0);
        assert_int_equal(between("+3", "2.99"), 1);
        /* not a number: nothing proven */
        assert_int_equal(between("ten", "9"), 0);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_expression_syntax_cases),
                cmocka_unit_test(test_between_numbers_compare_exactly),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
