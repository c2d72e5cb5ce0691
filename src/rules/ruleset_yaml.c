/* ruleset_yaml.c - the YAML reader of the rules loader: nodes and their
 * positions, errors at a node, the validating readers of mappings (known,
 * unique keys), strings, booleans and words, and the parse of one bounded
 * document (docs/rules-file.md, "Limits").
 * SPDX-License-Identifier: MIT
 *
 * The lowest layer of src/rules/ruleset*.c: it calls none of the others.
 * A first pass over libyaml's events bounds the work the file can cause
 * (nesting depth, nodes with aliases expanded: dl_rules_parse_yaml); then
 * the document API composes it, keeping a start mark on every node.
 *
 * Each mapping is read in two steps. dl_rules_read_fields() checks every
 * key against the keys that mapping allows (unknown and duplicate keys are
 * errors that list what is allowed, with a "did you mean" when one is
 * close) and sorts the values into slots; the caller then converts each
 * slot in the order that suits validation, whatever order the user wrote
 * them in.
 *
 * Words that name a DynamoDB value (projection, index kind, key type) are
 * accepted in ddblint's spelling and in DynamoDB's own, case-insensitively
 * (`keys-only`, `KEYS_ONLY`; `global`, `GSI`; `S`, `String`).
 */
#define _GNU_SOURCE /* tdestroy */
#include "ruleset_internal.h"

#include "../core/alloc.h"
#include "../core/strbuf.h"
#include "../core/suggest.h"

#include <search.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

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
        if (ld->byte_locs)
                return n->start_mark.index < ld->n_byte_locs ? ld->byte_locs[n->start_mark.index]
                                                             : ld->byte_locs[ld->n_byte_locs - 1];
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
enum dl_status dl_rules_expect_type(const loader_t *ld, const yaml_node_t *n, int type,
                                    const char *what)
{
        if ((int)n->type == type)
                return DL_OK;
        const char *want = type == YAML_MAPPING_NODE    ? "a mapping"
                           : type == YAML_SEQUENCE_NODE ? "a sequence"
                                                        : "a scalar";
        return dl_rules_fail(ld, n, "expected %s %s, got %s", want, what, dl_rules_kind_name(n));
}

/* What precedes "expected one of: ...": "; did you mean 'x'? " when word
 * is close to a candidate, else "; ". */
const char *dl_rules_did_you_mean(const loader_t *ld, const char *word,
                                  const char *const *candidates, size_t n)
{
        const char *s = dl_suggest(word, candidates, n);
        return s ? dl_arena_printf(ld->arena, "; did you mean '%s'? ", s) : "; ";
}

/* ---- mappings ---------------------------------------------------------- */

static void join_keys(struct dl_strbuf *sb, const struct dl_rules_field *fields, size_t n)
{
        for (size_t i = 0; i < n; i++)
                dl_strbuf_printf(sb, "%s%s", i ? ", " : "", fields[i].key);
}

/* Check that every key of map (a mapping) is a scalar, allowed and unique,
 * and put each value in its slot. `where` ends the messages: "in table". */
