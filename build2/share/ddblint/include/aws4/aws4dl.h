/* aws4/aws4dl.h - ddblint's stub of aws4's distributed lock on a DynamoDB
 * table (aws4dl.h), written for ddblint from the library's public API
 * (aws4 1.0.2, git 9899bd5); used only when the real header is not on the
 * include path (-idirafter). Declarations only.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_AWS4_AWS4DL_H
#define DDBLINT_STUB_AWS4_AWS4DL_H

#include "aws4.h"

#include <iwnet/iwn_poller.h>

IW_EXTERN_C_START

#define AWS4DL_FLAG_HEARTBEAT_NONE 0x01U
#define AWS4DL_FLAG_HEARTBEAT_ONCE 0x02U
#define AWS4DL_FLAG_TABLE_TTL_NOAUTO 0x04U
#define AWS4DL_FLAG_TABLE_TTL_PASSIVE 0x08U

struct aws4dl_lock_spec {
        const char *resource_name;
        const char *table_name;
        const char *pk_name;
        const char *sk_name;
        uint32_t lock_enqueued_ttl_sec;
        uint32_t lock_enqueued_wait_sec;
        uint32_t lock_enqueued_poll_ms;
        uint32_t lock_check_page_size;
        uint32_t flags;
};

struct aws4dl_lock_acquire_spec {
        struct iwn_poller *poller;
        struct aws4_request_spec request;
        struct aws4dl_lock_spec lock_spec;
};

struct aws4dl_lock;

iwrc aws4dl_lock_acquire(const struct aws4dl_lock_acquire_spec *spec,
                         struct aws4dl_lock **out_lpp);
iwrc aws4dl_lock_release(struct aws4dl_lock **lpp);

IW_EXTERN_C_END

#endif
