/* test_ruleset_import.c - table definitions read from where teams keep them
 * (`tables-from:`: CloudFormation/SAM YAML and JSON, describe-table output,
 * terraform show -json), DynamoDB's own spellings in the rules file,
 * empty files, shared aliases, and dl_ruleset_merge() (`inherit: true`).
 * SPDX-License-Identifier: MIT
 *
 * The templates in tests/fixtures/tables/ were written for these tests.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "core/regex.h"
#include "rules/ruleset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TABLES DL_SOURCE_DIR "/tests/fixtures/tables"

/* Loads text as if it were TABLES/.ddblint.yaml, so relative tables-from
 * paths name the fixtures. */
static enum dl_status try_load(const char *text, struct dl_ruleset **rs, struct dl_error *err)
{
        return dl_ruleset_load_string(TABLES "/.ddblint.yaml", text, strlen(text), NULL, 0, rs,
                                      err);
}

static struct dl_ruleset *load(const char *text)
{
        struct dl_ruleset *rs = NULL;
        struct dl_error err;
        dl_error_init(&err);
        enum dl_status st = try_load(text, &rs, &err);
        if (st != DL_OK) {
                char *m = dl_error_format(&err);
                print_error("unexpected error: %s\n", m);
                free(m);
        }
        assert_int_equal(st, DL_OK);
        dl_error_fini(&err);
        return rs;
}

/* The error of loading text: its status, file suffix, line and message part. */
static void expect_error(const char *text, enum dl_status want, const char *file_suffix,
                         unsigned line, const char *substring)
{
        struct dl_ruleset *rs = (struct dl_ruleset *)1;
        struct dl_error err;
        dl_error_init(&err);
        enum dl_status st = try_load(text, &rs, &err);
        char *m = dl_error_format(&err);
        bool ok = st == want && !rs && err.file && strlen(err.file) >= strlen(file_suffix) &&
                  !strcmp(err.file + strlen(err.file) - strlen(file_suffix), file_suffix) &&
                  err.line == line && err.message && strstr(err.message, substring);
        if (!ok)
                print_error("expected ...%s:%u: ...%s... (status %d), got %s (status %d)\n",
                            file_suffix, line, substring, (int)want, m, (int)st);
        free(m);
        dl_error_fini(&err);
        assert_true(ok);
}

static const struct dl_table *named(const struct dl_ruleset *rs, const char *name)
{
        for (size_t i = 0; i < rs->n_tables; i++) {
                if (rs->tables[i].name && !strcmp(rs->tables[i].name, name))
                        return &rs->tables[i];
        }
        return NULL;
}

static const struct dl_table *matching(const struct dl_ruleset *rs, const char *table_name)
{
        for (size_t i = 0; i < rs->n_tables; i++) {
                if (rs->tables[i].match_re &&
                    dl_regex_match(rs->tables[i].match_re, table_name, strlen(table_name)))
                        return &rs->tables[i];
        }
        return NULL;
}

static void assert_key(const struct dl_key_attr *k, const char *name, enum dl_key_type type)
{
        assert_non_null(k->name);
        assert_string_equal(k->name, name);
        assert_int_equal(k->type, type);
}