enum dl_status dl_rules_read_fields(const loader_t *ld, yaml_node_t *map, const char *where,
                                    struct dl_rules_field *fields, size_t n_fields)
{
        for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
             p++) {
                yaml_node_t *k = dl_rules_node(ld, p->key);
                yaml_node_t *v = dl_rules_node(ld, p->value);
                if (k->type != YAML_SCALAR_NODE)
                        return dl_rules_fail(ld, k, "expected a scalar key %s, got %s", where,
                                             dl_rules_kind_name(k));
                struct dl_rules_field *f = NULL;
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
                        enum dl_status st = dl_rules_fail(
                                ld, k, "unknown key '%s' %s%sexpected one of: %s",
                                dl_rules_scalar(k), where,
                                dl_rules_did_you_mean(ld, dl_rules_scalar(k), keys, n_fields),
                                dl_strbuf_cstr(&sb));
                        dl_strbuf_fini(&sb);
                        return st;
                }
                if (f->key_node) {
                        struct dl_loc first = dl_rules_node_loc(ld, f->key_node);
                        return dl_rules_fail(ld, k,
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
enum dl_status dl_rules_unique_key(const loader_t *ld, yaml_node_t *map, yaml_node_pair_t *pair,
                                   const char *where)
{
        yaml_node_t *k = dl_rules_node(ld, pair->key);
        if (k->type != YAML_SCALAR_NODE)
                return dl_rules_fail(ld, k, "expected a scalar key %s, got %s", where,
                                     dl_rules_kind_name(k));
        for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < pair; p++) {
                yaml_node_t *o = dl_rules_node(ld, p->key);
                if (o->type == YAML_SCALAR_NODE &&
                    !strcmp(dl_rules_scalar(o), dl_rules_scalar(k))) {
                        struct dl_loc first = dl_rules_node_loc(ld, o);
                        return dl_rules_fail(ld, k,
                                             "duplicate key '%s' %s (first given at line %u, "
                                             "column %u); expected each key once",
                                             dl_rules_scalar(k), where, first.line, first.col);
                }
        }
        return DL_OK;
}

enum dl_status dl_rules_missing(const loader_t *ld, const yaml_node_t *map, const char *key,
                                const char *where, const char *expected)
{
        return dl_rules_fail(ld, map, "missing required key '%s' %s; expected %s", key, where,
                             expected);
}

/* ---- scalars ----------------------------------------------------------- */

enum dl_status dl_rules_get_string(const loader_t *ld, const yaml_node_t *n, const char *key,
                                   const char **out)
{
        if (n->type != YAML_SCALAR_NODE || dl_rules_is_null(n) || !n->data.scalar.length)
                return dl_rules_fail(ld, n, "expected a non-empty string for '%s', got %s", key,
                                     n->type == YAML_SCALAR_NODE && !dl_rules_is_null(n)
                                             ? "an empty string"
                                             : dl_rules_kind_name(n));
        if (strlen(dl_rules_scalar(n)) != n->data.scalar.length)
                return dl_rules_fail(ld, n, "expected a string without NUL characters for '%s'",
                                     key);
        *out = dl_arena_strndup(ld->arena, dl_rules_scalar(n), n->data.scalar.length);
        return DL_OK;
}

/* A plain true or false (YAML 1.2 core schema spellings). */
enum dl_status dl_rules_get_bool(const loader_t *ld, const yaml_node_t *n, const char *key,
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
                return dl_rules_fail(ld, n, "expected true or false for '%s', got '%s'", key,
                                     dl_rules_scalar(n));
        return dl_rules_fail(ld, n, "expected true or false for '%s', got %s", key,
                             dl_rules_kind_name(n));
}

/* One of a list of words, compared up to case and '-'/'_' (so DynamoDB's
 * KEYS_ONLY is ddblint's keys-only); returns its value in *out. */
enum dl_status dl_rules_get_enum(const loader_t *ld, const yaml_node_t *n, const char *key,
                                 const char *what, const struct dl_rules_word *words, int *out)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        size_t n_words = 0;
        for (const struct dl_rules_word *w = words; w->spelling; w++, n_words++) {
                if (w->shown)
                        dl_strbuf_printf(&sb, "%s%s", sb.len ? ", " : "", w->spelling);
        }
        enum dl_status st;
        if (n->type != YAML_SCALAR_NODE || dl_rules_is_null(n)) {
                st = dl_rules_fail(ld, n, "expected %s for '%s' (one of: %s), got %s", what, key,
                                   dl_strbuf_cstr(&sb), dl_rules_kind_name(n));
                goto out;
        }
        for (const struct dl_rules_word *w = words; w->spelling; w++) {
                if (dl_word_eq(dl_rules_scalar(n), w->spelling)) {
                        *out = w->value;
                        st = DL_OK;
                        goto out;
                }
        }
        const char **all = dl_arena_alloc(ld->arena, n_words * sizeof *all);
        for (size_t i = 0; i < n_words; i++)
                all[i] = words[i].spelling;
        st = dl_rules_fail(
                ld, n, "bad %s '%s' for '%s'%sexpected one of: %s", what, dl_rules_scalar(n), key,
                dl_rules_did_you_mean(ld, dl_rules_scalar(n), all, n_words), dl_strbuf_cstr(&sb));
out:
        dl_strbuf_fini(&sb);
        return st;
}

/* DynamoDB's spellings (API reference: AttributeDefinition.AttributeType,
 * Projection.ProjectionType) and SAM's (SimpleTable PrimaryKey.Type). */
const struct dl_rules_word dl_rules_key_types[] = {
        {"S", DL_KEY_S, true},
        {"N", DL_KEY_N, true},
        {"B", DL_KEY_B, true},
        {"string", DL_KEY_S, false},
        {"number", DL_KEY_N, false},
        {"binary", DL_KEY_B, false},
        {NULL, 0, false},
};
const struct dl_rules_word dl_rules_projections[] = {
        {"all", DL_PROJ_ALL, true},
        {"keys-only", DL_PROJ_KEYS_ONLY, true},
        {"include", DL_PROJ_INCLUDE, true},
        {NULL, 0, false},
};

enum dl_status dl_rules_key_type(const loader_t *ld, const yaml_node_t *n, const char *key,
                                 enum dl_key_type *out)
{
        int v = 0;
        enum dl_status st = dl_rules_get_enum(ld, n, key, "key type", dl_rules_key_types, &v);
        *out = (enum dl_key_type)v;
        return st;
}

enum dl_status dl_rules_projection(const loader_t *ld, const yaml_node_t *n, const char *key,
                                   enum dl_projection_kind *out)
{
        int v = 0;
        enum dl_status st = dl_rules_get_enum(ld, n, key, "projection", dl_rules_projections, &v);
        *out = (enum dl_projection_kind)v;
        return st;
}

/* ---- option values and patterns ------------------------------------------------------ */

/* The column of a scalar's first character when its text is written
 * verbatim on one line (plain, or quoted without escapes), else 0. */
unsigned dl_rules_verbatim_col(const loader_t *ld, const yaml_node_t *v)
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
        case YAML_MEMORY_ERROR: fputs("ddblint: out of memory\n", stderr); abort();
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
        size_t start_total[DL_RULES_MAX_DEPTH]; /* total when each open collection began */
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
                case YAML_STREAM_END_EVENT: done = true; break;
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
                default: break;
                }
                if (st == DL_OK && total > DL_RULES_MAX_NODES && aliased)
                        st = dl_rules_fail_at(
                                ld, mark_loc(ld, ev.start_mark),
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
