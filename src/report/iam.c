/* iam.c - the least-privilege identity policy (iam.h).
 * SPDX-License-Identifier: MIT
 */
#include "iam.h"

#include "access.h"

#include "../core/alloc.h"
#include "../core/strbuf.h"

#include <ctype.h>
#include <stdarg.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

bool dl_iam_format_parse(const char *s, enum dl_iam_format *out)
{
        static const char *const names[] = {"json", "terraform", "cloudformation"};
        size_t i;
        if (!dl_access_word(s, names, 3, &i))
                return false;
        *out = (enum dl_iam_format)i;
        return true;
}

/* One Allow statement: its resource (after "...:"), its actions with the
 * call sites of each, and the LeadingKeys it may carry. */
struct stmt {
        char *resource;          /* "table/T", "table/T/index/I", or "*" */
        char *table;             /* the table's name or glob, NULL for "*" */
        char *index;             /* the index's name or glob, or NULL */
        json_t *actions;         /* action -> array of call sites ("file:line:col") */
        json_t *leading;         /* [value, action] of each LeadingKeys value, in order */
        json_t *lead_bad;        /* action -> true: a call of it has no known prefix */
        bool lead_ok;            /* every item operation so far has a known prefix */
        bool items;              /* some item operation */
        json_t *no_lead;         /* the first record that left no LeadingKeys (a reference) */
        const char *no_lead_why; /* and why (static text) */
        size_t n_no_lead;        /* call sites leaving no LeadingKeys, that one included */
};

struct policy {
        struct stmt *s;
        size_t n;
        FILE *warn;
        json_t *warned;           /* messages said already */
        json_t *scanned;          /* table -> {"base": true, "index": true} */
        json_t *pq_scanned;       /* table -> true: a PartiQL SELECT that is or may be a scan */
        json_t *unknown_scans;    /* globs of tables an unknown Scan may name */
        json_t *unknown_pq_scans; /* the same for PartiQL full scans */
        /* while the records are read: the warnings held to be said by
         * cause (say_warnings), in the order of each cause's first call:
         * [{"line": its first warning, "others": ["FILE:L:C OP", ...]}] */
        json_t *held;
        json_t *held_by_cause; /* cause (the message after the call) -> index in held */
};

