/* registry.c - the table of compiled-in recognizers, built from
 * recognizers.def.
 * SPDX-License-Identifier: MIT
 */
#include "recognizer.h"

static const struct dl_recognizer *const table[] = {
#define DL_RECOGNIZER(sym, id) &(sym),
#include "recognizers.def"
#undef DL_RECOGNIZER
};

const struct dl_recognizer *const *dl_recognizers(size_t *n)
{
        *n = sizeof table / sizeof table[0];
        return table;
}
