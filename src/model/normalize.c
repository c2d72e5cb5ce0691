/* normalize.c - dl_model_normalize(): parse a request's expressions once.
 * SPDX-License-Identifier: MIT
 */
#include "normalize.h"

#include "expr.h"
#include "partiql.h"
#include "request.h"

void dl_model_normalize(struct dl_arena *a, struct dl_request *req)
{
        /* An explicit work list: batch members may nest (a transaction of
         * members), and no request depth is assumed. */
        struct dl_request *stack[64];
        size_t top = 0;
        stack[top++] = req;
        while (top) {
                struct dl_request *r = stack[--top];
                for (unsigned f = 0; f < DL_FIELD_COUNT; f++) {
                        if (dl_field_kind((enum dl_field)f) != DL_FK_EXPR)
                                continue;
                        r->exprs[f] = dl_expr_parse(a, (enum dl_field)f, &r->fields[f]);
                }
                r->partiql = dl_partiql_parse(a, &r->fields[DL_FIELD_STATEMENT]);
                for (size_t i = 0; i < r->n_items; i++) {
                        if (top < sizeof stack / sizeof stack[0])
                                stack[top++] = &r->items[i];
                        else
                                dl_model_normalize(a, &r->items[i]); /* depth-limited by data */
                }
        }
}
