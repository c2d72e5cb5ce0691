/* test_expression_limits.c - check `expression-limits` on hand-built
 * requests: 4 KB, 300 operators, 100 IN operands, 32 path levels,
 * 255-byte placeholders.
 * SPDX-License-Identifier: MIT
 */
#include "expr_cases.h"

#include "core/strbuf.h"

static size_t run_filter(struct dl_tb *tb, const char *filter, enum dl_field f)
{
        struct dl_request *r = dl_tb_request(tb, f == DL_FIELD_UPDATE_EXPRESSION ? DL_OP_UPDATE_ITEM
                                                                                 : DL_OP_SCAN);
        dl_tb_set(tb, r, f, filter);
        dl_model_normalize(&tb->arena, r);
        return dl_tb_run(tb, dl_catalogue_find("expression-limits"), r);
}

static void test_size(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_strbuf_puts(&sb, "a = :v AND b = :");
        while (sb.len < 4097)
                dl_strbuf_putc(&sb, 'x');
        assert_int_equal(run_filter(&tb, dl_strbuf_cstr(&sb), DL_FIELD_FILTER_EXPRESSION), 2);
        assert_int_equal(dl_tb_count(&tb, "Invalid FilterExpression: Expression size has exceeded "
                                          "the maximum allowed size; expression size: 4097"), 1);
        assert_int_equal(dl_tb_count(&tb, "placeholder is too long"), 1);
        dl_strbuf_reset(&sb);
        dl_strbuf_puts(&sb, "a = :v AND b = :");
        while (sb.len < 4096)
                dl_strbuf_putc(&sb, 'x');
        assert_int_equal(run_filter(&tb, dl_strbuf_cstr(&sb), DL_FIELD_FILTER_EXPRESSION), 1);
        dl_strbuf_fini(&sb);
        dl_tb_fini(&tb);
}

static void test_operators(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        /* n comparisons and n-1 ANDs: 2n-1 operators */
        for (int i = 0; i < 151; i++)
                dl_strbuf_printf(&sb, "%sa = :v", i ? " AND " : "");
        assert_int_equal(run_filter(&tb, dl_strbuf_cstr(&sb), DL_FIELD_FILTER_EXPRESSION), 1);
        assert_int_equal(dl_tb_count(&tb, "Invalid FilterExpression: The expression contains too "
                                          "many operators; operator count: 301"), 1);
        dl_strbuf_reset(&sb);
        for (int i = 0; i < 150; i++)
                dl_strbuf_printf(&sb, "%sa = :v", i ? " AND " : "");
        assert_int_equal(run_filter(&tb, dl_strbuf_cstr(&sb), DL_FIELD_FILTER_EXPRESSION), 0);
        dl_strbuf_fini(&sb);
        dl_tb_fini(&tb);
}

static void test_in_and_depth(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_strbuf_puts(&sb, "a IN (");
        for (int i = 0; i < 101; i++)
                dl_strbuf_printf(&sb, "%s:v%d", i ? ", " : "", i);
        dl_strbuf_puts(&sb, ")");
        assert_int_equal(run_filter(&tb, dl_strbuf_cstr(&sb), DL_FIELD_FILTER_EXPRESSION), 1);
        assert_int_equal(dl_tb_count(&tb, "number of operands: 101"), 1);
        dl_strbuf_reset(&sb);
        dl_strbuf_puts(&sb, "SET a");
        for (int i = 0; i < 33; i++)
                dl_strbuf_puts(&sb, ".b");
        dl_strbuf_puts(&sb, " = :v");
        assert_int_equal(run_filter(&tb, dl_strbuf_cstr(&sb), DL_FIELD_UPDATE_EXPRESSION), 1);
        assert_int_equal(dl_tb_count(&tb, "Invalid UpdateExpression: The document path has too "
                                          "many nesting levels; nesting levels: 33"), 1);
        /* at the limits: silent */
        dl_strbuf_reset(&sb);
        dl_strbuf_puts(&sb, "SET a");
        for (int i = 0; i < 32; i++)
                dl_strbuf_puts(&sb, "[1]");
        dl_strbuf_puts(&sb, " = :v");
        assert_int_equal(run_filter(&tb, dl_strbuf_cstr(&sb), DL_FIELD_UPDATE_EXPRESSION), 0);
        assert_int_equal(run_filter(&tb, "a IN (:a, :b)", DL_FIELD_FILTER_EXPRESSION), 0);
        dl_strbuf_fini(&sb);
        dl_tb_fini(&tb);
}

static void test_template_lower_bound(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct dl_request *r = dl_tb_request(&tb, DL_OP_SCAN);
        char *big = dl_arena_alloc(&tb.arena, 5000);
        memset(big, ' ', 4999);
        memcpy(big, "a = :v AND ", 11);
        const char *parts[] = {big, NULL};
        dl_tb_set_template(&tb, r, DL_FIELD_FILTER_EXPRESSION, parts, 2);
        dl_model_normalize(&tb.arena, r);
        /* the known text alone is over 4 KB: certain */
        assert_int_equal(dl_tb_run(&tb, dl_catalogue_find("expression-limits"), r), 1);
        struct dl_request *d = dl_tb_request(&tb, DL_OP_SCAN);
        dl_tb_set_dynamic(d, DL_FIELD_FILTER_EXPRESSION);
        dl_model_normalize(&tb.arena, d);
        assert_int_equal(dl_tb_run(&tb, dl_catalogue_find("expression-limits"), d), 0);
        dl_tb_fini(&tb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_size),
                cmocka_unit_test(test_operators),
                cmocka_unit_test(test_in_and_depth),
                cmocka_unit_test(test_template_lower_bound),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