static void test_sam_template(void **state)
{
        struct dl_ruleset *rs = load("version: 1\ntables-from: sam-template.yaml\n");
        assert_int_equal(rs->n_tables, 5);
        assert_int_equal(rs->n_sources, 2);
        assert_string_equal(rs->sources[1], TABLES "/sam-template.yaml");

        const struct dl_table *shop = named(rs, "Shop");
        assert_non_null(shop);
        assert_false(shop->is_default);
        assert_string_equal(shop->loc.file, TABLES "/sam-template.yaml");
        assert_int_equal(shop->loc.line, 23); /* ShopTable: */
        assert_key(&shop->partition_key, "PK", DL_KEY_S);
        assert_key(&shop->sort_key, "SK", DL_KEY_S);
        assert_int_equal(shop->n_indexes, 2);
        const struct dl_index *gsi = dl_schema_index(shop, "GSI1", 4);
        assert_non_null(gsi);
        assert_int_equal(gsi->kind, DL_INDEX_GLOBAL);
        assert_int_equal(gsi->projection, DL_PROJ_KEYS_ONLY);
        assert_key(&gsi->partition_key, "GSI1PK", DL_KEY_S);
        assert_key(&gsi->sort_key, "GSI1SK", DL_KEY_S);
        const struct dl_index *lsi = dl_schema_index(shop, "ByCreated", 9);
        assert_non_null(lsi);
        assert_int_equal(lsi->kind, DL_INDEX_LOCAL);
        assert_key(&lsi->partition_key, "PK", DL_KEY_S);
        assert_key(&lsi->sort_key, "CreatedAt", DL_KEY_N);
        assert_int_equal(lsi->projection, DL_PROJ_INCLUDE);
        assert_int_equal(lsi->n_non_key_attributes, 2);
        assert_string_equal(lsi->non_key_attributes[1], "Total");

        /* !Sub "${Stage}-shop.audit": the stage is any name, the rest literal. */
        const struct dl_table *audit = matching(rs, "prod-shop.audit");
        assert_non_null(audit);
        assert_null(audit->name);
        assert_key(&audit->partition_key, "EntityId", DL_KEY_S);
        assert_key(&audit->sort_key, "At", DL_KEY_N);
        assert_null(matching(rs, "prod-shopXaudit"));
        assert_null(matching(rs, "prod-shop.audit-old"));

        /* !Join ["-", [prices, !Ref Stage]] on a GlobalTable. */
        const struct dl_table *prices = matching(rs, "prices-dev");
        assert_non_null(prices);
        assert_key(&prices->partition_key, "Sku", DL_KEY_S);
        assert_null(prices->sort_key.name);
        assert_int_equal(prices->indexes[0].projection, DL_PROJ_ALL);

        /* SimpleTable without TableName: CloudFormation's generated name. */
        const struct dl_table *counters = matching(rs, "shop-dev-CountersTable-1X2Y3Z");
        assert_non_null(counters);
        assert_key(&counters->partition_key, "CounterName", DL_KEY_S);

        /* !Ref SessionsTableName: the only table named at run time is the
         * default, for requests whose name is read from configuration. */
        const struct dl_table *def = dl_schema_table_for(rs, NULL, 0);
        assert_non_null(def);
        assert_true(def->is_default);
        assert_key(&def->partition_key, "SessionId", DL_KEY_S);
        assert_ptr_equal(dl_schema_table_for(rs, "Shop", 4), shop);
        assert_ptr_equal(dl_schema_table_for(rs, "dev-shop.audit", 14), audit);
        dl_ruleset_free(rs);
}

static void test_written_tables_win(void **state)
{
        struct dl_ruleset *rs = load("version: 1\n"
                                     "tables:\n"
                                     "  - name: Shop\n"
                                     "    partition-key: {name: Id, type: N}\n"
                                     "  - default: true\n"
                                     "    partition-key: {name: PK, type: S}\n"
                                     "tables-from: [sam-template.yaml]\n");
        /* Shop and the default are the written ones; Sessions (named at run
         * time) has no role left; audit, prices and counters are added. */
        assert_int_equal(rs->n_tables, 5);
        assert_ptr_equal(&rs->tables[0], named(rs, "Shop"));
        assert_key(&named(rs, "Shop")->partition_key, "Id", DL_KEY_N);
        assert_key(&dl_schema_table_for(rs, NULL, 0)->partition_key, "PK", DL_KEY_S);
        assert_string_equal(dl_schema_table_for(rs, NULL, 0)->loc.file, TABLES "/.ddblint.yaml");
        assert_non_null(matching(rs, "dev-shop.audit"));
        dl_ruleset_free(rs);
}

/* Issue 25 item 4: a `tables:` entry naming an imported table without
 * keys extends it (sparse on an imported index, a new index, default)
 * instead of replacing it; an entry with keys replaces it whole. */
