/* fixture_runner.c - runs check fixtures through the whole pipeline, in
 * process, and compares findings with the inline annotations
 * (design.md section 15).
 * SPDX-License-Identifier: MIT
 *
 * usage: fixture_runner FIXTURE.cpp...
 * Environment: DL_SOURCE_DIR (project root), DL_BINARY_DIR (build dir,
 * for the stub headers in share/ddblint/include).
 *
 * Header lines (anywhere before the first annotation):
 *   // rules: orders.yaml          relative to tests/fixtures/rules/
 *   // checks: id[, id...]         default: the fixture's directory name
 *   // args: FLAG...               extra compiler flags; %FIXTURES% expands
 *                                  to tests/fixtures (e.g. -I%FIXTURES%/include)
 * Annotations apply to the next line that is not an annotation:
 *   // expect: ID [SEVERITY][: MESSAGE SUBSTRING]
 *                                  a SUBSTRING ending in '$' must end the
 *                                  message (what it does not go on to say)
 *   // expect(col=N): ...          also pins the 1-based column
 *   // ok: ID                      no finding of ID on that line
 *   // todo-expect: ... / todo-ok: ID   known false negative / positive:
 *                                  XFAIL while it holds, a failure (XPASS)
 *                                  once it is fixed
 *   // expect-tool: SUBSTRING      a tool diagnostic containing SUBSTRING is
 *                                  expected (anywhere in the file)
 * Strict: a finding no expect: matches fails the fixture, and so does an
 * unexpected tool diagnostic. Output ends with "N passed, M failed".
 *
 * A table definition fixture is linted as definitions, not compiled: a YAML
 * template carries its header lines and annotations as '#' comments; a JSON
 * one (CloudFormation or CDK synth output, describe-table, terraform show
 * -json: JSON has no comments) has them in FILE.json.expect, '#' lines
 * for the header and each annotation prefixed with the JSON line it is
 * about ("20: expect(col=33): gsi-capacity-below-table: ...").
 */
#include "cli/pipeline.h"
#include "core/alloc.h"
#include "core/file.h"
#include "core/log.h"
#include "core/strbuf.h"
#include "frontend/pch.h"
#include "recognize/prefilter.h"
#include "findings/finding.h"
#include "frontend/compdb.h"
#include "rules/ruleset.h"
#include "rules/schema.h"
#include "cli/infer_pass.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum ann_kind { ANN_EXPECT, ANN_OK, ANN_TODO_EXPECT, ANN_TODO_OK };

struct ann {
        enum ann_kind kind;
        char id[128];
        char severity[16];  /* "" when not given */
        char message[512];  /* "" when not given */
        unsigned col;       /* 0 when not pinned */
        unsigned line;      /* the target line */
        unsigned at;        /* the annotation's own line */
        bool matched;
};

struct fixture {
        char rules[256];
        char checks[16][128];
        size_t n_checks;
        char *args[64];
        size_t n_args;
        struct ann *anns;
        size_t n_anns;
        char tools[32][256];
        size_t n_tools;
};

static char *trim(char *s)
{
        while (isspace((unsigned char)*s))
                s++;
        size_t n = strlen(s);
        while (n && isspace((unsigned char)s[n - 1]))
                s[--n] = '\0';
        return s;
}

static char *slurp(const char *path)
{
        char *text = NULL;
        size_t len = 0;
        return dl_file_read(path, &text, &len, NULL) == DL_OK ? text : NULL;
}

/* Parses "ID [SEV][: MSG]" into a. */
static void parse_expect_body(char *body, struct ann *a)
{
        body = trim(body);
        char *colon = strchr(body, ':');
        if (colon) {
                *colon = '\0';
                snprintf(a->message, sizeof a->message, "%s", trim(colon + 1));
        }
        char *sp = strpbrk(body, " \t");
        if (sp) {
                *sp = '\0';
                snprintf(a->severity, sizeof a->severity, "%s", trim(sp + 1));
        }
        snprintf(a->id, sizeof a->id, "%s", trim(body));
}

static bool ends_with(const char *s, const char *suffix)
{
        size_t n = strlen(s), k = strlen(suffix);
        return n > k && !strcmp(s + n - k, suffix);
}

