/* sarif.c - the SARIF 2.1.0 reporter (design.md section 10).
 * SPDX-License-Identifier: MIT
 *
 * The log is built as a jansson tree with JSON_PRESERVE_ORDER and keys added
 * in a fixed order, so the same input always gives the same bytes; nothing
 * in it depends on the time, the host or the working directory. Results are
 * built as findings arrive; artifacts are numbered in order of first
 * reference (findings first, then the remaining analysed files), and the
 * whole log is written at end(), atomically when it goes to a file.
 *
 * Columns: findings carry byte columns (clang's); SARIF says
 * columnKind "utf16CodeUnits", so each column is converted with the text of
 * its line, read once per file and cached here.
 */
#include "reporter.h"

#include "../checks/check.h"
#include "../core/alloc.h"
#include "../core/log.h"
#include "../core/strbuf.h"
#include "../findings/fileio.h"
#include "../findings/finding.h"
#include "../findings/sink.h"
#include "../findings/utf8.h"
#include "json_text.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
#define INFO_URI "https://github.com/ddblint/ddblint"
#define SRCROOT "%SRCROOT%"

struct source_text {
        char *abs;           /* normalized absolute path: the cache key */
        char *text;          /* NULL when unreadable */
        size_t len;
        size_t *line_starts; /* offsets of each line's first byte */
        size_t n_lines;
};

struct artifact {
        char *abs;
        json_t *location;    /* {"uri", "uriBaseId"?}: a template, copied */
        bool target;         /* analysed (roles: analysisTarget) */
        bool result_file;    /* holds a result's primary location (resultFile) */
};

struct sarif_reporter {
        struct dl_reporter base; /* first: the reporter is cast to this */
        char *path;
        FILE *stream;            /* when path is NULL; NULL: stdout */
        const char *const *help_uri;      /* borrowed, per catalogue check, or NULL */
        const char *const *help_markdown; /* borrowed, per catalogue check, or NULL */
        char *root;              /* normalized absolute root, no trailing '/' */
        char *version;
        bool include_suppressed;
        const struct dl_catalogue *catalogue;
        json_t *rules;
        json_t *results;
        struct artifact *artifacts;
        size_t n_artifacts;
        struct source_text *texts;
        size_t n_texts;
};

/* ---- small JSON helpers ---- */

#define jstr dl_json_text

static json_t *message(const char *text)
{
        json_t *m = json_object();
        json_object_set_new(m, "text", jstr(text));
        return m;
}

/* SARIF messages are sentences: end them with a period (our own messages
 * are written without one, for the gcc-style text output). */
static json_t *sentence(const char *text)
{
        size_t n = text ? strlen(text) : 0;
        if (n == 0 || strchr(".!?", text[n - 1]))
                return message(text);
        char *s = dl_xasprintf("%s.", text);
        json_t *m = message(s);
        free(s);
        return m;
}

static const char *level_of(enum dl_severity s)
{
        /* The one severity table (design.md section 10). */
        static const char *const levels[] = {
                [DL_SEV_NOTE] = "note",
                [DL_SEV_WARNING] = "warning",
                [DL_SEV_ERROR] = "error",
        };
        return (unsigned)s < 3 ? levels[s] : "warning";
}

static const char *log_level_of(enum dl_log_level l)
{
        switch (l) {
        case DL_LOG_NOTE: return "note";
        case DL_LOG_WARNING: return "warning";
        case DL_LOG_ERROR: return "error";
        }
        return "error";
}

/* ---- URIs ---- */

/* Percent-encode a path for a URI: RFC 3986 unreserved characters and '/'
 * stay, every other byte becomes %XX (UTF-8 bytes included). */
static void uri_encode(struct dl_strbuf *sb, const char *path)
{
        static const char hex[] = "0123456789ABCDEF";
        for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
                unsigned char c = *p;
                if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
                        dl_strbuf_putc(sb, (char)c);
                } else {
                        dl_strbuf_putc(sb, '%');
                        dl_strbuf_putc(sb, hex[c >> 4]);
                        dl_strbuf_putc(sb, hex[c & 15]);
                }
        }
}

