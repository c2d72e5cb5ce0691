/* tu.c - parsing one translation unit with libclang.
 * SPDX-License-Identifier: MIT
 */
#include "tu.h"

#include "cx.h"
#include "libclang.h"

#include "../core/alloc.h"
#include "../core/log.h"
#include "../core/path.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

const char *dl_tu_describe_error(enum CXErrorCode code)
{
        switch (code) {
        case CXError_Success: return "success";
        case CXError_Failure: return "libclang failed to parse the translation unit";
        case CXError_Crashed: return "libclang crashed while parsing the translation unit";
        case CXError_InvalidArguments: return "libclang rejected the arguments";
        case CXError_ASTReadError: return "libclang could not read an AST file";
        }
        return "libclang returned an unknown error code";
}

/* The clang driver of the LLVM ddblint was built with (its bin directory,
 * DL_LLVM_BINDIR), else the one beside the libclang loaded
 * (<llvm>/lib/libclang.so and <llvm>/bin/clang: libclang.h gives the
 * loaded file's real path). (transfer full), or NULL. */
static char *clang_driver(void)
{
#ifdef DL_LLVM_BINDIR
        if (access(DL_LLVM_BINDIR "/clang", X_OK) == 0)
                return dl_xstrdup(DL_LLVM_BINDIR "/clang");
#endif
        const char *path = dl_libclang_path();
        const char *slash = path ? strrchr(path, '/') : NULL;
        if (!slash)
                return NULL;
        char *clang = dl_xasprintf("%.*s/../bin/clang", (int)(slash - path), path);
        if (access(clang, X_OK) != 0) {
                free(clang);
                return NULL;
        }
        return clang;
}

/* libclang gives no diagnostic when the compiler flags keep it from making
 * a compiler invocation (CXErrorCode 4 without a TU: `-std=c++17` for a C
 * file). Its own driver says why: run `clang -fsyntax-only FLAGS FILE` and
 * keep the first error that is not about a place in a file ("error:
 * invalid value 'c++99' in '-std=c++99'"). (transfer full), or NULL. */
static char *driver_error(const char *path, const char *const *args, size_t n_args)
{
        char *clang = clang_driver();
        if (!clang)
                return NULL;
        const char **argv = dl_xcalloc(n_args + 5, sizeof *argv);
        size_t k = 0;
        argv[k++] = clang;
        argv[k++] = "-fsyntax-only";
        argv[k++] = "-fno-color-diagnostics";
        for (size_t i = 0; i < n_args; i++)
                argv[k++] = args[i];
        argv[k++] = path;
        int pipefd[2];
        char *found = NULL;
        if (pipe(pipefd) == 0) {
                posix_spawn_file_actions_t fa;
                posix_spawn_file_actions_init(&fa);
                posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
                posix_spawn_file_actions_adddup2(&fa, pipefd[1], 2);
                posix_spawn_file_actions_addclose(&fa, pipefd[0]);
                posix_spawn_file_actions_addclose(&fa, pipefd[1]);
                pid_t pid;
                int rc = posix_spawn(&pid, clang, &fa, NULL, (char *const *)argv, environ);
                posix_spawn_file_actions_destroy(&fa);
                close(pipefd[1]);
                FILE *f = fdopen(pipefd[0], "r");
                char line[1024];
                while (f && fgets(line, sizeof line, f)) {
                        const char *e = line;
                        if (strncmp(e, "clang: ", 7) == 0)
                                e += 7;
                        if (!found && strncmp(e, "error: ", 7) == 0) {
                                line[strcspn(line, "\r\n")] = '\0';
                                found = dl_xstrdup(e + 7);
                        }
                }
                if (f)
                        fclose(f);
                else
                        close(pipefd[0]);
                if (rc == 0)
                        waitpid(pid, NULL, 0);
        }
        free(argv);
        free(clang);
        return found;
}

enum dl_status dl_tu_parse(struct dl_tu *tu, const char *path, const char *const *args,
                           size_t n_args, const char *stub_dir, struct dl_error *err)
{
        return dl_tu_parse_main(tu, path, args, n_args, stub_dir, NULL, err);
}

enum dl_status dl_tu_parse_main(struct dl_tu *tu, const char *path, const char *const *args,
                                size_t n_args, const char *stub_dir, const struct dl_tu_main *main,
                                struct dl_error *err)
{
        memset(tu, 0, sizeof *tu);
        /* an editor's buffer needs no file on disk (a new file not saved yet) */
        FILE *fp = main && main->unsaved ? NULL : fopen(path, "rb");
        if (!fp && !(main && main->unsaved))
                return dl_error_set(err, DL_ERR_IO, NULL, "cannot read: %s", strerror(errno));
        if (fp)
                fclose(fp);

