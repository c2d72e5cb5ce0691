/* aws_dynamo.c - recognizer for devicescape aws_dynamo and its forks (C over
 * libcurl and yajl): every call sends a JSON request body the caller
 * builds, read by model/json_request.h; the 2011-12-05 calls are requests
 * of DynamoDB's previous API version (legacy-parameters reports them).
 * SPDX-License-Identifier: MIT
 *
 * Its API is data (aws_dynamo_api.def); the engine (engine.h, follow.c)
 * folds the body (string literals, macros, constants; what the frontend
 * cannot fold is a hole, and a body it cannot see at all makes the request
 * escaped, never empty). aws_post is aws.h's generic send: only a DynamoDB
 * target makes it a request. Fixes are spelled as DynamoDB's JSON members,
 * the text these callers write.
 */
#include "cfunc.h"

static const struct dl_cfunc api[] = {
#define DL_CFUNC(fn, ...) {fn, __VA_ARGS__},
#include "aws_dynamo_api.def"
#undef DL_CFUNC
};

static void classify(const struct dl_rctx *ctx, CXCursor call, struct dl_event *ev)
{
        dl_cfunc_classify(ctx, api, sizeof api / sizeof api[0], call, ev);
}

/* The functions of the table that send (the prefilter's words). */
static bool trigger_words(const struct dl_ruleset *rules, void (*add)(void *set, const char *word),
                          void *set)
{
        (void)rules;
        return dl_cfunc_trigger_words(api, sizeof api / sizeof api[0], add, set);
}

/* aws_dynamo.h is included (aws_dynamo/aws_dynamo.h, or bare), or the file
 * names its functions (a missing header). */
static bool applies(const struct dl_unit *u)
{
        return dl_unit_includes(u, "aws_dynamo") || dl_unit_mentions(u, "aws_dynamo_") ||
               dl_unit_mentions(u, "aws_dy_v2_");
}

const struct dl_recognizer dl_recognizer_aws_dynamo = {
        .id = "aws-dynamo",
        .summary = "devicescape aws_dynamo and its forks: the 2011-12-05 calls with a JSON "
                   "request, aws_dynamo_layer1_request and the forks' aws_dynamo_v2_* with a "
                   "target and a JSON body",
        .langs = DL_LANG_C | DL_LANG_CXX,
        .applies = applies,
        .classify = classify,
        .trigger_words = trigger_words,
};
