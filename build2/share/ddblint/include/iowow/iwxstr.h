/* iowow/iwxstr.h - ddblint's stub of iowow's growable string (IWXSTR); see
 * basedefs.h. Declarations only.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_IOWOW_IWXSTR_H
#define DDBLINT_STUB_IOWOW_IWXSTR_H

#include "basedefs.h"

IW_EXTERN_C_START

typedef struct _IWXSTR IWXSTR;

IW_EXPORT IWXSTR *iwxstr_new(void);
IW_EXPORT IWXSTR *iwxstr_new_printf(const char *format, ...)
        __attribute__((format(printf, 1, 2)));
IW_EXPORT void iwxstr_destroy(IWXSTR *xstr);
IW_EXPORT char *iwxstr_ptr(IWXSTR *xstr);
IW_EXPORT size_t iwxstr_size(IWXSTR *xstr);
IW_EXPORT void iwxstr_clear(IWXSTR *xstr);
IW_EXPORT iwrc iwxstr_cat(IWXSTR *xstr, const void *buf, size_t size);
IW_EXPORT iwrc iwxstr_cat2(IWXSTR *xstr, const char *buf);
IW_EXPORT iwrc iwxstr_printf(IWXSTR *xstr, const char *format, ...)
        __attribute__((format(printf, 2, 3)));

IW_EXTERN_C_END

#endif
