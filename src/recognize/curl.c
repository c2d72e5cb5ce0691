/* curl.c - recognizer for low-level DynamoDB requests sent with libcurl's
 * easy interface: the JSON body of the request (CURLOPT_POSTFIELDS,
 * CURLOPT_COPYPOSTFIELDS) and its `X-Amz-Target: DynamoDB_20120810.<Op>`
 * header (a header list built with curl_slist_append and set with
 * CURLOPT_HTTPHEADER), sent by curl_easy_perform.
 * SPDX-License-Identifier: MIT
 *
 * The CURL handle is the tracked object (a C handle: struct dl_event): the
 * engine follows it from its declaration to curl_easy_perform, applies the
 * body and target events in source order, reads the body when the request
 * is sent (model/json_request.h) and drops a transfer whose target it cannot
 * see: the request is not known to be DynamoDB's. The other options of the
 * handle (URL, signing, callbacks) do not change the request.
 *
 * Source of the API: libcurl's curl/curl.h (curl_easy_setopt,
 * curl_slist_append, curl_easy_perform); of the protocol: the DynamoDB
 * developer guide, "DynamoDB low-level API" (POST of a JSON body with the
 * X-Amz-Target header DynamoDB_20120810.<Operation>).
 */
#include "recognizer.h"

#include <string.h>

/* Options of curl_easy_setopt that set the request (libcurl's names). */
static const struct option {
        const char *name;
        enum dl_ev kind;
} options[] = {
        {"CURLOPT_POSTFIELDS", DL_EV_JSON_BODY},
        {"CURLOPT_COPYPOSTFIELDS", DL_EV_JSON_BODY},
        {"CURLOPT_HTTPHEADER", DL_EV_TARGET},
};

/* Functions that take the handle and leave the request as it is. */
static const char *const reads[] = {
        "curl_easy_getinfo",
        "curl_easy_cleanup",
        "curl_easy_pause",
};

static bool applies(const struct dl_unit *u)
{
        return dl_unit_includes(u, "curl/curl.h");
}

/* The curl_easy_setopt option of argument e (an enumerator), or NULL. */
static const char *option_name(struct dl_cx *cx, CXCursor e)
{
        CXCursor ref = clang_getCursorReferenced(dl_cx_strip(e));
        if (clang_getCursorKind(ref) != CXCursor_EnumConstantDecl)
                return NULL;
        return dl_cx_spelling(cx, ref);
}

static void classify(const struct dl_rctx *ctx, CXCursor call, struct dl_event *ev)
{
        CXCursor fn = clang_getCursorReferenced(call);
        if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
                return;
        int nargs = clang_Cursor_getNumArguments(call);
        ev->object_arg = 0;
        if (dl_cx_is_named(fn, "curl_easy_perform") && nargs == 1) {
                ev->kind = DL_EV_SEND;
                ev->op = DL_OP_COUNT; /* the target header tells */
                ev->handle = true;
                return;
        }
        if (dl_cx_is_named(fn, "curl_slist_append") && nargs == 2) {
                ev->kind = DL_EV_TARGET;
                ev->n_args = 1;
                ev->args[0] = clang_Cursor_getArgument(call, 1);
                return;
        }
        if (dl_cx_is_named(fn, "curl_easy_setopt") && nargs == 3) {
                const char *opt = option_name(ctx->cx, clang_Cursor_getArgument(call, 1));
                ev->kind = DL_EV_READ;
                for (size_t i = 0; opt && i < sizeof options / sizeof options[0]; i++) {
                        if (strcmp(opt, options[i].name))
                                continue;
                        ev->kind = options[i].kind;
                        ev->list = options[i].kind == DL_EV_TARGET;
                        ev->n_args = 1;
                        ev->args[0] = clang_Cursor_getArgument(call, 2);
                }
                if (!opt)
                        ev->kind = DL_EV_NONE; /* an option ddblint cannot name */
                return;
        }
        for (size_t i = 0; i < sizeof reads / sizeof reads[0]; i++) {
                if (dl_cx_is_named(fn, reads[i]) && nargs >= 1) {
                        ev->kind = DL_EV_READ;
                        return;
                }
        }
}

/* The one call classify makes DL_EV_SEND of. */
static bool trigger_words(const struct dl_ruleset *rules, void (*add)(void *set, const char *word),
                          void *set)
{
        (void)rules;
        add(set, "curl_easy_perform");
        return true;
}

const struct dl_recognizer dl_recognizer_curl = {
        .id = "curl",
        .summary = "libcurl: low-level requests (X-Amz-Target header, JSON body in "
                   "CURLOPT_POSTFIELDS) sent with curl_easy_perform",
        .langs = DL_LANG_C | DL_LANG_CXX,
        .applies = applies,
        .classify = classify,
        .trigger_words = trigger_words,
};
