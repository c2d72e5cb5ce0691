/* eval_json.c - folding JSON values built with jansson or cJSON into
 * template text (frontend/eval.c's folding, split off by concern;
 * docs/architecture.md, "JSON bodies").
 * SPDX-License-Identifier: MIT
 */
#include "eval_internal.h"

#include "buffer.h"
#include "cx.h"

#include "../core/alloc.h"
#include "../core/arena.h"
#include "../model/format.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- JSON values built with jansson or cJSON -------------------------------- */

/* The JSON text of a jansson or cJSON value is built as a template like any
 * string (docs/architecture.md, "JSON bodies"): a constructor's text, a
 * json_pack format applied to its arguments, or a local object or array,
 * its members appended in source order by the setters of the table. A
 * member set on some paths only, a key set twice or not known, a format
 * ddblint does not read, or any other reference that may write the object
 * make the whole value a hole. The text is compact ("{"K":"V"}"): the
 * request reader does not depend on spacing. */

/* json_t * or cJSON * (jansson's and cJSON's value types). */
static bool is_json_type(CXType ty)
{
        ty = clang_getCanonicalType(ty);
        if (ty.kind != CXType_Pointer)
                return false;
        CXString s = clang_getTypeSpelling(clang_getCanonicalType(clang_getPointeeType(ty)));
        const char *p = clang_getCString(s);
        bool yes = !strcmp(p, "struct json_t") || !strcmp(p, "struct cJSON") ||
                   !strcmp(p, "json_t") || !strcmp(p, "cJSON");
        clang_disposeString(s);
        return yes;
}

static void json_punct(struct dl_tmpl *t, const char *p)
{
        dl_tmpl_text(t, p, strlen(p), NULL, (struct dl_loc){0}, NULL);
}

/* Append v as the contents of a JSON string: as it is when no byte needs
 * escaping (its locations kept), else escaped (RFC 8259 section 7); holes
 * stay holes (the library escapes their text at run time). */
static void json_escaped(struct dl_tmpl *t, const struct dl_value *v)
{
        if (v->kind != DL_VAL_KNOWN) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        bool plain = true;
        for (size_t i = 0; i < v->n_segs && plain; i++) {
                /* a helper's parameter (template.h) would be put unescaped: a hole */
                plain = v->segs[i].text || !v->segs[i].hole || !v->segs[i].hole->param;
                for (size_t j = 0; v->segs[i].text && j < v->segs[i].len && plain; j++) {
                        unsigned char c = (unsigned char)v->segs[i].text[j];
                        plain = c >= 0x20 && c != '"' && c != '\\';
                }
        }
        if (plain) {
                dl_tmpl_value(t, v, false, (struct dl_loc){0});
                if (!v->n_segs)
                        json_punct(t, "");
                return;
        }
        for (size_t i = 0; i < v->n_segs; i++) {
                const struct dl_segment *sg = &v->segs[i];
                if (!sg->text) {
                        dl_tmpl_hole(t, sg->hole && sg->hole->param ? NULL : sg->hole);
                        continue;
                }
                for (size_t j = 0; j < sg->len; j++) {
                        unsigned char c = (unsigned char)sg->text[j];
                        char buf[8];
                        if (c == '"' || c == '\\')
                                snprintf(buf, sizeof buf, "\\%c", c);
                        else if (c < 0x20)
                                snprintf(buf, sizeof buf, "\\u%04x", c);
                        else
                                snprintf(buf, sizeof buf, "%c", c);
                        json_punct(t, buf);
                }
        }
}

/* The string expression e as a JSON string, folded as if used at off (a
 * library copies a string when it is given one). */
static struct dl_value json_string_at(struct dl_eval *ev, CXCursor e, unsigned off, unsigned depth)
{
        unsigned saved = ev->use_off;
        ev->use_off = off;
        struct dl_value v = dl_eval_fold_value(ev, e, depth + 1);
        ev->use_off = saved;
        return v;
}

static void json_quoted(struct dl_tmpl *t, const struct dl_value *v)
{
        json_punct(t, "\"");
        json_escaped(t, v);
        json_punct(t, "\"");
}

/* An integer or a boolean argument e as JSON (digits, true or false); a
 * floating value or anything else is a hole. */
