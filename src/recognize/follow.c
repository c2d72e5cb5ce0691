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
 */
#include "engine.h"
#include "response.h"

#include "../core/alloc.h"
#include "../core/arena.h"
#include "../core/log.h"
#include "../core/strbuf.h"
#include "../frontend/eval.h"
#include "../model/json_request.h"
#include "summary.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define MAX_HELPER_DEPTH 4
#define MAX_NEST 64  /* nested request expressions: `Req r = r;` cannot loop */
#define MAX_LIST 256 /* entries of an initializer list */

/* A function body with the events of its calls, classified on demand. */
struct fbody {
        CXCursor fn;
        struct dl_body body;
        struct dl_event *events;           /* parallel to body.calls */
        const struct dl_recognizer **recs; /* who classified each call */
        unsigned char *classified;
};

struct dl_engine {
        struct dl_rctx ctx;
        const struct dl_recognizer *recs[16]; /* those that apply to the unit */
        size_t n_recs;
        DL_VEC(struct fbody *) bodies;
        struct dl_summaries *sums; /* the unit's function summaries */
};

/* The state of following one request expression. */
struct scope {
        struct dl_engine *e;
        struct fbody *fb; /* the body the expression is in */
        unsigned depth;   /* helpers entered */
        unsigned nest;    /* build_expr calls in progress */
        bool handle;      /* the request object is a C handle (struct dl_event) */
};

struct dl_engine *dl_engine_new(const struct dl_rctx *ctx, const struct dl_unit *unit)
{
        struct dl_engine *e = dl_xcalloc(1, sizeof *e);
        e->ctx = *ctx;
        e->sums = dl_summaries_new(ctx->cx);
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
static struct fbody *body_of(struct dl_engine *e, CXCursor fn)
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

static const struct dl_event *event_at(struct scope *s, int i)
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
static const struct dl_event *event_of(struct scope *s, CXCursor call, struct dl_event *tmp)
{
        int i = s->fb ? dl_body_call_index(&s->fb->body, call) : -1;
        if (i >= 0)
                return event_at(s, i);
        classify(s->e, call, tmp);
        return tmp;
}

static unsigned off_of(CXCursor c)
{
        return dl_cx_cursor_offset(c);
}

static struct dl_loc loc_of(struct scope *s, CXCursor c)
{
        return dl_cx_cursor_loc(s->e->ctx.cx, c);
}

static struct dl_arena *arena_of(struct scope *s)
{
        return s->e->ctx.cx->arena;
}

static struct dl_eval eval_at(struct scope *s, unsigned use)
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
                ev->kind == DL_EV_NESTED);
}

/* ---- values ------------------------------------------------------------------ */

static struct dl_value fold_field(struct scope *s, enum dl_field f, CXCursor arg, unsigned use)
{
        struct dl_eval ev = eval_at(s, use);
        struct dl_loc at = loc_of(s, arg);
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
        case DL_FK_PRESENT: return dl_value_known(arena_of(s), "", 0, NULL, at);
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
        const struct dl_event *ev = event_at(w->s, site->call);
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
static enum dl_attr_type attr_value(struct scope *s, CXCursor v, struct dl_value *scalar,
                                    unsigned use)
{
        struct dl_eval eval = eval_at(s, use);
        for (int i = 0; i < 16; i++) {
                v = dl_cx_strip(v);
                if (clang_getCursorKind(v) != CXCursor_CallExpr)
                        break;
                struct dl_event tmp;
                const struct dl_event *ev = event_of(s, v, &tmp);
                if (ev->kind == DL_EV_ATTR_COPY) {
                        v = dl_cx_strip(ev->args[0]);
                        continue;
                }
                if (ev->kind != DL_EV_ATTR)
                        return DL_ATTR_UNKNOWN;
                if (ev->n_args == 1) {
                        /* a constructor's value is located at its argument,
                         * a setter's at the call */
                        bool ctor = clang_getCursorKind(clang_getCursorReferenced(v)) ==
                                    CXCursor_Constructor;
                        *scalar = dl_eval_string(&eval, ev->args[0],
                                                 loc_of(s, ctor ? ev->args[0] : v));
                }
                return ev->attr;
        }
        if (clang_getCursorKind(v) != CXCursor_DeclRefExpr || !s->fb)
                return DL_ATTR_UNKNOWN;
        struct attr_walk w = {s, use, off_of(v), DL_ATTR_UNKNOWN, false};
        bool changed =
                dl_body_track(&s->fb->body, clang_getCursorReferenced(v), 0, use, attr_site, &w);
        return changed || w.unsure ? DL_ATTR_UNKNOWN : w.type;
}

/* ---- maps ---------------------------------------------------------------------- */

/* Puts entry a into m. The same key twice: emplace, insert and the
 * library's Add (which emplace) keep the first value; `m[k] = v` and
 * `m[k].SetX(...)` (overwrite) replace it, and a conditional overwrite
 * leaves its type unknown. */
static void map_put(struct scope *s, struct dl_attr_map *m, const struct dl_attr *a, bool maybe,
                    bool overwrite)
{
        for (size_t i = 0; dl_value_is_complete(&a->key) && i < m->n; i++) {
                struct dl_attr *old = &m->items[i];
                if (!dl_value_is_complete(&old->key) || old->key.len != a->key.len ||
                    memcmp(old->key.text, a->key.text, a->key.len) != 0)
                        continue;
                if (overwrite) {
                        if (maybe) {
                                old->type = DL_ATTR_UNKNOWN;
                                old->val = dl_value_dynamic(a->loc);
                        } else {
                                *old = *a;
                        }
                }
                if (maybe)
                        m->kind = DL_VAL_DYNAMIC;
                return;
        }
        struct dl_attr *items = dl_arena_alloc(arena_of(s), (m->n + 1) * sizeof *items);
        if (m->n)
                memcpy(items, m->items, m->n * sizeof *items);
        items[m->n] = *a;
        m->items = items;
        m->n++;
        if (m->kind == DL_VAL_ABSENT) {
                m->kind = DL_VAL_KNOWN;
                m->loc = a->loc;
        }
        if (maybe)
                m->kind = DL_VAL_DYNAMIC;
}

/* Adds entry k -> v (an attribute value expression, or for names the
 * attribute name) to m as map_put does. */
static void map_add(struct scope *s, struct dl_attr_map *m, bool is_names, CXCursor k, CXCursor v,
                    CXCursor at, unsigned use, bool maybe, bool overwrite)
{
        struct dl_eval ev = eval_at(s, use);
        struct dl_attr a = {0};
        a.key = dl_eval_string(&ev, k, loc_of(s, k));
        a.loc = loc_of(s, at);
        if (is_names)
                a.val = dl_eval_string(&ev, v, loc_of(s, v));
        else if (!clang_Cursor_isNull(v))
                a.type = attr_value(s, v, &a.val, use);
        map_put(s, m, &a, maybe, overwrite);
}

/* The pair (k, v) of an initializer-list element or pair construction. */
static bool pair_of(CXCursor e, CXCursor *k, CXCursor *v)
{
        e = dl_cx_strip(e);
        enum CXCursorKind kind = clang_getCursorKind(e);
        if (kind == CXCursor_InitListExpr) {
                CXCursor kids[3];
                if (dl_cx_children(e, kids, 3) != 2)
                        return false;
                *k = kids[0];
                *v = kids[1];
                return true;
        }
        if (kind == CXCursor_CallExpr && clang_Cursor_getNumArguments(e) == 2) {
                *k = clang_Cursor_getArgument(e, 0);
                *v = clang_Cursor_getArgument(e, 1);
                return true;
        }
        if (kind == CXCursor_CallExpr && clang_Cursor_getNumArguments(e) == 1)
                return pair_of(clang_Cursor_getArgument(e, 0), k, v);
        return false;
}

/* An InitListExpr found by following single expression children. */
static CXCursor find_init_list(CXCursor e)
{
        for (int i = 0; i < 16; i++) {
                e = dl_cx_strip(e);
                enum CXCursorKind k = clang_getCursorKind(e);
                if (k == CXCursor_InitListExpr)
                        return e;
                if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(e) >= 1 &&
                    clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_Constructor) {
                        e = clang_Cursor_getArgument(e, 0);
                        continue;
                }
                return clang_getNullCursor();
        }
        return clang_getNullCursor();
}

