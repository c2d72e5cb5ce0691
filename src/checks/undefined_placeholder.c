/* undefined_placeholder.c - check `undefined-placeholder`: a #name or
 * :value used in an expression but not supplied.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: DynamoDB substitutes placeholders before evaluating the
 * expression and rejects one that has no entry: "Invalid <X>Expression: An
 * expression attribute name used in the document path is not defined;
 * attribute name: #a" (or "An expression attribute value used in
 * expression is not defined; attribute value: :v").
 *
 * Deliberately ignored: a request whose map is only partly known (set from
 * code ddblint cannot see, a key built at run time, or a request that
 * escaped): the entry may exist there; a placeholder in text that did not
 * parse (at or after the word holding a syntax error: expression-syntax
 * reports that, and '#last-login' names no '#last'). One finding per
 * placeholder per expression.
 */
#include "info.h"
#include "util_expr.h"

#include "../core/strbuf.h"
#include "../model/fix.h"
#include "../model/placeholder.h"
#include "../model/quote.h"

#include <string.h>

/* Placeholders already reported for one expression: at most MAX_REFS
 * findings per expression, which also keeps a megabyte of text linear. */
#define MAX_REFS 32

struct seen {
        const struct dl_ref *r[MAX_REFS];
        size_t n;
};

static bool seen_before(const struct seen *s, const struct dl_ref *x)
{
        for (size_t i = 0; i < s->n; i++)
                if (s->r[i]->len == x->len && memcmp(s->r[i]->text, x->text, x->len) == 0)
                        return true;
        return false;
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        for (size_t i = 0; i < 5; i++) {
                enum dl_field f = dl_expr_fields_in_order[i];
                const struct dl_expr *e = req->exprs[f];
                if (!e)
                        continue;
                struct seen seen = {0};
                for (size_t ri = 0; ri < e->n_refs && seen.n < MAX_REFS; ri++) {
                        const struct dl_ref *r = &e->refs[ri];
                        const struct dl_attr_map *m = dl_placeholder_map(req, r->text);
                        /* a placeholder in text that did not parse is not one
                         * the user wrote ("#last-login": no '#last'): the
                         * syntax error is the finding (expression-syntax) */
                        if (r->off >= e->unparsed_from)
                                break;
                        if (!m || seen_before(&seen, r) ||
                            dl_placeholder_find(m, r->text, r->len, NULL) != DL_PH_MISSING)
                                continue;
                        seen.r[seen.n++] = r;
                        bool is_name = r->text[0] == '#';
                        struct dl_fix fix = {.kind = DL_FIX_ADD_ENTRY,
                                             .map = is_name ? DL_MAP_NAMES : DL_MAP_VALUES,
                                             .key = DL_QN(r->text, r->len),
                                             .value = is_name ? "<attribute name>" : NULL,
                                             .type = DL_ATTR_S};
                        struct dl_strbuf add;
                        dl_strbuf_init(&add);
                        dl_fix_spell(&add, req, &fix);
                        if (is_name)
                                dl_expr_report(ctx, e, r->off, r->end,
                                               "%sAn expression attribute name used in the "
                                               "document path is not defined; attribute name: "
                                               "%s; add it: %s",
                                               dl_expr_error_prefix(f), DL_QN(r->text, r->len),
                                               dl_strbuf_cstr(&add));
                        else
                                dl_expr_report(ctx, e, r->off, r->end,
                                               "%sAn expression attribute value used in "
                                               "expression is not defined; attribute value: %s; "
                                               "add it: %s",
                                               dl_expr_error_prefix(f), DL_QN(r->text, r->len),
                                               dl_strbuf_cstr(&add));
                        dl_strbuf_fini(&add);
                }
        }
}

const struct dl_check dl_check_undefined_placeholder = {
        .info = &info_undefined_placeholder,
        .run = run,
};
