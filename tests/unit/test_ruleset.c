/* test_ruleset.c - the rules-file loader (rules/ruleset.c) and the schema
 * lookups over what it loads (rules/schema.c).
 * SPDX-License-Identifier: MIT
 *
 * Bad files live in tests/fixtures/rules-errors/ and are driven by
 * test_ruleset_errors.c; this file covers valid input, positions kept in
 * the result, lookups, option getters and dl_ruleset_find().
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "checks/check.h"
#include "core/alloc.h"
#include "rules/ruleset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FIXTURES DL_SOURCE_DIR "/tests/fixtures/rules"

static const char *const ids[] = {"scan", "query-missing-key-condition"};

static struct dl_ruleset *load_text(const char *text)
{
        struct dl_ruleset *rs = NULL;
        struct dl_error err;
        dl_error_init(&err);
        enum dl_status st = dl_ruleset_load_string("t.yaml", text, strlen(text), ids, 2, &rs, &err);
        if (st != DL_OK) {
                char *m = dl_error_format(&err);
                print_error("unexpected error: %s\n", m);
                free(m);
        }
        assert_int_equal(st, DL_OK);
        assert_non_null(rs);
        dl_error_fini(&err);
        return rs;
}

static struct dl_ruleset *load_file(const char *path)
{
        struct dl_ruleset *rs = NULL;
        struct dl_error err;
        dl_error_init(&err);
        enum dl_status st = dl_ruleset_load(path, ids, 2, &rs, &err);
        if (st != DL_OK) {
                char *m = dl_error_format(&err);
                print_error("unexpected error: %s\n", m);
                free(m);
        }
        assert_int_equal(st, DL_OK);
        dl_error_fini(&err);
        return rs;
}

/* Every key of the format, in block and flow style. */
static const char every_key[] =
        "version: 1\n"                                         /* 1 */
        "checks:\n"                                            /* 2 */
        "  scan:\n"                                            /* 3 */
        "    enabled: false\n"                                 /* 4 */
        "    severity: error\n"                                /* 5 */
        "    max-items: 25\n"                                  /* 6 */
        "    allow-parallel: true\n"                           /* 7 */
        "  query-missing-key-condition: {severity: note}\n"    /* 8 */
        "tables:\n"                                            /* 9 */
        "  - name: Orders\n"                                   /* 10 */
        "    partition-key: {name: PK, type: S}\n"             /* 11 */
        "    sort-key:\n"                                      /* 12 */
        "      name: SK\n"                                     /* 13 */
        "      type: N\n"                                      /* 14 */
        "    indexes:\n"                                       /* 15 */
        "      - name: GSI1\n"                                 /* 16 */
        "        kind: global\n"                               /* 17 */
        "        partition-key: {name: GSI1PK, type: B}\n"     /* 18 */
        "        sort-key: {name: GSI1SK, type: S}\n"          /* 19 */
        "        projection: keys-only\n"                      /* 20 */
        "      - name: LSI1\n"                                 /* 21 */
        "        kind: local\n"                                /* 22 */
        "        partition-key: {name: PK, type: S}\n"         /* 23 */
        "        sort-key: {name: Created, type: N}\n"         /* 24 */
        "        projection:\n"                                /* 25 */
        "          type: include\n"                            /* 26 */
        "          non-key-attributes: [Status, Total]\n"      /* 27 */
        "      - name: GSI2\n"                                 /* 28 */
        "        kind: global\n"                               /* 29 */
        "        partition-key: {name: Email, type: S}\n"      /* 30 */
        "  - match: '(dev|prod)-audit'\n"                      /* 31 */
        "    default: false\n"                                 /* 32 */
        "    partition-key: {name: Id, type: S}\n"             /* 33 */
        "  - default: true\n"                                  /* 34 */
        "    partition-key: {name: PK, type: S}\n";            /* 35 */

