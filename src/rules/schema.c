/* schema.c - lookups over the loaded rules file (pure data, no libyaml).
 * SPDX-License-Identifier: MIT
 */
#include "schema.h"

#include "../core/regex.h"

#include <errno.h>
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
                if (rs->tables[i].is_default)
                        return &rs->tables[i];
        }
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
        long v = strtol(o->value, &end, 10);
        if (errno || end == o->value || *end != '\0')
                return dl_error_set(err, DL_ERR_CONFIG, &o->loc,
                                    "option '%s' of check '%s' expects an integer, got '%s'",
                                    key, cfg->id, o->value);
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
        if (strcmp(o->value, "true") == 0) {
                *out = true;
                return DL_OK;
        }
        if (strcmp(o->value, "false") == 0) {
                *out = false;
                return DL_OK;
        }
        return dl_error_set(err, DL_ERR_CONFIG, &o->loc,
                            "option '%s' of check '%s' expects true or false, got '%s'", key,
                            cfg->id, o->value);
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
