/* recognize_runner.c - runs dl_analyze_file() on recognizer fixtures and
 * compares each request's dl_request_dump() line with the annotations.
 * SPDX-License-Identifier: MIT
 *
 * Usage: recognize_runner [--include DIR] [--stubs DIR] FILE.cpp|FILE.c...
 * (a .c file is parsed as C, anything else as C++: dl_compdb_lang_args)
 * Annotations (design.md 15), applying to the next non-annotation line:
 *   // request: <Op[Kind]> key=value ... [escaped] [inferred]
 *   // request-count: N            (anywhere: requests in the whole file)
 *   // clang-errors: N             (anywhere: errors clang reports in the file;
 *                                   a C file misparsed as C++ would have some)
 *   // rules: FILE.yaml            (anywhere: the rules file, relative to the
 *                                   fixture's directory; its wrappers: apply)
 * Several request: lines may stack for one line (in call order). A key
 * given as <absent> must be missing from the dump; other keys must match
 * exactly; flags are compared when listed. The pseudo-key col=N asserts the
 * call's column (bless does not keep it). A request on a line with no
 * annotation fails the file. DL_BLESS=1 rewrites request: lines (and adds
 * missing ones). Prints "N passed, N failed"; exits 1 on any failure.
 */
#include "recognize/analyze.h"
#include "recognize/prefilter.h"
#include "rules/ruleset.h"

#include "core/alloc.h"
#include "core/arena.h"
#include "core/log.h"
#include "core/strbuf.h"
#include "frontend/compdb.h"
#include "model/request.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct line_vec {
        char **items;
        size_t n, cap;
};

static void push_line(struct line_vec *v, char *s)
{
        if (v->n == v->cap) {
                v->cap = v->cap ? v->cap * 2 : 64;
                v->items = dl_xrealloc(v->items, v->cap * sizeof *v->items);
        }
        v->items[v->n++] = s;
}

static bool read_lines(const char *path, struct line_vec *out)
{
        FILE *f = fopen(path, "rb");
        if (!f)
                return false;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        int c;
        while ((c = fgetc(f)) != EOF) {
                if (c == '\n') {
                        push_line(out, dl_strbuf_take(&sb));
                        continue;
                }
                dl_strbuf_putc(&sb, (char)c);
        }
        if (sb.len)
                push_line(out, dl_strbuf_take(&sb));
        dl_strbuf_fini(&sb);
        fclose(f);
        return true;
}

/* The text after "// <tag>:" on a line, or NULL. */
static const char *annotation(const char *line, const char *tag)
{
        const char *p = strstr(line, "//");
        if (!p)
                return NULL;
        p += 2;
        while (*p == ' ')
                p++;
        size_t n = strlen(tag);
        if (strncmp(p, tag, n) != 0 || p[n] != ':')
                return NULL;
        p += n + 1;
        while (*p == ' ')
                p++;
        return p;
}

static bool is_annotation(const char *line)
{
        return annotation(line, "request") || annotation(line, "request-count") ||
               annotation(line, "clang-errors") || annotation(line, "rules");
}

/* Split a dump into top-level words (quotes and brackets respected). */
static size_t split(const char *s, char **words, size_t max)
{
        size_t n = 0;
        while (*s && n < max) {
                while (*s == ' ')
                        s++;
                if (!*s)
                        break;
                const char *b = s;
                int depth = 0;
                bool q = false;
                while (*s && (q || depth || *s != ' ')) {
                        if (q && *s == '\\' && s[1]) {
                                s += 2;
                                continue;
                        }
                        if (*s == '"')
                                q = !q;
                        else if (!q && (*s == '{' || *s == '['))
                                depth++;
                        else if (!q && (*s == '}' || *s == ']'))
                                depth--;
                        s++;
                }
                words[n++] = dl_xstrndup(b, (size_t)(s - b));
        }
        return n;
}

static const char *find_key(char **w, size_t n, const char *key, size_t klen)
{
        for (size_t i = 1; i < n; i++) {
                if (!strncmp(w[i], key, klen) && w[i][klen] == '=')
                        return w[i] + klen + 1;
                if (!strncmp(w[i], key, klen) && w[i][klen] == '\0')
                        return "";
        }
        return NULL;
}

/* Compare an expectation with a dump; describe the first mismatch in why. */
static bool matches(const char *expect, const char *dump, struct dl_strbuf *why)
{
        char *ew[128], *dw[128];
        size_t en = split(expect, ew, 128), dn = split(dump, dw, 128);
        bool ok = true;
        if (!en || !dn || strcmp(ew[0], dw[0]) != 0) {
                dl_strbuf_printf(why, "operation differs");
                ok = false;
        }
        for (size_t i = 1; ok && i < en; i++) {
                char *eq = strchr(ew[i], '=');
                size_t klen = eq ? (size_t)(eq - ew[i]) : strlen(ew[i]);
                const char *got = find_key(dw, dn, ew[i], klen);
                if (!eq) {
                        if (!got) {
                                dl_strbuf_printf(why, "flag '%s' missing", ew[i]);
                                ok = false;
                        }
                        continue;
                }
                if (!strcmp(eq + 1, "<absent>")) {
                        if (got) {
                                dl_strbuf_printf(why, "%.*s: expected <absent>, got %s", (int)klen,
                                                 ew[i], got);
                                ok = false;
                        }
                        continue;
                }
                if (!got || strcmp(got, eq + 1) != 0) {
                        dl_strbuf_printf(why, "%.*s: expected %s, got %s", (int)klen, ew[i],
                                         eq + 1, got ? got : "<absent>");
                        ok = false;
                }
        }
        for (size_t i = 0; i < en; i++)
                free(ew[i]);
        for (size_t i = 0; i < dn; i++)
                free(dw[i]);
        return ok;
}

