#!/bin/sh
# signals.sh - outputs are checked before the analysis starts, and the
# temporary files beside -o and --sarif targets are removed when ddblint
# is killed by SIGINT, SIGTERM or SIGHUP, with exit status 128+signal.
. "$(dirname "$0")/lib.inc"
for i in 1 2 3 4 5 6; do scan_file "src/f$i.cpp" "T$i"; done

# An unwritable output is an error before any analysis: no finding printed.
expect_rc 2 "$DDBLINT" --sarif /nonexistent/dir/out.sarif src
has err "/nonexistent/dir/out.sarif: cannot write it: no such directory '/nonexistent/dir'"
lacks out "[scan]"
expect_rc 2 "$DDBLINT" -o report.json --format json src/f1.cpp --write-baseline /nonexistent/b.json
has err "/nonexistent/b.json"
[ ! -e report.json ] && ok "no -o file after a failed start" || fail "-o file written"
[ -z "$(ls -a | grep '^\.report')" ] && ok "its temporary file removed" || fail "temporary left"
mkdir adir
expect_rc 2 "$DDBLINT" -o adir src
has err "adir: is a directory"

# Standard output on a full device: exit 2 and the reason, for the findings
# and for the dumped requests.
if [ -w /dev/full ]; then
  expect_rc 2 sh -c 'exec "$0" "$@" >/dev/full' "$DDBLINT" src/f1.cpp
  has err "ddblint: error: cannot write the text report"
  expect_rc 2 sh -c 'exec "$0" "$@" >/dev/full' "$DDBLINT" dump-requests src/f1.cpp
  has err "ddblint: error: cannot write the requests"
fi

# Output into a pipe whose reader has gone: SIGPIPE ends the run as it ends
# cat or grep (exit 141), with nothing on stderr and no temporary left.
rm -f rc.txt
python3 -c 'import signal, subprocess, sys
signal.signal(signal.SIGPIPE, signal.SIG_DFL)
r, w = __import__("os").pipe()
__import__("os").close(r)
p = subprocess.run(sys.argv[1:], stdout=w, stderr=open("pipe.err", "w"))
open("rc.txt", "w").write(str(p.returncode))' "$DDBLINT" -j1 src
[ "$(cat rc.txt)" = -13 ] && ok "closed pipe: killed by SIGPIPE (exit 141 in a shell)" \
  || fail "closed pipe: returncode $(cat rc.txt), expected -13 (SIGPIPE)"
[ ! -s pipe.err ] && ok "closed pipe: nothing on stderr" || fail "closed pipe: stderr $(cat pipe.err)"

# Killed in the middle of the analysis (--no-cache: each run parses): the
# temporaries go, the status is
# the signal's.
for pair in TERM:15 INT:2 HUP:1; do
  sig=${pair%:*}
  rm -f .out.* .res.* out.sarif res.sarif
  # A shell starts background jobs with SIGINT ignored (and ddblint keeps an
  # ignored signal ignored, as nohup wants): start it with the defaults.
  python3 -c 'import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP): signal.signal(s, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$DDBLINT" -j1 --no-cache --format sarif -o out.sarif --sarif res.sarif src \
    >/dev/null 2>&1 &
  pid=$!
  n=0
  while [ "$(ls -a | grep -c '^\.out\.sarif\.\|^\.res\.sarif\.')" -lt 2 ] && [ $n -lt 200 ]; do
    sleep 0.05; n=$((n + 1))
  done
  [ $n -lt 200 ] && ok "temporary files exist during the run" || fail "no temporary files seen"
  kill -s $sig $pid
  wait $pid
  rc=$?
  want=$((128 + ${pair#*:}))
  [ $rc -eq $want ] && ok "SIG$sig: exit $rc" || fail "SIG$sig: exit $rc, expected $want"
  left=$(ls -a | grep '^\.out\|^\.res' || true)
  [ -z "$left" ] && ok "SIG$sig: no temporary file left" || fail "SIG$sig: left $left"
  [ ! -e out.sarif ] && [ ! -e res.sarif ] && ok "SIG$sig: no half-written output" \
    || fail "SIG$sig: an output was written"
done
finish
