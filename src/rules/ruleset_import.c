/* ruleset_import.c - table definitions from where teams keep them
 * (`tables-from:` and --tables-from; docs/rules-file.md "tables-from"):
 *
 *   - a CloudFormation or SAM template, YAML (with the short-form tags
 *     !Ref, !Sub, !Join...) or JSON (also what `cdk synth` writes):
 *     AWS::DynamoDB::Table, AWS::DynamoDB::GlobalTable and
 *     AWS::Serverless::SimpleTable resources (AWS CloudFormation template
 *     reference, "AWS::DynamoDB::Table"; AWS SAM specification,
 *     "AWS::Serverless::SimpleTable");
 *   - the output of `aws dynamodb describe-table`, one or several (a JSON
 *     array of them, or outputs written one after another);
 *   - the output of `terraform show -json` (state or plan): resources of
 *     type aws_dynamodb_table in the root module and its child modules
 *     (Terraform "JSON output format"; AWS provider, aws_dynamodb_table).
 *
 * The three name their tables and keys alike: CloudFormation's properties
 * and describe-table's fields are the DynamoDB API's own (KeySchema,
 * AttributeDefinitions, GlobalSecondaryIndexes, Projection), so one reader
 * serves both; Terraform's attributes get their own. JSON is read with
 * jansson and turned into a libyaml document (without positions), so one
 * walker reads YAML and JSON.
 *
 * A table name written literally is the table's name. One computed by
 * !Sub or !Join becomes a `match` pattern: the literal parts escaped, each
 * substitution any run of the characters DynamoDB allows in a table name.
 * A table without a name, or named by !Ref of a parameter or any other
 * function, is named at run time: it becomes the default table when it is
 * the only one (or when the import's `default:` names it). A template
 * without a TableName gets CloudFormation's generated name,
 * <stack>-<LogicalId>-<suffix>, as a pattern.
 */
#include "ruleset_internal.h"

#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/path.h"
#include "../core/strbuf.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

typedef struct dl_rules_loader loader_t;

/* DynamoDB table names: 3 to 255 of [a-zA-Z0-9_.-] (API reference,
 * CreateTable TableName). A substitution in a computed name matches a run. */
#define NAME_RUN "[A-Za-z0-9_.-]+"

#define fail(ld, node, ...) dl_rules_fail_at((ld), dl_rules_node_loc((ld), (node)), __VA_ARGS__)

/* A table read from the file, before its name is settled. */
struct candidate {
        struct dl_table t;
        const char *id;       /* logical id, resource address, or the table name */
        bool run_time_name;   /* no name and no pattern could be made */
};

/* ---- values ------------------------------------------------------------ */

/* A scalar written as such (no tag, not null), or NULL. */
static const char *str_of(const yaml_node_t *n)
{
        if (!n || !dl_rules_is_scalar(n) || dl_rules_is_null(n) || dl_rules_tag(n))
                return NULL;
        return dl_rules_scalar(n);
}

/* A required plain string: the value of key in map. */
static enum dl_status need_str(const loader_t *ld, const yaml_node_t *map, const char *key,
                               const char *where, const char **out)
{
        yaml_node_t *v = dl_rules_map_get(ld, map, key);
        if (!v)
                return fail(ld, map, "missing '%s' %s; expected a string", key, where);
        if (dl_rules_tag(v) || (dl_rules_is_map(v) && dl_rules_map_get(ld, v, "Ref")))
                return fail(ld, v,
                            "'%s' %s is computed by %s; ddblint reads written values only: "
                            "describe this table under 'tables:' in the rules file (written "
                            "definitions win)",
                            key, where, dl_rules_tag(v) ? dl_rules_tag(v) : "a function");
        return dl_rules_get_string(ld, v, key, out);
}

