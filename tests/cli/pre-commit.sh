#!/bin/sh
# pre-commit.sh - Debian's pre-commit runs the hook of .pre-commit-hooks.yaml
# against a temporary repository: a clean commit goes through, a commit
# that adds a finding is refused with the finding printed. No network: the
# hook repository is a local git repository holding this tree's
# .pre-commit-hooks.yaml, and the hook is `language: system`.
. "$(dirname "$0")/lib.inc"
command -v pre-commit >/dev/null 2>&1 || { fail "pre-commit is missing (tools/install-deps)"; finish; }
export PATH="$(dirname "$DDBLINT"):$PATH"
export PRE_COMMIT_HOME="$T/cache" GIT_CONFIG_NOSYSTEM=1 HOME="$T"
git config --global user.email test@example.com
git config --global user.name test
git config --global init.defaultBranch main

# The hook repository.
mkdir hooks && cp "$SRC/.pre-commit-hooks.yaml" hooks/
(cd hooks && git init -q && git add . && git commit -qm hooks) || fail "hook repository"
rev=$(git -C hooks rev-parse HEAD)

# The project using it.
mkdir project && cd project || exit 2
git init -q
cat >.pre-commit-config.yaml <<EOT
repos:
  - repo: $T/hooks
    rev: $rev
    hooks:
      - id: ddblint
        args: [--fail-on, warning]
EOT
cat >store.cpp <<'EOT'
#include <aws/dynamodb/DynamoDBClient.h>
void get(Aws::DynamoDB::DynamoDBClient &client)
{
        Aws::DynamoDB::Model::GetItemRequest req;
        req.SetTableName("Orders");
        client.GetItem(req);
}
EOT
printf '# notes\n' >README.md
pre-commit install >/dev/null || fail "pre-commit install"
git add . && git commit -qm "clean" >"$T/clean.log" 2>&1
[ $? -eq 0 ] && ok "a clean commit goes through" || { fail "clean commit refused"; cat "$T/clean.log"; }
has "$T/clean.log" "ddblint (DynamoDB access patterns)"
has "$T/clean.log" "Passed"

scan_file report.cpp
git add report.cpp
git commit -qm "adds a Scan" >"$T/scan.log" 2>&1
[ $? -ne 0 ] && ok "a commit with a finding is refused" || fail "commit with a Scan went through"
has "$T/scan.log" "Failed"
has "$T/scan.log" "report.cpp:7:9: warning: Scan of table 'Orders'"
lacks "$T/scan.log" "store.cpp"     # only the staged files are analysed
[ "$(git log --oneline | wc -l)" -eq 1 ] && ok "nothing committed" || fail "committed anyway"

# A non-C change does not run ddblint at all (types_or: [c, c++]).
git reset -q report.cpp
printf 'more\n' >>README.md
git add README.md
git commit -qm "docs" >"$T/docs.log" 2>&1 && ok "a non-C commit goes through" || fail "docs commit"
has "$T/docs.log" "(no files to check)Skipped"
finish
