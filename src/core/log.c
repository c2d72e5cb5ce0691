/* log.c - tool diagnostics.
 * SPDX-License-Identifier: MIT
 */
#include "log.h"

#include "alloc.h"
#include "strbuf.h"

#include <stdarg.h>
#include <stdlib.h>

void dl_log_init(struct dl_log *log, FILE *echo, bool verbose)
{
        log->items = NULL;
        log->n = log->cap = 0;
        log->echo = echo;
        log->verbose = verbose;
        log->counts[0] = log->counts[1] = log->counts[2] = 0;
}

void dl_log_fini(struct dl_log *log)
{
        if (!log)
                return;
        for (size_t i = 0; i < log->n; i++) {
                free(log->items[i].message);
                free(log->items[i].file);
                free(log->items[i].id);
        }
        free(log->items);
        dl_log_init(log, NULL, false);
}

const char *dl_log_level_str(enum dl_log_level level)
{
        switch (level) {
        case DL_LOG_NOTE: return "note";
        case DL_LOG_WARNING: return "warning";
        case DL_LOG_ERROR: return "error";
        }
        return "error";
}

void dl_log_add(struct dl_log *log, enum dl_log_level level, const char *id,
                const struct dl_loc *loc, const char *fmt, ...)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        va_list ap;
        va_start(ap, fmt);
        dl_strbuf_vprintf(&sb, fmt, ap);
        va_end(ap);

        if (log->n == log->cap) {
                log->cap = log->cap ? log->cap * 2 : 16;
                log->items = dl_xrealloc(log->items, log->cap * sizeof *log->items);
        }
        struct dl_log_entry *e = &log->items[log->n++];
        e->level = level;
        e->message = dl_strbuf_take(&sb);
        e->id = dl_xstrdup(id ? id : "tool");
        e->file = loc && loc->file ? dl_xstrdup(loc->file) : NULL;
        e->line = loc ? loc->line : 0;
        e->col = loc ? loc->col : 0;
        log->counts[level]++;

        if (!log->echo || (level == DL_LOG_NOTE && !log->verbose))
                return;
        if (e->file) {
                dl_fputs_escaped(log->echo, e->file);
                fputc(':', log->echo);
                if (e->line)
                        fprintf(log->echo, "%u:", e->line);
                if (e->line && e->col)
                        fprintf(log->echo, "%u:", e->col);
                fputc(' ', log->echo);
        } else {
                fputs("ddblint: ", log->echo);
        }
        fprintf(log->echo, "%s: %s\n", dl_log_level_str(level), e->message);
}

void dl_fputs_escaped(FILE *out, const char *s)
{
        for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
                const char *e = NULL;
                switch (*p) {
                case '\b': e = "\\b"; break;
                case '\f': e = "\\f"; break;
                case '\n': e = "\\n"; break;
                case '\r': e = "\\r"; break;
                case '\t': e = "\\t"; break;
                default: break;
                }
                if (e)
                        fputs(e, out);
                else if (*p < 0x20)
                        fprintf(out, "\\u%04x", *p);
                else
                        fputc(*p, out);
        }
}
