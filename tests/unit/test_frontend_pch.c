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
#include "core/file.h"
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

/* ---- preambles ---------------------------------------------------------------------- */

static void put_preamble_tree(void)
{
        put("pre/inc/lib.h", "#pragma once\nstruct Lib { int n; };\n");
        put("pre/inc/noguard.h", "struct NoGuard { int n; };\n"); /* no include guard */
        put("pre/src/local.h", "#ifndef LOCAL_H\n#define LOCAL_H\nint local_n(void);\n#endif\n");
        put("pre/src/own.h", "#pragma once\ninline int own_f() { return 1; }\n");
        put("pre/src/wraps_own.h", "#pragma once\n#include \"own.h\"\n");
        put("pre/src/broken.h", "this is not C;\n");
        put("pre/src/a.cpp", "// a comment first\n/* and a block\n   comment */\n"
                             "#include <lib.h>   // trailing comment\n"
                             "#include \"local.h\"\n#include <noguard.h>\n\n"
                             "int a() { NoGuard g{1}; Lib l{2}; return g.n + l.n + local_n(); }\n");
        put("pre/src/b.cpp", "#include <lib.h>\n#include \"local.h\"\n#include <noguard.h>\n"
                             "int b() { return NoGuard{3}.n; }\n");
        put("pre/src/define_first.cpp", "#define MODE 1\n#include <lib.h>\nint d;\n");
        put("pre/src/in_if.cpp", "#if 1\n#include <lib.h>\n#endif\nint i;\n");
        put("pre/src/own_second.cpp", "#include <lib.h>\n#include \"own.h\"\nint o() { return "
                                      "own_f(); }\n");
        put("pre/src/own_first.cpp", "#include \"own.h\"\n#include <lib.h>\n");
        put("pre/src/own_inside.cpp", "#include \"wraps_own.h\"\nint w() { return own_f(); }\n");
        put("pre/src/broken.cpp", "#include \"broken.h\"\nint x;\n");
        put("pre/src/c.c", "#include <lib.h>\n#include \"local.h\"\n"
                           "int c(void) { struct Lib l = {1}; return l.n + local_n(); }\n");
}

static bool preamble_of(struct dl_pch *p, const char *rel, const char *lang, const char *own_rel,
                        struct dl_pch_preamble *out)
{
        char *path = at(rel);
        char *inc = at("pre/inc");
        char *inc_arg = dl_xasprintf("-I%s", inc);
        char *own = own_rel ? at(own_rel) : NULL;
        bool c = strcmp(lang, "-xc") == 0;
        const char *args[] = {lang, c ? "-std=c11" : "-std=c++17", inc_arg};
        const char *owns[] = {own};
        bool got = dl_pch_preamble_for(p, path, args, 3, owns, own ? 1 : 0, out);
        free(own);
        free(inc_arg);
        free(inc);
        free(path);
        return got;
}

/* Parses rel with its preamble; asserts clang reports nothing. */
static void parse_with(const char *rel, const char *lang, struct dl_pch_preamble *pre,
                       bool *refused)
{
        char *path = at(rel);
        char *inc = at("pre/inc");
        char *inc_arg = dl_xasprintf("-I%s", inc);
        char *stubs = at("stubs");
        const char *args[] = {lang, strcmp(lang, "-xc") ? "-std=c++17" : "-std=c11", inc_arg,
                              "-include-pch", pre->pch};
        struct dl_tu_main m = {pre->blanked, pre->len, false};
        struct dl_tu tu;
        assert_int_equal(dl_tu_parse_main(&tu, path, args, 5, stubs, &m, NULL), DL_OK);
        for (unsigned i = 0; i < clang_getNumDiagnostics(tu.tu); i++) {
                CXDiagnostic d = clang_getDiagnostic(tu.tu, i);
                CXString s = clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions());
                fprintf(stderr, "clang: %s\n", clang_getCString(s));
                clang_disposeString(s);
                clang_disposeDiagnostic(d);
        }
        assert_int_equal(clang_getNumDiagnostics(tu.tu), 0);
        *refused = tu.pch_refused;
        dl_tu_free(&tu);
        free(stubs);
        free(inc_arg);
        free(inc);
        free(path);
}

static bool has_file(const struct dl_pch_preamble *pre, const char *tail)
{
        for (size_t i = 0; i < pre->n_files; i++) {
                size_t n = strlen(pre->files[i]), k = strlen(tail);
                if (n >= k && !strcmp(pre->files[i] + n - k, tail))
                        return true;
        }
        return false;
}

