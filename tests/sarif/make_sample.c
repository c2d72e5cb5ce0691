/* make_sample.c - write sample SARIF logs for the validation test
 * (tests/sarif.cmake): a tiny project with findings that have related
 * locations, a non-ASCII line, an inline suppression, a baselined finding,
 * tool notifications and a file outside the project root; through the real
 * sink and SARIF reporter.
 *   make_sample OUTDIR   writes OUTDIR/project/..., OUTDIR/sample.sarif and
 *                        OUTDIR/sample-suppressed.sarif (include_suppressed)
 * SPDX-License-Identifier: MIT
 */
#include "checks/check.h"
#include "core/alloc.h"
#include "core/log.h"
#include "findings/baseline.h"
#include "findings/fileio.h"
#include "findings/finding.h"
#include "findings/sink.h"
#include "report/reporter.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char REPORT_CPP[] =
        "#include <aws/dynamodb/DynamoDBClient.h>\n"
        "// R\xC3\xA9sum\xC3\xA9 of all orders \xF0\x9F\x93\xA6\n"
        "void nightly_report(Aws::DynamoDB::DynamoDBClient &c) {\n"
        "  Aws::DynamoDB::Model::ScanRequest req; /* caf\xC3\xA9 */ req.SetTableName(\"Orders\");\n"
        "  auto out = c.Scan(req);\n"
        "  // ddblint: ignore[scan] the archive table is tiny\n"
        "  c.Scan(archive);\n"
        "}\n";

static const char ORDERS_CPP[] =
        "void find(Aws::DynamoDB::DynamoDBClient &c) {\n"
        "  Aws::DynamoDB::Model::QueryRequest q;\n"
        "  q.SetTableName(\"Orders\");\n"
        "  c.Query(q);\n"
        "  c.Scan(old);\n"
        "}\n";

static void die(const char *what, const struct dl_error *err)
{
        char *m = err && err->message ? dl_error_format(err) : dl_xstrdup("");
        fprintf(stderr, "make_sample: %s: %s\n", what, m);
        free(m);
        exit(2);
}

static char *put(const char *dir, const char *name, const char *text)
{
        char *p = dl_xasprintf("%s/%s", dir, name);
        struct dl_error err;
        dl_error_init(&err);
        if (dl_file_write_atomic(p, text, strlen(text), &err) != DL_OK)
                die("write", &err);
        return p;
}

static struct dl_finding *finding(const char *file, unsigned line, unsigned col, const char *id,
                                  enum dl_severity sev, const char *msg, const char *sig)
{
        struct dl_loc l = {file, line, col};
        struct dl_finding *f = dl_finding_new(id, sev, &l, msg);
        f->function = dl_xstrdup(strstr(file, "report") ? "nightly_report" : "find");
        f->signature = dl_xstrdup(sig);
        return f;
}

