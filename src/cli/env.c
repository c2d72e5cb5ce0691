/* env.c - where ddblint finds its data, its cache and the project around
 * a file (the run driver and the language server, src/lsp/, ask the same).
 * SPDX-License-Identifier: MIT
 */
#include "env.h"

#include "options.h"

#include "../core/alloc.h"
#include "../core/log.h"
#include "../core/safefile.h"
#include "../findings/fileio.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef DL_INSTALL_DATA_DIR
#define DL_INSTALL_DATA_DIR "/usr/local/share/ddblint"
#endif

bool dl_cli_is_dir(const char *p)
{
        struct stat st;
        return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

char *dl_cli_data_dir(const char *argv0, const char *sub)
{
        char exe[PATH_MAX];
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n <= 0) {
                if (!realpath(argv0, exe))
                        exe[0] = '\0';
        } else {
                exe[n] = '\0';
        }
        char *slash = strrchr(exe, '/');
        if (slash) {
                *slash = '\0';
                char *cand = dl_xasprintf("%s/../share/ddblint/%s", exe, sub);
                char real[PATH_MAX];
                if (dl_cli_is_dir(cand) && realpath(cand, real)) {
                        free(cand);
                        return dl_xstrdup(real);
                }
                free(cand);
        }
        char *inst = dl_xasprintf("%s/%s", DL_INSTALL_DATA_DIR, sub);
        if (dl_cli_is_dir(inst))
                return inst;
        free(inst);
        return NULL;
}

char *dl_cli_stub_dir(const char *argv0, struct dl_log *log)
{
        const char *env = getenv("DDBLINT_STUB_DIR");
        char *dir = env && *env ? (dl_cli_is_dir(env) ? dl_xstrdup(env) : NULL)
                                : dl_cli_data_dir(argv0, "include");
        if (!dir)
                dl_log_add(log, DL_LOG_WARNING, "stub-headers-missing", NULL,
                           "the stub headers are not found (looked in %s%s): a file that "
                           "includes the AWS SDK's or a C client's headers from no include "
                           "path will have clang errors and missed requests; build the "
                           "'ddblint' target or install ddblint, or give --no-stub-headers",
                           env && *env ? "$DDBLINT_STUB_DIR, "
                                       : "<exe dir>/../share/ddblint/include, ",
                           env && *env ? env : DL_INSTALL_DATA_DIR "/include");
        return dir;
}

char *dl_cli_cache_dir(const struct dl_options *o)
{
        if (o->cache_dir)
                return dl_xstrdup(o->cache_dir);
        const char *xdg = getenv("XDG_CACHE_HOME");
        if (xdg && xdg[0] == '/')
                return dl_xasprintf("%s/ddblint", xdg);
        const char *home = getenv("HOME");
        if (home && *home)
                return dl_xasprintf("%s/.cache/ddblint", home);
        return NULL;
}

void dl_cli_check_cache_dir(struct dl_options *o)
{
        char *dir = o->no_cache ? NULL : dl_cli_cache_dir(o);
        char *why = NULL;
        if (dir && !dl_dir_trusted(dir, &why)) {
                fprintf(stderr,
                        "ddblint: note: cache directory %s not used: %s; running as with "
                        "--no-cache\n",
                        dir, why);
                o->no_cache = true;
        } else if (dir) { /* what killed runs left at its top (the digest memo's) */
                dl_temp_sweep(dir, NULL, time(NULL));
        }
        free(why);
        free(dir);
}

char *dl_cli_git_root(const char *dir)
{
        char *d = dl_xstrdup(dir);
        for (;;) {
                char *g = dl_xasprintf("%s/.git", d);
                struct stat st;
                bool found = stat(g, &st) == 0;
                free(g);
                if (found)
                        return d;
                char *slash = strrchr(d, '/');
                if (!slash || slash == d) {
                        free(d);
                        return NULL;
                }
                *slash = '\0';
        }
}

char *dl_cli_cwd(void)
{
        char buf[PATH_MAX];
        return dl_xstrdup(getcwd(buf, sizeof buf) ? buf : ".");
}

char *dl_cli_repo_root(const char *dir, const char *project_root)
{
        char *abs = dl_xstrdup(dir);
        char *g = dl_cli_git_root(abs);
        if (g) {
                free(abs);
                return g;
        }
        size_t n = strlen(project_root);
        if (strncmp(abs, project_root, n) == 0 && (abs[n] == '/' || abs[n] == '\0')) {
                free(abs);
                return dl_xstrdup(project_root);
        }
        return abs;
}
