/* fixes.c - --fix and --export-fixes.
 * SPDX-License-Identifier: MIT
 */
#include "fixes.h"

#include "options.h"

#include "../core/alloc.h"
#include "../core/log.h"
#include "../core/path.h"
#include "../core/strbuf.h"
#include "../core/vec.h"
#include "../findings/fileio.h"
#include "../findings/finding.h"
#include "../findings/sink.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One edit taken, placed in its file's text. */
struct placed {
        size_t start, end; /* byte offsets */
        char *text;        /* heap: insertions at one place are joined into the
                              first one (clang-apply-replacements refuses two) */
        size_t order;      /* taken order: insertions at one place keep it */
};

/* The fixes taken in one file. */
struct file_fixes {
        char *path;
        char *text; /* NULL: unreadable */
        size_t len;
        DL_VEC(struct placed) edits;
        /* per fix taken, for the export: its finding and first edit index */
        DL_VEC(const struct dl_finding *) findings;
        DL_VEC(size_t) first;
};

struct plan {
        DL_VEC(struct file_fixes *) files;
        const char *root; /* fixes edit files under it only */
};

static struct file_fixes *file_of(struct plan *pl, const char *path)
{
        for (size_t i = 0; i < pl->files.n; i++) {
                if (!strcmp(pl->files.items[i]->path, path))
                        return pl->files.items[i];
        }
        struct file_fixes *ff = dl_xcalloc(1, sizeof *ff);
        ff->path = dl_xstrdup(path);
        if (dl_file_read(path, &ff->text, &ff->len, NULL) != DL_OK)
                ff->text = NULL;
        DL_VEC_PUSH(&pl->files, ff);
        return ff;
}

/* Do [a, b) and [c, d) overlap? Two insertions at one place do not (both
 * are made, in order); an insertion inside a replaced range does. */
static bool overlaps(size_t a, size_t b, size_t c, size_t d)
{
        if (a == b && c == d)
                return false;
        if (a == b)
                return c < a && a < d;
        if (c == d)
                return a < c && c < b;
        return a < d && c < b;
}

static const struct dl_finding_fix *first_fix(const struct dl_finding *f)
{
        for (size_t i = 0; i < f->n_fixes; i++) {
                if (!f->fixes[i].manual && f->fixes[i].n_edits)
                        return &f->fixes[i];
        }
        return NULL;
}

/* Takes fx (of f) into the plan, whole, when its edits lie in one file,
 * find what they expect and overlap nothing taken; else says why not. */
static void take(struct plan *pl, const struct dl_finding *f, const struct dl_finding_fix *fx,
                 struct dl_log *log)
{
        const char *path = fx->edits[0].range.file;
        struct file_fixes *ff = path ? file_of(pl, path) : NULL;
        const char *why = !ff ? "its edit has no file"
                          : !dl_path_real_under(path, pl->root)
                                  ? "its file lies outside the project root"
                          : !ff->text ? "the file cannot be read"
                                      : NULL;
        size_t *start = dl_xcalloc(fx->n_edits, sizeof *start);
        size_t *end = dl_xcalloc(fx->n_edits, sizeof *end);
        for (size_t k = 0; !why && k < fx->n_edits; k++) {
                const struct dl_edit *e = &fx->edits[k];
                size_t n = strlen(e->expect);
                if (!e->range.file || strcmp(e->range.file, path) != 0)
                        why = "its edits span several files";
                else if (!dl_edit_offset(ff->text, ff->len, e->range.line, e->range.col,
                                         &start[k]) ||
                         !dl_edit_offset(ff->text, ff->len, e->range.end_line, e->range.end_col,
                                         &end[k]) ||
                         end[k] < start[k] || n > ff->len - start[k] ||
                         memcmp(ff->text + start[k], e->expect, n) != 0)
                        why = "the file no longer holds the text it edits";
                for (size_t i = 0; !why && i < ff->edits.n; i++) {
                        const struct placed *p = &ff->edits.items[i];
                        bool same = p->start == start[k] && p->end == end[k] &&
                                    !strcmp(p->text, e->text);
                        if (!same && overlaps(p->start, p->end, start[k], end[k]))
                                why = "it overlaps the fix of another finding";
                }
        }
        if (why) {
                struct dl_loc at = {f->loc.file, f->loc.line, f->loc.col};
                dl_log_add(log, DL_LOG_NOTE, "fix-skipped", f->loc.file ? &at : NULL,
                           "the fix of this %s finding (%s) is not applied: %s", f->check_id,
                           fx->description, why);
        } else {
                DL_VEC_PUSH(&ff->findings, f);
                DL_VEC_PUSH(&ff->first, ff->edits.n);
                for (size_t k = 0; k < fx->n_edits; k++) {
                        bool dup = false;
                        const char *text = fx->edits[k].text;
                        for (size_t i = 0; i < ff->edits.n && !dup; i++) {
                                struct placed *p = &ff->edits.items[i];
                                if (p->start != start[k] || p->end != end[k])
                                        continue;
                                dup = true;
                                if (!strcmp(p->text, text))
                                        continue;
                                char *joined = dl_xasprintf("%s%s", p->text, text);
                                free(p->text);
                                p->text = joined;
                        }
                        struct placed p = {start[k], end[k], dl_xstrdup(text), ff->edits.n};
                        if (!dup)
                                DL_VEC_PUSH(&ff->edits, p);
                        else
                                free(p.text);
                }
        }
        free(start);
        free(end);
}

