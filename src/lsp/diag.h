/* diag.h - findings rendered as LSP diagnostics (LSP 3.17, "Diagnostic").
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_LSP_DIAG_H
#define DL_LSP_DIAG_H

#include "analysis.h"
#include "project.h"

#include "../core/error.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

struct dl_finding;

/* A text positions are counted in, and how (position.h). */
struct dl_lsp_text {
        const char *text; /* borrowed */
        size_t len;
        bool utf8; /* positionEncoding "utf-8"; else UTF-16 */
};

/**
 * dl_lsp_range - the LSP Range of 1-based line and byte column to end_line
 * and end_col (exclusive; 0 when unknown: the identifier at the start) in
 * t. Returns: a new reference.
 */
json_t *dl_lsp_range(const struct dl_lsp_text *t, unsigned line, unsigned col, unsigned end_line,
                     unsigned end_col);

/**
 * dl_lsp_diagnostics - the diagnostics of path (absolute) in r: each shown
 * finding located in path (severity error 1, warning 2, note 3; code the
 * check id; codeDescription.href its documentation, dl_lsp_project_help;
 * source "ddblint"; relatedInformation its related locations), then each
 * tool diagnostic of level warning or error about path (a malformed or
 * unused suppression, a file not analysed), code its id. Positions are
 * counted in t, the text analysed.
 * Returns: a new JSON array.
 */
json_t *dl_lsp_diagnostics(const struct dl_lsp_project *p, const struct dl_lsp_result *r,
                           const char *path, const struct dl_lsp_text *t);

/**
 * dl_lsp_error_diagnostic - a diagnostic of an error about an input (a
 * rules file's), at err's line and column, with code id.
 * Returns: a new reference.
 */
json_t *dl_lsp_error_diagnostic(const struct dl_error *err, const char *id,
                                const struct dl_lsp_text *t);

#endif
