#!/bin/sh
# prefilter-memo.sh - the prefilter's verdicts kept between runs
# (src/cli/prefilter_memo.h): a second run with nothing changed does not
# scan again the files that cannot hold a request (--cache-stats counts
# them as remembered), and anything their verdict rests on changing makes
# them scanned again: the file's text (also when an edit keeps its size and
# modification time), a project header it includes, a header created in an
# earlier include directory, the rules' declared wrappers (trigger words),
# the compile arguments; a corrupt memo is ignored and rewritten; --no-cache
# and --no-prefilter keep none.
. "$(dirname "$0")/lib.inc"
C="$T/cache"
mkdir -p p/src p/inc1 p/inc2
scan_file p/src/a.cpp Orders
# scan_call FILE TABLE CALL: a function sending a Scan of TABLE through CALL
scan_call() {
  cat >>"$1" <<EOT

void scan_$2(Aws::DynamoDB::DynamoDBClient &client)
{
        Aws::DynamoDB::Model::ScanRequest req;
        req.SetTableName("$2");
        $3;
}
EOT
}
for f in plain plain2 plain3 plain4; do
  printf '#include <aws/dynamodb/DynamoDBClient.h>\n' >p/src/$f.cpp
done
printf '#include "util.h"\n' >>p/src/plain3.cpp
printf '#include "shadow.h"\n' >>p/src/plain4.cpp
printf 'int helper(int x) { return x + 1; }\n' >>p/src/plain.cpp
scan_call p/src/plain2.cpp Touched 'client.Sxan(req)'
scan_call p/src/plain3.cpp Header 'SEND3(client, req)'
scan_call p/src/plain4.cpp Shadow 'SEND4(client, req)'
printf '#pragma once\n#define SEND3(c, r) (void)0\n' >p/inc2/util.h
printf '#pragma once\n#define SEND4(c, r) (void)0\n' >p/inc2/shadow.h
printf 'version: 1\n' >p/.ddblint.yaml
cd p || exit 2
# a stamp is kept only for a file unchanged for 2 s before the run
sleep 3

# run NAME [ARGS...]: ddblint on the project with the cache, output to
# $T/NAME.out, the cache's counts to $T/NAME.err
run() {
  n=$1; shift
  "$DDBLINT" -j 2 --cache-dir "$C" --cache-stats --extra-arg=-Iinc1 --extra-arg=-Iinc2 "$@" \
    src >"$T/$n.out" 2>"$T/$n.err"
  echo "exit $?" >>"$T/$n.out"
}
same() {
  if cmp -s "$T/$1.out" "$T/$2.out"; then ok "$2 prints what $1 printed"; else
    fail "$2 differs from $1"; diff "$T/$1.out" "$T/$2.out" | sed 's/^/  /'; fi
}

