/* test_expr.c - table-driven tests of the expression parser (model/expr).
 * SPDX-License-Identifier: MIT
 *
 * Cases marked "oracle" are hand-translated from
 * shared/dynamodb/oracle-cases.jsonl (dynalite's suite, DynamoDB's messages).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/arena.h"
#include "model/expr.h"
#include "model/quote.h"

#include <stdio.h>
#include <string.h>

#define KCE DL_FIELD_KEY_CONDITION_EXPRESSION
#define FLT DL_FIELD_FILTER_EXPRESSION
#define CND DL_FIELD_CONDITION_EXPRESSION
#define PRJ DL_FIELD_PROJECTION_EXPRESSION
#define UPD DL_FIELD_UPDATE_EXPRESSION

/* want: NULL = parses with no error; else a substring of the first error. */
struct pcase {
        enum dl_field f;
        const char *text;
        const char *want;
};

/* one case a line, as the oracle lists them */
// clang-format off
static const struct pcase cases[] = {
        /* valid conditions */
        {FLT, "a = :v", NULL},
        {FLT, "a <> :v", NULL},
        {FLT, "a < :v AND b <= :w", NULL},
        {FLT, "a > :v OR b >= :w", NULL},
        {FLT, "NOT a = :v", NULL},
        {FLT, "not a = :v", NULL},
        {FLT, "NOT (NOT a = :v)", NULL},
        {FLT, "NOT NOT a = :v", "Syntax error; token: \"NOT\""},
        {FLT, "a BETWEEN :lo AND :hi", NULL},
        {FLT, "a between :lo and :hi", NULL},
        {FLT, "a IN (:a, :b, :c)", NULL},
        {FLT, "a in (:a)", NULL},
        {FLT, "attribute_exists(a)", NULL},
        {FLT, "attribute_not_exists(#a.b[1])", NULL},
        {FLT, "attribute_type(a, :t)", NULL},
        {FLT, "begins_with(a, :p)", NULL},
        {FLT, "contains(a, :x)", NULL},
        {FLT, "size(a) > :n", NULL},
        {FLT, ":n < size(a)", NULL},
        {FLT, "size(a.b[2].c) BETWEEN :x AND :y", NULL},
        {FLT, "(a = :v)", NULL},
        {FLT, "(a = :v) AND (b = :w)", NULL},
        {FLT, "(a = :v OR b = :w) AND c = :x", NULL},
        {FLT, "a = :v AND b = :w AND c = :x OR d = :y", NULL},
        {FLT, "(a) = :v", NULL},
        {FLT, "a.b.c = :v", NULL},
        {FLT, "a[0] = :v", NULL},
        {FLT, "a[0][1].b = :v", NULL},
        {FLT, "#a = :v", NULL},
        {FLT, "#a.#b = :v", NULL},
        {FLT, "_a = :v", NULL},
        {FLT, "a1_b2 = :v_1", NULL},
        {FLT, "a=:v", NULL},
        {FLT, "\ta\r\n=\n:v ", NULL},
        {FLT, "a = b", NULL},
        {FLT, ":a = :b", NULL},
        {FLT, "a = :v AND NOT attribute_exists(b)", NULL},
        {FLT, "attribute_exists(a) OR attribute_not_exists(b)", NULL},
        {FLT, "a IN (b, c, :d)", NULL},
        {FLT, "contains(a, b)", NULL},
        {FLT, "(a)between(b.c)and(c)", NULL},
        {KCE, "pk = :pk", NULL},
        {KCE, "pk = :pk AND sk > :sk", NULL},
        {KCE, "pk = :pk AND begins_with(sk, :p)", NULL},
        {KCE, "pk = :pk AND sk BETWEEN :a AND :b", NULL},
        {CND, "attribute_not_exists(pk)", NULL},
        {CND, "#s = :old", NULL},
        /* condition errors */
        {FLT, "", "The expression can not be empty;"},
        {CND, "", "The expression can not be empty;"},
        {FLT, "a", "Syntax error; token: \"<EOF>\""},
        {FLT, ":v", "Syntax error; token: \"<EOF>\""},
        {FLT, "a =", "Syntax error; token: \"<EOF>\""},
        {FLT, "a = = :v", "Syntax error; token: \"=\", near: \"= = :v\""},
        {FLT, "= :v", "Syntax error; token: \"=\""},
        {FLT, "a == :v", "Syntax error; token: \"=\""},
        {FLT, "a = :v AND", "Syntax error; token: \"<EOF>\""},
        {FLT, "a = :v OR OR b = :w", "Syntax error; token: \"OR\""},
        {FLT, "AND a = :v", "Syntax error; token: \"AND\""},
        {FLT, "a = :v b = :w", "Syntax error; token: \"b\""},
        {FLT, "(a = :v", "Syntax error; token: \"<EOF>\""},
        {FLT, "a = :v)", "Syntax error; token: \")\""},
        {FLT, "a IN :v", "Syntax error; token: \":v\""},
        {FLT, "a IN ()", "Syntax error; token: \")\""},
        {FLT, "a BETWEEN :a", "Syntax error; token: \"<EOF>\""},
        {FLT, "a BETWEEN :a OR :b", "Syntax error; token: \"OR\""},
        {FLT, "a-b = :v", "Syntax error; token: \"-\""},
        {FLT, "a = :", "Syntax error; token: \":\""},
        {FLT, "# = :v", "Syntax error; token: \"#\""},
        {FLT, "a[b] = :v", "Syntax error; token: \"b\""},
        {FLT, "a. = :v", "Syntax error; token: \"=\""},
        {FLT, "1a = :v", "Syntax error; token: \"1\""},
        {FLT, "a = 'x'", "Syntax error; token: \"'\""},
        {FLT, "a = \"x\"", "Syntax error"},
        {FLT, "a = :v AND b", "Syntax error; token: \"<EOF>\""},
        {FLT, "a = :v AND (b)", "Syntax error"},
        {FLT, "NOT a", "Syntax error; token: \"<EOF>\""},
        {FLT, "(a = :v) = :w", "Syntax error; token: \"=\""},
        {FLT, "a = :v = :w", "Syntax error; token: \"=\""},
        {FLT, "a < > :v", "Syntax error; token: \">\""},
        {FLT, "a = :v;", "Syntax error; token: \";\""},
        {FLT, "a = :v\x01", "Syntax error; token: \"\\x01\""},
        {FLT, "a = :v \xff", "Syntax error; token: \"\\xff\""},
        /* UTF-8 is shown as itself, a token never splits a character; only
         * invalid bytes and control characters are escaped */
        {FLT, "\xc3\xa9 = :v AND name = :v", "Syntax error; token: \"\xc3\xa9\", near: \"\xc3\xa9 =\""},
        {FLT, "a = :v \xe2\x82\xac", "Syntax error; token: \"\xe2\x82\xac\", near: \":v \xe2\x82\xac\""},
        {FLT, "a = :v \xf0\x9f\x98\x80x", "Syntax error; token: \"\xf0\x9f\x98\x80\""},
        {FLT, "a = :v \xc3", "Syntax error; token: \"\\xc3\""},
        {FLT, "a = :v \xed\xa0\x80", "Syntax error; token: \"\\xed\""}, /* a surrogate */
        {FLT, "a = :v \xc2\x85", "Syntax error; token: \"\\xc2\\x85\""}, /* C1 control (NEL) */
        {FLT, "a = :v \x7f", "Syntax error; token: \"\\x7f\""},
        {FLT, "a = and", "Syntax error; token: \"and\""},
        /* oracle: redundant parentheses */
        {FLT, "a=:a and a > ((views))", "The expression has redundant parentheses;"},
        {FLT, "(a)between(((b.c)).d)and(c)", "The expression has redundant parentheses;"},
        {FLT, "(a.b).c = :v", NULL},
        {FLT, "(a)[1] = :v", NULL},
        {FLT, "a=:a AND ((a=:b AND a=:c)) AND a=:d", "The expression has redundant parentheses;"},
        {FLT, "a=:a OR ((a=:b OR a=:c)) OR a=:d", "The expression has redundant parentheses;"},
        {FLT, "a=:a AND ((a=:b AND (a=:c AND a=:d)))", "The expression has redundant parentheses;"},
        /* oracle: functions */
        {FLT, "a > whatever(:things)", "Invalid function name; function: whatever"},
        {FLT, "Size(a) > :v", "Invalid function name; function: Size"},
        {FLT, "if_not_exists(a, :v) = :w", "Invalid function name; function: if_not_exists"},
        {FLT, "attribute_not_exists(things) > b",
         "The function is not allowed to be used this way in an expression; function: attribute_not_exists"},
        {FLT, "attribute_type(things, :a) > b", "function: attribute_type"},
        {FLT, "begins_with(things, a) > b", "function: begins_with"},
        {FLT, "contains(:things, c) > b", "function: contains"},
        {FLT, "size(contains(a, b)) > a", "function: contains"},
        {FLT, "size(things)", "function: size"},
        {FLT, "a between b and attribute_exists(things)", "function: attribute_exists"},
        {FLT, "a in (b, attribute_exists(things))", "function: attribute_exists"},
        {FLT, "size(a, b) > :v", "Incorrect number of operands for operator or function; operator or function: size, number of operands: 2"},
        {FLT, "attribute_exists(a, b)", "number of operands: 2"},
        {FLT, "begins_with(a)", "number of operands: 1"},
        {FLT, "attribute_exists(:a) and a=:b", NULL}, /* document path: checked with operand types */
        /* projections */
        {PRJ, "a", NULL},
        {PRJ, "a, b, c", NULL},
        {PRJ, "a.b, c[1], #d.e[2][3]", NULL},
        {PRJ, "a,b", NULL},
        {PRJ, "", "The expression can not be empty;"},
        {PRJ, "whatever(stuff)", "Syntax error"},
        {PRJ, ":a", "Syntax error"},
        {PRJ, "abort,", "Syntax error"},
        {PRJ, "a,,b", "Syntax error"},
        {PRJ, "a..b", "Syntax error"},
        {PRJ, "a[b]", "Syntax error"},
        {PRJ, "(a.b).c", "Syntax error"},
        {PRJ, "(a)", "Syntax error"},
        {PRJ, "(a),(b)", "Syntax error"},
        {PRJ, "(a,b)", "Syntax error"},
        {PRJ, "a-b", "Syntax error"},
        {PRJ, "a b", "Syntax error"},
        {PRJ, "a[1", "Syntax error"},
        /* updates */
        {UPD, "SET a = :v", NULL},
        {UPD, "set a = :v", NULL},
        {UPD, "SET a = :v, b = :w", NULL},
        {UPD, "SET a = b + :n", NULL},
        {UPD, "SET a = a - :n", NULL},
        {UPD, "SET a = if_not_exists(a, :z) + :n", NULL},
        {UPD, "SET l = list_append(l, :items)", NULL},
        {UPD, "SET l = list_append(:items, l)", NULL},
        {UPD, "REMOVE a", NULL},
        {UPD, "REMOVE a, b.c, d[1]", NULL},
        {UPD, "ADD n :one", NULL},
        {UPD, "DELETE s :members", NULL},
        {UPD, "SET a = :v REMOVE b ADD c :n DELETE d :s", NULL},
        {UPD, "REMOVE b SET a = :v", NULL},
        {UPD, "SET #a.#b[0] = :v", NULL},
        /* one + or - per SET value (dynalite, oracle gen-issue28-*) */
        {UPD, "SET a = :v + :w + :x", "Syntax error; token: \"+\", near: \":w + :x\""},
        {UPD, "SET a = (:v - :w) + :x", "Syntax error; token: \"+\", near: \") + :x\""},
        {UPD, "SET a = :v + :w, b = :x - :y", NULL},
        {UPD, "", "The expression can not be empty;"},
        /* only blanks: reported as the empty expression, for every kind (dynalite
         * says "Syntax error ... end of input found", oracle gen-syntax-0577) */
        {UPD, "   ", "The expression can not be empty;"},
        {UPD, " \t\r\n", "The expression can not be empty;"},
        {KCE, "   ", "The expression can not be empty;"},
        {FLT, "   ", "The expression can not be empty;"},
        {CND, "\t", "The expression can not be empty;"},
        {PRJ, "  ", "The expression can not be empty;"},
        {KCE, "", "The expression can not be empty;"},
        {PRJ, "", "The expression can not be empty;"},
        {UPD, "INVALID SYNTAX", "Syntax error; token: \"INVALID\""},
        {UPD, "SET", "Syntax error; token: \"<EOF>\""},
        {UPD, "SET a", "Syntax error; token: \"<EOF>\""},
        {UPD, "SET a :v", "Syntax error; token: \":v\""},
        {UPD, "SET a = :v,", "Syntax error; token: \"<EOF>\""},
        {UPD, "SET a = :v b = :w", "Syntax error; token: \"b\""},
        {UPD, "REMOVE :v", "Syntax error"},
        {UPD, "ADD a", "Syntax error; token: \"<EOF>\""},
        {UPD, "ADD a b", "Syntax error; token: \"b\""},
        {UPD, "DELETE a", "Syntax error"},
        {UPD, "SET a = :v WHERE b = :w", "Syntax error; token: \"WHERE\""},
        {UPD, "SET a == :v", "Syntax error"},
        {UPD, "SET a = ADD c :n", "Syntax error; token: \"ADD\""}, /* not a path (oracle gen-syntax-0612) */
        {UPD, "SET a = b + remove", "Syntax error; token: \"remove\""},
        {UPD, "REMOVE#b", "Syntax error; token: \"REMOVE\""},
        {UPD, "SET a = :v REMOVE#b", "Syntax error; token: \"REMOVE\""},
        {UPD, "set a = #c set c = :d", "The \"SET\" section can only be used once in an update expression;"},
        {UPD, "remove #d set a = b remove e", "The \"REMOVE\" section can only be used once"},
        {UPD, "add #d :e set a = b add e :f", "The \"ADD\" section can only be used once"},
        {UPD, "delete #d :e set a = b delete #e :f", "The \"DELETE\" section can only be used once"},
        {UPD, "SET a = size(b)", "Invalid function name; function: size"},
        {UPD, "SET a = if_not_exists(:c)", "Incorrect number of operands for operator or function; operator or function: if_not_exists, number of operands: 1"},
        {UPD, "SET a = if_not_exists(:c, :d)", "Operator or function requires a document path; operator or function: if_not_exists"},
        {UPD, "SET a = list_append(b)", "number of operands: 1"},
};
// clang-format on

