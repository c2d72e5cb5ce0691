/* inventory.c - the access-pattern inventory (inventory.h).
 * SPDX-License-Identifier: MIT
 */
#include "inventory.h"

#include "access.h"

#include "../checks/util_access.h"
#include "../core/alloc.h"
#include "../core/strbuf.h"

#include <string.h>

bool dl_inventory_format_parse(const char *s, enum dl_inventory_format *out)
{
        static const char *const names[] = {"markdown", "json", "csv"};
        size_t i;
        if (!dl_access_word(s, names, 3, &i))
                return false;
        *out = (enum dl_inventory_format)i;
        return true;
}

char *dl_inventory_shape(json_t *key)
{
        if (!json_is_object(key))
                return dl_xstrdup("");
        const char *v = json_string_value(json_object_get(key, "value"));
        if (json_is_true(json_object_get(key, "missing")))
                return dl_xasprintf("(none: the key lacks %s)", dl_access_str(key, "attr"));
        return dl_xasprintf("%s %s %s", dl_access_str(key, "attr"), dl_access_str(key, "op"),
                            v ? v : "<?>");
}

/* The columns of a row, in order. */
enum {
        C_OP,
        C_TABLE,
        C_INDEX,
        C_PK,
        C_SK,
        C_FILTER,
        C_PROJECTION,
        C_CONSISTENT,
        C_SITES,
        C_DECLARED,
        N_COLS
};

static const char *const headers[N_COLS] = {
        "operation", "table",      "index",           "partition key", "sort key",
        "filter",    "projection", "consistent read", "call sites",    "declared pattern",
};

static char *key_cell(json_t *rec, const char *k)
{
        json_t *key = json_object_get(rec, k);
        if (json_is_object(key))
                return dl_inventory_shape(key);
        const char *state = dl_access_str(rec, "key_state");
        /* an item operation whose key is not known says so, and why; a
         * Scan or a table operation has none */
        if (!strcmp(k, "pk") && !strcmp(state, "unknown")) {
                const char *why = dl_access_str(rec, "why");
                return *why ? dl_xasprintf("(unknown: %s)", why) : dl_xstrdup("(unknown)");
        }
        return dl_xstrdup("");
}

/* The cells of rec (but the call sites), each a new string. */
static void cells_of(json_t *rec, char **c)
{
        const char *member = dl_access_str(rec, "member");
        c[C_OP] = *member ? dl_xasprintf("%s %s", dl_access_str(rec, "op"), member)
                          : dl_xstrdup(dl_access_str(rec, "op"));
        const char *ts = dl_access_str(rec, "table_state");
        if (!strcmp(dl_access_str(rec, "resource"), "none"))
                c[C_TABLE] = dl_xstrdup("");
        else if (!strcmp(ts, "unknown"))
                c[C_TABLE] = dl_xstrdup("(unknown)");
        else
                c[C_TABLE] = dl_xstrdup(dl_access_str(rec, "table"));
        const char *is = dl_access_str(rec, "index_state");
        c[C_INDEX] = !strcmp(is, "unknown") ? dl_xstrdup("(unknown)")
                                            : dl_xstrdup(dl_access_str(rec, "index"));
        c[C_PK] = key_cell(rec, "pk");
        c[C_SK] = key_cell(rec, "sk");
        c[C_FILTER] = dl_xstrdup(dl_access_str(rec, "filter"));
        c[C_PROJECTION] = dl_xstrdup(dl_access_str(rec, "projection"));
        c[C_CONSISTENT] = dl_xstrdup(dl_access_str(rec, "consistent"));
        c[C_SITES] = NULL;
        c[C_DECLARED] = NULL;
}

struct row {
        char *c[N_COLS];
        json_t *sites; /* array of {file, line, col, function} */
};

static void put_md(FILE *out, const char *s, bool code)
{
        if (!*s)
                return;
        if (code)
                fputc('`', out);
        for (; *s; s++) {
                if (*s == '|')
                        fputs("\\|", out);
                else if (*s == '\n')
                        fputc(' ', out);
                else
                        fputc(*s, out);
        }
        if (code)
                fputc('`', out);
}

