/* iwnet/iwn_poller.h - ddblint's stub of iwnet's event poller (aws4dl's
 * lock heartbeat and aws4's tests run on one). Declarations only.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_IWNET_IWN_POLLER_H
#define DDBLINT_STUB_IWNET_IWN_POLLER_H

#include <iowow/basedefs.h>

IW_EXTERN_C_START

struct iwn_poller;

IW_EXPORT iwrc iwn_poller_create(int num_threads, int one_shot_events, struct iwn_poller **out);
IW_EXPORT void iwn_poller_poll(struct iwn_poller *p);
IW_EXPORT void iwn_poller_shutdown_request(struct iwn_poller *p);
IW_EXPORT void iwn_poller_destroy(struct iwn_poller **pp);
IW_EXPORT void iwn_poller_remove(struct iwn_poller *p, int fd);

IW_EXTERN_C_END

#endif
