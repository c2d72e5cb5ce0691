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

static enum dl_status compile(const char *pattern, uint32_t opts, struct dl_regex **out,
                              struct dl_error *err)
{
        *out = NULL;
        int errcode = 0;
        PCRE2_SIZE erroff = 0;
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

enum dl_status dl_regex_compile(const char *pattern, bool anchored,
                                struct dl_regex **out, struct dl_error *err)
{
        return compile(pattern, anchored ? (PCRE2_ANCHORED | PCRE2_ENDANCHORED) : 0, out, err);
}

enum dl_status dl_regex_compile_end(const char *pattern, struct dl_regex **out,
                                    struct dl_error *err)
{
        return compile(pattern, PCRE2_ENDANCHORED, out, err);
}

static void *no_memory(void)
{
        fputs("ddblint: out of memory\n", stderr);
        abort();
}

enum dl_regex_result dl_regex_search(const struct dl_regex *re, const char *subject, size_t len,
                                     bool partial)
{
        pcre2_match_data *md = pcre2_match_data_create_from_pattern(re->code, NULL);
        pcre2_match_context *mc = pcre2_match_context_create(NULL);
        if (!md || !mc)
                no_memory();
        pcre2_set_match_limit(mc, DL_REGEX_MATCH_LIMIT);
        pcre2_set_depth_limit(mc, DL_REGEX_DEPTH_LIMIT);
        int rc = pcre2_match(re->code, (PCRE2_SPTR)subject, len, 0,
                             partial ? PCRE2_PARTIAL_SOFT : 0, md, mc);
        pcre2_match_context_free(mc);
        pcre2_match_data_free(md);
        if (rc >= 0)
                return DL_REGEX_MATCH;
        if (rc == PCRE2_ERROR_PARTIAL)
                return DL_REGEX_PARTIAL;
        if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
            rc == PCRE2_ERROR_HEAPLIMIT || rc == PCRE2_ERROR_NOMEMORY)
                return DL_REGEX_LIMIT;
        return DL_REGEX_NO_MATCH;
}

bool dl_regex_match(const struct dl_regex *re, const char *subject, size_t len)
{
        return dl_regex_search(re, subject, len, false) == DL_REGEX_MATCH;
}

void dl_regex_free(struct dl_regex *re)
{
        if (!re)
                return;
        pcre2_code_free(re->code);
        free(re);
}