static void json_scalar(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, bool boolean)
{
        CXCursor a = dl_cx_strip(e);
        enum dl_fmt_type ty =
                boolean ? DL_FMT_BOOL : dl_eval_fmt_type(clang_getCursorType(a), false);
        if (ty != DL_FMT_SIGNED && ty != DL_FMT_UNSIGNED && ty != DL_FMT_BOOL) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        struct dl_value v = dl_eval_int_value(ev, a, ty);
        if (ty == DL_FMT_BOOL && v.kind == DL_VAL_KNOWN && !dl_value_is_complete(&v))
                v = dl_value_dynamic(v.loc); /* a shaped bool is not JSON's true/false */
        dl_tmpl_value(t, &v, false, (struct dl_loc){0});
}

/* ---- json_pack ---- */

struct pack {
        struct dl_eval *ev;
        CXCursor call;
        const char *f; /* the format */
        size_t len, i;
        int arg, nargs; /* the next argument */
        unsigned depth;
        bool bad;
};

static char pack_peek(struct pack *p)
{
        while (p->i < p->len && strchr(" \t\n,:", p->f[p->i]))
                p->i++;
        if (p->i >= p->len)
                return '\0';
        return p->f[p->i];
}

static CXCursor pack_arg(struct pack *p)
{
        if (p->arg >= p->nargs) {
                p->bad = true;
                return clang_getNullCursor();
        }
        return clang_Cursor_getArgument(p->call, (unsigned)p->arg++);
}

/* 's' and its '+' continuations: one JSON string. */
static void pack_string(struct pack *p, struct dl_tmpl *t)
{
        json_punct(t, "\"");
        do {
                p->i++;
                if (p->i < p->len && strchr("#%?*", p->f[p->i])) {
                        p->bad = true; /* a length, or a NULL that drops the member */
                        return;
                }
                CXCursor a = pack_arg(p);
                if (p->bad)
                        return;
                struct dl_value v = json_string_at(p->ev, a, p->ev->use_off, p->depth);
                json_escaped(t, &v);
        } while (pack_peek(p) == '+');
        json_punct(t, "\"");
}

static void pack_value(struct pack *p, struct dl_tmpl *t, bool open);

/* '{' or '[' through its closing bracket (left out when open: the members
 * of a tracked object still to come); *members counts them. */
static void pack_compound(struct pack *p, struct dl_tmpl *t, bool open, size_t *members)
{
        char close = p->f[p->i] == '{' ? '}' : ']';
        bool object = close == '}';
        json_punct(t, object ? "{" : "[");
        p->i++;
        size_t n = 0;
        for (;;) {
                char c = pack_peek(p);
                if (c == close) {
                        p->i++;
                        break;
                }
                if (!c || p->bad || n > 4096) {
                        p->bad = true;
                        return;
                }
                if (n)
                        json_punct(t, ",");
                if (object) {
                        if (c != 's') {
                                p->bad = true;
                                return;
                        }
                        pack_string(p, t);
                        json_punct(t, ":");
                        pack_peek(p);
                }
                pack_value(p, t, false);
                n++;
        }
        if (!open)
                json_punct(t, object ? "}" : "]");
        if (members)
                *members = n;
}

static void pack_value(struct pack *p, struct dl_tmpl *t, bool open)
{
        if (p->bad || p->depth > DL_EVAL_MAX_DEPTH) {
                p->bad = true;
                return;
        }
        char c = pack_peek(p);
        if (c == '{' || c == '[')
                pack_compound(p, t, open, NULL);
        else if (c == 's')
                pack_string(p, t);
        else if (c == 'n') {
                p->i++;
                json_punct(t, "null");
        } else if (c == 'b' || c == 'i' || c == 'I') {
                p->i++;
                CXCursor a = pack_arg(p);
                if (!p->bad)
                        json_scalar(p->ev, t, a, c == 'b');
        } else if (c == 'f') {
                p->i++;
                pack_arg(p);
                dl_tmpl_hole(t, NULL);
        } else if (c == 'o' || c == 'O') {
                p->i++;
                if (p->i < p->len && strchr("?*", p->f[p->i])) {
                        p->bad = true; /* NULL drops the member or gives null */
                        return;
                }
                CXCursor a = pack_arg(p);
                if (!p->bad)
                        dl_eval_fold_json(p->ev, t, a, p->depth + 1);
        } else {
                p->bad = true;
        }
}

/* json_pack(args[src], args[extra]...) of call into t; false when the
 * format is not read (then nothing is appended). With open, the top-level
 * object or array is left open and *members counts its members. */
