#!/bin/sh
# result-cache.sh - each file's results kept between runs
# (src/cli/result_cache.h): a warm run prints what a cold one printed and
# parses nothing; an edit of a file, of a header it reads or of the rules
# parses again what it changes and only that; an entry that is corrupt,
# truncated, of another version or build or left half-written by another process is
# ignored and rewritten; concurrent runs on one cache agree; the size is
# bounded, least recently used first; a header's edit that keeps its size
# and modification time is seen; --no-cache reads and keeps nothing.
. "$(dirname "$0")/lib.inc"
C="$T/cache"
mkdir -p p/src p/include
scan_file p/src/a.cpp Orders
scan_file p/src/b.cpp Users
cat >p/include/names.h <<'EOT'
#pragma once
#define TABLE "Items"
EOT
cat >p/src/c.cpp <<'EOT'
#include <aws/dynamodb/DynamoDBClient.h>
#include "../include/names.h"

void all_items(Aws::DynamoDB::DynamoDBClient &client)
{
        Aws::DynamoDB::Model::ScanRequest req;
        req.SetTableName(TABLE);
        client.Scan(req);
}
EOT
cd p || exit 2

# run NAME: ddblint on the project with the cache, output to $T/NAME.out,
# the cache's count to $T/NAME.err
run() {
  "$DDBLINT" -j 2 --cache-dir "$C" --cache-stats . >"$T/$1.out" 2>"$T/$1.err"
  echo "exit $?" >>"$T/$1.out"
}
# same A B: the outputs of runs A and B are the same
same() {
  if cmp -s "$T/$1.out" "$T/$2.out"; then ok "$2 prints what $1 printed"; else
    fail "$2 differs from $1"; diff "$T/$1.out" "$T/$2.out" | sed 's/^/  /'; fi
}
entries() { find "$C/results" -path "$C/results/lists" -prune -o -type f ! -name '.*' -print | wc -l | tr -d ' '; }

"$DDBLINT" -j 2 --no-cache . >"$T/ref.out" 2>/dev/null
echo "exit $?" >>"$T/ref.out"
has "$T/ref.out" "Items"
run cold
same ref cold
has "$T/cold.err" "0 of 4 files from the result cache"
[ "$(entries)" = 3 ] && ok "3 entries" || fail "$(entries) entries, expected 3"
run warm
same ref warm
has "$T/warm.err" "4 of 4 files from the result cache"

# another build of the same version (one byte more in the executable, its
# share/ beside it as in the build tree) reads none of the first build's entries
mkdir -p "$T/rebuilt/bin"
cp "$DDBLINT" "$T/rebuilt/bin/ddblint" && printf x >>"$T/rebuilt/bin/ddblint"
ln -s "$(cd "$(dirname "$DDBLINT")/../share" && pwd)" "$T/rebuilt/share"
for r in rebuilt rebuilt-warm; do
  "$T/rebuilt/bin/ddblint" -j 2 --cache-dir "$C" --cache-stats . >"$T/$r.out" 2>"$T/$r.err"
  echo "exit $?" >>"$T/$r.out"
  same ref $r
done
has "$T/rebuilt.err" "0 of 4 files from the result cache"
has "$T/rebuilt-warm.err" "4 of 4 files from the result cache"
run warm-again
has "$T/warm-again.err" "4 of 4 files from the result cache"

# a one-file edit parses that file only
sed 's/Orders/Orders2/' src/a.cpp >src/a.tmp && mv src/a.tmp src/a.cpp
run edit
has "$T/edit.out" "Orders2"
lacks "$T/edit.out" "'Orders'"
has "$T/edit.err" "3 of 4 files from the result cache"
# a header's edit: the file that reads it only
sed 's/"Items"/"Things"/' include/names.h >names.tmp && mv names.tmp include/names.h
run header
has "$T/header.out" "Things"
has "$T/header.err" "2 of 4 files from the result cache"
# the rules: every file
printf 'version: 1\nchecks:\n  scan:\n    severity: error\n' >.ddblint.yaml
run rules
has "$T/rules.out" "error: Scan"
has "$T/rules.err" "0 of 4 files from the result cache"
run rules2
same rules rules2
has "$T/rules2.err" "4 of 4 files from the result cache"

