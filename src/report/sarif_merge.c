/* sarif_merge.c - several SARIF logs into one (sarif_merge.h).
 * SPDX-License-Identifier: MIT
 */
#include "sarif_merge.h"

#include "../core/alloc.h"
#include "../findings/fileio.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *str_at(json_t *obj, const char *key)
{
        json_t *v = json_object_get(obj, key);
        return json_is_string(v) ? json_string_value(v) : "";
}

/* One group of runs merged into one. */
struct group {
        json_t *run;         /* the merged run (owned) */
        json_t *artifacts;   /* array (borrowed from run) */
        json_t *rules;       /* the united rules (owned) */
        bool rules_differ;   /* the runs' rule lists were not all the same */
        json_t *results;     /* every result, renumbered (owned) */
        json_t *invocations; /* array (borrowed from run) */
};

static bool same_tool(json_t *a, json_t *b)
{
        json_t *da = json_object_get(json_object_get(a, "tool"), "driver");
        json_t *db = json_object_get(json_object_get(b, "tool"), "driver");
        return !strcmp(str_at(da, "name"), str_at(db, "name")) &&
               !strcmp(str_at(da, "version"), str_at(db, "version")) &&
               json_equal(json_object_get(a, "originalUriBaseIds"),
                          json_object_get(b, "originalUriBaseIds")) &&
               json_equal(json_object_get(a, "columnKind"), json_object_get(b, "columnKind"));
}

/* The index of the artifact with loc's uri and uriBaseId in arts, added
 * (a copy of art, or of a bare location) when missing; roles are united. */
static size_t artifact_slot(json_t *arts, json_t *art)
{
        json_t *loc = json_object_get(art, "location");
        const char *uri = str_at(loc, "uri"), *base = str_at(loc, "uriBaseId");
        size_t i;
        json_t *a;
        json_array_foreach (arts, i, a) {
                json_t *l = json_object_get(a, "location");
                if (strcmp(str_at(l, "uri"), uri) != 0 || strcmp(str_at(l, "uriBaseId"), base) != 0)
                        continue;
                json_t *roles = json_object_get(a, "roles");
                json_t *more = json_object_get(art, "roles");
                size_t k;
                json_t *r;
                json_array_foreach (more, k, r) {
                        bool have = false;
                        size_t m;
                        json_t *x;
                        json_array_foreach (roles, m, x)
                                have = have || json_equal(x, r);
                        if (!have && json_is_array(roles))
                                json_array_append(roles, r);
                }
                return i;
        }
        json_array_append_new(arts, json_deep_copy(art));
        return json_array_size(arts) - 1;
}

/* Renumbers every artifactLocation.index below v through map (n entries). */
static void renumber_artifacts(json_t *v, const size_t *map, size_t n)
{
        if (json_is_object(v)) {
                const char *key;
                json_t *x;
                json_object_foreach (v, key, x) {
                        if (!strcmp(key, "artifactLocation") && json_is_object(x)) {
                                json_t *idx = json_object_get(x, "index");
                                if (json_is_integer(idx) && json_integer_value(idx) >= 0 &&
                                    (size_t)json_integer_value(idx) < n)
                                        json_object_set_new(
                                                x, "index",
                                                json_integer(
                                                        (json_int_t)map[json_integer_value(idx)]));
                        }
                        renumber_artifacts(x, map, n);
                }
        } else if (json_is_array(v)) {
                size_t i;
                json_t *x;
                json_array_foreach (v, i, x)
                        renumber_artifacts(x, map, n);
        }
}

static size_t rule_slot(json_t *rules, json_t *rule)
{
        const char *id = str_at(rule, "id");
        size_t i;
        json_t *r;
        json_array_foreach (rules, i, r) {
                if (!strcmp(str_at(r, "id"), id))
                        return i;
        }
        json_array_append(rules, rule);
        return json_array_size(rules) - 1;
}

/* A copy of invocation inv without the notifications an invocation of
 * invs already has: a note said by two shards (a header's, a rules
 * file's) is said once, as by one whole run. */
