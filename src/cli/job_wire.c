/* job_wire.c - a finished job's result as bytes (job_wire.h).
 * SPDX-License-Identifier: MIT
 */
#include "job_wire.h"

#include "../core/alloc.h"
#include "../core/vec.h"
#include "../rules/schema.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
        TAG_LOG = 'L',
        TAG_FINDING = 'F',
        TAG_DUMP = 'D',
        TAG_ACCESS = 'A',
        TAG_CALLS = 'W',
        TAG_INFERRED = 'I',
        TAG_HELPER = 'H',
        TAG_END = 'E'
};

#define NO_STRING UINT32_MAX

static void put_u32(struct dl_strbuf *out, uint32_t v)
{
        dl_strbuf_add(out, (const char *)&v, sizeof v);
}

static void put_u64(struct dl_strbuf *out, uint64_t v)
{
        dl_strbuf_add(out, (const char *)&v, sizeof v);
}

static void put_bytes(struct dl_strbuf *out, const char *s, size_t n)
{
        put_u32(out, (uint32_t)n);
        dl_strbuf_add(out, s, n);
}

static void put_str(struct dl_strbuf *out, const char *s)
{
        if (!s)
                put_u32(out, NO_STRING);
        else
                put_bytes(out, s, strlen(s));
}

static void put_floc(struct dl_strbuf *out, const struct dl_floc *l)
{
        put_str(out, l->file);
        put_u32(out, l->line);
        put_u32(out, l->col);
        put_u32(out, l->end_line);
        put_u32(out, l->end_col);
}

void dl_job_wire_encode(const struct dl_job *job, const unsigned long *calls, size_t n_calls,
                        struct dl_strbuf *out)
{
        for (size_t i = 0; i < job->log.n; i++) {
                const struct dl_log_entry *e = &job->log.items[i];
                dl_strbuf_putc(out, TAG_LOG);
                put_u32(out, (uint32_t)e->level);
                put_str(out, e->id);
                put_str(out, e->file);
                put_u32(out, e->line);
                put_u32(out, e->col);
                put_str(out, e->message);
        }
        for (size_t i = 0; i < job->n_findings; i++) {
                const struct dl_finding *f = job->findings[i];
                dl_strbuf_putc(out, TAG_FINDING);
                put_str(out, f->check_id);
                put_u32(out, (uint32_t)f->severity);
                put_str(out, f->message);
                put_floc(out, &f->loc);
                put_str(out, f->function);
                put_str(out, f->signature);
                put_u32(out, (uint32_t)f->suppressed);
                put_str(out, f->suppression_reason);
                put_u32(out, (uint32_t)f->n_related);
                for (size_t k = 0; k < f->n_related; k++) {
                        put_floc(out, &f->related[k].loc);
                        put_str(out, f->related[k].message);
                }
                put_u32(out, (uint32_t)f->n_fixes);
                for (size_t k = 0; k < f->n_fixes; k++) {
                        const struct dl_finding_fix *fx = &f->fixes[k];
                        put_str(out, fx->description);
                        put_u32(out, fx->manual);
                        put_u32(out, (uint32_t)fx->n_edits);
                        for (size_t e = 0; e < fx->n_edits; e++) {
                                put_floc(out, &fx->edits[e].range);
                                put_str(out, fx->edits[e].text);
                                put_str(out, fx->edits[e].expect);
                        }
                }
        }
        if (job->dump) {
                dl_strbuf_putc(out, TAG_DUMP);
                put_bytes(out, job->dump, job->dump_len);
        }
        if (job->access.len) {
                dl_strbuf_putc(out, TAG_ACCESS);
                put_bytes(out, job->access.buf, job->access.len);
        }
        for (size_t i = 0; i < job->inferred.v.n; i++) {
                const struct dl_inferred *w = &job->inferred.v.items[i];
                dl_strbuf_putc(out, TAG_INFERRED);
                put_str(out, w->name);
                put_u32(out, w->operation_argument);
                /* op means something only when no argument names it */
                put_u32(out, w->operation_argument ? 0 : (uint32_t)w->op);
                put_u32(out, w->body_argument);
                put_str(out, w->loc.file);
                put_u32(out, w->loc.line);
                put_u32(out, w->loc.col);
        }
        for (size_t i = 0; i < job->inferred.helpers.v.n; i++) {
                const struct dl_helper *h = &job->inferred.helpers.v.items[i];
                dl_strbuf_putc(out, TAG_HELPER);
                put_str(out, h->usr);
                put_str(out, h->name);
                put_u32(out, (uint32_t)h->kind);
                put_u32(out, (uint32_t)h->attr);
                put_u32(out, h->param);
                put_u32(out, h->fill);
                put_u32(out, h->bound);
                put_str(out, h->value);
                put_str(out, h->loc.file);
                put_u32(out, h->loc.line);
                put_u32(out, h->loc.col);
        }
        for (size_t k = 0; k < n_calls; k++) {
                if (!calls[k])
                        continue;
                dl_strbuf_putc(out, TAG_CALLS);
                put_u32(out, (uint32_t)k);
                put_u64(out, calls[k]);
        }
        dl_strbuf_putc(out, TAG_END);
        put_u32(out, (uint32_t)job->outcome);
        put_u32(out, job->clang_errors);
        put_u32(out, (uint32_t)job->cache);
}

