/* follow.c - the request-following engine (engine.h): requests built from
 * the events the recognizers classify, on tracked local objects walked
 * once per use with dl_body_track.
 * SPDX-License-Identifier: MIT
 *
 * A client call (DL_EV_SEND) becomes a request. Its request expression is
 * followed within the enclosing function:
 *   - a chain of the library's calls (`QueryRequest().WithA(a).WithB(b)`)
 *     ending in a temporary, a variable, or a call of a function of this TU
 *     that returns a request (its return statements are analysed the same
 *     way and joined: members that differ between them become DYNAMIC);
 *   - a variable: its initializer, then the events on it before the use,
 *     in source order; the functions of this TU it is passed to by
 *     non-const reference or pointer (their events on the parameter); and
 *     everything else it is handed to (an escape: unknown members become
 *     DYNAMIC, never absent).
 * An event on some paths only (a branch, a loop, a lambda, after && / || /
 * ?:) leaves its member DYNAMIC.
 *
 * Batch and transaction members (enum dl_nest) are followed with the same
 * mechanics through C++ containers: vectors filled with push_back /
 * emplace_back or initializer lists, maps filled with emplace / insert /
 * []; each member becomes an entry of req->items with its own op, member
 * shape, table (from the batch map's key) and maps. A collection that
 * cannot be followed escapes its container; no member is invented.
 *
 * Maps (ExpressionAttributeValues...): an initializer list, `Map()` / `{}`
 * (KNOWN, no entries), or a local map filled before the use; a local map or
 * attribute value that may be written elsewhere is DYNAMIC / of unknown
 * type.
 *
 * Maps and batch / transaction members are followed in follow_nested.c;
 * JSON bodies, targets, C spec structs and JSON pointers in
 * follow_lowlevel.c (follow_internal.h joins them).
 */
#include "follow_internal.h"
#include "response.h"

#include "../core/alloc.h"
#include "../core/arena.h"
#include "../core/log.h"
#include "../core/strbuf.h"
#include "../frontend/eval.h"
#include "../model/json_request.h"
#include "../model/shape.h"
#include "summary.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static enum dl_attr_type attr_call(void *data, CXCursor call, CXCursor *arg, bool *copy);

struct dl_engine *dl_engine_new(const struct dl_rctx *ctx, const struct dl_unit *unit)
{
        struct dl_engine *e = dl_xcalloc(1, sizeof *e);
        e->ctx = *ctx;
        e->sums = dl_summaries_new(ctx->cx);
        /* the helpers the first pass found in the run's files */
        dl_summaries_set_helpers(e->sums, ctx->rules ? ctx->rules->helpers : NULL,
                                 ctx->rules ? ctx->rules->n_helpers : 0, attr_call, e);
        size_t n;
        const struct dl_recognizer *const *all = dl_recognizers(&n);
        for (size_t i = 0; i < n && e->n_recs < sizeof e->recs / sizeof e->recs[0]; i++) {
                if ((all[i]->langs & unit->lang) && (!all[i]->applies || all[i]->applies(unit)))
                        e->recs[e->n_recs++] = all[i];
        }
        return e;
}

void dl_engine_free(struct dl_engine *e)
{
        if (!e)
                return;
        for (size_t i = 0; i < e->bodies.n; i++) {
                struct fbody *fb = e->bodies.items[i];
                dl_body_fini(&fb->body);
                free(fb->events);
                free(fb->recs);
                free(fb->classified);
                free(fb);
        }
        DL_VEC_FREE(&e->bodies);
        dl_summaries_free(e->sums);
        free(e->unknown_target);
        free(e);
}

const struct dl_recognizer *const *dl_engine_recognizers(const struct dl_engine *e, size_t *n)
{
        *n = e->n_recs;
        return e->recs;
}

struct dl_rctx *dl_engine_ctx(struct dl_engine *e)
{
        return &e->ctx;
}

bool dl_engine_applies(const struct dl_engine *e)
{
        return e->n_recs > 0;
}

/* The indexed body of fn, built once per engine. */
struct fbody *dl_follow_body_of(struct dl_engine *e, CXCursor fn)
{
        for (size_t i = 0; i < e->bodies.n; i++) {
                if (clang_equalCursors(e->bodies.items[i]->fn, fn))
                        return e->bodies.items[i];
        }
        struct fbody *fb = dl_xcalloc(1, sizeof *fb);
        fb->fn = fn;
        dl_body_init(&fb->body, e->ctx.cx, fn);
        size_t n = fb->body.calls.n ? fb->body.calls.n : 1;
        fb->events = dl_xcalloc(n, sizeof *fb->events);
        fb->recs = dl_xcalloc(n, sizeof *fb->recs);
        fb->classified = dl_xcalloc(n, 1);
        DL_VEC_PUSH(&e->bodies, fb);
        return fb;
}

/* Ask the recognizers about call; the first that claims it wins. */
static const struct dl_recognizer *classify(struct dl_engine *e, CXCursor call, struct dl_event *ev)
{
        for (size_t i = 0; i < e->n_recs; i++) {
                memset(ev, 0, sizeof *ev);
                e->recs[i]->classify(&e->ctx, call, ev);
                if (ev->kind != DL_EV_NONE)
                        return e->recs[i];
        }
        memset(ev, 0, sizeof *ev);
        return NULL;
}

