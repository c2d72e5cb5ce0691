/* access_cmd.c - the access-patterns and iam-policy subcommands
 * (access_cmd.h).
 * SPDX-License-Identifier: MIT
 */
#include "access_cmd.h"

#include "cli.h"

#include "../findings/fileio.h"
#include "../report/access.h"
#include "../report/iam.h"
#include "../report/inventory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum dl_status dl_access_cmd_check(const struct dl_options *o, struct dl_error *err)
{
        const char *f = o->format_name;
        enum dl_inventory_format inv;
        enum dl_iam_format iam;
        if (o->command == DL_CMD_ACCESS_PATTERNS && f && !dl_inventory_format_parse(f, &inv))
                return dl_error_set(err, DL_ERR_CONFIG, NULL,
                                    "unknown format '%s' for access-patterns; expected markdown, "
                                    "json or csv",
                                    f);
        if (o->command == DL_CMD_IAM_POLICY && f && !dl_iam_format_parse(f, &iam))
                return dl_error_set(err, DL_ERR_CONFIG, NULL,
                                    "unknown format '%s' for iam-policy; expected json, "
                                    "terraform or cloudformation",
                                    f);
        if (o->region &&
            (!*o->region ||
             strspn(o->region, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(o->region)))
                return dl_error_set(err, DL_ERR_CONFIG, NULL,
                                    "bad value '%s' for --region; expected a region name such as "
                                    "eu-west-1",
                                    o->region);
        if (o->account &&
            (strlen(o->account) != 12 || strspn(o->account, "0123456789") != strlen(o->account)))
                return dl_error_set(err, DL_ERR_CONFIG, NULL,
                                    "bad value '%s' for --account; expected a 12-digit account "
                                    "id",
                                    o->account);
        if ((o->region || o->account || o->explain_calls) && o->command != DL_CMD_IAM_POLICY)
                return dl_error_set(err, DL_ERR_CONFIG, NULL,
                                    "--region and --account are options of iam-policy");
        return DL_OK;
}

int dl_access_cmd_report(const struct dl_options *o, const char *records, size_t len,
                         const struct dl_access_pattern *const *declared, size_t n_declared)
{
        json_t *recs = dl_access_load(records, len);
        char *buf = NULL;
        size_t n = 0;
        FILE *out = o->output ? open_memstream(&buf, &n) : stdout;
        if (!out) {
                fputs("ddblint: out of memory\n", stderr);
                abort();
        }
        bool ok;
        if (o->command == DL_CMD_ACCESS_PATTERNS) {
                enum dl_inventory_format f = DL_INVENTORY_MARKDOWN;
                if (o->format_name)
                        dl_inventory_format_parse(o->format_name, &f);
                ok = dl_inventory_write(out, recs, f, declared, n_declared);
        } else {
                struct dl_iam_opts io = {DL_IAM_JSON, o->region, o->account, o->explain_calls};
                if (o->format_name)
                        dl_iam_format_parse(o->format_name, &io.format);
                ok = dl_iam_write(out, stderr, recs, &io);
        }
        json_decref(recs);
        int rc = DL_EXIT_OK;
        if (o->output) {
                fclose(out);
                struct dl_error err;
                dl_error_init(&err);
                if (!ok || dl_file_write_atomic(o->output, buf, n, &err) != DL_OK) {
                        fprintf(stderr, "ddblint: error: %s\n",
                                err.message ? err.message : "cannot write the report");
                        rc = DL_EXIT_USAGE;
                }
                dl_error_fini(&err);
                free(buf);
        } else if (!ok) {
                fputs("ddblint: error: cannot write the report\n", stderr);
                rc = DL_EXIT_USAGE;
        }
        return rc;
}
