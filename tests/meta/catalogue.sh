#!/bin/sh
# catalogue.sh - every check of src/checks/checks.def is wired: unique id, a
# source file defining dl_check_<ident>, a docs page whose first line is the
# summary, a fixture directory with at least one expect: and one ok:, a cmocka
# test; and docs/checks/index.md is what tools/gen-check-index prints.
# Prints "N passed, M failed" and exits 1 on any failure.
set -u
root=${DL_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root" || exit 2
pass=0; fail=0
ok()  { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
lines=$(grep '^DL_CHECK(' src/checks/checks.def)
[ -n "$lines" ] || bad "no DL_CHECK line in checks.def"
dups=$(printf '%s\n' "$lines" | sed 's/^DL_CHECK([a-z_]*, "\([^"]*\)".*/\1/' | sort | uniq -d)
[ -z "$dups" ] && ok || bad "duplicate check ids: $dups"
printf '%s\n' "$lines" | sed 's/^DL_CHECK(\([a-z_]*\), "\([^"]*\)", "\([^"]*\)".*/\1|\2|\3/' > /tmp/ddblint-meta.$$
while IFS='|' read -r ident id summary; do
  [ "$(printf '%s' "$id" | tr - _)" = "$ident" ] && ok || bad "$id: C identifier '$ident' is not the id with '_' for '-'"
  grep -q "^const struct dl_check dl_check_$ident = {" "src/checks/$ident.c" 2>/dev/null && ok ||
    bad "$id: src/checks/$ident.c does not define dl_check_$ident"
  page="docs/checks/$id.md"
  if [ -f "$page" ]; then
    first=$(grep -v '^#' "$page" | grep -v '^[[:space:]]*$' | head -n 1)
    case "$first" in
      "$summary."|"$summary") ok ;;
      *) bad "$id: first sentence of $page is not the catalogue summary: '$first'" ;;
    esac
    for h in "## Why it matters" "## Examples" "## Options" "## Limitations"; do
      grep -q "^$h" "$page" && ok || bad "$id: $page has no '$h' section"
    done
  else
    bad "$id: no docs page $page"
  fi
  dir="tests/fixtures/checks/$id"
  if [ -d "$dir" ]; then
    grep -rqE '(//|#)[[:space:]]*expect(\(col=[0-9]+\))?:[[:space:]]*'"$id"'([[:space:]:]|$)' "$dir" && ok ||
      bad "$id: no 'expect: $id' fixture in $dir"
    grep -rqE '(//|#)[[:space:]]*ok:[[:space:]]*'"$id"'[[:space:]]*$' "$dir" && ok ||
      bad "$id: no 'ok: $id' fixture in $dir"
  else
    bad "$id: no fixture directory $dir"
  fi
  [ -f "tests/checks/test_$ident.c" ] && ok || bad "$id: no cmocka test tests/checks/test_$ident.c"
done < /tmp/ddblint-meta.$$
rm -f /tmp/ddblint-meta.$$
if sh tools/gen-check-index | cmp -s - docs/checks/index.md; then ok; else
  bad "docs/checks/index.md is stale: run tools/gen-check-index > docs/checks/index.md"; fi
echo "catalogue: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
