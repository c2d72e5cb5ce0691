/* eval.h - folding constant string, int, bool and enum arguments into
 * tri-state template values (struct dl_value).
 * SPDX-License-Identifier: MIT
 *
 * Strings: literals (escapes, adjacent-literal concatenation, raw strings,
 * u8/u/U/L prefixes), macros expanding to literals (object-like and
 * function-like, arguments substituted, `#` stringizing), const / constexpr /
 * static const char * variables and class static constants of the same
 * TU, and the string functions of string_functions.def, one table driving
 * one folding routine: C buffers written by snprintf, sprintf, asprintf,
 * strcpy, strcat and their bounded variants (text that a bound may cut is
 * a hole), std::to_string, std::format / fmt::format, operator+, local
 * std::string / Aws::String grown with +=, append and =, local
 * std::ostringstream written with << (std::put_time included) and read
 * with str(). Writes count in source order before the use, each applied
 * by the C buffer model (buffer.h), which also joins the writes of an if's
 * branches and of a loop; a write in other conditional code, or a
 * reference that may write the object, makes it a hole.
 *
 * Typed holes (model/template.h): an integer known at run time is
 * <digits>, `x % N` and a uniform_int_distribution over [0, N-1] are
 * <shard:N> (a local integer initialized so and not written before the use
 * too), a bool <bool>, an enum-typed value <enum:...> with its
 * enumerators' values, a struct tm field a <date:...> of its grain;
 * strftime / put_time / chrono specs a <date:...>; a ?: of literals, a
 * constant array of literals indexed at run time, and a call of a
 * non-virtual function defined in the TU whose every return is one of
 * those are <one-of:...> (one value: known text; the keys "P0".."P<N-1>":
 * "P" and <shard:N>). Anything else is a hole with nothing known; an
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

struct dl_eval;

/* Function summaries (recognize/summary.h, docs/architecture.md "Function
 * summaries"): what a call of a project function gives, asked by the
 * folding when a call is no function of the table. Either member may be
 * NULL. */
struct dl_eval_hooks {
        /* Append to t the string call (a call expression) returns; false
         * (nothing appended) when its callee has no summary. depth is the
         * folding depth at the call. */
        bool (*call_value)(void *data, struct dl_eval *ev, CXCursor call, struct dl_tmpl *t,
                           unsigned depth);
        /* Append to t the text call writes into the object passed as its
         * argument arg (0-based: a char buffer, a std::string by
         * reference); false (nothing appended) when not known to. */
        bool (*fill_value)(void *data, struct dl_eval *ev, CXCursor call, unsigned arg,
                           struct dl_tmpl *t, unsigned depth);
        void *data;
};

/* The parameters of fn are bound to the arguments of call, folded in
 * caller (a summary applied at a call).
 *
 * Export (caller NULL, call a null cursor: a helper made for other files,
 * model/helper.h): a bound parameter of a string type folds to a hole
 * that names it (struct dl_hole.param), and a write whose bound is a
 * bound parameter (`snprintf(out, n, ...)`) is not cut here: *bound
 * receives that parameter (1-based) when it is the function's last write
 * of the text and a copy or a print, else UINT_MAX (the caller cuts the
 * text at its own size: dl_buffer_write). */
struct dl_eval_bind {
        CXCursor fn;
        CXCursor call;
        struct dl_eval *caller;
        unsigned long long params; /* bit i: parameter i is bound (the
                                      function never changes it) */
        unsigned *bound;           /* export only; else NULL */
};

struct dl_eval {
        struct dl_cx *cx;
        const struct dl_body *body; /* may be NULL: no local-variable tracking */
        unsigned use_off;           /* offset of the use (for local strings) */
        /* The expression is a whole JSON request body: a C buffer whose
         * last write's bound may cut it reads as its whole text, then a
         * hole (buffer.h: a cut body is rejected by DynamoDB). */
        bool document;
        const struct dl_eval_hooks *hooks; /* may be NULL: no summaries */
        const struct dl_eval_bind *bind;   /* may be NULL: parameters are holes */
};

/**
 * dl_eval_string - fold the string expression e.
 * @param at  the location recorded as the value's loc (where it is set).
 * Returns: DL_VAL_KNOWN (a template, maybe with holes) or DL_VAL_DYNAMIC.
 */
struct dl_value dl_eval_string(struct dl_eval *ev, CXCursor e, struct dl_loc at);
/**
 * dl_eval_fold - append the string expression e, folded at nesting depth
 * depth (a hole beyond DL_EVAL_MAX_DEPTH), to t (its arena holds what is
 * appended). For summaries: ev may bind parameters (struct dl_eval_bind).
 */
void dl_eval_fold(struct dl_eval *ev, CXCursor e, struct dl_tmpl *t, unsigned depth);
/**
 * dl_eval_fill - append to t the contents the parameter param (a char *
 * or a std::string by reference) of the function whose body is ev->body
 * holds at offset ev->use_off, as written by the string functions of the
 * table in source order; contents written on some paths only, appended to
 * what the caller passed, or handed to code ddblint does not follow are
 * one hole. Returns: false (a hole appended) when nothing is known.
 */
bool dl_eval_fill(struct dl_eval *ev, CXCursor param, struct dl_tmpl *t, unsigned depth);
/**
 * dl_eval_written_arg - the argument (0-based) call writes a C string
 * into when it is a copy, print, concatenation, strftime or memcpy of the
 * table of string functions (string_functions.def); -1 otherwise.
 */
int dl_eval_written_arg(CXCursor call);
/**
 * dl_eval_size - the integer e is at ev (a bound, `sizeof buf`), through
 * the arguments a summary's parameters are bound to.
 * Returns: true and *out (> 0) when clang evaluates it to a positive
 * integer; false otherwise (*out untouched).
 */
bool dl_eval_size(struct dl_eval *ev, CXCursor e, long long *out);
/**
 * dl_eval_expr_source - the expression e as written (whitespace runs as one
 * space), at most 80 bytes, for messages. Returns: a string in the arena of
 * ev->cx; NULL when e is not one span of one file.
 */
const char *dl_eval_expr_source(struct dl_eval *ev, CXCursor e);
/** dl_eval_int - integer constant ("25") or DL_VAL_DYNAMIC. */
struct dl_value dl_eval_int(struct dl_eval *ev, CXCursor e, struct dl_loc at);
/** dl_eval_bool - "true"/"false" or DL_VAL_DYNAMIC. */
struct dl_value dl_eval_bool(struct dl_eval *ev, CXCursor e, struct dl_loc at);
/** dl_eval_enum - the enumerator's name ("COUNT") or DL_VAL_DYNAMIC. */
struct dl_value dl_eval_enum(struct dl_eval *ev, CXCursor e, struct dl_loc at);

#endif
