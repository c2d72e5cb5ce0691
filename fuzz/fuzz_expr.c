/* fuzz_expr.c - the expression parser with placeholder resolution and every
 * check, on a request that the input describes (fuzz_request in fuzz.h):
 * its five expressions, names, values, key, item, table and index,
 * batch and transaction members.
 * SPDX-License-Identifier: MIT
 */
#include "fuzz.h"

#include "core/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        struct dl_arena a;
        dl_arena_init(&a);
        fuzz_check(&a, fuzz_request(&a, data, size));
        dl_arena_fini(&a);
        return 0;
}
