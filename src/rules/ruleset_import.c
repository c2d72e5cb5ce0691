/* ruleset_import.c - table definitions from where teams keep them
 * (`tables-from:`, --tables-from, and the templates a run lints;
 * docs/rules-file.md "tables-from", docs/architecture.md "Tables as code"):
 *
 *   - a CloudFormation or SAM template, YAML (with the short-form tags
 *     !Ref, !Sub, !Join...) or JSON (also what `cdk synth` writes):
 *     ruleset_cfn.c;
 *   - the output of `aws dynamodb describe-table`, one or several (a JSON
 *     array of them, or outputs written one after another): here;
 *   - the output of `terraform show -json` (state or plan): ruleset_tf.c.
 *
 * This file reads the file (YAML with libyaml; JSON with libyaml too, so
 * that every value keeps its line and column, else with jansson without
 * positions: several JSON documents one after another, or JSON libyaml
 * refuses), tells the format from the content, settles the names, and
 * holds the reader of the DynamoDB API's shape that CloudFormation's
 * properties and describe-table's fields share (KeySchema,
 * AttributeDefinitions, GlobalSecondaryIndexes, Projection,
 * ProvisionedThroughput: DynamoDB API reference, CreateTable and
 * TableDescription; AWS CloudFormation template reference,
 * "AWS::DynamoDB::Table").
 *
 * Each table gets its definition as written (schema.h, struct
 * dl_table_def): billing mode, capacity, AttributeDefinitions, where each
 * is written; the table checks (checks/util_table.h) read it. A key
 * attribute without an AttributeDefinitions entry is read untyped, not
 * refused: attribute-definitions-mismatch reports it where it is.
 */
#include "ruleset_internal.h"

#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/path.h"
#include "../core/strbuf.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

typedef struct dl_rules_loader loader_t;
typedef dl_rules_candidates_t candidates_t;

#define fail dl_rules_fail

/* ---- values ------------------------------------------------------------ */

const char *dl_rules_str_of(const yaml_node_t *n)
{
        if (!n || !dl_rules_is_scalar(n) || dl_rules_is_null(n) || dl_rules_tag(n))
                return NULL;
        return dl_rules_scalar(n);
}

#define str_of dl_rules_str_of

/* A value a CreateTable in code sets only at run time (model/shape.h
 * DL_SHAPE_RUN_TIME: a function of the reader's). */
static bool is_run_time(const loader_t *ld, const yaml_node_t *n)
{
        yaml_node_t *arg;
        const char *fn = dl_rules_function_of(ld, n, &arg);
        return fn && !strcmp(fn, "RunTime");
}

enum dl_status dl_rules_need_str(const loader_t *ld, const yaml_node_t *map, const char *key,
                                 const char *where, const char **out)
{
        yaml_node_t *v = dl_rules_map_get(ld, map, key);
        if (!v)
                return fail(ld, map, "missing '%s' %s; expected a string", key, where);
        if (is_run_time(ld, v))
                return fail(ld, v, "'%s' %s is only known at run time", key, where);
        if (dl_rules_tag(v) || (dl_rules_is_map(v) && dl_rules_map_get(ld, v, "Ref")))
                return fail(ld, v,
                            "'%s' %s is computed by %s; ddblint reads written values only: "
                            "describe this table under 'tables:' in the rules file (written "
                            "definitions win)",
                            key, where, dl_rules_tag(v) ? dl_rules_tag(v) : "a function");
        return dl_rules_get_string(ld, v, key, out);
}

#define need_str dl_rules_need_str

enum dl_status dl_rules_opt_seq(const loader_t *ld, const yaml_node_t *map, const char *key,
                                const char *where, yaml_node_t **out)
{
        *out = dl_rules_map_get(ld, map, key);
        if (!*out || dl_rules_is_null(*out)) {
                *out = NULL;
                return DL_OK;
        }
        if (is_run_time(ld, *out))
                return fail(ld, *out, "'%s' %s is only known at run time", key, where);
        if (!dl_rules_is_seq(*out))
                return fail(ld, *out, "expected a sequence for '%s' %s, got %s", key, where,
                            dl_rules_kind_name(*out));
        return DL_OK;
}

#define opt_seq dl_rules_opt_seq

