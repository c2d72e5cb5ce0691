/* expr_cases.h - table-driven check tests for the expression checks
 * (issue #3): a case is a hand-built request, written as strings, plus the
 * number of findings expected and a substring of the first one.
 * SPDX-License-Identifier: MIT
 *
 * Included by tests/checks/test_<expression check>.c only; everything here
 * is static. Requests are built with builder.h and normalized with
 * dl_model_normalize() as the driver does before the checks run.
 */
#ifndef DL_TESTS_EXPR_CASES_H
#define DL_TESTS_EXPR_CASES_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "builder.h"
#include "checks/check.h"
#include "model/normalize.h"

#include <stdio.h>
#include <string.h>

/* "=" in a field means DYNAMIC; a '|' splits a template, "?" between
 * bars is a hole: "|?| = :pk" is <hole> " = :pk". */
struct xcase {
        const char *label;
        enum dl_op op;
        const char *table, *index;
        const char *kce, *filter, *proj, *update, *cond;
        const char *statement; /* a PartiQL Statement (ExecuteStatement) */
        const char *names;   /* "#a=a;#b=b", "{}" for an empty map, "*" dynamic */
        const char *values;  /* ":v=S;:n=N", "{}" for an empty map, "*" dynamic */
        bool schema;         /* use the Orders schema below */
        size_t want;         /* findings expected */
        const char *substr;  /* in the first finding's message, or NULL */
};

/* Orders: PK/SK strings; GSI1 (GSI1PK, GSI1SK); LSI1 (PK, LSI1SK);
 * Counters: a table with a partition key only (id, N); Fallback: the
 * `default: true` table. */
static struct dl_index orders_indexes[] = {
        {.name = "GSI1",
         .kind = DL_INDEX_GLOBAL,
         .partition_key = {"GSI1PK", DL_KEY_S, {0}, false},
         .sort_key = {"GSI1SK", DL_KEY_S, {0}, false},
         .projection = DL_PROJ_ALL},
        {.name = "LSI1",
         .kind = DL_INDEX_LOCAL,
         .partition_key = {NULL, DL_KEY_S, {0}, false},
         .sort_key = {"LSI1SK", DL_KEY_N, {0}, false},
         .projection = DL_PROJ_ALL},
};
static struct dl_table test_tables[] = {
        {"Orders",
         NULL,
         NULL,
         false,
         {"PK", DL_KEY_S, {0}, false},
         {"SK", DL_KEY_S, {0}, false},
         orders_indexes,
         2,
         {0},
         NULL,
         false,
         false},
        {"Counters",
         NULL,
         NULL,
         false,
         {"id", DL_KEY_N, {0}, false},
         {NULL, DL_KEY_S, {0}, false},
         NULL,
         0,
         {0},
         NULL,
         false,
         false},
        /* default: true describes tables named at run time, and names no other
         * entry claims */
        {"Fallback",
         NULL,
         NULL,
         true,
         {"fid", DL_KEY_S, {0}, false},
         {NULL, DL_KEY_S, {0}, false},
         NULL,
         0,
         {0},
         NULL,
         false,
         false},
};

static void xset(struct dl_tb *tb, struct dl_request *r, enum dl_field f, const char *s)
{
        if (!s)
                return;
        if (strcmp(s, "=") == 0) {
                dl_tb_set_dynamic(r, f);
                return;
        }
        if (!strchr(s, '|')) {
                dl_tb_set(tb, r, f, s);
                return;
        }
        const char *parts[16];
        size_t n = 0;
        char *copy = dl_arena_strdup(&tb->arena, s);
        for (char *p = copy; n < 16;) {
                char *bar = strchr(p, '|');
                if (bar)
                        *bar = '\0';
                if (strcmp(p, "?") == 0)
                        parts[n++] = NULL;
                else if (*p)
                        parts[n++] = p;
                if (!bar)
                        break;
                p = bar + 1;
        }
        dl_tb_set_template(tb, r, f, parts, n);
}

__attribute__((unused)) static void xmap(struct dl_tb *tb, struct dl_request *r, const char *spec, bool names)
{
        if (!spec)
                return;
        struct dl_attr_map *m = names ? &r->names : &r->values;
        if (strcmp(spec, "{}") == 0) {
                m->kind = DL_VAL_KNOWN;
                m->loc = (struct dl_loc){"test.cpp", 6, 5};
                return;
        }
        if (strcmp(spec, "*") == 0) {
                m->kind = DL_VAL_DYNAMIC;
                return;
        }
        char *copy = dl_arena_strdup(&tb->arena, spec);
        for (char *p = copy; p && *p;) {
                char *semi = strchr(p, ';');
                if (semi)
                        *semi = '\0';
                char *eq = strchr(p, '=');
                if (eq) {
                        *eq = '\0';
                        if (names)
                                dl_tb_add_name(tb, r, p, eq + 1);
                        else
                                dl_tb_add_value(tb, r, p, eq + 1, "x");
                }
                p = semi ? semi + 1 : NULL;
        }
        m->loc = (struct dl_loc){"test.cpp", 6, 5};
}

__attribute__((unused)) static struct dl_request *xbuild(struct dl_tb *tb, const struct xcase *c)
{
        struct dl_request *r = dl_tb_request(tb, c->op);
        xset(tb, r, DL_FIELD_TABLE_NAME, c->table);
        xset(tb, r, DL_FIELD_INDEX_NAME, c->index);
        xset(tb, r, DL_FIELD_KEY_CONDITION_EXPRESSION, c->kce);
        xset(tb, r, DL_FIELD_FILTER_EXPRESSION, c->filter);
        xset(tb, r, DL_FIELD_PROJECTION_EXPRESSION, c->proj);
        xset(tb, r, DL_FIELD_UPDATE_EXPRESSION, c->update);
        xset(tb, r, DL_FIELD_CONDITION_EXPRESSION, c->cond);
        xset(tb, r, DL_FIELD_STATEMENT, c->statement);
        xmap(tb, r, c->names, true);
        xmap(tb, r, c->values, false);
        return r;
}

/* Run check id over every case; print each mismatch; fail at the end. */
__attribute__((unused)) static void xrun(const char *id, const struct xcase *cases, size_t n)
{
        const struct dl_check *check = dl_catalogue_find(id);
        assert_non_null(check);
        size_t fails = 0;
        for (size_t i = 0; i < n; i++) {
                const struct xcase *c = &cases[i];
                struct dl_tb tb;
                dl_tb_init(&tb);
                if (c->schema) {
                        tb.rules.tables = test_tables;
                        tb.rules.n_tables = sizeof test_tables / sizeof test_tables[0];
                }
                struct dl_request *r = xbuild(&tb, c);
                dl_model_normalize(&tb.arena, r);
                size_t got = dl_tb_run(&tb, check, r);
                bool ok = got == c->want;
                if (ok && c->want && c->substr && !strstr(tb.findings[0]->message, c->substr))
                        ok = false;
                if (ok && got && strcmp(tb.findings[0]->check_id, id) != 0)
                        ok = false;
                if (!ok) {
                        fprintf(stderr, "%s case %zu (%s): want %zu '%s', got %zu%s%s\n", id, i,
                                c->label, c->want, c->substr ? c->substr : "", got,
                                got ? ": " : "", got ? tb.findings[0]->message : "");
                        fails++;
                }
                dl_tb_fini(&tb);
        }
        fprintf(stderr, "%s: %zu cases\n", id, n);
        assert_int_equal(fails, 0);
}

#endif