static char *file_uri(const char *abs, bool dir)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_strbuf_puts(&sb, "file://");
        uri_encode(&sb, abs);
        if (dir && (sb.len == 0 || sb.buf[sb.len - 1] != '/'))
                dl_strbuf_putc(&sb, '/');
        return dl_strbuf_take(&sb);
}

/* {"uri": "src/a.cpp", "uriBaseId": "%SRCROOT%"} for a file under the root,
 * {"uri": "file:///abs/a.cpp"} otherwise. */
static json_t *artifact_location(const struct sarif_reporter *s, const char *abs)
{
        json_t *loc = json_object();
        char *rel = dl_path_relative(s->root, abs);
        if (rel) {
                struct dl_strbuf sb;
                dl_strbuf_init(&sb);
                uri_encode(&sb, rel);
                json_object_set_new(loc, "uri", jstr(dl_strbuf_cstr(&sb)));
                json_object_set_new(loc, "uriBaseId", json_string(SRCROOT));
                dl_strbuf_fini(&sb);
                free(rel);
        } else {
                char *u = file_uri(abs, false);
                json_object_set_new(loc, "uri", jstr(u));
                free(u);
        }
        return loc;
}

static size_t artifact_index(struct sarif_reporter *s, const char *file)
{
        char *abs = dl_path_absolute(file);
        for (size_t i = 0; i < s->n_artifacts; i++) {
                if (strcmp(s->artifacts[i].abs, abs) == 0) {
                        free(abs);
                        return i;
                }
        }
        s->artifacts = dl_xrealloc(s->artifacts, (s->n_artifacts + 1) * sizeof *s->artifacts);
        memset(&s->artifacts[s->n_artifacts], 0, sizeof *s->artifacts);
        s->artifacts[s->n_artifacts].abs = abs;
        s->artifacts[s->n_artifacts].location = artifact_location(s, abs);
        return s->n_artifacts++;
}

/* ---- columns ---- */

static struct source_text *source_of(struct sarif_reporter *s, const char *abs)
{
        for (size_t i = 0; i < s->n_texts; i++) {
                if (strcmp(s->texts[i].abs, abs) == 0)
                        return &s->texts[i];
        }
        s->texts = dl_xrealloc(s->texts, (s->n_texts + 1) * sizeof *s->texts);
        struct source_text *t = &s->texts[s->n_texts++];
        memset(t, 0, sizeof *t);
        t->abs = dl_xstrdup(abs);
        if (dl_file_read(abs, &t->text, &t->len, NULL) != DL_OK)
                return t; /* unreadable: columns stay in bytes */
        size_t cap = 64;
        t->line_starts = dl_xmalloc(cap * sizeof *t->line_starts);
        t->line_starts[t->n_lines++] = 0;
        for (size_t i = 0; i < t->len; i++) {
                if (t->text[i] != '\n')
                        continue;
                if (t->n_lines == cap) {
                        cap *= 2;
                        t->line_starts = dl_xrealloc(t->line_starts, cap * sizeof *t->line_starts);
                }
                t->line_starts[t->n_lines++] = i + 1;
        }
        return t;
}

static unsigned utf16_col(struct sarif_reporter *s, const char *file, unsigned line, unsigned col)
{
        if (!col || !line)
                return col;
        char *abs = dl_path_absolute(file);
        struct source_text *t = source_of(s, abs);
        free(abs);
        if (!t->text || line > t->n_lines)
                return col;
        size_t start = t->line_starts[line - 1];
        size_t end = line < t->n_lines ? t->line_starts[line] - 1 : t->len;
        return dl_utf16_column(t->text + start, end - start, col);
}

/* ---- locations ---- */

