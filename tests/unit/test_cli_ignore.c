/* test_cli_ignore.c - gitignore-style pattern lists (cli/ignore.h), git's
 * ignore rules (cli/git.h), and the progress line's decision (cli/progress.h).
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cli/git.h"
#include "cli/ignore.h"
#include "cli/progress.h"
#include "core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static void test_pattern_list(void **state)
{
        struct dl_ignore_list l = {0};
        dl_ignore_add(&l, "# a comment", "/p");
        dl_ignore_add(&l, "", "/p");
        assert_int_equal(l.n, 0);
        dl_ignore_add(&l, "build/", "/p");       /* directories named build, anywhere */
        dl_ignore_add(&l, "*.log", "/p");        /* any depth */
        dl_ignore_add(&l, "/top.cpp", "/p");     /* anchored */
        dl_ignore_add(&l, "src/gen/*.cpp", "/p");
        dl_ignore_add(&l, "!src/gen/keep.cpp", "/p");
        assert_int_equal(dl_ignore_match(&l, "/p/a/build", true), 1);
        assert_int_equal(dl_ignore_match(&l, "/p/a/build", false), -1); /* a file named build */
        assert_int_equal(dl_ignore_match(&l, "/p/x/y/z.log", false), 1);
        assert_int_equal(dl_ignore_match(&l, "/p/top.cpp", false), 1);
        assert_int_equal(dl_ignore_match(&l, "/p/src/top.cpp", false), -1);
        assert_int_equal(dl_ignore_match(&l, "/p/src/gen/a.cpp", false), 1);
        assert_int_equal(dl_ignore_match(&l, "/p/src/gen/keep.cpp", false), 0);
        assert_int_equal(dl_ignore_match(&l, "/other/z.log", false), -1); /* outside the base */
        /* a named file inside an ignored directory */
        assert_true(dl_ignore_match_within(&l, "/p/a/build/x.cpp", false));
        assert_false(dl_ignore_match_within(&l, "/p/a/src/x.cpp", false));
        dl_ignore_list_fini(&l);
}

static void write_file(const char *path, const char *text)
{
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs(text, f);
        fclose(f);
}

static void test_gitignore_files(void **state)
{
        char dir[] = "/tmp/dl-gitignore-XXXXXX";
        assert_non_null(mkdtemp(dir));
        char *p = dl_xasprintf("git init -q '%s'", dir);
        assert_int_equal(system(p), 0);
        free(p);
        p = dl_xasprintf("%s/sub", dir);
        assert_int_equal(mkdir(p, 0755), 0);
        free(p);
        p = dl_xasprintf("%s/.gitignore", dir);
        write_file(p, "gen/\n*.tmp.cpp\n");
        free(p);
        p = dl_xasprintf("%s/sub/.gitignore", dir);
        write_file(p, "!keep.tmp.cpp\nlocal.cpp\n");
        free(p);
        struct dl_gitignore *g = dl_gitignore_new();
        char *a = dl_xasprintf("%s/gen", dir), *b = dl_xasprintf("%s/x.tmp.cpp", dir);
        char *c = dl_xasprintf("%s/sub/keep.tmp.cpp", dir), *d = dl_xasprintf("%s/sub/local.cpp", dir);
        char *e = dl_xasprintf("%s/local.cpp", dir), *f = dl_xasprintf("%s/sub/y.tmp.cpp", dir);
        assert_true(dl_gitignore_ignored(g, a, true));
        assert_true(dl_gitignore_ignored(g, b, false));
        assert_false(dl_gitignore_ignored(g, c, false)); /* the deeper file re-includes */
        assert_true(dl_gitignore_ignored(g, d, false));
        assert_false(dl_gitignore_ignored(g, e, false)); /* sub's rule stays in sub */
        assert_true(dl_gitignore_ignored(g, f, false));
        assert_false(dl_gitignore_ignored(g, "/etc/passwd", false)); /* no work tree */
        free(a), free(b), free(c), free(d), free(e), free(f);
        dl_gitignore_free(g);
        /* $GIT_DIR/info/exclude and core.excludesFile (below the top's
           .gitignore: its negation wins) */
        p = dl_xasprintf("%s/.git/info/exclude", dir);
        write_file(p, "excluded.cpp\nagain.cpp\n");
        free(p);
        p = dl_xasprintf("%s/.gitignore", dir);
        write_file(p, "gen/\n*.tmp.cpp\n!again.cpp\n");
        free(p);
        p = dl_xasprintf("%s/global-ignore", dir);
        write_file(p, "global.cpp\n");
        free(p);
        p = dl_xasprintf("git -C '%s' config core.excludesFile '%s/global-ignore'", dir, dir);
        assert_int_equal(system(p), 0);
        free(p);
        g = dl_gitignore_new();
        a = dl_xasprintf("%s/excluded.cpp", dir), b = dl_xasprintf("%s/sub/global.cpp", dir);
        c = dl_xasprintf("%s/again.cpp", dir);
        assert_true(dl_gitignore_ignored(g, a, false));
        assert_true(dl_gitignore_ignored(g, b, false));
        assert_false(dl_gitignore_ignored(g, c, false));
        free(a), free(b), free(c);
        dl_gitignore_free(g);
        /* a .git that is no repository: no ignore rules */
        p = dl_xasprintf("%s/sub/inner", dir);
        assert_int_equal(mkdir(p, 0755), 0);
        free(p);
        p = dl_xasprintf("%s/sub/inner/.git", dir);
        assert_int_equal(mkdir(p, 0755), 0);
        free(p);
        g = dl_gitignore_new();
        a = dl_xasprintf("%s/sub/inner/x.tmp.cpp", dir);
        assert_false(dl_gitignore_ignored(g, a, false));
        free(a);
        dl_gitignore_free(g);
        char *cmd = dl_xasprintf("rm -rf '%s'", dir);
        assert_int_equal(system(cmd), 0);
        free(cmd);
}

static void test_progress_only_on_a_terminal(void **state)
{
        assert_true(dl_progress_wanted(true, false, "xterm", 10));
        assert_false(dl_progress_wanted(false, false, "xterm", 10)); /* a pipe or a file */
        assert_false(dl_progress_wanted(true, true, "xterm", 10));   /* --quiet */
        assert_false(dl_progress_wanted(true, false, "dumb", 10));
        assert_false(dl_progress_wanted(true, false, NULL, 1));      /* one file */
        assert_true(dl_progress_wanted(true, false, NULL, 2));
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_pattern_list),
                cmocka_unit_test(test_gitignore_files),
                cmocka_unit_test(test_progress_only_on_a_terminal),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