static void test_every_key_is_loaded(void **state)
{
        struct dl_ruleset *rs = load_text(every_key);
        assert_string_equal(rs->path, "t.yaml");
        assert_int_equal(rs->version, 1);
        assert_int_equal(rs->n_checks, 2);
        assert_int_equal(rs->n_tables, 3);

        const struct dl_check_config *scan = &rs->checks[0];
        assert_string_equal(scan->id, "scan");
        assert_true(scan->has_enabled);
        assert_false(scan->enabled);
        assert_true(scan->has_severity);
        assert_int_equal(scan->severity, DL_SEV_ERROR);
        assert_int_equal(scan->n_options, 2);
        assert_string_equal(scan->options[0].key, "max-items");
        assert_string_equal(scan->options[0].value, "25");
        assert_int_equal(scan->options[0].loc.line, 6);
        assert_int_equal(scan->options[0].loc.col, 16);
        assert_int_equal(scan->loc.line, 3);
        assert_int_equal(scan->loc.col, 3);

        const struct dl_check_config *q = &rs->checks[1];
        assert_false(q->has_enabled);
        assert_true(q->has_severity);
        assert_int_equal(q->severity, DL_SEV_NOTE);
        assert_int_equal(q->n_options, 0);

        const struct dl_table *t = &rs->tables[0];
        assert_string_equal(t->name, "Orders");
        assert_null(t->match);
        assert_null(t->match_re);
        assert_false(t->is_default);
        assert_string_equal(t->partition_key.name, "PK");
        assert_int_equal(t->partition_key.type, DL_KEY_S);
        assert_string_equal(t->sort_key.name, "SK");
        assert_int_equal(t->sort_key.type, DL_KEY_N);
        assert_int_equal(t->sort_key.loc.line, 13);
        assert_int_equal(t->sort_key.loc.col, 7);
        assert_int_equal(t->loc.line, 10);
        assert_int_equal(t->loc.col, 5);
        assert_string_equal(t->loc.file, "t.yaml");
        assert_int_equal(t->n_indexes, 3);

        const struct dl_index *g = &t->indexes[0];
        assert_string_equal(g->name, "GSI1");
        assert_int_equal(g->kind, DL_INDEX_GLOBAL);
        assert_string_equal(g->partition_key.name, "GSI1PK");
        assert_int_equal(g->partition_key.type, DL_KEY_B);
        assert_string_equal(g->sort_key.name, "GSI1SK");
        assert_int_equal(g->projection, DL_PROJ_KEYS_ONLY);
        assert_int_equal(g->loc.line, 16);

        const struct dl_index *l = &t->indexes[1];
        assert_int_equal(l->kind, DL_INDEX_LOCAL);
        assert_string_equal(l->partition_key.name, "PK");
        assert_string_equal(l->sort_key.name, "Created");
        assert_int_equal(l->projection, DL_PROJ_INCLUDE);
        assert_int_equal(l->n_non_key_attributes, 2);
        assert_string_equal(l->non_key_attributes[0], "Status");
        assert_string_equal(l->non_key_attributes[1], "Total");

        const struct dl_index *g2 = &t->indexes[2];
        assert_null(g2->sort_key.name);
        assert_int_equal(g2->projection, DL_PROJ_ALL); /* the default */

        assert_null(rs->tables[1].name);
        assert_string_equal(rs->tables[1].match, "(dev|prod)-audit");
        assert_non_null(rs->tables[1].match_re);
        assert_null(rs->tables[1].sort_key.name);
        assert_true(rs->tables[2].is_default);
        dl_ruleset_free(rs);
}

static void test_table_for_by_name_match_and_default(void **state)
{
        struct dl_ruleset *rs = load_text(every_key);
        assert_ptr_equal(dl_schema_table_for(rs, "Orders", 6), &rs->tables[0]);
        assert_ptr_equal(dl_schema_table_for(rs, "prod-audit", 10), &rs->tables[1]);
        assert_ptr_equal(dl_schema_table_for(rs, "dev-audit", 9), &rs->tables[1]);
        /* The pattern is anchored at both ends. */
        assert_ptr_equal(dl_schema_table_for(rs, "prod-audit-old", 14), &rs->tables[2]);
        assert_ptr_equal(dl_schema_table_for(rs, "xprod-audit", 11), &rs->tables[2]);
        /* Unknown names and run-time names fall back to the default table. */
        assert_ptr_equal(dl_schema_table_for(rs, "Other", 5), &rs->tables[2]);
        assert_ptr_equal(dl_schema_table_for(rs, NULL, 0), &rs->tables[2]);
        /* len, not the NUL, delimits the name. */
        assert_ptr_equal(dl_schema_table_for(rs, "OrdersX", 6), &rs->tables[0]);

        const struct dl_table *t = &rs->tables[0];
        assert_ptr_equal(dl_schema_index(t, "LSI1", 4), &t->indexes[1]);
        assert_null(dl_schema_index(t, "GSI9", 4));
        assert_ptr_equal(dl_schema_check_config(rs, "scan"), &rs->checks[0]);
        assert_null(dl_schema_check_config(rs, "nope"));
        dl_ruleset_free(rs);
}

