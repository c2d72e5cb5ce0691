#!/bin/sh
# docs.sh - the reference stays in step with the binary: every option of
# `ddblint --help` is in the man page (docs/ddblint.1) and in README.md, the
# man page renders without groff warnings, and every check has the page
# --explain prints.
. "$(dirname "$0")/lib.inc"
"$DDBLINT" --help >help.txt || fail "--help"
grep -oE -- '--[a-z][a-z-]+' help.txt | sort -u >options.txt
[ "$(wc -l <options.txt)" -gt 20 ] && ok "$(wc -l <options.txt) options in --help" || fail "few options"
while read -r opt; do
  man_opt=$(printf '%s' "$opt" | sed 's/-/\\\\-/g')
  grep -q -- "$man_opt" "$SRC/docs/ddblint.1" && ok "man page has $opt" || fail "man page lacks $opt"
  grep -q -- "$opt" "$SRC/README.md" && ok "README has $opt" || fail "README lacks $opt"
done <options.txt
if command -v groff >/dev/null 2>&1; then
  groff -man -ww -z "$SRC/docs/ddblint.1" >groff.txt 2>&1
  [ ! -s groff.txt ] && ok "groff: no warnings" || { fail "groff warnings"; cat groff.txt; }
else
  fail "groff is missing (groff-base, tools/install-deps)"
fi
"$DDBLINT" --list-checks | awk '{print $1}' >checks.txt
while read -r id; do
  "$DDBLINT" --explain "$id" >page.md 2>&1 && head -1 page.md | grep -qx "# $id" \
    && ok "--explain $id" || fail "--explain $id: $(head -1 page.md)"
done <checks.txt
finish