static void test_tables_extend_imported(void **state)
{
        struct dl_ruleset *rs = load("version: 1\n"
                                     "tables-from: sam-template.yaml\n"
                                     "tables:\n"
                                     "  - name: Shop\n"
                                     "    default: true\n"
                                     "    indexes:\n"
                                     "      - name: GSI1\n"
                                     "        sparse: {values: [UNSHIPPED]}\n"
                                     "      - name: ByStatus\n"
                                     "        kind: global\n"
                                     "        partition-key: {name: Status, type: S}\n");
        /* Shop became the default: Sessions (named at run time) has no role left */
        assert_int_equal(rs->n_tables, 4);
        const struct dl_table *shop = named(rs, "Shop");
        assert_non_null(shop);
        assert_ptr_equal(dl_schema_table_for(rs, NULL, 0), shop);
        assert_key(&shop->partition_key, "PK", DL_KEY_S);
        assert_key(&shop->sort_key, "SK", DL_KEY_S);
        assert_non_null(shop->def);
        assert_int_equal(shop->n_indexes, 3);
        const struct dl_index *gsi = dl_schema_index(shop, "GSI1", 4);
        assert_non_null(gsi);
        assert_true(gsi->sparse);
        assert_int_equal(gsi->n_sparse_values, 1);
        assert_string_equal(gsi->sparse_values[0], "UNSHIPPED");
        assert_int_equal(gsi->sparse_loc.line, 8);
        assert_key(&gsi->partition_key, "GSI1PK", DL_KEY_S);
        assert_int_equal(gsi->projection, DL_PROJ_KEYS_ONLY);
        assert_non_null(dl_schema_index(shop, "ByCreated", 9));
        assert_non_null(dl_schema_index(shop, "ByStatus", 8));
        dl_ruleset_free(rs);

        /* keys given: the written table replaces the imported one whole */
        rs = load("version: 1\n"
                  "tables-from: sam-template.yaml\n"
                  "tables:\n"
                  "  - name: Shop\n"
                  "    partition-key: {name: Id, type: N}\n");
        assert_key(&named(rs, "Shop")->partition_key, "Id", DL_KEY_N);
        assert_int_equal(named(rs, "Shop")->n_indexes, 0);
        assert_null(named(rs, "Shop")->def);
        dl_ruleset_free(rs);

        /* a redefinition that conflicts: FILE:L:C errors */
        expect_error("version: 1\n"
                     "tables-from: sam-template.yaml\n"
                     "tables:\n"
                     "  - name: Shop\n"
                     "    sort-key: {name: Other, type: S}\n",
                     DL_ERR_CONFIG, "/.ddblint.yaml", 5, "write both keys to replace the table");
        expect_error("version: 1\n"
                     "tables-from: sam-template.yaml\n"
                     "tables:\n"
                     "  - name: Shop\n"
                     "    indexes:\n"
                     "      - name: GSI1\n"
                     "        partition-key: {name: Other, type: S}\n",
                     DL_ERR_CONFIG, "/.ddblint.yaml", 7, "may only add 'sparse'");
        /* no imported table of that name: keys are required as before */
        expect_error("version: 1\n"
                     "tables-from: sam-template.yaml\n"
                     "tables:\n"
                     "  - name: Nowhere\n"
                     "    default: true\n",
                     DL_ERR_CONFIG, "/.ddblint.yaml", 4, "missing required key 'partition-key'");

        /* a table without TableName (CloudFormation names it when deployed) is
         * extended by its logical id: it keeps its generated-name pattern */
        rs = load("version: 1\n"
                  "tables-from: sam-template.yaml\n"
                  "tables:\n"
                  "  - name: CountersTable\n"
                  "    default: true\n");
        const struct dl_table *counters = dl_schema_table_for(rs, NULL, 0);
        assert_non_null(counters);
        assert_null(counters->name);
        assert_string_equal(counters->partition_key.name, "CounterName");
        assert_non_null(counters->def);
        assert_string_equal(counters->def->id, "CountersTable");
        assert_ptr_equal(dl_schema_table_for(rs, "shop-CountersTable-1A2B3C", 25), counters);
        assert_null(named(rs, "CountersTable"));
        size_t n = 0;
        for (size_t i = 0; i < rs->n_tables; i++)
                n += rs->tables[i].def == counters->def;
        assert_int_equal(n, 1); /* the imported copy is not kept beside it */
        dl_ruleset_free(rs);
}