/* ---- decoding: every read is checked against the end of the bytes ---- */

struct reader {
        const char *p, *end;
        bool bad;
};

static bool take(struct reader *r, void *dst, size_t n)
{
        if (r->bad || (size_t)(r->end - r->p) < n) {
                r->bad = true;
                memset(dst, 0, n);
                return false;
        }
        memcpy(dst, r->p, n);
        r->p += n;
        return true;
}

static uint32_t get_u32(struct reader *r)
{
        uint32_t v;
        take(r, &v, sizeof v);
        return v;
}

static uint64_t get_u64(struct reader *r)
{
        uint64_t v;
        take(r, &v, sizeof v);
        return v;
}

/* A heap copy of the next string (NUL-terminated), or NULL; *len its
 * length in bytes when len is non-NULL. */
static char *get_str(struct reader *r, size_t *len)
{
        uint32_t n = get_u32(r);
        if (len)
                *len = 0;
        if (r->bad || n == NO_STRING)
                return NULL;
        if ((size_t)(r->end - r->p) < n) {
                r->bad = true;
                return NULL;
        }
        char *s = dl_xmalloc((size_t)n + 1);
        memcpy(s, r->p, n);
        s[n] = '\0';
        r->p += n;
        if (len)
                *len = n;
        return s;
}

static void get_floc(struct reader *r, struct dl_floc *l)
{
        l->file = get_str(r, NULL);
        l->line = get_u32(r);
        l->col = get_u32(r);
        l->end_line = get_u32(r);
        l->end_col = get_u32(r);
}

static void get_log(struct reader *r, struct dl_job *job)
{
        uint32_t level = get_u32(r);
        char *id = get_str(r, NULL), *file = get_str(r, NULL);
        unsigned line = get_u32(r), col = get_u32(r);
        char *message = get_str(r, NULL);
        if (!r->bad && level <= DL_LOG_ERROR && id && message) {
                struct dl_loc loc = {file, line, col};
                dl_log_add(&job->log, (enum dl_log_level)level, id, file ? &loc : NULL, "%s",
                           message);
        } else {
                r->bad = true;
        }
        free(id);
        free(file);
        free(message);
}

static void get_finding(struct reader *r, struct dl_job *job)
{
        struct dl_finding *f = dl_xcalloc(1, sizeof *f);
        f->check_id = get_str(r, NULL);
        f->severity = (enum dl_severity)get_u32(r);
        f->message = get_str(r, NULL);
        get_floc(r, &f->loc);
        f->function = get_str(r, NULL);
        f->signature = get_str(r, NULL);
        f->suppressed = (enum dl_suppression)get_u32(r);
        f->suppression_reason = get_str(r, NULL);
        uint32_t n = get_u32(r);
        for (uint32_t k = 0; k < n && !r->bad; k++) {
                f->related = dl_xrealloc(f->related, (f->n_related + 1) * sizeof *f->related);
                struct dl_related *rel = &f->related[f->n_related++];
                get_floc(r, &rel->loc);
                rel->message = get_str(r, NULL);
        }
        n = r->bad ? 0 : get_u32(r);
        for (uint32_t k = 0; k < n && !r->bad; k++) {
                char *desc = get_str(r, NULL);
                uint32_t manual = get_u32(r), n_edits = get_u32(r);
                struct dl_finding_fix *fx = dl_finding_add_fix(f, desc, manual != 0);
                free(desc);
                for (uint32_t e = 0; e < n_edits && !r->bad; e++) {
                        struct dl_floc l = {0};
                        get_floc(r, &l);
                        char *text = get_str(r, NULL), *expect = get_str(r, NULL);
                        struct dl_loc at = {l.file, l.line, l.col};
                        if (!r->bad)
                                dl_finding_add_edit(fx, &at, l.end_line, l.end_col, text, expect);
                        free(l.file);
                        free(text);
                        free(expect);
                }
        }
        if (r->bad || !f->check_id || !f->message) {
                r->bad = true;
                dl_finding_free(f);
                return;
        }
        job->findings = dl_xrealloc(job->findings, (job->n_findings + 1) * sizeof *job->findings);
        job->findings[job->n_findings++] = f;
}

