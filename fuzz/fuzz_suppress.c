/* fuzz_suppress.c - the inline suppression parser (findings/suppress.h) on
 * a source file's text: every directive found, each line asked whether a
 * finding of 'scan' (and of an unknown id) there is suppressed, then the
 * unused ids reported.
 * SPDX-License-Identifier: MIT
 */
#include "fuzz.h"

#include "core/log.h"
#include "findings/suppress.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        size_t n_ids;
        const char *const *ids = fuzz_check_ids(&n_ids);
        struct dl_log log;
        dl_log_init(&log, NULL, false);
        struct dl_suppressions *s =
                dl_suppressions_parse(FUZZ_FILE, (const char *)data, size, ids, n_ids, &log);
        unsigned lines = 1;
        for (size_t i = 0; i < size; i++)
                lines += data[i] == '\n';
        for (unsigned line = 0; line <= lines + 1 && line < 512; line++) {
                dl_suppressions_match(s, "scan", line);
                dl_suppressions_match(s, "no-such-check", line);
        }
        dl_suppressions_report_unused(s, &log, NULL, NULL);
        dl_suppressions_free(s);
        dl_log_fini(&log);
        return 0;
}
