/* fixes.h - the findings' fixes applied in place (--fix) or written as
 * clang-tidy's export file (--export-fixes FILE), which
 * clang-apply-replacements applies (docs/architecture.md, "Fixes").
 * SPDX-License-Identifier: MIT
 *
 * Only shown findings (not suppressed, not baselined) and only their first
 * fix that is not manual (struct dl_finding_fix.manual: a fix that changes
 * what the program stores is offered, never applied) are taken. A fix is
 * taken whole or not at all: one whose edits overlap an edit already taken
 * in the same file, or no longer find the text they expect there, is left
 * out and said; so is one whose file's real path lies outside the project
 * root (docs/security.md: ddblint never writes outside the tree it lints).
 */
#ifndef DL_CLI_FIXES_H
#define DL_CLI_FIXES_H

#include "../core/error.h"

#include <stddef.h>

struct dl_finding;
struct dl_log;

/**
 * dl_fixes_apply - rewrite each file the fixes of findings[0..n) edit,
 * each with its edits, atomically (a temporary file renamed over it, its
 * mode kept).
 * @param root  the project root, a real path: files outside it are never
 *              edited (NULL: none is).
 * @param log  receives a note per fix left out ("fix-skipped") and a
 *             warning per file that cannot be rewritten ("fix-failed").
 * Returns: the number of fixes applied.
 */
size_t dl_fixes_apply(const struct dl_finding *const *findings, size_t n, const char *root,
                      struct dl_log *log);

/**
 * dl_fixes_export - write path: the fixes dl_fixes_apply would apply, as
 * clang-tidy's --export-fixes YAML (MainSourceFile, Diagnostics with
 * DiagnosticName, DiagnosticMessage {Message, FilePath, FileOffset,
 * Replacements [{FilePath, Offset, Length, ReplacementText}]}, Level),
 * absolute paths and byte offsets, atomically (root as for dl_fixes_apply).
 * Returns: DL_OK, or DL_ERR_IO with err naming path.
 */
enum dl_status dl_fixes_export(const char *path, const struct dl_finding *const *findings, size_t n,
                               const char *root, struct dl_log *log, struct dl_error *err);

struct dl_options;
struct dl_sink;

/**
 * dl_cli_fixes - what --export-fixes and --fix ask of a finished run: the
 * export written (first, from the files as analysed), then the fixes
 * applied, with a line on stderr counting them; root is the run's
 * project root (a real path).
 * Returns: DL_OK, or the export's error.
 */
enum dl_status dl_cli_fixes(const struct dl_options *o, const struct dl_sink *sink,
                            const char *root, struct dl_log *log, struct dl_error *err);

#endif
