/* response.c - the response flow of a client call (response.h): the
 * outcome, result or status a call returns and the result structures it
 * fills, followed through the body index of the function that sends it.
 * SPDX-License-Identifier: MIT
 *
 * The names below are the members of DynamoDB's responses (API
 * 2012-08-10: QueryOutput, ScanOutput, BatchWriteItemOutput,
 * BatchGetItemOutput, ExecuteStatementOutput, BatchExecuteStatementOutput)
 * as each client spells them: the AWS SDK for C++'s getters, aws_dynamo's
 * result structures (its 2011-12-05 query and scan responses give the
 * LastEvaluatedKey as hash_key and range_key; the fork's v2 ones as
 * lastEvaluatedKeys), and the JSON member names a raw response is read by.
 *
 * A raw answer over libcurl (curl_easy_perform) is the buffer the handle's
 * CURLOPT_WRITEDATA names (libcurl's curl_easy_setopt: the write
 * callback's userdata), read by the JSON member names passed with it or
 * with what a JSON parser made of it (jansson's json_loads and
 * json_object_get, cJSON's cJSON_Parse and cJSON_GetObjectItem, strstr);
 * its success is the CURLcode and curl_easy_getinfo's HTTP status
 * (DynamoDB answers an error with HTTP 400 and a "__type" member:
 * developer guide, "Error handling with DynamoDB").
 */
#include "response.h"
#include "loop.h"

#include <limits.h>
#include <string.h>

#define MAX_DEPTH 4 /* variables followed one from another */

/* What holds the response at a point of the flow. */
enum holder {
        H_OUTCOME, /* an AWS SDK for C++ outcome */
        H_RESULT,  /* an AWS SDK for C++ result (the outcome's GetResult) */
        H_CRESULT, /* a C result structure (a pointer to it) */
        H_STATUS,  /* a C status: any use consults the success */
        H_BODY,    /* a raw JSON answer: its buffer, or what a JSON parser made of it */
};

static const struct member {
        const char *name;
        unsigned reads; /* enum dl_response_read; 0: a member that tells nothing */
} members[] = {
        /* AWS SDK for C++: Aws::Utils::Outcome and the *Result classes */
        {"IsSuccess", DL_READ_SUCCESS},
        {"GetError", DL_READ_SUCCESS},
        {"operator bool", DL_READ_SUCCESS}, /* `if (outcome)` of an Outcome-like type */
        {"operator!", DL_READ_SUCCESS},
        {"GetResult", DL_READ_RESULT},
        {"GetResultWithOwnership", DL_READ_RESULT},
        {"GetItems", DL_READ_ITEMS},
        {"GetItem", DL_READ_ITEMS},
        {"GetCount", DL_READ_ITEMS},
        {"GetAttributes", DL_READ_ITEMS},
        {"GetResponses", DL_READ_ITEMS | DL_READ_RESPONSES},
        {"GetLastEvaluatedKey", DL_READ_CONTINUATION},
        {"LastEvaluatedKeyHasBeenSet", DL_READ_CONTINUATION},
        {"GetNextToken", DL_READ_CONTINUATION},
        {"NextTokenHasBeenSet", DL_READ_CONTINUATION},
        {"GetUnprocessedItems", DL_READ_UNPROCESSED},
        {"GetUnprocessedKeys", DL_READ_UNPROCESSED},
        {"UnprocessedItemsHasBeenSet", DL_READ_UNPROCESSED},
        {"UnprocessedKeysHasBeenSet", DL_READ_UNPROCESSED},
        /* aws_dynamo's result structures */
        {"items", DL_READ_ITEMS},
        {"item", DL_READ_ITEMS},
        {"count", DL_READ_ITEMS},
        {"tables", DL_READ_ITEMS},
        {"responses", DL_READ_ITEMS | DL_READ_RESPONSES},
        {"num_responses", DL_READ_ITEMS},
        {"hash_key", DL_READ_CONTINUATION},
        {"range_key", DL_READ_CONTINUATION},
        {"lastEvaluatedKeys", DL_READ_CONTINUATION},
        {"unprocessed_items", DL_READ_UNPROCESSED},
        {"unprocessed_keys", DL_READ_UNPROCESSED},
        /* aws4dd's response: the HTTP status */
        {"status_code", DL_READ_SUCCESS},
};

/* JSON member names of a raw response (a key, or a segment of a JSON
 * pointer such as "/LastEvaluatedKey"). */
