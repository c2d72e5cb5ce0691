/* unknown_index.c - check `unknown-index`: a Query or Scan naming an index
 * its table does not have.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: DynamoDB rejects the request with a ValidationException,
 * "The table does not have the specified index: <name>" (the text dynalite
 * asserts in its tests, ../shared oracle cases; the API reference's Query
 * and Scan IndexName: "the name of an index to query/scan", which must be a
 * secondary index of the table). A typo or an index dropped from the
 * template fails every call at run time, not at deploy.
 *
 * Needs a table whose index list is complete (dl_schema_indexes_known):
 * a template's, describe-table's or terraform's table with its index lists
 * written out, or a rules file's entry listing its indexes. Deliberately
 * ignored: an index named at run time, a table not described, a table
 * whose indexes are not all known (--verbose says why), a CreateTable in
 * code (an UpdateTable may add indexes), PartiQL (its FROM "table"."index"
 * is left to partiql-full-scan).
 */
#include "info.h"
#include "util_expr.h"

#include "../core/alloc.h"
#include "../core/log.h"
#include "../core/strbuf.h"
#include "../core/suggest.h"
#include "../model/quote.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "'GSI1' and 'LSI1'", "no secondary index" into sb. */
static void list_indexes(struct dl_strbuf *sb, const struct dl_table *t)
{
        if (!t->n_indexes) {
                dl_strbuf_puts(sb, "no secondary index");
                return;
        }
        dl_strbuf_puts(sb, t->n_indexes == 1 ? "only the index " : "the indexes ");
        for (size_t i = 0; i < t->n_indexes; i++) {
                if (i)
                        dl_strbuf_puts(sb, i + 1 == t->n_indexes ? " and " : ", ");
                dl_strbuf_printf(sb, "'%s'", DL_Q(t->indexes[i].name));
        }
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        if (req->op != DL_OP_QUERY && req->op != DL_OP_SCAN)
                return;
        const struct dl_value *ix = &req->fields[DL_FIELD_INDEX_NAME];
        if (!dl_value_is_complete(ix) || memchr(ix->text, '\0', ix->len))
                return;
        const struct dl_table *t = dl_table_described(ctx, req);
        if (!t || dl_schema_index(t, ix->text, ix->len))
                return;
        const struct dl_value *tn = &req->fields[DL_FIELD_TABLE_NAME];
        char table[DL_QUOTE_SIZE + 32] = "a table named at run time";
        if (dl_value_is_complete(tn))
                snprintf(table, sizeof table, "table '%s'", DL_QN(tn->text, tn->len));
        const char *why = NULL;
        if (!dl_schema_indexes_known(t, &why)) {
                if (ctx->log)
                        dl_log_add(ctx->log, DL_LOG_NOTE, "indexes-unknown", &ix->loc,
                                   "unknown-index: index '%s' is not described for %s, but %s; "
                                   "no finding",
                                   DL_QN(ix->text, ix->len), table, why);
                return;
        }
        struct dl_strbuf have;
        dl_strbuf_init(&have);
        list_indexes(&have, t);
        const char **names = dl_xcalloc(t->n_indexes ? t->n_indexes : 1, sizeof *names);
        for (size_t i = 0; i < t->n_indexes; i++)
                names[i] = t->indexes[i].name;
        const char *near = dl_suggest(ix->text, names, t->n_indexes);
        char hint[DL_QUOTE_SIZE + 32] = "";
        if (near)
                snprintf(hint, sizeof hint, "; did you mean '%s'?", DL_Q(near));
        struct dl_finding *f = dl_value_report(
                ctx, ix, &req->call, "The table does not have the specified index: %s; %s has %s%s",
                DL_QN(ix->text, ix->len), table, dl_strbuf_cstr(&have), hint);
        if (f && dl_loc_valid(&t->loc))
                dl_report_related(f, &t->loc, "the table's definition");
        free(names);
        dl_strbuf_fini(&have);
}

const struct dl_check dl_check_unknown_index = {
        .info = &info_unknown_index,
        .run = run,
};
