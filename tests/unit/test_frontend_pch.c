/* test_frontend_pch.c - the precompiled stub headers (src/frontend/pch.h):
 * when they are used, when not, and how the cache survives changed,
 * corrupt and concurrent use. Built on a tiny stub directory of its own so
 * that each precompiled header takes a fraction of a second.
 * SPDX-License-Identifier: MIT
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "core/log.h"
#include "frontend/pch.h"
#include "frontend/tu.h"
#include "tmptree.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static struct tmptree tree;

static char *at(const char *rel)
{
        return tmptree_at(&tree, rel);
}

static void put(const char *rel, const char *text)
{
        assert_true(tmptree_put(&tree, rel, text));
}

static int setup(void **state)
{
        (void)state;
        if (!tmptree_make(&tree, "dl-pch"))
                return -1;
        put("stubs/aws/core/Aws.h", "#pragma once\nnamespace Aws { struct SDKOptions { int n; }; "
                                    "inline int Version() { return 1; } }\n");
        put("stubs/aws/dynamodb/DynamoDBClient.h",
            "#pragma once\n#include <aws/core/Aws.h>\n"
            "namespace Aws { struct Client { int Query(); }; }\n");
        put("src/uses.cpp", "#include <stddef.h> // a system header first is fine\n"
                            "#include <aws/dynamodb/DynamoDBClient.h>\n"
                            "int f(Aws::Client &c) { return c.Query(); }\n");
        put("src/guarded.h", "#ifndef PROJECT_GUARDED_H\n#define PROJECT_GUARDED_H\n"
                             "#include <aws/dynamodb/DynamoDBClient.h>\n#endif\n");
        put("src/via_header.cpp", "#include \"guarded.h\"\nint g() { return Aws::Version(); }\n");
        put("src/redefines.cpp", "#define SDKOptions Other\n"
                                 "#include <aws/dynamodb/DynamoDBClient.h>\n");
        put("src/code_first.cpp", "int before;\n#include <aws/dynamodb/DynamoDBClient.h>\n");
        put("src/util.h", "#pragma once\nstruct Util { int n; };\n");
        put("src/header_code_first.cpp", "#include \"util.h\"\n"
                                         "#include <aws/dynamodb/DynamoDBClient.h>\n");
        put("src/core_only.cpp", "#include <aws/core/Aws.h>\nAws::SDKOptions o;\n");
        put("src/plain.cpp", "int h() { return 0; }\n");
        put("stubs/curl/curl.h", "#pragma once\ntypedef void CURL;\n");
        put("src/curl_only.cpp", "#include <curl/curl.h>\nCURL *c;\n");
        put("src/plain.c", "#include <aws/core/Aws.h>\n");
        put("shadow/aws/core/Aws.h", "#pragma once\nnamespace Aws { struct Own {}; }\n");
        return 0;
}

static int teardown(void **state)
{
        (void)state;
        return tmptree_remove(&tree) ? 0 : -1;
}

struct fx {
        char *stubs, *cache;
};

static struct fx fx_get(void)
{
        struct fx f = {at("stubs"), at("cache")};
        return f;
}

static void fx_free(struct fx *f)
{
        free(f->stubs);
        free(f->cache);
}

static const char *for_file(struct dl_pch *p, const char *rel, const char **extra, size_t n_extra)
{
        char *path = at(rel);
        const char *args[16] = {"-std=c++17"};
        size_t n = 1;
        for (size_t i = 0; i < n_extra; i++)
                args[n++] = extra[i];
        struct dl_log log;
        dl_log_init(&log, NULL, true);
        const char *r = dl_pch_for(p, path, args, n, &log);
        for (size_t i = 0; i < log.n; i++)
                fprintf(stderr, "note: %s\n", log.items[i].message);
        assert_int_equal(log.n, 0);
        dl_log_fini(&log);
        free(path);
        return r;
}

static void test_used_once_per_flags(void **state)
{
        (void)state;
        struct fx f = fx_get();
        struct dl_pch *p = dl_pch_new(f.stubs, f.cache);
        const char *a = for_file(p, "src/uses.cpp", NULL, 0);
        assert_non_null(a);
        assert_int_equal(dl_pch_built(p), 1);
        /* through a project header too; the same flags share the file */
        const char *b = for_file(p, "src/via_header.cpp", NULL, 0);
        assert_non_null(b);
        assert_string_equal(a, b);
        assert_int_equal(dl_pch_built(p), 1);
        /* a macro on the command line makes another one */
        const char *d[] = {"-DMODE=2"};
        const char *c = for_file(p, "src/uses.cpp", d, 1);
        assert_non_null(c);
        assert_string_not_equal(a, c);
        assert_int_equal(dl_pch_built(p), 2);
        /* include directories and diagnostics flags do not */
        const char *w[] = {"-Wall", "-ferror-limit=0", "-Inowhere"};
        assert_string_equal(for_file(p, "src/uses.cpp", w, 3), a);
        assert_int_equal(dl_pch_built(p), 2);
        dl_pch_free(p);

        /* the next run reads the cache and builds nothing */
        p = dl_pch_new(f.stubs, f.cache);
        assert_non_null(for_file(p, "src/uses.cpp", NULL, 0));
        assert_int_equal(dl_pch_built(p), 0);
        dl_pch_free(p);
        fx_free(&f);
}