static const struct member json_members[] = {
        {"Items", DL_READ_ITEMS},
        {"Item", DL_READ_ITEMS},
        {"Count", DL_READ_ITEMS},
        {"Attributes", DL_READ_ITEMS},
        {"Responses", DL_READ_ITEMS | DL_READ_RESPONSES},
        {"LastEvaluatedKey", DL_READ_CONTINUATION},
        {"NextToken", DL_READ_CONTINUATION},
        {"UnprocessedItems", DL_READ_UNPROCESSED},
        {"UnprocessedKeys", DL_READ_UNPROCESSED},
        {"__type", DL_READ_SUCCESS}, /* the error's type: a failed call's answer */
};

/* Functions that parse a raw answer's text into a JSON value (jansson,
 * cJSON, json-c): their value is the answer too. */
static const char *const json_parsers[] = {
        "json_loads",          "json_loadb",         "cJSON_Parse", "cJSON_ParseWithLength",
        "cJSON_ParseWithOpts", "json_tokener_parse",
};

/* Functions that look one member up in a raw answer or its JSON value by a
 * name given as a string literal: a name of none of json_members reads
 * nothing of what the flow asks. */
static const char *const json_lookups[] = {
        "json_object_get",
        "json_object_getn",
        "cJSON_GetObjectItem",
        "cJSON_GetObjectItemCaseSensitive",
        "cJSON_HasObjectItem",
        "json_object_object_get",
        "json_object_object_get_ex",
        "strstr",
        "strcasestr",
};

/* Members that tell nothing of what the flow asks (capacity, counts of
 * what was examined): reading them is neither a use nor an escape. */
static const char *const harmless[] = {
        "GetConsumedCapacity",  "GetScannedCount",
        "GetResponseMetadata",  "consumed_capacity_units",
        "scanned_count",        "consumedCapacityQry",
        "consumedCapacityScan", "pool",
};

static const struct member *lookup(const struct member *t, size_t n, const char *name)
{
        for (size_t i = 0; name && i < n; i++) {
                if (!strcmp(t[i].name, name))
                        return &t[i];
        }
        return NULL;
}

static bool named_in(const char *const *t, size_t n, const char *name)
{
        for (size_t i = 0; name && i < n; i++) {
                if (!strcmp(t[i], name))
                        return true;
        }
        return false;
}

static bool is_harmless(const char *name)
{
        for (size_t i = 0; name && i < sizeof harmless / sizeof harmless[0]; i++) {
                if (!strcmp(harmless[i], name))
                        return true;
        }
        return false;
}

struct flow {
        struct dl_cx *cx;
        const struct dl_body *b;
        int send;              /* the client call */
        unsigned reads;        /* enum dl_response_read */
        const char *why;       /* set when something escaped */
        unsigned first_check;  /* offset of the first success check or escape */
        unsigned first_result; /* offset of the first GetResult */
        CXCursor result_use;
        unsigned depth;
        bool http; /* a raw HTTP answer */
};

static void result_use(struct flow *f, unsigned off, CXCursor at);

/* Why a C result whose member ddblint does not model is unknown: the read
 * is a use of the result (a dereference), not a check. */
static const char unmodelled[] = "a member of the result that ddblint does not model is read";

/* The response held as h escapes at off (cursor at): unknown from there.
 * An outcome or a C result handed on may be checked where it goes; a
 * result (an outcome's GetResult) handed on is used. */
static void escape(struct flow *f, unsigned off, CXCursor at, enum holder h, const char *why)
{
        if (!f->why)
                f->why = why;
        if (h == H_RESULT || (h == H_CRESULT && why == unmodelled))
                result_use(f, off, at);
        else if (off < f->first_check)
                f->first_check = off;
}

static void success(struct flow *f, unsigned off)
{
        f->reads |= DL_READ_SUCCESS;
        if (off < f->first_check)
                f->first_check = off;
}

/* The JSON member names among the string literals passed to call;
 * *literal (when not NULL) tells whether any string literal is passed. */