const char *dl_rules_function_of(const loader_t *ld, const yaml_node_t *n, yaml_node_t **arg)
{
        *arg = NULL;
        if (!n)
                return NULL;
        const char *tag = dl_rules_tag(n);
        if (tag) {
                *arg = (yaml_node_t *)n;
                return tag[0] == '!' ? tag + 1 : tag;
        }
        if (!dl_rules_is_map(n) || n->data.mapping.pairs.top - n->data.mapping.pairs.start != 1)
                return NULL;
        yaml_node_t *k = dl_rules_node(ld, n->data.mapping.pairs.start[0].key);
        if (!dl_rules_is_scalar(k))
                return NULL;
        *arg = dl_rules_node(ld, n->data.mapping.pairs.start[0].value);
        const char *f = dl_rules_scalar(k);
        if (!strcmp(f, "Ref"))
                return "Ref";
        return strncmp(f, "Fn::", 4) ? NULL : f + 4;
}

struct dl_loc dl_rules_key_loc(const loader_t *ld, const yaml_node_t *map, const char *key)
{
        if (dl_rules_is_map(map)) {
                for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
                     p < map->data.mapping.pairs.top; p++) {
                        yaml_node_t *k = dl_rules_node(ld, p->key);
                        if (dl_rules_is_scalar(k) && !strcmp(dl_rules_scalar(k), key))
                                return dl_rules_node_loc(ld, k);
                }
        }
        return map ? dl_rules_node_loc(ld, map) : (struct dl_loc){ld->file, 0, 0};
}

bool dl_rules_scaling_place(struct dl_rules_candidate *c, const char *rest, struct dl_def_num max)
{
        bool placed = false;
        if (!*rest) {
                c->def->capacity.max_write = max;
                placed = true;
        }
        for (size_t x = 0; !strncmp(rest, "/index/", 7) && x < c->t.n_indexes; x++) {
                if (strcmp(rest + 7, c->t.indexes[x].name))
                        continue;
                ((struct dl_index_def *)c->t.indexes[x].def)->capacity.max_write = max;
                placed = true;
        }
        return placed;
}

void dl_rules_scaling_unknown(dl_rules_candidates_t *cs, size_t first)
{
        for (size_t k = first; k < cs->n; k++) {
                struct dl_rules_candidate *c = &cs->items[k];
                c->def->capacity.max_write.state = DL_DEF_UNKNOWN;
                for (size_t x = 0; x < c->t.n_indexes; x++)
                        ((struct dl_index_def *)c->t.indexes[x].def)->capacity.max_write.state =
                                DL_DEF_UNKNOWN;
        }
}

struct dl_def_num dl_rules_def_num(const loader_t *ld, const yaml_node_t *n)
{
        struct dl_def_num out;
        memset(&out, 0, sizeof out);
        if (!n)
                return out;
        out.loc = dl_rules_node_loc(ld, n);
        out.state = DL_DEF_UNKNOWN;
        const char *s = str_of(n);
        if (!s || !*s || strlen(s) > 18)
                return out;
        for (const char *p = s; *p; p++) {
                if (*p < '0' || *p > '9')
                        return out;
        }
        errno = 0;
        char *end = NULL;
        long long v = strtoll(s, &end, 10);
        if (errno || *end)
                return out;
        out.state = DL_DEF_KNOWN;
        out.value = v;
        return out;
}

struct dl_table_def *dl_rules_new_def(const loader_t *ld, const char *format, const char *kind,
                                      const char *id, struct dl_loc loc)
{
        struct dl_table_def *def = dl_arena_alloc(ld->arena, sizeof *def);
        memset(def, 0, sizeof *def);
        def->format = format;
        def->kind = kind;
        def->id = id;
        def->loc = loc;
        return def;
}

void dl_rules_def_key(const loader_t *ld, struct dl_table_def *def, const struct dl_key_attr *k)
{
        if (!def || !k->name)
                return;
        struct dl_def_attr *grown = dl_arena_alloc(ld->arena, (def->n_keys + 1) * sizeof *grown);
        if (def->n_keys)
                memcpy(grown, def->keys, def->n_keys * sizeof *grown);
        grown[def->n_keys].name = k->name;
        grown[def->n_keys].type = k->untyped ? NULL : dl_key_type_str(k->type);
        grown[def->n_keys].loc = k->loc;
        def->keys = grown;
        def->n_keys++;
}

/* ---- the DynamoDB API's shape (CloudFormation, describe-table) ---------- */

/* The type of attribute `name` in AttributeDefinitions; *untyped when it
 * has no entry there (reported by attribute-definitions-mismatch) or its
 * entry's type is computed. */
