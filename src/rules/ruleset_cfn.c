/* ruleset_cfn.c - the tables of a CloudFormation or SAM template, YAML or
 * JSON (also what `cdk synth` writes): AWS::DynamoDB::Table,
 * AWS::DynamoDB::GlobalTable and AWS::Serverless::SimpleTable resources
 * (AWS CloudFormation template reference, "AWS::DynamoDB::Table",
 * "AWS::DynamoDB::GlobalTable"; AWS SAM specification,
 * "AWS::Serverless::SimpleTable"), with the
 * AWS::ApplicationAutoScaling::ScalableTarget resources that scale their
 * write capacity (template reference,
 * "AWS::ApplicationAutoScaling::ScalableTarget": ResourceId
 * table/<name>[/index/<index>], ScalableDimension
 * dynamodb:table:WriteCapacityUnits or dynamodb:index:WriteCapacityUnits).
 *
 * A table name written literally is the table's name. One computed by
 * !Sub or !Join becomes a `match` pattern: the literal parts escaped, each
 * substitution any run of the characters DynamoDB allows in a table name.
 * A table without a name, or named by !Ref of a parameter or any other
 * function, is named at run time: it becomes the default table when it is
 * the only one (or when the import's `default:` names it). A template
 * without a TableName gets CloudFormation's generated name,
 * <stack>-<LogicalId>-<suffix>, as a pattern.
 *
 * Function environments: the variables that AWS::Serverless::Function and
 * AWS::Lambda::Function resources (Properties.Environment.Variables) and
 * SAM's Globals (Globals.Function.Environment.Variables) set are kept with
 * the table each names (!Ref of its logical id, or its name written out),
 * so that code reading the table's name with getenv() finds it (SAM
 * specification, "Globals section"; template reference,
 * "AWS::Lambda::Function Environment").
 *
 * Billing (template reference, AWS::DynamoDB::Table BillingMode): a Table
 * without BillingMode is PROVISIONED; a SimpleTable is provisioned when it
 * has ProvisionedThroughput and on-demand otherwise (SAM specification);
 * a GlobalTable's capacity is written in other properties
 * (WriteProvisionedThroughputSettings) and is not read: its billing is
 * left unknown, so the capacity checks stay silent on it.
 * SPDX-License-Identifier: MIT
 */
#include "ruleset_internal.h"

#include "../core/alloc.h"
#include "../core/strbuf.h"

#include <stdlib.h>
#include <string.h>
#include <yaml.h>

typedef struct dl_rules_loader loader_t;
typedef dl_rules_candidates_t candidates_t;

#define str_of dl_rules_str_of

/* DynamoDB table names: 3 to 255 of [a-zA-Z0-9_.-] (API reference,
 * CreateTable TableName). A substitution in a computed name matches a run. */
#define NAME_RUN "[A-Za-z0-9_.-]+"

/* A table name being computed: the pattern it matches, and its text while
 * every part is known. */
