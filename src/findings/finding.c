/* finding.c - one reported problem.
 * SPDX-License-Identifier: MIT
 */
#include "finding.h"

#include "../core/alloc.h"
#include "../core/vec.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static void floc_set(struct dl_floc *d, const struct dl_loc *loc)
{
        memset(d, 0, sizeof *d);
        if (loc && loc->file) {
                d->file = dl_xstrdup(loc->file);
                d->line = loc->line;
                d->col = loc->col;
        }
}

static void fix_fini(struct dl_finding_fix *fx)
{
        for (size_t k = 0; k < fx->n_edits; k++) {
                free(fx->edits[k].range.file);
                free(fx->edits[k].text);
                free(fx->edits[k].expect);
        }
        free(fx->edits);
        free(fx->description);
}

struct dl_finding *dl_finding_new(const char *check_id, enum dl_severity severity,
                                  const struct dl_loc *loc, const char *message)
{
        struct dl_finding *f = dl_xcalloc(1, sizeof *f);
        f->check_id = dl_xstrdup(check_id);
        f->severity = severity;
        f->message = dl_xstrdup(message ? message : "");
        floc_set(&f->loc, loc);
        return f;
}

void dl_finding_free(struct dl_finding *f)
{
        if (!f)
                return;
        free(f->check_id);
        free(f->message);
        free(f->loc.file);
        for (size_t i = 0; i < f->n_related; i++) {
                free(f->related[i].loc.file);
                free(f->related[i].message);
        }
        free(f->related);
        free(f->function);
        free(f->signature);
        free(f->fingerprint);
        free(f->line_hash);
        free(f->suppression_reason);
        for (size_t i = 0; i < f->n_fixes; i++)
                fix_fini(&f->fixes[i]);
        free(f->fixes);
        free(f);
}

void dl_finding_add_related(struct dl_finding *f, const struct dl_loc *loc, const char *message)
{
        f->related = dl_xrealloc(f->related, (f->n_related + 1) * sizeof *f->related);
        struct dl_related *r = &f->related[f->n_related++];
        floc_set(&r->loc, loc);
        r->message = dl_xstrdup(message ? message : "");
}

void dl_finding_set_end(struct dl_finding *f, unsigned end_line, unsigned end_col)
{
        f->loc.end_line = end_line;
        f->loc.end_col = end_col;
}

struct dl_finding_fix *dl_finding_add_fix(struct dl_finding *f, const char *description,
                                          bool manual)
{
        f->fixes = dl_xrealloc(f->fixes, (f->n_fixes + 1) * sizeof *f->fixes);
        struct dl_finding_fix *fx = &f->fixes[f->n_fixes++];
        memset(fx, 0, sizeof *fx);
        fx->description = dl_xstrdup(description ? description : "");
        fx->manual = manual;
        return fx;
}

void dl_finding_add_edit(struct dl_finding_fix *fix, const struct dl_loc *loc, unsigned end_line,
                         unsigned end_col, const char *text, const char *expect)
{
        fix->edits = dl_xrealloc(fix->edits, (fix->n_edits + 1) * sizeof *fix->edits);
        struct dl_edit *e = &fix->edits[fix->n_edits++];
        floc_set(&e->range, loc);
        e->range.end_line = end_line;
        e->range.end_col = end_col;
        e->text = dl_xstrdup(text ? text : "");
        e->expect = dl_xstrdup(expect ? expect : "");
        e->statement = false;
        e->line = false;
}

void dl_finding_edit_statement(struct dl_finding_fix *fix, const struct dl_loc *loc,
                               const char *expect, const char *text)
{
        size_t n = strlen(expect);
        dl_finding_add_edit(fix, loc, loc->line, loc->col + (unsigned)n, text, expect);
        fix->edits[fix->n_edits - 1].statement = true;
}

void dl_finding_insert_line(struct dl_finding_fix *fix, const struct dl_loc *loc,
                            const char *expect, const char *text)
{
        dl_finding_add_edit(fix, loc, loc->line, loc->col, text, expect);
        fix->edits[fix->n_edits - 1].line = true;
}