static void test_no_default_table_means_no_fallback(void **state)
{
        struct dl_ruleset *rs = load_file(FIXTURES "/orders.yaml");
        assert_non_null(dl_schema_table_for(rs, "Orders", 6));
        assert_null(dl_schema_table_for(rs, "Customers", 9));
        assert_null(dl_schema_table_for(rs, NULL, 0));
        dl_ruleset_free(rs);
}

static void test_option_getters(void **state)
{
        struct dl_ruleset *rs = load_text(every_key);
        const struct dl_check_config *scan = dl_schema_check_config(rs, "scan");
        struct dl_error err;
        dl_error_init(&err);
        long v = 0;
        assert_int_equal(dl_check_config_int(scan, "max-items", 10, &v, &err), DL_OK);
        assert_int_equal(v, 25);
        assert_int_equal(dl_check_config_int(scan, "absent", 10, &v, &err), DL_OK);
        assert_int_equal(v, 10);
        assert_int_equal(dl_check_config_int(NULL, "max-items", 7, &v, &err), DL_OK);
        assert_int_equal(v, 7);
        bool b = false;
        assert_int_equal(dl_check_config_bool(scan, "allow-parallel", false, &b, &err), DL_OK);
        assert_true(b);
        /* A bad value is reported at the option's value in the rules file. */
        assert_int_equal(dl_check_config_int(scan, "allow-parallel", 0, &v, &err),
                         DL_ERR_CONFIG);
        assert_string_equal(err.file, "t.yaml");
        assert_int_equal(err.line, 7);
        assert_int_equal(err.col, 21);
        assert_non_null(strstr(err.message, "expects an integer"));
        dl_error_fini(&err);
        assert_int_equal(dl_check_config_bool(scan, "max-items", false, &b, &err),
                         DL_ERR_CONFIG);
        assert_int_equal(err.line, 6);
        dl_error_fini(&err);
        dl_ruleset_free(rs);
}