static enum dl_status attr_type(const loader_t *ld, const yaml_node_t *defs, const char *name,
                                const char *where, enum dl_key_type *out, bool *untyped)
{
        *untyped = false;
        for (size_t i = 0; defs && i < dl_rules_seq_len(defs); i++) {
                yaml_node_t *d = dl_rules_seq_at(ld, defs, i);
                const char *an = str_of(dl_rules_map_get(ld, d, "AttributeName"));
                if (!an || strcmp(an, name))
                        continue;
                yaml_node_t *t = dl_rules_map_get(ld, d, "AttributeType");
                if (!t)
                        return fail(ld, d, "missing 'AttributeType' for '%s' %s; expected S, N "
                                           "or B", name, where);
                if (!str_of(t)) {
                        *untyped = true;
                        return DL_OK;
                }
                return dl_rules_key_type(ld, t, "AttributeType", out);
        }
        *out = DL_KEY_S;
        *untyped = true;
        return DL_OK;
}

/* KeySchema: [{AttributeName, KeyType: HASH|RANGE}]. *unknown is set when
 * the whole KeySchema is computed by a function (then nothing is read). */
static enum dl_status key_schema(const loader_t *ld, const yaml_node_t *owner,
                                 const yaml_node_t *defs, const char *where, struct dl_key_attr *pk,
                                 struct dl_key_attr *sk, bool need_pk, struct dl_table_def *def)
{
        yaml_node_t *ks = NULL;
        enum dl_status st = opt_seq(ld, owner, "KeySchema", where, &ks);
        if (st)
                return st;
        for (size_t i = 0; ks && i < dl_rules_seq_len(ks); i++) {
                yaml_node_t *e = dl_rules_seq_at(ld, ks, i);
                if (!dl_rules_is_map(e))
                        return fail(ld, e, "expected a mapping in 'KeySchema' %s, got %s", where,
                                    dl_rules_kind_name(e));
                const char *name = NULL, *kt = NULL;
                if ((st = need_str(ld, e, "AttributeName", where, &name)) ||
                    (st = need_str(ld, e, "KeyType", where, &kt)))
                        return st;
                struct dl_key_attr *k = !strcmp(kt, "HASH")    ? pk
                                        : !strcmp(kt, "RANGE") ? sk
                                                               : NULL;
                if (!k)
                        return fail(ld, dl_rules_map_get(ld, e, "KeyType"),
                                    "bad KeyType '%s' %s; expected HASH or RANGE", kt, where);
                k->name = name;
                k->loc = dl_rules_node_loc(ld, e);
                if ((st = attr_type(ld, defs, name, where, &k->type, &k->untyped)))
                        return st;
                dl_rules_def_key(ld, def, k);
        }
        if (need_pk && !pk->name)
                return fail(ld, owner, "no HASH key in 'KeySchema' %s; expected the partition key",
                            where);
        return DL_OK;
}

/* Room for n more indexes in t; returns the first new slot (zeroed). */
static struct dl_index *grow_indexes(const loader_t *ld, struct dl_table *t, size_t n)
{
        struct dl_index *grown = dl_arena_alloc(ld->arena, (t->n_indexes + n + 1) * sizeof *grown);
        if (t->n_indexes)
                memcpy(grown, t->indexes, t->n_indexes * sizeof *grown);
        t->indexes = grown;
        return &grown[t->n_indexes];
}

enum dl_status dl_rules_non_key_attributes(const loader_t *ld, const yaml_node_t *seq,
                                           const char *key, struct dl_index *ix)
{
        size_t n = seq ? dl_rules_seq_len(seq) : 0;
        ix->non_key_attributes = dl_arena_alloc(ld->arena, (n + 1) * sizeof(const char *));
        for (size_t i = 0; i < n; i++) {
                enum dl_status st = dl_rules_get_string(ld, dl_rules_seq_at(ld, seq, i), key,
                                                        &ix->non_key_attributes[i]);
                if (st)
                        return st;
                ix->n_non_key_attributes++;
        }
        return DL_OK;
}

static enum dl_status api_projection(const loader_t *ld, const yaml_node_t *ixn, const char *where,
                                     struct dl_index *ix, struct dl_index_def *def)
{
        ix->projection = DL_PROJ_ALL;
        yaml_node_t *p = dl_rules_map_get(ld, ixn, "Projection");
        if (!p)
                return DL_OK;
        yaml_node_t *pt = dl_rules_map_get(ld, p, "ProjectionType");
        enum dl_status st;
        if (pt && (st = dl_rules_projection(ld, pt, "ProjectionType", &ix->projection)))
                return st;
        yaml_node_t *nk = NULL;
        if ((st = opt_seq(ld, p, "NonKeyAttributes", where, &nk)))
                return st;
        if (nk)
                def->non_key_loc = dl_rules_key_loc(ld, p, "NonKeyAttributes");
        return dl_rules_non_key_attributes(ld, nk, "NonKeyAttributes", ix);
}

