#!/bin/sh
# iam-policy.sh - the access-patterns and iam-policy subcommands as a user
# meets them: on the example projects the policy holds exactly the actions,
# tables and indexes their code uses (derived by hand from the code, below),
# denies Scan where the code never scans, and says on stderr which call
# widened a statement; on a project whose keys are known it carries
# dynamodb:LeadingKeys; every policy follows the IAM policy grammar; a warm
# run (result cache) and -j 1 give what a cold -j 2 run gives; the
# inventory of each example is the access-pattern table of its README; the
# rules file's access-patterns: are compared with the code's (the inventory,
# and the check undeclared-access-pattern, off by default).
. "$(dirname "$0")/lib.inc"
GRAMMAR="$T/grammar.py"
cat >"$GRAMMAR" <<'EOT'
# The IAM policy grammar (IAM User Guide, "Grammar of the IAM JSON policy
# language") for what iam-policy writes: Version, Statement[] of Sid
# (letters and digits, unique), Effect, Action (dynamodb:Name), Resource
# (DynamoDB table or index ARNs, or "*"), Condition (operator -> key ->
# values) with the operators and keys iam-policy uses.
import json, re, sys
d = json.load(open(sys.argv[1]))
assert set(d) == {"Version", "Statement"}, d.keys()
assert d["Version"] == "2012-10-17"
arn = re.compile(r"^arn:aws:dynamodb:(\*|[a-z0-9-]+):(\*|[0-9]{12}):table/[A-Za-z0-9_.*-]+(/index/[A-Za-z0-9_.*-]+)?$")
sids = set()
for s in d["Statement"]:
    assert set(s) <= {"Sid", "Effect", "Action", "Resource", "Condition"}, s
    assert re.fullmatch(r"[A-Za-z0-9]+", s["Sid"]) and s["Sid"] not in sids, s["Sid"]
    sids.add(s["Sid"])
    assert s["Effect"] in ("Allow", "Deny")
    assert s["Action"] and all(re.fullmatch(r"dynamodb:[A-Za-z]+", a) for a in s["Action"])
    assert s["Action"] == sorted(set(s["Action"]))
    for r in s["Resource"]:
        assert r == "*" or arn.match(r), r
    for op, keys in s.get("Condition", {}).items():
        assert op in ("ForAllValues:StringLike", "Bool"), op
        for k, v in keys.items():
            assert (op, k) in (("ForAllValues:StringLike", "dynamodb:LeadingKeys"),
                               ("Bool", "dynamodb:FullTableScan")), (op, k)
            assert isinstance(v, (str, list))
print("grammar ok")
EOT
# summary: one line per statement, "Effect Resource... : Action... | Condition"
summary() {
  python3 - "$1" <<'EOT'
import json, sys
for s in json.load(open(sys.argv[1]))["Statement"]:
    res = " ".join(r.replace("arn:aws:dynamodb:*:*:", "") for r in s["Resource"])
    acts = " ".join(a.replace("dynamodb:", "") for a in s["Action"])
    print(s["Effect"], res, ":", acts, "|", json.dumps(s.get("Condition"), sort_keys=True))
EOT
}
grammar() { if python3 "$GRAMMAR" "$1" >"$T/g" 2>&1; then ok "$1 follows the grammar"; else fail "$1 breaks the grammar"; sed 's/^/  | /' "$T/g"; fi; }
same() { if cmp -s "$1" "$2"; then ok "$1 = $2"; else fail "$1 != $2"; diff "$1" "$2" | head -20; fi; }

