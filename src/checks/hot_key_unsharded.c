/* hot_key_unsharded.c - check `hot-key-unsharded`: a write to a hot key the
 * rules file names whose value lacks its shard suffix, and a GetItem or
 * Query of it that leaves the shard out.
 * SPDX-License-Identifier: MIT
 *
 * Why it matters: a key that takes a large share of the traffic (a flash
 * sale's product, a global counter) is spread over N partition key values
 * by a suffix, `PRODUCT#sale#7` (developer guide, "Using write sharding to
 * distribute workloads evenly"). A write without the suffix puts the
 * traffic back on one partition; a read without it finds one shard of
 * many (or none), so the read is wrong as well as hot.
 *
 * Option `keys`: a list of {table, index (optional), pattern,
 * shard-suffix}. `pattern` (PCRE2, searched) picks the hot key's values:
 * a key with holes is one of them when the known text before its first
 * hole matches (a partial match is not enough here: "PRODUCT#" + id may
 * be any product). `shard-suffix` (PCRE2, anchored at the end) is the
 * suffix; it counts as present only when proven: it matches the known
 * text at the end of the key, in which an integer or shard hole stands
 * for the digit 0 (`"#" + std::to_string(h % 8)`) and a one-of hole for
 * each of its values; a key that ends in a string only known at run time
 * has no proven suffix and is reported.
 * Deliberately ignored: tables not described, keys no entry names.
 */
#include "info.h"
#include "util_expr.h"
#include "util_keys.h"

#include "../core/alloc.h"
#include "../core/regex.h"
#include "../core/strbuf.h"
#include "../findings/finding.h"
#include "../model/quote.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct hot_key {
        const char *table;         /* borrowed from the ruleset */
        const char *index;         /* NULL: the table's partition key */
        struct dl_pattern pattern; /* owns its regex */
        struct dl_pattern suffix;  /* owns its regex */
};

struct state {
        struct hot_key *keys;
        size_t n;
};

static void destroy(void *p)
{
        struct state *s = p;
        for (size_t i = 0; s && i < s->n; i++) {
                dl_regex_free(s->keys[i].pattern.re);
                dl_regex_free(s->keys[i].suffix.re);
        }
        if (s)
                free(s->keys);
        free(s);
}

static const struct dl_table *named_table(const struct dl_ruleset *rules, const char *name)
{
        for (size_t i = 0; rules && i < rules->n_tables; i++) {
                if (rules->tables[i].name && !strcmp(rules->tables[i].name, name))
                        return &rules->tables[i];
        }
        return NULL;
}

/* One entry of `keys`. */
static enum dl_status read_entry(const struct dl_opt_node *n, const struct dl_ruleset *rules,
                                 struct hot_key *hk, struct dl_error *err)
{
        static const char *const fields[] = {"table", "index", "pattern", "shard-suffix"};
        const char *where = "in an entry of 'keys' of check 'hot-key-unsharded'";
        const struct dl_opt_node *f[4];
        enum dl_status st = dl_opt_fields(n, where, fields, 4, f, err);
        if (st)
                return st;
        for (size_t i = 0; i < 4; i++) {
                if (!f[i] && i != 1)
                        return dl_error_set(err, DL_ERR_CONFIG, &n->loc,
                                            "missing required key '%s' %s; expected table, "
                                            "pattern and shard-suffix",
                                            fields[i], where);
        }
        if ((st = dl_opt_string(f[0], "'table' of an entry of 'keys'", &hk->table, err)))
                return st;
        const struct dl_table *t = named_table(rules, hk->table);
        if (!t) {
                struct dl_strbuf sb;
                dl_strbuf_init(&sb);
                for (size_t i = 0; rules && i < rules->n_tables; i++) {
                        if (rules->tables[i].name)
                                dl_strbuf_printf(&sb, "%s%s", sb.len ? ", " : "",
                                                 rules->tables[i].name);
                }
                st = dl_error_set(err, DL_ERR_CONFIG, &f[0]->loc,
                                  "table '%s' of an entry of 'keys' is not in 'tables'; "
                                  "expected one of: %s",
                                  hk->table, sb.len ? dl_strbuf_cstr(&sb) : "(no table is named)");
                dl_strbuf_fini(&sb);
                return st;
        }
        if (f[1]) {
                if ((st = dl_opt_string(f[1], "'index' of an entry of 'keys'", &hk->index, err)))
                        return st;
                const struct dl_index *ix = dl_schema_index(t, hk->index, strlen(hk->index));
                if (!ix || ix->kind != DL_INDEX_GLOBAL)
                        return dl_error_set(err, DL_ERR_CONFIG, &f[1]->loc,
                                            "index '%s' of an entry of 'keys' is not a global "
                                            "index of table '%s' in 'tables'",
                                            hk->index, hk->table);
        }
        if ((st = dl_opt_pattern(f[2], "'pattern' of an entry of 'keys'", DL_PATTERN_SEARCH,
                                 &hk->pattern.re, err)))
                return st;
        hk->pattern.source = f[2]->text;
        hk->pattern.loc = f[2]->loc;
        if ((st = dl_opt_pattern(f[3], "'shard-suffix' of an entry of 'keys'", DL_PATTERN_SUFFIX,
                                 &hk->suffix.re, err)))
                return st;
        hk->suffix.source = f[3]->text;
        hk->suffix.loc = f[3]->loc;
        return DL_OK;
}