/* One index x of a list of kind into t (its name under name_key). */
static enum dl_status read_index(const loader_t *ld, const yaml_node_t *x, const char *key,
                                 const char *name_key, enum dl_index_kind kind, const char *where,
                                 struct dl_table *t, dl_rules_index_fill_fn fill, void *data)
{
        grow_indexes(ld, t, 1);
        struct dl_index *ix = &t->indexes[t->n_indexes];
        struct dl_index_def *def = dl_arena_alloc(ld->arena, sizeof *def);
        ix->def = def;
        ix->kind = kind;
        ix->loc = dl_rules_node_loc(ld, x);
        if (is_run_time(ld, x))
                return fail(ld, x, "an entry of '%s' %s is only known at run time", key, where);
        enum dl_status st = need_str(ld, x, name_key, where, &ix->name);
        if (st)
                return st;
        const char *iw = dl_arena_printf(ld->arena, "in index '%s' %s", ix->name, where);
        if (kind == DL_INDEX_LOCAL)
                ix->partition_key = t->partition_key;
        if ((st = fill(ld, x, iw, data, ix, def)))
                return st;
        t->n_indexes++;
        return DL_OK;
}

enum dl_status dl_rules_read_indexes(const loader_t *ld, const yaml_node_t *owner, const char *key,
                                     const char *name_key, enum dl_index_kind kind,
                                     const char *where, struct dl_table *t,
                                     dl_rules_index_fill_fn fill, void *data,
                                     struct dl_loc *list_loc)
{
        yaml_node_t *list = NULL;
        enum dl_status st = opt_seq(ld, owner, key, where, &list);
        if (st || !list)
                return st;
        *list_loc = dl_rules_key_loc(ld, owner, key);
        size_t n = dl_rules_seq_len(list);
        grow_indexes(ld, t, n);
        for (size_t i = 0; i < n && !st; i++)
                st = read_index(ld, dl_rules_seq_at(ld, list, i), key, name_key, kind, where, t,
                                fill, data);
        return st;
}

struct dl_capacity dl_rules_api_capacity(const loader_t *ld, const yaml_node_t *owner,
                                         bool zero_is_absent)
{
        struct dl_capacity c;
        memset(&c, 0, sizeof c);
        yaml_node_t *pt = dl_rules_map_get(ld, owner, "ProvisionedThroughput");
        if (!pt || dl_rules_is_null(pt))
                return c;
        c.key_loc = dl_rules_key_loc(ld, owner, "ProvisionedThroughput");
        yaml_node_t *arg = NULL;
        if (!dl_rules_is_map(pt) || dl_rules_function_of(ld, pt, &arg)) {
                c.state = DL_DEF_UNKNOWN; /* !If [Cond, {...}, !Ref AWS::NoValue] */
                return c;
        }
        c.state = DL_DEF_KNOWN;
        c.read = dl_rules_def_num(ld, dl_rules_map_get(ld, pt, "ReadCapacityUnits"));
        c.write = dl_rules_def_num(ld, dl_rules_map_get(ld, pt, "WriteCapacityUnits"));
        /* describe-table writes 0 units for an on-demand table or index */
        if (zero_is_absent && c.read.state == DL_DEF_KNOWN && !c.read.value &&
            c.write.state == DL_DEF_KNOWN && !c.write.value)
                memset(&c, 0, sizeof c);
        return c;
}

/* What api_index reads beside the index: the table's AttributeDefinitions
 * and its definition (which records every key attribute). */
struct api_data {
        const yaml_node_t *defs;
        struct dl_table_def *table;
};

/* KeySchema, Projection and ProvisionedThroughput of an index. */
static enum dl_status api_index(const loader_t *ld, const yaml_node_t *x, const char *where,
                                void *data, struct dl_index *ix, struct dl_index_def *def)
{
        const struct api_data *ad = data;
        const yaml_node_t *defs = ad->defs;
        struct dl_key_attr pk = ix->partition_key;
        if (ix->kind == DL_INDEX_LOCAL)
                memset(&pk, 0, sizeof pk);
        enum dl_status st = key_schema(ld, x, defs, where, &pk, &ix->sort_key,
                                       ix->kind == DL_INDEX_GLOBAL, ad->table);
        if (st)
                return st;
        if (ix->kind == DL_INDEX_GLOBAL)
                ix->partition_key = pk;
        else
                def->own_partition_key = pk;
        /* the index's capacity: describe-table's zeros mean on-demand */
        def->capacity = dl_rules_api_capacity(ld, x, true);
        return api_projection(ld, x, where, ix, def);
}

