/* sarif_merge.h - several SARIF 2.1.0 logs into one: the logs of the
 * shards of one analysis (ddblint --shard K/N on N CI runners) become the
 * log one run would have written.
 * SPDX-License-Identifier: MIT
 *
 * Runs of the same tool (tool.driver name and version), the same
 * originalUriBaseIds and the same columnKind are merged into one run:
 * - artifacts: one per (uri, uriBaseId), first seen first, roles united;
 *   every artifactLocation.index inside the results is renumbered;
 * - rules: tool.driver.rules kept when every run has the same list; else
 *   united by id, first seen first, and every result's ruleIndex renumbered;
 * - results: all of them, ordered by (artifact uri, startLine, startColumn,
 *   ruleId, message text, fingerprints) so that the output does not depend
 *   on the order of the inputs; a result present in two inputs (the same
 *   JSON, a header analysed by two shards) is kept once;
 * - invocations: all of them, in input order (each shard's command line);
 * - every other member of the run: from the first run of the group.
 * Runs that cannot be merged (another tool, another version) are copied as
 * they are, after the merged ones. SARIF 2.1.0: OASIS sarif-v2.1.0-os,
 * sections 3.14 (run), 3.24 (artifact), 3.27 (result).
 */
#ifndef DL_REPORT_SARIF_MERGE_H
#define DL_REPORT_SARIF_MERGE_H

#include "../core/error.h"

#include <stddef.h>

/**
 * dl_sarif_merge - merge the SARIF logs in the files inputs[0..n) and
 * write the result to out_path (written whole through a temporary file and
 * rename; "-" or NULL for standard output), pretty-printed like ddblint's
 * own SARIF.
 * Returns: DL_OK; DL_ERR_PARSE when an input is not JSON (err at its line
 * and column) or not a SARIF 2.1.0 log (err names the file and what is
 * wrong); DL_ERR_IO when a file cannot be read or written. Nothing is
 * written on failure.
 */
enum dl_status dl_sarif_merge(const char *const *inputs, size_t n, const char *out_path,
                              struct dl_error *err);

#endif
