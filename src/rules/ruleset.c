/* ruleset.c - the rules loader: a rules file (or a table file alone) ->
 * struct dl_ruleset, validated, positions kept; the merge of two rulesets
 * and the search for the file.
 * SPDX-License-Identifier: MIT
 *
 * The files of src/rules/ruleset*.c, by concern, each calling only those
 * below it (docs/architecture.md):
 *   ruleset.c         the loader: the top level, checks, wrappers,
 *                     access-patterns, exclude; load, merge, find
 *   ruleset_tables.c  the table model: `tables:`, `tables-from:`, precedence
 *   ruleset_import.c  definition files: format, reading (ruleset_cfn.c
 *                     CloudFormation/SAM, ruleset_tf.c terraform)
 *   ruleset_store.c   what a ruleset owns: arena, patterns, sources
 *   ruleset_yaml.c    YAML nodes, positions, validating readers, limits
 *
 * The file is read whole and parsed within bounds (ruleset_yaml.c); the
 * validator walks the tree with a fixed schema (top level -> checks /
 * tables -> table -> keys, indexes -> projection), so the depth of the walk
 * never depends on the input. An alias is one node of the document, read
 * where it is used; what costs (a compiled pattern) is made once per
 * distinct text and shared (dl_rules_regex). The first error stops the
 * load: one precise message beats a cascade of follow-on errors from the
 * same mistake.
 */
#include "ruleset.h"
#include "ruleset_internal.h"

#include "../core/alloc.h"
#include "../core/arena.h"
#include "../core/file.h"
#include "../core/path.h"
#include "../core/strbuf.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

typedef struct dl_rules_loader loader_t;

/* ---- option values ------------------------------------------------------ */

static const struct dl_rules_word severities[] = {
        {"note", DL_SEV_NOTE, true},
        {"warning", DL_SEV_WARNING, true},
        {"error", DL_SEV_ERROR, true},
        {NULL, 0, false},
};

/* Copy the YAML value n into out (the document's depth and size are
 * bounded when it is read: DL_RULES_MAX_DEPTH, DL_RULES_MAX_NODES). */
static enum dl_status to_opt(const loader_t *ld, yaml_node_t *n, struct dl_opt_node *out)
{
        memset(out, 0, sizeof *out);
        out->loc = dl_rules_node_loc(ld, n);
        enum dl_status st;
        if (dl_rules_is_null(n))
                return DL_OK; /* DL_OPT_NULL */
        if (dl_rules_is_scalar(n)) {
                if (strlen(dl_rules_scalar(n)) != n->data.scalar.length)
                        return dl_rules_fail(ld, n, "expected a value without NUL characters");
                out->kind = DL_OPT_SCALAR;
                out->text = dl_arena_strdup(ld->arena, dl_rules_scalar(n));
                out->verbatim_col = dl_rules_verbatim_col(ld, n);
                return DL_OK;
        }
        if (dl_rules_is_seq(n)) {
                out->kind = DL_OPT_SEQUENCE;
                out->n = dl_rules_seq_len(n);
                out->items = dl_arena_alloc(ld->arena, (out->n ? out->n : 1) * sizeof *out->items);
                for (size_t i = 0; i < out->n; i++) {
                        if ((st = to_opt(ld, dl_rules_seq_at(ld, n, i), &out->items[i])))
                                return st;
                }
                return DL_OK;
        }
        yaml_node_pair_t *p0 = n->data.mapping.pairs.start;
        out->kind = DL_OPT_MAPPING;
        out->n = (size_t)(n->data.mapping.pairs.top - p0);
        size_t cap = out->n ? out->n : 1;
        out->items = dl_arena_alloc(ld->arena, cap * sizeof *out->items);
        out->keys = dl_arena_alloc(ld->arena, cap * sizeof *out->keys);
        out->key_locs = dl_arena_alloc(ld->arena, cap * sizeof *out->key_locs);
        for (size_t i = 0; i < out->n; i++) {
                if ((st = dl_rules_unique_key(ld, n, &p0[i], "in an option value")))
                        return st;
                yaml_node_t *k = dl_rules_node(ld, p0[i].key);
                out->keys[i] = dl_arena_strdup(ld->arena, dl_rules_scalar(k));
                out->key_locs[i] = dl_rules_node_loc(ld, k);
                if ((st = to_opt(ld, dl_rules_node(ld, p0[i].value), &out->items[i])))
                        return st;
        }
        return DL_OK;
}

/* ---- exclude ---------------------------------------------------------- */