/* AttributeDefinitions as written, into def. */
static void api_attrs(const loader_t *ld, const yaml_node_t *props, const yaml_node_t *defs,
                      struct dl_table_def *def)
{
        yaml_node_t *v = dl_rules_map_get(ld, props, "AttributeDefinitions");
        if (!v || dl_rules_is_null(v))
                return;
        def->attrs_loc = dl_rules_key_loc(ld, props, "AttributeDefinitions");
        if (!defs) {
                def->attrs_state = DL_DEF_UNKNOWN;
                return;
        }
        dl_rules_def_attrs(ld, defs, "AttributeName", "AttributeType", def);
}

void dl_rules_def_attrs(const loader_t *ld, const yaml_node_t *seq, const char *name_key,
                        const char *type_key, struct dl_table_def *def)
{
        def->attrs_state = DL_DEF_KNOWN;
        size_t n = dl_rules_seq_len(seq);
        def->attrs = dl_arena_alloc(ld->arena, (n + 1) * sizeof *def->attrs);
        for (size_t i = 0; i < n; i++) {
                yaml_node_t *d = dl_rules_seq_at(ld, seq, i);
                yaml_node_t *an = dl_rules_map_get(ld, d, name_key);
                if (!str_of(an)) {
                        def->attrs_state = DL_DEF_UNKNOWN; /* computed: a guess otherwise */
                        continue;
                }
                struct dl_def_attr *a = &def->attrs[def->n_attrs++];
                a->name = dl_arena_strdup(ld->arena, str_of(an));
                const char *ty = str_of(dl_rules_map_get(ld, d, type_key));
                a->type = ty ? dl_arena_strdup(ld->arena, ty) : NULL;
                a->loc = dl_rules_node_loc(ld, an);
        }
}

enum dl_status dl_rules_api_table(const loader_t *ld, const yaml_node_t *props, const char *where,
                                  bool zero_is_absent, struct dl_table *t, struct dl_table_def *def)
{
        yaml_node_t *defs = NULL;
        enum dl_status st = opt_seq(ld, props, "AttributeDefinitions", where, &defs);
        if (st ||
            (st = key_schema(ld, props, defs, where, &t->partition_key, &t->sort_key, true, def)))
                return st;
        api_attrs(ld, props, defs, def);
        def->capacity = dl_rules_api_capacity(ld, props, zero_is_absent);
        struct api_data ad = {defs, def};
        if ((st = dl_rules_read_indexes(ld, props, "GlobalSecondaryIndexes", "IndexName",
                                        DL_INDEX_GLOBAL, where, t, api_index, &ad, &def->gsi_loc)))
                return st;
        return dl_rules_read_indexes(ld, props, "LocalSecondaryIndexes", "IndexName",
                                     DL_INDEX_LOCAL, where, t, api_index, &ad, &def->lsi_loc);
}

enum dl_status dl_rules_api_update(const loader_t *ld, const yaml_node_t *props, const char *where,
                                   struct dl_table *t, struct dl_table_def *def)
{
        yaml_node_t *defs = NULL, *ups = NULL;
        enum dl_status st = opt_seq(ld, props, "AttributeDefinitions", where, &defs);
        if (st || (st = opt_seq(ld, props, "GlobalSecondaryIndexUpdates", where, &ups)))
                return st;
        api_attrs(ld, props, defs, def);
        def->capacity = dl_rules_api_capacity(ld, props, false);
        if (!ups)
                return DL_OK;
        def->gsi_loc = dl_rules_key_loc(ld, props, "GlobalSecondaryIndexUpdates");
        struct api_data ad = {defs, def};
        for (size_t i = 0; i < dl_rules_seq_len(ups) && !st; i++) {
                yaml_node_t *u = dl_rules_seq_at(ld, ups, i);
                if (is_run_time(ld, u))
                        return fail(ld, u,
                                    "an entry of 'GlobalSecondaryIndexUpdates' %s is only known "
                                    "at run time",
                                    where);
                /* Update and Delete actions change nothing the checks read */
                yaml_node_t *c = dl_rules_map_get(ld, u, "Create");
                if (c)
                        st = read_index(ld, c, "Create", "IndexName", DL_INDEX_GLOBAL, where, t,
                                        api_index, &ad);
        }
        return st;
}

/* ---- describe-table ------------------------------------------------------ */