/* A variable of a function body with automatic storage (not static, not a
 * global another function may change). */
static bool is_local_var(CXCursor var)
{
        enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(var));
        bool in_fn = pk == CXCursor_FunctionDecl || pk == CXCursor_CXXMethod ||
                     pk == CXCursor_Constructor || pk == CXCursor_Destructor ||
                     pk == CXCursor_FunctionTemplate || pk == CXCursor_LambdaExpr;
        return in_fn && clang_Cursor_getStorageClass(var) != CX_SC_Static;
}

/* e names a local object variable (not a reference) whose contents the
 * function body fully shows; *var receives its declaration. */
static bool local_object_ref(CXCursor e, CXCursor *var)
{
        *var = clang_getCursorReferenced(e);
        enum CXTypeKind tk = clang_getCursorType(*var).kind;
        return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
               clang_getCursorKind(*var) == CXCursor_VarDecl && is_local_var(*var) &&
               tk != CXType_LValueReference && tk != CXType_RValueReference;
}

/* A default-constructed temporary: `T()`, `T{}` or `{}` for a class T. */
static bool is_empty_construct(CXCursor e)
{
        e = dl_cx_strip(e);
        if (clang_getCursorKind(e) == CXCursor_InitListExpr) {
                CXCursor kids[1];
                return dl_cx_children(e, kids, 1) == 0;
        }
        return clang_getCursorKind(e) == CXCursor_CallExpr &&
               clang_Cursor_getNumArguments(e) == 0 &&
               clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_Constructor;
}

static bool is_call_named(CXCursor c, const char *name, int nargs)
{
        return clang_getCursorKind(c) == CXCursor_CallExpr && dl_cx_is_named(c, name) &&
               clang_Cursor_getNumArguments(c) == nargs;
}

/* The call a reference site belongs to, and the parent of a call. */
static const struct dl_body_call *site_call(const struct dl_body_site *site)
{
        return site->call >= 0 ? &site->body->calls.items[site->call] : NULL;
}

static const struct dl_body_call *parent_call(const struct dl_body *b, const struct dl_body_call *c,
                                              int want_arg)
{
        return c && c->parent >= 0 && c->parent_arg == want_arg ? &b->calls.items[c->parent] : NULL;
}

/* A local map variable filled before the use: emplace / insert / [] = and
 * `m[k].SetX(...)` (an entry's attribute value set in place). */
struct map_walk {
        struct scope *s;
        struct dl_attr_map *m;
        bool is_names;
        unsigned use;
};

static bool map_site(void *data, const struct dl_body_site *site)
{
        struct map_walk *w = data;
        const struct dl_body *b = site->body;
        const struct dl_body_call *c = site_call(site);
        if (!c)
                return false;
        CXCursor call = c->cursor;
        if (site->arg == DL_BODY_OBJECT) {
                enum dl_when when = dl_body_when(b, c->off, w->use);
                if (when == DL_WHEN_NEVER)
                        return false;
                bool maybe = when == DL_WHEN_MAYBE;
                CXCursor k, v;
                if (is_call_named(call, "emplace", 2) || is_call_named(call, "try_emplace", 2)) {
                        map_add(w->s, w->m, w->is_names, clang_Cursor_getArgument(call, 0),
                                clang_Cursor_getArgument(call, 1), call, w->use, maybe, false);
                        return true;
                }
                if (is_call_named(call, "insert", 1)) {
                        if (pair_of(clang_Cursor_getArgument(call, 0), &k, &v))
                                map_add(w->s, w->m, w->is_names, k, v, call, w->use, maybe, false);
                        else
                                w->m->kind = DL_VAL_DYNAMIC;
                        return true;
                }
                return false;
        }
        /* m[k]: argument 0 of operator[] */
        if (site->arg != 0 || !is_call_named(call, "operator[]", 2))
                return false;
        const struct dl_body_call *assign = parent_call(b, c, 0);
        if (assign && is_call_named(assign->cursor, "operator=", 2)) {
                enum dl_when when = dl_body_when(b, assign->off, w->use);
                if (when == DL_WHEN_NEVER)
                        return false;
                map_add(w->s, w->m, w->is_names, clang_Cursor_getArgument(call, 1),
                        clang_Cursor_getArgument(assign->cursor, 1), assign->cursor, w->use,
                        when == DL_WHEN_MAYBE, true);
                return true;
        }
        const struct dl_body_call *set = parent_call(b, c, DL_BODY_OBJECT);
        if (!w->is_names && set) {
                int si = (int)(set - b->calls.items);
                const struct dl_event *ev = event_at(w->s, si);
                enum dl_when when = dl_body_when(b, set->off, w->use);
                if (ev->kind != DL_EV_ATTR || when == DL_WHEN_NEVER)
                        return false;
                map_add(w->s, w->m, w->is_names, clang_Cursor_getArgument(call, 1), set->cursor,
                        set->cursor, w->use, when == DL_WHEN_MAYBE, true);
                return true;
        }
        return false;
}

/* The entries of an initializer list into m (at most MAX_LIST). */
static void map_from_list(struct scope *s, struct dl_attr_map *m, bool is_names, CXCursor list,
                          unsigned use)
{
        CXCursor kids[MAX_LIST];
        unsigned n = dl_cx_children(list, kids, MAX_LIST);
        if (n > MAX_LIST)
                m->kind = DL_VAL_DYNAMIC;
        for (unsigned i = 0; i < n && i < MAX_LIST; i++) {
                CXCursor k, v;
                if (pair_of(kids[i], &k, &v))
                        map_add(s, m, is_names, k, v, kids[i], use, false, false);
                else
                        m->kind = DL_VAL_DYNAMIC;
        }
}

