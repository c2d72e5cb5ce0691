/* fuzz_partiql.c - the PartiQL statement parser and the checks that read
 * statements (partiql-full-scan, expression-syntax, reserved-word): the
 * input is the Statement of an ExecuteStatement request, as a template
 * (fuzz_value in fuzz.h).
 * SPDX-License-Identifier: MIT
 */
#include "fuzz.h"

#include "core/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_request *req = dl_arena_alloc(&a, sizeof *req);
        fuzz_request_init(req, DL_OP_EXECUTE_STATEMENT, 1);
        req->fields[DL_FIELD_STATEMENT] = fuzz_value(&a, data, size, 2);
        fuzz_check(&a, req);
        dl_arena_fini(&a);
        return 0;
}
