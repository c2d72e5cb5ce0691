/* eval_local.c - folding local strings, streams and char buffers written by
 * the string functions of the table (frontend/eval.c's folding, split off
 * by concern; docs/architecture.md, "The C buffer model").
 * SPDX-License-Identifier: MIT
 *
 * A local std::string, std::ostringstream or char buffer is its initial
 * value, then the writes of the table's functions before the use, applied
 * in source order by the C buffer model (buffer.h); dl_eval_fill reads a
 * parameter filled the same way.
 */
#include "eval_internal.h"

#include "buffer.h"
#include "cx.h"

#include "../core/alloc.h"
#include "../core/arena.h"
#include "../model/format.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- objects written by string functions ---------------------------------- */

/* A local string, stream or char buffer: its initial value, then the calls
 * of the table that write it before the use, in source order (the C
 * buffer model, buffer.h). A write in the branches of one if statement is
 * a join of what each branch writes, in a loop a widening; a write in
 * other conditional code, or any other reference that may write the
 * object, makes it a hole. */
struct local_string {
        struct dl_eval *ev;
        struct dl_tmpl *cur;
        unsigned depth;
        bool hole;
        bool valid; /* the contents are defined (a C buffer may not be) */
        bool stream;
        unsigned skip_begin, skip_end; /* a size argument already read: refs inside are reads */
        const char *name;              /* the variable's name (a join's source) */
        bool export_out;               /* the parameter a helper exported for other files
                            writes (struct dl_eval_bind, export) */
        /* the branches being written: region, the state before them, and
         * the state at the end of each branch (then, else) */
        const struct dl_body_cond *region;
        struct dl_buffer before, arm[2];
        int arm_at;           /* the branch being written: 0 then, 1 else */
        struct dl_buffer doc; /* the last write's document reading */
};

/* ls's contents become b's. */
static void buffer_settle(struct local_string *ls, const struct dl_buffer *b)
{
        struct dl_tmpl fresh;
        dl_tmpl_init(&fresh, ls->cur->arena);
        dl_tmpl_value(&fresh, &b->val, false, (struct dl_loc){0});
        dl_tmpl_fini(ls->cur);
        *ls->cur = fresh;
        ls->valid = b->valid;
        ls->doc = *b;
}

/* The branches of ls->region are written: their join is the contents. */
static void region_end(struct local_string *ls)
{
        if (!ls->region)
                return;
        struct dl_buffer out = ls->before;
        struct dl_loc at = dl_cx_cursor_loc(ls->ev->cx, ls->ev->body->func);
        if (ls->region->loop)
                dl_buffer_widen(&out, &ls->before, &ls->arm[0]);
        else
                dl_buffer_join(&out, &ls->arm[0], &ls->arm[1], ls->name, at);
        ls->region = NULL;
        buffer_settle(ls, &out);
}

/* A write at offset off on some paths only: false when ls cannot join it
 * (then the contents are a hole); else ls->arm_at names the branch the
 * write goes to, its state prepared. */
static bool region_enter(struct local_string *ls, unsigned off)
{
        const struct dl_body *b = ls->ev->body;
        const struct dl_body_cond *r = dl_body_region(b, off, ls->ev->use_off);
        if (!r || ls->stream)
                return false;
        if (r != ls->region) {
                region_end(ls);
                if (!r->loop && (!r->is_if || !dl_body_region_direct(b, r, off)))
                        return false;
                struct dl_value now = dl_tmpl_finish(ls->cur, (struct dl_loc){0});
                dl_buffer_init(&ls->before, ls->cur->arena, &now, ls->valid);
                ls->arm[0] = ls->arm[1] = ls->before;
                ls->region = r;
        } else if (!r->loop && !dl_body_region_direct(b, r, off)) {
                return false;
        }
        ls->arm_at = r->loop || !r->split || off < r->split ? 0 : 1;
        return true;
}

static void cursor_span(CXCursor c, unsigned *b, unsigned *e)
{
        CXSourceRange r = clang_getCursorExtent(c);
        *b = dl_cx_offset(clang_getRangeStart(r));
        *e = dl_cx_offset(clang_getRangeEnd(r));
}

/* The text one `<<` (call) inserts: a string, an integer, an enum,
 * std::put_time. */
