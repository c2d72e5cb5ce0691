/* builder.c - hand-built requests for check tests.
 * SPDX-License-Identifier: MIT
 */
#include "builder.h"

#include "checks/check.h"
#include "core/alloc.h"

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
        a->type = type;
        a->loc = at(7, 5);
}

static void collect(void *data, struct dl_finding *take)
{
        struct dl_tb *tb = data;
        tb->findings = dl_xrealloc(tb->findings, (tb->n_findings + 1) * sizeof *tb->findings);
        tb->findings[tb->n_findings++] = take;
}

size_t dl_tb_run(struct dl_tb *tb, const struct dl_check *check, const struct dl_request *r)
{
        size_t before = tb->n_findings;
        void *state = NULL;
        if (check->configure) {
                const struct dl_check_config *cfg =
                        dl_schema_check_config(&tb->rules, check->info->id);
                if (check->configure(&state, cfg, NULL) != DL_OK)
                        abort();
        }
        struct dl_check_ctx ctx = {check, &tb->rules, state, r, collect, tb};
        check->run(&ctx, r);
        if (check->destroy)
                check->destroy(state);
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