/* A whole map set at once (SetExpressionAttributeValues(m)). */
static void map_from_expr(struct scope *s, struct dl_attr_map *m, bool is_names, CXCursor arg,
                          unsigned use, bool maybe)
{
        m->items = NULL;
        m->n = 0;
        m->kind = DL_VAL_KNOWN;
        m->loc = loc_of(s, arg);
        CXCursor e = dl_cx_strip(arg);
        CXCursor list = find_init_list(e);
        CXCursor var;
        if (!clang_Cursor_isNull(list)) {
                map_from_list(s, m, is_names, list, use);
        } else if (is_empty_construct(e)) {
                /* Map() or {}: known and empty (DynamoDB rejects it) */
        } else if (!s->fb || !local_object_ref(e, &var)) {
                m->kind = DL_VAL_DYNAMIC;
                return;
        } else {
                CXCursor init = dl_cx_var_init(var);
                CXCursor l = clang_Cursor_isNull(init) ? init : find_init_list(init);
                if (!clang_Cursor_isNull(l))
                        map_from_list(s, m, is_names, l, use);
                struct map_walk w = {s, m, is_names, use};
                if (dl_body_track(&s->fb->body, var, off_of(var), use, map_site, &w))
                        m->kind = DL_VAL_DYNAMIC; /* written where ddblint cannot list it */
        }
        if (maybe)
                m->kind = DL_VAL_DYNAMIC;
}

/* ---- batch and transaction members ------------------------------------------------ */

static void build_expr(struct scope *s, struct dl_request *r, CXCursor e, unsigned use);

/* What an element of a nested collection becomes. */
struct elem_spec {
        enum dl_op op;
        const char *member;           /* NULL for wrappers: set by their setter */
        const struct dl_value *table; /* the batch map's key, or NULL */
        const struct dl_event *nest;  /* the batch map's event (for its elements) */
};

/* A request of op for a member of r, made in the same place. */
static void member_init(struct dl_request *m, const struct dl_request *r, enum dl_op op)
{
        dl_request_init(m, op);
        m->function = r->function;
        m->recognizer = r->recognizer;
        m->spell_fix = r->spell_fix;
}

/* Build one member from expression e (added at offset use) and append it
 * to container c. A member whose shape cannot be known (an opaque or
 * empty wrapper) is not invented: the container escapes instead. */
static void add_member(struct scope *s, struct dl_request *c, CXCursor e, unsigned use, bool maybe,
                       const struct elem_spec *spec)
{
        struct dl_request m;
        member_init(&m, c, spec->op);
        m.member = spec->member;
        m.call = loc_of(s, e);
        build_expr(s, &m, e, use);
        if (spec->table)
                m.fields[DL_FIELD_TABLE_NAME] = *spec->table;
        if (!m.member) {
                dl_request_mark_escaped(c);
                return;
        }
        if (maybe) {
                /* added on some paths (a loop): the member is listed, its
                 * count is not known */
                bool listed = !c->escaped || c->members_listed;
                dl_request_mark_escaped(c);
                c->members_listed = listed;
        }
        struct dl_request *items = dl_arena_alloc(arena_of(s), (c->n_items + 1) * sizeof *items);
        if (c->n_items)
                memcpy(items, c->items, c->n_items * sizeof *items);
        items[c->n_items++] = m;
        c->items = items;
}

/* What to do with one element of an initializer list. */
typedef void (*list_item_fn)(struct scope *s, struct dl_request *c, CXCursor item, unsigned use,
                             bool maybe, const struct elem_spec *spec);

/* Calls fn on each element of the initializer list `list` (at most
 * MAX_LIST; a longer list makes c escaped: members ddblint did not list). */
static void each_list_item(struct scope *s, struct dl_request *c, CXCursor list, unsigned use,
                           bool maybe, list_item_fn fn, const struct elem_spec *spec)
{
        CXCursor items[MAX_LIST];
        unsigned n = dl_cx_children(list, items, MAX_LIST);
        if (n > MAX_LIST)
                dl_request_mark_escaped(c);
        for (unsigned i = 0; i < n && i < MAX_LIST; i++)
                fn(s, c, items[i], use, maybe, spec);
}

/* The start of a collection argument (vector of elements, batch map): an
 * initializer list or an empty temporary is handled here (returns false);
 * a local variable has its initializer walked and *var set (returns true:
 * the caller follows what is added to it before use); anything else makes
 * c escaped (returns false). */
static bool collection_start(struct scope *s, struct dl_request *c, CXCursor arg, unsigned use,
                             bool maybe, list_item_fn fn, const struct elem_spec *spec,
                             CXCursor *var)
{
        CXCursor e = dl_cx_strip(arg);
        CXCursor list = find_init_list(e);
        if (clang_Cursor_isNull(list) && is_empty_construct(e))
                return false;
        if (!clang_Cursor_isNull(list)) {
                each_list_item(s, c, list, use, maybe, fn, spec);
                return false;
        }
        if (!s->fb || !local_object_ref(e, var)) {
                dl_request_mark_escaped(c);
                return false;
        }
        /* the variable's initializer: its list's elements; nothing for an
         * empty construction; anything else (a copy of something ddblint
         * cannot list) makes c escaped */
        CXCursor init = dl_cx_var_init(*var);
        if (!clang_Cursor_isNull(init)) {
                CXCursor l = find_init_list(init);
                if (!clang_Cursor_isNull(l))
                        each_list_item(s, c, l, off_of(*var), maybe, fn, spec);
                else if (!is_empty_construct(init))
                        dl_request_mark_escaped(c);
        }
        return true;
}

static void member_item(struct scope *s, struct dl_request *c, CXCursor item, unsigned use,
                        bool maybe, const struct elem_spec *spec)
{
        add_member(s, c, item, use, maybe, spec);
}

/* A local collection filled before the use; each site it accounts for is
 * handed to the walk's add function. */
struct coll_walk {
        struct scope *s;
        struct dl_request *c;
        unsigned use;
        bool maybe;
        const struct elem_spec *spec;
};

/* A vector of elements: push_back / emplace_back add one, reserve changes
 * nothing. */
static bool list_site(void *data, const struct dl_body_site *site)
{
        struct coll_walk *w = data;
        const struct dl_body_call *c = site_call(site);
        if (!c || site->arg != DL_BODY_OBJECT)
                return false;
        enum dl_when when = dl_body_when(site->body, c->off, w->use);
        if (when == DL_WHEN_NEVER)
                return false;
        if (is_call_named(c->cursor, "push_back", 1) ||
            is_call_named(c->cursor, "emplace_back", 1)) {
                add_member(w->s, w->c, clang_Cursor_getArgument(c->cursor, 0), c->off,
                           w->maybe || when == DL_WHEN_MAYBE, w->spec);
                return true;
        }
        return is_call_named(c->cursor, "reserve", 1); /* capacity only */
}

/* A vector of elements: an initializer list, an empty temporary, or a
 * local vector filled with push_back / emplace_back before use. */
static void list_from_expr(struct scope *s, struct dl_request *c, CXCursor arg, unsigned use,
                           bool maybe, const struct elem_spec *spec)
{
        CXCursor var;
        if (!collection_start(s, c, arg, use, maybe, member_item, spec, &var))
                return;
        struct coll_walk w = {s, c, use, maybe, spec};
        if (dl_body_track(&s->fb->body, var, off_of(var), use, list_site, &w))
                dl_request_mark_escaped(c);
}

