/* fuzz_baseline.c - the baseline reader (--baseline FILE): the input is the
 * file; a loaded baseline is asked for a fingerprint it may hold.
 * SPDX-License-Identifier: MIT
 */
#include "fuzz.h"

#include "findings/baseline.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        const char *path = fuzz_file("baseline.json", data, size);
        struct dl_baseline *b = NULL;
        struct dl_error err;
        dl_error_init(&err);
        if (dl_baseline_load(path, &b, &err) == DL_OK) {
                dl_baseline_size(b);
                dl_baseline_contains(b, "0123456789abcdef0123456789abcdef"
                                        "0123456789abcdef0123456789abcdef");
        } else {
                free(dl_error_format(&err));
        }
        dl_baseline_free(b);
        dl_error_fini(&err);
        return 0;
}