static enum dl_status parse_exclude(loader_t *ld, yaml_node_t *n)
{
        if (dl_rules_is_null(n))
                return DL_OK;
        enum dl_status st;
        size_t count = n->type == YAML_SEQUENCE_NODE ? dl_rules_seq_len(n) : 1;
        ld->rs->exclude = dl_arena_alloc(ld->arena, count * sizeof *ld->rs->exclude);
        for (size_t i = 0; i < count; i++) {
                yaml_node_t *p = n->type == YAML_SEQUENCE_NODE ? dl_rules_seq_at(ld, n, i) : n;
                struct dl_exclude *e = &ld->rs->exclude[ld->rs->n_exclude];
                if ((st = dl_rules_get_string(ld, p, "exclude", &e->pattern)))
                        return st;
                e->base = ld->dir;
                e->loc = dl_rules_node_loc(ld, p);
                ld->rs->n_exclude++;
        }
        return DL_OK;
}

/* ---- wrappers ---------------------------------------------------------- */

/* DynamoDB's operation names (model/op.def: data only, no link edge). */
static const char *const op_names[] = {
#define DL_OP(e, name) name,
#include "../model/op.def"
#undef DL_OP
};

/* A 1-based argument number: a plain positive integer below 1000. */
static enum dl_status get_argument(const loader_t *ld, const yaml_node_t *n, unsigned *out)
{
        const char *v = n->type == YAML_SCALAR_NODE ? dl_rules_scalar(n) : NULL;
        unsigned x = 0;
        bool ok = v && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && *v && strlen(v) <= 3;
        for (const char *p = v; ok && *p; p++) {
                ok = *p >= '0' && *p <= '9';
                x = x * 10 + (unsigned)(*p - '0');
        }
        if (!ok || x == 0)
                return dl_rules_fail(ld, n,
                                     "expected an argument number for 'argument' (1 for the first "
                                     "argument, below 1000), got %s%s%s",
                                     v && !dl_rules_is_null(n) ? "'" : "",
                                     v && !dl_rules_is_null(n) ? v : dl_rules_kind_name(n),
                                     v && !dl_rules_is_null(n) ? "'" : "");
        *out = x;
        return DL_OK;
}

/* `{argument: N}` (where: "for 'operation'"). */
static enum dl_status get_argument_map(const loader_t *ld, yaml_node_t *n, const char *where,
                                       unsigned *out)
{
        struct dl_rules_field f[] = {{"argument", NULL, NULL}};
        enum dl_status st = dl_rules_read_fields(ld, n, where, f, 1);
        if (st)
                return st;
        if (!f[0].value)
                return dl_rules_missing(ld, n, "argument", where,
                                        "the argument's number, 1 for the first");
        return get_argument(ld, f[0].value, out);
}

static enum dl_status parse_wrapper_operation(const loader_t *ld, yaml_node_t *n,
                                              struct dl_wrapper *w)
{
        if (dl_rules_is_map(n))
                return get_argument_map(ld, n, "in 'operation'", &w->operation_argument);
        size_t n_ops = sizeof op_names / sizeof op_names[0];
        const char *name;
        enum dl_status st;
        if (n->type != YAML_SCALAR_NODE || dl_rules_is_null(n))
                return dl_rules_fail(ld, n,
                                     "expected an operation name (GetItem) or {argument: N} for "
                                     "'operation', got %s",
                                     dl_rules_kind_name(n));
        if ((st = dl_rules_get_string(ld, n, "operation", &name)))
                return st;
        for (size_t i = 0; i < n_ops; i++) {
                if (!strcmp(op_names[i], name)) {
                        w->operation = op_names[i];
                        return DL_OK;
                }
        }
        return dl_rules_fail(ld, n,
                             "unknown operation '%s' for 'operation'%sexpected one of DynamoDB's "
                             "operations (Query, GetItem...) or {argument: N}",
                             name, dl_rules_did_you_mean(ld, name, op_names, n_ops));
}

