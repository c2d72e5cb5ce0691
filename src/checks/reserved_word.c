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
#include "util_fix.h"
#include "../core/alloc.h"
#include "../core/strbuf.h"
#include "../findings/finding.h"
#include "../model/fix.h"
#include "../model/partiql.h"
#include "../model/quote.h"

#include <ctype.h>
#include <stdlib.h>
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

/* The source column of each byte of a word of e's text: *loc the first,
 * true when every byte is written where it is used, one after the other
 * on one line (no escape, no macro, not a constant's text elsewhere), and,
 * with at_value, on the line of the value's place (the setter's argument;
 * a C caller counts the literal's holders instead: in a macro's argument
 * the value's place is the macro's). */
static bool word_in_literal(const struct dl_expr *e, size_t off, size_t end, bool at_value,
                            struct dl_loc *loc)
{
        const struct dl_value *v = e->value;
        if (!dl_fix_literal_run(v, off, end, loc))
                return false;
        /* one literal of one request: the setter's argument (a literal
         * shared through a variable may serve other requests) */
        return loc->file && v->loc.file && !strcmp(loc->file, v->loc.file) &&
               (!at_value || loc->line == v->loc.line);
}

/* How many requests of the unit hold an expression whose text is the one
 * at e's place (a request object sent twice, a literal shared). */
static size_t holders(const struct dl_expr *e, const struct dl_request *const *all, size_t n_all)
{
        size_t n = 0;
        for (size_t i = 0; i < n_all; i++) {
                const struct dl_expr *x = all[i]->exprs[e->field];
                if (x && x->value && !dl_loc_cmp(&x->value->loc, &e->value->loc))
                        n++;
        }
        return n;
}

/* The ExpressionAttributeNames entry of a JSON body (docs/checks/
 * reserved-word.md): the pair `"#word": "word"` put first in the names
 * object the body has (before its first key's quote, spelled \" in the
 * literal), else the member `"ExpressionAttributeNames": {...}` put first
 * in the body's object (right after its '{', followed by a member name's
 * quote \"), in the C literal's spelling. False when neither is certain. */
static bool json_entry(const struct dl_request *req, const struct dl_segment *body,
                       const struct dl_fix *add, struct dl_loc *at, struct dl_strbuf *text,
                       const char **expect)
{
        struct dl_strbuf json;
        dl_strbuf_init(&json);
        bool ok = false;
        if (req->names.kind == DL_VAL_KNOWN && req->names.n) {
                *at = req->names.items[0].key.loc;
                for (size_t i = 1; i < req->names.n; i++) {
                        if (dl_loc_cmp(&req->names.items[i].key.loc, at) < 0)
                                *at = req->names.items[i].key.loc;
                }
                dl_strbuf_printf(&json, "\"%s\": \"%s\", ", add->key, add->value);
                *expect = "\\\"";
                ok = at->file != NULL;
        } else if (req->names.kind == DL_VAL_ABSENT) {
                size_t i = 0;
                while (i < body->len && strchr(" \t\r\n", body->text[i]))
                        i++;
                if (i + 1 < body->len && body->text[i] == '{' && body->text[i + 1] == '"' &&
                    body->locs[i + 1].line == body->locs[i].line &&
                    body->locs[i + 1].col == body->locs[i].col + 1) {
                        *at = body->locs[i + 1];
                        dl_fix_spell(&json, req, add);
                        dl_strbuf_puts(&json, ", ");
                        *expect = "\\\"";
                        ok = true;
                }
        }
        if (ok)
                dl_fix_put_c_escaped(text, dl_strbuf_cstr(&json));
        dl_strbuf_fini(&json);
        return ok;
}

/* The fix of reserved word el of e (docs/checks/reserved-word.md): every
 * use of the word in the expression becomes '#word', and the
 * ExpressionAttributeNames entry is added, where the request's names are
 * known and hold no other '#word', and the expression is one literal of
 * one request (each use of the word written where it is used, on the
 * literal's line):
 * - an AWS SDK for C++ request in a variable, the expression the literal
 *   argument of `variable.SetField(`: the entry's statement before the
 *   setter's (`q.AddExpressionAttributeNames("#name", "name"); `);
 * - an aws4dd operation (its handle's variable): the entry's setter
 *   statement as a line of its own before the send's statement
 *   (dl_finding_insert_line; the send may be a macro's argument,
 *   `RCC(rc, finish, aws4dd_query(...));`), the literal held by no other
 *   request;
 * - a low-level JSON body written whole in C string literals: the entry in
 *   the body's JSON, in the literal's spelling (json_entry), the literal
 *   held by no other request.
 * Each edit's expected text is checked in the file (dl_finding_fixes_settle). */
