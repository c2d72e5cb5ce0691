#!/bin/sh
# fix.sh - --fix and --export-fixes (docs/fixes.md): the reserved-word fix
# applied in place fixes what it claims and nothing else (the result
# re-analysed: those findings gone, every other finding the same, nothing
# new; the file compiles as before); clang-apply-replacements applies
# --export-fixes' YAML to the same bytes; a suppressed finding and a
# literal shared through a variable get no fix; an unused
# ExpressionAttributeNames entry's statement deleted the same ways; the
# example projects (whose mistakes have no certain fix) are left byte for
# byte.
. "$(dirname "$0")/lib.inc"
mkdir p
cat >p/users.cpp <<'EOT'
#include <aws/dynamodb/DynamoDBClient.h>
#include <aws/dynamodb/model/QueryRequest.h>
#include <aws/dynamodb/model/ScanRequest.h>
#include <aws/dynamodb/model/UpdateItemRequest.h>

using namespace Aws::DynamoDB::Model;

void by_name(Aws::DynamoDB::DynamoDBClient &c, const Aws::String &who)
{
        QueryRequest q;
        q.SetTableName("Users");
        q.SetKeyConditionExpression("name = :n AND begins_with(#s, :p)");
        q.AddExpressionAttributeNames("#s", "sk");
        q.AddExpressionAttributeValues(":n", AttributeValue(who));
        q.AddExpressionAttributeValues(":p", AttributeValue("U#"));
        c.Query(q);
}

void touch(Aws::DynamoDB::DynamoDBClient &c, const Aws::String &who)
{
        UpdateItemRequest u;
        u.SetTableName("Users");
        u.AddKey("name", AttributeValue(who));
        u.SetUpdateExpression("SET status = :s, size = size + :one");
        u.AddExpressionAttributeValues(":s", AttributeValue("ok"));
        u.AddExpressionAttributeValues(":one", AttributeValue().SetN("1"));
        c.UpdateItem(u);
}

void everyone(Aws::DynamoDB::DynamoDBClient &c)
{
        ScanRequest r;
        r.SetTableName("Users");
        c.Scan(r);
}

static const char *const SHARED = "status = :s";

void shared(Aws::DynamoDB::DynamoDBClient &c)
{
        ScanRequest r;
        r.SetTableName("Users");
        r.SetFilterExpression(SHARED);
        r.AddExpressionAttributeValues(":s", AttributeValue("ok"));
        // ddblint: ignore-next-line[scan] reviewed
        c.Scan(r);
}

void quiet(Aws::DynamoDB::DynamoDBClient &c)
{
        QueryRequest q;
        q.SetTableName("Users");
        // ddblint: ignore-next-line[reserved-word] tested elsewhere
        q.SetKeyConditionExpression("data = :d");
        q.AddExpressionAttributeValues(":d", AttributeValue("x"));
        c.Query(q);
}
EOT
cp -r p q
cp -r p orig
lint() { "$DDBLINT" --no-cache --format json "$@"; }
expect_rc 1 lint --include-suppressed p/users.cpp
cp "$T/out" before.json
python3 - before.json <<'PY' || fail "the fixes in the JSON output"
import json, sys
f = json.load(open(sys.argv[1]))["findings"]
rw = [x for x in f if x["check"] == "reserved-word"]
words = sorted(x["message"].split("reserved keyword: ")[1].split(";")[0] for x in rw)
assert words == ["data", "name", "size", "status", "status"], words
fixed = sorted(x["fixes"][0]["description"] for x in rw if x.get("fixes")
               and not x.get("suppressed"))
# the Query's name, the Update's status and size; not the shared literal
# (a constant's text); the suppressed one's is offered, never applied
assert fixed == ["alias 'name' as '#name'", "alias 'size' as '#size'",
                 "alias 'status' as '#status'"], fixed
size = [x for x in rw if "'#size'" in json.dumps(x.get("fixes"))][0]
edits = size["fixes"][0]["edits"]
assert [e["text"] for e in edits][1:] == ["#size", "#size"], edits  # both uses of the word
assert not any("fixes" in x for x in f if x["check"] != "reserved-word")
PY
# --fix: three fixes applied, then the result re-analysed
expect_rc 1 "$DDBLINT" --no-cache --fix p/users.cpp
has "$T/err" "3 fixes applied"
cp "$T/out" fix-run.txt
has fix-run.txt "reserved keyword: name"   # the output is the run before the fixes
has p/users.cpp 'q.AddExpressionAttributeNames("#name", "name"); q.SetKeyConditionExpression("#name = :n AND begins_with(#s, :p)");'
has p/users.cpp 'u.AddExpressionAttributeNames("#status", "status"); u.AddExpressionAttributeNames("#size", "size"); u.SetUpdateExpression("SET #status = :s, #size = #size + :one");'
expect_rc 1 lint --include-suppressed p/users.cpp
cp "$T/out" after.json
python3 - before.json after.json <<'PY' || fail "re-analysed: only the fixed findings are gone"
import json, sys
def keyed(path):
    out = []
    for x in json.load(open(path))["findings"]:
        out.append((x["check"], x["message"], x.get("suppressed")))
    return sorted(out, key=repr)