/* A sequence that may be absent (NULL) or null. */
static enum dl_status opt_seq(const loader_t *ld, const yaml_node_t *map, const char *key,
                              const char *where, yaml_node_t **out)
{
        *out = dl_rules_map_get(ld, map, key);
        if (!*out || dl_rules_is_null(*out)) {
                *out = NULL;
                return DL_OK;
        }
        if (!dl_rules_is_seq(*out))
                return fail(ld, *out, "expected a sequence for '%s' %s, got %s", key, where,
                            dl_rules_kind_name(*out));
        return DL_OK;
}

/* A table name being computed: the pattern it matches, and its text while
 * every part is known. */
struct name_build {
        struct dl_strbuf pattern, text;
        bool hole;     /* a part is only known when the stack is deployed */
        bool literal;  /* some part is known text */
};

static void nb_text(struct name_build *nb, const char *s, size_t n)
{
        for (size_t i = 0; i < n; i++) {
                if (strchr("\\^$.|?*+()[]{}-/", s[i]))
                        dl_strbuf_putc(&nb->pattern, '\\');
                dl_strbuf_putc(&nb->pattern, s[i]);
        }
        dl_strbuf_add(&nb->text, s, n);
        nb->literal = nb->literal || n;
}

static void nb_hole(struct name_build *nb)
{
        dl_strbuf_puts(&nb->pattern, NAME_RUN);
        nb->hole = true;
}

/* Sets the candidate's name (no hole) or match pattern (holes and text),
 * or marks it named at run time (holes only); releases nb. */
static void nb_finish(const loader_t *ld, struct name_build *nb, struct candidate *c)
{
        if (!nb->hole)
                c->t.name = dl_arena_strdup(ld->arena, dl_strbuf_cstr(&nb->text));
        else if (nb->literal)
                c->t.match = dl_arena_strdup(ld->arena, dl_strbuf_cstr(&nb->pattern));
        else
                c->run_time_name = true;
        dl_strbuf_fini(&nb->pattern);
        dl_strbuf_fini(&nb->text);
}

/* A !Sub string: "${Env}-orders" matches "[A-Za-z0-9_.-]+-orders";
 * "${!Literal}" is the text "${Literal}" (CloudFormation Fn::Sub). vars may
 * give a variable its value (the long form's mapping). */
static void sub_name(const loader_t *ld, struct name_build *nb, const char *s,
                     const yaml_node_t *vars)
{
        for (const char *p = s; *p;) {
                const char *d = strstr(p, "${");
                const char *e = d ? strchr(d, '}') : NULL;
                if (!d || !e) {
                        nb_text(nb, p, strlen(p));
                        return;
                }
                nb_text(nb, p, (size_t)(d - p));
                if (d[2] == '!') {
                        nb_text(nb, "${", 2);
                        nb_text(nb, d + 3, (size_t)(e - d - 2));
                } else {
                        char *var = dl_xstrndup(d + 2, (size_t)(e - d - 2));
                        const char *val = str_of(dl_rules_map_get(ld, vars, var));
                        free(var);
                        if (val)
                                nb_text(nb, val, strlen(val));
                        else
                                nb_hole(nb);
                }
                p = e + 1;
        }
}

/* The function a node calls, short form (!Sub x) or long ({"Fn::Sub": x}),
 * and its argument. */
