/* severity.c - finding severities.
 * SPDX-License-Identifier: MIT
 */
#include "severity.h"

#include <string.h>

const char *dl_severity_str(enum dl_severity s)
{
        switch (s) {
        case DL_SEV_NOTE: return "note";
        case DL_SEV_WARNING: return "warning";
        case DL_SEV_ERROR: return "error";
        }
        return "warning";
}

bool dl_severity_parse(const char *s, enum dl_severity *out)
{
        static const enum dl_severity all[] = {DL_SEV_NOTE, DL_SEV_WARNING, DL_SEV_ERROR};
        for (unsigned i = 0; i < 3; i++) {
                if (s && strcmp(s, dl_severity_str(all[i])) == 0) {
                        *out = all[i];
                        return true;
                }
        }
        return false;
}
