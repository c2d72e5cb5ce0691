/* tu.c - parsing one translation unit with libclang.
 * SPDX-License-Identifier: MIT
 */
#include "tu.h"

#include "cx.h"

#include "../core/alloc.h"
#include "../core/log.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

enum dl_status dl_tu_parse(struct dl_tu *tu, const char *path, const char *const *args,
                           size_t n_args, const char *stub_dir, struct dl_error *err)
{
        memset(tu, 0, sizeof *tu);
        FILE *fp = fopen(path, "rb");
        if (!fp)
                return dl_error_set(err, DL_ERR_IO, NULL, "%s: cannot read: %s", path,
                                    strerror(errno));
        fclose(fp);

        size_t n = n_args + (stub_dir ? 2 : 0);
        const char **argv = dl_xcalloc(n ? n : 1, sizeof *argv);
        for (size_t i = 0; i < n_args; i++)
                argv[i] = args[i];
        if (stub_dir) {
                argv[n_args] = "-idirafter";
                argv[n_args + 1] = stub_dir;
        }
        tu->index = clang_createIndex(0, 0);
        tu->stub_dir = stub_dir;
        unsigned flags = CXTranslationUnit_KeepGoing | CXTranslationUnit_DetailedPreprocessingRecord;
        enum CXErrorCode code = clang_parseTranslationUnit2(tu->index, path, argv, (int)n, NULL,
                                                            0, flags, &tu->tu);
        free(argv);
        if (code != CXError_Success || !tu->tu) {
                dl_tu_free(tu);
                return dl_error_set(err, DL_ERR_CLANG, NULL, "%s: %s (CXErrorCode %d)", path,
                                    dl_tu_describe_error(code), (int)code);
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

unsigned dl_tu_log_diagnostics(struct dl_tu *tu, struct dl_cx *cx, struct dl_log *log)
{
        unsigned errors = 0;
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
                if (log) {
                        CXString s = clang_getDiagnosticSpelling(d);
                        dl_log_add(log, DL_LOG_NOTE, "clang-diagnostic", loc.file ? &loc : NULL,
                                   "clang: %s", clang_getCString(s));
                        clang_disposeString(s);
                }
                dl_cx_dispose_diagnostic(d);
        }
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
