/* schema.c - lookups over the loaded rules file (pure data, no libyaml).
 * SPDX-License-Identifier: MIT
 */
#include "schema.h"

#include "../core/alloc.h"
#include "../core/regex.h"
#include "../core/strbuf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool eq(const char *a, const char *b, size_t blen)
{
        return a && strlen(a) == blen && memcmp(a, b, blen) == 0;
}

const struct dl_table *dl_schema_table_for(const struct dl_ruleset *rs, const char *name,
                                           size_t len)
{
        if (!rs)
                return NULL;
        if (name) {
                for (size_t i = 0; i < rs->n_tables; i++) {
                        if (eq(rs->tables[i].name, name, len))
                                return &rs->tables[i];
                }
                for (size_t i = 0; i < rs->n_tables; i++) {
                        if (rs->tables[i].match_re &&
                            dl_regex_match(rs->tables[i].match_re, name, len))
                                return &rs->tables[i];
                }
        }
        for (size_t i = 0; i < rs->n_tables; i++) {
                if (rs->tables[i].is_default && (!name || !rs->tables[i].default_implied))
                        return &rs->tables[i];
        }
        return NULL;
}

/* The same definition: one object, or the same resource of the same file
 * read twice (a rules file's tables-from and --tables-from). */
static bool same_def(const struct dl_table_def *a, const struct dl_table_def *b)
{
        return a == b || (a && b && a->id && b->id && !strcmp(a->id, b->id) && a->loc.file &&
                          b->loc.file && !strcmp(a->loc.file, b->loc.file) &&
                          a->loc.line == b->loc.line && a->loc.col == b->loc.col);
}

const struct dl_table *dl_schema_table_for_env(const struct dl_ruleset *rs, const char *variable,
                                               const char **why)
{
        const struct dl_env_table *first = NULL;
        const char *no = NULL;
        for (size_t i = 0; rs && !no && i < rs->n_env_tables; i++) {
                const struct dl_env_table *e = &rs->env_tables[i];
                if (strcmp(e->variable, variable))
                        continue;
                if (!e->def)
                        no = "a template sets it to a value that names none of its tables";
                else if (first && !same_def(first->def, e->def))
                        no = "the templates set it to different tables";
                first = e;
        }
        if (!no && !first)
                no = "no function of the templates ('tables-from') sets it";
        for (size_t i = 0; !no && i < rs->n_tables; i++) {
                if (same_def(rs->tables[i].def, first->def))
                        return &rs->tables[i];
        }
        for (size_t i = 0; !no && first->table_name && i < rs->n_tables; i++) {
                if (rs->tables[i].name && !strcmp(rs->tables[i].name, first->table_name))
                        return &rs->tables[i];
        }
        if (!no)
                no = "the table it names is not described";
        if (why)
                *why = no;
        return NULL;
}

const struct dl_index *dl_schema_index(const struct dl_table *t, const char *name, size_t len)
{
        if (!t || !name)
                return NULL;
        for (size_t i = 0; i < t->n_indexes; i++) {
                if (eq(t->indexes[i].name, name, len))
                        return &t->indexes[i];
        }
        return NULL;
}

bool dl_schema_indexes_known(const struct dl_table *t, const char **why)
{
        const char *no = NULL;
        if (!t)
                no = "the table is not described";
        else if (t->def && t->def->indexes_unknown)
                no = "its index list is computed by a function of the template";
        else if (t->def && t->def->format && !strcmp(t->def->format, "code"))
                no = "it is created in code, where an UpdateTable may add indexes";
        else if (!t->def && !t->n_indexes && !t->indexes_listed)
                no = "its entry under 'tables:' has no 'indexes:', which says nothing of its "
                     "indexes ('indexes: []' says it has none)";
        if (no && why)
                *why = no;
        return !no;
}

const struct dl_check_config *dl_schema_check_config(const struct dl_ruleset *rs,
                                                     const char *id)
{
        if (!rs || !id)
                return NULL;
        for (size_t i = 0; i < rs->n_checks; i++) {
                if (rs->checks[i].id && strcmp(rs->checks[i].id, id) == 0)
                        return &rs->checks[i];
        }
        return NULL;
}