static json_t *new_notes(json_t *invs, json_t *inv)
{
        json_t *c = json_deep_copy(inv);
        json_t *notes = json_object_get(c, "toolExecutionNotifications");
        for (size_t k = 0; json_is_array(notes) && k < json_array_size(notes);) {
                json_t *note = json_array_get(notes, k);
                bool said = false;
                size_t i;
                json_t *prev;
                json_array_foreach (invs, i, prev) {
                        json_t *pn = json_object_get(prev, "toolExecutionNotifications");
                        size_t m;
                        json_t *x;
                        json_array_foreach (pn, m, x)
                                said = said || json_equal(x, note);
                }
                if (said)
                        json_array_remove(notes, k);
                else
                        k++;
        }
        return c;
}

/* Adds run (borrowed) to group g. */
static void add_run(struct group *g, json_t *run)
{
        json_t *driver = json_object_get(json_object_get(run, "tool"), "driver");
        json_t *rules = json_object_get(driver, "rules");
        if (!g->run) {
                g->run = json_deep_copy(run);
                g->artifacts = json_array();
                json_object_set_new(g->run, "artifacts", g->artifacts);
                g->invocations = json_array();
                json_object_set_new(g->run, "invocations", g->invocations);
                g->rules = json_is_array(rules) ? json_deep_copy(rules) : json_array();
                g->results = json_array();
        } else if (!json_equal(rules,
                               json_object_get(
                                       json_object_get(json_object_get(g->run, "tool"), "driver"),
                                       "rules"))) {
                g->rules_differ = true;
        }
        /* artifacts: old index -> merged index */
        json_t *arts = json_object_get(run, "artifacts");
        size_t n_arts = json_array_size(arts);
        size_t *amap = dl_xcalloc(n_arts + 1, sizeof *amap);
        size_t i;
        json_t *a;
        json_array_foreach (arts, i, a)
                amap[i] = artifact_slot(g->artifacts, a);
        size_t n_rules = json_array_size(rules);
        size_t *rmap = dl_xcalloc(n_rules + 1, sizeof *rmap);
        json_t *r;
        json_array_foreach (rules, i, r)
                rmap[i] = rule_slot(g->rules, r);
        json_t *res;
        json_array_foreach (json_object_get(run, "results"), i, res) {
                json_t *c = json_deep_copy(res);
                renumber_artifacts(c, amap, n_arts);
                json_t *ri = json_object_get(c, "ruleIndex");
                if (json_is_integer(ri) && json_integer_value(ri) >= 0 &&
                    (size_t)json_integer_value(ri) < n_rules)
                        json_object_set_new(c, "ruleIndex",
                                            json_integer((json_int_t)rmap[json_integer_value(ri)]));
                json_array_append_new(g->results, c);
        }
        json_array_foreach (json_object_get(run, "invocations"), i, a)
                json_array_append_new(g->invocations, new_notes(g->invocations, a));
        free(amap);
        free(rmap);
}

/* ---- result order -------------------------------------------------------------- */

static json_t *first_region(json_t *res)
{
        json_t *loc = json_array_get(json_object_get(res, "locations"), 0);
        return json_object_get(json_object_get(loc, "physicalLocation"), "region");
}

static const char *first_uri(json_t *res)
{
        json_t *loc = json_array_get(json_object_get(res, "locations"), 0);
        return str_at(json_object_get(json_object_get(loc, "physicalLocation"), "artifactLocation"),
                      "uri");
}

static json_int_t int_at(json_t *obj, const char *key)
{
        json_t *v = json_object_get(obj, key);
        return json_is_integer(v) ? json_integer_value(v) : 0;
}

static int cmp_result(const void *pa, const void *pb)
{
        json_t *a = *(json_t *const *)pa, *b = *(json_t *const *)pb;
        int c = strcmp(first_uri(a), first_uri(b));
        if (c)
                return c;
        json_int_t la = int_at(first_region(a), "startLine"),
                   lb = int_at(first_region(b), "startLine");
        if (la != lb)
                return la < lb ? -1 : 1;
        json_int_t ca = int_at(first_region(a), "startColumn"),
                   cb = int_at(first_region(b), "startColumn");
        if (ca != cb)
                return ca < cb ? -1 : 1;
        if ((c = strcmp(str_at(a, "ruleId"), str_at(b, "ruleId"))))
                return c;
        if ((c = strcmp(str_at(json_object_get(a, "message"), "text"),
                        str_at(json_object_get(b, "message"), "text"))))
                return c;
        /* last resort: the whole result, as compact sorted JSON */
        char *ja = json_dumps(a, JSON_COMPACT | JSON_SORT_KEYS);
        char *jb = json_dumps(b, JSON_COMPACT | JSON_SORT_KEYS);
        c = strcmp(ja ? ja : "", jb ? jb : "");
        free(ja);
        free(jb);
        return c;
}

