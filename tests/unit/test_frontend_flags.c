/* test_frontend_flags.c - the allow-list of compile flags from the tree
 * (frontend/flags.h): each flag docs/security.md names, kept or dropped,
 * in its separate and its joined spelling.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/path.h"
#include "core/strbuf.h"
#include "frontend/flags.h"
#include "tmptree.h"

#include <unistd.h>

static struct tmptree inside, outside;
static char *in_h, *out_h, *link_h;

static int setup(void **state)
{
        (void)state;
        if (!tmptree_make(&inside, "dl-flags-root") || !tmptree_make(&outside, "dl-flags-out"))
                return -1;
        tmptree_put(&inside, "in.h", "int in;\n");
        tmptree_put(&outside, "words", "root x 0\n");
        in_h = tmptree_at(&inside, "in.h");
        out_h = tmptree_at(&outside, "words");
        link_h = tmptree_at(&inside, "x.h");
        return symlink(out_h, link_h);
}

static int teardown(void **state)
{
        (void)state;
        tmptree_remove(&inside);
        tmptree_remove(&outside);
        free(in_h);
        free(out_h);
        free(link_h);
        return 0;
}

/* The flags of in (NULL-ended) that pass, joined by '|', and what was
 * dropped as "text=why|...", into kept and dropped (heap). */
static void filter(const char *const *in, char **kept, char **dropped)
{
        size_t n = 0;
        while (in[n])
                n++;
        char **argv = dl_xcalloc(n + 1, sizeof *argv);
        for (size_t i = 0; i < n; i++)
                argv[i] = dl_xstrdup(in[i]);
        struct dl_flag_drop *drops = NULL;
        size_t n_drops = 0;
        size_t k = dl_flags_filter(argv, &n, inside.root, &drops, &n_drops);
        assert_int_equal(k, n_drops);
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        for (size_t i = 0; i < n; i++)
                dl_strbuf_printf(&sb, "%s%s", i ? "|" : "", argv[i]);
        *kept = dl_strbuf_take(&sb);
        for (size_t i = 0; i < n_drops; i++)
                dl_strbuf_printf(&sb, "%s%s=%s", i ? "|" : "", drops[i].text,
                                 dl_flags_why(drops[i].why));
        *dropped = dl_strbuf_take(&sb);
        dl_strbuf_fini(&sb);
        for (size_t i = 0; i < n; i++)
                free(argv[i]);
        free(argv);
        dl_flags_drops_free(drops, n_drops);
}

/* Asserts that every argument of in passes, in order. */
#define KEPT(...)                                                                                  \
        do {                                                                                       \
                const char *const in_[] = {__VA_ARGS__, NULL};                                     \
                char *k_, *d_;                                                                     \
                filter(in_, &k_, &d_);                                                             \
                struct dl_strbuf all_;                                                             \
                dl_strbuf_init(&all_);                                                             \
                for (size_t i_ = 0; in_[i_]; i_++)                                                 \
                        dl_strbuf_printf(&all_, "%s%s", i_ ? "|" : "", in_[i_]);                   \
                char *want_ = dl_strbuf_take(&all_);                                               \
                dl_strbuf_fini(&all_);                                                             \
                assert_string_equal(k_, want_);                                                    \
                assert_string_equal(d_, "");                                                       \
                free(want_);                                                                       \
                free(k_);                                                                          \
                free(d_);                                                                          \
        } while (0)

/* Asserts that in leaves nothing and drops exactly want ("text=why|..."). */
#define DROPPED(want, ...)                                                                         \
        do {                                                                                       \
                const char *const in_[] = {__VA_ARGS__, NULL};                                     \
                char *k_, *d_;                                                                     \
                filter(in_, &k_, &d_);                                                             \
                assert_string_equal(k_, "");                                                       \
                assert_string_equal(d_, want);                                                     \
                free(k_);                                                                          \
                free(d_);                                                                          \
        } while (0)

#define W "writes a file"
#define L "loads or runs code"
#define P "passes other flags on unchecked"
#define R "reads a file by name"
#define O "a file outside the project root"
#define N "not a flag that only changes the parse"

