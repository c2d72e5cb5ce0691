/* json.c - the JSON reporter (--format json; docs/json-output.md).
 * SPDX-License-Identifier: MIT
 *
 * One document written at end(), built as a jansson tree with
 * JSON_PRESERVE_ORDER and keys added in a fixed order: the same findings
 * give the same bytes. Text that is not valid UTF-8 becomes U+FFFD
 * (dl_json_text), as in the SARIF log.
 */
#include "reporter.h"

#include "../checks/check.h"
#include "../core/alloc.h"
#include "../core/log.h"
#include "../core/strbuf.h"
#include "../findings/fileio.h"
#include "../findings/finding.h"
#include "../findings/sink.h"
#include "json_text.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

struct json_reporter {
        struct dl_reporter base; /* first: the reporter is cast to this */
        char *path;
        FILE *stream;
        char *version;
        bool include_suppressed;
        const char *const *help_uri;
        const struct dl_catalogue *catalogue;
        json_t *findings;
};

/* A JSON string of s, or null for NULL. */
static json_t *jstr(const char *s)
{
        return s ? dl_json_text(s) : json_null();
}

static const char *severity_name(enum dl_severity s)
{
        return dl_severity_str(s);
}

static json_t *location(const struct dl_floc *l)
{
        json_t *o = json_object();
        json_object_set_new(o, "path", jstr(l->file));
        json_object_set_new(o, "line", json_integer(l->line));
        json_object_set_new(o, "column", json_integer(l->col));
        if (l->end_line) {
                json_object_set_new(o, "end_line", json_integer(l->end_line));
                json_object_set_new(o, "end_column", json_integer(l->end_col));
        }
        return o;
}

static const char *help_of(const struct json_reporter *j, const char *id)
{
        for (size_t i = 0; j->catalogue && i < j->catalogue->n; i++) {
                const struct dl_check_info *in = j->catalogue->checks[i]->info;
                if (strcmp(in->id, id) == 0)
                        return j->help_uri && j->help_uri[i] ? j->help_uri[i] : in->help_uri;
        }
        return NULL;
}

static enum dl_status json_begin(struct dl_reporter *r, const struct dl_catalogue *c)
{
        ((struct json_reporter *)r)->catalogue = c;
        return DL_OK;
}

static enum dl_status json_finding(struct dl_reporter *r, const struct dl_finding *f)
{
        struct json_reporter *j = (struct json_reporter *)r;
        if (f->suppressed != DL_SUPPRESS_NONE && !j->include_suppressed)
                return DL_OK;
        json_t *o = json_object();
        json_object_set_new(o, "check", jstr(f->check_id));
        json_object_set_new(o, "severity", json_string(severity_name(f->severity)));
        json_object_set_new(o, "message", jstr(f->message));
        json_t *loc = location(&f->loc);
        json_object_update(o, loc);
        json_decref(loc);
        json_object_set_new(o, "function", jstr(f->function));
        json_object_set_new(o, "fingerprint", jstr(f->fingerprint));
        json_object_set_new(o, "help_uri", jstr(help_of(j, f->check_id)));
        json_t *rel = json_array();
        for (size_t i = 0; i < f->n_related; i++) {
                json_t *l = location(&f->related[i].loc);
                json_object_set_new(l, "message", jstr(f->related[i].message));
                json_array_append_new(rel, l);
        }
        json_object_set_new(o, "related", rel);
        if (f->n_fixes) { /* docs/json-output.md, "fixes" */
                json_t *fixes = json_array();
                for (size_t i = 0; i < f->n_fixes; i++) {
                        const struct dl_finding_fix *fx = &f->fixes[i];
                        json_t *fo = json_object();
                        json_object_set_new(fo, "description", jstr(fx->description));
                        json_object_set_new(fo, "manual", json_boolean(fx->manual));
                        json_t *edits = json_array();
                        for (size_t k = 0; k < fx->n_edits; k++) {
                                json_t *e = location(&fx->edits[k].range);
                                json_object_set_new(e, "text", jstr(fx->edits[k].text));
                                json_array_append_new(edits, e);
                        }
                        json_object_set_new(fo, "edits", edits);
                        json_array_append_new(fixes, fo);
                }
                json_object_set_new(o, "fixes", fixes);
        }
        if (j->include_suppressed) {
                json_t *sup = json_null();
                if (f->suppressed != DL_SUPPRESS_NONE) {
                        sup = json_object();
                        json_object_set_new(sup, "kind",
                                            json_string(f->suppressed == DL_SUPPRESS_INLINE
                                                                ? "inline"
                                                                : "baseline"));
                        json_object_set_new(sup, "reason", jstr(f->suppression_reason));
                }
                json_object_set_new(o, "suppressed", sup);
        }
        json_array_append_new(j->findings, o);
        return DL_OK;
}

