#!/bin/sh
# progress.sh - a "[n/N] path" progress line on a terminal when the run is
# long, never in a pipe or a file, not with --quiet; findings are
# streamed in file order, byte-identical whatever -j.
. "$(dirname "$0")/lib.inc"
# Enough files that the run outlasts the line's half-second delay on any
# machine (each is a libclang parse: --no-cache, or the result cache would
# answer), so the test does not depend on speed.
files="01 02 03 04 05 06 07 08 09 10 11 12"
for i in $files; do scan_file "src/f$i.cpp" "T$i"; done

# A pipe: no progress line, nothing but findings and the summary.
"$DDBLINT" -j1 src >pipe.out 2>pipe.err
lacks pipe.err "/12]"
lacks pipe.out "/12]"
# A terminal (script(1) gives the command a pseudo-terminal).
if command -v script >/dev/null 2>&1; then
  script -qec "'$DDBLINT' -j1 --no-cache src" /dev/null >tty.out 2>&1
  has tty.out "[12/12] src/f12.cpp"
  has tty.out "Scan of table 'T12'"
  script -qec "'$DDBLINT' -j1 --no-cache --quiet src" /dev/null >quiet.out 2>&1
  lacks quiet.out "/12]"
  TERM=dumb script -qec "'$DDBLINT' -j1 --no-cache src" /dev/null >dumb.out 2>&1
  lacks dumb.out "/12]"
else
  fail "script(1) is missing (bsdutils)"
fi
# Streamed in file order, the same bytes whatever -j.
"$DDBLINT" -j1 src >j1.out 2>&1; "$DDBLINT" -j3 src >j3.out 2>&1; "$DDBLINT" -j4 src >j4.out 2>&1
cmp -s j1.out j3.out && cmp -s j1.out j4.out && ok "identical with -j1, -j3, -j4" \
  || fail "output depends on -j"
grep -o "T[0-9][0-9]'" j1.out | tr -d "'\n" >order.txt
[ "$(cat order.txt)" = "$(printf 'T%s' $files)" ] && ok "file order" || fail "order $(cat order.txt)"
finish
