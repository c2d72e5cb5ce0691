/* suppress.c - inline suppression directives.
 * SPDX-License-Identifier: MIT
 *
 * A small lexer walks the text once, skipping string, character and raw
 * string literals, and hands each comment to parse_comment(), which looks
 * for "ddblint:" at the start of the comment's text (or of any line of a
 * block comment). Requiring the marker at the start keeps prose such as
 * "// see the ddblint: docs" from being taken for a broken directive.
 */
#include "suppress.h"

#include "../core/alloc.h"
#include "../core/log.h"
#include "../core/strbuf.h"
#include "../core/vec.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MARKER "ddblint:"

struct parser {
        const char *file;
        const char *text;
        size_t len;
        const char *const *known;
        size_t n_known;
        struct dl_log *log;
        struct dl_suppressions *out;
        DL_VEC(size_t) open; /* indexes of ignore-begin directives awaiting their end */
};

static void diag(struct parser *p, const char *id, unsigned line, unsigned col, const char *fmt,
                 ...) __attribute__((format(printf, 5, 6)));

static void diag(struct parser *p, const char *id, unsigned line, unsigned col, const char *fmt,
                 ...)
{
        if (!p->log)
                return;
        struct dl_loc loc = {p->file, line, col};
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        va_list ap;
        va_start(ap, fmt);
        dl_strbuf_vprintf(&sb, fmt, ap);
        va_end(ap);
        dl_log_add(p->log, DL_LOG_WARNING, id, &loc, "%s", dl_strbuf_cstr(&sb));
        dl_strbuf_fini(&sb);
}

static bool is_known(const struct parser *p, const char *id)
{
        if (!p->known || strcmp(id, "*") == 0 || strcmp(id, "unused-suppression") == 0)
                return true;
        for (size_t i = 0; i < p->n_known; i++) {
                if (strcmp(p->known[i], id) == 0)
                        return true;
        }
        return false;
}

static void free_directive(struct dl_directive *d)
{
        for (size_t i = 0; i < d->n_ids; i++)
                free(d->ids[i].id);
        free(d->ids);
        free(d->reason);
}

static bool is_id_char(char c)
{
        return isalnum((unsigned char)c) || c == '-' || c == '_';
}

/*
 * Parse one directive. marker points at "ddblint:", e is the end of the
 * comment's text on this line; line is 1-based and lstart is where the line
 * starts (the byte column of a pointer q is q - lstart + 1).
 */
static void parse_directive(struct parser *p, const char *marker, const char *e, unsigned line,
                            const char *lstart)
{
#define COL(q) ((unsigned)((q) - lstart) + 1)
        unsigned mcol = COL(marker);
        const char *s = marker + strlen(MARKER);
        while (s < e && (*s == ' ' || *s == '\t'))
                s++;
        const char *kw = s;
        while (s < e && (islower((unsigned char)*s) || *s == '-'))
                s++;
        size_t kn = (size_t)(s - kw);
        struct dl_directive d;
        memset(&d, 0, sizeof d);
        d.line = line;
        d.col = mcol;

        if (kn == 10 && memcmp(kw, "ignore-end", 10) == 0) {
                if (p->open.n == 0) {
                        diag(p, "suppression-malformed", line, mcol,
                             "'ignore-end' without a matching 'ignore-begin'");
                        return;
                }
                struct dl_directive *b = &p->out->items[p->open.items[--p->open.n]];
                b->last = line;
                return;
        }
        if (kn == 6 && memcmp(kw, "ignore", 6) == 0) {
                d.kind = DL_DIRECTIVE_IGNORE;
                d.first = line;
                d.last = line + 1;
        } else if (kn == 16 && memcmp(kw, "ignore-next-line", 16) == 0) {
                d.kind = DL_DIRECTIVE_IGNORE_NEXT_LINE;
                d.first = d.last = line + 1;
        } else if (kn == 12 && memcmp(kw, "ignore-begin", 12) == 0) {
                d.kind = DL_DIRECTIVE_IGNORE_RANGE;
                d.first = line;
                d.last = 0; /* set by ignore-end */
        } else {
                if (kn)
                        diag(p, "suppression-malformed", line, mcol,
                             "unknown directive 'ddblint: %.*s'; expected ignore, "
                             "ignore-next-line, ignore-begin or ignore-end", (int)kn, kw);
                else
                        diag(p, "suppression-malformed", line, mcol,
                             "expected ignore, ignore-next-line, ignore-begin or ignore-end "
                             "after 'ddblint:'");
                return;
        }
        if (s >= e || *s != '[') {
                diag(p, "suppression-malformed", line, COL(s),
                     "expected '[' and a list of check ids after 'ddblint: %.*s'", (int)kn, kw);
                return;
        }
        s++;
        for (;;) {
                while (s < e && (*s == ' ' || *s == '\t'))
                        s++;
                const char *id = s;
                if (s < e && *s == '*')
                        s++;
                else
                        while (s < e && is_id_char(*s))
                                s++;
                if (s == id) {
                        diag(p, "suppression-malformed", line, COL(s),
                             "%s", s < e && *s == ']' && d.n_ids == 0
                                     ? "empty check id list; name the checks to ignore, or '*'"
                                     : "expected a check id");
                        goto bad;
                }
                struct dl_suppression_id sid = {dl_xstrndup(id, (size_t)(s - id)), COL(id), false,
                                                true};
                d.ids = dl_xrealloc(d.ids, (d.n_ids + 1) * sizeof *d.ids);
                d.ids[d.n_ids++] = sid;
                while (s < e && (*s == ' ' || *s == '\t'))
                        s++;
                if (s < e && *s == ',') {
                        s++;
                        continue;
                }
                if (s < e && *s == ']') {
                        s++;
                        break;
                }
                diag(p, "suppression-malformed", line, COL(s),
                     "expected ',' or ']' in the check id list");
                goto bad;
        }
        for (size_t i = 0; i < d.n_ids; i++) {
                if (!is_known(p, d.ids[i].id)) {
                        d.ids[i].known = false;
                        diag(p, "suppression-unknown-check", line, d.ids[i].col,
                             "unknown check id '%s' in suppression", d.ids[i].id);
                }
        }
        while (s < e && isspace((unsigned char)*s))
                s++;
        while (e > s && isspace((unsigned char)e[-1]))
                e--;
        if (e > s)
                d.reason = dl_xstrndup(s, (size_t)(e - s));
        p->out->items = dl_xrealloc(p->out->items, (p->out->n + 1) * sizeof *p->out->items);
        p->out->items[p->out->n] = d;
        if (d.kind == DL_DIRECTIVE_IGNORE_RANGE)
                DL_VEC_PUSH(&p->open, p->out->n);
        p->out->n++;
        return;
bad:
        free_directive(&d);
#undef COL
}