/* dl_attr_call_fn (summary.h): how a helper's return builds its
 * AttributeValue. */
static enum dl_attr_type attr_call(void *data, CXCursor call, CXCursor *arg, bool *copy)
{
        struct dl_event ev;
        classify(data, call, &ev);
        *copy = ev.kind == DL_EV_ATTR_COPY;
        *arg = *copy || (ev.kind == DL_EV_ATTR && ev.n_args == 1) ? ev.args[0]
                                                                  : clang_getNullCursor();
        return ev.kind == DL_EV_ATTR ? ev.attr : DL_ATTR_UNKNOWN;
}

struct dl_summaries *dl_engine_summaries(struct dl_engine *e)
{
        return e->sums;
}

const struct dl_event *dl_follow_event_at(struct scope *s, int i)
{
        struct fbody *fb = s->fb;
        if (!fb->classified[i]) {
                fb->recs[i] = classify(s->e, fb->body.calls.items[i].cursor, &fb->events[i]);
                fb->classified[i] = 1;
        }
        return &fb->events[i];
}

/* The event of call (any CallExpr); *tmp holds it when call is not one of
 * the body's. */
const struct dl_event *dl_follow_event_of(struct scope *s, CXCursor call, struct dl_event *tmp)
{
        int i = s->fb ? dl_body_call_index(&s->fb->body, call) : -1;
        if (i >= 0)
                return dl_follow_event_at(s, i);
        classify(s->e, call, tmp);
        return tmp;
}

unsigned dl_follow_off_of(CXCursor c)
{
        return dl_cx_cursor_offset(c);
}

struct dl_loc dl_follow_loc_of(struct scope *s, CXCursor c)
{
        return dl_cx_cursor_loc(s->e->ctx.cx, c);
}

struct dl_arena *dl_follow_arena_of(struct scope *s)
{
        return s->e->ctx.cx->arena;
}

struct dl_eval dl_follow_eval_at(struct scope *s, unsigned use)
{
        struct dl_eval ev = {s->e->ctx.cx, s->fb ? &s->fb->body : NULL,    use,
                             false,        dl_summaries_hooks(s->e->sums), NULL};
        return ev;
}

/* A call of the library on an object whose value is that object again
 * (or a getter of it): a link of a chain such as `r.WithA(a).WithB(b)`. */
static bool chain_link(const struct dl_event *ev)
{
        return ev->object_arg == DL_BODY_OBJECT &&
               (ev->kind == DL_EV_READ || ev->kind == DL_EV_SET_FIELD ||
                ev->kind == DL_EV_SET_MAP || ev->kind == DL_EV_ADD_ENTRY ||
                ev->kind == DL_EV_NESTED || ev->kind == DL_EV_SHAPE);
}

/* ---- values ------------------------------------------------------------------ */

static struct dl_value fold_field(struct scope *s, enum dl_field f, CXCursor arg, unsigned use)
{
        struct dl_eval ev = dl_follow_eval_at(s, use);
        struct dl_loc at = dl_follow_loc_of(s, arg);
        switch (dl_field_kind(f)) {
        case DL_FK_STRING:
        case DL_FK_EXPR: return dl_eval_string(&ev, arg, at);
        case DL_FK_INT: return dl_eval_int(&ev, arg, at);
        case DL_FK_BOOL: return dl_eval_bool(&ev, arg, at);
        case DL_FK_ENUM: {
                /* an enumerator counts when it is one of DynamoDB's values */
                struct dl_value v = dl_eval_enum(&ev, arg, at);
                if (dl_value_is_complete(&v) && !dl_field_enum_value(f, v.text, v.len))
                        v = dl_value_dynamic(at);
                return v;
        }
        case DL_FK_PRESENT: return dl_value_known(dl_follow_arena_of(s), "", 0, NULL, at);
        }
        return dl_value_dynamic(at);
}

/* A local attribute value: its last unconditional typed setter before the
 * use, provided nothing else may change it before the use (an assignment,
 * a non-const reference passed on): then the type is unknown. */
struct attr_walk {
        struct scope *s;
        unsigned use, use_ref;
        enum dl_attr_type type;
        bool unsure;
};

static bool attr_site(void *data, const struct dl_body_site *site)
{
        struct attr_walk *w = data;
        const struct dl_body_ref *r = site->ref;
        if (r->off >= w->use || r->off == w->use_ref || w->unsure)
                return true; /* after the use, or the use itself */
        if (site->call < 0 || site->arg != DL_BODY_OBJECT)
                return false;
        const struct dl_event *ev = dl_follow_event_at(w->s, site->call);
        if (ev->kind != DL_EV_ATTR)
                return false;
        const struct dl_body_call *c = &site->body->calls.items[site->call];
        if (dl_body_when(site->body, c->off, w->use) != DL_WHEN_SURE)
                w->unsure = true;
        else
                w->type = ev->attr;
        return true;
}

/* The DynamoDB type of attribute value expression v, and its scalar text
 * when the value is built from one. */
