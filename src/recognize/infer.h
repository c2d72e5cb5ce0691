/* infer.h - inferred wrappers: a function of the project whose parameters
 * reach the operation of a DynamoDB request (its X-Amz-Target) and the body
 * of its send is a wrapper without a `wrappers:` entry; its callers' calls
 * become the requests (docs/architecture.md, "Inferred wrappers").
 * SPDX-License-Identifier: MIT
 *
 * Inference runs in a first pass over the run's files, before any is
 * analysed: dl_infer_candidate (a text scan) picks the files that spell a
 * DynamoDB target, dl_analyze_infer (analyze.h) parses only those and
 * calls dl_infer_unit on their functions. The driver turns the list into
 * struct dl_wrapper entries beside the declared ones (the wrappers
 * recognizer serves both), part of every file's result-cache key and of
 * the prefilter's trigger words.
 *
 * What ties a parameter (no data flow beyond the function's own body):
 *   - the operation: the parameter is the `%s` a printf-family format
 *     puts right after `DynamoDB_20120810.`, `DynamoDB_20111205.` or
 *     `X-Amz-Target:` (a `#define`d format too), or the right operand of a
 *     `+` whose left one ends so;
 *   - the body: the parameter is the body a recognizer's call takes
 *     (DL_EV_JSON_BODY: libcurl's CURLOPT_POSTFIELDS; a C client's send of
 *     a JSON body), or is stored into a member whose name holds `body` or
 *     `payload` (`req.body = body`: a project's own HTTP request);
 *   - both, through a call of a wrapper found before (declared or
 *     inferred in an earlier round over the same file: `put_item(c, b)`
 *     calling `post(c, "DynamoDB_20120810.PutItem", b)`).
 * A function whose target takes its operation from a parameter while no
 * parameter is its body is a tool note (`inferred-wrapper-untied`).
 */
#ifndef DL_RECOGNIZE_INFER_H
#define DL_RECOGNIZE_INFER_H

#include "../core/loc.h"
#include "../core/strbuf.h"
#include "../core/vec.h"
#include "../model/helper.h"
#include "../model/request.h"

#include <stdbool.h>
#include <stddef.h>

/* One inferred wrapper: what a `wrappers:` entry would declare. */
struct dl_inferred {
        const char *name;            /* qualified name (heap: dl_inferred_vec_fini) */
        unsigned operation_argument; /* 1-based; 0: op is fixed */
        enum dl_op op;               /* when operation_argument is 0 */
        unsigned body_argument;      /* 1-based */
        struct dl_loc loc;           /* the function's definition (file on the heap) */
};

/* What the first pass found: the inferred wrappers, and the key-building
 * helpers (model/helper.h) of the files it parsed. */
struct dl_inferred_vec {
        DL_VEC(struct dl_inferred) v;
        struct dl_helper_vec helpers;
};

/**
 * dl_infer_candidate - may text (len bytes, a source file) define a send
 * with a DynamoDB target? True when it spells `DynamoDB_20120810`,
 * `DynamoDB_20111205` or (any case) `X-Amz-Target`. A cheap scan: false
 * means no function of the file is inferred (its headers are not read).
 */
bool dl_infer_candidate(const char *text, size_t len);

/** dl_inferred_vec_fini - free the names, files and helpers; NULL-safe. */
void dl_inferred_vec_fini(struct dl_inferred_vec *v);

/**
 * dl_inferred_sort - sort by name, then drop duplicates; a name inferred
 * twice with different arguments (two static functions of one name) is
 * dropped whole: a wrapper is matched by name. Output does not depend on
 * the order in which files were inferred.
 * Returns: the number of names dropped for disagreeing.
 */
size_t dl_inferred_sort(struct dl_inferred_vec *v);

/**
 * dl_inferred_describe - append to sb one line of text naming w and its
 * arguments ("post: operation argument 2, JSON body argument 3"), the form
 * the result cache's key and --verbose use.
 */
void dl_inferred_describe(struct dl_strbuf *sb, const struct dl_inferred *w);

struct dl_wrapper;

/**
 * dl_inferred_wrappers - one struct dl_wrapper per inferred wrapper (match
 * `^name$`, the operation or its argument, the body as a `json-body`
 * argument, inferred set), as the rules file's are.
 * Returns: an array of n (transfer full: dl_inferred_wrappers_free); NULL
 * when n is 0.
 */
struct dl_wrapper *dl_inferred_wrappers(const struct dl_inferred *v, size_t n);
/** dl_inferred_wrappers_free - release what dl_inferred_wrappers made. */
void dl_inferred_wrappers_free(struct dl_wrapper *w, size_t n);

#endif