        size_t n = n_args + (stub_dir ? 2 : 0);
        const char **argv = dl_xcalloc(n ? n : 1, sizeof *argv);
        for (size_t i = 0; i < n_args; i++)
                argv[i] = args[i];
        if (stub_dir) {
                argv[n_args] = "-idirafter";
                argv[n_args + 1] = stub_dir;
        }
        /* excludeDeclarationsFromPCH: a visit of the translation unit's
         * children skips what the precompiled stub header declares (still
         * reached through references: a call's callee, a type's
         * declaration). Visiting them read the whole precompiled header back
         * and cost twice the parse on the example's orders.cpp
         * (docs/performance.md). A precompiled preamble is visited: the
         * visit is then the one of a parse without it (dl_tu_main). */
        bool preamble = main && !main->unsaved;
        tu->index = clang_createIndex(preamble ? 0 : 1, 0);
        tu->stub_dir = stub_dir;
        unsigned flags = CXTranslationUnit_KeepGoing | CXTranslationUnit_DetailedPreprocessingRecord;
        struct CXUnsavedFile unsaved = {path, main ? main->text : NULL,
                                        main ? (unsigned long)main->len : 0};
        enum CXErrorCode code =
                clang_parseTranslationUnit2(tu->index, path, argv, (int)n, main ? &unsaved : NULL,
                                            main ? 1 : 0, flags, &tu->tu);
        /* A precompiled header clang refuses (changed since it was built,
         * truncated, another clang's) costs a plain parse, never the file. */
        size_t pch = n;
        for (size_t i = 0; i + 1 < n; i++) {
                if (strcmp(argv[i], "-include-pch") == 0)
                        pch = i;
        }
        if (code == CXError_ASTReadError && pch < n) {
                memmove(&argv[pch], &argv[pch + 2], (n - pch - 2) * sizeof *argv);
                n -= 2;
                if (tu->tu)
                        dl_cx_dispose_tu(tu->tu);
                tu->tu = NULL;
                tu->pch_refused = true;
                if (preamble) { /* a plain parse's index (above) */
                        dl_cx_dispose_index(tu->index);
                        tu->index = clang_createIndex(1, 0);
                }
                bool keep = main && main->unsaved; /* an editor's text stays */
                code = clang_parseTranslationUnit2(tu->index, path, argv, (int)n,
                                                   keep ? &unsaved : NULL, keep ? 1 : 0, flags,
                                                   &tu->tu);
        }
        free(argv);
        if (code != CXError_Success || !tu->tu) {
                dl_tu_free(tu);
                char *why = code == CXError_ASTReadError ? driver_error(path, args, n_args)
                                                         : NULL;
                enum dl_status st;
                if (why)
                        st = dl_error_set(err, DL_ERR_CLANG, NULL,
                                          "clang rejected the compile command: %s", why);
                else
                        st = dl_error_set(err, DL_ERR_CLANG, NULL, "%s (CXErrorCode %d)",
                                          dl_tu_describe_error(code), (int)code);
                free(why);
                return st;
        }
        return DL_OK;
}

static bool under_dir(const char *file, const char *dir)
{
        if (!dir || !*dir)
                return false;
        size_t n = strlen(dir);
        while (n > 1 && dir[n - 1] == '/')
                n--;
        return strncmp(file, dir, n) == 0 && (file[n] == '/' || file[n] == '\0');
}

/* The texts whose words a message located in the tree may quote
 * (docs/security.md "The tree's boundary"): the files of the translation
 * unit whose real path lies under the project root or in the system's
 * own headers, and ddblint's stubs. Gathered when a message first needs
 * them. */
struct known_text {
        const char *text; /* clang's copy of the file, borrowed */
        size_t len;
};
struct known {
        CXTranslationUnit tu;
        const char *root, *stub_dir;
        bool ready;
        struct known_text *files;
        size_t n;
};

/* Real-path prefixes of the headers every machine has, public text. */
static const char *const system_dirs[] = {"/usr/include", "/usr/local/include", "/usr/lib"};

static bool known_path(const struct known *k, const char *path)
{
        char real[PATH_MAX];
        if (!path || !*path || !realpath(path, real))
                return false;
        if (dl_path_under(real, k->root) || (k->stub_dir && under_dir(path, k->stub_dir)))
                return true;
        for (size_t i = 0; i < sizeof system_dirs / sizeof *system_dirs; i++) {
                if (dl_path_under(real, system_dirs[i]))
                        return true;
        }
        return false;
}

static void known_file(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
        (void)stack;
        (void)depth;
        struct known *k = data;
        CXString name = clang_getFileName(f);
        bool known = known_path(k, clang_getCString(name));
        clang_disposeString(name);
        size_t len = 0;
        const char *text = known ? clang_getFileContents(k->tu, f, &len) : NULL;
        if (text) {
                k->files = dl_xrealloc(k->files, (k->n + 1) * sizeof *k->files);
                k->files[k->n++] = (struct known_text){text, len};
        }
}