static void put_csv(FILE *out, const char *s)
{
        if (!strpbrk(s, ",\"\r\n")) {
                fputs(s, out);
                return;
        }
        fputc('"', out);
        for (; *s; s++) {
                if (*s == '"')
                        fputc('"', out);
                fputc(*s, out);
        }
        fputc('"', out);
}

static char *sites_text(json_t *sites)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        size_t i;
        json_t *s;
        json_array_foreach (sites, i, s) {
                dl_strbuf_printf(&sb, "%s%s:%lld", i ? ", " : "", dl_access_str(s, "file"),
                                 (long long)json_integer_value(json_object_get(s, "line")));
        }
        return dl_strbuf_take(&sb);
}

static json_t *cell_json(const char *s)
{
        return *s ? json_string(s) : json_null();
}

/* The declared patterns no record serves: Markdown's list after the
 * table, CSV's rows without call sites. */
static void unserved(FILE *out, enum dl_inventory_format f,
                     const struct dl_access_pattern *const *declared, size_t n_declared,
                     const bool *served)
{
        bool first = true;
        for (size_t d = 0; d < n_declared; d++) {
                const struct dl_access_pattern *p = declared[d];
                if (served[d])
                        continue;
                if (f == DL_INVENTORY_CSV) {
                        const char *cells[N_COLS] = {p->operation ? p->operation : "",
                                                     p->table ? p->table : "",
                                                     p->index ? p->index : "",
                                                     p->partition_key ? p->partition_key : "",
                                                     p->sort_key ? p->sort_key : "",
                                                     "",
                                                     "",
                                                     "",
                                                     "",
                                                     p->name};
                        for (size_t k = 0; k < N_COLS; k++) {
                                if (k)
                                        fputc(',', out);
                                put_csv(out, cells[k]);
                        }
                        fputs("\r\n", out);
                        continue;
                }
                if (first)
                        fputs("\nDeclared patterns no code serves:\n\n", out);
                first = false;
                fprintf(out, "- %s (%s:%u): ", p->name, p->loc.file ? p->loc.file : "?",
                        p->loc.line);
                fprintf(out, "%s on %s%s%s", p->operation ? p->operation : "any operation",
                        p->table ? p->table : "any table", p->index ? " index " : "",
                        p->index ? p->index : "");
                if (p->partition_key)
                        fprintf(out, ", partition key `%s`", p->partition_key);
                if (p->sort_key)
                        fprintf(out, ", sort key `%s`", p->sort_key);
                fputc('\n', out);
        }
}

