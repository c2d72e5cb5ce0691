/* sink.c - the findings sink (design.md section 9).
 * SPDX-License-Identifier: MIT
 *
 * Findings arrive one translation unit at a time, in file order
 * (dl_sink_take_unit), or pile up in `in` under a mutex (dl_sink_emit) to
 * be taken as one unit by dl_sink_finish(). A unit's findings are sorted,
 * duplicates of any finding kept before are dropped, and each file they
 * lie in is read once for the unit: its text gives the line hashes and,
 * the first time, the inline directives, which are kept until the end so
 * that a header's directives serve every unit that reports in it and the
 * unused ones can be told at the end. Fingerprint occurrence counters run
 * per (check, path, function, request) across units, in output order.
 */
#define _GNU_SOURCE /* tdestroy */
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
#include <search.h>
#include <stdlib.h>
#include <string.h>

/* What the sink knows of one file. */
struct file_state {
        char *path;
        bool read;                      /* directives parsed (or the file unreadable) */
        struct dl_suppressions *sup;    /* NULL: no directive, or unreadable */
        struct dl_log diags;            /* parse problems, told at the end in path order */
        const struct dl_ruleset *rules; /* of the unit that analysed it; NULL: the sink's */
        char *text;                     /* dl_sink_set_text: read in place of the file */
        size_t len;
};

/* A fingerprint tuple and the next occurrence number it gets. */
struct occ {
        char *check, *path, *function, *signature;
        unsigned next;
};

struct dl_sink {
        const struct dl_ruleset *rules;
        const char *const *known_ids;
        size_t n_known_ids;
        bool (*check_on)(void *data, const struct dl_ruleset *rules, const char *id);
        void *check_on_data;
        bool (*in_scope)(void *data, const struct dl_finding *f);
        void *in_scope_data;
        char *root;
        char *baseline_path;
        struct dl_baseline *baseline;
        bool baseline_loaded;

        pthread_mutex_t mu;
        DL_VEC(struct dl_finding *) in;

