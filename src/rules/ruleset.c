/* ruleset.c - libyaml -> struct dl_ruleset, validated, positions kept.
 * SPDX-License-Identifier: MIT
 *
 * The file is read whole. A first pass over libyaml's events bounds the
 * work the file can cause (nesting depth, nodes with aliases expanded:
 * dl_rules_parse_yaml); then the document API composes it, keeping a start
 * mark on every node, and the validator walks the tree with a fixed schema
 * (top level -> checks / tables -> table -> keys, indexes -> projection),
 * so the depth of the walk never depends on the input. An alias is one
 * node of the document, read where it is used; what costs (a compiled
 * pattern) is made once per distinct text and shared (dl_rules_regex).
 *
 * Each mapping is read in two steps. read_fields() checks every key against
 * the keys that mapping allows (unknown and duplicate keys are errors that
 * list what is allowed, with a "did you mean" when one is close) and sorts
 * the values into slots; the caller then converts each slot in the order
 * that suits validation (the table's partition key before its local
 * indexes, for instance), whatever order the user wrote them in. The first
 * error stops the load: one precise message beats a cascade of follow-on
 * errors from the same mistake.
 *
 * Words that name a DynamoDB value (projection, index kind, key type) are
 * accepted in ddblint's spelling and in DynamoDB's own, case-insensitively
 * (`keys-only`, `KEYS_ONLY`; `global`, `GSI`; `S`, `String`).
 *
 * Everything the ruleset keeps is allocated in an arena behind rs->priv,
 * except the compiled patterns, kept in a list there and released by
 * dl_ruleset_free(). Table definitions imported with `tables-from:` are
 * read by ruleset_import.c into the same arena.
 */
#define _GNU_SOURCE /* tdestroy */
#include "ruleset.h"
#include "ruleset_internal.h"

#include "../core/alloc.h"
#include "../core/arena.h"
#include "../core/file.h"
#include "../core/path.h"
#include "../core/regex.h"
#include "../core/strbuf.h"
#include "../core/suggest.h"

#include <errno.h>
#include <limits.h>
#include <search.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

struct ruleset_priv {
        struct dl_arena arena;
        DL_VEC(struct dl_regex *) regexes;
        DL_VEC(const char *) patterns;   /* regexes[i] was compiled from patterns[i] */
        DL_VEC(const char *) sources;
        DL_VEC(struct dl_ruleset *) adopted; /* freed with this ruleset */
};

/* One key a mapping allows, and what read_fields() found for it. */
struct field {
        const char *key;
        yaml_node_t *key_node;
        yaml_node_t *value;
};

typedef struct dl_rules_loader loader_t;

/* ---- positions, nodes and messages ----------------------------------- */

static struct dl_loc mark_loc(const loader_t *ld, yaml_mark_t m)
{
        struct dl_loc loc = {ld->file, (unsigned)m.line + 1, (unsigned)m.column + 1};
        return loc;
}

struct dl_loc dl_rules_node_loc(const loader_t *ld, const yaml_node_t *n)
{
        if (ld->no_marks) {
                struct dl_loc loc = {ld->file, 0, 0};
                return loc;
        }
        return mark_loc(ld, n->start_mark);
}


yaml_node_t *dl_rules_node(const loader_t *ld, int id)
{
        return yaml_document_get_node(ld->doc, id);
}

enum dl_status dl_rules_fail_at(const loader_t *ld, struct dl_loc loc, const char *fmt, ...)
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

#define fail(ld, node, ...) dl_rules_fail_at((ld), dl_rules_node_loc((ld), (node)), __VA_ARGS__)

bool dl_rules_is_null(const yaml_node_t *n)
{
        if (n->type != YAML_SCALAR_NODE || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
                return false;
        const char *v = (const char *)n->data.scalar.value;
        return !*v || !strcmp(v, "~") || !strcmp(v, "null") || !strcmp(v, "Null") ||
               !strcmp(v, "NULL");
}


bool dl_rules_is_scalar(const yaml_node_t *n)
{
        return n && n->type == YAML_SCALAR_NODE;
}

bool dl_rules_is_map(const yaml_node_t *n)
{
        return n && n->type == YAML_MAPPING_NODE;
}

bool dl_rules_is_seq(const yaml_node_t *n)
{
        return n && n->type == YAML_SEQUENCE_NODE;
}

const char *dl_rules_kind_name(const yaml_node_t *n)
{
        switch (n->type) {
        case YAML_MAPPING_NODE: return "a mapping";
        case YAML_SEQUENCE_NODE: return "a sequence";
        case YAML_SCALAR_NODE: return dl_rules_is_null(n) ? "null" : "a scalar";
        default: return "nothing";
        }
}


const char *dl_rules_scalar(const yaml_node_t *n)
{
        return (const char *)n->data.scalar.value;
}


const char *dl_rules_tag(const yaml_node_t *n)
{
        const char *t = (const char *)n->tag;
        if (!t || !strncmp(t, "tag:yaml.org,2002:", 18))
                return NULL; /* the implicit tags libyaml fills in */
        return t;
}

size_t dl_rules_seq_len(const yaml_node_t *seq)
{
        return (size_t)(seq->data.sequence.items.top - seq->data.sequence.items.start);
}

yaml_node_t *dl_rules_seq_at(const loader_t *ld, const yaml_node_t *seq, size_t i)
{
        return dl_rules_node(ld, seq->data.sequence.items.start[i]);
}

yaml_node_t *dl_rules_map_get(const loader_t *ld, const yaml_node_t *map, const char *key)
{
        if (!map || map->type != YAML_MAPPING_NODE)
                return NULL;
        for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
             p++) {
                yaml_node_t *k = dl_rules_node(ld, p->key);
                if (k->type == YAML_SCALAR_NODE && !strcmp(dl_rules_scalar(k), key))
                        return dl_rules_node(ld, p->value);
        }
        return NULL;
}

