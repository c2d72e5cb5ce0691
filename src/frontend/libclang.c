/* libclang.c - libclang loaded on first use (libclang.h).
 * SPDX-License-Identifier: MIT
 *
 * Each function of libclang.def is defined here with the prototype of
 * clang-c/Index.h (included, so a prototype that differs does not compile)
 * and forwards to the library's own function, resolved by dlsym when the
 * library is loaded. Call sites are unchanged: they call clang_* as if
 * libclang were linked.
 */
#define _GNU_SOURCE /* dlinfo, RTLD_DI_LINKMAP */
#include "libclang.h"

#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>
#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* The library CMake found, resolved to its real file at configure time,
 * and its soname (src/CMakeLists.txt). */
#ifndef DL_LIBCLANG_PATH
#define DL_LIBCLANG_PATH ""
#endif
#ifndef DL_LIBCLANG_SONAME
#define DL_LIBCLANG_SONAME "libclang.so"
#endif

/* The loaded library. Process-wide by nature (a library is loaded once per
 * process, and the clang_* functions have no context argument to carry
 * it): written once under pthread_once, read-only afterwards; `ok` is
 * stored with release and read with acquire ordering, so a thread that
 * sees it set sees the pointers too. */
static struct {
        pthread_once_t once;
        int ok;
        void *handle;
        char path[PATH_MAX];
        char why[2 * PATH_MAX];
#define DL_CLANG_FN(type, name, params, args) __typeof__(name) *name;
#define DL_CLANG_VOID(name, params, args) __typeof__(name) *name;
#include "libclang.def"
#undef DL_CLANG_FN
#undef DL_CLANG_VOID
} lib = {.once = PTHREAD_ONCE_INIT};

/* dlopen with the first name that loads; lib.why says why none did. */
static void *open_library(void)
{
        const char *names[] = {DL_LIBCLANG_PATH, DL_LIBCLANG_SONAME};
        size_t at = (size_t)snprintf(lib.why, sizeof lib.why, "cannot load libclang:");
        for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
                if (!*names[i] || (i > 0 && strcmp(names[i], names[0]) == 0))
                        continue;
                void *h = dlopen(names[i], RTLD_LAZY | RTLD_LOCAL);
                if (h)
                        return h;
                const char *e = dlerror();
                if (at < sizeof lib.why)
                        at += (size_t)snprintf(lib.why + at, sizeof lib.why - at, "%s %s",
                                               i > 0 ? ";" : "", e ? e : names[i]);
        }
        return NULL;
}

/* Whether this is an AddressSanitizer build (GCC: __SANITIZE_ADDRESS__;
 * clang: __has_feature). */
#if defined(__SANITIZE_ADDRESS__)
#define DL_LIBCLANG_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DL_LIBCLANG_ASAN 1
#endif
#endif
#ifndef DL_LIBCLANG_ASAN
#define DL_LIBCLANG_ASAN 0
#endif

/* The stack libclang gives the thread it parses on (clang's
 * DesiredStackSize, clang/Basic/Stack.h: 8 MiB). */
#define CLANG_PARSE_STACK ((rlim_t)8 << 20)

/* libclang runs each parse (clang_parseTranslationUnit2, reparse, save,
 * code completion) on a thread it creates for the call, with an 8 MiB
 * stack, unless the environment holds LIBCLANG_NOTHREADS: then on the
 * calling thread, under the same crash recovery (CIndex.cpp, RunSafely).
 * ddblint calls libclang from one thread per process (its -j workers are
 * processes, jobs.c), so that thread only costs: its creation, the
 * mapping of its stack and its page faults for each file, and on two
 * cores the cache of the other one (docs/performance.md: -j 1 used 9%
 * less CPU without it). Set here, before the library is loaded, unless
 * the user set it, only on the main thread and only when that thread's
 * stack may grow as far (RLIMIT_STACK, raised to 8 MiB when the hard
 * limit allows). */
