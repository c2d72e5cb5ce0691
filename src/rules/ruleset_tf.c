/* ruleset_tf.c - the tables of `terraform show -json` output (state or
 * plan): resources of type aws_dynamodb_table in the root module and its
 * child modules (Terraform "JSON output format"; AWS provider,
 * aws_dynamodb_table: hash_key, range_key, attribute blocks,
 * global_secondary_index and local_secondary_index blocks, billing_mode
 * PROVISIONED by default, read_capacity and write_capacity), with the
 * aws_appautoscaling_target resources of the same module that scale a
 * table's or index's writes (resource_id table/<name>[/index/<index>],
 * scalable_dimension dynamodb:table:WriteCapacityUnits or
 * dynamodb:index:WriteCapacityUnits, max_capacity). The provider writes 0
 * capacity units for an on-demand table: 0 reads as no capacity written.
 * SPDX-License-Identifier: MIT
 */
#include "ruleset_internal.h"

#include "../core/alloc.h"

#include <stdio.h>
#include <string.h>
#include <yaml.h>

typedef struct dl_rules_loader loader_t;
typedef dl_rules_candidates_t candidates_t;

#define str_of dl_rules_str_of
#define opt_seq dl_rules_opt_seq
#define fail dl_rules_fail

/* read_capacity and write_capacity of a table or global index; 0 is none. */
static struct dl_capacity tf_capacity(const loader_t *ld, const yaml_node_t *x)
{
        struct dl_capacity c;
        memset(&c, 0, sizeof c);
        c.read = dl_rules_def_num(ld, dl_rules_map_get(ld, x, "read_capacity"));
        c.write = dl_rules_def_num(ld, dl_rules_map_get(ld, x, "write_capacity"));
        bool some = (c.read.state == DL_DEF_KNOWN && c.read.value) ||
                    (c.write.state == DL_DEF_KNOWN && c.write.value);
        bool unknown = c.read.state == DL_DEF_UNKNOWN || c.write.state == DL_DEF_UNKNOWN;
        if (!some && !unknown) {
                memset(&c, 0, sizeof c);
                return c;
        }
        c.state = some ? DL_DEF_KNOWN : DL_DEF_UNKNOWN;
        c.key_loc = c.write.state ? c.write.loc : c.read.loc;
        return c;
}

/* billing_mode, capacity and attribute blocks of a table's values. */
static void tf_table_def(const loader_t *ld, const yaml_node_t *vals, struct dl_table_def *def)
{
        yaml_node_t *bm = dl_rules_map_get(ld, vals, "billing_mode");
        const char *s = str_of(bm);
        /* the provider always writes billing_mode: without it, this is not
         * what terraform show printed whole (a hand-trimmed file): unknown */
        def->billing = !s                              ? DL_BILLING_UNKNOWN
                       : !strcmp(s, "PROVISIONED")     ? DL_BILLING_PROVISIONED
                       : !strcmp(s, "PAY_PER_REQUEST") ? DL_BILLING_PAY_PER_REQUEST
                                                       : DL_BILLING_UNKNOWN;
        if (s) {
                def->billing_written = DL_DEF_KNOWN;
                def->billing_loc = dl_rules_node_loc(ld, bm);
        }
        def->capacity = tf_capacity(ld, vals);
        yaml_node_t *attrs = dl_rules_map_get(ld, vals, "attribute");
        if (!dl_rules_is_seq(attrs))
                return;
        def->attrs_loc = dl_rules_key_loc(ld, vals, "attribute");
        dl_rules_def_attrs(ld, attrs, "name", "type", def);
}

/* The aws_appautoscaling_target resources of res that scale writes, onto
 * the tables out[first..] of the same module; one ddblint cannot place
 * makes every write maximum there unknown. */
