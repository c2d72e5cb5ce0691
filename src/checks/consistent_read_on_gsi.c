/* consistent_read_on_gsi.c - check `consistent-read-on-gsi`: ConsistentRead
 * true on a Query or Scan of a global secondary index.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: a global secondary index is replicated asynchronously and
 * supports eventually consistent reads only; DynamoDB rejects the request
 * ("Consistent reads are not supported on global secondary indexes";
 * developer guide, "Reading data from a global secondary index"). A local
 * secondary index does support strongly consistent reads.
 *
 * Needs the rules file's tables: to tell a GSI from an LSI (the default
 * table describes a table named at run time). Deliberately ignored:
 * ConsistentRead not known to be true, an index or table not described, an
 * index named at run time.
 */
#include "info.h"
#include "util_expr.h"

#include "../core/strbuf.h"
#include "../model/fix.h"
#include "../model/quote.h"

#include <stdio.h>

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        if (req->op != DL_OP_QUERY && req->op != DL_OP_SCAN)
                return;
        const struct dl_value *cr = &req->fields[DL_FIELD_CONSISTENT_READ];
        struct dl_read_keys k;
        if (!dl_value_equals(cr, "true") || !dl_read_keys_get(ctx, req, &k) || !k.index ||
            k.index->kind != DL_INDEX_GLOBAL)
                return;
        const struct dl_value *tn = &req->fields[DL_FIELD_TABLE_NAME];
        char table[256] = "a table named at run time";
        if (dl_value_is_complete(tn))
                snprintf(table, sizeof table, "table '%s'", DL_QN(tn->text, tn->len));
        struct dl_fix fix = {.kind = DL_FIX_SET_FIELD, .field = DL_FIELD_CONSISTENT_READ,
                             .value = "true"};
        struct dl_strbuf set;
        dl_strbuf_init(&set);
        dl_fix_spell(&set, req, &fix);
        dl_value_report(ctx, cr, &req->call,
                        "Consistent reads are not supported on global secondary indexes; '%s' is "
                        "a global secondary index of %s: drop %s, or read the table or a local "
                        "secondary index",
                        DL_Q(k.index->name), table, dl_strbuf_cstr(&set));
        dl_strbuf_fini(&set);
}

const struct dl_check dl_check_consistent_read_on_gsi = {
        .info = &info_consistent_read_on_gsi,
        .run = run,
};