static void test_structured_options_and_sparse(void **state)
{
        (void)state;
        const char *text = "version: 1\n"
                           "checks:\n"
                           "  scan:\n"
                           "    allow: ['^A$', \"B\"]\n"
                           "    keys:\n"
                           "      - {table: T, pattern: '^P'}\n"
                           "    nothing:\n"
                           "tables:\n"
                           "  - name: T\n"
                           "    partition-key: {name: PK, type: S}\n"
                           "    indexes:\n"
                           "      - name: G\n"
                           "        kind: global\n"
                           "        partition-key: {name: GPK, type: S}\n"
                           "        sparse: {values: [OPEN, {S: LATE}]}\n";
        struct dl_ruleset *rs = load_text(text);
        const struct dl_check_config *scan = dl_schema_check_config(rs, "scan");
        const struct dl_opt_node *allow = dl_check_config_node(scan, "allow");
        assert_non_null(allow);
        assert_int_equal(allow->kind, DL_OPT_SEQUENCE);
        assert_int_equal(allow->n, 2);
        assert_string_equal(allow->items[1].text, "B");
        assert_int_equal(allow->items[0].verbatim_col, 14); /* inside the quotes */
        assert_int_equal(allow->items[0].loc.line, 4);
        const struct dl_opt_node *keys = dl_check_config_node(scan, "keys");
        assert_int_equal(keys->kind, DL_OPT_SEQUENCE);
        assert_int_equal(keys->items[0].kind, DL_OPT_MAPPING);
        assert_string_equal(keys->items[0].keys[1], "pattern");
        assert_string_equal(keys->items[0].items[1].text, "^P");
        assert_int_equal(keys->items[0].key_locs[0].line, 6);
        assert_int_equal(dl_check_config_node(scan, "nothing")->kind, DL_OPT_NULL);
        assert_null(dl_check_config_node(scan, "absent"));
        /* scalar getters say what they got instead of a scalar */
        struct dl_error err;
        dl_error_init(&err);
        long v;
        assert_int_equal(dl_check_config_int(scan, "keys", 1, &v, &err), DL_ERR_CONFIG);
        assert_non_null(strstr(err.message, "expects an integer, got a sequence"));
        dl_error_fini(&err);
        /* patterns compile from a sequence, or from one string */
        struct dl_pattern_list l;
        assert_int_equal(dl_check_config_patterns(scan, "allow", DL_PATTERN_WHOLE, &l, NULL), DL_OK);
        assert_int_equal(l.n, 2);
        assert_string_equal(l.items[0].source, "^A$");
        dl_pattern_list_fini(&l);
        assert_int_equal(dl_check_config_patterns(scan, "absent", DL_PATTERN_WHOLE, &l, NULL), DL_OK);
        assert_int_equal(l.n, 0);
        /* a sparse index and its values, in either spelling */
        const struct dl_index *g = dl_schema_index(&rs->tables[0], "G", 1);
        assert_true(g->sparse);
        assert_int_equal(g->n_sparse_values, 2);
        assert_string_equal(g->sparse_values[0], "OPEN");
        assert_string_equal(g->sparse_values[1], "LATE");
        assert_int_equal(g->sparse_loc.line, 15);
        dl_ruleset_free(rs);
}

static void test_shared_fixture_files_load(void **state)
{
        struct dl_ruleset *rs = load_file(FIXTURES "/orders.yaml");
        assert_string_equal(rs->path, FIXTURES "/orders.yaml");
        const struct dl_table *t = dl_schema_table_for(rs, "Orders", 6);
        assert_non_null(t);
        assert_string_equal(t->partition_key.name, "PK");
        assert_string_equal(t->sort_key.name, "SK");
        const struct dl_index *gsi = dl_schema_index(t, "GSI1", 4);
        assert_non_null(gsi);
        assert_string_equal(gsi->partition_key.name, "GSI1PK");
        assert_string_equal(gsi->sort_key.name, "GSI1SK");
        const struct dl_index *lsi = dl_schema_index(t, "LSI1", 4);
        assert_non_null(lsi);
        assert_int_equal(lsi->kind, DL_INDEX_LOCAL);
        /* An LSI without partition-key takes the table's. */
        assert_string_equal(lsi->partition_key.name, "PK");
        dl_ruleset_free(rs);

        rs = load_file(FIXTURES "/default.yaml");
        t = dl_schema_table_for(rs, NULL, 0);
        assert_non_null(t);
        assert_true(t->is_default);
        assert_null(t->name);
        assert_ptr_equal(dl_schema_table_for(rs, "Anything", 8), t);
        dl_ruleset_free(rs);
}

static void test_example_rules_file_loads(void **state)
{
        struct dl_ruleset *rs = load_file(DL_SOURCE_DIR "/rules/example.ddblint.yaml");
        assert_true(rs->n_tables >= 3);
        assert_non_null(dl_schema_table_for(rs, "Ecommerce", 9));
        assert_non_null(dl_schema_table_for(rs, "prod-audit", 10));
        assert_non_null(dl_schema_table_for(rs, NULL, 0));
        dl_ruleset_free(rs);
}

