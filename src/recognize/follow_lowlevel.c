/* follow_lowlevel.c - the request-following engine's requests written as
 * data: JSON bodies and targets of low-level requests (HTTP headers,
 * operation names), C spec structs and JSON pointers (engine.h; follow.c's
 * walk, split off by concern; docs/architecture.md, "Low-level request
 * bodies").
 * SPDX-License-Identifier: MIT
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

/* ---- low-level requests: JSON body and target ------------------------------------- */

/* The request is the JSON body of the event (replacing what was set): kept
 * as a value, read when the request is sent (finish_request). */
void dl_follow_apply_body(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                          CXCursor call, bool maybe, unsigned at)
{
        struct dl_value *body = dl_arena_alloc(dl_follow_arena_of(s), sizeof *body);
        if (ev->n_args != 1 || maybe) {
                *body = dl_value_dynamic(dl_follow_loc_of(s, call));
        } else {
                struct dl_eval eval = dl_follow_eval_at(s, at);
                eval.document = true; /* the whole body (frontend/buffer.h) */
                *body = dl_eval_string(&eval, ev->args[0], dl_follow_loc_of(s, ev->args[0]));
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
                const struct dl_event *ev = dl_follow_event_at(w->s, site->ref->assigned);
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
        const struct dl_event *ev = dl_follow_event_at(w->s, site->call);
        if (ev->kind != DL_EV_TARGET || ev->object_arg != site->arg)
                return false;
        const struct dl_body_call *c = &b->calls.items[site->call];
        enum dl_when when = dl_body_when(b, c->off, w->use);
        if (when != DL_WHEN_NEVER)
                dl_follow_apply_event(w->s, w->r, ev, c->cursor, when, w->use);
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
                const struct dl_event *ev = dl_follow_event_of(s, e, &tmp);
                int nargs = clang_Cursor_getNumArguments(e);
                if (ev->kind == DL_EV_TARGET && !ev->list && ev->object_arg >= 0 &&
                    ev->object_arg < nargs) {
                        header_list(s, r, clang_Cursor_getArgument(e, (unsigned)ev->object_arg),
                                    use, depth + 1);
                        dl_follow_apply_event(s, r, ev, e, DL_WHEN_SURE, use);
                        return;
                }
        }
        var = clang_getCursorReferenced(e);
        if (k == CXCursor_DeclRefExpr && s->fb && clang_getCursorKind(var) == CXCursor_VarDecl) {
                if (dl_follow_is_local_var(var)) {
                        CXCursor init = dl_cx_var_init(var);
                        if (!clang_Cursor_isNull(init))
                                header_list(s, r, init, dl_follow_off_of(var), depth + 1);
                        struct header_walk w = {s, r, use};
                        if (!dl_body_track(&s->fb->body, var, dl_follow_off_of(var), use,
                                           header_site, &w))
                                return;
                }
        }
        r->op = DL_OP_COUNT; /* headers ddblint cannot list: the target is unknown */
}

/* The operation named by the event (a header line, a target, an operation
 * name, or a header list). */
void dl_follow_apply_target(struct scope *s, struct dl_request *r, const struct dl_event *ev,
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
        struct dl_eval eval = dl_follow_eval_at(s, at);
        struct dl_value v = dl_eval_string(&eval, ev->args[0], dl_follow_loc_of(s, call));
        enum dl_op op;
        enum dl_api_version api;
        switch (dl_target_read(&v, &op, &api)) {
        case DL_TARGET_NONE: return;
        case DL_TARGET_UNKNOWN:
                r->op = DL_OP_COUNT;
                /* said under --verbose when no request is made of the
                 * send (follow_internal.h: unknown_target) */
                if (s->e->ctx.verbose) {
                        free(s->e->unknown_target);
                        s->e->unknown_target = dl_value_render(&v);
                        s->e->unknown_target_at = dl_follow_loc_of(s, call);
                        s->e->unknown_target_source = dl_eval_expr_source(&eval, ev->args[0]);
                }
                return;
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
bool dl_follow_finish_request(struct scope *s, struct dl_request *r,
                              const struct dl_recognizer *rec)
{
        if (r->op == DL_OP_COUNT)
                return false;
        if (r->json_body) {
                bool escaped = r->escaped;
                enum dl_api_version api = r->api_version ? DL_API_20111205 : DL_API_20120810;
                r->api_version = NULL;
                dl_json_request_read(dl_follow_arena_of(s), r->json_body, api, r, NULL);
                if (escaped)
                        dl_request_mark_escaped(r);
        } else if (r->shape && !r->escaped && !r->member &&
                   (r->op == DL_OP_CREATE_TABLE || r->op == DL_OP_UPDATE_TABLE)) {
                /* a table defined in objects (model/shape.h), written out
                 * as the definition a JSON body has; a C library's spec in
                 * its own terms as what the library sends of it */
                const struct dl_shape *sent =
                        rec && rec->table_shape ? rec->table_shape(&s->e->ctx, r) : r->shape;
                r->definition = dl_shape_definition(dl_follow_arena_of(s), sent, r->call);
        }
        return true;
}

/* ---- C spec structs and JSON pointers ------------------------------------------- */

/* A null pointer constant (`NULL`, `0`, `nullptr`). */
bool dl_follow_is_null_constant(CXCursor e)
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
        struct dl_eval ev = dl_follow_eval_at(sr->s, sr->use);
        struct dl_loc at = dl_follow_loc_of(sr->s, v);
        struct dl_value none = {0}, n;
        none.loc = at;
        switch (m->conv) {
        case DL_SPEC_STRING:
                return dl_follow_is_null_constant(v) ? none : dl_eval_string(&ev, v, at);
        case DL_SPEC_PRESENT:
                /* present when its text is known, maybe NULL when it is not */
                if (dl_follow_is_null_constant(v))
                        return none;
                n = dl_eval_string(&ev, v, at);
                return n.kind == DL_VAL_KNOWN
                               ? dl_value_known(dl_follow_arena_of(sr->s), "", 0, NULL, at)
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
                        return dl_value_known(dl_follow_arena_of(sr->s), "false", 5, NULL, at);
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
                return dl_value_known(dl_follow_arena_of(sr->s), m->values[i], strlen(m->values[i]),
                                      NULL, at);
        }
        }
        return dl_value_dynamic(at);
}