enum dl_attr_type dl_follow_attr_value(struct scope *s, CXCursor v, struct dl_value *scalar,
                                       unsigned use)
{
        struct dl_eval eval = dl_follow_eval_at(s, use);
        for (int i = 0; i < 16; i++) {
                v = dl_cx_strip(v);
                if (clang_getCursorKind(v) != CXCursor_CallExpr)
                        break;
                struct dl_event tmp;
                const struct dl_event *ev = dl_follow_event_of(s, v, &tmp);
                if (ev->kind == DL_EV_ATTR_COPY) {
                        v = dl_cx_strip(ev->args[0]);
                        continue;
                }
                if (ev->kind == DL_EV_NONE) /* a helper's value (summary.h) */
                        return dl_summaries_attr(s->e->sums, &eval, v, scalar);
                if (ev->kind != DL_EV_ATTR)
                        return DL_ATTR_UNKNOWN;
                if (ev->n_args == 1) {
                        /* a constructor's value is located at its argument,
                         * a setter's at the call */
                        bool ctor = clang_getCursorKind(clang_getCursorReferenced(v)) ==
                                    CXCursor_Constructor;
                        *scalar = dl_eval_string(&eval, ev->args[0],
                                                 dl_follow_loc_of(s, ctor ? ev->args[0] : v));
                }
                return ev->attr;
        }
        if (clang_getCursorKind(v) != CXCursor_DeclRefExpr || !s->fb)
                return DL_ATTR_UNKNOWN;
        struct attr_walk w = {s, use, dl_follow_off_of(v), DL_ATTR_UNKNOWN, false};
        bool changed =
                dl_body_track(&s->fb->body, clang_getCursorReferenced(v), 0, use, attr_site, &w);
        return changed || w.unsure ? DL_ATTR_UNKNOWN : w.type;
}

/* ---- events on a request ---------------------------------------------------------- */

/* Apply the event ev of call on request r, w relative to the use at use. */
void dl_follow_apply_event(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                           CXCursor call, enum dl_when w, unsigned use)
{
        bool maybe = w == DL_WHEN_MAYBE;
        unsigned at = dl_follow_off_of(call);
        switch (ev->kind) {
        case DL_EV_NESTED: dl_follow_apply_nested(s, r, ev, call, maybe); return;
        case DL_EV_SHAPE: dl_follow_apply_shape(s, r, ev, call, maybe); return;
        case DL_EV_JSON_BODY: dl_follow_apply_body(s, r, ev, call, maybe, at); return;
        case DL_EV_TARGET: dl_follow_apply_target(s, r, ev, call, maybe, at); return;
        case DL_EV_SET_PATH: dl_follow_apply_path(s, r, ev, call, maybe, at); return;
        case DL_EV_SET_MAP:
        case DL_EV_ADD_ENTRY: {
                struct dl_attr_map *m = dl_request_map(r, ev->map);
                bool is_names = ev->map == DL_MAP_NAMES;
                if (ev->add && ev->n_args == 2)
                        dl_follow_map_add(s, m, is_names, ev->args[0], ev->args[1], call, at, maybe,
                                          false);
                else if (!ev->add && ev->n_args == 1)
                        dl_follow_map_from_expr(s, m, is_names, ev->args[0], at, maybe);
                else
                        m->kind = DL_VAL_DYNAMIC;
                return;
        }
        case DL_EV_SET_FIELD:
                if (ev->field == DL_FIELD_ATTRIBUTES_TO_GET && ev->add && ev->n_args == 1 &&
                    !maybe) { /* one name at a time: the legacy-parameters fix reads them */
                        struct dl_eval e = dl_follow_eval_at(s, at);
                        struct dl_value name =
                                dl_eval_string(&e, ev->args[0], dl_follow_loc_of(s, ev->args[0]));
                        r->fields[ev->field] =
                                dl_name_list_append(dl_follow_arena_of(s), &r->fields[ev->field],
                                                    &name, dl_follow_loc_of(s, call));
                } else if (ev->n_args != 1 || ev->add)
                        r->fields[ev->field] = dl_value_dynamic(dl_follow_loc_of(s, call));
                else if (maybe)
                        r->fields[ev->field] = dl_value_dynamic(dl_follow_loc_of(s, ev->args[0]));
                else
                        r->fields[ev->field] = fold_field(s, ev->field, ev->args[0], at);
                return;
        default: return; /* a getter, or not the request's */
        }
}