bool dl_inventory_write(FILE *out, json_t *records, enum dl_inventory_format f,
                        const struct dl_access_pattern *const *declared, size_t n_declared)
{
        size_t n_cols = n_declared ? N_COLS : C_DECLARED;
        bool *served = dl_xcalloc(n_declared + 1, sizeof *served);
        struct row *rows = dl_xcalloc(json_array_size(records) + 1, sizeof *rows);
        size_t n = 0, i;
        json_t *rec;
        json_array_foreach (records, i, rec) {
                char *c[N_COLS];
                cells_of(rec, c);
                size_t r = 0;
                for (; r < n; r++) {
                        size_t k = 0;
                        while (k < C_SITES && !strcmp(rows[r].c[k], c[k]))
                                k++;
                        if (k == C_SITES)
                                break;
                }
                /* the declared pattern it serves; which ones are served */
                const char *name = NULL;
                for (size_t d = 0; d < n_declared; d++) {
                        enum dl_tri m = dl_access_record_match(declared[d], rec);
                        served[d] = served[d] || m != DL_TRI_NO;
                        if (m == DL_TRI_YES && !name)
                                name = declared[d]->name;
                }
                if (r == n) {
                        memcpy(rows[n].c, c, sizeof c);
                        rows[n].c[C_DECLARED] = dl_xstrdup(name ? name : "");
                        rows[n++].sites = json_array();
                } else {
                        for (size_t k = 0; k < C_SITES; k++)
                                free(c[k]);
                }
                json_t *site =
                        json_pack("{s:O,s:O,s:O,s:O}", "file", json_object_get(rec, "file"), "line",
                                  json_object_get(rec, "line"), "col", json_object_get(rec, "col"),
                                  "function", json_object_get(rec, "function"));
                /* a call site once per row (the members of one call) */
                bool seen = false;
                size_t k;
                json_t *s;
                json_array_foreach (rows[r].sites, k, s)
                        seen = seen || json_equal(s, site);
                if (!seen && site)
                        json_array_append(rows[r].sites, site);
                json_decref(site);
        }
        if (f == DL_INVENTORY_JSON) {
                json_t *all = json_array();
                for (size_t r = 0; r < n; r++) {
                        json_t *o = json_object();
                        static const char *const keys[C_SITES] = {
                                "operation", "table",  "index",      "partition_key",
                                "sort_key",  "filter", "projection", "consistent_read"};
                        for (size_t k = 0; k < C_SITES; k++)
                                json_object_set_new(o, keys[k], cell_json(rows[r].c[k]));
                        json_object_set(o, "call_sites", rows[r].sites);
                        if (n_declared)
                                json_object_set_new(o, "declared_pattern",
                                                    cell_json(rows[r].c[C_DECLARED]));
                        json_array_append_new(all, o);
                }
                json_t *doc = json_pack("{s:o}", "patterns", all);
                if (n_declared) {
                        json_t *un = json_array();
                        for (size_t d = 0; d < n_declared; d++) {
                                const struct dl_access_pattern *dp = declared[d];
                                if (served[d])
                                        continue;
                                json_array_append_new(
                                        un,
                                        json_pack("{s:s,s:o,s:o,s:o,s:o,s:o,s:s,s:I}", "name",
                                                  dp->name, "operation",
                                                  dp->operation ? json_string(dp->operation)
                                                                : json_null(),
                                                  "table",
                                                  dp->table ? json_string(dp->table) : json_null(),
                                                  "index",
                                                  dp->index ? json_string(dp->index) : json_null(),
                                                  "partition_key",
                                                  dp->partition_key ? json_string(dp->partition_key)
                                                                    : json_null(),
                                                  "sort_key",
                                                  dp->sort_key ? json_string(dp->sort_key)
                                                               : json_null(),
                                                  "file", dp->loc.file ? dp->loc.file : "", "line",
                                                  (json_int_t)dp->loc.line));
                        }
                        json_object_set_new(doc, "unserved", un);
                }
                json_dumpf(doc, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
                fputc('\n', out);
                json_decref(doc);
        } else {
                for (size_t k = 0; k < n_cols; k++) {
                        if (f == DL_INVENTORY_CSV) {
                                fprintf(out, "%s%s", k ? "," : "", headers[k]);
                        } else {
                                fprintf(out, "| %s ", headers[k]);
                        }
                }
                fputs(f == DL_INVENTORY_CSV ? "\r\n" : "|\n", out);
                if (f == DL_INVENTORY_MARKDOWN) {
                        for (size_t k = 0; k < n_cols; k++)
                                fputs("|---", out);
                        fputs("|\n", out);
                }
                for (size_t r = 0; r < n; r++) {
                        rows[r].c[C_SITES] = sites_text(rows[r].sites);
                        for (size_t k = 0; k < n_cols; k++) {
                                if (f == DL_INVENTORY_CSV) {
                                        if (k)
                                                fputc(',', out);
                                        put_csv(out, rows[r].c[k]);
                                        continue;
                                }
                                fputs("| ", out);
                                bool code = k == C_PK || k == C_SK || k == C_FILTER ||
                                            k == C_PROJECTION;
                                bool unknown = rows[r].c[k][0] == '('; /* a sentence */
                                put_md(out, rows[r].c[k], code && !unknown);
                                fputc(' ', out);
                        }
                        fputs(f == DL_INVENTORY_CSV ? "\r\n" : "|\n", out);
                }
                unserved(out, f, declared, n_declared, served);
        }
        free(served);
        for (size_t r = 0; r < n; r++) {
                for (size_t k = 0; k < N_COLS; k++)
                        free(rows[r].c[k]);
                json_decref(rows[r].sites);
        }
        free(rows);
        return fflush(out) == 0 && !ferror(out);
}