/* One line of comment text [s, e): skip decoration, then look for the marker. */
static void parse_comment_line(struct parser *p, const char *s, const char *e, unsigned line,
                               const char *lstart, bool block)
{
        while (s < e && (*s == ' ' || *s == '\t' || *s == '/' || *s == '!' ||
                         (block && *s == '*')))
                s++;
        size_t mn = strlen(MARKER);
        if ((size_t)(e - s) >= mn && memcmp(s, MARKER, mn) == 0)
                parse_directive(p, s, e, line, lstart);
}

static bool starts_raw_string(const char *t, size_t len, size_t i)
{
        /* R"delim( with an optional u8/u/U/L prefix, not inside an identifier. */
        if (t[i] != 'R' || i + 1 >= len || t[i + 1] != '"')
                return false;
        size_t k = i;
        if (k >= 2 && t[k - 2] == 'u' && t[k - 1] == '8')
                k -= 2;
        else if (k >= 1 && (t[k - 1] == 'u' || t[k - 1] == 'U' || t[k - 1] == 'L'))
                k -= 1;
        return k == 0 || !is_id_char(t[k - 1]);
}

/* A YAML file (a template linted as table definitions): its comments are
 * '#' to the end of the line, after a blank or at the line's start. */
static bool is_yaml(const char *file)
{
        size_t n = strlen(file);
        return (n > 5 && !strcmp(file + n - 5, ".yaml")) ||
               (n > 4 && !strcmp(file + n - 4, ".yml")) ||
               (n > 9 && !strcmp(file + n - 9, ".template"));
}

/* The directives of YAML text: '#' comments, outside quoted scalars (a
 * quote opens one only where a scalar may start, so the apostrophe of
 * "Bob's table" opens none). */
static void parse_yaml(struct parser *p, const char *t, size_t len)
{
        unsigned line = 1;
        size_t lstart = 0, i = 0;
        while (i < len) {
                char c = t[i];
                char prev = ' ';
                if (i > lstart)
                        prev = t[i - 1];
                bool at_start = strchr(" \t:[{,-", prev) != NULL;
                if (c == '\n') {
                        line++;
                        lstart = ++i;
                } else if (c == '#' && (prev == ' ' || prev == '\t')) {
                        size_t e = i + 1;
                        while (e < len && t[e] != '\n')
                                e++;
                        parse_comment_line(p, t + i + 1, t + e, line, t + lstart, false);
                        i = e;
                } else if ((c == '"' || c == '\'') && at_start) {
                        size_t k = i + 1;
                        while (k < len && t[k] != c && t[k] != '\n')
                                k += c == '"' && t[k] == '\\' && k + 1 < len && t[k + 1] != '\n'
                                             ? 2
                                             : 1;
                        i = k < len && t[k] == c ? k + 1 : k;
                } else {
                        i++;
                }
        }
}

struct dl_suppressions *dl_suppressions_parse(const char *file, const char *text, size_t len,
                                              const char *const *known, size_t n_known,
                                              struct dl_log *log)
{
        struct dl_suppressions *out = dl_xcalloc(1, sizeof *out);
        out->file = dl_xstrdup(file);
        struct parser p = {file, text, len, known, n_known, log, out, {0}};
        const char *t = text;
        unsigned line = 1;
        size_t lstart = 0, i = 0;
        if (is_yaml(file)) {
                parse_yaml(&p, t, len);
                i = len;
        }

