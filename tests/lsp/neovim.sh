#!/bin/sh
# neovim.sh - `ddblint lsp` in a real client, Debian's Neovim (0.7.2)
# headless: tests/lsp/neovim.lua opens tests/lsp/orders.cpp (a Scan and a
# reserved word), gets both diagnostics, applies their quick fixes to the unsaved
# buffer and gets its diagnostics. Skipped (77) without nvim.
# Usage: neovim.sh DDBLINT
set -u
ddblint=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
command -v nvim >/dev/null 2>&1 || { echo "nvim not found: skipped"; exit 77; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/.git"
cp "$here/orders.cpp" "$tmp/orders.cpp"
cp "$tmp/orders.cpp" "$tmp/orders.orig"
cd "$tmp" || exit 2
HOME=$tmp XDG_CACHE_HOME=$tmp/cache XDG_STATE_HOME=$tmp/state DDBLINT="$ddblint" \
  DDBLINT_NVIM_TEST=1 timeout 300 nvim --headless -n -u NONE -i NONE \
  -c "luafile $here/neovim.lua" orders.cpp >"$tmp/out" 2>&1
rc=$?
cat "$tmp/out"
cmp -s orders.cpp orders.orig || { echo "FAIL: the file on disk was changed"; rc=1; }
grep -q '^FAIL' "$tmp/out" && rc=1
grep -q '^PASS: nothing left' "$tmp/out" || rc=1
exit $rc
