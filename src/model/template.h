/* template.h - typed templates: building string values from known text with
 * per-byte locations and holes, each hole saying what is known of it.
 * SPDX-License-Identifier: MIT
 *
 * A template (struct dl_value, model/request.h) is a sequence of segments:
 * known text, or a hole standing for a part only known at run time. A hole
 * carries a shape (struct dl_hole) when something is known of the text it
 * stands for:
 *
 *   shape     the hole's text at run time is            dump
 *   (none)    anything                                   <?>
 *   DIGITS    an integer's digits (a sign may lead)      <digits>
 *   ONE_OF    one of a finite set of strings              <one-of:A|B>
 *   BOOL      one of two values (a boolean rendered)      <bool>
 *   ENUM      rendered from an enumeration's value        <enum:Status=A|B|C>
 *   DATE      a date or time in a strftime format         <date:%Y-%m-%d>
 *   SHARD     a value modulo N: an integer in [0, N), or   <shard:16>
 *             in (-N, N) when the dividend is signed
 *
 * Dump syntax (dl_hole_dump): '<', the kind's keyword, then for the kinds
 * with data ':' and the data, then '>'. Strings inside a shape (values,
 * enum name, date format) are escaped as dl_value_dump escapes known text
 * ('"', '\\', '<' and bytes outside 0x20..0x7e as \", \\, \< and \xHH) and
 * in addition '|', '>' and '=' as \|, \> and \=, so the rendering parses
 * back unambiguously. Values print in the order the shape lists them. The
 * syntax is stable: recognizer fixtures compare it byte for byte.
 *
 * Holes are never guessed: the frontend gives a hole a shape only when the
 * code proves it (docs/architecture.md, "Values are tri-state"); anything
 * else is a hole with no shape.
 *
 * The builder (struct dl_tmpl) appends known bytes (each with its source
 * location, and the place it is written when that is elsewhere: a
 * #define's literal, a constant's initializer) and holes, and turns them
 * into a struct dl_value. Adjacent holes without shapes are one hole; a
 * hole with a shape is kept apart from its neighbours (`<?><shard:8>` stays
 * two holes: the shard suffix is still proven).
 *
 * Ownership: a builder allocates its working buffers on the heap
 * (dl_tmpl_fini releases them); everything a finished value or a shape
 * points to lives in the builder's arena. Shapes passed in are borrowed
 * and must live in that arena too (dl_hole_new copies one there).
 */
#ifndef DL_MODEL_TEMPLATE_H
#define DL_MODEL_TEMPLATE_H

#include "../core/loc.h"
#include "../core/strbuf.h"
#include "../core/vec.h"
#include "request.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_arena;

/* Known text longer than this keeps no per-byte locations (memory bound). */
#define DL_TMPL_MAX_LOCS (1u << 20)

enum dl_hole_kind {
        DL_HOLE_UNKNOWN = 0,
        DL_HOLE_DIGITS,
        DL_HOLE_ONE_OF,
        DL_HOLE_BOOL,
        DL_HOLE_ENUM,
        DL_HOLE_DATE,
        DL_HOLE_SHARD,
};

/* The finest unit of time a formatted date or time shows, coarsest first. */
enum dl_time_grain {
        DL_GRAIN_NONE = 0, /* no date or time field (a time zone only) */
        DL_GRAIN_YEAR,
        DL_GRAIN_MONTH,
        DL_GRAIN_WEEK,
        DL_GRAIN_DAY,
        DL_GRAIN_HOUR,
        DL_GRAIN_MINUTE,
        DL_GRAIN_SECOND,
};

