#!/bin/sh
# baseline.sh - adopting ddblint on code with findings: --write-baseline
# records them and exits 0 (the new baseline accepts them), --baseline hides
# them across edits elsewhere in the file and from a subdirectory (paths
# relative to the project root), a new finding still fails the run, and an
# inline directive accepts one more.
. "$(dirname "$0")/lib.inc"
command -v git >/dev/null 2>&1 || { fail "git is missing"; finish; }
git init -q . || fail "git init"
scan_file a.cpp Orders
scan_file src/b.cpp Users

expect_rc 0 "$DDBLINT" --write-baseline .ddblint-baseline.json .
has out "a.cpp:7:9: warning: Scan of table 'Orders'"
has out "src/b.cpp:7:9: warning: Scan of table 'Users'"
[ "$(grep -c '"fingerprint"' .ddblint-baseline.json)" = 2 ] && ok "2 fingerprints" ||
  { fail "fingerprints"; cat .ddblint-baseline.json; }
has .ddblint-baseline.json '"path": "src/b.cpp"'

expect_rc 0 "$DDBLINT" --baseline .ddblint-baseline.json .
lacks out "[scan]"
has out "0 suppressed inline, 2 in baseline"
# lines added above the request: no line numbers in fingerprints
{ printf '// a comment\n// and another\n'; cat a.cpp; } >a.tmp && mv a.tmp a.cpp
expect_rc 0 "$DDBLINT" --baseline .ddblint-baseline.json a.cpp
has out "1 in baseline"
# from a subdirectory, as a hook started elsewhere would
(cd src && "$DDBLINT" --baseline ../.ddblint-baseline.json b.cpp >../sub.out 2>&1; echo "rc $?" >>../sub.out)
has sub.out "1 in baseline"
has sub.out "rc 0"

# a new finding fails the run; the baselined ones stay hidden
scan_file src/c.cpp Carts
expect_rc 1 "$DDBLINT" --baseline .ddblint-baseline.json .
has out "src/c.cpp:7:9: warning: Scan of table 'Carts'"
lacks out "'Orders'"
has out "2 in baseline"
# --fail-on error lets the warning through; the baseline did not change
expect_rc 0 "$DDBLINT" --fail-on error --baseline .ddblint-baseline.json .
# an inline directive accepts it
sed 's|client.Scan(req);|client.Scan(req); // ddblint: ignore[scan] a few carts|' src/c.cpp >c.tmp &&
  mv c.tmp src/c.cpp
expect_rc 0 "$DDBLINT" --baseline .ddblint-baseline.json .
has out "1 suppressed inline, 2 in baseline"

# rewriting the baseline keeps what it accepted and adds the new ones
scan_file src/d.cpp Tags
expect_rc 0 "$DDBLINT" --baseline .ddblint-baseline.json --write-baseline .ddblint-baseline.json .
[ "$(grep -c '"fingerprint"' .ddblint-baseline.json)" = 3 ] && ok "3 fingerprints" ||
  { fail "fingerprints after rewrite"; cat .ddblint-baseline.json; }
# a YAML template's finding is accepted by a '#' comment holding the directive
mkdir -p infra
cat >infra/template.yaml <<'EOT'
Resources:
  Orders:
    Type: AWS::DynamoDB::Table
    Properties:
      AttributeDefinitions: [{AttributeName: PK, AttributeType: S}, {AttributeName: G, AttributeType: S}]
      KeySchema: [{AttributeName: PK, KeyType: HASH}]
      ProvisionedThroughput: {ReadCapacityUnits: 5, WriteCapacityUnits: 50}
      GlobalSecondaryIndexes:
        - IndexName: ByG
          KeySchema: [{AttributeName: G, KeyType: HASH}]
          Projection: {ProjectionType: KEYS_ONLY}
          ProvisionedThroughput:
            ReadCapacityUnits: 5
            WriteCapacityUnits: 5
EOT
expect_rc 1 "$DDBLINT" infra/template.yaml
has out "infra/template.yaml:14:33: warning: global secondary index 'ByG'"
sed 's|^            WriteCapacityUnits: 5$|            WriteCapacityUnits: 5  # ddblint: ignore[gsi-capacity-below-table] nightly writes only|' \
  infra/template.yaml >t.tmp && mv t.tmp infra/template.yaml
expect_rc 0 "$DDBLINT" infra/template.yaml
has out "1 suppressed inline"

# an input that could not be analysed still says so
printf '\177ELF' >bad.cpp
expect_rc 3 "$DDBLINT" --write-baseline other.json .
finish