static void warn(struct policy *p, json_t *rec, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

static void warn(struct policy *p, json_t *rec, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_strbuf_vprintf(&sb, fmt, ap);
        va_end(ap);
        char *msg = dl_strbuf_take(&sb);
        /* the call: its place, and what it is */
        char *place = dl_xasprintf("%s:%lld:%lld", dl_access_str(rec, "file"),
                                   (long long)json_integer_value(json_object_get(rec, "line")),
                                   (long long)json_integer_value(json_object_get(rec, "col")));
        char *what = dl_xasprintf("%s%s%s", dl_access_str(rec, "op"),
                                  *dl_access_str(rec, "member") ? " " : "",
                                  dl_access_str(rec, "member"));
        char *line = dl_xasprintf("ddblint: warning: %s: %s: %s\n", place, what, msg);
        char *call = dl_xasprintf("%s %s", place, what);
        free(place);
        free(what);
        if (!json_object_get(p->warned, line)) {
                json_object_set_new(p->warned, line, json_true());
                json_t *at = p->held ? json_object_get(p->held_by_cause, msg) : NULL;
                if (at) {
                        json_t *g = json_array_get(p->held, (size_t)json_integer_value(at));
                        json_array_append_new(json_object_get(g, "others"), json_string(call));
                } else if (p->held) {
                        json_object_set_new(p->held_by_cause, msg,
                                            json_integer((json_int_t)json_array_size(p->held)));
                        json_array_append_new(p->held,
                                              json_pack("{s:s,s:[]}", "line", line, "others"));
                } else {
                        fputs(line, p->warn);
                }
        }
        free(call);
        free(line);
        free(msg);
}

/* The calls shown in a cause's note besides its first warning. */
#define SIMILAR_SHOWN 3

/* Say the held warnings, one cause at a time: its first call's warning,
 * then, for the other calls of the same cause, one note with their count
 * and the first SIMILAR_SHOWN of them (the policy itself is whole, and
 * --explain lists every call of each action); hold no more. */
static void say_warnings(struct policy *p)
{
        size_t i;
        json_t *g;
        json_array_foreach (p->held, i, g) {
                fputs(json_string_value(json_object_get(g, "line")), p->warn);
                json_t *others = json_object_get(g, "others");
                size_t n = json_array_size(others);
                if (!n)
                        continue;
                fprintf(p->warn, "ddblint: note: the same for %zu more call%s: ", n,
                        n == 1 ? "" : "s");
                for (size_t k = 0; k < n && k < SIMILAR_SHOWN; k++)
                        fprintf(p->warn, "%s%s", k ? ", " : "",
                                json_string_value(json_array_get(others, k)));
                if (n > SIMILAR_SHOWN)
                        fprintf(p->warn, " and %zu more (iam-policy --explain lists them)",
                                n - SIMILAR_SHOWN);
                fputc('\n', p->warn);
        }
        json_decref(p->held);
        json_decref(p->held_by_cause);
        p->held = p->held_by_cause = NULL;
}

static struct stmt *stmt_for(struct policy *p, const char *resource, const char *table,
                             const char *index)
{
        for (size_t i = 0; i < p->n; i++)
                if (!strcmp(p->s[i].resource, resource))
                        return &p->s[i];
        p->s = dl_xrealloc(p->s, (p->n + 1) * sizeof *p->s);
        struct stmt *s = &p->s[p->n++];
        memset(s, 0, sizeof *s);
        s->resource = dl_xstrdup(resource);
        s->table = table ? dl_xstrdup(table) : NULL;
        s->index = index ? dl_xstrdup(index) : NULL;
        s->actions = json_object();
        s->leading = json_array();
        s->lead_bad = json_object();
        s->lead_ok = true;
        return s;
}

/* IAM's policy-variable escapes for a literal `*`, `?` or `$` (iam.h). */
static char *leading_value(const char *text, bool wildcard)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        for (const char *c = text; *c; c++) {
                if (*c == '*' || *c == '?' || *c == '$')
                        dl_strbuf_printf(&sb, "${%c}", *c);
                else
                        dl_strbuf_putc(&sb, *c);
        }
        if (wildcard)
                dl_strbuf_putc(&sb, '*');
        return dl_strbuf_take(&sb);
}

static bool item_action(const char *a)
{
        static const char *const items[] = {"GetItem",      "PutItem",        "UpdateItem",
                                            "DeleteItem",   "Query",          "Scan",
                                            "BatchGetItem", "BatchWriteItem", "ConditionCheckItem"};
        for (size_t i = 0; i < sizeof items / sizeof *items; i++)
                if (!strcmp(a, items[i]))
                        return true;
        return !strncmp(a, "PartiQL", 7);
}

/* Why the item action of rec gives its statement no dynamodb:LeadingKeys
 * condition (static text). */
static const char *no_lead_why(const char *action, json_t *rec)
{
        if (!strcmp(action, "Scan"))
                return "a Scan names no partition key";
        if (!strncmp(action, "PartiQL", 7))
                return "the partition keys of a PartiQL statement are not read";
        if (strcmp(dl_access_str(rec, "key_state"), "known") != 0) {
                const char *why = dl_access_str(rec, "why");
                return *why ? why : "its partition key is not known";
        }
        return "its partition key has no constant prefix";
}

static bool index_action(const char *a)
{
        return !strcmp(a, "Query") || !strcmp(a, "Scan") || !strcmp(a, "PartiQLSelect");
}

