/* util_keys.c - helpers shared by the partition-key checks.
 * SPDX-License-Identifier: MIT
 */
#include "util_keys.h"

#include "util_expr.h"

#include "../core/alloc.h"
#include "../core/log.h"
#include "../core/regex.h"
#include "../core/strbuf.h"
#include "../model/quote.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool dl_key_target_at(const struct dl_table *t, size_t i, struct dl_key_target *out)
{
        memset(out, 0, sizeof *out);
        out->table = t;
        if (i == 0) {
                out->pk = t->partition_key.name;
                out->sk = t->sort_key.name;
                return out->pk != NULL;
        }
        if (i > t->n_indexes || t->indexes[i - 1].kind != DL_INDEX_GLOBAL)
                return false;
        out->index = &t->indexes[i - 1];
        out->pk = out->index->partition_key.name;
        out->sk = out->index->sort_key.name;
        return out->pk != NULL;
}

bool dl_key_target_read(const struct dl_check_ctx *ctx, const struct dl_request *req,
                        struct dl_key_target *out)
{
        struct dl_read_keys k;
        memset(out, 0, sizeof *out);
        if (!dl_read_keys_get(ctx, req, &k))
                return false;
        out->table = k.table;
        /* a local index reads a partition of the table */
        out->index = k.index && k.index->kind == DL_INDEX_GLOBAL ? k.index : NULL;
        out->pk = k.hash;
        out->sk = k.range;
        return true;
}

const char *dl_key_target_label(const struct dl_key_target *k, char *buf, size_t size)
{
        const char *t = k->table && k->table->name ? k->table->name : NULL;
        if (k->index && t)
                snprintf(buf, size, "index '%s' of table '%s'", DL_Q(k->index->name), DL_Q(t));
        else if (k->index)
                snprintf(buf, size, "index '%s'", DL_Q(k->index->name));
        else if (t)
                snprintf(buf, size, "table '%s'", DL_Q(t));
        else
                snprintf(buf, size, "the table");
        return buf;
}

void dl_key_value_of(const struct dl_request *req, const char *attr, struct dl_key_value *out)
{
        dl_key_value_get(req, attr, strlen(attr), out);
}

bool dl_sparse_value(const struct dl_index *ix, const struct dl_value *v)
{
        for (size_t i = 0; ix->sparse && i < ix->n_sparse_values; i++) {
                if (dl_value_equals(v, ix->sparse_values[i]))
                        return true;
        }
        return false;
}

bool dl_key_value_varies(const struct dl_key_value *kv)
{
        return kv->state == DL_KEYV_SET && kv->value.kind == DL_VAL_KNOWN &&
               !dl_value_is_complete(&kv->value);
}

bool dl_key_items_differ(const struct dl_request *req, const struct dl_key_target *k)
{
        const struct dl_table *t = k->table;
        struct dl_key_value v;
        if (t->sort_key.name) {
                dl_key_value_of(req, t->sort_key.name, &v);
                if (dl_key_value_varies(&v))
                        return true;
        }
        if (!k->index)
                return false;
        dl_key_value_of(req, t->partition_key.name, &v);
        return dl_key_value_varies(&v);
}

bool dl_key_target_written(const struct dl_request *req, const struct dl_key_target *k,
                           struct dl_key_value *pk)
{
        dl_key_value_of(req, k->pk, pk);
        if (pk->state != DL_KEYV_SET)
                return false;
        if (!k->index || !k->sk)
                return true;
        struct dl_key_value sk;
        dl_key_value_of(req, k->sk, &sk);
        return sk.state == DL_KEYV_SET ||
               (req->op == DL_OP_UPDATE_ITEM && sk.state == DL_KEYV_NOT_SET);
}

/* Is a hole of this shape one of few values? */
static bool low_cardinality(const struct dl_hole *h)
{
        switch (h->kind) {
        case DL_HOLE_BOOL:
        case DL_HOLE_ENUM:
        case DL_HOLE_ONE_OF:
                return true;
        case DL_HOLE_DATE:
                return h->grain >= DL_GRAIN_YEAR && h->grain <= DL_GRAIN_MINUTE;
        default:
                return false;
        }
}

/* Is h a date finer than the date low? A key of several date parts
 * ("%Y" "-" "%m" "-" "%d" from struct tm fields) changes with its finest. */
