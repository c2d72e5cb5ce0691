#!/bin/sh
# vim-ale.sh - `ddblint lsp` in vim with ALE, set up as docs/editors.md says
# (its "vim (ALE)" block, read from the page): Debian's vim and vim-ale,
# headless (vim -es), open tests/lsp/orders.cpp (a Scan and a reserved word)
# in a repository, and ALE's list of the buffer gets both of ddblint's
# diagnostics at their lines (tests/lsp/vim_ale.vim). Skipped (77) without
# vim or ALE.
# Usage: vim-ale.sh DDBLINT
set -u
ddblint=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
command -v vim >/dev/null 2>&1 || { echo "vim not found: skipped"; exit 77; }
vim -N -u NONE -i NONE -es -c 'packadd ale' -c 'runtime autoload/ale/linter.vim' \
  -c 'if !exists("*ale#linter#Define") | cquit | endif' -c 'qall!' </dev/null >/dev/null 2>&1 ||
  { echo "ALE not found (Debian: apt-get install vim-ale): skipped"; exit 77; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/.git" "$tmp/bin"
ln -s "$ddblint" "$tmp/bin/ddblint"
cp "$here/orders.cpp" "$tmp/orders.cpp"
# the page's vimrc, as a user copies it
sed -n '/^## vim (ALE)/,/^## /p' "$src/docs/editors.md" | sed -n '/^```vim$/,/^```$/p' |
  sed '1d;$d' >"$tmp/vimrc"
grep -q 'ale#linter#Define' "$tmp/vimrc" || { echo "FAIL: docs/editors.md has no ALE block"; exit 1; }
# the compiler linters named there are not what is tested
echo "let g:ale_linters = {'c': ['ddblint'], 'cpp': ['ddblint']}" >>"$tmp/vimrc"
echo "syntax on | filetype plugin on" >>"$tmp/vimrc"
cd "$tmp" || exit 2
HOME=$tmp XDG_CACHE_HOME=$tmp/cache PATH="$tmp/bin:$PATH" DDBLINT_ALE_OUT="$tmp/got" \
  timeout 300 vim -N -u "$tmp/vimrc" -i NONE -n -es -c "source $here/vim_ale.vim" orders.cpp \
  </dev/null >"$tmp/out" 2>&1
rc=$?
cat "$tmp/out"
[ -f "$tmp/got" ] || { echo "FAIL: vim wrote nothing (exit $rc)"; exit 1; }
cat "$tmp/got"
fails=0
grep -q '^9:[0-9]* scan W$' "$tmp/got" || { echo "FAIL: no scan warning on line 9"; fails=1; }
grep -q '^16:[0-9]* reserved-word E$' "$tmp/got" || { echo "FAIL: no reserved-word error on line 16"; fails=1; }
[ "$(grep -c '^[0-9]' "$tmp/got")" = 2 ] || { echo "FAIL: not exactly two diagnostics"; fails=1; }
[ $fails = 0 ] && echo "PASS: ALE shows ddblint's two diagnostics"
exit $fails