# (the header is walked too, as a file the prefilter does not parse)
# bad entries are ignored and rewritten: corrupt, truncated, another
# version, another key's, and a writer's temporary file left behind
# (from a cache holding only the entries of the files as they are now);
# so are entries whose header list (results/lists, shared by entries that
# read the same headers) is damaged, of another version, missing, or under
# another list's name
rm -rf "$C"
run fresh
same rules2 fresh
[ -n "$(find "$C/results/lists" -type f ! -name '.*')" ] && ok "header lists written" ||
  fail "no header list under $C/results/lists"
one=$(find "$C/results" -path "$C/results/lists" -prune -o -type f ! -name '.*' -print | head -1)
damage() {
  for f in $(find "$C/results" -type f ! -name '.*'); do
    case $f in */lists/*) list=1 ;; *) list=0 ;; esac
    case $1 in
    corrupt) sed 's/"line":\([0-9]\)/"line":9\1/' "$f" >"$f.x" ;;
    truncated) head -c 100 "$f" >"$f.x" ;;
    version) sed '1s/.*/ddblint-result-cache 1 0.0.0-other/' "$f" >"$f.x" ;;
    empty) : >"$f.x" ;;
    list-corrupt) if [ $list = 1 ]; then sed '$s/^[0-9a-f]/-/' "$f" >"$f.x"; else cp "$f" "$f.x"; fi ;;
    list-version) if [ $list = 1 ]; then sed '1s/.*/ddblint-header-list 0/' "$f" >"$f.x"; else cp "$f" "$f.x"; fi ;;
    list-truncated) if [ $list = 1 ]; then head -c -30 "$f" >"$f.x"; else cp "$f" "$f.x"; fi ;;
    list-missing) if [ $list = 1 ]; then rm "$f"; continue; else cp "$f" "$f.x"; fi ;;
    esac
    mv "$f.x" "$f"
  done
}
for how in corrupt truncated version empty list-corrupt list-version list-truncated list-missing; do
  damage $how
  run $how
  same rules2 $how
  has "$T/$how.err" "0 of 4 files from the result cache"
  run $how-again
  same rules2 $how-again
  has "$T/$how-again.err" "4 of 4 files from the result cache"
