/* iwnet/iwn_scheduler.h - ddblint's stub of iwnet's timer tasks.
 * Declarations only.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_IWNET_IWN_SCHEDULER_H
#define DDBLINT_STUB_IWNET_IWN_SCHEDULER_H

#include "iwn_poller.h"

IW_EXTERN_C_START

struct iwn_scheduler_spec {
        void (*task_fn)(void *user_data);
        void (*on_cancel)(void *user_data);
        void *user_data;
        struct iwn_poller *poller;
        uint32_t timeout_ms;
};

IW_EXPORT iwrc iwn_schedule(const struct iwn_scheduler_spec *spec);
IW_EXPORT iwrc iwn_schedule2(const struct iwn_scheduler_spec *spec, int *out_fd);

IW_EXTERN_C_END

#endif