static bool insert_one(struct local_string *ls, CXCursor call, CXCursor arg)
{
        struct dl_eval *ev = ls->ev;
        CXCursor a = dl_cx_strip(arg);
        const struct strfn *f = dl_eval_strfn_of(a);
        if (f && f->kind == SF_PUT_TIME) {
                dl_eval_fold_strftime(ev, ls->cur, a, f->src, f->extra, ls->depth + 1);
                return true;
        }
        enum dl_fmt_type ty = dl_eval_fmt_type(clang_getCursorType(a), true);
        CXType aty = dl_eval_value_type(clang_getCursorType(a));
        if (aty.kind == CXType_Enum) {
                /* the stream's own << of an integer prints the value; a
                 * user's operator<< for the enum renders it its own way */
                if (clang_getCursorKind(clang_getCursorReferenced(call)) != CXCursor_CXXMethod) {
                        dl_tmpl_hole(ls->cur, dl_eval_enum_shape(ev, a, aty, true));
                        return true;
                }
                ty = DL_FMT_SIGNED;
        }
        if (ty == DL_FMT_CHAR || ty == DL_FMT_BOOL) {
                /* a char prints as itself, a bool as 1 or 0 */
                struct dl_value v = dl_eval_int_value(ev, a, ty);
                if (ty == DL_FMT_BOOL && dl_value_is_complete(&v))
                        v = dl_value_known(ev->cx->arena, v.text[0] == 't' ? "1" : "0", 1, NULL,
                                           v.loc);
                if (v.kind != DL_VAL_KNOWN)
                        return false;
                dl_tmpl_value(ls->cur, &v, false, (struct dl_loc){0});
                return true;
        }
        if (ty == DL_FMT_STRING) {
                dl_eval_fold_expr(ev, ls->cur, a, ls->depth + 1);
                return true;
        }
        if (ty == DL_FMT_SIGNED || ty == DL_FMT_UNSIGNED) {
                struct dl_value v = dl_eval_int_value(ev, a, ty);
                if (v.kind == DL_VAL_DYNAMIC) {
                        struct dl_hole d = {.kind = DL_HOLE_DIGITS,
                                            .source = dl_eval_expr_source(ev, a),
                                            .loc = dl_cx_cursor_loc(ev->cx, a)};
                        dl_tmpl_hole(ls->cur, dl_hole_new(ev->cx->arena, &d));
                } else {
                        dl_tmpl_value(ls->cur, &v, false, (struct dl_loc){0});
                }
                return true;
        }
        return false; /* a manipulator, a char, a float...: not followed */
}

/* Apply the table's call f to the tracked object. */
static void apply_write(struct local_string *ls, const struct strfn *f, CXCursor call)
{
        struct dl_eval *ev = ls->ev;
        struct dl_arena *arena = ls->cur->arena;
        long long size = -1;
        bool u;
        unsigned *bound = ls->export_out ? ev->bind->bound : NULL;
        if (bound && *bound)
                *bound = UINT_MAX; /* a write after the one the caller cuts */
        if (f->size != NONE) {
                CXCursor sz = clang_Cursor_getArgument(call, (unsigned)f->size);
                cursor_span(sz, &ls->skip_begin, &ls->skip_end);
                struct dl_eval *at = ev;
                CXCursor arg;
                while (dl_eval_bound_arg(at, sz, &at, &arg))
                        sz = arg; /* a summary's bound: the caller's size */
                unsigned param = dl_eval_export_param(at, sz);
                if (param && bound && (f->kind == SF_PRINTF || f->kind == SF_COPY)) {
                        *bound = *bound ? UINT_MAX : param; /* cut at each call */
                } else if (!dl_eval_integer(sz, &size, &u) || size <= 0) {
                        ls->hole = true;
                        return;
                }
        }
        if (f->kind == SF_INSERT) {
                /* `os << a << b`: the chain's outer calls insert in turn */
                const struct dl_body *b = ev->body;
                int at = dl_body_call_index(b, call);
                if (at < 0)
                        ls->hole = true;
                while (!ls->hole) {
                        if (!insert_one(ls, b->calls.items[at].cursor,
                                        clang_Cursor_getArgument(b->calls.items[at].cursor, 1)))
                                ls->hole = true;
                        int p = b->calls.items[at].parent;
                        if (p < 0 ||
                            (b->calls.items[p].parent_arg != 0 &&
                             b->calls.items[p].parent_arg != OBJ) ||
                            !dl_cx_is_named(b->calls.items[p].cursor, "operator<<") ||
                            clang_Cursor_getNumArguments(b->calls.items[p].cursor) != 2)
                                break;
                        at = p;
                }
                return;
        }
        struct dl_buffer *buf = ls->region ? &ls->arm[ls->arm_at] : NULL;
        struct dl_value src;
        {
                /* the sources as they are when the call writes */
                struct dl_eval at = *ev;
                int i = dl_body_call_index(ev->body, call);
                if (i >= 0)
                        at.use_off = ev->body->calls.items[i].off;
                at.document = false;
                struct dl_tmpl made;
                dl_tmpl_init(&made, arena);
                if (f->kind == SF_PRINTF)
                        dl_eval_fold_format(&at, &made, call, f->src, f->extra, false, ls->depth);
                else if (f->kind == SF_STRFTIME)
                        dl_eval_fold_strftime(&at, &made, call, f->src, f->extra, ls->depth);
                else
                        dl_eval_fold_expr(&at, &made,
                                          clang_Cursor_getArgument(call, (unsigned)f->src),
                                          ls->depth + 1);
                src = dl_tmpl_finish(&made, dl_cx_cursor_loc(ev->cx, call));
                dl_tmpl_fini(&made);
        }
        static const enum dl_buffer_op ops[] = {
                [SF_PRINTF] = DL_BUF_PRINT,  [SF_COPY] = DL_BUF_COPY, [SF_NCOPY] = DL_BUF_NCOPY,
                [SF_CAT] = DL_BUF_CAT,       [SF_NCAT] = DL_BUF_NCAT, [SF_STRFTIME] = DL_BUF_DATE,
                [SF_MEMCPY] = DL_BUF_MEMCPY,
        };
        struct dl_buffer straight;
        if (!buf) {
                struct dl_value now = dl_tmpl_finish(ls->cur, (struct dl_loc){0});
                dl_buffer_init(&straight, arena, &now, ls->valid);
                buf = &straight;
        }
        dl_buffer_write(buf, ops[f->kind], &src, size);
        if (buf == &straight)
                buffer_settle(ls, &straight);
}

