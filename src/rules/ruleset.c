/* ruleset.c - libyaml -> struct dl_ruleset, validated, positions kept.
 * SPDX-License-Identifier: MIT
 *
 * The file is read whole and composed with libyaml's document API, which
 * keeps a start mark on every node; the validator then walks the tree with
 * a fixed schema (top level -> checks / tables -> table -> keys, indexes ->
 * projection), so the depth of the walk never depends on the input and
 * aliases cannot make it loop or blow up.
 *
 * Each mapping is read in two steps. read_fields() checks every key against
 * the keys that mapping allows (unknown and duplicate keys are errors that
 * list what is allowed) and sorts the values into slots; the caller then
 * converts each slot in the order that suits validation (the table's
 * partition key before its local indexes, for instance), whatever order
 * the user wrote them in. The first error stops the load: one precise
 * message beats a cascade of follow-on errors from the same mistake.
 *
 * Everything the ruleset keeps is allocated in an arena behind rs->priv,
 * except the compiled patterns, which dl_ruleset_free() releases one by one.
 */
#include "ruleset.h"

#include "../core/alloc.h"
#include "../core/arena.h"
#include "../core/file.h"
#include "../core/regex.h"
#include "../core/strbuf.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

struct ruleset_priv {
        struct dl_arena arena;
};

struct loader {
        yaml_document_t *doc;
        struct dl_ruleset *rs;
        struct dl_arena *arena;
        const char *file; /* arena copy of the name used in every location */
        const char *const *check_ids;
        size_t n_check_ids;
        const struct dl_table *default_table; /* the first `default: true` */
        struct dl_error *err;
};

/* One key a mapping allows, and what read_fields() found for it. */
struct field {
        const char *key;
        yaml_node_t *key_node;
        yaml_node_t *value;
};

/* ---- positions and messages ------------------------------------------ */

static struct dl_loc mark_loc(const struct loader *ld, yaml_mark_t m)
{
        struct dl_loc loc = {ld->file, (unsigned)m.line + 1, (unsigned)m.column + 1};
        return loc;
}

static struct dl_loc node_loc(const struct loader *ld, const yaml_node_t *n)
{
        return mark_loc(ld, n->start_mark);
}

static enum dl_status fail_at(const struct loader *ld, struct dl_loc loc, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

static enum dl_status fail_at(const struct loader *ld, struct dl_loc loc, const char *fmt, ...)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        va_list ap;
        va_start(ap, fmt);
        dl_strbuf_vprintf(&sb, fmt, ap);
        va_end(ap);
        dl_error_set(ld->err, DL_ERR_CONFIG, &loc, "%s", dl_strbuf_cstr(&sb));
        dl_strbuf_fini(&sb);
        return DL_ERR_CONFIG;
}

#define fail(ld, node, ...) fail_at((ld), node_loc((ld), (node)), __VA_ARGS__)