/* A JSON table definition fixture: annotations in FILE.json.expect. */
static bool is_json(const char *path)
{
        return ends_with(path, ".json");
}

/* A table definition fixture (a YAML or JSON template): annotations are
 * '#' comments, and the file is linted as definitions, not compiled. */
static bool is_template(const char *path)
{
        return ends_with(path, ".yaml") || ends_with(path, ".yml") || is_json(path);
}

static bool parse_fixture(const char *path, const char *text, struct fixture *fx, const char *dir_id)
{
        bool yaml = is_template(path);
        memset(fx, 0, sizeof *fx);
        char *copy = dl_xstrdup(text);
        unsigned line = 0;
        size_t pending_from = 0;
        char *save = NULL;
        bool ok = true;
        /* strtok_r skips empty lines, so walk lines by hand to keep numbers. */
        (void)save;
        char *p = copy;
        while (p && *p) {
                char *nl = strchr(p, '\n');
                if (nl)
                        *nl = '\0';
                line++;
                char *t = trim(p);
                bool is_ann = false;
                /* a sidecar's "LINE: annotation" names its line */
                unsigned at_line = 0;
                if (is_json(path) && *t >= '0' && *t <= '9') {
                        char *end = NULL;
                        unsigned long n = strtoul(t, &end, 10);
                        if (*end == ':' && n > 0 && n < 1000000) {
                                at_line = (unsigned)n;
                                t = trim(end + 1);
                                *--t = '#'; /* over the ':' or a blank before it */
                        }
                }
                if (strncmp(t, "//", 2) == 0 || (yaml && t[0] == '#')) {
                        char *c = trim(t + (t[0] == '#' ? 1 : 2));
                        if (strncmp(c, "rules:", 6) == 0) {
                                snprintf(fx->rules, sizeof fx->rules, "%s", trim(c + 6));
                        } else if (strncmp(c, "checks:", 7) == 0) {
                                char *list = c + 7, *rest = NULL;
                                for (char *tok = strtok_r(list, ", ", &rest);
                                     tok && fx->n_checks < 16; tok = strtok_r(NULL, ", ", &rest))
                                        snprintf(fx->checks[fx->n_checks++], 128, "%s", tok);
                        } else if (strncmp(c, "args:", 5) == 0) {
                                char *rest = NULL;
                                for (char *tok = strtok_r(c + 5, " \t", &rest);
                                     tok && fx->n_args < 64; tok = strtok_r(NULL, " \t", &rest))
                                        fx->args[fx->n_args++] = dl_xstrdup(tok);
                        } else if (strncmp(c, "expect-tool:", 12) == 0) {
                                if (fx->n_tools < 32)
                                        snprintf(fx->tools[fx->n_tools++], 256, "%s",
                                                 trim(c + 12));
                        } else {
                                struct ann a = {0};
                                char *body = NULL;
                                if (strncmp(c, "todo-expect", 11) == 0) {
                                        a.kind = ANN_TODO_EXPECT;
                                        body = c + 11;
                                } else if (strncmp(c, "todo-ok:", 8) == 0) {
                                        a.kind = ANN_TODO_OK;
                                        body = c + 7;
                                } else if (strncmp(c, "expect", 6) == 0 &&
                                           (c[6] == ':' || c[6] == '(')) {
                                        a.kind = ANN_EXPECT;
                                        body = c + 6;
                                } else if (strncmp(c, "ok:", 3) == 0) {
                                        a.kind = ANN_OK;
                                        body = c + 2;
                                }
                                if (body) {
                                        if (*body == '(') {
                                                if (sscanf(body, "(col=%u)", &a.col) != 1) {
                                                        fprintf(stderr, "%s:%u: bad annotation\n",
                                                                path, line);
                                                        ok = false;
                                                }
                                                body = strchr(body, ')');
                                                body = body ? body + 1 : "";
                                        }
                                        if (*body != ':') {
                                                fprintf(stderr, "%s:%u: bad annotation\n", path,
                                                        line);
                                                ok = false;
                                        } else {
                                                body++;
                                                if (a.kind == ANN_OK || a.kind == ANN_TODO_OK)
                                                        snprintf(a.id, sizeof a.id, "%s",
                                                                 trim(body));
                                                else
                                                        parse_expect_body(body, &a);
                                                a.at = line;
                                                a.line = at_line;
                                                fx->anns = dl_xrealloc(
                                                        fx->anns,
                                                        (fx->n_anns + 1) * sizeof *fx->anns);
                                                fx->anns[fx->n_anns++] = a;
                                                is_ann = true;
                                        }
                                }
                        }
                }
                if (is_ann && at_line) {
                        pending_from = fx->n_anns; /* its line is named */
                } else if (is_json(path) && *t && t[0] != '#') {
                        fprintf(stderr, "%s:%u: not a '#' line nor 'LINE: annotation'\n", path,
                                line);
                        ok = false;
                } else if (is_ann && is_json(path)) {
                        fprintf(stderr,
                                "%s:%u: an annotation of a .expect file names its line "
                                "('20: expect: ...')\n",
                                path, line);
                        ok = false;
                } else if (!is_ann) {
                        for (size_t i = pending_from; i < fx->n_anns; i++)
                                fx->anns[i].line = line;
                        pending_from = fx->n_anns;
                }
                p = nl ? nl + 1 : NULL;
        }
        for (size_t i = pending_from; i < fx->n_anns; i++) {
                fprintf(stderr, "%s:%u: annotation with no line after it\n", path,
                        fx->anns[i].at);
                ok = false;
        }
        if (fx->n_checks == 0)
                snprintf(fx->checks[fx->n_checks++], 128, "%s", dir_id);
        free(copy);
        return ok;
}

