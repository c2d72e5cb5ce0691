/* follow_nested.c - the request-following engine's maps and batch and
 * transaction members (engine.h; follow.c's walk, split off by concern;
 * docs/architecture.md, "Adding a recognizer").
 * SPDX-License-Identifier: MIT
 *
 * Maps (ExpressionAttributeValues...) from initializer lists and local maps
 * filled before the use; batch and transaction members (enum dl_nest)
 * through C++ containers, each member an entry of req->items.
 */
#include "follow_internal.h"
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

/* ---- maps ---------------------------------------------------------------------- */

/* Puts entry a into m. The same key twice: emplace, insert and the
 * library's Add (which emplace) keep the first value; `m[k] = v` and
 * `m[k].SetX(...)` (overwrite) replace it, and a conditional overwrite
 * leaves its type unknown. */
void dl_follow_map_put(struct scope *s, struct dl_attr_map *m, const struct dl_attr *a, bool maybe,
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
        struct dl_attr *items = dl_arena_alloc(dl_follow_arena_of(s), (m->n + 1) * sizeof *items);
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
void dl_follow_map_add(struct scope *s, struct dl_attr_map *m, bool is_names, CXCursor k,
                       CXCursor v, CXCursor at, unsigned use, bool maybe, bool overwrite)
{
        struct dl_eval ev = dl_follow_eval_at(s, use);
        struct dl_attr a = {0};
        a.key = dl_eval_string(&ev, k, dl_follow_loc_of(s, k));
        a.loc = dl_follow_loc_of(s, at);
        if (is_names)
                a.val = dl_eval_string(&ev, v, dl_follow_loc_of(s, v));
        else if (!clang_Cursor_isNull(v))
                a.type = dl_follow_attr_value(s, v, &a.val, use);
        dl_follow_map_put(s, m, &a, maybe, overwrite);
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
bool dl_follow_is_local_var(CXCursor var)
{
        enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(var));
        bool in_fn = pk == CXCursor_FunctionDecl || pk == CXCursor_CXXMethod ||
                     pk == CXCursor_Constructor || pk == CXCursor_Destructor ||
                     pk == CXCursor_FunctionTemplate || pk == CXCursor_LambdaExpr;
        return in_fn && clang_Cursor_getStorageClass(var) != CX_SC_Static;
}

/* e names a local object variable (not a reference) whose contents the
 * function body fully shows; *var receives its declaration. */
bool dl_follow_local_object_ref(CXCursor e, CXCursor *var)
{
        *var = clang_getCursorReferenced(e);
        enum CXTypeKind tk = clang_getCursorType(*var).kind;
        return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
               clang_getCursorKind(*var) == CXCursor_VarDecl && dl_follow_is_local_var(*var) &&
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

/* The call a reference site belongs to, and the parent of a call. */
const struct dl_body_call *dl_follow_site_call(const struct dl_body_site *site)
{
        return site->call >= 0 ? &site->body->calls.items[site->call] : NULL;
}

const struct dl_body_call *dl_follow_parent_call(const struct dl_body *b,
                                                 const struct dl_body_call *c, int want_arg)
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
        const struct dl_body_call *c = dl_follow_site_call(site);
        if (!c)
                return false;
        CXCursor call = c->cursor;
        if (site->arg == DL_BODY_OBJECT) {
                enum dl_when when = dl_body_when(b, c->off, w->use);
                if (when == DL_WHEN_NEVER)
                        return false;
                bool maybe = when == DL_WHEN_MAYBE;
                CXCursor k, v;
                if (dl_cx_is_call_named(call, "emplace", 2) ||
                    dl_cx_is_call_named(call, "try_emplace", 2)) {
                        dl_follow_map_add(
                                w->s, w->m, w->is_names, clang_Cursor_getArgument(call, 0),
                                clang_Cursor_getArgument(call, 1), call, w->use, maybe, false);
                        return true;
                }
                if (dl_cx_is_call_named(call, "insert", 1)) {
                        if (pair_of(clang_Cursor_getArgument(call, 0), &k, &v))
                                dl_follow_map_add(w->s, w->m, w->is_names, k, v, call, w->use,
                                                  maybe, false);
                        else
                                w->m->kind = DL_VAL_DYNAMIC;
                        return true;
                }
                return false;
        }
        /* m[k]: argument 0 of operator[] */
        if (site->arg != 0 || !dl_cx_is_call_named(call, "operator[]", 2))
                return false;
        const struct dl_body_call *assign = dl_follow_parent_call(b, c, 0);
        if (assign && dl_cx_is_call_named(assign->cursor, "operator=", 2)) {
                enum dl_when when = dl_body_when(b, assign->off, w->use);
                if (when == DL_WHEN_NEVER)
                        return false;
                dl_follow_map_add(w->s, w->m, w->is_names, clang_Cursor_getArgument(call, 1),
                                  clang_Cursor_getArgument(assign->cursor, 1), assign->cursor,
                                  w->use, when == DL_WHEN_MAYBE, true);
                return true;
        }
        const struct dl_body_call *set = dl_follow_parent_call(b, c, DL_BODY_OBJECT);
        if (!w->is_names && set) {
                int si = (int)(set - b->calls.items);
                const struct dl_event *ev = dl_follow_event_at(w->s, si);
                enum dl_when when = dl_body_when(b, set->off, w->use);
                if (ev->kind != DL_EV_ATTR || when == DL_WHEN_NEVER)
                        return false;
                dl_follow_map_add(w->s, w->m, w->is_names, clang_Cursor_getArgument(call, 1),
                                  set->cursor, set->cursor, w->use, when == DL_WHEN_MAYBE, true);
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
                        dl_follow_map_add(s, m, is_names, k, v, kids[i], use, false, false);
                else
                        m->kind = DL_VAL_DYNAMIC;
        }
}

/* A whole map set at once (SetExpressionAttributeValues(m)). */
void dl_follow_map_from_expr(struct scope *s, struct dl_attr_map *m, bool is_names, CXCursor arg,
                             unsigned use, bool maybe)
{
        m->items = NULL;
        m->n = 0;
        m->kind = DL_VAL_KNOWN;
        m->loc = dl_follow_loc_of(s, arg);
        CXCursor e = dl_cx_strip(arg);
        CXCursor list = find_init_list(e);
        CXCursor var;
        if (!clang_Cursor_isNull(list)) {
                map_from_list(s, m, is_names, list, use);
        } else if (is_empty_construct(e) ||
                   (!is_names && dl_follow_map_from_helper(s, m, e, use))) {
                /* Map() or {}: known and empty (DynamoDB rejects it); or a
                 * helper's map (follow_helper.c), filled by the call */
        } else if (!s->fb || !dl_follow_local_object_ref(e, &var)) {
                m->kind = DL_VAL_DYNAMIC;
                return;
        } else {
                CXCursor init = dl_cx_var_init(var);
                CXCursor l = clang_Cursor_isNull(init) ? init : find_init_list(init);
                if (!clang_Cursor_isNull(l))
                        map_from_list(s, m, is_names, l, use);
                else if (!clang_Cursor_isNull(init) && !is_empty_construct(init) &&
                         (is_names || !dl_follow_map_from_helper(s, m, dl_cx_strip(init),
                                                                 dl_follow_off_of(var))))
                        m->kind = DL_VAL_DYNAMIC; /* a copy of what ddblint cannot list */
                struct map_walk w = {s, m, is_names, use};
                if (dl_body_track(&s->fb->body, var, dl_follow_off_of(var), use, map_site, &w))
                        m->kind = DL_VAL_DYNAMIC; /* written where ddblint cannot list it */
        }
        if (maybe)
                m->kind = DL_VAL_DYNAMIC;
}

/* ---- batch and transaction members ------------------------------------------------ */

void dl_follow_member_init(struct dl_request *m, const struct dl_request *r, enum dl_op op)
{
        dl_request_init(m, op);
        m->function = r->function;
        m->recognizer = r->recognizer;
        m->spell_fix = r->spell_fix;
}

static void append_member(struct scope *s, struct dl_request *c, const struct dl_request *mp,
                          bool maybe);

/* Build one member from expression e (added at offset use) and append it
 * to container c. A member whose shape cannot be known (an opaque or
 * empty wrapper) is not invented: the container escapes instead. */
static void add_member(struct scope *s, struct dl_request *c, CXCursor e, unsigned use, bool maybe,
                       const struct elem_spec *spec)
{
        struct dl_request m;
        dl_follow_member_init(&m, c, spec->op);
        m.member = spec->member;
        m.call = dl_follow_loc_of(s, e);
        dl_follow_build_expr(s, &m, e, use);
        if (spec->table)
                m.fields[DL_FIELD_TABLE_NAME] = *spec->table;
        if (!m.member) {
                dl_request_mark_escaped(c);
                return;
        }
        append_member(s, c, &m, maybe);
}

/* Append member m to container c, added on some paths only when maybe. */
static void append_member(struct scope *s, struct dl_request *c, const struct dl_request *mp,
                          bool maybe)
{
        const struct dl_request m = *mp;
        if (maybe) {
                /* added on some paths (a loop): the member is listed, its
                 * count is not known */
                bool listed = !c->escaped || c->members_listed;
                dl_request_mark_escaped(c);
                c->members_listed = listed;
        }
        struct dl_request *items =
                dl_arena_alloc(dl_follow_arena_of(s), (c->n_items + 1) * sizeof *items);
        if (c->n_items)
                memcpy(items, c->items, c->n_items * sizeof *items);
        items[c->n_items++] = m;
        c->items = items;
}

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
        if (!s->fb || !dl_follow_local_object_ref(e, var)) {
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
                        each_list_item(s, c, l, dl_follow_off_of(*var), maybe, fn, spec);
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
        list_item_fn fn; /* what each element added becomes */
        size_t n0;       /* c's members before the collection's */
};

/* A vector of elements: push_back / emplace_back add one, reserve changes
 * nothing, clear (on every path to the use) empties it: what it held is not
 * sent. A clear on some paths only is left to the walk's rule. */
static bool list_site(void *data, const struct dl_body_site *site)
{
        struct coll_walk *w = data;
        const struct dl_body_call *c = dl_follow_site_call(site);
        if (!c || site->arg != DL_BODY_OBJECT)
                return false;
        enum dl_when when = dl_body_when(site->body, c->off, w->use);
        if (when == DL_WHEN_NEVER)
                return false;
        if (dl_cx_is_call_named(c->cursor, "push_back", 1) ||
            dl_cx_is_call_named(c->cursor, "emplace_back", 1)) {
                w->fn(w->s, w->c, clang_Cursor_getArgument(c->cursor, 0), c->off,
                      w->maybe || when == DL_WHEN_MAYBE, w->spec);
                return true;
        }
        if (dl_cx_is_call_named(c->cursor, "clear", 0) && when == DL_WHEN_SURE) {
                w->c->n_items = w->n0;
                return true;
        }
        return dl_cx_is_call_named(c->cursor, "reserve", 1); /* capacity only */
}

void dl_follow_list_from_expr(struct scope *s, struct dl_request *c, CXCursor arg, unsigned use,
                              bool maybe, const struct elem_spec *spec, list_item_fn fn)
{
        CXCursor var;
        size_t n0 = c->n_items;
        if (!collection_start(s, c, arg, use, maybe, fn, spec, &var))
                return;
        struct coll_walk w = {s, c, use, maybe, spec, fn, n0};
        if (dl_body_track(&s->fb->body, var, dl_follow_off_of(var), use, list_site, &w))
                dl_request_mark_escaped(c);
}

/* One entry of a batch map: table name k, value v. A list of requests
 * ddblint cannot follow (the caller's: `AddRequestItems(kTable, writes)`)
 * still names its table: its members are one WriteRequest member of that
 * table whose contents are unknown, how many is not known (the container
 * is escaped with its members listed), rather than members of any table. */
static void batch_entry(struct scope *s, struct dl_request *c, const struct dl_event *nd,
                        CXCursor k, CXCursor v, unsigned use, bool maybe)
{
        struct dl_eval ev = dl_follow_eval_at(s, use);
        struct dl_value *table = dl_arena_alloc(dl_follow_arena_of(s), sizeof *table);
        *table = dl_eval_string(&ev, k, dl_follow_loc_of(s, k));
        struct elem_spec spec = {nd->op, nd->member, table, nd};
        if (nd->nest == DL_NEST_TABLE_ONE) {
                add_member(s, c, v, use, maybe, &spec);
                return;
        }
        struct dl_request t = *c;
        t.items = NULL;
        t.n_items = 0;
        t.escaped = false;
        t.members_listed = false;
        dl_follow_list_from_expr(s, &t, v, use, maybe, &spec, member_item);
        struct dl_request *items =
                dl_arena_alloc(dl_follow_arena_of(s), (c->n_items + t.n_items + 1) * sizeof *items);
        if (c->n_items)
                memcpy(items, c->items, c->n_items * sizeof *items);
        if (t.n_items)
                memcpy(items + c->n_items, t.items, t.n_items * sizeof *items);
        c->items = items;
        c->n_items += t.n_items;
        if (!t.escaped)
                return;
        if (!t.members_listed) {
                struct dl_request *m = &c->items[c->n_items++];
                dl_follow_member_init(m, c, nd->op);
                m->member = "WriteRequest";
                m->call = dl_follow_loc_of(s, v);
                m->fields[DL_FIELD_TABLE_NAME] = *table;
                dl_request_mark_escaped(m);
        }
        bool listed = !c->escaped || c->members_listed;
        dl_request_mark_escaped(c);
        c->members_listed = listed;
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

static bool own_unprocessed(struct scope *s, const struct dl_request *r, CXCursor arg);

/* A batch map (table name -> elements) filled with emplace / insert /
 * m[table] = ... / m[table].push_back(element). */
static bool batch_site(void *data, const struct dl_body_site *site)
{
        struct coll_walk *w = data;
        const struct dl_body *b = site->body;
        const struct dl_body_call *c = dl_follow_site_call(site);
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
                if (dl_cx_is_call_named(call, "emplace", 2) ||
                    dl_cx_is_call_named(call, "try_emplace", 2)) {
                        batch_entry(w->s, w->c, nd, clang_Cursor_getArgument(call, 0),
                                    clang_Cursor_getArgument(call, 1), c->off, m2);
                        return true;
                }
                if (dl_cx_is_call_named(call, "insert", 1) &&
                    pair_of(clang_Cursor_getArgument(call, 0), &k, &v)) {
                        batch_entry(w->s, w->c, nd, k, v, c->off, m2);
                        return true;
                }
                return false;
        }
        if (site->arg == 0 && dl_cx_is_call_named(call, "operator=", 2) &&
            own_unprocessed(w->s, w->c, clang_Cursor_getArgument(call, 1)))
                return true; /* the unprocessed part of this request, sent again */
        if (site->arg != 0 || !dl_cx_is_call_named(call, "operator[]", 2))
                return false;
        const struct dl_body_call *assign = dl_follow_parent_call(b, c, 0);
        const struct dl_body_call *push = dl_follow_parent_call(b, c, DL_BODY_OBJECT);
        const struct dl_body_call *p = assign ? assign : push;
        if (!p)
                return false;
        enum dl_when when = dl_body_when(b, p->off, w->use);
        if (when == DL_WHEN_NEVER)
                return false;
        bool m2 = w->maybe || when == DL_WHEN_MAYBE;
        if (assign && dl_cx_is_call_named(assign->cursor, "operator=", 2)) {
                batch_entry(w->s, w->c, nd, clang_Cursor_getArgument(call, 1),
                            clang_Cursor_getArgument(assign->cursor, 1), assign->off, m2);
                return true;
        }
        if (push && nd->nest == DL_NEST_TABLE_LIST &&
            (dl_cx_is_call_named(push->cursor, "push_back", 1) ||
             dl_cx_is_call_named(push->cursor, "emplace_back", 1))) {
                /* m[table].push_back(write_request) */
                struct dl_eval ev = dl_follow_eval_at(w->s, push->off);
                CXCursor tk = clang_Cursor_getArgument(call, 1);
                struct dl_value *table = dl_arena_alloc(dl_follow_arena_of(w->s), sizeof *table);
                *table = dl_eval_string(&ev, tk, dl_follow_loc_of(w->s, tk));
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
        size_t n0 = c->n_items;
        if (!collection_start(s, c, arg, use, maybe, batch_item, &spec, &var))
                return;
        struct coll_walk w = {s, c, use, maybe, &spec, batch_item, n0};
        if (dl_body_track(&s->fb->body, var, dl_follow_off_of(var), use, batch_site, &w))
                dl_request_mark_escaped(c);
}

/* Is arg what DynamoDB left unprocessed of a send of r's own request
 * object (`request.SetRequestItems(left)`, or `items = left` of the map it
 * is set from, with `left` `outcome.GetResult().GetUnprocessedItems()` and
 * `outcome` `client.BatchWriteItem(request)`, through locals initialized
 * so)? Those are members already sent: no new table or action. */
static bool own_unprocessed(struct scope *s, const struct dl_request *r, CXCursor arg)
{
        if (!r->request_decl.file)
                return false;
        CXCursor e = dl_cx_strip(arg);
        bool unprocessed = false;
        for (int i = 0; i < 8; i++) {
                if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
                        CXCursor v = clang_getCursorReferenced(e);
                        CXCursor init =
                                clang_getCursorKind(v) == CXCursor_VarDecl && dl_cx_is_local(v)
                                        ? dl_cx_var_init(v)
                                        : clang_getNullCursor();
                        if (clang_Cursor_isNull(init))
                                return false;
                        e = dl_cx_strip(init);
                } else if (!unprocessed && (dl_cx_is_call_named(e, "GetUnprocessedItems", 0) ||
                                            dl_cx_is_call_named(e, "GetUnprocessedKeys", 0))) {
                        unprocessed = true;
                        e = dl_cx_member_object(e);
                } else if (unprocessed && dl_cx_is_call_named(e, "GetResult", 0)) {
                        e = dl_cx_member_object(e);
                } else {
                        break;
                }
                if (clang_Cursor_isNull(e))
                        return false;
        }
        if (!unprocessed || clang_getCursorKind(e) != CXCursor_CallExpr ||
            clang_Cursor_getNumArguments(e) < 1)
                return false;
        struct dl_event tmp;
        const struct dl_event *ev = dl_follow_event_of(s, e, &tmp);
        CXCursor sent = dl_cx_strip(clang_Cursor_getArgument(e, 0));
        if (ev->kind != DL_EV_SEND || clang_getCursorKind(sent) != CXCursor_DeclRefExpr)
                return false;
        struct dl_loc d = dl_follow_loc_of(s, clang_getCursorReferenced(sent));
        return d.file && !strcmp(d.file, r->request_decl.file) && d.line == r->request_decl.line &&
               d.col == r->request_decl.col;
}

/* DL_NEST_PATH_MEMBER: a new member of table args[0] made of the one value
 * the JSON pointer args[1] sets in it: `/PutRequest/Item/A` a PutRequest,
 * `/DeleteRequest/Key/A` a DeleteRequest. A path whose shape is not known
 * adds a member ddblint cannot list. */
static void path_member(struct scope *s, struct dl_request *c, const struct dl_event *nd,
                        CXCursor call, bool maybe)
{
        static const struct {
                const char *prefix, *member;
                enum dl_op op;
        } shapes[] = {{"/PutRequest/", "PutRequest", DL_OP_PUT_ITEM},
                      {"/DeleteRequest/", "DeleteRequest", DL_OP_DELETE_ITEM}};
        unsigned at = dl_follow_off_of(call);
        struct dl_eval e = dl_follow_eval_at(s, at);
        if (nd->n_args < 2) {
                dl_request_mark_escaped(c);
                return;
        }
        struct dl_value *table = dl_arena_alloc(dl_follow_arena_of(s), sizeof *table);
        *table = dl_eval_string(&e, nd->args[0], dl_follow_loc_of(s, nd->args[0]));
        struct dl_value path = dl_eval_string(&e, nd->args[1], dl_follow_loc_of(s, nd->args[1]));
        const struct dl_segment *s0 =
                path.kind == DL_VAL_KNOWN && path.n_segs ? &path.segs[0] : NULL;
        size_t k = 0, n = sizeof shapes / sizeof shapes[0];
        for (; s0 && s0->text && k < n; k++) {
                size_t len = strlen(shapes[k].prefix);
                if (s0->len > len && !memcmp(s0->text, shapes[k].prefix, len))
                        break;
        }
        if (!s0 || !s0->text || k == n) {
                dl_request_mark_escaped(c);
                return;
        }
        struct dl_request m;
        dl_follow_member_init(&m, c, shapes[k].op);
        m.member = shapes[k].member;
        m.call = dl_follow_loc_of(s, call);
        m.fields[DL_FIELD_TABLE_NAME] = *table;
        struct dl_tmpl tm;
        dl_tmpl_init(&tm, dl_follow_arena_of(s));
        dl_tmpl_value_from(&tm, &path, strlen(shapes[k].prefix) - 1, path.loc);
        struct dl_value rest = dl_tmpl_finish(&tm, path.loc);
        dl_tmpl_fini(&tm);
        struct dl_event pe = *nd;
        pe.kind = DL_EV_SET_PATH;
        pe.args[0] = clang_getNullCursor();
        pe.args[1] = nd->args[2];
        pe.args[2] = nd->args[3];
        pe.n_args = nd->n_args - 1;
        dl_follow_apply_path_value(s, &m, rest, &pe, call, false, at);
        append_member(s, c, &m, maybe);
}

/* A nested member (enum dl_nest) set or added on r by call. */
void dl_follow_apply_nested(struct scope *s, struct dl_request *r, const struct dl_event *nd,
                            CXCursor call, bool maybe)
{
        unsigned at = dl_follow_off_of(call);
        bool one = nd->n_args == 1, two = nd->n_args == 2;
        switch (nd->nest) {
        case DL_NEST_WRAP: {
                if (!one || nd->add) {
                        dl_request_mark_escaped(r);
                        return;
                }
                struct dl_request t;
                dl_follow_member_init(&t, r, nd->op);
                t.member = nd->member;
                dl_follow_build_expr(s, &t, nd->args[0], at);
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
                        dl_follow_list_from_expr(s, r, nd->args[0], at, maybe, &spec, member_item);
                } else {
                        dl_request_mark_escaped(r);
                }
                return;
        }
        case DL_NEST_TABLE_LIST:
        case DL_NEST_TABLE_ONE:
                if (nd->add && two) {
                        batch_entry(s, r, nd, nd->args[0], nd->args[1], at, maybe);
                } else if (!nd->add && one && own_unprocessed(s, r, nd->args[0])) {
                        return; /* a resend of what was not processed */
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
        case DL_NEST_PATH_MEMBER: path_member(s, r, nd, call, maybe); return;
        case DL_NEST_KEYS:
                /* the keys of a BatchGetItem entry: no single Key; each
                 * key added one at a time is listed (a copy, as it is at
                 * the call) */
                r->key.kind = DL_VAL_DYNAMIC;
                if (!r->key.loc.file)
                        r->key.loc = dl_follow_loc_of(s, call);
                if (nd->add && one && !maybe) {
                        struct dl_attr_map m = {0};
                        m.loc = dl_follow_loc_of(s, nd->args[0]);
                        dl_follow_map_from_expr(s, &m, false, nd->args[0], at, false);
                        r->keys = dl_key_list_append(dl_follow_arena_of(s), &r->keys, &m);
                } else {
                        /* a whole list set (replacing those added: not
                         * listed), or a key added on some paths */
                        if (!nd->add && !maybe) {
                                r->keys.items = NULL;
                                r->keys.n = 0;
                        }
                        if (!r->keys.loc.file)
                                r->keys.loc = dl_follow_loc_of(s, call);
                        r->keys.kind = DL_VAL_DYNAMIC;
                }
                return;
        }
}