/* Merge a request state computed on some paths (or in a callee) into r. */
static void merge(struct dl_arena *a, struct dl_request *r, const struct dl_request *t, bool maybe)
{
        for (unsigned f = 0; f < DL_FIELD_COUNT; f++) {
                if (t->fields[f].kind == DL_VAL_ABSENT)
                        continue;
                r->fields[f] = t->fields[f];
                if (maybe)
                        r->fields[f].kind = DL_VAL_DYNAMIC;
        }
        for (unsigned i = 0; i < DL_MAP_COUNT; i++) {
                const struct dl_attr_map *tm = dl_request_map((struct dl_request *)t, i);
                struct dl_attr_map *rm = dl_request_map(r, i);
                if (tm->kind == DL_VAL_ABSENT)
                        continue;
                *rm = *tm;
                if (maybe)
                        rm->kind = DL_VAL_DYNAMIC;
        }
        if (t->member && !maybe) {
                r->op = t->op;
                r->member = t->member;
        } else if (t->member && !r->member) {
                dl_request_mark_escaped(r); /* shape known on some paths only */
        }
        if (t->n_items) {
                /* members added on the callee's paths: appended */
                struct dl_request *items =
                        dl_arena_alloc(a, (r->n_items + t->n_items) * sizeof *items);
                if (r->n_items)
                        memcpy(items, r->items, r->n_items * sizeof *items);
                memcpy(items + r->n_items, t->items, t->n_items * sizeof *items);
                r->items = items;
                r->n_items += t->n_items;
                if (maybe)
                        dl_request_mark_escaped(r);
        }
        if (t->keys.kind != DL_VAL_ABSENT) {
                r->keys = t->keys;
                if (maybe)
                        r->keys.kind = DL_VAL_DYNAMIC;
        }
        if (t->shape) {
                /* members set on some paths, or added to what r holds by
                 * a helper (appended or replacing: not known) */
                r->shape = maybe || r->shape ? dl_shape_unknown(a, t->shape->loc) : t->shape;
        }
        if (t->json_body) {
                r->json_body = t->json_body;
                if (maybe)
                        dl_request_mark_escaped(r);
        }
        if (t->escaped)
                dl_request_mark_escaped(r);
}

/* r becomes what t is (an assignment `req = other`, a C handle created
 * anew): its members, maps and batch members; r keeps where it is sent.
 * escaped: r stays escaped as well when t is not. */
static void replace_state(struct dl_request *r, const struct dl_request *t, bool escaped)
{
        r->escaped = escaped || t->escaped;
        r->members_listed = !escaped && t->members_listed;
        memcpy(r->fields, t->fields, sizeof r->fields);
        r->names = t->names;
        r->values = t->values;
        r->key = t->key;
        r->item = t->item;
        r->items = t->items;
        r->n_items = t->n_items;
        r->shape = t->shape;
        r->keys = t->keys;
        if (t->member) {
                r->op = t->op;
                r->member = t->member;
        }
}

struct returns {
        CXCursor *items;
        unsigned n, max;
};

static enum CXChildVisitResult find_returns(CXCursor c, CXCursor parent, CXClientData data)
{
        struct returns *rs = data;
        (void)parent;
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k == CXCursor_LambdaExpr)
                return CXChildVisit_Continue;
        if (k == CXCursor_ReturnStmt) {
                if (rs->n < rs->max)
                        rs->items[rs->n] = c;
                rs->n++;
                return CXChildVisit_Continue;
        }
        return CXChildVisit_Recurse;
}

unsigned dl_follow_returns(CXCursor fn, CXCursor out[DL_FOLLOW_MAX_RETURNS])
{
        struct returns rs = {out, 0, DL_FOLLOW_MAX_RETURNS};
        clang_visitChildren(fn, find_returns, &rs);
        return rs.n;
}

/* The request fn (a function of this TU) returns, into r: its returns,
 * joined (a member that differs between them becomes DYNAMIC). False when
 * fn has no body, too many returns, or is too deep. */
bool dl_follow_from_returns(struct scope *s, struct dl_request *r, CXCursor fn, struct dl_loc at)
{
        if (s->depth >= MAX_HELPER_DEPTH || !dl_cx_has_body(fn))
                return false;
        struct scope inner = {s->e, dl_follow_body_of(s->e, fn), s->depth + 1, 0, s->handle};
        CXCursor rets[DL_FOLLOW_MAX_RETURNS];
        unsigned n = dl_follow_returns(fn, rets);
        bool ok = n >= 1 && n <= DL_FOLLOW_MAX_RETURNS;
        for (unsigned i = 0; ok && i < n; i++) {
                CXCursor kid[1];
                if (dl_cx_children(rets[i], kid, 1) < 1) {
                        ok = false;
                        break;
                }
                struct dl_request t;
                dl_request_init(&t, r->op);
                dl_follow_build_expr(&inner, &t, kid[0], dl_follow_off_of(rets[i]));
                if (i == 0) {
                        merge(dl_follow_arena_of(s), r, &t, false);
                        continue;
                }
                for (unsigned f = 0; f < DL_FIELD_COUNT; f++) {
                        const struct dl_value *a = &r->fields[f], *b = &t.fields[f];
                        bool same =
                                a->kind == b->kind && (a->kind != DL_VAL_KNOWN ||
                                                       (a->text && b->text && a->len == b->len &&
                                                        !memcmp(a->text, b->text, a->len)));
                        if (!same)
                                r->fields[f] = dl_value_dynamic(b->loc);
                }
                /* a map that differs between the returns: not known */
                for (unsigned m = 0; m < DL_MAP_COUNT; m++) {
                        struct dl_attr_map *rm = dl_request_map(r, m);
                        if (!dl_follow_same_map(rm, dl_request_map(&t, m)))
                                rm->kind = DL_VAL_DYNAMIC;
                }
                if (t.n_items || r->n_items || t.keys.kind != r->keys.kind)
                        dl_request_mark_escaped(r);
                if (t.shape != r->shape) /* differing structures: not known */
                        r->shape = dl_shape_unknown(dl_follow_arena_of(s), at);
                if (t.escaped)
                        dl_request_mark_escaped(r);
        }
        return ok;
}

