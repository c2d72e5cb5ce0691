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

#include "core/alloc.h"
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

struct fixture {
        struct dl_cx *cx;
        char **lines;
        size_t n_lines;
        size_t cases, mismatches;
        CXCursor func;
};

/* The text after "fold: " on 1-based line, or NULL. */
static const char *annotation(const struct fixture *f, unsigned line)
{
        if (line < 1 || line > f->n_lines)
                return NULL;
        const char *p = strstr(f->lines[line - 1], "fold: ");
        return p ? p + 6 : NULL;
}

static void check_function(struct fixture *f, CXCursor func)
{
        struct dl_body body;
        dl_body_init(&body, f->cx, func);
        for (size_t i = 0; i < body.calls.n; i++) {
                CXCursor call = body.calls.items[i].cursor;
                if (!dl_cx_is_named(call, "use") || clang_Cursor_getNumArguments(call) != 1)
                        continue;
                struct dl_loc at = dl_cx_cursor_loc(f->cx, call);
                const char *want = annotation(f, at.line - 1);
                if (!want) {
                        print_error("%s:%u: use() without a '// fold:' line before it\n", at.file,
                                    at.line);
                        f->mismatches++;
                        continue;
                }
                struct dl_eval ev = {f->cx, &body, body.calls.items[i].off, false, NULL, NULL};
                struct dl_value v = dl_eval_string(&ev, clang_Cursor_getArgument(call, 0), at);
                struct dl_strbuf sb;
                dl_strbuf_init(&sb);
                dl_value_dump(&sb, &v);
                if (strcmp(dl_strbuf_cstr(&sb), want) != 0) {
                        print_error("%s:%u: folded to %s, want %s\n", at.file, at.line,
                                    dl_strbuf_cstr(&sb), want);
                        f->mismatches++;
                }
                f->cases++;
                dl_strbuf_fini(&sb);
        }
        dl_body_fini(&body);
}

static enum CXChildVisitResult each_function(CXCursor c, CXCursor parent, CXClientData data)
{
        (void)parent;
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k == CXCursor_Namespace)
                return CXChildVisit_Recurse;
        if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
            clang_Location_isFromMainFile(clang_getCursorLocation(c)))
                check_function(data, c);
        return CXChildVisit_Continue;
}

static void run_fixture(const char *name)
{
        char path[512];
        snprintf(path, sizeof path, "%s/tests/fixtures/strings/%s", DL_SOURCE_DIR, name);
        bool c_lang = strcmp(name + strlen(name) - 2, ".c") == 0;
        const char *cxx[] = {"-xc++", "-std=c++20"};
        const char *cc[] = {"-xc", "-std=gnu11"};
        CXIndex idx = clang_createIndex(0, 0);
        CXTranslationUnit tu =
                clang_parseTranslationUnit(idx, path, c_lang ? cc : cxx, 2, NULL, 0,
                                           CXTranslationUnit_DetailedPreprocessingRecord);
        assert_non_null(tu);
        struct fixture f = {0};
        FILE *fp = fopen(path, "r");
        assert_non_null(fp);
        char buf[1024];
        while (fgets(buf, sizeof buf, fp)) {
                f.lines = dl_xrealloc(f.lines, (f.n_lines + 1) * sizeof *f.lines);
                buf[strcspn(buf, "\n")] = '\0';
                f.lines[f.n_lines++] = dl_xstrdup(buf);
        }
        fclose(fp);
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_cx cx;
        dl_cx_init(&cx, &a, tu, path);
        f.cx = &cx;
        clang_visitChildren(clang_getTranslationUnitCursor(tu), each_function, &f);
        for (size_t i = 0; i < f.n_lines; i++)
                free(f.lines[i]);
        free(f.lines);
        dl_arena_fini(&a);
        dl_cx_dispose_tu(tu);
        dl_cx_dispose_index(idx);
        assert_true(f.cases > 0);
        assert_int_equal(f.mismatches, 0);
}

static void test_c_buffers(void **state)
{
        (void)state;
        run_fixture("c_buffers.c");
}

static void test_c_typed_holes(void **state)
{
        (void)state;
        run_fixture("c_typed.c");
}

static void test_cxx_strings_streams_formats(void **state)
{
        (void)state;
        run_fixture("cxx_strings.cpp");
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_c_buffers),
                cmocka_unit_test(test_c_typed_holes),
                cmocka_unit_test(test_cxx_strings_streams_formats),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
