#!/bin/sh
# rules-per-directory.sh - each file gets the nearest .ddblint.yaml from its
# own directory upwards, as .clang-tidy works; `inherit: true` lies over
# the parent's; --rules FILE is for every file; --verbose and SARIF name
# the rules files used; an empty rules file means the defaults.
. "$(dirname "$0")/lib.inc"
cat >.ddblint.yaml <<'EOT'
version: 1
checks:
  scan: {severity: error}
tables:
  - name: Shop
    partition-key: {name: PK, type: S}
EOT
mkdir -p services/shop services/pay services/misc
# shop: its own file, no inherit: scan back to its default severity
printf 'version: 1\nchecks:\n  reserved-word: {enabled: false}\n' >services/shop/.ddblint.yaml
# pay: inherits the root's (scan is an error there) and adds a table
cat >services/pay/.ddblint.yaml <<'EOT'
version: 1
inherit: true
tables:
  - name: Payments
    partition-key: {name: PayId, type: S}
EOT
# misc: an empty file means the built-in defaults
: >services/misc/.ddblint.yaml
query() {
  cat >"$1" <<EOT
#include <aws/dynamodb/DynamoDBClient.h>
void run(Aws::DynamoDB::DynamoDBClient &client)
{
        Aws::DynamoDB::Model::ScanRequest s;
        s.SetTableName("$2");
        client.Scan(s);
        Aws::DynamoDB::Model::QueryRequest q;
        q.SetTableName("$2");
        q.SetKeyConditionExpression("Other = :v");
        q.SetFilterExpression("status = :s");
        client.Query(q);
}
EOT
}
query services/shop/scan.cpp Shop
query services/pay/pay.cpp Payments
query services/misc/misc.cpp Shop
query top.cpp Shop

expect_rc 1 "$DDBLINT" -j2 --verbose services/shop/scan.cpp services/pay/pay.cpp services/misc/misc.cpp top.cpp
# shop: its own rules only (scan a warning, reserved-word off, no tables)
has out "services/shop/scan.cpp:6:9: warning: Scan of table 'Shop'"
lacks out "services/shop/scan.cpp:10:29: error: Invalid FilterExpression"
lacks out "services/shop/scan.cpp:9:38: error: Query condition missed"
# pay: inherited (scan an error) plus its own table
has out "services/pay/pay.cpp:6:9: error: Scan of table 'Payments'"
has out "services/pay/pay.cpp:9:38: error: Query condition missed key schema element: PayId"
# misc: the defaults
has out "services/misc/misc.cpp:6:9: warning: Scan"
lacks out "services/misc/misc.cpp:9:38: error: Query condition missed"
# top: the root's
has out "top.cpp:6:9: error: Scan of table 'Shop'"
has out "top.cpp:9:38: error: Query condition missed key schema element: PK"
# --verbose names them
has err "rules for 1 file from services/shop/.ddblint.yaml"
has err "rules for 1 file from services/pay/.ddblint.yaml, .ddblint.yaml"
has err "rules for 1 file from services/misc/.ddblint.yaml"
has err "rules for 1 file from .ddblint.yaml"

# From inside a subdirectory, the file's own rules still apply.
(cd services && "$DDBLINT" shop/scan.cpp >../sub.out 2>&1)
has sub.out "shop/scan.cpp:6:9: warning: Scan"

# --rules FILE for every file
expect_rc 1 "$DDBLINT" --rules services/shop/.ddblint.yaml services/pay/pay.cpp top.cpp
has out "services/pay/pay.cpp:6:9: warning: Scan"
has out "top.cpp:6:9: warning: Scan"

# SARIF names the rules files used
expect_rc 1 "$DDBLINT" --format sarif services top.cpp
python3 - "$T/out" <<'EOT' || fail "toolConfigurationNotifications"
import json, sys
inv = json.load(open(sys.argv[1]))["runs"][0]["invocations"][0]
notes = inv["toolConfigurationNotifications"]
uris = [n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for n in notes]
assert sorted(uris) == sorted(["services/misc/.ddblint.yaml", "services/pay/.ddblint.yaml",
                               ".ddblint.yaml", "services/shop/.ddblint.yaml"]), uris
print("rules files in SARIF:", uris)
EOT
# exclude: under inherit: true: the parent's patterns come first, the
# child's after them, so the child's decide (a negation re-includes), as a
# deeper .gitignore overrides the one above it.
mkdir -p gen/sub
printf 'version: 1\nexclude: ["*_gen.cpp"]\n' >gen/.ddblint.yaml
printf 'version: 1\ninherit: true\nexclude: ["!keep_gen.cpp"]\n' >gen/sub/.ddblint.yaml
query gen/a_gen.cpp Shop
query gen/sub/b_gen.cpp Shop
query gen/sub/keep_gen.cpp Shop
expect_rc 1 "$DDBLINT" gen
has out "gen/sub/keep_gen.cpp:6:9: warning: Scan"
lacks out "gen/a_gen.cpp"
lacks out "gen/sub/b_gen.cpp"
# named on the command line, the same decision
expect_rc 0 "$DDBLINT" gen/sub/b_gen.cpp
expect_rc 1 "$DDBLINT" gen/sub/keep_gen.cpp

# A bad rules file in a subdirectory stops the run before any analysis.
printf 'version: 1\nchecks:\n  scna: {}\n' >services/misc/.ddblint.yaml
expect_rc 2 "$DDBLINT" top.cpp services
has err "services/misc/.ddblint.yaml:3:3: error: unknown check id 'scna'; did you mean 'scan'?"
lacks out "[scan]"
finish