/* A request returned by a function of this TU, or by a helper the first
 * pass found in another file (follow_helper.c). */
static bool build_from_helper(struct scope *s, struct dl_request *r, CXCursor call)
{
        CXCursor fn = clang_getCursorDefinition(clang_getCursorReferenced(call));
        return dl_follow_from_returns(s, r, fn, dl_follow_loc_of(s, call)) ||
               dl_follow_ext_request(s, r, call);
}

static void follow_var(struct scope *s, struct dl_request *r, CXCursor var, unsigned use,
                       bool fill);

/* The tracked request variable var, handed to a call as argument a. */
static void request_arg(struct scope *s, struct dl_request *r, const struct dl_body_call *c, int a,
                        enum dl_when w)
{
        CXCursor call = c->cursor;
        int ci = (int)(c - s->fb->body.calls.items);
        if (dl_follow_event_at(s, ci)->kind == DL_EV_SEND)
                return; /* sent (by const reference): not an escape */
        CXCursor callee = clang_getCursorReferenced(call);
        int nargs = clang_Cursor_getNumArguments(call);
        if (clang_getCursorKind(callee) == CXCursor_Constructor && nargs == 1)
                return; /* a copy */
        if (dl_cx_is_named(call, "push_back") || dl_cx_is_named(call, "emplace_back") ||
            dl_cx_is_named(call, "push_front") || dl_cx_is_named(call, "insert") ||
            dl_cx_is_named(call, "emplace"))
                return; /* copied or moved into a container */
        if (dl_cx_is_named(call, "operator=") && nargs == 2) {
                if (a == 1)
                        return; /* copied into something else */
                /* `req = other`: the request is what other is */
                struct dl_request t;
                dl_request_init(&t, r->op);
                dl_follow_build_expr(s, &t, clang_Cursor_getArgument(call, 1), c->off);
                if (w != DL_WHEN_SURE) {
                        merge(dl_follow_arena_of(s), r, &t, true);
                        return;
                }
                replace_state(r, &t, r->escaped);
                return;
        }
        CXCursor def = clang_getCursorDefinition(callee);
        CXType pt = clang_getArgType(clang_getCursorType(callee), (unsigned)a);
        if (dl_cx_param_is_read_only(pt))
                return; /* read only */
        if (dl_cx_has_body(def) && s->depth < MAX_HELPER_DEPTH &&
            (unsigned)a < (unsigned)clang_Cursor_getNumArguments(def)) {
                /* a helper of this TU fills it: its events on the parameter */
                struct scope inner = {s->e, dl_follow_body_of(s->e, def), s->depth + 1, 0,
                                      s->handle};
                struct dl_request t;
                dl_request_init(&t, r->op);
                follow_var(&inner, &t, clang_Cursor_getArgument(def, (unsigned)a), UINT_MAX, true);
                merge(dl_follow_arena_of(s), r, &t, w == DL_WHEN_MAYBE);
                return;
        }
        dl_request_mark_escaped(r);
}

/* Following a request variable: its references go by in source order. */
struct req_walk {
        struct scope *s;
        struct dl_request *r;
        unsigned use;
};

/* DL_EV_CREATE: the handle becomes a new request made from the spec. */
static void apply_create(struct req_walk *w, const struct dl_event *ev, CXCursor call,
                         enum dl_when when)
{
        struct dl_request t;
        dl_request_init(&t, w->r->op);
        if (ev->n_args >= 1)
                dl_follow_spec_read(w->s, &t, ev, ev->args[0], dl_follow_off_of(call));
        else
                dl_request_mark_escaped(&t);
        if (when != DL_WHEN_SURE) {
                merge(dl_follow_arena_of(w->s), w->r, &t, true);
                dl_request_mark_escaped(w->r); /* made here on some paths only */
                return;
        }
        replace_state(w->r, &t, false);
}

/* `auto &r = q.AddExpressionAttributeNames("#n", "name");`: a setter
 * returns a reference to the request, and a local reference initialized
 * with the chain's last link (call) is the tracked request under another
 * name: *alias is that variable, whose references are the request's too
 * (docs/architecture.md, "Adding a recognizer"). Not a copy (`auto c =`),
 * nor a reference to a member a getter returns (another type). */
static bool chain_alias(const struct dl_body_site *site, const struct dl_body_call *call,
                        CXCursor *alias)
{
        CXCursor v = call->var;
        if (clang_Cursor_isNull(v) || clang_getCursorKind(v) != CXCursor_VarDecl)
                return false;
        CXType vt = clang_getCursorType(v);
        if (vt.kind != CXType_LValueReference && vt.kind != CXType_RValueReference)
                return false;
        CXCursor init = dl_cx_strip(dl_cx_var_init(v));
        if (!dl_cx_same_expr(init, call->cursor))
                return false; /* assigned to, not bound */
        CXCursor mine = clang_getTypeDeclaration(
                clang_getCanonicalType(clang_getCursorType(site->ref->cursor)));
        CXCursor its = clang_getTypeDeclaration(clang_getCanonicalType(clang_getPointeeType(vt)));
        if (clang_Cursor_isNull(mine) || clang_getCursorKind(mine) == CXCursor_NoDeclFound ||
            !clang_equalCursors(mine, its))
                return false;
        *alias = v;
        return true;
}

