/* test_reserved_word.c - check `reserved-word` on hand-built requests (cases that must be
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
#define X DL_OP_EXECUTE_STATEMENT

static const struct xcase cases[] = {
        {"status in kce", Q, .kce = "status = :s", .want = 1,
         .substr = "Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: status; alias it: '#status' with ExpressionAttributeNames {\"#status\": \"status\"}"},
        {"nested name", S, .filter = "a.name = :n", .want = 1, .substr = "reserved keyword: name"},
        {"case insensitive", S, .filter = "STATUS = :s", .want = 1, .substr = "reserved keyword: STATUS"},
        {"projection", G, .proj = "id, data, count", .want = 2, .substr = "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: data"},
        {"update", U, .update = "SET #a = :v REMOVE comment", .want = 1, .substr = "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: comment"},
        {"condition", P, .cond = "attribute_not_exists(size)", .want = 1, .substr = "Invalid ConditionExpression"},
        {"twice in one expression", S, .filter = "status = :a OR status = :b", .want = 1},
        {"after a hole", S, .filter = "|?| AND date > :d", .want = 1, .substr = "reserved keyword: date"},
        {"in a path continuing into a hole", S, .filter = "timestamp.|?| = :v", .want = 1, .substr = "timestamp"},
        /* PartiQL: its own words, double quotes as the fix */
        {"partiql value", X, .statement = "SELECT * FROM Orders WHERE value = ?", .want = 1,
         .substr = "Statement wasn't well formed, can't be processed: 'value' is a PartiQL reserved word and cannot be an unquoted name; double-quote it: \"value\""},
        {"partiql table name", X, .statement = "DELETE FROM user WHERE id = ?", .want = 1, .substr = "'user'"},
        {"partiql two words, one each", X, .statement = "SELECT key, count FROM t WHERE key = ?", .want = 2, .substr = "'key'"},
        {"partiql update target", X, .statement = "UPDATE t SET size = ? WHERE pk = ?", .want = 1, .substr = "'size'"},
        /* not flagged */
        {"partiql quoted", X, .statement = "SELECT \"value\" FROM Orders WHERE \"date\" = ?", .want = 0},
        {"partiql expression words are not PartiQL's", X, .statement = "SELECT * FROM t WHERE status = ? AND name = ? AND year = ?", .want = 0},
        {"partiql keyword followed by a hole", X, .statement = "SELECT * FROM t WHERE date |?|", .want = 0},
        {"partiql function", X, .statement = "SELECT * FROM t WHERE size(a) > 1 AND exists(b)", .want = 0},
        {"aliased", Q, .kce = "#status = :s", .names = "#status=status", .want = 0},
        {"keywords and functions", S, .filter = "a BETWEEN :a AND :b OR NOT size(b) IN (:c)", .want = 0},
        {"update keywords", U, .update = "set a = :v remove b add c :n delete d :s", .want = 0},
        {"absorbed into hole", S, .filter = "stat|?| = :v", .want = 0},
        {"function name before hole", S, .filter = "size |?|", .want = 0},
        {"plain names", S, .filter = "statusCode = :s AND nameX = :n", .want = 0},
        {"dynamic", S, .filter = "=", .want = 0},
};

static void test_reserved_word_cases(void **state)
{
        (void)state;
        xrun("reserved-word", cases, sizeof cases / sizeof cases[0]);
}

/* The finding points at the word inside the literal (per-byte locations),
 * ends after it, and names the #define the text came from. */
static void test_location_inside_the_literal(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_SCAN);
        const char *text = "a = :a AND status = :s";
        size_t n = strlen(text);
        struct dl_loc *locs = dl_arena_alloc(&tb.arena, n * sizeof *locs);
        for (size_t i = 0; i < n; i++)
                locs[i] = (struct dl_loc){"app.cpp", 20, (unsigned)(31 + i)};
        struct dl_value v = dl_value_known(&tb.arena, text, n, locs,
                                           (struct dl_loc){"app.cpp", 40, 5});
        v.origin = (struct dl_loc){"app.cpp", 20, 9};
        r->fields[DL_FIELD_FILTER_EXPRESSION] = v;
        dl_model_normalize(&tb.arena, r);
        assert_int_equal(dl_tb_run(&tb, dl_catalogue_find("reserved-word"), r), 1);
        const struct dl_finding *f = tb.findings[0];
        assert_string_equal(f->loc.file, "app.cpp");
        assert_int_equal(f->loc.line, 20);
        assert_int_equal(f->loc.col, 31 + 11);     /* "status" starts at byte 11 */
        assert_int_equal(f->loc.end_line, 20);
        assert_int_equal(f->loc.end_col, 31 + 17);  /* exclusive */
        bool origin = false;
        for (size_t i = 0; i < f->n_related; i++)
                if (f->related[i].loc.line == 20 && f->related[i].loc.col == 9)
                        origin = true;
        assert_true(origin);
        /* a template: offsets skip the hole */
        struct dl_request *t = dl_tb_request(&tb, DL_OP_SCAN);
        struct dl_segment *segs = dl_arena_alloc(&tb.arena, 3 * sizeof *segs);
        struct dl_loc *l2 = dl_arena_alloc(&tb.arena, 9 * sizeof *l2);
        for (size_t i = 0; i < 9; i++)
                l2[i] = (struct dl_loc){"app.cpp", 30, (unsigned)(50 + i)};
        segs[0] = (struct dl_segment){"a = :a", 6, NULL, NULL, NULL};
        segs[1] = (struct dl_segment){NULL, 0, NULL, NULL, NULL};
        segs[2] = (struct dl_segment){" AND name", 9, l2, NULL, NULL};
        struct dl_value tv = {0};
        tv.kind = DL_VAL_KNOWN;
        tv.segs = segs;
        tv.n_segs = 3;
        tv.loc = (struct dl_loc){"app.cpp", 29, 5};
        t->fields[DL_FIELD_FILTER_EXPRESSION] = tv;
        dl_model_normalize(&tb.arena, t);
        assert_int_equal(dl_tb_run(&tb, dl_catalogue_find("reserved-word"), t), 1);
        assert_int_equal(tb.findings[1]->loc.line, 30);
        assert_int_equal(tb.findings[1]->loc.col, 55); /* "name" after " AND " */
        dl_tb_fini(&tb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_reserved_word_cases),
                cmocka_unit_test(test_location_inside_the_literal),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
