/* sink.h - the findings sink: the single place that decides which findings
 * are shown (design.md section 9).
 * SPDX-License-Identifier: MIT
 *
 * Life cycle, as the driver uses it:
 *
 *     struct dl_sink *s = dl_sink_new(&opts);
 *     dl_sink_load_baseline(s, &err);        fail before analysing
 *     ... for each translation unit, in file order, once it is analysed:
 *         first = dl_sink_take_unit(s, path, rules, findings, n, &n_new);
 *         findings first .. first + n_new of dl_sink_findings() are decided
 *         and may be shown at once (streamed)
 *     dl_sink_finish(s, &log, &err);          once, after every unit
 *     dl_sink_write_baseline(s, path, &err);  for --write-baseline
 *     dl_sink_free(s);                        after the reporters' end()
 *
 * (Or: checks report through dl_check_ctx{.emit = dl_sink_emit, .emit_data
 * = s} from any thread, and dl_sink_finish() takes all of them as one unit.)
 *
 * What happens to each finding of a unit, in order: a check that does not
 * run under the unit's rules drops it (counted "disabled"); a severity set
 * in the rules replaces the check's default; the unit's findings are
 * sorted (dl_finding_cmp) and exact duplicates of any finding kept before
 * (same check, file, line, column and message: a header seen by several
 * units) are dropped ("duplicates"); each finding gets its fingerprint and
 * primaryLocationLineHash, and is then marked suppressed inline (a
 * directive in its file, see suppress.h) or baselined (its fingerprint is
 * in the baseline). Deduplication runs before suppression because a
 * fingerprint's occurrence counter must count each real finding once: an
 * inline suppression or a baseline entry never shifts another finding's
 * fingerprint. Occurrence counters run across units in output order.
 * Suppressed and baselined findings are kept, flagged in
 * finding->suppressed; reporters hide them (text) or include them only on
 * request (SARIF). Malformed and unused directives are told by
 * dl_sink_finish(), file by file in path order.
 *
 * Ownership: the sink owns every finding given to it; the pointers returned
 * by dl_sink_findings() are borrowed and live until dl_sink_free().
 * dl_sink_opts' pointers are borrowed for the sink's life, except strings,
 * which are copied.
 *
 * Threads: dl_sink_emit() and dl_sink_add_source() may be called from
 * several analysis threads at once (a mutex guards them); everything else
 * runs on one thread.
 */
#ifndef DL_FINDINGS_SINK_H
#define DL_FINDINGS_SINK_H

#include "../core/error.h"
#include "../core/severity.h"

#include <stdbool.h>
#include <stddef.h>

struct dl_finding;
struct dl_log;
struct dl_ruleset;

struct dl_sink_opts {
        /* Per-check enabled/severity overrides (rules/schema.h); NULL means
         * every check on at its default severity. Borrowed. */
        const struct dl_ruleset *rules;
        /* Every check id of the catalogue, so suppressions naming an unknown
         * id are diagnosed; NULL skips that diagnostic. The sink does not
         * link the catalogue (dl_checks depends on dl_findings). Borrowed. */
        const char *const *known_ids;
        size_t n_known_ids;
        /* Project root, for the repository-relative path in fingerprints;
         * NULL means the current directory. Copied. */
        const char *project_root;
        /* --baseline FILE, or NULL. Copied. */
        const char *baseline_path;
        /* Whether check id runs for files under rules (the rules' enabled
         * setting and the command line's --checks); NULL: the rules'
         * `enabled` alone. Findings of a check that does not run are
         * dropped, and directives naming it are never "unused". */
        bool (*check_on)(void *data, const struct dl_ruleset *rules, const char *id);
        void *check_on_data;
        /* Whether a decided finding is within what the run reports
         * (--diff-base: its primary location is on a changed line); NULL:
         * every finding. Asked after the fingerprint, inline suppression
         * and baseline are decided, so occurrence counters, used
         * directives and matched baseline entries are those of a whole
         * run; a finding outside is dropped (counted "outside_scope"). */
        bool (*in_scope)(void *data, const struct dl_finding *f);
        void *in_scope_data;
};

/* Counts by outcome. A finding is counted under exactly one of shown,
 * suppressed_inline, baselined, disabled, duplicates, outside_scope. */
struct dl_sink_stats {
        size_t shown;             /* not suppressed: the findings that count */
        size_t suppressed_inline;
        size_t baselined;
        size_t disabled;          /* check disabled in the rules file */
        size_t duplicates;
        size_t outside_scope;     /* dropped by opts.in_scope (--diff-base) */
        size_t by_severity[3];    /* shown findings per enum dl_severity */
        size_t unused_suppressions; /* suppression ids that matched nothing */
        size_t baseline_entries;  /* fingerprints in the baseline file */
        size_t baseline_unmatched;/* of those, matching no finding this run */
};