/* The contents become v: surely (w SURE), or in the branch being written
 * (MAYBE: joined with the other's). */
static void replace_contents(struct local_string *ls, enum dl_when w, const struct dl_value *v)
{
        if (w == DL_WHEN_MAYBE) {
                dl_buffer_write(&ls->arm[ls->arm_at], DL_BUF_COPY, v, -1);
                return;
        }
        region_end(ls);
        struct dl_buffer b;
        dl_buffer_init(&b, ls->cur->arena, v, true);
        buffer_settle(ls, &b);
}

/* `var = value` (a C string pointer given another string) before the use:
 * the contents are value's from here; on some paths only, a hole. */
static bool assign_string(struct local_string *ls, const struct dl_body_site *site)
{
        enum dl_when w = dl_body_when(site->body, site->ref->off, ls->ev->use_off);
        if (ls->stream || site->ref->off >= ls->ev->use_off || w == DL_WHEN_NEVER)
                return false;
        if (w == DL_WHEN_MAYBE && !region_enter(ls, site->ref->off)) {
                ls->hole = true;
                return true;
        }
        struct dl_tmpl fresh;
        dl_tmpl_init(&fresh, ls->cur->arena);
        dl_eval_fold_expr(ls->ev, &fresh, site->ref->value, ls->depth + 1);
        struct dl_value v = dl_tmpl_finish(&fresh, (struct dl_loc){0});
        dl_tmpl_fini(&fresh);
        replace_contents(ls, w, &v);
        ls->hole = false; /* what was written before is replaced */
        return true;
}

/* Is the token t of tu spelled s? */
static bool token_is(CXTranslationUnit tu, CXToken t, const char *s)
{
        CXString sp = clang_getTokenSpelling(tu, t);
        bool yes = !strcmp(clang_getCString(sp), s);
        clang_disposeString(sp);
        return yes;
}

/* Is the reference ref, outside any call, only tested (`!p`, `p == NULL`,
 * `p != q`, `a && p`, `if (p)`, `while (p)`)? A read: the pointer is not
 * written, nor what it points to. Read from the tokens around it. */