static enum dl_status from_describe_table(const loader_t *ld, const yaml_node_t *root,
                                          candidates_t *out)
{
        size_t n = dl_rules_is_seq(root) ? dl_rules_seq_len(root) : 1;
        enum dl_status st;
        for (size_t i = 0; i < n; i++) {
                yaml_node_t *doc = dl_rules_is_seq(root) ? dl_rules_seq_at(ld, root, i)
                                                         : (yaml_node_t *)root;
                yaml_node_t *t = dl_rules_map_get(ld, doc, "Table");
                if (!dl_rules_is_map(t))
                        return fail(ld, t ? t : doc,
                                    "expected a mapping 'Table' (the output of aws dynamodb "
                                    "describe-table)");
                struct dl_rules_candidate c;
                memset(&c, 0, sizeof c);
                c.t.loc = dl_rules_node_loc(ld, t);
                if ((st = need_str(ld, t, "TableName", "in 'Table'", &c.t.name)))
                        return st;
                c.id = c.t.name;
                c.def = dl_rules_new_def(ld, "describe-table", "TableDescription", c.id, c.t.loc);
                c.t.def = c.def;
                /* BillingModeSummary is absent for a table that has always
                 * been provisioned (API reference, TableDescription) */
                yaml_node_t *bms = dl_rules_map_get(ld, t, "BillingModeSummary");
                const char *bm = str_of(dl_rules_map_get(ld, bms, "BillingMode"));
                c.def->billing = bm && !strcmp(bm, "PAY_PER_REQUEST") ? DL_BILLING_PAY_PER_REQUEST
                                                                      : DL_BILLING_PROVISIONED;
                if (bm) {
                        c.def->billing_written = DL_DEF_KNOWN;
                        c.def->billing_loc =
                                dl_rules_node_loc(ld, dl_rules_map_get(ld, bms, "BillingMode"));
                }
                const char *where = dl_arena_printf(ld->arena, "in table '%s'", c.t.name);
                if ((st = dl_rules_api_table(ld, t, where, true, &c.t, c.def)))
                        return st;
                DL_VEC_PUSH(out, c);
        }
        return DL_OK;
}

/* ---- reading the file ---------------------------------------------------- */

static const char *detect(const loader_t *ld, const yaml_node_t *root)
{
        if (dl_rules_map_get(ld, root, "Resources"))
                return "cloudformation";
        if (dl_rules_map_get(ld, root, "Table") ||
            (dl_rules_is_seq(root) && dl_rules_seq_len(root) &&
             dl_rules_map_get(ld, dl_rules_seq_at(ld, root, 0), "Table")))
                return "describe-table";
        if (dl_rules_map_get(ld, root, "values") || dl_rules_map_get(ld, root, "planned_values"))
                return "terraform";
        return NULL;
}

/* One JSON value as nodes of doc; returns the node id (0 when too deep). */
static int json_to_yaml(yaml_document_t *doc, json_t *j, int depth)
{
        if (depth > DL_RULES_MAX_DEPTH)
                return 0;
        switch (json_typeof(j)) {
        case JSON_OBJECT: {
                int id = yaml_document_add_mapping(doc, NULL, YAML_BLOCK_MAPPING_STYLE);
                const char *k;
                json_t *v;
                json_object_foreach(j, k, v) {
                        int kid = yaml_document_add_scalar(doc, NULL, (yaml_char_t *)k, -1,
                                                           YAML_DOUBLE_QUOTED_SCALAR_STYLE);
                        int vid = json_to_yaml(doc, v, depth + 1);
                        if (!kid || !vid)
                                return 0;
                        yaml_document_append_mapping_pair(doc, id, kid, vid);
                }
                return id;
        }
        case JSON_ARRAY: {
                int id = yaml_document_add_sequence(doc, NULL, YAML_BLOCK_SEQUENCE_STYLE);
                size_t i;
                json_t *v;
                json_array_foreach(j, i, v) {
                        int vid = json_to_yaml(doc, v, depth + 1);
                        if (!vid)
                                return 0;
                        yaml_document_append_sequence_item(doc, id, vid);
                }
                return id;
        }
        case JSON_STRING:
                return yaml_document_add_scalar(doc, NULL, (yaml_char_t *)json_string_value(j),
                                                (int)json_string_length(j),
                                                YAML_DOUBLE_QUOTED_SCALAR_STYLE);
        default: {
                char *text = json_dumps(j, JSON_ENCODE_ANY);
                int id = yaml_document_add_scalar(doc, NULL, (yaml_char_t *)(text ? text : ""),
                                                  -1, YAML_PLAIN_SCALAR_STYLE);
                free(text);
                return id;
        }
        }
}

