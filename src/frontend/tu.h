/* tu.h - parsing one translation unit with libclang.
 * SPDX-License-Identifier: MIT
 *
 * Ownership: struct dl_tu is caller storage that owns its CXIndex and
 * CXTranslationUnit; release them with dl_tu_free(), which clears the
 * fields (safe to call twice).
 */
#ifndef DL_FRONTEND_TU_H
#define DL_FRONTEND_TU_H

#include "../core/error.h"

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

struct dl_cx;
struct dl_log;

struct dl_tu {
        CXIndex index;
        CXTranslationUnit tu;
        const char *stub_dir;  /* borrowed; diagnostics under it are ignored */
        bool pch_refused;      /* libclang could not read the -include-pch file: parsed
                                  without it (and without dl_tu_main's text) */
};

/* The main file of a translation unit parsed with a precompiled preamble
 * (pch.h): clang reads text instead of the file on disk, and visiting the
 * translation unit reaches the precompiled header's declarations and macro
 * definitions too, as a parse without it does. */
struct dl_tu_main {
        const char *text; /* len bytes (borrowed) */
        size_t len;
        /* text is an editor's unsaved buffer of the file (the language
         * server, docs/editors.md), not a preamble's copy: the index still
         * leaves a precompiled header's declarations out of the visit, as
         * for a parse of the file on disk, and a parse again without a
         * refused -include-pch keeps the text. */
        bool unsaved;
};

/** dl_tu_describe_error - text for a CXErrorCode (static string). */
const char *dl_tu_describe_error(enum CXErrorCode code);

/**
 * dl_tu_parse - parse path with clang_parseTranslationUnit2 (KeepGoing and
 * DetailedPreprocessingRecord; function bodies are always parsed). The
 * index excludes declarations from a precompiled header: visiting the
 * translation unit's cursor does not reach the declarations (nor the macro
 * definitions) of an "-include-pch" file; references into it resolve.
 * @param args      compiler arguments without the file name (borrowed).
 * @param stub_dir  appended as "-idirafter DIR" when not NULL.
 * When args hold "-include-pch FILE" and libclang cannot read FILE
 * (CXError_ASTReadError), the file is parsed again without it.
 * Returns: DL_OK with tu filled; DL_ERR_IO when path cannot be read;
 * DL_ERR_CLANG when libclang refused: the message is clang's own diagnostic
 * when its driver (the clang of the same LLVM, run on the same command)
 * says why ("clang rejected the compile command: invalid value 'c++99' in
 * '-std=c++99'"), else dl_tu_describe_error's text. Messages do not repeat
 * path.
 * On failure tu is zeroed.
 */
enum dl_status dl_tu_parse(struct dl_tu *tu, const char *path, const char *const *args,
                           size_t n_args, const char *stub_dir, struct dl_error *err);
/**
 * dl_tu_parse_main - dl_tu_parse with the main file's text given by main
 * (NULL: as dl_tu_parse). When libclang cannot read the -include-pch file,
 * the file is parsed again from disk without both, and tu->pch_refused is
 * set.
 */
enum dl_status dl_tu_parse_main(struct dl_tu *tu, const char *path, const char *const *args,
                                size_t n_args, const char *stub_dir, const struct dl_tu_main *main,
                                struct dl_error *err);

/**
 * dl_tu_log_diagnostics - log clang's errors located in user files (not in
 * system headers, not under the stub directory) as DL_LOG_NOTE entries with
 * id "clang-diagnostic" and file:line:col; an error with no place (about
 * the compile command: "unknown argument: '-fbogus'") as a DL_LOG_WARNING
 * with id "compile-command". With root (the project root, a real path)
 * set, the errors in a file whose real path lies outside it are not
 * quoted: one note per such file (id "clang-diagnostic-outside", at the
 * file) counts them ("clang reported 2 errors in this file, which is
 * outside the project root (not quoted)"), so that a file such as
 * /etc/shadow reached by an include never has its words in a report. An
 * error located in the tree whose message quotes a word ('...' or "...")
 * spelled in none of the translation unit's files under root, under
 * /usr/include, /usr/local/include or /usr/lib (real paths) or under the
 * stub directory is not quoted either ("clang reported an error here whose
 * message quotes words of no file inside the project root (not quoted)",
 * at its place): an outside file included in the middle of a declaration
 * lends its words to the tree's messages ("incomplete type 'struct
 * <its first word>'").
 * Returns: the number of such errors (error and fatal severities), those
 * outside the root included.
 */
unsigned dl_tu_log_diagnostics(struct dl_tu *tu, struct dl_cx *cx, const char *root,
                               struct dl_log *log);

/** dl_tu_free - dispose the TU and the index; fields are cleared. NULL-safe. */
void dl_tu_free(struct dl_tu *tu);

#endif
