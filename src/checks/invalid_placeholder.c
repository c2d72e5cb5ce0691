/* invalid_placeholder.c - check `invalid-placeholder`: a placeholder key
 * DynamoDB refuses, or an empty placeholder map.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: DynamoDB accepts only keys matching #[0-9A-Za-z_]+ in
 * ExpressionAttributeNames and :[0-9A-Za-z_]+ in ExpressionAttributeValues
 * ("ExpressionAttributeNames contains invalid key: Syntax error; key:
 * \"#a-b\""), and rejects an empty map ("ExpressionAttributeNames must not
 * be empty"). A common cause is using the attribute name itself as the key
 * ({"status": "status"}) or a hyphen copied from the attribute name.
 *
 * Deliberately ignored: keys built at run time; maps that may have entries
 * ddblint cannot see (DYNAMIC).
 */
#include "info.h"
#include "util_expr.h"

#include "../model/placeholder.h"
#include "../model/quote.h"

#include <ctype.h>

static void check_map(const struct dl_check_ctx *ctx, const struct dl_attr_map *m,
                      const char *what, char sigil)
{
        if (m->kind == DL_VAL_KNOWN && m->n == 0) {
                dl_value_report(ctx, NULL, &m->loc,
                                "%s must not be empty; remove the empty map or add the "
                                "placeholders the expressions use",
                                what);
                return;
        }
        for (size_t i = 0; i < m->n; i++) {
                const struct dl_attr *a = &m->items[i];
                if (!dl_value_is_complete(&a->key) ||
                    dl_placeholder_key_valid(a->key.text, a->key.len, sigil))
                        continue;
                /* suggest a valid key: sigil + the key's word characters */
                char fix[64];
                size_t k = 0;
                fix[k++] = sigil;
                for (size_t j = 0; j < a->key.len && k + 1 < sizeof fix; j++) {
                        unsigned char c = (unsigned char)a->key.text[j];
                        if (isalnum(c) || c == '_')
                                fix[k++] = (char)c;
                }
                fix[k] = '\0';
                if (k == 1) {
                        fix[k++] = 'x';
                        fix[k] = '\0';
                }
                dl_value_report(ctx, &a->key, &a->loc,
                                "%s contains invalid key: Syntax error; key: \"%s\"; a key is "
                                "'%c' followed by letters, digits or '_', e.g. '%s'",
                                what, DL_QN(a->key.text, a->key.len), sigil, DL_Q(fix));
                return; /* DynamoDB reports the first one */
        }
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        check_map(ctx, &req->names, "ExpressionAttributeNames", '#');
        check_map(ctx, &req->values, "ExpressionAttributeValues", ':');
}

const struct dl_check dl_check_invalid_placeholder = {
        .info = &info_invalid_placeholder,
        .run = run,
};