static const char *function_of(const loader_t *ld, const yaml_node_t *n, yaml_node_t **arg)
{
        *arg = NULL;
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

/* A table's name: written (t->name), computed (t->match), or neither. */
static enum dl_status table_name(const loader_t *ld, const yaml_node_t *n, const char *logical_id,
                                 struct candidate *c)
{
        struct name_build nb;
        memset(&nb, 0, sizeof nb);
        dl_strbuf_init(&nb.pattern);
        dl_strbuf_init(&nb.text);
        yaml_node_t *arg = NULL;
        const char *fn = n ? function_of(ld, n, &arg) : NULL;
        if (!n && logical_id) { /* CloudFormation makes one up */
                nb_hole(&nb);
                nb_text(&nb, "-", 1);
                nb_text(&nb, logical_id, strlen(logical_id));
                nb_text(&nb, "-", 1);
                dl_strbuf_puts(&nb.pattern, "[A-Za-z0-9]+");
        } else if (n && str_of(n)) {
                dl_strbuf_fini(&nb.pattern);
                dl_strbuf_fini(&nb.text);
                return dl_rules_get_string(ld, n, "TableName", &c->t.name);
        } else if (fn && !strcmp(fn, "Sub") && dl_rules_is_scalar(arg)) {
                sub_name(ld, &nb, dl_rules_scalar(arg), NULL);
        } else if (fn && !strcmp(fn, "Sub") && dl_rules_is_seq(arg) && dl_rules_seq_len(arg) &&
                   str_of(dl_rules_seq_at(ld, arg, 0))) {
                sub_name(ld, &nb, dl_rules_scalar(dl_rules_seq_at(ld, arg, 0)),
                         dl_rules_seq_len(arg) > 1 ? dl_rules_seq_at(ld, arg, 1) : NULL);
        } else if (fn && !strcmp(fn, "Join") && dl_rules_is_seq(arg) &&
                   dl_rules_seq_len(arg) == 2 && str_of(dl_rules_seq_at(ld, arg, 0)) &&
                   dl_rules_is_seq(dl_rules_seq_at(ld, arg, 1))) {
                const char *delim = dl_rules_scalar(dl_rules_seq_at(ld, arg, 0));
                yaml_node_t *parts = dl_rules_seq_at(ld, arg, 1);
                for (size_t i = 0; i < dl_rules_seq_len(parts); i++) {
                        if (i)
                                nb_text(&nb, delim, strlen(delim));
                        const char *part = str_of(dl_rules_seq_at(ld, parts, i));
                        if (part)
                                nb_text(&nb, part, strlen(part));
                        else
                                nb_hole(&nb);
                }
        } else {
                /* !Ref of a parameter or of AWS::StackName, !If, !FindInMap,
                 * !ImportValue...: only known when the stack is deployed. */
                nb_hole(&nb);
        }
        nb_finish(ld, &nb, c);
        return DL_OK;
}

/* ---- the DynamoDB API's shape (CloudFormation, describe-table) ---------- */

/* The type of attribute `name` in AttributeDefinitions. */
static enum dl_status attr_type(const loader_t *ld, const yaml_node_t *defs, const char *name,
                                const yaml_node_t *user, const char *where,
                                enum dl_key_type *out)
{
        for (size_t i = 0; defs && i < dl_rules_seq_len(defs); i++) {
                yaml_node_t *d = dl_rules_seq_at(ld, defs, i);
                const char *an = str_of(dl_rules_map_get(ld, d, "AttributeName"));
                if (!an || strcmp(an, name))
                        continue;
                yaml_node_t *t = dl_rules_map_get(ld, d, "AttributeType");
                if (!t)
                        return fail(ld, d, "missing 'AttributeType' for '%s' %s; expected S, N "
                                           "or B", name, where);
                return dl_rules_key_type(ld, t, "AttributeType", out);
        }
        return fail(ld, user,
                    "key attribute '%s' %s has no entry in AttributeDefinitions; expected one "
                    "giving its type (S, N or B)",
                    name, where);
}

/* KeySchema: [{AttributeName, KeyType: HASH|RANGE}]. */
static enum dl_status key_schema(const loader_t *ld, const yaml_node_t *owner,
                                 const yaml_node_t *defs, const char *where,
                                 struct dl_key_attr *pk, struct dl_key_attr *sk, bool need_pk)
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
                if ((st = attr_type(ld, defs, name, e, where, &k->type)))
                        return st;
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

/* A sequence of strings (NonKeyAttributes, non_key_attributes) copied into
 * the index; seq may be NULL. */
static enum dl_status non_key_attributes(const loader_t *ld, const yaml_node_t *seq,
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
                                     struct dl_index *ix)
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
        return non_key_attributes(ld, nk, "NonKeyAttributes", ix);
}

