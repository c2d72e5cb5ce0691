/* ruleset_tables.c - the table model of a rules file: `tables:` entries
 * (keys, indexes, projections, sparse values, `match` patterns, the
 * default table), `tables-from:` entries (read by ruleset_import.c), and
 * which definition wins when several name the same table.
 * SPDX-License-Identifier: MIT
 *
 * Calls ruleset_yaml.c, ruleset_store.c and ruleset_import.c; called by
 * ruleset.c only.
 */
#include "ruleset_internal.h"

#include "../core/regex.h"
#include "../core/suggest.h"

#include <stdio.h>
#include <string.h>
#include <yaml.h>

typedef struct dl_rules_loader loader_t;

static const struct dl_rules_word index_kinds[] = {
        {"global", DL_INDEX_GLOBAL, true},
        {"local", DL_INDEX_LOCAL, true},
        {"gsi", DL_INDEX_GLOBAL, false},
        {"lsi", DL_INDEX_LOCAL, false},
        {NULL, 0, false},
};

/* ---- tables ------------------------------------------------------------ */

static enum dl_status parse_key_attr(const loader_t *ld, yaml_node_t *n, const char *key,
                                     struct dl_key_attr *out)
{
        char what[64];
        snprintf(what, sizeof what, "for '%s'", key);
        enum dl_status st = dl_rules_expect_type(ld, n, YAML_MAPPING_NODE, what);
        if (st)
                return st;
        struct dl_rules_field f[] = {{"name", NULL, NULL}, {"type", NULL, NULL}};
        snprintf(what, sizeof what, "in '%s'", key);
        if ((st = dl_rules_read_fields(ld, n, what, f, 2)))
                return st;
        if (!f[0].value)
                return dl_rules_missing(ld, n, "name", what, "the key attribute's name");
        if (!f[1].value)
                return dl_rules_missing(ld, n, "type", what, "the key attribute's type: S, N or B");
        if ((st = dl_rules_get_string(ld, f[0].value, "name", &out->name)))
                return st;
        int t = 0;
        if ((st = dl_rules_get_enum(ld, f[1].value, "type", "key type", dl_rules_key_types, &t)))
                return st;
        out->type = (enum dl_key_type)t;
        out->loc = dl_rules_node_loc(ld, n);
        return DL_OK;
}

static enum dl_status parse_projection(const loader_t *ld, yaml_node_t *n, struct dl_index *ix)
{
        int k = 0;
        enum dl_status st;
        if (n->type != YAML_MAPPING_NODE) {
                if (n->type != YAML_SCALAR_NODE)
                        return dl_rules_fail(ld, n,
                                             "expected all, keys-only, include or a mapping for "
                                             "'projection', got %s",
                                             dl_rules_kind_name(n));
                if ((st = dl_rules_get_enum(ld, n, "projection", "projection", dl_rules_projections,
                                            &k)))
                        return st;
                ix->projection = (enum dl_projection_kind)k;
                return DL_OK;
        }
        struct dl_rules_field f[] = {{"type", NULL, NULL}, {"non-key-attributes", NULL, NULL}};
        if ((st = dl_rules_read_fields(ld, n, "in 'projection'", f, 2)))
                return st;
        if (!f[0].value)
                return dl_rules_missing(ld, n, "type", "in 'projection'",
                                        "all, keys-only or include");
        if ((st = dl_rules_get_enum(ld, f[0].value, "type", "projection", dl_rules_projections,
                                    &k)))
                return st;
        ix->projection = (enum dl_projection_kind)k;
        yaml_node_t *attrs = f[1].value;
        if (!attrs || dl_rules_is_null(attrs))
                return DL_OK;
        if (ix->projection != DL_PROJ_INCLUDE)
                return dl_rules_fail(ld, f[1].key_node,
                                     "'non-key-attributes' is only allowed with 'type: include', "
                                     "not with 'type: %s'",
                                     dl_rules_projections[k].spelling);
        if ((st = dl_rules_expect_type(ld, attrs, YAML_SEQUENCE_NODE, "for 'non-key-attributes'")))
                return st;
        size_t n_items = dl_rules_seq_len(attrs);
        ix->non_key_attributes = dl_arena_alloc(ld->arena, n_items * sizeof(const char *) + 1);
        for (size_t i = 0; i < n_items; i++) {
                yaml_node_t *a = dl_rules_seq_at(ld, attrs, i);
                if ((st = dl_rules_get_string(ld, a, "non-key-attributes",
                                              &ix->non_key_attributes[i])))
                        return st;
                ix->n_non_key_attributes++;
        }
        return DL_OK;
}