/* Appends to order (n_arts slots, *n used) every artifactLocation.index
 * below v not seen yet, in document order. */
static void first_references(json_t *v, size_t *order, bool *seen, size_t n_arts, size_t *n)
{
        if (json_is_object(v)) {
                const char *key;
                json_t *x;
                json_object_foreach (v, key, x) {
                        json_t *idx = json_object_get(x, "index");
                        if (!strcmp(key, "artifactLocation") && json_is_integer(idx) &&
                            json_integer_value(idx) >= 0 &&
                            (size_t)json_integer_value(idx) < n_arts &&
                            !seen[json_integer_value(idx)]) {
                                seen[json_integer_value(idx)] = true;
                                order[(*n)++] = (size_t)json_integer_value(idx);
                        }
                        first_references(x, order, seen, n_arts, n);
                }
        } else if (json_is_array(v)) {
                size_t i;
                json_t *x;
                json_array_foreach (v, i, x)
                        first_references(x, order, seen, n_arts, n);
        }
}

static const char *artifact_uri(json_t *arts, size_t i)
{
        return str_at(json_object_get(json_array_get(arts, i), "location"), "uri");
}

/* Numbers the merged artifacts as the whole run's reporter does
 * (report/sarif.c): in order of first reference by the sorted results,
 * then the other files by path; every index in results and invocations
 * follows. The SARIF Multitool judges a log by its artifacts' order too
 * (a log whose first artifact holds only a location draws SARIF2004). */
static void renumber_as_whole_run(struct group *g, json_t *results)
{
        size_t n = json_array_size(g->artifacts);
        size_t *order = dl_xcalloc(n + 1, sizeof *order), *map = dl_xcalloc(n + 1, sizeof *map);
        bool *seen = dl_xcalloc(n + 1, sizeof *seen);
        size_t used = 0;
        first_references(results, order, seen, n, &used);
        size_t referenced = used;
        for (size_t i = 0; i < n; i++)
                if (!seen[i])
                        order[used++] = i;
        for (size_t i = referenced + 1; i < n; i++) /* insertion sort by path */
                for (size_t k = i;
                     k > referenced && strcmp(artifact_uri(g->artifacts, order[k - 1]),
                                              artifact_uri(g->artifacts, order[k])) > 0;
                     k--) {
                        size_t t = order[k];
                        order[k] = order[k - 1];
                        order[k - 1] = t;
                }
        json_t *arts = json_array();
        for (size_t i = 0; i < n; i++) {
                map[order[i]] = i;
                json_array_append(arts, json_array_get(g->artifacts, order[i]));
        }
        renumber_artifacts(results, map, n);
        renumber_artifacts(g->invocations, map, n);
        json_object_set_new(g->run, "artifacts", arts);
        g->artifacts = arts;
        free(order);
        free(map);
        free(seen);
}

/* The group's results, sorted, each once, as the run's "results". */
static void finish(struct group *g)
{
        size_t n = json_array_size(g->results);
        json_t **v = dl_xcalloc(n + 1, sizeof *v);
        for (size_t i = 0; i < n; i++)
                v[i] = json_array_get(g->results, i);
        qsort(v, n, sizeof *v, cmp_result);
        json_t *out = json_array();
        for (size_t i = 0; i < n; i++) {
                if (i > 0 && json_equal(v[i], v[i - 1]))
                        continue;
                json_array_append(out, v[i]);
        }
        free(v);
        renumber_as_whole_run(g, out);
        json_object_set_new(g->run, "results", out);
        if (g->rules_differ) {
                json_t *driver = json_object_get(json_object_get(g->run, "tool"), "driver");
                json_object_set(driver, "rules", g->rules);
        }
        json_decref(g->rules);
        json_decref(g->results);
}

/* ---- inputs and output ------------------------------------------------------------ */

