/* builder.c - hand-built requests for check tests.
 * SPDX-License-Identifier: MIT
 */
#include "builder.h"

#include "checks/check.h"
#include "core/alloc.h"
#include "model/format.h"
#include "model/template.h"

#include <stdarg.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dl_tb_init(struct dl_tb *tb)
{
        memset(tb, 0, sizeof *tb);
        dl_arena_init(&tb->arena);
}

void dl_tb_fini(struct dl_tb *tb)
{
        for (size_t i = 0; i < tb->n_findings; i++)
                dl_finding_free(tb->findings[i]);
        free(tb->findings);
        dl_arena_fini(&tb->arena);
        memset(tb, 0, sizeof *tb);
}

static struct dl_loc at(unsigned line, unsigned col)
{
        return (struct dl_loc){"test.cpp", line, col};
}

struct dl_request *dl_tb_request(struct dl_tb *tb, enum dl_op op)
{
        struct dl_request *r = dl_arena_alloc(&tb->arena, sizeof *r);
        dl_request_init(r, op);
        r->call = at(10, 3);
        r->function = "test_function";
        r->recognizer = "test";
        return r;
}

struct dl_request *dl_tb_followed(struct dl_tb *tb, enum dl_op op, unsigned reads)
{
        struct dl_request *r = dl_tb_request(tb, op);
        r->response.state = DL_RESP_FOLLOWED;
        r->response.reads = reads;
        return r;
}

void dl_tb_set(struct dl_tb *tb, struct dl_request *r, enum dl_field f, const char *s)
{
        r->fields[f] = dl_value_known(&tb->arena, s, strlen(s), NULL, at(5, 7));
}

void dl_tb_set_dynamic(struct dl_request *r, enum dl_field f)
{
        r->fields[f] = dl_value_dynamic(at(5, 7));
}

void dl_tb_set_template(struct dl_tb *tb, struct dl_request *r, enum dl_field f,
                        const char *const *parts, size_t n)
{
        struct dl_segment *segs = dl_arena_alloc(&tb->arena, n * sizeof *segs);
        bool holes = false;
        for (size_t i = 0; i < n; i++) {
                if (parts[i]) {
                        segs[i].text = dl_arena_strdup(&tb->arena, parts[i]);
                        segs[i].len = strlen(parts[i]);
                } else {
                        holes = true;
                }
        }
        struct dl_value v = {0};
        v.kind = DL_VAL_KNOWN;
        v.segs = segs;
        v.n_segs = n;
        v.loc = at(5, 7);
        if (!holes && n == 1) {
                v.text = segs[0].text;
                v.len = segs[0].len;
        }
        r->fields[f] = v;
}

static struct dl_attr *add_attr(struct dl_tb *tb, struct dl_attr_map *m)
{
        struct dl_attr *items = dl_arena_alloc(&tb->arena, (m->n + 1) * sizeof *items);
        if (m->n)
                memcpy(items, m->items, m->n * sizeof *items);
        m->items = items;
        if (m->kind == DL_VAL_ABSENT)
                m->kind = DL_VAL_KNOWN;
        return &items[m->n++];
}

void dl_tb_add_name(struct dl_tb *tb, struct dl_request *r, const char *k, const char *name)
{
        struct dl_attr *a = add_attr(tb, &r->names);
        a->key = dl_value_known(&tb->arena, k, strlen(k), NULL, at(6, 5));
        a->val = dl_value_known(&tb->arena, name, strlen(name), NULL, at(6, 5));
        a->loc = at(6, 5);
}

void dl_tb_add_value(struct dl_tb *tb, struct dl_request *r, const char *k, const char *type,
                     const char *scalar)
{
        struct dl_attr *a = add_attr(tb, &r->values);
        a->key = dl_value_known(&tb->arena, k, strlen(k), NULL, at(7, 5));
        if (scalar)
                a->val = dl_value_known(&tb->arena, scalar, strlen(scalar), NULL, at(7, 5));
        if (!type || !dl_attr_type_from_name(type, strlen(type), &a->type))
                a->type = DL_ATTR_UNKNOWN;
        a->loc = at(7, 5);
}