/* `what` is the phrase after "expected a mapping ": "for 'tables'". */
static enum dl_status expect_type(const loader_t *ld, const yaml_node_t *n,
                                  yaml_node_type_t type, const char *what)
{
        if (n->type == type)
                return DL_OK;
        const char *want = type == YAML_MAPPING_NODE    ? "a mapping"
                           : type == YAML_SEQUENCE_NODE ? "a sequence"
                                                        : "a scalar";
        return fail(ld, n, "expected %s %s, got %s", want, what, dl_rules_kind_name(n));
}

/* What precedes "expected one of: ...": "; did you mean 'x'? " when word
 * is close to a candidate, else "; ". */
static const char *did_you_mean(const loader_t *ld, const char *word,
                                const char *const *candidates, size_t n)
{
        const char *s = dl_suggest(word, candidates, n);
        return s ? dl_arena_printf(ld->arena, "; did you mean '%s'? ", s) : "; ";
}

/* ---- mappings ---------------------------------------------------------- */

static void join_keys(struct dl_strbuf *sb, const struct field *fields, size_t n)
{
        for (size_t i = 0; i < n; i++)
                dl_strbuf_printf(sb, "%s%s", i ? ", " : "", fields[i].key);
}

/* Check that every key of map (a mapping) is a scalar, allowed and unique,
 * and put each value in its slot. `where` ends the messages: "in table". */
static enum dl_status read_fields(const loader_t *ld, yaml_node_t *map, const char *where,
                                  struct field *fields, size_t n_fields)
{
        for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
             p++) {
                yaml_node_t *k = dl_rules_node(ld, p->key);
                yaml_node_t *v = dl_rules_node(ld, p->value);
                if (k->type != YAML_SCALAR_NODE)
                        return fail(ld, k, "expected a scalar key %s, got %s", where,
                                    dl_rules_kind_name(k));
                struct field *f = NULL;
                for (size_t i = 0; i < n_fields && !f; i++) {
                        if (!strcmp(fields[i].key, dl_rules_scalar(k)))
                                f = &fields[i];
                }
                if (!f) {
                        const char **keys = dl_arena_alloc(ld->arena, n_fields * sizeof *keys);
                        for (size_t i = 0; i < n_fields; i++)
                                keys[i] = fields[i].key;
                        struct dl_strbuf sb;
                        dl_strbuf_init(&sb);
                        join_keys(&sb, fields, n_fields);
                        enum dl_status st =
                                fail(ld, k, "unknown key '%s' %s%sexpected one of: %s",
                                     dl_rules_scalar(k), where,
                                     did_you_mean(ld, dl_rules_scalar(k), keys, n_fields),
                                     dl_strbuf_cstr(&sb));
                        dl_strbuf_fini(&sb);
                        return st;
                }
                if (f->key_node) {
                        struct dl_loc first = dl_rules_node_loc(ld, f->key_node);
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
static enum dl_status unique_key(const loader_t *ld, yaml_node_t *map, yaml_node_pair_t *pair,
                                 const char *where)
{
        yaml_node_t *k = dl_rules_node(ld, pair->key);
        if (k->type != YAML_SCALAR_NODE)
                return fail(ld, k, "expected a scalar key %s, got %s", where, dl_rules_kind_name(k));
        for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < pair; p++) {
                yaml_node_t *o = dl_rules_node(ld, p->key);
                if (o->type == YAML_SCALAR_NODE && !strcmp(dl_rules_scalar(o), dl_rules_scalar(k))) {
                        struct dl_loc first = dl_rules_node_loc(ld, o);
                        return fail(ld, k,
                                    "duplicate key '%s' %s (first given at line %u, "
                                    "column %u); expected each key once",
                                    dl_rules_scalar(k), where, first.line, first.col);
                }
        }
        return DL_OK;
}

static enum dl_status missing(const loader_t *ld, const yaml_node_t *map, const char *key,
                              const char *where, const char *expected)
{
        return fail(ld, map, "missing required key '%s' %s; expected %s", key, where, expected);
}

/* ---- scalars ----------------------------------------------------------- */

enum dl_status dl_rules_get_string(const loader_t *ld, const yaml_node_t *n, const char *key,
                                   const char **out)
{
        if (n->type != YAML_SCALAR_NODE || dl_rules_is_null(n) || !n->data.scalar.length)
                return fail(ld, n, "expected a non-empty string for '%s', got %s", key,
                            n->type == YAML_SCALAR_NODE && !dl_rules_is_null(n) ? "an empty string"
                                                                        : dl_rules_kind_name(n));
        if (strlen(dl_rules_scalar(n)) != n->data.scalar.length)
                return fail(ld, n, "expected a string without NUL characters for '%s'", key);
        *out = dl_arena_strndup(ld->arena, dl_rules_scalar(n), n->data.scalar.length);
        return DL_OK;
}


/* A plain true or false (YAML 1.2 core schema spellings). */
static enum dl_status get_bool(const loader_t *ld, const yaml_node_t *n, const char *key,
                               bool *out)
{
        if (n->type == YAML_SCALAR_NODE && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
                const char *v = dl_rules_scalar(n);
                if (!strcmp(v, "true") || !strcmp(v, "True") || !strcmp(v, "TRUE")) {
                        *out = true;
                        return DL_OK;
                }
                if (!strcmp(v, "false") || !strcmp(v, "False") || !strcmp(v, "FALSE")) {
                        *out = false;
                        return DL_OK;
                }
        }
        if (n->type == YAML_SCALAR_NODE && !dl_rules_is_null(n))
                return fail(ld, n, "expected true or false for '%s', got '%s'", key, dl_rules_scalar(n));
        return fail(ld, n, "expected true or false for '%s', got %s", key, dl_rules_kind_name(n));
}

/* A word of an enumeration: each spelling maps to a value; `shown` ones
 * are listed in messages (ddblint's own spelling). */
struct word {
        const char *spelling;
        int value;
        bool shown;
};

/* One of a list of words, compared up to case and '-'/'_' (so DynamoDB's
 * KEYS_ONLY is ddblint's keys-only); returns its value in *out. */
static enum dl_status get_enum(const loader_t *ld, const yaml_node_t *n, const char *key,
                               const char *what, const struct word *words, int *out)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        size_t n_words = 0;
        for (const struct word *w = words; w->spelling; w++, n_words++) {
                if (w->shown)
                        dl_strbuf_printf(&sb, "%s%s", sb.len ? ", " : "", w->spelling);
        }
        enum dl_status st;
        if (n->type != YAML_SCALAR_NODE || dl_rules_is_null(n)) {
                st = fail(ld, n, "expected %s for '%s' (one of: %s), got %s", what, key,
                          dl_strbuf_cstr(&sb), dl_rules_kind_name(n));
                goto out;
        }
        for (const struct word *w = words; w->spelling; w++) {
                if (dl_word_eq(dl_rules_scalar(n), w->spelling)) {
                        *out = w->value;
                        st = DL_OK;
                        goto out;
                }
        }
        const char **all = dl_arena_alloc(ld->arena, n_words * sizeof *all);
        for (size_t i = 0; i < n_words; i++)
                all[i] = words[i].spelling;
        st = fail(ld, n, "bad %s '%s' for '%s'%sexpected one of: %s", what, dl_rules_scalar(n), key,
                  did_you_mean(ld, dl_rules_scalar(n), all, n_words), dl_strbuf_cstr(&sb));
out:
        dl_strbuf_fini(&sb);
        return st;
}