static enum dl_status configure(void **out, const struct dl_check_config *cfg,
                                const struct dl_ruleset *rules, struct dl_error *err)
{
        struct state *s = dl_xcalloc(1, sizeof *s);
        const struct dl_opt_node *keys = dl_check_config_node(cfg, "keys");
        enum dl_status st = DL_OK;
        if (keys && keys->kind != DL_OPT_NULL) {
                if (keys->kind != DL_OPT_SEQUENCE) {
                        destroy(s);
                        return dl_error_set(err, DL_ERR_CONFIG, &keys->loc,
                                            "expected a sequence of mappings for option 'keys' "
                                            "of check 'hot-key-unsharded', got %s",
                                            dl_opt_kind_name(keys->kind));
                }
                s->keys = dl_xcalloc(keys->n ? keys->n : 1, sizeof *s->keys);
                for (size_t i = 0; i < keys->n && st == DL_OK; i++) {
                        st = read_entry(&keys->items[i], rules, &s->keys[i], err);
                        s->n++; /* its patterns, if any, are freed by destroy */
                }
        }
        if (st) {
                destroy(s);
                return st;
        }
        *out = s;
        return DL_OK;
}

/* The tail of v from segment `from` on, holes written as `fill` (an
 * integer or shard hole as "0", the one-of hole `choice` as its value
 * `pick`), matched against the suffix pattern. */
static bool tail_matches(const struct dl_check_ctx *ctx, const struct hot_key *hk,
                         const struct dl_value *v, size_t from, size_t choice, size_t pick)
{
        struct dl_strbuf tail;
        dl_strbuf_init(&tail);
        for (size_t i = from; i < v->n_segs; i++) {
                if (v->segs[i].text)
                        dl_strbuf_add(&tail, v->segs[i].text, v->segs[i].len);
                else if (i == choice)
                        dl_strbuf_puts(&tail, v->segs[i].hole->values[pick]);
                else
                        dl_strbuf_putc(&tail, '0');
        }
        bool ok = false;
        if (tail.len) {
                /* the tail, as a value of its own, through the one bounded matcher */
                struct dl_segment seg = {tail.buf, tail.len, NULL, NULL, NULL};
                struct dl_value t = {.kind = DL_VAL_KNOWN,
                                     .text = tail.buf,
                                     .len = tail.len,
                                     .segs = &seg,
                                     .n_segs = 1};
                ok = dl_key_matches(ctx, &hk->suffix, &t, false);
        }
        dl_strbuf_fini(&tail);
        return ok;
}

/* Is the shard suffix proven at the end of v (or, after a hole where a
 * bound may have cut the text, not known to be absent)? The known text after the
 * last hole that is not an integer, a shard or (at most one) one-of must
 * end with it, integer holes standing for "0" and a one-of hole for each
 * of its values in turn. */
static bool suffix_proven(const struct dl_check_ctx *ctx, const struct hot_key *hk,
                          const struct dl_value *v)
{
        size_t from = 0, choice = SIZE_MAX;
        for (size_t i = 0; i < v->n_segs; i++) {
                const struct dl_hole *h = v->segs[i].hole;
                if (h && h->cut)
                        return true; /* a bound may have cut it: not known to lack it */
                if (v->segs[i].text ||
                    (h && (h->kind == DL_HOLE_DIGITS || h->kind == DL_HOLE_SHARD)))
                        continue;
                if (h && h->kind == DL_HOLE_ONE_OF && choice == SIZE_MAX) {
                        choice = i;
                        continue;
                }
                from = i + 1;
                if (choice < from)
                        choice = SIZE_MAX; /* only one one-of hole is tried */
        }
        if (choice == SIZE_MAX)
                return tail_matches(ctx, hk, v, from, SIZE_MAX, 0);
        for (size_t k = 0; k < v->segs[choice].hole->n_values; k++) {
                if (!tail_matches(ctx, hk, v, from, choice, k))
                        return false;
        }
        return true;
}