static void parse_on_calling_thread(void)
{
#if DL_LIBCLANG_ASAN
        /* Not under AddressSanitizer: at exit, LeakSanitizer walks each
         * thread's dynamic TLS, and with GCC 12's runtime on glibc 2.36 it
         * records a bogus block for the main thread once libclang's (a
         * dlopen'ed library's) TLS lives there, and crashes ("Tracer caught
         * signal 11", seen in the fixture runner). libclang's own thread
         * takes that TLS away with it. */
        return;
#endif
        if (getenv("LIBCLANG_NOTHREADS") || gettid() != getpid())
                return;
        struct rlimit rl;
        if (getrlimit(RLIMIT_STACK, &rl) != 0)
                return;
        if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < CLANG_PARSE_STACK) {
                if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < CLANG_PARSE_STACK)
                        return;
                rl.rlim_cur = CLANG_PARSE_STACK;
                if (setrlimit(RLIMIT_STACK, &rl) != 0)
                        return;
        }
        setenv("LIBCLANG_NOTHREADS", "1", 0);
}

static void load(void)
{
        parse_on_calling_thread();
        void *h = open_library();
        if (!h)
                return;
        const char *missing = NULL;
        void *sym;
#define DL_CLANG_FN(type, name, params, args)                                                      \
        sym = dlsym(h, #name);                                                                     \
        if (!sym && !missing)                                                                      \
                missing = #name;                                                                   \
        lib.name = (__typeof__(lib.name))sym;
#define DL_CLANG_VOID(name, params, args) DL_CLANG_FN(void, name, params, args)
#include "libclang.def"
#undef DL_CLANG_FN
#undef DL_CLANG_VOID
        struct link_map *map = NULL;
        const char *name = DL_LIBCLANG_PATH;
        if (dlinfo(h, RTLD_DI_LINKMAP, &map) == 0 && map && map->l_name && *map->l_name)
                name = map->l_name;
        if (!realpath(name, lib.path))
                snprintf(lib.path, sizeof lib.path, "%s", name);
        if (missing) {
                snprintf(lib.why, sizeof lib.why,
                         "cannot load libclang: %s has no function %s (a libclang older than "
                         "the clang-c headers ddblint was built with?)",
                         lib.path, missing);
                dlclose(h);
                return;
        }
        lib.handle = h;
        lib.why[0] = '\0';
        __atomic_store_n(&lib.ok, 1, __ATOMIC_RELEASE);
}

bool dl_libclang_load(const char **why)
{
        if (!__atomic_load_n(&lib.ok, __ATOMIC_ACQUIRE))
                pthread_once(&lib.once, load);
        bool ok = __atomic_load_n(&lib.ok, __ATOMIC_ACQUIRE);
        if (why)
                *why = ok ? NULL : lib.why;
        return ok;
}

bool dl_libclang_loaded(void)
{
        return __atomic_load_n(&lib.ok, __ATOMIC_ACQUIRE);
}

const char *dl_libclang_path(void)
{
        return dl_libclang_load(NULL) ? lib.path : NULL;
}

const char *dl_libclang_file(void)
{
        return DL_LIBCLANG_PATH;
}

/* A clang_* call that cannot be served. _exit, not exit: in a worker
 * process exit() would run the driver's atexit handlers and flush the
 * driver's stdio buffers a second time (jobs.c). */
static _Noreturn void unavailable(void)
{
        const char *why = NULL;
        dl_libclang_load(&why);
        dprintf(STDERR_FILENO, "ddblint: %s\n", why ? why : "cannot load libclang");
        _exit(2);
}

#define DL_CLANG_FN(type, name, params, args)                                                      \
        type name params                                                                           \
        {                                                                                          \
                if (!__atomic_load_n(&lib.ok, __ATOMIC_ACQUIRE) && !dl_libclang_load(NULL))        \
                        unavailable();                                                             \
                return lib.name args;                                                              \
        }
#define DL_CLANG_VOID(name, params, args)                                                          \
        void name params                                                                           \
        {                                                                                          \
                if (!__atomic_load_n(&lib.ok, __ATOMIC_ACQUIRE) && !dl_libclang_load(NULL))        \
                        unavailable();                                                             \
                lib.name args;                                                                     \
        }
#include "libclang.def"
#undef DL_CLANG_FN
#undef DL_CLANG_VOID