/* JSON text: one value, or several one after another (describe-table
 * outputs appended to one file), which become a sequence. */
static enum dl_status parse_json(loader_t *ld, const char *text, size_t len, yaml_document_t *doc)
{
        json_t *all = json_array();
        size_t off = 0;
        enum dl_status st = DL_OK;
        for (;;) {
                while (off < len && strchr(" \t\r\n", text[off]))
                        off++;
                if (off >= len)
                        break;
                json_error_t je;
                json_t *v = json_loadb(text + off, len - off, JSON_DISABLE_EOF_CHECK, &je);
                if (!v) {
                        /* jansson counts lines from the start of this value. */
                        unsigned line = (unsigned)(je.line > 0 ? je.line : 1), col = 0;
                        for (size_t i = 0; i < off; i++)
                                line += text[i] == '\n';
                        col = (unsigned)(je.column > 0 ? je.column : 0);
                        struct dl_loc loc = {ld->file, line, col};
                        dl_error_set(ld->err, DL_ERR_PARSE, &loc, "JSON syntax error: %s",
                                     je.text);
                        st = DL_ERR_PARSE;
                        break;
                }
                json_array_append_new(all, v);
                off += je.position;
        }
        if (st == DL_OK) {
                if (!yaml_document_initialize(doc, NULL, NULL, NULL, 1, 1)) {
                        fputs("ddblint: out of memory\n", stderr);
                        abort();
                }
                json_t *root = json_array_size(all) == 1 ? json_array_get(all, 0) : all;
                if (json_array_size(all) && !json_to_yaml(doc, root, 0)) {
                        struct dl_loc loc = {ld->file, 0, 0};
                        dl_error_set(ld->err, DL_ERR_CONFIG, &loc,
                                     "values nested deeper than %d levels; expected a shallower "
                                     "document", DL_RULES_MAX_DEPTH);
                        yaml_document_delete(doc);
                        st = DL_ERR_CONFIG;
                }
        }
        json_decref(all);
        return st;
}

/* The imported file's name as the user would spell it: relative to the
 * directory the rules file was named in. */
static const char *display_name(const loader_t *ld, const char *path, struct dl_loc at)
{
        if (path[0] == '/' || !at.file)
                return dl_arena_strdup(ld->arena, path);
        const char *slash = strrchr(at.file, '/');
        if (!slash)
                return dl_arena_strdup(ld->arena, path);
        return dl_arena_printf(ld->arena, "%.*s/%s", (int)(slash - at.file), at.file, path);
}

/* Settles names: the `default:` choice, else the only table named at run
 * time becomes the default; moves the tables into ld->imported. */
static enum dl_status settle(loader_t *ld, candidates_t *cs, const char *default_id,
                             const yaml_node_t *root)
{
        if (ld->all_tables) { /* to lint: every table, none a default */
                for (size_t i = 0; i < cs->n; i++) {
                        struct dl_rules_candidate *c = &cs->items[i];
                        if (c->t.match &&
                            dl_rules_regex(ld->rs, c->t.match, &c->t.match_re, ld->err) != DL_OK)
                                return DL_ERR_CONFIG;
                        DL_VEC_PUSH(&ld->imported, c->t);
                }
                return DL_OK;
        }
        size_t run_time = 0;
        for (size_t i = 0; i < cs->n; i++)
                run_time += cs->items[i].run_time_name;
        bool chosen = false;
        for (size_t i = 0; i < cs->n; i++) {
                struct dl_rules_candidate *c = &cs->items[i];
                if (default_id && (!strcmp(c->id, default_id) ||
                                   (c->t.name && !strcmp(c->t.name, default_id)))) {
                        c->t.is_default = true;
                        chosen = true;
                }
        }
        if (default_id && !chosen)
                return fail(ld, root, "no table '%s' here for 'default'; expected a logical id, "
                                      "resource address or table name of this file", default_id);
        bool has_default = chosen;
        for (size_t i = 0; i < ld->tables.n && !has_default; i++)
                has_default = ld->tables.items[i].is_default;
        if (run_time > 1 && !has_default) {
                const char *a = NULL, *b = NULL;
                for (size_t i = 0; i < cs->n && !b; i++) {
                        if (!cs->items[i].run_time_name)
                                continue;
                        if (a)
                                b = cs->items[i].id;
                        else
                                a = cs->items[i].id;
                }
                return fail(ld, root,
                            "tables '%s' and '%s' are both named only at run time; expected "
                            "'default: <one of them>' in this 'tables-from' entry, or a "
                            "default table under 'tables:'",
                            a, b);
        }
        for (size_t i = 0; i < cs->n; i++) {
                struct dl_rules_candidate *c = &cs->items[i];
                if (c->run_time_name && !has_default)
                        c->t.is_default = true;
                if (!c->t.name && !c->t.match && !c->t.is_default)
                        continue; /* another table is the default */
                if (c->t.match &&
                    dl_rules_regex(ld->rs, c->t.match, &c->t.match_re, ld->err) != DL_OK)
                        return DL_ERR_CONFIG;
                DL_VEC_PUSH(&ld->imported, c->t);
        }
        return DL_OK;
}