static void add_record(struct policy *p, json_t *rec)
{
        char site[4200];
        snprintf(site, sizeof site, "%s:%lld:%lld", dl_access_str(rec, "file"),
                 (long long)json_integer_value(json_object_get(rec, "line")),
                 (long long)json_integer_value(json_object_get(rec, "col")));
        json_t *acts = json_object_get(rec, "actions");
        if (!json_array_size(acts))
                return;
        if (!json_is_true(json_object_get(rec, "actions_known"))) {
                char *list = json_dumps(acts, JSON_COMPACT);
                warn(p, rec, "%s, so every action it may need is allowed (%s)",
                     dl_access_str(rec, "why"), list ? list : "");
                free(list);
        }
        bool none = !strcmp(dl_access_str(rec, "resource"), "none");
        const char *tglob = json_string_value(json_object_get(rec, "table_glob"));
        const char *ts = dl_access_str(rec, "table_state");
        if (!none && !tglob) {
                /* why says what hides the table only for a PartiQL statement;
                 * otherwise it is why the key is not known, which is no
                 * reason for the table ("its table is not known: its
                 * table's key schema is not described" was untrue) */
                bool says = json_is_true(json_object_get(rec, "actions_known")) &&
                            !strcmp(dl_access_str(rec, "partiql"), "yes") &&
                            *dl_access_str(rec, "why");
                warn(p, rec,
                     "its table is not known%s%s, so it is allowed on every table (table/*)",
                     says ? ": " : "", says ? dl_access_str(rec, "why") : "");
                tglob = "*";
        } else if (!none && !strcmp(ts, "template")) {
                warn(p, rec, "its table is named at run time ('%s'), so it is allowed on table/%s",
                     dl_access_str(rec, "table"), tglob);
        }
        const char *is = dl_access_str(rec, "index_state");
        const char *iglob = json_string_value(json_object_get(rec, "index_glob"));
        bool on_index = strcmp(is, "absent") != 0;
        if (on_index && !iglob) {
                warn(p, rec,
                     "its index is not known (it may have none), so it is allowed on its "
                     "table and every index of it (index/*)");
                iglob = "*";
        } else if (on_index && !strcmp(is, "template")) {
                warn(p, rec, "its index is named at run time ('%s'), so it is allowed on index/%s",
                     dl_access_str(rec, "index"), iglob);
        }
        /* an index not known may be none: the table and its indexes */
        bool maybe_base = on_index && strcmp(is, "unknown") == 0;
        size_t i;
        json_t *a;
        for (int pass = maybe_base ? 2 : 1; pass > 0; pass--)
                json_array_foreach (acts, i, a) {
                        const char *action = json_string_value(a);
                        char *res;
                        bool ix = on_index && pass == 1 && index_action(action);
                        if (none)
                                res = dl_xstrdup("*");
                        else if (ix)
                                res = dl_xasprintf("table/%s/index/%s", tglob, iglob);
                        else
                                res = dl_xasprintf("table/%s", tglob);
                        struct stmt *s = stmt_for(p, res, none ? NULL : tglob, ix ? iglob : NULL);
                        free(res);
                        json_t *sites = json_object_get(s->actions, action);
                        if (!sites) {
                                sites = json_array();
                                json_object_set_new(s->actions, action, sites);
                        }
                        bool seen = false;
                        size_t si;
                        json_t *se;
                        json_array_foreach (sites, si, se)
                                seen = seen || !strcmp(json_string_value(se), site);
                        if (!seen)
                                json_array_append_new(sites, json_string(site));
                        if (!item_action(action))
                                continue;
                        s->items = true;
                        json_t *pk = json_object_get(rec, "pk");
                        const char *prefix = json_string_value(json_object_get(pk, "prefix"));
                        bool complete = json_is_true(json_object_get(pk, "complete"));
                        if (strcmp(action, "Scan") != 0 && strncmp(action, "PartiQL", 7) != 0 &&
                            !strcmp(dl_access_str(rec, "key_state"), "known") && prefix) {
                                char *v = leading_value(
                                        complete ? dl_access_str(pk, "value") : prefix, !complete);
                                json_array_append_new(s->leading, json_pack("[s,s]", v, action));
                                free(v);
                        } else {
                                json_object_set_new(s->lead_bad, action, json_true());
                                if (s->lead_ok) {
                                        s->no_lead = json_incref(rec);
                                        s->no_lead_why = no_lead_why(action, rec);
                                }
                                s->lead_ok = false;
                                s->n_no_lead += !seen;
                        }
                }
        /* what is scanned: no Deny there */
        bool scan = false, pq_scan = false;
        json_array_foreach (acts, i, a)
                scan = scan || !strcmp(json_string_value(a), "Scan");
        pq_scan = !strcmp(dl_access_str(rec, "partiql"), "yes") &&
                  strcmp(dl_access_str(rec, "scan"), "no") != 0;
        if (none || (!scan && !pq_scan))
                return;
        if (scan && (!strcmp(ts, "known"))) {
                json_t *t = json_object_get(p->scanned, tglob);
                if (!t) {
                        t = json_object();
                        json_object_set_new(p->scanned, tglob, t);
                }
                json_object_set_new(t, on_index ? "index" : "base", json_true());
                if (maybe_base)
                        json_object_set_new(t, "base", json_true());
        } else if (scan) {
                json_array_append_new(p->unknown_scans, json_string(tglob));
        }
        if (pq_scan && !strcmp(ts, "known"))
                json_object_set_new(p->pq_scanned, tglob, json_true());
        else if (pq_scan)
                json_array_append_new(p->unknown_pq_scans, json_string(tglob));
        if (pq_scan && !strcmp(dl_access_str(rec, "scan"), "maybe"))
                warn(p, rec,
                     "ddblint cannot tell whether this PartiQL SELECT is a full table "
                     "scan, so no Deny of full table scans covers its table");
}

