/* iowow/basedefs.h - ddblint's stub of Softmotions iowow's base definitions,
 * the part aws4 (aws4dd.h) and its users rely on: iwrc, the export and
 * extern "C" macros, error codes and the RCC/RCB error-check macros (the
 * same meaning: rc = expr, on a non-zero rc goto label). Written for ddblint
 * from iowow's public API; used only when the real header is not on the
 * include path (-idirafter). Declarations only.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_IOWOW_BASEDEFS_H
#define DDBLINT_STUB_IOWOW_BASEDEFS_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
#define IW_EXTERN_C_START extern "C" {
#define IW_EXTERN_C_END }
#else
#define IW_EXTERN_C_START
#define IW_EXTERN_C_END
#endif
#define IW_EXPORT __attribute__((visibility("default")))
#define IW_STATIC_NTESTS static
#define IW_LLEN(l__) (sizeof(l__) - 1)

IW_EXTERN_C_START

typedef uint64_t iwrc;

typedef enum {
        IW_ERROR_START = 70000L,
        IW_ERROR_FAIL,
        IW_ERROR_ERRNO,
        IW_ERROR_IO_ERRNO,
        IW_ERROR_AGAIN,
        IW_ERROR_NOT_EXISTS,
        IW_ERROR_READONLY,
        IW_ERROR_ALREADY_OPENED,
        IW_ERROR_THREADING,
        IW_ERROR_THREADING_ERRNO,
        IW_ERROR_ASSERTION,
        IW_ERROR_INVALID_HANDLE,
        IW_ERROR_OUT_OF_BOUNDS,
        IW_ERROR_NOT_IMPLEMENTED,
        IW_ERROR_ALLOC,
        IW_ERROR_INVALID_STATE,
        IW_ERROR_NOT_ALIGNED,
        IW_ERROR_FALSE,
        IW_ERROR_INVALID_ARGS,
        IW_ERROR_OVERFLOW,
        IW_ERROR_INVALID_VALUE,
        IW_ERROR_UNEXPECTED_RESPONSE,
        IW_ERROR_OPERATION_TIMEOUT,
        IW_ERROR_END,
} iw_ecode;

iwrc iwrc_set_errno(iwrc rc, int errno_code);

IW_EXTERN_C_END

#define RCGO(rc__, label__) if (rc__) goto label__
#define RCHECK(rc__, label__, expr__) \
        rc__ = expr__;                \
        RCGO(rc__, label__)
#define RCC(rc__, label__, expr__) RCHECK(rc__, label__, expr__)
#define RCGA(v__, label__)                                   \
        if (!(v__)) {                                        \
                rc = iwrc_set_errno(IW_ERROR_ALLOC, errno);  \
                goto label__;                                \
        }
#define RCB(label__, v__) RCGA(v__, label__)
#define RCA(v__, label__) RCGA(v__, label__)
#define RCR(expr__)                    \
        do {                           \
                iwrc rc__ = (expr__);  \
                if (rc__)              \
                        return rc__;   \
        } while (0)

#endif
