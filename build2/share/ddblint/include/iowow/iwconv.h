/* iowow/iwconv.h - ddblint's stub of iowow's number conversions; see
 * basedefs.h. Declarations only.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_IOWOW_IWCONV_H
#define DDBLINT_STUB_IOWOW_IWCONV_H

#include "basedefs.h"

#define IWNUMBUF_SIZE 32

IW_EXTERN_C_START

IW_EXPORT int64_t iwatoi(const char *str);
IW_EXPORT size_t iwitoa(int64_t v, char *buf, size_t max);
IW_EXPORT double iwatof(const char *str);

IW_EXTERN_C_END

#endif