static enum dl_status load(const char *path, json_t **out, struct dl_error *err)
{
        json_error_t je;
        *out = json_load_file(path, 0, &je);
        if (!*out) {
                struct dl_loc loc = {path, (unsigned)(je.line > 0 ? je.line : 0),
                                     (unsigned)(je.column > 0 ? je.column : 0)};
                bool io = je.line <= 0 && je.position == 0 && strstr(je.text, "unable to open");
                /* jansson says "unable to open PATH: REASON"; the error
                 * names the file already, so keep the reason once */
                const char *pre = "unable to open ";
                size_t np = strlen(pre), nl = strlen(path);
                if (io && strncmp(je.text, pre, np) == 0 && strncmp(je.text + np, path, nl) == 0 &&
                    je.text[np + nl] == ':')
                        return dl_error_set(err, DL_ERR_IO, &loc, "cannot open:%s",
                                            je.text + np + nl + 1);
                return dl_error_set(err, io ? DL_ERR_IO : DL_ERR_PARSE, &loc, "%s", je.text);
        }
        struct dl_loc loc = {path, 0, 0};
        if (!json_is_object(*out) || strcmp(str_at(*out, "version"), "2.1.0") != 0) {
                json_decref(*out);
                *out = NULL;
                return dl_error_set(err, DL_ERR_PARSE, &loc,
                                    "not a SARIF 2.1.0 log (no \"version\": \"2.1.0\")");
        }
        if (!json_is_array(json_object_get(*out, "runs"))) {
                json_decref(*out);
                *out = NULL;
                return dl_error_set(err, DL_ERR_PARSE, &loc, "not a SARIF log: no \"runs\" array");
        }
        return DL_OK;
}

enum dl_status dl_sarif_merge(const char *const *inputs, size_t n, const char *out_path,
                              struct dl_error *err)
{
        json_t **logs = dl_xcalloc(n + 1, sizeof *logs);
        enum dl_status st = DL_OK;
        for (size_t i = 0; i < n && st == DL_OK; i++)
                st = load(inputs[i], &logs[i], err);
        struct group *groups = dl_xcalloc(1, sizeof *groups);
        json_t **firsts = dl_xcalloc(1, sizeof *firsts); /* a run of each group */
        size_t n_groups = 0;
        for (size_t i = 0; i < n && st == DL_OK; i++) {
                size_t k;
                json_t *run;
                json_array_foreach (json_object_get(logs[i], "runs"), k, run) {
                        size_t g = 0;
                        while (g < n_groups && !same_tool(firsts[g], run))
                                g++;
                        if (g == n_groups) {
                                groups = dl_xrealloc(groups, (n_groups + 1) * sizeof *groups);
                                firsts = dl_xrealloc(firsts, (n_groups + 1) * sizeof *firsts);
                                memset(&groups[g], 0, sizeof *groups);
                                firsts[g] = run;
                                n_groups++;
                        }
                        add_run(&groups[g], run);
                }
        }
        json_t *root = NULL;
        if (st == DL_OK) {
                root = json_object();
                json_t *schema = n ? json_object_get(logs[0], "$schema") : NULL;
                json_object_set_new(root, "$schema",
                                    schema ? json_deep_copy(schema)
                                           : json_string("https://json.schemastore.org/"
                                                         "sarif-2.1.0.json"));
                json_object_set_new(root, "version", json_string("2.1.0"));
                json_t *runs = json_array();
                for (size_t g = 0; g < n_groups; g++) {
                        finish(&groups[g]);
                        json_array_append_new(runs, groups[g].run);
                }
                json_object_set_new(root, "runs", runs);
        } else {
                for (size_t g = 0; g < n_groups; g++) {
                        json_decref(groups[g].run);
                        json_decref(groups[g].rules);
                        json_decref(groups[g].results);
                }
        }
        free(groups);
        free(firsts);
        for (size_t i = 0; i < n; i++)
                json_decref(logs[i]);
        free(logs);
        if (st != DL_OK)
                return st;
        char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        json_decref(root);
        if (!text)
                return dl_error_set(err, DL_ERR_IO, NULL, "cannot encode the merged SARIF log");
        char *out = dl_xasprintf("%s\n", text);
        free(text);
        size_t len = strlen(out);
        if (out_path && strcmp(out_path, "-") != 0) {
                st = dl_file_write_atomic(out_path, out, len, err);
        } else if (fwrite(out, 1, len, stdout) != len || fflush(stdout) != 0) {
                st = dl_error_set(err, DL_ERR_IO, NULL, "cannot write to standard output");
        }
        free(out);
        return st;
}
