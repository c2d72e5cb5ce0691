/* test_fix.c - fixes as data (model/fix.h): DynamoDB's JSON spelling, and a
 * request's own spelling taking precedence.
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/strbuf.h"
#include "model/fix.h"

#include <string.h>

static void expect_json(const struct dl_fix *fix, const char *want)
{
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_fix_spell(&sb, NULL, fix);
        assert_string_equal(dl_strbuf_cstr(&sb), want);
        dl_strbuf_fini(&sb);
}

static void test_json_set_field(void **state)
{
        (void)state;
        struct dl_fix kce = {.kind = DL_FIX_SET_FIELD, .field = DL_FIELD_KEY_CONDITION_EXPRESSION,
                             .value = "PK = :pk"};
        expect_json(&kce, "\"KeyConditionExpression\": \"PK = :pk\"");
        struct dl_fix cr = {.kind = DL_FIX_SET_FIELD, .field = DL_FIELD_CONSISTENT_READ,
                            .value = "true"};
        expect_json(&cr, "\"ConsistentRead\": true");
        struct dl_fix limit = {.kind = DL_FIX_SET_FIELD, .field = DL_FIELD_LIMIT, .value = "25"};
        expect_json(&limit, "\"Limit\": 25");
}

static void test_json_add_entry(void **state)
{
        (void)state;
        struct dl_fix name = {.kind = DL_FIX_ADD_ENTRY, .map = DL_MAP_NAMES, .key = "#n",
                              .value = "<attribute name>"};
        expect_json(&name, "\"ExpressionAttributeNames\": {\"#n\": \"<attribute name>\"}");
        struct dl_fix value = {.kind = DL_FIX_ADD_ENTRY, .map = DL_MAP_VALUES, .key = ":v",
                               .type = DL_ATTR_BOOL};
        expect_json(&value, "\"ExpressionAttributeValues\": {\":v\": {\"BOOL\": ...}}");
}

static void spell_mine(struct dl_strbuf *sb, const struct dl_request *req, const struct dl_fix *fix)
{
        (void)req;
        dl_strbuf_printf(sb, "mine(%s)", dl_field_api_name(fix->field));
}

static void test_request_spelling_wins(void **state)
{
        (void)state;
        struct dl_request r;
        dl_request_init(&r, DL_OP_QUERY);
        struct dl_fix ix = {.kind = DL_FIX_SET_FIELD, .field = DL_FIELD_INDEX_NAME, .value = "GSI1"};
        struct dl_strbuf sb;
        dl_strbuf_init(&sb);
        dl_fix_spell(&sb, &r, &ix); /* no spelling of its own: JSON */
        assert_string_equal(dl_strbuf_cstr(&sb), "\"IndexName\": \"GSI1\"");
        dl_strbuf_reset(&sb);
        r.spell_fix = spell_mine;
        dl_fix_spell(&sb, &r, &ix);
        assert_string_equal(dl_strbuf_cstr(&sb), "mine(IndexName)");
        dl_strbuf_fini(&sb);
}

static void test_attr_types_are_dynamodb_spellings(void **state)
{
        (void)state;
        enum dl_attr_type t;
        assert_true(dl_attr_type_from_name("BOOL", 4, &t));
        assert_int_equal(t, DL_ATTR_BOOL);
        assert_string_equal(dl_attr_type_name(DL_ATTR_NULL), "NULL");
        assert_false(dl_attr_type_from_name("Bool", 4, &t)); /* an SDK's spelling */
        assert_null(dl_attr_type_name(DL_ATTR_UNKNOWN));
        assert_true(dl_field_enum_value(DL_FIELD_SELECT, "COUNT", 5));
        assert_false(dl_field_enum_value(DL_FIELD_SELECT, "NOT_SET", 7));
        assert_false(dl_field_enum_value(DL_FIELD_TABLE_NAME, "COUNT", 5));
}

int main(void)
{
        const struct CMUnitTest tests[] = {
                cmocka_unit_test(test_json_set_field),
                cmocka_unit_test(test_json_add_entry),
                cmocka_unit_test(test_request_spelling_wins),
                cmocka_unit_test(test_attr_types_are_dynamodb_spellings),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