bool dl_eval_tested(struct dl_eval *ev, CXCursor ref)
{
        CXTranslationUnit tu = ev->cx->tu;
        CXSourceRange r = clang_getCursorExtent(ref);
        CXFile f, f2;
        unsigned b, e;
        clang_getFileLocation(clang_getRangeStart(r), &f, NULL, NULL, &b);
        clang_getFileLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
        size_t size = 0;
        if (!f || !f2 || !clang_File_isEqual(f, f2) || !clang_getFileContents(tu, f, &size) ||
            e < b || e > size)
                return false;
        CXSourceRange around = clang_getRange(
                clang_getLocationForOffset(tu, f, b > 16 ? b - 16 : 0),
                clang_getLocationForOffset(tu, f, e + 16 < size ? e + 16 : (unsigned)size));
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(tu, around, &toks, &n);
        bool yes = false;
        for (unsigned k = 1; k + 1 < n; k++) {
                unsigned off;
                clang_getFileLocation(clang_getTokenLocation(tu, toks[k]), NULL, NULL, NULL, &off);
                if (off != b)
                        continue;
                static const char *const before[] = {"!", "==", "!=", "&&", "||"};
                static const char *const after[] = {"==", "!=", "&&", "||", "?"};
                for (size_t i = 0; i < sizeof before / sizeof *before; i++)
                        yes = yes || token_is(tu, toks[k - 1], before[i]);
                for (size_t i = 0; i < sizeof after / sizeof *after; i++)
                        yes = yes || token_is(tu, toks[k + 1], after[i]);
                yes = yes ||
                      (k >= 2 && token_is(tu, toks[k - 1], "(") && token_is(tu, toks[k + 1], ")") &&
                       (token_is(tu, toks[k - 2], "if") || token_is(tu, toks[k - 2], "while")));
                break;
        }
        dl_cx_dispose_tokens(tu, toks, n);
        return yes;
}

/* The object handed to a function of the project that fills it (a
 * summary, struct dl_eval_hooks.fill_value): its contents are what the
 * function writes there; in a branch, joined as any write (buffer.h). */
static bool fill_site(struct local_string *ls, const struct dl_body_site *site,
                      const struct dl_body_call *c)
{
        struct dl_eval *ev = ls->ev;
        if (ls->stream || site->arg < 0 || c->off >= ev->use_off || !ev->hooks ||
            !ev->hooks->fill_value)
                return false;
        enum dl_when w = dl_body_when(site->body, c->off, ev->use_off);
        if (w == DL_WHEN_NEVER)
                return false;
        if (w == DL_WHEN_MAYBE && !region_enter(ls, c->off)) {
                ls->hole = true;
                return true;
        }
        struct dl_tmpl made;
        dl_tmpl_init(&made, ls->cur->arena);
        bool filled = ev->hooks->fill_value(ev->hooks->data, ev, c->cursor, (unsigned)site->arg,
                                            &made, ls->depth + 1);
        struct dl_value v = dl_tmpl_finish(&made, dl_cx_cursor_loc(ev->cx, c->cursor));
        dl_tmpl_fini(&made);
        if (!filled)
                return false;
        cursor_span(c->cursor, &ls->skip_begin, &ls->skip_end); /* `sizeof buf`: a read */
        replace_contents(ls, w, &v);
        return true;
}

static bool string_site(void *data, const struct dl_body_site *site)
{
        struct local_string *ls = data;
        if (site->call < 0 && !clang_Cursor_isNull(site->ref->value))
                return assign_string(ls, site);
        if (ls->hole)
                return true;
        if (site->call < 0)
                return (site->ref->off >= ls->skip_begin && site->ref->off < ls->skip_end) ||
                       dl_eval_tested(ls->ev, site->ref->cursor);
        const struct dl_body_call *c = &site->body->calls.items[site->call];
        const struct strfn *f = dl_eval_strfn_of(c->cursor);
        if (!f)
                return fill_site(ls, site, c);
        if (f->out != site->arg && site->arg >= 0 &&
            (site->arg == f->src || (f->kind == SF_PRINTF && site->arg >= f->extra)))
                return true; /* the source or a printf argument of another write: read */
        if (f->out == NONE || site->arg != f->out || c->off >= ls->ev->use_off ||
            (f->kind == SF_INSERT) != ls->stream || f->kind >= SF_JSON_OBJECT)
                return false;
        enum dl_when w = dl_body_when(site->body, c->off, ls->ev->use_off);
        if (w == DL_WHEN_NEVER)
                return false;
        if (w == DL_WHEN_MAYBE && (f->kind == SF_INSERT || !region_enter(ls, c->off))) {
                ls->hole = true;
                return true;
        }
        if (w == DL_WHEN_SURE)
                region_end(ls);
        apply_write(ls, f, c->cursor);
        return true;
}

/* Does the array variable var have an initializer (`= ...`, `{...}`)? Its
 * last expression child may be its size. */
static bool array_initialized(struct dl_eval *ev, CXCursor var)
{
        CXType ty = clang_getCanonicalType(clang_getCursorType(var));
        if (ty.kind != CXType_ConstantArray && ty.kind != CXType_IncompleteArray)
                return true;
        CXTranslationUnit tu = ev->cx->tu;
        CXSourceRange r = dl_cx_file_range(tu, var);
        if (clang_Range_isNull(r))
                return false;
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(tu, r, &toks, &n);
        bool yes = false;
        for (unsigned i = 0; !yes && i < n; i++) {
                if (clang_getTokenKind(toks[i]) != CXToken_Punctuation)
                        continue;
                CXString sp = clang_getTokenSpelling(tu, toks[i]);
                const char *p = clang_getCString(sp);
                yes = !strcmp(p, "=") || !strcmp(p, "{");
                clang_disposeString(sp);
        }
        dl_cx_dispose_tokens(tu, toks, n);
        return yes;
}