struct dl_hole {
        enum dl_hole_kind kind;
        /* ONE_OF: the distinct strings the text may be; ENUM: the
         * enumerators' integer values when the text is the value printed
         * as an integer (%d, std::to_string, a stream's <<), else their
         * names (rendered by code ddblint does not read: a std::formatter,
         * a user's operator<<; as many texts as names). NUL-terminated;
         * n_values >= 1. */
        const char *const *values;
        size_t n_values;
        const char *name;         /* ENUM: the enumeration's name as written
                                      ("Status", "ns::Status"); "" when
                                      anonymous */
        const char *format;       /* DATE: the strftime-style format of the
                                      text ("%Y-%m-%d") */
        enum dl_time_grain grain; /* DATE: the finest unit format shows */
        /* SHARD: N >= 1; the text is 0..N-1, or -(N-1)..N-1 when the
         * remainder is of a signed dividend (`h % 8` with int h: C and C++
         * truncate toward zero, so a negative h gives "-3"). Either way a
         * bounded set of at most 2N-1 values that spreads writes over N
         * (or 2N-1) partition key values: the checks treat both alike. */
        unsigned long long bound;
        /* UNKNOWN only: the text may end before this hole, a bound having
         * cut what followed (snprintf's size): nothing after it is known,
         * not even that it is absent (a shard suffix). Such a hole prints
         * as <?>; a value of nothing but it is DYNAMIC. */
        bool cut;
        const char *source; /* what the hole was built from, as written
                                      ("status", "h % 16"), or NULL */
        /* UNKNOWN only: the hole is the value of this environment variable,
         * whole (getenv("TABLE_NAME"): frontend/eval.c); joined to another
         * hole it is no longer. A value of nothing but it is DYNAMIC with
         * struct dl_value.env set. NULL otherwise. */
        const char *env;
        /* UNKNOWN only: while a helper is exported for other files
         * (model/helper.h), the value of the helper's parameter `param`
         * (1-based) as the caller passes it, whole; 0 otherwise. Such a
         * hole is kept apart from its neighbours and counts as known text
         * for dl_tmpl_finish (the helper's template is not DYNAMIC). It
         * never reaches a request: the export writes it as "<$N>". */
        unsigned param;
        struct dl_loc loc; /* where source is written; may be invalid */
};

/**
 * dl_hole_new - copy shape, its values and strings into a.
 * Returns: the copy (transfer none: it lives in a); NULL when shape is NULL
 * or DL_HOLE_UNKNOWN without cut, env or param (a hole with nothing known
 * has no shape).
 */
const struct dl_hole *dl_hole_new(struct dl_arena *a, const struct dl_hole *shape);

/**
 * dl_hole_dump - append the shape's rendering (syntax at the top of this
 * file) to sb; NULL or DL_HOLE_UNKNOWN prints "<?>".
 */
void dl_hole_dump(struct dl_strbuf *sb, const struct dl_hole *h);

/**
 * dl_hole_equal - same kind and same data (values in the same order,
 * name, format, grain, bound); source and loc are not compared. NULL
 * equals NULL and an UNKNOWN shape.
 */
bool dl_hole_equal(const struct dl_hole *a, const struct dl_hole *b);

/**
 * dl_value_same - a and b are the same value: the same kind and, when
 * KNOWN, the same segments (the same known bytes, holes of equal shapes,
 * dl_hole_equal); locations are not compared.
 */
bool dl_value_same(const struct dl_value *a, const struct dl_value *b);

/** dl_time_grain_name - "year", "month", "week", "day", "hour", "minute",
 * "second"; "none" for DL_GRAIN_NONE. Static storage. */
const char *dl_time_grain_name(enum dl_time_grain g);

/**
 * dl_value_hole - the shape of the only segment of v when v is a single
 * hole (`std::to_string(h % 16)` as a whole value).
 * Returns: the shape (transfer none), or NULL when v is not KNOWN, has
 * known text or several segments, or its hole has no shape.
 */
const struct dl_hole *dl_value_hole(const struct dl_value *v);

/**
 * dl_value_render - v's template as plain text: its known text, each hole
 * as dl_hole_dump renders it ("<?>" when nothing is known of it); "<?>"
 * for a DYNAMIC value. Nothing is escaped (for messages and records, not
 * for parsing).
 * Returns: a heap string (transfer full, free()); NULL when v is ABSENT.
 */