static bool word_byte(unsigned char c)
{
        return c == '_' || c == '$' || c >= 0x80 || (c >= '0' && c <= '9') ||
               ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* Whether the word w[0..n) is spelled, as a whole word, in a known text. */
static bool known_word(const struct known *k, const char *w, size_t n)
{
        for (size_t f = 0; f < k->n; f++) {
                const char *t = k->files[f].text;
                size_t len = k->files[f].len;
                for (const char *p = t; len >= n && p && p <= t + len - n;) {
                        p = memchr(p, w[0], (size_t)(t + len - n - p) + 1);
                        if (!p)
                                break;
                        if (!memcmp(p, w, n) && (p == t || !word_byte((unsigned char)p[-1])) &&
                            (p + n == t + len || !word_byte((unsigned char)p[n])))
                                return true;
                        p++;
                }
        }
        return false;
}

/* Whether every word between quotes ('...' or "...") of a message located
 * in the tree is spelled in a known text: clang quotes types, names and
 * expressions whose tokens may come from a file outside the project root
 * included in the middle of a declaration ("invalid application of
 * 'sizeof' to an incomplete type 'struct <the first word of the file>'"). */
static bool quotes_known_words(struct known *k, const char *msg)
{
        char quote = 0;
        for (const char *p = msg; *p; p++) {
                if (!quote) {
                        if (*p == '\'' || *p == '"')
                                quote = *p;
                        continue;
                }
                if (*p == quote) {
                        quote = 0;
                        continue;
                }
                if (!word_byte((unsigned char)*p))
                        continue;
                size_t n = 1;
                while (word_byte((unsigned char)p[n]))
                        n++;
                if (!k->ready) {
                        k->ready = true;
                        clang_getInclusions(k->tu, known_file, k);
                }
                if (!known_word(k, p, n))
                        return false;
                p += n - 1;
        }
        return true;
}

/* A file outside the project root that clang reported errors in. */
struct outside {
        char *file; /* as clang named it (heap) */
        unsigned errors;
};

unsigned dl_tu_log_diagnostics(struct dl_tu *tu, struct dl_cx *cx, const char *root,
                               struct dl_log *log)
{
        unsigned errors = 0;
        struct outside *out = NULL;
        size_t n_out = 0;
        struct known known = {tu->tu, root, tu->stub_dir, false, NULL, 0};
        unsigned n = clang_getNumDiagnostics(tu->tu);
        for (unsigned i = 0; i < n; i++) {
                CXDiagnostic d = clang_getDiagnostic(tu->tu, i);
                enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
                CXSourceLocation l = clang_getDiagnosticLocation(d);
                if (sev < CXDiagnostic_Error || clang_Location_isInSystemHeader(l)) {
                        dl_cx_dispose_diagnostic(d);
                        continue;
                }
                struct dl_loc loc = dl_cx_loc(cx, l);
                if (loc.file && under_dir(loc.file, tu->stub_dir)) {
                        dl_cx_dispose_diagnostic(d);
                        continue;
                }
                errors++;
                /* a file outside the project root: its words are never
                 * quoted (docs/security.md "The tree's boundary") */
                size_t k = 0;
                while (loc.file && k < n_out && strcmp(out[k].file, loc.file) != 0)
                        k++;
                if (loc.file && root && (k < n_out || !dl_path_real_under(loc.file, root))) {
                        if (k == n_out) {
                                out = dl_xrealloc(out, (n_out + 1) * sizeof *out);
                                out[n_out++] = (struct outside){dl_xstrdup(loc.file), 0};
                        }
                        out[k].errors++;
                        dl_cx_dispose_diagnostic(d);
                        continue;
                }
                if (log) {
                        CXString s = clang_getDiagnosticSpelling(d);
                        const char *msg = clang_getCString(s);
                        /* An error with no place is about the command, not
                         * the code ("unknown argument: '-fbogus'"): said
                         * without --verbose, the file still analysed. */
                        if (!loc.file)
                                dl_log_add(log, DL_LOG_WARNING, "compile-command", NULL,
                                           "clang: %s (in the compile command; ignored)", msg);
                        else if (root && !quotes_known_words(&known, msg ? msg : ""))
                                dl_log_add(log, DL_LOG_NOTE, "clang-diagnostic", &loc,
                                           "clang reported an error here whose message quotes "
                                           "words of no file inside the project root (not "
                                           "quoted)");
                        else
                                dl_log_add(log, DL_LOG_NOTE, "clang-diagnostic", &loc, "clang: %s",
                                           msg);
                        clang_disposeString(s);
                }
                dl_cx_dispose_diagnostic(d);
        }
        for (size_t k = 0; k < n_out; k++) {
                struct dl_loc loc = {out[k].file, 0, 0};
                if (log)
                        dl_log_add(log, DL_LOG_NOTE, "clang-diagnostic-outside", &loc,
                                   "clang reported %u error%s in this file, which is outside "
                                   "the project root (not quoted)",
                                   out[k].errors, out[k].errors == 1 ? "" : "s");
                free(out[k].file);
        }
        free(out);
        free(known.files);
        return errors;
}

void dl_tu_free(struct dl_tu *tu)
{
        if (!tu)
                return;
        dl_cx_dispose_tu(tu->tu);
        dl_cx_dispose_index(tu->index);
        tu->tu = NULL;
        tu->index = NULL;
}
