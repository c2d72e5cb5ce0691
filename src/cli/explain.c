/* explain.c - --list-checks and --explain CHECK: the catalogue and the
 * checks' pages, for a reader.
 * SPDX-License-Identifier: MIT
 */
#include "explain.h"

#include "cli.h"
#include "env.h"

#include "../checks/check.h"
#include "../core/alloc.h"
#include "../core/file.h"
#include "../core/severity.h"
#include "../core/suggest.h"

#include <stdlib.h>

void dl_cli_list_checks(FILE *out)
{
        const struct dl_catalogue *cat = dl_catalogue_get();
        for (size_t i = 0; i < cat->n; i++) {
                const struct dl_check_info *in = cat->checks[i]->info;
                fprintf(out, "%-30s %-8s %s%s\n", in->id, dl_severity_str(in->severity),
                        in->summary, cat->checks[i]->off_by_default ? " (off by default)" : "");
        }
}

/* --explain CHECK: the check's page, installed beside the binary. */
int dl_cli_explain(const char *argv0, const char *id)
{
        const struct dl_catalogue *cat = dl_catalogue_get();
        const char **ids = dl_xcalloc(cat->n + 1, sizeof *ids);
        for (size_t i = 0; i < cat->n; i++)
                ids[i] = cat->checks[i]->info->id;
        const struct dl_check *c = dl_catalogue_find(id);
        if (!c) {
                const char *s = dl_suggest(id, ids, cat->n);
                fprintf(stderr,
                        "ddblint: error: unknown check '%s'%s%s%s (see 'ddblint "
                        "--list-checks')\n",
                        id, s ? "; did you mean '" : "", s ? s : "", s ? "'?" : "");
                free(ids);
                return DL_EXIT_USAGE;
        }
        free(ids);
        char *dir = dl_cli_data_dir(argv0, "checks");
        char *page = dir ? dl_xasprintf("%s/%s.md", dir, id) : NULL;
        char *text = NULL;
        size_t len = 0;
        int rc = DL_EXIT_OK;
        if (page && dl_file_read(page, &text, &len, NULL) == DL_OK) {
                fwrite(text, 1, len, stdout);
        } else {
                fprintf(stderr,
                        "ddblint: error: the documentation of '%s' is not installed (looked "
                        "for %s); read it at %s\n",
                        id, page ? page : "<prefix>/share/ddblint/checks", c->info->help_uri);
                rc = DL_EXIT_USAGE;
        }
        free(text);
        free(page);
        free(dir);
        return rc;
}