static void test_default_chosen_by_logical_id(void **state)
{
        struct dl_ruleset *rs = load("version: 1\n"
                                     "tables-from:\n"
                                     "  - path: sam-template.yaml\n"
                                     "    format: CloudFormation\n"
                                     "    default: ShopTable\n");
        const struct dl_table *def = dl_schema_table_for(rs, NULL, 0);
        assert_non_null(def);
        assert_string_equal(def->name, "Shop"); /* named and the default */
        assert_int_equal(rs->n_tables, 4);      /* Sessions has no name to keep */
        dl_ruleset_free(rs);
        expect_error("version: 1\ntables-from: [{path: sam-template.yaml, default: Nope}]\n",
                     DL_ERR_CONFIG, "/sam-template.yaml", 4,
                     "no table 'Nope' here for 'default'");
}

static void test_cdk_json_template(void **state)
{
        struct dl_ruleset *rs = load("version: 1\ntables-from: cdk-synth.template.json\n");
        assert_int_equal(rs->n_tables, 2);
        /* {"Fn::Sub": ["${Env}-orders", {"Env": "prod"}]}: fully known. */
        const struct dl_table *orders = named(rs, "prod-orders");
        assert_non_null(orders);
        assert_key(&orders->sort_key, "sk", DL_KEY_N);
        /* JSON read by libyaml: the logical id's line and column */
        assert_int_equal(orders->loc.line, 4);
        assert_int_equal(orders->loc.col, 5);
        assert_non_null(orders->def);
        assert_string_equal(orders->def->id, "OrdersTable6D4E2B1A");
        const struct dl_table *events = matching(rs, "App-EventsTableB3C1D2E4-ABC123");
        assert_non_null(events);
        assert_key(&events->partition_key, "id", DL_KEY_B);
        assert_null(dl_schema_table_for(rs, NULL, 0));
        dl_ruleset_free(rs);
}

static void test_describe_table_outputs(void **state)
{
        struct dl_ruleset *rs = load("version: 1\ntables-from: describe-table.json\n");
        assert_int_equal(rs->n_tables, 2);
        const struct dl_table *users = named(rs, "Users");
        assert_non_null(users);
        assert_key(&users->partition_key, "UserId", DL_KEY_S);
        assert_null(users->sort_key.name);
        assert_int_equal(users->n_indexes, 1);
        assert_string_equal(users->indexes[0].name, "ByEmail");
        assert_int_equal(users->indexes[0].projection, DL_PROJ_KEYS_ONLY);
        assert_key(&users->indexes[0].partition_key, "Email", DL_KEY_S);
        const struct dl_table *sales = named(rs, "Sales");
        assert_non_null(sales);
        assert_key(&sales->sort_key, "Day", DL_KEY_N);
        dl_ruleset_free(rs);
}

static void test_terraform_show_json(void **state)
{
        struct dl_ruleset *rs = load("version: 1\ntables-from: terraform-show.json\n");
        assert_int_equal(rs->n_tables, 2);
        const struct dl_table *orders = named(rs, "Orders");
        assert_non_null(orders);
        assert_key(&orders->partition_key, "PK", DL_KEY_S);
        assert_key(&orders->sort_key, "SK", DL_KEY_S);
        const struct dl_index *gsi = dl_schema_index(orders, "GSI1", 4);
        assert_non_null(gsi);
        assert_key(&gsi->partition_key, "GSI1PK", DL_KEY_S);
        assert_null(gsi->sort_key.name); /* "range_key": "" */
        assert_int_equal(gsi->projection, DL_PROJ_INCLUDE);
        assert_int_equal(gsi->n_non_key_attributes, 1);
        const struct dl_index *lsi = dl_schema_index(orders, "ByTotal", 7);
        assert_non_null(lsi);
        assert_int_equal(lsi->kind, DL_INDEX_LOCAL);
        assert_key(&lsi->partition_key, "PK", DL_KEY_S);
        assert_key(&lsi->sort_key, "Total", DL_KEY_N);
        const struct dl_table *audit = named(rs, "audit-log"); /* a child module */
        assert_non_null(audit);
        assert_key(&audit->partition_key, "EntityId", DL_KEY_S);
        dl_ruleset_free(rs);
}

