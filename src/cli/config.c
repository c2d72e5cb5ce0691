/* config.c - the rules of each file.
 * SPDX-License-Identifier: MIT
 */
#include "config.h"

#include "../core/alloc.h"
#include "../core/htab.h"
#include "../core/path.h"
#include "../core/vec.h"
#include "../rules/ruleset.h"

#include <stdlib.h>
#include <string.h>

/* A key (a directory, or a rules file's absolute path; "" for none) and
 * the effective ruleset's index. */
struct config_entry {
        char *key;
        size_t index;
};

struct dl_config {
        const struct dl_config_opts *o;
        char *cwd;
        struct dl_ruleset *tables;            /* --tables-from, merged; or NULL */
        DL_VEC(struct dl_ruleset *) owned;    /* in creation order: freed backwards */
        DL_VEC(const struct dl_ruleset *) effective;
        struct dl_htab dirs;   /* directory -> effective index */
        struct dl_htab chains; /* rules file -> the ruleset with its parents merged in */
        struct dl_htab files;  /* rules file -> effective index */
        size_t forced; /* with --rules: its effective index */
        bool has_forced;
};

static void free_entry(void *p)
{
        struct config_entry *e = p;
        free(e->key);
        free(e);
}

static bool lookup(const struct dl_htab *t, const char *key, size_t *index)
{
        const struct config_entry *e = dl_htab_get_str(t, key);
        if (e)
                *index = e->index;
        return e != NULL;
}

/* Keeps key's index; a key already there keeps its first. */
static void remember(struct dl_htab *t, const char *key, size_t index)
{
        if (dl_htab_get_str(t, key))
                return;
        struct config_entry *e = dl_xmalloc(sizeof *e);
        e->key = dl_xstrdup(key);
        e->index = index;
        dl_htab_put_str(t, e->key, e);
}

static struct dl_ruleset *own(struct dl_config *c, struct dl_ruleset *rs)
{
        DL_VEC_PUSH(&c->owned, rs);
        return rs;
}

/* A rules file's name for messages: relative to the current directory
 * when below it ("services/shop/.ddblint.yaml"), else absolute. */
static char *shown_name(const struct dl_config *c, const char *abs)
{
        char *rel = dl_path_relative(c->cwd, abs);
        if (rel && strcmp(rel, "."))
                return rel;
        free(rel);
        return dl_xstrdup(abs);
}

/* The nearest rules file at or above dir (absolute), or NULL. */
static enum dl_status nearest(const char *dir, char **out, struct dl_error *err)
{
        return dl_ruleset_find(dir, out, err);
}

/* The ruleset of rules file `file` (absolute; NULL: none) with the files it
 * inherits from merged beneath it; chains are kept by file. */
static enum dl_status chain(struct dl_config *c, const char *file, const struct dl_ruleset **out,
                            struct dl_error *err)
{
        *out = NULL;
        size_t idx;
        if (lookup(&c->chains, file, &idx)) {
                *out = c->owned.items[idx];
                return DL_OK;
        }
        char *name = shown_name(c, file);
        const char *root = c->o->project_root;
        if (root && dl_path_under(file, root) && !dl_path_real_under(file, root)) {
                /* the tree's boundary (docs/security.md): its words would
                 * be quoted in the errors of a file that is no rules file */
                struct dl_loc loc = {name, 0, 0};
                enum dl_status st = dl_error_set(err, DL_ERR_IO, &loc,
                                                 "a symbolic link to a file outside the project "
                                                 "root; not read as a rules file");
                free(name);
                return st;
        }
        struct dl_ruleset *rs = NULL;
        enum dl_status st = dl_ruleset_load_within(name, c->o->project_root, c->o->check_ids,
                                                   c->o->n_check_ids, &rs, err);
        free(name);
        if (st)
                return st;
        own(c, rs);
        size_t result = c->owned.n - 1;
        if (rs->inherit) {
                /* the nearest rules file above this one's directory */
                char *dir = dl_path_dirname(file);
                char *up = dl_path_dirname(dir);
                char *parent = NULL;
                if (strcmp(dir, up) != 0)
                        st = nearest(up, &parent, err);
                free(dir);
                free(up);
                const struct dl_ruleset *prs = NULL;
                if (st == DL_OK && parent)
                        st = chain(c, parent, &prs, err);
                free(parent);
                if (st)
                        return st;
                if (prs) {
                        own(c, dl_ruleset_merge(rs, prs));
                        result = c->owned.n - 1;
                }
        }
        remember(&c->chains, file, result);
        *out = c->owned.items[result];
        return DL_OK;
}