/* One entry of a batch map: table name k, value v. */
static void batch_entry(struct scope *s, struct dl_request *c, const struct dl_event *nd,
                        CXCursor k, CXCursor v, unsigned use, bool maybe)
{
        struct dl_eval ev = eval_at(s, use);
        struct dl_value *table = dl_arena_alloc(arena_of(s), sizeof *table);
        *table = dl_eval_string(&ev, k, loc_of(s, k));
        struct elem_spec spec = {nd->op, nd->member, table, nd};
        if (nd->nest == DL_NEST_TABLE_ONE)
                add_member(s, c, v, use, maybe, &spec);
        else
                list_from_expr(s, c, v, use, maybe, &spec);
}

static void batch_item(struct scope *s, struct dl_request *c, CXCursor item, unsigned use,
                       bool maybe, const struct elem_spec *spec)
{
        CXCursor k, v;
        if (pair_of(item, &k, &v))
                batch_entry(s, c, spec->nest, k, v, use, maybe);
        else
                dl_request_mark_escaped(c);
}

/* A batch map (table name -> elements) filled with emplace / insert /
 * m[table] = ... / m[table].push_back(element). */
static bool batch_site(void *data, const struct dl_body_site *site)
{
        struct coll_walk *w = data;
        const struct dl_body *b = site->body;
        const struct dl_body_call *c = site_call(site);
        if (!c)
                return false;
        const struct dl_event *nd = w->spec->nest;
        CXCursor call = c->cursor;
        if (site->arg == DL_BODY_OBJECT) {
                enum dl_when when = dl_body_when(b, c->off, w->use);
                CXCursor k, v;
                if (when == DL_WHEN_NEVER)
                        return false;
                bool m2 = w->maybe || when == DL_WHEN_MAYBE;
                if (is_call_named(call, "emplace", 2) || is_call_named(call, "try_emplace", 2)) {
                        batch_entry(w->s, w->c, nd, clang_Cursor_getArgument(call, 0),
                                    clang_Cursor_getArgument(call, 1), c->off, m2);
                        return true;
                }
                if (is_call_named(call, "insert", 1) &&
                    pair_of(clang_Cursor_getArgument(call, 0), &k, &v)) {
                        batch_entry(w->s, w->c, nd, k, v, c->off, m2);
                        return true;
                }
                return false;
        }
        if (site->arg != 0 || !is_call_named(call, "operator[]", 2))
                return false;
        const struct dl_body_call *assign = parent_call(b, c, 0);
        const struct dl_body_call *push = parent_call(b, c, DL_BODY_OBJECT);
        const struct dl_body_call *p = assign ? assign : push;
        if (!p)
                return false;
        enum dl_when when = dl_body_when(b, p->off, w->use);
        if (when == DL_WHEN_NEVER)
                return false;
        bool m2 = w->maybe || when == DL_WHEN_MAYBE;
        if (assign && is_call_named(assign->cursor, "operator=", 2)) {
                batch_entry(w->s, w->c, nd, clang_Cursor_getArgument(call, 1),
                            clang_Cursor_getArgument(assign->cursor, 1), assign->off, m2);
                return true;
        }
        if (push && nd->nest == DL_NEST_TABLE_LIST &&
            (is_call_named(push->cursor, "push_back", 1) ||
             is_call_named(push->cursor, "emplace_back", 1))) {
                /* m[table].push_back(write_request) */
                struct dl_eval ev = eval_at(w->s, push->off);
                CXCursor tk = clang_Cursor_getArgument(call, 1);
                struct dl_value *table = dl_arena_alloc(arena_of(w->s), sizeof *table);
                *table = dl_eval_string(&ev, tk, loc_of(w->s, tk));
                struct elem_spec spec = {nd->op, nd->member, table, nd};
                add_member(w->s, w->c, clang_Cursor_getArgument(push->cursor, 0), push->off, m2,
                           &spec);
                return true;
        }
        return false;
}

/* A batch map: an initializer list, an empty temporary, or a local map
 * filled before use. */
static void batch_from_expr(struct scope *s, struct dl_request *c, const struct dl_event *nd,
                            CXCursor arg, unsigned use, bool maybe)
{
        struct elem_spec spec = {nd->op, nd->member, NULL, nd};
        CXCursor var;
        if (!collection_start(s, c, arg, use, maybe, batch_item, &spec, &var))
                return;
        struct coll_walk w = {s, c, use, maybe, &spec};
        if (dl_body_track(&s->fb->body, var, off_of(var), use, batch_site, &w))
                dl_request_mark_escaped(c);
}

/* A nested member (enum dl_nest) set or added on r by call. */
static void apply_nested(struct scope *s, struct dl_request *r, const struct dl_event *nd,
                         CXCursor call, bool maybe)
{
        unsigned at = off_of(call);
        bool one = nd->n_args == 1, two = nd->n_args == 2;
        switch (nd->nest) {
        case DL_NEST_WRAP: {
                if (!one || nd->add) {
                        dl_request_mark_escaped(r);
                        return;
                }
                struct dl_request t;
                member_init(&t, r, nd->op);
                t.member = nd->member;
                build_expr(s, &t, nd->args[0], at);
                if (maybe) {
                        /* which shape the wrapper holds depends on the path */
                        dl_request_mark_escaped(r);
                        return;
                }
                t.call = r->call;
                t.request_decl = r->request_decl;
                *r = t;
                return;
        }
        case DL_NEST_LIST: {
                struct elem_spec spec = {nd->op, nd->member, NULL, nd};
                if (nd->add && one) {
                        add_member(s, r, nd->args[0], at, maybe, &spec);
                } else if (!nd->add && one) {
                        if (!maybe) {
                                r->items = NULL;
                                r->n_items = 0;
                        }
                        list_from_expr(s, r, nd->args[0], at, maybe, &spec);
                } else {
                        dl_request_mark_escaped(r);
                }
                return;
        }
        case DL_NEST_TABLE_LIST:
        case DL_NEST_TABLE_ONE:
                if (nd->add && two) {
                        batch_entry(s, r, nd, nd->args[0], nd->args[1], at, maybe);
                } else if (!nd->add && one) {
                        if (!maybe) {
                                r->items = NULL;
                                r->n_items = 0;
                        }
                        batch_from_expr(s, r, nd, nd->args[0], at, maybe);
                } else {
                        dl_request_mark_escaped(r);
                }
                return;
        case DL_NEST_KEYS:
                /* the keys of a BatchGetItem entry: present, entries not modelled */
                r->key.kind = DL_VAL_DYNAMIC;
                if (!r->key.loc.file)
                        r->key.loc = loc_of(s, call);
                return;
        }
}

/* ---- low-level requests: JSON body and target ------------------------------------- */

/* The request is the JSON body of the event (replacing what was set): kept
 * as a value, read when the request is sent (finish_request). */
static void apply_body(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                       CXCursor call, bool maybe, unsigned at)
{
        struct dl_value *body = dl_arena_alloc(arena_of(s), sizeof *body);
        if (ev->n_args != 1 || maybe) {
                *body = dl_value_dynamic(loc_of(s, call));
        } else {
                struct dl_eval eval = eval_at(s, at);
                eval.document = true; /* the whole body (frontend/buffer.h) */
                *body = dl_eval_string(&eval, ev->args[0], loc_of(s, ev->args[0]));
        }
        struct dl_request t;
        dl_request_init(&t, r->op);
        t.call_kind = r->call_kind;
        t.call = r->call;
        t.call_spelling = r->call_spelling;
        t.request_decl = r->request_decl;
        t.variable = r->variable;
        t.function = r->function;
        t.recognizer = r->recognizer;
        t.client_method = r->client_method;
        t.spell_fix = r->spell_fix;
        t.api_version = r->api_version;
        t.json_body = body;
        *r = t;
}

