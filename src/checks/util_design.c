/* util_design.c - a partition key's design over one file (util_design.h).
 * SPDX-License-Identifier: MIT
 */
#include "util_design.h"

#include "util_expr.h"

#include "../core/alloc.h"
#include "../findings/finding.h"
#include "../model/quote.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum dl_status dl_key_design_configure(void **out, const struct dl_check_config *cfg,
                                       const struct dl_ruleset *rules, struct dl_error *err)
{
        (void)cfg;
        struct dl_key_design_state *st = dl_xcalloc(1, sizeof *st);
        void *allow = NULL, *low = NULL;
        enum dl_status rc = dl_patterns_configure(
                &allow, dl_schema_check_config(rules, "constant-partition-key"), "allow", err);
        if (rc == DL_OK)
                rc = dl_patterns_configure(
                        &low, dl_schema_check_config(rules, "low-cardinality-partition-key"),
                        "patterns", err);
        st->allow = allow;
        st->low = low;
        if (rc != DL_OK) {
                dl_key_design_destroy(st);
                return rc;
        }
        *out = st;
        return DL_OK;
}

void dl_key_design_destroy(void *state)
{
        struct dl_key_design_state *st = state;
        if (!st)
                return;
        if (st->allow)
                dl_patterns_destroy(st->allow);
        if (st->low)
                dl_patterns_destroy(st->low);
        free(st);
}

bool dl_key_design_is_constant(const struct dl_key_design *d)
{
        return d->n_constants == 1 && !d->any_low;
}

/* Are all the holes of v dates (a bucket by time and nothing else)? */
static bool only_dates(const struct dl_value *v)
{
        for (size_t i = 0; i < v->n_segs; i++)
                if (!v->segs[i].text && (!v->segs[i].hole || v->segs[i].hole->kind != DL_HOLE_DATE))
                        return false;
        return true;
}

bool dl_key_design_low(const struct dl_check_ctx *ctx, const struct dl_pattern_list *low,
                       const struct dl_request *req, const struct dl_key_target *k,
                       const struct dl_value *v, bool write, const struct dl_pattern **pattern,
                       const struct dl_hole **part)
{
        *part = NULL;
        *pattern = NULL;
        enum dl_key_spread spread = dl_key_spread_of(v, part);
        if (spread == DL_SPREAD_SHARDED || (write && spread == DL_SPREAD_CONSTANT))
                return false;
        const struct dl_pattern *p = low ? dl_key_matches_any(ctx, low, v, true) : NULL;
        if (!p && spread != DL_SPREAD_LOW)
                return false;
        /* a write to a date bucket whose items do not differ is one item
         * per period (a daily summary): not hot, unless proven otherwise */
        if (write && !p && only_dates(v) && !dl_key_items_differ(req, k))
                return false;
        *pattern = p;
        return true;
}

static const char *file_of(const struct dl_key_write *w)
{
        return w->req->call.file ? w->req->call.file : "";
}

static bool same_value(const struct dl_value *a, const struct dl_value *b);

/* One design: the same key in the same file. An index's key is the one
 * attribute it is keyed on, so every write of it is one design; a table's
 * own key is shared by every kind of item of a single-table design
 * (EVENTS, TENANT#SETTINGS, COUNTRY#<code>), so there each value is a
 * design of its own. */
static bool same_design(const struct dl_key_write *a, const struct dl_key_write *b)
{
        if (a->k.table != b->k.table || a->k.index != b->k.index ||
            strcmp(file_of(a), file_of(b)) != 0)
                return false;
        return a->k.index || (a->constant == b->constant && same_value(&a->pk.value, &b->pk.value));
}

static int cmp_write(const void *pa, const void *pb)
{
        const struct dl_key_write *a = pa, *b = pb;
        return dl_loc_cmp(&a->req->call, &b->req->call);
}

/* The same text, holes included ("STATUS#<?>" twice is one value shown). */
static bool same_value(const struct dl_value *a, const struct dl_value *b)
{
        char ta[DL_QUOTE_SIZE], tb[DL_QUOTE_SIZE];
        if (a->text && b->text)
                return a->len == b->len && memcmp(a->text, b->text, a->len) == 0;
        return strcmp(dl_key_value_text(a, ta, sizeof ta), dl_key_value_text(b, tb, sizeof tb)) ==
               0;
}

