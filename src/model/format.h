/* format.h - printf, strftime and std::format formats applied to typed
 * templates, as pure functions (no libclang): the frontend folds a call's
 * arguments into templates and asks here what text the call makes.
 * SPDX-License-Identifier: MIT
 *
 * Sources of the format languages: ISO C11 7.21.6.1 (fprintf) and 7.27.3.5
 * (strftime), POSIX strftime, glibc's flags (%-d, %_d, %0d, %^a, %#Z) and
 * its %k %l %P %s conversions, and C++20 [format.string.std] and
 * [time.format] (std::format and std::chrono; fmt::format follows them).
 *
 * What comes out (appended to a struct dl_tmpl, model/template.h):
 *  - the format's own known bytes keep their source locations and origins,
 *    so a finding can point inside the format literal;
 *  - printf: %s and {} of a string argument inline its template; %d %i %u
 *    %x %X %o (any length modifier) and {} {:d} {:x}... of a known integer
 *    give its text (flags, width and precision applied); of an integer
 *    known only at run time a hole of the argument's shape (a shard stays a
 *    shard, an enum an enum), or <digits> when nothing more is known;
 *    %c of a known integer its byte; %f %e %g %a %p and %c of an unknown
 *    value a hole with nothing known; %% a '%';
 *  - strftime (also std::put_time, and a std::format / fmt chrono spec such
 *    as {:%Y-%m-%d}): literal text before the first and after the last
 *    conversion stays known; the conversions and the text between them
 *    become one <date:FORMAT> hole whose granularity is the finest unit any
 *    conversion shows (%Y year, %m month, %U week, %d day, %H hour, %M
 *    minute, %S second...);
 *  - anything not understood (a conversion that does not match its
 *    argument's type, too few arguments, %n, positional %1$d, a hole inside
 *    the format, an unknown conversion, dynamic widths of std::format)
 *    makes the rest of the output one hole with nothing known. Never a
 *    guess.
 *
 * Bad input is bounded: widths and precisions above DL_FORMAT_MAX_WIDTH
 * make the conversion a hole; the work is linear in the format's length.
 * Ownership: everything appended lives in the builder's arena.
 */
#ifndef DL_MODEL_FORMAT_H
#define DL_MODEL_FORMAT_H

#include "../core/loc.h"
#include "request.h"
#include "template.h"

#include <stdbool.h>
#include <stddef.h>

/* Widest field (and longest precision) rendered as text, in bytes. */
#define DL_FORMAT_MAX_WIDTH 4096

/* The C/C++ type of a format argument, as the frontend sees it. */
enum dl_fmt_type {
        DL_FMT_STRING,   /* char *, std::string, Aws::String, string_view */
        DL_FMT_SIGNED,   /* a signed integer, or a char / enum promoted */
        DL_FMT_UNSIGNED, /* an unsigned integer (size_t, uint64_t...) */
        DL_FMT_BOOL,     /* bool (std::format prints true/false) */
        DL_FMT_CHAR,     /* char given to std::format (prints the character) */
        DL_FMT_FLOAT,    /* float, double, long double */
        DL_FMT_POINTER,  /* any other pointer */
        DL_FMT_TIME,     /* std::tm or a std::chrono time point (std::format) */
        DL_FMT_OTHER,    /* anything else: matches no conversion */
};

struct dl_fmt_arg {
        enum dl_fmt_type type;
        /* STRING: the string's template. Integers: the decimal text when
         * known ("-42"), else a value whose only segment is a shaped hole
         * (a shard, an enum...), else DYNAMIC. BOOL: "true"/"false", or a
         * hole. CHAR: the one byte when known. Other types: not read. */
        struct dl_value value;
};

/**
 * dl_format_printf - append what printf(fmt, args...) writes to out.
 * @param fmt     the format's template (holes allowed: the rest of the
 *                output from the first hole on is a hole).
 * @param args    the variadic arguments in order; n_args of them.
 * @param at      the location of text the format computes (digits of a
 *                known integer): the call.
 * Returns: true when the whole format was understood; false when (part
 * of) the output became a hole because something was not (see above).
 */
bool dl_format_printf(struct dl_tmpl *out, const struct dl_value *fmt,
                      const struct dl_fmt_arg *args, size_t n_args, struct dl_loc at);

/**
 * dl_format_strftime - append what strftime(buf, n, fmt, tm) writes to out
 * (also std::put_time(tm, fmt)). The buffer is assumed large enough; the
 * time itself is never known.
 * @param source  what the time was built from, as written ("now"), or NULL;
 *                copied into the date hole's shape.
 * Returns: true when the whole format was understood.
 */
bool dl_format_strftime(struct dl_tmpl *out, const struct dl_value *fmt, struct dl_loc at,
                        const char *source);

/**
 * dl_format_std - append what std::format(fmt, args...) (and
 * fmt::format) writes to out: {} {0} {:spec} with automatic or manual
 * argument ids, {{ and }}, the standard specs for strings, integers, bool
 * and char, and chrono specs ({:%Y-%m-%d}) for DL_FMT_TIME arguments.
 * A time argument without a spec is "%F %T" (second granularity). Nested
 * replacement fields in a spec ({:{}}) and the L (locale) option are not
 * understood.
 * Returns: true when the whole format was understood.
 */
bool dl_format_std(struct dl_tmpl *out, const struct dl_value *fmt, const struct dl_fmt_arg *args,
                   size_t n_args, struct dl_loc at);

/**
 * dl_format_time_grain - the finest unit the strftime conversions of
 * fmt (len bytes, fully known) show.
 * @param ok  set to false when fmt holds a conversion that is not a known
 *            strftime conversion (or a '%' at its end); may be NULL.
 * Returns: the grain; DL_GRAIN_NONE when fmt shows no date or time field.
 */
enum dl_time_grain dl_format_time_grain(const char *fmt, size_t len, bool *ok);

#endif