/* The statement's Sid: letters and digits of its names (iam.h). */
static char *sid_of(json_t *used, const char *prefix, const char *table, const char *index)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_strbuf_puts(&sb, prefix);
        const char *parts[2] = {table, index};
        for (size_t k = 0; k < 2; k++) {
                if (!parts[k])
                        continue;
                if (k == 1)
                        dl_strbuf_puts(&sb, "Index");
                if (!strcmp(parts[k], "*")) {
                        dl_strbuf_puts(&sb, k ? "Any" : "AnyTable");
                        continue;
                }
                /* a letter after a separator starts a word: doc-example-table
                 * is DocExampleTable */
                bool word = true;
                for (const char *c = parts[k]; *c; c++) {
                        if (!isalnum((unsigned char)*c)) {
                                word = true;
                                continue;
                        }
                        char ch = *c;
                        if (word && ch >= 'a' && ch <= 'z')
                                ch = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[ch - 'a'];
                        dl_strbuf_putc(&sb, ch);
                        word = false;
                }
        }
        char *base = dl_strbuf_take(&sb);
        char *sid = dl_xstrdup(base);
        for (unsigned n = 2; json_object_get(used, sid); n++) {
                free(sid);
                sid = dl_xasprintf("%s%u", base, n);
        }
        free(base);
        json_object_set_new(used, sid, json_true());
        return sid;
}

static json_t *arn(const struct dl_iam_opts *o, const char *resource)
{
        if (!strcmp(resource, "*"))
                return json_string("*");
        const char *region = o->region, *account = o->account;
        char *s;
        switch (o->format) {
        case DL_IAM_CLOUDFORMATION:
                s = dl_xasprintf("arn:${AWS::Partition}:dynamodb:%s:%s:%s",
                                 region ? region : "${AWS::Region}",
                                 account ? account : "${AWS::AccountId}", resource);
                break;
        case DL_IAM_TERRAFORM:
                s = dl_xasprintf("arn:${data.aws_partition.current.partition}:dynamodb:%s:%s:%s",
                                 region ? region : "${data.aws_region.current.name}",
                                 account ? account
                                         : "${data.aws_caller_identity.current.account_id}",
                                 resource);
                break;
        default:
                s = dl_xasprintf("arn:aws:dynamodb:%s:%s:%s", region ? region : "*",
                                 account ? account : "*", resource);
        }
        json_t *j = o->format == DL_IAM_CLOUDFORMATION ? json_pack("{s:s}", "Fn::Sub", s)
                                                       : json_string(s);
        free(s);
        return j;
}

