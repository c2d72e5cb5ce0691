/* analyze.h - one translation unit in, normalized requests out: the entry
 * point the driver (cli/) calls for each source file. Implemented with
 * libclang in frontend/ and the recognizers in recognize/; no libclang type
 * appears in this header.
 * SPDX-License-Identifier: MIT
 *
 * Ownership: every request, string and location produced for a file lives
 * in the arena passed in (one per translation unit); the caller frees it
 * with dl_arena_fini() after the checks have run. Tool diagnostics (clang's
 * errors in user files, functions clang could not parse, unsupported
 * constructs) go to the struct dl_log, never into requests.
 */
#ifndef DL_RECOGNIZE_ANALYZE_H
#define DL_RECOGNIZE_ANALYZE_H

#include "../core/error.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_arena;
struct dl_log;
struct dl_request;
struct dl_ruleset;

struct dl_pch_preamble;

struct dl_analyze_opts {
        /* Compiler arguments for this file, without the file name and
         * without the compiler executable (e.g. {"-xc++", "-std=c++17",
         * "-I/src/include"}), as resolved by the driver from
         * compile_commands.json, compile_flags.txt or defaults. */
        const char *const *args;
        size_t n_args;
        /* ddblint's own stub headers (share/ddblint/include), added with
         * -idirafter so real SDK headers on the user's paths always win;
         * NULL to add none. */
        const char *stub_include_dir;
        const struct dl_ruleset *rules;  /* for wrappers; may be NULL */
        bool verbose;                    /* log tool notes (recognizers) */
        /* Headers this translation unit analyses besides its main file
         * (their function bodies, as the main file's; locations in them
         * spelled as given here): the headers a directory walk gives to
         * this source, their owner (docs/architecture.md, "Headers of a
         * directory walk"). Borrowed; NULL for none. */
        const char *const *own_headers;
        size_t n_own_headers;
        /* A precompiled preamble given in args with -include-pch (pch.h,
         * dl_pch_preamble_for: the text clang must parse, the file's own
         * bytes that recognizers see, the files the AST file read, which
         * count as included), or NULL. Borrowed. */
        const struct dl_pch_preamble *preamble;
        /* The project root (a real path): clang's errors in files outside it
         * are counted, never quoted (dl_tu_log_diagnostics); NULL: all
         * quoted. Borrowed. */
        const char *root;
        /* The main file's text as an editor holds it, unsaved (the
         * language server): parsed in place of the file on disk, which
         * need not exist; NULL: the file is read. Not used with a preamble.
         * Borrowed. */
        const char *unsaved_text;
        size_t unsaved_len;
};

struct dl_analysis {
        struct dl_request *requests;  /* in source order (arena) */
        size_t n_requests;
        unsigned clang_errors;        /* errors clang reported in user files */
        unsigned functions_unparsed;  /* functions recovered from tokens */
        /* Every file clang read besides the main file (headers, as clang
         * names them: clang_getInclusions), in inclusion order (arena). */
        const char **included;
        size_t n_included;
        /* per opts->own_headers: the translation unit read it (arena); NULL
         * for none */
        bool *own_seen;
};

/**
 * dl_analyze_file - parse path with libclang and run every recognizer on it.
 * @param path   the source file (as given by the user; locations in the
 *               requests use this spelling of the path).
 * @param arena  receives the requests and their strings.
 * @param log    receives tool diagnostics (clang errors as DL_LOG_NOTE
 *               "clang-diagnostic" entries with file:line:col; each
 *               function clang could not parse as a "recovered-function"
 *               note).
 * @param out    filled on DL_OK; zeroed on failure.
 * Returns: DL_OK (also when the file had compile errors: the requests that
 * could be recovered are returned), DL_ERR_IO when the file cannot be read,
 * or DL_ERR_CLANG when libclang could not produce a translation unit at
 * all (err names the CXErrorCode).
 */
enum dl_status dl_analyze_file(const char *path, const struct dl_analyze_opts *opts,
                               struct dl_arena *arena, struct dl_log *log,
                               struct dl_analysis *out, struct dl_error *err);

struct dl_inferred_vec;

/**
 * dl_analyze_infer - the first pass of inferred wrappers (infer.h): parse
 * path as dl_analyze_file does (opts->own_headers and opts->preamble are
 * not used) and append to out every function of the main file that is a
 * wrapper; rounds over the file (at most 4) let a function calling one
 * found before be one too. opts->rules' declared wrappers count as found.
 * included (with n_included; both may be NULL) receives every file clang
 * read besides the main file, as struct dl_analysis.included (arena), so
 * that what the pass found can be kept with them (the infer memo,
 * cli/infer_pass.h).
 * Returns: DL_OK, DL_ERR_IO or DL_ERR_CLANG as dl_analyze_file.
 */
enum dl_status dl_analyze_infer(const char *path, const struct dl_analyze_opts *opts,
                                struct dl_arena *arena, struct dl_log *log,
                                struct dl_inferred_vec *out, const char ***included,
                                size_t *n_included, struct dl_error *err);

#endif