static void test_parse_flags_kept(void **state)
{
        (void)state;
        KEPT("-I/usr/include/x", "-I", "/opt/sdk/include", "-Irel");
        KEPT("-isystem/opt/sdk", "-isystem", "/opt/sdk", "-iquote/q", "-iquote", "/q");
        KEPT("-idirafter/d", "-idirafter", "/d", "-iprefix/p", "-iwithprefix", "x");
        KEPT("-DNDEBUG", "-D", "X=1", "-D'Y(a)=a'", "-UZ", "-U", "Z");
        KEPT("-xc++", "-x", "c", "--language=c", "--language", "c++");
        KEPT("-std=c++17", "--std=c11", "--std", "gnu11", "-ansi");
        KEPT("--target=aarch64-linux-gnu", "-target", "x86_64-linux-gnu", "-arch", "arm64");
        KEPT("--sysroot=/s", "--sysroot", "/s", "-isysroot/s", "-isysroot", "/s");
        KEPT("-Wall", "-Wextra", "-Wno-unused-parameter", "-Werror=format-security", "-W");
        KEPT("-fno-exceptions", "-fPIC", "-fvisibility=hidden", "-fms-extensions", "-fopenmp");
        KEPT("-fsanitize=address", "-fdiagnostics-color=always", "-ftemplate-depth=900");
        KEPT("-march=native", "-m64", "-mavx2", "-mtune=generic", "-mno-red-zone");
        KEPT("-O2", "-Os", "-O", "-g", "-g3", "-ggdb", "-gdwarf-4");
        KEPT("-pthread", "-pipe", "-nostdinc", "-nostdinc++", "-w", "-pedantic", "-undef");
        KEPT("-stdlib=libc++", "--gcc-toolchain=/opt/gcc", "-F/fw", "-iframework", "/fw");
        KEPT("-fsyntax-only", "-ferror-limit=0");
}

static void test_writers_dropped(void **state)
{
        (void)state;
        DROPPED("-MF /v=" W, "-MF", "/v");
        DROPPED("-MF/v=" W, "-MF/v");
        DROPPED("-MT x=" W "|-MTx=" W "|-MQ x=" W "|-MQx=" W, "-MT", "x", "-MTx", "-MQ", "x",
                "-MQx");
        DROPPED("-MD=" W "|-MMD=" W "|-M=" W "|-MM=" W "|-MG=" W "|-MP=" W "|-MV=" W, "-MD", "-MMD",
                "-M", "-MM", "-MG", "-MP", "-MV");
        DROPPED("-MJ /v=" W "|-MJ/v=" W, "-MJ", "/v", "-MJ/v");
        DROPPED("-o /v=" W "|-o/v=" W "|-c=" N, "-o", "/v", "-o/v", "-c");
        DROPPED("-header-include-file /v=" W "|-header-include-format=json=" W,
                "-header-include-file", "/v", "-header-include-format=json");
        DROPPED("-module-dependency-dir /v=" W "|-module-file-info=" W, "-module-dependency-dir",
                "/v", "-module-file-info");
        DROPPED("-fmodules=" W "|-fmodules-cache-path=/v=" W "|-fmodule-map-file=/v=" W
                "|-fmodule-file=/v=" W "|-fimplicit-module-maps=" W,
                "-fmodules", "-fmodules-cache-path=/v", "-fmodule-map-file=/v", "-fmodule-file=/v",
                "-fimplicit-module-maps");
        DROPPED("-serialize-diagnostics /v=" W "|--serialize-diagnostics /v=" W,
                "-serialize-diagnostics", "/v", "--serialize-diagnostics", "/v");
        DROPPED("-fcrash-diagnostics-dir=/v=" W "|-fcrash-diagnostics=all=" W,
                "-fcrash-diagnostics-dir=/v", "-fcrash-diagnostics=all");
        DROPPED("-save-temps=" W "|-save-temps=obj=" W "|--save-temps=" W, "-save-temps",
                "-save-temps=obj", "--save-temps");
        DROPPED("-ftime-trace=" W "|-ftime-trace=/v=" W "|-ftime-trace-granularity=1=" W,
                "-ftime-trace", "-ftime-trace=/v", "-ftime-trace-granularity=1");
        DROPPED("-fprofile-generate=/v=" W "|-fprofile-instr-generate=" W "|-fprofile-arcs=" W
                "|-fprofile-use=/v=" R "|-fprofile-list=/v=" R,
                "-fprofile-generate=/v", "-fprofile-instr-generate", "-fprofile-arcs",
                "-fprofile-use=/v", "-fprofile-list=/v");
        DROPPED("--coverage=" W "|-ftest-coverage=" W, "--coverage", "-ftest-coverage");
}