/* Does a statement of a sequence start at offset a of text: is the last
 * character before it, past blanks and lines wholly of a '//' comment, a
 * ';', '{' or '}' (or nothing)? */
static bool starts_statement(const char *text, size_t a)
{
        size_t i = a;
        for (;;) {
                while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\r'))
                        i--;
                if (i == 0)
                        return true;
                if (text[i - 1] != '\n')
                        return text[i - 1] == ';' || text[i - 1] == '{' || text[i - 1] == '}';
                /* the line before: skipped when it is wholly a comment */
                size_t end = i - 1, start = end;
                while (start > 0 && text[start - 1] != '\n')
                        start--;
                size_t k = start;
                while (k < end && (text[k] == ' ' || text[k] == '\t'))
                        k++;
                if (end - k >= 2 && text[k] == '/' && text[k + 1] == '/')
                        i = start;
                else
                        i = end;
        }
}

bool dl_edit_offset(const char *text, size_t len, unsigned line, unsigned col, size_t *out)
{
        if (!line || !col)
                return false;
        size_t at = 0;
        for (unsigned l = 1; l < line; l++) {
                const char *nl = at < len ? memchr(text + at, '\n', len - at) : NULL;
                if (!nl)
                        return false;
                at = (size_t)(nl - text) + 1;
        }
        const char *nl = at < len ? memchr(text + at, '\n', len - at) : NULL;
        size_t end = nl ? (size_t)(nl - text) : len;
        if (col - 1 > end - at)
                return false;
        *out = at + col - 1;
        return true;
}

/* Is the word at p of text (len bytes) one that starts no statement of
 * its own there: a label (`out:`), case, default or else? */
static bool label_or_branch(const char *text, size_t len, size_t p)
{
        size_t q = p;
        while (q < len && (isalnum((unsigned char)text[q]) || text[q] == '_'))
                q++;
        size_t n = q - p;
        if ((n == 4 && !memcmp(text + p, "case", 4)) ||
            (n == 7 && !memcmp(text + p, "default", 7)) || (n == 4 && !memcmp(text + p, "else", 4)))
                return true;
        while (q < len && (text[q] == ' ' || text[q] == '\t'))
                q++;
        return q < len && text[q] == ':' && (q + 1 >= len || text[q + 1] != ':');
}

/* Place fx's line insertions (dl_finding_insert_line) in text: each
 * becomes an insertion at its line's start of the line's indentation, its
 * text and a newline, expecting the line up to its anchor and the
 * anchor; false when one has no place there. */
static bool place_lines(struct dl_finding_fix *fx, const char *text, size_t len)
{
        for (size_t k = 0; k < fx->n_edits; k++) {
                struct dl_edit *e = &fx->edits[k];
                size_t a, start;
                if (!e->line)
                        continue;
                size_t n = strlen(e->expect);
                if (!dl_edit_offset(text, len, e->range.line, e->range.col, &a) ||
                    !dl_edit_offset(text, len, e->range.line, 1, &start))
                        return false;
                /* the anchor at loc, or later in its statement on the line
                 * (loc a macro's name, the anchor in its argument) */
                while (a < len && text[a] != '\n' && text[a] != ';' &&
                       (n > len - a || memcmp(text + a, e->expect, n) != 0))
                        a++;
                if (!n || n > len - a || memcmp(text + a, e->expect, n) != 0)
                        return false;
                size_t p = start;
                while (p < a && (text[p] == ' ' || text[p] == '\t'))
                        p++;
                if (!(isalpha((unsigned char)text[p]) || text[p] == '_') ||
                    !starts_statement(text, p) || label_or_branch(text, len, p))
                        return false;
                for (size_t i = p; i < a; i++) {
                        if (text[i] == ';' || text[i] == '{' || text[i] == '}')
                                return false;
                }
                char *line = dl_xasprintf("%.*s%s\n", (int)(p - start), text + start, e->text);
                char *expect = dl_xasprintf("%.*s%s", (int)(a - start), text + start, e->expect);
                free(e->text);
                free(e->expect);
                e->text = line;
                e->expect = expect;
                e->range.col = 1;
                e->range.end_col = 1;
                e->line = false;
        }
        return true;
}