static enum dl_status parse_wrapper_arg(const loader_t *ld, yaml_node_t *n,
                                        const struct dl_wrapper *w, struct dl_wrapper_arg *a)
{
        enum dl_status st;
        if ((st = dl_rules_expect_type(
                     ld, n, YAML_MAPPING_NODE,
                     "for each entry of 'arguments' ({argument: N, role: ROLE})")))
                return st;
        struct dl_rules_field f[] = {{"argument", NULL, NULL}, {"role", NULL, NULL}};
        if ((st = dl_rules_read_fields(ld, n, "in an entry of 'arguments'", f, 2)))
                return st;
        if (!f[0].value)
                return dl_rules_missing(ld, n, "argument", "in an entry of 'arguments'",
                                        "the argument's number, 1 for the first");
        if (!f[1].value)
                return dl_rules_missing(
                        ld, n, "role", "in an entry of 'arguments'",
                        "what the argument holds: table, key-condition, json-body...");
        if ((st = get_argument(ld, f[0].value, &a->argument)))
                return st;
        struct dl_rules_word words[DL_ROLE_REQUEST + 2];
        for (int r = 0; r <= DL_ROLE_REQUEST; r++)
                words[r] = (struct dl_rules_word){dl_wrapper_role_name(r), r, true};
        words[DL_ROLE_REQUEST + 1] = (struct dl_rules_word){NULL, 0, false};
        int role = 0;
        if ((st = dl_rules_get_enum(ld, f[1].value, "role", "role", words, &role)))
                return st;
        a->role = (enum dl_wrapper_role)role;
        a->loc = dl_rules_node_loc(ld, n);
        if (a->argument == w->operation_argument)
                return dl_rules_fail(
                        ld, f[0].value,
                        "argument %u already holds the operation; expected each argument "
                        "once",
                        a->argument);
        for (size_t i = 0; i < w->n_args; i++) {
                if (w->args[i].argument == a->argument)
                        return dl_rules_fail(ld, f[0].value,
                                             "argument %u already has a role (line %u, column %u); "
                                             "expected each argument once",
                                             a->argument, w->args[i].loc.line, w->args[i].loc.col);
        }
        return DL_OK;
}

static enum dl_status parse_wrapper(loader_t *ld, yaml_node_t *n, struct dl_wrapper *w)
{
        enum dl_status st;
        if ((st = dl_rules_expect_type(ld, n, YAML_MAPPING_NODE, "for each entry of 'wrappers'")))
                return st;
        struct dl_rules_field f[] = {
                {"match", NULL, NULL}, {"operation", NULL, NULL}, {"arguments", NULL, NULL}};
        if ((st = dl_rules_read_fields(ld, n, "in wrapper", f, 3)))
                return st;
        w->loc = dl_rules_node_loc(ld, n);
        if (!f[0].value)
                return dl_rules_missing(ld, n, "match", "in wrapper",
                                        "a PCRE2 pattern on the function's qualified name");
        if (!f[1].value)
                return dl_rules_missing(ld, n, "operation", "in wrapper",
                                        "an operation name (GetItem) or {argument: N}");
        if ((st = dl_rules_get_string(ld, f[0].value, "match", &w->match)))
                return st;
        if ((st = dl_rules_compile_match(ld, f[0].value, w->match, &w->match_re)))
                return st;
        if ((st = parse_wrapper_operation(ld, f[1].value, w)))
                return st;
        w->calls = dl_arena_alloc(ld->arena, sizeof *w->calls);
        *w->calls = 0;
        yaml_node_t *args = f[2].value;
        if (!args || dl_rules_is_null(args))
                return DL_OK;
        if ((st = dl_rules_expect_type(ld, args, YAML_SEQUENCE_NODE, "for 'arguments'")))
                return st;
        size_t n_items = dl_rules_seq_len(args);
        w->args = dl_arena_alloc(ld->arena, (n_items ? n_items : 1) * sizeof *w->args);
        for (size_t i = 0; i < n_items; i++) {
                if ((st = parse_wrapper_arg(ld, dl_rules_seq_at(ld, args, i), w,
                                            &w->args[w->n_args])))
                        return st;
                w->n_args++;
        }
        return DL_OK;
}

static enum dl_status parse_wrappers(loader_t *ld, yaml_node_t *n)
{
        if (dl_rules_is_null(n))
                return DL_OK;
        enum dl_status st = dl_rules_expect_type(ld, n, YAML_SEQUENCE_NODE, "for 'wrappers'");
        if (st)
                return st;
        size_t n_items = dl_rules_seq_len(n);
        ld->rs->wrappers =
                dl_arena_alloc(ld->arena, (n_items ? n_items : 1) * sizeof *ld->rs->wrappers);
        for (size_t i = 0; i < n_items; i++) {
                struct dl_wrapper *w = &ld->rs->wrappers[ld->rs->n_wrappers];
                memset(w, 0, sizeof *w);
                if ((st = parse_wrapper(ld, dl_rules_seq_at(ld, n, i), w)))
                        return st;
                ld->rs->n_wrappers++;
        }
        return DL_OK;
}

/* ---- access-patterns --------------------------------------------------- */

/* One entry of `access-patterns:` (docs/rules-file.md): name required,
 * the rest optional strings. The operation's name is checked by the check
 * undeclared-access-pattern (its configure), which knows DynamoDB's. */
