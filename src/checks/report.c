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