run cold
has "$T/cold.out" "Orders"
has "$T/cold.err" "4 files skipped: no DynamoDB client use (0 remembered)"
ls "$C"/prefilter-1/*.memo >/dev/null 2>&1 && ok "a memo file" || fail "no memo file in $C/prefilter-1"
run warm
same cold warm
has "$T/warm.err" "4 files skipped: no DynamoDB client use (4 remembered)"
# the in-process path (-j 1) asks the same memo
"$DDBLINT" -j 1 --cache-dir "$C" --cache-stats --extra-arg=-Iinc1 --extra-arg=-Iinc2 src \
  >"$T/j1.out" 2>"$T/j1.err"
has "$T/j1.err" "(4 remembered)"

# the file's text: a request added
scan_call src/plain.cpp Edited 'client.Scan(req)'
run edit
has "$T/edit.out" "Edited"
has "$T/edit.err" "3 files skipped: no DynamoDB client use (3 remembered)"

# an edit that keeps the size, the inode and the modification time (as
# `touch -r` leaves them) changes the status-change time
touch -r src/plain2.cpp "$T/ref"
sed 's/Sxan/Scan/' src/plain2.cpp >"$T/plain2.tmp"
cat "$T/plain2.tmp" >src/plain2.cpp
touch -r "$T/ref" src/plain2.cpp
run touched
has "$T/touched.out" "Touched"
has "$T/touched.err" "2 files skipped: no DynamoDB client use (2 remembered)"

# a project header it includes: edited
printf '#pragma once\n#define SEND3(c, r) c.Scan(r)\n' >inc2/util.h
run header
has "$T/header.out" "Header"
has "$T/header.err" "1 file skipped: no DynamoDB client use (1 remembered)"

# a header of the same name created in an earlier -I directory
printf '#pragma once\n#define SEND4(c, r) c.Scan(r)\n' >inc1/shadow.h
run shadow
has "$T/shadow.out" "Shadow"
has "$T/shadow.err" "0 files skipped: no DynamoDB client use (0 remembered)"

# back to files that cannot hold a request, settled, remembered
printf '#pragma once\n#define SEND4(c, r) (void)0\n' >inc1/shadow.h
printf '#pragma once\n#define SEND3(c, r) (void)0\n' >inc2/util.h
sed 's/client.Scan(req)/client.Sxan(req)/' src/plain2.cpp >"$T/plain2.tmp"
cat "$T/plain2.tmp" >src/plain2.cpp
printf '#include <aws/dynamodb/DynamoDBClient.h>\nint helper(int x) { return x + 1; }\n' \
  >src/plain.cpp
scan_call src/plain.cpp Wrapped 'fetch_all(client, req)'
sleep 3
run again
has "$T/again.err" "4 files skipped: no DynamoDB client use (0 remembered)"
run again2
same again again2
has "$T/again2.err" "4 files skipped: no DynamoDB client use (4 remembered)"

# the compile arguments: another -D is another key
run define --extra-arg=-DEXTRA=1
has "$T/define.err" "4 files skipped: no DynamoDB client use (0 remembered)"
run define2 --extra-arg=-DEXTRA=1
has "$T/define2.err" "(4 remembered)"
# a -D that spells a client call: scanned, and parsed
run defsend --extra-arg=-DEXTRA=client.Scan
has "$T/defsend.err" "0 files skipped: no DynamoDB client use (0 remembered)"

# the rules' declared wrappers are trigger words: fetch_all declared, the
# file that calls it is scanned again, and parsed
cat >.ddblint.yaml <<'EOT'
version: 1
wrappers:
  - match: '^fetch_all$'
    operation: Scan
EOT
run wrappers
has "$T/wrappers.err" "3 files skipped: no DynamoDB client use (0 remembered)"
printf 'version: 1\n' >.ddblint.yaml
run unwrapped
has "$T/unwrapped.err" "(4 remembered)"

# a corrupt memo: ignored (everything scanned again, the same output) and
# rewritten
for m in "$C"/prefilter-1/*.memo; do
  sed 's/^U\t\(.\)/U\tX/' "$m" >"$T/memo.tmp" && cat "$T/memo.tmp" >"$m"
done
run corrupt
same again corrupt
has "$T/corrupt.err" "(0 remembered)"
run rewritten
has "$T/rewritten.err" "(4 remembered)"
# truncated
for m in "$C"/prefilter-1/*.memo; do
  head -c 100 "$m" >"$T/memo.tmp" && cat "$T/memo.tmp" >"$m"
done
run truncated
same again truncated
has "$T/truncated.err" "(0 remembered)"

# --no-cache and --no-prefilter keep none
rm -rf "$C"
"$DDBLINT" -j 2 --cache-dir "$C" --no-cache src >/dev/null 2>&1
[ ! -d "$C/prefilter-1" ] && ok "--no-cache kept no verdict" || fail "--no-cache wrote $C/prefilter-1"
"$DDBLINT" -j 2 --cache-dir "$C" --no-prefilter src >/dev/null 2>&1
[ ! -d "$C/prefilter-1" ] && ok "--no-prefilter kept no verdict" \
  || fail "--no-prefilter wrote $C/prefilter-1"
cd "$T" || exit 2
finish
