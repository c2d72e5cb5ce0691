/* severity.h - finding severities shared by checks, the sink and reporters.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CORE_SEVERITY_H
#define DL_CORE_SEVERITY_H

#include <stdbool.h>

/* Ordered: a larger value is more severe (used by --fail-on). */
enum dl_severity { DL_SEV_NOTE = 0, DL_SEV_WARNING = 1, DL_SEV_ERROR = 2 };

/** dl_severity_str - "note", "warning" or "error" (static). */
const char *dl_severity_str(enum dl_severity s);
/**
 * dl_severity_parse - parse "note", "warning" or "error" (exact, lower case).
 * Returns: true and sets *out on success; false leaves *out unchanged.
 */
bool dl_severity_parse(const char *s, enum dl_severity *out);

#endif
