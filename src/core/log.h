/* log.h - tool diagnostics: messages about ddblint's inputs, never about the
 * user's DynamoDB usage (those are findings).
 * SPDX-License-Identifier: MIT
 *
 * A struct dl_log collects diagnostics in order, prints them to a stream in
 * gcc style ("file:line:col: error: message" or "ddblint: error: message")
 * when echo is set, and keeps them so the SARIF reporter can emit them as
 * invocations[0].toolExecutionNotifications. No globals: the CLI owns one.
 */
#ifndef DL_CORE_LOG_H
#define DL_CORE_LOG_H

#include "loc.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum dl_log_level { DL_LOG_NOTE, DL_LOG_WARNING, DL_LOG_ERROR };

struct dl_log_entry {
        enum dl_log_level level;
        char *message;  /* owned */
        char *file;     /* owned; NULL when the message has no place */
        unsigned line, col;
        char *id;       /* owned; short kebab-case descriptor id, e.g. "clang-error" */
};

struct dl_log {
        struct dl_log_entry *items;
        size_t n, cap;
        FILE *echo;      /* where to print as they come; NULL for silent */
        bool verbose;    /* print DL_LOG_NOTE entries too */
        size_t counts[3];/* per level */
};

/** dl_log_init - empty log; echo may be NULL. */
void dl_log_init(struct dl_log *log, FILE *echo, bool verbose);
/** dl_log_fini - free every entry; NULL-safe. */
void dl_log_fini(struct dl_log *log);
/**
 * dl_log_add - record one diagnostic (thread-unsafe: one log per worker).
 * @param id   short descriptor id ("clang-error", "unreadable-file"...), copied.
 * @param loc  place in an input file or NULL; copied.
 */
void dl_log_add(struct dl_log *log, enum dl_log_level level, const char *id,
                const struct dl_loc *loc, const char *fmt, ...)
        __attribute__((format(printf, 5, 6)));
/**
 * dl_fputs_escaped - write s to out with its control characters (bytes
 * 0x01-0x1f) escaped as a JSON string escapes them (RFC 8259,
 * section 7: \b \f \n \r \t, else \u00XX); other bytes as they are. For
 * file names in text output: a newline in a name must not start a line
 * that a CI problem matcher reads as a diagnostic (docs/security.md).
 */
void dl_fputs_escaped(FILE *out, const char *s);

/** dl_log_level_str - "note", "warning", "error". */
const char *dl_log_level_str(enum dl_log_level level);

#endif