static enum dl_status parse_access_pattern(loader_t *ld, yaml_node_t *n,
                                           struct dl_access_pattern *p)
{
        enum dl_status st;
        if ((st = dl_rules_expect_type(ld, n, YAML_MAPPING_NODE,
                                       "for each entry of 'access-patterns'")))
                return st;
        struct dl_rules_field f[] = {{"name", NULL, NULL},          {"operation", NULL, NULL},
                                     {"table", NULL, NULL},         {"index", NULL, NULL},
                                     {"partition-key", NULL, NULL}, {"sort-key", NULL, NULL}};
        if ((st = dl_rules_read_fields(ld, n, "in access pattern", f, 6)))
                return st;
        p->loc = dl_rules_node_loc(ld, n);
        if (!f[0].value)
                return dl_rules_missing(ld, n, "name", "in access pattern",
                                        "a name for the pattern");
        const char **out[] = {&p->name,  &p->operation,     &p->table,
                              &p->index, &p->partition_key, &p->sort_key};
        for (size_t i = 0; i < 6; i++) {
                if (f[i].value && (st = dl_rules_get_string(ld, f[i].value, f[i].key, out[i])))
                        return st;
        }
        p->operation_loc = f[1].value ? dl_rules_node_loc(ld, f[1].value) : p->loc;
        return DL_OK;
}

static enum dl_status parse_access_patterns(loader_t *ld, yaml_node_t *n)
{
        enum dl_status st =
                dl_rules_expect_type(ld, n, YAML_SEQUENCE_NODE, "for 'access-patterns'");
        if (st)
                return st;
        size_t n_items = dl_rules_seq_len(n);
        ld->rs->access_patterns = dl_arena_alloc(
                ld->arena, (n_items ? n_items : 1) * sizeof *ld->rs->access_patterns);
        for (size_t i = 0; i < n_items; i++) {
                struct dl_access_pattern *p = &ld->rs->access_patterns[ld->rs->n_access_patterns];
                memset(p, 0, sizeof *p);
                if ((st = parse_access_pattern(ld, dl_rules_seq_at(ld, n, i), p)))
                        return st;
                ld->rs->n_access_patterns++;
        }
        return DL_OK;
}

/* ---- checks ------------------------------------------------------------ */

static enum dl_status parse_check(const loader_t *ld, yaml_node_t *k, yaml_node_t *v,
                                  struct dl_check_config *c)
{
        enum dl_status st;
        c->id = dl_arena_strdup(ld->arena, dl_rules_scalar(k));
        c->loc = dl_rules_node_loc(ld, k);
        if (dl_rules_is_null(v))
                return DL_OK;
        char what[160];
        snprintf(what, sizeof what, "for check '%s'", c->id);
        if ((st = dl_rules_expect_type(ld, v, YAML_MAPPING_NODE, what)))
                return st;
        snprintf(what, sizeof what, "in check '%s'", c->id);
        size_t n_pairs = (size_t)(v->data.mapping.pairs.top - v->data.mapping.pairs.start);
        c->options = dl_arena_alloc(ld->arena, n_pairs * sizeof *c->options);
        for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top;
             p++) {
                if ((st = dl_rules_unique_key(ld, v, p, what)))
                        return st;
                yaml_node_t *ok = dl_rules_node(ld, p->key);
                yaml_node_t *ov = dl_rules_node(ld, p->value);
                const char *key = dl_rules_scalar(ok);
                if (!strcmp(key, "enabled")) {
                        if ((st = dl_rules_get_bool(ld, ov, "enabled", &c->enabled)))
                                return st;
                        c->has_enabled = true;
                } else if (!strcmp(key, "severity")) {
                        int s = 0;
                        if ((st = dl_rules_get_enum(ld, ov, "severity", "severity", severities,
                                                    &s)))
                                return st;
                        c->severity = (enum dl_severity)s;
                        c->has_severity = true;
                } else {
                        /* A check option: kept as written; the check's
                         * configure() validates the key and the value. */
                        struct dl_check_option *o = &c->options[c->n_options++];
                        o->key = dl_arena_strdup(ld->arena, key);
                        if ((st = to_opt(ld, ov, &o->node)))
                                return st;
                        o->value = o->node.kind == DL_OPT_NULL     ? ""
                                   : o->node.kind == DL_OPT_SCALAR ? o->node.text
                                                                   : NULL;
                        o->loc = dl_rules_node_loc(ld, ov);
                        o->key_loc = dl_rules_node_loc(ld, ok);
                }
        }
        return DL_OK;
}