/* A store of f's stubs with preambles on (dl_pch_preambles): cache its
 * directory or NULL, max_bytes and min_text as dl_pch_preambles takes them. */
static struct dl_pch *preamble_store(const struct fx *f, const char *cache, uint64_t max_bytes,
                                     uint64_t min_text)
{
        struct dl_pch *p = dl_pch_new(f->stubs, cache);
        dl_pch_preambles(p, max_bytes, min_text);
        return p;
}

static void test_preamble_built_then_reused(void **state)
{
        (void)state;
        put_preamble_tree();
        struct fx f = fx_get();
        struct dl_pch *p = dl_pch_new(f.stubs, f.cache);
        struct dl_pch_preamble pre;
        /* off unless asked for */
        assert_false(preamble_of(p, "pre/src/a.cpp", "-xc++", NULL, &pre));
        dl_pch_preambles(p, 1u << 30, 0);
        assert_true(preamble_of(p, "pre/src/a.cpp", "-xc++", NULL, &pre));
        assert_int_equal(dl_pch_preambles_built(p), 1);
        /* the files it read, the include lines blanked, nothing else moved */
        assert_true(has_file(&pre, "/lib.h"));
        assert_true(has_file(&pre, "/local.h"));
        assert_true(has_file(&pre, "/noguard.h"));
        char *src = at("pre/src/a.cpp");
        char *text = NULL;
        size_t len = 0;
        struct dl_error err;
        dl_error_init(&err);
        assert_int_equal(dl_file_read(src, &text, &len, &err), DL_OK);
        dl_error_fini(&err);
        assert_int_equal(pre.len, len);
        assert_memory_equal(pre.source, text, len);
        assert_null(strstr(pre.blanked, "#include"));
        assert_non_null(strstr(pre.blanked, "/* and a block\n   comment */\n"));
        for (size_t i = 0; i < len; i++)
                assert_true(text[i] == pre.blanked[i] || pre.blanked[i] == ' ');
        free(text);
        free(src);
        /* the header without a guard is read once: no redefinition */
        bool refused = true;
        parse_with("pre/src/a.cpp", "-xc++", &pre, &refused);
        assert_false(refused);
        const char *first = pre.pch;
        dl_pch_preamble_fini(&pre);
        /* another file with the same includes shares it */
        assert_true(preamble_of(p, "pre/src/b.cpp", "-xc++", NULL, &pre));
        assert_string_equal(pre.pch, first);
        assert_int_equal(dl_pch_preambles_built(p), 1);
        dl_pch_preamble_fini(&pre);
        dl_pch_free(p);

        /* the next run builds nothing */
        p = preamble_store(&f, f.cache, 1u << 30, 0);
        assert_true(preamble_of(p, "pre/src/b.cpp", "-xc++", NULL, &pre));
        assert_int_equal(dl_pch_built(p), 0);
        parse_with("pre/src/b.cpp", "-xc++", &pre, &refused);
        assert_false(refused);
        dl_pch_preamble_fini(&pre);
        dl_pch_free(p);

        /* an edited header: rebuilt */
        bump("pre/inc/noguard.h");
        p = preamble_store(&f, f.cache, 1u << 30, 0);
        assert_true(preamble_of(p, "pre/src/b.cpp", "-xc++", NULL, &pre));
        assert_int_equal(dl_pch_preambles_built(p), 1);
        dl_pch_preamble_fini(&pre);
        dl_pch_free(p);

        /* C: its own AST file */
        p = preamble_store(&f, f.cache, 1u << 30, 0);
        assert_true(preamble_of(p, "pre/src/c.c", "-xc", NULL, &pre));
        assert_int_equal(dl_pch_preambles_built(p), 1);
        parse_with("pre/src/c.c", "-xc", &pre, &refused);
        assert_false(refused);
        dl_pch_preamble_fini(&pre);
        dl_pch_free(p);
        fx_free(&f);
}