/* Does every edit of fx lie in path's text, where it expects? */
static bool fix_applies(const struct dl_finding_fix *fx, const char *path, const char *text,
                        size_t len)
{
        size_t prev_end = 0;
        for (size_t k = 0; k < fx->n_edits; k++) {
                const struct dl_edit *e = &fx->edits[k];
                size_t a, b;
                if (!e->range.file || strcmp(e->range.file, path) != 0 ||
                    !dl_edit_offset(text, len, e->range.line, e->range.col, &a) ||
                    !dl_edit_offset(text, len, e->range.end_line, e->range.end_col, &b) || b < a ||
                    a < prev_end)
                        return false;
                size_t n = strlen(e->expect);
                if (e->line || n > len - a || memcmp(text + a, e->expect, n) != 0 ||
                    (e->statement && !starts_statement(text, a)))
                        return false;
                prev_end = b;
        }
        return fx->n_edits > 0;
}

/* A deletion that would leave its line blank takes the line: its range
 * widened to the line's start and past its newline, the blanks before it
 * added to what it expects. */
static void take_blank_lines(struct dl_finding_fix *fx, const char *text, size_t len)
{
        for (size_t k = 0; k < fx->n_edits; k++) {
                struct dl_edit *e = &fx->edits[k];
                size_t a, b, start;
                if (*e->text || e->range.line != e->range.end_line ||
                    !dl_edit_offset(text, len, e->range.line, e->range.col, &a) ||
                    !dl_edit_offset(text, len, e->range.end_line, e->range.end_col, &b) || b <= a ||
                    !dl_edit_offset(text, len, e->range.line, 1, &start))
                        continue;
                bool blank = true;
                for (size_t i = start; i < a && blank; i++)
                        blank = text[i] == ' ' || text[i] == '\t';
                size_t end = b;
                while (end < len && (text[end] == ' ' || text[end] == '\t' || text[end] == '\r'))
                        end++;
                if (!blank || end >= len || text[end] != '\n')
                        continue;
                char *expect = dl_xasprintf("%.*s%s", (int)(a - start), text + start, e->expect);
                free(e->expect);
                e->expect = expect;
                e->range.col = 1;
                e->range.end_line = e->range.line + 1;
                e->range.end_col = 1;
        }
}

void dl_finding_fixes_settle(struct dl_finding *f, const char *path, const char *text, size_t len)
{
        size_t kept = 0;
        for (size_t i = 0; i < f->n_fixes; i++) {
                if (text && place_lines(&f->fixes[i], text, len) &&
                    fix_applies(&f->fixes[i], path, text, len))
                        take_blank_lines(&f->fixes[i], text, len);
                if (text && fix_applies(&f->fixes[i], path, text, len))
                        f->fixes[kept++] = f->fixes[i];
                else
                        fix_fini(&f->fixes[i]);
        }
        f->n_fixes = kept;
}

static int strcmp0(const char *a, const char *b)
{
        if (!a || !b)
                return (a != NULL) - (b != NULL);
        return strcmp(a, b);
}

int dl_finding_cmp(const struct dl_finding *a, const struct dl_finding *b)
{
        int c = strcmp0(a->loc.file, b->loc.file);
        if (c)
                return c;
        if (a->loc.line != b->loc.line)
                return a->loc.line < b->loc.line ? -1 : 1;
        if (a->loc.col != b->loc.col)
                return a->loc.col < b->loc.col ? -1 : 1;
        if ((c = strcmp0(a->check_id, b->check_id)))
                return c;
        return strcmp0(a->message, b->message);
}

void dl_finding_list_take(void *data, struct dl_finding *take)
{
        struct dl_finding_list *l = data;
        DL_VEC_PUSH(l, take);
}

void dl_finding_list_fini(struct dl_finding_list *l)
{
        if (!l)
                return;
        for (size_t i = 0; i < l->n; i++)
                dl_finding_free(l->items[i]);
        DL_VEC_FREE(l);
}