static void test_table(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        size_t fails = 0;
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                const struct pcase *c = &cases[i];
                struct dl_value v = dl_value_known(&a, c->text, strlen(c->text), NULL,
                                                   (struct dl_loc){"t.cpp", 1, 1});
                struct dl_expr *e = dl_expr_parse(&a, c->f, &v);
                assert_non_null(e);
                const char *got = e->n_errors ? e->errors[0].msg : NULL;
                bool ok = c->want ? got && strstr(got, c->want) : !got && e->complete;
                if (!ok) {
                        fprintf(stderr, "case %zu [%s] %s: want %s, got %s\n", i,
                                dl_field_api_name(c->f), c->text, c->want ? c->want : "valid",
                                got ? got : "valid");
                        fails++;
                }
        }
        fprintf(stderr, "%zu parser cases\n", sizeof cases / sizeof cases[0]);
        dl_arena_fini(&a);
        assert_int_equal(fails, 0);
}

/* Parse a template: parts alternate, NULL is a hole. */
static struct dl_expr *parse_tpl(struct dl_arena *a, enum dl_field f, const char *const *parts,
                                 size_t n)
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
        return dl_expr_parse(a, f, v);
}

static void test_templates(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        /* <hole> = :pk : an opaque operand, structure kept */
        const char *t1[] = {NULL, " = :pk"};
        struct dl_expr *e = parse_tpl(&a, KCE, t1, 2);
        assert_non_null(e);
        assert_true(e->has_holes);
        assert_int_equal(e->n_errors, 0);
        assert_non_null(e->root);
        assert_int_equal(e->root->kind, DL_EN_CMP);
        assert_int_equal(e->root->args[0]->kind, DL_EN_OPAQUE);
        assert_int_equal(e->n_refs, 1);

        /* "#s = :s AND " <hole> */
        const char *t2[] = {"#s = :s AND ", NULL};
        e = parse_tpl(&a, FLT, t2, 2);
        assert_int_equal(e->n_errors, 0);
        assert_non_null(e->root);
        assert_int_equal(e->root->kind, DL_EN_AND);
        assert_int_equal(e->root->args[1]->kind, DL_EN_OPAQUE);

        /* a hole in operator position: structure lost, tokens still scanned */
        const char *t3[] = {"status = :s ", NULL, " b.name = :n"};
        e = parse_tpl(&a, FLT, t3, 3);
        assert_int_equal(e->n_errors, 0);
        assert_null(e->root);
        assert_int_equal(e->n_paths, 2);
        assert_int_equal(e->paths[1]->n, 2);
        assert_int_equal(e->n_refs, 2);

        /* a token touching a hole is absorbed: "attr" + x might be "attribute" */
        const char *t4[] = {"attr", NULL, " = :v"};
        e = parse_tpl(&a, FLT, t4, 3);
        assert_int_equal(e->n_errors, 0);
        assert_int_equal(e->n_paths, 0);

        /* an error before the first hole is certain */
        const char *t5[] = {"a = = ", NULL};
        e = parse_tpl(&a, FLT, t5, 2);
        assert_int_equal(e->n_errors, 1);
        assert_non_null(strstr(e->errors[0].msg, "Syntax error"));

        /* an error after a hole is not */
        const char *t6[] = {"a = ", NULL, " = = "};
        e = parse_tpl(&a, FLT, t6, 3);
        assert_int_equal(e->n_errors, 0);

        /* a wholly dynamic expression is never parsed */
        const char *t7[] = {NULL};
        assert_null(parse_tpl(&a, FLT, t7, 1));

        /* an unknown function after a hole is still certain */
        const char *t8[] = {NULL, " AND sizeof(a) > :v"};
        e = parse_tpl(&a, FLT, t8, 2);
        assert_int_equal(e->n_errors, 1);
        assert_int_equal(e->errors[0].kind, DL_EXPR_ERR_UNKNOWN_FUNCTION);

        /* a misused size after a hole might be an operand: silent */
        const char *t9[] = {NULL, " AND size(a)"};
        e = parse_tpl(&a, FLT, t9, 2);
        assert_int_equal(e->n_errors, 0);

        /* update: SET <hole> loses structure, the rest is scanned */
        const char *t10[] = {"SET ", NULL, " REMOVE status"};
        e = parse_tpl(&a, UPD, t10, 3);
        assert_int_equal(e->n_errors, 0);
        assert_int_equal(e->n_paths, 1);
        assert_int_equal(e->paths[0]->elems[0].len, 6);

        /* a path continuing into a hole */
        const char *t11[] = {"info.", NULL, " = :v"};
        e = parse_tpl(&a, FLT, t11, 3);
        assert_int_equal(e->n_errors, 0);
        assert_true(e->paths[0]->partial);

        /* "((" <hole> "))": the hole may be "a = :v) OR (b = :v", which makes
         * "((a = :v) OR (b = :v))", valid; not redundant parentheses */
        const char *t12[] = {"a = :v AND ((", NULL, "))"};
        e = parse_tpl(&a, FLT, t12, 3);
        assert_int_equal(e->n_errors, 0);
        const char *t13[] = {"((", NULL, "))"};
        e = parse_tpl(&a, FLT, t13, 3);
        assert_int_equal(e->n_errors, 0);
        /* known text on both sides still decides */
        const char *t14[] = {"((b = :v)) AND ", NULL};
        e = parse_tpl(&a, FLT, t14, 2);
        assert_int_equal(e->n_errors, 1);
        assert_int_equal(e->errors[0].kind, DL_EXPR_ERR_PARENS);
        dl_arena_fini(&a);
}

