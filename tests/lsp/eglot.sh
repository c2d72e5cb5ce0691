#!/bin/sh
# eglot.sh - `ddblint lsp` in Emacs with eglot, set up as docs/editors.md
# says (its "Emacs (eglot)" block, read from the page): Debian's Emacs and
# elpa-eglot, in batch (emacs --batch), open tests/lsp/orders.cpp (a Scan
# and a reserved word), start eglot as M-x eglot does, and flymake gets
# both of ddblint's diagnostics at their lines (tests/lsp/eglot.el).
# Skipped (77) without emacs or eglot.
# Usage: eglot.sh DDBLINT
set -u
ddblint=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
command -v emacs >/dev/null 2>&1 || { echo "emacs not found: skipped"; exit 77; }
emacs --batch -q --eval '(progn (package-initialize) (require (quote eglot)))' >/dev/null 2>&1 ||
  { echo "eglot not found (Debian: apt-get install elpa-eglot): skipped"; exit 77; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/.git" "$tmp/bin"
ln -s "$ddblint" "$tmp/bin/ddblint"
cp "$here/orders.cpp" "$tmp/orders.cpp"
# the page's init file, as a user copies it
sed -n '/^## Emacs (eglot/,/^## /p' "$src/docs/editors.md" | sed -n '/^```elisp$/,/^```$/p' |
  sed '1d;$d' >"$tmp/init.el"
grep -q 'eglot-server-programs' "$tmp/init.el" || { echo "FAIL: docs/editors.md has no eglot block"; exit 1; }
cd "$tmp" || exit 2
HOME=$tmp XDG_CACHE_HOME=$tmp/cache PATH="$tmp/bin:$PATH" DDBLINT_EGLOT_OUT="$tmp/got" \
  timeout 300 emacs --batch -q --eval '(package-initialize)' -l "$tmp/init.el" \
  -l "$here/eglot.el" "$tmp/orders.cpp" </dev/null >"$tmp/out" 2>&1
rc=$?
[ -f "$tmp/got" ] || { cat "$tmp/out"; echo "FAIL: emacs wrote nothing (exit $rc)"; exit 1; }
cat "$tmp/got"
fails=0
grep -q '^9 eglot-warning ddblint \[scan\]: Scan ' "$tmp/got" || { echo "FAIL: no Scan warning on line 9"; fails=1; }
grep -q '^16 eglot-error ddblint \[reserved-word\]: .*reserved keyword: name' "$tmp/got" || { echo "FAIL: no reserved-word error on line 16"; fails=1; }
[ "$(grep -c '^[0-9]' "$tmp/got")" = 2 ] || { echo "FAIL: not exactly two diagnostics"; fails=1; }
[ $fails = 0 ] && echo "PASS: eglot shows ddblint's two diagnostics"
exit $fails
