/* partiql_full_scan.c - check `partiql-full-scan`: a PartiQL SELECT that
 * DynamoDB runs as a Scan.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: DynamoDB runs a SELECT as a Query only when its WHERE
 * clause fixes the partition key of the table or index it reads, with an
 * equality or IN condition; otherwise the SELECT is a full table scan in
 * disguise, reading (and charging read capacity for) every item (DynamoDB
 * developer guide, "PartiQL select statements for DynamoDB": "To ensure
 * that a full table scan is not performed, the WHERE clause condition must
 * specify the partition key. Use the equality or IN operator.").
 *
 * What fixes the key: a conjunct `pk = value` or `pk IN [values]` (value:
 * a literal or a `?` parameter, never another attribute), anywhere under
 * ANDs; an OR fixes it when each side does. With a `tables:` entry for the
 * table the partition key is known. Without one, ddblint says what it
 * knows: a SELECT with no WHERE, or whose WHERE fixes no attribute at all
 * by equality or IN, is a Scan whatever the key is; one that fixes some
 * attribute may be a Query, and is not reported.
 *
 * Deliberately ignored: statements with a hole outside quotes (the hole
 * may hold the condition), statements that do not parse (expression-syntax
 * reports them), EXISTS(...) checks of ExecuteTransaction (phase 2 of issue
 * #9: batch and transaction members), and a table or index named at run
 * time when `tables:` would be needed.
 */
#include "info.h"
#include "util_expr.h"

#include "../model/partiql.h"
#include "../model/quote.h"
#include <stdio.h>
#include <string.h>

static const char *index_label(const struct dl_partiql *st, char *buf, size_t size)
{
        if (!st->index.text) {
                buf[0] = 0;
                return buf;
        }
        snprintf(buf, size, " index '%s'", DL_QN(st->index.text, st->index.len));
        return buf;
}

/* Point at the statement's SELECT keyword when it is written elsewhere. */
static void related(struct dl_finding *f, const struct dl_request *req)
{
        struct dl_loc at;
        if (dl_partiql_loc(req->partiql, 0, &at) && dl_loc_cmp(&at, &req->call) != 0)
                dl_report_related(f, &at, "the SELECT statement");
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        const struct dl_partiql *st = req->partiql;
        if (!st || !st->complete || st->stmt != DL_PQ_SELECT || st->n_errors ||
            !st->table.text)
                return;
        char table[DL_QUOTE_SIZE + 16], ix[DL_QUOTE_SIZE + 16];
        if (st->table.has_hole)
                snprintf(table, sizeof table, "a table named at run time");
        else
                snprintf(table, sizeof table, "table '%s'", DL_QN(st->table.text, st->table.len));
        index_label(st, ix, sizeof ix);
        const char *what = st->index.text ? "index" : "table";
        if (!st->where) {
                related(dl_report(ctx, &req->call,
                          "PartiQL SELECT of %s%s has no WHERE clause: DynamoDB runs it as a "
                          "Scan that reads every item of the %s and consumes read capacity for "
                          "all of it; fix the partition key with = or IN in a WHERE clause",
                          table, ix, what), req);
                return;
        }
        struct dl_read_keys keys;
        bool known_keys = !st->table.has_hole && !st->index.has_hole &&
                          dl_read_keys_named(ctx, st->table.text, st->table.len, st->index.text,
                                             st->index.len, &keys);
        if (known_keys) {
                if (dl_partiql_fixes(st->where, keys.hash) != DL_TRI_NO)
                        return;
                related(dl_report(ctx, &req->call,
                          "PartiQL SELECT of %s%s does not fix its partition key '%s' with = "
                          "or IN: DynamoDB runs it as a Scan that reads every item of the %s "
                          "and consumes read capacity for all of it, whatever the WHERE clause "
                          "keeps; add `%s = ?` (or `%s IN [...]`) to the WHERE clause",
                          table, ix, DL_Q(keys.hash), what, DL_Q(keys.hash), DL_Q(keys.hash)),
                        req);
                return;
        }
        if (dl_partiql_fixes(st->where, NULL) != DL_TRI_NO)
                return; /* it fixes some attribute: the partition key, perhaps */
        related(dl_report(ctx, &req->call,
                  "PartiQL SELECT of %s%s fixes no attribute with = or IN, so whatever the "
                  "%s's partition key is, DynamoDB runs it as a Scan that reads every item and "
                  "consumes read capacity for all of it; fix the partition key with = or IN "
                  "(describe the table under `tables:` to have its key checked)",
                  table, ix, what), req);
}

const struct dl_check dl_check_partiql_full_scan = {
        .info = &info_partiql_full_scan,
        .run = run,
};