static bool finer_date(const struct dl_hole *h, const struct dl_hole *low)
{
        return h->kind == DL_HOLE_DATE && low->kind == DL_HOLE_DATE && h->grain > low->grain;
}

enum dl_key_spread dl_key_spread_of(const struct dl_value *v, const struct dl_hole **part)
{
        if (part)
                *part = NULL;
        if (v->kind != DL_VAL_KNOWN)
                return DL_SPREAD_UNKNOWN;
        bool unknown = false;
        const struct dl_hole *low = NULL;
        for (size_t i = 0; i < v->n_segs; i++) {
                const struct dl_segment *s = &v->segs[i];
                if (s->text)
                        continue;
                if (s->hole && s->hole->kind == DL_HOLE_SHARD)
                        return DL_SPREAD_SHARDED;
                if (!s->hole || !low_cardinality(s->hole))
                        unknown = true;
                else if (!low || finer_date(s->hole, low))
                        low = s->hole;
        }
        if (unknown)
                return DL_SPREAD_UNKNOWN;
        if (!low)
                return DL_SPREAD_CONSTANT;
        if (part)
                *part = low;
        return DL_SPREAD_LOW;
}

/* "'a', 'b', 'c'" (at most four, then "..."). */
static void list_values(struct dl_strbuf *sb, const struct dl_hole *h)
{
        for (size_t i = 0; i < h->n_values && i < 4; i++)
                dl_strbuf_printf(sb, "%s'%s'", i ? ", " : "", DL_Q(h->values[i]));
        if (h->n_values > 4)
                dl_strbuf_puts(sb, ", ...");
}

const char *dl_hole_describe(const struct dl_hole *h, char *buf, size_t size)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        if (h->source)
                dl_strbuf_printf(&sb, "'%s'", DL_Q(h->source));
        else
                dl_strbuf_puts(&sb, "a part");
        switch (h->kind) {
        case DL_HOLE_BOOL:
                dl_strbuf_puts(&sb, " is a boolean (2 values)");
                break;
        case DL_HOLE_ENUM:
                dl_strbuf_printf(&sb, " is built from enum '%s' (%zu value%s)",
                                 DL_Q(h->name && h->name[0] ? h->name : "(anonymous)"),
                                 h->n_values, h->n_values == 1 ? "" : "s");
                break;
        case DL_HOLE_ONE_OF:
                dl_strbuf_printf(&sb, " is one of %zu string%s (", h->n_values,
                                 h->n_values == 1 ? "" : "s");
                list_values(&sb, h);
                dl_strbuf_putc(&sb, ')');
                break;
        case DL_HOLE_DATE:
                dl_strbuf_printf(&sb, " is a date by the %s ('%s')", dl_time_grain_name(h->grain),
                                 DL_Q(h->format));
                break;
        default:
                dl_strbuf_puts(&sb, " is known only at run time");
                break;
        }
        snprintf(buf, size, "%s", dl_strbuf_cstr(&sb));
        dl_strbuf_fini(&sb);
        return buf;
}

bool dl_key_matches(const struct dl_check_ctx *ctx, const struct dl_pattern *p,
                    const struct dl_value *v, bool partial)
{
        if (v->kind != DL_VAL_KNOWN || !v->n_segs || !v->segs[0].text || !v->segs[0].len)
                return false; /* nothing known before the first hole */
        bool complete = dl_value_is_complete(v);
        enum dl_regex_result r =
                dl_regex_search(p->re, v->segs[0].text, v->segs[0].len, partial && !complete);
        if (r == DL_REGEX_LIMIT && ctx->log) {
                char text[DL_QUOTE_SIZE];
                dl_log_add(ctx->log, DL_LOG_NOTE, "pattern-limit", &p->loc,
                           "pattern '%s' of check '%s' reached PCRE2's match limit on '%s'; "
                           "counted as no match",
                           DL_Q(p->source), ctx->check->info->id,
                           dl_quote(text, v->segs[0].text, v->segs[0].len));
        }
        return r == DL_REGEX_MATCH || r == DL_REGEX_PARTIAL;
}

const struct dl_pattern *dl_key_matches_any(const struct dl_check_ctx *ctx,
                                            const struct dl_pattern_list *l,
                                            const struct dl_value *v, bool partial)
{
        for (size_t i = 0; l && i < l->n; i++) {
                if (dl_key_matches(ctx, &l->items[i], v, partial))
                        return &l->items[i];
        }
        return NULL;
}