static bool finding_matches(const struct dl_finding *f, const struct ann *a)
{
        if (strcmp(f->check_id, a->id) != 0 || f->loc.line != a->line)
                return false;
        if (a->col && f->loc.col != a->col)
                return false;
        if (a->severity[0] && strcmp(dl_severity_str(f->severity), a->severity) != 0)
                return false;
        size_t n = strlen(a->message);
        if (n && a->message[n - 1] == '$') { /* anchored: the message ends so */
                size_t m = strlen(f->message);
                return m >= n - 1 && !strncmp(f->message + m - (n - 1), a->message, n - 1);
        }
        if (a->message[0] && !strstr(f->message, a->message))
                return false;
        return true;
}

static char *dir_name_of(const char *path)
{
        char *d = dl_xstrdup(path);
        char *slash = strrchr(d, '/');
        if (!slash) {
                free(d);
                return dl_xstrdup("");
        }
        *slash = '\0';
        char *base = strrchr(d, '/');
        char *r = dl_xstrdup(base ? base + 1 : d);
        free(d);
        return r;
}

/* The stub directory of the build (static storage, one per process). */
static const char *stub_dir_of(const char *bin_dir)
{
        static char buf[4096];
        snprintf(buf, sizeof buf, "%s/share/ddblint/include", bin_dir);
        return buf;
}

/* Runs path through the pipeline (with the precompiled stub headers of pch
 * when not NULL, with the prefilter when prefilter); findings to got, tool
 * diagnostics to log. A file the prefilter leaves unparsed must hold no
 * request (prefilter.h): it is analysed again to print its requests. */
/* The compiler arguments of the fixture at path: its language, then its
 * `args:` with %FIXTURES% expanded (heap copies in expanded[0..fx->n_args),
 * freed by the caller). Returns: their number. */
static size_t fixture_args(const char *path, const struct fixture *fx, const char *src_dir,
                           const char **args, char **expanded)
{
        dl_compdb_lang_args(path, &args[0], &args[1]); /* a .c fixture is C */
        size_t n = 2;
        for (size_t i = 0; i < fx->n_args; i++) {
                const char *a = fx->args[i];
                const char *m = strstr(a, "%FIXTURES%");
                if (m)
                        expanded[i] = dl_xasprintf("%.*s%s/tests/fixtures%s", (int)(m - a), a,
                                                   src_dir, m + 10);
                else
                        expanded[i] = dl_xstrdup(a);
                args[n++] = expanded[i];
        }
        return n;
}