static json_t *region(struct sarif_reporter *s, const char *file, unsigned line, unsigned col,
                      unsigned end_line, unsigned end_col)
{
        json_t *r = json_object();
        json_object_set_new(r, "startLine", json_integer(line));
        unsigned c = utf16_col(s, file, line, col);
        if (c)
                json_object_set_new(r, "startColumn", json_integer(c));
        if (end_line >= line && end_line) {
                unsigned ec = utf16_col(s, file, end_line, end_col);
                /* SARIF: an end before the start is invalid; drop it. */
                if (!(end_line == line && ec && c && ec < c)) {
                        json_object_set_new(r, "endLine", json_integer(end_line));
                        if (ec)
                                json_object_set_new(r, "endColumn", json_integer(ec));
                }
        }
        return r;
}

static json_t *physical_location(struct sarif_reporter *s, const struct dl_floc *loc,
                                 bool with_index)
{
        json_t *pl = json_object();
        size_t idx = artifact_index(s, loc->file);
        json_t *al = json_deep_copy(s->artifacts[idx].location);
        if (with_index)
                json_object_set_new(al, "index", json_integer((json_int_t)idx));
        json_object_set_new(pl, "artifactLocation", al);
        if (loc->line)
                json_object_set_new(pl, "region", region(s, loc->file, loc->line, loc->col,
                                                         loc->end_line, loc->end_col));
        return pl;
}

/* ---- rules ---- */

/* "query-missing-key-condition" -> "QueryMissingKeyCondition". */
static char *pascal_case(const char *id)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        bool up = true;
        for (const char *p = id; *p; p++) {
                if (*p == '-' || *p == '_') {
                        up = true;
                        continue;
                }
                char c = *p;
                if (up && c >= 'a' && c <= 'z')
                        c = (char)(c - 'a' + 'A');
                dl_strbuf_putc(&sb, c);
                up = false;
        }
        return dl_strbuf_take(&sb);
}

/* The page's Markdown with relative link targets ("](../x.md)") made
 * absolute against the directory of uri, so they work wherever the help is
 * shown. (transfer full) */
static char *absolute_links(const char *md, const char *uri)
{
        const char *slash = strrchr(uri, '/');
        size_t dir_len = slash ? (size_t)(slash - uri) + 1 : 0;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        for (const char *p = md; *p;) {
                const char *l = strstr(p, "](");
                if (!l) {
                        dl_strbuf_puts(&sb, p);
                        break;
                }
                dl_strbuf_add(&sb, p, (size_t)(l - p) + 2);
                const char *t = l + 2;
                size_t n = strcspn(t, ") \n");
                bool relative = n && t[0] != '#' && t[0] != '/' && !memchr(t, ':', n);
                if (relative) {
                        /* "../x.md" climbs out of the directory (never
                         * above the URI's authority: "https://host/") */
                        size_t d = dir_len;
                        const char *auth = strstr(uri, "://");
                        size_t floor = auth ? (size_t)(auth - uri) + 3 : 0;
                        while (auth && floor < dir_len && uri[floor] != '/')
                                floor++;
                        for (;;) {
                                if (strncmp(t, "./", 2) == 0) {
                                        t += 2;
                                        continue;
                                }
                                if (strncmp(t, "../", 3) != 0 || d <= floor + 1)
                                        break;
                                size_t up = d - 1;
                                while (up > floor && uri[up - 1] != '/')
                                        up--;
                                d = up;
                                t += 3;
                        }
                        dl_strbuf_add(&sb, uri, d);
                }
                p = t;
        }
        return dl_strbuf_take(&sb);
}