static const struct dl_check_option *find_option(const struct dl_check_config *cfg,
                                                 const char *key)
{
        if (!cfg)
                return NULL;
        for (size_t i = 0; i < cfg->n_options; i++) {
                if (strcmp(cfg->options[i].key, key) == 0)
                        return &cfg->options[i];
        }
        return NULL;
}

enum dl_status dl_check_config_int(const struct dl_check_config *cfg, const char *key,
                                   long def, long *out, struct dl_error *err)
{
        const struct dl_check_option *o = find_option(cfg, key);
        if (!o) {
                *out = def;
                return DL_OK;
        }
        char *end = NULL;
        errno = 0;
        long v = o->value ? strtol(o->value, &end, 10) : 0;
        if (!o->value || errno || end == o->value || *end != '\0')
                return dl_error_set(err, DL_ERR_CONFIG, &o->loc,
                                    "option '%s' of check '%s' expects an integer, got %s%s%s",
                                    key, cfg->id, o->value ? "'" : "",
                                    o->value ? o->value : dl_opt_kind_name(o->node.kind),
                                    o->value ? "'" : "");
        *out = v;
        return DL_OK;
}

enum dl_status dl_check_config_bool(const struct dl_check_config *cfg, const char *key,
                                    bool def, bool *out, struct dl_error *err)
{
        const struct dl_check_option *o = find_option(cfg, key);
        if (!o) {
                *out = def;
                return DL_OK;
        }
        if (o->value && strcmp(o->value, "true") == 0) {
                *out = true;
                return DL_OK;
        }
        if (o->value && strcmp(o->value, "false") == 0) {
                *out = false;
                return DL_OK;
        }
        return dl_error_set(err, DL_ERR_CONFIG, &o->loc,
                            "option '%s' of check '%s' expects true or false, got %s%s%s", key,
                            cfg->id, o->value ? "'" : "",
                            o->value ? o->value : dl_opt_kind_name(o->node.kind),
                            o->value ? "'" : "");
}

const char *dl_key_type_str(enum dl_key_type t)
{
        switch (t) {
        case DL_KEY_S: return "S";
        case DL_KEY_N: return "N";
        case DL_KEY_B: return "B";
        }
        return "S";
}

const struct dl_opt_node *dl_check_config_node(const struct dl_check_config *cfg,
                                               const char *key)
{
        const struct dl_check_option *o = find_option(cfg, key);
        return o ? &o->node : NULL;
}

const char *dl_opt_kind_name(enum dl_opt_kind k)
{
        switch (k) {
        case DL_OPT_NULL: return "null";
        case DL_OPT_SCALAR: return "a scalar";
        case DL_OPT_SEQUENCE: return "a sequence";
        case DL_OPT_MAPPING: return "a mapping";
        }
        return "nothing";
}

enum dl_status dl_opt_string(const struct dl_opt_node *n, const char *what, const char **out,
                             struct dl_error *err)
{
        if (n->kind != DL_OPT_SCALAR || !n->text[0])
                return dl_error_set(err, DL_ERR_CONFIG, &n->loc,
                                    "expected a non-empty string for %s, got %s", what,
                                    n->kind == DL_OPT_SCALAR ? "an empty string"
                                                             : dl_opt_kind_name(n->kind));
        *out = n->text;
        return DL_OK;
}

enum dl_status dl_opt_pattern(const struct dl_opt_node *n, const char *what,
                              enum dl_pattern_anchor anchor, struct dl_regex **out,
                              struct dl_error *err)
{
        *out = NULL;
        const char *text = NULL;
        enum dl_status st = dl_opt_string(n, what, &text, err);
        if (st)
                return dl_error_set(err, DL_ERR_CONFIG, &n->loc,
                                    "expected a PCRE2 pattern for %s, got %s", what,
                                    n->kind == DL_OPT_SCALAR ? "an empty string"
                                                             : dl_opt_kind_name(n->kind));
        struct dl_error rerr;
        dl_error_init(&rerr);
        st = anchor == DL_PATTERN_SUFFIX ? dl_regex_compile_end(text, out, &rerr)
                                         : dl_regex_compile(text, anchor == DL_PATTERN_WHOLE,
                                                            out, &rerr);
        if (st == DL_OK)
                return DL_OK;
        /* Point at the offending character when the scalar is the pattern
         * verbatim on one line. */
        struct dl_loc loc = n->loc;
        if (n->verbatim_col)
                loc.col = n->verbatim_col + (rerr.col ? rerr.col - 1 : 0);
        st = dl_error_set(err, DL_ERR_CONFIG, &loc, "%s; expected a PCRE2 pattern for %s",
                          rerr.message ? rerr.message : "bad regular expression", what);
        dl_error_fini(&rerr);
        return st;
}