/* A plain scalar YAML reads as null: empty, "~" or "null". */
static bool is_null(const yaml_node_t *n)
{
        if (n->type != YAML_SCALAR_NODE || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
                return false;
        const char *v = (const char *)n->data.scalar.value;
        return !*v || !strcmp(v, "~") || !strcmp(v, "null") || !strcmp(v, "Null") ||
               !strcmp(v, "NULL");
}

static const char *kind_name(const yaml_node_t *n)
{
        switch (n->type) {
        case YAML_MAPPING_NODE: return "a mapping";
        case YAML_SEQUENCE_NODE: return "a sequence";
        case YAML_SCALAR_NODE: return is_null(n) ? "null" : "a scalar";
        default: return "nothing";
        }
}

static const char *scalar(const yaml_node_t *n)
{
        return (const char *)n->data.scalar.value;
}

/* `what` is the phrase after "expected a mapping ": "for 'tables'". */
static enum dl_status expect_type(const struct loader *ld, const yaml_node_t *n,
                                  yaml_node_type_t type, const char *what)
{
        if (n->type == type)
                return DL_OK;
        const char *want = type == YAML_MAPPING_NODE    ? "a mapping"
                           : type == YAML_SEQUENCE_NODE ? "a sequence"
                                                        : "a scalar";
        return fail(ld, n, "expected %s %s, got %s", want, what, kind_name(n));
}

/* ---- mappings ---------------------------------------------------------- */

static void join_keys(struct dl_strbuf *sb, const struct field *fields, size_t n)
{
        for (size_t i = 0; i < n; i++)
                dl_strbuf_printf(sb, "%s%s", i ? ", " : "", fields[i].key);
}

/* Check that every key of map (a mapping) is a scalar, allowed and unique,
 * and put each value in its slot. `where` ends the messages: "in table". */
static enum dl_status read_fields(const struct loader *ld, yaml_node_t *map, const char *where,
                                  struct field *fields, size_t n_fields)
{
        for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
             p++) {
                yaml_node_t *k = yaml_document_get_node(ld->doc, p->key);
                yaml_node_t *v = yaml_document_get_node(ld->doc, p->value);
                if (k->type != YAML_SCALAR_NODE)
                        return fail(ld, k, "expected a scalar key %s, got %s", where,
                                    kind_name(k));
                struct field *f = NULL;
                for (size_t i = 0; i < n_fields && !f; i++) {
                        if (!strcmp(fields[i].key, scalar(k)))
                                f = &fields[i];
                }
                if (!f) {
                        struct dl_strbuf sb;
                        dl_strbuf_init(&sb);
                        join_keys(&sb, fields, n_fields);
                        enum dl_status st =
                                fail(ld, k, "unknown key '%s' %s; expected one of: %s",
                                     scalar(k), where, dl_strbuf_cstr(&sb));
                        dl_strbuf_fini(&sb);
                        return st;
                }
                if (f->key_node) {
                        struct dl_loc first = node_loc(ld, f->key_node);
                        return fail(ld, k,
                                    "duplicate key '%s' %s (first given at line %u, "
                                    "column %u); expected each key once",
                                    f->key, where, first.line, first.col);
                }
                f->key_node = k;
                f->value = v;
        }
        return DL_OK;
}

/* The duplicate test for mappings whose keys are not fixed (checks:, a
 * check's options): is the key at pair index i repeated before it? */
static enum dl_status unique_key(const struct loader *ld, yaml_node_t *map, yaml_node_pair_t *pair,
                                 const char *where)
{
        yaml_node_t *k = yaml_document_get_node(ld->doc, pair->key);
        if (k->type != YAML_SCALAR_NODE)
                return fail(ld, k, "expected a scalar key %s, got %s", where, kind_name(k));
        for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < pair; p++) {
                yaml_node_t *o = yaml_document_get_node(ld->doc, p->key);
                if (o->type == YAML_SCALAR_NODE && !strcmp(scalar(o), scalar(k))) {
                        struct dl_loc first = node_loc(ld, o);
                        return fail(ld, k,
                                    "duplicate key '%s' %s (first given at line %u, "
                                    "column %u); expected each key once",
                                    scalar(k), where, first.line, first.col);
                }
        }
        return DL_OK;
}

static enum dl_status missing(const struct loader *ld, const yaml_node_t *map, const char *key,
                              const char *where, const char *expected)
{
        return fail(ld, map, "missing required key '%s' %s; expected %s", key, where, expected);
}

/* ---- scalars ----------------------------------------------------------- */

/* A non-empty string; `key` names it in messages ("name"). */
static enum dl_status get_string(const struct loader *ld, const yaml_node_t *n, const char *key,
                                 const char **out)
{
        if (n->type != YAML_SCALAR_NODE || is_null(n) || !n->data.scalar.length)
                return fail(ld, n, "expected a non-empty string for '%s', got %s", key,
                            n->type == YAML_SCALAR_NODE && !is_null(n) ? "an empty string"
                                                                        : kind_name(n));
        if (strlen(scalar(n)) != n->data.scalar.length)
                return fail(ld, n, "expected a string without NUL characters for '%s'", key);
        *out = dl_arena_strndup(ld->arena, scalar(n), n->data.scalar.length);
        return DL_OK;
}

