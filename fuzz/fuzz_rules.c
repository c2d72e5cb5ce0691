/* fuzz_rules.c - the rules loader (a .ddblint.yaml given as text), then the
 * checks' configuration from what it loaded (dl_pipeline_init, as the CLI
 * does), table lookups (exact names, `match` patterns, the default table),
 * a merge under the harness's own rules (inherit: and --tables-from), and
 * one request checked with the loaded rules (the options' patterns run).
 * `tables-from:` entries are read relative to the harness's directory,
 * which holds copies of the test suite's table files when the source tree
 * is at hand (tests/fixtures/tables/).
 * SPDX-License-Identifier: MIT
 */
#include "fuzz.h"

#include "cli/pipeline.h"
#include "core/alloc.h"
#include "core/arena.h"
#include "core/file.h"
#include "rules/ruleset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *rules_path;

/* A Query, a PutItem of a hot key and an UpdateItem of a sparse index's
 * key, in fuzz_request's encoding. */
static const char request[] =
        "W\x1e+Q\x1ettest\x1ekpk = :p AND sk > :s\x1eV:p\x1fS\x1fUSER#\x01"
        "d\x1eV:s\x1fS\x1f"
        "0"
        "\x1e+P\x1ettest\x1eIpk\x1fS\x1fPRODUCT#sale1\x1eIg\x1fS\x1fSTATUS#\x01o"
        "\x1e+U\x1etorders\x1eKpk\x1fS\x1f"
        "COUNTRY#FR\x1eKsk\x1fS\x1f\x01t"
        "\x1euSET GSI1PK = :v\x1eV:v\x1fS\x1fSHIPPED";

static void free_path(void)
{
        free(rules_path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
        (void)argc;
        (void)argv;
        rules_path = dl_xasprintf("%s/.ddblint.yaml", fuzz_dir());
#ifdef DL_SOURCE_DIR
        static const char *const tables[] = {"cdk-synth.template.json", "describe-table.json",
                                             "sam-template.yaml", "terraform-show.json"};
        for (size_t i = 0; i < sizeof tables / sizeof *tables; i++) {
                char *src = dl_xasprintf("%s/tests/fixtures/tables/%s", DL_SOURCE_DIR, tables[i]);
                char *text = NULL;
                size_t len = 0;
                if (dl_file_read(src, &text, &len, NULL) == DL_OK)
                        fuzz_file(tables[i], (const uint8_t *)text, len);
                free(text);
                free(src);
        }
#endif
        fuzz_pipeline();
        atexit(free_path);
        return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        size_t n_ids;
        const char *const *ids = fuzz_check_ids(&n_ids);
        struct dl_ruleset *rs = NULL;
        struct dl_error err;
        dl_error_init(&err);
        if (dl_ruleset_load_string(rules_path, (const char *)data, size, ids, n_ids, &rs, &err) !=
            DL_OK) {
                free(dl_error_format(&err));
                dl_error_fini(&err);
                return 0;
        }
        dl_schema_table_for(rs, "orders", 6);
        dl_schema_table_for(rs, "prod-audit", 10);
        dl_schema_table_for(rs, NULL, 0);
        struct dl_ruleset *merged = dl_ruleset_merge(rs, fuzz_rules());
        struct dl_pipeline p;
        if (fuzz_pipeline_init(&p, merged, &err) == DL_OK) {
                struct dl_arena a;
                dl_arena_init(&a);
                fuzz_check_with(&p, &a,
                                fuzz_request(&a, (const uint8_t *)request, sizeof request - 1));
                dl_arena_fini(&a);
                dl_pipeline_fini(&p);
        } else {
                free(dl_error_format(&err));
        }
        dl_ruleset_free(merged);
        dl_ruleset_free(rs);
        dl_error_fini(&err);
        return 0;
}
