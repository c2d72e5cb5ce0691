/* compdb.c - compiler arguments per source file.
 * SPDX-License-Identifier: MIT
 */
#include "compdb.h"

#include "flags.h"

#include "../core/alloc.h"

#include <clang-c/CXCompilationDatabase.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct dl_compdb {
        CXCompilationDatabase db;
};

enum dl_status dl_compdb_open(const char *dir, struct dl_compdb **out, struct dl_error *err)
{
        *out = NULL;
        char *file = dl_xasprintf("%s/compile_commands.json", dir);
        bool readable = access(file, R_OK) == 0;
        if (!readable) {
                struct dl_loc loc = {file, 0, 0};
                enum dl_status st = dl_error_set(err, DL_ERR_IO, &loc,
                                                 "no readable compile_commands.json (-p %s)", dir);
                free(file);
                return st;
        }
        CXCompilationDatabase_Error cerr = CXCompilationDatabase_NoError;
        CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(dir, &cerr);
        if (cerr != CXCompilationDatabase_NoError || !db) {
                struct dl_loc loc = {file, 0, 0};
                enum dl_status st = dl_error_set(err, DL_ERR_PARSE, &loc,
                                                 "libclang could not load the compilation "
                                                 "database");
                free(file);
                if (db)
                        clang_CompilationDatabase_dispose(db);
                return st;
        }
        free(file);
        struct dl_compdb *c = dl_xmalloc(sizeof *c);
        c->db = db;
        *out = c;
        return DL_OK;
}

void dl_compdb_free(struct dl_compdb *db)
{
        if (!db)
                return;
        clang_CompilationDatabase_dispose(db->db);
        free(db);
}

static void push_take(struct dl_compile_args *a, char *s)
{
        if (a->n == a->cap) {
                a->cap = a->cap ? a->cap * 2 : 16;
                a->argv = dl_xrealloc(a->argv, a->cap * sizeof *a->argv);
        }
        a->argv[a->n++] = s;
}

static void push(struct dl_compile_args *a, const char *s)
{
        push_take(a, dl_xstrdup(s));
}

static bool is_dir(const char *p)
{
        struct stat st;
        return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The absolute, canonical directory of path (heap). */
static char *abs_dir_of(const char *path)
{
        char buf[PATH_MAX];
        char *real = realpath(path, buf);
        char *d = dl_xstrdup(real ? real : path);
        char *slash = strrchr(d, '/');
        if (slash && slash != d)
                *slash = '\0';
        else if (slash)
                slash[1] = '\0';
        return d;
}

/* Steps dir up one level in place; false at "/". */
static bool up(char *dir)
{
        char *slash = strrchr(dir, '/');
        if (!slash || (slash == dir && dir[1] == '\0'))
                return false;
        if (slash == dir)
                slash[1] = '\0';
        else
                *slash = '\0';
        return true;
}

static bool within(const char *dir, const char *root)
{
        size_t n = strlen(root);
        return strncmp(dir, root, n) == 0 && (dir[n] == '\0' || dir[n] == '/' || n == 1);
}

static bool same_file(const char *a, const char *b)
{
        struct stat sa, sb;
        return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
               sa.st_ino == sb.st_ino;
}

bool dl_compdb_lookup(const struct dl_compdb *db, const char *path, struct dl_compile_args *out)
{
        memset(out, 0, sizeof *out);
        char buf[PATH_MAX];
        const char *abs = realpath(path, buf) ? buf : path;
        CXCompileCommands cmds = clang_CompilationDatabase_getCompileCommands(db->db, abs);
        if (!cmds)
                return false;
        bool found = false;
        if (clang_CompileCommands_getSize(cmds) > 0) {
                CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, 0);
                CXString cdir = clang_CompileCommand_getDirectory(cmd);
                char *dir = dl_xstrdup(clang_getCString(cdir));
                clang_disposeString(cdir);
                unsigned n = clang_CompileCommand_getNumArgs(cmd);
                for (unsigned i = 1; i < n; i++) {
                        CXString s = clang_CompileCommand_getArg(cmd, i);
                        char *arg = dl_xstrdup(clang_getCString(s));
                        clang_disposeString(s);
                        /* the command's shape: the file and "--"; its
                         * flags are judged by dl_compile_args_finish
                         * (flags.h), which drops -c, -o and -MF with the
                         * rest of what the allow-list does not pass */
                        bool is_source = false;
                        if (arg[0] != '-') { /* a flag is never the source: no stat */
                                char *rel = arg[0] == '/' ? NULL : dl_xasprintf("%s/%s", dir, arg);
                                is_source = same_file(arg[0] == '/' ? arg : rel, abs);
                                free(rel);
                        }
                        if (is_source || strcmp(arg, "--") == 0) {
                                free(arg);
                                continue;
                        }
                        push_take(out, arg);
                }
                /* made absolute here, not by libclang's -working-directory:
                 * it would chdir() the whole process while it parses, which
                 * breaks every relative path of the run and races between
                 * the threads of -j */
                dl_flags_absolute(out->argv, out->n, dir);
                free(dir);
                out->origin = "compile_commands.json";
                found = true;
        }
        clang_CompileCommands_dispose(cmds);
        return found;
}