/* A plain true or false (YAML 1.2 core schema spellings). */
static enum dl_status get_bool(const struct loader *ld, const yaml_node_t *n, const char *key,
                               bool *out)
{
        if (n->type == YAML_SCALAR_NODE && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
                const char *v = scalar(n);
                if (!strcmp(v, "true") || !strcmp(v, "True") || !strcmp(v, "TRUE")) {
                        *out = true;
                        return DL_OK;
                }
                if (!strcmp(v, "false") || !strcmp(v, "False") || !strcmp(v, "FALSE")) {
                        *out = false;
                        return DL_OK;
                }
        }
        if (n->type == YAML_SCALAR_NODE && !is_null(n))
                return fail(ld, n, "expected true or false for '%s', got '%s'", key, scalar(n));
        return fail(ld, n, "expected true or false for '%s', got %s", key, kind_name(n));
}

/* One of a fixed list of words; returns its index in *out. */
static enum dl_status get_enum(const struct loader *ld, const yaml_node_t *n, const char *key,
                               const char *what, const char *const *words, size_t n_words,
                               size_t *out)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        for (size_t i = 0; i < n_words; i++)
                dl_strbuf_printf(&sb, "%s%s", i ? ", " : "", words[i]);
        enum dl_status st;
        if (n->type != YAML_SCALAR_NODE || is_null(n)) {
                st = fail(ld, n, "expected %s for '%s' (one of: %s), got %s", what, key,
                          dl_strbuf_cstr(&sb), kind_name(n));
                goto out;
        }
        for (size_t i = 0; i < n_words; i++) {
                if (!strcmp(scalar(n), words[i])) {
                        *out = i;
                        st = DL_OK;
                        goto out;
                }
        }
        st = fail(ld, n, "bad %s '%s' for '%s'; expected one of: %s", what, scalar(n), key,
                  dl_strbuf_cstr(&sb));
out:
        dl_strbuf_fini(&sb);
        return st;
}

/* ---- tables ------------------------------------------------------------ */

static enum dl_status parse_key_attr(const struct loader *ld, yaml_node_t *n, const char *key,
                                     struct dl_key_attr *out)
{
        static const char *const types[] = {"S", "N", "B"};
        char what[64];
        snprintf(what, sizeof what, "for '%s'", key);
        enum dl_status st = expect_type(ld, n, YAML_MAPPING_NODE, what);
        if (st)
                return st;
        struct field f[] = {{"name", NULL, NULL}, {"type", NULL, NULL}};
        snprintf(what, sizeof what, "in '%s'", key);
        if ((st = read_fields(ld, n, what, f, 2)))
                return st;
        if (!f[0].value)
                return missing(ld, n, "name", what, "the key attribute's name");
        if (!f[1].value)
                return missing(ld, n, "type", what, "the key attribute's type: S, N or B");
        if ((st = get_string(ld, f[0].value, "name", &out->name)))
                return st;
        size_t t = 0;
        if ((st = get_enum(ld, f[1].value, "type", "key type", types, 3, &t)))
                return st;
        out->type = (enum dl_key_type)t;
        out->loc = node_loc(ld, n);
        return DL_OK;
}

static enum dl_status parse_projection(const struct loader *ld, yaml_node_t *n,
                                       struct dl_index *ix)
{
        static const char *const kinds[] = {"all", "keys-only", "include"};
        size_t k = 0;
        enum dl_status st;
        if (n->type != YAML_MAPPING_NODE) {
                if (n->type != YAML_SCALAR_NODE)
                        return fail(ld, n,
                                    "expected all, keys-only, include or a mapping for "
                                    "'projection', got %s",
                                    kind_name(n));
                if ((st = get_enum(ld, n, "projection", "projection", kinds, 3, &k)))
                        return st;
                ix->projection = (enum dl_projection_kind)k;
                return DL_OK;
        }
        struct field f[] = {{"type", NULL, NULL}, {"non-key-attributes", NULL, NULL}};
        if ((st = read_fields(ld, n, "in 'projection'", f, 2)))
                return st;
        if (!f[0].value)
                return missing(ld, n, "type", "in 'projection'", "all, keys-only or include");
        if ((st = get_enum(ld, f[0].value, "type", "projection", kinds, 3, &k)))
                return st;
        ix->projection = (enum dl_projection_kind)k;
        yaml_node_t *attrs = f[1].value;
        if (!attrs || is_null(attrs))
                return DL_OK;
        if (ix->projection != DL_PROJ_INCLUDE)
                return fail(ld, f[1].key_node,
                            "'non-key-attributes' is only allowed with 'type: include', "
                            "not with 'type: %s'",
                            kinds[k]);
        if ((st = expect_type(ld, attrs, YAML_SEQUENCE_NODE, "for 'non-key-attributes'")))
                return st;
        size_t n_items = (size_t)(attrs->data.sequence.items.top - attrs->data.sequence.items.start);
        ix->non_key_attributes = dl_arena_alloc(ld->arena, n_items * sizeof(const char *) + 1);
        for (size_t i = 0; i < n_items; i++) {
                yaml_node_t *a = yaml_document_get_node(ld->doc,
                                                        attrs->data.sequence.items.start[i]);
                if ((st = get_string(ld, a, "non-key-attributes", &ix->non_key_attributes[i])))
                        return st;
                ix->n_non_key_attributes++;
        }
        return DL_OK;
}