static bool fold_pack(struct dl_eval *ev, struct dl_tmpl *t, CXCursor call, const struct strfn *f,
                      unsigned depth, bool open, size_t *members, char *close)
{
        struct dl_value fmt =
                dl_eval_fold_value(ev, clang_Cursor_getArgument(call, (unsigned)f->src), depth + 1);
        if (!dl_value_is_complete(&fmt))
                return false;
        struct pack p = {
                ev,    call, fmt.text, fmt.len, 0, f->extra, clang_Cursor_getNumArguments(call),
                depth, false};
        struct dl_tmpl made;
        dl_tmpl_init(&made, t->arena);
        char c = pack_peek(&p);
        if (open && c != '{' && c != '[')
                p.bad = true;
        else if (open)
                pack_compound(&p, &made, true, members);
        else
                pack_value(&p, &made, false);
        if (close)
                *close = c == '{' ? '}' : ']';
        /* every argument used and nothing after the value */
        bool ok = !p.bad && !pack_peek(&p) && p.arg == p.nargs;
        if (ok) {
                struct dl_value v = dl_tmpl_finish(&made, dl_cx_cursor_loc(ev->cx, call));
                dl_tmpl_value(t, &v, false, (struct dl_loc){0});
        }
        dl_tmpl_fini(&made);
        return ok;
}

/* ---- local objects and arrays ---- */

/* A local json_t * / cJSON * object or array: its opening bracket and
 * members so far. */
struct local_json {
        struct dl_eval *ev;
        struct dl_tmpl *cur;
        unsigned depth;
        char close; /* '}' or ']' */
        size_t n;
        struct dl_value keys[32]; /* the keys set so far (an object) */
        bool unlisted;            /* packed members whose keys are not listed */
        bool hole;
};

static bool is_json_set(enum strfn_kind k)
{
        return k >= SF_JSON_SET && k <= SF_JSON_SET_NULL;
}

/* Apply the setter or append f (call) to the tracked object. */
static void apply_json(struct local_json *lj, const struct strfn *f, CXCursor call)
{
        struct dl_eval *ev = lj->ev;
        unsigned off = dl_cx_cursor_offset(call);
        if ((lj->close == '}') != is_json_set(f->kind)) {
                lj->hole = true;
                return;
        }
        if (lj->n)
                json_punct(lj->cur, ",");
        if (is_json_set(f->kind)) {
                struct dl_value key = json_string_at(
                        ev, clang_Cursor_getArgument(call, (unsigned)f->src), off, lj->depth);
                if (!dl_value_is_complete(&key) || lj->unlisted ||
                    lj->n >= sizeof lj->keys / sizeof *lj->keys) {
                        lj->hole = true;
                        return;
                }
                for (size_t i = 0; i < lj->n; i++)
                        if (lj->keys[i].len == key.len &&
                            !memcmp(lj->keys[i].text, key.text, key.len)) {
                                lj->hole = true; /* replaced: not followed */
                                return;
                        }
                lj->keys[lj->n] = key;
                json_quoted(lj->cur, &key);
                json_punct(lj->cur, ":");
        }
        CXCursor value = f->extra == NONE ? clang_getNullCursor()
                                          : clang_Cursor_getArgument(call, (unsigned)f->extra);
        struct dl_value v;
        switch (f->kind) {
        case SF_JSON_SET_STRING:
                v = json_string_at(ev, value, off, lj->depth);
                json_quoted(lj->cur, &v);
                break;
        case SF_JSON_SET_INTEGER: json_scalar(ev, lj->cur, value, false); break;
        case SF_JSON_SET_BOOL: json_scalar(ev, lj->cur, value, true); break;
        case SF_JSON_SET_TRUE: json_punct(lj->cur, "true"); break;
        case SF_JSON_SET_FALSE: json_punct(lj->cur, "false"); break;
        case SF_JSON_SET_NULL: json_punct(lj->cur, "null"); break;
        default:
                /* the value is linked, not copied: its state at the use counts */
                dl_eval_fold_json(ev, lj->cur, value, lj->depth + 1);
                break;
        }
        lj->n++;
}