static enum dl_status parse_checks(loader_t *ld, yaml_node_t *n)
{
        if (dl_rules_is_null(n))
                return DL_OK;
        enum dl_status st = dl_rules_expect_type(ld, n, YAML_MAPPING_NODE, "for 'checks'");
        if (st)
                return st;
        size_t n_pairs = (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
        ld->rs->checks = dl_arena_alloc(ld->arena, n_pairs * sizeof *ld->rs->checks);
        for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top;
             p++) {
                if ((st = dl_rules_unique_key(ld, n, p, "in 'checks'")))
                        return st;
                yaml_node_t *k = dl_rules_node(ld, p->key);
                if (ld->check_ids) {
                        bool known = false;
                        for (size_t i = 0; i < ld->n_check_ids && !known; i++)
                                known = !strcmp(ld->check_ids[i], dl_rules_scalar(k));
                        if (!known) {
                                struct dl_strbuf sb;
                                dl_strbuf_init(&sb);
                                for (size_t i = 0; i < ld->n_check_ids; i++)
                                        dl_strbuf_printf(&sb, "%s%s", i ? ", " : "",
                                                         ld->check_ids[i]);
                                st = dl_rules_fail(
                                        ld, k, "unknown check id '%s'%sexpected one of: %s",
                                        dl_rules_scalar(k),
                                        dl_rules_did_you_mean(ld, dl_rules_scalar(k), ld->check_ids,
                                                              ld->n_check_ids),
                                        dl_strbuf_cstr(&sb));
                                dl_strbuf_fini(&sb);
                                return st;
                        }
                }
                yaml_node_t *v = dl_rules_node(ld, p->value);
                if ((st = parse_check(ld, k, v, &ld->rs->checks[ld->rs->n_checks])))
                        return st;
                ld->rs->n_checks++;
        }
        return DL_OK;
}

/* ---- the document ------------------------------------------------------ */

static enum dl_status parse_root(loader_t *ld, yaml_node_t *root)
{
        enum dl_status st;
        if (!root || dl_rules_is_null(root))
                return DL_OK; /* empty, only comments, or "---": the defaults */
        if ((st = dl_rules_expect_type(ld, root, YAML_MAPPING_NODE, "at the top level")))
                return st;
        struct dl_rules_field f[] = {{"version", NULL, NULL},     {"inherit", NULL, NULL},
                                     {"checks", NULL, NULL},      {"tables", NULL, NULL},
                                     {"tables-from", NULL, NULL}, {"exclude", NULL, NULL},
                                     {"wrappers", NULL, NULL},    {"access-patterns", NULL, NULL}};
        if ((st = dl_rules_read_fields(ld, root, "at the top level", f, 8)))
                return st;
        if (!f[0].value)
                return dl_rules_missing(ld, root, "version", "at the top level", "'version: 1'");
        yaml_node_t *v = f[0].value;
        if (v->type == YAML_SCALAR_NODE && v->data.scalar.style != YAML_PLAIN_SCALAR_STYLE &&
            !strcmp(dl_rules_scalar(v), "1"))
                return dl_rules_fail(ld, v,
                                     "version is the string '1'; expected the number 1 "
                                     "(write 'version: 1' without quotes)");
        if (v->type != YAML_SCALAR_NODE || v->data.scalar.style != YAML_PLAIN_SCALAR_STYLE ||
            strcmp(dl_rules_scalar(v), "1"))
                return dl_rules_fail(
                        ld, v, "unsupported version %s%s%s; expected 1",
                        v->type == YAML_SCALAR_NODE && !dl_rules_is_null(v) ? "'" : "",
                        v->type == YAML_SCALAR_NODE && !dl_rules_is_null(v) ? dl_rules_scalar(v)
                                                                            : dl_rules_kind_name(v),
                        v->type == YAML_SCALAR_NODE && !dl_rules_is_null(v) ? "'" : "");
        ld->rs->version = 1;
        if (f[1].value && (st = dl_rules_get_bool(ld, f[1].value, "inherit", &ld->rs->inherit)))
                return st;
        if (f[2].value && (st = parse_checks(ld, f[2].value)))
                return st;
        /* the imported tables first: a `tables:` entry may extend one */
        if (f[4].value && (st = dl_rules_parse_tables_from(ld, f[4].value)))
                return st;
        if (f[3].value && (st = dl_rules_parse_tables(ld, f[3].value)))
                return st;
        if (f[5].value && (st = parse_exclude(ld, f[5].value)))
                return st;
        if (f[6].value && (st = parse_wrappers(ld, f[6].value)))
                return st;
        if (f[7].value && (st = parse_access_patterns(ld, f[7].value)))
                return st;
        return DL_OK;
}

/* ---- loading ----------------------------------------------------------- */

/* A loader for a new ruleset named `name`, whose relative paths start in
 * name's directory. */