static json_t *rule_of(const struct sarif_reporter *s, size_t index,
                       const struct dl_check_info *info)
{
        json_t *r = json_object();
        char *name = pascal_case(info->id);
        char *full = dl_xasprintf("%s.", info->summary);
        const char *uri = s->help_uri && s->help_uri[index] ? s->help_uri[index] : info->help_uri;
        const char *page = s->help_markdown ? s->help_markdown[index] : NULL;
        char *help, *md;
        if (page) {
                /* The whole documentation page, as CodeQL and semgrep give it. */
                md = absolute_links(page, uri);
                help = dl_xstrdup(md);
        } else {
                help = dl_xasprintf("%s. Documentation (why it matters, examples, options, "
                                    "limitations): %s",
                                    info->summary, uri);
                md = dl_xasprintf("%s.\n\nSee [the documentation of `%s`](%s) for why it "
                                  "matters, examples, options and limitations.",
                                  info->summary, info->id, uri);
        }
        json_object_set_new(r, "id", jstr(info->id));
        /* Every rule has a name (the SARIF Multitool's SARIF2012 asks for
         * one), and a name differs from its id (SARIF1001): a one-word id
         * ("scan") would only differ in case, so its name is the DynamoDB
         * request the check is about ("ScanRequest"). */
        if (strcasecmp(name, info->id) == 0) {
                char *longer = dl_xasprintf("%sRequest", name);
                free(name);
                name = longer;
        }
        json_object_set_new(r, "name", jstr(name));
        json_object_set_new(r, "shortDescription", message(info->summary));
        json_object_set_new(r, "fullDescription", message(full));
        json_t *h = json_object();
        json_object_set_new(h, "text", jstr(help));
        json_object_set_new(h, "markdown", jstr(md));
        json_object_set_new(r, "help", h);
        json_object_set_new(r, "helpUri", jstr(uri));
        json_t *dc = json_object();
        json_object_set_new(dc, "level", json_string(level_of(info->severity)));
        /* a check off by default (struct dl_check.off_by_default): SARIF's
         * reportingConfiguration.enabled, true when absent */
        const struct dl_check *check = dl_catalogue_find(info->id);
        if (check && check->off_by_default)
                json_object_set_new(dc, "enabled", json_false());
        json_object_set_new(r, "defaultConfiguration", dc);
        json_t *tags = json_array();
        const char *p = info->tags ? info->tags : "";
        while (*p) {
                while (*p == ' ' || *p == ',')
                        p++;
                const char *e = p;
                while (*e && *e != ',')
                        e++;
                const char *te = e;
                while (te > p && te[-1] == ' ')
                        te--;
                if (te > p) {
                        char *tag = dl_xstrndup(p, (size_t)(te - p));
                        json_array_append_new(tags, jstr(tag));
                        free(tag);
                }
                p = e;
        }
        json_t *props = json_object();
        json_object_set_new(props, "tags", tags);
        json_object_set_new(r, "properties", props);
        free(name);
        free(full);
        free(help);
        free(md);
        return r;
}

static enum dl_status sarif_begin(struct dl_reporter *r, const struct dl_catalogue *c)
{
        struct sarif_reporter *s = (struct sarif_reporter *)r;
        s->catalogue = c;
        json_array_clear(s->rules);
        for (size_t i = 0; c && i < c->n; i++)
                json_array_append_new(s->rules, rule_of(s, i, c->checks[i]->info));
        return DL_OK;
}

static long rule_index(const struct sarif_reporter *s, const char *id)
{
        for (size_t i = 0; s->catalogue && i < s->catalogue->n; i++) {
                if (strcmp(s->catalogue->checks[i]->info->id, id) == 0)
                        return (long)i;
        }
        return -1;
}

/* ---- results ---- */

/* The finding's fixes (SARIF 2.1.0 3.55, "fix object"): per fix, one
 * artifactChange per file, each edit a replacement of its deletedRegion
 * (empty for an insertion) by insertedContent. A manual fix is left out:
 * SARIF has no word for "offer it to a person only", and a viewer may
 * apply a fix in one click (docs/architecture.md, "Fixes": a code action
 * only). */
static bool shown(const struct dl_finding *f)
{
        for (size_t i = 0; i < f->n_fixes; i++)
                if (!f->fixes[i].manual)
                        return true;
        return false;
}

