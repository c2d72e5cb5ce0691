/* test_frontend_strings.c - the table-driven string folding (eval.c,
 * string_functions.def) and the typed holes it fills, on small C and C++
 * sources parsed by libclang: each source has one call `use(x)` whose
 * argument is folded as the engine folds a request's value at that call.
 * SPDX-License-Identifier: MIT
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/arena.h"
#include "core/strbuf.h"
#include "frontend/body.h"
#include "frontend/cx.h"
#include "frontend/eval.h"
#include "model/request.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Mismatches so far: every case of a test runs and prints its own. */
static int mismatches;

struct found {
        CXCursor func, use;
        bool have;
};

static enum CXChildVisitResult find_use(CXCursor c, CXCursor parent, CXClientData data)
{
        (void)parent;
        struct found *f = data;
        enum CXCursorKind k = clang_getCursorKind(c);
        if ((k == CXCursor_FunctionDecl) && clang_isCursorDefinition(c))
                f->func = c;
        if (k == CXCursor_CallExpr && dl_cx_is_named(c, "use") && !f->have) {
                f->use = c;
                f->have = true;
        }
        return CXChildVisit_Recurse;
}

/* Fold the argument of use(...) in src (C when c_lang) and compare its
 * dump (dl_value_dump) with want. */
static void check_fold(const char *src, bool c_lang, const char *want)
{
        char path[] = "/tmp/dl_strings_XXXXXX.cpp";
        if (c_lang)
                strcpy(path + strlen(path) - 3, "c\0\0");
        int fd = mkstemps(path, c_lang ? 2 : 4);
        assert_true(fd >= 0);
        assert_int_equal(write(fd, src, strlen(src)), (ssize_t)strlen(src));
        close(fd);
        const char *cxx[] = {"-xc++", "-std=c++20", "-I" DL_SOURCE_DIR "/tests/fixtures/include"};
        const char *cc[] = {"-xc", "-std=gnu11"};
        CXIndex idx = clang_createIndex(0, 0);
        CXTranslationUnit tu = clang_parseTranslationUnit(idx, path, c_lang ? cc : cxx,
                                                          c_lang ? 2 : 3, NULL, 0,
                                                          CXTranslationUnit_DetailedPreprocessingRecord);
        assert_non_null(tu);
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_cx cx;
        dl_cx_init(&cx, &a, tu, path);
        struct found f = {clang_getNullCursor(), clang_getNullCursor(), false};
        clang_visitChildren(clang_getTranslationUnitCursor(tu), find_use, &f);
        assert_true(f.have);
        struct dl_body body;
        dl_body_init(&body, f.func);
        struct dl_eval ev = {&cx, &body, dl_cx_cursor_offset(f.use)};
        struct dl_value v = dl_eval_string(&ev, clang_Cursor_getArgument(f.use, 0),
                                           dl_cx_cursor_loc(&cx, f.use));
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_value_dump(&sb, &v);
        if (strcmp(dl_strbuf_cstr(&sb), want) != 0) {
                print_error("%s\nfolded to %s, want %s\n", src, dl_strbuf_cstr(&sb), want);
                mismatches++;
        }
        dl_strbuf_fini(&sb);
        dl_body_fini(&body);
        dl_arena_fini(&a);
        dl_cx_dispose_tu(tu);
        dl_cx_dispose_index(idx);
        unlink(path);
}

#define C_PRELUDE                                                                             \
        "#include <stdio.h>\n#include <string.h>\n#include <stdlib.h>\n#include <time.h>\n" \
        "#include <stdbool.h>\nvoid use(const char *s);\n"

static void test_c_printf_family(void **state)
{
        (void)state;
        /* snprintf: a shard, digits, a string constant, %% */
        check_fold(C_PRELUDE "#define P \"USER#\"\n"
                             "void f(unsigned h, long n) { char k[64];\n"
                             "  snprintf(k, sizeof k, P \"%u#%ld#%s%%\", h % 16, n, \"x\");\n"
                             "  use(k); }\n",
                   true, "\"USER#<shard:16>#<digits>#x%\"");
        /* sprintf has no bound; asprintf writes through &p */
        check_fold(C_PRELUDE "void f(bool vip) { char k[64];\n"
                             "  sprintf(k, \"TIER#%s\", vip ? \"VIP\" : \"STD\");\n"
                             "  use(k); }\n",
                   true, "\"TIER#<one-of:VIP|STD>\"");
        check_fold(C_PRELUDE "void f(int id) { char *b = NULL;\n"
                             "  asprintf(&b, \"{\\\"PK\\\":\\\"ORDER#%d\\\"}\", id);\n"
                             "  use(b); free(b); }\n",
                   true, "\"{\\\"PK\\\":\\\"ORDER#<digits>\\\"}\"");
        /* a bound that may cut the text: from there on nothing is known */
        check_fold(C_PRELUDE "void f(const char *id) { char k[8];\n"
                             "  snprintf(k, sizeof k, \"USER#%s#%d\", id, 3);\n"
                             "  use(k); }\n",
                   true, "\"USER#<?>\"");
        check_fold(C_PRELUDE "void f(void) { char k[4];\n"
                             "  snprintf(k, sizeof k, \"USER#1\");\n"
                             "  use(k); }\n",
                   true, "\"USE<?>\"");
        /* a size ddblint cannot read: nothing certain */
        check_fold(C_PRELUDE "void f(size_t n) { char k[64];\n"
                             "  snprintf(k, n, \"USER#1\");\n"
                             "  use(k); }\n",
                   true, "<dynamic>");
        /* a mismatched format: the rest is a hole, never a guess */
        check_fold(C_PRELUDE "void f(double d) { char k[64];\n"
                             "  sprintf(k, \"A#%d#B\", d);\n"
                             "  use(k); }\n",
                   true, "\"A#<?>\"");
        assert_int_equal(mismatches, 0);
}