static bool request_site(void *data, const struct dl_body_site *site)
{
        struct req_walk *w = data;
        const struct dl_body *b = site->body;
        const struct dl_body_call *c = dl_follow_site_call(site);
        if (!c)
                return false; /* an alias or a copy elsewhere */
        if (site->arg != DL_BODY_OBJECT) {
                enum dl_when when = dl_body_when(b, c->off, w->use);
                const struct dl_event *ev = dl_follow_event_at(w->s, site->call);
                if (ev->kind != DL_EV_NONE && ev->kind != DL_EV_SEND &&
                    ev->object_arg == site->arg) {
                        /* a C function of the library taking the object */
                        if (when == DL_WHEN_NEVER)
                                return true;
                        if (ev->kind == DL_EV_CREATE)
                                apply_create(w, ev, c->cursor, when);
                        else
                                dl_follow_apply_event(w->s, w->r, ev, c->cursor, when, w->use);
                        return true;
                }
                if (when != DL_WHEN_NEVER)
                        request_arg(w->s, w->r, c, site->arg, when);
                return true;
        }
        /* a member call on the variable, then the chain above it
         * (`r.WithA(a).WithB(b)`), in source order */
        const struct dl_body_call *last = NULL; /* the chain's last link */
        for (const struct dl_body_call *k = c; k; k = dl_follow_parent_call(b, k, DL_BODY_OBJECT)) {
                const struct dl_event *ev = dl_follow_event_at(w->s, (int)(k - b->calls.items));
                if (ev->kind == DL_EV_NONE)
                        break;
                enum dl_when when = dl_body_when(b, k->off, w->use);
                if (when != DL_WHEN_NEVER)
                        dl_follow_apply_event(w->s, w->r, ev, k->cursor, when, w->use);
                if (!chain_link(ev))
                        break;
                last = k;
        }
        CXCursor alias;
        if (last && chain_alias(site, last, &alias) &&
            dl_body_track(b, alias, dl_follow_off_of(alias), w->use, request_site, w))
                dl_request_mark_escaped(w->r);
        return true;
}

/* The request variable var (or, fill, a parameter a helper fills): its
 * initializer, then its events before use. */
static void follow_var(struct scope *s, struct dl_request *r, CXCursor var, unsigned use, bool fill)
{
        if (!fill) {
                enum CXCursorKind vk = clang_getCursorKind(var);
                CXType vt = clang_getCursorType(var);
                CXCursor init =
                        vk == CXCursor_VarDecl ? dl_cx_var_init(var) : clang_getNullCursor();
                /* NOLINTBEGIN(bugprone-branch-clone): two reasons the request's
                 * contents are unknown, each with its own comment */
                if (s->handle && vk == CXCursor_VarDecl && vt.kind == CXType_Pointer &&
                    (clang_Cursor_isNull(init) || dl_follow_is_null_constant(init))) {
                        /* a C handle with no value yet: nothing is known of it
                         * until an event makes it (a constructor, a JSON body) */
                        dl_request_mark_escaped(r);
                } else if (vk != CXCursor_VarDecl || vt.kind == CXType_LValueReference ||
                           vt.kind == CXType_RValueReference ||
                           (vt.kind == CXType_Pointer && !s->handle)) {
                        /* comes from the caller or an alias: unknown contents */
                        dl_request_mark_escaped(r);
                        /* NOLINTEND(bugprone-branch-clone) */
                } else if (!clang_Cursor_isNull(init)) {
                        dl_follow_build_expr(s, r, init, dl_follow_off_of(var));
                }
                if (!r->request_decl.file) {
                        r->request_decl = dl_follow_loc_of(s, var);
                        r->variable = dl_cx_spelling(s->e->ctx.cx, var);
                }
        }
        if (!s->fb)
                return;
        struct req_walk w = {s, r, use};
        if (dl_body_track(&s->fb->body, var, dl_follow_off_of(var), use, request_site, &w))
                dl_request_mark_escaped(r);
}

/* Follow the request expression e (a client call's argument, an
 * initializer, a return value). */