static unsigned json_reads(const struct dl_body *b, int call, bool *literal)
{
        CXCursor c = b->calls.items[call].cursor;
        int nargs = clang_Cursor_getNumArguments(c);
        unsigned reads = 0;
        for (int a = 0; a < nargs; a++) {
                CXCursor arg = dl_cx_strip(clang_Cursor_getArgument(c, (unsigned)a));
                if (clang_getCursorKind(arg) != CXCursor_StringLiteral)
                        continue;
                if (literal)
                        *literal = true;
                CXString s = clang_getCursorSpelling(arg);
                const char *p = clang_getCString(s);
                for (size_t i = 0; p && i < sizeof json_members / sizeof json_members[0]; i++) {
                        const char *name = json_members[i].name, *at = p;
                        size_t n = strlen(name);
                        while ((at = strstr(at, name)) != NULL) {
                                char before = '"', after = at[n];
                                if (at > p)
                                        before = at[-1];
                                bool word = !(before >= 'A' && before <= 'Z') &&
                                            !(before >= 'a' && before <= 'z') &&
                                            !(after >= 'A' && after <= 'Z') &&
                                            !(after >= 'a' && after <= 'z');
                                if (word)
                                        reads |= json_members[i].reads;
                                at += n;
                        }
                }
                clang_disposeString(s);
        }
        return reads;
}

/* Does call release what it is given (aws4dd_response_destroy,
 * aws_dynamo_free_*, cJSON_Delete, json_decref, free)? */
static bool is_release(struct flow *f, int call)
{
        const char *name = dl_cx_spelling(f->cx, f->b->calls.items[call].cursor);
        return name && (strstr(name, "free") || strstr(name, "destroy") || strstr(name, "Delete") ||
                        strstr(name, "decref"));
}

static void follow_value(struct flow *f, int call, enum holder h);

/* The result is used at off (cursor at): an outcome's GetResult, a field
 * of a C result structure. */
static void result_use(struct flow *f, unsigned off, CXCursor at)
{
        f->reads |= DL_READ_RESULT;
        if (off < f->first_result) {
                f->first_result = off;
                f->result_use = at;
        }
}

/* The member name (a method called on the holder, or a field read) at
 * offset off; call: the method's call, or -1 for a field. */
static void member_use(struct flow *f, const char *name, int call, unsigned off, enum holder h,
                       CXCursor at)
{
        const struct member *m = lookup(members, sizeof members / sizeof members[0], name);
        unsigned reads = m ? m->reads : 0;
        if (reads & DL_READ_SUCCESS) {
                success(f, off);
        } else if (reads & DL_READ_RESULT) {
                if (h != H_OUTCOME)
                        return;
                /* `auto &r = o.GetResult();` is used where r is */
                const struct dl_body_call *g = call >= 0 ? &f->b->calls.items[call] : NULL;
                if (!g || clang_Cursor_isNull(g->var))
                        result_use(f, off, at);
                if (call >= 0)
                        follow_value(f, call, H_RESULT);
        } else if (reads) {
                f->reads |= reads;
                if (h == H_CRESULT)
                        result_use(f, off, at);
        } else if (h == H_CRESULT && !is_harmless(name)) {
                escape(f, off, at, h, unmodelled);
        }
}

/* JSON members read at off (cursor at) of the response held as h: the
 * error's "__type" consults the success, the others are uses of the
 * result (a C result's or a raw answer's). */
static void json_read(struct flow *f, unsigned reads, unsigned off, enum holder h, CXCursor at)
{
        if (reads & DL_READ_SUCCESS)
                success(f, off);
        reads &= ~(unsigned)DL_READ_SUCCESS;
        f->reads |= reads;
        if (reads && (h == H_CRESULT || h == H_BODY))
                result_use(f, off, at);
}

/* The raw answer (its buffer or its parsed JSON value) is passed to call
 * at off (cursor at): a member looked up by name, parsed, released, or
 * handed on. */
static void body_call(struct flow *f, int call, unsigned off, CXCursor at)
{
        bool literal = false;
        unsigned reads = json_reads(f->b, call, &literal);
        const char *name = dl_cx_spelling(f->cx, f->b->calls.items[call].cursor);
        if (reads) {
                json_read(f, reads, off, H_BODY, at);
        } else if (named_in(json_parsers, sizeof json_parsers / sizeof json_parsers[0], name)) {
                result_use(f, off, at);
                follow_value(f, call, H_BODY);
        } else if (literal &&
                   named_in(json_lookups, sizeof json_lookups / sizeof json_lookups[0], name)) {
                result_use(f, off, at); /* another member, by name */
        } else if (!is_release(f, call)) {
                escape(f, off, at, H_BODY, "the response is passed to a function");
        }
}