static void collect(void *data, struct dl_finding *take)
{
        struct dl_tb *tb = data;
        tb->findings = dl_xrealloc(tb->findings, (tb->n_findings + 1) * sizeof *tb->findings);
        tb->findings[tb->n_findings++] = take;
}

/* r and its batch and transaction members, as the pipeline lists a unit's. */
static void flatten(const struct dl_request *r, const struct dl_request ***v, size_t *n)
{
        *v = dl_xrealloc(*v, (*n + 1) * sizeof **v);
        (*v)[(*n)++] = r;
        for (size_t k = 0; k < r->n_items; k++)
                flatten(&r->items[k], v, n);
}

size_t dl_tb_run(struct dl_tb *tb, const struct dl_check *check, const struct dl_request *r)
{
        return dl_tb_run_unit(tb, check, &r, 1);
}

/* check's state configured from tb's rules (aborts when they are wrong). */
static void *configured(struct dl_tb *tb, const struct dl_check *check)
{
        void *state = NULL;
        if (check->configure) {
                const struct dl_check_config *cfg =
                        dl_schema_check_config(&tb->rules, check->info->id);
                if (check->configure(&state, cfg, &tb->rules, NULL) != DL_OK)
                        abort();
        }
        return state;
}

size_t dl_tb_run_unit(struct dl_tb *tb, const struct dl_check *check,
                      const struct dl_request *const *reqs, size_t n)
{
        size_t before = tb->n_findings;
        void *state = configured(tb, check);
        const struct dl_request **all = NULL;
        size_t n_all = 0;
        for (size_t i = 0; i < n; i++) {
                struct dl_check_ctx ctx = {check, &tb->rules, state, reqs[i], collect, tb, tb->log};
                if (check->run)
                        check->run(&ctx, reqs[i]);
                flatten(reqs[i], &all, &n_all);
        }
        if (check->run_unit) {
                struct dl_check_ctx ctx = {check, &tb->rules, state, NULL, collect, tb, tb->log};
                check->run_unit(&ctx, all, n_all);
        }
        free(all);
        if (check->destroy)
                check->destroy(state);
        /* as the pipeline does before the findings leave a unit */
        struct dl_finding_list held = {tb->findings + before, tb->n_findings - before,
                                       tb->n_findings - before};
        dl_report_fold_resends(&held, reqs, n);
        tb->n_findings = before + held.n;
        /* house rule for every message: DynamoDB's text may end with ';'
         * and the hint is joined with one "; ", never ";;" */
        for (size_t i = before; i < tb->n_findings; i++) {
                if (strstr(tb->findings[i]->message, ";;")) {
                        fprintf(stderr, "%s: doubled ';;' in: %s\n", check->info->id,
                                tb->findings[i]->message);
                        abort();
                }
        }
        return tb->n_findings - before;
}

size_t dl_tb_count(const struct dl_tb *tb, const char *substr)
{
        size_t n = 0;
        for (size_t i = 0; i < tb->n_findings; i++) {
                if (!substr || strstr(tb->findings[i]->message, substr))
                        n++;
        }
        return n;
}

/* One hole of dl_tb_value's spec, between braces (len bytes at p). */
static const struct dl_hole *hole_of(struct dl_tb *tb, const char *p, size_t len)
{
        char *spec = dl_arena_strndup(&tb->arena, p, len);
        struct dl_hole h = {0};
        char *colon = strchr(spec, ':');
        if (colon)
                *colon++ = '\0';
        const char *vals[16];
        size_t n = 0;
        if (!strcmp(spec, "?")) {
                return NULL;
        } else if (!strcmp(spec, "digits")) {
                h.kind = DL_HOLE_DIGITS;
        } else if (!strcmp(spec, "bool")) {
                h.kind = DL_HOLE_BOOL;
        } else if (!strcmp(spec, "shard") && colon) {
                h.kind = DL_HOLE_SHARD;
                h.bound = strtoull(colon, NULL, 10);
        } else if (!strcmp(spec, "date") && colon) {
                h.kind = DL_HOLE_DATE;
                h.format = colon;
                h.grain = dl_format_time_grain(colon, strlen(colon), NULL);
        } else if ((!strcmp(spec, "one-of") || !strcmp(spec, "enum")) && colon) {
                h.kind = spec[0] == 'o' ? DL_HOLE_ONE_OF : DL_HOLE_ENUM;
                if (h.kind == DL_HOLE_ENUM) {
                        char *eq = strchr(colon, '=');
                        if (!eq)
                                abort();
                        *eq = '\0';
                        h.name = colon;
                        colon = eq + 1;
                }
                for (char *v = colon; v && n < 16;) {
                        char *bar = strchr(v, '|');
                        if (bar)
                                *bar++ = '\0';
                        if (*v)
                                vals[n++] = v;
                        v = bar;
                }
                h.values = vals;
                h.n_values = n;
        } else {
                fprintf(stderr, "dl_tb_value: bad hole {%s}\n", spec);
                abort();
        }
        return dl_hole_new(&tb->arena, &h);
}

