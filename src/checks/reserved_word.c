/* reserved_word.c - check `reserved-word`: an unaliased DynamoDB reserved
 * word used as an attribute name in an expression.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: DynamoDB reserves 573 words (AWS developer guide,
 * "Reserved words in DynamoDB"), among them common attribute names such as
 * name, status, data, count, date, size, type and value. Any of them used
 * as a path element, nested map keys included (`a.name`), makes DynamoDB
 * reject the request: "Invalid <X>Expression: Attribute name is a reserved
 * keyword; reserved keyword: status". The fix is an ExpressionAttributeNames
 * alias.
 *
 * PartiQL statements follow PartiQL's rules, not the expression languages':
 * PartiQL reserves its own words (SQL-92's and PartiQL's keywords,
 * model/partiql_reserved_words.def: value, key, user, date, count...), and
 * the fix is to double-quote the name (`"value"`), as there are no
 * ExpressionAttributeNames in a statement. model/partiql.c reports a
 * reserved word only where the next token shows it is used as a name.
 *
 * Deliberately ignored: identifiers the grammar uses as keywords (AND, OR,
 * NOT, BETWEEN, IN; SET, REMOVE, ADD, DELETE), function names, and tokens
 * that touch a template hole (they may be longer at run time). One finding
 * per word per expression.
 */
#include "info.h"
#include "util_expr.h"
#include "../model/partiql.h"
#include "../model/quote.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/* Words already reported for one expression: at most MAX_WORDS findings per
 * expression, which also keeps a megabyte of text linear. */
#define MAX_WORDS 32

struct seen {
        const struct dl_path_elem *w[MAX_WORDS];
        size_t n;
};

static bool seen_before(const struct seen *s, const struct dl_path_elem *x)
{
        for (size_t i = 0; i < s->n; i++) {
                const struct dl_path_elem *y = s->w[i];
                if (y->len != x->len)
                        continue;
                size_t k = 0;
                while (k < x->len &&
                       tolower((unsigned char)x->text[k]) == tolower((unsigned char)y->text[k]))
                        k++;
                if (k == x->len)
                        return true;
        }
        return false;
}

/* Was the word of error i reported for an earlier error already? */
static bool repeated(const struct dl_partiql *st, size_t i)
{
        const struct dl_pq_error *e = &st->errors[i];
        size_t len = e->end - e->off;
        for (size_t k = 0; k < i; k++) {
                const struct dl_pq_error *p = &st->errors[k];
                if (p->kind == DL_PQ_ERR_RESERVED && p->end - p->off == len &&
                    strncasecmp(st->text + p->off, st->text + e->off, len) == 0)
                        return true;
        }
        return false;
}

/* PartiQL: one finding per reserved word used as a name. */
static void report_statement(const struct dl_check_ctx *ctx, const struct dl_partiql *st)
{
        for (size_t i = 0, n = 0; st && i < st->n_errors && n < MAX_WORDS; i++) {
                const struct dl_pq_error *e = &st->errors[i];
                if (e->kind != DL_PQ_ERR_RESERVED || repeated(st, i))
                        continue;
                n++;
                const char *w = DL_QN(st->text + e->off, e->end - e->off);
                dl_span_report(ctx, st->value, e->off, e->end,
                               "Statement wasn't well formed, can't be processed: '%s' is a "
                               "PartiQL reserved word and cannot be an unquoted name; "
                               "double-quote it: \"%s\"",
                               w, w);
        }
}

static void run(const struct dl_check_ctx *ctx, const struct dl_request *req)
{
        report_statement(ctx, req->partiql);
        for (size_t i = 0; i < 5; i++) {
                enum dl_field f = dl_expr_fields_in_order[i];
                const struct dl_expr *e = req->exprs[f];
                if (!e)
                        continue;
                struct seen seen = {0};
                for (size_t pi = 0; pi < e->n_paths && seen.n < MAX_WORDS; pi++) {
                        const struct dl_path *p = e->paths[pi];
                        for (size_t ei = 0; ei < p->n && seen.n < MAX_WORDS; ei++) {
                                const struct dl_path_elem *el = &p->elems[ei];
                                if (el->kind != DL_PE_NAME || !dl_expr_is_reserved(el->text, el->len) ||
                                    seen_before(&seen, el))
                                        continue;
                                seen.w[seen.n++] = el;
                                const char *w = DL_QN(el->text, el->len);
                                dl_expr_report(ctx, e, el->off, el->end,
                                               "%sAttribute name is a reserved keyword; reserved "
                                               "keyword: %s; alias it: '#%s' with "
                                               "ExpressionAttributeNames {\"#%s\": \"%s\"}",
                                               dl_expr_error_prefix(f), w, w, w, w);
                        }
                }
        }
}

const struct dl_check dl_check_reserved_word = {
        .info = &info_reserved_word,
        .run = run,
};