before, after = keyed(sys.argv[1]), keyed(sys.argv[2])
gone = [x for x in before if x not in after]
new = [x for x in after if x not in before]
assert not new, new
assert sorted(g[1].split("reserved keyword: ")[1].split(";")[0] for g in gone) == \
    ["name", "size", "status"], gone
PY
diff orig/users.cpp p/users.cpp | grep -c '^>' >changed.txt
has changed.txt 2    # two lines changed, nothing else
# the fixed file still compiles as the original did (the stub headers)
stubs=$(dirname "$DDBLINT")/../share/ddblint/include
if command -v c++ >/dev/null 2>&1 && [ -d "$stubs" ]; then
  expect_rc 0 c++ -std=c++17 -fsyntax-only -I "$stubs" p/users.cpp
fi
# --fix again: nothing left to fix
expect_rc 1 "$DDBLINT" --no-cache --fix p/users.cpp
has "$T/err" "0 fixes applied"
# --export-fixes: clang-apply-replacements gives the same bytes
mkdir fixes
expect_rc 1 "$DDBLINT" --no-cache --export-fixes fixes/ddblint.yaml q/users.cpp
has fixes/ddblint.yaml "DiagnosticName: \"reserved-word\""
cmp -s q/users.cpp orig/users.cpp || fail "--export-fixes changed the source"
car=$(command -v clang-apply-replacements || command -v clang-apply-replacements-14 || true)
if [ -n "$car" ]; then
  expect_rc 0 "$car" fixes
  cmp -s q/users.cpp p/users.cpp && ok "clang-apply-replacements = --fix" ||
    { fail "clang-apply-replacements differs from --fix"; diff q/users.cpp p/users.cpp; }
else
  echo "clang-apply-replacements not found: not applied"
fi
# SARIF carries the fixes (artifactChanges, replacements) and still
# validates (the schema, the Multitool's SARIF and GitHub rules) where the
# validators are installed (tests/sarif/validate-sarif; none is fetched here)
cp orig/users.cpp s.cpp
expect_rc 1 "$DDBLINT" --no-cache --format sarif -o s.sarif s.cpp
python3 - s.sarif <<'PY' || fail "SARIF fixes"
import json, sys
res = json.load(open(sys.argv[1]))["runs"][0]["results"]
fx = [r["fixes"] for r in res if r["ruleId"] == "reserved-word" and "fixes" in r]
assert len(fx) == 3, fx
texts = [x["insertedContent"]["text"] for f in fx for c in f[0]["artifactChanges"]
         for x in c["replacements"]]
assert "#name" in texts and "#size" in texts, texts
PY
tools=${SARIF_TOOLS:-${DL_BINARY_DIR:-/nonexistent}/sarif-tools}
if [ -d "$tools/node_modules" ] && command -v node >/dev/null 2>&1; then
  expect_rc 0 env SARIF_TOOLS="$tools" sh "$SRC/tests/sarif/validate-sarif" s.sarif
else
  echo "SARIF validators not installed: not validated"
fi
# unused-placeholder: the statement adding an unused ExpressionAttributeNames
# entry is deleted with its line (JSON, SARIF, the language server's code
# action, --fix); not an entry a second request of the same object uses,
# nor an unused value, nor a call that is no statement of its own (a
# comma's right side); re-analysed: that finding gone, nothing new
mkdir u
cat >u/names.cpp <<'EOT'
#include <aws/dynamodb/DynamoDBClient.h>
#include <aws/dynamodb/model/QueryRequest.h>

using namespace Aws::DynamoDB::Model;

void stale(Aws::DynamoDB::DynamoDBClient &c, const Aws::String &who)
{
        QueryRequest q;
        q.SetTableName("Users");
        q.SetKeyConditionExpression("pk = :pk");
        q.AddExpressionAttributeNames("#old", "status");
        q.AddExpressionAttributeValues(":pk", AttributeValue(who));
        c.Query(q);
}

void twice(Aws::DynamoDB::DynamoDBClient &c, const Aws::String &who)
{
        QueryRequest q;
        q.SetTableName("Users");
        q.SetKeyConditionExpression("pk = :pk");
        q.AddExpressionAttributeNames("#s", "state");
        q.AddExpressionAttributeValues(":pk", AttributeValue(who));
        c.Query(q);
        q.SetFilterExpression("#s = :pk");
        c.Query(q);
}

