/* iowow/iwp.h - ddblint's stub of iowow's platform functions (time, sleep);
 * see basedefs.h. Declarations only.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_IOWOW_IWP_H
#define DDBLINT_STUB_IOWOW_IWP_H

#include "basedefs.h"

IW_EXTERN_C_START

IW_EXPORT iwrc iwp_current_time_ms(uint64_t *time, bool monotonic);
IW_EXPORT iwrc iwp_sleep(uint64_t ms);

IW_EXTERN_C_END

#endif