static void tf_scalings(const loader_t *ld, const yaml_node_t *res, candidates_t *out, size_t first)
{
        for (size_t i = 0; res && i < dl_rules_seq_len(res); i++) {
                yaml_node_t *r = dl_rules_seq_at(ld, res, i);
                const char *type = str_of(dl_rules_map_get(ld, r, "type"));
                if (!type || strcmp(type, "aws_appautoscaling_target"))
                        continue;
                yaml_node_t *vals = dl_rules_map_get(ld, r, "values");
                const char *dim = str_of(dl_rules_map_get(ld, vals, "scalable_dimension"));
                if (dim && strcmp(dim, "dynamodb:table:WriteCapacityUnits") &&
                    strcmp(dim, "dynamodb:index:WriteCapacityUnits"))
                        continue;
                const char *rid = dim ? str_of(dl_rules_map_get(ld, vals, "resource_id")) : NULL;
                struct dl_def_num max =
                        dl_rules_def_num(ld, dl_rules_map_get(ld, vals, "max_capacity"));
                bool placed = false;
                for (size_t k = first; rid && k < out->n; k++) {
                        struct dl_rules_candidate *c = &out->items[k];
                        size_t n = c->t.name ? strlen(c->t.name) : 0;
                        if (!n || strncmp(rid, "table/", 6) || strncmp(rid + 6, c->t.name, n))
                                continue;
                        if (dl_rules_scaling_place(c, rid + 6 + n, max))
                                placed = true;
                }
                if (!placed)
                        dl_rules_scaling_unknown(out, first);
        }
}

/* Terraform's attribute list [{name, type}]: the type of `name`; untyped
 * when no block gives it (attribute-definitions-mismatch reports it). */
static enum dl_status tf_attr_type(const loader_t *ld, const yaml_node_t *vals, const char *name,
                                   struct dl_key_attr *out)
{
        yaml_node_t *attrs = dl_rules_map_get(ld, vals, "attribute");
        for (size_t i = 0; attrs && dl_rules_is_seq(attrs) && i < dl_rules_seq_len(attrs); i++) {
                yaml_node_t *a = dl_rules_seq_at(ld, attrs, i);
                const char *an = str_of(dl_rules_map_get(ld, a, "name"));
                yaml_node_t *ty = dl_rules_map_get(ld, a, "type");
                if (an && !strcmp(an, name) && ty)
                        return dl_rules_key_type(ld, ty, "type", &out->type);
        }
        out->untyped = true;
        return DL_OK;
}

static enum dl_status tf_key(const loader_t *ld, const yaml_node_t *vals, const yaml_node_t *owner,
                             const char *key, struct dl_table_def *def, struct dl_key_attr *out)
{
        const char *name = str_of(dl_rules_map_get(ld, owner, key));
        if (!name || !*name)
                return DL_OK;
        out->name = dl_arena_strdup(ld->arena, name);
        out->loc = dl_rules_node_loc(ld, owner);
        enum dl_status st = tf_attr_type(ld, vals, name, out);
        dl_rules_def_key(ld, def, out);
        return st;
}

/* What tf_index reads beside the index: the table's values (its
 * attribute blocks) and its definition. */
struct tf_data {
        const yaml_node_t *vals;
        struct dl_table_def *table;
};

/* hash_key (global), range_key, capacity, projection_type,
 * non_key_attributes of an index. */
static enum dl_status tf_index(const loader_t *ld, const yaml_node_t *x, const char *where,
                               void *data, struct dl_index *ix, struct dl_index_def *def)
{
        const struct tf_data *td = data;
        enum dl_status st;
        if (ix->kind == DL_INDEX_GLOBAL) {
                if ((st = tf_key(ld, td->vals, x, "hash_key", td->table, &ix->partition_key)))
                        return st;
                if (!ix->partition_key.name)
                        return fail(ld, x,
                                    "missing 'hash_key' %s; expected the index's "
                                    "partition key",
                                    where);
        }
        if ((st = tf_key(ld, td->vals, x, "range_key", td->table, &ix->sort_key)))
                return st;
        if (ix->kind == DL_INDEX_GLOBAL)
                def->capacity = tf_capacity(ld, x);
        ix->projection = DL_PROJ_ALL;
        yaml_node_t *pt = dl_rules_map_get(ld, x, "projection_type");
        if (pt && !dl_rules_is_null(pt) &&
            (st = dl_rules_projection(ld, pt, "projection_type", &ix->projection)))
                return st;
        yaml_node_t *nk = NULL;
        if ((st = opt_seq(ld, x, "non_key_attributes", where, &nk)))
                return st;
        if (nk)
                def->non_key_loc = dl_rules_key_loc(ld, x, "non_key_attributes");
        return dl_rules_non_key_attributes(ld, nk, "non_key_attributes", ix);
}