static json_t *fixes(struct sarif_reporter *s, const struct dl_finding *f)
{
        json_t *out = json_array();
        for (size_t i = 0; i < f->n_fixes; i++) {
                const struct dl_finding_fix *fx = &f->fixes[i];
                if (fx->manual)
                        continue;
                json_t *changes = json_array();
                json_t *change = NULL, *repl = NULL;
                const char *file = NULL;
                for (size_t k = 0; k < fx->n_edits; k++) {
                        const struct dl_edit *e = &fx->edits[k];
                        if (!e->range.file)
                                continue;
                        if (!file || strcmp(file, e->range.file) != 0) {
                                file = e->range.file;
                                size_t idx = artifact_index(s, file);
                                json_t *al = json_deep_copy(s->artifacts[idx].location);
                                json_object_set_new(al, "index", json_integer((json_int_t)idx));
                                change = json_object();
                                json_object_set_new(change, "artifactLocation", al);
                                repl = json_array();
                                json_object_set_new(change, "replacements", repl);
                                json_array_append_new(changes, change);
                        }
                        json_t *r = json_object();
                        json_object_set_new(r, "deletedRegion",
                                            region(s, file, e->range.line, e->range.col,
                                                   e->range.end_line, e->range.end_col));
                        json_t *ins = json_object();
                        json_object_set_new(ins, "text", jstr(e->text));
                        json_object_set_new(r, "insertedContent", ins);
                        json_array_append_new(repl, r);
                }
                json_t *o = json_object();
                json_object_set_new(o, "description", sentence(fx->description));
                json_object_set_new(o, "artifactChanges", changes);
                json_array_append_new(out, o);
        }
        return out;
}

static enum dl_status sarif_finding(struct dl_reporter *r, const struct dl_finding *f)
{
        struct sarif_reporter *s = (struct sarif_reporter *)r;
        if (f->suppressed != DL_SUPPRESS_NONE && !s->include_suppressed)
                return DL_OK;
        json_t *res = json_object();
        json_object_set_new(res, "ruleId", jstr(f->check_id));
        long ri = rule_index(s, f->check_id);
        if (ri >= 0)
                json_object_set_new(res, "ruleIndex", json_integer(ri));
        json_object_set_new(res, "level", json_string(level_of(f->severity)));
        json_object_set_new(res, "message", sentence(f->message));
        if (f->loc.file) {
                json_t *locs = json_array();
                json_t *l = json_object();
                json_object_set_new(l, "physicalLocation", physical_location(s, &f->loc, true));
                json_array_append_new(locs, l);
                json_object_set_new(res, "locations", locs);
                size_t idx = artifact_index(s, f->loc.file); /* may grow the array */
                s->artifacts[idx].result_file = true;
        }
        json_t *rel = json_array();
        for (size_t i = 0; i < f->n_related; i++) {
                const struct dl_related *rl = &f->related[i];
                if (!rl->loc.file)
                        continue;
                json_t *o = json_object();
                json_object_set_new(o, "id", json_integer((json_int_t)json_array_size(rel) + 1));
                json_object_set_new(o, "physicalLocation", physical_location(s, &rl->loc, true));
                json_object_set_new(o, "message", sentence(rl->message));
                json_array_append_new(rel, o);
        }
        if (json_array_size(rel))
                json_object_set_new(res, "relatedLocations", rel);
        else
                json_decref(rel);
        if (shown(f))
                json_object_set_new(res, "fixes", fixes(s, f));
        json_t *fp = json_object();
        if (f->line_hash)
                json_object_set_new(fp, "primaryLocationLineHash", jstr(f->line_hash));
        if (f->fingerprint)
                json_object_set_new(fp, "ddblint/v1", jstr(f->fingerprint));
        if (json_object_size(fp))
                json_object_set_new(res, "partialFingerprints", fp);
        else
                json_decref(fp);
        if (s->include_suppressed) {
                /* All or none: with the option, every result says whether it
                 * is suppressed, an empty array meaning "not suppressed". */
                json_t *sups = json_array();
                if (f->suppressed != DL_SUPPRESS_NONE) {
                        json_t *sp = json_object();
                        json_object_set_new(sp, "kind",
                                            json_string(f->suppressed == DL_SUPPRESS_INLINE
                                                                ? "inSource"
                                                                : "external"));
                        if (f->suppressed == DL_SUPPRESS_INLINE && f->suppression_reason)
                                json_object_set_new(sp, "justification",
                                                    jstr(f->suppression_reason));
                        else if (f->suppressed == DL_SUPPRESS_BASELINE)
                                json_object_set_new(sp, "justification",
                                                    json_string("listed in the baseline file"));
                        json_array_append_new(sups, sp);
                }
                json_object_set_new(res, "suppressions", sups);
        }
        json_array_append_new(s->results, res);
        return DL_OK;
}