/* DynamoDB's spellings (API reference: AttributeDefinition.AttributeType,
 * Projection.ProjectionType) and SAM's (SimpleTable PrimaryKey.Type). */
static const struct word key_types[] = {
        {"S", DL_KEY_S, true},       {"N", DL_KEY_N, true},       {"B", DL_KEY_B, true},
        {"string", DL_KEY_S, false}, {"number", DL_KEY_N, false}, {"binary", DL_KEY_B, false},
        {NULL, 0, false},
};
static const struct word projections[] = {
        {"all", DL_PROJ_ALL, true},
        {"keys-only", DL_PROJ_KEYS_ONLY, true},
        {"include", DL_PROJ_INCLUDE, true},
        {NULL, 0, false},
};
static const struct word index_kinds[] = {
        {"global", DL_INDEX_GLOBAL, true}, {"local", DL_INDEX_LOCAL, true},
        {"gsi", DL_INDEX_GLOBAL, false},   {"lsi", DL_INDEX_LOCAL, false},
        {NULL, 0, false},
};
static const struct word severities[] = {
        {"note", DL_SEV_NOTE, true},
        {"warning", DL_SEV_WARNING, true},
        {"error", DL_SEV_ERROR, true},
        {NULL, 0, false},
};

enum dl_status dl_rules_key_type(const loader_t *ld, const yaml_node_t *n, const char *key,
                                 enum dl_key_type *out)
{
        int v = 0;
        enum dl_status st = get_enum(ld, n, key, "key type", key_types, &v);
        *out = (enum dl_key_type)v;
        return st;
}

enum dl_status dl_rules_projection(const loader_t *ld, const yaml_node_t *n, const char *key,
                                   enum dl_projection_kind *out)
{
        int v = 0;
        enum dl_status st = get_enum(ld, n, key, "projection", projections, &v);
        *out = (enum dl_projection_kind)v;
        return st;
}

/* ---- option values ------------------------------------------------------ */

/* The column of a scalar's first character when its text is written
 * verbatim on one line (plain, or quoted without escapes), else 0. */
static unsigned verbatim_col(const loader_t *ld, const yaml_node_t *v)
{
        const char *text = dl_rules_scalar(v);
        yaml_scalar_style_t style = v->data.scalar.style;
        bool verbatim = v->start_mark.line == v->end_mark.line &&
                        (style == YAML_PLAIN_SCALAR_STYLE ||
                         (style == YAML_SINGLE_QUOTED_SCALAR_STYLE && !strchr(text, '\'')) ||
                         (style == YAML_DOUBLE_QUOTED_SCALAR_STYLE && !strchr(text, '\\') &&
                          !strchr(text, '"')));
        struct dl_loc loc = dl_rules_node_loc(ld, v);
        if (!verbatim || !loc.line)
                return 0;
        return loc.col + (style == YAML_PLAIN_SCALAR_STYLE ? 0 : 1);
}

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
                        return fail(ld, n, "expected a value without NUL characters");
                out->kind = DL_OPT_SCALAR;
                out->text = dl_arena_strdup(ld->arena, dl_rules_scalar(n));
                out->verbatim_col = verbatim_col(ld, n);
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
                if ((st = unique_key(ld, n, &p0[i], "in an option value")))
                        return st;
                yaml_node_t *k = dl_rules_node(ld, p0[i].key);
                out->keys[i] = dl_arena_strdup(ld->arena, dl_rules_scalar(k));
                out->key_locs[i] = dl_rules_node_loc(ld, k);
                if ((st = to_opt(ld, dl_rules_node(ld, p0[i].value), &out->items[i])))
                        return st;
        }
        return DL_OK;
}

/* ---- tables ------------------------------------------------------------ */

