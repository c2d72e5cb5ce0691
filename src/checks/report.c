/* report.c - dl_report(): the only output path of a check.
 * SPDX-License-Identifier: MIT
 */
#include "check.h"

#include "../core/alloc.h"
#include "../core/htab.h"
#include "../core/log.h"
#include "../core/strbuf.h"
#include "../core/vec.h"
#include "../findings/finding.h"
#include "../model/request.h"
#include "../model/quote.h"
#include "../rules/schema.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A new finding of ctx's check at loc with the message fmt, ap. */
static struct dl_finding *finding_v(const struct dl_check_ctx *ctx, const struct dl_loc *loc,
                                    const char *suffix, const char *fmt, va_list ap)
        __attribute__((format(printf, 4, 0)));

static struct dl_finding *finding_v(const struct dl_check_ctx *ctx, const struct dl_loc *loc,
                                    const char *suffix, const char *fmt, va_list ap)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_strbuf_vprintf(&sb, fmt, ap);
        dl_strbuf_puts(&sb, suffix);
        const struct dl_check_info *info = ctx->check->info;
        struct dl_finding *f = dl_finding_new(info->id, info->severity, loc, dl_strbuf_cstr(&sb));
        dl_strbuf_fini(&sb);
        return f;
}

struct dl_finding *dl_report(const struct dl_check_ctx *ctx, const struct dl_loc *loc,
                             const char *fmt, ...)
{
        const struct dl_request *req = ctx->req;
        va_list ap;
        va_start(ap, fmt);
        struct dl_finding *f = finding_v(
                ctx, loc ? loc : (req ? &req->call : NULL),
                req && req->inferred ? " (client inferred from source tokens)" : "", fmt, ap);
        va_end(ap);
        if (req) {
                f->function = dl_xstrdup(req->function);
                struct dl_strbuf sig;
                dl_strbuf_init(&sig);
                dl_request_signature(&sig, req);
                f->signature = dl_strbuf_take(&sig);
                if (dl_loc_valid(&req->call_spelling))
                        dl_finding_add_related(f, &req->call_spelling,
                                               "spelled here, inside a macro definition");
        }
        ctx->emit(ctx->emit_data, f);
        return f;
}

struct dl_finding *dl_report_table(const struct dl_check_ctx *ctx, const struct dl_table *t,
                                   const struct dl_loc *loc, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        struct dl_finding *f = finding_v(ctx, loc && loc->line ? loc : &t->loc, "", fmt, ap);
        va_end(ap);
        if (t->def) {
                f->function = dl_xstrdup(t->def->id);
                f->signature = dl_xasprintf("%s %s", t->def->kind, t->def->id);
        }
        ctx->emit(ctx->emit_data, f);
        return f;
}

void dl_report_related(struct dl_finding *f, const struct dl_loc *loc, const char *fmt, ...)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        va_list ap;
        va_start(ap, fmt);
        dl_strbuf_vprintf(&sb, fmt, ap);
        va_end(ap);
        dl_finding_add_related(f, loc, dl_strbuf_cstr(&sb));
        dl_strbuf_fini(&sb);
}

bool dl_index_set_at_run_time(const struct dl_request *req)
{
        const struct dl_value *ix = &req->fields[DL_FIELD_INDEX_NAME];
        return ix->kind == DL_VAL_DYNAMIC && !ix->unseen;
}

const char *dl_table_def_label(const struct dl_table *t, char *buf, size_t size)
{
        const char *id = t->def && t->def->id ? t->def->id : t->name;
        if (t->name && id && strcmp(t->name, id) != 0)
                snprintf(buf, size, "'%s' (%s)", DL_Q(t->name), DL_Q(id));
        else
                snprintf(buf, size, "'%s'", DL_Q(id ? id : ""));
        return buf;
}

const char *dl_table_label(const struct dl_request *req, char *buf, size_t size)
{
        const struct dl_value *t = &req->fields[DL_FIELD_TABLE_NAME];
        const struct dl_value *ix = &req->fields[DL_FIELD_INDEX_NAME];
        int n;
        if (dl_value_is_complete(t))
                n = snprintf(buf, size, "table '%s'", DL_QN(t->text, t->len));
        else if (t->kind == DL_VAL_ABSENT || (t->kind == DL_VAL_DYNAMIC && t->unseen))
                /* no setter seen: the request passed through code ddblint
                 * cannot read (or clang could not, a header missing), so
                 * nothing says the name is made at run time */
                n = snprintf(buf, size, "a table ddblint could not resolve");
        else if (t->kind == DL_VAL_DYNAMIC && t->env)
                n = snprintf(buf, size, "the table environment variable '%s' names", DL_Q(t->env));
        else
                n = snprintf(buf, size, "a table named at run time");
        if (n < 0 || (size_t)n >= size)
                return buf;
        if (dl_value_is_complete(ix))
                snprintf(buf + n, size - (size_t)n, " index '%s'", DL_QN(ix->text, ix->len));
        else if (dl_index_set_at_run_time(req))
                snprintf(buf + n, size - (size_t)n, " (an index named at run time)");
        return buf;
}

void dl_response_unfollowed(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        const struct dl_response *resp = &req->response;
        if (!ctx->log || resp->state != DL_RESP_UNKNOWN || !resp->why ||
            req->call_kind == DL_CALL_PAGINATOR)
                return;
        dl_log_add(ctx->log, DL_LOG_NOTE, "response-not-followed", &req->call,
                   "%s: the response of this %s is not followed (%s); no finding",
                   ctx->check->info->id, dl_op_name(req->op), resp->why);
}