/* ---- the run ---- */

/* Shell-style quoting for invocations[0].commandLine. */
static void quote_arg(struct dl_strbuf *sb, const char *a)
{
        bool plain = *a != '\0';
        for (const char *p = a; *p; p++) {
                if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                            "-_./=:,+@%",
                            *p))
                        plain = false;
        }
        if (plain) {
                dl_strbuf_puts(sb, a);
                return;
        }
        dl_strbuf_putc(sb, '\'');
        for (const char *p = a; *p; p++) {
                if (*p == '\'')
                        dl_strbuf_puts(sb, "'\\''");
                else
                        dl_strbuf_putc(sb, *p);
        }
        dl_strbuf_putc(sb, '\'');
}

/* A notification: level, message (taken), descriptor id, and the place
 * it is about when loc is not NULL. */
static json_t *notification(struct sarif_reporter *s, const char *level, const char *id,
                            json_t *take_message, const struct dl_floc *loc)
{
        json_t *n = json_object();
        json_object_set_new(n, "level", json_string(level));
        json_object_set_new(n, "message", take_message);
        json_t *d = json_object();
        json_object_set_new(d, "id", jstr(id));
        json_object_set_new(n, "descriptor", d);
        if (loc) {
                json_t *locs = json_array();
                json_t *l = json_object();
                json_object_set_new(l, "physicalLocation", physical_location(s, loc, true));
                json_array_append_new(locs, l);
                json_object_set_new(n, "locations", locs);
        }
        return n;
}

static json_t *invocation(struct sarif_reporter *s, const struct dl_run_summary *sum)
{
        json_t *inv = json_object();
        bool ok = sum ? sum->complete : true;
        if (sum && sum->log && sum->log->counts[DL_LOG_ERROR] > 0)
                ok = false;
        if (sum && sum->argv && sum->argc > 0) {
                struct dl_strbuf sb;
                dl_strbuf_init(&sb);
                json_t *args = json_array();
                for (int i = 0; i < sum->argc; i++) {
                        if (i)
                                dl_strbuf_putc(&sb, ' ');
                        quote_arg(&sb, sum->argv[i]);
                        if (i > 0)
                                json_array_append_new(args, jstr(sum->argv[i]));
                }
                json_object_set_new(inv, "commandLine", jstr(dl_strbuf_cstr(&sb)));
                json_object_set_new(inv, "arguments", args);
                dl_strbuf_fini(&sb);
        }
        json_object_set_new(inv, "executionSuccessful", json_boolean(ok));
        json_t *notes = json_array();
        for (size_t i = 0; sum && sum->log && i < sum->log->n; i++) {
                const struct dl_log_entry *e = &sum->log->items[i];
                struct dl_floc fl = {e->file, e->line, e->col, 0, 0};
                json_array_append_new(notes, notification(s, log_level_of(e->level),
                                                          e->id ? e->id : "tool",
                                                          sentence(e->message),
                                                          e->file ? &fl : NULL));
        }
        json_object_set_new(inv, "toolExecutionNotifications", notes);
        if (sum && sum->n_config_files) {
                /* The rules files and table definitions this run read. */
                json_t *conf = json_array();
                for (size_t i = 0; i < sum->n_config_files; i++) {
                        char *m = dl_xasprintf("Configuration read from %s.",
                                               sum->config_files[i]);
                        struct dl_floc fl = {(char *)sum->config_files[i], 0, 0, 0, 0};
                        json_array_append_new(conf, notification(s, "note", "configuration-file",
                                                                 message(m), &fl));
                        free(m);
                }
                json_object_set_new(inv, "toolConfigurationNotifications", conf);
        }
        return inv;
}