enum dl_status dl_rules_import(loader_t *ld, const char *path, const char *format,
                               const char *default_id, struct dl_loc at)
{
        const char *name = display_name(ld, path, at);
        char *full = dl_path_join(ld->dir, path);
        char *text = NULL;
        size_t len = 0;
        /* a rules file is the tree's: what it names is read only from
         * inside the project root, by its real path (docs/security.md
         * "The tree's boundary"); --tables-from is the user's own */
        if (at.file && ld->root) {
                if (!dl_path_real_under(full, ld->root)) {
                        free(full);
                        return dl_error_set(ld->err, DL_ERR_IO, &at,
                                            "'tables-from' names '%s', which is not inside the "
                                            "project root; not read",
                                            path);
                }
        }
        struct dl_error rerr;
        dl_error_init(&rerr);
        enum dl_status st = dl_file_read_bounded(full, DL_RULES_MAX_TABLES_BYTES, at.file != NULL,
                                                 &text, &len, &rerr);
        free(full);
        if (st) {
                if (at.file)
                        dl_error_set(ld->err, DL_ERR_IO, &at,
                                     "cannot read '%s' named by 'tables-from': %s", path,
                                     rerr.message);
                else
                        dl_error_set(ld->err, DL_ERR_IO, &(struct dl_loc){name, 0, 0}, "%s",
                                     rerr.message);
                dl_error_fini(&rerr);
                return st;
        }
        dl_error_fini(&rerr);
        dl_rules_add_source(ld->rs, name);
        ld->file = name;
        size_t lead = 0;
        while (lead < len && strchr(" \t\r\n", text[lead]))
                lead++;
        bool json = lead < len && (text[lead] == '{' || text[lead] == '[');
        yaml_document_t doc;
        /* JSON is YAML too for libyaml, which keeps every value's line and
         * column; jansson reads what it refuses (several documents one
         * after another), without positions */
        ld->no_marks = false;
        struct dl_error *keep = ld->err;
        struct dl_error yerr;
        dl_error_init(&yerr);
        if (json)
                ld->err = &yerr;
        st = dl_rules_parse_yaml(ld, text, len, &doc);
        ld->err = keep;
        dl_error_fini(&yerr);
        if (st && json) {
                ld->no_marks = true;
                st = parse_json(ld, text, len, &doc);
        }
        free(text);
        if (st)
                return st;
        ld->doc = &doc;
        yaml_node_t *root = yaml_document_get_root_node(&doc);
        candidates_t cs = {0};
        const char *kind = root ? detect(ld, root) : NULL;
        if (format && kind && strcmp(format, kind))
                kind = NULL;
        if (!root) {
                struct dl_loc loc = {name, 1, 1};
                st = dl_rules_fail_at(ld, loc, "empty file; expected table definitions");
        } else if (!kind) {
                st = fail(ld, root,
                          "not %s; expected %s",
                          format ? format : "a table definition file",
                          format && !strcmp(format, "terraform")
                                  ? "the output of terraform show -json ('values' or "
                                    "'planned_values')"
                          : format && !strcmp(format, "describe-table")
                                  ? "the output of aws dynamodb describe-table ('Table')"
                          : format ? "a CloudFormation or SAM template ('Resources')"
                                   : "a CloudFormation or SAM template ('Resources'), the "
                                     "output of aws dynamodb describe-table ('Table') or of "
                                     "terraform show -json ('values')");
        } else if (!strcmp(kind, "cloudformation")) {
                st = dl_rules_from_cloudformation(ld, root, &cs);
        } else if (!strcmp(kind, "describe-table")) {
                st = from_describe_table(ld, root, &cs);
        } else {
                st = dl_rules_from_terraform(ld, root, &cs);
        }
        if (st == DL_OK)
                st = settle(ld, &cs, default_id, root);
        DL_VEC_FREE(&cs);
        yaml_document_delete(&doc);
        return st;
}
