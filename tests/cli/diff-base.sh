#!/bin/sh
# diff-base.sh - --diff-base REF reports only the findings on lines that
# `git diff --merge-base REF` adds (an untracked file: every line; a
# template's findings too), and the walk takes git's ignore rules
# (.gitignore with a nested negation, info/exclude); a missing revision,
# a directory outside a work tree and --write-baseline are exit 2; the
# repository's configuration runs nothing (fsmonitor, filter and diff
# drivers).
. "$(dirname "$0")/lib.inc"
command -v git >/dev/null || { echo "skipped: no git"; exit 0; }
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com GIT_COMMITTER_NAME=t \
  GIT_COMMITTER_EMAIL=t@example.com GIT_CONFIG_NOSYSTEM=1 HOME="$T" XDG_CONFIG_HOME="$T/xdg"
mkdir repo && cd repo || exit 2
git init -q -b main . || { fail "git init"; finish; }
scan_file old.cpp Old
scan_file kept.cpp Kept
cat >template.yaml <<'EOT'
Resources:
  Orders:
    Type: AWS::DynamoDB::Table
    Properties:
      BillingMode: PAY_PER_REQUEST
      AttributeDefinitions: [{AttributeName: id, AttributeType: S}]
      KeySchema: [{AttributeName: id, KeyType: HASH}]
EOT
git add . && git commit -qm base
git checkout -qb feature
# a changed line in old.cpp: one new Scan in a new function at its end
cat >>old.cpp <<'EOT'

void export_new(Aws::DynamoDB::DynamoDBClient &client)
{
        Aws::DynamoDB::Model::ScanRequest req;
        req.SetTableName("NewTable");
        client.Scan(req);
}
EOT
git commit -qam "new scan"
# a template line changed in the work tree, not committed
sed -i 's/      KeySchema: \[{AttributeName: id, KeyType: HASH}\]/&\n      ProvisionedThroughput: {ReadCapacityUnits: 5, WriteCapacityUnits: 5}/' template.yaml
# untracked, ignored, and re-included by a nested negation
scan_file untracked.cpp Untracked
printf '*.tmp.cpp\nignored.cpp\n' >.gitignore
printf '!keep.tmp.cpp\n' >sub.gitignore
mkdir sub && mv sub.gitignore sub/.gitignore
scan_file ignored.cpp Ignored
scan_file drop.tmp.cpp DropTmp
scan_file sub/keep.tmp.cpp KeepTmp
scan_file sub/drop.tmp.cpp SubDropTmp
scan_file excluded.cpp Excluded
echo excluded.cpp >>.git/info/exclude
# main moves on after the fork: its change is not the branch's
git checkout -q main && scan_file mainonly.cpp MainOnly && git add mainonly.cpp &&
  git commit -qm "main only" && git checkout -q feature

expect_rc 1 "$DDBLINT" --extensions .tmp.cpp .
has "$T/out" "'Old'"; has "$T/out" "'Kept'"; has "$T/out" "'Untracked'"; has "$T/out" "'KeepTmp'"
lacks "$T/out" "'Ignored'"; lacks "$T/out" "'DropTmp'"; lacks "$T/out" "'SubDropTmp'"; lacks "$T/out" "'Excluded'"
has "$T/out" "billing-mode-conflict"

expect_rc 1 "$DDBLINT" --extensions .tmp.cpp --diff-base main .
has "$T/out" "'NewTable'"                # the changed line, committed on the branch
lacks "$T/out" "'Old'"; lacks "$T/out" "'Kept'" # unchanged lines
has "$T/out" "'Untracked'"; has "$T/out" "'KeepTmp'"   # untracked: every line
lacks "$T/out" "'MainOnly'"              # not in the work tree
has "$T/out" "billing-mode-conflict"     # a template's changed line
has "$T/out" "on unchanged lines"
# the same through the SARIF log and JSON
expect_rc 1 "$DDBLINT" --diff-base main --format json .
has "$T/out" "NewTable"; lacks "$T/out" "'Old'"
# HEAD itself: the committed change is no longer a change
expect_rc 1 "$DDBLINT" --diff-base HEAD .
lacks "$T/out" "'NewTable'"; has "$T/out" "'Untracked'"
# nothing changed: no finding, exit 0
git stash -qa
expect_rc 0 "$DDBLINT" --diff-base HEAD .
lacks "$T/out" "'Old'"
git stash pop -q

# exit 2
expect_rc 2 "$DDBLINT" --diff-base no-such-branch .
has "$T/err" "--diff-base 'no-such-branch': no such revision"
expect_rc 2 "$DDBLINT" --diff-base main --write-baseline b.json .
has "$T/err" "cannot be used together"
mkdir "$T/outside" && cd "$T/outside" && scan_file x.cpp X
expect_rc 2 "$DDBLINT" --diff-base main .
has "$T/err" "is not in a git work tree"
# outside a work tree the walk has no ignore rules
printf 'x.cpp\n' >.gitignore
expect_rc 1 "$DDBLINT" .
has "$T/out" "'X'"
cd "$T/repo" || exit 2

# hostile configuration: nothing it names runs
cat >"$T/evil" <<EOT
#!/bin/sh
touch "$T/ran-\$\$"
EOT
chmod +x "$T/evil"
git config core.fsmonitor "$T/evil"
git config filter.evil.clean "$T/evil"
git config filter.evil.smudge "$T/evil"
git config filter.evil.required true
git config diff.evil.textconv "$T/evil"
git config diff.evil.command "$T/evil"
printf '*.cpp filter=evil diff=evil\n*.yaml filter=evil diff=evil\n' >.gitattributes
expect_rc 1 "$DDBLINT" --diff-base main .
has "$T/out" "'NewTable'"
if ls "$T"/ran-* >/dev/null 2>&1; then fail "a program the repository names ran"; else
  ok "nothing the repository names ran"; fi
finish