static void test_tables_from_the_command_line(void **state)
{
        char cwd[4096];
        assert_non_null(getcwd(cwd, sizeof cwd));
        assert_int_equal(chdir(TABLES), 0);
        struct dl_ruleset *rs = NULL;
        struct dl_error err;
        dl_error_init(&err);
        enum dl_status st = dl_ruleset_load_tables("describe-table.json", NULL, &rs, &err);
        assert_int_equal(chdir(cwd), 0);
        assert_int_equal(st, DL_OK);
        assert_int_equal(rs->n_tables, 2);
        assert_null(rs->path);
        assert_string_equal(rs->sources[0], "describe-table.json");
        dl_ruleset_free(rs);
        /* A format that does not match the content is an error. */
        assert_int_equal(chdir(TABLES), 0);
        st = dl_ruleset_load_tables("describe-table.json", "terraform", &rs, &err);
        assert_int_equal(chdir(cwd), 0);
        assert_int_equal(st, DL_ERR_CONFIG);
        assert_null(rs);
        assert_string_equal(err.file, "describe-table.json");
        assert_non_null(strstr(err.message, "not terraform; expected the output of terraform"));
        dl_error_fini(&err);
}

/* Files written into a temporary directory for the error cases. */
static char tmpdir[64];

static void write_tmp(const char *name, const char *text)
{
        char *p = dl_xasprintf("%s/%s", tmpdir, name);
        FILE *f = fopen(p, "w");
        assert_non_null(f);
        fputs(text, f);
        fclose(f);
        free(p);
}

static void expect_tmp_error(const char *rules, enum dl_status want, const char *file,
                             unsigned line, const char *substring)
{
        char *name = dl_xasprintf("%s/.ddblint.yaml", tmpdir);
        struct dl_ruleset *rs = (struct dl_ruleset *)1;
        struct dl_error err;
        dl_error_init(&err);
        enum dl_status st = dl_ruleset_load_string(name, rules, strlen(rules), NULL, 0, &rs, &err);
        char *want_file = dl_xasprintf("%s/%s", tmpdir, file);
        char *m = dl_error_format(&err);
        bool ok = st == want && !rs && err.file && !strcmp(err.file, want_file) &&
                  err.line == line && err.message && strstr(err.message, substring);
        if (!ok)
                print_error("expected %s:%u: ...%s..., got %s\n", want_file, line, substring, m);
        free(m);
        free(want_file);
        free(name);
        dl_error_fini(&err);
        assert_true(ok);
}

