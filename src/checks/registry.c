/* registry.c - the catalogue built from checks.def.
 * SPDX-License-Identifier: MIT
 */
#include "check.h"

#include <string.h>

#define DL_CHECK(ident, id, summary, sev, tags) extern const struct dl_check dl_check_##ident;
#include "checks.def"
#undef DL_CHECK

static const struct dl_check *const all[] = {
#define DL_CHECK(ident, id, summary, sev, tags) &dl_check_##ident,
#include "checks.def"
#undef DL_CHECK
};

static const struct dl_catalogue catalogue = {all, sizeof all / sizeof all[0]};

const struct dl_catalogue *dl_catalogue_get(void)
{
        return &catalogue;
}

const struct dl_check *dl_catalogue_find(const char *id)
{
        for (size_t i = 0; i < catalogue.n; i++) {
                if (strcmp(all[i]->info->id, id) == 0)
                        return all[i];
        }
        return NULL;
}
