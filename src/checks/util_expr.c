/* util_expr.c - helpers shared by the expression checks.
 * SPDX-License-Identifier: MIT
 */
#include "util_expr.h"

#include "../core/regex.h"
#include "../core/strbuf.h"
#include "../findings/finding.h"
#include "../model/partiql.h"
#include "../model/placeholder.h"
#include "../model/quote.h"
#include "../model/request.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const enum dl_field dl_expr_fields_in_order[5] = {
        DL_FIELD_UPDATE_EXPRESSION,        DL_FIELD_CONDITION_EXPRESSION,
        DL_FIELD_KEY_CONDITION_EXPRESSION, DL_FIELD_FILTER_EXPRESSION,
        DL_FIELD_PROJECTION_EXPRESSION,
};

/* The place the text was written, when not where it is used: the byte at
 * off inside a #define's or a constant's literal when known (with the
 * token's extent), else the definition itself. */
static void add_origin(struct dl_finding *f, const struct dl_value *v, size_t off, size_t end)
{
        if (!v)
                return;
        struct dl_loc at, last;
        if (end > off && dl_value_origin_at(v, off, &at)) {
                dl_report_related(f, &at, "the expression text is written here");
                struct dl_related *r = &f->related[f->n_related - 1];
                if (dl_value_origin_at(v, end - 1, &last) && last.file == at.file &&
                    last.line == at.line && last.col >= at.col) {
                        r->loc.end_line = last.line;
                        r->loc.end_col = last.col + 1;
                }
                return;
        }
        if (dl_loc_valid(&v->origin))
                dl_report_related(f, &v->origin, "the expression text is defined here");
}

struct dl_finding *dl_span_report(const struct dl_check_ctx *ctx, const struct dl_value *v,
                                  size_t off, size_t end, const char *fmt, ...)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        va_list ap;
        va_start(ap, fmt);
        dl_strbuf_vprintf(&sb, fmt, ap);
        va_end(ap);
        struct dl_loc loc, last;
        bool located = dl_value_loc_at(v, off, &loc);
        if (!dl_loc_valid(&loc))
                loc = ctx->req->call;
        struct dl_finding *f = dl_report(ctx, &loc, "%s", dl_strbuf_cstr(&sb));
        dl_strbuf_fini(&sb);
        /* The region's end: where the byte after the token is, when that is
         * on the same line (it covers a token written with escapes, `\"`,
         * `\u00e9`), else just after the token's last byte. Bytes that all
         * map to one place (a constant's name) give a point, not a
         * one-column region that would look like a token. */
        struct dl_loc next;
        if (located && end > off && dl_value_loc_at(v, end - 1, &last) && last.line == loc.line &&
            last.file == loc.file) {
                if (dl_value_loc_at(v, end, &next) && next.file == loc.file &&
                    next.line == loc.line && next.col > loc.col && next.col > last.col)
                        dl_finding_set_end(f, loc.line, next.col);
                else if (last.col > loc.col || end - off == 1)
                        dl_finding_set_end(f, loc.line, last.col + 1);
        }
        add_origin(f, v, off, end);
        return f;
}

struct dl_finding *dl_expr_error_report(const struct dl_check_ctx *ctx, const struct dl_expr *e,
                                        enum dl_field f, const struct dl_expr_error *err,
                                        const char *hint)
{
        size_t n = strlen(err->msg);
        bool semi = n && err->msg[n - 1] == ';';
        return dl_expr_report(ctx, e, err->off, err->end, "%s%s%s%s", dl_expr_error_prefix(f),
                              err->msg, semi ? " " : "; ", hint);
}

struct dl_finding *dl_value_report(const struct dl_check_ctx *ctx, const struct dl_value *v,
                                   const struct dl_loc *fallback, const char *fmt, ...)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        va_list ap;
        va_start(ap, fmt);
        dl_strbuf_vprintf(&sb, fmt, ap);
        va_end(ap);
        const struct dl_loc *loc = v && dl_loc_valid(&v->loc) ? &v->loc : fallback;
        if (!loc || !dl_loc_valid(loc))
                loc = &ctx->req->call;
        struct dl_finding *f = dl_report(ctx, loc, "%s", dl_strbuf_cstr(&sb));
        dl_strbuf_fini(&sb);
        add_origin(f, v, 0, 0);
        return f;
}

bool dl_name_eq(const char *s, size_t len, const char *name)
{
        return name && strlen(name) == len && memcmp(s, name, len) == 0;
}