static void test_import_errors(void **state)
{
        snprintf(tmpdir, sizeof tmpdir, "/tmp/dl-import-XXXXXX");
        assert_non_null(mkdtemp(tmpdir));
        /* JSON syntax: line and column of the second document. */
        write_tmp("two.json", "{\"Table\": {}}\n{\"Table\": [}\n");
        expect_tmp_error("version: 1\ntables-from: two.json\n", DL_ERR_PARSE, "two.json", 2,
                         "JSON syntax error");
        /* JSON structure: the file, line and column of what is wrong. */
        write_tmp("sort.json", "{\"Table\": {\"TableName\": \"T\", \"KeySchema\": "
                               "[{\"AttributeName\": \"K\", \"KeyType\": \"SORT\"}]}}\n");
        expect_tmp_error("version: 1\ntables-from: sort.json\n", DL_ERR_CONFIG, "sort.json", 1,
                         "bad KeyType 'SORT' in table 'T'; expected HASH or RANGE");
        /* Not table definitions at all. */
        write_tmp("other.yaml", "name: my-app\nversion: 3\n");
        expect_tmp_error("version: 1\ntables-from: other.yaml\n", DL_ERR_CONFIG, "other.yaml", 1,
                         "expected a CloudFormation or SAM template ('Resources')");
        /* Two tables named at run time and no default chosen. */
        write_tmp("two-refs.yaml",
                  "Resources:\n"
                  "  A:\n"
                  "    Type: AWS::DynamoDB::Table\n"
                  "    Properties:\n"
                  "      TableName: !Ref AName\n"
                  "      AttributeDefinitions: [{AttributeName: K, AttributeType: S}]\n"
                  "      KeySchema: [{AttributeName: K, KeyType: HASH}]\n"
                  "  B:\n"
                  "    Type: AWS::DynamoDB::Table\n"
                  "    Properties:\n"
                  "      TableName: !ImportValue BName\n"
                  "      AttributeDefinitions: [{AttributeName: K, AttributeType: S}]\n"
                  "      KeySchema: [{AttributeName: K, KeyType: HASH}]\n");
        expect_tmp_error("version: 1\ntables-from: two-refs.yaml\n", DL_ERR_CONFIG,
                         "two-refs.yaml", 1,
                         "tables 'A' and 'B' are both named only at run time");
        struct dl_ruleset *rs = NULL;
        char *name = dl_xasprintf("%s/.ddblint.yaml", tmpdir);
        const char ok[] = "version: 1\ntables-from: {path: two-refs.yaml, default: B}\n";
        assert_int_equal(dl_ruleset_load_string(name, ok, strlen(ok), NULL, 0, &rs, NULL), DL_OK);
        assert_int_equal(rs->n_tables, 1);
        assert_true(rs->tables[0].is_default);
        dl_ruleset_free(rs);
        free(name);
        /* A key without an AttributeDefinitions entry is read untyped (a
         * template to lint: attribute-definitions-mismatch reports it). */
        write_tmp("nodefs.json", "{\"Table\": {\"TableName\": \"T\", \"KeySchema\": "
                                 "[{\"AttributeName\": \"K\", \"KeyType\": \"HASH\"}]}}\n");
        name = dl_xasprintf("%s/.ddblint.yaml", tmpdir);
        const char nodefs[] = "version: 1\ntables-from: nodefs.json\n";
        assert_int_equal(dl_ruleset_load_string(name, nodefs, strlen(nodefs), NULL, 0, &rs, NULL),
                         DL_OK);
        assert_true(rs->tables[0].partition_key.untyped);
        assert_int_equal(rs->tables[0].def->attrs_state, DL_DEF_ABSENT);
        dl_ruleset_free(rs);
        free(name);
        /* A key computed by a function cannot be read. */
        write_tmp("computed.yaml",
                  "Resources:\n"
                  "  A:\n"
                  "    Type: AWS::DynamoDB::Table\n"
                  "    Properties:\n"
                  "      TableName: T\n"
                  "      AttributeDefinitions: [{AttributeName: K, AttributeType: S}]\n"
                  "      KeySchema:\n"
                  "        - AttributeName: !If [IsProd, K, J]\n"
                  "          KeyType: HASH\n");
        expect_tmp_error("version: 1\ntables-from: computed.yaml\n", DL_ERR_CONFIG,
                         "computed.yaml", 8, "'AttributeName' in resource 'A' is computed by !If");
        char *cmd = dl_xasprintf("rm -rf '%s'", tmpdir);
        assert_int_equal(system(cmd), 0);
        free(cmd);
}

static void test_dynamodb_spellings(void **state)
{
        struct dl_ruleset *rs = load("version: 1\n"
                                     "tables:\n"
                                     "  - name: T\n"
                                     "    partition-key: {name: PK, type: String}\n"
                                     "    sort-key: {name: SK, type: n}\n"
                                     "    indexes:\n"
                                     "      - {name: G, kind: GSI, projection: KEYS_ONLY,\n"
                                     "         partition-key: {name: G, type: b}}\n"
                                     "      - {name: L, kind: LSI, sort-key: {name: L, type: N},\n"
                                     "         projection: {type: INCLUDE, non-key-attributes: [x]}}\n"
                                     "      - {name: H, kind: Global, projection: All,\n"
                                     "         partition-key: {name: H, type: S}}\n");
        const struct dl_table *t = &rs->tables[0];
        assert_key(&t->partition_key, "PK", DL_KEY_S);
        assert_key(&t->sort_key, "SK", DL_KEY_N);
        assert_int_equal(t->indexes[0].kind, DL_INDEX_GLOBAL);
        assert_int_equal(t->indexes[0].projection, DL_PROJ_KEYS_ONLY);
        assert_int_equal(t->indexes[0].partition_key.type, DL_KEY_B);
        assert_int_equal(t->indexes[1].kind, DL_INDEX_LOCAL);
        assert_int_equal(t->indexes[1].projection, DL_PROJ_INCLUDE);
        assert_int_equal(t->indexes[2].kind, DL_INDEX_GLOBAL);
        assert_int_equal(t->indexes[2].projection, DL_PROJ_ALL);
        dl_ruleset_free(rs);
}

static void test_empty_and_comment_only_files(void **state)
{
        const char *texts[] = {"", "\n\n", "# only a comment\n# and another\n", "---\n"};
        for (size_t i = 0; i < 4; i++) {
                struct dl_ruleset *rs = load(texts[i]);
                assert_int_equal(rs->version, 1);
                assert_int_equal(rs->n_tables, 0);
                assert_int_equal(rs->n_checks, 0);
                assert_false(rs->inherit);
                assert_string_equal(rs->path, TABLES "/.ddblint.yaml");
                dl_ruleset_free(rs);
        }
}