/* Is t a character type (the pointee of a C string)? */
static bool char_type(CXType t)
{
        switch (clang_getCanonicalType(t).kind) {
        case CXType_Char_S:
        case CXType_Char_U:
        case CXType_SChar:
        case CXType_UChar: return true;
        default: return false;
        }
}

/* A list of strings ending at NULL, as a C library reads a `const char **`
 * member: a compound literal `(const char *[]){"a", "b", NULL}`, or an
 * array variable of constant elements initialized so. Anything else, an
 * element not a string or no NULL before the end: UNKNOWN. */
static const struct dl_shape *spec_string_list(struct spec_read *sr, CXCursor v)
{
        struct dl_arena *a = dl_follow_arena_of(sr->s);
        struct dl_loc at = dl_follow_loc_of(sr->s, v);
        CXCursor e = dl_cx_strip(v), list = clang_getNullCursor(), kids[MAX_LIST];
        if (clang_getCursorKind(e) == CXCursor_CompoundLiteralExpr) {
                unsigned n = dl_cx_children(e, kids, 2);
                if (n >= 1)
                        list = kids[n - 1];
        } else if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
                CXCursor var = clang_getCursorReferenced(e);
                CXType vt = clang_getCursorType(var);
                if (clang_getCursorKind(var) == CXCursor_VarDecl &&
                    clang_getArrayElementType(vt).kind != CXType_Invalid &&
                    clang_isConstQualifiedType(clang_getArrayElementType(vt)))
                        list = dl_cx_strip(dl_cx_var_init(var));
        }
        if (clang_Cursor_isNull(list) || clang_getCursorKind(list) != CXCursor_InitListExpr)
                return dl_shape_unknown(a, at);
        unsigned n = dl_cx_children(list, kids, MAX_LIST);
        const struct dl_shape *out = dl_shape_list(a, at);
        struct dl_eval ev = dl_follow_eval_at(sr->s, sr->use);
        for (unsigned i = 0; i < n && i < MAX_LIST; i++) {
                if (dl_follow_is_null_constant(kids[i]))
                        return out;
                struct dl_loc ek = dl_follow_loc_of(sr->s, kids[i]);
                struct dl_value x = dl_eval_string(&ev, kids[i], ek);
                out = dl_shape_push(a, out, ek, dl_shape_scalar(a, &x, false));
        }
        return dl_shape_unknown(a, at); /* no NULL: read past the end */
}

/* Spec member name := v in the request's shape (struct
 * dl_event.spec_shape), typed by v's C type. */
