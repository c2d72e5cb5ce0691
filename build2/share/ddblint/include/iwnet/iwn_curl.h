/* iwnet/iwn_curl.h - ddblint's stub of Softmotions iwnet's libcurl helpers
 * header, which aws4.h includes; only libcurl itself is needed by aws4's
 * API. Used only when the real header is not on the include path.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_IWNET_IWN_CURL_H
#define DDBLINT_STUB_IWNET_IWN_CURL_H

#include <curl/curl.h>
#include <iowow/basedefs.h>

#endif
