/* result_cache.h - what one translation unit gave (findings, tool
 * diagnostics, clang's error count), kept between runs so that an
 * unchanged file is not parsed again (issue #10 item 5).
 * SPDX-License-Identifier: MIT
 *
 * An entry is keyed by the SHA-256 (nettle) of everything its result
 * depends on that is known before the parse: ddblint's version and the
 * bytes of its executable, the stub headers' content, the ruleset's files,
 * the checks selected and the working directory (dl_result_cache_base), the
 * file's path, its compiler arguments and its content (dl_result_cache_key). Every header
 * clang read for it is recorded with the SHA-256 of its content and
 * checked again on lookup: an entry whose header changed, vanished or
 * cannot be read is a miss. An entry is one file, <dir>/results/XX/<key>,
 * written to a temporary file and renamed into place (atomic); its first
 * line names the format and ddblint's version, its last line the SHA-256
 * of what precedes it: an entry that is corrupt, truncated, of another
 * version or format, or for another key is ignored (a miss) and rewritten
 * by the analysis that follows. Each hit touches the entry's mtime; when a
 * run has written entries, the least recently used ones are deleted until
 * the directory holds at most max_bytes.
 *
 * Thread safety: one struct dl_result_cache may be used by many threads
 * (header digests are memoized under a mutex). Several processes may share
 * a directory: renames are atomic, and a reader checks what it reads.
 * Counting: get and put count nothing, because they run in the worker
 * processes (jobs.h) and a worker's counters die with it; the process that
 * owns the run counts each file's enum dl_cache_use, which comes back with
 * the job's result, with dl_result_cache_count, so that --cache-stats and
 * the eviction at dl_result_cache_free see the whole run.
 */
#ifndef DL_CLI_RESULT_CACHE_H
#define DL_CLI_RESULT_CACHE_H

#include "../core/log.h"
#include "../findings/finding.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DL_RESULT_KEY_SIZE 32 /* bytes: a SHA-256 digest */

struct dl_digest_memo;
struct dl_result_cache;
struct dl_ruleset;

/* What the result cache did for one file. */
enum dl_cache_use {
        DL_CACHE_UNUSED,  /* no cache, no lookup (--no-cache, --dump-requests, not parsed) */
        DL_CACHE_HIT,     /* the result came from the cache: the file was not parsed */
        DL_CACHE_WRITTEN, /* a miss: the file was analysed and its result kept */
        DL_CACHE_MISSED,  /* a miss whose result was not kept (a failed parse, a full
                             disk, a string JSON cannot hold) */
};

/**
 * dl_result_cache_new - the cache in dir (created when missing).
 * @param dir        the cache directory (--cache-dir); copied.
 * @param max_bytes  the bound on the entries' total size in bytes.
 * @param version    ddblint's version, part of every key and entry.
 * @param stub_dir   the stub headers (their content is part of every key),
 *                   or NULL.
 * @param digests    where the executable's and the stubs' digests are
 *                   remembered (cache_files.h; borrowed, kept until
 *                   dl_result_cache_free), or NULL.
 * The bytes of the running executable (/proc/self/exe) are part of every
 * key too: a rebuilt ddblint of the same version never reads the results of
 * the build before it.
 * Returns: transfer full; NULL when dir cannot be created or the executable
 * cannot be read (no cache then).
 */
struct dl_result_cache *dl_result_cache_new(const char *dir, uint64_t max_bytes,
                                            const char *version, const char *stub_dir,
                                            struct dl_digest_memo *digests);
/**
 * dl_result_cache_free - evict least recently used entries beyond
 * max_bytes when this run wrote any (as counted by dl_result_cache_count),
 * then release; NULL-safe.
 */
void dl_result_cache_free(struct dl_result_cache *c);

/**
 * dl_result_cache_base - the part of a key common to every file of one
 * ruleset and selection of checks: the cache's version, executable and
 * stubs, the working directory (getcwd at the call), the content of each of
 * rules' source files, run_check (n_checks flags),
 * verbose and pch (whether the stub headers are precompiled: the output is
 * the same, and tests/pch compares the two ways, so neither may answer for
 * the other), and root (the project root, or NULL: which files' clang
 * errors are quoted depends on it, dl_tu_log_diagnostics). out receives
 * DL_RESULT_KEY_SIZE bytes.
 */
void dl_result_cache_base(const struct dl_result_cache *c, const struct dl_ruleset *rules,
                          const bool *run_check, size_t n_checks, bool verbose, bool pch,
                          const char *root, uint8_t *out);

/**
 * dl_result_cache_key - the key of one file: base, path as given, args (compiler arguments), the own headers its translation
 * unit analyses (own[0..n_own), paths as walked: dl_pipeline_unit; their
 * content is checked as every header's is) and text (len bytes, the
 * file's content). out receives DL_RESULT_KEY_SIZE bytes.
 */
void dl_result_cache_key(const uint8_t *base, const char *path, const char *const *args,
                         size_t n_args, const char *const *own, size_t n_own, const char *text,
                         size_t len, uint8_t *out);

/* What one translation unit gave. */
struct dl_result {
        struct dl_finding **findings; /* owned */
        size_t n_findings;
        struct dl_log log; /* tool diagnostics, in order */
        unsigned clang_errors;
        /* the access records of its requests (report/access.h: JSON
         * lines), or NULL for none; owned by a result dl_result_cache_get
         * filled, borrowed by dl_result_cache_put */
        char *access;
        /* what a first-pass unit inferred (struct dl_pipeline.infer: its
         * wrappers and helpers in job_wire.h's encoding, bytes), or NULL;
         * n_inferred bytes; owned by a result dl_result_cache_get filled,
         * borrowed by dl_result_cache_put */
        char *inferred;
        size_t n_inferred;
};

/** dl_result_fini - free the findings, the log, the access records and
 * what was inferred; NULL-safe. */
void dl_result_fini(struct dl_result *r);

/**
 * dl_result_cache_get - the entry of key, when it is whole, of this version
 * and format, and every header it records is unchanged.
 * @param out  filled on a hit (release with dl_result_fini); untouched on
 *             a miss.
 * Returns: true on a hit (touched: now the most recently used entry).
 */
bool dl_result_cache_get(struct dl_result_cache *c, const uint8_t *key, struct dl_result *out);

/**
 * dl_result_cache_put - keep r as key's entry, with the digests of the
 * headers clang read (n_headers paths, as clang named them). A header that
 * cannot be read leaves nothing written. Errors (a full disk) are silent:
 * the cache only saves time.
 * Returns: true when the entry was written.
 */
bool dl_result_cache_put(struct dl_result_cache *c, const uint8_t *key, const struct dl_result *r,
                         const char *const *headers, size_t n_headers);

/**
 * dl_result_cache_count - count what the cache did for one translation unit
 * of this run, which answers for n_files files: its source and the headers
 * analysed in it (cli/owners.h). A hit adds n_files to dl_result_cache_hits
 * (an owned header comes from its owner's entry); a write counts one entry,
 * for the eviction. c may be NULL.
 */
void dl_result_cache_count(struct dl_result_cache *c, enum dl_cache_use use, size_t n_files);

/** dl_result_cache_program - the running executable's digest (SHA-256,
 * hex; borrowed), part of every key; NULL for NULL. */
const char *dl_result_cache_program(const struct dl_result_cache *c);

/** dl_result_cache_hits - the files answered from the cache so far, each
 * unit's owned headers included (for --cache-stats); 0 for NULL. */
size_t dl_result_cache_hits(const struct dl_result_cache *c);

#endif