static bool analyse(const char *path, const struct fixture *fx, const struct dl_ruleset *rules,
                    const char *src_dir, const char *bin_dir, struct dl_pch *pch, bool prefilter,
                    struct dl_finding_list *got, struct dl_log *log)
{
        bool ok = true;
        struct dl_error err;
        dl_error_init(&err);
        struct dl_pipeline p;
        if (dl_pipeline_init(&p, rules, log, dl_finding_list_take, got, &err) != DL_OK) {
                printf("FAIL %s: configure failed\n", path);
                ok = false;
        } else {
                const char *only[16];
                for (size_t i = 0; i < fx->n_checks; i++)
                        only[i] = fx->checks[i];
                dl_pipeline_only(&p, only, fx->n_checks);
                p.stub_include_dir = stub_dir_of(bin_dir);
                p.pch = pch;
                p.prefilter = prefilter ? dl_prefilter_new(rules) : NULL;
                const char *args[80];
                char *expanded[64];
                size_t n = fixture_args(path, fx, src_dir, args, expanded);
                if (pch) {
                        struct dl_pch_preamble pre = {0};
                        printf("%s: %s\n", path,
                               dl_pch_for(pch, path, args, n, NULL) ? "stub headers precompiled"
                               : dl_pch_preamble_for(pch, path, args, n, NULL, 0, &pre)
                                       ? "preamble precompiled"
                                       : "not precompiled");
                        dl_pch_preamble_fini(&pre);
                }
                unsigned clang_errors = 0;
                enum dl_file_outcome out = dl_pipeline_file(&p, path, args, n, &clang_errors);
                if (out == DL_FILE_NOT_PARSED) {
                        printf("%s: not parsed (prefilter)\n", path);
                        char *dump = NULL;
                        size_t dump_len = 0;
                        dl_prefilter_free(p.prefilter);
                        p.prefilter = NULL;
                        p.dump = open_memstream(&dump, &dump_len);
                        struct dl_log quiet;
                        dl_log_init(&quiet, NULL, true);
                        p.log = &quiet;
                        dl_pipeline_file(&p, path, args, n, &clang_errors);
                        fclose(p.dump);
                        p.dump = NULL;
                        p.log = log;
                        dl_log_fini(&quiet);
                        if (dump_len) {
                                printf("FAIL %s: the prefilter would not parse it, but it holds "
                                       "requests:\n%s",
                                       path, dump);
                                ok = false;
                        }
                        free(dump);
                } else if (out != DL_FILE_ANALYSED) {
                        printf("FAIL %s: not analysed\n", path);
                        ok = false;
                }
                for (size_t i = 0; i < fx->n_args; i++)
                        free(expanded[i]);
                dl_pipeline_fini(&p);
        }
        dl_error_fini(&err);
        return ok;
}

/* Lints the definition file at path with the checks of fx. */
static bool lint_template(const char *path, const struct fixture *fx,
                          const struct dl_ruleset *rules, struct dl_finding_list *got,
                          struct dl_log *log)
{
        struct dl_error err;
        dl_error_init(&err);
        struct dl_pipeline p;
        bool ok = dl_pipeline_init(&p, rules, log, dl_finding_list_take, got, &err) == DL_OK;
        if (!ok) {
                printf("FAIL %s: configure failed\n", path);
        } else {
                const char *only[16];
                for (size_t i = 0; i < fx->n_checks; i++)
                        only[i] = fx->checks[i];
                dl_pipeline_only(&p, only, fx->n_checks);
                dl_pipeline_definitions(&p, path, NULL);
                dl_pipeline_fini(&p);
        }
        dl_error_fini(&err);
        return ok;
}

/* Whether two runs gave the same findings and tool diagnostics, in order;
 * prints the first difference. */
static bool same_results(const char *path, const struct dl_finding_list *a, const struct dl_log *la,
                         const struct dl_finding_list *b, const struct dl_log *lb)
{
        for (size_t k = 0; k < a->n || k < b->n; k++) {
                const struct dl_finding *x = k < a->n ? a->items[k] : NULL;
                const struct dl_finding *y = k < b->n ? b->items[k] : NULL;
                if (x && y && !strcmp(x->check_id, y->check_id) && x->loc.line == y->loc.line &&
                    x->loc.col == y->loc.col && x->severity == y->severity &&
                    !strcmp(x->message, y->message))
                        continue;
                printf("%s: with the precompiled stub headers, finding %zu differs: %s%s%s\n", path,
                       k + 1, x ? x->message : "(none)", " / ", y ? y->message : "(none)");
                return false;
        }
        for (size_t k = 0; k < la->n || k < lb->n; k++) {
                const struct dl_log_entry *x = k < la->n ? &la->items[k] : NULL;
                const struct dl_log_entry *y = k < lb->n ? &lb->items[k] : NULL;
                if (x && y && !strcmp(x->message, y->message) && x->line == y->line &&
                    x->col == y->col)
                        continue;
                printf("%s: with the precompiled stub headers, tool diagnostic %zu differs: "
                       "%s / %s\n",
                       path, k + 1, x ? x->message : "(none)", y ? y->message : "(none)");
                return false;
        }
        return true;
}

