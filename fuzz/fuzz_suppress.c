/* fuzz_suppress.c - the inline suppression parser (findings/suppress.h) on
 * a source file's text: every directive found, each line asked whether a
 * finding of 'scan' (and of an unknown id) there is suppressed, then the
 * unused ids reported.
 * SPDX-License-Identifier: MIT
 */
#include "fuzz.h"

#include "core/alloc.h"
#include "core/log.h"
#include "findings/suppress.h"

#include <stdlib.h>

static const char **ids;
static size_t n_ids;

static void free_ids(void)
{
        free(ids);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
        (void)argc;
        (void)argv;
        const struct dl_catalogue *cat = dl_catalogue_get();
        ids = dl_xcalloc(cat->n, sizeof *ids);
        for (size_t i = 0; i < cat->n; i++)
                ids[i] = cat->checks[i]->info->id;
        n_ids = cat->n;
        atexit(free_ids);
        return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
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