static bool from_flags_file(const char *file_dir, const char *repo_root,
                            struct dl_compile_args *out)
{
        char *dir = dl_xstrdup(file_dir);
        bool found = false;
        for (;;) {
                char *cand = dl_xasprintf("%s/compile_flags.txt", dir);
                FILE *f = fopen(cand, "r");
                free(cand);
                if (f) {
                        char line[4096];
                        while (fgets(line, sizeof line, f)) {
                                size_t n = strcspn(line, "\r\n");
                                line[n] = '\0';
                                if (n)
                                        push(out, line);
                        }
                        fclose(f);
                        dl_flags_absolute(out->argv, out->n, dir);
                        out->origin = "compile_flags.txt";
                        found = true;
                        break;
                }
                if (!within(dir, repo_root) || strcmp(dir, repo_root) == 0 || !up(dir))
                        break;
        }
        free(dir);
        return found;
}

void dl_compdb_lang_args(const char *path, const char **lang, const char **std)
{
        const char *dot = strrchr(path, '.');
        bool c = dot && strcmp(dot, ".c") == 0;
        *lang = c ? "-xc" : "-xc++";
        *std = c ? "-std=gnu11" : "-std=c++17";
}

static void defaults(const char *path, const char *file_dir, const char *repo_root,
                     struct dl_compile_args *out)
{
        const char *lang, *std;
        dl_compdb_lang_args(path, &lang, &std);
        push(out, lang);
        push(out, std);
        push_take(out, dl_xasprintf("-I%s", file_dir));
        char *dir = dl_xstrdup(file_dir);
        for (;;) {
                char *inc = dl_xasprintf("%s/include", dir);
                if (is_dir(inc))
                        push_take(out, dl_xasprintf("-I%s", inc));
                free(inc);
                if (!within(dir, repo_root) || strcmp(dir, repo_root) == 0 || !up(dir))
                        break;
        }
        free(dir);
        out->origin = "defaults";
}

enum dl_status dl_compile_args_for(const struct dl_compdb *db, const char *path,
                                   const char *repo_root, const char *project_root,
                                   const char *const *extra, size_t n_extra,
                                   struct dl_compile_args *out, struct dl_error *err)
{
        (void)err;
        memset(out, 0, sizeof *out);
        if (!db || !dl_compdb_lookup(db, path, out)) {
                char *file_dir = abs_dir_of(path);
                if (!from_flags_file(file_dir, repo_root, out))
                        defaults(path, file_dir, repo_root, out);
                free(file_dir);
        }
        dl_compile_args_finish(out, project_root, extra, n_extra);
        return DL_OK;
}

void dl_compile_args_finish(struct dl_compile_args *a, const char *root, const char *const *extra,
                            size_t n_extra)
{
        /* the tree's flags through the one allow-list (flags.h); the
         * defaults are ddblint's own, --extra-arg the user's */
        if (a->origin && strcmp(a->origin, "defaults") != 0)
                dl_flags_filter(a->argv, &a->n, root, &a->drops, &a->n_drops);
        /* Clang stops after 20 errors by default; a file with many missing
         * headers would then lose the requests after them. */
        push(a, "-ferror-limit=0");
        for (size_t i = 0; i < n_extra; i++)
                push(a, extra[i]);
}

bool dl_compile_args_header_language(struct dl_compile_args *a, const char *path, bool cplusplus)
{
        size_t len = strlen(path);
        if (len < 2 || strcmp(path + len - 2, ".h") != 0)
                return false;
        const char *std = NULL;
        for (size_t i = 0; i < a->n; i++) {
                const char *s = a->argv[i];
                if (strncmp(s, "-x", 2) == 0 || strncmp(s, "--language", 10) == 0)
                        return false;
                if (strncmp(s, "-std=", 5) == 0 || strncmp(s, "--std=", 6) == 0)
                        std = strchr(s, '=') + 1;
        }
        bool cxx = std ? strstr(std, "++") != NULL : cplusplus;
        if (!cxx)
                return false;
        /* before everything else: -x applies to the inputs after it */
        push(a, "-xc++");
        char *x = a->argv[a->n - 1];
        memmove(&a->argv[1], &a->argv[0], (a->n - 1) * sizeof *a->argv);
        a->argv[0] = x;
        return true;
}

void dl_compile_args_fini(struct dl_compile_args *a)
{
        if (!a)
                return;
        for (size_t i = 0; i < a->n; i++)
                free(a->argv[i]);
        free(a->argv);
        dl_flags_drops_free(a->drops, a->n_drops);
        memset(a, 0, sizeof *a);
}