/* The initial contents of a tracked local: false when undefined (a C
 * buffer without initializer, a NULL pointer). */
static bool fold_initial(struct dl_eval *ev, struct dl_tmpl *t, CXCursor var, bool stream,
                         unsigned depth)
{
        CXCursor init = dl_cx_var_init(var);
        bool buffer = dl_eval_is_char_buffer(clang_getCursorType(var));
        if (buffer && !array_initialized(ev, var))
                init = clang_getNullCursor(); /* `char k[64];`: 64 is the size */
        CXCursor s = dl_cx_strip(init);
        enum CXCursorKind k = clang_getCursorKind(s);
        CXCursor kids[2];
        long long x;
        bool u;
        if (clang_Cursor_isNull(init)) {
                if (buffer)
                        return false;
                dl_tmpl_text(t, "", 0, NULL, (struct dl_loc){0}, NULL);
        } else if (buffer && k == CXCursor_InitListExpr &&
                   (dl_cx_children(s, kids, 2) == 0 ||
                    (dl_cx_children(s, kids, 2) == 1 && dl_eval_integer(kids[0], &x, &u) &&
                     x == 0))) {
                dl_tmpl_text(t, "", 0, NULL, (struct dl_loc){0}, NULL); /* char b[N] = {0} */
        } else if (buffer && (k == CXCursor_GNUNullExpr || k == CXCursor_CXXNullPtrLiteralExpr ||
                              (k == CXCursor_IntegerLiteral && dl_eval_integer(s, &x, &u) && !x))) {
                return false;
        } else if (stream) {
                if (k != CXCursor_CallExpr || clang_Cursor_getNumArguments(s) != 0)
                        dl_tmpl_hole(t, NULL); /* ostringstream os("x"): overwritten in place */
                else
                        dl_tmpl_text(t, "", 0, NULL, (struct dl_loc){0}, NULL);
        } else {
                dl_eval_fold_expr(ev, t, init, depth + 1);
        }
        return true;
}

void dl_eval_fold_local_string(struct dl_eval *ev, struct dl_tmpl *t, CXCursor var, bool stream,
                               unsigned depth)
{
        struct dl_tmpl sub;
        dl_tmpl_init(&sub, t->arena);
        struct local_string ls = {.ev = ev, .cur = &sub, .depth = depth, .stream = stream};
        ls.name = dl_cx_spelling(ev->cx, var);
        ls.valid = fold_initial(ev, &sub, var, stream, depth);
        if (dl_body_track(ev->body, var, dl_cx_cursor_offset(var), ev->use_off, string_site, &ls))
                ls.hole = true;
        region_end(&ls);
        struct dl_value v = dl_tmpl_finish(&sub, (struct dl_loc){0});
        dl_tmpl_fini(&sub);
        if (ls.hole || !ls.valid) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        /* the request body itself: a cut document is rejected (buffer.h) */
        if (ev->document && depth == 0 && ls.doc.has_doc)
                v = ls.doc.doc;
        dl_tmpl_value(t, &v, false, (struct dl_loc){0});
}

bool dl_eval_fill(struct dl_eval *ev, CXCursor param, struct dl_tmpl *t, unsigned depth)
{
        if (!ev->body || depth > DL_EVAL_MAX_DEPTH) {
                dl_tmpl_hole(t, NULL);
                return false;
        }
        struct dl_tmpl sub;
        dl_tmpl_init(&sub, t->arena);
        /* what the caller passed is not known here: only a write that
         * replaces it makes the contents known */
        struct local_string ls = {.ev = ev, .cur = &sub, .depth = depth, .valid = false};
        ls.name = dl_cx_spelling(ev->cx, param);
        ls.export_out = ev->bind && ev->bind->bound;
        if (dl_body_track(ev->body, param, dl_cx_cursor_offset(param), ev->use_off, string_site,
                          &ls))
                ls.hole = true;
        region_end(&ls);
        struct dl_value v = dl_tmpl_finish(&sub, (struct dl_loc){0});
        dl_tmpl_fini(&sub);
        if (ls.hole || !ls.valid) {
                dl_tmpl_hole(t, NULL);
                return false;
        }
        dl_tmpl_value(t, &v, false, (struct dl_loc){0});
        return true;
}