/* What one format reads of an index beyond its name: keys, projection. */
typedef enum dl_status (*index_fill_fn)(const loader_t *ld, const yaml_node_t *x,
                                        const char *where, const yaml_node_t *data,
                                        struct dl_index *ix);

/* The indexes listed under key in owner (a sequence of mappings, each naming
 * its index with name_key), appended to t. */
static enum dl_status read_indexes(const loader_t *ld, const yaml_node_t *owner, const char *key,
                                   const char *name_key, enum dl_index_kind kind,
                                   const char *where, struct dl_table *t, index_fill_fn fill,
                                   const yaml_node_t *data)
{
        yaml_node_t *list = NULL;
        enum dl_status st = opt_seq(ld, owner, key, where, &list);
        if (st || !list)
                return st;
        size_t n = dl_rules_seq_len(list);
        grow_indexes(ld, t, n);
        for (size_t i = 0; i < n; i++) {
                yaml_node_t *x = dl_rules_seq_at(ld, list, i);
                struct dl_index *ix = &t->indexes[t->n_indexes];
                ix->kind = kind;
                ix->loc = dl_rules_node_loc(ld, x);
                if ((st = need_str(ld, x, name_key, where, &ix->name)))
                        return st;
                const char *iw = dl_arena_printf(ld->arena, "in index '%s' %s", ix->name, where);
                if (kind == DL_INDEX_LOCAL)
                        ix->partition_key = t->partition_key;
                if ((st = fill(ld, x, iw, data, ix)))
                        return st;
                t->n_indexes++;
        }
        return DL_OK;
}

/* KeySchema and Projection of an index; data is AttributeDefinitions. */
static enum dl_status api_index(const loader_t *ld, const yaml_node_t *x, const char *where,
                                const yaml_node_t *defs, struct dl_index *ix)
{
        struct dl_key_attr pk = ix->partition_key;
        enum dl_status st = key_schema(ld, x, defs, where, &pk, &ix->sort_key,
                                       ix->kind == DL_INDEX_GLOBAL);
        if (st)
                return st;
        if (ix->kind == DL_INDEX_GLOBAL)
                ix->partition_key = pk;
        return api_projection(ld, x, where, ix);
}

/* A table in the API's shape: props holds KeySchema, AttributeDefinitions,
 * GlobalSecondaryIndexes, LocalSecondaryIndexes. */
static enum dl_status api_table(const loader_t *ld, const yaml_node_t *props, const char *where,
                                struct dl_table *t)
{
        yaml_node_t *defs = NULL;
        enum dl_status st = opt_seq(ld, props, "AttributeDefinitions", where, &defs);
        if (st || (st = key_schema(ld, props, defs, where, &t->partition_key, &t->sort_key, true)))
                return st;
        if ((st = read_indexes(ld, props, "GlobalSecondaryIndexes", "IndexName", DL_INDEX_GLOBAL,
                               where, t, api_index, defs)))
                return st;
        return read_indexes(ld, props, "LocalSecondaryIndexes", "IndexName", DL_INDEX_LOCAL, where,
                            t, api_index, defs);
}

/* ---- the three formats --------------------------------------------------- */

typedef DL_VEC(struct candidate) candidates_t;