static void add_fix(const struct dl_request *req, const struct dl_expr *e,
                    const struct dl_path_elem *el, struct dl_finding *f,
                    const struct dl_request *const *all, size_t n_all)
{
        if (!f || req->member || !req->recognizer || req->names.kind == DL_VAL_DYNAMIC)
                return;
        bool cpp = req->spell_fix && req->variable && !strcmp(req->recognizer, "aws-cpp");
        bool handle = req->spell_fix && req->variable && !req->json_body &&
                      !strcmp(req->recognizer, "aws4dd");
        const struct dl_segment *body = cpp || handle ? NULL : dl_fix_body_literal(req);
        if (!cpp && !handle && !body)
                return;
        char *word = dl_xstrndup(el->text, el->len);
        char *alias = dl_xasprintf("#%s", word);
        bool entry = false; /* the alias is there already, for this word */
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        for (size_t i = 0; i < req->names.n; i++) {
                const struct dl_attr *a = &req->names.items[i];
                if (a->key.kind != DL_VAL_KNOWN || !a->key.text || a->val.kind != DL_VAL_KNOWN ||
                    !a->val.text)
                        goto out; /* a name ddblint cannot read may be the alias */
                if (!strcmp(a->key.text, alias)) {
                        if (strcmp(a->val.text, word) != 0)
                                goto out;
                        entry = true;
                }
        }
        struct dl_loc at[MAX_WORDS];
        size_t n = 0;
        for (size_t pi = 0; pi < e->n_paths; pi++) {
                const struct dl_path *p = e->paths[pi];
                for (size_t ei = 0; ei < p->n; ei++) {
                        const struct dl_path_elem *x = &p->elems[ei];
                        if (x->kind != DL_PE_NAME || x->len != el->len ||
                            memcmp(x->text, el->text, el->len) != 0)
                                continue;
                        if (n == MAX_WORDS || !word_in_literal(e, x->off, x->end, cpp, &at[n]))
                                goto out;
                        n++;
                }
        }
        if (!cpp && holders(e, all, n_all) != 1)
                goto out;
        struct dl_fix add = {.kind = DL_FIX_ADD_ENTRY,
                             .map = DL_MAP_NAMES,
                             .key = alias,
                             .value = word,
                             .statement = !body};
        char *desc = dl_xasprintf("alias '%s' as '%s'", word, alias);
        if (cpp) {
                /* the value's place is its argument: the call starts with
                 * `q.SetKeyConditionExpression(` just before it */
                char *call = dl_xasprintf("%s.Set%s(", req->variable, dl_field_api_name(e->field));
                struct dl_loc set = e->value->loc;
                if (set.col > strlen(call)) {
                        set.col -= (unsigned)strlen(call);
                        if (!entry) {
                                dl_fix_spell(&sb, req, &add);
                                dl_strbuf_putc(&sb, ' ');
                        }
                        struct dl_finding_fix *fx = dl_finding_add_fix(f, desc, false);
                        /* without the entry, the rename alone, still only in that call */
                        dl_finding_add_edit(fx, &set, set.line, set.col, dl_strbuf_cstr(&sb), call);
                        for (size_t i = 0; i < n; i++)
                                dl_finding_add_edit(fx, &at[i], at[i].line,
                                                    at[i].col + (unsigned)el->len, alias, word);
                }
                free(call);
        } else if (handle) {
                /* the send: its name where the call is spelled */
                struct dl_loc send =
                        dl_loc_valid(&req->call_spelling) ? req->call_spelling : req->call;
                char *expect = dl_xasprintf("%s(", req->client_method ? req->client_method : "");
                if (!entry)
                        dl_fix_spell(&sb, req, &add);
                if (req->client_method && (entry || sb.len) && n &&
                    dl_loc_cmp(&at[n - 1], &send) < 0) {
                        struct dl_finding_fix *fx = dl_finding_add_fix(f, desc, false);
                        for (size_t i = 0; i < n; i++)
                                dl_finding_add_edit(fx, &at[i], at[i].line,
                                                    at[i].col + (unsigned)el->len, alias, word);
                        if (!entry)
                                dl_finding_insert_line(fx, &send, expect, dl_strbuf_cstr(&sb));
                }
                free(expect);
        } else {
                struct dl_loc put = {0};
                const char *expect = "";
                if (entry || json_entry(req, body, &add, &put, &sb, &expect)) {
                        struct dl_finding_fix *fx = dl_finding_add_fix(f, desc, false);
                        bool placed = entry;
                        for (size_t i = 0; i < n; i++) {
                                if (!placed && dl_loc_cmp(&put, &at[i]) < 0) {
                                        dl_finding_add_edit(fx, &put, put.line, put.col,
                                                            dl_strbuf_cstr(&sb), expect);
                                        placed = true;
                                }
                                dl_finding_add_edit(fx, &at[i], at[i].line,
                                                    at[i].col + (unsigned)el->len, alias, word);
                        }
                        if (!placed)
                                dl_finding_add_edit(fx, &put, put.line, put.col,
                                                    dl_strbuf_cstr(&sb), expect);
                }
        }
        free(desc);
out:
        dl_strbuf_fini(&sb);
        free(word);
        free(alias);
}

static void check(const struct dl_check_ctx *ctx, const struct dl_request *req,
                  const struct dl_request *const *all, size_t n_all)
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
                                struct dl_finding *fd = dl_expr_report(
                                        ctx, e, el->off, el->end,
                                        "%sAttribute name is a reserved keyword; reserved "
                                        "keyword: %s; alias it: '#%s' with "
                                        "ExpressionAttributeNames {\"#%s\": \"%s\"}",
                                        dl_expr_error_prefix(f), w, w, w, w);
                                add_fix(req, e, el, fd, all, n_all);
                        }
                }
        }
}

/* Each request of the unit, with all of them: a C fix must know that no
 * other request holds the literal it edits. */
static void run_unit(const struct dl_check_ctx *ctx, const struct dl_request *const *reqs, size_t n)
{
        for (size_t i = 0; i < n; i++) {
                struct dl_check_ctx c = *ctx;
                c.req = reqs[i];
                check(&c, reqs[i], reqs, n);
        }
}

const struct dl_check dl_check_reserved_word = {
        .info = &info_reserved_word,
        .run_unit = run_unit,
};