struct opts {
        const char *include, *stubs;
        bool bless;
};

static bool run_file(const struct opts *o, const char *path)
{
        struct line_vec lines = {0};
        if (!read_lines(path, &lines)) {
                printf("FAIL %s: cannot read\n", path);
                return false;
        }
        char inc[4096];
        snprintf(inc, sizeof inc, "-I%s", o->include ? o->include : ".");
        const char *args[] = {"-xc++", "-std=c++17", inc};
        dl_compdb_lang_args(path, &args[0], &args[1]); /* a .c fixture is C */
        struct dl_ruleset *rules = NULL;
        for (size_t i = 0; i < lines.n && !rules; i++) {
                const char *name = annotation(lines.items[i], "rules");
                if (!name)
                        continue;
                const char *slash = strrchr(path, '/');
                char *rp = dl_xasprintf("%.*s%s", slash ? (int)(slash - path + 1) : 0, path, name);
                struct dl_error rerr;
                dl_error_init(&rerr);
                bool loaded = dl_ruleset_load(rp, NULL, 0, &rules, &rerr) == DL_OK;
                if (!loaded) {
                        char *m = dl_error_format(&rerr);
                        printf("FAIL %s: rules: %s\n", path, m);
                        free(m);
                }
                dl_error_fini(&rerr);
                free(rp);
                if (!loaded) {
                        for (size_t k = 0; k < lines.n; k++)
                                free(lines.items[k]);
                        free(lines.items);
                        return false;
                }
        }
        struct dl_analyze_opts ao = {args, 3, o->stubs, rules, false, NULL, 0, NULL, NULL, NULL, 0};
        struct dl_arena arena;
        dl_arena_init(&arena);
        struct dl_log log;
        dl_log_init(&log, NULL, false);
        struct dl_analysis an;
        struct dl_error err;
        dl_error_init(&err);
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        enum dl_status st = dl_analyze_file(path, &ao, &arena, &log, &an, &err);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
        bool ok = true;
        if (st != DL_OK) {
                printf("FAIL %s: %s\n", path, err.message ? err.message : "analysis failed");
                ok = false;
                an.n_requests = 0;
        }
        /* The prefilter's soundness: a file that holds a request is never
         * left unparsed (recognize/prefilter.h). */
        if (an.n_requests > 0) {
                struct dl_prefilter *pf = dl_prefilter_new(rules);
                if (!dl_prefilter_may_hold(pf, path, args, 3, o->stubs)) {
                        printf("FAIL %s: holds %zu requests, but the prefilter would not parse "
                               "it\n",
                               path, an.n_requests);
                        ok = false;
                }
                dl_prefilter_free(pf);
        }
        char **dumps = dl_xcalloc(an.n_requests + 1, sizeof *dumps);
        for (size_t i = 0; i < an.n_requests; i++) {
                struct dl_strbuf sb;
                dl_strbuf_init(&sb);
                dl_request_dump(&sb, &an.requests[i]);
                dumps[i] = dl_strbuf_take(&sb);
                if (getenv("DL_VERBOSE"))
                        fprintf(stderr, "%s:%u:%u: %s [%s]\n", path, an.requests[i].call.line,
                                an.requests[i].call.col, dumps[i],
                                an.requests[i].function ? an.requests[i].function : "");
        }
        bool *used = dl_xcalloc(an.n_requests + 1, sizeof *used);
        long want_count = -1, want_errors = -1;
        /* walk annotations: a block of request: lines applies to the next line */
        struct line_vec out = {0};
        for (size_t i = 0; i < lines.n; i++) {
                const char *cnt = annotation(lines.items[i], "request-count");
                if (cnt)
                        want_count = strtol(cnt, NULL, 10);
                const char *errs = annotation(lines.items[i], "clang-errors");
                if (errs)
                        want_errors = strtol(errs, NULL, 10);
                if (is_annotation(lines.items[i])) {
                        push_line(&out, dl_xstrdup(lines.items[i]));
                        continue;
                }
                unsigned lineno = (unsigned)i + 1;
                /* the annotation block just above */
                size_t b = i;
                while (b > 0 && is_annotation(lines.items[b - 1]))
                        b--;
                size_t k = 0;
                char *exp_lines[64];
                size_t ne = 0;
                for (size_t j = b; j < i; j++) {
                        if (annotation(lines.items[j], "request") && ne < 64)
                                exp_lines[ne++] = lines.items[j];
                }
                for (size_t r = 0; r < an.n_requests; r++) {
                        if (an.requests[r].call.line != lineno ||
                            strcmp(an.requests[r].call.file, path) != 0)
                                continue;
                        used[r] = true;
                        if (k < ne) {
                                struct dl_strbuf why;
                                dl_strbuf_init(&why);
                                /* col=N (the call's column) can be asserted too */
                                char *with_col = dl_xasprintf("%s col=%u", dumps[r],
                                                              an.requests[r].call.col);
                                bool same = matches(annotation(exp_lines[k], "request"), with_col,
                                                    &why);
                                free(with_col);
                                if (!same) {
                                        if (!o->bless)
                                                printf("FAIL %s:%u: %s\n  expected: %s\n  got:      %s\n",
                                                       path, lineno, dl_strbuf_cstr(&why),
                                                       annotation(exp_lines[k], "request"), dumps[r]);
                                        ok = false;
                                }
                                dl_strbuf_fini(&why);
                        } else {
                                if (!o->bless)
                                        printf("FAIL %s:%u: unexpected request: %s\n", path, lineno,
                                               dumps[r]);
                                ok = false;
                        }
                        k++;
                }
                if (k < ne) {
                        if (!o->bless)
                                printf("FAIL %s:%u: %zu request(s) expected, %zu found\n", path,
                                       lineno, ne, k);
                        ok = false;
                }
                if (o->bless) {
                        /* rewrite the block: keep non-request annotations, then dumps */
                        for (size_t j = b; j < i; j++)
                                free(out.items[--out.n]);
                        const char *indent_src = lines.items[i];
                        size_t ind = strspn(indent_src, " \t");
                        for (size_t j = b; j < i; j++) {
                                if (!annotation(lines.items[j], "request"))
                                        push_line(&out, dl_xstrdup(lines.items[j]));
                        }
                        for (size_t r = 0; r < an.n_requests; r++) {
                                if (an.requests[r].call.line == lineno &&
                                    !strcmp(an.requests[r].call.file, path))
                                        push_line(&out, dl_xasprintf("%.*s// request: %s", (int)ind,
                                                                     indent_src, dumps[r]));
                        }
                }
                push_line(&out, dl_xstrdup(lines.items[i]));
        }
        for (size_t r = 0; r < an.n_requests; r++) {
                if (!used[r]) {
                        printf("FAIL %s:%u: request outside the file's lines: %s\n", path,
                               an.requests[r].call.line, dumps[r]);
                        ok = false;
                }
        }
        if (want_count >= 0 && (size_t)want_count != an.n_requests) {
                printf("FAIL %s: request-count %ld expected, %zu found\n", path, want_count,
                       an.n_requests);
                ok = false;
        }
        if (want_errors >= 0 && (unsigned long)want_errors != an.clang_errors) {
                printf("FAIL %s: clang-errors %ld expected, %u found\n", path, want_errors,
                       an.clang_errors);
                ok = false;
        }
        for (size_t i = 0; i < log.n; i++) {
                if (!strcmp(log.items[i].id, "recovered-function") || getenv("DL_VERBOSE"))
                        fprintf(stderr, "%s:%u:%u: note: %s [%s]\n",
                                log.items[i].file ? log.items[i].file : path, log.items[i].line,
                                log.items[i].col, log.items[i].message, log.items[i].id);
        }
        if (o->bless && !ok) {
                FILE *f = fopen(path, "wb");
                if (f) {
                        for (size_t i = 0; i < out.n; i++)
                                fprintf(f, "%s\n", out.items[i]);
                        fclose(f);
                        printf("BLESSED %s\n", path);
                }
                ok = true;
        }
        fprintf(stderr, "%s: %zu requests, %u clang errors, %.1f ms\n", path, an.n_requests,
                an.clang_errors, ms);
        for (size_t i = 0; i < out.n; i++)
                free(out.items[i]);
        free(out.items);
        for (size_t i = 0; i < an.n_requests; i++)
                free(dumps[i]);
        free(dumps);
        free(used);
        for (size_t i = 0; i < lines.n; i++)
                free(lines.items[i]);
        free(lines.items);
        dl_error_fini(&err);
        dl_log_fini(&log);
        dl_arena_fini(&arena);
        dl_ruleset_free(rules);
        return ok;
}

int main(int argc, char **argv)
{
        struct opts o = {NULL, NULL, false};
        const char *bless = getenv("DL_BLESS");
        o.bless = bless && !strcmp(bless, "1");
        unsigned passed = 0, failed = 0;
        for (int i = 1; i < argc; i++) {
                if (!strcmp(argv[i], "--include") && i + 1 < argc) {
                        o.include = argv[++i];
                } else if (!strcmp(argv[i], "--stubs") && i + 1 < argc) {
                        o.stubs = argv[++i];
                } else if (run_file(&o, argv[i])) {
                        passed++;
                } else {
                        failed++;
                }
        }
        printf("%u passed, %u failed\n", passed, failed);
        return failed ? 1 : 0;
}