static void build_expr_at(struct scope *s, struct dl_request *r, CXCursor e, unsigned use)
{
        CXCursor chain[64];
        const struct dl_event *chain_ev[64];
        unsigned n = 0;
        e = dl_cx_strip_address(e);
        for (;;) {
                if (clang_getCursorKind(e) != CXCursor_CallExpr ||
                    clang_getCursorKind(clang_getCursorReferenced(e)) != CXCursor_CXXMethod)
                        break;
                struct dl_event tmp;
                const struct dl_event *ev = dl_follow_event_of(s, e, &tmp);
                if (!chain_link(ev))
                        break;
                if (n == 64) {
                        dl_request_mark_escaped(r);
                        return;
                }
                if (ev == &tmp) { /* not one of the body's calls: keep a copy */
                        struct dl_event *keep = dl_arena_alloc(dl_follow_arena_of(s), sizeof *keep);
                        *keep = tmp;
                        ev = keep;
                }
                chain[n] = e;
                chain_ev[n++] = ev;
                e = dl_cx_member_object(e);
        }
        enum CXCursorKind k = clang_getCursorKind(e);
        CXCursor ref = clang_getCursorReferenced(e);
        if (k == CXCursor_CallExpr && clang_getCursorKind(ref) == CXCursor_Constructor) {
                int nargs = clang_Cursor_getNumArguments(e);
                if (nargs == 1)
                        dl_follow_build_expr(s, r, clang_Cursor_getArgument(e, 0), use);
                else if (nargs > 1)
                        dl_request_mark_escaped(r);
        } else if (k == CXCursor_DeclRefExpr && (clang_getCursorKind(ref) == CXCursor_VarDecl ||
                                                 clang_getCursorKind(ref) == CXCursor_ParmDecl)) {
                follow_var(s, r, ref, use, false);
        } else if (k == CXCursor_CallExpr && build_from_helper(s, r, e)) {
                /* done */
        } else if (k == CXCursor_InitListExpr || k == CXCursor_UnexposedExpr) {
                /* Request{} or a default-initialized temporary */
                CXCursor kids[1];
                if (dl_cx_children(e, kids, 1) > 0)
                        dl_request_mark_escaped(r);
        } else {
                dl_request_mark_escaped(r);
        }
        for (unsigned i = n; i-- > 0;)
                dl_follow_apply_event(s, r, chain_ev[i], chain[i], DL_WHEN_SURE, use);
}

void dl_follow_build_expr(struct scope *s, struct dl_request *r, CXCursor e, unsigned use)
{
        if (s->nest >= MAX_NEST) {
                dl_request_mark_escaped(r);
                return;
        }
        s->nest++;
        build_expr_at(s, r, e, use);
        s->nest--;
}

/* ---- declared wrappers --------------------------------------------------------------- */

/* The request is the JSON body arg, an argument of call (a declared
 * wrapper's, a C function's that sends it). */
static void body_arg(struct scope *s, struct dl_request *r, CXCursor arg, CXCursor call,
                     unsigned use)
{
        struct dl_event body = {.kind = DL_EV_JSON_BODY, .n_args = 1};
        body.args[0] = arg;
        dl_follow_apply_body(s, r, &body, call, false, use);
}

/* The operation is the one arg names (a target, an operation name), an
 * argument of call. */
static void target_arg(struct scope *s, struct dl_request *r, CXCursor arg, CXCursor call,
                       unsigned use)
{
        struct dl_event target = {.kind = DL_EV_TARGET, .n_args = 1};
        target.args[0] = arg;
        dl_follow_apply_target(s, r, &target, call, false, use);
}

/* A call sending the JSON body args[0] itself (struct dl_event.body): a
 * request of op in version api, or of the operation args[1] names. */
static void send_body(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                      CXCursor call, unsigned use)
{
        if (ev->api != DL_API_20120810)
                r->api_version = dl_api_version_name(ev->api);
        if (ev->n_args >= 1)
                body_arg(s, r, ev->args[0], call, use);
        else
                dl_request_mark_escaped(r);
        if (ev->op == DL_OP_COUNT) {
                if (ev->n_args >= 2)
                        target_arg(s, r, ev->args[1], call, use);
        }
}

/* The request a call of a declared wrapper sends: each argument by its
 * role (rules/schema.h). A request object or JSON body gives the whole
 * request; otherwise what the wrapper's body adds is not seen: the request
 * is escaped (members not given are unknown, never absent). */
static void build_wrapper(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                          CXCursor call, unsigned use)
{
        const struct dl_wrapper *w = ev->wrapper;
        unsigned nargs = (unsigned)clang_Cursor_getNumArguments(call);
        bool whole = false;
        r->recognizer = dl_arena_printf(
                dl_follow_arena_of(s), "wrapper:%s",
                dl_cx_qualified_name(s->e->ctx.cx, clang_getCursorReferenced(call)));
        /* the request object and the body first: they replace what was set */
        for (size_t i = 0; i < w->n_args; i++) {
                const struct dl_wrapper_arg *a = &w->args[i];
                if (a->argument > nargs)
                        continue;
                CXCursor arg = clang_Cursor_getArgument(call, a->argument - 1);
                if (a->role == DL_ROLE_REQUEST) {
                        dl_follow_build_expr(s, r, arg, use);
                        whole = true;
                } else if (a->role == DL_ROLE_JSON_BODY) {
                        body_arg(s, r, arg, call, use);
                        whole = true;
                }
        }
        if (!whole)
                dl_request_mark_escaped(r);
        static const struct {
                enum dl_wrapper_role role;
                bool map;
                int which; /* enum dl_field or enum dl_map */
        } members[] = {
                {DL_ROLE_TABLE, false, DL_FIELD_TABLE_NAME},
                {DL_ROLE_INDEX, false, DL_FIELD_INDEX_NAME},
                {DL_ROLE_KEY_CONDITION, false, DL_FIELD_KEY_CONDITION_EXPRESSION},
                {DL_ROLE_FILTER, false, DL_FIELD_FILTER_EXPRESSION},
                {DL_ROLE_PROJECTION, false, DL_FIELD_PROJECTION_EXPRESSION},
                {DL_ROLE_UPDATE, false, DL_FIELD_UPDATE_EXPRESSION},
                {DL_ROLE_CONDITION, false, DL_FIELD_CONDITION_EXPRESSION},
                {DL_ROLE_CONSISTENT_READ, false, DL_FIELD_CONSISTENT_READ},
                {DL_ROLE_LIMIT, false, DL_FIELD_LIMIT},
                {DL_ROLE_NAMES, true, DL_MAP_NAMES},
                {DL_ROLE_VALUES, true, DL_MAP_VALUES},
                {DL_ROLE_KEY, true, DL_MAP_KEY},
                {DL_ROLE_ITEM, true, DL_MAP_ITEM},
        };
        for (size_t i = 0; i < w->n_args; i++) {
                const struct dl_wrapper_arg *a = &w->args[i];
                if (a->argument > nargs)
                        continue;
                CXCursor arg = clang_Cursor_getArgument(call, a->argument - 1);
                for (size_t k = 0; k < sizeof members / sizeof members[0]; k++) {
                        if (members[k].role != a->role)
                                continue;
                        if (members[k].map) {
                                enum dl_map m = (enum dl_map)members[k].which;
                                dl_follow_map_from_expr(s, dl_request_map(r, m), m == DL_MAP_NAMES,
                                                        arg, use, false);
                        } else {
                                enum dl_field f = (enum dl_field)members[k].which;
                                r->fields[f] = fold_field(s, f, arg, use);
                        }
                }
        }
        if (w->operation_argument) {
                r->op = DL_OP_COUNT;
                if (w->operation_argument <= nargs)
                        target_arg(s, r, clang_Cursor_getArgument(call, w->operation_argument - 1),
                                   call, use);
        }
}

