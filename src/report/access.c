/* access.c - the access records of a request as JSON (access.h).
 * SPDX-License-Identifier: MIT
 */
#include "access.h"

#include "json_text.h"

#include "../checks/util_access.h"

#include <stdlib.h>
#include <string.h>

static json_t *text(const char *s)
{
        return s ? dl_json_text(s) : json_null();
}

static json_t *key_json(const struct dl_access_key *k)
{
        json_t *o = json_pack("{s:o,s:s,s:o,s:o,s:b}", "attr", text(k->attr), "op", k->op, "value",
                              text(k->value), "prefix", text(k->prefix), "complete", k->complete);
        if (k->missing) /* only then: records of every other key unchanged */
                json_object_set_new(o, "missing", json_true());
        return o;
}

static json_t *record_json(const struct dl_access *a, const char *path)
{
        const struct dl_request *top = a->top;
        json_t *rec = json_object();
        json_object_set_new(rec, "file", dl_json_text(top->call.file ? top->call.file : path));
        json_object_set_new(rec, "line", json_integer(top->call.line));
        json_object_set_new(rec, "col", json_integer(top->call.col));
        json_object_set_new(rec, "function", text(top->function));
        json_object_set_new(rec, "op", json_string(dl_op_name(top->op)));
        json_object_set_new(rec, "member", text(a->member));
        json_t *acts = json_array();
        for (size_t i = 0; i < a->n_actions; i++)
                json_array_append_new(acts, json_string(a->actions[i]));
        json_object_set_new(rec, "actions", acts);
        json_object_set_new(rec, "actions_known", json_boolean(a->actions_known));
        json_object_set_new(rec, "resource", json_string(a->resourceless ? "none" : "table"));
        json_object_set_new(rec, "table", text(a->table));
        json_object_set_new(rec, "table_state", json_string(dl_name_state_str(a->table_state)));
        json_object_set_new(rec, "table_glob", text(a->table_glob));
        json_object_set_new(rec, "index", text(a->index));
        json_object_set_new(rec, "index_state", json_string(dl_name_state_str(a->index_state)));
        json_object_set_new(rec, "index_glob", text(a->index_glob));
        json_object_set_new(rec, "key_state", json_string(dl_key_state_str(a->key_state)));
        json_object_set_new(rec, "pk", a->has_pk ? key_json(&a->pk) : json_null());
        json_object_set_new(rec, "sk", a->has_sk ? key_json(&a->sk) : json_null());
        json_object_set_new(rec, "filter", text(a->filter));
        json_object_set_new(rec, "projection", text(a->projection));
        json_object_set_new(rec, "consistent", text(a->consistent));
        json_object_set_new(rec, "scan",
                            json_string(a->scan == DL_TRI_YES  ? "yes"
                                        : a->scan == DL_TRI_NO ? "no"
                                                               : "maybe"));
        json_object_set_new(rec, "partiql", json_string(a->partiql ? "yes" : "no"));
        json_object_set_new(rec, "why", text(a->why));
        return rec;
}

json_t *dl_access_load(const char *records, size_t len)
{
        json_t *all = json_array();
        for (const char *p = records, *end = records + len; p < end;) {
                const char *nl = memchr(p, '\n', (size_t)(end - p));
                size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
                json_t *rec = n ? json_loadb(p, n, 0, NULL) : NULL;
                if (json_is_object(rec))
                        json_array_append(all, rec);
                json_decref(rec);
                p += n + 1;
        }
        return all;
}

void dl_access_append(struct dl_strbuf *out, const struct dl_ruleset *rules,
                      const struct dl_request *req, const char *path)
{
        struct dl_check_ctx ctx = {0};
        ctx.rules = rules;
        ctx.req = req;
        struct dl_access *a;
        size_t n = dl_access_of(&ctx, req, &a);
        for (size_t i = 0; i < n; i++) {
                json_t *rec = record_json(&a[i], path);
                char *s = json_dumps(rec, JSON_COMPACT);
                if (s) {
                        dl_strbuf_puts(out, s);
                        dl_strbuf_putc(out, '\n');
                }
                free(s);
                json_decref(rec);
        }
        dl_access_free(a, n);
}

void dl_access_shape_of(json_t *rec, struct dl_access_shape *s, char **pk, char **sk, char **lits)
{
        const char *table_state = json_string_value(json_object_get(rec, "table_state"));
        const char *index_state = json_string_value(json_object_get(rec, "index_state"));
        json_t *acts = json_object_get(rec, "actions");
        memset(s, 0, sizeof *s);
        s->op = json_string_value(json_object_get(rec, "op"));
        s->op = s->op ? s->op : "";
        s->action =
                json_array_size(acts) == 1 && json_is_true(json_object_get(rec, "actions_known"))
                        ? json_string_value(json_array_get(acts, 0))
                        : NULL;
        s->table_known = table_state && !strcmp(table_state, "known");
        s->table = json_string_value(json_object_get(rec, "table"));
        s->index_state = !index_state || !strcmp(index_state, "unknown") ? DL_NAME_UNKNOWN
                         : !strcmp(index_state, "absent")                ? DL_NAME_ABSENT
                         : !strcmp(index_state, "known")                 ? DL_NAME_KNOWN
                                                                         : DL_NAME_TEMPLATE;
        s->index = json_string_value(json_object_get(rec, "index"));
        json_t *k = json_object_get(rec, "pk"), *l = json_object_get(rec, "sk");
        *pk = json_is_object(k)
                      ? dl_access_key_shape(json_string_value(json_object_get(k, "op")),
                                            json_string_value(json_object_get(k, "value")))
                      : NULL;
        *sk = json_is_object(l)
                      ? dl_access_key_shape(json_string_value(json_object_get(l, "op")),
                                            json_string_value(json_object_get(l, "value")))
                      : NULL;
        s->pk = *pk;
        s->sk = *sk;
        s->key_known = json_is_object(k) && json_is_string(json_object_get(k, "value"));
        s->sk_known = json_is_object(l) && json_is_string(json_object_get(l, "value"));
        s->pk_complete = json_is_true(json_object_get(k, "complete"));
        s->sk_complete = json_is_true(json_object_get(l, "complete"));
        const char *pp = json_string_value(json_object_get(k, "prefix"));
        const char *sp = json_string_value(json_object_get(l, "prefix"));
        lits[0] = json_is_object(k)
                          ? dl_access_key_shape(json_string_value(json_object_get(k, "op")),
                                                pp ? pp : "")
                          : NULL;
        lits[1] = json_is_object(l)
                          ? dl_access_key_shape(json_string_value(json_object_get(l, "op")),
                                                sp ? sp : "")
                          : NULL;
        s->pk_lit = lits[0];
        s->sk_lit = lits[1];
}

enum dl_tri dl_access_record_match(const struct dl_access_pattern *p, json_t *rec)
{
        struct dl_access_shape s;
        char *pk, *sk, *lits[2];
        dl_access_shape_of(rec, &s, &pk, &sk, lits);
        enum dl_tri m = dl_access_pattern_match(p, &s);
        free(pk);
        free(sk);
        free(lits[0]);
        free(lits[1]);
        return m;
}

bool dl_access_word(const char *s, const char *const *words, size_t n, size_t *index)
{
        for (size_t i = 0; i < n; i++) {
                if (!strcmp(s, words[i])) {
                        *index = i;
                        return true;
                }
        }
        return false;
}

const char *dl_access_str(json_t *o, const char *k)
{
        const char *s = json_string_value(json_object_get(o, k));
        return s ? s : "";
}