static void loader_init(loader_t *ld, struct dl_ruleset *rs, const char *name,
                        const char *const *check_ids, size_t n_check_ids, struct dl_error *err)
{
        memset(ld, 0, sizeof *ld);
        ld->rs = rs;
        ld->arena = dl_rules_arena(rs);
        ld->file = dl_arena_strdup(ld->arena, name ? name : "<rules>");
        char *dir = dl_path_dirname(ld->file);
        ld->dir = dl_arena_strdup(ld->arena, dir);
        free(dir);
        ld->check_ids = check_ids;
        ld->n_check_ids = n_check_ids;
        ld->err = err;
}

/* The end of a load that ended with st: the ruleset in *out, or freed. */
static enum dl_status loader_finish(loader_t *ld, enum dl_status st, struct dl_ruleset **out)
{
        if (st == DL_OK)
                dl_rules_finish_tables(ld);
        DL_VEC_FREE(&ld->tables);
        DL_VEC_FREE(&ld->imported);
        DL_VEC_FREE(&ld->env);
        if (st) {
                dl_ruleset_free(ld->rs);
                return st;
        }
        *out = ld->rs;
        return DL_OK;
}

/* dl_ruleset_load_string with root bounding its `tables-from:` files. */
static enum dl_status load_string(const char *name, const char *root, const char *text, size_t len,
                                  const char *const *check_ids, size_t n_check_ids,
                                  struct dl_ruleset **out, struct dl_error *err)
{
        *out = NULL;
        struct dl_ruleset *rs = dl_rules_alloc();
        loader_t ld;
        loader_init(&ld, rs, name, check_ids, n_check_ids, err);
        ld.root = root;
        rs->path = ld.file;
        dl_rules_add_source(rs, ld.file);

        yaml_document_t doc;
        enum dl_status st = dl_rules_parse_yaml(&ld, text, len, &doc);
        if (st == DL_OK) {
                ld.doc = &doc;
                st = parse_root(&ld, yaml_document_get_root_node(&doc));
                yaml_document_delete(&doc);
        }
        return loader_finish(&ld, st, out);
}

enum dl_status dl_ruleset_load_string(const char *name, const char *text, size_t len,
                                      const char *const *check_ids, size_t n_check_ids,
                                      struct dl_ruleset **out, struct dl_error *err)
{
        return load_string(name, NULL, text, len, check_ids, n_check_ids, out, err);
}

enum dl_status dl_ruleset_load(const char *path, const char *const *check_ids,
                               size_t n_check_ids, struct dl_ruleset **out,
                               struct dl_error *err)
{
        return dl_ruleset_load_within(path, NULL, check_ids, n_check_ids, out, err);
}

enum dl_status dl_ruleset_load_within(const char *path, const char *root,
                                      const char *const *check_ids, size_t n_check_ids,
                                      struct dl_ruleset **out, struct dl_error *err)
{
        *out = NULL;
        char *text = NULL;
        size_t len = 0;
        enum dl_status st = dl_file_read(path, &text, &len, err);
        if (st == DL_OK)
                st = load_string(path, root, text, len, check_ids, n_check_ids, out, err);
        free(text);
        return st;
}

enum dl_status dl_ruleset_load_tables(const char *path, const char *format,
                                      struct dl_ruleset **out, struct dl_error *err)
{
        *out = NULL;
        struct dl_ruleset *rs = dl_rules_alloc();
        loader_t ld;
        loader_init(&ld, rs, path, NULL, 0, err);
        char *cwd = dl_path_absolute(".");
        ld.dir = dl_arena_strdup(ld.arena, cwd);
        free(cwd);
        struct dl_loc none = {NULL, 0, 0};
        return loader_finish(&ld, dl_rules_import(&ld, path, format, NULL, none), out);
}

enum dl_status dl_ruleset_lint_tables(const char *path, const char *format, struct dl_ruleset **out,
                                      struct dl_error *err)
{
        *out = NULL;
        struct dl_ruleset *rs = dl_rules_alloc();
        loader_t ld;
        loader_init(&ld, rs, path, NULL, 0, err);
        ld.all_tables = true;
        char *cwd = dl_path_absolute(".");
        ld.dir = dl_arena_strdup(ld.arena, cwd);
        free(cwd);
        struct dl_loc none = {NULL, 0, 0};
        return loader_finish(&ld, dl_rules_import(&ld, path, format, NULL, none), out);
}

/* The environment variables of both, the child's hiding the parent's of
 * the same name; a default implied by one side's single table is dropped
 * when the other side describes a table of its own (docs/architecture.md,
 * "Tables as code"). */
