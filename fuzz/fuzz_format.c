/* fuzz_format.c - printf, strftime and std::format applied to templates
 * (model/format.h), and the typed template that comes out, dumped.
 * Input: byte 0 the function (0 mod 3: printf, strftime, std::format);
 * then parts separated by 0x1e, each a template (fuzz_value in fuzz.h):
 * the format, then the arguments, each led by a byte giving its type (the
 * enum dl_fmt_type of that value modulo their number).
 * SPDX-License-Identifier: MIT
 */
#include "fuzz.h"

#include "core/arena.h"
#include "core/strbuf.h"
#include "model/format.h"
#include "model/template.h"

enum { MAX_ARGS = 16, RS = 0x1e };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        if (size < 1)
                return 0;
        uint8_t which = data[0] % 3;
        data++, size--;
        struct dl_arena a;
        dl_arena_init(&a);
        const uint8_t *part;
        size_t len;
        struct dl_value fmt = dl_value_dynamic((struct dl_loc){FUZZ_FILE, 1, 1});
        if (fuzz_split(&data, &size, RS, &part, &len))
                fmt = fuzz_value(&a, part, len, 1);
        struct dl_fmt_arg args[MAX_ARGS];
        size_t n = 0;
        while (n < MAX_ARGS && fuzz_split(&data, &size, RS, &part, &len)) {
                args[n].type =
                        len ? (enum dl_fmt_type)(part[0] % (DL_FMT_OTHER + 1)) : DL_FMT_STRING;
                args[n].value = len ? fuzz_value(&a, part + 1, len - 1, (unsigned)n + 2)
                                    : dl_value_dynamic((struct dl_loc){FUZZ_FILE, 1, 1});
                n++;
        }
        struct dl_tmpl t;
        dl_tmpl_init(&t, &a);
        struct dl_loc at = {FUZZ_FILE, 1, 1};
        if (which == 0)
                dl_format_printf(&t, &fmt, args, n, at);
        else if (which == 1)
                dl_format_strftime(&t, &fmt, at, "now");
        else
                dl_format_std(&t, &fmt, args, n, at);
        struct dl_value out = dl_tmpl_finish(&t, at);
        dl_tmpl_fini(&t);
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_value_dump(&sb, &out);
        dl_strbuf_fini(&sb);
        dl_arena_fini(&a);
        return 0;
}