/* Could the template (known text and holes) spell name? Holes stand for
 * any text, as a glob's '*'. */
static bool template_may_be(const struct dl_segment *segs, size_t n, const char *name,
                            size_t len)
{
        if (n == 0)
                return len == 0;
        if (!segs[0].text) {
                for (size_t skip = 0; skip <= len; skip++) {
                        if (template_may_be(segs + 1, n - 1, name + skip, len - skip))
                                return true;
                }
                return false;
        }
        return segs[0].len <= len && memcmp(segs[0].text, name, segs[0].len) == 0 &&
               template_may_be(segs + 1, n - 1, name + segs[0].len, len - segs[0].len);
}

const struct dl_table *dl_table_described_named(const struct dl_check_ctx *ctx, const char *name,
                                                size_t len)
{
        return dl_schema_table_for(ctx->rules, name, len);
}

/* Does a template set environment variable name? */
static bool env_set(const struct dl_ruleset *rs, const char *name)
{
        for (size_t i = 0; i < rs->n_env_tables; i++) {
                if (!strcmp(rs->env_tables[i].variable, name))
                        return true;
        }
        return false;
}

const struct dl_table *dl_table_described(const struct dl_check_ctx *ctx,
                                          const struct dl_request *req)
{
        const struct dl_value *tn = &req->fields[DL_FIELD_TABLE_NAME];
        if (dl_value_is_complete(tn))
                return dl_table_described_named(ctx, tn->text, tn->len);
        if (tn->kind == DL_VAL_ABSENT || !ctx->rules)
                return NULL;
        if (tn->kind == DL_VAL_DYNAMIC && tn->env) {
                const struct dl_table *t = dl_schema_table_for_env(ctx->rules, tn->env, NULL);
                if (t || env_set(ctx->rules, tn->env))
                        return t; /* a template set it: that table, or nobody can tell */
        }
        bool text = false;
        /* Named at run time. A template with known text ("prod-" + stage)
         * may name a table another entry describes: a pattern might match
         * it, or a name fit it; then nobody can tell which table it is. */
        if (tn->kind == DL_VAL_KNOWN) {
                for (size_t i = 0; i < tn->n_segs; i++)
                        text = text || (tn->segs[i].text && tn->segs[i].len);
                for (size_t i = 0; text && i < ctx->rules->n_tables; i++) {
                        const struct dl_table *t = &ctx->rules->tables[i];
                        if (t->is_default)
                                continue;
                        if (t->match || (t->name && template_may_be(tn->segs, tn->n_segs,
                                                                    t->name, strlen(t->name))))
                                return NULL;
                }
        }
        const struct dl_table *d = dl_schema_table_for(ctx->rules, NULL, 0);
        if (d && d->default_implied && text &&
            !(d->name && template_may_be(tn->segs, tn->n_segs, d->name, strlen(d->name))))
                return NULL; /* the one table of a template, but not its name */
        return d;
}

const char *dl_table_unknown_why(const struct dl_check_ctx *ctx, const struct dl_request *req,
                                 char *buf, size_t size)
{
        const struct dl_value *tn = &req->fields[DL_FIELD_TABLE_NAME];
        const char *why = NULL;
        if (tn->kind == DL_VAL_DYNAMIC && tn->env &&
            !dl_schema_table_for_env(ctx->rules, tn->env, &why))
                snprintf(buf, size, "its TableName is the environment variable '%s': %s",
                         DL_Q(tn->env), why);
        else if (dl_value_is_complete(tn))
                snprintf(buf, size, "no table definition describes table '%s'",
                         DL_QN(tn->text, tn->len));
        else
                snprintf(buf, size,
                         "its TableName is only known at run time and no table is the default "
                         "('default: true' under 'tables:', or a 'tables-from' file with one "
                         "table)");
        return buf;
}

const char *dl_read_keys_label(const struct dl_request *req, const struct dl_read_keys *k,
                               char *buf, size_t size)
{
        const struct dl_value *tn = &req->fields[DL_FIELD_TABLE_NAME];
        if (k->index)
                snprintf(buf, size, "index '%s'", DL_Q(k->index->name));
        else if (dl_value_is_complete(tn))
                snprintf(buf, size, "table '%s'", DL_QN(tn->text, tn->len));
        else
                snprintf(buf, size, "the default table");
        return buf;
}

/* The key schema read from table t (NULL: not described), through index
 * (index_len bytes) unless index is NULL. */
