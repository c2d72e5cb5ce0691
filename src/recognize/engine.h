/* engine.h - the request-following engine: one mechanism for "calls on a
 * tracked local object after its declaration, in source order; may
 * anything else change it?", shared by every recognizer
 * (docs/architecture.md, "The request-following engine").
 * SPDX-License-Identifier: MIT
 *
 * Per function, the body is indexed once (frontend/body.h) and each call is
 * classified once by the recognizers that apply to the translation unit
 * (struct dl_event). Each DL_EV_SEND becomes a request: its request
 * expression is followed (a temporary with its chain of setters, a local
 * variable through dl_body_track, a helper of the same translation unit
 * that returns or fills it), and the events on it are applied in source
 * order with the "happens before" rule of dl_body_when: a setter on some
 * paths only leaves its member DYNAMIC, anything the walk cannot account
 * for (an alias, a call ddblint cannot see) escapes the request.
 *
 * Bounds: helpers are followed MAX 4 calls deep, request expressions
 * nested 64 deep, initializer lists 256 entries long (more: escaped).
 *
 * Ownership: requests and their strings live in the arena of cx; the
 * engine's own storage (body indexes, event caches) is freed by
 * dl_engine_free.
 */
#ifndef DL_RECOGNIZE_ENGINE_H
#define DL_RECOGNIZE_ENGINE_H

#include "recognizer.h"

struct dl_engine;

/**
 * dl_engine_new - an engine for one translation unit.
 * @param ctx   what the recognizers see (function is set per function).
 * @param unit  the unit, for the recognizers' applies gates.
 * Returns: the engine (transfer full: dl_engine_free).
 */
struct dl_engine *dl_engine_new(const struct dl_rctx *ctx, const struct dl_unit *unit);
/** dl_engine_free - release the engine; NULL-safe. */
void dl_engine_free(struct dl_engine *e);

/** dl_engine_recognizers - those that apply to the unit, in registry
 * order (transfer none); *n receives their count. */
const struct dl_recognizer *const *dl_engine_recognizers(const struct dl_engine *e, size_t *n);
/** dl_engine_ctx - what the recognizers see (transfer none; function may
 * be set by the caller before calling a hook). */
struct dl_rctx *dl_engine_ctx(struct dl_engine *e);

struct dl_summaries;
/** dl_engine_summaries - the unit's function summaries (recognize/
 * summary.h; transfer none: they live as long as e). */
struct dl_summaries *dl_engine_summaries(struct dl_engine *e);

/** dl_engine_applies - does any recognizer apply to the unit? */
bool dl_engine_applies(const struct dl_engine *e);

/**
 * dl_engine_function - append to out a request for every client call
 * (DL_EV_SEND) in the body of fn, a function definition of the main file
 * or of an own header (dl_cx_set_own_files), in the order of the calls.
 * @param function  fn's qualified name (arena), recorded on the requests.
 */
void dl_engine_function(struct dl_engine *e, CXCursor fn, const char *function,
                        struct dl_request_vec *out);

/**
 * dl_engine_recover - after clang errors in the main file or an own
 * header (dl_cx_set_own_files): widen what
 * clang may have dropped (setters written in a function with an error make
 * their members "set, value unknown") and recover, from tokens, the client
 * calls clang could not type (the recognizers' recover hooks), each such
 * function logged once as a "recovered-function" note.
 * @param funcs/n  the function definitions of the main file and own headers.
 * Returns: the number of functions recovered from tokens.
 */
unsigned dl_engine_recover(struct dl_engine *e, const CXCursor *funcs, size_t n,
                           struct dl_request_vec *reqs);

struct dl_helper;

/**
 * dl_engine_export_helper - is fn (a function of the main file with
 * external linkage, not virtual) a helper other files may call for a whole
 * map of AttributeValues or a whole request object (model/helper.h,
 * DL_HELPER_MAP / DL_HELPER_REQUEST)? Its returns are followed in its body
 * (parameters are holes) and must agree; a map must be fully listed, a
 * request may be partly known (what is not is a hole). A map helper not
 * exported is said at its callers (`helper-not-followed`, --verbose).
 * Implemented in follow_helper.c.
 * Returns: true and *out filled (transfer full: dl_helper_fini), or false.
 */
bool dl_engine_export_helper(struct dl_engine *e, CXCursor fn, struct dl_helper *out);

struct dl_inferred_vec;

/* The members a wrapper's call in a file takes its operation and body from
 * (`dynamodb_request(..., R->op, R->body, ...)`: "op", "body"); "" for
 * none. A function of that file storing its parameters there (`R->op =
 * op; R->body = body;`) queues a request: it is a wrapper too. */
struct dl_infer_members {
        char op[64], body[64];
};

/** dl_engine_infer_members - fill m from the wrapper calls of fn (the
 * first such call wins; m left as it is when fn makes none). */
void dl_engine_infer_members(struct dl_engine *e, CXCursor fn, struct dl_infer_members *m);

/**
 * dl_engine_infer - is fn a wrapper (infer.h)? Appends it to out when its
 * parameters reach its DynamoDB target and the body of its send; logs an
 * `inferred-wrapper-untied` note (DL_LOG_NOTE, at the target) when only
 * the operation is tied. Calls the wrappers of the engine's rules make
 * count (a chain), and with m, stores of its parameters into the members a
 * wrapper's call reads (a queue). Implemented in infer.c.
 * @param function  fn's qualified name (copied into the entry).
 */
void dl_engine_infer(struct dl_engine *e, CXCursor fn, const char *function,
                     const struct dl_infer_members *m, struct dl_inferred_vec *out);

#endif
