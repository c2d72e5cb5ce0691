/* eval.h - folding constant string, int, bool and enum arguments into
 * tri-state template values (struct dl_value).
 * SPDX-License-Identifier: MIT
 *
 * Strings: literals (escapes, adjacent-literal concatenation, raw strings,
 * u8/u/U/L prefixes), macros expanding to literals, const / constexpr /
 * static const char * variables and class static constants of the same
 * TU, Aws::String / std::string built from those with +, and local strings
 * grown with += and append before the use. Anything else is a hole; an
 * entirely unknown value is DL_VAL_DYNAMIC.
 *
 * Locations: every known byte carries a location (segment locs): the
 * literal's own bytes (through escapes and concatenation) when written at
 * the use, else the expansion point of the macro or the place the constant
 * is used; dl_value.origin then names the #define or the constant.
 *
 * Ownership: values live in the arena of ev->cx. No recursion is unbounded:
 * folding stops at DL_EVAL_MAX_DEPTH nested expressions (a hole beyond).
 */
#ifndef DL_FRONTEND_EVAL_H
#define DL_FRONTEND_EVAL_H

#include "../core/loc.h"
#include "../model/request.h"
#include "../model/template.h"
#include "body.h"
#include "literal.h"

#include <clang-c/Index.h>
#include <stdbool.h>

struct dl_cx;

#define DL_EVAL_MAX_DEPTH 48


struct dl_eval {
        struct dl_cx *cx;
        const struct dl_body *body; /* may be NULL: no local-variable tracking */
        unsigned use_off;           /* offset of the use (for local strings) */
};

/**
 * dl_eval_string - fold the string expression e.
 * @param at  the location recorded as the value's loc (where it is set).
 * Returns: DL_VAL_KNOWN (a template, maybe with holes) or DL_VAL_DYNAMIC.
 */
struct dl_value dl_eval_string(struct dl_eval *ev, CXCursor e, struct dl_loc at);
/** dl_eval_int - integer constant ("25") or DL_VAL_DYNAMIC. */
struct dl_value dl_eval_int(struct dl_eval *ev, CXCursor e, struct dl_loc at);
/** dl_eval_bool - "true"/"false" or DL_VAL_DYNAMIC. */
struct dl_value dl_eval_bool(struct dl_eval *ev, CXCursor e, struct dl_loc at);
/** dl_eval_enum - the enumerator's name ("COUNT") or DL_VAL_DYNAMIC. */
struct dl_value dl_eval_enum(struct dl_eval *ev, CXCursor e, struct dl_loc at);

#endif