/* An alias is read where it is used, but a pattern is compiled once. */
static void test_aliases_share_compiled_patterns(void **state)
{
        char *text = dl_xstrdup("version: 1\n"
                                "tables:\n"
                                "  - &t {match: '(dev|prod)-audit-[0-9]+', "
                                "partition-key: {name: Id, type: S}}\n");
        for (int i = 0; i < 200; i++) {
                char *more = dl_xasprintf("%s  - *t\n", text);
                free(text);
                text = more;
        }
        struct dl_ruleset *rs = load(text);
        free(text);
        /* Repeats of one pattern are the same table: kept once. */
        assert_int_equal(rs->n_tables, 1);
        dl_ruleset_free(rs);
        rs = load("version: 1\n"
                  "tables:\n"
                  "  - {name: A, match: 'x-[0-9]+', partition-key: {name: Id, type: S}}\n"
                  "  - {name: B, match: 'x-[0-9]+', partition-key: {name: Id, type: S}}\n");
        assert_non_null(rs->tables[0].match_re);
        assert_ptr_equal(rs->tables[0].match_re, rs->tables[1].match_re);
        dl_ruleset_free(rs);
}

static void test_merge(void **state)
{
        struct dl_ruleset *parent = load("version: 1\n"
                                         "checks:\n"
                                         "  scan: {severity: error, max: 3, min: 1}\n"
                                         "  reserved-word: {enabled: false}\n"
                                         "exclude: [third_party/]\n"
                                         "tables:\n"
                                         "  - {name: Shop, partition-key: {name: PK, type: S}}\n"
                                         "  - {default: true, partition-key: {name: P, type: S}}\n");
        struct dl_ruleset *child = load("version: 1\n"
                                        "inherit: true\n"
                                        "checks:\n"
                                        "  scan: {enabled: false, max: 5}\n"
                                        "exclude: [gen/]\n"
                                        "tables:\n"
                                        "  - {name: Shop, partition-key: {name: Id, type: N}}\n");
        assert_true(child->inherit);
        struct dl_ruleset *m = dl_ruleset_merge(child, parent);
        assert_false(m->inherit);
        assert_ptr_equal(m->path, child->path);
        const struct dl_check_config *scan = dl_schema_check_config(m, "scan");
        assert_true(scan->has_enabled && !scan->enabled);           /* child's */
        assert_true(scan->has_severity);                            /* parent's */
        assert_int_equal(scan->severity, DL_SEV_ERROR);
        long v = 0;
        assert_int_equal(dl_check_config_int(scan, "max", 0, &v, NULL), DL_OK);
        assert_int_equal(v, 5);                                     /* child's */
        assert_int_equal(dl_check_config_int(scan, "min", 0, &v, NULL), DL_OK);
        assert_int_equal(v, 1);                                     /* parent's */
        const struct dl_check_config *rw = dl_schema_check_config(m, "reserved-word");
        assert_true(rw && rw->has_enabled && !rw->enabled);
        assert_int_equal(m->n_tables, 2);
        assert_key(&m->tables[0].partition_key, "Id", DL_KEY_N);    /* child's Shop */
        assert_true(m->tables[1].is_default);
        assert_int_equal(m->n_exclude, 2);
        assert_string_equal(m->exclude[0].pattern, "third_party/"); /* parent's first: */
        assert_string_equal(m->exclude[1].pattern, "gen/");         /* child's decide */
        assert_int_equal(m->n_sources, 2);
        dl_ruleset_free(m);
        dl_ruleset_free(child);
        dl_ruleset_free(parent);
}

/* A CreateTable's definition (model/request.h) read into the table model:
 * each value at the source location of its first byte, the default
 * billing mode, a value known only at run time left unknown, and a key
 * schema known only at run time not read. */