static const char *table_label(const struct loader *ld, const struct dl_table *t)
{
        if (t->name)
                return dl_arena_printf(ld->arena, "table '%s'", t->name);
        if (t->match)
                return dl_arena_printf(ld->arena, "table matching '%s'", t->match);
        return "default table";
}

static enum dl_status parse_index(const struct loader *ld, yaml_node_t *n, struct dl_table *t,
                                  struct dl_index *ix)
{
        static const char *const kinds[] = {"global", "local"};
        enum dl_status st;
        if ((st = expect_type(ld, n, YAML_MAPPING_NODE, "for each entry of 'indexes'")))
                return st;
        struct field f[] = {{"name", NULL, NULL},          {"kind", NULL, NULL},
                            {"partition-key", NULL, NULL}, {"sort-key", NULL, NULL},
                            {"projection", NULL, NULL}};
        if ((st = read_fields(ld, n, "in index", f, 5)))
                return st;
        ix->loc = node_loc(ld, n);
        if (!f[0].value)
                return missing(ld, n, "name", "in index", "the index's name");
        if ((st = get_string(ld, f[0].value, "name", &ix->name)))
                return st;
        for (size_t i = 0; i < t->n_indexes; i++) {
                if (!strcmp(t->indexes[i].name, ix->name))
                        return fail(ld, f[0].value,
                                    "duplicate index name '%s' in %s (first defined at line %u, "
                                    "column %u); expected unique index names",
                                    ix->name, table_label(ld, t), t->indexes[i].loc.line,
                                    t->indexes[i].loc.col);
        }
        const char *where = dl_arena_printf(ld->arena, "in index '%s'", ix->name);
        if (!f[1].value)
                return missing(ld, n, "kind", where, "global or local");
        size_t k = 0;
        if ((st = get_enum(ld, f[1].value, "kind", "index kind", kinds, 2, &k)))
                return st;
        ix->kind = (enum dl_index_kind)k;
        if (f[2].value) {
                if ((st = parse_key_attr(ld, f[2].value, "partition-key", &ix->partition_key)))
                        return st;
                if (ix->kind == DL_INDEX_LOCAL &&
                    (strcmp(ix->partition_key.name, t->partition_key.name) ||
                     ix->partition_key.type != t->partition_key.type))
                        return fail(ld, f[2].value,
                                    "local index '%s' must use the table's partition key "
                                    "'%s' (%s), got '%s' (%s); omit 'partition-key' for a "
                                    "local index",
                                    ix->name, t->partition_key.name,
                                    dl_key_type_str(t->partition_key.type),
                                    ix->partition_key.name,
                                    dl_key_type_str(ix->partition_key.type));
        } else if (ix->kind == DL_INDEX_GLOBAL) {
                return missing(ld, n, "partition-key", where,
                               "a mapping with 'name' and 'type' (required for a global index)");
        } else {
                ix->partition_key = t->partition_key;
        }
        if (f[3].value) {
                if ((st = parse_key_attr(ld, f[3].value, "sort-key", &ix->sort_key)))
                        return st;
        } else if (ix->kind == DL_INDEX_LOCAL) {
                return missing(ld, n, "sort-key", where,
                               "a mapping with 'name' and 'type' (a local index always has "
                               "a sort key)");
        }
        ix->projection = DL_PROJ_ALL;
        if (f[4].value && (st = parse_projection(ld, f[4].value, ix)))
                return st;
        return DL_OK;
}