/* A reference r to the variable holding a raw answer. */
static void body_site(struct flow *f, const struct dl_body_ref *r)
{
        if (r->store >= 0)
                return; /* `a.data = NULL`: the buffer reset */
        if (r->call >= 0 && r->arg == DL_BODY_OBJECT &&
            dl_cx_is_call_named(f->b->calls.items[r->call].cursor, "clear", 0))
                return; /* `answer.clear()`: emptied, neither read nor handed on */
        if (!clang_Cursor_isNull(r->member)) {
                if (r->member_call >= 0)
                        body_call(f, r->member_call, r->off, r->member);
                else
                        escape(f, r->off, r->member, H_BODY,
                               "the response's buffer is read where ddblint cannot follow it");
        } else if (r->call >= 0) {
                body_call(f, r->call, r->off, r->cursor);
        } else if (r->copied) {
                escape(f, r->off, r->cursor, H_BODY, "the response is returned, stored or copied");
        }
        /* else compared or tested: `if (!root)` */
}

struct var_walk {
        struct flow *f;
        enum holder h;
};

static bool var_site(void *data, const struct dl_body_site *site)
{
        struct var_walk *w = data;
        struct flow *f = w->f;
        const struct dl_body_ref *r = site->ref;
        if (r->call == f->send)
                return true; /* the out-parameter of the call itself */
        if (!clang_Cursor_isNull(r->value))
                return true; /* `v = ...`: v gets a new value */
        if (w->h == H_BODY) {
                body_site(f, r);
                return true;
        }
        if (w->h == H_RESULT)
                result_use(f, r->off, r->cursor); /* any use of a result variable */
        if (w->h == H_STATUS) {
                success(f, r->off);
                return true;
        }
        if (r->call >= 0 && r->arg == DL_BODY_OBJECT) {
                CXCursor c = f->b->calls.items[r->call].cursor;
                member_use(f, dl_cx_spelling(f->cx, c), r->call, r->off, w->h, c);
                return true;
        }
        if (!clang_Cursor_isNull(r->member)) {
                const char *name = dl_cx_spelling(f->cx, r->member);
                unsigned reads = r->member_call >= 0 ? json_reads(f->b, r->member_call, NULL) : 0;
                if (reads) {
                        json_read(f, reads, r->off, w->h, r->member);
                        return true;
                }
                if (r->member_call >= 0 && is_release(f, r->member_call))
                        return true;
                member_use(f, name, -1, r->off, w->h, r->member);
                return true;
        }
        if (r->call >= 0) { /* passed to a function */
                unsigned reads = json_reads(f->b, r->call, NULL);
                if (reads) {
                        json_read(f, reads, r->off, w->h, r->cursor);
                } else if (!is_release(f, r->call)) {
                        escape(f, r->off, r->cursor, w->h, "the response is passed to a function");
                }
                return true;
        }
        if (r->copied || w->h != H_CRESULT)
                escape(f, r->off, r->cursor, w->h, "the response is returned, stored or copied");
        else
                success(f, r->off); /* a C result compared or tested: `if (!resp)` */
        return true;
}

static void follow_var(struct flow *f, CXCursor var, unsigned from, enum holder h)
{
        if (f->depth >= MAX_DEPTH) {
                escape(f, from, var, h, "the response flows through too many variables");
                return;
        }
        f->depth++;
        struct var_walk w = {f, h};
        dl_body_track(f->b, var, from, UINT_MAX, var_site, &w);
        f->depth--;
}

/* The value of call (the client call, or a getter of its response). */
static void follow_value(struct flow *f, int call, enum holder h)
{
        const struct dl_body_call *c = &f->b->calls.items[call];
        if (!clang_Cursor_isNull(c->var)) {
                /* the initializer of a variable, perhaps through a copy or
                 * move construction (then parent is that constructor) */
                follow_var(f, c->var, c->off, h);
        } else if (c->parent >= 0) {
                const struct dl_body_call *p = &f->b->calls.items[c->parent];
                if (h == H_BODY) {
                        body_call(f, c->parent, p->off, p->cursor);
                } else if (c->parent_arg == DL_BODY_OBJECT) {
                        member_use(f, dl_cx_spelling(f->cx, p->cursor), c->parent, p->off, h,
                                   p->cursor);
                } else if (h == H_STATUS) {
                        success(f, p->off);
                } else {
                        unsigned reads = json_reads(f->b, c->parent, NULL);
                        if (reads)
                                json_read(f, reads, p->off, h, p->cursor);
                        else
                                escape(f, p->off, p->cursor, h,
                                       "the response is passed to a function");
                }
        } else if (h == H_STATUS) {
                if (!c->discarded)
                        success(f, c->off);
        } else if (!c->discarded) {
                escape(f, c->off, c->cursor, h,
                       "the response is returned or used where ddblint cannot follow it");
        }
}

