/* actions.c - code actions: suppress with a reason.
 * SPDX-License-Identifier: MIT
 */
#include "actions.h"

#include "position.h"

#include "../checks/check.h"
#include "../core/alloc.h"
#include "../core/strbuf.h"
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

/* A WorkspaceEdit of one insertion at the start of 0-based line. */
static json_t *insert_line(const char *uri, unsigned line, const char *text)
{
        json_t *range = json_object();
        json_object_set_new(range, "start", position(line, 0));
        json_object_set_new(range, "end", position(line, 0));
        json_t *edit = json_object();
        json_object_set_new(edit, "range", range);
        json_object_set_new(edit, "newText", dl_json_text(text));
        json_t *edits = json_array();
        json_array_append_new(edits, edit);
        json_t *changes = json_object();
        json_object_set_new(changes, uri, edits);
        json_t *we = json_object();
        json_object_set_new(we, "changes", changes);
        return we;
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
        json_t *a = json_object();
        json_object_set_new(a, "title", dl_json_text(title));
        json_object_set_new(a, "kind", json_string("quickfix"));
        json_t *diags = json_array();
        json_array_append(diags, (json_t *)diag);
        json_object_set_new(a, "diagnostics", diags);
        json_object_set_new(a, "edit", insert_line(uri, (unsigned)line, dl_strbuf_cstr(&text)));
        free(title);
        dl_strbuf_fini(&text);
        return a;
}

json_t *dl_lsp_code_actions(const struct dl_lsp_result *r, const struct dl_lsp_text *analysed,
                            const char *uri, const char *path, const struct dl_lsp_text *t,
                            const json_t *range, const json_t *context)
{
        (void)r;
        (void)analysed;
        (void)path;
        (void)range;
        json_t *out = json_array();
        const json_t *diags = json_object_get(context, "diagnostics");
        for (size_t i = 0; json_is_array(diags) && i < json_array_size(diags); i++) {
                const json_t *d = json_array_get(diags, i);
                const char *source = json_string_value(json_object_get(d, "source"));
                if (!source || strcmp(source, "ddblint") != 0)
                        continue;
                json_t *a = suppress(uri, t, d);
                if (a)
                        json_array_append_new(out, a);
        }
        return out;
}