enum dl_status dl_opt_fields(const struct dl_opt_node *n, const char *where,
                             const char *const *allowed, size_t k,
                             const struct dl_opt_node **slots, struct dl_error *err)
{
        for (size_t i = 0; i < k; i++)
                slots[i] = NULL;
        if (n->kind != DL_OPT_MAPPING)
                return dl_error_set(err, DL_ERR_CONFIG, &n->loc, "expected a mapping %s, got %s",
                                    where, dl_opt_kind_name(n->kind));
        for (size_t p = 0; p < n->n; p++) {
                size_t i = 0;
                while (i < k && strcmp(allowed[i], n->keys[p]))
                        i++;
                if (i < k) {
                        slots[i] = &n->items[p];
                        continue;
                }
                struct dl_strbuf sb;
                dl_strbuf_init(&sb);
                for (size_t a = 0; a < k; a++)
                        dl_strbuf_printf(&sb, "%s%s", a ? ", " : "", allowed[a]);
                enum dl_status st = dl_error_set(err, DL_ERR_CONFIG, &n->key_locs[p],
                                                 "unknown key '%s' %s; expected one of: %s",
                                                 n->keys[p], where, dl_strbuf_cstr(&sb));
                dl_strbuf_fini(&sb);
                return st;
        }
        return DL_OK;
}

void dl_pattern_list_fini(struct dl_pattern_list *l)
{
        if (!l)
                return;
        for (size_t i = 0; i < l->n; i++)
                dl_regex_free(l->items[i].re);
        free(l->items);
        l->items = NULL;
        l->n = 0;
}

enum dl_status dl_check_config_patterns(const struct dl_check_config *cfg, const char *key,
                                        enum dl_pattern_anchor anchor,
                                        struct dl_pattern_list *out, struct dl_error *err)
{
        out->items = NULL;
        out->n = 0;
        const struct dl_opt_node *n = dl_check_config_node(cfg, key);
        if (!n || n->kind == DL_OPT_NULL)
                return DL_OK;
        const struct dl_opt_node *items = n;
        size_t count = 1;
        if (n->kind == DL_OPT_SEQUENCE) {
                items = n->items;
                count = n->n;
        } else if (n->kind != DL_OPT_SCALAR) {
                return dl_error_set(err, DL_ERR_CONFIG, &n->loc,
                                    "expected a sequence of PCRE2 patterns for option '%s' of "
                                    "check '%s', got %s",
                                    key, cfg->id, dl_opt_kind_name(n->kind));
        }
        out->items = dl_xcalloc(count ? count : 1, sizeof *out->items);
        char what[160];
        snprintf(what, sizeof what, "option '%s' of check '%s'", key, cfg->id);
        for (size_t i = 0; i < count; i++) {
                struct dl_pattern *p = &out->items[out->n];
                enum dl_status st = dl_opt_pattern(&items[i], what, anchor, &p->re, err);
                if (st) {
                        dl_pattern_list_fini(out);
                        return st;
                }
                p->source = items[i].text;
                p->loc = items[i].loc;
                out->n++;
        }
        return DL_OK;
}

/* The rules file's spellings of enum dl_wrapper_role, in its order. */
static const char *const role_names[] = {
        "table",  "index",     "key-condition",   "filter", "projection",
        "update", "condition", "names",           "values", "item",
        "key",    "json-body", "consistent-read", "limit",  "request",
};

const char *dl_wrapper_role_name(enum dl_wrapper_role r)
{
        return (unsigned)r < sizeof role_names / sizeof role_names[0] ? role_names[r] : NULL;
}