static bool run_fixture(const char *path, const char *src_dir, const char *bin_dir)
{
        char *ann_path = is_json(path) ? dl_xasprintf("%s.expect", path) : dl_xstrdup(path);
        char *text = slurp(ann_path);
        if (!text) {
                printf("FAIL %s: cannot read\n", ann_path);
                free(ann_path);
                return false;
        }
        free(ann_path);
        char *dir_id = dir_name_of(path);
        struct fixture fx;
        bool ok = parse_fixture(path, text, &fx, dir_id);
        free(text);
        free(dir_id);

        struct dl_ruleset *rules = NULL;
        struct dl_error err;
        dl_error_init(&err);
        const struct dl_catalogue *cat = dl_catalogue_get();
        const char **ids = dl_xcalloc(cat->n, sizeof *ids);
        for (size_t i = 0; i < cat->n; i++)
                ids[i] = cat->checks[i]->info->id;
        if (fx.rules[0]) {
                char *rp = dl_xasprintf("%s/tests/fixtures/rules/%s", src_dir, fx.rules);
                if (dl_ruleset_load(rp, ids, cat->n, &rules, &err) != DL_OK) {
                        char *m = dl_error_format(&err);
                        printf("FAIL %s: rules: %s\n", path, m);
                        free(m);
                        ok = false;
                }
                free(rp);
        }
        free(ids);
        if (!rules)
                rules = dl_ruleset_new_default();
        /* the driver's first pass over the fixture: its own inferred
         * wrappers (infer_pass.h), as a run over the file alone infers */
        struct dl_infer_pass ip = {0};
        {
                const char *args[80];
                char *expanded[64];
                size_t n = fixture_args(path, &fx, src_dir, args, expanded);
                const char *const *argv = args;
                struct dl_log quiet;
                dl_log_init(&quiet, NULL, false);
                struct dl_infer_inputs in = {&path, &argv, &n, 1, stub_dir_of(bin_dir), 1, NULL};
                dl_infer_pass_run(&ip, &in, false, &quiet);
                dl_log_fini(&quiet);
                for (size_t i = 0; i < fx.n_args; i++)
                        free(expanded[i]);
        }
        const struct dl_ruleset *all_rules = dl_infer_pass_rules(&ip, rules);

        struct dl_log log;
        dl_log_init(&log, NULL, true);
        struct dl_finding_list got = {0};
        bool *used = NULL;
        if (is_template(path)) {
                ok = lint_template(path, &fx, all_rules, &got, &log) && ok;
                goto match;
        }
        ok = analyse(path, &fx, all_rules, src_dir, bin_dir, NULL, false, &got, &log) && ok;

        /* The same file again with the stub headers precompiled and the
         * prefilter on: every finding and every tool diagnostic must be the
         * same (pch.h; prefilter.h: a file with findings is never left
         * unparsed). */
        char *cache = dl_xasprintf("%s/fixture-pch-cache", bin_dir);
        struct dl_pch *pch = dl_pch_new(stub_dir_of(bin_dir), cache);
        dl_pch_preambles(pch, 1ull << 30, 0); /* and each file's preamble where no stubs are */
        struct dl_log log2;
        dl_log_init(&log2, NULL, true);
        struct dl_finding_list got2 = {0};
        ok = analyse(path, &fx, all_rules, src_dir, bin_dir, pch, true, &got2, &log2) && ok;
        if (!same_results(path, &got, &log, &got2, &log2))
                ok = false;
        dl_finding_list_fini(&got2);
        dl_log_fini(&log2);
        dl_pch_free(pch);
        free(cache);

match:
        /* Match expectations. */
        used = dl_xcalloc(got.n + 1, sizeof *used);
        for (size_t i = 0; i < fx.n_anns; i++) {
                struct ann *a = &fx.anns[i];
                bool hit = false;
                for (size_t k = 0; k < got.n; k++) {
                        if (a->kind == ANN_OK || a->kind == ANN_TODO_OK) {
                                if (strcmp(got.items[k]->check_id, a->id) == 0 &&
                                    got.items[k]->loc.line == a->line) {
                                        hit = true;
                                        if (a->kind == ANN_TODO_OK)
                                                used[k] = true;
                                }
                                continue;
                        }
                        if (!used[k] && finding_matches(got.items[k], a)) {
                                used[k] = true;
                                hit = true;
                                break;
                        }
                }
                switch (a->kind) {
                case ANN_EXPECT:
                        if (!hit) {
                                printf("%s:%u: missing: expected %s%s%s%s%s\n", path, a->line,
                                       a->id, a->severity[0] ? " " : "", a->severity,
                                       a->message[0] ? ": " : "", a->message);
                                ok = false;
                        }
                        break;
                case ANN_OK:
                        if (hit) {
                                printf("%s:%u: unexpected %s finding on an ok: line\n", path,
                                       a->line, a->id);
                                ok = false;
                        }
                        break;
                case ANN_TODO_EXPECT:
                        if (hit) {
                                printf("%s:%u: XPASS: todo-expect %s now passes; make it "
                                       "expect:\n", path, a->line, a->id);
                                ok = false;
                        } else {
                                printf("%s:%u: XFAIL (known false negative) %s\n", path,
                                       a->line, a->id);
                        }
                        break;
                case ANN_TODO_OK:
                        if (!hit) {
                                printf("%s:%u: XPASS: todo-ok %s now passes; make it ok:\n",
                                       path, a->line, a->id);
                                ok = false;
                        } else {
                                printf("%s:%u: XFAIL (known false positive) %s\n", path,
                                       a->line, a->id);
                        }
                        break;
                }
        }
        for (size_t k = 0; k < got.n; k++) {
                if (!used[k]) {
                        const struct dl_finding *f = got.items[k];
                        printf("%s:%u:%u: unexpected finding: %s: %s [%s]\n", path, f->loc.line,
                               f->loc.col, dl_severity_str(f->severity), f->message,
                               f->check_id);
                        ok = false;
                }
        }
        /* Tool diagnostics must be declared. */
        bool *tool_hit = dl_xcalloc(fx.n_tools + 1, sizeof *tool_hit);
        for (size_t i = 0; i < log.n; i++) {
                const struct dl_log_entry *e = &log.items[i];
                bool declared = false;
                for (size_t t = 0; t < fx.n_tools; t++) {
                        if (strstr(e->message, fx.tools[t])) {
                                declared = true;
                                tool_hit[t] = true;
                        }
                }
                if (!declared) {
                        printf("%s:%u:%u: unexpected tool diagnostic [%s]: %s\n",
                               e->file ? e->file : path, e->line, e->col, e->id, e->message);
                        ok = false;
                }
        }
        for (size_t t = 0; t < fx.n_tools; t++) {
                if (!tool_hit[t]) {
                        printf("%s: missing tool diagnostic: %s\n", path, fx.tools[t]);
                        ok = false;
                }
        }
        free(tool_hit);
        free(used);
        dl_finding_list_fini(&got);
        for (size_t i = 0; i < fx.n_args; i++)
                free(fx.args[i]);
        free(fx.anns);
        dl_log_fini(&log);
        dl_infer_pass_fini(&ip);
        dl_ruleset_free(rules);
        dl_error_fini(&err);
        printf("%s %s\n", ok ? "PASS" : "FAIL", path);
        return ok;
}

int main(int argc, char **argv)
{
        const char *src = getenv("DL_SOURCE_DIR");
        const char *bin = getenv("DL_BINARY_DIR");
        if (!src || !bin) {
                fputs("fixture_runner: DL_SOURCE_DIR and DL_BINARY_DIR must be set\n", stderr);
                return 2;
        }
        unsigned passed = 0, failed = 0;
        for (int i = 1; i < argc; i++) {
                if (run_fixture(argv[i], src, bin))
                        passed++;
                else
                        failed++;
        }
        printf("%u passed, %u failed\n", passed, failed);
        return failed ? 1 : 0;
}