static void apply_event(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                        CXCursor call, enum dl_when w, unsigned use);

/* The headers of a header list before the use: TARGET events on it. */
struct header_walk {
        struct scope *s;
        struct dl_request *r;
        unsigned use;
};

static bool header_site(void *data, const struct dl_body_site *site)
{
        struct header_walk *w = data;
        const struct dl_body *b = site->body;
        if (site->call < 0 && site->ref->assigned >= 0) {
                /* `list = append(list, header)`: the append's own site applies it */
                const struct dl_body_call *c = &b->calls.items[site->ref->assigned];
                const struct dl_event *ev = event_at(w->s, site->ref->assigned);
                int nargs = clang_Cursor_getNumArguments(c->cursor);
                if (ev->kind != DL_EV_TARGET || ev->object_arg < 0 || ev->object_arg >= nargs)
                        return false;
                CXCursor obj =
                        dl_cx_strip(clang_Cursor_getArgument(c->cursor, (unsigned)ev->object_arg));
                return clang_getCursorKind(obj) == CXCursor_DeclRefExpr &&
                       clang_equalCursors(clang_getCursorReferenced(obj), site->ref->decl);
        }
        if (site->call < 0)
                return false;
        const struct dl_event *ev = event_at(w->s, site->call);
        if (ev->kind != DL_EV_TARGET || ev->object_arg != site->arg)
                return false;
        const struct dl_body_call *c = &b->calls.items[site->call];
        enum dl_when when = dl_body_when(b, c->off, w->use);
        if (when != DL_WHEN_NEVER)
                apply_event(w->s, w->r, ev, c->cursor, when, w->use);
        return true;
}

/* The header list e (a null pointer, an append's value, a local list)
 * used at use: its headers applied to r; a list ddblint cannot see leaves
 * the operation unknown. */
static void header_list(struct scope *s, struct dl_request *r, CXCursor e, unsigned use,
                        unsigned depth)
{
        e = dl_cx_strip(e);
        enum CXCursorKind k = clang_getCursorKind(e);
        CXCursor var;
        if (k == CXCursor_GNUNullExpr || k == CXCursor_CXXNullPtrLiteralExpr ||
            k == CXCursor_IntegerLiteral)
                return; /* a null pointer: the empty list */
        if (k == CXCursor_CallExpr && depth < MAX_NEST) {
                struct dl_event tmp;
                const struct dl_event *ev = event_of(s, e, &tmp);
                int nargs = clang_Cursor_getNumArguments(e);
                if (ev->kind == DL_EV_TARGET && !ev->list && ev->object_arg >= 0 &&
                    ev->object_arg < nargs) {
                        header_list(s, r, clang_Cursor_getArgument(e, (unsigned)ev->object_arg),
                                    use, depth + 1);
                        apply_event(s, r, ev, e, DL_WHEN_SURE, use);
                        return;
                }
        }
        var = clang_getCursorReferenced(e);
        if (k == CXCursor_DeclRefExpr && s->fb && clang_getCursorKind(var) == CXCursor_VarDecl) {
                if (is_local_var(var)) {
                        CXCursor init = dl_cx_var_init(var);
                        if (!clang_Cursor_isNull(init))
                                header_list(s, r, init, off_of(var), depth + 1);
                        struct header_walk w = {s, r, use};
                        if (!dl_body_track(&s->fb->body, var, off_of(var), use, header_site, &w))
                                return;
                }
        }
        r->op = DL_OP_COUNT; /* headers ddblint cannot list: the target is unknown */
}

/* The operation named by the event (a header line, a target, an operation
 * name, or a header list). */
static void apply_target(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                         CXCursor call, bool maybe, unsigned at)
{
        if (ev->n_args != 1) {
                r->op = DL_OP_COUNT;
                return;
        }
        if (ev->list) {
                struct dl_request t = *r;
                header_list(s, &t, ev->args[0], at, 0);
                if (maybe && t.op != r->op)
                        t.op = DL_OP_COUNT;
                r->op = t.op;
                r->api_version = t.api_version;
                return;
        }
        struct dl_eval eval = eval_at(s, at);
        struct dl_value v = dl_eval_string(&eval, ev->args[0], loc_of(s, call));
        enum dl_op op;
        enum dl_api_version api;
        switch (dl_target_read(&v, &op, &api)) {
        case DL_TARGET_NONE: return;
        case DL_TARGET_UNKNOWN: r->op = DL_OP_COUNT; return;
        case DL_TARGET_KNOWN:
                if (maybe && op != r->op) {
                        r->op = DL_OP_COUNT; /* which one depends on the path */
                        return;
                }
                r->op = op;
                r->api_version = api == DL_API_20120810 ? NULL : dl_api_version_name(api);
                return;
        }
}

/* A low-level request about to be dropped or finished: its body read in
 * the API version of its target. Returns false when its operation is not
 * known (not known to be DynamoDB's). */
static bool finish_request(struct scope *s, struct dl_request *r)
{
        if (r->op == DL_OP_COUNT)
                return false;
        if (r->json_body) {
                bool escaped = r->escaped;
                enum dl_api_version api = r->api_version ? DL_API_20111205 : DL_API_20120810;
                r->api_version = NULL;
                dl_json_request_read(arena_of(s), r->json_body, api, r, NULL);
                if (escaped)
                        dl_request_mark_escaped(r);
        }
        return true;
}

/* ---- C spec structs and JSON pointers ------------------------------------------- */

/* A null pointer constant (`NULL`, `0`, `nullptr`). */
static bool is_null_constant(CXCursor e)
{
        return clang_getCursorKind(dl_cx_strip(e)) == CXCursor_CXXNullPtrLiteralExpr ||
               dl_cx_is_zero_literal(e);
}

/* Reading a spec struct (DL_EV_CREATE) into a request. */
struct spec_read {
        struct scope *s;
        struct dl_request *t;
        const struct dl_event *ev;
        unsigned use;
};

/* The request member the spec member v (of spec member m) sends: a zero
 * or NULL member is not sent (ABSENT). */
