/* sparse_index_key_not_removed.c - check `sparse-index-key-not-removed`: a
 * write that sets the partition key of a sparse index to a constant outside
 * the values the rules file gives it (`sparse: {values: [...]}`), instead
 * of removing the attribute.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: a sparse index holds only the items that carry its key
 * attributes, so it stays small and cheap to query (the unshipped orders,
 * the open tickets). An item leaves it only by losing an index key
 * attribute: `SET GSI1PK = "SHIPPED"` keeps the order in the index under
 * another value, so the index grows with the table, every write to the
 * item is also written to the index, and the "small" Query of the index
 * now pays for the whole history (developer guide, "Take advantage of
 * sparse indexes").
 *
 * Reported: PutItem, UpdateItem (and such batch or transaction members)
 * that set the index's partition key to a known constant not listed in
 * `values`, while the item keeps the index's sort key (set, or for an
 * UpdateItem not removed). Deliberately ignored: values with a run-time
 * part (they may be one of `values`), a write that also removes the sort
 * key (the item leaves the index), indexes not declared sparse.
 */
#include "info.h"
#include "util_expr.h"
#include "util_keys.h"

#include "../core/strbuf.h"
#include "../model/quote.h"

#include <stdio.h>

static void judge(const struct dl_check_ctx *ctx, const struct dl_request *req,
                  const struct dl_key_target *k, const struct dl_key_value *pk)
{
        if (!k->index || !k->index->sparse || !dl_value_is_complete(&pk->value) ||
            dl_sparse_value(k->index, &pk->value))
                return;
        struct dl_strbuf vals;
        dl_strbuf_init(&vals);
        for (size_t v = 0; v < k->index->n_sparse_values; v++)
                dl_strbuf_printf(&vals, "%s'%s'", v ? ", " : "", DL_Q(k->index->sparse_values[v]));
        char label[256], opl[64], text[DL_QUOTE_SIZE];
        dl_key_report(ctx, req, pk,
                      "this %s sets '%s' to '%s', which is not a value of sparse %s (%s): the "
                      "item stays in the index under another value, and the index grows with "
                      "the table; %s",
                      dl_key_op_label(req, opl, sizeof opl), DL_Q(k->pk),
                      dl_quote(text, pk->value.text, pk->value.len),
                      dl_key_target_label(k, label, sizeof label), dl_strbuf_cstr(&vals),
                      req->op == DL_OP_UPDATE_ITEM
                              ? "remove the attribute instead (REMOVE in the UpdateExpression)"
                              : "leave the attribute out of the item instead");
        dl_strbuf_fini(&vals);
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        dl_key_visit(ctx, req, DL_KEYS_WRITES, judge);
}

const struct dl_check dl_check_sparse_index_key_not_removed = {
        .info = &info_sparse_index_key_not_removed,
        .run = run,
};
