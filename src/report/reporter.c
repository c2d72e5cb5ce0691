/* reporter.c - what every reporter shares.
 * SPDX-License-Identifier: MIT
 */
#include "reporter.h"

const char *dl_reporter_error(const struct dl_reporter *r)
{
        return r ? r->error : NULL;
}