static bool same_loc(const struct dl_loc *a, const struct dl_loc *b)
{
        return a->file && b->file && a->line == b->line && a->col == b->col &&
               !strcmp(a->file, b->file);
}

/* The bytes of a place (file, line, column) appended to a key. */
static void loc_key(struct dl_strbuf *key, const char *file, unsigned line, unsigned col)
{
        dl_strbuf_puts(key, file);
        dl_strbuf_putc(key, '\0');
        dl_strbuf_add(key, (const char *)&line, sizeof line);
        dl_strbuf_add(key, (const char *)&col, sizeof col);
}

/* An entry of the fold's tables: a request object's sends (by its
 * declaration, function and operation), or the findings at one place. */
struct fold_slot {
        char *key; /* owned */
        size_t len;
        const struct dl_request *first; /* the object's first send */
        const struct dl_request *other; /* its first send at another call than first's */
        DL_VEC(size_t) at;              /* the indices in held of the findings at the place */
};

/* The entry of key in t, made when missing (*made then true). */
static struct fold_slot *fold_slot(struct dl_htab *t, struct dl_strbuf *key, bool *made)
{
        struct fold_slot *e = dl_htab_get(t, key->buf, key->len);
        *made = !e;
        if (e)
                return e;
        e = dl_xcalloc(1, sizeof *e);
        e->len = key->len;
        e->key = dl_strbuf_take(key);
        dl_htab_put(t, e->key, e->len, e);
        return e;
}

static void fold_slot_free(void *p)
{
        struct fold_slot *e = p;
        free(e->key);
        DL_VEC_FREE(&e->at);
        free(e);
}

/* first[j]: the earlier send of the request object reqs[j] sends again, or
 * NULL: the first reqs[i], i < j, top-level with the same declaration,
 * function and operation, whose call is not reqs[j]'s. One pass: of each
 * object, its first send and its first at another call than that one's. */
static void first_sends(const struct dl_request *const *reqs, size_t n,
                        const struct dl_request **first)
{
        struct dl_htab objects = {0};
        struct dl_strbuf key;
        dl_strbuf_init(&key);
        for (size_t j = 0; j < n; j++) {
                const struct dl_request *r = reqs[j];
                first[j] = NULL;
                if (r->member || !r->function || !dl_loc_valid(&r->request_decl))
                        continue;
                dl_strbuf_reset(&key);
                loc_key(&key, r->request_decl.file, r->request_decl.line, r->request_decl.col);
                dl_strbuf_add(&key, (const char *)&r->op, sizeof r->op);
                dl_strbuf_puts(&key, r->function);
                bool made;
                struct fold_slot *e = fold_slot(&objects, &key, &made);
                if (made) {
                        e->first = r;
                        continue;
                }
                /* the call of the first is r's: the first elsewhere is
                 * the first at another call than r's too */
                first[j] = !same_loc(&e->first->call, &r->call) ? e->first : e->other;
                if (!e->other && !same_loc(&e->first->call, &r->call))
                        e->other = r;
        }
        dl_strbuf_fini(&key);
        dl_htab_free_all(&objects, fold_slot_free);
}

/* The findings of held at loc, in held's order (NULL: none). */
static const struct fold_slot *found_at(const struct dl_htab *places, const struct dl_loc *loc,
                                        struct dl_strbuf *key)
{
        if (!loc->file)
                return NULL;
        dl_strbuf_reset(key);
        loc_key(key, loc->file, loc->line, loc->col);
        return dl_htab_get(places, key->buf, key->len);
}

void dl_report_fold_resends(struct dl_finding_list *held, const struct dl_request *const *reqs,
                            size_t n)
{
        const struct dl_request **first = dl_xcalloc(n + 1, sizeof *first);
        first_sends(reqs, n, first);
        struct dl_htab places = {0}; /* the findings by place */
        struct dl_strbuf key;
        dl_strbuf_init(&key);
        for (size_t k = 0; k < held->n; k++) {
                const struct dl_finding *f = held->items[k];
                if (!f || !f->loc.file)
                        continue;
                dl_strbuf_reset(&key);
                loc_key(&key, f->loc.file, f->loc.line, f->loc.col);
                bool made;
                struct fold_slot *e = fold_slot(&places, &key, &made);
                DL_VEC_PUSH(&e->at, k);
        }
        for (size_t j = 0; j < n; j++) {
                if (!first[j])
                        continue;
                const struct dl_request *again = reqs[j];
                const struct fold_slot *fs = found_at(&places, &again->call, &key);
                const struct fold_slot *gs = found_at(&places, &first[j]->call, &key);
                for (size_t a = 0; fs && gs && a < fs->at.n; a++) {
                        size_t k = fs->at.items[a];
                        struct dl_finding *f = held->items[k];
                        if (!f)
                                continue;
                        for (size_t b = 0; b < gs->at.n; b++) {
                                struct dl_finding *g = held->items[gs->at.items[b]];
                                if (!g || g == f || strcmp(g->check_id, f->check_id) != 0 ||
                                    strcmp(g->message, f->message) != 0)
                                        continue;
                                dl_report_related(g, &again->call, "the same %s request sent again",
                                                  dl_op_name(again->op));
                                dl_finding_free(f);
                                held->items[k] = NULL;
                                break;
                        }
                }
        }
        dl_strbuf_fini(&key);
        dl_htab_free_all(&places, fold_slot_free);
        free(first);
        size_t kept = 0;
        for (size_t k = 0; k < held->n; k++) {
                if (held->items[k])
                        held->items[kept++] = held->items[k];
        }
        held->n = kept;
}
