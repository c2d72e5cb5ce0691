/* test_format.c - printf, strftime and std::format applied to typed
 * templates (model/format).
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/arena.h"
#include "core/strbuf.h"
#include "model/format.h"

#include <stdlib.h>
#include <string.h>

static struct dl_arena A;
static struct dl_strbuf SB;
static const struct dl_loc CALL = {"t.c", 20, 5};

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

/* A format literal written at line 9 from column 10 on, one loc per byte. */
static struct dl_value lit(const char *s)
{
        size_t n = strlen(s);
        struct dl_loc *l = dl_arena_alloc(&A, (n ? n : 1) * sizeof *l);
        for (size_t i = 0; i < n; i++)
                l[i] = (struct dl_loc){"t.c", 9, (unsigned)(10 + i)};
        return dl_value_known(&A, s, n, l, (struct dl_loc){"t.c", 9, 10});
}

/* A template from parts; NULL is a hole, "@shard:N" a shard hole,
 * "@digits", "@bool", "@one-of" (A|B) holes of those shapes. */
static struct dl_value tmpl(const char *const *parts, size_t n)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, &A);
        for (size_t i = 0; i < n; i++) {
                const char *p = parts[i];
                if (!p) {
                        dl_tmpl_hole(&t, NULL);
                } else if (!strncmp(p, "@shard:", 7)) {
                        struct dl_hole h = {.kind = DL_HOLE_SHARD, .bound = strtoull(p + 7, NULL, 10)};
                        dl_tmpl_hole(&t, dl_hole_new(&A, &h));
                } else if (!strcmp(p, "@digits")) {
                        struct dl_hole h = {.kind = DL_HOLE_DIGITS};
                        dl_tmpl_hole(&t, dl_hole_new(&A, &h));
                } else if (!strcmp(p, "@bool")) {
                        struct dl_hole h = {.kind = DL_HOLE_BOOL};
                        dl_tmpl_hole(&t, dl_hole_new(&A, &h));
                } else if (!strcmp(p, "@one-of")) {
                        static const char *const v[] = {"A", "B"};
                        struct dl_hole h = {.kind = DL_HOLE_ONE_OF, .values = v, .n_values = 2};
                        dl_tmpl_hole(&t, dl_hole_new(&A, &h));
                } else if (!strcmp(p, "@enum")) {
                        static const char *const v[] = {"ON", "OFF", "BROKEN"};
                        struct dl_hole h = {.kind = DL_HOLE_ENUM, .name = "Status", .values = v,
                                            .n_values = 3};
                        dl_tmpl_hole(&t, dl_hole_new(&A, &h));
                } else {
                        dl_tmpl_text(&t, p, strlen(p), NULL, (struct dl_loc){"t.c", 3, 1}, NULL);
                }
        }
        struct dl_value v = dl_tmpl_finish(&t, (struct dl_loc){"t.c", 3, 1});
        dl_tmpl_fini(&t);
        return v;
}

#define TMPL(...) tmpl((const char *const[]){__VA_ARGS__}, \
                       sizeof((const char *const[]){__VA_ARGS__}) / sizeof(const char *))

static struct dl_fmt_arg str(const char *s)
{
        return (struct dl_fmt_arg){DL_FMT_STRING, dl_value_known(&A, s, strlen(s), NULL, CALL)};
}

static struct dl_fmt_arg num(enum dl_fmt_type type, const char *text)
{
        if (!text)
                return (struct dl_fmt_arg){type, dl_value_dynamic(CALL)};
        return (struct dl_fmt_arg){type, dl_value_known(&A, text, strlen(text), NULL, CALL)};
}

static struct dl_fmt_arg shaped(enum dl_fmt_type type, const char *part)
{
        return (struct dl_fmt_arg){type, TMPL(part)};
}

static struct dl_fmt_arg dyn(enum dl_fmt_type type)
{
        return (struct dl_fmt_arg){type, dl_value_dynamic(CALL)};
}

enum which { PRINTF, STRFTIME, STDFMT };

