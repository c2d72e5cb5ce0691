/* actions.c - code actions: suppress with a reason.
 * SPDX-License-Identifier: MIT
 */
#include "actions.h"

#include "position.h"

#include "../checks/check.h"
#include "../core/alloc.h"
#include "../core/strbuf.h"
#include "../findings/finding.h"
#include "../findings/sink.h"
#include "../report/json_text.h"

#include <stdlib.h>
#include <string.h>

/* What the inserted directive says until the user writes the reason
 * (docs/suppression.md: the reason is the SARIF suppression's
 * justification). */
#define REASON "TODO: why this is acceptable here"

/* The leading blanks of 0-based line of t. */
static void indent_of(const struct dl_lsp_text *t, unsigned line, struct dl_strbuf *out)
{
        size_t at = dl_lsp_offset(t->text, t->len, line, 0, true);
        while (at < t->len && (t->text[at] == ' ' || t->text[at] == '\t'))
                dl_strbuf_putc(out, t->text[at++]);
}

static json_t *position(unsigned line, unsigned ch)
{
        json_t *p = json_object();
        json_object_set_new(p, "line", json_integer(line));
        json_object_set_new(p, "character", json_integer(ch));
        return p;
}

/* A CodeAction of kind quickfix for diag, its edits (a JSON array of
 * TextEdit, taken) in the document uri. */
static json_t *action(const char *title, const json_t *diag, const char *uri, json_t *edits)
{
        json_t *changes = json_object();
        json_object_set_new(changes, uri, edits);
        json_t *we = json_object();
        json_object_set_new(we, "changes", changes);
        json_t *a = json_object();
        json_object_set_new(a, "title", dl_json_text(title));
        json_object_set_new(a, "kind", json_string("quickfix"));
        json_t *diags = json_array();
        json_array_append(diags, (json_t *)diag);
        json_object_set_new(a, "diagnostics", diags);
        json_object_set_new(a, "edit", we);
        return a;
}

static json_t *text_edit(json_t *range, const char *text)
{
        json_t *e = json_object();
        json_object_set_new(e, "range", range);
        json_object_set_new(e, "newText", dl_json_text(text));
        return e;
}

static json_t *suppress(const char *uri, const struct dl_lsp_text *t, const json_t *diag)
{
        const char *id = json_string_value(json_object_get(diag, "code"));
        const json_t *start = json_object_get(json_object_get(diag, "range"), "start");
        json_int_t line = json_integer_value(json_object_get(start, "line"));
        if (!id || !dl_catalogue_find(id) || line < 0 || line > (json_int_t)t->len)
                return NULL;
        struct dl_strbuf text;
        dl_strbuf_init(&text);
        indent_of(t, (unsigned)line, &text);
        dl_strbuf_printf(&text, "// ddblint: ignore-next-line[%s] " REASON "\n", id);
        char *title =
                dl_xasprintf("Suppress %s here, with a reason (ddblint: ignore-next-line)", id);
        json_t *range = json_object();
        json_object_set_new(range, "start", position((unsigned)line, 0));
        json_object_set_new(range, "end", position((unsigned)line, 0));
        json_t *edits = json_array();
        json_array_append_new(edits, text_edit(range, dl_strbuf_cstr(&text)));
        json_t *a = action(title, diag, uri, edits);
        free(title);
        dl_strbuf_fini(&text);
        return a;
}

/* The finding of r whose fingerprint diagnostic d carries in its data. */
static const struct dl_finding *finding_of(const struct dl_lsp_result *r, const json_t *d)
{
        const char *fp =
                json_string_value(json_object_get(json_object_get(d, "data"), "fingerprint"));
        size_t n = 0;
        const struct dl_finding *const *fs =
                fp && r && r->sink ? dl_sink_findings(r->sink, &n) : NULL;
        for (size_t i = 0; i < n; i++) {
                if (fs[i]->fingerprint && !strcmp(fs[i]->fingerprint, fp))
                        return fs[i];
        }
        return NULL;
}

/* The finding's own fixes, as CodeActions whose WorkspaceEdit has the
 * fix's edits, positions counted in t (the text the finding was found in);
 * a fix that is not manual is the preferred action. */
static void fixes(const struct dl_finding *f, const char *uri, const char *path,
                  const struct dl_lsp_text *t, const json_t *diag, json_t *out)
{
        for (size_t i = 0; i < f->n_fixes; i++) {
                const struct dl_finding_fix *fx = &f->fixes[i];
                json_t *edits = json_array();
                bool ours = fx->n_edits > 0;
                for (size_t k = 0; k < fx->n_edits; k++) {
                        const struct dl_edit *e = &fx->edits[k];
                        ours = ours && e->range.file && !strcmp(e->range.file, path);
                        json_array_append_new(
                                edits, text_edit(dl_lsp_range(t, e->range.line, e->range.col,
                                                              e->range.end_line, e->range.end_col),
                                                 e->text));
                }
                if (!ours) {
                        json_decref(edits);
                        continue;
                }
                char *title = dl_xasprintf("ddblint: %s", fx->description);
                json_t *a = action(title, diag, uri, edits);
                json_object_set_new(a, "isPreferred", json_boolean(!fx->manual));
                json_array_append_new(out, a);
                free(title);
        }
}

json_t *dl_lsp_code_actions(const struct dl_lsp_result *r, const struct dl_lsp_text *analysed,
                            const char *uri, const char *path, const struct dl_lsp_text *t,
                            const json_t *range, const json_t *context)
{
        (void)range;
        json_t *out = json_array();
        const json_t *diags = json_object_get(context, "diagnostics");
        for (size_t i = 0; json_is_array(diags) && i < json_array_size(diags); i++) {
                const json_t *d = json_array_get(diags, i);
                const char *source = json_string_value(json_object_get(d, "source"));
                if (!source || strcmp(source, "ddblint") != 0)
                        continue;
                const struct dl_finding *f = analysed ? finding_of(r, d) : NULL;
                if (f)
                        fixes(f, uri, path, analysed, d, out);
                json_t *a = suppress(uri, t, d);
                if (a)
                        json_array_append_new(out, a);
        }
        return out;
}
