/* fuzz_json_request.c - the reader of low-level JSON request bodies
 * (model/json_request.h), then every check on the request it fills.
 * Input: byte 0 the operation (fuzz_op in fuzz.h), byte 1 the API version
 * (odd: 2011-12-05), then the body as a template (fuzz_value).
 * SPDX-License-Identifier: MIT
 */
#include "fuzz.h"

#include "core/arena.h"
#include "model/json_request.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        if (size < 2)
                return 0;
        struct dl_arena a;
        dl_arena_init(&a);
        struct dl_request *req = dl_arena_alloc(&a, sizeof *req);
        fuzz_request_init(req, fuzz_op(data[0]), 1);
        enum dl_api_version api = data[1] & 1 ? DL_API_20111205 : DL_API_20120810;
        struct dl_value body = fuzz_value(&a, data + 2, size - 2, 2);
        struct dl_json_result res;
        dl_json_request_read(&a, &body, api, req, &res);
        fuzz_check(&a, req);
        dl_arena_fini(&a);
        return 0;
}