struct name_build {
        struct dl_strbuf pattern, text;
        bool hole;    /* a part is only known when the stack is deployed */
        bool literal; /* some part is known text */
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
static void nb_finish(const loader_t *ld, struct name_build *nb, struct dl_rules_candidate *c)
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

/* A table's name: written (t->name), computed (t->match), or neither. */
static enum dl_status table_name(const loader_t *ld, const yaml_node_t *n, const char *logical_id,
                                 struct dl_rules_candidate *c)
{
        struct name_build nb;
        memset(&nb, 0, sizeof nb);
        dl_strbuf_init(&nb.pattern);
        dl_strbuf_init(&nb.text);
        yaml_node_t *arg = NULL;
        const char *fn = n ? dl_rules_function_of(ld, n, &arg) : NULL;
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
/* ---- scaling targets ------------------------------------------------------ */

/* A ScalableTarget of DynamoDB write capacity. */
struct scaling {
        const char *resource; /* ResourceId with ${X} for !Ref X, or NULL: not read */
        struct dl_def_num max;
};
typedef DL_VEC(struct scaling) scalings_t;

/* ResourceId as text: a string, !Sub "table/${T}", or !Join of strings
 * and !Ref; false for anything else. */
static bool resource_text(const loader_t *ld, const yaml_node_t *n, struct dl_strbuf *out)
{
        yaml_node_t *arg = NULL;
        const char *fn = dl_rules_function_of(ld, n, &arg);
        if (!fn && str_of(n)) {
                dl_strbuf_puts(out, str_of(n));
                return true;
        }
        /* the short form's argument is the tagged node itself */
        const char *text =
                dl_rules_is_scalar(arg) && !dl_rules_is_null(arg) ? dl_rules_scalar(arg) : NULL;
        if (fn && !strcmp(fn, "Sub") && text) {
                dl_strbuf_puts(out, text);
                return true;
        }
        if (fn && !strcmp(fn, "Ref") && text) {
                dl_strbuf_printf(out, "${%s}", text);
                return true;
        }
        if (fn && !strcmp(fn, "Join") && dl_rules_is_seq(arg) && dl_rules_seq_len(arg) == 2 &&
            str_of(dl_rules_seq_at(ld, arg, 0)) && dl_rules_is_seq(dl_rules_seq_at(ld, arg, 1))) {
                const char *delim = str_of(dl_rules_seq_at(ld, arg, 0));
                yaml_node_t *parts = dl_rules_seq_at(ld, arg, 1);
                for (size_t i = 0; i < dl_rules_seq_len(parts); i++) {
                        if (i)
                                dl_strbuf_puts(out, delim);
                        if (!resource_text(ld, dl_rules_seq_at(ld, parts, i), out))
                                return false;
                }
                return true;
        }
        return false;
}

/* The scaling targets of DynamoDB write capacity in res. */
static void read_scalings(const loader_t *ld, const yaml_node_t *res, scalings_t *out)
{
        for (yaml_node_pair_t *p = res->data.mapping.pairs.start; p < res->data.mapping.pairs.top;
             p++) {
                yaml_node_t *r = dl_rules_node(ld, p->value);
                const char *type = str_of(dl_rules_map_get(ld, r, "Type"));
                if (!type || strcmp(type, "AWS::ApplicationAutoScaling::ScalableTarget"))
                        continue;
                yaml_node_t *props = dl_rules_map_get(ld, r, "Properties");
                yaml_node_t *dim = dl_rules_map_get(ld, props, "ScalableDimension");
                const char *d = str_of(dim);
                if (d && strcmp(d, "dynamodb:table:WriteCapacityUnits") &&
                    strcmp(d, "dynamodb:index:WriteCapacityUnits"))
                        continue; /* reads, or another service */
                struct scaling s;
                memset(&s, 0, sizeof s);
                s.max = dl_rules_def_num(ld, dl_rules_map_get(ld, props, "MaxCapacity"));
                struct dl_strbuf sb;
                dl_strbuf_init(&sb);
                if (d && resource_text(ld, dl_rules_map_get(ld, props, "ResourceId"), &sb))
                        s.resource = dl_arena_strdup(ld->arena, dl_strbuf_cstr(&sb));
                dl_strbuf_fini(&sb);
                DL_VEC_PUSH(out, s);
        }
}

/* Whether ResourceId text r names table c: "table/${LogicalId}" or
 * "table/<its name>"; *rest gets what follows. */
static bool names_table(const char *r, const struct dl_rules_candidate *c, const char **rest)
{
        if (strncmp(r, "table/", 6))
                return false;
        r += 6;
        size_t n = strcspn(r, "/");
        char ref[512];
        int k = snprintf(ref, sizeof ref, "${%s}", c->id);
        if ((k > 0 && (size_t)k == n && !strncmp(r, ref, n)) ||
            (c->t.name && strlen(c->t.name) == n && !strncmp(r, c->t.name, n))) {
                *rest = r + n;
                return true;
        }
        return false;
}

/* Each scaling target's MaxCapacity onto the table or index it scales;
 * a target ddblint cannot place makes every write maximum unknown. */
static void apply_scalings(const scalings_t *ss, candidates_t *cs)
{
        for (size_t i = 0; i < ss->n; i++) {
                const struct scaling *s = &ss->items[i];
                bool placed = false;
                for (size_t k = 0; s->resource && k < cs->n; k++) {
                        struct dl_rules_candidate *c = &cs->items[k];
                        const char *rest = NULL;
                        if (names_table(s->resource, c, &rest) &&
                            dl_rules_scaling_place(c, rest, s->max))
                                placed = true;
                }
                if (!placed)
                        dl_rules_scaling_unknown(cs, 0);
        }
}

/* ---- function environments ----------------------------------------------- */

/* Each variable of an `Environment: Variables:` mapping (vars may be NULL
 * or anything else: nothing read) into ld->env, with the table of cs its
 * value names. */
static void read_variables(loader_t *ld, const yaml_node_t *vars, const candidates_t *cs)
{
        if (!dl_rules_is_map(vars))
                return;
        for (yaml_node_pair_t *p = vars->data.mapping.pairs.start; p < vars->data.mapping.pairs.top;
             p++) {
                const char *name = str_of(dl_rules_node(ld, p->key));
                yaml_node_t *v = dl_rules_node(ld, p->value);
                if (!name)
                        continue;
                yaml_node_t *arg = NULL;
                const char *fn = dl_rules_function_of(ld, v, &arg);
                const char *ref = fn && !strcmp(fn, "Ref") && dl_rules_is_scalar(arg) &&
                                                  !dl_rules_is_null(arg)
                                          ? dl_rules_scalar(arg)
                                          : NULL;
                const char *text = fn ? NULL : str_of(v);
                struct dl_env_table e = {dl_arena_strdup(ld->arena, name), NULL, NULL,
                                         dl_rules_node_loc(ld, v)};
                for (size_t i = 0; i < cs->n && !e.def; i++) {
                        const struct dl_rules_candidate *c = &cs->items[i];
                        if ((ref && !strcmp(ref, c->id)) ||
                            (text && c->t.name && !strcmp(text, c->t.name))) {
                                e.def = c->def;
                                e.table_name = c->t.name;
                        }
                }
                DL_VEC_PUSH(&ld->env, e);
        }
}

/* The environments of the template's functions and of SAM's Globals. */
static void read_environments(loader_t *ld, const yaml_node_t *root, const yaml_node_t *res,
                              const candidates_t *cs)
{
        yaml_node_t *globals =
                dl_rules_map_get(ld, dl_rules_map_get(ld, root, "Globals"), "Function");
        read_variables(
                ld, dl_rules_map_get(ld, dl_rules_map_get(ld, globals, "Environment"), "Variables"),
                cs);
        for (yaml_node_pair_t *p = res->data.mapping.pairs.start; p < res->data.mapping.pairs.top;
             p++) {
                yaml_node_t *r = dl_rules_node(ld, p->value);
                const char *type = str_of(dl_rules_map_get(ld, r, "Type"));
                if (!type || (strcmp(type, "AWS::Serverless::Function") &&
                              strcmp(type, "AWS::Lambda::Function")))
                        continue;
                yaml_node_t *env =
                        dl_rules_map_get(ld, dl_rules_map_get(ld, r, "Properties"), "Environment");
                read_variables(ld, dl_rules_map_get(ld, env, "Variables"), cs);
        }
}

/* ---- the resources -------------------------------------------------------- */

void dl_rules_billing_mode(const loader_t *ld, const yaml_node_t *props, struct dl_table_def *def)
{
        yaml_node_t *bm = dl_rules_map_get(ld, props, "BillingMode");
        def->billing = DL_BILLING_PROVISIONED;
        if (!bm)
                return;
        def->billing_loc = dl_rules_node_loc(ld, bm);
        const char *s = str_of(bm);
        def->billing_written = s ? DL_DEF_KNOWN : DL_DEF_UNKNOWN;
        if (s && !strcmp(s, "PAY_PER_REQUEST"))
                def->billing = DL_BILLING_PAY_PER_REQUEST;
        else if (!s || strcmp(s, "PROVISIONED"))
                def->billing = DL_BILLING_UNKNOWN;
}

/* A SAM SimpleTable: PrimaryKey {Name, Type: String|Number|Binary}, a
 * string `id` when left out; provisioned only with ProvisionedThroughput. */
static enum dl_status simple_table(const loader_t *ld, const yaml_node_t *props, const char *where,
                                   struct dl_rules_candidate *c)
{
        yaml_node_t *pk = dl_rules_map_get(ld, props, "PrimaryKey");
        c->t.partition_key.name = "id";
        c->t.partition_key.type = DL_KEY_S;
        c->t.partition_key.loc = c->t.loc;
        c->def->attrs_state = DL_DEF_UNKNOWN; /* SAM writes the definitions */
        c->def->capacity = dl_rules_api_capacity(ld, props, false);
        c->def->billing = c->def->capacity.state == DL_DEF_ABSENT  ? DL_BILLING_PAY_PER_REQUEST
                          : c->def->capacity.state == DL_DEF_KNOWN ? DL_BILLING_PROVISIONED
                                                                   : DL_BILLING_UNKNOWN;
        if (!pk)
                return DL_OK;
        enum dl_status st;
        yaml_node_t *ty = dl_rules_map_get(ld, pk, "Type");
        if ((st = dl_rules_need_str(ld, pk, "Name", where, &c->t.partition_key.name)) ||
            (ty && (st = dl_rules_key_type(ld, ty, "Type", &c->t.partition_key.type))))
                return st;
        c->t.partition_key.loc = dl_rules_node_loc(ld, pk);
        return DL_OK;
}

enum dl_status dl_rules_from_cloudformation(loader_t *ld, const yaml_node_t *root,
                                            candidates_t *out)
{
        yaml_node_t *res = dl_rules_map_get(ld, root, "Resources");
        if (!dl_rules_is_map(res))
                return dl_rules_fail_at(ld, dl_rules_node_loc(ld, res ? res : root),
                                        "expected a mapping for 'Resources'");
        enum dl_status st;
        size_t first = out->n;
        for (yaml_node_pair_t *p = res->data.mapping.pairs.start; p < res->data.mapping.pairs.top;
             p++) {
                yaml_node_t *k = dl_rules_node(ld, p->key);
                yaml_node_t *r = dl_rules_node(ld, p->value);
                const char *type = str_of(dl_rules_map_get(ld, r, "Type"));
                if (!type || !dl_rules_is_scalar(k))
                        continue;
                bool simple = !strcmp(type, "AWS::Serverless::SimpleTable");
                bool global = !strcmp(type, "AWS::DynamoDB::GlobalTable");
                if (!simple && !global && strcmp(type, "AWS::DynamoDB::Table"))
                        continue;
                struct dl_rules_candidate c;
                memset(&c, 0, sizeof c);
                c.id = dl_arena_strdup(ld->arena, dl_rules_scalar(k));
                c.t.loc = dl_rules_node_loc(ld, k);
                c.def = dl_rules_new_def(ld, "cloudformation", dl_arena_strdup(ld->arena, type),
                                         c.id, c.t.loc);
                c.t.def = c.def;
                const char *where = dl_arena_printf(ld->arena, "in resource '%s'", c.id);
                yaml_node_t *props = dl_rules_map_get(ld, r, "Properties");
                if (!simple && !dl_rules_is_map(props))
                        return dl_rules_fail_at(ld, dl_rules_node_loc(ld, props ? props : r),
                                                "expected a mapping for 'Properties' %s", where);
                if ((st = table_name(ld, dl_rules_map_get(ld, props, "TableName"), c.id, &c)))
                        return st;
                if (simple) {
                        st = simple_table(ld, props, where, &c);
                } else {
                        if (global)
                                c.def->billing = DL_BILLING_UNKNOWN;
                        else
                                dl_rules_billing_mode(ld, props, c.def);
                        st = dl_rules_api_table(ld, props, where, false, &c.t, c.def);
                }
                if (st)
                        return st;
                DL_VEC_PUSH(out, c);
        }
        scalings_t ss = {0};
        read_scalings(ld, res, &ss);
        /* no candidate yet: items may be NULL, and NULL + 0 is undefined */
        candidates_t mine = {out->n ? out->items + first : NULL, out->n - first, 0};
        apply_scalings(&ss, &mine);
        DL_VEC_FREE(&ss);
        if (!ld->all_tables)
                read_environments(ld, root, res, &mine);
        return DL_OK;
}