static int cmp_str(const void *a, const void *b)
{
        return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_stmt(const void *a, const void *b)
{
        const struct stmt *x = a, *y = b;
        bool xs = !strcmp(x->resource, "*"), ys = !strcmp(y->resource, "*");
        if (xs != ys)
                return xs ? 1 : -1;
        return strcmp(x->resource, y->resource);
}

static json_t *sorted_keys(json_t *obj, const char *prefix)
{
        size_t n = json_object_size(obj), i = 0;
        const char **keys = dl_xcalloc(n + 1, sizeof *keys);
        const char *k;
        json_t *v;
        json_object_foreach (obj, k, v)
                keys[i++] = k;
        qsort(keys, n, sizeof *keys, cmp_str);
        json_t *a = json_array();
        for (i = 0; i < n; i++) {
                char *s = dl_xasprintf("%s%s", prefix, keys[i]);
                json_array_append_new(a, json_string(s));
                free(s);
        }
        free(keys);
        return a;
}

/* The Deny statements (iam.h): Scan, and PartiQL full table scans. */
static void denies(struct policy *p, const struct dl_iam_opts *o, json_t *stmts, json_t *used)
{
        json_t *tables = json_object();
        for (size_t i = 0; i < p->n; i++) {
                const char *t = p->s[i].table;
                if (t && !strchr(t, '*'))
                        json_object_set_new(tables, t, json_true());
        }
        json_t *names = sorted_keys(tables, "");
        json_t *scan_res = json_array(), *pq_res = json_array();
        size_t i, k;
        json_t *t, *g;
        json_array_foreach (names, i, t) {
                const char *name = json_string_value(t);
                bool unknown = false, pq_unknown = false;
                json_array_foreach (p->unknown_scans, k, g)
                        unknown = unknown || fnmatch(json_string_value(g), name, 0) == 0;
                json_array_foreach (p->unknown_pq_scans, k, g)
                        pq_unknown = pq_unknown || fnmatch(json_string_value(g), name, 0) == 0;
                json_t *sc = json_object_get(p->scanned, name);
                char *base = dl_xasprintf("table/%s", name);
                char *ix = dl_xasprintf("table/%s/index/*", name);
                if (!unknown && !json_object_get(sc, "base"))
                        json_array_append_new(scan_res, arn(o, base));
                if (!unknown && !json_object_get(sc, "index"))
                        json_array_append_new(scan_res, arn(o, ix));
                if (!pq_unknown && !json_object_get(p->pq_scanned, name)) {
                        json_array_append_new(pq_res, arn(o, base));
                        json_array_append_new(pq_res, arn(o, ix));
                }
                free(base);
                free(ix);
        }
        if (json_array_size(scan_res)) {
                char *sid = sid_of(used, "DenyScan", NULL, NULL);
                json_array_append_new(stmts,
                                      json_pack("{s:s,s:s,s:[s],s:o}", "Sid", sid, "Effect", "Deny",
                                                "Action", "dynamodb:Scan", "Resource", scan_res));
                free(sid);
        } else {
                json_decref(scan_res);
        }
        if (json_array_size(pq_res)) {
                char *sid = sid_of(used, "DenyPartiQLFullTableScan", NULL, NULL);
                json_array_append_new(stmts, json_pack("{s:s,s:s,s:[s],s:o,s:{s:{s:s}}}", "Sid",
                                                       sid, "Effect", "Deny", "Action",
                                                       "dynamodb:PartiQLSelect", "Resource", pq_res,
                                                       "Condition", "Bool",
                                                       "dynamodb:FullTableScan", "true"));
                free(sid);
        } else {
                json_decref(pq_res);
        }
        json_decref(names);
        json_decref(tables);
}

/* ---- Terraform: the policy as HCL, jsonencode() of the same document ---- */

static bool hcl_ident(const char *k)
{
        if (!isalpha((unsigned char)*k))
                return false;
        for (; *k; k++)
                if (!isalnum((unsigned char)*k) && *k != '_')
                        return false;
        return true;
}

/* A string literal; raw: the ARN interpolations stay, else "${" and "%{"
 * are escaped. */
static void hcl_str(FILE *out, const char *s, bool raw)
{
        fputc('"', out);
        for (; *s; s++) {
                if (*s == '"' || *s == '\\')
                        fputc('\\', out);
                if (!raw && (*s == '$' || *s == '%') && s[1] == '{')
                        fputc(*s, out);
                fputc(*s, out);
        }
        fputc('"', out);
}

static void hcl(FILE *out, json_t *v, int depth, bool raw)
{
        if (json_is_string(v)) {
                hcl_str(out, json_string_value(v), raw);
        } else if (json_is_array(v)) {
                fputc('[', out);
                size_t i;
                json_t *e;
                json_array_foreach (v, i, e) {
                        fputs(i ? ", " : "", out);
                        hcl(out, e, depth, raw);
                }
                fputc(']', out);
        } else if (json_is_object(v)) {
                fputs("{\n", out);
                const char *k;
                json_t *e;
                json_object_foreach (v, k, e) {
                        fprintf(out, "%*s", (depth + 1) * 2, "");
                        if (hcl_ident(k))
                                fputs(k, out);
                        else
                                hcl_str(out, k, false);
                        fputs(" = ", out);
                        hcl(out, e, depth + 1, !strcmp(k, "Resource"));
                        fputc('\n', out);
                }
                fprintf(out, "%*s}", depth * 2, "");
        }
}

/* The item actions of s whose every call has a known key prefix, moved out
 * of s->actions (action -> call sites), when some other item action has a
 * call without one; NULL when there are none or no other. */
static json_t *keyed_actions(struct stmt *s)
{
        json_t *keyed = json_object();
        const char *a;
        json_t *sites;
        void *tmp;
        json_object_foreach_safe (s->actions, tmp, a, sites) {
                size_t k;
                json_t *e;
                bool valued = false;
                json_array_foreach (s->leading, k, e)
                        valued = valued || !strcmp(json_string_value(json_array_get(e, 1)), a);
                if (item_action(a) && valued && !json_object_get(s->lead_bad, a))
                        json_object_set(keyed, a, sites);
        }
        if (!json_object_size(keyed)) {
                json_decref(keyed);
                return NULL;
        }
        json_object_foreach_safe (keyed, tmp, a, sites)
                json_object_del(s->actions, a);
        return keyed;
}

/* The LeadingKeys values of the calls of actions (NULL: of every action),
 * each once, in the order of the calls. */
static json_t *leading_values(const struct stmt *s, json_t *actions)
{
        json_t *out = json_array();
        size_t k, m;
        json_t *e, *have;
        json_array_foreach (s->leading, k, e) {
                const char *v = json_string_value(json_array_get(e, 0));
                const char *a = json_string_value(json_array_get(e, 1));
                bool seen = actions && !json_object_get(actions, a);
                json_array_foreach (out, m, have)
                        seen = seen || !strcmp(json_string_value(have), v);
                if (!seen)
                        json_array_append_new(out, json_string(v));
        }
        return out;
}

/* Append the Allow statement sid of actions (action -> call sites) on s's
 * resource, with the LeadingKeys condition cond (taken; NULL: none), to
 * stmts; with --explain, its calls. */
static void emit(struct policy *p, const struct dl_iam_opts *o, const struct stmt *s,
                 const char *sid, json_t *actions, json_t *cond, json_t *stmts)
{
        json_t *st = json_pack("{s:s,s:s,s:o,s:[o]}", "Sid", sid, "Effect", "Allow", "Action",
                               sorted_keys(actions, "dynamodb:"), "Resource", arn(o, s->resource));
        if (cond)
                json_object_set_new(st, "Condition",
                                    json_pack("{s:{s:o}}", "ForAllValues:StringLike",
                                              "dynamodb:LeadingKeys", cond));
        json_array_append_new(stmts, st);
        if (!o->explain)
                return;
        fprintf(p->warn, "%s (%s):\n", sid, s->resource);
        json_t *keys = sorted_keys(actions, "");
        size_t k;
        json_t *key;
        json_array_foreach (keys, k, key) {
                const char *a = json_string_value(key);
                fprintf(p->warn, "  dynamodb:%s\n", a);
                size_t m;
                json_t *site;
                json_array_foreach (json_object_get(actions, a), m, site)
                        fprintf(p->warn, "    %s\n", json_string_value(site));
        }
        json_decref(keys);
}

bool dl_iam_write(FILE *out, FILE *warn_to, json_t *records, const struct dl_iam_opts *o)
{
        struct policy p = {0};
        p.warn = warn_to;
        p.warned = json_object();
        p.scanned = json_object();
        p.pq_scanned = json_object();
        p.unknown_scans = json_array();
        p.unknown_pq_scans = json_array();
        size_t i;
        json_t *rec;
        p.held = json_array();
        p.held_by_cause = json_object();
        json_array_foreach (records, i, rec)
                add_record(&p, rec);
        say_warnings(&p);
        qsort(p.s, p.n, sizeof *p.s, cmp_stmt);
        json_t *stmts = json_array(), *used = json_object();
        for (i = 0; i < p.n; i++) {
                struct stmt *s = &p.s[i];
                bool any = !strcmp(s->resource, "*");
                bool named = !any && strcmp(s->table, "*") != 0;
                char *sid = sid_of(used, any ? "AllowAccountLevel" : "Allow", s->table, s->index);
                json_t *keyed = s->items && !s->lead_ok && named ? keyed_actions(s) : NULL;
                if (keyed) {
                        /* the item actions whose every call has a known
                         * prefix keep the condition in a statement of their
                         * own; the others get one without it */
                        emit(&p, o, s, sid, keyed, leading_values(s, keyed), stmts);
                        json_t *scratch = json_object();
                        char *base = sid_of(scratch, "Allow", s->table, s->index);
                        char *all = dl_xasprintf("%sAllItems", base);
                        free(sid);
                        sid = sid_of(used, all, NULL, NULL);
                        free(all);
                        free(base);
                        json_decref(scratch);
                }
                json_t *cond = NULL;
                if (s->items && s->lead_ok && json_array_size(s->leading))
                        cond = leading_values(s, NULL);
                else if (s->items && s->no_lead && named)
                        /* a table not known is said already, at its call */
                        warn(&p, s->no_lead,
                             "%s, so statement %s allows every item collection of %s (no "
                             "dynamodb:LeadingKeys condition; %zu of its calls %s no known "
                             "key prefix)",
                             s->no_lead_why, sid, s->resource, s->n_no_lead,
                             s->n_no_lead == 1 ? "has" : "have");
                emit(&p, o, s, sid, s->actions, cond, stmts);
                json_decref(keyed);
                free(sid);
        }
        denies(&p, o, stmts, used);
        json_t *doc = json_pack("{s:s,s:o}", "Version", "2012-10-17", "Statement", stmts);
        if (o->format == DL_IAM_JSON) {
                json_dumpf(doc, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
                fputc('\n', out);
        } else if (o->format == DL_IAM_CLOUDFORMATION) {
                json_t *t = json_pack("{s:s,s:s,s:{s:{s:s,s:{s:s,s:O}}}}",
                                      "AWSTemplateFormatVersion", "2010-09-09", "Description",
                                      "Least-privilege DynamoDB access of the analysed code "
                                      "(ddblint iam-policy)",
                                      "Resources", "DdblintDynamoDBPolicy", "Type",
                                      "AWS::IAM::ManagedPolicy", "Properties", "Description",
                                      "DynamoDB access derived from the code by ddblint",
                                      "PolicyDocument", doc);
                json_dumpf(t, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
                fputc('\n', out);
                json_decref(t);
        } else {
                fputs("# The DynamoDB access of the analysed code (ddblint iam-policy).\n"
                      "data \"aws_partition\" \"current\" {}\n"
                      "data \"aws_region\" \"current\" {}\n"
                      "data \"aws_caller_identity\" \"current\" {}\n\n"
                      "resource \"aws_iam_policy\" \"ddblint_dynamodb\" {\n"
                      "  name_prefix = \"ddblint-dynamodb-\"\n"
                      "  policy = jsonencode(",
                      out);
                hcl(out, doc, 1, false);
                fputs(")\n}\n", out);
        }
        json_decref(doc);
        json_decref(used);
        for (i = 0; i < p.n; i++) {
                free(p.s[i].resource);
                free(p.s[i].table);
                free(p.s[i].index);
                json_decref(p.s[i].actions);
                json_decref(p.s[i].leading);
                json_decref(p.s[i].lead_bad);
                json_decref(p.s[i].no_lead);
        }
        free(p.s);
        json_decref(p.warned);
        json_decref(p.scanned);
        json_decref(p.pq_scanned);
        json_decref(p.unknown_scans);
        json_decref(p.unknown_pq_scans);
        return fflush(out) == 0 && !ferror(out);
}