static void test_offsets_and_shapes(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        const char *s = "pk = :pk AND begins_with(sk, :p)";
        struct dl_value v = dl_value_known(&a, s, strlen(s), NULL, (struct dl_loc){"t", 1, 1});
        struct dl_expr *e = dl_expr_parse(&a, KCE, &v);
        assert_non_null(e->root);
        assert_int_equal(e->root->kind, DL_EN_AND);
        assert_int_equal(e->root->n_args, 2);
        assert_int_equal(e->root->op_off, 9);
        const struct dl_enode *f = e->root->args[1];
        assert_int_equal(f->kind, DL_EN_FUNC);
        assert_int_equal(f->op_off, 13);
        assert_int_equal(f->op_end, 24);
        assert_int_equal(e->n_paths, 2);
        assert_int_equal(e->paths[1]->off, 25);
        assert_int_equal(e->n_refs, 2);
        assert_int_equal(e->refs[1].off, 29);
        assert_int_equal(e->n_operators, 3);

        const char *u = "SET a.b[3] = :v REMOVE c";
        v = dl_value_known(&a, u, strlen(u), NULL, (struct dl_loc){"t", 1, 1});
        e = dl_expr_parse(&a, UPD, &v);
        assert_non_null(e->root);
        assert_int_equal(e->root->n_args, 2);
        assert_int_equal(e->root->args[0]->section, DL_SEC_SET);
        const struct dl_path *p = e->root->args[0]->args[0]->path;
        assert_int_equal(p->n, 3);
        assert_int_equal(p->elems[2].kind, DL_PE_INDEX);
        assert_int_equal(p->elems[2].index, 3);
        assert_int_equal(p->role, DL_ROLE_UPDATE_TARGET);
        assert_int_equal(e->max_path_depth, 2);

        const char *in = "a IN (:a, :b, :c)";
        v = dl_value_known(&a, in, strlen(in), NULL, (struct dl_loc){"t", 1, 1});
        e = dl_expr_parse(&a, FLT, &v);
        assert_int_equal(e->max_in_operands, 3);
        assert_int_equal(e->max_in_off, 2);
        dl_arena_fini(&a);
}