static bool json_site(void *data, const struct dl_body_site *site)
{
        struct local_json *lj = data;
        if (lj->hole)
                return true;
        if (site->call < 0)
                return dl_eval_tested(lj->ev, site->ref->cursor);
        const struct dl_body_call *c = &site->body->calls.items[site->call];
        const struct strfn *f = dl_eval_strfn_of(c->cursor);
        if (!f || f->kind < SF_JSON_OBJECT)
                return false;
        /* handed to a serialiser, or linked into another value: read */
        if ((f->kind == SF_JSON_TEXT && site->arg == f->src) ||
            ((is_json_set(f->kind) || f->kind == SF_JSON_APPEND) && site->arg == f->extra))
                return true;
        if ((!is_json_set(f->kind) && f->kind != SF_JSON_APPEND) || site->arg != f->out ||
            c->off >= lj->ev->use_off)
                return false;
        enum dl_when w = dl_body_when(site->body, c->off, lj->ev->use_off);
        if (w == DL_WHEN_NEVER)
                return false;
        if (w == DL_WHEN_MAYBE) {
                lj->hole = true;
                return true;
        }
        apply_json(lj, f, c->cursor);
        return true;
}

/* The value of the local JSON variable var at the use. */
static void fold_local_json(struct dl_eval *ev, struct dl_tmpl *t, CXCursor var, unsigned depth)
{
        struct dl_tmpl sub;
        dl_tmpl_init(&sub, t->arena);
        struct local_json lj = {.ev = ev, .cur = &sub, .depth = depth};
        CXCursor init = dl_cx_strip(dl_cx_var_init(var));
        const struct strfn *f = dl_eval_strfn_of(init);
        if (f && (f->kind == SF_JSON_OBJECT || f->kind == SF_JSON_ARRAY)) {
                json_punct(&sub, f->kind == SF_JSON_OBJECT ? "{" : "[");
                lj.close = f->kind == SF_JSON_OBJECT ? '}' : ']';
        } else if (f && f->kind == SF_JSON_PACK &&
                   fold_pack(ev, &sub, init, f, depth, true, &lj.n, &lj.close)) {
                /* a later setter could repeat one of the packed keys */
                lj.unlisted = lj.n > 0 && lj.close == '}';
        } else {
                lj.hole = true; /* a parameter, a value ddblint cannot read */
        }
        if (!lj.hole &&
            dl_body_track(ev->body, var, dl_cx_cursor_offset(var), ev->use_off, json_site, &lj))
                lj.hole = true;
        if (!lj.hole) {
                char close[2] = {lj.close, '\0'};
                json_punct(&sub, close);
                struct dl_value v = dl_tmpl_finish(&sub, (struct dl_loc){0});
                dl_tmpl_value(t, &v, false, (struct dl_loc){0});
        } else {
                dl_tmpl_hole(t, NULL);
        }
        dl_tmpl_fini(&sub);
}

/* The JSON text of the json_t * / cJSON * expression e, into t. */
void dl_eval_fold_json(struct dl_eval *ev, struct dl_tmpl *t, CXCursor e, unsigned depth)
{
        e = dl_cx_strip(e);
        if (depth > DL_EVAL_MAX_DEPTH) {
                dl_tmpl_hole(t, NULL);
                return;
        }
        if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
                CXCursor def = clang_getCursorReferenced(e);
                if (clang_getCursorKind(def) == CXCursor_VarDecl && dl_cx_is_local(def) &&
                    ev->body && clang_Cursor_getStorageClass(def) != CX_SC_Static &&
                    is_json_type(clang_getCursorType(def))) {
                        fold_local_json(ev, t, def, depth);
                        return;
                }
                dl_tmpl_hole(t, NULL);
                return;
        }
        const struct strfn *f = dl_eval_strfn_of(e);
        CXCursor src = f && f->src >= 0 ? clang_Cursor_getArgument(e, (unsigned)f->src)
                                        : clang_getNullCursor();
        switch (f ? f->kind : SF_PRINTF) {
        case SF_JSON_OBJECT: json_punct(t, "{}"); return;
        case SF_JSON_ARRAY: json_punct(t, "[]"); return;
        case SF_JSON_STRING: {
                struct dl_value v = dl_eval_fold_value(ev, src, depth + 1);
                json_quoted(t, &v);
                return;
        }
        case SF_JSON_INTEGER: json_scalar(ev, t, src, false); return;
        case SF_JSON_BOOL: json_scalar(ev, t, src, true); return;
        case SF_JSON_TRUE: json_punct(t, "true"); return;
        case SF_JSON_FALSE: json_punct(t, "false"); return;
        case SF_JSON_NULL: json_punct(t, "null"); return;
        case SF_JSON_PACK:
                if (fold_pack(ev, t, e, f, depth, false, NULL, NULL))
                        return;
                break;
        default: break;
        }
        dl_tmpl_hole(t, NULL);
}