/* Run a format; returns the dump of the result and sets *ok. */
static const char *run(enum which w, const struct dl_value *fmt, const struct dl_fmt_arg *args,
                       size_t n, bool *ok, struct dl_value *out_v)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, &A);
        bool r = w == PRINTF   ? dl_format_printf(&t, fmt, args, n, CALL)
                 : w == STDFMT ? dl_format_std(&t, fmt, args, n, CALL)
                               : dl_format_strftime(&t, fmt, CALL, "now");
        struct dl_value v = dl_tmpl_finish(&t, CALL);
        dl_tmpl_fini(&t);
        if (ok)
                *ok = r;
        if (out_v)
                *out_v = v;
        dl_strbuf_reset(&SB);
        dl_value_dump(&SB, &v);
        return dl_strbuf_cstr(&SB);
}

struct pcase {
        const char *fmt;
        struct dl_fmt_arg args[3];
        size_t n;
        const char *want;
        bool ok;
};

static void check_cases(enum which w, const struct pcase *c, size_t n)
{
        for (size_t i = 0; i < n; i++) {
                struct dl_value f = lit(c[i].fmt);
                bool ok = false;
                const char *got = run(w, &f, c[i].args, c[i].n, &ok, NULL);
                if (strcmp(got, c[i].want) || ok != c[i].ok)
                        fail_msg("format '%s': got %s (ok %d), want %s (ok %d)", c[i].fmt, got,
                                 ok, c[i].want, c[i].ok);
        }
}

static void test_printf_known(void **state)
{
        (void)state;
        const struct pcase c[] = {
                {"USER#%s", {str("42")}, 1, "\"USER#42\"", true},
                {"%02d", {num(DL_FMT_SIGNED, "7")}, 1, "\"07\"", true},
                {"%5.3d|", {num(DL_FMT_SIGNED, "7")}, 1, "\"  007|\"", true},
                {"%-4d|", {num(DL_FMT_SIGNED, "7")}, 1, "\"7   |\"", true},
                {"%+d % d", {num(DL_FMT_SIGNED, "5"), num(DL_FMT_SIGNED, "5")}, 2, "\"+5  5\"", true},
                {"%x %#X %#o", {num(DL_FMT_UNSIGNED, "255"), num(DL_FMT_UNSIGNED, "255"),
                                num(DL_FMT_UNSIGNED, "8")}, 3, "\"ff 0XFF 010\"", true},
                {"%u", {num(DL_FMT_SIGNED, "-1")}, 1, "\"4294967295\"", true},
                {"%lu", {num(DL_FMT_SIGNED, "-1")}, 1, "\"18446744073709551615\"", true},
                {"%zu", {num(DL_FMT_UNSIGNED, "18446744073709551615")}, 1,
                 "\"18446744073709551615\"", true},
                {"%hhd", {num(DL_FMT_SIGNED, "300")}, 1, "\"44\"", true},
                {"%ld", {num(DL_FMT_SIGNED, "-9000000000")}, 1, "\"-9000000000\"", true},
                {"[%.0d]", {num(DL_FMT_SIGNED, "0")}, 1, "\"[]\"", true},
                {"%05d", {num(DL_FMT_SIGNED, "-42")}, 1, "\"-0042\"", true},
                {"%-05d|", {num(DL_FMT_SIGNED, "42")}, 1, "\"42   |\"", true},
                {"%c%c", {num(DL_FMT_SIGNED, "65"), num(DL_FMT_CHAR, "b")}, 2, "\"Ab\"", true},
                {"100%%", {{0}}, 0, "\"100%\"", true},
                {"%*d|%-*d|", {num(DL_FMT_SIGNED, "4"), num(DL_FMT_SIGNED, "7"),
                               num(DL_FMT_SIGNED, "-3")}, 3, "\"   7|<?>\"", false},
                {"%.2s|%5s|%-5s|", {str("abcdef"), str("ab"), str("ab")}, 3,
                 "\"ab|   ab|ab   |\"", true},
                {"%d", {num(DL_FMT_BOOL, "true")}, 1, "\"1\"", true},
        };
        check_cases(PRINTF, c, sizeof c / sizeof c[0]);
}

