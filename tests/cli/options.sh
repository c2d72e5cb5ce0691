#!/bin/sh
# options.sh - the command-line conventions of clang-tidy, cppcheck and
# semgrep users: --checks, --fail-on none, --quiet, --format json,
# --explain, --sarif-help-base, and their errors and exit codes.
. "$(dirname "$0")/lib.inc"
scan_file src/a.cpp
cat >src/b.cpp <<'EOT'
#include <aws/dynamodb/DynamoDBClient.h>
void find(Aws::DynamoDB::DynamoDBClient &client)
{
        Aws::DynamoDB::Model::QueryRequest q;
        q.SetTableName("Orders");
        q.SetFilterExpression("status = :s");
        client.Query(q);
}
EOT

# --checks, on top of the rules file (clang-tidy's glob syntax)
expect_rc 1 "$DDBLINT" --checks='-*,scan' src
has out "[scan]"; lacks out "[reserved-word]"; lacks out "[query-missing-key-condition]"
expect_rc 1 "$DDBLINT" --checks='-*, reserved-word' src
has out "[reserved-word]"; lacks out "[scan]"
expect_rc 1 "$DDBLINT" --checks='-scan,-query-*' src
has out "[reserved-word]"; lacks out "[scan]"; lacks out "[query-missing-key-condition]"
printf 'version: 1\nchecks:\n  scan: {enabled: false}\n' >.ddblint.yaml
expect_rc 1 "$DDBLINT" src
lacks out "[scan]"
expect_rc 1 "$DDBLINT" --checks=scan src          # turned back on over the rules file
has out "[scan]"
rm .ddblint.yaml
expect_rc 2 "$DDBLINT" --checks='-*,scna' src
has err "--checks: 'scna' matches no check; did you mean 'scan'?"
expect_rc 2 "$DDBLINT" --checks='-*' src
has err "enables no check"

# --fail-on none: report-only
expect_rc 0 "$DDBLINT" --fail-on none src
has out "[scan]"
expect_rc 2 "$DDBLINT" --fail-on never src
has err "expected error, warning, note or none"

# --quiet: no summary line
expect_rc 1 "$DDBLINT" --quiet src
has out "[scan]"; lacks out "ddblint:"

# --format json: one document, findings in order, documented keys
expect_rc 1 "$DDBLINT" --format json -j2 src
python3 - "$T/out" <<'EOT' || fail "json output"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["version"] == 1 and d["tool"]["name"] == "ddblint", d
fs = d["findings"]
assert [f["path"] for f in fs] == sorted(f["path"] for f in fs), fs
keys = ["check", "severity", "message", "path", "line", "column"]
for f in fs:
    assert list(f)[:6] == keys, list(f)
    assert f["line"] >= 1 and f["column"] >= 1 and len(f["fingerprint"]) == 64
assert {f["check"] for f in fs} >= {"scan", "reserved-word", "query-missing-key-condition"}
s = d["summary"]
assert s["findings"] == len(fs) and s["complete"] is True, s
assert s["files"] == ["src/a.cpp", "src/b.cpp"], s
print("json ok")
EOT
"$DDBLINT" --format json -j1 src >j1.json; "$DDBLINT" --format json -j4 src >j4.json
cmp -s "$T/out" j1.json && cmp -s j1.json j4.json && ok "json identical with -j1, -j2, -j4" || fail "json differs with -j"
expect_rc 2 "$DDBLINT" --format yaml src
has err "unknown format 'yaml'; expected text, sarif or json"

# --explain: the check's documentation page
expect_rc 0 "$DDBLINT" --explain scan
has out "# scan"; has out "## Why it matters"
expect_rc 2 "$DDBLINT" --explain scna
has err "unknown check 'scna'; did you mean 'scan'?"

# --sarif-help-base: helpUri, and the whole page as the rule's help
expect_rc 1 "$DDBLINT" --format sarif --sarif-help-base https://lint.example.com/docs/ src
python3 - "$T/out" <<'EOT' || fail "sarif help"
import json, sys
rules = json.load(open(sys.argv[1]))["runs"][0]["tool"]["driver"]["rules"]
scan = [r for r in rules if r["id"] == "scan"][0]
assert scan["helpUri"] == "https://lint.example.com/docs/scan.md", scan["helpUri"]
assert scan["help"]["markdown"].startswith("# scan\n"), scan["help"]["markdown"][:40]
assert "## Limitations" in scan["help"]["markdown"]
print("sarif help ok")
EOT
expect_rc 1 "$DDBLINT" --format sarif --sarif-help-base 'https://x.example/{id}.html' src
has out '"helpUri": "https://x.example/scan.html"'
finish
