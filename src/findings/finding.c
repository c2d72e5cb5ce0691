/* finding.c - one reported problem.
 * SPDX-License-Identifier: MIT
 */
#include "finding.h"

#include "../core/alloc.h"

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
