/* eval_internal.h - what the files of the frontend's folding share
 * (src/frontend/eval.c, eval_local.c, eval_json.c only; not an interface
 * for anything else: eval.h is). docs/architecture.md, "Typed templates".
 * SPDX-License-Identifier: MIT
 *
 * eval.c folds expressions and holds the table of string functions;
 * eval_tokens.c folds string literals as written, macros included;
 * eval_local.c folds local strings, streams and char buffers written by
 * that table's functions; eval_json.c folds jansson / cJSON values.
 *
 * Ownership: as eval.h: values live in the arena of ev->cx, templates in
 * their own arena; depth is the folding depth (a hole beyond
 * DL_EVAL_MAX_DEPTH).
 */
#ifndef DL_FRONTEND_EVAL_INTERNAL_H
#define DL_FRONTEND_EVAL_INTERNAL_H

#include "eval.h"

#include "../model/format.h"
#include "../model/template.h"

#include <clang-c/Index.h>
#include <stdbool.h>

/* ---- the table of string functions (string_functions.def) ---- */

enum strfn_scope { SC_C, SC_STD, SC_FMT, SC_AWS, SC_ANY };

enum strfn_kind {
        SF_PRINTF,    /* out = printf(src, extra...), bounded by size */
        SF_COPY,      /* out = src, bounded by size */
        SF_NCOPY,     /* out = src when src is shorter than size bytes */
        SF_CAT,       /* out += src, bounded by size */
        SF_NCAT,      /* out += at most size bytes of src */
        SF_STRFTIME,  /* out = strftime(src, extra) */
        SF_MEMCPY,    /* out = the first size bytes of src */
        SF_INSERT,    /* stream << src */
        SF_TO_STRING, /* the call's value: the integer src in decimal */
        SF_FORMAT,    /* the call's value: std::format(src, extra...) */
        SF_PUT_TIME,  /* inserted into a stream: strftime(src, extra) */
        SF_CONCAT,    /* the call's value: argument 0 then argument 1 */
        SF_VIEW,      /* the call's value: its member object's text */
        SF_GETENV,    /* the call's value: environment variable src's */
        /* JSON values (jansson json_t *, cJSON *): the value of the call */
        SF_JSON_OBJECT,  /* {} */
        SF_JSON_ARRAY,   /* [] */
        SF_JSON_STRING,  /* the string src, quoted */
        SF_JSON_INTEGER, /* the number src */
        SF_JSON_BOOL,    /* true or false as src */
        SF_JSON_TRUE,    /* true */
        SF_JSON_FALSE,   /* false */
        SF_JSON_NULL,    /* null */
        SF_JSON_PACK,    /* json_pack(src, extra...) */
        SF_JSON_TEXT,    /* a string: the JSON text of the value src */
        /* a local JSON object or array out is written */
        SF_JSON_SET,         /* out[src] = the JSON value extra */
        SF_JSON_SET_STRING,  /* out[src] = the string extra */
        SF_JSON_SET_INTEGER, /* out[src] = the number extra */
        SF_JSON_SET_BOOL,    /* out[src] = true or false as extra */
        SF_JSON_SET_TRUE,    /* out[src] = true */
        SF_JSON_SET_FALSE,   /* out[src] = false */
        SF_JSON_SET_NULL,    /* out[src] = null */
        SF_JSON_APPEND,      /* out += the JSON value extra */
};

#define NONE (-2)
#define OBJ DL_BODY_OBJECT

struct strfn {
        const char *name;
        enum strfn_scope scope;
        enum strfn_kind kind;
        int out, src, extra, size;
};

/* ---- eval.c ---- */

/* Append the string expression e, folded at depth, to t. */
void dl_eval_fold_expr(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, unsigned depth);
/* e folded on its own: its value (in t's arena: ev->cx's). */
struct dl_value dl_eval_fold_value(struct dl_eval *ev, CXCursor e, unsigned depth);
/* The table's entry for call, or NULL: the name, the scope and the number
 * of arguments all agree. */
const struct strfn *dl_eval_strfn_of(CXCursor call);
/* ty without references and typedef sugar: the type of the value. */
CXType dl_eval_value_type(CXType ty);
/* char[N] or char * (the C strings a buffer function writes). */
bool dl_eval_is_char_buffer(CXType ty);
/* A summary applied at a call (struct dl_eval_bind): is e a reference to a
 * bound parameter? Then *caller and *arg are where its value is folded. */
bool dl_eval_bound_arg(struct dl_eval *ev, CXCursor e, struct dl_eval **caller, CXCursor *arg);
/* A helper exported for other files (struct dl_eval_bind, export): the
 * 1-based index of the bound parameter e refers to, else 0. */
unsigned dl_eval_export_param(const struct dl_eval *ev, CXCursor e);
/* e's integer value when clang evaluates it: *out and *is_unsigned. */
bool dl_eval_integer(CXCursor e, long long *out, bool *is_unsigned);
/* The shaped hole of an enum-typed value e of type ty (enumerators by
 * name when names, else by value); NULL when it has no shape. */
const struct dl_hole *dl_eval_enum_shape(struct dl_eval *ev, CXCursor e, CXType ty, bool names);
/* The format type a value of type ty is printed as (std::format's rules
 * when std_format). */
enum dl_fmt_type dl_eval_fmt_type(CXType ty, bool std_format);
/* An integer, bool or char as text when constant, else a value whose only
 * segment is its shaped hole, else DYNAMIC. */
struct dl_value dl_eval_int_value(struct dl_eval *ev, CXCursor e, enum dl_fmt_type type);
/* printf(args[src], args[extra]...) or std::format(...) of call, into t. */
void dl_eval_fold_format(struct dl_eval *ev, struct dl_tmpl *t, CXCursor call, int src, int extra,
                         bool std_format, unsigned depth);
/* strftime / put_time: fmt argument src, struct tm argument tm. */
void dl_eval_fold_strftime(struct dl_eval *ev, struct dl_tmpl *t, CXCursor call, int src, int tm,
                           unsigned depth);

/* ---- eval_tokens.c ---- */

/* Append the string literal lit to t as written: its literal tokens and the
 * macros (object-like or function-like) its text comes from; else the
 * value clang gives it, else a hole. */
void dl_eval_fold_literal(struct dl_eval *ev, struct dl_tmpl *t, CXCursor lit);

/* ---- eval_local.c ---- */

/* Is the reference ref, outside any call, only tested (`!p`, `p == NULL`,
 * `if (p)`...)? A read: neither the pointer nor what it points to is
 * written. */
bool dl_eval_tested(struct dl_eval *ev, CXCursor ref);
/* Append to t the contents of the local string, stream (stream) or char
 * buffer var at ev->use_off (a hole when not known). */
void dl_eval_fold_local_string(struct dl_eval *ev, struct dl_tmpl *t, CXCursor var, bool stream,
                               unsigned depth);

/* ---- eval_json.c ---- */

/* Append to t the compact JSON text of the jansson / cJSON value e (a
 * hole when not known). */
void dl_eval_fold_json(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, unsigned depth);

#endif
