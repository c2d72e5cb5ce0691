/* sink.c - the findings sink (design.md section 9).
 * SPDX-License-Identifier: MIT
 *
 * Findings pile up in `in` during analysis (under a mutex). dl_sink_finish()
 * sorts them, drops duplicates into `kept`, then walks the files involved in
 * path order: for each, the text is read once and serves both the
 * suppression parser and the line hashes. Fingerprint occurrence counters
 * are assigned by sorting (tuple, output position) pairs.
 */
#include "sink.h"

#include "../core/alloc.h"
#include "../core/log.h"
#include "../core/vec.h"
#include "../rules/schema.h"
#include "baseline.h"
#include "fileio.h"
#include "finding.h"
#include "fingerprint.h"
#include "suppress.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct dl_sink {
        const struct dl_ruleset *rules;
        const char *const *known_ids;
        size_t n_known_ids;
        char *root;
        char *baseline_path;
        struct dl_baseline *baseline;
        bool baseline_loaded;

        pthread_mutex_t mu;
        DL_VEC(struct dl_finding *) in;
        DL_VEC(char *) sources;

        DL_VEC(struct dl_finding *) kept;
        struct dl_sink_stats stats;
        bool finished;
};

struct dl_sink *dl_sink_new(const struct dl_sink_opts *o)
{
        struct dl_sink *s = dl_xcalloc(1, sizeof *s);
        if (o) {
                s->rules = o->rules;
                s->known_ids = o->known_ids;
                s->n_known_ids = o->n_known_ids;
                s->root = dl_xstrdup(o->project_root);
                s->baseline_path = dl_xstrdup(o->baseline_path);
        }
        pthread_mutex_init(&s->mu, NULL);
        return s;
}

enum dl_status dl_sink_load_baseline(struct dl_sink *s, struct dl_error *err)
{
        if (s->baseline_loaded || !s->baseline_path)
                return DL_OK;
        enum dl_status st = dl_baseline_load(s->baseline_path, &s->baseline, err);
        if (st == DL_OK) {
                s->baseline_loaded = true;
                s->stats.baseline_entries = dl_baseline_size(s->baseline);
        }
        return st;
}

static const struct dl_check_config *config_of(const struct dl_sink *s, const char *id)
{
        return s->rules ? dl_schema_check_config(s->rules, id) : NULL;
}

static bool check_disabled(const struct dl_sink *s, const char *id)
{
        const struct dl_check_config *c = config_of(s, id);
        return c && c->has_enabled && !c->enabled;
}

void dl_sink_emit(void *sink, struct dl_finding *take)
{
        struct dl_sink *s = sink;
        if (!take)
                return;
        pthread_mutex_lock(&s->mu);
        if (check_disabled(s, take->check_id)) {
                s->stats.disabled++;
                dl_finding_free(take);
        } else {
                const struct dl_check_config *c = config_of(s, take->check_id);
                if (c && c->has_severity)
                        take->severity = c->severity;
                DL_VEC_PUSH(&s->in, take);
        }
        pthread_mutex_unlock(&s->mu);
}

void dl_sink_add_source(struct dl_sink *s, const char *path)
{
        if (!path)
                return;
        pthread_mutex_lock(&s->mu);
        DL_VEC_PUSH(&s->sources, dl_xstrdup(path));
        pthread_mutex_unlock(&s->mu);
}

static int cmp_finding_ptr(const void *a, const void *b)
{
        const struct dl_finding *fa = *(const struct dl_finding *const *)a;
        const struct dl_finding *fb = *(const struct dl_finding *const *)b;
        return dl_finding_cmp(fa, fb);
}

static bool same_finding(const struct dl_finding *a, const struct dl_finding *b)
{
        /* dl_finding_cmp compares exactly file, line, col, check id, message. */
        return dl_finding_cmp(a, b) == 0;
}