struct dl_value dl_tb_value(struct dl_tb *tb, const char *spec)
{
        if (!spec)
                return dl_value_dynamic(at(20, 1));
        struct dl_tmpl t;
        dl_tmpl_init(&t, &tb->arena);
        for (size_t i = 0; spec[i];) {
                if (spec[i] == '{' && spec[i + 1] == '{') {
                        dl_tmpl_text(&t, "{", 1, NULL, at(20, (unsigned)(1 + i)), NULL);
                        i += 2;
                } else if (spec[i] == '{') {
                        const char *end = strchr(spec + i, '}');
                        if (!end)
                                abort();
                        dl_tmpl_hole(&t, hole_of(tb, spec + i + 1, (size_t)(end - spec - i - 1)));
                        i = (size_t)(end - spec) + 1;
                } else {
                        dl_tmpl_text(&t, spec + i, 1, NULL, at(20, (unsigned)(1 + i)), NULL);
                        i++;
                }
        }
        if (!spec[0])
                dl_tmpl_text(&t, "", 0, NULL, at(20, 1), NULL);
        struct dl_value v = dl_tmpl_finish(&t, at(20, 1));
        dl_tmpl_fini(&t);
        return v;
}

void dl_tb_entry(struct dl_tb *tb, struct dl_attr_map *m, const char *attr, const char *spec)
{
        struct dl_attr *a = add_attr(tb, m);
        a->key = dl_value_known(&tb->arena, attr, strlen(attr), NULL, at(21, 9));
        a->loc = at(21, 3);
        if (spec) {
                a->type = DL_ATTR_S;
                a->val = dl_tb_value(tb, spec);
        }
}

struct dl_table *dl_tb_table(struct dl_tb *tb, const char *name, const char *pk, const char *sk)
{
        struct dl_ruleset *rs = &tb->rules;
        struct dl_table *t = dl_arena_alloc(&tb->arena, (rs->n_tables + 1) * sizeof *t);
        if (rs->n_tables)
                memcpy(t, rs->tables, rs->n_tables * sizeof *t);
        rs->tables = t;
        t = &t[rs->n_tables++];
        t->name = name;
        t->partition_key.name = pk;
        t->sort_key.name = sk;
        return t;
}

struct dl_index *dl_tb_gsi(struct dl_tb *tb, struct dl_table *t, const char *name,
                           const char *pk, const char *sk)
{
        struct dl_index *ix = dl_arena_alloc(&tb->arena, (t->n_indexes + 1) * sizeof *ix);
        if (t->n_indexes)
                memcpy(ix, t->indexes, t->n_indexes * sizeof *ix);
        t->indexes = ix;
        ix = &ix[t->n_indexes++];
        ix->name = name;
        ix->kind = DL_INDEX_GLOBAL;
        ix->partition_key.name = pk;
        ix->sort_key.name = sk;
        return ix;
}

void dl_tb_sparse(struct dl_tb *tb, struct dl_index *ix, const char *const *values, size_t n)
{
        const char **v = dl_arena_alloc(&tb->arena, n * sizeof *v);
        memcpy(v, values, n * sizeof *v);
        ix->sparse = true;
        ix->sparse_values = v;
        ix->n_sparse_values = n;
}

static struct dl_opt_node *opt_node(struct dl_tb *tb, enum dl_opt_kind kind)
{
        struct dl_opt_node *n = dl_arena_alloc(&tb->arena, sizeof *n);
        n->kind = kind;
        n->loc = (struct dl_loc){"rules.yaml", 3, 5};
        return n;
}