static void test_printf_holes(void **state)
{
        (void)state;
        const struct pcase c[] = {
                {"%s#%d", {shaped(DL_FMT_STRING, NULL), dyn(DL_FMT_SIGNED)}, 2, "\"<?>#<digits>\"",
                 true},
                {"P#%ld", {shaped(DL_FMT_SIGNED, "@shard:16")}, 1, "\"P#<shard:16>\"", true},
                {"P#%02x", {shaped(DL_FMT_UNSIGNED, "@shard:16")}, 1, "\"P#<shard:16>\"", true},
                {"S#%d", {shaped(DL_FMT_SIGNED, "@enum")}, 1, "\"S#<enum:Status=ON|OFF|BROKEN>\"",
                 true},
                {"B#%d", {dyn(DL_FMT_BOOL)}, 1, "\"B#<bool>\"", true},
                {"K#%s", {shaped(DL_FMT_STRING, "@one-of")}, 1, "\"K#<one-of:A|B>\"", true},
                {"%c", {dyn(DL_FMT_SIGNED)}, 1, "<dynamic>", true},
                {"%f|%p", {dyn(DL_FMT_FLOAT), dyn(DL_FMT_POINTER)}, 2, "\"<?>|<?>\"", true},
                {"%*d", {dyn(DL_FMT_SIGNED), num(DL_FMT_SIGNED, "7")}, 2, "\"<digits>\"", true},
                {"%5s", {shaped(DL_FMT_STRING, NULL)}, 1, "<dynamic>", true},
                {"%99999d", {num(DL_FMT_SIGNED, "1")}, 1, "\"<digits>\"", true},
        };
        check_cases(PRINTF, c, sizeof c / sizeof c[0]);
}

static void test_printf_not_understood(void **state)
{
        (void)state;
        const struct pcase c[] = {
                /* a conversion that does not match its argument */
                {"A#%d#B", {str("x")}, 1, "\"A#<?>\"", false},
                {"A#%s#B", {num(DL_FMT_SIGNED, "1")}, 1, "\"A#<?>\"", false},
                {"%f", {num(DL_FMT_SIGNED, "1")}, 1, "<dynamic>", false},
                {"%d", {dyn(DL_FMT_OTHER)}, 1, "<dynamic>", false},
                {"%ls", {str("x")}, 1, "<dynamic>", false},
                /* too few arguments */
                {"a%s%s", {str("b")}, 1, "\"ab<?>\"", false},
                {"%*d", {num(DL_FMT_SIGNED, "3")}, 1, "<dynamic>", false},
                /* not understood at all */
                {"x%ny", {dyn(DL_FMT_POINTER)}, 1, "\"x<?>\"", false},
                {"%1$s", {str("a")}, 1, "<dynamic>", false},
                {"%'d", {num(DL_FMT_SIGNED, "1000")}, 1, "<dynamic>", false},
                {"ab%", {{0}}, 0, "\"ab<?>\"", false},
                {"%q", {str("a")}, 1, "<dynamic>", false},
        };
        check_cases(PRINTF, c, sizeof c / sizeof c[0]);
        /* extra arguments are ignored, as printf does */
        const struct pcase extra[] = {{"%s", {str("a"), str("b")}, 2, "\"a\"", true}};
        check_cases(PRINTF, extra, 1);
}

static void test_printf_format_template(void **state)
{
        (void)state;
        bool ok = true;
        /* a hole in the format: the rest is a hole */
        struct dl_value f = TMPL("A%s", NULL, "B%d");
        struct dl_fmt_arg a[] = {str("x"), num(DL_FMT_SIGNED, "1")};
        assert_string_equal(run(PRINTF, &f, a, 2, &ok, NULL), "\"Ax<?>\"");
        assert_false(ok);
        struct dl_value d = dl_value_dynamic(CALL);
        assert_string_equal(run(PRINTF, &d, a, 2, &ok, NULL), "<dynamic>");
        assert_false(ok);
        /* a '%' cut by a hole */
        struct dl_value g = TMPL("A%", NULL);
        assert_string_equal(run(PRINTF, &g, a, 2, &ok, NULL), "\"A<?>\"");
        assert_false(ok);
}