static void test_code_table(void **state)
{
        (void)state;
        const char *text = "{\"BillingMode\": \"PROVISIONED\", "
                           "\"AttributeDefinitions\": [{\"AttributeName\": \"PK\", "
                           "\"AttributeType\": \"S\"}], "
                           "\"KeySchema\": [{\"AttributeName\": \"PK\", \"KeyType\": \"HASH\"}], "
                           "\"ProvisionedThroughput\": {\"ReadCapacityUnits\": 5, "
                           "\"WriteCapacityUnits\": {\"Fn::RunTime\": \"\"}}}";
        size_t len = strlen(text);
        struct dl_loc *locs = dl_xcalloc(len, sizeof *locs);
        for (size_t i = 0; i < len; i++)
                locs[i] = (struct dl_loc){"app.c", 40, (unsigned)(i + 1)};
        struct dl_loc call = {"app.c", 50, 9};
        struct dl_ruleset *rs = NULL;
        struct dl_error err;
        dl_error_init(&err);
        assert_int_equal(
                dl_ruleset_code_table(text, len, locs, "Orders", "Orders", call, &rs, &err), DL_OK);
        assert_int_equal(rs->n_tables, 1);
        const struct dl_table *t = &rs->tables[0];
        assert_string_equal(t->name, "Orders");
        assert_key(&t->partition_key, "PK", DL_KEY_S);
        assert_string_equal(t->def->format, "code");
        assert_string_equal(t->def->kind, "CreateTable");
        assert_int_equal(t->def->loc.line, 50);
        assert_int_equal(t->def->billing, DL_BILLING_PROVISIONED);
        assert_int_equal(t->def->billing_written, DL_DEF_KNOWN);
        assert_int_equal(t->def->billing_loc.col,
                         (unsigned)(strstr(text, "\"PROVISIONED") - text) + 1);
        assert_int_equal(t->def->capacity.state, DL_DEF_KNOWN);
        assert_int_equal(t->def->capacity.read.state, DL_DEF_KNOWN);
        assert_int_equal(t->def->capacity.read.value, 5);
        assert_int_equal(t->def->capacity.write.state, DL_DEF_UNKNOWN);
        assert_int_equal(t->def->n_attrs, 1);
        assert_int_equal(t->def->attrs[0].loc.line, 40);
        assert_int_equal(t->def->attrs[0].loc.col, (unsigned)(strstr(text, "\"PK") - text) + 1);
        assert_false(dl_schema_indexes_known(t, NULL));
        dl_ruleset_free(rs);

        /* no BillingMode: PROVISIONED, the default, not written */
        const char *plain = "{\"KeySchema\": [{\"AttributeName\": \"id\", \"KeyType\": \"HASH\"}]}";
        assert_int_equal(
                dl_ruleset_code_table(plain, strlen(plain), NULL, NULL, "<?>", call, &rs, &err),
                DL_OK);
        assert_null(rs->tables[0].name);
        assert_int_equal(rs->tables[0].def->billing, DL_BILLING_PROVISIONED);
        assert_int_equal(rs->tables[0].def->billing_written, DL_DEF_ABSENT);
        assert_int_equal(rs->tables[0].partition_key.loc.line, 50);
        dl_ruleset_free(rs);

        /* a key attribute known only at run time: the table is not read */
        const char *computed = "{\"KeySchema\": [{\"AttributeName\": {\"Fn::RunTime\": \"\"}, "
                               "\"KeyType\": \"HASH\"}]}";
        assert_int_not_equal(
                dl_ruleset_code_table(computed, strlen(computed), NULL, "T", "T", call, &rs, &err),
                DL_OK);
        assert_null(rs);
        assert_non_null(err.message);
        assert_int_equal(err.line, 50);
        dl_error_fini(&err);
        free(locs);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_sam_template),
                cmocka_unit_test(test_written_tables_win),
                cmocka_unit_test(test_tables_extend_imported),
                cmocka_unit_test(test_default_chosen_by_logical_id),
                cmocka_unit_test(test_cdk_json_template),
                cmocka_unit_test(test_describe_table_outputs),
                cmocka_unit_test(test_terraform_show_json),
                cmocka_unit_test(test_tables_from_the_command_line),
                cmocka_unit_test(test_import_errors),
                cmocka_unit_test(test_dynamodb_spellings),
                cmocka_unit_test(test_empty_and_comment_only_files),
                cmocka_unit_test(test_aliases_share_compiled_patterns),
                cmocka_unit_test(test_merge),
                cmocka_unit_test(test_code_table),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