struct dl_key_design *dl_key_designs(const struct dl_check_ctx *ctx,
                                     const struct dl_request *const *reqs, size_t n,
                                     const struct dl_pattern_list *allow,
                                     const struct dl_pattern_list *low, bool own_low, size_t *n_out)
{
        /* the other check's patterns are matched without tool notes: that
         * check says them, under its own id */
        struct dl_check_ctx quiet = *ctx;
        quiet.log = NULL;
        const struct dl_check_ctx *actx = own_low ? &quiet : ctx, *lctx = own_low ? ctx : &quiet;
        struct dl_key_design *d = NULL;
        size_t nd = 0;
        for (size_t r = 0; r < n; r++) {
                const struct dl_request *req = reqs[r];
                if (!dl_key_value_writes(req))
                        continue;
                const struct dl_table *t = dl_table_described(ctx, req);
                for (size_t i = 0; t && i <= t->n_indexes; i++) {
                        struct dl_key_write w = {.req = req};
                        if (!dl_key_target_at(t, i, &w.k) || (w.k.index && w.k.index->sparse) ||
                            !dl_key_target_written(req, &w.k, &w.pk))
                                continue;
                        const struct dl_value *v = &w.pk.value;
                        if (dl_value_is_complete(v)) {
                                if (!dl_key_items_differ(req, &w.k) ||
                                    (allow && dl_key_matches_any(actx, allow, v, false)))
                                        continue;
                                w.constant = true;
                        } else if (!dl_key_design_low(lctx, low, req, &w.k, v, true, &w.pattern,
                                                      &w.part)) {
                                continue;
                        }
                        size_t g = 0;
                        while (g < nd && !same_design(&d[g].w[0], &w))
                                g++;
                        if (g == nd) {
                                d = dl_xrealloc(d, (nd + 1) * sizeof *d);
                                memset(&d[nd++], 0, sizeof *d);
                        }
                        d[g].w = dl_xrealloc(d[g].w, (d[g].n + 1) * sizeof *d[g].w);
                        d[g].w[d[g].n++] = w;
                }
        }
        for (size_t g = 0; g < nd; g++) {
                qsort(d[g].w, d[g].n, sizeof *d[g].w, cmp_write);
                for (size_t i = 0; i < d[g].n; i++) {
                        const struct dl_key_write *w = &d[g].w[i];
                        if (!w->constant) {
                                d[g].any_low = true;
                                continue;
                        }
                        bool seen = false;
                        for (size_t j = 0; j < i && !seen; j++)
                                seen = d[g].w[j].constant &&
                                       same_value(&d[g].w[j].pk.value, &w->pk.value);
                        d[g].n_constants += !seen;
                }
        }
        *n_out = nd;
        return d;
}

void dl_key_designs_free(struct dl_key_design *d, size_t n)
{
        for (size_t i = 0; d && i < n; i++)
                free(d[i].w);
        free(d);
}

void dl_key_design_fingerprint(struct dl_finding *f, const struct dl_key_design *d)
{
        const struct dl_key_target *k = &d->w[0].k;
        free(f->function);
        f->function = NULL;
        free(f->signature);
        f->signature = dl_xasprintf("partition key design: table %s index %s key %s",
                                    k->table->name    ? k->table->name
                                    : k->table->match ? k->table->match
                                                      : "",
                                    k->index && k->index->name ? k->index->name : "", k->pk);
}

void dl_key_design_relate(struct dl_finding *f, const struct dl_key_design *d)
{
        for (size_t i = 1; i < d->n; i++) {
                const struct dl_key_write *w = &d->w[i];
                char opl[64], text[DL_QUOTE_SIZE];
                dl_report_related(f, &w->req->call, "this %s also writes '%s'",
                                  dl_key_op_label(w->req, opl, sizeof opl),
                                  dl_key_value_text(&w->pk.value, text, sizeof text));
        }
}

void dl_key_design_mark(struct dl_finding *f, const struct dl_key_design *d)
{
        if (!d)
                return;
        dl_key_design_relate(f, d);
        dl_key_design_fingerprint(f, d);
}

const char *dl_key_design_values(const struct dl_key_design *d, char *buf, size_t size)
{
        size_t used = 0;
        buf[0] = '\0';
        for (size_t i = 0; i < d->n; i++) {
                bool seen = false;
                for (size_t j = 0; j < i && !seen; j++)
                        seen = same_value(&d->w[j].pk.value, &d->w[i].pk.value);
                if (seen)
                        continue;
                char text[DL_QUOTE_SIZE];
                int m = snprintf(buf + used, size - used, "%s'%s'", used ? ", " : "",
                                 dl_key_value_text(&d->w[i].pk.value, text, sizeof text));
                if (m < 0 || (size_t)m >= size - used)
                        break;
                used += (size_t)m;
        }
        return buf;
}