/* One value of `sparse: {values: [...]}`: a scalar, or DynamoDB's
 * AttributeValue spelling of one ({S: UNSHIPPED}, {N: "1"}). */
static enum dl_status get_sparse_value(const loader_t *ld, yaml_node_t *n, const char **out)
{
        if (dl_rules_is_map(n)) {
                struct dl_rules_field f[] = {
                        {"S", NULL, NULL}, {"N", NULL, NULL}, {"B", NULL, NULL}};
                enum dl_status st = dl_rules_read_fields(ld, n, "in a value of 'sparse'", f, 3);
                if (st)
                        return st;
                int given = (f[0].value != NULL) + (f[1].value != NULL) + (f[2].value != NULL);
                if (given != 1)
                        return dl_rules_fail(ld, n,
                                             "expected one of S, N or B in a value of 'sparse' "
                                             "(DynamoDB's AttributeValue: {S: UNSHIPPED})");
                n = f[0].value ? f[0].value : f[1].value ? f[1].value : f[2].value;
        }
        return dl_rules_get_string(ld, n, "values", out);
}

/* `sparse: {values: [UNSHIPPED]}` on a global index. */
static enum dl_status parse_sparse(const loader_t *ld, yaml_node_t *n, struct dl_index *ix)
{
        enum dl_status st;
        if ((st = dl_rules_expect_type(ld, n, YAML_MAPPING_NODE, "for 'sparse'")))
                return st;
        if (ix->kind != DL_INDEX_GLOBAL)
                return dl_rules_fail(
                        ld, n,
                        "'sparse' is only allowed on a global index: a local index shares "
                        "the table's partition key, which every item has");
        struct dl_rules_field f[] = {{"values", NULL, NULL}};
        if ((st = dl_rules_read_fields(ld, n, "in 'sparse'", f, 1)))
                return st;
        if (!f[0].value)
                return dl_rules_missing(
                        ld, n, "values", "in 'sparse'",
                        "the partition-key values of items that belong in the index: "
                        "'values: [UNSHIPPED]'");
        yaml_node_t *vs = f[0].value;
        if ((st = dl_rules_expect_type(ld, vs, YAML_SEQUENCE_NODE, "for 'values'")))
                return st;
        size_t n_items = dl_rules_seq_len(vs);
        if (!n_items)
                return dl_rules_fail(ld, vs, "expected at least one value in 'values' of 'sparse'");
        ix->sparse_values = dl_arena_alloc(ld->arena, n_items * sizeof *ix->sparse_values);
        for (size_t i = 0; i < n_items; i++) {
                if ((st = get_sparse_value(ld, dl_rules_seq_at(ld, vs, i), &ix->sparse_values[i])))
                        return st;
                ix->n_sparse_values++;
        }
        ix->sparse = true;
        ix->sparse_loc = dl_rules_node_loc(ld, n);
        return DL_OK;
}

const char *dl_rules_table_label(struct dl_arena *arena, const struct dl_table *t)
{
        if (t->name)
                return dl_arena_printf(arena, "table '%s'", t->name);
        if (t->match)
                return dl_arena_printf(arena, "table matching '%s'", t->match);
        return "default table";
}

