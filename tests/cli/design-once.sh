#!/bin/sh
# design-once.sh DDBLINT - one index design is one finding per file (issue
# 28), whatever the run's shape: a status index written with several
# constants by several functions of a file is one low-cardinality-partition-
# key finding in that file, carrying the file's writes as related
# locations, and no constant-partition-key finding for them. The grouping is per file
# (docs/architecture.md, "One mistake, one finding"), so -j 1 and -j 2, a run served
# by the result cache, and --shard K/N merged with merge-sarif give the same
# results.
set -u
bin=$1
src=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p "$tmp/p/src" && cd "$tmp/p" || exit 2
cp "$src/tests/fixtures/rules/keys.yaml" .ddblint.yaml
# write FILE FUNCTION OP STATUS: one function writing StatusPK = STATUS
write() {
  if [ "$3" = put ]; then
    cat >> "$1" <<EOT
void $2(DynamoDBClient &client, const Aws::String &user, const Aws::String &order)
{
    Model::PutItemRequest req;
    req.SetTableName("Shop");
    req.AddItem("PK", AttributeValue("USER#" + user));
    req.AddItem("SK", AttributeValue("ORDER#" + order));
    req.AddItem("StatusPK", AttributeValue("$4"));
    client.PutItem(req);
}
EOT
  else
    cat >> "$1" <<EOT
void $2(DynamoDBClient &client, const Aws::String &user, const Aws::String &order)
{
    Model::UpdateItemRequest req;
    req.SetTableName("Shop");
    req.AddKey("PK", AttributeValue("USER#" + user));
    req.AddKey("SK", AttributeValue("ORDER#" + order));
    req.SetUpdateExpression("SET StatusPK = :s");
    req.AddExpressionAttributeValues(":s", AttributeValue("$4"));
    client.UpdateItem(req);
}
EOT
  fi
}
for f in orders returns; do
  cat > src/$f.cpp <<'EOT'
#include <aws/dynamodb/DynamoDBClient.h>
#include <aws/dynamodb/model/PutItemRequest.h>
#include <aws/dynamodb/model/UpdateItemRequest.h>
using namespace Aws::DynamoDB;
using Model::AttributeValue;
EOT
done
write src/orders.cpp place put PENDING
write src/orders.cpp pay update PAID
write src/orders.cpp ship update SHIPPED
write src/orders.cpp cancel update CANCELLED
write src/returns.cpp request_return put RETURN_REQUESTED
write src/returns.cpp refund update REFUNDED
# a file with one write of one constant: constant-partition-key, as before
write src/audit.cpp note put PENDING
sed -i '1i #include <aws/dynamodb/DynamoDBClient.h>\n#include <aws/dynamodb/model/PutItemRequest.h>\nusing namespace Aws::DynamoDB;\nusing Model::AttributeValue;' src/audit.cpp

export XDG_CACHE_HOME="$tmp/cache"
run() { # run NAME ARGS...: the SARIF log NAME.sarif; exit 1 expected
  name=$1; shift
  "$bin" "$@" --format sarif -o "$name.sarif" . 2>"$name.err"; rc=$?
  [ $rc = 1 ] || { cat "$name.err"; fail "$name: exit $rc, 1 expected"; }
}
run j1 -j 1
run j2 -j 2
"$bin" -j 2 --cache-stats --format sarif -o cached.sarif . 2>cached.err
grep -q "3 of 3 files from the result cache" cached.err || { cat cached.err; fail "the second run was not served by the result cache"; }
shards=""
for k in 1 2 3; do
  "$bin" --shard $k/3 --format sarif -o s$k.sarif . 2>/dev/null; [ $? -le 1 ] || fail "shard $k/3"
  shards="$shards s$k.sarif"
done
# shellcheck disable=SC2086
"$bin" merge-sarif -o merged.sarif $shards || fail "merge-sarif failed"
python3 - j1.sarif j2.sarif cached.sarif merged.sarif <<'EOT' || fail "the design findings differ from one per file"
import json, sys
def view(path):
    run = json.load(open(path))["runs"][0]
    out = []
    for r in run["results"]:
        if r["ruleId"] not in ("low-cardinality-partition-key", "constant-partition-key"):
            continue
        loc = r["locations"][0]["physicalLocation"]
        rel = sorted((l["physicalLocation"]["artifactLocation"]["uri"],
                      l["physicalLocation"]["region"]["startLine"])
                     for l in r.get("relatedLocations", []))
        out.append((r["ruleId"], loc["artifactLocation"]["uri"], loc["region"]["startLine"],
                    r["message"]["text"], tuple(rel)))
    return sorted(out)
views = [view(p) for p in sys.argv[1:]]
for p, v in zip(sys.argv[2:], views[1:]):
    assert v == views[0], "%s differs from the -j 1 run:\n%s\n%s" % (p, v, views[0])
v = views[0]
low = [x for x in v if x[0] == "low-cardinality-partition-key"]
by_file = {x[1]: x for x in low}
assert len(low) == 2 and set(by_file) == {"src/orders.cpp", "src/returns.cpp"}, v
# the file that writes one constant keeps its constant-partition-key finding
const = [x for x in v if x[0] == "constant-partition-key"]
assert [x[1] for x in const] == ["src/audit.cpp"], v
o, r = by_file["src/orders.cpp"], by_file["src/returns.cpp"]
assert "'PENDING', 'PAID', 'SHIPPED', 'CANCELLED'" in o[3], o
assert "'RETURN_REQUESTED', 'REFUNDED'" in r[3], r
# each finding carries its own file's writes (the value each sets), never
# another file's
assert len(o[4]) == 4 and all(u == "src/orders.cpp" for u, _ in o[4]), o
assert len(r[4]) == 2 and all(u == "src/returns.cpp" for u, _ in r[4]), r
EOT
echo "PASS: one design finding per file under -j 1, -j 2, the result cache and --shard 1..3/3"