static struct dl_value spec_value(struct spec_read *sr, const struct dl_spec_member *m, CXCursor v)
{
        struct dl_eval ev = eval_at(sr->s, sr->use);
        struct dl_loc at = loc_of(sr->s, v);
        struct dl_value none = {0}, n;
        none.loc = at;
        switch (m->conv) {
        case DL_SPEC_STRING: return is_null_constant(v) ? none : dl_eval_string(&ev, v, at);
        case DL_SPEC_PRESENT:
                /* present when its text is known, maybe NULL when it is not */
                if (is_null_constant(v))
                        return none;
                n = dl_eval_string(&ev, v, at);
                return n.kind == DL_VAL_KNOWN ? dl_value_known(arena_of(sr->s), "", 0, NULL, at)
                                              : dl_value_dynamic(at);
        case DL_SPEC_NONZERO:
                n = dl_eval_int(&ev, v, at);
                return dl_value_equals(&n, "0") ? none : n;
        case DL_SPEC_TRUE:
        case DL_SPEC_NEGATED:
                n = dl_eval_bool(&ev, v, at);
                if (dl_value_equals(&n, "false"))
                        return none;
                if (m->conv == DL_SPEC_NEGATED && dl_value_is_complete(&n))
                        return dl_value_known(arena_of(sr->s), "false", 5, NULL, at);
                return n;
        case DL_SPEC_ENUM: {
                n = dl_eval_int(&ev, v, at);
                if (!dl_value_is_complete(&n))
                        return n;
                long i = strtol(n.text, NULL, 10);
                if (i == 0)
                        return none;
                if (i < 0 || (unsigned long)i >= m->n_values || !m->values[i])
                        return dl_value_dynamic(at);
                return dl_value_known(arena_of(sr->s), m->values[i], strlen(m->values[i]), NULL,
                                      at);
        }
        }
        return dl_value_dynamic(at);
}

/* Spec member name (dotted for a nested one) := v. */
static void spec_set(struct spec_read *sr, const char *name, CXCursor v, bool maybe)
{
        for (unsigned i = 0; i < sr->ev->n_spec; i++) {
                const struct dl_spec_member *m = &sr->ev->spec[i];
                if (strcmp(m->name, name) != 0)
                        continue;
                sr->t->fields[m->field] =
                        maybe ? dl_value_dynamic(loc_of(sr->s, v)) : spec_value(sr, m, v);
                return;
        }
}

struct field_names {
        struct dl_arena *a;
        const char *names[MAX_LIST];
        unsigned n;
};

static enum CXVisitorResult field_name(CXCursor c, CXClientData data)
{
        struct field_names *f = data;
        if (f->n == MAX_LIST)
                return CXVisit_Break;
        CXString s = clang_getCursorSpelling(c);
        f->names[f->n++] = dl_arena_strdup(f->a, clang_getCString(s));
        clang_disposeString(s);
        return CXVisit_Continue;
}

/* The initializer list of a spec struct (or of its member prefix):
 * designated (`.limit = 10`, `.ret = {.values = ...}`) or positional
 * entries. Anything else (an array designator, positional entries after
 * designated ones) leaves the request escaped. */
static void spec_list(struct spec_read *sr, CXCursor list, const char *prefix, unsigned depth)
{
        CXCursor kids[MAX_LIST];
        unsigned n = dl_cx_children(list, kids, MAX_LIST);
        struct field_names fields = {arena_of(sr->s), {0}, 0};
        clang_Type_visitFields(clang_getCanonicalType(clang_getCursorType(list)), field_name,
                               &fields);
        bool designated = false;
        if (n > MAX_LIST || depth > 4) {
                dl_request_mark_escaped(sr->t);
                return;
        }
        for (unsigned i = 0; i < n; i++) {
                CXCursor parts[8];
                unsigned np = dl_cx_children(kids[i], parts, 8);
                struct dl_strbuf name;
                dl_strbuf_init(&name);
                dl_strbuf_puts(&name, prefix);
                CXCursor v = kids[i];
                bool ok = true;
                if (clang_getCursorKind(kids[i]) == CXCursor_UnexposedExpr && np >= 2 && np <= 8 &&
                    clang_getCursorKind(parts[0]) == CXCursor_MemberRef) {
                        designated = true;
                        for (unsigned k = 0; k + 1 < np && ok; k++) {
                                ok = clang_getCursorKind(parts[k]) == CXCursor_MemberRef;
                                CXString sp = clang_getCursorSpelling(parts[k]);
                                dl_strbuf_printf(&name, "%s%s", k ? "." : "", clang_getCString(sp));
                                clang_disposeString(sp);
                        }
                        v = parts[np - 1];
                } else if (!designated && i < fields.n) {
                        dl_strbuf_puts(&name, fields.names[i]);
                } else {
                        ok = false;
                }
                if (!ok) {
                        dl_request_mark_escaped(sr->t);
                } else if (clang_getCursorKind(dl_cx_strip(v)) == CXCursor_InitListExpr) {
                        dl_strbuf_putc(&name, '.');
                        spec_list(sr, dl_cx_strip(v), name.buf, depth + 1);
                } else {
                        spec_set(sr, name.buf, v, false);
                }
                dl_strbuf_fini(&name);
        }
}

/* `spec.member = value` before the constructor's call. */
static bool spec_site(void *data, const struct dl_body_site *site)
{
        struct spec_read *sr = data;
        const struct dl_body *b = site->body;
        if (site->ref->store < 0)
                return false;
        const struct dl_body_store *st = &b->stores.items[site->ref->store];
        enum dl_when when = dl_body_when(b, st->off, sr->use);
        if (when != DL_WHEN_NEVER)
                spec_set(sr, dl_cx_spelling(sr->s->e->ctx.cx, st->member), st->value,
                         when == DL_WHEN_MAYBE);
        return true;
}

/* The spec struct arg of a constructor called at offset use, into t: a
 * compound literal `&(struct spec){...}`, or a local struct with its
 * initializer and the member assignments before the call (the library
 * copies the spec: later changes do not count). Anything else: t escaped. */
static void spec_read(struct scope *s, struct dl_request *t, const struct dl_event *ev,
                      CXCursor arg, unsigned use)
{
        struct spec_read sr = {s, t, ev, use};
        CXCursor e = dl_cx_strip_address(arg), var;
        if (clang_getCursorKind(e) == CXCursor_CompoundLiteralExpr) {
                CXCursor kids[2];
                unsigned n = dl_cx_children(e, kids, 2);
                if (n >= 1 && clang_getCursorKind(kids[n - 1]) == CXCursor_InitListExpr)
                        spec_list(&sr, kids[n - 1], "", 0);
                else
                        dl_request_mark_escaped(t);
                return;
        }
        if (!s->fb || !local_object_ref(e, &var) ||
            clang_getCursorType(var).kind == CXType_Pointer) {
                dl_request_mark_escaped(t);
                return;
        }
        CXCursor init = dl_cx_var_init(var);
        CXCursor list = clang_Cursor_isNull(init) ? init : dl_cx_strip(init);
        if (!clang_Cursor_isNull(list) && clang_getCursorKind(list) == CXCursor_InitListExpr)
                spec_list(&sr, list, "", 0);
        else
                dl_request_mark_escaped(t); /* uninitialized, or a copy of another */
        if (dl_body_track(&s->fb->body, var, off_of(var), use, spec_site, &sr)) {
                /* changed where ddblint cannot see (memset, a pointer
                 * handed on): every member may be anything */
                for (unsigned i = 0; i < ev->n_spec; i++)
                        t->fields[ev->spec[i].field] = dl_value_dynamic(loc_of(s, var));
                dl_request_mark_escaped(t);
        }
}

/* DL_EV_SET_PATH: a value set by a JSON pointer into the request: the map
 * its first part names (`/ExpressionAttributeValues/:v`, `/Item/PK`,
 * `/Key/%s`) gets the entry the rest names; `/ExclusiveStartKey/...` sets
 * that member. A path whose first part is not known, or a deeper path
 * (into an attribute's own value), leaves what it may change unknown. */
