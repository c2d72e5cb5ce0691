/* loc.c - source locations.
 * SPDX-License-Identifier: MIT
 */
#include "loc.h"

#include <string.h>

bool dl_loc_valid(const struct dl_loc *loc)
{
        return loc && loc->file && loc->line > 0;
}

int dl_loc_cmp(const struct dl_loc *a, const struct dl_loc *b)
{
        bool va = dl_loc_valid(a), vb = dl_loc_valid(b);
        if (va != vb)
                return va ? 1 : -1;
        if (!va)
                return 0;
        int c = strcmp(a->file, b->file);
        if (c)
                return c;
        if (a->line != b->line)
                return a->line < b->line ? -1 : 1;
        if (a->col != b->col)
                return a->col < b->col ? -1 : 1;
        return 0;
}