static enum dl_status parse_key_attr(const loader_t *ld, yaml_node_t *n, const char *key,
                                     struct dl_key_attr *out)
{
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
        if ((st = dl_rules_get_string(ld, f[0].value, "name", &out->name)))
                return st;
        int t = 0;
        if ((st = get_enum(ld, f[1].value, "type", "key type", key_types, &t)))
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
                        return fail(ld, n,
                                    "expected all, keys-only, include or a mapping for "
                                    "'projection', got %s",
                                    dl_rules_kind_name(n));
                if ((st = get_enum(ld, n, "projection", "projection", projections, &k)))
                        return st;
                ix->projection = (enum dl_projection_kind)k;
                return DL_OK;
        }
        struct field f[] = {{"type", NULL, NULL}, {"non-key-attributes", NULL, NULL}};
        if ((st = read_fields(ld, n, "in 'projection'", f, 2)))
                return st;
        if (!f[0].value)
                return missing(ld, n, "type", "in 'projection'", "all, keys-only or include");
        if ((st = get_enum(ld, f[0].value, "type", "projection", projections, &k)))
                return st;
        ix->projection = (enum dl_projection_kind)k;
        yaml_node_t *attrs = f[1].value;
        if (!attrs || dl_rules_is_null(attrs))
                return DL_OK;
        if (ix->projection != DL_PROJ_INCLUDE)
                return fail(ld, f[1].key_node,
                            "'non-key-attributes' is only allowed with 'type: include', "
                            "not with 'type: %s'",
                            projections[k].spelling);
        if ((st = expect_type(ld, attrs, YAML_SEQUENCE_NODE, "for 'non-key-attributes'")))
                return st;
        size_t n_items = dl_rules_seq_len(attrs);
        ix->non_key_attributes = dl_arena_alloc(ld->arena, n_items * sizeof(const char *) + 1);
        for (size_t i = 0; i < n_items; i++) {
                yaml_node_t *a = dl_rules_seq_at(ld, attrs, i);
                if ((st = dl_rules_get_string(ld, a, "non-key-attributes", &ix->non_key_attributes[i])))
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
                struct field f[] = {{"S", NULL, NULL}, {"N", NULL, NULL}, {"B", NULL, NULL}};
                enum dl_status st = read_fields(ld, n, "in a value of 'sparse'", f, 3);
                if (st)
                        return st;
                int given = (f[0].value != NULL) + (f[1].value != NULL) + (f[2].value != NULL);
                if (given != 1)
                        return fail(ld, n, "expected one of S, N or B in a value of 'sparse' "
                                           "(DynamoDB's AttributeValue: {S: UNSHIPPED})");
                n = f[0].value ? f[0].value : f[1].value ? f[1].value : f[2].value;
        }
        return dl_rules_get_string(ld, n, "values", out);
}