static enum dl_status parse_table(struct loader *ld, yaml_node_t *n, struct dl_table *t)
{
        enum dl_status st;
        if ((st = expect_type(ld, n, YAML_MAPPING_NODE, "for each entry of 'tables'")))
                return st;
        struct field f[] = {{"name", NULL, NULL},          {"match", NULL, NULL},
                            {"default", NULL, NULL},       {"partition-key", NULL, NULL},
                            {"sort-key", NULL, NULL},      {"indexes", NULL, NULL}};
        if ((st = read_fields(ld, n, "in table", f, 6)))
                return st;
        t->loc = node_loc(ld, n);
        if (f[0].value) {
                if ((st = get_string(ld, f[0].value, "name", &t->name)))
                        return st;
                for (const struct dl_table *o = ld->rs->tables; o < t; o++) {
                        if (o->name && !strcmp(o->name, t->name))
                                return fail(ld, f[0].value,
                                            "duplicate table name '%s' (first defined at "
                                            "line %u, column %u); expected unique table names",
                                            t->name, o->loc.line, o->loc.col);
                }
        }
        if (f[1].value) {
                if ((st = get_string(ld, f[1].value, "match", &t->match)))
                        return st;
                struct dl_error rerr;
                dl_error_init(&rerr);
                if (dl_regex_compile(t->match, true, &t->match_re, &rerr)) {
                        /* Point at the offending character when the scalar's
                         * text is the pattern verbatim (plain, or quoted on one
                         * line without escapes). */
                        const yaml_node_t *v = f[1].value;
                        struct dl_loc loc = node_loc(ld, v);
                        unsigned off = rerr.col ? rerr.col - 1 : 0;
                        yaml_scalar_style_t style = v->data.scalar.style;
                        bool verbatim = v->start_mark.line == v->end_mark.line &&
                                        (style == YAML_PLAIN_SCALAR_STYLE ||
                                         (style == YAML_SINGLE_QUOTED_SCALAR_STYLE &&
                                          !strchr(t->match, '\'')) ||
                                         (style == YAML_DOUBLE_QUOTED_SCALAR_STYLE &&
                                          !strchr(t->match, '\\') && !strchr(t->match, '"')));
                        if (verbatim)
                                loc.col += off + (style == YAML_PLAIN_SCALAR_STYLE ? 0 : 1);
                        st = fail_at(ld, loc, "%s; expected a PCRE2 pattern for 'match'",
                                     rerr.message ? rerr.message : "bad regular expression");
                        dl_error_fini(&rerr);
                        return st;
                }
        }
        if (f[2].value) {
                if ((st = get_bool(ld, f[2].value, "default", &t->is_default)))
                        return st;
                if (t->is_default && ld->default_table)
                        return fail(ld, f[2].value,
                                    "a second table with 'default: true' (the first is at "
                                    "line %u, column %u); expected at most one default table",
                                    ld->default_table->loc.line, ld->default_table->loc.col);
                if (t->is_default)
                        ld->default_table = t;
        }
        if (!t->name && !t->match && !t->is_default)
                return fail(ld, n,
                            "table has no 'name', 'match' or 'default: true'; expected at "
                            "least one of them");
        const char *where = dl_arena_printf(ld->arena, "in %s", table_label(ld, t));
        if (!f[3].value)
                return missing(ld, n, "partition-key", where,
                               "a mapping with 'name' and 'type'");
        if ((st = parse_key_attr(ld, f[3].value, "partition-key", &t->partition_key)))
                return st;
        if (f[4].value && (st = parse_key_attr(ld, f[4].value, "sort-key", &t->sort_key)))
                return st;
        yaml_node_t *ixs = f[5].value;
        if (!ixs || is_null(ixs))
                return DL_OK;
        if ((st = expect_type(ld, ixs, YAML_SEQUENCE_NODE, "for 'indexes'")))
                return st;
        size_t n_items = (size_t)(ixs->data.sequence.items.top - ixs->data.sequence.items.start);
        t->indexes = dl_arena_alloc(ld->arena, n_items * sizeof *t->indexes);
        for (size_t i = 0; i < n_items; i++) {
                yaml_node_t *x = yaml_document_get_node(ld->doc, ixs->data.sequence.items.start[i]);
                if ((st = parse_index(ld, x, t, &t->indexes[i])))
                        return st;
                t->n_indexes++;
        }
        return DL_OK;
}