static int cmp_cstr(const void *a, const void *b)
{
        return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The repository-relative path of file, or the absolute path for a file
 * outside the root (still stable on one machine). (transfer full) */
static char *rel_path(const struct dl_sink *s, const char *file)
{
        char *r = dl_path_relative(s->root, file);
        return r ? r : dl_path_absolute(file);
}

/* ---- fingerprints ---- */

struct occ {
        const char *check, *path, *function, *signature;
        size_t pos;
};

static int strcmp0(const char *a, const char *b)
{
        if (!a || !b)
                return (a != NULL) - (b != NULL);
        return strcmp(a, b);
}

static int cmp_tuple(const struct occ *a, const struct occ *b)
{
        int c = strcmp0(a->check, b->check);
        if (!c)
                c = strcmp0(a->path, b->path);
        if (!c)
                c = strcmp0(a->function, b->function);
        if (!c)
                c = strcmp0(a->signature, b->signature);
        return c;
}

static int cmp_occ(const void *pa, const void *pb)
{
        const struct occ *a = pa, *b = pb;
        int c = cmp_tuple(a, b);
        return c ? c : a->pos < b->pos ? -1 : a->pos > b->pos;
}

static void assign_fingerprints(struct dl_sink *s, char **rels)
{
        size_t n = s->kept.n;
        struct occ *o = dl_xcalloc(n + 1, sizeof *o);
        for (size_t i = 0; i < n; i++) {
                const struct dl_finding *f = s->kept.items[i];
                o[i] = (struct occ){f->check_id, rels[i], f->function, f->signature, i};
        }
        qsort(o, n, sizeof *o, cmp_occ);
        unsigned counter = 0;
        for (size_t i = 0; i < n; i++) {
                if (i > 0 && cmp_tuple(&o[i - 1], &o[i]) == 0)
                        counter++;
                else
                        counter = 0;
                struct dl_finding *f = s->kept.items[o[i].pos];
                free(f->fingerprint);
                f->fingerprint = dl_fingerprint_compute(f->check_id, o[i].path, f->function,
                                                        f->signature, counter);
        }
        free(o);
}

/* ---- per-file work: suppressions and line hashes ---- */

static bool contains(const char *text, size_t len, const char *needle)
{
        size_t m = strlen(needle);
        for (const char *p = text; (size_t)(p - text) + m <= len; p++) {
                p = memchr(p, needle[0], len - (size_t)(p - text));
                if (!p || (size_t)(p - text) + m > len)
                        return false;
                if (memcmp(p, needle, m) == 0)
                        return true;
        }
        return false;
}

static bool skip_unused(void *data, const char *id)
{
        /* A disabled check's findings never reach suppression, so its
         * directives would all look unused. */
        return strcmp(id, "*") != 0 && check_disabled(data, id);
}

static void process_file(struct dl_sink *s, const char *file, size_t first, size_t end,
                         struct dl_log *log)
{
        char *text = NULL;
        size_t len = 0;
        struct dl_error rerr;
        dl_error_init(&rerr);
        if (dl_file_read(file, &text, &len, &rerr) != DL_OK) {
                if (log && end > first) {
                        struct dl_loc loc = {file, 0, 0};
                        dl_log_add(log, DL_LOG_NOTE, "source-unreadable", &loc,
                                   "cannot read the source again to apply suppressions: %s",
                                   rerr.message);
                }
                dl_error_fini(&rerr);
                return;
        }
        dl_error_fini(&rerr);

        struct dl_suppressions *sup = NULL;
        /* Most files have no directive: skip the lexer unless the marker occurs. */
        if (contains(text, len, "ddblint:"))
                sup = dl_suppressions_parse(file, text, len, s->known_ids, s->n_known_ids, log);
        struct dl_line_hashes hashes = {NULL, 0};
        if (end > first)
                dl_line_hashes_compute(&hashes, text, len);

        for (size_t i = first; i < end; i++) {
                struct dl_finding *f = s->kept.items[i];
                const char *h = dl_line_hashes_get(&hashes, f->loc.line ? f->loc.line : 1);
                free(f->line_hash);
                f->line_hash = dl_xstrdup(h);
                const struct dl_directive *d =
                        f->loc.line ? dl_suppressions_match(sup, f->check_id, f->loc.line) : NULL;
                if (d) {
                        f->suppressed = DL_SUPPRESS_INLINE;
                        free(f->suppression_reason);
                        f->suppression_reason = dl_xstrdup(d->reason);
                }
        }
        s->stats.unused_suppressions += dl_suppressions_report_unused(sup, log, skip_unused, s);
        dl_suppressions_free(sup);
        dl_line_hashes_fini(&hashes);
        free(text);
}

enum dl_status dl_sink_finish(struct dl_sink *s, struct dl_log *log, struct dl_error *err)
{
        if (s->finished)
                return DL_OK;
        enum dl_status st = dl_sink_load_baseline(s, err);
        if (st != DL_OK)
                return st;
        s->finished = true;

        /* Sort, then drop exact duplicates. */
        if (s->in.n)
                qsort(s->in.items, s->in.n, sizeof *s->in.items, cmp_finding_ptr);
        for (size_t i = 0; i < s->in.n; i++) {
                struct dl_finding *f = s->in.items[i];
                if (s->kept.n > 0 && same_finding(s->kept.items[s->kept.n - 1], f)) {
                        s->stats.duplicates++;
                        dl_finding_free(f);
                        continue;
                }
                DL_VEC_PUSH(&s->kept, f);
        }
        DL_VEC_FREE(&s->in);

        size_t n = s->kept.n;
        char **rels = dl_xcalloc(n + 1, sizeof *rels);
        for (size_t i = 0; i < n; i++) {
                const char *file = s->kept.items[i]->loc.file;
                if (i > 0 && strcmp0(file, s->kept.items[i - 1]->loc.file) == 0)
                        rels[i] = dl_xstrdup(rels[i - 1]);
                else
                        rels[i] = file ? rel_path(s, file) : dl_xstrdup("");
        }
        assign_fingerprints(s, rels);
        for (size_t i = 0; i < n; i++)
                free(rels[i]);
        free(rels);

        /* Walk the files with findings and the registered sources together,
         * both in path order (kept is sorted by file first). */
        if (s->sources.n) /* qsort's base must not be NULL, even for 0 items */
                qsort(s->sources.items, s->sources.n, sizeof *s->sources.items, cmp_cstr);
        size_t i = 0, k = 0;
        while (i < n || k < s->sources.n) {
                const char *ff = i < n ? s->kept.items[i]->loc.file : NULL;
                if (i < n && !ff) { /* findings without a file: nothing to read */
                        i++;
                        continue;
                }
                const char *sf = k < s->sources.n ? s->sources.items[k] : NULL;
                const char *file = !ff ? sf : !sf ? ff : strcmp(ff, sf) <= 0 ? ff : sf;
                size_t first = i;
                while (i < n && s->kept.items[i]->loc.file &&
                       strcmp(s->kept.items[i]->loc.file, file) == 0)
                        i++;
                while (k < s->sources.n && strcmp(s->sources.items[k], file) == 0)
                        k++;
                process_file(s, file, first, i, log);
        }

        /* Baseline, then the counts. */
        size_t matched = 0;
        for (i = 0; i < n; i++) {
                struct dl_finding *f = s->kept.items[i];
                if (f->suppressed == DL_SUPPRESS_NONE &&
                    dl_baseline_contains(s->baseline, f->fingerprint)) {
                        f->suppressed = DL_SUPPRESS_BASELINE;
                        matched++;
                }
                switch (f->suppressed) {
                case DL_SUPPRESS_NONE:
                        s->stats.shown++;
                        s->stats.by_severity[f->severity]++;
                        break;
                case DL_SUPPRESS_INLINE:
                        s->stats.suppressed_inline++;
                        break;
                case DL_SUPPRESS_BASELINE:
                        s->stats.baselined++;
                        break;
                }
        }
        s->stats.baseline_unmatched = s->stats.baseline_entries > matched
                                              ? s->stats.baseline_entries - matched
                                              : 0;
        return DL_OK;
}

const struct dl_finding *const *dl_sink_findings(const struct dl_sink *s, size_t *n)
{
        *n = s->finished ? s->kept.n : 0;
        return (const struct dl_finding *const *)s->kept.items;
}

const struct dl_sink_stats *dl_sink_get_stats(const struct dl_sink *s)
{
        return &s->stats;
}

bool dl_sink_worst(const struct dl_sink *s, enum dl_severity *out)
{
        for (int sev = DL_SEV_ERROR; sev >= DL_SEV_NOTE; sev--) {
                if (s->stats.by_severity[sev]) {
                        *out = (enum dl_severity)sev;
                        return true;
                }
        }
        return false;
}

enum dl_status dl_sink_write_baseline(const struct dl_sink *s, const char *path,
                                      struct dl_error *err)
{
        size_t n = s->kept.n, m = 0;
        const struct dl_finding **fs = dl_xcalloc(n + 1, sizeof *fs);
        char **rels = dl_xcalloc(n + 1, sizeof *rels);
        for (size_t i = 0; i < n; i++) {
                const struct dl_finding *f = s->kept.items[i];
                if (f->suppressed == DL_SUPPRESS_INLINE)
                        continue;
                fs[m] = f;
                rels[m] = f->loc.file ? rel_path(s, f->loc.file) : NULL;
                m++;
        }
        enum dl_status st = dl_baseline_save(path, fs, (const char *const *)rels, m, err);
        for (size_t i = 0; i < m; i++)
                free(rels[i]);
        free(rels);
        free(fs);
        return st;
}

void dl_sink_free(struct dl_sink *s)
{
        if (!s)
                return;
        for (size_t i = 0; i < s->in.n; i++)
                dl_finding_free(s->in.items[i]);
        DL_VEC_FREE(&s->in);
        for (size_t i = 0; i < s->kept.n; i++)
                dl_finding_free(s->kept.items[i]);
        DL_VEC_FREE(&s->kept);
        for (size_t i = 0; i < s->sources.n; i++)
                free(s->sources.items[i]);
        DL_VEC_FREE(&s->sources);
        dl_baseline_free(s->baseline);
        pthread_mutex_destroy(&s->mu);
        free(s->root);
        free(s->baseline_path);
        free(s);
}