static bool read_keys_of(const struct dl_table *t, const char *index, size_t index_len,
                         struct dl_read_keys *out)
{
        memset(out, 0, sizeof *out);
        out->table = t;
        if (!out->table)
                return false;
        if (!index) {
                out->hash = out->table->partition_key.name;
                out->hash_type = out->table->partition_key.type;
                out->range = out->table->sort_key.name;
                out->range_type = out->table->sort_key.type;
        } else {
                out->index = dl_schema_index(out->table, index, index_len);
                if (!out->index)
                        return false;
                const struct dl_key_attr *pk = &out->index->partition_key;
                if (!pk->name) /* an LSI's partition key is the table's */
                        pk = &out->table->partition_key;
                out->hash = pk->name;
                out->hash_type = pk->type;
                out->range = out->index->sort_key.name;
                out->range_type = out->index->sort_key.type;
        }
        return out->hash != NULL;
}

bool dl_read_keys_named(const struct dl_check_ctx *ctx, const char *table, size_t table_len,
                        const char *index, size_t index_len, struct dl_read_keys *out)
{
        return read_keys_of(dl_table_described_named(ctx, table, table_len), index, index_len,
                            out);
}

bool dl_read_keys_get(const struct dl_check_ctx *ctx, const struct dl_request *req,
                      struct dl_read_keys *out)
{
        memset(out, 0, sizeof *out);
        const struct dl_value *ix = &req->fields[DL_FIELD_INDEX_NAME];
        if (ix->kind != DL_VAL_ABSENT && !dl_value_is_complete(ix))
                return false;
        return read_keys_of(dl_table_described(ctx, req),
                            ix->kind == DL_VAL_ABSENT ? NULL : ix->text, ix->len, out);
}

bool dl_path_head(const struct dl_request *req, const struct dl_path *p, const char **name,
                  size_t *len)
{
        return p->n && dl_placeholder_resolve(req, &p->elems[0], name, len);
}

bool dl_path_str(const struct dl_request *req, const struct dl_path *p, char *buf, size_t size)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_strbuf_putc(&sb, '[');
        bool ok = true;
        for (size_t i = 0; i < p->n && ok; i++) {
                const struct dl_path_elem *el = &p->elems[i];
                if (i)
                        dl_strbuf_puts(&sb, ", ");
                const char *n;
                size_t l;
                if (el->kind == DL_PE_INDEX)
                        dl_strbuf_printf(&sb, "[%lu]", el->index);
                else if (dl_placeholder_resolve(req, el, &n, &l))
                        dl_strbuf_add(&sb, n, l);
                else
                        ok = false;
        }
        dl_strbuf_putc(&sb, ']');
        /* user text: escaped and truncated like every quoted name */
        snprintf(buf, size, "%s", DL_QN(sb.buf, sb.len));
        dl_strbuf_fini(&sb);
        return ok;
}

#define F(x) DL_FIELD_##x
static const enum dl_field q_expr[] = {F(PROJECTION_EXPRESSION), F(FILTER_EXPRESSION),
                                       F(KEY_CONDITION_EXPRESSION)};
static const enum dl_field q_legacy[] = {F(ATTRIBUTES_TO_GET), F(QUERY_FILTER),
                                         F(CONDITIONAL_OPERATOR), F(KEY_CONDITIONS)};
static const enum dl_field s_expr[] = {F(PROJECTION_EXPRESSION), F(FILTER_EXPRESSION)};
static const enum dl_field s_legacy[] = {F(ATTRIBUTES_TO_GET), F(SCAN_FILTER),
                                         F(CONDITIONAL_OPERATOR)};
static const enum dl_field g_expr[] = {F(PROJECTION_EXPRESSION)};
static const enum dl_field g_legacy[] = {F(ATTRIBUTES_TO_GET)};
static const enum dl_field pd_expr[] = {F(CONDITION_EXPRESSION)};
static const enum dl_field pd_legacy[] = {F(EXPECTED)};
static const enum dl_field u_expr[] = {F(UPDATE_EXPRESSION), F(CONDITION_EXPRESSION)};
static const enum dl_field u_legacy[] = {F(ATTRIBUTE_UPDATES), F(EXPECTED)};
#undef F
#define P(e, l) (struct dl_op_params){e, sizeof e / sizeof e[0], l, sizeof l / sizeof l[0]}

