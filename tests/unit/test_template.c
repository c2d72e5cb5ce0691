/* test_template.c - typed templates (model/template): the builder, hole
 * shapes and their dump syntax.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/arena.h"
#include "core/strbuf.h"
#include "model/template.h"

#include <string.h>

static const struct dl_loc AT = {"t.cpp", 3, 9};

static const char *dump(struct dl_strbuf *sb, const struct dl_value *v)
{
        dl_strbuf_reset(sb);
        dl_value_dump(sb, v);
        return dl_strbuf_cstr(sb);
}

static void test_text_and_holes(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        struct dl_tmpl t;
        dl_tmpl_init(&t, &a);
        dl_tmpl_text(&t, "USER#", 5, NULL, AT, NULL);
        dl_tmpl_hole(&t, NULL);
        dl_tmpl_hole(&t, NULL); /* joins the one before */
        dl_tmpl_text(&t, "#", 1, NULL, AT, NULL);
        struct dl_value v = dl_tmpl_finish(&t, AT);
        dl_tmpl_fini(&t);
        assert_int_equal(v.kind, DL_VAL_KNOWN);
        assert_int_equal(v.n_segs, 3);
        assert_null(v.text);
        assert_string_equal(dump(&sb, &v), "\"USER#<?>#\"");
        assert_int_equal(v.loc.line, 3);
        /* known bytes keep a location each */
        struct dl_loc l;
        assert_true(dl_value_loc_at(&v, 5, &l));
        assert_int_equal(l.col, 9);
        dl_strbuf_fini(&sb);
        dl_arena_fini(&a);
}

static void test_finish_kinds(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_tmpl t;
        /* nothing but a hole without a shape: DYNAMIC */
        dl_tmpl_init(&t, &a);
        dl_tmpl_hole(&t, NULL);
        struct dl_value v = dl_tmpl_finish(&t, AT);
        dl_tmpl_fini(&t);
        assert_int_equal(v.kind, DL_VAL_DYNAMIC);
        /* an empty string is known text */
        dl_tmpl_init(&t, &a);
        dl_tmpl_text(&t, "", 0, NULL, AT, NULL);
        v = dl_tmpl_finish(&t, AT);
        dl_tmpl_fini(&t);
        assert_int_equal(v.kind, DL_VAL_KNOWN);
        assert_true(dl_value_equals(&v, ""));
        /* fully known: text is set */
        dl_tmpl_init(&t, &a);
        dl_tmpl_text(&t, "ab", 2, NULL, AT, NULL);
        dl_tmpl_text(&t, "cd", 2, NULL, AT, NULL);
        v = dl_tmpl_finish(&t, AT);
        dl_tmpl_fini(&t);
        assert_true(dl_value_equals(&v, "abcd"));
        /* a single shaped hole is KNOWN, with no text */
        struct dl_hole shard = {.kind = DL_HOLE_SHARD, .bound = 16};
        dl_tmpl_init(&t, &a);
        dl_tmpl_hole(&t, dl_hole_new(&a, &shard));
        v = dl_tmpl_finish(&t, AT);
        dl_tmpl_fini(&t);
        assert_int_equal(v.kind, DL_VAL_KNOWN);
        assert_null(v.text);
        assert_non_null(dl_value_hole(&v));
        assert_int_equal(dl_value_hole(&v)->bound, 16);
        assert_false(dl_value_is_complete(&v));
        dl_arena_fini(&a);
}

static void test_shaped_holes_stay_apart(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        struct dl_hole shard = {.kind = DL_HOLE_SHARD, .bound = 8};
        struct dl_hole digits = {.kind = DL_HOLE_DIGITS};
        struct dl_tmpl t;
        dl_tmpl_init(&t, &a);
        dl_tmpl_text(&t, "P#", 2, NULL, AT, NULL);
        dl_tmpl_hole(&t, NULL);
        dl_tmpl_hole(&t, dl_hole_new(&a, &shard));
        dl_tmpl_hole(&t, NULL);
        dl_tmpl_hole(&t, dl_hole_new(&a, &digits));
        dl_tmpl_hole(&t, dl_hole_new(&a, &digits));
        struct dl_value v = dl_tmpl_finish(&t, AT);
        dl_tmpl_fini(&t);
        assert_string_equal(dump(&sb, &v), "\"P#<?><shard:8><?><digits><digits>\"");
        assert_int_equal(v.n_segs, 6);
        dl_strbuf_fini(&sb);
        dl_arena_fini(&a);
}