/* Is t a struct or class whose name (canonical spelling) contains part? */
static bool record_named(CXType t, const char *part)
{
        t = clang_getCanonicalType(t);
        if (t.kind != CXType_Record)
                return false;
        CXString s = clang_getTypeSpelling(t);
        const char *p = clang_getCString(s);
        bool yes = p && strstr(p, part) != NULL;
        clang_disposeString(s);
        return yes;
}

/* ---- a raw answer over libcurl ------------------------------------------------------- */

/* Is call curl_easy_setopt(handle, opt, value) of the handle variable? */
static bool handle_option(struct dl_cx *cx, CXCursor call, CXCursor handle, const char *opt)
{
        if (clang_Cursor_getNumArguments(call) != 3 ||
            !dl_cx_is_named(clang_getCursorReferenced(call), "curl_easy_setopt") ||
            !dl_cx_refers_to(dl_cx_strip(clang_Cursor_getArgument(call, 0)), handle))
                return false;
        CXCursor o = clang_getCursorReferenced(dl_cx_strip(clang_Cursor_getArgument(call, 1)));
        if (clang_getCursorKind(o) != CXCursor_EnumConstantDecl)
                return false;
        const char *name = dl_cx_spelling(cx, o);
        return name && !strcmp(name, opt);
}

/* The value of the handle's last curl_easy_setopt(handle, opt, value)
 * before offset before, or a null cursor. */
static CXCursor last_option(struct dl_cx *cx, const struct dl_body *b, unsigned before,
                            CXCursor handle, const char *opt)
{
        CXCursor value = clang_getNullCursor();
        unsigned at = 0;
        for (size_t i = 0; i < b->calls.n; i++) {
                const struct dl_body_call *o = &b->calls.items[i];
                if (o->off < before && o->off >= at && handle_option(cx, o->cursor, handle, opt)) {
                        value = clang_Cursor_getArgument(o->cursor, 2);
                        at = o->off;
                }
        }
        return value;
}

/* A later use of the handle: curl_easy_getinfo (the HTTP status) or
 * the handle handed on consults the success; setting options, performing
 * again and cleaning up do not. */
static bool handle_site(void *data, const struct dl_body_site *site)
{
        static const char *const quiet[] = {"curl_easy_setopt", "curl_easy_perform",
                                            "curl_easy_cleanup", "curl_easy_reset"};
        struct flow *f = data;
        const struct dl_body_ref *r = site->ref;
        if (r->call == f->send)
                return true;
        if (r->call >= 0) {
                const char *name = dl_cx_spelling(f->cx, f->b->calls.items[r->call].cursor);
                if (!named_in(quiet, sizeof quiet / sizeof quiet[0], name))
                        success(f, r->off);
        } else if (r->copied) {
                success(f, r->off);
        }
        return true;
}

/* The raw answer of curl_easy_perform(handle), the client call: the
 * buffer of the handle's last CURLOPT_WRITEDATA before the call, a local
 * variable (`&answer`, `buf`); the CURLcode and the handle's later uses
 * for its success. */
static void follow_http(struct flow *f, int call)
{
        const struct dl_body_call *c = &f->b->calls.items[call];
        f->http = true;
        follow_value(f, call, H_STATUS);
        CXCursor h = dl_cx_strip(clang_Cursor_getArgument(c->cursor, 0));
        if (clang_getCursorKind(h) != CXCursor_DeclRefExpr) {
                escape(f, c->off, c->cursor, H_BODY,
                       "the answer is collected where ddblint cannot see it (the handle is "
                       "not a variable)");
                return;
        }
        CXCursor handle = clang_getCursorReferenced(h);
        CXCursor data = last_option(f->cx, f->b, c->off, handle, "CURLOPT_WRITEDATA");
        dl_body_track(f->b, handle, c->off, UINT_MAX, handle_site, f);
        CXCursor v = clang_Cursor_isNull(data) ? data : dl_cx_strip_address(data);
        CXCursor var = clang_Cursor_isNull(v) ? v : clang_getCursorReferenced(v);
        if (clang_Cursor_isNull(data))
                escape(f, c->off, c->cursor, H_BODY,
                       "the answer is collected where ddblint cannot see it (no "
                       "CURLOPT_WRITEDATA of the handle in this function)");
        else if (clang_getCursorKind(v) != CXCursor_DeclRefExpr ||
                 clang_getCursorKind(var) != CXCursor_VarDecl || !dl_cx_is_local(var))
                escape(f, c->off, c->cursor, H_BODY,
                       "the answer is collected where ddblint cannot see it (the "
                       "CURLOPT_WRITEDATA buffer is not a local variable)");
        else
                follow_var(f, var, c->off, H_BODY);
}