bool dl_op_params_get(enum dl_op op, struct dl_op_params *out)
{
        switch (op) {
        case DL_OP_QUERY: *out = P(q_expr, q_legacy); return true;
        case DL_OP_SCAN: *out = P(s_expr, s_legacy); return true;
        case DL_OP_GET_ITEM: *out = P(g_expr, g_legacy); return true;
        case DL_OP_PUT_ITEM:
        case DL_OP_DELETE_ITEM: *out = P(pd_expr, pd_legacy); return true;
        case DL_OP_UPDATE_ITEM: *out = P(u_expr, u_legacy); return true;
        default: return false;
        }
}
#undef P

bool dl_field_set(const struct dl_request *req, enum dl_field f)
{
        const struct dl_value *v = &req->fields[f];
        return v->kind == DL_VAL_KNOWN || (v->kind == DL_VAL_DYNAMIC && !req->escaped);
}

enum dl_path_clash dl_paths_clash(const struct dl_request *req, const struct dl_path *a,
                                  const struct dl_path *b)
{
        if (a->partial || b->partial)
                return DL_CLASH_UNKNOWN;
        for (size_t i = 0; i < a->n && i < b->n; i++) {
                const struct dl_path_elem *x = &a->elems[i], *y = &b->elems[i];
                bool xi = x->kind == DL_PE_INDEX, yi = y->kind == DL_PE_INDEX;
                if (xi != yi)
                        return DL_CLASH_CONFLICT;
                if (xi) {
                        if (x->index != y->index)
                                return DL_CLASH_NONE;
                        continue;
                }
                const char *xn, *yn;
                size_t xl, yl;
                if (!dl_placeholder_resolve(req, x, &xn, &xl) ||
                    !dl_placeholder_resolve(req, y, &yn, &yl))
                        return DL_CLASH_UNKNOWN;
                if (xl != yl || memcmp(xn, yn, xl) != 0)
                        return DL_CLASH_NONE;
        }
        return DL_CLASH_OVERLAP;
}

static const struct dl_path *nested_on(const struct dl_request *req, const struct dl_expr *e,
                                       const char *key)
{
        for (size_t i = 0; key && i < e->n_paths; i++) {
                const struct dl_path *p = e->paths[i];
                const char *name;
                size_t len;
                if (p->n > 1 && dl_path_head(req, p, &name, &len) && dl_name_eq(name, len, key))
                        return p;
        }
        return NULL;
}

bool dl_report_nested_key_path(const struct dl_check_ctx *ctx, const struct dl_request *req,
                               const struct dl_expr *e)
{
        const struct dl_table *t = e ? dl_table_described(ctx, req) : NULL;
        if (!t)
                return false;
        const char *keys[2] = {t->partition_key.name, t->sort_key.name};
        for (size_t k = 0; k < 2; k++) {
                const struct dl_path *p = nested_on(req, e, keys[k]);
                if (!p)
                        continue;
                dl_expr_report(ctx, e, p->off, p->end,
                               "Key attributes must be scalars; list random access '[]' and map "
                               "lookup '.' are not allowed: Key: %s; '%s' is a key attribute of "
                               "the table, a string, number or binary",
                               DL_Q(keys[k]), DL_Q(keys[k]));
                return true;
        }
        for (size_t i = 0; i < t->n_indexes; i++) {
                const char *ikeys[2] = {t->indexes[i].partition_key.name,
                                        t->indexes[i].sort_key.name};
                for (size_t k = 0; k < 2; k++) {
                        const struct dl_path *p = nested_on(req, e, ikeys[k]);
                        if (!p)
                                continue;
                        dl_expr_report(ctx, e, p->off, p->end,
                                       "Key attributes must be scalars; list random access '[]' "
                                       "and map lookup '.' are not allowed: IndexKey: %s; '%s' is "
                                       "a key attribute of index '%s'",
                                       DL_Q(ikeys[k]), DL_Q(ikeys[k]),
                                       DL_Q(t->indexes[i].name));
                        return true;
                }
        }
        return false;
}

const char *dl_attr_type_of(const struct dl_attr *a)
{
        return a ? dl_attr_type_name(a->type) : NULL;
}

