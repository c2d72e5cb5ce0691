/* prefilter.c - the text test of prefilter.h.
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE /* memmem, tdestroy, hsearch_r */
#include "prefilter.h"

#include "recognizer.h"

#include "../core/alloc.h"
#include "../core/error.h"
#include "../core/file.h"
#include "../core/strv.h"
#include "../frontend/scan.h"
#include "../rules/schema.h"

#include <pthread.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A file's verdict, memoized by real path (headers are read once a run). */
struct memo {
        char *path;
        bool may_hold;
};

struct dl_prefilter {
        char **words; /* sorted, unique */
        size_t n_words, cap_words;
        size_t max_len;            /* of the longest word, in bytes */
        struct hsearch_data table; /* the words (glibc's hash table), looked up
                                         for every identifier of every file */
        struct dl_scan *scan;
        pthread_mutex_t lock;
        void *memo;     /* tsearch tree of struct memo */
        bool parse_all; /* a recognizer has no trigger words */
};

static void add_word(void *data, const char *word)
{
        struct dl_prefilter *pf = data;
        if (pf->n_words == pf->cap_words) {
                pf->cap_words = pf->cap_words ? 2 * pf->cap_words : 256;
                pf->words = dl_xrealloc(pf->words, pf->cap_words * sizeof *pf->words);
        }
        pf->words[pf->n_words++] = dl_xstrdup(word);
}

struct dl_prefilter *dl_prefilter_new(const struct dl_ruleset *rules)
{
        struct dl_prefilter *pf = dl_xcalloc(1, sizeof *pf);
        size_t n;
        const struct dl_recognizer *const *recs = dl_recognizers(&n);
        for (size_t i = 0; i < n; i++) {
                if (!recs[i]->trigger_words || !recs[i]->trigger_words(rules, add_word, pf))
                        pf->parse_all = true;
        }
        dl_strv_sort_unique(pf->words, &pf->n_words);
        if (!hcreate_r(2 * pf->n_words + 16, &pf->table)) {
                fputs("ddblint: out of memory\n", stderr);
                abort();
        }
        for (size_t i = 0; i < pf->n_words; i++) {
                ENTRY e = {pf->words[i], NULL}, *got;
                hsearch_r(e, ENTER, &got, &pf->table);
                size_t len = strlen(pf->words[i]);
                if (len > pf->max_len)
                        pf->max_len = len;
        }
        pf->scan = dl_scan_new();
        pthread_mutex_init(&pf->lock, NULL);
        return pf;
}

static void free_memo(void *p)
{
        struct memo *m = p;
        free(m->path);
        free(m);
}

void dl_prefilter_free(struct dl_prefilter *pf)
{
        if (!pf)
                return;
        hdestroy_r(&pf->table);
        dl_strv_free(pf->words, pf->n_words);
        dl_scan_free(pf->scan);
        tdestroy(pf->memo, free_memo);
        pthread_mutex_destroy(&pf->lock);
        free(pf);
}

bool dl_prefilter_is_trigger(const struct dl_prefilter *pf, const char *word, size_t n)
{
        if (n == 0 || n > pf->max_len)
                return false;
        char buf[256];
        char *key = n < sizeof buf ? buf : dl_xmalloc(n + 1);
        memcpy(key, word, n);
        key[n] = '\0';
        ENTRY e = {key, NULL}, *got = NULL;
        /* hsearch_r does not change the table on FIND */
        bool hit = hsearch_r(e, FIND, &got, (struct hsearch_data *)&pf->table) && got;
        if (key != buf)
                free(key);
        return hit;
}

struct ident_test {
        const struct dl_prefilter *pf;
        bool hit;
};

static void test_ident(const char *id, size_t n, void *data)
{
        struct ident_test *t = data;
        if (!t->hit && dl_prefilter_is_trigger(t->pf, id, n))
                t->hit = true;
}

/* Whether one file's text may make a request: a trigger word,
 * an identifier the scan cannot see whole (a paste, a universal character
 * name), or a ddblint comment. */
static bool text_may_hold(const struct dl_prefilter *pf, const char *text, size_t len)
{
        struct ident_test t = {pf, false};
        if (dl_scan_identifiers(text, len, test_ident, &t))
                t.hit = true;
        if (!t.hit && len >= 7 && memmem(text, len, "ddblint", 7))
                t.hit = true;
        return t.hit;
}

