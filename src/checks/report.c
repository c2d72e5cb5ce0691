/* report.c - dl_report(): the only output path of a check.
 * SPDX-License-Identifier: MIT
 */
#include "check.h"

#include "../core/alloc.h"
#include "../core/log.h"
#include "../core/strbuf.h"
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

static bool at(const struct dl_finding *f, const struct dl_loc *loc)
{
        return f->loc.file && loc->file && f->loc.line == loc->line && f->loc.col == loc->col &&
               !strcmp(f->loc.file, loc->file);
}

static bool same_loc(const struct dl_loc *a, const struct dl_loc *b)
{
        return a->file && b->file && a->line == b->line && a->col == b->col &&
               !strcmp(a->file, b->file);
}

/* The earlier send of the request object reqs[j] sends again, or NULL. */
static const struct dl_request *first_send(const struct dl_request *const *reqs, size_t j)
{
        const struct dl_request *r = reqs[j];
        if (r->member || !r->function || !dl_loc_valid(&r->request_decl))
                return NULL;
        for (size_t i = 0; i < j; i++) {
                const struct dl_request *q = reqs[i];
                /* the declaration's line and column first: integers, so a
                 * function of thousands of requests stays cheap to scan */
                if (q->request_decl.line == r->request_decl.line &&
                    q->request_decl.col == r->request_decl.col && !q->member && q->op == r->op &&
                    q->function && !strcmp(q->function, r->function) &&
                    same_loc(&q->request_decl, &r->request_decl) && !same_loc(&q->call, &r->call))
                        return q;
        }
        return NULL;
}

void dl_report_fold_resends(struct dl_finding_list *held, const struct dl_request *const *reqs,
                            size_t n)
{
        for (size_t j = 0; j < n; j++) {
                const struct dl_request *first = first_send(reqs, j);
                if (!first)
                        continue;
                const struct dl_request *again = reqs[j];
                for (size_t k = 0; k < held->n; k++) {
                        struct dl_finding *f = held->items[k];
                        if (!f || !at(f, &again->call))
                                continue;
                        for (size_t m = 0; m < held->n; m++) {
                                struct dl_finding *g = held->items[m];
                                if (!g || g == f || !at(g, &first->call) ||
                                    strcmp(g->check_id, f->check_id) != 0 ||
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
        size_t kept = 0;
        for (size_t k = 0; k < held->n; k++) {
                if (held->items[k])
                        held->items[kept++] = held->items[k];
        }
        held->n = kept;
}