static void test_c_copy_and_cat(void **state)
{
        (void)state;
        mismatches = 0;
        check_fold(C_PRELUDE "void f(unsigned h) { char k[64];\n"
                             "  strcpy(k, \"ORDER#\"); strcat(k, \"2024\");\n"
                             "  strncat(k, \"#ABCDEF\", 3);\n"
                             "  use(k); }\n",
                   true, "\"ORDER#2024#AB<?>\"");
        check_fold(C_PRELUDE "void f(void) { char k[64] = {0};\n"
                             "  strcat(k, \"A\"); strcat(k, \"B\");\n"
                             "  use(k); }\n",
                   true, "\"AB\"");
        /* strcat on a buffer never written: its contents are undefined */
        check_fold(C_PRELUDE "void f(void) { char k[64];\n"
                             "  strcat(k, \"A\");\n"
                             "  use(k); }\n",
                   true, "<dynamic>");
        /* strncpy that may not fit: nothing certain (no NUL either) */
        check_fold(C_PRELUDE "void f(void) { char k[64];\n"
                             "  strncpy(k, \"ABCDEF\", 4);\n"
                             "  use(k); }\n",
                   true, "<dynamic>");
        check_fold(C_PRELUDE "void f(void) { char k[64];\n"
                             "  strncpy(k, \"ABC\", sizeof k);\n"
                             "  use(k); }\n",
                   true, "\"ABC\"");
        /* a write on some paths only, or the buffer handed on: a hole */
        check_fold(C_PRELUDE "void f(int c) { char k[64] = \"A\";\n"
                             "  if (c) strcat(k, \"B\");\n"
                             "  use(k); }\n",
                   true, "<dynamic>");
        check_fold(C_PRELUDE "void g(char *); void f(void) { char k[64] = \"A\";\n"
                             "  g(k);\n"
                             "  use(k); }\n",
                   true, "<dynamic>");
        /* writes after the use do not count */
        check_fold(C_PRELUDE "void f(void) { char k[64] = \"A\";\n"
                             "  use(k); strcat(k, \"B\"); }\n",
                   true, "\"A\"");
        assert_int_equal(mismatches, 0);
}

static void test_c_dates(void **state)
{
        (void)state;
        mismatches = 0;
        check_fold(C_PRELUDE "void f(time_t now) { char d[32];\n"
                             "  strftime(d, sizeof d, \"DAY#%Y-%m-%d\", gmtime(&now));\n"
                             "  use(d); }\n",
                   true, "\"DAY#<date:%Y-%m-%d>\"");
        check_fold(C_PRELUDE "void f(struct tm *t) { char d[64];\n"
                             "  snprintf(d, sizeof d, \"H#%04d-%02d-%02dT%02d\", t->tm_year + 1900,\n"
                             "           t->tm_mon + 1, t->tm_mday, t->tm_hour);\n"
                             "  use(d); }\n",
                   true, "\"H#<date:%Y>-<date:%m>-<date:%d>T<date:%H>\"");
        assert_int_equal(mismatches, 0);
}

static void test_c_one_of_and_enums(void **state)
{
        (void)state;
        mismatches = 0;
        check_fold(C_PRELUDE "enum status { PLACED, SHIPPED };\n"
                             "static const char *name(enum status s) {\n"
                             "  switch (s) { case PLACED: return \"PLACED\"; default: return \"SHIPPED\"; } }\n"
                             "void f(enum status s) { char k[64];\n"
                             "  snprintf(k, sizeof k, \"S#%s#%d\", name(s), s);\n"
                             "  use(k); }\n",
                   true, "\"S#<one-of:PLACED|SHIPPED>#<enum:status=0|1>\"");
        check_fold(C_PRELUDE "static const char *const kinds[] = {\"A\", \"B\", \"C\"};\n"
                             "void f(int i) { use(kinds[i]); }\n",
                   true, "\"<one-of:A|B|C>\"");
        /* an array of shard keys is a shard */
        check_fold(C_PRELUDE "static const char *const keys[] = {\"K#1\", \"K#0\", \"K#2\"};\n"
                             "void f(int i) { use(keys[i]); }\n",
                   true, "\"K#<shard:3>\"");
        /* a function returning anything else is not one of a set */
        check_fold(C_PRELUDE "static const char *name(int s, const char *o) {\n"
                             "  if (s) return \"A\"; return o; }\n"
                             "void f(int s, const char *o) { use(name(s, o)); }\n",
                   true, "<dynamic>");
        check_fold(C_PRELUDE "static const char *table(void) { return \"Orders\"; }\n"
                             "void f(void) { use(table()); }\n",
                   true, "\"Orders\"");
        assert_int_equal(mismatches, 0);
}