static enum dl_status from_cloudformation(const loader_t *ld, const yaml_node_t *root,
                                          candidates_t *out)
{
        yaml_node_t *res = dl_rules_map_get(ld, root, "Resources");
        if (!dl_rules_is_map(res))
                return fail(ld, res ? res : root, "expected a mapping for 'Resources'");
        enum dl_status st;
        for (yaml_node_pair_t *p = res->data.mapping.pairs.start; p < res->data.mapping.pairs.top;
             p++) {
                yaml_node_t *k = dl_rules_node(ld, p->key);
                yaml_node_t *r = dl_rules_node(ld, p->value);
                const char *type = str_of(dl_rules_map_get(ld, r, "Type"));
                if (!type || !dl_rules_is_scalar(k))
                        continue;
                bool simple = !strcmp(type, "AWS::Serverless::SimpleTable");
                if (!simple && strcmp(type, "AWS::DynamoDB::Table") &&
                    strcmp(type, "AWS::DynamoDB::GlobalTable"))
                        continue;
                struct candidate c;
                memset(&c, 0, sizeof c);
                c.id = dl_arena_strdup(ld->arena, dl_rules_scalar(k));
                c.t.loc = dl_rules_node_loc(ld, k);
                const char *where = dl_arena_printf(ld->arena, "in resource '%s'", c.id);
                yaml_node_t *props = dl_rules_map_get(ld, r, "Properties");
                if (!simple && !dl_rules_is_map(props))
                        return fail(ld, props ? props : r, "expected a mapping for 'Properties' %s",
                                    where);
                if ((st = table_name(ld, dl_rules_map_get(ld, props, "TableName"), c.id, &c)))
                        return st;
                if (simple) {
                        /* SAM: PrimaryKey {Name, Type: String|Number|Binary},
                         * a string `id` when left out. */
                        yaml_node_t *pk = dl_rules_map_get(ld, props, "PrimaryKey");
                        c.t.partition_key.name = "id";
                        c.t.partition_key.type = DL_KEY_S;
                        c.t.partition_key.loc = c.t.loc;
                        if (pk) {
                                yaml_node_t *ty = dl_rules_map_get(ld, pk, "Type");
                                if ((st = need_str(ld, pk, "Name", where, &c.t.partition_key.name)) ||
                                    (ty && (st = dl_rules_key_type(ld, ty, "Type",
                                                                   &c.t.partition_key.type))))
                                        return st;
                                c.t.partition_key.loc = dl_rules_node_loc(ld, pk);
                        }
                } else if ((st = api_table(ld, props, where, &c.t))) {
                        return st;
                }
                DL_VEC_PUSH(out, c);
        }
        return DL_OK;
}

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
                struct candidate c;
                memset(&c, 0, sizeof c);
                c.t.loc = dl_rules_node_loc(ld, t);
                if ((st = need_str(ld, t, "TableName", "in 'Table'", &c.t.name)))
                        return st;
                c.id = c.t.name;
                const char *where = dl_arena_printf(ld->arena, "in table '%s'", c.t.name);
                if ((st = api_table(ld, t, where, &c.t)))
                        return st;
                DL_VEC_PUSH(out, c);
        }
        return DL_OK;
}

/* Terraform's attribute list [{name, type}]: the type of `name`. */
static enum dl_status tf_attr_type(const loader_t *ld, const yaml_node_t *vals, const char *name,
                                   const char *where, enum dl_key_type *out)
{
        yaml_node_t *attrs = dl_rules_map_get(ld, vals, "attribute");
        for (size_t i = 0; attrs && dl_rules_is_seq(attrs) && i < dl_rules_seq_len(attrs); i++) {
                yaml_node_t *a = dl_rules_seq_at(ld, attrs, i);
                const char *an = str_of(dl_rules_map_get(ld, a, "name"));
                yaml_node_t *ty = dl_rules_map_get(ld, a, "type");
                if (an && !strcmp(an, name) && ty)
                        return dl_rules_key_type(ld, ty, "type", out);
        }
        return fail(ld, vals, "key attribute '%s' %s has no 'attribute' block; expected one "
                              "giving its type (S, N or B)", name, where);
}

static enum dl_status tf_key(const loader_t *ld, const yaml_node_t *vals, const yaml_node_t *owner,
                             const char *key, const char *where, struct dl_key_attr *out)
{
        const char *name = str_of(dl_rules_map_get(ld, owner, key));
        if (!name || !*name)
                return DL_OK;
        out->name = dl_arena_strdup(ld->arena, name);
        out->loc = dl_rules_node_loc(ld, owner);
        return tf_attr_type(ld, vals, name, where, &out->type);
}