static enum dl_status parse_index(const loader_t *ld, yaml_node_t *n, struct dl_table *t,
                                  struct dl_index *ix)
{
        enum dl_status st;
        if ((st = dl_rules_expect_type(ld, n, YAML_MAPPING_NODE, "for each entry of 'indexes'")))
                return st;
        struct dl_rules_field f[] = {{"name", NULL, NULL},          {"kind", NULL, NULL},
                                     {"partition-key", NULL, NULL}, {"sort-key", NULL, NULL},
                                     {"projection", NULL, NULL},    {"sparse", NULL, NULL}};
        if ((st = dl_rules_read_fields(ld, n, "in index", f, 6)))
                return st;
        ix->loc = dl_rules_node_loc(ld, n);
        if (!f[0].value)
                return dl_rules_missing(ld, n, "name", "in index", "the index's name");
        if ((st = dl_rules_get_string(ld, f[0].value, "name", &ix->name)))
                return st;
        for (size_t i = 0; i < t->n_indexes; i++) {
                if (!strcmp(t->indexes[i].name, ix->name))
                        return dl_rules_fail(
                                ld, f[0].value,
                                "duplicate index name '%s' in %s (first defined at line %u, "
                                "column %u); expected unique index names",
                                ix->name, dl_rules_table_label(ld->arena, t),
                                t->indexes[i].loc.line, t->indexes[i].loc.col);
        }
        const char *where = dl_arena_printf(ld->arena, "in index '%s'", ix->name);
        if (!f[1].value)
                return dl_rules_missing(ld, n, "kind", where, "global or local");
        int k = 0;
        if ((st = dl_rules_get_enum(ld, f[1].value, "kind", "index kind", index_kinds, &k)))
                return st;
        ix->kind = (enum dl_index_kind)k;
        if (f[2].value) {
                if ((st = parse_key_attr(ld, f[2].value, "partition-key", &ix->partition_key)))
                        return st;
                if (ix->kind == DL_INDEX_LOCAL &&
                    (strcmp(ix->partition_key.name, t->partition_key.name) ||
                     ix->partition_key.type != t->partition_key.type))
                        return dl_rules_fail(ld, f[2].value,
                                             "local index '%s' must use the table's partition key "
                                             "'%s' (%s), got '%s' (%s); omit 'partition-key' for a "
                                             "local index",
                                             ix->name, t->partition_key.name,
                                             dl_key_type_str(t->partition_key.type),
                                             ix->partition_key.name,
                                             dl_key_type_str(ix->partition_key.type));
        } else if (ix->kind == DL_INDEX_GLOBAL) {
                return dl_rules_missing(
                        ld, n, "partition-key", where,
                        "a mapping with 'name' and 'type' (required for a global index)");
        } else {
                ix->partition_key = t->partition_key;
        }
        if (f[3].value) {
                if ((st = parse_key_attr(ld, f[3].value, "sort-key", &ix->sort_key)))
                        return st;
        } else if (ix->kind == DL_INDEX_LOCAL) {
                return dl_rules_missing(
                        ld, n, "sort-key", where,
                        "a mapping with 'name' and 'type' (a local index always has "
                        "a sort key)");
        }
        ix->projection = DL_PROJ_ALL;
        if (f[4].value && (st = parse_projection(ld, f[4].value, ix)))
                return st;
        if (f[5].value && (st = parse_sparse(ld, f[5].value, ix)))
                return st;
        return DL_OK;
}

enum dl_status dl_rules_compile_match(loader_t *ld, const yaml_node_t *v, const char *pattern,
                                      struct dl_regex **re)
{
        struct dl_error rerr;
        dl_error_init(&rerr);
        if (dl_rules_regex(ld->rs, pattern, re, &rerr) == DL_OK)
                return DL_OK;
        struct dl_loc loc = dl_rules_node_loc(ld, v);
        unsigned col = dl_rules_verbatim_col(ld, v);
        if (col)
                loc.col = col + (rerr.col ? rerr.col - 1 : 0);
        enum dl_status st =
                dl_rules_fail_at(ld, loc, "%s; expected a PCRE2 pattern for 'match'",
                                 rerr.message ? rerr.message : "bad regular expression");
        dl_error_fini(&rerr);
        return st;
}

static const struct dl_table *default_of(const loader_t *ld)
{
        for (size_t i = 0; i < ld->tables.n; i++) {
                if (ld->tables.items[i].is_default)
                        return &ld->tables.items[i];
        }
        return NULL;
}

/* The imported table named name, or NULL: by its table name, else by the
 * logical id of a template's table that has no name of its own (SAM and
 * CloudFormation name it when the stack is deployed; docs/rules-file.md,
 * "Extending an imported table"). */
static const struct dl_table *imported_named(const loader_t *ld, const char *name)
{
        for (size_t i = 0; i < ld->imported.n; i++) {
                const struct dl_table *o = &ld->imported.items[i];
                if (o->name && !strcmp(o->name, name))
                        return o;
        }
        for (size_t i = 0; i < ld->imported.n; i++) {
                const struct dl_table *o = &ld->imported.items[i];
                if (!o->name && o->def && o->def->id && !strcmp(o->def->format, "cloudformation") &&
                    !strcmp(o->def->id, name))
                        return o;
        }
        return NULL;
}

/* An index entry of a `tables:` entry that extends an imported table: when
 * it names one of the imported indexes, it may only add `sparse:` to it
 * (*done set); else it is a new index, read by parse_index. */
