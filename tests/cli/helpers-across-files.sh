#!/bin/sh
# helpers-across-files.sh DDBLINT - a key-building helper defined in one
# file is known at its calls in the others (docs/architecture.md, "Function
# summaries"): the first pass (cli/infer_pass.c) reads keys.cpp's UserPk
# (`"USER#" + id`), ConfigPk (`"CONFIG"`) and S (`AttributeValue().SetS(s)`),
# so the requests of users.cpp and admin.cpp have keys USER#<?> and CONFIG,
# the policy carries dynamodb:LeadingKeys, and key-schema-mismatch the type S gives. The output is the same under -j 1 and -j 2, from the result
# cache, and with --shard 1..3/3 put together; an edit of the helper's file
# changes its callers' results in a warm run (the helpers are in the result
# cache's key).
. "$(dirname "$0")/lib.inc"
mkdir -p p/src && cd p || exit 2
cat >.ddblint.yaml <<'EOT'
version: 1
tables:
  - name: Shop
    partition-key: {name: PK, type: S}
    sort-key: {name: SK, type: S}
  - name: Counters
    partition-key: {name: Id, type: N}
EOT
cat >src/keys.h <<'EOT'
#include <aws/dynamodb/DynamoDBClient.h>
#include <string>
Aws::String UserPk(const Aws::String &id);
Aws::String ConfigPk();
Aws::DynamoDB::Model::AttributeValue S(const Aws::String &s);
EOT
cat >src/keys.cpp <<'EOT'
#include "keys.h"
Aws::String UserPk(const Aws::String &id) { return "USER#" + id; }
Aws::String ConfigPk() { return "CONFIG"; }
Aws::DynamoDB::Model::AttributeValue S(const Aws::String &s)
{
    return Aws::DynamoDB::Model::AttributeValue().SetS(s);
}
static Aws::String Hidden(const Aws::String &id) { return "HIDDEN#" + id; }
Aws::String Unused() { return Hidden("x"); }
EOT
cat >src/users.cpp <<'EOT'
#include "keys.h"
using namespace Aws::DynamoDB::Model;
void get_user(Aws::DynamoDB::DynamoDBClient &c, const Aws::String &id)
{
    GetItemRequest r;
    r.SetTableName("Shop");
    r.AddKey("PK", S(UserPk(id)));
    r.AddKey("SK", S("PROFILE"));
    c.GetItem(r);
}
void orders(Aws::DynamoDB::DynamoDBClient &c, const Aws::String &id)
{
    QueryRequest q;
    q.SetTableName("Shop");
    q.SetKeyConditionExpression("PK = :pk AND begins_with(SK, :o)");
    q.AddExpressionAttributeValues(":pk", S(UserPk(id)));
    q.AddExpressionAttributeValues(":o", S("ORDER#"));
    c.Query(q);
}
EOT
cat >src/admin.cpp <<'EOT'
#include "keys.h"
using namespace Aws::DynamoDB::Model;
void put_config(Aws::DynamoDB::DynamoDBClient &c, const Aws::String &v)
{
    PutItemRequest p;
    p.SetTableName("Shop");
    p.AddItem("PK", S(ConfigPk()));
    p.AddItem("SK", S(v));
    c.PutItem(p);
}
void get_counter(Aws::DynamoDB::DynamoDBClient &c, const Aws::String &id)
{
    GetItemRequest g;
    g.SetTableName("Counters");
    g.AddKey("Id", S(id));
    c.GetItem(g);
}
EOT
cat >src/other.cpp <<'EOT'
#include "keys.h"
using namespace Aws::DynamoDB::Model;
void touch(Aws::DynamoDB::DynamoDBClient &c, const Aws::String &id)
{
    DeleteItemRequest d;
    d.SetTableName("Shop");
    d.AddKey("PK", S(UserPk(id)));
    d.AddKey("SK", S("PROFILE"));
    c.DeleteItem(d);
}
EOT
C="$T/cache"
expect_rc 0 "$DDBLINT" iam-policy --no-cache --verbose .
has "$T/err" "src/keys.cpp:2:13: note: helper UserPk returns USER#<\$1>: known at its calls in other files"
has "$T/err" "helper S returns an AttributeValue of type S: its argument 1"
lacks "$T/err" "Hidden"
expect_rc 0 "$DDBLINT" iam-policy --cache-dir "$C" -j 1 .
cp "$T/out" "$T/j1.json"
has "$T/j1.json" '"dynamodb:LeadingKeys": ['
has "$T/j1.json" '"USER#*"'
has "$T/j1.json" '"CONFIG"'
expect_rc 0 "$DDBLINT" iam-policy --no-cache -j 2 .
if cmp -s "$T/out" "$T/j1.json"; then ok "-j 2 = -j 1"; else fail "-j 2 differs"; diff "$T/j1.json" "$T/out"; fi
expect_rc 0 "$DDBLINT" iam-policy --cache-dir "$C" --cache-stats -j 2 .
if cmp -s "$T/out" "$T/j1.json"; then ok "warm = cold"; else fail "warm differs"; diff "$T/j1.json" "$T/out"; fi
has "$T/err" "from the result cache"
lacks "$T/err" " 0 of "
# the inventory, whole and by shards put together
expect_rc 0 "$DDBLINT" access-patterns --no-cache --format csv .
sed 1d "$T/out" | sort >"$T/whole.csv"
has "$T/whole.csv" 'GetItem,Shop,,PK = USER#<?>,SK = PROFILE'
has "$T/whole.csv" 'PutItem,Shop,,PK = CONFIG'
: >"$T/shards.csv"
for k in 1 2 3; do
  expect_rc 0 "$DDBLINT" access-patterns --no-cache --format csv --shard $k/3 .
  sed 1d "$T/out" >>"$T/shards.csv"