static void test_reserved_lookup(void **state)
{
        (void)state;
        assert_true(dl_expr_is_reserved("status", 6));
        assert_true(dl_expr_is_reserved("STATUS", 6));
        assert_true(dl_expr_is_reserved("Name", 4));
        assert_true(dl_expr_is_reserved("ABORT", 5));
        assert_true(dl_expr_is_reserved("ZONE", 4));
        assert_true(dl_expr_is_reserved("flattern", 8));
        assert_false(dl_expr_is_reserved("stat", 4));
        assert_false(dl_expr_is_reserved("statuses", 8));
        assert_false(dl_expr_is_reserved("pk", 2));
        assert_false(dl_expr_is_reserved("", 0));
}

static void test_value_loc_at(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_loc locs[3] = {{"f.cpp", 4, 10}, {"f.cpp", 4, 11}, {"f.cpp", 4, 12}};
        struct dl_segment segs[3] = {{"a =", 3, locs, NULL, NULL}, {NULL, 0, NULL, NULL, NULL}, {" :v", 3, NULL, NULL, NULL}};
        struct dl_value v = {0};
        v.kind = DL_VAL_KNOWN;
        v.segs = segs;
        v.n_segs = 3;
        v.loc = (struct dl_loc){"f.cpp", 4, 1};
        struct dl_loc out;
        assert_true(dl_value_loc_at(&v, 2, &out));
        assert_int_equal(out.col, 12);
        assert_false(dl_value_loc_at(&v, 4, &out)); /* no locs in segment 3 */
        assert_int_equal(out.col, 1);
        assert_false(dl_value_loc_at(&v, 99, &out));
        dl_arena_fini(&a);
}

