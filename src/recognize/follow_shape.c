/* follow_shape.c - the request-following engine (engine.h): structures a
 * client builds in objects (model/shape.h: an AWS SDK for C++
 * CreateTableRequest's KeySchema of KeySchemaElement objects, its
 * indexes, throughput...), from DL_EV_SHAPE events. docs/architecture.md,
 * "Tables as code".
 * SPDX-License-Identifier: MIT
 *
 * An element object given to Add/Set/With is followed as a request
 * expression is (its events up to the call: a variable, a temporary's With
 * chain, a helper's return, a vector or an initializer list): the member
 * is a copy of the element as it is there, as in the SDK, whose element
 * classes are values; what is done to the element afterwards changes
 * nothing. An element that escapes, or a member set on some paths only,
 * is a value only known at run time. A C library's element given as a
 * struct (aws4dd's struct aws4dd_index_spec) is read as a constructor
 * reads its spec struct (follow_lowlevel.c), as it is at the call.
 */
#include "follow_internal.h"

#include "../model/shape.h"

/* One value of a DL_EV_SHAPE event, v as it is at use: a scalar folded,
 * or an object of the library built as a request is, placed where it is
 * given. */
static const struct dl_shape *shape_value(struct scope *s, const struct dl_request *r,
                                          enum dl_shape_arg k, CXCursor v, unsigned use)
{
        struct dl_arena *a = dl_follow_arena_of(s);
        struct dl_eval ev = dl_follow_eval_at(s, use);
        struct dl_loc at = dl_follow_loc_of(s, v);
        struct dl_value x;
        switch (k) {
        case DL_SHAPE_ARG_STRING:
                x = dl_eval_string(&ev, v, at);
                return dl_shape_scalar(a, &x, false);
        case DL_SHAPE_ARG_NUMBER: x = dl_eval_int(&ev, v, at); return dl_shape_scalar(a, &x, true);
        case DL_SHAPE_ARG_ENUM: x = dl_eval_enum(&ev, v, at); return dl_shape_scalar(a, &x, false);
        case DL_SHAPE_ARG_OBJECT: break;
        case DL_SHAPE_ARG_STRUCT: {
                /* a C struct read as a constructor reads its spec */
                static const struct dl_event whole = {.kind = DL_EV_CREATE, .spec_shape = true};
                struct dl_request t;
                dl_follow_member_init(&t, r, r->op);
                dl_follow_spec_read(s, &t, &whole, v, use);
                if (t.escaped)
                        return dl_shape_unknown(a, at);
                return t.shape ? dl_shape_placed(a, t.shape, at) : dl_shape_object(a, at);
        }
        }
        struct dl_request t;
        dl_follow_member_init(&t, r, r->op);
        dl_follow_build_expr(s, &t, v, use);
        if (t.escaped)
                return dl_shape_unknown(a, at);
        return t.shape ? dl_shape_placed(a, t.shape, at) : dl_shape_object(a, at);
}

/* An element of a list member set whole: c->shape is the list. */
static void shape_item(struct scope *s, struct dl_request *c, CXCursor item, unsigned use,
                       bool maybe, const struct elem_spec *spec)
{
        const struct dl_shape *v = shape_value(s, c, spec->nest->shape, item, use);
        if (maybe)
                c->escaped = true; /* added on some paths: the list is not known */
        c->shape = dl_shape_push(dl_follow_arena_of(s), c->shape, dl_follow_loc_of(s, item), v);
}

void dl_follow_apply_shape(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                           CXCursor call, bool maybe)
{
        struct dl_arena *a = dl_follow_arena_of(s);
        unsigned at = dl_follow_off_of(call);
        struct dl_loc where = dl_follow_loc_of(s, call);
        const struct dl_shape *v;
        if (ev->n_args != 1) {
                v = dl_shape_unknown(a, where);
        } else if (ev->add) {
                const struct dl_shape *e = shape_value(s, r, ev->shape, ev->args[0], at);
                if (ev->shape_tag)
                        e = dl_shape_set(a, NULL, ev->shape_tag, where, e);
                v = maybe ? dl_shape_unknown(a, where)
                          : dl_shape_push(a, dl_shape_get(r->shape, ev->member), where, e);
        } else if (maybe) {
                v = dl_shape_unknown(a, dl_follow_loc_of(s, ev->args[0]));
        } else if (!ev->shape_list) {
                v = shape_value(s, r, ev->shape, ev->args[0], at);
        } else {
                /* a list set whole: its elements, each as it is at the call */
                struct dl_request holder;
                dl_follow_member_init(&holder, r, r->op);
                holder.shape = dl_shape_list(a, dl_follow_loc_of(s, ev->args[0]));
                struct elem_spec spec = {r->op, NULL, NULL, ev};
                dl_follow_list_from_expr(s, &holder, ev->args[0], at, false, &spec, shape_item);
                v = holder.escaped ? dl_shape_unknown(a, dl_follow_loc_of(s, ev->args[0]))
                                   : holder.shape;
        }
        r->shape = dl_shape_set(a, r->shape, ev->member, where, v);
}