static void plan_make(struct plan *pl, const struct dl_finding *const *findings, size_t n,
                      struct dl_log *log)
{
        for (size_t i = 0; i < n; i++) {
                const struct dl_finding *f = findings[i];
                const struct dl_finding_fix *fx =
                        f->suppressed == DL_SUPPRESS_NONE ? first_fix(f) : NULL;
                if (fx)
                        take(pl, f, fx, log);
        }
}

static void plan_fini(struct plan *pl)
{
        for (size_t i = 0; i < pl->files.n; i++) {
                struct file_fixes *ff = pl->files.items[i];
                free(ff->path);
                free(ff->text);
                for (size_t k = 0; k < ff->edits.n; k++)
                        free(ff->edits.items[k].text);
                DL_VEC_FREE(&ff->edits);
                DL_VEC_FREE(&ff->findings);
                DL_VEC_FREE(&ff->first);
                free(ff);
        }
        DL_VEC_FREE(&pl->files);
}

static int cmp_placed(const void *a, const void *b)
{
        const struct placed *x = a, *y = b;
        if (x->start != y->start)
                return x->start < y->start ? -1 : 1;
        return x->order < y->order ? -1 : x->order > y->order;
}

size_t dl_fixes_apply(const struct dl_finding *const *findings, size_t n, const char *root,
                      struct dl_log *log)
{
        struct plan pl = {0};
        pl.root = root;
        plan_make(&pl, findings, n, log);
        size_t applied = 0;
        for (size_t i = 0; i < pl.files.n; i++) {
                struct file_fixes *ff = pl.files.items[i];
                if (!ff->edits.n)
                        continue;
                qsort(ff->edits.items, ff->edits.n, sizeof *ff->edits.items, cmp_placed);
                struct dl_strbuf out;
                dl_strbuf_init(&out);
                size_t at = 0;
                for (size_t k = 0; k < ff->edits.n; k++) {
                        const struct placed *p = &ff->edits.items[k];
                        dl_strbuf_add(&out, ff->text + at, p->start - at);
                        dl_strbuf_puts(&out, p->text);
                        at = p->end;
                }
                dl_strbuf_add(&out, ff->text + at, ff->len - at);
                struct dl_error err;
                dl_error_init(&err);
                if (dl_file_write_atomic(ff->path, out.buf, out.len, &err) == DL_OK) {
                        applied += ff->findings.n;
                } else {
                        struct dl_loc at0 = {ff->path, 0, 0};
                        dl_log_add(log, DL_LOG_WARNING, "fix-failed", &at0,
                                   "its fixes are not applied: %s", err.message);
                }
                dl_error_fini(&err);
                dl_strbuf_fini(&out);
        }
        plan_fini(&pl);
        return applied;
}

