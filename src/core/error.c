/* error.c - error details.
 * SPDX-License-Identifier: MIT
 */
#include "error.h"

#include "alloc.h"
#include "strbuf.h"

#include <stdarg.h>
#include <stdlib.h>

void dl_error_init(struct dl_error *err)
{
        err->status = DL_OK;
        err->message = NULL;
        err->file = NULL;
        err->line = err->col = 0;
}

void dl_error_fini(struct dl_error *err)
{
        if (!err)
                return;
        free(err->message);
        free(err->file);
        dl_error_init(err);
}

enum dl_status dl_error_set(struct dl_error *err, enum dl_status status,
                            const struct dl_loc *loc, const char *fmt, ...)
{
        if (!err)
                return status;
        dl_error_fini(err);
        err->status = status;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        va_list ap;
        va_start(ap, fmt);
        dl_strbuf_vprintf(&sb, fmt, ap);
        va_end(ap);
        err->message = dl_strbuf_take(&sb);
        if (loc && loc->file) {
                err->file = dl_xstrdup(loc->file);
                err->line = loc->line;
                err->col = loc->col;
        }
        return status;
}

char *dl_error_format(const struct dl_error *err)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        if (err->file) {
                dl_strbuf_puts(&sb, err->file);
                if (err->line) {
                        dl_strbuf_printf(&sb, ":%u", err->line);
                        if (err->col)
                                dl_strbuf_printf(&sb, ":%u", err->col);
                }
                dl_strbuf_puts(&sb, ": ");
        }
        dl_strbuf_puts(&sb, err->message ? err->message : dl_status_str(err->status));
        return dl_strbuf_take(&sb);
}
