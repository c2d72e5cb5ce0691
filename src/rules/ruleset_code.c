/* ruleset_code.c - the table a CreateTable in code defines (docs/
 * architecture.md, "Tables as code"), read by the reader of the DynamoDB
 * API's shape that CloudFormation and describe-table share
 * (ruleset_import.c, dl_rules_api_table).
 * SPDX-License-Identifier: MIT
 *
 * The request's definition (model/request.h: struct dl_request.definition)
 * is CreateTable's input as JSON text (DynamoDB API reference, CreateTable:
 * TableName, KeySchema, AttributeDefinitions, BillingMode,
 * ProvisionedThroughput, GlobalSecondaryIndexes, LocalSecondaryIndexes),
 * each byte with the source location of what it was read from. libyaml
 * reads it (JSON is YAML), and a node's position is the location of its
 * first byte: a finding sits on the C or C++ line that writes the value.
 * A value only known at run time is written as a function call, which the
 * reader takes for a computed value: the property stays unknown (silence),
 * and a key schema or list it hides leaves the table unread.
 *
 * An UpdateTable's definition is its input the same way (API reference,
 * UpdateTable: AttributeDefinitions, BillingMode, ProvisionedThroughput,
 * GlobalSecondaryIndexUpdates), read as what it changes (struct
 * dl_table_def.update).
 */
#include "ruleset_internal.h"

#include <string.h>
#include <yaml.h>

typedef struct dl_rules_loader loader_t;

/* What an UpdateTable leaves out stays as the table base (may be NULL)
 * has it; its billing mode is certain when nothing else sets it
 * (certain). */
static void update_from_base(loader_t *ld, yaml_node_t *root, struct dl_table_def *def,
                             const struct dl_table_def *base, bool certain)
{
        if (dl_rules_map_get(ld, root, "BillingMode"))
                return;
        def->billing_certain = base && certain && base->billing != DL_BILLING_UNKNOWN;
        /* throughput is set on a provisioned table only */
        def->billing = base                                  ? base->billing
                       : def->capacity.state == DL_DEF_KNOWN ? DL_BILLING_PROVISIONED
                                                             : DL_BILLING_UNKNOWN;
        if (base && def->capacity.state == DL_DEF_ABSENT)
                def->capacity = base->capacity;
}

/* The table a CreateTable defines, or (update) the change an UpdateTable
 * of the table base describes makes, appended to ld->imported. */
static enum dl_status read_code(loader_t *ld, const char *text, size_t len, const char *name,
                                const char *id, struct dl_loc call, bool update,
                                const struct dl_table_def *base, bool base_certain)
{
        yaml_document_t doc;
        enum dl_status st = dl_rules_parse_yaml(ld, text, len, &doc);
        if (st)
                return st;
        ld->doc = &doc;
        yaml_node_t *root = yaml_document_get_root_node(&doc);
        const char *op = update ? "UpdateTable" : "CreateTable";
        struct dl_table t;
        memset(&t, 0, sizeof t);
        t.name = name;
        t.loc = call;
        struct dl_table_def *def = dl_rules_new_def(ld, "code", op, id, call);
        def->update = update;
        t.def = def;
        if (!dl_rules_is_map(root)) {
                st = dl_rules_fail_at(ld, call, "the %s's members are only known at run time", op);
        } else {
                /* the key schema is where the table's keys are written */
                if (dl_rules_map_get(ld, root, "KeySchema"))
                        t.loc = dl_rules_key_loc(ld, root, "KeySchema");
                dl_rules_billing_mode(ld, root, def);
                const char *where = dl_arena_printf(ld->arena, "in the %s of '%s'", op, id);
                if (update) {
                        st = dl_rules_api_update(ld, root, where, &t, def);
                        update_from_base(ld, root, def, base, base_certain);
                } else {
                        st = dl_rules_api_table(ld, root, where, false, &t, def);
                }
        }
        if (st == DL_OK)
                DL_VEC_PUSH(&ld->imported, t);
        ld->doc = NULL;
        yaml_document_delete(&doc);
        return st;
}

enum dl_status dl_rules_code_table(loader_t *ld, const char *text, size_t len, const char *name,
                                   const char *id, struct dl_loc call)
{
        return read_code(ld, text, len, name, id, call, false, NULL, false);
}

enum dl_status dl_rules_code_update(loader_t *ld, const char *text, size_t len, const char *name,
                                    const char *id, struct dl_loc call,
                                    const struct dl_table_def *base, bool base_certain)
{
        return read_code(ld, text, len, name, id, call, true, base, base_certain);
}
