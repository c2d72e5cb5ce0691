/* diag.c - findings as LSP diagnostics.
 * SPDX-License-Identifier: MIT
 */
#include "diag.h"

#include "position.h"

#include "../core/alloc.h"
#include "../findings/finding.h"
#include "../findings/sink.h"
#include "../report/json_text.h"

#include <stdlib.h>
#include <string.h>

/* LSP's DiagnosticSeverity. */
enum { SEV_ERROR = 1, SEV_WARNING = 2, SEV_INFORMATION = 3 };

static json_t *position(const struct dl_lsp_text *t, unsigned line, unsigned col)
{
        json_t *pos = json_object();
        json_object_set_new(pos, "line", json_integer(line ? line - 1 : 0));
        json_object_set_new(pos, "character",
                            json_integer(dl_lsp_character(t->text, t->len, line, col, t->utf8)));
        return pos;
}

json_t *dl_lsp_range(const struct dl_lsp_text *t, unsigned line, unsigned col, unsigned end_line,
                     unsigned end_col)
{
        if (!end_line || !end_col) {
                end_line = line;
                end_col = dl_lsp_word_end(t->text, t->len, line, col ? col : 1);
        }
        json_t *r = json_object();
        json_object_set_new(r, "start", position(t, line, col));
        json_object_set_new(r, "end", position(t, end_line, end_col));
        return r;
}

static json_t *diagnostic(json_t *range, int severity, const char *code, const char *message)
{
        json_t *d = json_object();
        json_object_set_new(d, "range", range);
        json_object_set_new(d, "severity", json_integer(severity));
        json_object_set_new(d, "code", dl_json_text(code));
        json_object_set_new(d, "source", json_string("ddblint"));
        json_object_set_new(d, "message", dl_json_text(message));
        return d;
}

/* A related location: positions counted in t when it lies in path, else
 * as bytes (ddblint does not hold that file's text). */
static json_t *related(const struct dl_related *rel, const char *path, const struct dl_lsp_text *t)
{
        static const struct dl_lsp_text none = {"", 0, true};
        const struct dl_lsp_text *in = rel->loc.file && !strcmp(rel->loc.file, path) ? t : &none;
        char *uri = dl_lsp_path_uri(rel->loc.file ? rel->loc.file : path);
        json_t *loc = json_object();
        json_object_set_new(loc, "uri", dl_json_text(uri));
        json_object_set_new(
                loc, "range",
                dl_lsp_range(in, rel->loc.line, rel->loc.col, rel->loc.end_line, rel->loc.end_col));
        free(uri);
        json_t *ri = json_object();
        json_object_set_new(ri, "location", loc);
        json_object_set_new(ri, "message", dl_json_text(rel->message));
        return ri;
}

static json_t *finding(const struct dl_lsp_project *p, const struct dl_finding *f, const char *path,
                       const struct dl_lsp_text *t)
{
        int sev = f->severity == DL_SEV_ERROR     ? SEV_ERROR
                  : f->severity == DL_SEV_WARNING ? SEV_WARNING
                                                  : SEV_INFORMATION;
        json_t *d = diagnostic(
                dl_lsp_range(t, f->loc.line, f->loc.col, f->loc.end_line, f->loc.end_col), sev,
                f->check_id, f->message);
        const char *href = dl_lsp_project_help(p, f->check_id);
        if (href) {
                json_t *cd = json_object();
                json_object_set_new(cd, "href", dl_json_text(href));
                json_object_set_new(d, "codeDescription", cd);
        }
        if (f->n_related) {
                json_t *a = json_array();
                for (size_t i = 0; i < f->n_related; i++)
                        json_array_append_new(a, related(&f->related[i], path, t));
                json_object_set_new(d, "relatedInformation", a);
        }
        if (f->fingerprint) {
                json_t *data = json_object();
                json_object_set_new(data, "fingerprint", dl_json_text(f->fingerprint));
                json_object_set_new(d, "data", data);
        }
        return d;
}

json_t *dl_lsp_diagnostics(const struct dl_lsp_project *p, const struct dl_lsp_result *r,
                           const char *path, const struct dl_lsp_text *t)
{
        json_t *out = json_array();
        size_t n = 0;
        const struct dl_finding *const *fs = r->sink ? dl_sink_findings(r->sink, &n) : NULL;
        for (size_t i = 0; i < n; i++) {
                const struct dl_finding *f = fs[i];
                if (f->suppressed == DL_SUPPRESS_NONE && f->loc.file && !strcmp(f->loc.file, path))
                        json_array_append_new(out, finding(p, f, path, t));
        }
        for (size_t i = 0; i < r->log.n; i++) {
                const struct dl_log_entry *e = &r->log.items[i];
                if (e->level == DL_LOG_NOTE || !e->file || strcmp(e->file, path) != 0)
                        continue;
                json_t *range = dl_lsp_range(t, e->line ? e->line : 1, e->col ? e->col : 1, 0, 0);
                json_array_append_new(
                        out, diagnostic(range, e->level == DL_LOG_ERROR ? SEV_ERROR : SEV_WARNING,
                                        e->id, e->message));
        }
        return out;
}

json_t *dl_lsp_error_diagnostic(const struct dl_error *err, const char *id,
                                const struct dl_lsp_text *t)
{
        json_t *range = dl_lsp_range(t, err->line ? err->line : 1, err->col ? err->col : 1, 0, 0);
        return diagnostic(range, SEV_ERROR, id, err->message ? err->message : "error");
}
