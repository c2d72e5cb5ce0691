/* prefilter_memo.h - the prefilter's verdicts kept in the cache directory,
 * so that a re-run with nothing changed does not read again the files that
 * cannot hold a request, nor their headers (issue #10).
 * SPDX-License-Identifier: MIT
 *
 * A translation unit the prefilter (recognize/prefilter.h) found unable to
 * hold a request is remembered with everything that verdict depends on:
 *   - in its key: the trigger words (every recognizer's and the rules'
 *     declared wrappers), the unit's path as given and its compiler
 *     arguments (-D, -I, -include... everything the prefilter looks at);
 *   - in the memo file's key: ddblint's executable (its digest, as the
 *     result cache has it), the working directory and the stub directory;
 *   - checked on use: the unit's stamp (dl_file_stamp: size, inode,
 *     modification and status-change times) and every answer its include
 *     search got (scan.h: struct dl_scan_probe): each path probed that was
 *     not a file must still not be one (a header created in an earlier
 *     include directory changes how an include resolves), each file found
 *     must have the same stamp (the project headers read, and any system
 *     header found by name). A stamp is kept only for a file that had not
 *     changed for DL_STAMP_SETTLE_S seconds when the run began.
 * Anything different and the unit is scanned again as if never seen; its
 * new verdict replaces the old. A unit that may hold a request, or whose
 * includes could not all be resolved, is parsed and not remembered.
 *
 * Storage: one sealed file (cache_files.h) per memo key,
 * <cache dir>/prefilter-1/<key>.memo: read once per run, written (whole,
 * atomically) at the end of a run that changed it; the stamps of files
 * many units share are stored once. Remembered units this run did not see
 * are kept (a run over part of a tree forgets nothing). The directory
 * keeps the 16 most recently used memo files. Each file's stamp is taken
 * once per run however many units share it.
 *
 * Thread safety: none; the driver alone settles units (jobs.c).
 */
#ifndef DL_CLI_PREFILTER_MEMO_H
#define DL_CLI_PREFILTER_MEMO_H

#include <stdbool.h>
#include <stddef.h>

struct dl_prefilter;
struct dl_prefilter_deps;
struct stat;

struct dl_prefilter_memo;

/**
 * dl_prefilter_memo_new - the memo under cache_dir for ddblint's executable
 * of digest program (hex), the current working directory and stub_dir (may
 * be NULL); its file is read now when it is whole. The run's start is now:
 * stamps must be older than it by DL_STAMP_SETTLE_S to be kept.
 * Returns: transfer full (release with dl_prefilter_memo_free); NULL when
 * cache_dir or program is NULL.
 */
struct dl_prefilter_memo *dl_prefilter_memo_new(const char *cache_dir, const char *program,
                                                const char *stub_dir);

/**
 * dl_prefilter_memo_seen - tell the memo what stat() said of path during
 * this run (after dl_prefilter_memo_new), so that its questions about path
 * (a unit's or a header's stamp) take that answer instead of asking again:
 * a directory walk stats every file it lists. Stamps keep their meaning:
 * the file as it was at some moment of this run, before it is read.
 * NULL-safe; a path already known keeps its first answer.
 */
void dl_prefilter_memo_seen(struct dl_prefilter_memo *m, const char *path, const struct stat *st);

/**
 * dl_prefilter_memo_skip - whether the unit path, with args (as given to
 * libclang), was found unable to hold a request under pf's trigger words
 * and nothing it depends on changed since. A remembered verdict that no
 * longer holds is forgotten. n_files: how many files the unit stands for
 * (itself and its own headers), counted on a hit (dl_prefilter_memo_hits).
 * NULL-safe (false).
 */
bool dl_prefilter_memo_skip(struct dl_prefilter_memo *m, const struct dl_prefilter *pf,
                            const char *path, const char *const *args, size_t n_args,
                            size_t n_files);

/**
 * dl_prefilter_memo_put - remember that path (with args, under pf) cannot
 * hold a request, resting on deps (dl_prefilter_may_hold_deps). Nothing is
 * kept when a stamp cannot be taken or is too recent. NULL-safe.
 */
void dl_prefilter_memo_put(struct dl_prefilter_memo *m, const struct dl_prefilter *pf,
                           const char *path, const char *const *args, size_t n_args,
                           const struct dl_prefilter_deps *deps);

/** dl_prefilter_memo_file - the path of m's memo file (borrowed, m's), read
 * by dl_prefilter_memo_new and written by dl_prefilter_memo_save (for the
 * tests and the fuzz target fuzz_cache); NULL for NULL. */
const char *dl_prefilter_memo_file(const struct dl_prefilter_memo *m);

/** dl_prefilter_memo_hits - the files counted by dl_prefilter_memo_skip's hits; 0 for NULL. */
size_t dl_prefilter_memo_hits(const struct dl_prefilter_memo *m);

/** dl_prefilter_memo_save - write the memo file when it changed; silent on
 * failure (the next run scans again). NULL-safe. */
void dl_prefilter_memo_save(struct dl_prefilter_memo *m);

/** dl_prefilter_memo_free - release, without saving; NULL-safe. */
void dl_prefilter_memo_free(struct dl_prefilter_memo *m);

#endif