/* Is call curl_easy_perform(handle)? */
static bool is_curl_perform(CXCursor call)
{
        return clang_Cursor_getNumArguments(call) == 1 &&
               dl_cx_is_named(clang_getCursorReferenced(call), "curl_easy_perform");
}

void dl_response_follow(struct dl_cx *cx, const struct dl_body *b, int call, enum dl_call_kind kind,
                        struct dl_response *out)
{
        memset(out, 0, sizeof *out);
        if (call < 0 || (size_t)call >= b->calls.n)
                return;
        const struct dl_body_call *c = &b->calls.items[call];
        out->in_loop = dl_body_in_loop(b, c->off);
        if (kind != DL_CALL_PLAIN) {
                out->why = kind == DL_CALL_PAGINATOR ? "a paginator follows the continuation"
                                                     : "the response arrives asynchronously";
                return;
        }
        struct flow f = {cx, b, call, 0, NULL, UINT_MAX, UINT_MAX, clang_getNullCursor(), 0, false};
        CXType rt = clang_getCursorType(c->cursor);
        bool followed = false;
        if (is_curl_perform(c->cursor)) {
                out->http = true;
                follow_http(&f, call);
                followed = true;
        } else if (record_named(rt, "Outcome")) {
                out->outcome = true;
                follow_value(&f, call, H_OUTCOME);
                followed = true;
        } else if (clang_getCanonicalType(rt).kind == CXType_Pointer &&
                   record_named(clang_getPointeeType(clang_getCanonicalType(rt)), "response")) {
                follow_value(&f, call, H_CRESULT);
                followed = true;
        } else {
                /* out-parameters: `struct X_response **` given `&var` */
                int nargs = clang_Cursor_getNumArguments(c->cursor);
                for (int a = 0; a < nargs; a++) {
                        CXCursor arg = clang_Cursor_getArgument(c->cursor, (unsigned)a);
                        CXType t = clang_getCanonicalType(clang_getCursorType(arg));
                        if (t.kind != CXType_Pointer)
                                continue;
                        CXType pt = clang_getCanonicalType(clang_getPointeeType(t));
                        if (pt.kind != CXType_Pointer ||
                            !record_named(clang_getPointeeType(pt), "response"))
                                continue;
                        /* `&resp` of a local variable; a pointer passed
                         * on (a parameter of the function) fills the
                         * caller's variable */
                        CXCursor v = dl_cx_strip_address(arg);
                        if (clang_getCursorKind(dl_cx_strip(arg)) != CXCursor_UnaryOperator ||
                            clang_getCursorKind(v) != CXCursor_DeclRefExpr ||
                            clang_getCursorKind(clang_getCursorReferenced(v)) != CXCursor_VarDecl) {
                                escape(&f, c->off, c->cursor, H_CRESULT,
                                       "the response is written where ddblint "
                                       "cannot follow it");
                                followed = true;
                                continue;
                        }
                        follow_var(&f, clang_getCursorReferenced(v), c->off, H_CRESULT);
                        followed = true;
                }
                if (followed)
                        follow_value(&f, call, H_STATUS);
        }
        if (!followed) {
                out->why = "the call's response is not one ddblint models";
                return;
        }
        out->reads = f.reads;
        out->state = f.why ? DL_RESP_UNKNOWN : DL_RESP_FOLLOWED;
        out->why = f.why;
        /* a raw answer: only when nothing consults the success (response.h) */
        if (f.http && f.first_check != UINT_MAX)
                return;
        if (f.first_result < f.first_check && !clang_Cursor_isNull(f.result_use))
                out->unchecked_use = dl_cx_cursor_loc(cx, f.result_use);
}