/* One run through the sink and the SARIF reporter. */
static void run(const char *outdir, const char *project, char **src, const char *sarif,
                bool include_suppressed, const char *baseline)
{
        static const char *const argv[] = {"ddblint", "--format", "sarif", "src"};
        const struct dl_catalogue *cat = dl_catalogue_get();
        const char **ids = dl_xcalloc(cat->n + 1, sizeof *ids);
        for (size_t i = 0; i < cat->n; i++)
                ids[i] = cat->checks[i]->info->id;
        struct dl_sink_opts o = {.known_ids = ids, .n_known_ids = cat->n,
                                 .project_root = project, .baseline_path = baseline};
        struct dl_sink *s = dl_sink_new(&o);
        struct dl_log log;
        dl_log_init(&log, NULL, false);
        struct dl_error err;
        dl_error_init(&err);

        struct dl_finding *f = finding(src[0], 5, 16, "scan", DL_SEV_WARNING,
                                       "Scan of table 'Orders' reads every item of the table",
                                       "Scan table=Orders");
        dl_finding_set_end(f, 5, 22);
        struct dl_loc rel = {src[0], 4, 60};
        dl_finding_add_related(f, &rel, "table chosen here");
        dl_sink_emit(s, f);
        /* On a line with non-ASCII text before the column. */
        f = finding(src[0], 4, 58, "scan", DL_SEV_NOTE, "request built here \xE2\x80\x94 'caf\xC3\xA9'",
                    "Scan table=Orders note");
        dl_sink_emit(s, f);
        dl_sink_emit(s, finding(src[0], 7, 3, "scan", DL_SEV_WARNING,
                                "Scan of a table named at run time", "Scan table=?"));
        f = finding(src[1], 4, 3, "query-missing-key-condition", DL_SEV_ERROR,
                    "Query of table 'Orders' sets no KeyConditionExpression", "Query table=Orders");
        struct dl_loc rel2 = {src[1], 2, 3};
        dl_finding_add_related(f, &rel2, "request declared here");
        dl_sink_emit(s, f);
        dl_sink_emit(s, finding(src[1], 5, 3, "scan", DL_SEV_WARNING, "Scan of table 'Old'",
                                "Scan table=Old"));
        for (int i = 0; i < 2; i++)
                dl_sink_add_source(s, src[i]);

        struct dl_loc nl = {src[1], 1, 6};
        dl_log_add(&log, DL_LOG_WARNING, "clang-error",
                   &nl, "unknown type name 'Aws' (project header not found)");
        struct dl_loc outside = {"/usr/include/aws/core/Aws.h", 1, 1};
        dl_log_add(&log, DL_LOG_NOTE, "stub-headers", &outside, "using ddblint's stub headers");
        dl_log_add(&log, DL_LOG_NOTE, "compile-flags", NULL,
                   "no compile_commands.json; default flags for C++");

        if (dl_sink_finish(s, &log, &err) != DL_OK)
                die("finish", &err);
        if (!baseline) {
                /* Accept only the Scan of 'Old' into a baseline for the
                 * second run, so it mixes shown, inline and baselined. */
                char *bl = dl_xasprintf("%s/baseline.json", outdir);
                size_t n;
                const struct dl_finding *const *fs = dl_sink_findings(s, &n);
                for (size_t i = 0; i < n; i++) {
                        if (strstr(fs[i]->message, "'Old'") &&
                            dl_baseline_save(bl, &fs[i], NULL, 1, &err) != DL_OK)
                                die("baseline", &err);
                }
                free(bl);
        }

        /* Every rule's help: the check's whole page (docs/checks/<id>.md)
         * where the source tree is at hand, under a help base URL. */
        const char **uris = dl_xcalloc(cat->n + 1, sizeof *uris);
        char **pages = dl_xcalloc(cat->n + 1, sizeof *pages);
        const char *src_dir = getenv("DL_SOURCE_DIR");
        for (size_t i = 0; i < cat->n; i++) {
                uris[i] = dl_help_uri("https://docs.example.com/ddblint/{id}.html", ids[i]);
                if (src_dir) {
                        char *p = dl_xasprintf("%s/docs/checks/%s.md", src_dir, ids[i]);
                        size_t len = 0;
                        if (dl_file_read(p, &pages[i], &len, NULL) != DL_OK)
                                pages[i] = NULL;
                        free(p);
                }
        }
        struct dl_report_opts ro = {.path = sarif,
                                    .project_root = project,
                                    .tool_version = "0.1.0",
                                    .include_suppressed = include_suppressed,
                                    .help_uri = uris,
                                    .help_markdown = (const char *const *)pages};
        struct dl_reporter *r = dl_reporter_sarif_new_opts(&ro);
        r->begin(r, cat);
        size_t n;
        const struct dl_finding *const *fs = dl_sink_findings(s, &n);
        for (size_t i = 0; i < n; i++)
                r->finding(r, fs[i]);
        const char *arts[] = {src[0], src[1]};
        char *rules = dl_xasprintf("%s/.ddblint.yaml", project);
        const char *confs[] = {rules};
        struct dl_run_summary sum = {
                &log, dl_sink_get_stats(s), true, arts, 2, argv, 4, confs, 1, 0, 0};
        if (r->end(r, &sum) != DL_OK) {
                fprintf(stderr, "make_sample: %s\n", dl_reporter_error(r));
                exit(2);
        }
        r->destroy(r);
        for (size_t i = 0; i < cat->n; i++) {
                free((char *)uris[i]);
                free(pages[i]);
        }
        free(uris);
        free(pages);
        free(rules);
        dl_sink_free(s);
        dl_log_fini(&log);
        free(ids);
}

int main(int argc, char **argv)
{
        if (argc != 2) {
                fprintf(stderr, "usage: make_sample OUTDIR\n");
                return 2;
        }
        const char *out = argv[1];
        char *project = dl_xasprintf("%s/project", out);
        char *srcdir = dl_xasprintf("%s/src", project);
        mkdir(out, 0755);
        mkdir(project, 0755);
        mkdir(srcdir, 0755);
        char *src[2] = {put(srcdir, "report.cpp", REPORT_CPP), put(srcdir, "orders.cpp", ORDERS_CPP)};
        free(put(project, ".ddblint.yaml", "version: 1\ntables-from: template.yaml\n"));
        char *a = dl_xasprintf("%s/sample.sarif", out);
        char *b = dl_xasprintf("%s/sample-suppressed.sarif", out);
        char *bl = dl_xasprintf("%s/baseline.json", out);
        run(out, project, src, a, false, NULL);     /* also writes the baseline */
        run(out, project, src, b, true, bl);        /* baseline applied */
        printf("%s\n%s\n", a, b);
        free(a), free(b), free(bl), free(src[0]), free(src[1]), free(srcdir), free(project);
        return 0;
}