static void test_not_used_where_it_could_change_the_parse(void **state)
{
        (void)state;
        struct fx f = fx_get();
        struct dl_pch *p = dl_pch_new(f.stubs, f.cache);
        /* no stub header included; only a C client's stub; only stubs that
         * the precompiled header holds but not all of it (a file that never
         * includes the client would see declarations it does not have) */
        assert_null(for_file(p, "src/plain.cpp", NULL, 0));
        assert_null(for_file(p, "src/curl_only.cpp", NULL, 0));
        assert_null(for_file(p, "src/core_only.cpp", NULL, 0));
        /* code before the client's header, in the file or in a project
         * header included first: the prefix would move the SDK before it */
        assert_null(for_file(p, "src/code_first.cpp", NULL, 0));
        assert_null(for_file(p, "src/header_code_first.cpp", NULL, 0));
        /* C, not C++ */
        assert_null(for_file(p, "src/plain.c", NULL, 0));
        /* a macro of the stub headers' text defined before them */
        assert_null(for_file(p, "src/redefines.cpp", NULL, 0));
        /* but a project's own include guard is no such macro */
        assert_non_null(for_file(p, "src/via_header.cpp", NULL, 0));
        /* a project directory with a header of the same name */
        char *shadow = dl_xasprintf("-I%s/shadow", tree.root);
        const char *s1[] = {shadow};
        assert_null(for_file(p, "src/uses.cpp", s1, 1));
        char *shadow_sys = dl_xasprintf("-isystem%s/shadow", tree.root);
        const char *s2[] = {shadow_sys};
        assert_null(for_file(p, "src/uses.cpp", s2, 1));
        /* a prefix header of the user's own, or modules */
        const char *inc[] = {"-include", "stddef.h"};
        assert_null(for_file(p, "src/uses.cpp", inc, 2));
        const char *mod[] = {"-fmodules"};
        assert_null(for_file(p, "src/uses.cpp", mod, 1));
        dl_pch_free(p);
        free(shadow);
        free(shadow_sys);
        fx_free(&f);
}

static void bump(const char *rel)
{
        char *path = at(rel);
        FILE *fp = fopen(path, "a");
        assert_non_null(fp);
        fputs("// changed\n", fp);
        fclose(fp);
        free(path);
}

/* The single entry directory of the cache (transfer full). */
static char *entry_file(const char *cache, const char *name)
{
        char *cmd = dl_xasprintf("ls -d '%s'/pch-1/*/", cache);
        FILE *ls = popen(cmd, "r");
        free(cmd);
        char line[PATH_MAX];
        assert_non_null(fgets(line, sizeof line, ls));
        pclose(ls);
        line[strcspn(line, "\n")] = '\0';
        return dl_xasprintf("%s%s", line, name);
}

static void overwrite(const char *path, const char *text)
{
        FILE *fp = fopen(path, "w");
        assert_non_null(fp);
        fputs(text, fp);
        fclose(fp);
}