static void merge_env(struct dl_arena *arena, struct dl_ruleset *rs, const struct dl_ruleset *child,
                      const struct dl_ruleset *parent)
{
        rs->env_tables = dl_arena_alloc(arena, (child->n_env_tables + parent->n_env_tables + 1) *
                                                       sizeof *rs->env_tables);
        for (size_t i = 0; i < child->n_env_tables; i++)
                rs->env_tables[rs->n_env_tables++] = child->env_tables[i];
        for (size_t i = 0; i < parent->n_env_tables; i++) {
                bool hidden = false;
                for (size_t k = 0; k < child->n_env_tables && !hidden; k++)
                        hidden = !strcmp(child->env_tables[k].variable,
                                         parent->env_tables[i].variable);
                if (!hidden)
                        rs->env_tables[rs->n_env_tables++] = parent->env_tables[i];
        }
        const struct dl_table_def *one = NULL;
        bool several = false;
        for (size_t i = 0; i < rs->n_tables && !several; i++) {
                const struct dl_table_def *d = rs->tables[i].def;
                several = !d || (one && one != d);
                one = d;
        }
        for (size_t i = 0; several && i < rs->n_tables; i++) {
                if (rs->tables[i].default_implied)
                        rs->tables[i].is_default = rs->tables[i].default_implied = false;
        }
}

/* The table a CreateTable (base ignored) or an UpdateTable (update) in
 * code defines: dl_ruleset_code_table, dl_ruleset_code_update. */
static enum dl_status code_table(const char *text, size_t len, const struct dl_loc *locs,
                                 const char *name, const char *id, struct dl_loc call, bool update,
                                 const struct dl_table_def *base, bool base_certain,
                                 struct dl_ruleset **out, struct dl_error *err)
{
        *out = NULL;
        struct dl_ruleset *rs = dl_rules_alloc();
        loader_t ld;
        loader_init(&ld, rs, call.file, NULL, 0, err);
        ld.all_tables = true;
        struct dl_loc *copy = dl_arena_alloc(ld.arena, (len + 1) * sizeof *copy);
        for (size_t i = 0; i < len + 1; i++)
                copy[i] = locs && i < len ? locs[i] : call;
        ld.byte_locs = copy;
        ld.n_byte_locs = len + 1;
        const char *n = name ? dl_arena_strdup(ld.arena, name) : NULL;
        const char *i = dl_arena_strdup(ld.arena, id);
        return loader_finish(
                &ld,
                update ? dl_rules_code_update(&ld, text, len, n, i, call, base, base_certain)
                       : dl_rules_code_table(&ld, text, len, n, i, call),
                out);
}

enum dl_status dl_ruleset_code_table(const char *text, size_t len, const struct dl_loc *locs,
                                     const char *name, const char *id, struct dl_loc call,
                                     struct dl_ruleset **out, struct dl_error *err)
{
        return code_table(text, len, locs, name, id, call, false, NULL, false, out, err);
}

enum dl_status dl_ruleset_code_update(const char *text, size_t len, const struct dl_loc *locs,
                                      const char *name, const char *id, struct dl_loc call,
                                      const struct dl_table_def *base, bool base_certain,
                                      struct dl_ruleset **out, struct dl_error *err)
{
        return code_table(text, len, locs, name, id, call, true, base, base_certain, out, err);
}

/* The settings of one check, child's over parent's key by key. */
static void merge_check(struct dl_arena *arena, struct dl_check_config *out,
                        const struct dl_check_config *child, const struct dl_check_config *parent)
{
        *out = *child;
        if (!parent)
                return;
        if (!child->has_enabled) {
                out->has_enabled = parent->has_enabled;
                out->enabled = parent->enabled;
        }
        if (!child->has_severity) {
                out->has_severity = parent->has_severity;
                out->severity = parent->severity;
        }
        out->options = dl_arena_alloc(arena, (child->n_options + parent->n_options + 1) *
                                                     sizeof *out->options);
        out->n_options = 0;
        for (size_t i = 0; i < child->n_options; i++)
                out->options[out->n_options++] = child->options[i];
        for (size_t i = 0; i < parent->n_options; i++) {
                bool overridden = false;
                for (size_t k = 0; k < child->n_options && !overridden; k++)
                        overridden = !strcmp(child->options[k].key, parent->options[i].key);
                if (!overridden)
                        out->options[out->n_options++] = parent->options[i];
        }
}