/* One module of `terraform show -json`: its resources, then its child
 * modules (bounded by the document's depth limit). */
static enum dl_status tf_module(const loader_t *ld, const yaml_node_t *mod, candidates_t *out)
{
        enum dl_status st;
        size_t first = out->n;
        yaml_node_t *res = NULL;
        if ((st = opt_seq(ld, mod, "resources", "in a module", &res)))
                return st;
        for (size_t i = 0; res && i < dl_rules_seq_len(res); i++) {
                yaml_node_t *r = dl_rules_seq_at(ld, res, i);
                const char *type = str_of(dl_rules_map_get(ld, r, "type"));
                if (!type || strcmp(type, "aws_dynamodb_table"))
                        continue;
                yaml_node_t *vals = dl_rules_map_get(ld, r, "values");
                const char *addr = str_of(dl_rules_map_get(ld, r, "address"));
                struct dl_rules_candidate c;
                memset(&c, 0, sizeof c);
                c.id = dl_arena_strdup(ld->arena, addr ? addr : "aws_dynamodb_table");
                c.t.loc = dl_rules_node_loc(ld, r);
                const char *where = dl_arena_printf(ld->arena, "in '%s'", c.id);
                if (!dl_rules_is_map(vals))
                        return fail(ld, vals ? vals : r, "expected a mapping 'values' %s", where);
                const char *name = str_of(dl_rules_map_get(ld, vals, "name"));
                if (name && *name)
                        c.t.name = dl_arena_strdup(ld->arena, name);
                else
                        c.run_time_name = true; /* not known until applied */
                c.def = dl_rules_new_def(ld, "terraform", "aws_dynamodb_table", c.id, c.t.loc);
                c.t.def = c.def;
                if ((st = tf_key(ld, vals, vals, "hash_key", c.def, &c.t.partition_key)))
                        return st;
                if (!c.t.partition_key.name)
                        return fail(ld, vals,
                                    "missing 'hash_key' %s; expected the table's "
                                    "partition key",
                                    where);
                tf_table_def(ld, vals, c.def);
                struct tf_data td = {vals, c.def};
                if ((st = tf_key(ld, vals, vals, "range_key", c.def, &c.t.sort_key)) ||
                    (st = dl_rules_read_indexes(ld, vals, "global_secondary_index", "name",
                                                DL_INDEX_GLOBAL, where, &c.t, tf_index, &td,
                                                &c.def->gsi_loc)) ||
                    (st = dl_rules_read_indexes(ld, vals, "local_secondary_index", "name",
                                                DL_INDEX_LOCAL, where, &c.t, tf_index, &td,
                                                &c.def->lsi_loc)))
                        return st;
                DL_VEC_PUSH(out, c);
        }
        tf_scalings(ld, res, out, first);
        yaml_node_t *kids = NULL;
        if ((st = opt_seq(ld, mod, "child_modules", "in a module", &kids)))
                return st;
        for (size_t i = 0; kids && i < dl_rules_seq_len(kids); i++) {
                if ((st = tf_module(ld, dl_rules_seq_at(ld, kids, i), out)))
                        return st;
        }
        return DL_OK;
}

enum dl_status dl_rules_from_terraform(const loader_t *ld, const yaml_node_t *root,
                                       candidates_t *out)
{
        yaml_node_t *vals = dl_rules_map_get(ld, root, "values");
        if (!vals)
                vals = dl_rules_map_get(ld, root, "planned_values");
        yaml_node_t *mod = dl_rules_map_get(ld, vals, "root_module");
        if (!dl_rules_is_map(mod))
                return fail(ld, mod ? mod : root,
                            "expected 'values.root_module' or 'planned_values.root_module' "
                            "(the output of terraform show -json)");
        return tf_module(ld, mod, out);
}
