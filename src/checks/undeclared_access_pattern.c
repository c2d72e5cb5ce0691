/* undeclared_access_pattern.c - check `undeclared-access-pattern`: a
 * request that serves none of the access patterns the rules file declares
 * (`access-patterns:`, docs/rules-file.md).
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: a single-table design starts from its access-pattern
 * table (each pattern: operation, table or index, partition-key and
 * sort-key shapes), and the keys and indexes are chosen to serve exactly
 * those; a request outside the table is a pattern nobody designed for (a
 * Query on a key shape no index serves well, a new write shape). The check
 * keeps the code and the table together; `ddblint access-patterns` lists
 * the declared patterns no code serves.
 *
 * Off by default (struct dl_check.off_by_default): enable it with
 * `undeclared-access-pattern: {enabled: true}` once the patterns are
 * declared. Silent when none is declared.
 *
 * Deliberately ignored: a record whose table, index or key ddblint cannot
 * tell, when some declared pattern would match it with what is unknown
 * (dl_access_pattern_match MAYBE): stay silent when unsure; the members a
 * container may hold that ddblint could not list.
 */
#include "info.h"
#include "util_access.h"

#include "../model/quote.h"
#include "../model/request.h"

#include <stdlib.h>
#include <string.h>

/* Every declared pattern's operation is one of DynamoDB's operations or
 * the IAM actions a member needs: a misspelt one would match nothing and
 * flag every request. */
static enum dl_status configure(void **state, const struct dl_check_config *cfg,
                                const struct dl_ruleset *rules, struct dl_error *err)
{
        (void)state;
        (void)cfg;
        static const char *const member_actions[] = {"ConditionCheckItem", "PartiQLSelect",
                                                     "PartiQLInsert", "PartiQLUpdate",
                                                     "PartiQLDelete"};
        for (size_t i = 0; i < rules->n_access_patterns; i++) {
                const struct dl_access_pattern *p = &rules->access_patterns[i];
                enum dl_op op;
                bool ok = !p->operation || dl_op_from_name(p->operation, strlen(p->operation), &op);
                for (size_t k = 0; !ok && k < sizeof member_actions / sizeof *member_actions; k++)
                        ok = !strcmp(p->operation, member_actions[k]);
                if (!ok)
                        return dl_error_set(err, DL_ERR_CONFIG, &p->operation_loc,
                                            "unknown operation '%s' in access pattern '%s'; "
                                            "expected a DynamoDB operation (Query, GetItem...) "
                                            "or a member's action (ConditionCheckItem, "
                                            "PartiQLSelect...)",
                                            DL_Q(p->operation), DL_Q(p->name));
        }
        return DL_OK;
}

static void shape_of(const struct dl_access *a, struct dl_access_shape *s, char **pk, char **sk,
                     char **lits)
{
        memset(s, 0, sizeof *s);
        s->op = dl_op_name(a->top->op);
        s->action = a->n_actions == 1 && a->actions_known ? a->actions[0] : NULL;
        s->table_known = a->table_state == DL_NAME_KNOWN;
        s->table = a->table;
        s->index_state = a->index_state;
        s->index = a->index;
        *pk = a->has_pk ? dl_access_key_shape(a->pk.op, a->pk.value) : NULL;
        *sk = a->has_sk ? dl_access_key_shape(a->sk.op, a->sk.value) : NULL;
        s->pk = *pk;
        s->sk = *sk;
        s->key_known = a->has_pk && a->pk.value;
        s->sk_known = a->has_sk && a->sk.value;
        s->pk_complete = a->pk.complete;
        s->sk_complete = a->sk.complete;
        lits[0] =
                a->has_pk ? dl_access_key_shape(a->pk.op, a->pk.prefix ? a->pk.prefix : "") : NULL;
        lits[1] =
                a->has_sk ? dl_access_key_shape(a->sk.op, a->sk.prefix ? a->sk.prefix : "") : NULL;
        s->pk_lit = lits[0];
        s->sk_lit = lits[1];
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        const struct dl_ruleset *rs = ctx->rules;
        if (!rs->n_access_patterns || req->member)
                return;
        struct dl_access *a;
        size_t n = dl_access_of(ctx, req, &a);
        for (size_t i = 0; i < n; i++) {
                if (a[i].member && !strcmp(a[i].member, "<unlisted>"))
                        continue;
                struct dl_access_shape s;
                char *pk, *sk, *lits[2];
                shape_of(&a[i], &s, &pk, &sk, lits);
                enum dl_tri best = DL_TRI_NO;
                for (size_t k = 0; k < rs->n_access_patterns && best != DL_TRI_YES; k++) {
                        enum dl_tri m = dl_access_pattern_match(&rs->access_patterns[k], &s);
                        if (m == DL_TRI_YES || (m == DL_TRI_MAYBE && best == DL_TRI_NO))
                                best = m;
                }
                if (best == DL_TRI_NO) {
                        char what[DL_QUOTE_SIZE * 5 + 96];
                        snprintf(what, sizeof what, "%s%s%s on table '%s'%s%s%s%s%s%s%s%s%s", s.op,
                                 a[i].member ? " " : "", a[i].member ? a[i].member : "",
                                 DL_Q(s.table ? s.table : "?"), s.index ? " index '" : "",
                                 s.index ? DL_Q(s.index) : "", s.index ? "'" : "",
                                 pk ? " with partition key `" : "", pk ? DL_Q(pk) : "",
                                 pk ? "`" : "", sk ? " and sort key `" : "", sk ? DL_Q(sk) : "",
                                 sk ? "`" : "");
                        dl_report(ctx, &req->call,
                                  "this %s matches none of the %zu access patterns the rules file "
                                  "declares (`access-patterns:`): declare it (operation, table, "
                                  "index, key shapes) or serve it through a declared one",
                                  what, rs->n_access_patterns);
                }
                free(pk);
                free(sk);
                free(lits[0]);
                free(lits[1]);
        }
        dl_access_free(a, n);
}

const struct dl_check dl_check_undeclared_access_pattern = {
        .info = &info_undeclared_access_pattern,
        .configure = configure,
        .run = run,
        .off_by_default = true,
};