done
# an entry moved under another key is not trusted
other=$(find "$C/results" -path "$C/results/lists" -prune -o -type f ! -name '.*' -print | sed -n 2p)
cp "$one" "$other"
run moved
same rules2 moved
# (the entry overwritten is any of the three: its unit, 1 or 2 files, is
# parsed again)
has "$T/moved.err" "of 4 files from the result cache"
lacks "$T/moved.err" "4 of 4 files from the result cache"
# a whole list under another list's name is not trusted (every entry
# names the list by its seal): swapping the two lists misses both
lists=$(find "$C/results/lists" -type f ! -name '.*' | head -2)
set -- $lists
if [ $# = 2 ]; then
  mv "$1" "$T/list.tmp" && mv "$2" "$1" && mv "$T/list.tmp" "$2"
  run misnamed
  same rules2 misnamed
  lacks "$T/misnamed.err" "4 of 4 files from the result cache"
else
  fail "expected two header lists, found $#"
fi
# a temporary file of a writer (killed, or still writing) is not read
for f in $(find "$C/results" -type f ! -name '.*'); do
  head -c 50 "$f" >"$(dirname "$f")/.$(basename "$f").AbCdEf"
done
run half
same rules2 half
has "$T/half.err" "4 of 4 files from the result cache"

# two runs at once on one cache, from empty: both right, the cache whole
rm -rf "$C"
"$DDBLINT" -j 2 --cache-dir "$C" . >"$T/c1.out" 2>/dev/null &
pid=$!
"$DDBLINT" -j 2 --cache-dir "$C" . >"$T/c2.out" 2>/dev/null
echo "exit $?" >>"$T/c2.out"
wait $pid
echo "exit $?" >>"$T/c1.out"
same rules2 c1
same rules2 c2
run after
same rules2 after
has "$T/after.err" "4 of 4 files from the result cache"

# the bound: with room for about two entries, the least recently used go
size=$(find "$C/results" -type f ! -name '.*' -exec cat {} + | wc -c)
bound=$((size * 2 / 3 + 1))
"$DDBLINT" -j 1 --cache-dir "$C" --cache-size "$bound" src/a.cpp >/dev/null 2>&1
sed 's/Users/Users2/' src/b.cpp >src/b.tmp && mv src/b.tmp src/b.cpp
"$DDBLINT" -j 1 --cache-dir "$C" --cache-size "$bound" --cache-stats src/b.cpp src/a.cpp \
  >/dev/null 2>"$T/bound.err"
has "$T/bound.err" "1 of 2 files from the result cache"
total=$(find "$C/results" -type f ! -name '.*' -exec cat {} + | wc -c)
[ "$total" -le "$bound" ] && ok "cache within its bound ($total <= $bound bytes)" \
  || fail "cache holds $total bytes, bound $bound"
"$DDBLINT" -j 1 --cache-dir "$C" --cache-stats src/a.cpp src/b.cpp >/dev/null 2>"$T/lru.err"
has "$T/lru.err" "2 of 2 files from the result cache"
expect_rc 2 "$DDBLINT" --cache-dir "$C" --cache-size 12X .
has "$T/err" "--cache-size '12X'"

# A header an entry records is not read again while its stamp (size,
# inode, modification and status-change times) is unchanged; an edit that
# keeps its size and modification time (as `touch -r` or `cp -p` leave
# them) changes its status-change time, and is seen. The header is not
# walked (a walked header's content is in its owner's key) and is older
# than 2 s when the entry is written, or no stamp is kept.
mkdir -p "$T/q/src" "$T/q/include"
printf '#pragma once\n#define TABLE "Aaaaa"\n' >"$T/q/include/names.h"
sed 's|"../include/names.h"|"names.h"|' src/c.cpp >"$T/q/src/c.cpp"
touch -d '2020-01-01 00:00:00' "$T/q/include/names.h"
sleep 3
qrun() {
  "$DDBLINT" -j 2 --cache-dir "$T/qcache" --cache-stats --extra-arg=-I"$T/q/include" \
    "$T/q/src" >"$T/$1.out" 2>"$T/$1.err"
}
qrun q1
has "$T/q1.out" "Aaaaa"
tab=$(printf '\t')
if grep -q "names.h$tab[0-9a-f]\{64\}$tab[0-9]" "$T"/qcache/results/*/*; then
  ok "the entry keeps the header's stamp"
else
  fail "no stamp for names.h in the entry"
fi
qrun q2
has "$T/q2.err" "1 of 1 files from the result cache"
sed 's/Aaaaa/Bbbbb/' "$T/q/include/names.h" >"$T/names.tmp"
cat "$T/names.tmp" >"$T/q/include/names.h" # same inode, same size
touch -d '2020-01-01 00:00:00' "$T/q/include/names.h"
qrun q3
has "$T/q3.out" "Bbbbb"
has "$T/q3.err" "0 of 1 files from the result cache"

# --no-cache reads and writes nothing
rm -rf "$C"
"$DDBLINT" -j 2 --cache-dir "$C" --no-cache . >"$T/none.out" 2>/dev/null
echo "exit $?" >>"$T/none.out"
has "$T/none.out" "Users2"
[ ! -d "$C/results" ] && ok "--no-cache kept no result" || fail "--no-cache wrote $C/results"
cd "$T" || exit 2
finish