static void test_loaders_dropped(void **state)
{
        (void)state;
        DROPPED("-fplugin=/x.so=" L "|-fplugin-arg-x-y=" L "|-fpass-plugin=/x.so=" L,
                "-fplugin=/x.so", "-fplugin-arg-x-y", "-fpass-plugin=/x.so");
        DROPPED("-load /x.so=" L "|-add-plugin x=" L "|-plugin x=" L "|-plugin-arg-x y=" L, "-load",
                "/x.so", "-add-plugin", "x", "-plugin", "x", "-plugin-arg-x", "y");
        DROPPED("-Xclang -load=" P "|/x.so=" N, "-Xclang", "-load", "/x.so");
        DROPPED("-Xclang -load=" P "|-Xclang /x.so=" P, "-Xclang", "-load", "-Xclang", "/x.so");
        DROPPED("-Xpreprocessor -MD=" P "|-mllvm -x=" P, "-Xpreprocessor", "-MD", "-mllvm", "-x");
        DROPPED("-Wp,-MD,/v=" P "|-Wp,-MF,/v=" P "|-Wl,-rpath,/v=" P "|-Wa,-o,/v=" P, "-Wp,-MD,/v",
                "-Wp,-MF,/v", "-Wl,-rpath,/v", "-Wa,-o,/v");
        DROPPED("-B/bin=" L "|-B /bin=" L, "-B/bin", "-B", "/bin");
}

static void test_readers_dropped(void **state)
{
        (void)state;
        DROPPED("@/v.rsp=" R "|@rel.rsp=" R, "@/v.rsp", "@rel.rsp");
        DROPPED("-ivfsoverlay /v=" R "|--config /v=" R "|--config=/v=" R, "-ivfsoverlay", "/v",
                "--config", "/v", "--config=/v");
        DROPPED("-fsanitize-ignorelist=/v=" N "|-fbogus-file=/v=" N "|-mlink-bitcode-file=/v=" N,
                "-fsanitize-ignorelist=/v", "-fbogus-file=/v", "-mlink-bitcode-file=/v");
        DROPPED("loose.c=" N "|-working-directory /=" N "|--bogus=" N, "loose.c",
                "-working-directory", "/", "--bogus");
        /* a flag whose value is missing: clang would refuse it */
        DROPPED("-I=" N, "-I");
        DROPPED("-MF=" N, "-MF");
}

/* A spelling that starts like a kept family (-g, -m, --include) but is
 * another option: judged as itself, its separate value taken with it. */
static void test_families_spelled_out(void **state)
{
        (void)state;
        /* clang writes a compilation database fragment into the directory */
        DROPPED("-gen-cdb-fragment-path -DX/../../o=" W "|-gen-reproducer=" W,
                "-gen-cdb-fragment-path", "-DX/../../o", "-gen-reproducer");
        KEPT("-g0", "-g1", "-g2", "-ggdb3", "-gdwarf-5", "-gline-tables-only", "-gz=zlib");
        KEPT("-gno-column-info", "-gcolumn-info", "-gstrict-dwarf", "-grecord-gcc-switches");
        DROPPED("-gmodules=" N "|-gsplit-dwarf=single=" N, "-gmodules", "-gsplit-dwarf=single");
        /* -m options of separate arity: their value is no flag */
        KEPT("-mthread-model", "posix", "-meabi", "gnu");
        KEPT("--driver-mode=g++", "--driver-mode=gcc");
        DROPPED("--driver-mode=cl=" N, "--driver-mode=cl");
        /* the include search spelled long, not --include of a file */
        KEPT("--include-directory=/d", "--include-directory", "/d", "--include-prefix=/p");
        KEPT("--include-directory-after=/d", "--include-directory-after", "/d");
        DROPPED("--include-with-prefix-after=x=" N, "--include-with-prefix-after=x");
        /* a response file compdb_json.c refused: named as the tree spelled it */
        DROPPED("@/etc/x=" R, DL_FLAGS_REFUSED "@/etc/x");
}

/* dl_flags_absolute: relative path values against the flags' directory,
 * by the filter's own rules and arities. */
static void test_absolute(void **state)
{
        (void)state;
        const char *const in[] = {"-Irel",        "-I",       "rel",    "-include",
                                  "f.h",          "-Xclang",  "-Irel",  "--sysroot=s",
                                  "-I=/x",        "-DX=rel",  "-I/abs", "-gen-cdb-fragment-path",
                                  "-Irel",        "-isystem", "sys",    "--include-directory=inc",
                                  "-include-pch", "p.pch"};
        const char *const want[] = {
                "-I/d/rel",     "-I",       "/d/rel", "-include",
                "/d/f.h",       "-Xclang",  "-Irel",  "--sysroot=/d/s",
                "-I=/x",        "-DX=rel",  "-I/abs", "-gen-cdb-fragment-path",
                "-Irel",        "-isystem", "/d/sys", "--include-directory=/d/inc",
                "-include-pch", "/d/p.pch"};
        size_t n = sizeof in / sizeof *in;
        char **argv = dl_xcalloc(n, sizeof *argv);
        for (size_t i = 0; i < n; i++)
                argv[i] = dl_xstrdup(in[i]);
        dl_flags_absolute(argv, n, "/d");
        for (size_t i = 0; i < n; i++) {
                assert_string_equal(argv[i], want[i]);
                free(argv[i]);
        }
        free(argv);
}

