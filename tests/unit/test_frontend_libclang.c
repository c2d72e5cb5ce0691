/* test_frontend_libclang.c - libclang loaded on first use
 * (src/frontend/libclang.h): where it parses. Loading sets
 * LIBCLANG_NOTHREADS, so that libclang parses on the calling thread instead
 * of a thread of its own per parse (clang's CIndex.cpp, RunSafely), unless
 * the user set it or the stack cannot grow to the 8 MiB libclang's thread
 * would have had. Each case runs in a child process: the environment and
 * the stack limit are the process's.
 * SPDX-License-Identifier: MIT
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "frontend/libclang.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* Loads libclang and writes what LIBCLANG_NOTHREADS then holds ("-" when
 * unset) as one line on fd. */
static void child(int fd)
{
        const char *why = NULL;
        if (!dl_libclang_load(&why)) {
                dprintf(fd, "load failed: %s\n", why ? why : "?");
                _exit(0);
        }
        const char *v = getenv("LIBCLANG_NOTHREADS");
        dprintf(fd, "%s\n", v ? v : "-");
        _exit(0);
}

/* Runs child() in a process prepared by prep; returns its line. */
static char *run(void (*prep)(void))
{
        int p[2];
        assert_int_equal(pipe(p), 0);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                close(p[0]);
                if (prep)
                        prep();
                child(p[1]);
        }
        close(p[1]);
        static char line[256];
        ssize_t n = read(p[0], line, sizeof line - 1);
        close(p[0]);
        int status = 0;
        waitpid(pid, &status, 0);
        assert_true(WIFEXITED(status));
        line[n > 0 ? n : 0] = '\0';
        return line;
}

static void unset(void)
{
        unsetenv("LIBCLANG_NOTHREADS");
}

static void user_set(void)
{
        setenv("LIBCLANG_NOTHREADS", "mine", 1);
}

static void small_hard_limit(void)
{
        unsetenv("LIBCLANG_NOTHREADS");
        struct rlimit rl = {1 << 20, 1 << 20};
        if (setrlimit(RLIMIT_STACK, &rl) != 0)
                _exit(3);
}

static void small_soft_limit(void)
{
        unsetenv("LIBCLANG_NOTHREADS");
        struct rlimit rl;
        if (getrlimit(RLIMIT_STACK, &rl) != 0)
                _exit(3);
        rl.rlim_cur = 1 << 20;
        if (setrlimit(RLIMIT_STACK, &rl) != 0)
                _exit(3);
}

/* An AddressSanitizer build leaves the variable alone (libclang.c says
 * why): what loading sets there is nothing. */
#if defined(__SANITIZE_ADDRESS__)
#define SET "-\n"
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SET "-\n"
#endif
#endif
#ifndef SET
#define SET "1\n"
#endif

static void set_on_load(void **state)
{
        (void)state;
        assert_string_equal(run(unset), SET);
}

static void user_value_kept(void **state)
{
        (void)state;
        assert_string_equal(run(user_set), "mine\n");
}

static void not_set_when_the_stack_cannot_grow(void **state)
{
        (void)state;
        assert_string_equal(run(small_hard_limit), "-\n");
}

static void soft_limit_raised(void **state)
{
        (void)state;
        struct rlimit rl;
        assert_int_equal(getrlimit(RLIMIT_STACK, &rl), 0);
        if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < ((rlim_t)8 << 20))
                skip();
        assert_string_equal(run(small_soft_limit), SET);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(set_on_load),
                cmocka_unit_test(user_value_kept),
                cmocka_unit_test(not_set_when_the_stack_cannot_grow),
                cmocka_unit_test(soft_limit_raised),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
