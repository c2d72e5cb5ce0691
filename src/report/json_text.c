/* json_text.c - text into JSON strings.
 * SPDX-License-Identifier: MIT
 */
#include "json_text.h"

#include "../core/strbuf.h"
#include "../findings/utf8.h"

#include <stdint.h>
#include <string.h>

json_t *dl_json_text(const char *s)
{
        if (!s)
                s = "";
        json_t *v = json_string(s);
        if (v)
                return v;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        size_t len = strlen(s);
        for (size_t i = 0; i < len;) {
                uint32_t cp;
                size_t n = dl_utf8_next(s, len, i, &cp);
                if (cp == 0xFFFD && !(n == 3 && memcmp(s + i, "\xEF\xBF\xBD", 3) == 0))
                        dl_strbuf_puts(&sb, "\xEF\xBF\xBD");
                else
                        dl_strbuf_add(&sb, s + i, n);
                i += n;
        }
        v = json_string(dl_strbuf_cstr(&sb));
        dl_strbuf_fini(&sb);
        return v ? v : json_string("");
}