/* Is the code at loc (a location of the request) built from l's element?
 * filled: a local string the loop writes from the element counts
 * (dl_loop_uses_element). */
static bool loc_uses_element(struct dl_cx *cx, const struct dl_body *b, const struct dl_loop *l,
                             const struct dl_loc *loc, bool filled)
{
        return dl_loop_uses_element(b, l, dl_loop_offset(cx, b, loc), filled);
}

/* Is req's key (Key; Item for PutItem), or the request expression given to
 * the call, built from the element of the loop l around the call? */
static bool key_from_element(struct dl_cx *cx, const struct dl_body *b, const struct dl_loop *l,
                             const struct dl_body_call *c, const struct dl_request *req)
{
        int nargs = clang_Cursor_getNumArguments(c->cursor);
        for (int a = 0; a < nargs; a++) {
                CXCursor arg = clang_Cursor_getArgument(c->cursor, (unsigned)a);
                CXSourceRange r = clang_getCursorExtent(arg);
                unsigned lo = dl_cx_offset(clang_getRangeStart(r)),
                         hi = dl_cx_offset(clang_getRangeEnd(r));
                for (size_t i = 0; i < b->refs.n; i++) {
                        const struct dl_body_ref *ref = &b->refs.items[i];
                        for (unsigned v = 0; ref->off >= lo && ref->off < hi && v < l->n_vars;
                             v++) {
                                if (!(l->filled >> v & 1) &&
                                    clang_equalCursors(ref->decl, l->vars[v]))
                                        return true;
                        }
                }
        }
        const struct dl_attr_map *m = req->op == DL_OP_PUT_ITEM ? &req->item : &req->key;
        if (m->kind == DL_VAL_ABSENT)
                return false;
        if (loc_uses_element(cx, b, l, &m->loc, false))
                return true;
        for (size_t i = 0; i < m->n; i++) {
                /* a local the loop writes from the element counts where the
                 * value is known to vary: known text with a hole (a helper
                 * that writes a constant, or writes on some paths only,
                 * does not make it) */
                const struct dl_value *v = &m->items[i].val;
                bool varies = v->kind == DL_VAL_KNOWN && !dl_value_is_complete(v);
                if (loc_uses_element(cx, b, l, &m->items[i].loc, varies) ||
                    loc_uses_element(cx, b, l, &v->loc, varies))
                        return true;
        }
        return false;
}

static bool is_batch(enum dl_op op)
{
        return op == DL_OP_BATCH_WRITE_ITEM || op == DL_OP_BATCH_GET_ITEM ||
               op == DL_OP_BATCH_EXECUTE_STATEMENT || op == DL_OP_TRANSACT_WRITE_ITEMS ||
               op == DL_OP_TRANSACT_GET_ITEMS;
}

/* Is loc, before the call at send, inside a loop over a container of any
 * size with no size guard? */
static bool added_unbounded(struct dl_cx *cx, const struct dl_body *b, const struct dl_loc *loc,
                            unsigned send)
{
        unsigned off = dl_loop_offset(cx, b, loc);
        if (off == UINT_MAX || off >= send)
                return false;
        struct dl_loop l;
        dl_loop_at(cx, b, off, &l);
        return l.kind == DL_LOOP_ELEMENTS && !dl_loop_guarded(cx, b, &l, send);
}

#define MAX_MEMBERS 64 /* members looked at for a loop that adds them */
#define MAX_SOURCES 8  /* variables a C request is built from */

/* The local variables a C batch is built from: those given to the call
 * (a handle such as aws4dd's op), for curl_easy_perform the
 * CURLOPT_POSTFIELDS buffer, and, through their initializers, the
 * variables those are made from (`body = json_dumps(root)`, `root =
 * json_pack(..., keys)`). */
struct sources {
        CXCursor vars[MAX_SOURCES];
        unsigned n;
};

static void add_source(struct sources *s, CXCursor e);

static enum CXChildVisitResult source_visit(CXCursor c, CXCursor parent, CXClientData data)
{
        (void)parent;
        if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
                add_source(data, c);
        return CXChildVisit_Recurse;
}

/* Adds the local variable e refers to (and what its initializer refers
 * to), once. */