/* SARIF sourceLanguage (section 3.24.10 uses "c" and "cplusplus"); a
 * ".h" header is counted as C, the language it can always be read as; a
 * file that is no source (a rules file) has none: NULL. */
static const char *language_of(const char *path)
{
        static const char *const cpp[] = {".cc", ".cpp", ".cxx", ".hh",  ".hpp",
                                          ".hxx", ".inl", ".ipp", ".C", ".c++"};
        const char *dot = strrchr(path, '.');
        if (dot && strchr(dot, '/'))
                dot = NULL;
        if (!dot || strcmp(dot, ".c") == 0 || strcmp(dot, ".h") == 0)
                return "c";
        for (size_t i = 0; i < sizeof cpp / sizeof cpp[0]; i++) {
                if (strcmp(dot, cpp[i]) == 0)
                        return "cplusplus";
        }
        return NULL;
}

static json_t *build_log(struct sarif_reporter *s, const struct dl_run_summary *sum)
{
        json_t *root = json_object();
        json_object_set_new(root, "$schema", json_string(SARIF_SCHEMA));
        json_object_set_new(root, "version", json_string("2.1.0"));
        json_t *runs = json_array();
        json_t *run = json_object();

        json_t *tool = json_object();
        json_t *driver = json_object();
        json_object_set_new(driver, "name", json_string("ddblint"));
        json_object_set_new(driver, "version", jstr(s->version));
        json_object_set_new(driver, "semanticVersion", jstr(s->version));
        json_object_set_new(driver, "informationUri", json_string(INFO_URI));
        json_object_set_new(driver, "rules", json_incref(s->rules));
        json_object_set_new(tool, "driver", driver);
        json_object_set_new(run, "tool", tool);

        /* Notifications may add artifacts; build them before the list. */
        json_t *invs = json_array();
        json_array_append_new(invs, invocation(s, sum));
        for (size_t i = 0; sum && i < sum->n_artifacts; i++) {
                /* artifact_index() may grow s->artifacts: index first. */
                size_t idx = artifact_index(s, sum->artifacts[i]);
                s->artifacts[idx].target = true;
        }
        json_object_set_new(run, "invocations", invs);

        json_t *bases = json_object();
        json_t *srcroot = json_object();
        char *root_uri = file_uri(s->root, true);
        json_object_set_new(srcroot, "uri", jstr(root_uri));
        free(root_uri);
        json_object_set_new(bases, SRCROOT, srcroot);
        json_object_set_new(run, "originalUriBaseIds", bases);

        json_t *arts = json_array();
        for (size_t i = 0; i < s->n_artifacts; i++) {
                json_t *a = json_object();
                const struct artifact *ar = &s->artifacts[i];
                json_object_set_new(a, "location", json_deep_copy(ar->location));
                json_t *roles = json_array();
                if (ar->target)
                        json_array_append_new(roles, json_string("analysisTarget"));
                if (ar->result_file)
                        json_array_append_new(roles, json_string("resultFile"));
                if (json_array_size(roles))
                        json_object_set_new(a, "roles", roles);
                else
                        json_decref(roles);
                if (language_of(ar->abs))
                        json_object_set_new(a, "sourceLanguage",
                                            json_string(language_of(ar->abs)));
                json_array_append_new(arts, a);
        }
        json_object_set_new(run, "artifacts", arts);
        json_object_set_new(run, "results", json_incref(s->results));
        json_object_set_new(run, "columnKind", json_string("utf16CodeUnits"));
        json_array_append_new(runs, run);
        json_object_set_new(root, "runs", runs);
        return root;
}