char *dl_value_render(const struct dl_value *v);

/* The template builder. Members are private to template.c. */
struct dl_tmpl {
        struct dl_arena *arena;
        DL_VEC(struct dl_segment) segs;
        struct dl_strbuf run;         /* known bytes not yet in a segment */
        struct dl_loc_vec run_locs;   /* one per byte of run */
        struct dl_loc_vec run_origin; /* per byte: where it is written when
                                          that is not where it is used */
        bool any_origin;              /* run_origin holds a valid entry */
        bool no_locs;                 /* too large: drop per-byte locations */
        bool started;                 /* anything appended, known or hole */
        bool have_origin;
        struct dl_loc origin;
};

/** dl_tmpl_init - an empty builder whose results live in a. */
void dl_tmpl_init(struct dl_tmpl *t, struct dl_arena *a);
/** dl_tmpl_fini - release the working buffers (not the results); NULL-safe. */
void dl_tmpl_fini(struct dl_tmpl *t);

/**
 * dl_tmpl_text - append n known bytes p.
 * @param locs    NULL, or n locations (byte i written at locs[i]); with
 *                NULL every byte is at `at`.
 * @param origin  NULL, or n locations: where byte i is written when that is
 *                not where the value is used (an invalid entry: nowhere
 *                else). Copied.
 * Appending zero bytes marks the template started (an empty string is
 * known text, not a hole).
 */
void dl_tmpl_text(struct dl_tmpl *t, const char *p, size_t n, const struct dl_loc *locs,
                  struct dl_loc at, const struct dl_loc *origin);

/**
 * dl_tmpl_hole - append a hole of the given shape (NULL: nothing known;
 * borrowed, must live in the builder's arena). A hole without a shape
 * right after another one without a shape joins it.
 */
void dl_tmpl_hole(struct dl_tmpl *t, const struct dl_hole *shape);

/**
 * dl_tmpl_origin - record where the text comes from when it is defined
 * elsewhere (a #define, a constant): the first valid one is kept as the
 * finished value's origin.
 */
void dl_tmpl_origin(struct dl_tmpl *t, struct dl_loc o);

/**
 * dl_tmpl_value - append every segment of v (holes keep their shapes);
 * ABSENT or DYNAMIC append one hole without a shape (one of an environment
 * variable for a DYNAMIC v with env). v's origin becomes
 * the builder's when it has none.
 * @param relocate  true: v is a constant used here: every byte is located
 *                  at `at`, and written where v's bytes were (their origin
 *                  when they have one, else their location); false: bytes
 *                  keep their own locations and origins.
 */
void dl_tmpl_value(struct dl_tmpl *t, const struct dl_value *v, bool relocate, struct dl_loc at);

/**
 * dl_tmpl_value_from - append v from byte offset off of its known text
 * (holes take no bytes; a hole before that offset is dropped with the text
 * around it): the tail of a value (`/Key/%s` from offset 5 is `%s`'s
 * hole). Bytes keep their locations and origins. ABSENT or DYNAMIC
 * append one hole without a shape.
 */
void dl_tmpl_value_from(struct dl_tmpl *t, const struct dl_value *v, size_t off, struct dl_loc at);

/**
 * dl_tmpl_finish - the value built so far, with loc = at.
 * Returns: DL_VAL_KNOWN when something is known: some known text (maybe
 * empty: an empty string), or a hole with a shape; DL_VAL_DYNAMIC when
 * nothing was appended but holes without shapes. A KNOWN value without
 * holes has text/len set. The builder stays usable for dl_tmpl_fini only.
 * Ownership: the value's segments live in the builder's arena.
 */
struct dl_value dl_tmpl_finish(struct dl_tmpl *t, struct dl_loc at);

#endif