static void test_example_project_rules_file_loads(void **state)
{
        /* the example configures checks beyond the two ids above: load it
         * against the whole catalogue, and configure every check with it */
        const struct dl_catalogue *cat = dl_catalogue_get();
        const char **all = dl_xcalloc(cat->n, sizeof *all);
        for (size_t i = 0; i < cat->n; i++)
                all[i] = cat->checks[i]->info->id;
        struct dl_ruleset *rs = NULL;
        struct dl_error err;
        dl_error_init(&err);
        assert_int_equal(dl_ruleset_load(DL_SOURCE_DIR "/examples/ecommerce/.ddblint.yaml", all,
                                         cat->n, &rs, &err),
                         DL_OK);
        free(all);
        void **states = dl_xcalloc(cat->n, sizeof *states);
        assert_int_equal(dl_catalogue_configure(rs, states, &err), DL_OK);
        dl_catalogue_destroy(states);
        free(states);
        const struct dl_table *t = dl_schema_table_for(rs, "Ecommerce", 9);
        assert_non_null(t);
        const struct dl_index *gsi1 = dl_schema_index(t, "GSI1", 4);
        assert_non_null(gsi1);
        assert_true(gsi1->sparse);
        dl_error_fini(&err);
        dl_ruleset_free(rs);
}

static void test_minimal_and_empty_sections(void **state)
{
        struct dl_ruleset *rs = load_text("version: 1\n");
        assert_int_equal(rs->n_tables, 0);
        assert_int_equal(rs->n_checks, 0);
        dl_ruleset_free(rs);
        rs = load_text("version: 1\nchecks:\ntables: []\n");
        assert_int_equal(rs->n_tables, 0);
        dl_ruleset_free(rs);
        /* A check listed with nothing under it keeps its defaults. */
        rs = load_text("version: 1\nchecks:\n  scan:\n");
        assert_int_equal(rs->n_checks, 1);
        assert_false(rs->checks[0].has_enabled);
        assert_false(rs->checks[0].has_severity);
        dl_ruleset_free(rs);
        /* A leading document marker and a flow-style file are fine. */
        rs = load_text("---\n{version: 1, tables: [{name: T, partition-key: {name: K, type: N}}]}\n");
        assert_int_equal(rs->tables[0].partition_key.type, DL_KEY_N);
        dl_ruleset_free(rs);
}

static void test_null_check_ids_skip_validation(void **state)
{
        const char text[] = "version: 1\nchecks:\n  future-check: {enabled: false}\n";
        struct dl_ruleset *rs = NULL;
        assert_int_equal(dl_ruleset_load_string("t.yaml", text, strlen(text), NULL, 0, &rs, NULL),
                         DL_OK);
        assert_string_equal(rs->checks[0].id, "future-check");
        dl_ruleset_free(rs);
        /* With the catalogue it is an error; err may be NULL. */
        rs = (struct dl_ruleset *)1;
        assert_int_equal(dl_ruleset_load_string("t.yaml", text, strlen(text), ids, 2, &rs, NULL),
                         DL_ERR_CONFIG);
        assert_null(rs);
}

static void test_syntax_error_is_a_parse_error(void **state)
{
        const char text[] = "version: 1\nchecks: [\n";
        struct dl_ruleset *rs = NULL;
        struct dl_error err;
        dl_error_init(&err);
        assert_int_equal(dl_ruleset_load_string("t.yaml", text, strlen(text), ids, 2, &rs, &err),
                         DL_ERR_PARSE);
        assert_null(rs);
        assert_string_equal(err.file, "t.yaml");
        assert_int_equal(err.line, 3);
        assert_non_null(strstr(err.message, "YAML syntax error"));
        dl_error_fini(&err);
}

static void test_missing_file_is_an_io_error(void **state)
{
        struct dl_ruleset *rs = NULL;
        struct dl_error err;
        dl_error_init(&err);
        assert_int_equal(dl_ruleset_load(FIXTURES "/no-such-file.yaml", ids, 2, &rs, &err),
                         DL_ERR_IO);
        assert_null(rs);
        assert_string_equal(err.file, FIXTURES "/no-such-file.yaml");
        assert_int_equal(err.line, 0);
        assert_non_null(strstr(err.message, "cannot open"));
        dl_error_fini(&err);
}

