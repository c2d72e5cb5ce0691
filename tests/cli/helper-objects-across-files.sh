#!/bin/sh
# helper-objects-across-files.sh DDBLINT - a helper defined in one file that
# returns a whole map of AttributeValues (`Key UserKey(id)`) or a whole
# request (`QueryRequest ByStatus(id)`) is known at its calls in the other
# files (docs/architecture.md, "Function summaries"): the first pass writes
# what it returns as JSON text (model/helper.h) and the caller reads it back,
# so key-schema-mismatch, the access patterns (PK = USER#<?>), the policy's
# dynamodb:LeadingKeys and the expression checks see them. A helper whose
# returns differ is not exported (--verbose says why), and a caller's map or
# request from it stays unknown: no finding. The same under -j 1 and -j 2
# and from the result cache.
. "$(dirname "$0")/lib.inc"
mkdir -p p/src && cd p || exit 2
cat >.ddblint.yaml <<'EOT'
version: 1
tables:
  - name: Users
    partition-key: {name: PK, type: S}
    sort-key: {name: SK, type: S}
EOT
cat >src/keys.hpp <<'EOT'
#pragma once
#include <aws/dynamodb/DynamoDBClient.h>
#include <aws/dynamodb/model/QueryRequest.h>
#include <aws/dynamodb/model/GetItemRequest.h>
using Aws::DynamoDB::Model::AttributeValue;
using Key = Aws::Map<Aws::String, AttributeValue>;
AttributeValue Str(const Aws::String &s);
Key UserKey(const Aws::String &id);
Key PartKey(const Aws::String &id);
Key OrderKey(const Aws::String &id);
Aws::DynamoDB::Model::QueryRequest ByUser(const Aws::String &id);
Aws::DynamoDB::Model::QueryRequest ByStatus(const Aws::String &id);
EOT
cat >src/keys.cpp <<'EOT'
#include "keys.hpp"
#include <cstdlib>
using namespace Aws::DynamoDB::Model;
AttributeValue Str(const Aws::String &s) { AttributeValue v; v.SetS(s); return v; }
Key UserKey(const Aws::String &id)
{
        Key k;
        k["PK"] = Str("USER#" + id);
        k["SK"] = Str("METADATA");
        return k;
}
Key PartKey(const Aws::String &id)
{
        Key k;
        k["PK"] = Str("USER#" + id);
        return k;
}
Key OrderKey(const Aws::String &id)
{
        Key k;
        k["PK"] = Str("ORDER#" + id);
        if (std::getenv("LEGACY"))
                return k;
        Key j;
        j["ID"] = Str(id);
        return j;
}
QueryRequest ByUser(const Aws::String &id)
{
        QueryRequest q;
        q.SetTableName("Users");
        q.SetKeyConditionExpression("PK = :pk");
        q.AddExpressionAttributeValues(":pk", Str("USER#" + id));
        return q;
}
QueryRequest ByStatus(const Aws::String &id)
{
        QueryRequest q;
        q.SetTableName("Users");
        q.SetKeyConditionExpression("PK = :pk");
        q.SetFilterExpression("Status = :s");
        q.AddExpressionAttributeValues(":pk", Str("USER#" + id));
        return q;
}
EOT
cat >src/users.cpp <<'EOT'
#include "keys.hpp"
using namespace Aws::DynamoDB;
using namespace Aws::DynamoDB::Model;
void get_user(DynamoDBClient &c, const Aws::String &id)
{
        GetItemRequest r;
        r.SetTableName("Users");
        r.SetKey(UserKey(id));
        auto o = c.GetItem(r);
        if (!o.IsSuccess())
                return;
}
void get_part(DynamoDBClient &c, const Aws::String &id)
{
        GetItemRequest r;
        r.SetTableName("Users");
        r.SetKey(PartKey(id));
        auto o = c.GetItem(r);
        if (!o.IsSuccess())
                return;
}
void get_order(DynamoDBClient &c, const Aws::String &id)
{
        GetItemRequest r;
        r.SetTableName("Users");
        r.SetKey(OrderKey(id));
        auto o = c.GetItem(r);
        if (!o.IsSuccess())
                return;
}
void by_user(DynamoDBClient &c, const Aws::String &id)
{
        auto o = c.Query(ByUser(id));
        if (!o.IsSuccess() || !o.GetResult().GetLastEvaluatedKey().empty())
                return;
}
void by_status(DynamoDBClient &c, const Aws::String &id)
{
        auto o = c.Query(ByStatus(id));
        if (!o.IsSuccess() || !o.GetResult().GetLastEvaluatedKey().empty())
                return;
}
void by_status_named(DynamoDBClient &c, const Aws::String &id)
{
        QueryRequest q = ByStatus(id);
        q.AddExpressionAttributeValues(":s", Str("ACTIVE"));
        auto o = c.Query(q);
        if (!o.IsSuccess() || !o.GetResult().GetLastEvaluatedKey().empty())
                return;
}
EOT
C="$T/cache"
expect_rc 1 "$DDBLINT" --no-cache --verbose -j 1 .
cp "$T/out" "$T/j1.txt"
has "$T/err" "note: helper UserKey returns the map {\"PK\":{\"S\":\"USER#<?>\"},\"SK\":{\"S\":\"METADATA\"}}: known at its calls in other files"
has "$T/err" "note: helper ByStatus returns the request {"
has "$T/err" "src/users.cpp:26:18: note: the map 'OrderKey' returns is not known here: it is defined in no file the first pass could follow it in"
has "$T/out" "src/users.cpp:18:18: error: The provided key element does not match the schema; the GetItem Key of table 'Users' lacks its sort key 'SK'"
has "$T/out" "src/users.cpp:39:26: error: Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: Status"
has "$T/out" "src/users.cpp:39:26: error: Invalid FilterExpression: An expression attribute value used in expression is not defined; attribute value: :s"
lacks "$T/out" "users.cpp:9:"
lacks "$T/out" "users.cpp:27:"
lacks "$T/out" "users.cpp:33:"
# the caller adds :s to the helper's request: only the reserved word stays
has "$T/out" "src/users.cpp:45:26: error: Invalid FilterExpression: Attribute name is a reserved keyword"
grep -c "undefined-placeholder" "$T/out" >"$T/n"
has "$T/n" "1"
expect_rc 1 "$DDBLINT" --no-cache -j 2 .
if cmp -s "$T/out" "$T/j1.txt"; then ok "-j 2 = -j 1"; else fail "-j 2 differs"; diff "$T/j1.txt" "$T/out"; fi
expect_rc 1 "$DDBLINT" --cache-dir "$C" -j 2 .
expect_rc 1 "$DDBLINT" --cache-dir "$C" --cache-stats -j 2 .
if cmp -s "$T/out" "$T/j1.txt"; then ok "warm = cold"; else fail "warm differs"; diff "$T/j1.txt" "$T/out"; fi
expect_rc 0 "$DDBLINT" access-patterns --no-cache --format csv .
has "$T/out" 'GetItem,Users,,PK = USER#<?>,SK = METADATA'
has "$T/out" 'Query,Users,,PK = USER#<?>'
expect_rc 0 "$DDBLINT" iam-policy --no-cache .
has "$T/out" '"dynamodb:LeadingKeys": ['
has "$T/out" '"USER#*"'
finish