static json_t *diagnostics(const struct dl_log *log)
{
        json_t *a = json_array();
        for (size_t i = 0; log && i < log->n; i++) {
                const struct dl_log_entry *e = &log->items[i];
                json_t *o = json_object();
                json_object_set_new(o, "level", json_string(dl_log_level_str(e->level)));
                json_object_set_new(o, "id", jstr(e->id));
                json_object_set_new(o, "message", jstr(e->message));
                json_object_set_new(o, "path", jstr(e->file));
                json_object_set_new(o, "line", json_integer(e->line));
                json_object_set_new(o, "column", json_integer(e->col));
                json_array_append_new(a, o);
        }
        return a;
}

static json_t *summary(const struct dl_run_summary *sum)
{
        const struct dl_sink_stats *st = sum ? sum->stats : NULL;
        json_t *o = json_object();
        json_object_set_new(o, "findings", json_integer(st ? (json_int_t)st->shown : 0));
        json_object_set_new(o, "errors",
                            json_integer(st ? (json_int_t)st->by_severity[DL_SEV_ERROR] : 0));
        json_object_set_new(o, "warnings",
                            json_integer(st ? (json_int_t)st->by_severity[DL_SEV_WARNING] : 0));
        json_object_set_new(o, "notes",
                            json_integer(st ? (json_int_t)st->by_severity[DL_SEV_NOTE] : 0));
        json_object_set_new(o, "suppressed_inline",
                            json_integer(st ? (json_int_t)st->suppressed_inline : 0));
        json_object_set_new(o, "baselined", json_integer(st ? (json_int_t)st->baselined : 0));
        bool complete = sum ? sum->complete : true;
        if (sum && sum->log && sum->log->counts[DL_LOG_ERROR] > 0)
                complete = false;
        json_object_set_new(o, "complete", json_boolean(complete));
        json_t *files = json_array();
        for (size_t i = 0; sum && i < sum->n_artifacts; i++)
                json_array_append_new(files, jstr(sum->artifacts[i]));
        json_object_set_new(o, "files", files);
        json_t *conf = json_array();
        for (size_t i = 0; sum && i < sum->n_config_files; i++)
                json_array_append_new(conf, jstr(sum->config_files[i]));
        json_object_set_new(o, "configuration_files", conf);
        return o;
}

static enum dl_status json_end(struct dl_reporter *r, const struct dl_run_summary *sum)
{
        struct json_reporter *j = (struct json_reporter *)r;
        json_t *root = json_object();
        json_object_set_new(root, "version", json_integer(1));
        json_t *tool = json_object();
        json_object_set_new(tool, "name", json_string("ddblint"));
        json_object_set_new(tool, "version", jstr(j->version));
        json_object_set_new(root, "tool", tool);
        json_object_set_new(root, "findings", json_incref(j->findings));
        json_object_set_new(root, "tool_diagnostics", diagnostics(sum ? sum->log : NULL));
        json_object_set_new(root, "summary", summary(sum));
        char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        json_decref(root);
        free(r->error);
        r->error = NULL;
        if (!text) {
                r->error = dl_xstrdup("cannot encode the JSON report");
                return DL_ERR_IO;
        }
        char *out = dl_xasprintf("%s\n", text);
        size_t len = strlen(out);
        free(text);
        enum dl_status st = DL_OK;
        if (j->path) {
                struct dl_error err;
                dl_error_init(&err);
                st = dl_file_write_atomic(j->path, out, len, &err);
                if (st != DL_OK)
                        r->error = dl_error_format(&err);
                dl_error_fini(&err);
        } else {
                FILE *f = j->stream ? j->stream : stdout;
                if (fwrite(out, 1, len, f) != len || fflush(f) != 0) {
                        r->error = dl_xstrdup("cannot write the JSON report");
                        st = DL_ERR_IO;
                }
        }
        free(out);
        return st;
}

static void json_destroy(struct dl_reporter *r)
{
        struct json_reporter *j = (struct json_reporter *)r;
        if (!j)
                return;
        json_decref(j->findings);
        free(j->path);
        free(j->version);
        free(j->base.error);
        free(j);
}

struct dl_reporter *dl_reporter_json_new(const struct dl_report_opts *o)
{
        struct json_reporter *j = dl_xcalloc(1, sizeof *j);
        j->base.name = "json";
        j->base.begin = json_begin;
        j->base.finding = json_finding;
        j->base.end = json_end;
        j->base.destroy = json_destroy;
        j->path = dl_xstrdup(o->path);
        j->stream = o->stream;
        j->version = dl_xstrdup(o->tool_version ? o->tool_version : "0.0.0");
        j->include_suppressed = o->include_suppressed;
        j->help_uri = o->help_uri;
        j->findings = json_array();
        return &j->base;
}