static void test_preamble_not_used_where_it_could_change_the_parse(void **state)
{
        (void)state;
        put_preamble_tree();
        struct fx f = fx_get();
        struct dl_pch *p = preamble_store(&f, f.cache, 1u << 30, 0);
        struct dl_pch_preamble pre;
        /* a #define first, includes under #if: no preamble */
        assert_false(preamble_of(p, "pre/src/define_first.cpp", "-xc++", NULL, &pre));
        assert_false(preamble_of(p, "pre/src/in_if.cpp", "-xc++", NULL, &pre));
        /* an own header ends the preamble; first, there is none */
        assert_true(preamble_of(p, "pre/src/own_second.cpp", "-xc++", "pre/src/own.h", &pre));
        assert_non_null(strstr(pre.blanked, "#include \"own.h\""));
        assert_null(strstr(pre.blanked, "#include <lib.h>"));
        assert_false(has_file(&pre, "/own.h"));
        dl_pch_preamble_fini(&pre);
        assert_false(preamble_of(p, "pre/src/own_first.cpp", "-xc++", "pre/src/own.h", &pre));
        /* nor one read through another header */
        assert_false(preamble_of(p, "pre/src/own_inside.cpp", "-xc++", "pre/src/own.h", &pre));
        assert_true(preamble_of(p, "pre/src/own_inside.cpp", "-xc++", NULL, &pre));
        dl_pch_preamble_fini(&pre);
        /* a header with errors: not used, and not tried again by the next run */
        unsigned built = dl_pch_preambles_built(p);
        assert_false(preamble_of(p, "pre/src/broken.cpp", "-xc++", NULL, &pre));
        assert_int_equal(dl_pch_preambles_built(p), built + 1);
        /* Objective-C */
        assert_false(preamble_of(p, "pre/src/a.cpp", "-xobjective-c++", NULL, &pre));
        dl_pch_free(p);
        p = preamble_store(&f, f.cache, 1u << 30, 0);
        assert_false(preamble_of(p, "pre/src/broken.cpp", "-xc++", NULL, &pre));
        assert_int_equal(dl_pch_preambles_built(p), 0);
        dl_pch_free(p);
        /* too little text to pay: built once, then known */
        p = preamble_store(&f, f.cache, 1u << 30, 1u << 30);
        assert_false(preamble_of(p, "pre/src/a.cpp", "-xc++", NULL, &pre));
        assert_int_equal(dl_pch_preambles_built(p), 1);
        dl_pch_free(p);
        p = preamble_store(&f, f.cache, 1u << 30, 1u << 30);
        assert_false(preamble_of(p, "pre/src/a.cpp", "-xc++", NULL, &pre));
        assert_int_equal(dl_pch_preambles_built(p), 0);
        dl_pch_free(p);
        /* no cache directory of its own */
        p = preamble_store(&f, NULL, 1u << 30, 0);
        assert_false(preamble_of(p, "pre/src/a.cpp", "-xc++", NULL, &pre));
        dl_pch_free(p);
        fx_free(&f);
}

/* An AST file clang refuses, or one removed by another run's eviction,
 * costs a plain parse of the file from disk. */
static void test_preamble_unreadable_falls_back(void **state)
{
        (void)state;
        put_preamble_tree();
        struct fx f = fx_get();
        struct dl_pch *p = preamble_store(&f, f.cache, 1u << 30, 0);
        struct dl_pch_preamble pre;
        assert_true(preamble_of(p, "pre/src/a.cpp", "-xc++", NULL, &pre));
        overwrite(pre.pch, "not an AST file");
        bool refused = false;
        parse_with("pre/src/a.cpp", "-xc++", &pre, &refused);
        assert_true(refused);
        unlink(pre.pch);
        refused = false;
        parse_with("pre/src/a.cpp", "-xc++", &pre, &refused);
        assert_true(refused);
        dl_pch_preamble_fini(&pre);
        dl_pch_free(p);
        fx_free(&f);
}

/* The bound: least recently used preambles go. */
static void test_preamble_bound(void **state)
{
        (void)state;
        put_preamble_tree();
        struct fx f = fx_get();
        struct dl_pch *p = preamble_store(&f, f.cache, 1, 0);
        struct dl_pch_preamble pre;
        assert_true(preamble_of(p, "pre/src/a.cpp", "-xc++", NULL, &pre));
        dl_pch_preamble_fini(&pre);
        assert_true(preamble_of(p, "pre/src/c.c", "-xc", NULL, &pre));
        dl_pch_preamble_fini(&pre);
        assert_int_equal(dl_pch_preambles_built(p), 2);
        dl_pch_free(p);
        char *cmd = dl_xasprintf("test -z \"$(ls -d '%s'/pch-1/pre-* 2>/dev/null)\"", f.cache);
        assert_int_equal(system(cmd), 0);
        free(cmd);
        fx_free(&f);
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
                cmocka_unit_test_setup_teardown(test_preamble_built_then_reused, setup, teardown),
                cmocka_unit_test_setup_teardown(
                        test_preamble_not_used_where_it_could_change_the_parse, setup, teardown),
                cmocka_unit_test_setup_teardown(test_preamble_unreadable_falls_back, setup,
                                                teardown),
                cmocka_unit_test_setup_teardown(test_preamble_bound, setup, teardown),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
