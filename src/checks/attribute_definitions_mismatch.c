/* attribute_definitions_mismatch.c - check `attribute-definitions-mismatch`
 * (a table check): an AttributeDefinitions entry that no key schema of the
 * table or its indexes uses, or a key attribute without a definition.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: AttributeDefinitions describes the key schema of the
 * table and indexes, and nothing else; CloudFormation and DynamoDB reject
 * a table whose definitions and key schemas disagree ("Property
 * AttributeDefinitions is inconsistent with the KeySchema of the table and
 * the secondary indexes"; DynamoDB API reference, CreateTable
 * AttributeDefinitions: "An array of attributes that describe the key
 * schema for the table and indexes"). Terraform's provider refuses unused
 * `attribute` blocks the same way ("all attributes must be indexed").
 * Teams write non-key attributes there thinking it declares the item's
 * shape.
 *
 * Where: an unused entry at its AttributeName, an undefined key at its
 * KeySchema entry. Deliberately ignored: definitions computed by a
 * function, a SAM SimpleTable (SAM writes them), key schemas ddblint could
 * not read.
 */
#include "info.h"

#include "../model/quote.h"
#include "../rules/schema.h"

#include <string.h>

static bool defined(const struct dl_table_def *d, const char *name)
{
        for (size_t i = 0; i < d->n_attrs; i++) {
                if (!strcmp(d->attrs[i].name, name))
                        return true;
        }
        return false;
}

static bool used(const struct dl_table_def *d, const char *name)
{
        for (size_t i = 0; i < d->n_keys; i++) {
                if (!strcmp(d->keys[i].name, name))
                        return true;
        }
        return false;
}

static void run_table(const struct dl_check_ctx *ctx, const struct dl_table *t)
{
        const struct dl_table_def *d = t->def;
        if (d->attrs_state == DL_DEF_UNKNOWN)
                return;
        for (size_t i = 0; i < d->n_attrs; i++) {
                const struct dl_def_attr *a = &d->attrs[i];
                bool seen_before = false;
                for (size_t k = 0; k < i && !seen_before; k++)
                        seen_before = !strcmp(d->attrs[k].name, a->name);
                /* an UpdateTable may define the table's own keys too */
                if (seen_before || d->update || used(d, a->name))
                        continue;
                dl_report_table(ctx, t, &a->loc,
                                "attribute '%s' is defined in AttributeDefinitions of table %s "
                                "but no key schema of the table or its indexes uses it; DynamoDB "
                                "rejects the table: define key attributes only (items need no "
                                "declared attributes)",
                                DL_Q(a->name), DL_TABLE_DEF_LABEL(t));
        }
        for (size_t i = 0; i < d->n_keys; i++) {
                const struct dl_def_attr *k = &d->keys[i];
                bool seen_before = false;
                for (size_t j = 0; j < i && !seen_before; j++)
                        seen_before = !strcmp(d->keys[j].name, k->name);
                if (seen_before || defined(d, k->name))
                        continue;
                dl_report_table(ctx, t, &k->loc,
                                "key attribute '%s' of table %s has no entry in "
                                "AttributeDefinitions; DynamoDB rejects the %s: add "
                                "{AttributeName: %s, AttributeType: S, N or B}",
                                DL_Q(k->name), DL_TABLE_DEF_LABEL(t),
                                d->update ? "UpdateTable" : "table", k->name);
        }
}

const struct dl_check dl_check_attribute_definitions_mismatch = {
        .info = &info_attribute_definitions_mismatch,
        .run_table = run_table,
};