        while (i < len) {
                char c = t[i];
                if (c == '\n') {
                        line++;
                        lstart = ++i;
                } else if (c == '/' && i + 1 < len && t[i + 1] == '/') {
                        size_t e = i + 2;
                        while (e < len && t[e] != '\n')
                                e++;
                        parse_comment_line(&p, t + i + 2, t + e, line, t + lstart, false);
                        i = e;
                } else if (c == '/' && i + 1 < len && t[i + 1] == '*') {
                        size_t s = i + 2;
                        for (;;) {
                                size_t e = s;
                                while (e < len && t[e] != '\n' &&
                                       !(t[e] == '*' && e + 1 < len && t[e + 1] == '/'))
                                        e++;
                                parse_comment_line(&p, t + s, t + e, line, t + lstart, true);
                                if (e >= len) {
                                        i = len;
                                        break;
                                }
                                if (t[e] == '\n') {
                                        line++;
                                        lstart = s = e + 1;
                                        continue;
                                }
                                i = e + 2; /* after the closing delimiter */
                                break;
                        }
                } else if (starts_raw_string(t, len, i)) {
                        size_t d = i + 2, dn = 0;
                        while (d + dn < len && t[d + dn] != '(' && dn < 16)
                                dn++;
                        size_t k = d + dn + 1;
                        for (; k < len; k++) {
                                if (t[k] == '\n') {
                                        line++;
                                        lstart = k + 1;
                                } else if (t[k] == ')' && k + dn + 1 < len &&
                                           memcmp(t + k + 1, t + d, dn) == 0 &&
                                           t[k + 1 + dn] == '"') {
                                        k += dn + 2;
                                        break;
                                }
                        }
                        i = k;
                } else if (c == '"' || c == '\'') {
                        /* Skip a literal; stop at an unescaped newline so a
                         * stray quote cannot hide the rest of the file. */
                        size_t k = i + 1;
                        while (k < len && t[k] != c && t[k] != '\n') {
                                if (t[k] == '\\' && k + 1 < len)
                                        k++;
                                if (t[k] == '\n') {
                                        line++;
                                        lstart = k + 1;
                                }
                                k++;
                        }
                        i = k < len && t[k] == c ? k + 1 : k;
                } else {
                        i++;
                }
        }
        for (size_t k = 0; k < p.open.n; k++) {
                struct dl_directive *d = &out->items[p.open.items[k]];
                diag(&p, "suppression-malformed", d->line, d->col,
                     "'ignore-begin' without a matching 'ignore-end'; it covers the rest of "
                     "the file");
                d->last = (unsigned)-1; /* still honoured, to the end of the file */
        }
        DL_VEC_FREE(&p.open);
        return out;
}

static const struct dl_directive *match_pass(struct dl_suppressions *s, const char *check_id,
                                             unsigned line, bool wildcard)
{
        for (size_t i = 0; i < s->n; i++) {
                struct dl_directive *d = &s->items[i];
                if (line < d->first || line > d->last)
                        continue;
                for (size_t k = 0; k < d->n_ids; k++) {
                        bool hit = wildcard ? strcmp(d->ids[k].id, "*") == 0
                                            : strcmp(d->ids[k].id, check_id) == 0;
                        if (hit) {
                                d->ids[k].used = true;
                                return d;
                        }
                }
        }
        return NULL;
}

const struct dl_directive *dl_suppressions_match(struct dl_suppressions *s, const char *check_id,
                                                 unsigned line)
{
        if (!s || !check_id)
                return NULL;
        /* An exact id wins over '*', so the specific directive is not
         * reported unused when a broad one also covers the line. */
        const struct dl_directive *d = match_pass(s, check_id, line, false);
        return d ? d : match_pass(s, check_id, line, true);
}

size_t dl_suppressions_report_unused(const struct dl_suppressions *s, struct dl_log *log,
                                     bool (*skip)(void *data, const char *id), void *data)
{
        size_t n = 0;
        if (!s)
                return 0;
        for (size_t i = 0; i < s->n; i++) {
                const struct dl_directive *d = &s->items[i];
                for (size_t k = 0; k < d->n_ids; k++) {
                        const struct dl_suppression_id *id = &d->ids[k];
                        if (id->used || !id->known || (skip && skip(data, id->id)))
                                continue;
                        if (log) {
                                struct dl_loc loc = {s->file, d->line, id->col};
                                if (strcmp(id->id, "*") == 0)
                                        dl_log_add(log, DL_LOG_WARNING, "suppression-unused",
                                                   &loc, "unused suppression: no finding on "
                                                   "the lines it covers");
                                else
                                        dl_log_add(log, DL_LOG_WARNING, "suppression-unused",
                                                   &loc, "unused suppression: no '%s' finding "
                                                   "on the lines it covers", id->id);
                        }
                        n++;
                }
        }
        return n;
}

void dl_suppressions_free(struct dl_suppressions *s)
{
        if (!s)
                return;
        for (size_t i = 0; i < s->n; i++)
                free_directive(&s->items[i]);
        free(s->items);
        free(s->file);
        free(s);
}
