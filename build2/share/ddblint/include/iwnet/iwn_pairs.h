/* iwnet/iwn_pairs.h - ddblint's stub of iwnet's key/value lists (headers,
 * query strings). Declarations only.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_IWNET_IWN_PAIRS_H
#define DDBLINT_STUB_IWNET_IWN_PAIRS_H

#include <iowow/iwpool.h>

#include <sys/types.h>

IW_EXTERN_C_START

struct iwn_pair {
        const char *key;
        char *val;
        size_t key_len;
        size_t val_len;
        struct iwn_pair *next;
};

struct iwn_pairs {
        struct iwn_pair *first;
        struct iwn_pair *last;
};

IW_EXPORT iwrc iwn_pair_add_pool(IWPOOL *pool, struct iwn_pairs *pairs, const char *key,
                                 ssize_t key_len, char *val, ssize_t val_len);
IW_EXPORT struct iwn_pair *iwn_pair_find(struct iwn_pairs *pairs, const char *key,
                                         ssize_t key_len);

IW_EXTERN_C_END

#endif
