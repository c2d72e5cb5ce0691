/* status.c - names of status codes.
 * SPDX-License-Identifier: MIT
 */
#include "status.h"

const char *dl_status_str(enum dl_status s)
{
        switch (s) {
        case DL_OK: return "ok";
        case DL_ERR_IO: return "i/o error";
        case DL_ERR_PARSE: return "parse error";
        case DL_ERR_CONFIG: return "configuration error";
        case DL_ERR_CLANG: return "libclang error";
        case DL_ERR_UNSUPPORTED: return "unsupported construct";
        }
        return "unknown status";
}