/* hash_key (global), range_key, projection_type, non_key_attributes of an
 * index; data is the table's values (its attribute blocks). */
static enum dl_status tf_index(const loader_t *ld, const yaml_node_t *x, const char *where,
                               const yaml_node_t *vals, struct dl_index *ix)
{
        enum dl_status st;
        if (ix->kind == DL_INDEX_GLOBAL) {
                if ((st = tf_key(ld, vals, x, "hash_key", where, &ix->partition_key)))
                        return st;
                if (!ix->partition_key.name)
                        return fail(ld, x, "missing 'hash_key' %s; expected the index's "
                                           "partition key", where);
        }
        if ((st = tf_key(ld, vals, x, "range_key", where, &ix->sort_key)))
                return st;
        ix->projection = DL_PROJ_ALL;
        yaml_node_t *pt = dl_rules_map_get(ld, x, "projection_type");
        if (pt && !dl_rules_is_null(pt) &&
            (st = dl_rules_projection(ld, pt, "projection_type", &ix->projection)))
                return st;
        yaml_node_t *nk = NULL;
        if ((st = opt_seq(ld, x, "non_key_attributes", where, &nk)))
                return st;
        return non_key_attributes(ld, nk, "non_key_attributes", ix);
}

/* One module of `terraform show -json`: its resources, then its child
 * modules (bounded by the document's depth limit). */
static enum dl_status tf_module(const loader_t *ld, const yaml_node_t *mod, candidates_t *out)
{
        enum dl_status st;
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
                struct candidate c;
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
                if ((st = tf_key(ld, vals, vals, "hash_key", where, &c.t.partition_key)))
                        return st;
                if (!c.t.partition_key.name)
                        return fail(ld, vals, "missing 'hash_key' %s; expected the table's "
                                              "partition key", where);
                if ((st = tf_key(ld, vals, vals, "range_key", where, &c.t.sort_key)) ||
                    (st = read_indexes(ld, vals, "global_secondary_index", "name",
                                       DL_INDEX_GLOBAL, where, &c.t, tf_index, vals)) ||
                    (st = read_indexes(ld, vals, "local_secondary_index", "name", DL_INDEX_LOCAL,
                                       where, &c.t, tf_index, vals)))
                        return st;
                DL_VEC_PUSH(out, c);
        }
        yaml_node_t *kids = NULL;
        if ((st = opt_seq(ld, mod, "child_modules", "in a module", &kids)))
                return st;
        for (size_t i = 0; kids && i < dl_rules_seq_len(kids); i++) {
                if ((st = tf_module(ld, dl_rules_seq_at(ld, kids, i), out)))
                        return st;
        }
        return DL_OK;
}

static enum dl_status from_terraform(const loader_t *ld, const yaml_node_t *root,
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
        size_t run_time = 0;
        for (size_t i = 0; i < cs->n; i++)
                run_time += cs->items[i].run_time_name;
        bool chosen = false;
        for (size_t i = 0; i < cs->n; i++) {
                struct candidate *c = &cs->items[i];
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
                struct candidate *c = &cs->items[i];
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
        ld->no_marks = json;
        st = json ? parse_json(ld, text, len, &doc) : dl_rules_parse_yaml(ld, text, len, &doc);
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
                st = from_cloudformation(ld, root, &cs);
        } else if (!strcmp(kind, "describe-table")) {
                st = from_describe_table(ld, root, &cs);
        } else {
                st = from_terraform(ld, root, &cs);
        }
        if (st == DL_OK)
                st = settle(ld, &cs, default_id, root);
        DL_VEC_FREE(&cs);
        yaml_document_delete(&doc);
        return st;
}