static void apply_path(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                       CXCursor call, bool maybe, unsigned use)
{
        struct dl_eval e = eval_at(s, use);
        struct dl_loc at = loc_of(s, call);
        struct dl_value path = dl_eval_string(&e, ev->args[0], loc_of(s, ev->args[0]));
        const struct dl_segment *s0 =
                path.kind == DL_VAL_KNOWN && path.n_segs ? &path.segs[0] : NULL;
        const char *slash = s0 && s0->text && s0->len > 1 && s0->text[0] == '/'
                                    ? memchr(s0->text + 1, '/', s0->len - 1)
                                    : NULL;
        if (!slash) {
                dl_request_mark_escaped(r);
                return;
        }
        size_t name_len = (size_t)(slash - s0->text) - 1;
        enum dl_map map;
        enum dl_field f;
        if (!dl_map_from_api_name(s0->text + 1, name_len, &map)) {
                if (dl_field_from_api_name(s0->text + 1, name_len, &f) &&
                    dl_field_kind(f) == DL_FK_PRESENT)
                        r->fields[f] = dl_value_known(arena_of(s), "", 0, NULL, at);
                else
                        dl_request_mark_escaped(r);
                return;
        }
        struct dl_attr_map *m = dl_request_map(r, map);
        struct dl_tmpl tm;
        dl_tmpl_init(&tm, arena_of(s));
        dl_tmpl_value_from(&tm, &path, name_len + 2, path.loc);
        struct dl_attr a = {0};
        a.key = dl_tmpl_finish(&tm, path.loc);
        dl_tmpl_fini(&tm);
        a.loc = at;
        size_t klen = 0;
        const char *ktext = dl_value_known_text(arena_of(s), &a.key, &klen);
        if (ktext && (memchr(ktext, '/', klen) || memchr(ktext, '~', klen))) {
                m->kind = DL_VAL_DYNAMIC; /* deeper, or an escaped name */
                if (!m->loc.file)
                        m->loc = at;
                return;
        }
        if (map == DL_MAP_NAMES) {
                if (ev->n_args >= 3)
                        a.val = dl_eval_string(&e, ev->args[2], loc_of(s, ev->args[2]));
        } else {
                a.type = ev->attr;
                if (ev->n_args >= 2 && !clang_Cursor_isNull(ev->args[1])) {
                        struct dl_value ty = dl_eval_string(&e, ev->args[1], at);
                        if (!dl_value_is_complete(&ty) ||
                            !dl_attr_type_from_name(ty.text, ty.len, &a.type))
                                a.type = DL_ATTR_UNKNOWN;
                }
                bool scalar = a.type == DL_ATTR_S || a.type == DL_ATTR_N || a.type == DL_ATTR_B;
                if (scalar && ev->n_args >= 3 && !clang_Cursor_isNull(ev->args[2])) {
                        CXCursor v = ev->args[2];
                        CXType vt = clang_getCanonicalType(clang_getCursorType(dl_cx_strip(v)));
                        /* a string: a pointer, or an array (a literal, a
                         * char[] buffer) that decays to one */
                        bool text = vt.kind == CXType_Pointer || vt.kind == CXType_ConstantArray ||
                                    vt.kind == CXType_IncompleteArray;
                        a.val = text ? dl_eval_string(&e, v, loc_of(s, v))
                                     : dl_eval_int(&e, v, loc_of(s, v));
                }
        }
        map_put(s, m, &a, maybe, true);
}

/* ---- events on a request ---------------------------------------------------------- */

/* Apply the event ev of call on request r, w relative to the use at use. */
static void apply_event(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                        CXCursor call, enum dl_when w, unsigned use)
{
        bool maybe = w == DL_WHEN_MAYBE;
        unsigned at = off_of(call);
        switch (ev->kind) {
        case DL_EV_NESTED: apply_nested(s, r, ev, call, maybe); return;
        case DL_EV_JSON_BODY: apply_body(s, r, ev, call, maybe, at); return;
        case DL_EV_TARGET: apply_target(s, r, ev, call, maybe, at); return;
        case DL_EV_SET_PATH: apply_path(s, r, ev, call, maybe, at); return;
        case DL_EV_SET_MAP:
        case DL_EV_ADD_ENTRY: {
                struct dl_attr_map *m = dl_request_map(r, ev->map);
                bool is_names = ev->map == DL_MAP_NAMES;
                if (ev->add && ev->n_args == 2)
                        map_add(s, m, is_names, ev->args[0], ev->args[1], call, at, maybe, false);
                else if (!ev->add && ev->n_args == 1)
                        map_from_expr(s, m, is_names, ev->args[0], at, maybe);
                else
                        m->kind = DL_VAL_DYNAMIC;
                return;
        }
        case DL_EV_SET_FIELD:
                if (ev->field == DL_FIELD_ATTRIBUTES_TO_GET && ev->add && ev->n_args == 1 &&
                    !maybe) { /* one name at a time: the legacy-parameters fix reads them */
                        struct dl_eval e = eval_at(s, at);
                        struct dl_value name =
                                dl_eval_string(&e, ev->args[0], loc_of(s, ev->args[0]));
                        r->fields[ev->field] = dl_name_list_append(
                                arena_of(s), &r->fields[ev->field], &name, loc_of(s, call));
                } else if (ev->n_args != 1 || ev->add)
                        r->fields[ev->field] = dl_value_dynamic(loc_of(s, call));
                else if (maybe)
                        r->fields[ev->field] = dl_value_dynamic(loc_of(s, ev->args[0]));
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
        if (t->member) {
                r->op = t->op;
                r->member = t->member;
        }
}

struct returns {
        CXCursor items[8];
        unsigned n;
};

static enum CXChildVisitResult find_returns(CXCursor c, CXCursor parent, CXClientData data)
{
        struct returns *rs = data;
        (void)parent;
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k == CXCursor_LambdaExpr)
                return CXChildVisit_Continue;
        if (k == CXCursor_ReturnStmt) {
                if (rs->n < 8)
                        rs->items[rs->n] = c;
                rs->n++;
                return CXChildVisit_Continue;
        }
        return CXChildVisit_Recurse;
}

/* A request returned by a function of this TU: its returns, joined (a
 * member that differs between them becomes DYNAMIC). */