static enum dl_status fail(struct sarif_reporter *s, const struct dl_error *err, const char *what)
{
        free(s->base.error);
        if (err && err->message) {
                s->base.error = dl_error_format(err);
        } else {
                s->base.error = dl_xstrdup(what);
        }
        return DL_ERR_IO;
}

static enum dl_status sarif_end(struct dl_reporter *r, const struct dl_run_summary *sum)
{
        struct sarif_reporter *s = (struct sarif_reporter *)r;
        json_t *root = build_log(s, sum);
        char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        json_decref(root);
        if (!text)
                return fail(s, NULL, "cannot encode the SARIF log");
        size_t len = strlen(text);
        char *out = dl_xasprintf("%s\n", text);
        free(text);
        enum dl_status st = DL_OK;
        if (s->path) {
                struct dl_error err;
                dl_error_init(&err);
                st = dl_file_write_atomic(s->path, out, len + 1, &err);
                if (st != DL_OK)
                        fail(s, &err, "cannot write the SARIF log");
                dl_error_fini(&err);
        } else {
                FILE *f = s->stream ? s->stream : stdout;
                if (fwrite(out, 1, len + 1, f) != len + 1 || fflush(f) != 0)
                        st = fail(s, NULL, s->stream ? "cannot write the SARIF log"
                                                     : "cannot write the SARIF log to "
                                                       "standard output");
        }
        free(out);
        return st;
}

static void sarif_destroy(struct dl_reporter *r)
{
        struct sarif_reporter *s = (struct sarif_reporter *)r;
        if (!s)
                return;
        for (size_t i = 0; i < s->n_artifacts; i++) {
                free(s->artifacts[i].abs);
                json_decref(s->artifacts[i].location);
        }
        free(s->artifacts);
        for (size_t i = 0; i < s->n_texts; i++) {
                free(s->texts[i].abs);
                free(s->texts[i].text);
                free(s->texts[i].line_starts);
        }
        free(s->texts);
        json_decref(s->rules);
        json_decref(s->results);
        free(s->path);
        free(s->root);
        free(s->version);
        free(s->base.error);
        free(s);
}

struct dl_reporter *dl_reporter_sarif_new(const char *path, const char *project_root,
                                          const char *tool_version, bool include_suppressed)
{
        struct dl_report_opts o = {0};
        o.path = path;
        o.project_root = project_root;
        o.tool_version = tool_version;
        o.include_suppressed = include_suppressed;
        return dl_reporter_sarif_new_opts(&o);
}

char *dl_help_uri(const char *base, const char *id)
{
        if (!base)
                return NULL;
        const char *ph = strstr(base, "{id}");
        if (ph)
                return dl_xasprintf("%.*s%s%s", (int)(ph - base), base, id, ph + 4);
        size_t n = strlen(base);
        return dl_xasprintf("%s%s%s.md", base, n && base[n - 1] == '/' ? "" : "/", id);
}

struct dl_reporter *dl_reporter_sarif_new_opts(const struct dl_report_opts *o)
{
        const char *path = o->path, *project_root = o->project_root;
        const char *tool_version = o->tool_version;
        bool include_suppressed = o->include_suppressed;
        struct sarif_reporter *s = dl_xcalloc(1, sizeof *s);
        s->stream = o->stream;
        s->help_uri = o->help_uri;
        s->help_markdown = o->help_markdown;
        s->base.name = "sarif";
        s->base.begin = sarif_begin;
        s->base.finding = sarif_finding;
        s->base.end = sarif_end;
        s->base.destroy = sarif_destroy;
        s->path = dl_xstrdup(path);
        s->root = dl_path_absolute(project_root ? project_root : ".");
        s->version = dl_xstrdup(tool_version ? tool_version : "0.0.0");
        s->include_suppressed = include_suppressed;
        s->rules = json_array();
        s->results = json_array();
        return &s->base;
}