/* ---- the driver ----------------------------------------------------------------------- */

void dl_engine_function(struct dl_engine *e, CXCursor fn, const char *function,
                        struct dl_request_vec *out)
{
        if (!e->n_recs)
                return;
        e->ctx.function = function;
        for (size_t i = 0; i < e->n_recs; i++) {
                if (e->recs[i]->reported_by_callers &&
                    e->recs[i]->reported_by_callers(&e->ctx, function))
                        return; /* a declared wrapper: its callers' calls are the requests */
        }
        struct scope s = {e, dl_follow_body_of(e, fn), 0, 0, false};
        for (size_t i = 0; i < s.fb->body.calls.n; i++) {
                const struct dl_event *ev = dl_follow_event_at(&s, (int)i);
                if (ev->kind != DL_EV_SEND)
                        continue;
                CXCursor call = s.fb->body.calls.items[i].cursor;
                unsigned off = s.fb->body.calls.items[i].off;
                const struct dl_recognizer *rec = s.fb->recs[i];
                struct dl_request r;
                dl_request_init(&r, ev->op);
                r.call_kind = ev->call_kind;
                r.call = dl_follow_loc_of(&s, call);
                r.function = function;
                r.recognizer = rec->id;
                r.spell_fix = rec->spell_fix;
                r.client_method = dl_cx_spelling(e->ctx.cx, call);
                s.handle = ev->handle;
                free(e->unknown_target);
                e->unknown_target = NULL;
                if (dl_cx_in_macro(e->ctx.cx, call)) {
                        struct dl_loc sp;
                        if (dl_cx_macro_spelling(e->ctx.cx, call, r.client_method, &sp))
                                r.call_spelling = sp;
                }
                int nargs = clang_Cursor_getNumArguments(call);
                if (ev->wrapper) {
                        build_wrapper(&s, &r, ev, call, off);
                } else if (ev->body) {
                        send_body(&s, &r, ev, call, off);
                } else if (ev->object_arg < 0 || ev->object_arg >= nargs) {
                        dl_request_mark_escaped(&r);
                } else {
                        /* the event lives in the body's cache: copy what
                         * following may overwrite */
                        CXCursor req = clang_Cursor_getArgument(call, (unsigned)ev->object_arg);
                        dl_follow_build_expr(&s, &r, req, off);
                }
                dl_response_follow(e->ctx.cx, &s.fb->body, (int)i, r.call_kind, &r.response);
                if (dl_follow_finish_request(&s, &r, rec)) {
                        dl_response_loops(e->ctx.cx, &s.fb->body, (int)i, &r);
                        DL_VEC_PUSH(out, r);
                } else if (ev->wrapper && ev->wrapper->inferred && e->ctx.verbose) {
                        /* "0 findings" must not mean "nothing seen" */
                        dl_log_add(e->ctx.log, DL_LOG_NOTE, "inferred-wrapper-operation", &r.call,
                                   "the operation this call of '%s' (an inferred wrapper) sends is "
                                   "not known here (argument %u): no request is made of it",
                                   r.client_method, ev->wrapper->operation_argument);
                } else if (e->unknown_target) {
                        /* "0 findings" must not mean "nothing seen" */
                        dl_log_add(e->ctx.log, DL_LOG_NOTE, "target-not-followed", &r.call,
                                   "the operation of this send is not known: its target "
                                   "'%s' (%s:%u:%u) reads '%s', each <...> a part not known as "
                                   "one constant; no request is made of it",
                                   e->unknown_target_source ? e->unknown_target_source : "?",
                                   e->unknown_target_at.file ? e->unknown_target_at.file : "?",
                                   e->unknown_target_at.line, e->unknown_target_at.col,
                                   e->unknown_target);
                }
        }
}