struct dl_ruleset *dl_ruleset_merge(const struct dl_ruleset *child,
                                    const struct dl_ruleset *parent)
{
        struct dl_ruleset *rs = dl_rules_alloc();
        struct dl_arena *arena = dl_rules_arena(rs);
        rs->path = child->path;
        rs->version = child->version;
        size_t cap = 0;
        for (size_t i = 0; i < child->n_tables; i++)
                dl_rules_add_unless_known(arena, &rs->tables, &rs->n_tables, &cap,
                                          &child->tables[i]);
        for (size_t i = 0; i < parent->n_tables; i++)
                dl_rules_add_unless_known(arena, &rs->tables, &rs->n_tables, &cap,
                                          &parent->tables[i]);
        merge_env(arena, rs, child, parent);
        rs->checks = dl_arena_alloc(arena, (child->n_checks + parent->n_checks + 1) *
                                                   sizeof *rs->checks);
        for (size_t i = 0; i < child->n_checks; i++)
                merge_check(arena, &rs->checks[rs->n_checks++], &child->checks[i],
                            dl_schema_check_config(parent, child->checks[i].id));
        for (size_t i = 0; i < parent->n_checks; i++) {
                if (!dl_schema_check_config(child, parent->checks[i].id))
                        rs->checks[rs->n_checks++] = parent->checks[i];
        }
        rs->exclude = dl_arena_alloc(arena, (child->n_exclude + parent->n_exclude + 1) *
                                                    sizeof *rs->exclude);
        /* the last matching pattern decides (gitignore): the child's come
         * last, as a deeper .gitignore overrides the one above it */
        for (size_t i = 0; i < parent->n_exclude; i++)
                rs->exclude[rs->n_exclude++] = parent->exclude[i];
        for (size_t i = 0; i < child->n_exclude; i++)
                rs->exclude[rs->n_exclude++] = child->exclude[i];
        rs->wrappers = dl_arena_alloc(arena, (child->n_wrappers + parent->n_wrappers + 1) *
                                                     sizeof *rs->wrappers);
        for (size_t i = 0; i < child->n_wrappers; i++)
                rs->wrappers[rs->n_wrappers++] = child->wrappers[i];
        for (size_t i = 0; i < parent->n_wrappers; i++)
                rs->wrappers[rs->n_wrappers++] = parent->wrappers[i];
        rs->access_patterns =
                dl_arena_alloc(arena, (child->n_access_patterns + parent->n_access_patterns + 1) *
                                              sizeof *rs->access_patterns);
        for (size_t i = 0; i < child->n_access_patterns; i++)
                rs->access_patterns[rs->n_access_patterns++] = child->access_patterns[i];
        for (size_t i = 0; i < parent->n_access_patterns; i++)
                rs->access_patterns[rs->n_access_patterns++] = parent->access_patterns[i];
        for (size_t i = 0; i < child->n_sources; i++)
                dl_rules_add_source(rs, child->sources[i]);
        for (size_t i = 0; i < parent->n_sources; i++)
                dl_rules_add_source(rs, parent->sources[i]);
        return rs;
}

/* ---- finding the file -------------------------------------------------- */

enum dl_status dl_ruleset_find(const char *start_dir, char **out_path, struct dl_error *err)
{
        *out_path = NULL;
        if (!start_dir)
                start_dir = ".";
        char dir[PATH_MAX];
        if (!realpath(start_dir, dir)) {
                struct dl_loc loc = {start_dir, 0, 0};
                return dl_error_set(err, DL_ERR_IO, &loc,
                                    "cannot resolve directory while looking for %s: %s",
                                    DL_RULESET_FILE_NAME, strerror(errno));
        }
        bool absolute = start_dir[0] == '/';
        struct dl_strbuf up; /* "../" once per level climbed */
        dl_strbuf_init(&up);
        enum dl_status st = DL_OK;
        for (;;) {
                char *candidate = dl_xasprintf("%s%s%s", dir, strcmp(dir, "/") ? "/" : "",
                                               DL_RULESET_FILE_NAME);
                struct stat sbuf;
                if (stat(candidate, &sbuf) == 0) {
                        if (!S_ISREG(sbuf.st_mode)) {
                                struct dl_loc loc = {candidate, 0, 0};
                                st = dl_error_set(err, DL_ERR_IO, &loc,
                                                  "not a regular file; expected a rules file");
                                free(candidate);
                        } else if (absolute) {
                                *out_path = candidate;
                        } else {
                                free(candidate);
                                bool dot = !strcmp(start_dir, ".");
                                *out_path = dl_xasprintf("%s%s%s%s", dot ? "" : start_dir,
                                                         dot ? "" : "/", dl_strbuf_cstr(&up),
                                                         DL_RULESET_FILE_NAME);
                        }
                        break;
                }
                free(candidate);
                char *slash = strrchr(dir, '/');
                if (!slash || !strcmp(dir, "/"))
                        break;
                if (slash == dir)
                        slash[1] = '\0';
                else
                        *slash = '\0';
                dl_strbuf_puts(&up, "../");
        }
        dl_strbuf_fini(&up);
        return st;
}
