/* test_messages.c - what a finding claims of its table, index and client
 * is what the request says (issue 28, "messages say what ddblint knows, and
 * only that"): one row per kind of claim, through every check that names
 * the table (dl_table_label) and the suffix of dl_report. Each row asserts
 * its claim and the absence of every other one, so a message that said a
 * table was unresolved when it was named, or "client inferred" for a typed
 * call, fails its row.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "builder.h"
#include "checks/check.h"
#include "model/response.h"

enum table_state { T_KNOWN, T_RUN_TIME, T_ESCAPED, T_ABSENT };
enum index_state { I_NONE, I_KNOWN, I_RUN_TIME, I_ESCAPED };

static const char *const table_claims[] = {
        "table 'Orders'",
        "a table named at run time",
        "a table ddblint could not resolve",
        "a table ddblint could not resolve",
};
static const char *const every_table_claim[] = {"table 'Orders'", "a table named at run time",
                                                "a table ddblint could not resolve"};

static const char *const index_claims[] = {NULL, " index 'GSI1'", " (an index named at run time)",
                                           NULL};
static const char *const every_index_claim[] = {" index '", "an index named at run time"};

static const char *const inferred_claim = " (client inferred from source tokens)";

struct row {
        enum table_state table;
        enum index_state index;
        bool inferred;
};

/* A Scan/Query of the row's table, index and client (a Query with no key
 * condition, whose response's items are read on one page only). */
static struct dl_request *request_of(struct dl_tb *tb, enum dl_op op, const struct row *row)
{
        struct dl_request *r = dl_tb_followed(tb, op, DL_READ_ITEMS);
        if (row->table == T_ESCAPED || row->index == I_ESCAPED)
                dl_request_mark_escaped(r);
        if (row->table == T_KNOWN)
                dl_tb_set(tb, r, DL_FIELD_TABLE_NAME, "Orders");
        else if (row->table == T_RUN_TIME)
                dl_tb_set_dynamic(r, DL_FIELD_TABLE_NAME);
        if (row->index == I_KNOWN)
                dl_tb_set(tb, r, DL_FIELD_INDEX_NAME, "GSI1");
        else if (row->index == I_RUN_TIME)
                dl_tb_set_dynamic(r, DL_FIELD_INDEX_NAME);
        r->inferred = row->inferred;
        return r;
}

/* The one finding's message says the row's claims and no other. */
static void assert_claims(const char *check, const char *msg, const struct row *row)
{
        char where[1024];
        snprintf(where, sizeof where, "%s: %s", check, msg);
        const char *want = table_claims[row->table];
        for (size_t i = 0; i < sizeof every_table_claim / sizeof every_table_claim[0]; i++) {
                bool has = strstr(msg, every_table_claim[i]) != NULL;
                if (has != !strcmp(want, every_table_claim[i]))
                        fail_msg("table claim '%s' %s in %s", every_table_claim[i],
                                 has ? "wrongly present" : "missing", where);
        }
        const char *ix = index_claims[row->index];
        for (size_t i = 0; i < sizeof every_index_claim / sizeof every_index_claim[0]; i++) {
                bool has = strstr(msg, every_index_claim[i]) != NULL;
                bool should = ix && strstr(ix, every_index_claim[i]);
                if (has != should)
                        fail_msg("index claim '%s' %s in %s", every_index_claim[i],
                                 has ? "wrongly present" : "missing", where);
        }
        if (ix && !strstr(msg, ix))
                fail_msg("index claim '%s' missing in %s", ix, where);
        size_t n = strlen(msg), k = strlen(inferred_claim);
        bool ends_inferred = n >= k && !strcmp(msg + n - k, inferred_claim);
        if (ends_inferred != row->inferred || (strstr(msg, "inferred") != NULL) != row->inferred)
                fail_msg("client claim wrong (inferred=%d) in %s", row->inferred, where);
}

static void run_row(const struct row *row)
{
        static const struct {
                const char *check;
                enum dl_op op;
                bool when_escaped; /* the check reports an escaped request */
        } checks[] = {
                {"scan", DL_OP_SCAN, true},
                {"query-missing-key-condition", DL_OP_QUERY, false},
                {"pagination-ignored", DL_OP_QUERY, false},
                {"pagination-ignored", DL_OP_SCAN, false},
        };
        for (size_t c = 0; c < sizeof checks / sizeof checks[0]; c++) {
                bool escaped = row->table == T_ESCAPED || row->index == I_ESCAPED;
                if (escaped && !checks[c].when_escaped)
                        continue;
                struct dl_tb tb;
                dl_tb_init(&tb);
                struct dl_request *r = request_of(&tb, checks[c].op, row);
                size_t got = dl_tb_run(&tb, dl_catalogue_find(checks[c].check), r);
                if (got != 1)
                        fail_msg("%s on row (%d, %d, %d): %zu findings", checks[c].check,
                                 row->table, row->index, row->inferred, got);
                assert_claims(checks[c].check, tb.findings[0]->message, row);
                dl_tb_fini(&tb);
        }
}

static void test_every_claim_is_what_the_request_says(void **state)
{
        (void)state;
        for (int t = T_KNOWN; t <= T_ABSENT; t++) {
                for (int i = I_NONE; i <= I_ESCAPED; i++) {
                        for (int inf = 0; inf <= 1; inf++) {
                                struct row row = {(enum table_state)t, (enum index_state)i,
                                                  inf != 0};
                                run_row(&row);
                        }
                }
        }
}

/* The row the issue saw: a table named as a literal, sent through a typed
 * client, says neither "could not resolve" nor "inferred". */
static void test_named_table_and_typed_client_say_so(void **state)
{
        (void)state;
        struct dl_tb tb;
        dl_tb_init(&tb);
        struct row row = {T_KNOWN, I_NONE, false};
        struct dl_request *r = request_of(&tb, DL_OP_SCAN, &row);
        dl_request_mark_escaped(r); /* a handle whose constructor was recovered */
        dl_tb_set(&tb, r, DL_FIELD_TABLE_NAME, "Orders");
        assert_int_equal(dl_tb_run(&tb, dl_catalogue_find("scan"), r), 1);
        assert_claims("scan", tb.findings[0]->message, &row);
        dl_tb_fini(&tb);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_every_claim_is_what_the_request_says),
                cmocka_unit_test(test_named_table_and_typed_client_say_so),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
