#!/bin/sh
# lazy-libclang.sh - libclang is loaded when a file is parsed and only then
# (src/frontend/libclang.h): --version, --list-checks and a warm re-run that
# the result cache answers whole (with compile_commands.json too: the
# database's answers are kept in the cache directory) load no
# libclang, while a cold run does; glibc's dynamic linker names every object
# it loads, dlopen()ed ones included, under LD_DEBUG=files. A copy of the
# executable whose libclang names are spoiled runs what needs no parse and
# says, for what does, which library it could not load (no crash).
. "$(dirname "$0")/lib.inc"
C="$T/cache"
mkdir -p p/src
scan_file p/src/a.cpp Orders
scan_file p/src/b.cpp Users

# loads NAME CMD...: run CMD under LD_DEBUG=files (its output to $T/NAME.*);
# true when the dynamic linker loaded a libclang object
loads() {
  name=$1; shift
  LD_DEBUG=files "$@" >"$T/$name.out" 2>"$T/$name.err"
  echo "exit $?" >>"$T/$name.out"
  grep -E 'file=[^ ]*libclang' "$T/$name.err" >/dev/null
}
loaded() { if loads "$@"; then ok "$1 loads libclang"; else fail "$1 loads no libclang"; fi; }
not_loaded() {
  if loads "$@"; then
    fail "$1 loads libclang"; grep -E 'file=[^ ]*libclang' "$T/$1.err" | sed 's/^/  | /'
  else ok "$1 loads no libclang"; fi
}

# the dynamic linker does report its loads here (else nothing below means anything)
LD_DEBUG=files "$DDBLINT" --version >/dev/null 2>"$T/ld.err"
grep -q 'file=' "$T/ld.err" && ok "LD_DEBUG=files names loaded objects" ||
  fail "LD_DEBUG=files says nothing"

not_loaded version "$DDBLINT" --version
has "$T/version.out" "exit 0"
not_loaded list-checks "$DDBLINT" --list-checks
has "$T/list-checks.out" "exit 0"

cd p || exit 2
loaded cold "$DDBLINT" -j 2 --cache-dir "$C" --cache-stats .
has "$T/cold.err" "0 of 2 files from the result cache"
not_loaded warm "$DDBLINT" -j 2 --cache-dir "$C" --cache-stats .
has "$T/warm.err" "2 of 2 files from the result cache"
if cmp -s "$T/cold.out" "$T/warm.out"; then ok "warm prints what cold printed"; else
  fail "warm differs from cold"; diff "$T/cold.out" "$T/warm.out" | sed 's/^/  /'; fi
loaded no-cache "$DDBLINT" -j 1 --no-cache .
# one file edited: it is parsed, so libclang is loaded
scan_file src/b.cpp Customers
loaded one-edit "$DDBLINT" -j 2 --cache-dir "$C" --cache-stats .
has "$T/one-edit.err" "1 of 2 files from the result cache"

# with a compilation database (-p): the same
d=$(pwd)
cat >compile_commands.json <<EOT
[{"directory": "$d", "file": "src/a.cpp", "command": "c++ -std=c++17 -DX=1 -c src/a.cpp"},
 {"directory": "$d", "file": "src/b.cpp", "arguments": ["c++", "-std=c++17", "-c", "src/b.cpp"]}]
EOT
loaded cold-p "$DDBLINT" -j 2 --cache-dir "$C" --cache-stats -p . .
has "$T/cold-p.err" "0 of 2 files from the result cache"
# libclang's answers for the database are kept (src/cli/compdb_memo.h)
not_loaded warm-p "$DDBLINT" -j 2 --cache-dir "$C" --cache-stats -p . .
has "$T/warm-p.err" "2 of 2 files from the result cache"
if cmp -s "$T/cold-p.out" "$T/warm-p.out"; then ok "warm-p prints what cold-p printed"; else
  fail "warm-p differs from cold-p"; diff "$T/cold-p.out" "$T/warm-p.out" | sed 's/^/  /'; fi