void dl_report_path_clash(const struct dl_check_ctx *ctx, const struct dl_request *req,
                          const struct dl_expr *e, struct dl_path *const *paths, size_t n,
                          const char *kind, const char *overlap_hint,
                          const char *conflict_hint)
{
        const struct dl_path *c1 = NULL, *c2 = NULL, *o1 = NULL, *o2 = NULL;
        for (size_t j = 1; j < n && !o1; j++) {
                for (size_t i = 0; i < j; i++) {
                        enum dl_path_clash c = dl_paths_clash(req, paths[i], paths[j]);
                        if (c == DL_CLASH_UNKNOWN)
                                return;
                        if (c == DL_CLASH_CONFLICT && !c1) {
                                c1 = paths[i];
                                c2 = paths[j];
                        }
                        if (c == DL_CLASH_OVERLAP) {
                                o1 = paths[i];
                                o2 = paths[j];
                                break;
                        }
                }
        }
        bool overlap = o1 != NULL;
        const struct dl_path *a = overlap ? o1 : c1, *b = overlap ? o2 : c2;
        if (!a)
                return;
        char one[256], two[256];
        dl_path_str(req, a, one, sizeof one);
        dl_path_str(req, b, two, sizeof two);
        dl_expr_report(ctx, e, b->off, b->end,
                       "Invalid %s: Two document paths %s with each other; must remove or "
                       "rewrite one of these paths; path one: %s, path two: %s; %s",
                       kind, overlap ? "overlap" : "conflict", one, two,
                       overlap ? overlap_hint : conflict_hint);
}

static bool pq_is_value(const struct dl_pq_node *n)
{
        return n->kind == DL_PQN_PARAM || (n->kind == DL_PQN_LITERAL && n->n_args == 0);
}

/* Does the path node n name the top-level attribute `name`? NULL name:
 * any top-level attribute. */
static bool pq_names(const struct dl_pq_node *n, const char *name)
{
        if (n->kind != DL_PQN_PATH || n->n_steps != 0)
                return false;
        return !name || (strlen(name) == n->name_len && memcmp(n->name, name, n->name_len) == 0);
}

enum dl_tri dl_partiql_fixes(const struct dl_pq_node *c, const char *name)
{
        switch (c->kind) {
        case DL_PQN_CMP:
                if (c->op != DL_PQ_EQ)
                        return DL_TRI_NO;
                return (pq_names(c->args[0], name) && pq_is_value(c->args[1])) ||
                                       (pq_names(c->args[1], name) && pq_is_value(c->args[0]))
                               ? DL_TRI_YES
                               : DL_TRI_NO;
        case DL_PQN_IN: {
                if (c->negated || !pq_names(c->args[0], name))
                        return DL_TRI_NO;
                for (size_t i = 1; i < c->n_args; i++)
                        if (!pq_is_value(c->args[i]))
                                return DL_TRI_NO;
                return DL_TRI_YES;
        }
        case DL_PQN_AND: {
                enum dl_tri l = dl_partiql_fixes(c->args[0], name),
                            r = dl_partiql_fixes(c->args[1], name);
                return l == DL_TRI_YES || r == DL_TRI_YES       ? DL_TRI_YES
                       : l == DL_TRI_MAYBE || r == DL_TRI_MAYBE ? DL_TRI_MAYBE
                                                                : DL_TRI_NO;
        }
        case DL_PQN_OR: {
                enum dl_tri l = dl_partiql_fixes(c->args[0], name),
                            r = dl_partiql_fixes(c->args[1], name);
                return l == DL_TRI_YES && r == DL_TRI_YES ? DL_TRI_YES
                       : l == DL_TRI_NO || r == DL_TRI_NO ? DL_TRI_NO
                                                          : DL_TRI_MAYBE;
        }
        default: return DL_TRI_NO;
        }
}

enum dl_tri dl_partiql_scans(const struct dl_check_ctx *ctx, const struct dl_partiql *st)
{
        if (!st || !st->complete || st->stmt != DL_PQ_SELECT || st->n_errors || !st->table.text)
                return DL_TRI_MAYBE;
        if (!st->where)
                return DL_TRI_YES;
        struct dl_read_keys keys;
        if (!st->table.has_hole && !st->index.has_hole &&
            dl_read_keys_named(ctx, st->table.text, st->table.len, st->index.text, st->index.len,
                               &keys)) {
                enum dl_tri f = dl_partiql_fixes(st->where, keys.hash);
                return f == DL_TRI_YES ? DL_TRI_NO : f == DL_TRI_NO ? DL_TRI_YES : DL_TRI_MAYBE;
        }
        /* the key is not known: fixing no attribute is a scan whatever it is */
        return dl_partiql_fixes(st->where, NULL) == DL_TRI_NO ? DL_TRI_YES : DL_TRI_MAYBE;
}