/* text_may_hold on the file at path; true when it cannot be read. */
static bool file_may_hold(const struct dl_prefilter *pf, const char *path)
{
        char *text = NULL;
        size_t len = 0;
        if (dl_file_read(path, &text, &len, NULL) != DL_OK)
                return true;
        bool v = text_may_hold(pf, text, len);
        free(text);
        return v;
}

static int cmp_memo(const void *a, const void *b)
{
        return strcmp(((const struct memo *)a)->path, ((const struct memo *)b)->path);
}

/* text_may_hold, memoized for headers (many sources reach the same ones). */
static bool header_may_hold(struct dl_prefilter *pf, const char *path)
{
        struct memo key = {(char *)path, false};
        pthread_mutex_lock(&pf->lock);
        struct memo **hit = tfind(&key, &pf->memo, cmp_memo);
        bool known = hit != NULL, v = hit ? (*hit)->may_hold : false;
        pthread_mutex_unlock(&pf->lock);
        if (known)
                return v;
        v = file_may_hold(pf, path);
        struct memo *m = dl_xcalloc(1, sizeof *m);
        m->path = dl_xstrdup(path);
        m->may_hold = v;
        pthread_mutex_lock(&pf->lock);
        struct memo **slot = tsearch(m, &pf->memo, cmp_memo);
        pthread_mutex_unlock(&pf->lock);
        if (*slot != m) /* another thread was first */
                free_memo(m);
        return v;
}

bool dl_prefilter_may_hold(struct dl_prefilter *pf, const char *path, const char *const *args,
                           size_t n_args, const char *stub_dir)
{
        char *text = NULL;
        size_t len = 0;
        if (dl_file_read(path, &text, &len, NULL) != DL_OK)
                return true;
        bool v = dl_prefilter_may_hold_text(pf, path, text, len, args, n_args, stub_dir);
        free(text);
        return v;
}

bool dl_prefilter_may_hold_text(struct dl_prefilter *pf, const char *path, const char *text,
                                size_t len, const char *const *args, size_t n_args,
                                const char *stub_dir)
{
        return dl_prefilter_may_hold_deps(pf, path, text, len, args, n_args, stub_dir, NULL);
}

void dl_prefilter_deps_fini(struct dl_prefilter_deps *deps)
{
        if (!deps)
                return;
        for (size_t i = 0; i < deps->n_probes; i++)
                free(deps->probes[i].path);
        free(deps->probes);
        deps->probes = NULL;
        deps->n_probes = 0;
}

const char *const *dl_prefilter_words(const struct dl_prefilter *pf, size_t *n, bool *parse_all)
{
        *n = pf->n_words;
        *parse_all = pf->parse_all;
        return (const char *const *)pf->words;
}

bool dl_prefilter_may_hold_deps(struct dl_prefilter *pf, const char *path, const char *text,
                                size_t len, const char *const *args, size_t n_args,
                                const char *stub_dir, struct dl_prefilter_deps *deps)
{
        if (deps)
                memset(deps, 0, sizeof *deps);
        if (pf->parse_all || text_may_hold(pf, text, len))
                return true;
        /* a -D may spell a client call (-DSEND=client.Query) */
        for (size_t i = 0; i < n_args; i++) {
                const char *d = args[i];
                if (!strcmp(d, "-D") || !strcmp(d, "--define-macro"))
                        d = i + 1 < n_args ? args[++i] : "";
                else if (!strncmp(d, "-D", 2) || !strncmp(d, "--define-macro=", 15))
                        d += d[1] == 'D' ? 2 : 15;
                else
                        continue;
                struct ident_test t = {pf, false};
                if (dl_scan_identifiers(d, strlen(d), test_ident, &t) || t.hit)
                        return true;
        }
        struct dl_search_paths sp;
        dl_search_paths_from_args(path, args, n_args, &sp);
        struct dl_scan_tu tu;
        struct dl_error err;
        dl_error_init(&err);
        bool may = dl_scan_tu_text(pf->scan, path, text, len, &sp, stub_dir, &tu, &err) != DL_OK ||
                   tu.unresolved || sp.prefix_include;
        dl_error_fini(&err);
        for (size_t i = 0; !may && i < tu.n_headers; i++)
                may = header_may_hold(pf, tu.headers[i]);
        if (!may && deps) { /* taken over */
                deps->probes = tu.probes;
                deps->n_probes = tu.n_probes;
                tu.probes = NULL;
                tu.n_probes = 0;
        }
        dl_scan_tu_fini(&tu);
        dl_search_paths_fini(&sp);
        return may;
}
