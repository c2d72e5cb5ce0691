/* baseline.c - load and save baseline files with jansson.
 * SPDX-License-Identifier: MIT
 *
 * Fingerprints are kept sorted in one array and looked up by binary search:
 * a baseline is read once and queried once per finding.
 */
#include "baseline.h"

#include "../core/alloc.h"
#include "fileio.h"
#include "finding.h"
#include "fingerprint.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

struct dl_baseline {
        char **fps;
        size_t n;
};

static int cmp_str(const void *a, const void *b)
{
        return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_fingerprint(const char *s)
{
        size_t n = 0;
        for (; s[n]; n++) {
                if (!((s[n] >= '0' && s[n] <= '9') || (s[n] >= 'a' && s[n] <= 'f')))
                        return false;
        }
        return n == DL_FINGERPRINT_HEX_LEN;
}

enum dl_status dl_baseline_load(const char *path, struct dl_baseline **out, struct dl_error *err)
{
        *out = NULL;
        char *text = NULL;
        size_t len = 0;
        enum dl_status st = dl_file_read(path, &text, &len, err);
        if (st != DL_OK)
                return st;
        json_error_t je;
        json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
        free(text);
        struct dl_loc loc = {path, 0, 0};
        if (!root) {
                loc.line = je.line > 0 ? (unsigned)je.line : 0;
                loc.col = je.column > 0 ? (unsigned)je.column : 0;
                return dl_error_set(err, DL_ERR_PARSE, &loc, "invalid baseline JSON: %s", je.text);
        }
        struct dl_baseline *b = NULL;
        json_t *findings = json_is_object(root) ? json_object_get(root, "findings") : NULL;
        json_t *version = json_is_object(root) ? json_object_get(root, "version") : NULL;
        if (!json_is_object(root)) {
                st = dl_error_set(err, DL_ERR_PARSE, &loc,
                                  "baseline: expected an object with \"version\" and \"findings\"");
                goto out;
        }
        if (!json_is_integer(version) || json_integer_value(version) != 1) {
                st = dl_error_set(err, DL_ERR_PARSE, &loc,
                                  "baseline: \"version\": expected 1 (this ddblint reads "
                                  "version 1 baselines)");
                goto out;
        }
        if (!json_is_array(findings)) {
                st = dl_error_set(err, DL_ERR_PARSE, &loc,
                                  "baseline: \"findings\": expected an array");
                goto out;
        }
        b = dl_xcalloc(1, sizeof *b);
        b->fps = dl_xcalloc(json_array_size(findings) + 1, sizeof *b->fps);
        size_t i;
        json_t *e;
        json_array_foreach(findings, i, e) {
                json_t *fp = json_is_object(e) ? json_object_get(e, "fingerprint") : NULL;
                if (!json_is_string(fp) || !is_fingerprint(json_string_value(fp))) {
                        st = dl_error_set(err, DL_ERR_PARSE, &loc,
                                          "baseline: findings[%zu].fingerprint: expected a "
                                          "string of %d lower-case hex digits",
                                          i, DL_FINGERPRINT_HEX_LEN);
                        goto out;
                }
                b->fps[b->n++] = dl_xstrdup(json_string_value(fp));
        }
        qsort(b->fps, b->n, sizeof *b->fps, cmp_str);
        size_t w = 0;
        for (size_t r = 0; r < b->n; r++) {
                if (w > 0 && strcmp(b->fps[w - 1], b->fps[r]) == 0)
                        free(b->fps[r]);
                else
                        b->fps[w++] = b->fps[r];
        }
        b->n = w;
        *out = b;
        b = NULL;
out:
        dl_baseline_free(b);
        json_decref(root);
        return st;
}

bool dl_baseline_contains(const struct dl_baseline *b, const char *fingerprint)
{
        if (!b || !fingerprint)
                return false;
        return bsearch(&fingerprint, b->fps, b->n, sizeof *b->fps, cmp_str) != NULL;
}

size_t dl_baseline_size(const struct dl_baseline *b)
{
        return b ? b->n : 0;
}

void dl_baseline_free(struct dl_baseline *b)
{
        if (!b)
                return;
        for (size_t i = 0; i < b->n; i++)
                free(b->fps[i]);
        free(b->fps);
        free(b);
}

struct entry {
        const struct dl_finding *f;
        const char *path;
};

static int strcmp0(const char *a, const char *b)
{
        if (!a || !b)
                return (a != NULL) - (b != NULL);
        return strcmp(a, b);
}

static int cmp_entry(const void *pa, const void *pb)
{
        const struct entry *a = pa, *b = pb;
        int c = strcmp0(a->path, b->path);
        if (!c)
                c = strcmp0(a->f->check_id, b->f->check_id);
        if (!c)
                c = strcmp0(a->f->fingerprint, b->f->fingerprint);
        return c;
}

/* jansson refuses invalid UTF-8; such text (a message quoting odd source
 * bytes) is only informative here, so it is replaced rather than dropped. */
static json_t *text_value(const char *s)
{
        json_t *v = json_string(s ? s : "");
        return v ? v : json_string("(not valid UTF-8)");
}

enum dl_status dl_baseline_save(const char *path, const struct dl_finding *const *findings,
                                const char *const *rel_paths, size_t n, struct dl_error *err)
{
        struct entry *es = dl_xcalloc(n + 1, sizeof *es);
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
                if (!findings[i]->fingerprint)
                        continue;
                es[m].f = findings[i];
                es[m].path = rel_paths && rel_paths[i] ? rel_paths[i] : findings[i]->loc.file;
                m++;
        }
        if (m)
                qsort(es, m, sizeof *es, cmp_entry);

        json_t *root = json_object();
        json_object_set_new(root, "version", json_integer(1));
        json_object_set_new(root, "tool", json_string("ddblint"));
        json_t *arr = json_array();
        for (size_t i = 0; i < m; i++) {
                if (i > 0 && strcmp(es[i - 1].f->fingerprint, es[i].f->fingerprint) == 0)
                        continue;
                const struct dl_finding *f = es[i].f;
                json_t *o = json_object();
                json_object_set_new(o, "fingerprint", json_string(f->fingerprint));
                json_object_set_new(o, "check", text_value(f->check_id));
                json_object_set_new(o, "path", text_value(es[i].path));
                if (f->function)
                        json_object_set_new(o, "function", text_value(f->function));
                json_object_set_new(o, "message", text_value(f->message));
                json_array_append_new(arr, o);
        }
        json_object_set_new(root, "findings", arr);
        char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        json_decref(root);
        free(es);
        if (!text)
                return dl_error_set(err, DL_ERR_IO, NULL, "cannot encode the baseline");
        size_t len = strlen(text);
        char *withnl = dl_xasprintf("%s\n", text);
        free(text);
        enum dl_status st = dl_file_write_atomic(path, withnl, len + 1, err);
        free(withnl);
        return st;
}