static enum dl_status parse_tables(struct loader *ld, yaml_node_t *n)
{
        if (is_null(n))
                return DL_OK;
        enum dl_status st = expect_type(ld, n, YAML_SEQUENCE_NODE, "for 'tables'");
        if (st)
                return st;
        size_t n_items = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
        ld->rs->tables = dl_arena_alloc(ld->arena, n_items * sizeof *ld->rs->tables);
        for (size_t i = 0; i < n_items; i++) {
                yaml_node_t *t = yaml_document_get_node(ld->doc, n->data.sequence.items.start[i]);
                /* Counted before it is parsed, so that dl_ruleset_free() on a
                 * failed load releases a pattern compiled for it. */
                ld->rs->n_tables++;
                if ((st = parse_table(ld, t, &ld->rs->tables[i])))
                        return st;
        }
        return DL_OK;
}

/* ---- checks ------------------------------------------------------------ */

static enum dl_status parse_check(const struct loader *ld, yaml_node_t *k, yaml_node_t *v,
                                  struct dl_check_config *c)
{
        enum dl_status st;
        c->id = dl_arena_strdup(ld->arena, scalar(k));
        c->loc = node_loc(ld, k);
        if (is_null(v))
                return DL_OK;
        char what[160];
        snprintf(what, sizeof what, "for check '%s'", c->id);
        if ((st = expect_type(ld, v, YAML_MAPPING_NODE, what)))
                return st;
        snprintf(what, sizeof what, "in check '%s'", c->id);
        size_t n_pairs = (size_t)(v->data.mapping.pairs.top - v->data.mapping.pairs.start);
        c->options = dl_arena_alloc(ld->arena, n_pairs * sizeof *c->options);
        for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top;
             p++) {
                if ((st = unique_key(ld, v, p, what)))
                        return st;
                yaml_node_t *ok = yaml_document_get_node(ld->doc, p->key);
                yaml_node_t *ov = yaml_document_get_node(ld->doc, p->value);
                const char *key = scalar(ok);
                if (!strcmp(key, "enabled")) {
                        if ((st = get_bool(ld, ov, "enabled", &c->enabled)))
                                return st;
                        c->has_enabled = true;
                } else if (!strcmp(key, "severity")) {
                        static const char *const sevs[] = {"note", "warning", "error"};
                        size_t s = 0;
                        if ((st = get_enum(ld, ov, "severity", "severity", sevs, 3, &s)))
                                return st;
                        dl_severity_parse(sevs[s], &c->severity);
                        c->has_severity = true;
                } else {
                        /* A check option: kept as text; the check's configure()
                         * validates the key and converts the value. */
                        if (ov->type != YAML_SCALAR_NODE)
                                return fail(ld, ov,
                                            "expected a scalar value for option '%s' of check "
                                            "'%s', got %s",
                                            key, c->id, kind_name(ov));
                        struct dl_check_option *o = &c->options[c->n_options++];
                        o->key = dl_arena_strdup(ld->arena, key);
                        o->value = is_null(ov) ? "" : dl_arena_strdup(ld->arena, scalar(ov));
                        o->loc = node_loc(ld, ov);
                        o->key_loc = node_loc(ld, ok);
                }
        }
        return DL_OK;
}

