/* info.h - DL_CHECK_INFO(ident): the struct dl_check_info of a check,
 * taken from its checks.def line, for use inside src/checks/<ident>.c.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CHECKS_INFO_H
#define DL_CHECKS_INFO_H

#include "check.h"

#define DL_DOCS_BASE "https://github.com/ddblint/ddblint/blob/main/docs/checks/"

/* Expands to a static const struct dl_check_info named info_<ident>, for
 * every check; unused ones are dropped by the compiler. */
#define DL_CHECK(ident, id, summary, sev, tags)                                     \
        static const struct dl_check_info info_##ident __attribute__((unused)) = {  \
                id, summary, DL_SEV_##sev, tags, DL_DOCS_BASE id ".md"};
#include "checks.def"
#undef DL_CHECK

#endif