static enum dl_status extend_index(const loader_t *ld, yaml_node_t *x, struct dl_table *t,
                                   size_t n_imported, bool *done)
{
        *done = false;
        const char *name = dl_rules_str_of(dl_rules_map_get(ld, x, "name"));
        struct dl_index *ix = NULL;
        for (size_t i = 0; name && i < n_imported && !ix; i++) {
                if (!strcmp(t->indexes[i].name, name))
                        ix = &t->indexes[i];
        }
        if (!ix)
                return DL_OK;
        struct dl_rules_field f[] = {{"name", NULL, NULL},          {"kind", NULL, NULL},
                                     {"partition-key", NULL, NULL}, {"sort-key", NULL, NULL},
                                     {"projection", NULL, NULL},    {"sparse", NULL, NULL}};
        enum dl_status st = dl_rules_read_fields(ld, x, "in index", f, 6);
        if (st)
                return st;
        for (size_t k = 1; k < 5; k++) {
                if (f[k].key_node)
                        return dl_rules_fail(
                                ld, f[k].key_node,
                                "'%s' of index '%s' is defined in %s (line %u); an entry that "
                                "extends an imported index may only add 'sparse'",
                                f[k].key, name, ix->loc.file ? ix->loc.file : "the imported file",
                                ix->loc.line);
        }
        if (f[5].value && (st = parse_sparse(ld, f[5].value, ix)))
                return st;
        *done = true;
        return DL_OK;
}

/* A `tables:` entry without keys naming an imported table extends it
 * (docs/rules-file.md, "Extending an imported table"): t becomes a copy of
 * imp with the entry's `match`, `default` and indexes added; the keys stay
 * the imported ones. */
static enum dl_status extend_table(loader_t *ld, const struct dl_table *imp, yaml_node_t *sort_key,
                                   yaml_node_t *ixs, struct dl_table *t)
{
        if (sort_key)
                return dl_rules_fail(ld, sort_key,
                                     "'sort-key' without 'partition-key' in table '%s', which is "
                                     "imported from %s: an entry naming an imported table adds "
                                     "'sparse', 'match' or 'default' to it; write both keys to "
                                     "replace the table whole",
                                     t->name, imp->loc.file ? imp->loc.file : "a definition file");
        t->partition_key = imp->partition_key;
        t->sort_key = imp->sort_key;
        t->def = imp->def;
        t->name = imp->name; /* NULL when the entry named a logical id */
        if (!t->match) {
                t->match = imp->match;
                t->match_re = imp->match_re;
        }
        t->is_default = t->is_default || imp->is_default;
        size_t n_items = ixs && dl_rules_is_seq(ixs) ? dl_rules_seq_len(ixs) : 0;
        enum dl_status st;
        if (ixs && !dl_rules_is_null(ixs) &&
            (st = dl_rules_expect_type(ld, ixs, YAML_SEQUENCE_NODE, "for 'indexes'")))
                return st;
        t->indexes = dl_arena_alloc(ld->arena, (imp->n_indexes + n_items + 1) * sizeof *t->indexes);
        if (imp->n_indexes)
                memcpy(t->indexes, imp->indexes, imp->n_indexes * sizeof *t->indexes);
        t->n_indexes = imp->n_indexes;
        for (size_t i = 0; i < n_items; i++) {
                yaml_node_t *x = dl_rules_seq_at(ld, ixs, i);
                bool done = false;
                if (dl_rules_is_map(x) && (st = extend_index(ld, x, t, imp->n_indexes, &done)))
                        return st;
                if (done)
                        continue;
                if ((st = parse_index(ld, x, t, &t->indexes[t->n_indexes])))
                        return st;
                t->n_indexes++;
        }
        return DL_OK;
}