        DL_VEC(struct dl_finding *) kept;
        DL_VEC(struct dl_finding *) outside; /* decided, then out of scope */
        void *seen;     /* tsearch tree of kept findings (dl_finding_cmp) */
        void *occs;     /* tsearch tree of struct occ */
        void *files;    /* tsearch tree of struct file_state */
        size_t matched; /* baseline entries matched so far */
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
                s->check_on = o->check_on;
                s->check_on_data = o->check_on_data;
                s->in_scope = o->in_scope;
                s->in_scope_data = o->in_scope_data;
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

static const struct dl_check_config *config_of(const struct dl_ruleset *rules, const char *id)
{
        return rules ? dl_schema_check_config(rules, id) : NULL;
}

/* Does check id run for files under rules? */
static bool check_runs(const struct dl_sink *s, const struct dl_ruleset *rules, const char *id)
{
        if (s->check_on)
                return s->check_on(s->check_on_data, rules, id);
        const struct dl_check_config *c = config_of(rules, id);
        return !(c && c->has_enabled && !c->enabled);
}

void dl_sink_emit(void *sink, struct dl_finding *take)
{
        struct dl_sink *s = sink;
        if (!take)
                return;
        pthread_mutex_lock(&s->mu);
        DL_VEC_PUSH(&s->in, take);
        pthread_mutex_unlock(&s->mu);
}

/* ---- files ---- */

static int cmp_file(const void *a, const void *b)
{
        return strcmp(((const struct file_state *)a)->path, ((const struct file_state *)b)->path);
}

static struct file_state *file_of(struct dl_sink *s, const char *path)
{
        struct file_state key = {.path = (char *)path};
        struct file_state **found = tfind(&key, &s->files, cmp_file);
        if (found)
                return *found;
        struct file_state *f = dl_xcalloc(1, sizeof *f);
        f->path = dl_xstrdup(path);
        dl_log_init(&f->diags, NULL, true);
        tsearch(f, &s->files, cmp_file);
        return f;
}

static void free_file(void *p)
{
        struct file_state *f = p;
        free(f->path);
        free(f->text);
        dl_suppressions_free(f->sup);
        dl_log_fini(&f->diags);
        free(f);
}

void dl_sink_add_source(struct dl_sink *s, const char *path)
{
        if (path) {
                pthread_mutex_lock(&s->mu);
                file_of(s, path);
                pthread_mutex_unlock(&s->mu);
        }
}

void dl_sink_set_text(struct dl_sink *s, const char *path, const char *text, size_t len)
{
        pthread_mutex_lock(&s->mu);
        struct file_state *f = file_of(s, path);
        free(f->text);
        f->text = dl_xmalloc(len + 1);
        memcpy(f->text, text, len);
        f->text[len] = '\0';
        f->len = len;
        pthread_mutex_unlock(&s->mu);
}

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

/* Reads f's text into *text (NULL when unreadable) and, the first time,
 * parses its directives. */
static void read_file(struct dl_sink *s, struct file_state *f, char **text, size_t *len,
                      bool with_findings)
{
        struct dl_error rerr;
        dl_error_init(&rerr);
        *text = NULL;
        *len = 0;
        if (f->text) {
                *text = dl_xmalloc(f->len + 1);
                memcpy(*text, f->text, f->len + 1);
                *len = f->len;
        } else if (dl_file_read(f->path, text, len, &rerr) != DL_OK) {
                if (with_findings && !f->read) {
                        struct dl_loc loc = {f->path, 0, 0};
                        dl_log_add(&f->diags, DL_LOG_NOTE, "source-unreadable", &loc,
                                   "cannot read the source again to apply suppressions: %s",
                                   rerr.message);
                }
                f->read = true;
                dl_error_fini(&rerr);
                return;
        }
        dl_error_fini(&rerr);
        /* Most files have no directive: skip the lexer unless the marker occurs. */
        if (!f->read && contains(*text, *len, "ddblint:"))
                f->sup = dl_suppressions_parse(f->path, *text, *len, s->known_ids,
                                               s->n_known_ids, &f->diags);
        f->read = true;
}

/* ---- fingerprints ---- */

static int strcmp0(const char *a, const char *b)
{
        if (!a || !b)
                return (a != NULL) - (b != NULL);
        return strcmp(a, b);
}

static int cmp_occ(const void *pa, const void *pb)
{
        const struct occ *a = pa, *b = pb;
        int c = strcmp0(a->check, b->check);
        if (!c)
                c = strcmp0(a->path, b->path);
        if (!c)
                c = strcmp0(a->function, b->function);
        if (!c)
                c = strcmp0(a->signature, b->signature);
        return c;
}

static void free_occ(void *p)
{
        struct occ *o = p;
        free(o->check);
        free(o->path);
        free(o->function);
        free(o->signature);
        free(o);
}

/* The repository-relative path of file, or the absolute path for a file
 * outside the root (still stable on one machine). (transfer full) */
static char *rel_path(const struct dl_sink *s, const char *file)
{
        char *r = dl_path_relative(s->root, file);
        return r ? r : dl_path_absolute(file);
}

static void fingerprint(struct dl_sink *s, struct dl_finding *f, const char *rel)
{
        struct occ key = {f->check_id, (char *)rel, f->function, f->signature, 0};
        struct occ **found = tfind(&key, &s->occs, cmp_occ);
        struct occ *o = found ? *found : NULL;
        if (!o) {
                o = dl_xcalloc(1, sizeof *o);
                o->check = dl_xstrdup(f->check_id);
                o->path = dl_xstrdup(rel);
                o->function = dl_xstrdup(f->function);
                o->signature = dl_xstrdup(f->signature);
                tsearch(o, &s->occs, cmp_occ);
        }
        free(f->fingerprint);
        f->fingerprint = dl_fingerprint_compute(f->check_id, rel, f->function, f->signature,
                                                o->next++);
}

/* ---- units ---- */

static int cmp_finding_ptr(const void *a, const void *b)
{
        const struct dl_finding *fa = *(const struct dl_finding *const *)a;
        const struct dl_finding *fb = *(const struct dl_finding *const *)b;
        return dl_finding_cmp(fa, fb);
}

static int cmp_seen(const void *a, const void *b)
{
        return dl_finding_cmp(a, b);
}

static void count(struct dl_sink *s, const struct dl_finding *f)
{
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

/* Decides the fate of kept[first..end), all in one file: line hashes,
 * inline directives, baseline, then scope: a finding out of scope moves
 * to `outside` and leaves a NULL in kept (compacted by the caller). */
static void decide_file(struct dl_sink *s, size_t first, size_t end)
{
        const char *file = s->kept.items[first]->loc.file;
        char *rel = file ? rel_path(s, file) : dl_xstrdup("");
        char *text = NULL;
        size_t len = 0;
        struct file_state *fs = NULL;
        if (file) {
                fs = file_of(s, file);
                read_file(s, fs, &text, &len, true);
        }
        struct dl_line_hashes hashes = {NULL, 0};
        if (text)
                dl_line_hashes_compute(&hashes, text, len);
        for (size_t i = first; i < end; i++) {
                struct dl_finding *f = s->kept.items[i];
                fingerprint(s, f, rel);
                if (text) {
                        free(f->line_hash);
                        f->line_hash = dl_xstrdup(
                                dl_line_hashes_get(&hashes, f->loc.line ? f->loc.line : 1));
                }
                const struct dl_directive *d =
                        fs && fs->sup && f->loc.line
                                ? dl_suppressions_match(fs->sup, f->check_id, f->loc.line)
                                : NULL;
                if (d) {
                        f->suppressed = DL_SUPPRESS_INLINE;
                        free(f->suppression_reason);
                        f->suppression_reason = dl_xstrdup(d->reason);
                } else if (dl_baseline_contains(s->baseline, f->fingerprint)) {
                        f->suppressed = DL_SUPPRESS_BASELINE;
                        s->matched++;
                }
                if (s->in_scope && !s->in_scope(s->in_scope_data, f)) {
                        s->stats.outside_scope++;
                        DL_VEC_PUSH(&s->outside, f);
                        s->kept.items[i] = NULL;
                        continue;
                }
                count(s, f);
        }
        dl_line_hashes_fini(&hashes);
        free(text);
        free(rel);
}

size_t dl_sink_take_unit(struct dl_sink *s, const char *path, const struct dl_ruleset *rules,
                         struct dl_finding **take, size_t n, size_t *n_new)
{
        if (!rules)
                rules = s->rules;
        if (path)
                file_of(s, path)->rules = rules;
        /* The rules file's enabled and severity settings. */
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
                struct dl_finding *f = take[i];
                if (!check_runs(s, rules, f->check_id)) {
                        s->stats.disabled++;
                        dl_finding_free(f);
                        continue;
                }
                const struct dl_check_config *c = config_of(rules, f->check_id);
                if (c && c->has_severity)
                        f->severity = c->severity;
                take[m++] = f;
        }
        if (m)
                qsort(take, m, sizeof *take, cmp_finding_ptr);
        /* Exact duplicates (a header seen through several units) once. */
        size_t first = s->kept.n;
        for (size_t i = 0; i < m; i++) {
                struct dl_finding **slot = tsearch(take[i], &s->seen, cmp_seen);
                if (*slot != take[i]) {
                        s->stats.duplicates++;
                        dl_finding_free(take[i]);
                        continue;
                }
                DL_VEC_PUSH(&s->kept, take[i]);
        }
        /* Then file by file (sorted: a file's findings are together). */
        for (size_t i = first; i < s->kept.n;) {
                size_t end = i + 1;
                while (end < s->kept.n &&
                       strcmp0(s->kept.items[end]->loc.file, s->kept.items[i]->loc.file) == 0)
                        end++;
                decide_file(s, i, end);
                i = end;
        }
        size_t m2 = first;
        for (size_t i = first; i < s->kept.n; i++)
                if (s->kept.items[i])
                        s->kept.items[m2++] = s->kept.items[i];
        s->kept.n = m2;
        if (n_new)
                *n_new = s->kept.n - first;
        return first;
}

/* ---- the end ---- */

struct file_list {
        struct file_state **items;
        size_t n, cap;
};

static void collect_file(const void *node, VISIT which, void *data)
{
        if (which != postorder && which != leaf)
                return;
        struct file_list *l = data;
        if (l->n == l->cap) {
                l->cap = l->cap ? l->cap * 2 : 16;
                l->items = dl_xrealloc(l->items, l->cap * sizeof *l->items);
        }
        l->items[l->n++] = *(struct file_state *const *)node;
}

struct unused_ctx {
        const struct dl_sink *s;
        const struct dl_ruleset *rules;
};

static bool skip_unused(void *data, const char *id)
{
        /* A disabled check's findings never reach suppression, so its
         * directives would all look unused. */
        const struct unused_ctx *u = data;
        return strcmp(id, "*") != 0 && !check_runs(u->s, u->rules, id);
}

enum dl_status dl_sink_finish(struct dl_sink *s, struct dl_log *log, struct dl_error *err)
{
        if (s->finished)
                return DL_OK;
        enum dl_status st = dl_sink_load_baseline(s, err);
        if (st != DL_OK)
                return st;
        s->finished = true;
        if (s->in.n) {
                dl_sink_take_unit(s, NULL, NULL, s->in.items, s->in.n, NULL);
                DL_VEC_FREE(&s->in);
        }
        /* twalk visits in path order (the tree is sorted by path). */
        struct file_list files = {NULL, 0, 0};
        twalk_r(s->files, collect_file, &files);
        for (size_t i = 0; i < files.n; i++) {
                struct file_state *f = files.items[i];
                if (!f->read) {
                        char *text = NULL;
                        size_t len = 0;
                        read_file(s, f, &text, &len, false);
                        free(text);
                }
                for (size_t k = 0; log && k < f->diags.n; k++) {
                        const struct dl_log_entry *e = &f->diags.items[k];
                        struct dl_loc loc = {e->file, e->line, e->col};
                        dl_log_add(log, e->level, e->id, e->file ? &loc : NULL, "%s", e->message);
                }
                struct unused_ctx u = {s, f->rules ? f->rules : s->rules};
                s->stats.unused_suppressions +=
                        dl_suppressions_report_unused(f->sup, log, skip_unused, &u);
        }
        free(files.items);
        s->stats.baseline_unmatched = s->stats.baseline_entries > s->matched
                                              ? s->stats.baseline_entries - s->matched
                                              : 0;
        return DL_OK;
}

const struct dl_finding *const *dl_sink_findings(const struct dl_sink *s, size_t *n)
{
        *n = s->kept.n;
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

static void no_free(void *p)
{
        (void)p; /* the seen tree points at kept findings, freed with them */
}

void dl_sink_free(struct dl_sink *s)
{
        if (!s)
                return;
        for (size_t i = 0; i < s->in.n; i++)
                dl_finding_free(s->in.items[i]);
        DL_VEC_FREE(&s->in);
        tdestroy(s->seen, no_free);
        for (size_t i = 0; i < s->kept.n; i++)
                dl_finding_free(s->kept.items[i]);
        DL_VEC_FREE(&s->kept);
        for (size_t i = 0; i < s->outside.n; i++)
                dl_finding_free(s->outside.items[i]);
        DL_VEC_FREE(&s->outside);
        tdestroy(s->occs, free_occ);
        tdestroy(s->files, free_file);
        dl_baseline_free(s->baseline);
        pthread_mutex_destroy(&s->mu);
        free(s->root);
        free(s->baseline_path);
        free(s);
}
