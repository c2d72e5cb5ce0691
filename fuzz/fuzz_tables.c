/* fuzz_tables.c - the table importers (--tables-from FILE): CloudFormation
 * and SAM templates in YAML (short-form tags) or JSON, CDK synth output,
 * `aws dynamodb describe-table` output and `terraform show -json` output.
 * Input: byte 0 chooses the format given (0 mod 4: told apart by content,
 * then cloudformation, describe-table, terraform) and, by its bit 2, the
 * file's extension (.json or .yaml); the rest is the file.
 * SPDX-License-Identifier: MIT
 */
#include "fuzz.h"

#include "rules/ruleset.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        if (size < 1)
                return 0;
        static const char *const formats[] = {NULL, "cloudformation", "describe-table",
                                              "terraform"};
        const char *format = formats[data[0] % 4];
        const char *path =
                fuzz_file(data[0] & 4 ? "tables.yaml" : "tables.json", data + 1, size - 1);
        struct dl_ruleset *rs = NULL;
        struct dl_error err;
        dl_error_init(&err);
        if (dl_ruleset_load_tables(path, format, &rs, &err) == DL_OK) {
                dl_schema_table_for(rs, "orders", 6);
                dl_schema_table_for(rs, NULL, 0);
        } else {
                free(dl_error_format(&err));
        }
        dl_ruleset_free(rs);
        dl_error_fini(&err);
        return 0;
}