static enum dl_status parse_table(loader_t *ld, yaml_node_t *n, struct dl_table *t)
{
        enum dl_status st;
        if ((st = dl_rules_expect_type(ld, n, YAML_MAPPING_NODE, "for each entry of 'tables'")))
                return st;
        struct dl_rules_field f[] = {{"name", NULL, NULL},     {"match", NULL, NULL},
                                     {"default", NULL, NULL},  {"partition-key", NULL, NULL},
                                     {"sort-key", NULL, NULL}, {"indexes", NULL, NULL}};
        if ((st = dl_rules_read_fields(ld, n, "in table", f, 6)))
                return st;
        t->loc = dl_rules_node_loc(ld, n);
        if (f[0].value) {
                if ((st = dl_rules_get_string(ld, f[0].value, "name", &t->name)))
                        return st;
                for (size_t i = 0; i < ld->tables.n; i++) {
                        const struct dl_table *o = &ld->tables.items[i];
                        if (o->name && !strcmp(o->name, t->name))
                                return dl_rules_fail(
                                        ld, f[0].value,
                                        "duplicate table name '%s' (first defined at "
                                        "line %u, column %u); expected unique table names",
                                        t->name, o->loc.line, o->loc.col);
                }
        }
        if (f[1].value) {
                if ((st = dl_rules_get_string(ld, f[1].value, "match", &t->match)))
                        return st;
                if ((st = dl_rules_compile_match(ld, f[1].value, t->match, &t->match_re)))
                        return st;
        }
        if (f[2].value) {
                if ((st = dl_rules_get_bool(ld, f[2].value, "default", &t->is_default)))
                        return st;
                const struct dl_table *d = default_of(ld);
                if (t->is_default && d)
                        return dl_rules_fail(
                                ld, f[2].value,
                                "a second table with 'default: true' (the first is at "
                                "line %u, column %u); expected at most one default table",
                                d->loc.line, d->loc.col);
        }
        if (!t->name && !t->match && !t->is_default)
                return dl_rules_fail(ld, n,
                                     "table has no 'name', 'match' or 'default: true'; expected at "
                                     "least one of them");
        const struct dl_table *imp = t->name ? imported_named(ld, t->name) : NULL;
        if (!f[3].value && imp)
                return extend_table(ld, imp, f[4].value, f[5].value, t);
        const char *where = dl_arena_printf(ld->arena, "in %s", dl_rules_table_label(ld->arena, t));
        if (!f[3].value)
                return dl_rules_missing(ld, n, "partition-key", where,
                                        "a mapping with 'name' and 'type'");
        if ((st = parse_key_attr(ld, f[3].value, "partition-key", &t->partition_key)))
                return st;
        if (f[4].value && (st = parse_key_attr(ld, f[4].value, "sort-key", &t->sort_key)))
                return st;
        yaml_node_t *ixs = f[5].value;
        if (!ixs || dl_rules_is_null(ixs))
                return DL_OK;
        t->indexes_listed = true;
        if ((st = dl_rules_expect_type(ld, ixs, YAML_SEQUENCE_NODE, "for 'indexes'")))
                return st;
        size_t n_items = dl_rules_seq_len(ixs);
        t->indexes = dl_arena_alloc(ld->arena, n_items * sizeof *t->indexes);
        for (size_t i = 0; i < n_items; i++) {
                yaml_node_t *x = dl_rules_seq_at(ld, ixs, i);
                if ((st = parse_index(ld, x, t, &t->indexes[i])))
                        return st;
                t->n_indexes++;
        }
        return DL_OK;
}

enum dl_status dl_rules_parse_tables(loader_t *ld, yaml_node_t *n)
{
        if (dl_rules_is_null(n))
                return DL_OK;
        enum dl_status st = dl_rules_expect_type(ld, n, YAML_SEQUENCE_NODE, "for 'tables'");
        if (st)
                return st;
        size_t n_items = dl_rules_seq_len(n);
        for (size_t i = 0; i < n_items; i++) {
                struct dl_table t;
                memset(&t, 0, sizeof t);
                if ((st = parse_table(ld, dl_rules_seq_at(ld, n, i), &t)))
                        return st;
                DL_VEC_PUSH(&ld->tables, t);
        }
        return DL_OK;
}

/* Appends t to the arena array *arr (n entries) unless an earlier entry is
 * the same table: the same name, or the same `match` pattern for tables
 * without a name. A later default loses only its default role when it has
 * a name or pattern of its own. */
void dl_rules_add_unless_known(struct dl_arena *arena, struct dl_table **arr, size_t *n,
                               size_t *cap, const struct dl_table *t)
{
        struct dl_table copy = *t;
        for (size_t i = 0; i < *n; i++) {
                const struct dl_table *o = &(*arr)[i];
                if ((o->name && copy.name && !strcmp(o->name, copy.name)) ||
                    (!o->name && o->match && !copy.name && copy.match &&
                     !strcmp(o->match, copy.match)))
                        return;
                if (o->is_default && copy.is_default) {
                        if (!copy.name && !copy.match)
                                return;
                        copy.is_default = false;
                }
        }
        if (*n == *cap) {
                size_t nc = *cap ? *cap * 2 : 8;
                struct dl_table *na = dl_arena_alloc(arena, nc * sizeof *na);
                if (*n)
                        memcpy(na, *arr, *n * sizeof *na);
                *arr = na;
                *cap = nc;
        }
        (*arr)[(*n)++] = copy;
}