void value(Aws::DynamoDB::DynamoDBClient &c, const Aws::String &who)
{
        QueryRequest q;
        q.SetTableName("Users");
        q.SetKeyConditionExpression("pk = :pk");
        q.AddExpressionAttributeValues(":pk", AttributeValue(who));
        q.AddExpressionAttributeValues(":gone", AttributeValue("x"));
        c.Query(q);
}

void comma(Aws::DynamoDB::DynamoDBClient &c, const Aws::String &who)
{
        QueryRequest q;
        q.SetTableName("Users");
        q.SetKeyConditionExpression("pk = :pk");
        q.SetLimit(3), q.AddExpressionAttributeNames("#lim", "limit");
        q.AddExpressionAttributeValues(":pk", AttributeValue(who));
        c.Query(q);
}
EOT
cp u/names.cpp u/names.orig
expect_rc 1 lint u/names.cpp
cp "$T/out" u-before.json
python3 - u-before.json <<'PY' || fail "unused-placeholder: the fixes in the JSON output"
import json, sys
f = [x for x in json.load(open(sys.argv[1]))["findings"] if x["check"] == "unused-placeholder"]
assert len(f) == 4, [x["message"] for x in f]
fixed = [x for x in f if x.get("fixes")]  # not the comma's right side
assert len(fixed) == 1 and "{#old}" in fixed[0]["message"], [x["message"] for x in fixed]
e = fixed[0]["fixes"][0]["edits"]
assert len(e) == 1 and e[0]["text"] == "" and e[0]["line"] == 11 and e[0]["column"] == 1 \
    and e[0]["end_line"] == 12 and e[0]["end_column"] == 1, e
PY
expect_rc 1 "$DDBLINT" --no-cache --format sarif -o u.sarif u/names.cpp
python3 - u.sarif <<'PY' || fail "unused-placeholder: the fix in SARIF"
import json, sys
res = json.load(open(sys.argv[1]))["runs"][0]["results"]
fx = [r["fixes"] for r in res if r["ruleId"] == "unused-placeholder" and "fixes" in r]
assert len(fx) == 1, fx
rep = fx[0][0]["artifactChanges"][0]["replacements"][0]
assert rep["deletedRegion"]["startLine"] == 11 and rep["deletedRegion"]["endLine"] == 12, rep
PY
python3 - "$DDBLINT" "$T/u/names.cpp" "$SRC/tests/lsp" <<'PY' || fail "unused-placeholder: the code action"
import os, sys
sys.path.insert(0, sys.argv[3])
import lspclient
s = lspclient.Server(sys.argv[1], ["--no-cache"], cwd=os.path.dirname(sys.argv[2]))
try:
    s.initialize(os.path.dirname(sys.argv[2]))
    uri = s.open(sys.argv[2])
    d = [x for x in s.diagnostics(uri, timeout=300, version=1) if x["code"] == "unused-placeholder"]
    old = [x for x in d if "{#old}" in x["message"]]
    assert len(d) == 4 and len(old) == 1, [x["message"] for x in d]
    rid = s.request("textDocument/codeAction", {"textDocument": {"uri": uri},
                    "range": old[0]["range"], "context": {"diagnostics": old}})
    acts = [a for a in s.response(rid)["result"] if "remove the unused" in a["title"]]
    assert len(acts) == 1, acts
    e = acts[0]["edit"]["changes"][uri]
    assert e == [{"range": {"start": {"line": 10, "character": 0},
                            "end": {"line": 11, "character": 0}}, "newText": ""}], e
    s.stop()
finally:
    s.kill()
PY
expect_rc 1 "$DDBLINT" --no-cache --fix u/names.cpp
has "$T/err" "1 fix applied"
diff u/names.orig u/names.cpp >u.diff
has u.diff '<         q.AddExpressionAttributeNames("#old", "status");'
[ "$(grep -c '^[<>]' u.diff)" = 1 ] && ok "one line deleted, nothing else" || fail "more changed: $(cat u.diff)"
expect_rc 1 lint u/names.cpp
cp "$T/out" u-after.json
python3 - u-before.json u-after.json <<'PY' || fail "unused-placeholder re-analysed"
import json, sys
def keyed(path):
    return sorted((x["check"], x["message"]) for x in json.load(open(path))["findings"])
before, after = keyed(sys.argv[1]), keyed(sys.argv[2])
new = [x for x in after if x not in before]
gone = [x for x in before if x not in after]
assert not new, new
assert len(gone) == 1 and "{#old}" in gone[0][1], gone
PY
# the example projects: no certain fix among their mistakes, not a byte changed
for ex in ecommerce ecommerce-c; do
  cp -r "$SRC/examples/$ex" "ex-$ex"
  (cd "ex-$ex" && "$DDBLINT" --no-cache --fix . >"$T/ex.out" 2>"$T/ex.err")
  has "$T/ex.err" "0 fixes applied"
  diff -r "$SRC/examples/$ex" "ex-$ex" >/dev/null && ok "$ex unchanged" || fail "$ex changed by --fix"
done
finish
