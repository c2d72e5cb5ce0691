/* test_ruleset_errors.c - every bad rules file in tests/fixtures/rules-errors/
 * must fail to load, or to configure the checks (their options), with exactly
 * the error its `# expect-error:` comment names.
 * SPDX-License-Identifier: MIT
 *
 * Format of the comment (design.md section 15):
 *
 *     # expect-error: LINE:COL: message substring
 *
 * The loader stops at the first error, so a file holds exactly one such
 * comment. An error in a file the rules file imports (`tables-from:`) names
 * that file, given beside the rules file with
 *
 *     # expect-file: imports/template.yaml
 * The test checks the status, err->file (the path given), the
 * 1-based line and column, and that the message contains the substring.
 * Each file is its own cmocka test, named after the file.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "checks/check.h"
#include "core/alloc.h"
#include "core/strbuf.h"
#include "rules/ruleset.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef DL_SOURCE_DIR
#error "DL_SOURCE_DIR must be defined by tests/CMakeLists.txt"
#endif

#define ERRORS_DIR DL_SOURCE_DIR "/tests/fixtures/rules-errors"

struct expectation {
        unsigned line, col;
        char substring[512];
        size_t count; /* number of expect-error comments in the file */
        char file[256];   /* expect-file: relative to the rules file's directory, or "" */
};

static void read_expectation(const char *path, struct expectation *e)
{
        memset(e, 0, sizeof *e);
        FILE *f = fopen(path, "rb");
        assert_non_null(f);
        char line[1024];
        static const char tag[] = "# expect-error:";
        static const char ftag[] = "# expect-file:";
        while (fgets(line, sizeof line, f)) {
                char *fp = strstr(line, ftag);
                if (fp) {
                        fp += sizeof ftag - 1;
                        while (*fp == ' ')
                                fp++;
                        snprintf(e->file, sizeof e->file, "%.*s", (int)strcspn(fp, "\r\n"), fp);
                        continue;
                }
                char *p = strstr(line, tag);
                if (!p)
                        continue;
                e->count++;
                p += sizeof tag - 1;
                char *end = NULL;
                e->line = (unsigned)strtoul(p, &end, 10);
                if (*end == ':')
                        e->col = (unsigned)strtoul(end + 1, &end, 10);
                if (*end == ':')
                        end++;
                while (*end == ' ')
                        end++;
                size_t n = strcspn(end, "\r\n");
                if (n >= sizeof e->substring)
                        n = sizeof e->substring - 1;
                memcpy(e->substring, end, n);
                e->substring[n] = '\0';
        }
        fclose(f);
}

static void catalogue_ids(const char ***ids, size_t *n)
{
        const struct dl_catalogue *cat = dl_catalogue_get();
        *ids = dl_xcalloc(cat->n, sizeof **ids);
        for (size_t i = 0; i < cat->n; i++)
                (*ids)[i] = cat->checks[i]->info->id;
        *n = cat->n;
}

static void test_rules_error_file(void **state)
{
        const char *path = *state;
        struct expectation e;
        read_expectation(path, &e);
        if (e.count != 1)
                fail_msg("%s: expected exactly one '# expect-error:' comment, found %zu", path,
                         e.count);
        assert_true(e.line > 0 && e.col > 0 && e.substring[0]);

        const char **ids;
        size_t n_ids;
        catalogue_ids(&ids, &n_ids);
        struct dl_ruleset *rs = (struct dl_ruleset *)1;
        struct dl_error err;
        dl_error_init(&err);
        enum dl_status st = dl_ruleset_load(path, ids, n_ids, &rs, &err);
        free(ids);
        if (st == DL_OK) {
                /* Options are the checks' to validate (dl_catalogue_configure,
                 * as the CLI does before analysing anything). */
                void **states = dl_xcalloc(dl_catalogue_get()->n, sizeof *states);
                st = dl_catalogue_configure(rs, states, &err);
                dl_catalogue_destroy(states);
                free(states);
                dl_ruleset_free(rs);
                rs = NULL;
                if (st == DL_OK)
                        fail_msg("%s: loaded and configured, but expected %u:%u: %s", path,
                                 e.line, e.col, e.substring);
        }
        assert_null(rs);
        char *got = dl_error_format(&err);
        char *want_file = e.file[0] ? dl_xasprintf("%.*s/%s", (int)(strrchr(path, '/') - path),
                                                   path, e.file)
                                    : dl_xstrdup(path);
        bool ok = err.file && !strcmp(err.file, want_file) && err.line == e.line &&
                  err.col == e.col && err.message && strstr(err.message, e.substring);
        if (!ok) {
                print_error("expected %s:%u:%u: ...%s...\n     got %s\n", want_file, e.line,
                            e.col, e.substring, got);
                free(got);
                free(want_file);
                dl_error_fini(&err);
                fail();
        }
        /* The formatted message starts with file:line:col: as the CLI prints it. */
        char *prefix = dl_xasprintf("%s:%u:%u: ", want_file, e.line, e.col);
        free(want_file);
        assert_true(strncmp(got, prefix, strlen(prefix)) == 0);
        free(prefix);
        free(got);
        dl_error_fini(&err);
}

static int cmp_str(const void *a, const void *b)
{
        return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
        DIR *d = opendir(ERRORS_DIR);
        if (!d) {
                fprintf(stderr, "cannot open %s\n", ERRORS_DIR);
                return 1;
        }
        char **paths = NULL;
        size_t n = 0, cap = 0;
        struct dirent *de;
        while ((de = readdir(d))) {
                size_t len = strlen(de->d_name);
                if (de->d_name[0] == '.' || len < 6 || strcmp(de->d_name + len - 5, ".yaml"))
                        continue;
                if (n == cap) {
                        cap = cap ? cap * 2 : 32;
                        paths = dl_xrealloc(paths, cap * sizeof *paths);
                }
                paths[n++] = dl_xasprintf("%s/%s", ERRORS_DIR, de->d_name);
        }
        closedir(d);
        qsort(paths, n, sizeof *paths, cmp_str);

        /* The design asks for at least a dozen bad files. */
        if (n < 12) {
                fprintf(stderr, "only %zu files in %s; expected at least 12\n", n, ERRORS_DIR);
                return 1;
        }
        struct CMUnitTest *tests = dl_xcalloc(n, sizeof *tests);
        for (size_t i = 0; i < n; i++) {
                tests[i].name = strrchr(paths[i], '/') + 1;
                tests[i].test_func = test_rules_error_file;
                tests[i].initial_state = paths[i];
        }
        int rc = _cmocka_run_group_tests("rules-errors", tests, n, NULL, NULL);
        free(tests);
        for (size_t i = 0; i < n; i++)
                free(paths[i]);
        free(paths);
        return rc;
}