static void spec_shape_set(struct spec_read *sr, const char *name, CXCursor v, bool maybe)
{
        struct dl_arena *a = dl_follow_arena_of(sr->s);
        struct dl_loc at = dl_follow_loc_of(sr->s, v);
        struct dl_eval ev = dl_follow_eval_at(sr->s, sr->use);
        CXType t = clang_getCanonicalType(clang_getCursorType(v));
        const struct dl_shape *val = NULL; /* NULL: unknown (below) */
        struct dl_value x;
        if (maybe) {
                /* set on some paths only: unknown */
        } else if (dl_follow_is_null_constant(v)) {
                x = dl_value_known(a, "0", 1, NULL, at); /* not sent */
                val = dl_shape_scalar(a, &x, true);
        } else if ((t.kind == CXType_Pointer && char_type(clang_getPointeeType(t))) ||
                   (clang_getArrayElementType(t).kind != CXType_Invalid &&
                    char_type(clang_getArrayElementType(t)))) {
                x = dl_eval_string(&ev, v, at);
                val = dl_shape_scalar(a, &x, false);
        } else if (t.kind == CXType_Pointer &&
                   clang_getCanonicalType(clang_getPointeeType(t)).kind == CXType_Pointer &&
                   char_type(clang_getPointeeType(clang_getPointeeType(t)))) {
                val = spec_string_list(sr, v);
        } else if ((t.kind >= CXType_Bool && t.kind <= CXType_Int128) || t.kind == CXType_Enum) {
                x = dl_eval_int(&ev, v, at);
                val = dl_shape_scalar(a, &x, true);
        }
        if (!val)
                val = dl_shape_unknown(a, at);
        sr->t->shape = dl_shape_set(a, sr->t->shape, dl_arena_strdup(a, name), at, val);
}

/* Spec member name (dotted for a nested one) := v. */
static void spec_set(struct spec_read *sr, const char *name, CXCursor v, bool maybe)
{
        if (sr->ev->spec_shape)
                spec_shape_set(sr, name, v, maybe);
        for (unsigned i = 0; i < sr->ev->n_spec; i++) {
                const struct dl_spec_member *m = &sr->ev->spec[i];
                if (strcmp(m->name, name) != 0)
                        continue;
                sr->t->fields[m->field] =
                        maybe ? dl_value_dynamic(dl_follow_loc_of(sr->s, v)) : spec_value(sr, m, v);
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
        struct field_names fields = {dl_follow_arena_of(sr->s), {0}, 0};
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
void dl_follow_spec_read(struct scope *s, struct dl_request *t, const struct dl_event *ev,
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
        if (!s->fb || !dl_follow_local_object_ref(e, &var) ||
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
        if (dl_body_track(&s->fb->body, var, dl_follow_off_of(var), use, spec_site, &sr)) {
                /* changed where ddblint cannot see (memset, a pointer
                 * handed on): every member may be anything */
                for (unsigned i = 0; i < ev->n_spec; i++)
                        t->fields[ev->spec[i].field] = dl_value_dynamic(dl_follow_loc_of(s, var));
                dl_request_mark_escaped(t);
        }
}

/* DL_EV_SET_PATH: a value set by a JSON pointer into the request: the map
 * its first part names (`/ExpressionAttributeValues/:v`, `/Item/PK`,
 * `/Key/%s`) gets the entry the rest names; `/ExclusiveStartKey/...` sets
 * that member. A path whose first part is not known, or a deeper path
 * (into an attribute's own value), leaves what it may change unknown. */
void dl_follow_apply_path(struct scope *s, struct dl_request *r, const struct dl_event *ev,
                          CXCursor call, bool maybe, unsigned use)
{
        struct dl_eval e = dl_follow_eval_at(s, use);
        struct dl_value path = dl_eval_string(&e, ev->args[0], dl_follow_loc_of(s, ev->args[0]));
        dl_follow_apply_path_value(s, r, path, ev, call, maybe, use);
}

void dl_follow_apply_path_value(struct scope *s, struct dl_request *r, struct dl_value path,
                                const struct dl_event *ev, CXCursor call, bool maybe, unsigned use)
{
        struct dl_eval e = dl_follow_eval_at(s, use);
        struct dl_loc at = dl_follow_loc_of(s, call);
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
                        r->fields[f] = dl_value_known(dl_follow_arena_of(s), "", 0, NULL, at);
                else
                        dl_request_mark_escaped(r);
                return;
        }
        struct dl_attr_map *m = dl_request_map(r, map);
        struct dl_tmpl tm;
        dl_tmpl_init(&tm, dl_follow_arena_of(s));
        dl_tmpl_value_from(&tm, &path, name_len + 2, path.loc);
        struct dl_attr a = {0};
        a.key = dl_tmpl_finish(&tm, path.loc);
        dl_tmpl_fini(&tm);
        a.loc = at;
        size_t klen = 0;
        const char *ktext = dl_value_known_text(dl_follow_arena_of(s), &a.key, &klen);
        if (ktext && (memchr(ktext, '/', klen) || memchr(ktext, '~', klen))) {
                m->kind = DL_VAL_DYNAMIC; /* deeper, or an escaped name */
                if (!m->loc.file)
                        m->loc = at;
                return;
        }
        if (map == DL_MAP_NAMES) {
                if (ev->n_args >= 3)
                        a.val = dl_eval_string(&e, ev->args[2], dl_follow_loc_of(s, ev->args[2]));
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
                        a.val = text ? dl_eval_string(&e, v, dl_follow_loc_of(s, v))
                                     : dl_eval_int(&e, v, dl_follow_loc_of(s, v));
                }
        }
        dl_follow_map_put(s, m, &a, maybe, true);
}
