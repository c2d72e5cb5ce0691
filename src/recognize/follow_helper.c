/* follow_helper.c - the request-following engine's helpers that build a
 * whole map or request object (engine.h; docs/architecture.md, "Function
 * summaries"): `Key UserKey(id) { Key k; k["PK"] = S("USER#" + id); ...
 * return k; }` given to `SetKey`, `QueryRequest ByUser(id) { ... return q;
 * }` given to `Query`.
 * SPDX-License-Identifier: MIT
 *
 * A function of the translation unit is followed where it is called: each
 * return is followed as a request expression or a map is in the function's
 * own body (its parameters are holes), and the returns are joined; a map
 * that differs between them is not known (DYNAMIC, and --verbose says so at
 * the call). A function of another file is what the first pass found there
 * (dl_engine_export_helper, model/helper.h): its map or request as JSON
 * text, read back at the call by the reader of low-level bodies
 * (model/json_request.h), every value located at the call.
 */
#include "follow_internal.h"
#include "summary.h"

#include "../core/alloc.h"
#include "../core/arena.h"
#include "../core/log.h"
#include "../frontend/cx.h"
#include "../model/helper.h"
#include "../model/json_request.h"
#include "../model/template.h"

#include <stdlib.h>
#include <string.h>

bool dl_follow_same_map(const struct dl_attr_map *a, const struct dl_attr_map *b)
{
        if (a->kind != b->kind || a->n != b->n)
                return false;
        for (size_t i = 0; i < a->n; i++) {
                const struct dl_attr *x = &a->items[i], *y = &b->items[i];
                if (x->type != y->type || !dl_value_same(&x->key, &y->key) ||
                    !dl_value_same(&x->val, &y->val))
                        return false;
        }
        return true;
}

/* Is t a map whose values are AttributeValues (Aws::Map<Aws::String,
 * AttributeValue>, std::map, std::unordered_map)? */
static bool attr_map_type(struct dl_cx *cx, CXType t)
{
        t = clang_getCanonicalType(t);
        if (t.kind != CXType_Record)
                return false;
        const char *sp = dl_cx_take(cx->arena, clang_getTypeSpelling(t));
        return (!strncmp(sp, "std::map<", 9) || !strncmp(sp, "std::unordered_map<", 19) ||
                !strncmp(sp, "std::__1::map<", 14)) &&
               strstr(sp, "Aws::DynamoDB::Model::AttributeValue") != NULL;
}

/* Is callee a function a helper may be (not a constructor, not virtual)? */
static bool helper_callee(CXCursor callee)
{
        enum CXCursorKind k = clang_getCursorKind(callee);
        return k == CXCursor_FunctionDecl ||
               (k == CXCursor_CXXMethod && !clang_CXXMethod_isVirtual(callee));
}

/* e without the copy or move construction a return makes of it. */
static CXCursor copied(CXCursor e)
{
        for (int i = 0; i < 4; i++) {
                e = dl_cx_strip(e);
                if (clang_getCursorKind(e) != CXCursor_CallExpr ||
                    clang_getCursorKind(clang_getCursorReferenced(e)) != CXCursor_Constructor ||
                    clang_Cursor_getNumArguments(e) != 1)
                        break;
                e = clang_Cursor_getArgument(e, 0);
        }
        return e;
}

/* The map fn (with a body) returns, its returns joined into *m. Returns
 * false when they differ or cannot be followed (*why says which). */
static bool map_of_fn(struct scope *s, struct dl_attr_map *m, CXCursor fn, const char **why)
{
        if (s->depth >= MAX_HELPER_DEPTH) {
                *why = "helpers nest deeper than ddblint follows";
                return false;
        }
        struct scope inner = {s->e, dl_follow_body_of(s->e, fn), s->depth + 1, 0, false};
        CXCursor rets[DL_FOLLOW_MAX_RETURNS];
        unsigned n = dl_follow_returns(fn, rets);
        if (n < 1 || n > DL_FOLLOW_MAX_RETURNS) {
                *why = "it has more returns than ddblint follows";
                return false;
        }
        for (unsigned i = 0; i < n; i++) {
                CXCursor kid[1];
                if (dl_cx_children(rets[i], kid, 1) < 1) {
                        *why = "a return gives no value";
                        return false;
                }
                struct dl_attr_map t = {0};
                dl_follow_map_from_expr(&inner, &t, false, copied(kid[0]),
                                        dl_follow_off_of(rets[i]), false);
                if (i == 0) {
                        *m = t;
                } else if (!dl_follow_same_map(m, &t)) {
                        *why = "its returns give different maps";
                        return false;
                }
        }
        if (m->kind != DL_VAL_KNOWN) {
                *why = "its map is built where ddblint could not follow";
                return false;
        }
        return true;
}

/* The helper of another file the call stands for, of kind k, or NULL. */
static const struct dl_helper *external(struct scope *s, CXCursor call, enum dl_helper_kind k)
{
        const struct dl_helper *h = dl_summaries_external(s->e->sums, call);
        return h && h->kind == k && h->value ? h : NULL;
}

/* The helper text h (model/helper.h) between pre and post, every byte at. */
static struct dl_value helper_text(struct scope *s, const char *pre, const char *text,
                                   const char *post, struct dl_loc at)
{
        struct dl_tmpl t;
        dl_tmpl_init(&t, dl_follow_arena_of(s));
        dl_helper_append(&t, pre, at, NULL, NULL);
        dl_helper_append(&t, text, at, NULL, NULL);
        dl_helper_append(&t, post, at, NULL, NULL);
        struct dl_value v = dl_tmpl_finish(&t, at);
        dl_tmpl_fini(&t);
        return v;
}