static void test_printf_locations(void **state)
{
        (void)state;
        struct dl_value f = lit("U#%s#%d");
        struct dl_loc argl[2] = {{"t.c", 15, 3}, {"t.c", 15, 4}};
        struct dl_fmt_arg a[] = {{DL_FMT_STRING, dl_value_known(&A, "ab", 2, argl, CALL)},
                                 num(DL_FMT_SIGNED, "42")};
        a[0].value.origin = (struct dl_loc){"t.c", 2, 1};
        struct dl_value v;
        bool ok;
        assert_string_equal(run(PRINTF, &f, a, 2, &ok, &v), "\"U#ab#42\"");
        struct dl_loc l;
        assert_true(dl_value_loc_at(&v, 1, &l)); /* '#' of the format */
        assert_int_equal(l.line, 9);
        assert_int_equal(l.col, 11);
        assert_true(dl_value_loc_at(&v, 3, &l)); /* 'b' of the argument */
        assert_int_equal(l.line, 15);
        assert_int_equal(l.col, 4);
        assert_true(dl_value_loc_at(&v, 4, &l)); /* '#' after %s */
        assert_int_equal(l.col, 14);
        assert_true(dl_value_loc_at(&v, 5, &l)); /* digits: at the call */
        assert_int_equal(l.line, 20);
        assert_int_equal(v.origin.line, 2); /* the argument's origin */
}

static void test_strftime(void **state)
{
        (void)state;
        const struct pcase c[] = {
                {"%Y-%m-%d", {{0}}, 0, "\"<date:%Y-%m-%d>\"", true},
                {"day#%Y-%m-%d#x", {{0}}, 0, "\"day#<date:%Y-%m-%d>#x\"", true},
                {"%%%Y%n", {{0}}, 0, "\"%<date:%Y>\\x0a\"", true},
                {"%Y%m%d%H", {{0}}, 0, "\"<date:%Y%m%d%H>\"", true},
                {"%-d/%Ey/%_H", {{0}}, 0, "\"<date:%-d/%Ey/%_H>\"", true},
                {"%z", {{0}}, 0, "<dynamic>", true},
                {"plain", {{0}}, 0, "\"plain\"", true},
                {"a%Qb", {{0}}, 0, "\"a<?>\"", false},
                {"%Y-%", {{0}}, 0, "\"<date:%Y>-<?>\"", false},
        };
        check_cases(STRFTIME, c, sizeof c / sizeof c[0]);
        struct dl_value f = lit("%FT%T");
        struct dl_value v;
        run(STRFTIME, &f, NULL, 0, NULL, &v);
        const struct dl_hole *h = dl_value_hole(&v);
        assert_non_null(h);
        assert_int_equal(h->grain, DL_GRAIN_SECOND);
        assert_string_equal(h->source, "now");
        /* a hole in the format */
        struct dl_value g = TMPL("%Y", NULL);
        bool ok = true;
        assert_string_equal(run(STRFTIME, &g, NULL, 0, &ok, NULL), "\"<date:%Y><?>\"");
        assert_false(ok);
}

static void test_time_grain(void **state)
{
        (void)state;
        struct {
                const char *fmt;
                enum dl_time_grain g;
                bool ok;
        } c[] = {
                {"%Y", DL_GRAIN_YEAR, true},      {"%Y-%m", DL_GRAIN_MONTH, true},
                {"%G-W%V", DL_GRAIN_WEEK, true},  {"%F", DL_GRAIN_DAY, true},
                {"%a", DL_GRAIN_DAY, true},       {"%Y%m%d%H", DL_GRAIN_HOUR, true},
                {"%H:%M", DL_GRAIN_MINUTE, true}, {"%R", DL_GRAIN_MINUTE, true},
                {"%s", DL_GRAIN_SECOND, true},    {"%FT%T%z", DL_GRAIN_SECOND, true},
                {"%Z", DL_GRAIN_NONE, true},      {"text %%", DL_GRAIN_NONE, true},
                {"%Y%q", DL_GRAIN_YEAR, false},   {"%", DL_GRAIN_NONE, false},
        };
        for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
                bool ok = !c[i].ok;
                enum dl_time_grain g = dl_format_time_grain(c[i].fmt, strlen(c[i].fmt), &ok);
                if (g != c[i].g || ok != c[i].ok)
                        fail_msg("grain of '%s': %d (ok %d)", c[i].fmt, g, ok);
        }
        assert_int_equal(dl_format_time_grain("%M", 2, NULL), DL_GRAIN_MINUTE);
}