struct dl_opt_node *dl_tb_opt_scalar(struct dl_tb *tb, const char *text)
{
        struct dl_opt_node *n = opt_node(tb, DL_OPT_SCALAR);
        n->text = text;
        n->verbatim_col = 5;
        return n;
}

struct dl_opt_node *dl_tb_opt_seq(struct dl_tb *tb, size_t count, ...)
{
        struct dl_opt_node *n = opt_node(tb, DL_OPT_SEQUENCE);
        n->items = dl_arena_alloc(&tb->arena, (count ? count : 1) * sizeof *n->items);
        va_list ap;
        va_start(ap, count);
        for (size_t i = 0; i < count; i++)
                n->items[i] = *va_arg(ap, struct dl_opt_node *);
        va_end(ap);
        n->n = count;
        return n;
}

struct dl_opt_node *dl_tb_opt_map(struct dl_tb *tb, size_t count, ...)
{
        struct dl_opt_node *n = opt_node(tb, DL_OPT_MAPPING);
        size_t cap = count ? count : 1;
        n->items = dl_arena_alloc(&tb->arena, cap * sizeof *n->items);
        n->keys = dl_arena_alloc(&tb->arena, cap * sizeof *n->keys);
        n->key_locs = dl_arena_alloc(&tb->arena, cap * sizeof *n->key_locs);
        va_list ap;
        va_start(ap, count);
        for (size_t i = 0; i < count; i++) {
                n->keys[i] = va_arg(ap, const char *);
                n->key_locs[i] = (struct dl_loc){"rules.yaml", 4, 7};
                n->items[i] = *va_arg(ap, struct dl_opt_node *);
        }
        va_end(ap);
        n->n = count;
        return n;
}

void dl_tb_option(struct dl_tb *tb, const char *id, const char *key,
                  const struct dl_opt_node *node)
{
        struct dl_ruleset *rs = &tb->rules;
        struct dl_check_config *c = NULL;
        for (size_t i = 0; i < rs->n_checks && !c; i++) {
                if (!strcmp(rs->checks[i].id, id))
                        c = &rs->checks[i];
        }
        if (!c) {
                struct dl_check_config *cs =
                        dl_arena_alloc(&tb->arena, (rs->n_checks + 1) * sizeof *cs);
                if (rs->n_checks)
                        memcpy(cs, rs->checks, rs->n_checks * sizeof *cs);
                rs->checks = cs;
                c = &cs[rs->n_checks++];
                c->id = id;
        }
        struct dl_check_option *o =
                dl_arena_alloc(&tb->arena, (c->n_options + 1) * sizeof *o);
        if (c->n_options)
                memcpy(o, c->options, c->n_options * sizeof *o);
        c->options = o;
        o = &o[c->n_options++];
        o->key = key;
        o->node = *node;
        o->value = node->kind == DL_OPT_SCALAR ? node->text : node->kind == DL_OPT_NULL ? "" : NULL;
        o->loc = node->loc;
        o->key_loc = (struct dl_loc){"rules.yaml", 3, 3};
}

enum dl_status dl_tb_configure(struct dl_tb *tb, const struct dl_check *check,
                               struct dl_error *err)
{
        void *state = NULL;
        if (!check->configure)
                return DL_OK;
        const struct dl_check_config *cfg = dl_schema_check_config(&tb->rules, check->info->id);
        enum dl_status st = check->configure(&state, cfg, &tb->rules, err);
        if (st == DL_OK && check->destroy && state)
                check->destroy(state);
        return st;
}

size_t dl_tb_run_table(struct dl_tb *tb, const struct dl_check *check, const struct dl_table *t)
{
        size_t before = tb->n_findings;
        void *state = configured(tb, check);
        struct dl_check_ctx ctx = {check, &tb->rules, state, NULL, collect, tb, tb->log};
        check->run_table(&ctx, t);
        if (check->destroy)
                check->destroy(state);
        return tb->n_findings - before;
}

struct dl_def_num dl_tb_def_num(long long v, unsigned line)
{
        struct dl_def_num n = {DL_DEF_KNOWN, v, {"test.yaml", line, 5}};
        return n;
}
