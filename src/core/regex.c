/* regex.c - PCRE2 wrapper.
 * SPDX-License-Identifier: MIT
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "regex.h"

#include "alloc.h"

#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dl_regex {
        pcre2_code *code;
};

enum dl_status dl_regex_compile(const char *pattern, bool anchored,
                                struct dl_regex **out, struct dl_error *err)
{
        *out = NULL;
        int errcode = 0;
        PCRE2_SIZE erroff = 0;
        uint32_t opts = anchored ? (PCRE2_ANCHORED | PCRE2_ENDANCHORED) : 0;
        pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
                                         opts, &errcode, &erroff, NULL);
        if (!code) {
                PCRE2_UCHAR msg[256];
                pcre2_get_error_message(errcode, msg, sizeof msg);
                enum dl_status st = dl_error_set(err, DL_ERR_CONFIG, NULL,
                                                 "bad regular expression '%s': %s at offset %zu",
                                                 pattern, (const char *)msg, (size_t)erroff);
                if (err)
                        err->col = (unsigned)erroff + 1;
                return st;
        }
        struct dl_regex *re = dl_xmalloc(sizeof *re);
        re->code = code;
        *out = re;
        return DL_OK;
}

bool dl_regex_match(const struct dl_regex *re, const char *subject, size_t len)
{
        pcre2_match_data *md = pcre2_match_data_create_from_pattern(re->code, NULL);
        if (!md) {
                fputs("ddblint: out of memory\n", stderr);
                abort();
        }
        int rc = pcre2_match(re->code, (PCRE2_SPTR)subject, len, 0, 0, md, NULL);
        pcre2_match_data_free(md);
        return rc >= 0;
}

void dl_regex_free(struct dl_regex *re)
{
        if (!re)
                return;
        pcre2_code_free(re->code);
        free(re);
}
