#!/bin/sh
# new-user.sh - what a new user met first (issue 28): the messages of a
# missing output directory and of a missing SARIF log to merge name the
# problem once; a mistyped option gets a "did you mean"; every SARIF rule
# has a name; the help links of the SARIF rules climb no "../"; the
# pre-commit `rev:` and the help-base refs of the docs exist in the
# repository.
. "$(dirname "$0")/lib.inc"
scan_file src/a.cpp

# -o into a directory that does not exist says so
expect_rc 2 "$DDBLINT" -o "$T/missing/dir/x.sarif" --format sarif src
has err "no such directory '$T/missing/dir'"
lacks err "temporary file"
expect_rc 2 "$DDBLINT" --sarif "$T/missing/x.sarif" src
has err "no such directory '$T/missing'"

# merge-sarif names a missing log once
expect_rc 2 "$DDBLINT" merge-sarif -o merged.sarif "$T/nope.sarif"
has err "$T/nope.sarif: cannot open: No such file or directory"
[ "$(grep -o "nope.sarif" "$T/err" | wc -l)" -eq 1 ] && ok "the missing log is named once" \
  || fail "the missing log is named $(grep -o "nope.sarif" "$T/err" | wc -l) times"

# did you mean, for options
expect_rc 2 "$DDBLINT" --fial-on warning src
has err "unknown option '--fial-on'; did you mean '--fail-on'?"
expect_rc 2 "$DDBLINT" --sarif-help-bse=x src
has err "did you mean '--sarif-help-base'?"
expect_rc 2 "$DDBLINT" --zzzzzz src
lacks err "did you mean"

# every rule has a name (not its id), and no help link climbs out of docs/checks/
expect_rc 1 "$DDBLINT" --format sarif -o out.sarif src
python3 - out.sarif <<'EOT' && ok "every SARIF rule has a name" || fail "a SARIF rule lacks a name"
import json, sys
rules = json.load(open(sys.argv[1]))["runs"][0]["tool"]["driver"]["rules"]
bad = [r["id"] for r in rules if not r.get("name") or r["name"].lower() == r["id"].lower()]
assert not bad, bad
EOT
lacks out.sarif "docs/checks/../"
has out.sarif "https://github.com/ddblint/ddblint/blob/main/docs/rules-file.md"

# The docs' pre-commit `rev:` and help-base refs exist in this repository
# (a fresh clone has them: no tag is assumed).
if git -C "$SRC" rev-parse --git-dir >/dev/null 2>&1; then
  grep -ohE '^ *rev: [^ ]+' "$SRC"/docs/*.md "$SRC/README.md" | awk '{print $2}' >refs.txt
  grep -ohE 'github\.com/ddblint/ddblint/blob/[^/$"]+/' "$SRC"/docs/*.md "$SRC/README.md" \
    | sed 's|.*/blob/||; s|/$||' >>refs.txt
  [ -s refs.txt ] || fail "no rev: or blob/ ref found in the docs"
  shallow=$(git -C "$SRC" rev-parse --is-shallow-repository 2>/dev/null)
  sort -u refs.txt | while read -r ref; do
    # main is the default branch; a shallow clone may lack an older commit
    if [ "$ref" = main ] || git -C "$SRC" rev-parse -q --verify "$ref^{commit}" >/dev/null ||
       { [ "$shallow" = true ] && printf '%s' "$ref" | grep -qE '^[0-9a-f]{40}$'; }; then
      echo "ok: the docs' ref '$ref' exists"
    else
      echo "FAIL: the docs name '$ref', which this repository does not have"; echo x >>bad-refs
    fi
  done
  [ ! -e bad-refs ] || fail "the docs name refs the repository lacks"
else
  ok "not a git checkout: the docs' refs are not checked"
fi
# A binary that finds no stub headers says so once, on stderr and in SARIF,
# unless --no-stub-headers (a copy of the binary with no share/ beside it).
mkdir -p lone/bin && cp "$DDBLINT" lone/bin/ddblint
# (an installed ddblint would give the copy its stubs: nothing to test then)
for d in /usr/local/share/ddblint/include /usr/share/ddblint/include; do
  [ ! -d "$d" ] || { ok "$d is installed: the lone binary's warning is not tested"; finish; }
done
(unset DDBLINT_STUB_DIR; cd "$T" && lone/bin/ddblint --no-cache --format sarif -o lone.sarif src \
  >out 2>err; echo $? >rc)
has err "warning: the stub headers are not found"
[ "$(grep -c "stub headers are not found" err)" -eq 1 ] && ok "said once" || fail "not said once"
has lone.sarif "stub-headers-missing"
(unset DDBLINT_STUB_DIR; cd "$T" && lone/bin/ddblint --no-cache --no-stub-headers src >out 2>err)
lacks err "stub headers"
DDBLINT_STUB_DIR="$T/none" "$DDBLINT" --no-cache src >out 2>err
has err "the stub headers are not found (looked in \$DDBLINT_STUB_DIR, $T/none)"

finish
