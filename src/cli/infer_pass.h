/* infer_pass.h - the first pass of inferred wrappers over a run's files
 * (recognize/infer.h; docs/architecture.md, "Inferred wrappers"): before
 * any file is analysed, a text scan picks the files that spell a DynamoDB
 * target, only those are parsed for their wrappers, and every ruleset of
 * the run gets the list after its declared wrappers, so that the wrappers
 * recognizer, the result cache's key and the prefilter's trigger words all
 * see it.
 * SPDX-License-Identifier: MIT
 *
 * The pass reads every file of the run (not only the shard's), so each
 * shard infers the same list; the list is sorted by name, so neither -j nor
 * the order of files changes it.
 */
#ifndef DL_CLI_INFER_PASS_H
#define DL_CLI_INFER_PASS_H

#include "../recognize/infer.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_htab;
struct dl_log;
struct dl_ruleset;
struct stat;
struct dl_wrapper;
struct dl_job_limits;
struct dl_result_cache;

struct dl_infer_pass {
        struct dl_inferred_vec found;    /* sorted by name */
        struct dl_wrapper *wrappers;     /* one per found (owned) */
        size_t n_candidates;             /* files parsed */
        size_t n_cached;                 /* files answered by the result cache */
        struct dl_result_cache *results; /* borrowed, or NULL (dl_infer_pass_memo) */
        /* rulesets with the inferred wrappers appended (owned copies) */
        struct dl_ruleset **rules;
        const struct dl_ruleset **of; /* the ruleset each copy was made of */
        size_t n_rules;
        /* the memo (dl_infer_pass_memo): file, stats, the lines read */
        char *memo_path, *memo_dir, *memo_root;
        const struct stat *stats;
        struct dl_htab *memo;
        size_t n_memo; /* lines read */
};

/* The files of a first pass and how to parse them (all borrowed). */
struct dl_infer_inputs {
        const char *const *paths;       /* n files */
        const char *const *const *args; /* args[i]: paths[i]'s compiler arguments, */
        const size_t *n_args;           /* n_args[i] of them */
        size_t n;
        const char *stub_dir;               /* the stub headers, or NULL */
        unsigned workers;                   /* worker processes at most (jobs.h) */
        const struct dl_job_limits *limits; /* each parse's bounds, or NULL */
};

/**
 * dl_infer_pass_run - the first pass over in's files (ip zeroed by the
 * caller, then perhaps given a memo). The files that spell a target are
 * parsed each in a worker process of its own, as the analysis is (jobs.h:
 * at most in->workers at once, bounded by in->limits): one that crashes
 * libclang, outlasts the time bound or outgrows the memory bound loses
 * only its own wrappers. Files that cannot be read or parsed are left out
 * silently (the analysis proper reports them). Must be called while the
 * process has no other thread (it forks). With verbose, each
 * inferred wrapper is named once in log (`inferred-wrapper`), and a name
 * inferred twice with different arguments too (`inferred-wrapper-ambiguous`).
 */
void dl_infer_pass_run(struct dl_infer_pass *ip, const struct dl_infer_inputs *in, bool verbose,
                       struct dl_log *log);

/**
 * dl_infer_pass_memo - before dl_infer_pass_run: remember between runs
 * which files spell no DynamoDB target, by their stamps (core/file.h:
 * stats[i] is the walk's stat of paths[i]; only a stamp settled for
 * DL_STAMP_SETTLE_S stands for the text), in one sealed file under
 * cache_dir (infer-1/<digest of the executable and the working
 * directory>.memo, the 16 most recently written kept; cache_dir already
 * trusted by the driver, infer-1 private: core/safefile.h), so that a
 * re-run of the same build reads none of them again (another build's scan
 * may pick other files). The file is written by dl_infer_pass_run when it
 * changed. NULL cache_dir or NULL results: no memo.
 * results (borrowed, outlives ip; NULL: none): what each parsed file
 * inferred (its wrappers and helpers, encoded as job_wire.h sends them) is
 * kept as an entry of that result cache, keyed as the result cache keys a
 * file (its path, compiler arguments and content, ddblint's executable
 * and stubs, the working directory: result_cache.h) with the wrappers
 * known to its round, and recorded with every header its translation unit
 * read; a re-run takes it from there while all of them are unchanged
 * (headers checked by stamp, else digest, as every entry's are) and parses
 * only the others. A malformed entry is a miss.
 */
void dl_infer_pass_memo(struct dl_infer_pass *ip, const char *cache_dir, const struct stat *stats,
                        struct dl_result_cache *results);

/**
 * dl_infer_pass_rules - rs with the inferred wrappers after its own (made
 * once per ruleset and kept by ip), or rs itself when nothing was inferred.
 * Returns: transfer none (lives as long as ip and rs).
 */
const struct dl_ruleset *dl_infer_pass_rules(struct dl_infer_pass *ip, const struct dl_ruleset *rs);

/** dl_infer_pass_fini - release everything; NULL-safe. */
void dl_infer_pass_fini(struct dl_infer_pass *ip);

#endif
