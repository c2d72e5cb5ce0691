/* iwnet/iwn_url.h - ddblint's stub of iwnet's URL parsing. Declarations only.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_IWNET_IWN_URL_H
#define DDBLINT_STUB_IWNET_IWN_URL_H

#include <iowow/basedefs.h>

IW_EXTERN_C_START

struct iwn_url {
        const char *scheme;
        const char *host;
        const char *path;
        const char *query;
        const char *fragment;
        const char *username;
        const char *password;
        int port;
};

IW_EXPORT int iwn_url_parse(struct iwn_url *url, char *u);

IW_EXTERN_C_END

#endif