static void test_default_ruleset_is_empty(void **state)
{
        struct dl_ruleset *rs = dl_ruleset_new_default();
        assert_non_null(rs);
        assert_null(rs->path);
        assert_int_equal(rs->version, 1);
        assert_int_equal(rs->n_tables, 0);
        assert_int_equal(rs->n_checks, 0);
        assert_null(dl_schema_table_for(rs, NULL, 0));
        assert_null(dl_schema_check_config(rs, "scan"));
        dl_ruleset_free(rs);
        dl_ruleset_free(NULL);
}

static void write_file(const char *path, const char *text)
{
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs(text, f);
        fclose(f);
}

static void test_find_nearest_rules_file_upwards(void **state)
{
        char tmpl[] = "/tmp/dl-ruleset-find-XXXXXX";
        char *root = mkdtemp(tmpl);
        assert_non_null(root);
        char *a = dl_xasprintf("%s/a", root), *ab = dl_xasprintf("%s/a/b", root);
        char *top = dl_xasprintf("%s/.ddblint.yaml", root);
        char *mid = dl_xasprintf("%s/a/.ddblint.yaml", root);
        assert_int_equal(mkdir(a, 0700), 0);
        assert_int_equal(mkdir(ab, 0700), 0);
        write_file(top, "version: 1\n");

        char *found = NULL;
        assert_int_equal(dl_ruleset_find(ab, &found, NULL), DL_OK);
        assert_non_null(found);
        char *want = dl_xasprintf("%s/.ddblint.yaml", root);
        /* root came from mkdtemp under /tmp; realpath may differ if /tmp is a
         * symbolic link, so compare the file's identity instead. */
        struct stat s1, s2;
        assert_int_equal(stat(found, &s1), 0);
        assert_int_equal(stat(want, &s2), 0);
        assert_true(s1.st_ino == s2.st_ino && s1.st_dev == s2.st_dev);
        free(found);
        free(want);

        /* The nearest one wins. */
        write_file(mid, "version: 1\n");
        assert_int_equal(dl_ruleset_find(ab, &found, NULL), DL_OK);
        assert_non_null(strstr(found, "/a/.ddblint.yaml"));
        free(found);

        /* A relative start gives a relative result. */
        char cwd[4096];
        assert_non_null(getcwd(cwd, sizeof cwd));
        assert_int_equal(chdir(ab), 0);
        assert_int_equal(dl_ruleset_find(".", &found, NULL), DL_OK);
        assert_string_equal(found, "../.ddblint.yaml");
        free(found);
        assert_int_equal(dl_ruleset_find(NULL, &found, NULL), DL_OK);
        assert_string_equal(found, "../.ddblint.yaml");
        free(found);
        assert_int_equal(chdir(a), 0);
        assert_int_equal(dl_ruleset_find("b", &found, NULL), DL_OK);
        assert_string_equal(found, "b/../.ddblint.yaml");
        free(found);
        assert_int_equal(chdir(cwd), 0);

        /* A directory that does not exist is an I/O error. */
        struct dl_error err;
        dl_error_init(&err);
        char *nope = dl_xasprintf("%s/missing", root);
        found = (char *)1;
        assert_int_equal(dl_ruleset_find(nope, &found, &err), DL_ERR_IO);
        assert_null(found);
        dl_error_fini(&err);
        free(nope);

        unlink(mid);
        unlink(top);
        rmdir(ab);
        rmdir(a);
        rmdir(root);
        free(a);
        free(ab);
        free(top);
        free(mid);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_every_key_is_loaded),
                cmocka_unit_test(test_table_for_by_name_match_and_default),
                cmocka_unit_test(test_no_default_table_means_no_fallback),
                cmocka_unit_test(test_option_getters),
                cmocka_unit_test(test_structured_options_and_sparse),
                cmocka_unit_test(test_shared_fixture_files_load),
                cmocka_unit_test(test_example_rules_file_loads),
                cmocka_unit_test(test_example_project_rules_file_loads),
                cmocka_unit_test(test_minimal_and_empty_sections),
                cmocka_unit_test(test_null_check_ids_skip_validation),
                cmocka_unit_test(test_syntax_error_is_a_parse_error),
                cmocka_unit_test(test_missing_file_is_an_io_error),
                cmocka_unit_test(test_default_ruleset_is_empty),
                cmocka_unit_test(test_find_nearest_rules_file_upwards),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