#define CXX_PRELUDE                                                                          \
        "#include <aws/core/Aws.h>\n#include <string>\n#include <sstream>\n#include <ctime>\n" \
        "#include <iomanip>\n#include <random>\n#include <chrono>\n"                                         \
        "namespace std { template <class... A> string format(const char *, A &&...); }\n" \
        "void use(const std::string &s);\n"

static void test_cxx_strings(void **state)
{
        (void)state;
        mismatches = 0;
        check_fold(CXX_PRELUDE "void f(unsigned h) { use(\"P#\" + std::to_string(h % 8)); }\n",
                   false, "\"P#<shard:8>\"");
        check_fold(CXX_PRELUDE "void f(long n) { use(\"P#\" + std::to_string(n) + \"#\" + std::to_string(42)); }\n",
                   false, "\"P#<digits>#42\"");
        check_fold(CXX_PRELUDE "void f(bool b) { use(\"P#\" + std::to_string(b)); }\n",
                   false, "\"P#<bool>\"");
        check_fold(CXX_PRELUDE "void f(double d) { use(\"P#\" + std::to_string(d)); }\n",
                   false, "\"P#<?>\"");
        check_fold(CXX_PRELUDE "void f(unsigned h) { unsigned shard = h % 4;\n"
                               "  std::string k = \"P\"; k += \"#\"; k.append(std::to_string(shard));\n"
                               "  use(k); }\n",
                   false, "\"P#<shard:4>\"");
        check_fold(CXX_PRELUDE "void f(unsigned h) { unsigned shard = h % 4; shard++;\n"
                               "  use(std::to_string(shard)); }\n",
                   false, "\"<digits>\"");
        check_fold(CXX_PRELUDE "void f(std::mt19937 &g) { std::uniform_int_distribution<int> d(0, 9);\n"
                               "  use(\"P#\" + std::to_string(d(g))); }\n",
                   false, "\"P#<shard:10>\"");
        check_fold(CXX_PRELUDE "enum class Status { A = 1, B = 2 };\n"
                               "void f(Status s) { use(\"S#\" + std::to_string(static_cast<int>(s))); }\n",
                   false, "\"S#<enum:Status=1|2>\"");
        check_fold(CXX_PRELUDE "enum Status { A = 1, B = 2 };\n"
                               "void f(Status s) { use(\"S#\" + std::to_string(s)); }\n",
                   false, "\"S#<enum:Status=1|2>\"");
        assert_int_equal(mismatches, 0);
}

static void test_cxx_streams_and_formats(void **state)
{
        (void)state;
        mismatches = 0;
        check_fold(CXX_PRELUDE "void f(int id, unsigned h) { std::ostringstream os;\n"
                               "  os << \"USER#\" << id << '#' << h % 8;\n"
                               "  use(os.str()); }\n",
                   false, "\"USER#<digits>#<shard:8>\"");
        check_fold(CXX_PRELUDE "void f(std::tm *t) { std::ostringstream os;\n"
                               "  os << \"DAY#\" << std::put_time(t, \"%Y-%m-%d\");\n"
                               "  use(os.str()); }\n",
                   false, "\"DAY#<date:%Y-%m-%d>\"");
        /* a manipulator changes what follows: not followed */
        check_fold(CXX_PRELUDE "void f(int id) { std::ostringstream os;\n"
                               "  os << std::hex << id;\n"
                               "  use(os.str()); }\n",
                   false, "<dynamic>");
        check_fold(CXX_PRELUDE "void f(int id, bool b) { use(std::format(\"U#{}#{}\", id, b)); }\n",
                   false, "\"U#<digits>#<bool>\"");
        check_fold(CXX_PRELUDE "void f(std::chrono::system_clock::time_point t) {\n"
                               "  use(std::format(\"D#{:%Y-%m}\", t)); }\n",
                   false, "\"D#<date:%Y-%m>\"");
        check_fold(CXX_PRELUDE "void f(bool b) { use(b ? std::string(\"A\") : \"B\"); }\n",
                   false, "\"<one-of:A|B>\"");
        assert_int_equal(mismatches, 0);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_c_printf_family),
                cmocka_unit_test(test_c_copy_and_cat),
                cmocka_unit_test(test_c_dates),
                cmocka_unit_test(test_c_one_of_and_enums),
                cmocka_unit_test(test_cxx_strings),
                cmocka_unit_test(test_cxx_streams_and_formats),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