static void test_included_files_bounded(void **state)
{
        (void)state;
        KEPT("-include", in_h, "-imacros", in_h, "-include-pch", in_h);
        char *joined = dl_xasprintf("-include%s", in_h);
        KEPT(joined);
        free(joined);
        char *want = dl_xasprintf("-include %s=" O "|-include%s=" O "|-imacros %s=" O
                                  "|-imacros%s=" O "|-include-pch %s=" O,
                                  out_h, out_h, out_h, out_h, out_h);
        char *j1 = dl_xasprintf("-include%s", out_h), *j2 = dl_xasprintf("-imacros%s", out_h);
        DROPPED(want, "-include", out_h, j1, "-imacros", out_h, j2, "-include-pch", out_h);
        free(want);
        free(j1);
        free(j2);
        /* by its real path: a link inside the root to a file outside */
        want = dl_xasprintf("-include %s=" O, link_h);
        DROPPED(want, "-include", link_h);
        free(want);
        /* a file that does not exist is not known to be inside */
        DROPPED("-include /nonexistent/x.h=" O, "-include", "/nonexistent/x.h");
        /* include directories stay wherever they are */
        KEPT("-I", outside.root, "-isystem", outside.root);
}

static void test_order_and_values(void **state)
{
        (void)state;
        const char *const in[] = {"-DA", "-MF", "/v", "-I", "/i", "-Xclang", "-I/x", "-DB", NULL};
        char *k, *d;
        filter(in, &k, &d);
        /* a separate value goes with its flag, never judged on its own */
        assert_string_equal(k, "-DA|-I|/i|-DB");
        assert_string_equal(d, "-MF /v=" W "|-Xclang -I/x=" P);
        free(k);
        free(d);
}

static void test_note(void **state)
{
        (void)state;
        struct dl_flag_drop drops[] = {
                {(char *)"-MF /v", DL_FLAG_WRITES, true},
                {(char *)"-Wp,-MD,/v", DL_FLAG_PASSES, false},
                {(char *)"-Wp,-MD,/v", DL_FLAG_PASSES, false},
                {(char *)"-c", DL_FLAG_NOT_ALLOWED, true},
                {(char *)"-D\nx.c:1:1: error: y", DL_FLAG_NOT_ALLOWED, false},
        };
        char *note = dl_flags_note(drops, 5, "compile_flags.txt", false);
        assert_string_equal(note, "compile flags from compile_flags.txt dropped: '-MF /v' "
                                  "(writes a file), '-Wp,-MD,/v' (passes other flags on "
                                  "unchecked), '-c' (not a flag that only changes the parse), "
                                  "'-D\\x0ax.c:1:1: error: y' (not a flag that only changes the "
                                  "parse)");
        free(note);
        /* compile_commands.json: the build's own outputs unsaid */
        note = dl_flags_note(drops, 3, "compile_commands.json", true);
        assert_string_equal(note, "compile flags from compile_commands.json dropped: "
                                  "'-Wp,-MD,/v' (passes other flags on unchecked)");
        free(note);
        assert_null(dl_flags_note(drops, 1, "compile_commands.json", true));
        assert_null(dl_flags_note(NULL, 0, "compile_flags.txt", false));
}

/* The one test of "inside the project root" (core/path.h) every boundary
 * uses: the flags, the walk, clang's messages, tables-from. */
static void test_path_under(void **state)
{
        (void)state;
        assert_true(dl_path_under("/w/p", "/w/p"));
        assert_true(dl_path_under("/w/p/a.h", "/w/p"));
        assert_true(dl_path_under("/w/p/a.h", "/w/p/"));
        assert_false(dl_path_under("/w/pa.h", "/w/p"));
        assert_false(dl_path_under("/w", "/w/p"));
        assert_true(dl_path_under("/etc/passwd", "/"));
        assert_true(dl_path_real_under(in_h, inside.root));
        assert_false(dl_path_real_under(out_h, inside.root));
        assert_false(dl_path_real_under(link_h, inside.root)); /* by its real path */
        assert_false(dl_path_real_under("/nonexistent/x", "/"));
        assert_false(dl_path_real_under(in_h, NULL));
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_parse_flags_kept),
                cmocka_unit_test(test_writers_dropped),
                cmocka_unit_test(test_loaders_dropped),
                cmocka_unit_test(test_readers_dropped),
                cmocka_unit_test(test_families_spelled_out),
                cmocka_unit_test(test_absolute),
                cmocka_unit_test(test_included_files_bounded),
                cmocka_unit_test(test_order_and_values),
                cmocka_unit_test(test_note),
                cmocka_unit_test(test_path_under),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
