/* code_tables.c - the tables CreateTable requests define (code_tables.h).
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE /* memmem */
#include "code_tables.h"

#include "../core/alloc.h"
#include "../core/error.h"
#include "../core/log.h"
#include "../core/regex.h"
#include "../model/request.h"
#include "../model/template.h"
#include "../rules/ruleset.h"
#include "../rules/schema.h"

#include <stdlib.h>
#include <string.h>

static void own(struct dl_code_tables *ct, struct dl_ruleset *rs)
{
        ct->owned = dl_xrealloc(ct->owned, (ct->n_owned + 1) * sizeof *ct->owned);
        ct->owned[ct->n_owned++] = rs;
}

/* Does a table of rules describe the table named name, by its name or its
 * `match` pattern? */
static bool described(const struct dl_ruleset *rules, const char *name)
{
        for (size_t i = 0; rules && i < rules->n_tables; i++) {
                const struct dl_table *t = &rules->tables[i];
                if ((t->name && !strcmp(t->name, name)) ||
                    (t->match_re && dl_regex_match(t->match_re, name, strlen(name))))
                        return true;
        }
        return false;
}

/* May a request of reqs (n) other than req set the billing mode of table
 * name, whose definition is in code (in_code: the unit's CreateTable of
 * it) or in a definition file? Another UpdateTable of it, or of a table
 * named at run time, that writes BillingMode or has members ddblint cannot
 * see (no definition); another CreateTable of it. */
static bool billing_may_change(const struct dl_request *reqs, size_t n,
                               const struct dl_request *req, const char *name, bool in_code)
{
        size_t creates = 0, len = strlen(name);
        for (size_t i = 0; i < n; i++) {
                const struct dl_request *o = &reqs[i];
                const struct dl_value *tn = &o->fields[DL_FIELD_TABLE_NAME];
                if (o == req || (o->op != DL_OP_UPDATE_TABLE && o->op != DL_OP_CREATE_TABLE) ||
                    (dl_value_is_complete(tn) && (tn->len != len || memcmp(tn->text, name, len))))
                        continue;
                if (o->op == DL_OP_CREATE_TABLE)
                        creates++;
                else if (!o->definition || o->definition->kind != DL_VAL_KNOWN ||
                         !o->definition->text ||
                         memmem(o->definition->text, o->definition->len, "\"BillingMode\"", 13))
                        return true;
        }
        return creates > (in_code ? 1u : 0u);
}

/* The table req (a CreateTable, or an UpdateTable of the table base
 * defines) defines, appended to ct; reqs (n): the unit's requests. */
static void read_one(struct dl_code_tables *ct, const struct dl_request *req,
                     const struct dl_ruleset *rules, const struct dl_request *reqs, size_t n,
                     struct dl_log *log)
{
        bool update = req->op == DL_OP_UPDATE_TABLE;
        const struct dl_value *def = req->definition;
        if (!def) {
                /* a body whose top-level members are not all seen */
                if (log && req->json_body && req->json_body->kind == DL_VAL_KNOWN)
                        dl_log_add(log, DL_LOG_NOTE, "table-not-read", &req->call,
                                   "the table this %s defines is not read: its body "
                                   "has members only known at run time; no table finding",
                                   dl_op_name(req->op));
                return;
        }
        const struct dl_value *tn = &req->fields[DL_FIELD_TABLE_NAME];
        const char *name =
                dl_value_is_complete(tn) && !memchr(tn->text, 0, tn->len) ? tn->text : NULL;
        char *id = dl_value_render(tn); /* names it in messages: holes <?> */
        if (!id)
                id = dl_xstrdup("<?>");
        struct dl_ruleset *rs = NULL;
        struct dl_error err;
        dl_error_init(&err);
        /* the table an UpdateTable changes, when a definition describes it */
        const struct dl_table *base =
                update && name ? dl_schema_table_for(rules, name, strlen(name)) : NULL;
        const struct dl_table_def *base_def =
                base && base->name && !strcmp(base->name, name) && base->def && !base->def->update
                        ? base->def
                        : NULL;
        bool certain = base_def &&
                       !billing_may_change(reqs, n, req, name, !strcmp(base_def->format, "code"));
        enum dl_status st =
                update ? dl_ruleset_code_update(def->text, def->len, def->segs[0].locs, name, id,
                                                req->call, base_def, certain, &rs, &err)
                       : dl_ruleset_code_table(def->text, def->len, def->segs[0].locs, name, id,
                                               req->call, &rs, &err);
        if (st != DL_OK) {
                if (log)
                        dl_log_add(log, DL_LOG_NOTE, "table-not-read", &req->call,
                                   "the %s this %s %s is not read: %s; no table finding",
                                   update ? "change" : "table", dl_op_name(req->op),
                                   update ? "makes" : "defines",
                                   err.message ? err.message : "unreadable");
                dl_error_fini(&err);
                free(id);
                return;
        }
        dl_error_fini(&err);
        free(id);
        own(ct, rs);
        ct->tables = dl_xrealloc(ct->tables, (ct->n_tables + 1) * sizeof *ct->tables);
        ct->tables[ct->n_tables++] = &rs->tables[0];
}

void dl_code_tables_read(struct dl_code_tables *out, const struct dl_ruleset *rules,
                         const struct dl_request *reqs, size_t n, struct dl_log *log)
{
        memset(out, 0, sizeof *out);
        for (size_t i = 0; i < n; i++) {
                if (reqs[i].op == DL_OP_CREATE_TABLE)
                        read_one(out, &reqs[i], rules, reqs, n, log);
        }
        /* the first CreateTable of a name describes it, beneath the rules */
        const struct dl_ruleset *now = rules;
        size_t n_tables = out->n_tables;
        for (size_t i = 0; i < n_tables; i++) {
                const struct dl_table *t = out->tables[i];
                if (!t->name || described(now, t->name))
                        continue;
                struct dl_ruleset *merged = dl_ruleset_merge(now, out->owned[i]);
                own(out, merged);
                now = merged;
        }
        out->rules = now == rules ? NULL : now;
        /* UpdateTables: linted against the table they change as the rules
         * and the CreateTables describe it; they describe nothing */
        for (size_t i = 0; i < n; i++) {
                if (reqs[i].op == DL_OP_UPDATE_TABLE)
                        read_one(out, &reqs[i], now, reqs, n, log);
        }
}

void dl_code_tables_fini(struct dl_code_tables *ct)
{
        if (!ct)
                return;
        /* each merge borrows from those before it: free the last first */
        for (size_t i = ct->n_owned; i-- > 0;)
                dl_ruleset_free(ct->owned[i]);
        free(ct->owned);
        free(ct->tables);
        memset(ct, 0, sizeof *ct);
}
