/* shape.h - a DynamoDB structure built in objects (docs/architecture.md,
 * "Tables as code"): the KeySchema, AttributeDefinitions, indexes and
 * throughput of an AWS SDK for C++ CreateTableRequest or
 * UpdateTableRequest, each element built in an object of its own
 * (KeySchemaElement, GlobalSecondaryIndex...), as a tree of objects, lists
 * and scalars whose every value keeps where it is written, and the same
 * tree written out as the JSON text DynamoDB receives (the definition a
 * CreateTable read from a JSON body has: model/request.h).
 * SPDX-License-Identifier: MIT
 *
 * Trees are persistent: every operation returns a new node and never
 * changes one given to it, so a request copied by value (a batch member,
 * a state on some paths) shares its tree safely. A value only known at
 * run time is an UNKNOWN node; an object or list that may hold what
 * ddblint cannot see is UNKNOWN as a whole. Ownership: nodes live in the
 * arena given (the translation unit's).
 */
#ifndef DL_MODEL_SHAPE_H
#define DL_MODEL_SHAPE_H

#include "../core/loc.h"
#include "request.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_arena;
struct dl_tmpl;

enum dl_shape_kind {
        DL_SHAPE_UNKNOWN = 0, /* only known at run time */
        DL_SHAPE_OBJECT,      /* members by name */
        DL_SHAPE_LIST,        /* elements (members with name NULL) */
        DL_SHAPE_STRING,      /* value: complete */
        DL_SHAPE_NUMBER,      /* value: complete, an integer's digits */
};

struct dl_shape;

struct dl_shape_member {
        const char *name;           /* OBJECT: the member's name; LIST: NULL */
        struct dl_loc loc;          /* where it is set or added */
        const struct dl_shape *val; /* never NULL */
};

struct dl_shape {
        enum dl_shape_kind kind;
        struct dl_loc loc;     /* where the value or object is written */
        struct dl_value value; /* STRING, NUMBER */
        const struct dl_shape_member *members;
        size_t n;
};

/** dl_shape_unknown - a value only known at run time, set at loc. */
const struct dl_shape *dl_shape_unknown(struct dl_arena *a, struct dl_loc loc);

/**
 * dl_shape_scalar - a string or number: v when it is complete (KNOWN with
 * no hole; a number's text is digits), else an UNKNOWN node at v's loc.
 * v is copied (its segments are borrowed: they live in the same arena).
 */
const struct dl_shape *dl_shape_scalar(struct dl_arena *a, const struct dl_value *v, bool number);

/** dl_shape_object - an object with no member yet, written at loc. */
const struct dl_shape *dl_shape_object(struct dl_arena *a, struct dl_loc loc);
/** dl_shape_list - a list with no element yet, written at loc. */
const struct dl_shape *dl_shape_list(struct dl_arena *a, struct dl_loc loc);

/**
 * dl_shape_set - obj with member name (a static or arena string) set to
 * val at loc, replacing an earlier one of that name. obj NULL: a new object
 * at loc; obj UNKNOWN: stays UNKNOWN (its members are not known).
 */
const struct dl_shape *dl_shape_set(struct dl_arena *a, const struct dl_shape *obj,
                                    const char *name, struct dl_loc loc,
                                    const struct dl_shape *val);

/**
 * dl_shape_push - list with elem appended (added at loc). list NULL: a new
 * list at loc; list UNKNOWN: stays UNKNOWN.
 */
const struct dl_shape *dl_shape_push(struct dl_arena *a, const struct dl_shape *list,
                                     struct dl_loc loc, const struct dl_shape *elem);

/** dl_shape_placed - s as written at loc (an object given where it is
 * added: its braces sit there); s itself when it is not an object. */
const struct dl_shape *dl_shape_placed(struct dl_arena *a, const struct dl_shape *s,
                                       struct dl_loc loc);

/** dl_shape_get - obj's member name, or NULL (obj NULL or not an object). */
const struct dl_shape *dl_shape_get(const struct dl_shape *obj, const char *name);

/**
 * dl_shape_definition - obj written out as compact JSON text whose every
 * byte keeps the location of what it was read from (a member's name and
 * ':' where the member is set, a value's bytes where the value is written,
 * braces and brackets where the object or list is), each UNKNOWN node as
 * DL_SHAPE_RUN_TIME (which the table reader takes for a value computed by
 * a function: rules/ruleset.h dl_ruleset_code_table).
 * Returns: the text as a complete value (transfer none: lives in a), or
 * NULL when obj is NULL or UNKNOWN.
 */
const struct dl_value *dl_shape_definition(struct dl_arena *a, const struct dl_shape *obj,
                                           struct dl_loc at);

/* How a value only known at run time is written in a definition: the shape
 * the table reader takes for a value computed by a function (an intrinsic
 * function of one member), so the property it holds stays unknown. */
#define DL_SHAPE_RUN_TIME "{\"Fn::RunTime\": \"\"}"

/**
 * dl_shape_text - the text write(t, data) writes into a template builder,
 * as a complete value (transfer none: lives in a), or NULL when it holds
 * a hole. at: the value's location.
 */
const struct dl_value *dl_shape_text(struct dl_arena *a, struct dl_loc at,
                                     void (*write)(struct dl_tmpl *t, const void *data),
                                     const void *data);

/** dl_shape_put - append the ASCII text s to t, every byte at at. */
void dl_shape_put(struct dl_tmpl *t, const char *s, struct dl_loc at);
/**
 * dl_shape_put_string - append complete value v to t as a JSON string
 * (ASCII only: other characters as \u escapes, so that a byte's offset is
 * its character's), every byte at at.
 */
void dl_shape_put_string(struct dl_tmpl *t, const struct dl_value *v, struct dl_loc at);

#endif
