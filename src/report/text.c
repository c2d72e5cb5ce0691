/* text.c - the gcc-style text reporter, read natively by editors (vim's
 * quickfix, emacs compile-mode) and CI problem matchers.
 * SPDX-License-Identifier: MIT
 */
#include "reporter.h"

#include "../core/alloc.h"
#include "../core/log.h"
#include "../core/severity.h"
#include "../findings/finding.h"
#include "../findings/sink.h"

#include <stdlib.h>

struct text_reporter {
        struct dl_reporter base; /* first: the reporter is cast to this */
        FILE *out;
        bool color;
        bool summary;
        size_t shown, by_severity[3]; /* counted here when no stats are given */
};

#define BOLD "\033[1m"
#define RESET "\033[0m"

static const char *severity_color(enum dl_severity s)
{
        /* clang's palette: error red, warning magenta, note cyan. */
        switch (s) {
        case DL_SEV_ERROR: return "\033[1;31m";
        case DL_SEV_WARNING: return "\033[1;35m";
        case DL_SEV_NOTE: return "\033[1;36m";
        }
        return "";
}

static void print_loc(struct text_reporter *t, const struct dl_floc *loc)
{
        if (t->color)
                fputs(BOLD, t->out);
        if (loc->file) {
                dl_fputs_escaped(t->out, loc->file);
                if (loc->line) {
                        fprintf(t->out, ":%u", loc->line);
                        if (loc->col)
                                fprintf(t->out, ":%u", loc->col);
                }
                fputc(':', t->out);
        } else {
                fputs("ddblint:", t->out);
        }
        if (t->color)
                fputs(RESET, t->out);
        fputc(' ', t->out);
}

static void print_severity(struct text_reporter *t, enum dl_severity s)
{
        if (t->color)
                fprintf(t->out, "%s%s:" RESET " ", severity_color(s), dl_severity_str(s));
        else
                fprintf(t->out, "%s: ", dl_severity_str(s));
}

static enum dl_status text_begin(struct dl_reporter *r, const struct dl_catalogue *c)
{
        return DL_OK;
}

static enum dl_status text_finding(struct dl_reporter *r, const struct dl_finding *f)
{
        struct text_reporter *t = (struct text_reporter *)r;
        if (f->suppressed != DL_SUPPRESS_NONE)
                return DL_OK; /* counted in the summary line, never shown */
        t->shown++;
        t->by_severity[f->severity]++;
        print_loc(t, &f->loc);
        print_severity(t, f->severity);
        fprintf(t->out, "%s [%s]\n", f->message, f->check_id);
        for (size_t i = 0; i < f->n_related; i++) {
                print_loc(t, &f->related[i].loc);
                print_severity(t, DL_SEV_NOTE);
                fprintf(t->out, "%s\n", f->related[i].message);
        }
        return DL_OK;
}

static void count_word(struct dl_reporter *r, FILE *out, size_t n, const char *word, bool *first)
{
        if (!n)
                return;
        fprintf(out, "%s%zu %s%s", *first ? "" : ", ", n, word, n == 1 ? "" : "s");
        *first = false;
}

static enum dl_status text_end(struct dl_reporter *r, const struct dl_run_summary *sum)
{
        struct text_reporter *t = (struct text_reporter *)r;
        if (!t->summary)
                return fflush(t->out) == 0 ? DL_OK : DL_ERR_IO;
        const struct dl_sink_stats *st = sum ? sum->stats : NULL;
        size_t shown = st ? st->shown : t->shown;
        const size_t *sev = st ? st->by_severity : t->by_severity;
        fprintf(t->out, "ddblint: %zu finding%s", shown, shown == 1 ? "" : "s");
        if (shown) {
                bool first = true;
                fputs(" (", t->out);
                count_word(r, t->out, sev[DL_SEV_ERROR], "error", &first);
                count_word(r, t->out, sev[DL_SEV_WARNING], "warning", &first);
                count_word(r, t->out, sev[DL_SEV_NOTE], "note", &first);
                fputc(')', t->out);
        }
        if (st) {
                fprintf(t->out, "; %zu suppressed inline, %zu in baseline", st->suppressed_inline,
                        st->baselined);
                if (st->disabled)
                        fprintf(t->out, ", %zu from disabled checks", st->disabled);
                if (st->outside_scope)
                        fprintf(t->out, ", %zu on unchanged lines", st->outside_scope);
        }
        if (sum && sum->n_not_parsed)
                fprintf(t->out, "; %zu file%s skipped: no DynamoDB client use", sum->n_not_parsed,
                        sum->n_not_parsed == 1 ? "" : "s");
        if (sum && sum->n_clang_error_files)
                fprintf(t->out, "; %zu file%s with clang errors (--verbose shows them)",
                        sum->n_clang_error_files, sum->n_clang_error_files == 1 ? "" : "s");
        fputc('\n', t->out);
        if (fflush(t->out) != 0) {
                free(r->error);
                r->error = dl_xstrdup("cannot write the text report");
                return DL_ERR_IO;
        }
        return DL_OK;
}

static void text_destroy(struct dl_reporter *r)
{
        if (!r)
                return;
        free(r->error);
        free(r);
}

struct dl_reporter *dl_reporter_text_new(FILE *out, bool color, bool summary)
{
        struct text_reporter *t = dl_xcalloc(1, sizeof *t);
        t->base.name = "text";
        t->base.begin = text_begin;
        t->base.finding = text_finding;
        t->base.end = text_end;
        t->base.destroy = text_destroy;
        t->out = out;
        t->color = color;
        t->summary = summary;
        return &t->base;
}