const char *dl_key_value_text(const struct dl_value *v, char *buf, size_t size)
{
        struct dl_strbuf sb, q;
        dl_strbuf_init(&sb);
        dl_strbuf_init(&q);
        for (size_t i = 0; v->kind == DL_VAL_KNOWN && i < v->n_segs; i++) {
                if (v->segs[i].text)
                        dl_strbuf_add(&sb, v->segs[i].text, v->segs[i].len);
                else
                        dl_hole_dump(&sb, v->segs[i].hole);
        }
        dl_quote_put(&q, sb.buf ? sb.buf : "", sb.len);
        snprintf(buf, size, "%s", dl_strbuf_cstr(&q));
        dl_strbuf_fini(&q);
        dl_strbuf_fini(&sb);
        return buf;
}

const char *dl_key_op_label(const struct dl_request *req, char *buf, size_t size)
{
        /* each member shape belongs to one container (model/request.h) */
        static const struct {
                const char *member, *container;
        } shapes[] = {{"Put", "TransactWriteItems"},           {"Update", "TransactWriteItems"},
                      {"Delete", "TransactWriteItems"},        {"ConditionCheck", "TransactWriteItems"},
                      {"Get", "TransactGetItems"},             {"PutRequest", "BatchWriteItem"},
                      {"DeleteRequest", "BatchWriteItem"},     {"KeysAndAttributes", "BatchGetItem"}};
        if (!req->member)
                return dl_op_name(req->op);
        for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
                if (!strcmp(req->member, shapes[i].member)) {
                        snprintf(buf, size, "%s %s", shapes[i].container, req->member);
                        return buf;
                }
        }
        return dl_op_name(req->op);
}

struct dl_finding *dl_key_report(const struct dl_check_ctx *ctx, const struct dl_request *req,
                                 const struct dl_key_value *kv, const char *fmt, ...)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        va_list ap;
        va_start(ap, fmt);
        dl_strbuf_vprintf(&sb, fmt, ap);
        va_end(ap);
        struct dl_finding *f = dl_report(ctx, &req->call, "%s", dl_strbuf_cstr(&sb));
        dl_strbuf_fini(&sb);
        if (dl_loc_valid(&kv->loc) && dl_loc_cmp(&kv->loc, &req->call) != 0)
                dl_report_related(f, &kv->loc, "the key value is built here");
        if (kv->state == DL_KEYV_SET && dl_loc_valid(&kv->value.origin))
                dl_report_related(f, &kv->value.origin, "its text is defined here");
        return f;
}

void dl_key_visit(const struct dl_check_ctx *ctx, const struct dl_request *req, unsigned ops,
                  dl_key_visit_fn visit)
{
        struct dl_key_target k;
        struct dl_key_value pk;
        bool query = req->op == DL_OP_QUERY && (ops & DL_KEYS_QUERIES);
        bool get = req->op == DL_OP_GET_ITEM && (ops & DL_KEYS_GETS);
        if (query || get) {
                if (!dl_key_target_read(ctx, req, &k))
                        return;
                dl_key_value_of(req, k.pk, &pk);
                if (pk.state == DL_KEYV_SET)
                        visit(ctx, req, &k, &pk);
                return;
        }
        bool del = req->op == DL_OP_DELETE_ITEM && (ops & DL_KEYS_DELETES);
        if (!del && !(dl_key_value_writes(req) && (ops & DL_KEYS_WRITES)))
                return;
        const struct dl_table *t = dl_table_described(ctx, req);
        for (size_t i = 0; t && i <= (del ? 0 : t->n_indexes); i++) {
                if (dl_key_target_at(t, i, &k) && dl_key_target_written(req, &k, &pk))
                        visit(ctx, req, &k, &pk);
        }
}

enum dl_status dl_patterns_configure(void **state, const struct dl_check_config *cfg,
                                     const char *key, struct dl_error *err)
{
        struct dl_pattern_list *l = dl_xcalloc(1, sizeof *l);
        enum dl_status st = dl_check_config_patterns(cfg, key, DL_PATTERN_SEARCH, l, err);
        if (st) {
                free(l);
                return st;
        }
        *state = l;
        return DL_OK;
}

void dl_patterns_destroy(void *state)
{
        dl_pattern_list_fini(state);
        free(state);
}
