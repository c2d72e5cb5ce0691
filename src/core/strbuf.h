/* strbuf.h - a growable byte string.
 * SPDX-License-Identifier: MIT
 *
 * buf is always NUL-terminated (after dl_strbuf_init it is NULL until the
 * first append; dl_strbuf_cstr() returns "" then). len counts bytes and
 * excludes the terminating NUL. Contents may include NUL bytes.
 */
#ifndef DL_CORE_STRBUF_H
#define DL_CORE_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct dl_strbuf {
        char *buf;
        size_t len, cap;
};

/** dl_strbuf_init - empty buffer in caller storage. */
void dl_strbuf_init(struct dl_strbuf *sb);
/** dl_strbuf_fini - free the storage; NULL-safe; the buffer is empty again. */
void dl_strbuf_fini(struct dl_strbuf *sb);
/** dl_strbuf_add - append n bytes of p. */
void dl_strbuf_add(struct dl_strbuf *sb, const char *p, size_t n);
/** dl_strbuf_puts - append the NUL-terminated s. */
void dl_strbuf_puts(struct dl_strbuf *sb, const char *s);
/** dl_strbuf_putc - append one byte. */
void dl_strbuf_putc(struct dl_strbuf *sb, char c);
/** dl_strbuf_printf - append printf output. */
void dl_strbuf_printf(struct dl_strbuf *sb, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));
/** dl_strbuf_vprintf - append vprintf output, the buffer grown to fit: the
 * project's one formatter of variable arguments (dl_xasprintf and
 * dl_arena_printf format through it); a format error appends nothing. */
void dl_strbuf_vprintf(struct dl_strbuf *sb, const char *fmt, va_list ap)
        __attribute__((format(printf, 2, 0)));
/** dl_strbuf_cstr - the contents, NUL-terminated (transfer none). */
const char *dl_strbuf_cstr(const struct dl_strbuf *sb);
/** dl_strbuf_take - the contents as a heap string; the buffer is emptied.
 * Ownership: (transfer full), free() it. Never NULL. */
char *dl_strbuf_take(struct dl_strbuf *sb);
/** dl_strbuf_reset - length to zero, storage kept. */
void dl_strbuf_reset(struct dl_strbuf *sb);

#endif
