/* code_tables.h - the tables the CreateTable requests of a translation
 * unit define (docs/architecture.md, "Tables as code"): linted at the
 * client call by the table checks, and describing their tables for the
 * other requests of the same unit when the rules do not; and the changes
 * its UpdateTable requests make, linted at the call against the table
 * they change as the rules and those CreateTables describe it.
 * SPDX-License-Identifier: MIT
 */
#ifndef DL_CLI_CODE_TABLES_H
#define DL_CLI_CODE_TABLES_H

#include <stddef.h>

struct dl_log;
struct dl_request;
struct dl_ruleset;
struct dl_table;

struct dl_code_tables {
        /* every table read, the CreateTables' in request order, then the
         * UpdateTables' (each with its definition, format "code"; an
         * UpdateTable's has update set): what the table checks lint */
        const struct dl_table **tables;
        size_t n_tables;
        /* the unit's rules with, beneath them, the tables of CreateTables
         * whose fully known name no table of the rules describes (by name
         * or `match`; a `default: true` table does not count); NULL when
         * no CreateTable adds one: use the rules themselves */
        const struct dl_ruleset *rules;
        /* private: the rulesets made (each table's, then each merge) */
        struct dl_ruleset **owned;
        size_t n_owned;
};

/**
 * dl_code_tables_read - read the table of every CreateTable, and the
 * change of every UpdateTable, among reqs[0..n) (top-level requests,
 * normalized) into *out.
 * @param rules  the unit's rules (borrowed; must outlive *out).
 * @param log    where a note (shown with --verbose) says why a CreateTable's
 *               table is not read ("table-not-read": members only known at
 *               run time, a key schema attribute built at run time...);
 *               NULL for none.
 * The requests must outlive *out (their locations are borrowed). Output
 * depends on the unit alone (never on -j, the cache or --shard).
 * Ownership: release with dl_code_tables_fini().
 */
void dl_code_tables_read(struct dl_code_tables *out, const struct dl_ruleset *rules,
                         const struct dl_request *reqs, size_t n, struct dl_log *log);

/** dl_code_tables_fini - release what dl_code_tables_read made; NULL-safe. */
void dl_code_tables_fini(struct dl_code_tables *ct);

#endif
