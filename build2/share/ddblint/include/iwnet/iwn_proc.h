/* iwnet/iwn_proc.h - ddblint's stub of iwnet's child processes (aws4's
 * tests start DynamoDB Local with it). Declarations only.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_IWNET_IWN_PROC_H
#define DDBLINT_STUB_IWNET_IWN_PROC_H

#include "iwn_poller.h"

IW_EXTERN_C_START

struct iwn_proc_ctx {
        int pid;
        void *user_data;
        int exit_code;
};

struct iwn_proc_spec {
        struct iwn_poller *poller;
        const char *path;
        const char **args;
        const char **env;
        void *user_data;
        void (*on_stdout)(const struct iwn_proc_ctx *ctx, const char *buf, size_t len);
        void (*on_stderr)(const struct iwn_proc_ctx *ctx, const char *buf, size_t len);
        void (*on_exit)(const struct iwn_proc_ctx *ctx);
        int parent_death_signal;
};

IW_EXPORT iwrc iwn_proc_spawn(const struct iwn_proc_spec *spec, int *out_pid);
IW_EXPORT void iwn_proc_dispose(void);

IW_EXTERN_C_END

#endif