/* The entry of s that names key k of a request on table t, or NULL. */
static const struct hot_key *entry_for(const struct state *s, const struct dl_key_target *k)
{
        for (size_t i = 0; s && i < s->n; i++) {
                const struct hot_key *hk = &s->keys[i];
                if (!k->table->name || strcmp(hk->table, k->table->name))
                        continue;
                if (k->index ? hk->index && !strcmp(hk->index, k->index->name) : !hk->index)
                        return hk;
        }
        return NULL;
}

static void judge(const struct dl_check_ctx *ctx, const struct dl_request *req,
                  const struct dl_key_target *k, const struct dl_key_value *pk)
{
        const struct hot_key *hk = entry_for(ctx->state, k);
        const struct dl_value *v = &pk->value;
        if (!hk || v->kind != DL_VAL_KNOWN || !dl_key_matches(ctx, &hk->pattern, v, false) ||
            suffix_proven(ctx, hk, v))
                return;
        char label[256], opl[64], text[DL_QUOTE_SIZE];
        bool read = req->op == DL_OP_QUERY || req->op == DL_OP_GET_ITEM;
        const char *op = dl_key_op_label(req, opl, sizeof opl);
        struct dl_finding *f = dl_key_report(
                ctx, req, pk,
                "'%s' is a hot key of %s (pattern '%s'), but this %s %s it without its "
                "shard suffix '%s': %s",
                dl_key_value_text(v, text, sizeof text),
                dl_key_target_label(k, label, sizeof label), DL_Q(hk->pattern.source), op,
                read ? "reads" : "writes", DL_Q(hk->suffix.source),
                read ? "it reads one shard of many, or none; read every shard (one "
                       "request per suffix) and merge"
                     : "the traffic lands on one partition again; append the shard "
                       "('#' + std::to_string(hash % N))");
        /* the group of the finding (run_unit) and its fingerprint inputs:
         * the hot key's entry and the operation, whatever the function */
        free(f->function);
        f->function = NULL;
        free(f->signature);
        f->signature = dl_xasprintf("hot key: table %s index %s pattern %s operation %s", hk->table,
                                    hk->index ? hk->index : "", hk->pattern.source, op);
}

static int cmp_held(const void *pa, const void *pb)
{
        return dl_finding_cmp(*(struct dl_finding *const *)pa, *(struct dl_finding *const *)pb);
}

/* One finding per hot key, operation and file (issue 28): the first
 * request, with every other one as a related location. */
static void run_unit(const struct dl_check_ctx *ctx, const struct dl_request *const *reqs, size_t n)
{
        const struct state *s = ctx->state;
        if (!s || !s->n)
                return;
        struct dl_finding_list h = {0};
        struct dl_check_ctx c = *ctx;
        c.emit = dl_finding_list_take;
        c.emit_data = &h;
        for (size_t i = 0; i < n; i++) {
                c.req = reqs[i];
                dl_key_visit(&c, reqs[i],
                             DL_KEYS_WRITES | DL_KEYS_DELETES | DL_KEYS_QUERIES | DL_KEYS_GETS,
                             judge);
        }
        if (h.n > 1)
                qsort(h.items, h.n, sizeof *h.items, cmp_held);
        for (size_t i = 0; i < h.n; i++) {
                struct dl_finding *f = h.items[i];
                if (!f)
                        continue;
                for (size_t j = i + 1; j < h.n; j++) {
                        struct dl_finding *g = h.items[j];
                        if (!g || strcmp(g->signature, f->signature) != 0 ||
                            strcmp(g->loc.file ? g->loc.file : "", f->loc.file ? f->loc.file : ""))
                                continue;
                        struct dl_loc at = {g->loc.file, g->loc.line, g->loc.col};
                        /* its value, as its message opens: "'PRODUCT#sale#<?>' is a hot key" */
                        const char *end = strstr(g->message, "' is a hot key");
                        int len = end && g->message[0] == '\'' ? (int)(end - g->message - 1) : 0;
                        dl_report_related(f, &at, "here too, '%.*s' without its shard suffix", len,
                                          g->message + 1);
                        dl_finding_free(g);
                        h.items[j] = NULL;
                }
                ctx->emit(ctx->emit_data, f);
                h.items[i] = NULL;
        }
        dl_finding_list_fini(&h); /* every one handed on or freed */
}

static const char *const options[] = {"keys", NULL};

const struct dl_check dl_check_hot_key_unsharded = {
        .info = &info_hot_key_unsharded,
        .configure = configure,
        .run_unit = run_unit, /* every request of a file judged at once */
        .destroy = destroy,
        .options = options,
};