/* A YAML double-quoted scalar (YAML 1.2, 7.3.1): '"' and '\' escaped,
 * control characters as \xHH. */
static void yaml_str(struct dl_strbuf *sb, const char *s)
{
        dl_strbuf_putc(sb, '"');
        for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
                if (*p == '"' || *p == '\\')
                        dl_strbuf_printf(sb, "\\%c", *p);
                else if (*p == '\n')
                        dl_strbuf_puts(sb, "\\n");
                else if (*p == '\t')
                        dl_strbuf_puts(sb, "\\t");
                else if (*p < 0x20 || *p == 0x7f)
                        dl_strbuf_printf(sb, "\\x%02x", *p);
                else
                        dl_strbuf_putc(sb, (char)*p);
        }
        dl_strbuf_putc(sb, '"');
}

static const char *level_of(enum dl_severity s)
{
        return s == DL_SEV_ERROR ? "Error" : s == DL_SEV_WARNING ? "Warning" : "Remark";
}

enum dl_status dl_fixes_export(const char *path, const struct dl_finding *const *findings, size_t n,
                               const char *root, struct dl_log *log, struct dl_error *err)
{
        struct plan pl = {0};
        pl.root = root;
        plan_make(&pl, findings, n, log);
        struct dl_strbuf y;
        dl_strbuf_init(&y);
        dl_strbuf_puts(&y, "---\nMainSourceFile: \"\"\nDiagnostics:\n");
        size_t written = 0;
        for (size_t i = 0; i < pl.files.n; i++) {
                struct file_fixes *ff = pl.files.items[i];
                char *abs = dl_path_absolute(ff->path);
                for (size_t k = 0; k < ff->findings.n; k++) {
                        const struct dl_finding *f = ff->findings.items[k];
                        size_t from = ff->first.items[k];
                        size_t to = k + 1 < ff->findings.n ? ff->first.items[k + 1] : ff->edits.n;
                        size_t off = 0;
                        dl_edit_offset(ff->text, ff->len, f->loc.line, f->loc.col, &off);
                        dl_strbuf_puts(&y, "  - DiagnosticName: ");
                        yaml_str(&y, f->check_id);
                        dl_strbuf_puts(&y, "\n    DiagnosticMessage:\n      Message: ");
                        yaml_str(&y, f->message);
                        dl_strbuf_puts(&y, "\n      FilePath: ");
                        yaml_str(&y, abs);
                        dl_strbuf_printf(&y, "\n      FileOffset: %zu\n      Replacements:\n", off);
                        for (size_t e = from; e < to; e++) {
                                const struct placed *p = &ff->edits.items[e];
                                dl_strbuf_puts(&y, "        - FilePath: ");
                                yaml_str(&y, abs);
                                dl_strbuf_printf(&y,
                                                 "\n          Offset: %zu\n          Length: %zu\n"
                                                 "          ReplacementText: ",
                                                 p->start, p->end - p->start);
                                yaml_str(&y, p->text);
                                dl_strbuf_putc(&y, '\n');
                        }
                        dl_strbuf_printf(&y, "    Level: %s\n", level_of(f->severity));
                        written++;
                }
                free(abs);
        }
        if (!written)
                dl_strbuf_puts(&y, "  []\n");
        dl_strbuf_puts(&y, "...\n");
        enum dl_status st = dl_file_write_atomic(path, y.buf, y.len, err);
        dl_strbuf_fini(&y);
        plan_fini(&pl);
        return st;
}

enum dl_status dl_cli_fixes(const struct dl_options *o, const struct dl_sink *sink,
                            const char *root, struct dl_log *log, struct dl_error *err)
{
        size_t n = 0;
        const struct dl_finding *const *fs = dl_sink_findings(sink, &n);
        if (o->export_fixes && dl_fixes_export(o->export_fixes, fs, n, root, log, err) != DL_OK)
                return err->status;
        if (o->fix) {
                size_t k = dl_fixes_apply(fs, n, root, log);
                if (!o->quiet)
                        fprintf(stderr, "ddblint: %zu fix%s applied\n", k, k == 1 ? "" : "es");
        }
        return DL_OK;
}