static void test_std_format(void **state)
{
        (void)state;
        const struct pcase c[] = {
                {"{}#{}", {str("USER"), dyn(DL_FMT_SIGNED)}, 2, "\"USER#<digits>\"", true},
                {"{0:02}|{0:x}|{0:#X}|{0:>5}|{0:<3}|{0:+}", {num(DL_FMT_SIGNED, "7")}, 1,
                 "\"07|7|0X7|    7|7  |+7\"", true},
                {"{1}{0}", {str("a"), str("b")}, 2, "\"ba\"", true},
                {"{{}}{}", {num(DL_FMT_UNSIGNED, "255")}, 1, "\"{}255\"", true},
                {"{:*^7}|{:.2}", {str("ab"), str("abcdef")}, 2, "\"**ab***|ab\"", true},
                {"{:b}|{:#o}", {num(DL_FMT_SIGNED, "5"), num(DL_FMT_SIGNED, "8")}, 2,
                 "\"101|010\"", true},
                {"{:%Y-%m}", {dyn(DL_FMT_TIME)}, 1, "\"<date:%Y-%m>\"", true},
                {"{}", {dyn(DL_FMT_TIME)}, 1, "\"<date:%F %T>\"", true},
                {"{} {}", {num(DL_FMT_BOOL, "true"), dyn(DL_FMT_BOOL)}, 2, "\"true <bool>\"",
                 true},
                {"{}{:d}", {num(DL_FMT_CHAR, "x"), num(DL_FMT_CHAR, "x")}, 2, "\"x120\"", true},
                {"P#{}", {shaped(DL_FMT_SIGNED, "@shard:8")}, 1, "\"P#<shard:8>\"", true},
                {"{:.3}|{}", {dyn(DL_FMT_FLOAT), shaped(DL_FMT_STRING, NULL)}, 2, "\"<?>|<?>\"",
                 true},
        };
        check_cases(STDFMT, c, sizeof c / sizeof c[0]);
        const struct pcase bad[] = {
                {"a{}{1}", {str("x"), str("y")}, 2, "\"ax<?>\"", false}, /* mixed ids */
                {"{:L}", {num(DL_FMT_SIGNED, "1")}, 1, "<dynamic>", false},
                {"{:{}}", {num(DL_FMT_SIGNED, "1"), num(DL_FMT_SIGNED, "3")}, 2, "<dynamic>", false},
                {"x{", {str("a")}, 1, "\"x<?>\"", false},
                {"x}", {str("a")}, 1, "\"x<?>\"", false},
                {"{2}", {str("a")}, 1, "<dynamic>", false},
                {"{}{}", {str("a")}, 1, "\"a<?>\"", false},
                {"{:d}", {str("a")}, 1, "<dynamic>", false},
                {"{:Y}", {dyn(DL_FMT_TIME)}, 1, "<dynamic>", false},
                {"{}", {dyn(DL_FMT_OTHER)}, 1, "<dynamic>", false},
                {"{:%Q}", {dyn(DL_FMT_TIME)}, 1, "<dynamic>", false},
        };
        check_cases(STDFMT, bad, sizeof bad / sizeof bad[0]);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_printf_known),
                cmocka_unit_test(test_printf_holes),
                cmocka_unit_test(test_printf_not_understood),
                cmocka_unit_test(test_printf_format_template),
                cmocka_unit_test(test_printf_locations),
                cmocka_unit_test(test_strftime),
                cmocka_unit_test(test_time_grain),
                cmocka_unit_test(test_std_format),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
