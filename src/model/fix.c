/* fix.c - spelling a fix: the request's recognizer's, else DynamoDB's JSON.
 * SPDX-License-Identifier: MIT
 */
#include "fix.h"

#include "../core/strbuf.h"

/* A JSON value of field kind k: strings quoted, numbers and booleans bare. */
static void put_scalar(struct dl_strbuf *sb, enum dl_field_kind k, const char *v)
{
        if (k == DL_FK_INT || k == DL_FK_BOOL)
                dl_strbuf_puts(sb, v);
        else
                dl_strbuf_printf(sb, "\"%s\"", v);
}

void dl_fix_spell_json(struct dl_strbuf *sb, const struct dl_fix *fix)
{
        if (fix->kind == DL_FIX_SET_FIELD) {
                dl_strbuf_printf(sb, "\"%s\": ", dl_field_api_name(fix->field));
                put_scalar(sb, dl_field_kind(fix->field), fix->value ? fix->value : "...");
                return;
        }
        dl_strbuf_printf(sb, "\"%s\": {\"%s\": ", dl_map_api_name(fix->map),
                         fix->key ? fix->key : "...");
        if (fix->value && fix->map == DL_MAP_NAMES)
                dl_strbuf_printf(sb, "\"%s\"", fix->value);
        else
                dl_strbuf_printf(sb, "{\"%s\": ...}",
                                 fix->type ? dl_attr_type_name(fix->type) : "S");
        dl_strbuf_putc(sb, '}');
}

void dl_fix_spell(struct dl_strbuf *sb, const struct dl_request *req, const struct dl_fix *fix)
{
        if (req && req->spell_fix)
                req->spell_fix(sb, req, fix);
        else if (!fix->statement)
                dl_fix_spell_json(sb, fix);
}
