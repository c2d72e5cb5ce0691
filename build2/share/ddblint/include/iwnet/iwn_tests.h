/* iwnet/iwn_tests.h - ddblint's stub of iwnet's test assertions (aws4's
 * tests use them). Declarations only.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_IWNET_IWN_TESTS_H
#define DDBLINT_STUB_IWNET_IWN_TESTS_H

#include <iowow/basedefs.h>

#include <stdio.h>

IW_EXTERN_C_START
extern int iwn_assertions_failed;
IW_EXTERN_C_END

/* Count a failed assertion and go on; the _FATAL form exits. */
#define IWN_ASSERT(expr__)                                                         \
        if (!(expr__)) {                                                           \
                fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #expr__);       \
                ++iwn_assertions_failed;                                           \
        }
#define IWN_ASSERT_FATAL(expr__)                                                   \
        if (!(expr__)) {                                                           \
                fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #expr__);       \
                ++iwn_assertions_failed;                                           \
                return IW_ERROR_ASSERTION;                                         \
        }

#endif