# a file the memo does not know: libclang answers for it
scan_file src/c.cpp Carts
loaded new-file-p "$DDBLINT" -j 2 --cache-dir "$C" --cache-stats -p . .
has "$T/new-file-p.err" "2 of 3 files from the result cache"
not_loaded new-file-p-warm "$DDBLINT" -j 2 --cache-dir "$C" --cache-stats -p . .
has "$T/new-file-p-warm.err" "3 of 3 files from the result cache"
# the database's digest is remembered with its stamp once the stamp has
# settled (src/cli/cache_files.h: the digest memo), so that a warm run does
# not read and hash it; the edit below changes the stamp, and the new bytes
# are hashed again
sleep 3
not_loaded settled-p "$DDBLINT" -j 2 --cache-dir "$C" --cache-stats -p . .
has "$T/settled-p.err" "3 of 3 files from the result cache"
grep -q "\"$d/compile_commands.json\"" "$C/digests-2" &&
  ok "the database's digest is remembered" || fail "the database's digest is not remembered"
# a changed database is another memo, and its flags reach the parse
sed 's/-DX=1/-DX=2/' compile_commands.json >db.tmp && mv db.tmp compile_commands.json
loaded changed-db "$DDBLINT" -j 2 --cache-dir "$C" --cache-stats -p . .
# (a.cpp's flags changed; c.cpp, in no entry, takes libclang's guess from a neighbour's)
lacks "$T/changed-db.err" "3 of 3 files from the result cache"
# a memo whose content does not match its digest is not trusted
for f in "$C"/compdb/*.memo; do sed 's/-DX=2/-DX=3/' "$f" >"$f.tmp" && mv "$f.tmp" "$f"; done
loaded corrupt-memo "$DDBLINT" -j 2 --cache-dir "$C" --cache-stats -p . .
has "$T/corrupt-memo.err" "3 of 3 files from the result cache"
grep -q -- '-DX=3' "$C"/compdb/*.memo && fail "the altered memo was kept" || ok "the memo was rewritten"
# so is a truncated one; the rewritten memo answers the next run alone
for f in "$C"/compdb/*.memo; do head -c 120 "$f" >"$f.tmp" && mv "$f.tmp" "$f"; done
loaded truncated-memo "$DDBLINT" -j 2 --cache-dir "$C" --cache-stats -p . .
has "$T/truncated-memo.err" "3 of 3 files from the result cache"
not_loaded rewritten-memo "$DDBLINT" -j 2 --cache-dir "$C" --cache-stats -p . .
has "$T/rewritten-memo.err" "3 of 3 files from the result cache"
# a digest memo that is not JSON is ignored, and written again whole
printf 'not json' >"$C/digests-2"
not_loaded damaged-digests "$DDBLINT" -j 2 --cache-dir "$C" --cache-stats -p . .
has "$T/damaged-digests.err" "3 of 3 files from the result cache"
grep -q '"/proc/self/exe"' "$C/digests-2" && ok "the digest memo was rewritten" ||
  fail "the digest memo was not rewritten"
# the memos are bounded: 20 more contents of the database leave the 16 most
# recently used
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
  sed "s/-DX=[0-9]*/-DX=1$i/" compile_commands.json >db.tmp && mv db.tmp compile_commands.json
  "$DDBLINT" -j 2 --cache-dir "$C" -p . src/a.cpp >/dev/null 2>&1
done
n=$(ls "$C"/compdb/*.memo | wc -l | tr -d ' ')
[ "$n" = 16 ] && ok "16 memos kept" || fail "$n memos kept, expected 16"
grep -q -- '-DX=120' "$C"/compdb/*.memo && ok "the newest memo is kept" ||
  fail "the newest memo went"

# a copy whose libclang path and soname name no file
mkdir -p "$T/broken/bin"
perl -pe 's/libclang(?=[-.][^\0]*\.so)/libclanX/g' "$DDBLINT" >"$T/broken/bin/ddblint"
chmod +x "$T/broken/bin/ddblint"
ln -s "$(cd "$(dirname "$DDBLINT")/../share" && pwd)" "$T/broken/share"
expect_rc 0 "$T/broken/bin/ddblint" --version
expect_rc 2 "$T/broken/bin/ddblint" --no-cache src/a.cpp
has "$T/err" "ddblint: cannot load libclang: "
has "$T/err" "libclanX"
lacks "$T/err" "no result"
# with the cache, the workers find out at their first parse: each file
# fails by name, the run is incomplete
expect_rc 3 "$T/broken/bin/ddblint" --cache-dir "$T/cache2" src/a.cpp
has "$T/err" "cannot load libclang: "
lacks "$T/err" "no result"
finish
