/* placeholder.c - #name / :value resolution and bookkeeping.
 * SPDX-License-Identifier: MIT
 */
#include "placeholder.h"

#include "expr.h"

#include <ctype.h>
#include <string.h>

const struct dl_attr_map *dl_placeholder_map(const struct dl_request *req, const char *key)
{
        if (key[0] == '#')
                return &req->names;
        if (key[0] == ':')
                return &req->values;
        return NULL;
}

enum dl_ph_lookup dl_placeholder_find(const struct dl_attr_map *m, const char *key, size_t len,
                                      const struct dl_attr **out)
{
        bool unknown = m->kind == DL_VAL_DYNAMIC;
        for (size_t i = 0; i < m->n; i++) {
                const struct dl_attr *a = &m->items[i];
                if (!dl_value_is_complete(&a->key)) {
                        unknown = true;
                        continue;
                }
                if (a->key.len == len && memcmp(a->key.text, key, len) == 0) {
                        if (out)
                                *out = a;
                        return DL_PH_FOUND;
                }
        }
        return unknown ? DL_PH_UNKNOWN : DL_PH_MISSING;
}

bool dl_placeholder_resolve(const struct dl_request *req, const struct dl_path_elem *el,
                            const char **name, size_t *len)
{
        if (el->kind == DL_PE_NAME) {
                *name = el->text;
                *len = el->len;
                return true;
        }
        if (el->kind != DL_PE_ALIAS)
                return false;
        const struct dl_attr *a = NULL;
        if (dl_placeholder_find(&req->names, el->text, el->len, &a) != DL_PH_FOUND ||
            !dl_value_is_complete(&a->val))
                return false;
        *name = a->val.text;
        *len = a->val.len;
        return true;
}

bool dl_placeholder_key_valid(const char *key, size_t len, char sigil)
{
        if (len < 2 || key[0] != sigil)
                return false;
        for (size_t i = 1; i < len; i++) {
                unsigned char c = (unsigned char)key[i];
                if (!isalnum(c) && c != '_')
                        return false;
        }
        return true;
}

bool dl_placeholder_uses_known(const struct dl_request *req)
{
        if (req->escaped)
                return false;
        for (unsigned f = 0; f < DL_FIELD_COUNT; f++) {
                if (dl_field_kind((enum dl_field)f) != DL_FK_EXPR)
                        continue;
                const struct dl_value *v = &req->fields[f];
                if (v->kind == DL_VAL_ABSENT)
                        continue;
                if (!dl_value_is_complete(v) || !req->exprs[f] || !req->exprs[f]->complete)
                        return false;
        }
        return true;
}

bool dl_placeholder_is_used(const struct dl_request *req, const char *key, size_t len)
{
        for (unsigned f = 0; f < DL_FIELD_COUNT; f++) {
                const struct dl_expr *e = req->exprs[f];
                if (!e)
                        continue;
                for (size_t i = 0; i < e->n_refs; i++)
                        if (e->refs[i].len == len && memcmp(e->refs[i].text, key, len) == 0)
                                return true;
        }
        return false;
}