/* `sparse: {values: [UNSHIPPED]}` on a global index. */
static enum dl_status parse_sparse(const loader_t *ld, yaml_node_t *n, struct dl_index *ix)
{
        enum dl_status st;
        if ((st = expect_type(ld, n, YAML_MAPPING_NODE, "for 'sparse'")))
                return st;
        if (ix->kind != DL_INDEX_GLOBAL)
                return fail(ld, n,
                            "'sparse' is only allowed on a global index: a local index shares "
                            "the table's partition key, which every item has");
        struct field f[] = {{"values", NULL, NULL}};
        if ((st = read_fields(ld, n, "in 'sparse'", f, 1)))
                return st;
        if (!f[0].value)
                return missing(ld, n, "values", "in 'sparse'",
                               "the partition-key values of items that belong in the index: "
                               "'values: [UNSHIPPED]'");
        yaml_node_t *vs = f[0].value;
        if ((st = expect_type(ld, vs, YAML_SEQUENCE_NODE, "for 'values'")))
                return st;
        size_t n_items = dl_rules_seq_len(vs);
        if (!n_items)
                return fail(ld, vs, "expected at least one value in 'values' of 'sparse'");
        ix->sparse_values = dl_arena_alloc(ld->arena, n_items * sizeof *ix->sparse_values);
        for (size_t i = 0; i < n_items; i++) {
                if ((st = get_sparse_value(ld, dl_rules_seq_at(ld, vs, i),
                                           &ix->sparse_values[i])))
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
        if ((st = expect_type(ld, n, YAML_MAPPING_NODE, "for each entry of 'indexes'")))
                return st;
        struct field f[] = {{"name", NULL, NULL},          {"kind", NULL, NULL},
                            {"partition-key", NULL, NULL}, {"sort-key", NULL, NULL},
                            {"projection", NULL, NULL},    {"sparse", NULL, NULL}};
        if ((st = read_fields(ld, n, "in index", f, 6)))
                return st;
        ix->loc = dl_rules_node_loc(ld, n);
        if (!f[0].value)
                return missing(ld, n, "name", "in index", "the index's name");
        if ((st = dl_rules_get_string(ld, f[0].value, "name", &ix->name)))
                return st;
        for (size_t i = 0; i < t->n_indexes; i++) {
                if (!strcmp(t->indexes[i].name, ix->name))
                        return fail(ld, f[0].value,
                                    "duplicate index name '%s' in %s (first defined at line %u, "
                                    "column %u); expected unique index names",
                                    ix->name, dl_rules_table_label(ld->arena, t),
                                    t->indexes[i].loc.line, t->indexes[i].loc.col);
        }
        const char *where = dl_arena_printf(ld->arena, "in index '%s'", ix->name);
        if (!f[1].value)
                return missing(ld, n, "kind", where, "global or local");
        int k = 0;
        if ((st = get_enum(ld, f[1].value, "kind", "index kind", index_kinds, &k)))
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
        if (f[5].value && (st = parse_sparse(ld, f[5].value, ix)))
                return st;
        return DL_OK;
}

/* The `match` pattern of t, compiled; errors point at the offending
 * character when the scalar's text is the pattern verbatim (plain, or
 * quoted on one line without escapes). */
static enum dl_status compile_match(loader_t *ld, const yaml_node_t *v, const char *pattern,
                                    struct dl_regex **re)
{
        struct dl_error rerr;
        dl_error_init(&rerr);
        if (dl_rules_regex(ld->rs, pattern, re, &rerr) == DL_OK)
                return DL_OK;
        struct dl_loc loc = dl_rules_node_loc(ld, v);
        unsigned col = verbatim_col(ld, v);
        if (col)
                loc.col = col + (rerr.col ? rerr.col - 1 : 0);
        enum dl_status st = dl_rules_fail_at(ld, loc, "%s; expected a PCRE2 pattern for 'match'",
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

static enum dl_status parse_table(loader_t *ld, yaml_node_t *n, struct dl_table *t)
{
        enum dl_status st;
        if ((st = expect_type(ld, n, YAML_MAPPING_NODE, "for each entry of 'tables'")))
                return st;
        struct field f[] = {{"name", NULL, NULL},          {"match", NULL, NULL},
                            {"default", NULL, NULL},       {"partition-key", NULL, NULL},
                            {"sort-key", NULL, NULL},      {"indexes", NULL, NULL}};
        if ((st = read_fields(ld, n, "in table", f, 6)))
                return st;
        t->loc = dl_rules_node_loc(ld, n);
        if (f[0].value) {
                if ((st = dl_rules_get_string(ld, f[0].value, "name", &t->name)))
                        return st;
                for (size_t i = 0; i < ld->tables.n; i++) {
                        const struct dl_table *o = &ld->tables.items[i];
                        if (o->name && !strcmp(o->name, t->name))
                                return fail(ld, f[0].value,
                                            "duplicate table name '%s' (first defined at "
                                            "line %u, column %u); expected unique table names",
                                            t->name, o->loc.line, o->loc.col);
                }
        }
        if (f[1].value) {
                if ((st = dl_rules_get_string(ld, f[1].value, "match", &t->match)))
                        return st;
                if ((st = compile_match(ld, f[1].value, t->match, &t->match_re)))
                        return st;
        }
        if (f[2].value) {
                if ((st = get_bool(ld, f[2].value, "default", &t->is_default)))
                        return st;
                const struct dl_table *d = default_of(ld);
                if (t->is_default && d)
                        return fail(ld, f[2].value,
                                    "a second table with 'default: true' (the first is at "
                                    "line %u, column %u); expected at most one default table",
                                    d->loc.line, d->loc.col);
        }
        if (!t->name && !t->match && !t->is_default)
                return fail(ld, n,
                            "table has no 'name', 'match' or 'default: true'; expected at "
                            "least one of them");
        const char *where = dl_arena_printf(ld->arena, "in %s",
                                            dl_rules_table_label(ld->arena, t));
        if (!f[3].value)
                return missing(ld, n, "partition-key", where,
                               "a mapping with 'name' and 'type'");
        if ((st = parse_key_attr(ld, f[3].value, "partition-key", &t->partition_key)))
                return st;
        if (f[4].value && (st = parse_key_attr(ld, f[4].value, "sort-key", &t->sort_key)))
                return st;
        yaml_node_t *ixs = f[5].value;
        if (!ixs || dl_rules_is_null(ixs))
                return DL_OK;
        if ((st = expect_type(ld, ixs, YAML_SEQUENCE_NODE, "for 'indexes'")))
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

static enum dl_status parse_tables(loader_t *ld, yaml_node_t *n)
{
        if (dl_rules_is_null(n))
                return DL_OK;
        enum dl_status st = expect_type(ld, n, YAML_SEQUENCE_NODE, "for 'tables'");
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
static void add_unless_known(struct dl_arena *arena, struct dl_table **arr, size_t *n,
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
                add_unless_known(ld->arena, &ld->rs->tables, &ld->rs->n_tables, &cap,
                                 &ld->tables.items[i]);
        for (size_t i = 0; i < ld->imported.n; i++)
                add_unless_known(ld->arena, &ld->rs->tables, &ld->rs->n_tables, &cap,
                                 &ld->imported.items[i]);
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
                if ((st = expect_type(ld, n, YAML_MAPPING_NODE,
                                      "or a file name for each entry of 'tables-from'")))
                        return st;
                struct field f[] = {{"path", NULL, NULL},
                                    {"format", NULL, NULL},
                                    {"default", NULL, NULL}};
                if ((st = read_fields(ld, n, "in 'tables-from'", f, 3)))
                        return st;
                if (!f[0].value)
                        return missing(ld, n, "path", "in 'tables-from'",
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
                                return fail(ld, f[1].value,
                                            "bad format '%s' for 'format'%sexpected one of: "
                                            "cloudformation, describe-table, terraform",
                                            format, did_you_mean(ld, format, import_formats, 3));
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

static enum dl_status parse_tables_from(loader_t *ld, yaml_node_t *n)
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
                return fail(ld, n,
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
        struct field f[] = {{"argument", NULL, NULL}};
        enum dl_status st = read_fields(ld, n, where, f, 1);
        if (st)
                return st;
        if (!f[0].value)
                return missing(ld, n, "argument", where, "the argument's number, 1 for the first");
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
                return fail(ld, n,
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
        return fail(ld, n,
                    "unknown operation '%s' for 'operation'%sexpected one of DynamoDB's "
                    "operations (Query, GetItem...) or {argument: N}",
                    name, did_you_mean(ld, name, op_names, n_ops));
}

static enum dl_status parse_wrapper_arg(const loader_t *ld, yaml_node_t *n,
                                        const struct dl_wrapper *w, struct dl_wrapper_arg *a)
{
        enum dl_status st;
        if ((st = expect_type(ld, n, YAML_MAPPING_NODE,
                              "for each entry of 'arguments' ({argument: N, role: ROLE})")))
                return st;
        struct field f[] = {{"argument", NULL, NULL}, {"role", NULL, NULL}};
        if ((st = read_fields(ld, n, "in an entry of 'arguments'", f, 2)))
                return st;
        if (!f[0].value)
                return missing(ld, n, "argument", "in an entry of 'arguments'",
                               "the argument's number, 1 for the first");
        if (!f[1].value)
                return missing(ld, n, "role", "in an entry of 'arguments'",
                               "what the argument holds: table, key-condition, json-body...");
        if ((st = get_argument(ld, f[0].value, &a->argument)))
                return st;
        struct word words[DL_ROLE_REQUEST + 2];
        for (int r = 0; r <= DL_ROLE_REQUEST; r++)
                words[r] = (struct word){dl_wrapper_role_name(r), r, true};
        words[DL_ROLE_REQUEST + 1] = (struct word){NULL, 0, false};
        int role = 0;
        if ((st = get_enum(ld, f[1].value, "role", "role", words, &role)))
                return st;
        a->role = (enum dl_wrapper_role)role;
        a->loc = dl_rules_node_loc(ld, n);
        if (a->argument == w->operation_argument)
                return fail(ld, f[0].value,
                            "argument %u already holds the operation; expected each argument "
                            "once",
                            a->argument);
        for (size_t i = 0; i < w->n_args; i++) {
                if (w->args[i].argument == a->argument)
                        return fail(ld, f[0].value,
                                    "argument %u already has a role (line %u, column %u); "
                                    "expected each argument once",
                                    a->argument, w->args[i].loc.line, w->args[i].loc.col);
        }
        return DL_OK;
}

static enum dl_status parse_wrapper(loader_t *ld, yaml_node_t *n, struct dl_wrapper *w)
{
        enum dl_status st;
        if ((st = expect_type(ld, n, YAML_MAPPING_NODE, "for each entry of 'wrappers'")))
                return st;
        struct field f[] = {
                {"match", NULL, NULL}, {"operation", NULL, NULL}, {"arguments", NULL, NULL}};
        if ((st = read_fields(ld, n, "in wrapper", f, 3)))
                return st;
        w->loc = dl_rules_node_loc(ld, n);
        if (!f[0].value)
                return missing(ld, n, "match", "in wrapper",
                               "a PCRE2 pattern on the function's qualified name");
        if (!f[1].value)
                return missing(ld, n, "operation", "in wrapper",
                               "an operation name (GetItem) or {argument: N}");
        if ((st = dl_rules_get_string(ld, f[0].value, "match", &w->match)))
                return st;
        if ((st = compile_match(ld, f[0].value, w->match, &w->match_re)))
                return st;
        if ((st = parse_wrapper_operation(ld, f[1].value, w)))
                return st;
        w->calls = dl_arena_alloc(ld->arena, sizeof *w->calls);
        *w->calls = 0;
        yaml_node_t *args = f[2].value;
        if (!args || dl_rules_is_null(args))
                return DL_OK;
        if ((st = expect_type(ld, args, YAML_SEQUENCE_NODE, "for 'arguments'")))
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
        enum dl_status st = expect_type(ld, n, YAML_SEQUENCE_NODE, "for 'wrappers'");
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
        if ((st = expect_type(ld, n, YAML_MAPPING_NODE, "for each entry of 'access-patterns'")))
                return st;
        struct field f[] = {{"name", NULL, NULL},          {"operation", NULL, NULL},
                            {"table", NULL, NULL},         {"index", NULL, NULL},
                            {"partition-key", NULL, NULL}, {"sort-key", NULL, NULL}};
        if ((st = read_fields(ld, n, "in access pattern", f, 6)))
                return st;
        p->loc = dl_rules_node_loc(ld, n);
        if (!f[0].value)
                return missing(ld, n, "name", "in access pattern", "a name for the pattern");
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
        enum dl_status st = expect_type(ld, n, YAML_SEQUENCE_NODE, "for 'access-patterns'");
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
        if ((st = expect_type(ld, v, YAML_MAPPING_NODE, what)))
                return st;
        snprintf(what, sizeof what, "in check '%s'", c->id);
        size_t n_pairs = (size_t)(v->data.mapping.pairs.top - v->data.mapping.pairs.start);
        c->options = dl_arena_alloc(ld->arena, n_pairs * sizeof *c->options);
        for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top;
             p++) {
                if ((st = unique_key(ld, v, p, what)))
                        return st;
                yaml_node_t *ok = dl_rules_node(ld, p->key);
                yaml_node_t *ov = dl_rules_node(ld, p->value);
                const char *key = dl_rules_scalar(ok);
                if (!strcmp(key, "enabled")) {
                        if ((st = get_bool(ld, ov, "enabled", &c->enabled)))
                                return st;
                        c->has_enabled = true;
                } else if (!strcmp(key, "severity")) {
                        int s = 0;
                        if ((st = get_enum(ld, ov, "severity", "severity", severities, &s)))
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
        enum dl_status st = expect_type(ld, n, YAML_MAPPING_NODE, "for 'checks'");
        if (st)
                return st;
        size_t n_pairs = (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
        ld->rs->checks = dl_arena_alloc(ld->arena, n_pairs * sizeof *ld->rs->checks);
        for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top;
             p++) {
                if ((st = unique_key(ld, n, p, "in 'checks'")))
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
                                st = fail(ld, k, "unknown check id '%s'%sexpected one of: %s",
                                          dl_rules_scalar(k),
                                          did_you_mean(ld, dl_rules_scalar(k), ld->check_ids,
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
        if ((st = expect_type(ld, root, YAML_MAPPING_NODE, "at the top level")))
                return st;
        struct field f[] = {{"version", NULL, NULL},     {"inherit", NULL, NULL},
                            {"checks", NULL, NULL},      {"tables", NULL, NULL},
                            {"tables-from", NULL, NULL}, {"exclude", NULL, NULL},
                            {"wrappers", NULL, NULL},    {"access-patterns", NULL, NULL}};
        if ((st = read_fields(ld, root, "at the top level", f, 8)))
                return st;
        if (!f[0].value)
                return missing(ld, root, "version", "at the top level", "'version: 1'");
        yaml_node_t *v = f[0].value;
        if (v->type == YAML_SCALAR_NODE && v->data.scalar.style != YAML_PLAIN_SCALAR_STYLE &&
            !strcmp(dl_rules_scalar(v), "1"))
                return fail(ld, v, "version is the string '1'; expected the number 1 "
                                   "(write 'version: 1' without quotes)");
        if (v->type != YAML_SCALAR_NODE || v->data.scalar.style != YAML_PLAIN_SCALAR_STYLE ||
            strcmp(dl_rules_scalar(v), "1"))
                return fail(ld, v, "unsupported version %s%s%s; expected 1",
                            v->type == YAML_SCALAR_NODE && !dl_rules_is_null(v) ? "'" : "",
                            v->type == YAML_SCALAR_NODE && !dl_rules_is_null(v) ? dl_rules_scalar(v)
                                                                       : dl_rules_kind_name(v),
                            v->type == YAML_SCALAR_NODE && !dl_rules_is_null(v) ? "'" : "");
        ld->rs->version = 1;
        if (f[1].value && (st = get_bool(ld, f[1].value, "inherit", &ld->rs->inherit)))
                return st;
        if (f[2].value && (st = parse_checks(ld, f[2].value)))
                return st;
        if (f[3].value && (st = parse_tables(ld, f[3].value)))
                return st;
        if (f[4].value && (st = parse_tables_from(ld, f[4].value)))
                return st;
        if (f[5].value && (st = parse_exclude(ld, f[5].value)))
                return st;
        if (f[6].value && (st = parse_wrappers(ld, f[6].value)))
                return st;
        if (f[7].value && (st = parse_access_patterns(ld, f[7].value)))
                return st;
        return DL_OK;
}

/* libyaml reports reader errors (bad UTF-8, control characters) as a byte
 * offset only; turn it into a line and column of the text. */
static struct dl_loc offset_loc(const loader_t *ld, const char *text, size_t len, size_t off)
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

static enum dl_status syntax_error(const loader_t *ld, const yaml_parser_t *p, const char *text,
                                   size_t len)
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
                dl_strbuf_puts(&sb, "; expected YAML in UTF-8");
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

/* ---- limits: one pass over the events ------------------------------------ */

struct anchor {
        char *name;
        size_t size; /* nodes of the anchored subtree, aliases expanded */
};

static int cmp_anchor(const void *a, const void *b)
{
        return strcmp(((const struct anchor *)a)->name, ((const struct anchor *)b)->name);
}

static void free_anchor(void *p)
{
        struct anchor *a = p;
        free(a->name);
        free(a);
}

static size_t sat_add(size_t a, size_t b)
{
        return a > SIZE_MAX - b ? SIZE_MAX : a + b;
}

/* Records the size of an anchored node (a later anchor of the same name
 * replaces it, as YAML says). */
static void remember_anchor(void **tree, const unsigned char *name, size_t size)
{
        struct anchor key = {(char *)name, 0};
        struct anchor **found = tfind(&key, tree, cmp_anchor);
        if (found) {
                (*found)->size = size;
                return;
        }
        struct anchor *a = dl_xmalloc(sizeof *a);
        a->name = dl_xstrdup((const char *)name);
        a->size = size;
        tsearch(a, tree, cmp_anchor);
}

/* The depth of collections, and the number of nodes the document has when
 * every alias is replaced by what it names, are counted as libyaml produces
 * events; the first one over its limit stops the read. */
static enum dl_status check_limits(const loader_t *ld, const char *text, size_t len)
{
        yaml_parser_t parser;
        if (!yaml_parser_initialize(&parser)) {
                fputs("ddblint: out of memory\n", stderr);
                abort();
        }
        yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
        void *anchors = NULL;
        size_t start_total[DL_RULES_MAX_DEPTH];  /* total when each open collection began */
        char *anchor_names[DL_RULES_MAX_DEPTH]; /* its anchor, copied, or NULL */
        size_t depth = 0, total = 0;
        bool aliased = false; /* an alias added nodes: say so in the message */
        enum dl_status st = DL_OK;
        for (bool done = false; !done && st == DL_OK;) {
                yaml_event_t ev;
                if (!yaml_parser_parse(&parser, &ev)) {
                        st = syntax_error(ld, &parser, text, len);
                        break;
                }
                const unsigned char *anchor = NULL;
                switch (ev.type) {
                case YAML_STREAM_END_EVENT:
                        done = true;
                        break;
                case YAML_SCALAR_EVENT:
                        total = sat_add(total, 1);
                        if (ev.data.scalar.anchor)
                                remember_anchor(&anchors, ev.data.scalar.anchor, 1);
                        break;
                case YAML_ALIAS_EVENT: {
                        struct anchor key = {(char *)ev.data.alias.anchor, 0};
                        struct anchor **a = tfind(&key, &anchors, cmp_anchor);
                        total = sat_add(total, a ? (*a)->size : 1);
                        aliased = true;
                        break;
                }
                case YAML_SEQUENCE_START_EVENT:
                case YAML_MAPPING_START_EVENT:
                        anchor = ev.type == YAML_SEQUENCE_START_EVENT
                                         ? ev.data.sequence_start.anchor
                                         : ev.data.mapping_start.anchor;
                        if (depth == DL_RULES_MAX_DEPTH) {
                                st = dl_rules_fail_at(ld, mark_loc(ld, ev.start_mark),
                                             "collections nested deeper than %d levels; "
                                             "expected a shallower document",
                                             DL_RULES_MAX_DEPTH);
                                break;
                        }
                        anchor_names[depth] = anchor ? dl_xstrdup((const char *)anchor) : NULL;
                        start_total[depth] = total;
                        depth++;
                        total = sat_add(total, 1);
                        break;
                case YAML_SEQUENCE_END_EVENT:
                case YAML_MAPPING_END_EVENT:
                        if (depth) {
                                depth--;
                                if (anchor_names[depth]) {
                                        remember_anchor(&anchors,
                                                        (const unsigned char *)anchor_names[depth],
                                                        total - start_total[depth]);
                                        free(anchor_names[depth]);
                                }
                        }
                        break;
                default:
                        break;
                }
                if (st == DL_OK && total > DL_RULES_MAX_NODES && aliased)
                        st = dl_rules_fail_at(ld, mark_loc(ld, ev.start_mark),
                                     "the document grows past %d nodes when its aliases are "
                                     "expanded; expected fewer aliases of large nodes",
                                     DL_RULES_MAX_NODES);
                else if (st == DL_OK && total > DL_RULES_MAX_NODES)
                        st = dl_rules_fail_at(
                                ld, mark_loc(ld, ev.start_mark),
                                "the document has more than %d nodes; expected a smaller "
                                "rules file",
                                DL_RULES_MAX_NODES);
                yaml_event_delete(&ev);
        }
        while (depth)
                free(anchor_names[--depth]);
        tdestroy(anchors, free_anchor);
        yaml_parser_delete(&parser);
        return st;
}

enum dl_status dl_rules_parse_yaml(const loader_t *ld, const char *text, size_t len,
                                   yaml_document_t *doc)
{
        enum dl_status st = check_limits(ld, text, len);
        if (st)
                return st;
        yaml_parser_t parser;
        if (!yaml_parser_initialize(&parser)) {
                fputs("ddblint: out of memory\n", stderr);
                abort();
        }
        yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
        if (!yaml_parser_load(&parser, doc)) {
                st = syntax_error(ld, &parser, text, len);
                yaml_parser_delete(&parser);
                return st;
        }
        /* A second document is not ignored silently: it is either a
         * syntax error or content the user expects us to read. */
        yaml_document_t extra;
        if (!yaml_parser_load(&parser, &extra)) {
                st = syntax_error(ld, &parser, text, len);
        } else {
                if (yaml_document_get_root_node(&extra))
                        st = dl_rules_fail_at(ld, mark_loc(ld, extra.start_mark),
                                     "a second YAML document; expected a single document");
                yaml_document_delete(&extra);
        }
        yaml_parser_delete(&parser);
        if (st) {
                yaml_document_delete(doc);
                return st;
        }
        return DL_OK;
}

/* ---- the ruleset --------------------------------------------------------- */

enum dl_status dl_rules_regex(struct dl_ruleset *rs, const char *pattern, struct dl_regex **out,
                              struct dl_error *err)
{
        struct ruleset_priv *priv = rs->priv;
        for (size_t i = 0; i < priv->patterns.n; i++) {
                if (!strcmp(priv->patterns.items[i], pattern)) {
                        *out = priv->regexes.items[i];
                        return DL_OK;
                }
        }
        enum dl_status st = dl_regex_compile(pattern, true, out, err);
        if (st)
                return st;
        DL_VEC_PUSH(&priv->regexes, *out);
        DL_VEC_PUSH(&priv->patterns, dl_arena_strdup(&priv->arena, pattern));
        return DL_OK;
}

void dl_rules_add_source(struct dl_ruleset *rs, const char *path)
{
        struct ruleset_priv *priv = rs->priv;
        DL_VEC_PUSH(&priv->sources, dl_arena_strdup(&priv->arena, path));
        rs->sources = priv->sources.items;
        rs->n_sources = priv->sources.n;
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

/* A loader for a new ruleset named `name`, whose relative paths start in
 * name's directory. */
static void loader_init(loader_t *ld, struct dl_ruleset *rs, const char *name,
                        const char *const *check_ids, size_t n_check_ids, struct dl_error *err)
{
        struct ruleset_priv *priv = rs->priv;
        memset(ld, 0, sizeof *ld);
        ld->rs = rs;
        ld->arena = &priv->arena;
        ld->file = dl_arena_strdup(&priv->arena, name ? name : "<rules>");
        char *dir = dl_path_dirname(ld->file);
        ld->dir = dl_arena_strdup(&priv->arena, dir);
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
        struct dl_ruleset *rs = ruleset_alloc();
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
        struct dl_ruleset *rs = ruleset_alloc();
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
        struct dl_ruleset *rs = ruleset_alloc();
        loader_t ld;
        loader_init(&ld, rs, path, NULL, 0, err);
        ld.all_tables = true;
        char *cwd = dl_path_absolute(".");
        ld.dir = dl_arena_strdup(ld.arena, cwd);
        free(cwd);
        struct dl_loc none = {NULL, 0, 0};
        return loader_finish(&ld, dl_rules_import(&ld, path, format, NULL, none), out);
}

struct dl_ruleset *dl_ruleset_new_default(void)
{
        return ruleset_alloc();
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
        struct dl_ruleset *rs = ruleset_alloc();
        struct ruleset_priv *priv = rs->priv;
        struct dl_arena *arena = &priv->arena;
        rs->path = child->path;
        rs->version = child->version;
        size_t cap = 0;
        for (size_t i = 0; i < child->n_tables; i++)
                add_unless_known(arena, &rs->tables, &rs->n_tables, &cap, &child->tables[i]);
        for (size_t i = 0; i < parent->n_tables; i++)
                add_unless_known(arena, &rs->tables, &rs->n_tables, &cap, &parent->tables[i]);
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

void dl_ruleset_free(struct dl_ruleset *rs)
{
        if (!rs)
                return;
        struct ruleset_priv *priv = rs->priv;
        if (priv) {
                for (size_t i = 0; i < priv->regexes.n; i++)
                        dl_regex_free(priv->regexes.items[i]);
                DL_VEC_FREE(&priv->regexes);
                DL_VEC_FREE(&priv->patterns);
                DL_VEC_FREE(&priv->sources);
                dl_arena_fini(&priv->arena);
                for (size_t i = 0; i < priv->adopted.n; i++)
                        dl_ruleset_free(priv->adopted.items[i]);
                DL_VEC_FREE(&priv->adopted);
                free(priv);
        }
        free(rs);
}

void dl_ruleset_adopt(struct dl_ruleset *rs, struct dl_ruleset *take)
{
        struct ruleset_priv *priv = rs->priv;
        if (take)
                DL_VEC_PUSH(&priv->adopted, take);
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