static void test_dump_syntax(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        static const char *const vals[] = {"OPEN", "a|b>c=d\"<\\", "\xc3\xa9\n"};
        static const char *const enums[] = {"PLACED", "SHIPPED"};
        struct {
                struct dl_hole h;
                const char *want;
        } cases[] = {
                {{.kind = DL_HOLE_UNKNOWN}, "<?>"},
                {{.kind = DL_HOLE_DIGITS}, "<digits>"},
                {{.kind = DL_HOLE_BOOL}, "<bool>"},
                {{.kind = DL_HOLE_ONE_OF, .values = vals, .n_values = 3},
                 "<one-of:OPEN|a\\|b\\>c\\=d\\\"\\<\\\\|\\xc3\\xa9\\x0a>"},
                {{.kind = DL_HOLE_ENUM, .name = "ns::Status", .values = enums, .n_values = 2},
                 "<enum:ns::Status=PLACED|SHIPPED>"},
                {{.kind = DL_HOLE_ENUM, .name = "", .values = enums, .n_values = 1},
                 "<enum:=PLACED>"},
                {{.kind = DL_HOLE_DATE, .format = "%Y-%m-%d", .grain = DL_GRAIN_DAY},
                 "<date:%Y-%m-%d>"},
                {{.kind = DL_HOLE_SHARD, .bound = 16}, "<shard:16>"},
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                dl_strbuf_reset(&sb);
                dl_hole_dump(&sb, dl_hole_new(&a, &cases[i].h));
                assert_string_equal(dl_strbuf_cstr(&sb), cases[i].want);
        }
        dl_strbuf_reset(&sb);
        dl_hole_dump(&sb, NULL);
        assert_string_equal(dl_strbuf_cstr(&sb), "<?>");
        dl_strbuf_fini(&sb);
        dl_arena_fini(&a);
}

static void test_hole_new_copies(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        char name[] = "Status";
        char v0[] = "A";
        const char *vals[] = {v0};
        struct dl_hole h = {.kind = DL_HOLE_ENUM, .name = name, .values = vals, .n_values = 1,
                            .source = "s"};
        const struct dl_hole *c = dl_hole_new(&a, &h);
        name[0] = 'X';
        v0[0] = 'Z';
        assert_string_equal(c->name, "Status");
        assert_string_equal(c->values[0], "A");
        assert_string_equal(c->source, "s");
        assert_null(dl_hole_new(&a, NULL));
        struct dl_hole u = {.kind = DL_HOLE_UNKNOWN};
        assert_null(dl_hole_new(&a, &u));
        /* equality ignores where it came from */
        struct dl_hole h2 = h;
        name[0] = 'S';
        v0[0] = 'A';
        h2.source = "other";
        assert_true(dl_hole_equal(c, &h2));
        h2.n_values = 0;
        assert_false(dl_hole_equal(c, &h2));
        assert_true(dl_hole_equal(NULL, &u));
        assert_false(dl_hole_equal(NULL, c));
        assert_string_equal(dl_time_grain_name(DL_GRAIN_HOUR), "hour");
        assert_string_equal(dl_time_grain_name((enum dl_time_grain)99), "none");
        dl_arena_fini(&a);
}

static void test_value_relocate_and_origin(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        /* a constant "AB" defined at line 1 and used at line 7 */
        struct dl_loc def[2] = {{"t.cpp", 1, 20}, {"t.cpp", 1, 21}};
        struct dl_value c = dl_value_known(&a, "AB", 2, def, AT);
        c.origin = (struct dl_loc){"t.cpp", 1, 1};
        struct dl_hole digits = {.kind = DL_HOLE_DIGITS};
        struct dl_tmpl t;
        dl_tmpl_init(&t, &a);
        struct dl_loc use = {"t.cpp", 7, 4};
        dl_tmpl_value(&t, &c, true, use);
        dl_tmpl_hole(&t, dl_hole_new(&a, &digits));
        struct dl_value v = dl_tmpl_finish(&t, use);
        dl_tmpl_fini(&t);
        assert_string_equal(dump(&sb, &v), "\"AB<digits>\"");
        struct dl_loc l;
        assert_true(dl_value_loc_at(&v, 1, &l));
        assert_int_equal(l.line, 7);
        assert_true(dl_value_origin_at(&v, 1, &l));
        assert_int_equal(l.line, 1);
        assert_int_equal(l.col, 21);
        assert_int_equal(v.origin.line, 1);
        /* copying a value keeps its holes' shapes and its own locations */
        dl_tmpl_init(&t, &a);
        dl_tmpl_text(&t, "x", 1, NULL, AT, NULL);
        dl_tmpl_value(&t, &v, false, AT);
        struct dl_value dyn = dl_value_dynamic(AT);
        dl_tmpl_value(&t, &dyn, false, AT);
        struct dl_value w = dl_tmpl_finish(&t, AT);
        dl_tmpl_fini(&t);
        assert_string_equal(dump(&sb, &w), "\"xAB<digits><?>\"");
        assert_true(dl_value_loc_at(&w, 2, &l));
        assert_int_equal(l.line, 7);
        dl_strbuf_fini(&sb);
        dl_arena_fini(&a);
}

static void test_large_text_drops_locations(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        size_t n = DL_TMPL_MAX_LOCS + 10;
        char *big = dl_arena_alloc(&a, n);
        memset(big, 'x', n);
        struct dl_tmpl t;
        dl_tmpl_init(&t, &a);
        dl_tmpl_text(&t, big, n, NULL, AT, NULL);
        struct dl_value v = dl_tmpl_finish(&t, AT);
        dl_tmpl_fini(&t);
        assert_int_equal(v.len, n);
        assert_null(v.segs[0].locs);
        dl_arena_fini(&a);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_text_and_holes),
                cmocka_unit_test(test_finish_kinds),
                cmocka_unit_test(test_shaped_holes_stay_apart),
                cmocka_unit_test(test_dump_syntax),
                cmocka_unit_test(test_hole_new_copies),
                cmocka_unit_test(test_value_relocate_and_origin),
                cmocka_unit_test(test_large_text_drops_locations),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