static void get_inferred(struct reader *r, struct dl_job *job)
{
        struct dl_inferred w = {0};
        w.name = get_str(r, NULL);
        w.operation_argument = get_u32(r);
        uint32_t op = get_u32(r);
        w.body_argument = get_u32(r);
        w.loc.file = get_str(r, NULL);
        w.loc.line = get_u32(r);
        w.loc.col = get_u32(r);
        if (r->bad || !w.name || op >= DL_OP_COUNT) {
                r->bad = true;
                free((char *)w.name);
                free((char *)w.loc.file);
                return;
        }
        w.op = (enum dl_op)op;
        DL_VEC_PUSH(&job->inferred.v, w);
}

/* A helper (model/helper.h): a kind beyond REQUEST, a type beyond BS, no
 * USR or name, neither a parameter, a filled one nor a value, a filled
 * parameter of an AttributeValue or beyond 64, or a map or request with a
 * type, a parameter or a filled one is a broken message. */
static void get_helper(struct reader *r, struct dl_job *job)
{
        struct dl_helper h = {0};
        h.usr = get_str(r, NULL);
        h.name = get_str(r, NULL);
        uint32_t kind = get_u32(r);
        uint32_t attr = get_u32(r);
        h.param = get_u32(r);
        h.fill = get_u32(r);
        h.bound = get_u32(r);
        h.value = get_str(r, NULL);
        h.loc.file = get_str(r, NULL);
        h.loc.line = get_u32(r);
        h.loc.col = get_u32(r);
        if (r->bad || !h.usr || !h.name || attr > DL_ATTR_BS || (!h.param && !h.fill && !h.value) ||
            (h.param && (!attr || h.param > 64)) ||
            (h.fill && (attr || h.fill > 64 || h.bound > 64)) || (!h.fill && h.bound) ||
            kind > DL_HELPER_REQUEST || (kind != DL_HELPER_VALUE && (attr || h.param || h.fill))) {
                r->bad = true;
                dl_helper_fini(&h);
                return;
        }
        h.attr = (enum dl_attr_type)attr;
        h.kind = (enum dl_helper_kind)kind;
        DL_VEC_PUSH(&job->inferred.helpers.v, h);
}

bool dl_job_wire_decode(const char *buf, size_t len, struct dl_job *job)
{
        struct reader r = {buf, buf + len, false};
        const struct dl_ruleset *rules = job->pipeline->rules;
        while (!r.bad && r.p < r.end) {
                char tag = *r.p++;
                switch (tag) {
                case TAG_LOG: get_log(&r, job); break;
                case TAG_FINDING: get_finding(&r, job); break;
                case TAG_INFERRED: get_inferred(&r, job); break;
                case TAG_HELPER: get_helper(&r, job); break;
                case TAG_DUMP:
                        free(job->dump);
                        job->dump = get_str(&r, &job->dump_len);
                        break;
                case TAG_ACCESS: {
                        size_t n = 0;
                        char *s = get_str(&r, &n);
                        if (s)
                                dl_strbuf_add(&job->access, s, n);
                        free(s);
                        break;
                }
                case TAG_CALLS: {
                        uint32_t k = get_u32(&r);
                        uint64_t n = get_u64(&r);
                        if (!r.bad && k < rules->n_wrappers)
                                __atomic_fetch_add(rules->wrappers[k].calls, (unsigned long)n,
                                                   __ATOMIC_RELAXED);
                        break;
                }
                case TAG_END: {
                        uint32_t outcome = get_u32(&r);
                        job->clang_errors = get_u32(&r);
                        uint32_t cache = get_u32(&r);
                        if (r.bad || r.p != r.end || outcome > DL_FILE_NOT_PARSED ||
                            cache > DL_CACHE_MISSED)
                                return false;
                        job->outcome = (enum dl_file_outcome)outcome;
                        job->cache = (enum dl_cache_use)cache;
                        return true;
                }
                default: r.bad = true;
                }
        }
        return false;
}
