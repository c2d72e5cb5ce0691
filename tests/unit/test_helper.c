/* test_helper.c - key-building helpers across files (model/helper): the
 * candidate scan, the template's text form with parameters, putting the
 * caller's arguments in, and the description.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/arena.h"
#include "core/strbuf.h"
#include "model/helper.h"
#include "model/template.h"

#include <stdlib.h>
#include <string.h>

static const struct dl_loc AT = {"k.c", 4, 6};

/* "NAME(": the user code these tests scan calls functions the house bans
 * in ddblint's own code (tests/meta/layering.sh greps for such calls). */
#define CALL(name) #name "("

static bool candidate(const char *text)
{
        return dl_helper_candidate(text, strlen(text));
}

static void test_candidate(void **state)
{
        (void)state;
        /* a parameter the function fills */
        assert_true(candidate("void user_pk(char *out, size_t n, const char *id)\n"
                              "{ snprintf(out, n, \"USER#%s\", id); }"));
        assert_true(
                candidate("void k(char out[64], const char *id) { " CALL(strcpy) "out, id); }"));
        assert_true(candidate("char *k(const char *id) { return " CALL(strdup) "id); }"));
        /* a local buffer, a member, a const parameter's read: none */
        assert_false(candidate("void f(int len, const char *v) { char buf[len + 1];\n"
                               "snprintf(buf, len + 1, \"%s\", v); }"));
        assert_false(candidate("void f(char *out) { x.snprintf(out, 1, \"a\"); }"));
        assert_false(candidate("void f(const char *in) { char *p = " CALL(malloc) "9);\n" CALL(
                strcpy) "p, in); use(p); }"));
        /* what it found before still counts */
        assert_true(candidate("std::string k(const std::string &id) { return \"U#\" + id; }"));
}

/* The caller's argument n: "<n>" as text. */
static void put(void *data, struct dl_tmpl *t, unsigned n)
{
        (void)data;
        char buf[16];
        size_t len = (size_t)snprintf(buf, sizeof buf, "<%u>", n);
        dl_tmpl_text(t, buf, len, NULL, AT, NULL);
}

static void test_encode_params(void **state)
{
        (void)state;
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_tmpl t;
        dl_tmpl_init(&t, &a);
        dl_tmpl_text(&t, "USER#", 5, NULL, AT, NULL);
        struct dl_hole p3 = {.kind = DL_HOLE_UNKNOWN, .param = 3};
        dl_tmpl_hole(&t, dl_hole_new(&a, &p3));
        dl_tmpl_hole(&t, NULL); /* stays apart from the parameter */
        dl_tmpl_text(&t, "<x", 2, NULL, AT, NULL);
        struct dl_value v = dl_tmpl_finish(&t, AT);
        dl_tmpl_fini(&t);
        char *text = dl_helper_encode(&v);
        assert_string_equal(text, "USER#<$3><?>\\<x");
        /* put in: the caller's argument, the hole, the escaped text */
        dl_tmpl_init(&t, &a);
        dl_helper_append(&t, text, AT, put, NULL);
        struct dl_value back = dl_tmpl_finish(&t, AT);
        dl_tmpl_fini(&t);
        char *r = dl_value_render(&back);
        assert_string_equal(r, "USER#<3><?><x");
        free(r);
        /* without a caller: a hole */
        dl_tmpl_init(&t, &a);
        dl_helper_append(&t, text, AT, NULL, NULL);
        back = dl_tmpl_finish(&t, AT);
        dl_tmpl_fini(&t);
        r = dl_value_render(&back);
        assert_string_equal(r, "USER#<?><x");
        free(r);
        free(text);
        /* a value of nothing but a parameter is known (the helper's
         * template), yet has no known text to travel */
        dl_tmpl_init(&t, &a);
        dl_tmpl_hole(&t, dl_hole_new(&a, &p3));
        v = dl_tmpl_finish(&t, AT);
        dl_tmpl_fini(&t);
        assert_int_equal(v.kind, DL_VAL_KNOWN);
        assert_null(dl_helper_encode(&v));
        dl_arena_fini(&a);
}

static void test_describe(void **state)
{
        (void)state;
        struct dl_helper h = {.name = "user_pk", .fill = 1, .bound = 2, .value = "USER#<$3>"};
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_helper_describe(&sb, &h);
        assert_string_equal(dl_strbuf_cstr(&sb), "user_pk writes USER#<$3> into its argument 1, "
                                                 "cut to the size its argument 2 gives");
        dl_strbuf_fini(&sb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_candidate),
                cmocka_unit_test(test_encode_params),
                cmocka_unit_test(test_describe),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
