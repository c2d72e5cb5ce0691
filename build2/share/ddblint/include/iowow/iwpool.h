/* iowow/iwpool.h - ddblint's stub of iowow's memory pool (IWPOOL); see
 * basedefs.h. Declarations only.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_IOWOW_IWPOOL_H
#define DDBLINT_STUB_IOWOW_IWPOOL_H

#include "basedefs.h"

IW_EXTERN_C_START

typedef struct _IWPOOL IWPOOL;

IW_EXPORT IWPOOL *iwpool_create(size_t siz);
IW_EXPORT IWPOOL *iwpool_create_empty(void);
IW_EXPORT void iwpool_destroy(IWPOOL *pool);
IW_EXPORT void iwpool_ref(IWPOOL *pool);
IW_EXPORT void *iwpool_alloc(size_t siz, IWPOOL *pool);
IW_EXPORT void *iwpool_calloc(size_t siz, IWPOOL *pool);
IW_EXPORT char *iwpool_strdup(IWPOOL *pool, const char *str, iwrc *rcp);
IW_EXPORT char *iwpool_strdup2(IWPOOL *pool, const char *str);
IW_EXPORT char *iwpool_printf(IWPOOL *pool, const char *format, ...)
        __attribute__((format(printf, 2, 3)));

IW_EXTERN_C_END

#endif