# -- examples/ecommerce (C++). By hand, from its code: Ecommerce is read by
# Query (users.cpp) and Scan (reporting.cpp), written by PutItem
# (activity.cpp, orders.cpp), UpdateItem (activity.cpp, orders.cpp),
# DeleteItem and BatchWriteItem (users.cpp's purges) and a
# TransactWriteItems of a ConditionCheck and Puts (orders.cpp:68); GSI1 is
# queried (orders.cpp). The transaction's item Puts are added in a loop:
# listed all the same (each names kTableName), so no table/* for them; so
# are the deletes of DeleteOrdersAtOnce's BatchWriteItem. WriteBatch's
# write requests come from its caller (users.cpp:167) but
# AddRequestItems(kTableName, writes) names the table: BatchWriteItem on
# Ecommerce, keys unknown; GetBatch's keys likewise (users.cpp:254,
# BatchGetItem), whose member is a KeysAndAttributes, never a PartiQL
# statement; both resend only what DynamoDB left unprocessed of the same
# request (no other table). The table is scanned, its indexes never. Its
# keys are built by keys.cpp's helpers (keys::UserPk "USER#" + id, S()
# passing its argument through), which the first pass reads: every call of
# ConditionCheckItem, DeleteItem, PutItem, Query and UpdateItem has a known
# prefix (USER#, ACTIVITY#, PRODUCT#flash-sale[#n]), so those get a
# statement with dynamodb:LeadingKeys; BatchGetItem, BatchWriteItem (keys
# from the callers) and Scan one without. GSI1's late-orders Query has no
# key condition: no LeadingKeys there.
cp -R "$SRC/examples/ecommerce" cpp
cd cpp
expect_rc 0 "$DDBLINT" iam-policy --cache-dir "$T/cache" -j 2 .
cp "$T/out" "$T/cpp.json"; cp "$T/err" "$T/cpp.err"
grammar "$T/cpp.json"
summary "$T/cpp.json" >"$T/cpp.sum"
cat >"$T/cpp.want" <<'EOT'
Allow table/Ecommerce : ConditionCheckItem DeleteItem PutItem Query UpdateItem | {"ForAllValues:StringLike": {"dynamodb:LeadingKeys": ["ACTIVITY#*", "USER#*", "PRODUCT#flash-sale", "PRODUCT#flash-sale#*"]}}
Allow table/Ecommerce : BatchGetItem BatchWriteItem Scan | null
Allow table/Ecommerce/index/GSI1 : Query | null
Deny table/Ecommerce/index/* : Scan | null
Deny table/Ecommerce table/Ecommerce/index/* : PartiQLSelect | {"Bool": {"dynamodb:FullTableScan": "true"}}
EOT
same "$T/cpp.sum" "$T/cpp.want"
has "$T/cpp.json" '"Sid": "AllowEcommerceAllItems"'
lacks "$T/cpp.err" "<unlisted>"
lacks "$T/cpp.err" "orders.cpp:68:20: TransactWriteItems Put"
# no LeadingKeys is never silent: each statement without them names the
# first call that made it so, and why (issue 27)
has "$T/cpp.err" "ddblint: warning: src/reporting.cpp:25:24: Scan: a Scan names no partition key, so statement AllowEcommerceAllItems allows every item collection of table/Ecommerce (no dynamodb:LeadingKeys condition; 3 of its calls have no known key prefix)"
has "$T/cpp.err" "statement AllowEcommerceIndexGSI1 allows every item collection"
lacks "$T/cpp.err" "statement AllowEcommerce allows"
lacks "$T/cpp.err" "BatchGetItem KeysAndAttributes: its PartiQL statement"
lacks "$T/cpp.err" "so it is allowed on every table (table/*)"
# warm (every file from the result cache) and -j 1: the same policy
expect_rc 0 "$DDBLINT" iam-policy --cache-dir "$T/cache" --cache-stats -j 1 .
same "$T/out" "$T/cpp.json"
has "$T/err" "from the result cache"
lacks "$T/err" " 0 of "
# a lint run's cache answers the subcommand too (the records are kept)
rm -rf "$T/cache2"
"$DDBLINT" --cache-dir "$T/cache2" -q . >/dev/null 2>&1
expect_rc 0 "$DDBLINT" access-patterns --cache-dir "$T/cache2" --cache-stats .
has "$T/err" "7 of 7 files from the result cache"
cp "$T/out" "$T/cpp.md"
# a key the inventory does not know says why
has "$T/cpp.md" "| (unknown: the Query sets no key condition) |"
expect_rc 0 "$DDBLINT" access-patterns --no-cache .
same "$T/out" "$T/cpp.md"
# the README's access-pattern table is the inventory
sed -n '/^<!-- access-patterns -->$/,/^<!-- \/access-patterns -->$/p' README.md | sed '1d;$d' >"$T/readme.md"
same "$T/readme.md" "$T/cpp.md"
# --explain: the calls behind each action
expect_rc 0 "$DDBLINT" iam-policy --no-cache --explain .
has "$T/err" "AllowEcommerceIndexGSI1 (table/Ecommerce/index/GSI1):"
has "$T/err" "    src/reporting.cpp:25:24"
# other formats
expect_rc 0 "$DDBLINT" iam-policy --no-cache --format cloudformation .
has "$T/out" '"Fn::Sub": "arn:${AWS::Partition}:dynamodb:${AWS::Region}:${AWS::AccountId}:table/Ecommerce"'
has "$T/out" '"Type": "AWS::IAM::ManagedPolicy"'
expect_rc 0 "$DDBLINT" iam-policy --no-cache --format terraform .
has "$T/out" 'data "aws_caller_identity" "current" {}'
has "$T/out" '"arn:${data.aws_partition.current.partition}:dynamodb:${data.aws_region.current.name}:${data.aws_caller_identity.current.account_id}:table/Ecommerce"'
expect_rc 0 "$DDBLINT" iam-policy --no-cache --region eu-west-1 --account 123456789012 .
has "$T/out" '"arn:aws:dynamodb:eu-west-1:123456789012:table/Ecommerce"'
grammar "$T/out"
expect_rc 2 "$DDBLINT" iam-policy --format yaml .
has "$T/err" "unknown format 'yaml' for iam-policy; expected json, terraform or cloudformation"
expect_rc 2 "$DDBLINT" iam-policy --account 12 .
has "$T/err" "bad value '12' for --account"
expect_rc 0 "$DDBLINT" access-patterns --no-cache --format csv .
has "$T/out" "operation,table,index,partition key,sort key,filter,projection,consistent read,call sites"
expect_rc 0 "$DDBLINT" access-patterns --no-cache --format json .
has "$T/out" '"partition_key": "PK = PRODUCT#flash-sale#<shard:8>"'
cd "$T"

# -- examples/ecommerce-c (C over libcurl and aws_dynamo-style structs). By
# hand: Ecommerce is queried (users.c, reporting.c) and updated (orders.c);
# GSI1 and GSI2 are queried; the revenue report Scans through a request
# struct whose IndexName ddblint cannot see (reporting.c:35): the table and
# every index; the order transaction's body takes its members from a string
# built elsewhere (orders.c:75): table/*, the four member actions. users.c
# deletes orders one DeleteItem at a time and through aws4dd batches
# (users.c:173, 218, 247) whose members aws4dd_batch_write_value adds with
# TABLE_NAME: BatchWriteItem on Ecommerce. Scanned on the table and (maybe)
# its indexes: no Deny of Scan.
cp -R "$SRC/examples/ecommerce-c" c
cd c
expect_rc 0 "$DDBLINT" iam-policy --no-cache .
cp "$T/out" "$T/c.json"
grammar "$T/c.json"
summary "$T/c.json" >"$T/c.sum"
cat >"$T/c.want" <<'EOT'
Allow table/* : ConditionCheckItem DeleteItem PutItem UpdateItem | null
Allow table/Ecommerce : BatchWriteItem DeleteItem Query Scan UpdateItem | null
Allow table/Ecommerce/index/* : Scan | null
Allow table/Ecommerce/index/GSI1 : Query | null
Allow table/Ecommerce/index/GSI2 : Query | null
Deny table/Ecommerce table/Ecommerce/index/* : PartiQLSelect | {"Bool": {"dynamodb:FullTableScan": "true"}}
EOT
same "$T/c.sum" "$T/c.want"
has "$T/err" "src/reporting.c:35:31: Scan: its index is not known"
lacks "$T/err" "src/users.c:218:9: BatchWriteItem <unlisted>"
expect_rc 0 "$DDBLINT" access-patterns --no-cache .
sed -n '/^<!-- access-patterns -->$/,/^<!-- \/access-patterns -->$/p' README.md | sed '1d;$d' >"$T/readme-c.md"
same "$T/readme-c.md" "$T/out"
cd "$T"

# -- keys with known prefixes: LeadingKeys; a Scan of one table only
mkdir lk && cd lk
cat >.ddblint.yaml <<'EOT'
version: 1
tables:
  - name: Users
    partition-key: {name: PK, type: S}
    sort-key: {name: SK, type: S}
  - name: Audit
    partition-key: {name: Day, type: S}
EOT
cat >app.cpp <<'EOT'
#include <aws/dynamodb/DynamoDBClient.h>
#include <string>

using namespace Aws::DynamoDB::Model;

void get_user(Aws::DynamoDB::DynamoDBClient &client, const std::string &id)
{
        GetItemRequest req;
        req.SetTableName("Users");
        req.AddKey("PK", AttributeValue("USER#" + id));
        req.AddKey("SK", AttributeValue("PROFILE"));
        client.GetItem(req);
}

void orders(Aws::DynamoDB::DynamoDBClient &client, const std::string &id)
{
        QueryRequest q;
        q.SetTableName("Users");
        q.SetKeyConditionExpression("PK = :pk AND begins_with(SK, :o)");
        q.AddExpressionAttributeValues(":pk", AttributeValue("USER#" + id));
        q.AddExpressionAttributeValues(":o", AttributeValue("ORDER#"));
        client.Query(q);
}

void put_config(Aws::DynamoDB::DynamoDBClient &client)
{
        PutItemRequest p;
        p.SetTableName("Users");
        p.AddItem("PK", AttributeValue("CONFIG"));
        p.AddItem("SK", AttributeValue("v1"));
        client.PutItem(p);
}

void audit_all(Aws::DynamoDB::DynamoDBClient &client)
{
        ScanRequest s;
        s.SetTableName("Audit");
        client.Scan(s);
}
EOT
expect_rc 0 "$DDBLINT" iam-policy --no-cache .
cp "$T/out" "$T/lk.json"
grammar "$T/lk.json"
summary "$T/lk.json" >"$T/lk.sum"
cat >"$T/lk.want" <<'EOT'
Allow table/Audit : Scan | null
Allow table/Users : GetItem PutItem Query | {"ForAllValues:StringLike": {"dynamodb:LeadingKeys": ["USER#*", "CONFIG"]}}
Deny table/Audit/index/* table/Users table/Users/index/* : Scan | null
Deny table/Audit table/Audit/index/* table/Users table/Users/index/* : PartiQLSelect | {"Bool": {"dynamodb:FullTableScan": "true"}}
EOT
same "$T/lk.sum" "$T/lk.want"
# Users carries LeadingKeys: no warning; Audit is only scanned: it says why
lacks "$T/err" "statement AllowUsers"
has "$T/err" "ddblint: warning: app.cpp:38:9: Scan: a Scan names no partition key, so statement AllowAudit allows every item collection of table/Audit (no dynamodb:LeadingKeys condition; 1 of its calls has no known key prefix)"
expect_rc 0 "$DDBLINT" access-patterns --no-cache .
has "$T/out" '| Query | Users |  | `PK = USER#<?>` | `SK begins_with ORDER#` |'
has "$T/out" '| Scan | Audit |'
lacks "$T/out" "declared pattern"

# -- declared access patterns: the inventory names the one each row serves
# and lists those no code serves; the check is off by default, and on when
# enabled it reports the requests that serve none
cat >>.ddblint.yaml <<'EOT'
access-patterns:
  - {name: user profile, operation: GetItem, table: Users, partition-key: "= USER#<?>", sort-key: "= PROFILE"}
  - {name: orders, operation: Query, table: Users, partition-key: "= USER#<?>", sort-key: "begins_with ORDER#"}
  - {name: delete a user, operation: DeleteItem, table: Users, partition-key: "= USER#<?>"}
EOT
expect_rc 0 "$DDBLINT" access-patterns --no-cache .
has "$T/out" '| GetItem | Users |  | `PK = USER#<?>` | `SK = PROFILE` |  |  |  | app.cpp:12 | user profile |'
has "$T/out" '| Query | Users |  | `PK = USER#<?>` | `SK begins_with ORDER#` |  |  |  | app.cpp:22 | orders |'
has "$T/out" '| PutItem | Users |  | `PK = CONFIG` | `SK = v1` |  |  |  | app.cpp:31 |  |'
has "$T/out" "- delete a user (.ddblint.yaml:11): DeleteItem on Users, partition key \`= USER#<?>\`"
lacks "$T/out" "- orders ("
expect_rc 0 "$DDBLINT" access-patterns --no-cache --format json .
has "$T/out" '"declared_pattern": "user profile"'
has "$T/out" '"name": "delete a user"'
expect_rc 0 "$DDBLINT" --no-cache --checks=-scan .
lacks "$T/out" "undeclared-access-pattern"
printf 'checks:\n  undeclared-access-pattern: {enabled: true}\n  scan: {enabled: false}\n' >>.ddblint.yaml
expect_rc 1 "$DDBLINT" --no-cache -q .
has "$T/out" "app.cpp:31:9: warning: this PutItem on table 'Users' with partition key \`= CONFIG\` and sort key \`= v1\` matches none of the 3 access patterns"
has "$T/out" "app.cpp:38:9: warning: this Scan on table 'Audit' matches none of the 3 access patterns"
lacks "$T/out" "app.cpp:12"
lacks "$T/out" "app.cpp:22"
cd "$T"

# -- transaction and batch members added in a loop are listed (their number
# is not known, their tables and actions are): no table/*; members that come
# from the caller are not, and keep table/* with its warning
mkdir loop && cd loop
cat >app.cpp <<'EOT'
#include <aws/dynamodb/DynamoDBClient.h>
#include <vector>

using namespace Aws::DynamoDB::Model;

void place(Aws::DynamoDB::DynamoDBClient &client, const std::vector<Aws::String> &lines)
{
        TransactWriteItemsRequest request;
        Put head;
        head.SetTableName("Orders");
        head.AddItem("PK", AttributeValue("ORDER#1"));
        request.AddTransactItems(TransactWriteItem().WithPut(head));
        for (const Aws::String &line : lines) {
                Put row;
                row.SetTableName("OrderLines");
                row.AddItem("PK", AttributeValue("LINE#" + line));
                request.AddTransactItems(TransactWriteItem().WithPut(row));
        }
        client.TransactWriteItems(request);
}

void purge(Aws::DynamoDB::DynamoDBClient &client, const std::vector<Aws::String> &ids)
{
        Aws::Vector<WriteRequest> deletes;
        for (const Aws::String &id : ids) {
                DeleteRequest del;
                del.AddKey("PK", AttributeValue("LINE#" + id));
                deletes.push_back(WriteRequest().WithDeleteRequest(del));
        }
        BatchWriteItemRequest request;
        request.AddRequestItems("OrderLines", deletes);
        client.BatchWriteItem(request);
}

void from_caller(Aws::DynamoDB::DynamoDBClient &client, const Aws::Vector<TransactWriteItem> &items)
{
        TransactWriteItemsRequest request;
        request.SetTransactItems(items);
        client.TransactWriteItems(request);
}

void archive(Aws::DynamoDB::DynamoDBClient &client, const Aws::Vector<WriteRequest> &writes)
{
        BatchWriteItemRequest request;
        request.AddRequestItems("Archive", writes);
        for (int attempt = 0; attempt < 3; attempt++) {
                auto outcome = client.BatchWriteItem(request);
                if (!outcome.IsSuccess())
                        return;
                const auto &left = outcome.GetResult().GetUnprocessedItems();
                if (left.empty())
                        return;
                request.SetRequestItems(left);
        }
}

void other_batch(Aws::DynamoDB::DynamoDBClient &client, const Aws::Vector<WriteRequest> &writes,
                 const BatchWriteItemResult &earlier)
{
        BatchWriteItemRequest request;
        request.AddRequestItems("Archive", writes);
        request.SetRequestItems(earlier.GetUnprocessedItems());
        client.BatchWriteItem(request);
}

void fetch(Aws::DynamoDB::DynamoDBClient &client, const KeysAndAttributes &keys)
{
        BatchGetItemRequest request;
        Aws::Map<Aws::String, KeysAndAttributes> items;
        items.emplace("Catalog", keys);
        do {
                request.SetRequestItems(items);
                const BatchGetItemOutcome &outcome = client.BatchGetItem(request);
                if (!outcome.IsSuccess())
                        return;
                items = outcome.GetResult().GetUnprocessedKeys();
        } while (!items.empty());
}
EOT
expect_rc 0 "$DDBLINT" iam-policy --no-cache .
grammar "$T/out"
summary "$T/out" >"$T/loop.sum"
cat >"$T/loop.want" <<'EOT'
Allow table/* : BatchWriteItem ConditionCheckItem DeleteItem PutItem UpdateItem | null
Allow table/Archive : BatchWriteItem | null
Allow table/Catalog : BatchGetItem | null
Allow table/OrderLines : BatchWriteItem | {"ForAllValues:StringLike": {"dynamodb:LeadingKeys": ["LINE#*"]}}
Allow table/OrderLines : PutItem | null
Allow table/Orders : PutItem | null
Deny table/Archive table/Archive/index/* table/Catalog table/Catalog/index/* table/OrderLines table/OrderLines/index/* table/Orders table/Orders/index/* : Scan | null
Deny table/Archive table/Archive/index/* table/Catalog table/Catalog/index/* table/OrderLines table/OrderLines/index/* table/Orders table/Orders/index/* : PartiQLSelect | {"Bool": {"dynamodb:FullTableScan": "true"}}
EOT
same "$T/loop.sum" "$T/loop.want"
# a batch of the caller's write requests whose table AddRequestItems names:
# that table (and no table/*), even when it resends what DynamoDB left
# unprocessed of the same request (archive); the unprocessed items of some
# other result (other_batch, app.cpp:63) may name any table; fetch (the
# doc examples' batch_get_item.cpp) resends through the map it sets from
lacks "$T/err" "app.cpp:51:"
lacks "$T/err" "app.cpp:73:54: BatchGetItem <unlisted>"
has "$T/err" "app.cpp:47:32: BatchWriteItem WriteRequest: its write requests come from code ddblint does not follow, so statement AllowArchive allows every item collection of table/Archive"
# (said once for all the calls of one cause: app.cpp:63 is a call of the
# note after the first such warning)
has "$T/err" "app.cpp:63:9 BatchWriteItem <unlisted>"
lacks "$T/err" "app.cpp:63:9: BatchWriteItem <unlisted>: its table is not known"
# the actions whose every call has a known key prefix keep LeadingKeys in a
# statement of their own; the others are in an ...AllItems statement
has "$T/err" "so statement AllowOrderLinesAllItems allows every item collection of table/OrderLines"
has "$T/err" "app.cpp:39:9: TransactWriteItems <unlisted>"
# the members added in the loops are listed: no wider action or table for
# them (their tables' key schemas are not described, which only costs the
# LeadingKeys condition, said per statement)
lacks "$T/err" "app.cpp:19:9: TransactWriteItems <unlisted>"
lacks "$T/err" "app.cpp:19:9: TransactWriteItems Put: its table is not known"
has "$T/err" "app.cpp:19:9: TransactWriteItems Put: its table's key schema is not described (\`tables:\`), so statement AllowOrders allows every item collection of table/Orders"
lacks "$T/err" "app.cpp:32:"
cd "$T"

# -- a Sid from a name with separators; a request that escapes keeps only
# the members its operation has (no IndexName for DescribeTable: no index
# warning, no filter in the inventory)
mkdir names && cd names
cat >app.cpp <<'EOT'
#include <aws/dynamodb/DynamoDBClient.h>

using namespace Aws::DynamoDB::Model;

void fill(DescribeTableRequest &req);

void describe(Aws::DynamoDB::DynamoDBClient &client)
{
        DescribeTableRequest req;
        fill(req);
        client.DescribeTable(req);
}

void put(Aws::DynamoDB::DynamoDBClient &client)
{
        PutItemRequest p;
        p.SetTableName("doc-example-table");
        client.PutItem(p);
}

void put_any(Aws::DynamoDB::DynamoDBClient &client, const Aws::String &table)
{
        PutItemRequest p;
        p.SetTableName(table);
        p.AddItem("PK", AttributeValue("A"));
        p.AddItem("SK", AttributeValue("B"));
        client.PutItem(p);
}
EOT
expect_rc 0 "$DDBLINT" iam-policy --no-cache .
has "$T/out" '"Sid": "AllowDocExampleTable"'
has "$T/err" "app.cpp:11:9: DescribeTable: its table is not known"
lacks "$T/err" "index is not known"
# the table's warning gives no reason that is not the table's (the key
# schema not described says nothing of which table: issue 28's messages)
has "$T/err" "app.cpp:11:9: DescribeTable: its table is not known, so it is allowed on every table (table/*)"
has "$T/err" "ddblint: note: the same for 1 more call: app.cpp:27:9 PutItem"
lacks "$T/err" "its table is not known: its table's key schema"
grammar "$T/out"
expect_rc 0 "$DDBLINT" access-patterns --no-cache .
has "$T/out" '| DescribeTable | (unknown) |  |  |  |  |  |  | app.cpp:11 |'
cd "$T"

# -- one cause, many calls (denis-barkov/snake_game: 48 calls of a table
# named by a member): one warning, then one note with the count and the
# first three other calls; --explain lists every call; the policy is the
# same as with the calls written once each
mkdir many && cd many
{
  echo '#include <aws/dynamodb/DynamoDBClient.h>'
  echo 'using namespace Aws::DynamoDB::Model;'
  echo 'struct Store { Aws::DynamoDB::DynamoDBClient c; Aws::String table;'
  for i in 1 2 3 4 5 6; do
    echo "  void get$i() { GetItemRequest r; r.SetTableName(table); c.GetItem(r); }"
  done
  echo '};'
} >app.cpp
expect_rc 0 "$DDBLINT" iam-policy --no-cache --explain .
has "$T/err" "ddblint: warning: app.cpp:4:58: GetItem: its table is not known, so it is allowed on every table (table/*)"
has "$T/err" "ddblint: note: the same for 5 more calls: app.cpp:5:58 GetItem, app.cpp:6:58 GetItem, app.cpp:7:58 GetItem and 2 more (iam-policy --explain lists them)"
lacks "$T/err" "app.cpp:8:58: GetItem"
count=$(grep -c 'its table is not known' "$T/err")
if [ "$count" = 1 ]; then ok "one warning for one cause"; else fail "$count warnings for one cause"; fi
for l in 4 5 6 7 8 9; do has "$T/err" "    app.cpp:$l:58"; done
has "$T/out" '"dynamodb:GetItem"'
grammar "$T/out"
finish