/* Quoted user text: at most DL_QUOTE_MAX bytes, cut on a character or
 * escape boundary, then "…". */
static void test_quote_truncates(void **state)
{
        (void)state;
        char big[300];
        memset(big, 'x', sizeof big);
        const char *q = DL_QN(big, sizeof big);
        assert_int_equal(strlen(q), 64 + 3);
        assert_string_equal(q + 64, "\u2026");
        assert_string_equal(DL_QN(big, 64), "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
        /* 63 ASCII then "é": the 2-byte character would pass 64, so it is cut */
        char u[80];
        memset(u, 'a', 63);
        memcpy(u + 63, "\xc3\xa9zz", 4);
        q = DL_QN(u, 67);
        assert_int_equal(strlen(q), 63 + 3);
        assert_memory_equal(q + 63, "\u2026", 3);
        /* an escape is never split either */
        memcpy(u + 63, "\x01zz", 3);
        q = DL_QN(u, 66);
        assert_int_equal(strlen(q), 63 + 3);
        assert_string_equal(DL_QN("\xc3\xa9\x01\xff", 4), "\xc3\xa9\\x01\\xff");
        assert_string_equal(DL_Q(NULL), "");
        /* a syntax error next to a megabyte token quotes 64 bytes of it */
        size_t n = 1 << 20;
        char *text = test_malloc(n + 8);
        memcpy(text, "a = = ", 6);
        memset(text + 6, 'x', n);
        text[n + 6] = '\0';
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_value v = dl_value_known(&a, text, n + 6, NULL, (struct dl_loc){"t.cpp", 1, 1});
        struct dl_expr *e = dl_expr_parse(&a, FLT, &v);
        assert_non_null(e);
        assert_true(e->n_errors >= 1);
        assert_true(strlen(e->errors[0].msg) < 200);
        assert_non_null(strstr(e->errors[0].msg, "token: \"=\", near: \"= = xxx"));
        assert_non_null(strstr(e->errors[0].msg, "xxx\u2026\""));
        dl_arena_fini(&a);
        test_free(text);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_table),
                cmocka_unit_test(test_templates),
                cmocka_unit_test(test_offsets_and_shapes),
                cmocka_unit_test(test_reserved_lookup),
                cmocka_unit_test(test_value_loc_at),
                cmocka_unit_test(test_quote_truncates),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