static void test_rebuilt_when_stale_or_corrupt(void **state)
{
        (void)state;
        struct fx f = fx_get();
        struct dl_pch *p = dl_pch_new(f.stubs, f.cache);
        assert_non_null(for_file(p, "src/uses.cpp", NULL, 0));
        assert_int_equal(dl_pch_built(p), 1);
        dl_pch_free(p);

        /* a stub header changed */
        bump("stubs/aws/core/Aws.h");
        p = dl_pch_new(f.stubs, f.cache);
        assert_non_null(for_file(p, "src/uses.cpp", NULL, 0));
        assert_int_equal(dl_pch_built(p), 1);
        dl_pch_free(p);

        /* a truncated AST file, a manifest of garbage, a missing manifest */
        char *pch = entry_file(f.cache, "stubs.pch");
        char *man = entry_file(f.cache, "manifest");
        overwrite(pch, "CPCH");
        p = dl_pch_new(f.stubs, f.cache);
        assert_non_null(for_file(p, "src/uses.cpp", NULL, 0));
        assert_int_equal(dl_pch_built(p), 1);
        dl_pch_free(p);
        overwrite(man, "ddblint-pch 1\npch 12 garbage\nfile x\n");
        p = dl_pch_new(f.stubs, f.cache);
        assert_non_null(for_file(p, "src/uses.cpp", NULL, 0));
        assert_int_equal(dl_pch_built(p), 1);
        dl_pch_free(p);
        overwrite(man, "ddblint-pch 999\n");
        p = dl_pch_new(f.stubs, f.cache);
        assert_non_null(for_file(p, "src/uses.cpp", NULL, 0));
        assert_int_equal(dl_pch_built(p), 1);
        dl_pch_free(p);
        unlink(man);
        p = dl_pch_new(f.stubs, f.cache);
        assert_non_null(for_file(p, "src/uses.cpp", NULL, 0));
        assert_int_equal(dl_pch_built(p), 1);
        dl_pch_free(p);
        free(pch);
        free(man);
        fx_free(&f);
}

struct worker {
        struct dl_pch *p;
        const char *got;
};

static void *work(void *arg)
{
        struct worker *w = arg;
        char *path = at("src/uses.cpp");
        const char *args[] = {"-std=c++17", "-DTHREADS=1"};
        w->got = dl_pch_for(w->p, path, args, 2, NULL);
        free(path);
        return NULL;
}

static void test_threads_share_one_build(void **state)
{
        (void)state;
        struct fx f = fx_get();
        struct dl_pch *p = dl_pch_new(f.stubs, f.cache);
        struct worker w[4];
        pthread_t t[4];
        for (int i = 0; i < 4; i++) {
                w[i] = (struct worker){p, NULL};
                assert_int_equal(pthread_create(&t[i], NULL, work, &w[i]), 0);
        }
        for (int i = 0; i < 4; i++)
                pthread_join(t[i], NULL);
        for (int i = 0; i < 4; i++) {
                assert_non_null(w[i].got);
                assert_string_equal(w[i].got, w[0].got);
        }
        assert_int_equal(dl_pch_built(p), 1);
        dl_pch_free(p);
        fx_free(&f);
}

static void test_temporary_store_is_removed(void **state)
{
        (void)state;
        char *stubs = at("stubs");
        char *tmp = at("tmp");
        mkdir(tmp, 0777);
        setenv("TMPDIR", tmp, 1);
        struct dl_pch *p = dl_pch_new(stubs, NULL);
        const char *got = for_file(p, "src/uses.cpp", NULL, 0);
        assert_non_null(got);
        assert_int_equal(strncmp(got, tmp, strlen(tmp)), 0);
        dl_pch_free(p);
        char *cmd = dl_xasprintf("test -z \"$(ls -A '%s')\"", tmp);
        assert_int_equal(system(cmd), 0);
        free(cmd);
        unsetenv("TMPDIR");
        free(tmp);
        free(stubs);
}

/* libclang refusing the AST file costs a plain parse, not the file. */
static void test_unreadable_pch_falls_back(void **state)
{
        (void)state;
        char *bad = at("bad.pch");
        overwrite(bad, "not an AST file");
        char *src = at("src/uses.cpp");
        char *stubs = at("stubs");
        const char *args[] = {"-xc++", "-std=c++17", "-include-pch", bad};
        struct dl_tu tu;
        assert_int_equal(dl_tu_parse(&tu, src, args, 4, stubs, NULL), DL_OK);
        assert_non_null(tu.tu);
        assert_int_equal(clang_getNumDiagnostics(tu.tu), 0);
        dl_tu_free(&tu);
        free(stubs);
        free(src);
        free(bad);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test_setup_teardown(test_used_once_per_flags, setup, teardown),
                cmocka_unit_test_setup_teardown(test_not_used_where_it_could_change_the_parse,
                                                setup, teardown),
                cmocka_unit_test_setup_teardown(test_rebuilt_when_stale_or_corrupt, setup,
                                                teardown),
                cmocka_unit_test_setup_teardown(test_threads_share_one_build, setup, teardown),
                cmocka_unit_test_setup_teardown(test_temporary_store_is_removed, setup, teardown),
                cmocka_unit_test_setup_teardown(test_unreadable_pch_falls_back, setup, teardown),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