/* The effective index for rules file `file` (NULL: none found). */
static enum dl_status effective(struct dl_config *c, const char *file, size_t *index,
                                struct dl_error *err)
{
        const char *key = file ? file : "";
        if (lookup(&c->files, key, index))
                return DL_OK;
        const struct dl_ruleset *rs = NULL;
        if (file) {
                enum dl_status st = chain(c, file, &rs, err);
                if (st)
                        return st;
        } else {
                rs = own(c, dl_ruleset_new_default());
        }
        if (c->tables)
                rs = own(c, dl_ruleset_merge(rs, c->tables));
        *index = c->effective.n;
        DL_VEC_PUSH(&c->effective, rs);
        remember(&c->files, key, *index);
        return DL_OK;
}

enum dl_status dl_config_new(const struct dl_config_opts *o, struct dl_config **out,
                             struct dl_error *err)
{
        *out = NULL;
        struct dl_config *c = dl_xcalloc(1, sizeof *c);
        c->o = o;
        c->cwd = dl_path_absolute(".");
        enum dl_status st = DL_OK;
        for (size_t i = 0; st == DL_OK && i < o->n_tables_from; i++) {
                struct dl_ruleset *t = NULL;
                st = dl_ruleset_load_tables(o->tables_from[i], NULL, &t, err);
                if (st)
                        break;
                own(c, t);
                /* earlier files win: each new one goes beneath */
                c->tables = c->tables ? own(c, dl_ruleset_merge(c->tables, t)) : t;
        }
        if (st == DL_OK && o->rules_path) {
                char *abs = dl_path_absolute(o->rules_path);
                st = effective(c, abs, &c->forced, err);
                c->has_forced = st == DL_OK;
                free(abs);
        }
        if (st) {
                dl_config_free(c);
                return st;
        }
        *out = c;
        return DL_OK;
}

enum dl_status dl_config_for(struct dl_config *c, const char *path, bool is_dir,
                             const struct dl_ruleset **out, size_t *index, struct dl_error *err)
{
        size_t idx = c->forced;
        enum dl_status st = DL_OK;
        if (!c->has_forced) {
                char *dir = is_dir ? dl_path_absolute(path) : dl_path_dirname(path);
                if (!lookup(&c->dirs, dir, &idx)) {
                        char *file = NULL;
                        st = nearest(dir, &file, err);
                        if (st == DL_OK)
                                st = effective(c, file, &idx, err);
                        if (st == DL_OK)
                                remember(&c->dirs, dir, idx);
                        free(file);
                }
                free(dir);
        }
        if (st)
                return st;
        *out = c->effective.items[idx];
        if (index)
                *index = idx;
        return DL_OK;
}

size_t dl_config_count(const struct dl_config *c)
{
        return c->effective.n;
}

const struct dl_ruleset *dl_config_at(const struct dl_config *c, size_t i)
{
        return c->effective.items[i];
}

void dl_config_free(struct dl_config *c)
{
        if (!c)
                return;
        /* merged rulesets borrow from older ones: newest first */
        for (size_t i = c->owned.n; i-- > 0;)
                dl_ruleset_free(c->owned.items[i]);
        DL_VEC_FREE(&c->owned);
        DL_VEC_FREE(&c->effective);
        dl_htab_free_all(&c->dirs, free_entry);
        dl_htab_free_all(&c->chains, free_entry);
        dl_htab_free_all(&c->files, free_entry);
        free(c->cwd);
        free(c);
}