void dl_rules_finish_tables(loader_t *ld)
{
        size_t cap = 0;
        ld->rs->tables = NULL;
        ld->rs->n_tables = 0;
        for (size_t i = 0; i < ld->tables.n; i++)
                dl_rules_add_unless_known(ld->arena, &ld->rs->tables, &ld->rs->n_tables, &cap,
                                          &ld->tables.items[i]);
        for (size_t i = 0; i < ld->imported.n; i++)
                dl_rules_add_unless_known(ld->arena, &ld->rs->tables, &ld->rs->n_tables, &cap,
                                          &ld->imported.items[i]);
        struct dl_ruleset *rs = ld->rs;
        rs->n_env_tables = ld->env.n;
        rs->env_tables = dl_arena_alloc(ld->arena, (ld->env.n + 1) * sizeof *rs->env_tables);
        if (ld->env.n)
                memcpy(rs->env_tables, ld->env.items, ld->env.n * sizeof *rs->env_tables);
        /* one table in the definition files, which every entry extends:
         * the default for requests whose name is not known */
        bool one = ld->imported.n == 1 && !ld->all_tables;
        for (size_t i = 0; one && i < rs->n_tables; i++)
                one = rs->tables[i].def == ld->imported.items[0].def && !rs->tables[i].is_default;
        for (size_t i = 0; one && i < rs->n_tables; i++)
                rs->tables[i].is_default = rs->tables[i].default_implied = true;
}

/* ---- tables-from and exclude --------------------------------------------- */

static const char *const import_formats[] = {"cloudformation", "describe-table", "terraform"};

static enum dl_status parse_import(loader_t *ld, yaml_node_t *n)
{
        enum dl_status st;
        const char *path = NULL, *format = NULL, *def = NULL;
        if (n->type == YAML_SCALAR_NODE) {
                if ((st = dl_rules_get_string(ld, n, "tables-from", &path)))
                        return st;
        } else {
                if ((st = dl_rules_expect_type(ld, n, YAML_MAPPING_NODE,
                                               "or a file name for each entry of 'tables-from'")))
                        return st;
                struct dl_rules_field f[] = {
                        {"path", NULL, NULL}, {"format", NULL, NULL}, {"default", NULL, NULL}};
                if ((st = dl_rules_read_fields(ld, n, "in 'tables-from'", f, 3)))
                        return st;
                if (!f[0].value)
                        return dl_rules_missing(ld, n, "path", "in 'tables-from'",
                                                "the file holding the table definitions");
                if ((st = dl_rules_get_string(ld, f[0].value, "path", &path)))
                        return st;
                if (f[1].value) {
                        if ((st = dl_rules_get_string(ld, f[1].value, "format", &format)))
                                return st;
                        size_t k = 0;
                        while (k < 3 && !dl_word_eq(format, import_formats[k]))
                                k++;
                        if (k == 3)
                                return dl_rules_fail(
                                        ld, f[1].value,
                                        "bad format '%s' for 'format'%sexpected one of: "
                                        "cloudformation, describe-table, terraform",
                                        format,
                                        dl_rules_did_you_mean(ld, format, import_formats, 3));
                        format = import_formats[k];
                }
                if (f[2].value && (st = dl_rules_get_string(ld, f[2].value, "default", &def)))
                        return st;
        }
        /* The import reads another document: the rules file's stays ours. */
        yaml_document_t *doc = ld->doc;
        const char *file = ld->file;
        st = dl_rules_import(ld, path, format, def, dl_rules_node_loc(ld, n));
        ld->doc = doc;
        ld->file = file;
        ld->no_marks = false;
        return st;
}

enum dl_status dl_rules_parse_tables_from(loader_t *ld, yaml_node_t *n)
{
        if (dl_rules_is_null(n))
                return DL_OK;
        if (n->type != YAML_SEQUENCE_NODE)
                return parse_import(ld, n);
        enum dl_status st;
        for (size_t i = 0; i < dl_rules_seq_len(n); i++) {
                if ((st = parse_import(ld, dl_rules_seq_at(ld, n, i))))
                        return st;
        }
        return DL_OK;
}