static enum dl_status parse_checks(struct loader *ld, yaml_node_t *n)
{
        if (is_null(n))
                return DL_OK;
        enum dl_status st = expect_type(ld, n, YAML_MAPPING_NODE, "for 'checks'");
        if (st)
                return st;
        size_t n_pairs = (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
        ld->rs->checks = dl_arena_alloc(ld->arena, n_pairs * sizeof *ld->rs->checks);
        for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top;
             p++) {
                if ((st = unique_key(ld, n, p, "in 'checks'")))
                        return st;
                yaml_node_t *k = yaml_document_get_node(ld->doc, p->key);
                if (ld->check_ids) {
                        bool known = false;
                        for (size_t i = 0; i < ld->n_check_ids && !known; i++)
                                known = !strcmp(ld->check_ids[i], scalar(k));
                        if (!known) {
                                struct dl_strbuf sb;
                                dl_strbuf_init(&sb);
                                for (size_t i = 0; i < ld->n_check_ids; i++)
                                        dl_strbuf_printf(&sb, "%s%s", i ? ", " : "",
                                                         ld->check_ids[i]);
                                st = fail(ld, k, "unknown check id '%s'; expected one of: %s",
                                          scalar(k), dl_strbuf_cstr(&sb));
                                dl_strbuf_fini(&sb);
                                return st;
                        }
                }
                yaml_node_t *v = yaml_document_get_node(ld->doc, p->value);
                if ((st = parse_check(ld, k, v, &ld->rs->checks[ld->rs->n_checks])))
                        return st;
                ld->rs->n_checks++;
        }
        return DL_OK;
}

/* ---- the document ------------------------------------------------------ */

static enum dl_status parse_root(struct loader *ld, yaml_node_t *root)
{
        enum dl_status st;
        if (!root) {
                struct dl_loc start = {ld->file, 1, 1};
                return fail_at(ld, start,
                               "missing required key 'version' at the top level; expected "
                               "'version: 1' (the file is empty)");
        }
        if ((st = expect_type(ld, root, YAML_MAPPING_NODE, "at the top level")))
                return st;
        struct field f[] = {{"version", NULL, NULL}, {"checks", NULL, NULL},
                            {"tables", NULL, NULL}};
        if ((st = read_fields(ld, root, "at the top level", f, 3)))
                return st;
        if (!f[0].value)
                return missing(ld, root, "version", "at the top level", "'version: 1'");
        yaml_node_t *v = f[0].value;
        if (v->type == YAML_SCALAR_NODE && v->data.scalar.style != YAML_PLAIN_SCALAR_STYLE &&
            !strcmp(scalar(v), "1"))
                return fail(ld, v, "version is the string '1'; expected the number 1 "
                                   "(write 'version: 1' without quotes)");
        if (v->type != YAML_SCALAR_NODE || v->data.scalar.style != YAML_PLAIN_SCALAR_STYLE ||
            strcmp(scalar(v), "1"))
                return fail(ld, v, "unsupported version %s%s%s; expected 1",
                            v->type == YAML_SCALAR_NODE && !is_null(v) ? "'" : "",
                            v->type == YAML_SCALAR_NODE && !is_null(v) ? scalar(v)
                                                                       : kind_name(v),
                            v->type == YAML_SCALAR_NODE && !is_null(v) ? "'" : "");
        ld->rs->version = 1;
        if (f[1].value && (st = parse_checks(ld, f[1].value)))
                return st;
        if (f[2].value && (st = parse_tables(ld, f[2].value)))
                return st;
        return DL_OK;
}

/* libyaml reports reader errors (bad UTF-8, control characters) as a byte
 * offset only; turn it into a line and column of the text. */
static struct dl_loc offset_loc(const struct loader *ld, const char *text, size_t len,
                                size_t off)
{
        struct dl_loc loc = {ld->file, 1, 1};
        for (size_t i = 0; i < off && i < len; i++) {
                if (text[i] == '\n') {
                        loc.line++;
                        loc.col = 1;
                } else {
                        loc.col++;
                }
        }
        return loc;
}