static bool build_from_helper(struct scope *s, struct dl_request *r, CXCursor call)
{
        CXCursor fn = clang_getCursorDefinition(clang_getCursorReferenced(call));
        if (s->depth >= MAX_HELPER_DEPTH || !dl_cx_has_body(fn))
                return false;
        struct scope inner = {s->e, body_of(s->e, fn), s->depth + 1, 0, s->handle};
        struct returns rs = {.n = 0};
        clang_visitChildren(fn, find_returns, &rs);
        bool ok = rs.n >= 1 && rs.n <= 8;
        for (unsigned i = 0; ok && i < rs.n; i++) {
                CXCursor kid[1];
                if (dl_cx_children(rs.items[i], kid, 1) < 1) {
                        ok = false;
                        break;
                }
                struct dl_request t;
                dl_request_init(&t, r->op);
                build_expr(&inner, &t, kid[0], off_of(rs.items[i]));
                if (i == 0) {
                        merge(arena_of(s), r, &t, false);
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
                if (t.escaped)
                        dl_request_mark_escaped(r);
        }
        return ok;
}

static void follow_var(struct scope *s, struct dl_request *r, CXCursor var, unsigned use,
                       bool fill);

/* The tracked request variable var, handed to a call as argument a. */
static void request_arg(struct scope *s, struct dl_request *r, const struct dl_body_call *c, int a,
                        enum dl_when w)
{
        CXCursor call = c->cursor;
        int ci = (int)(c - s->fb->body.calls.items);
        if (event_at(s, ci)->kind == DL_EV_SEND)
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
                build_expr(s, &t, clang_Cursor_getArgument(call, 1), c->off);
                if (w != DL_WHEN_SURE) {
                        merge(arena_of(s), r, &t, true);
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
                struct scope inner = {s->e, body_of(s->e, def), s->depth + 1, 0, s->handle};
                struct dl_request t;
                dl_request_init(&t, r->op);
                follow_var(&inner, &t, clang_Cursor_getArgument(def, (unsigned)a), UINT_MAX, true);
                merge(arena_of(s), r, &t, w == DL_WHEN_MAYBE);
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
                spec_read(w->s, &t, ev, ev->args[0], off_of(call));
        else
                dl_request_mark_escaped(&t);
        if (when != DL_WHEN_SURE) {
                merge(arena_of(w->s), w->r, &t, true);
                dl_request_mark_escaped(w->r); /* made here on some paths only */
                return;
        }
        replace_state(w->r, &t, false);
}

static bool request_site(void *data, const struct dl_body_site *site)
{
        struct req_walk *w = data;
        const struct dl_body *b = site->body;
        const struct dl_body_call *c = site_call(site);
        if (!c)
                return false; /* an alias or a copy elsewhere */
        if (site->arg != DL_BODY_OBJECT) {
                enum dl_when when = dl_body_when(b, c->off, w->use);
                const struct dl_event *ev = event_at(w->s, site->call);
                if (ev->kind != DL_EV_NONE && ev->kind != DL_EV_SEND &&
                    ev->object_arg == site->arg) {
                        /* a C function of the library taking the object */
                        if (when == DL_WHEN_NEVER)
                                return true;
                        if (ev->kind == DL_EV_CREATE)
                                apply_create(w, ev, c->cursor, when);
                        else
                                apply_event(w->s, w->r, ev, c->cursor, when, w->use);
                        return true;
                }
                if (when != DL_WHEN_NEVER)
                        request_arg(w->s, w->r, c, site->arg, when);
                return true;
        }
        /* a member call on the variable, then the chain above it
         * (`r.WithA(a).WithB(b)`), in source order */
        for (const struct dl_body_call *k = c; k; k = parent_call(b, k, DL_BODY_OBJECT)) {
                const struct dl_event *ev = event_at(w->s, (int)(k - b->calls.items));
                if (ev->kind == DL_EV_NONE)
                        break;
                enum dl_when when = dl_body_when(b, k->off, w->use);
                if (when != DL_WHEN_NEVER)
                        apply_event(w->s, w->r, ev, k->cursor, when, w->use);
                if (!chain_link(ev))
                        break;
        }
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
                    (clang_Cursor_isNull(init) || is_null_constant(init))) {
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
                        build_expr(s, r, init, off_of(var));
                }
                if (!r->request_decl.file) {
                        r->request_decl = loc_of(s, var);
                        r->variable = dl_cx_spelling(s->e->ctx.cx, var);
                }
        }
        if (!s->fb)
                return;
        struct req_walk w = {s, r, use};
        if (dl_body_track(&s->fb->body, var, off_of(var), use, request_site, &w))
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
                const struct dl_event *ev = event_of(s, e, &tmp);
                if (!chain_link(ev))
                        break;
                if (n == 64) {
                        dl_request_mark_escaped(r);
                        return;
                }
                if (ev == &tmp) { /* not one of the body's calls: keep a copy */
                        struct dl_event *keep = dl_arena_alloc(arena_of(s), sizeof *keep);
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
                        build_expr(s, r, clang_Cursor_getArgument(e, 0), use);
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
                apply_event(s, r, chain_ev[i], chain[i], DL_WHEN_SURE, use);
}

static void build_expr(struct scope *s, struct dl_request *r, CXCursor e, unsigned use)
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
        apply_body(s, r, &body, call, false, use);
}

/* The operation is the one arg names (a target, an operation name), an
 * argument of call. */
static void target_arg(struct scope *s, struct dl_request *r, CXCursor arg, CXCursor call,
                       unsigned use)
{
        struct dl_event target = {.kind = DL_EV_TARGET, .n_args = 1};
        target.args[0] = arg;
        apply_target(s, r, &target, call, false, use);
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
                arena_of(s), "wrapper:%s",
                dl_cx_qualified_name(s->e->ctx.cx, clang_getCursorReferenced(call)));
        /* the request object and the body first: they replace what was set */
        for (size_t i = 0; i < w->n_args; i++) {
                const struct dl_wrapper_arg *a = &w->args[i];
                if (a->argument > nargs)
                        continue;
                CXCursor arg = clang_Cursor_getArgument(call, a->argument - 1);
                if (a->role == DL_ROLE_REQUEST) {
                        build_expr(s, r, arg, use);
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
                                map_from_expr(s, dl_request_map(r, m), m == DL_MAP_NAMES, arg, use,
                                              false);
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
        struct scope s = {e, body_of(e, fn), 0, 0, false};
        for (size_t i = 0; i < s.fb->body.calls.n; i++) {
                const struct dl_event *ev = event_at(&s, (int)i);
                if (ev->kind != DL_EV_SEND)
                        continue;
                CXCursor call = s.fb->body.calls.items[i].cursor;
                unsigned off = s.fb->body.calls.items[i].off;
                const struct dl_recognizer *rec = s.fb->recs[i];
                struct dl_request r;
                dl_request_init(&r, ev->op);
                r.call_kind = ev->call_kind;
                r.call = loc_of(&s, call);
                r.function = function;
                r.recognizer = rec->id;
                r.spell_fix = rec->spell_fix;
                r.client_method = dl_cx_spelling(e->ctx.cx, call);
                s.handle = ev->handle;
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
                        build_expr(&s, &r, req, off);
                }
                dl_response_follow(e->ctx.cx, &s.fb->body, (int)i, r.call_kind, &r.response);
                if (finish_request(&s, &r)) {
                        dl_response_loops(e->ctx.cx, &s.fb->body, (int)i, &r);
                        DL_VEC_PUSH(out, r);
                } else if (ev->wrapper && ev->wrapper->inferred && e->ctx.verbose)
                        /* "0 findings" must not mean "nothing seen" */
                        dl_log_add(e->ctx.log, DL_LOG_NOTE, "inferred-wrapper-operation", &r.call,
                                   "the operation this call of '%s' (an inferred wrapper) sends is "
                                   "not known here (argument %u): no request is made of it",
                                   r.client_method, ev->wrapper->operation_argument);
        }
}