bool dl_follow_map_from_helper(struct scope *s, struct dl_attr_map *m, CXCursor call, unsigned use)
{
        (void)use;
        CXCursor callee = clang_getCursorReferenced(call);
        if (clang_getCursorKind(call) != CXCursor_CallExpr || !helper_callee(callee) ||
            !attr_map_type(s->e->ctx.cx, clang_getCursorType(call)))
                return false;
        struct dl_loc at = dl_follow_loc_of(s, call);
        CXCursor def = clang_getCursorDefinition(callee);
        if (!dl_cx_has_body(def)) {
                const struct dl_helper *h = external(s, call, DL_HELPER_MAP);
                if (!h) {
                        if (s->e->ctx.verbose)
                                dl_log_add(s->e->ctx.log, DL_LOG_NOTE, "helper-not-followed", &at,
                                           "the map '%s' returns is not known here: it is "
                                           "defined in no file the first pass could follow it "
                                           "in (returns that differ, or a map built where "
                                           "ddblint cannot see)",
                                           dl_cx_qualified_name(s->e->ctx.cx, callee));
                        return false;
                }
                /* read as a GetItem's Key: the reader's own AttributeValues */
                struct dl_value body = helper_text(s, "{\"Key\":", h->value, "}", at);
                struct dl_request t;
                dl_request_init(&t, DL_OP_GET_ITEM);
                dl_json_request_read(dl_follow_arena_of(s), &body, DL_API_20120810, &t, NULL);
                *m = t.key;
                m->loc = at;
                return true;
        }
        const char *why = NULL;
        struct dl_attr_map t = {0};
        if (map_of_fn(s, &t, def, &why)) {
                *m = t;
        } else {
                m->kind = DL_VAL_DYNAMIC;
                if (s->e->ctx.verbose)
                        dl_log_add(s->e->ctx.log, DL_LOG_NOTE, "helper-not-followed", &at,
                                   "the map '%s' returns is not known here: %s",
                                   dl_cx_qualified_name(s->e->ctx.cx, def), why);
        }
        m->loc = at;
        return true;
}

bool dl_follow_ext_request(struct scope *s, struct dl_request *r, CXCursor call)
{
        if (clang_getCursorKind(call) != CXCursor_CallExpr)
                return false;
        const struct dl_helper *h = external(s, call, DL_HELPER_REQUEST);
        if (!h)
                return false;
        struct dl_value *body = dl_arena_alloc(dl_follow_arena_of(s), sizeof *body);
        *body = helper_text(s, "", h->value, "", dl_follow_loc_of(s, call));
        dl_json_request_read(dl_follow_arena_of(s), body, DL_API_20120810, r, NULL);
        return true;
}

/* The operation whose request class t is (`Aws::DynamoDB::Model::
 * QueryRequest`: Query), or DL_OP_COUNT. */
static enum dl_op request_class_op(struct dl_cx *cx, CXType t)
{
        static const char ns[] = "Aws::DynamoDB::Model::";
        t = clang_getCanonicalType(t);
        if (t.kind != CXType_Record)
                return DL_OP_COUNT;
        const char *sp = dl_cx_take(cx->arena, clang_getTypeSpelling(t));
        size_t n = strlen(sp);
        enum dl_op op;
        if (strncmp(sp, ns, sizeof ns - 1) != 0 || n < sizeof ns - 1 + 8 ||
            strcmp(sp + n - 7, "Request") != 0 ||
            !dl_op_from_name(sp + sizeof ns - 1, n - (sizeof ns - 1) - 7, &op))
                return DL_OP_COUNT;
        return op;
}

bool dl_engine_export_helper(struct dl_engine *e, CXCursor fn, struct dl_helper *out)
{
        memset(out, 0, sizeof *out);
        struct dl_cx *cx = e->ctx.cx;
        if (!e->n_recs || !helper_callee(fn) || clang_getCursorLinkage(fn) != CXLinkage_External ||
            !dl_cx_is_main_file(cx, fn))
                return false;
        CXCursor def = clang_getCursorDefinition(fn);
        if (!dl_cx_has_body(def))
                return false;
        CXType rt = clang_getCursorResultType(def);
        enum dl_op op = request_class_op(cx, rt);
        bool map = op == DL_OP_COUNT && attr_map_type(cx, rt);
        if (op == DL_OP_COUNT && !map)
                return false;
        struct scope s = {e, dl_follow_body_of(e, def), 0, 0, false};
        struct dl_loc at = dl_follow_loc_of(&s, def);
        char *text = NULL;
        const char *why = NULL; /* the first pass's log is not shown */
        if (map) {
                struct dl_attr_map m = {0};
                if (map_of_fn(&s, &m, def, &why))
                        text = dl_helper_encode_map(&m);
        } else {
                struct dl_request r;
                dl_request_init(&r, op);
                if (dl_follow_from_returns(&s, &r, def, at))
                        text = dl_helper_encode_request(&r);
                if (text && !strcmp(text, "{<?>}")) { /* nothing known of it */
                        free(text);
                        text = NULL;
                }
        }
        if (!text)
                return false; /* its callers say so (dl_follow_map_from_helper) */
        const char *name = dl_cx_qualified_name(cx, def);
        const char *usr = dl_cx_take(cx->arena, clang_getCursorUSR(def));
        if (!usr[0]) {
                free(text);
                return false;
        }
        out->usr = dl_xstrdup(usr);
        out->name = dl_xstrdup(name);
        out->kind = map ? DL_HELPER_MAP : DL_HELPER_REQUEST;
        out->value = text;
        out->loc = at;
        out->loc.file = dl_xstrdup(at.file);
        return true;
}