done
sort -o "$T/shards.csv" "$T/shards.csv"
if cmp -s "$T/shards.csv" "$T/whole.csv"; then ok "--shard 1..3/3 = whole"; else fail "shards differ"; diff "$T/whole.csv" "$T/shards.csv"; fi
# a lint finding made of a helper's value, in SARIF under each shape
for shape in "-j 1" "-j 2" "--shard 1/3" "--shard 2/3" "--shard 3/3"; do
  # shellcheck disable=SC2086
  "$DDBLINT" --no-cache $shape --format sarif -o "$T/s.sarif" . 2>/dev/null
  python3 - "$T/s.sarif" >>"$T/finds.$(echo "$shape" | tr -d ' -/')" <<'EOT'
import json, sys
for r in json.load(open(sys.argv[1]))["runs"][0]["results"]:
    l = r["locations"][0]["physicalLocation"]
    print(r["ruleId"], l["artifactLocation"]["uri"], l["region"]["startLine"], r["message"]["text"])
EOT
done
cat "$T/finds.shard13" "$T/finds.shard23" "$T/finds.shard33" | sort >"$T/finds.shards"
sort "$T/finds.j1" >"$T/finds.j1s"
has "$T/finds.j1s" "key-schema-mismatch src/admin.cpp 15 The provided key element does not match the schema; the GetItem Key gives partition key 'Id' of table 'Counters' a value of type S"
if cmp -s "$T/finds.j1s" "$T/finds.shards" && cmp -s "$T/finds.j1" "$T/finds.j2"; then
  ok "findings the same under -j 1, -j 2 and --shard"
else
  fail "findings differ"; diff "$T/finds.j1s" "$T/finds.shards"; diff "$T/finds.j1" "$T/finds.j2"
fi
# an edit of the helper's file reaches its callers through a warm cache
sed -i 's/"USER#"/"CUSTOMER#"/' src/keys.cpp
expect_rc 0 "$DDBLINT" iam-policy --cache-dir "$C" --cache-stats -j 2 .
has "$T/out" '"CUSTOMER#*"'
lacks "$T/out" '"USER#*"'
finish