/**
 * dl_sink_new - an empty sink.
 * @param o  options (see struct dl_sink_opts); may be NULL for defaults.
 * Returns: (transfer full), release with dl_sink_free().
 */
struct dl_sink *dl_sink_new(const struct dl_sink_opts *o);

/**
 * dl_sink_load_baseline - read opts.baseline_path now (dl_sink_finish()
 * does it otherwise), so a bad baseline stops the run before analysis.
 * Returns: DL_OK (also when there is no baseline), DL_ERR_IO or
 * DL_ERR_PARSE with file:line:col (see dl_baseline_load).
 */
enum dl_status dl_sink_load_baseline(struct dl_sink *s, struct dl_error *err);

/**
 * dl_sink_take_unit - decide the findings of one translation unit (see the
 * top of this file), in the order the units should be shown.
 * @param path   the unit's main file (its directives are then judged by
 *               rules at the end), or NULL.
 * @param rules  the rules that apply to the unit; NULL: opts.rules.
 * @param take   n findings (transfer full); the array itself is borrowed
 *               (it is reordered).
 * @param n_new  receives how many were kept.
 * Returns: the index in dl_sink_findings() of the first kept one; they are
 * decided (fingerprint, line hash, suppressed) when this returns. Call
 * dl_sink_load_baseline() first: an unloaded baseline matches nothing.
 */
size_t dl_sink_take_unit(struct dl_sink *s, const char *path, const struct dl_ruleset *rules,
                         struct dl_finding **take, size_t n, size_t *n_new);

/**
 * dl_sink_emit - hand one finding to the sink (a dl_finding_emit_fn, see
 * checks/check.h; sink is a struct dl_sink *), to be decided by
 * dl_sink_finish() with every other emitted finding as one unit. The
 * finding may still be completed (related locations, end column) by the
 * reporting check until its run() returns.
 * Ownership: take is (transfer full).
 */
void dl_sink_emit(void *sink, struct dl_finding *take);

/**
 * dl_sink_add_source - record an analysed source file, so unused and
 * malformed suppressions are reported in files without findings too.
 * Optional; files with findings are always examined. path is copied.
 */
void dl_sink_add_source(struct dl_sink *s, const char *path);

/**
 * dl_sink_set_text - path's text as an editor holds it, unsaved (the
 * language server): read in place of the file for its directives and line
 * hashes. Call before the findings in path are decided. text (len bytes,
 * need not be NUL-terminated) is copied.
 */
void dl_sink_set_text(struct dl_sink *s, const char *path, const char *text, size_t len);

/**
 * dl_sink_finish - decide the emitted findings (one unit), then tell the
 * suppression problems of every file seen (files with findings, units'
 * files and files added with dl_sink_add_source), in path order:
 * malformed directive, unknown id and unused suppression go to log as
 * warnings with file:line:col; a file with findings that cannot be read
 * gives a note (its findings stay unsuppressed without a line hash).
 * @param log  may be NULL.
 * Returns: DL_OK, or the error of loading the baseline. Call once.
 */
enum dl_status dl_sink_finish(struct dl_sink *s, struct dl_log *log, struct dl_error *err);

/**
 * dl_sink_findings - every kept finding in output order (units in the order
 * taken, each sorted by dl_finding_cmp): shown ones and suppressed ones
 * (finding->suppressed says which), each with fingerprint and (when its
 * file was readable) line_hash set. Emitted findings are there after
 * dl_sink_finish().
 * Returns: (transfer none) valid until dl_sink_free(); *n receives the count.
 */
const struct dl_finding *const *dl_sink_findings(const struct dl_sink *s, size_t *n);

/** dl_sink_get_stats - the counts so far (transfer none); complete after finish. */
const struct dl_sink_stats *dl_sink_get_stats(const struct dl_sink *s);

/**
 * dl_sink_worst - the highest severity among shown findings.
 * Returns: true and sets *out when there is at least one shown finding
 * (for --fail-on), false otherwise.
 */
bool dl_sink_worst(const struct dl_sink *s, enum dl_severity *out);

/**
 * dl_sink_write_baseline - write --write-baseline FILE: the fingerprints of
 * every finding that is shown or already baselined (inline-suppressed ones
 * are accepted in the source and left out), atomically.
 * Returns: DL_OK or DL_ERR_IO. Call after dl_sink_finish().
 */
enum dl_status dl_sink_write_baseline(const struct dl_sink *s, const char *path,
                                      struct dl_error *err);

/** dl_sink_free - release the sink and every finding; NULL-safe. */
void dl_sink_free(struct dl_sink *s);

#endif