static enum dl_status syntax_error(const struct loader *ld, const yaml_parser_t *p,
                                   const char *text, size_t len)
{
        struct dl_loc loc;
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        switch (p->error) {
        case YAML_MEMORY_ERROR:
                fputs("ddblint: out of memory\n", stderr);
                abort();
        case YAML_READER_ERROR:
                loc = offset_loc(ld, text, len, p->problem_offset);
                dl_strbuf_printf(&sb, "not a UTF-8 text file: %s", p->problem);
                if (p->problem_value != -1)
                        dl_strbuf_printf(&sb, " (byte 0x%02x)", (unsigned)p->problem_value);
                dl_strbuf_puts(&sb, "; expected a YAML rules file in UTF-8");
                break;
        default:
                loc = mark_loc(ld, p->problem_mark);
                dl_strbuf_printf(&sb, "YAML syntax error: %s", p->problem ? p->problem : "?");
                if (p->context) {
                        struct dl_loc c = mark_loc(ld, p->context_mark);
                        dl_strbuf_printf(&sb, " (%s at line %u, column %u)", p->context, c.line,
                                         c.col);
                }
                break;
        }
        dl_error_set(ld->err, DL_ERR_PARSE, &loc, "%s", dl_strbuf_cstr(&sb));
        dl_strbuf_fini(&sb);
        return DL_ERR_PARSE;
}

static struct dl_ruleset *ruleset_alloc(void)
{
        struct dl_ruleset *rs = dl_xcalloc(1, sizeof *rs);
        struct ruleset_priv *priv = dl_xcalloc(1, sizeof *priv);
        dl_arena_init(&priv->arena);
        rs->priv = priv;
        rs->version = 1;
        return rs;
}

enum dl_status dl_ruleset_load_string(const char *name, const char *text, size_t len,
                                      const char *const *check_ids, size_t n_check_ids,
                                      struct dl_ruleset **out, struct dl_error *err)
{
        *out = NULL;
        struct dl_ruleset *rs = ruleset_alloc();
        struct ruleset_priv *priv = rs->priv;
        struct loader ld = {
                .rs = rs,
                .arena = &priv->arena,
                .file = dl_arena_strdup(&priv->arena, name ? name : "<rules>"),
                .check_ids = check_ids,
                .n_check_ids = n_check_ids,
                .err = err,
        };
        rs->path = ld.file;

        yaml_parser_t parser;
        yaml_document_t doc, extra;
        bool have_doc = false;
        enum dl_status st;
        if (!yaml_parser_initialize(&parser)) {
                fputs("ddblint: out of memory\n", stderr);
                abort();
        }
        yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
        if (!yaml_parser_load(&parser, &doc)) {
                st = syntax_error(&ld, &parser, text, len);
                goto out;
        }
        have_doc = true;
        ld.doc = &doc;
        /* A second document is not ignored silently: it is either a
         * syntax error or content the user expects us to read. */
        if (!yaml_parser_load(&parser, &extra)) {
                st = syntax_error(&ld, &parser, text, len);
                goto out;
        }
        yaml_node_t *extra_root = yaml_document_get_root_node(&extra);
        if (extra_root) {
                st = fail_at(&ld, mark_loc(&ld, extra.start_mark),
                             "a second YAML document; expected a single document");
                yaml_document_delete(&extra);
                goto out;
        }
        yaml_document_delete(&extra);
        st = parse_root(&ld, yaml_document_get_root_node(&doc));
out:
        if (have_doc)
                yaml_document_delete(&doc);
        yaml_parser_delete(&parser);
        if (st) {
                dl_ruleset_free(rs);
                return st;
        }
        *out = rs;
        return DL_OK;
}

enum dl_status dl_ruleset_load(const char *path, const char *const *check_ids,
                               size_t n_check_ids, struct dl_ruleset **out,
                               struct dl_error *err)
{
        *out = NULL;
        char *text = NULL;
        size_t len = 0;
        enum dl_status st = dl_file_read(path, &text, &len, err);
        if (st == DL_OK)
                st = dl_ruleset_load_string(path, text, len, check_ids, n_check_ids, out, err);
        free(text);
        return st;
}

struct dl_ruleset *dl_ruleset_new_default(void)
{
        return ruleset_alloc();
}

void dl_ruleset_free(struct dl_ruleset *rs)
{
        if (!rs)
                return;
        for (size_t i = 0; i < rs->n_tables; i++)
                dl_regex_free(rs->tables[i].match_re);
        struct ruleset_priv *priv = rs->priv;
        if (priv) {
                dl_arena_fini(&priv->arena);
                free(priv);
        }
        free(rs);
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
