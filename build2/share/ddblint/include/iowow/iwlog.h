/* iowow/iwlog.h - ddblint's stub of iowow's logging; see basedefs.h.
 * Declarations only.
 * SPDX-License-Identifier: MIT
 */
#ifndef DDBLINT_STUB_IOWOW_IWLOG_H
#define DDBLINT_STUB_IOWOW_IWLOG_H

#include "basedefs.h"

IW_EXTERN_C_START

typedef enum {
        IWLOG_ERROR = 0,
        IWLOG_WARN = 1,
        IWLOG_INFO = 2,
        IWLOG_VERBOSE = 3,
        IWLOG_DEBUG = 4,
} iwlog_lvl;

IW_EXPORT iwrc iwlog_init(void);
IW_EXPORT iwrc iwlog2(iwlog_lvl lvl, iwrc ecode, const char *file, int line, const char *fmt,
                      ...) __attribute__((format(printf, 5, 6)));

IW_EXTERN_C_END

#define iwlog_error(...) iwlog2(IWLOG_ERROR, 0, __FILE__, __LINE__, __VA_ARGS__)
#define iwlog_warn(...) iwlog2(IWLOG_WARN, 0, __FILE__, __LINE__, __VA_ARGS__)
#define iwlog_info(...) iwlog2(IWLOG_INFO, 0, __FILE__, __LINE__, __VA_ARGS__)
#define iwlog_debug(...) iwlog2(IWLOG_DEBUG, 0, __FILE__, __LINE__, __VA_ARGS__)
#define iwlog_ecode_error(ecode__, ...) iwlog2(IWLOG_ERROR, ecode__, __FILE__, __LINE__, __VA_ARGS__)
#define iwlog_ecode_warn(ecode__, ...) iwlog2(IWLOG_WARN, ecode__, __FILE__, __LINE__, __VA_ARGS__)
#define iwlog_ecode_error2(ecode__, msg__) iwlog2(IWLOG_ERROR, ecode__, __FILE__, __LINE__, "%s", msg__)
#define iwlog_ecode_warn2(ecode__, msg__) iwlog2(IWLOG_WARN, ecode__, __FILE__, __LINE__, "%s", msg__)
#define iwlog_ecode_error3(ecode__) iwlog2(IWLOG_ERROR, ecode__, __FILE__, __LINE__, "%s", "")

#endif
