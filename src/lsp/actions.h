/* actions.h - code actions (LSP 3.17, "textDocument/codeAction"): the
 * quick fixes of the findings under the cursor, as WorkspaceEdits.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_LSP_ACTIONS_H
#define DL_LSP_ACTIONS_H

#include "analysis.h"
#include "diag.h"

#include <jansson.h>

/**
 * dl_lsp_code_actions - the code actions for the diagnostics of context
 * (CodeActionContext: the client's diagnostics in range): for each one of
 * ddblint's, the fixes of its finding (found by the fingerprint in the
 * diagnostic's data, when r was computed on the current text; the
 * preferred action unless the fix is manual, findings/finding.h), then,
 * when its code is a check id, "suppress with a reason": an inline
 * directive (docs/suppression.md) inserted on the line above the
 * finding's, indented as that line, its reason to be written by the user.
 * @param r         the newest result of the document, or NULL.
 * @param analysed  the text r was computed on when it is the document's
 *                  current text, else NULL.
 * @param uri, path the document.
 * @param t         its current text.
 * @param range     the params' Range (unused beyond context), may be NULL.
 * Returns: a new JSON array of CodeAction.
 */
json_t *dl_lsp_code_actions(const struct dl_lsp_result *r, const struct dl_lsp_text *analysed,
                            const char *uri, const char *path, const struct dl_lsp_text *t,
                            const json_t *range, const json_t *context);

#endif