static void add_source(struct sources *s, CXCursor e)
{
        CXCursor v = dl_cx_strip_address(e);
        if (clang_getCursorKind(v) != CXCursor_DeclRefExpr)
                return;
        v = clang_getCursorReferenced(v);
        enum CXCursorKind k = clang_getCursorKind(v);
        if ((k != CXCursor_VarDecl && k != CXCursor_ParmDecl) || !dl_cx_is_local(v) ||
            s->n >= MAX_SOURCES)
                return;
        for (unsigned i = 0; i < s->n; i++) {
                if (clang_equalCursors(s->vars[i], v))
                        return;
        }
        s->vars[s->n++] = v;
        CXCursor init = dl_cx_var_init(v);
        if (!clang_Cursor_isNull(init))
                clang_visitChildren(init, source_visit, s);
}

/* Where a source of a C batch is touched before the send, inside a loop
 * over a container of any size, by a call built from the loop's element
 * (`aws4dd_batch_write_value(op, ..., ids[i])`, `snprintf(body + len, ...,
 * ids[i])`, `json_array_append_new(keys, json_pack(..., ids[i]))`). The
 * first reference in such a loop decides. */
struct source_walk {
        struct dl_cx *cx;
        const struct dl_body *b;
        unsigned send;
        bool decided;
        CXCursor at; /* the reference; a null cursor: none */
};

static bool source_site(void *data, const struct dl_body_site *site)
{
        struct source_walk *w = data;
        unsigned off = site->ref->off;
        if (w->decided || off >= w->send || !dl_body_in_loop(w->b, off))
                return true;
        struct dl_loop l;
        dl_loop_at(w->cx, w->b, off, &l);
        if (l.kind != DL_LOOP_ELEMENTS)
                return true;
        w->decided = true;
        if (dl_loop_uses_element(w->b, &l, off, false) &&
            !dl_loop_guarded(w->cx, w->b, &l, w->send))
                w->at = site->ref->cursor;
        return true;
}

/* The first addition of a C batch's member in a loop over elements with no
 * guard (a member added to a handle, printed into a JSON body or appended
 * to the JSON value it is dumped from), or a null cursor. Cost: the references of at most MAX_SOURCES variables. */
static CXCursor source_added_unbounded(struct dl_cx *cx, const struct dl_body *b,
                                       const struct dl_body_call *c)
{
        struct sources s = {.n = 0};
        int nargs = clang_Cursor_getNumArguments(c->cursor);
        for (int a = 0; a < nargs; a++)
                add_source(&s, clang_Cursor_getArgument(c->cursor, (unsigned)a));
        if (is_curl_perform(c->cursor) && s.n) {
                CXCursor posted = last_option(cx, b, c->off, s.vars[0], "CURLOPT_POSTFIELDS");
                if (clang_Cursor_isNull(posted))
                        posted = last_option(cx, b, c->off, s.vars[0], "CURLOPT_COPYPOSTFIELDS");
                if (!clang_Cursor_isNull(posted))
                        add_source(&s, posted);
        }
        struct source_walk w = {cx, b, c->off, false, clang_getNullCursor()};
        for (unsigned i = 0; i < s.n && !w.decided; i++)
                dl_body_track(b, s.vars[i], 0, c->off, source_site, &w);
        return w.at;
}

void dl_response_loops(struct dl_cx *cx, const struct dl_body *b, int call, struct dl_request *req)
{
        struct dl_response *out = &req->response;
        if (call < 0 || (size_t)call >= b->calls.n)
                return;
        const struct dl_body_call *c = &b->calls.items[call];
        struct dl_loop l;
        dl_loop_at(cx, b, c->off, &l);
        out->loop = l.kind;
        if (l.kind == DL_LOOP_ELEMENTS)
                out->key_from_element = key_from_element(cx, b, &l, c, req);
        if (l.kind != DL_LOOP_NONE || !is_batch(req->op))
                return;
        for (size_t i = 0; i < req->n_items && i < MAX_MEMBERS; i++) {
                const struct dl_request *m = &req->items[i];
                const struct dl_loc *at =
                        added_unbounded(cx, b, &m->call, c->off) ? &m->call
                        : m->key.kind != DL_VAL_ABSENT &&
                                        added_unbounded(cx, b, &m->key.loc, c->off)
                                ? &m->key.loc
                                : NULL;
                if (at) {
                        out->unbounded_add = *at;
                        return;
                }
        }
        if (out->outcome)
                return; /* the AWS SDK for C++: its members are listed */
        CXCursor at = source_added_unbounded(cx, b, c);
        if (!clang_Cursor_isNull(at))
                out->unbounded_add = dl_cx_cursor_loc(cx, at);
}
