#!/bin/sh
# prefilter.sh - files whose text cannot hold a DynamoDB request are not
# parsed (src/recognize/prefilter.h), and that changes no result: on the
# examples and every golden project, a run with the prefilter and one with
# --no-prefilter print the same findings and diagnostics, and on the
# examples the same requests (--dump-requests: no file holding one is left
# unparsed; the fixture and recognizer runners check every fixture file);
# the summary counts the files left out.
. "$(dirname "$0")/lib.inc"
for dir in "$SRC"/examples/* "$SRC"/tests/golden/cases/*/project; do
  [ -d "$dir" ] || continue
  name=${dir#"$SRC"/}
  (cd "$dir" && "$DDBLINT" -j 2 . >"$T/on.out" 2>"$T/on.err"; echo "exit $?" >>"$T/on.out")
  (cd "$dir" && "$DDBLINT" -j 2 --no-prefilter . >"$T/off.out" 2>"$T/off.err"; echo "exit $?" >>"$T/off.out")
  # the summary line may add "; N files skipped: no DynamoDB client use"
  sed 's/; [0-9]* files\{0,1\} skipped: no DynamoDB client use$//' "$T/on.out" >"$T/on.cmp"
  if cmp -s "$T/on.cmp" "$T/off.out" && cmp -s "$T/on.err" "$T/off.err"; then
    ok "$name: same results with and without the prefilter"
  else
    fail "$name: the prefilter changed the results"
    diff "$T/off.out" "$T/on.cmp" | sed 's/^/  /'
    diff "$T/off.err" "$T/on.err" | sed 's/^/  /'
  fi
  case $name in examples/*) ;; *) continue ;; esac
  (cd "$dir" && "$DDBLINT" -j 2 --dump-requests . >"$T/on.req" 2>/dev/null)
  (cd "$dir" && "$DDBLINT" -j 2 --dump-requests --no-prefilter . >"$T/off.req" 2>/dev/null)
  if cmp -s "$T/on.req" "$T/off.req"; then
    ok "$name: same requests with and without the prefilter ($(wc -l <"$T/off.req") lines)"
  else
    fail "$name: the prefilter left out a file that holds requests"
    diff "$T/off.req" "$T/on.req" | sed 's/^/  /'
  fi
done

# a project where one file calls DynamoDB and two cannot
mkdir -p p/src p/include
scan_file p/src/export.cpp
cat >p/include/util.h <<'EOT'
#pragma once
inline int twice(int x) { return 2 * x; }
EOT
cat >p/src/math.cpp <<'EOT'
#include "util.h"
int four() { return twice(2); }
EOT
cat >p/src/text.cpp <<'EOT'
// the word Scan in a comment is no call
const char *greeting = "Query";
EOT
cd p || exit 2
expect_rc 1 "$DDBLINT" -j 1 .
has "$T/out" "export.cpp:7:"
has "$T/out" "; 3 files skipped: no DynamoDB client use"
expect_rc 1 "$DDBLINT" -j 1 --no-prefilter .
has "$T/out" "export.cpp:7:"
lacks "$T/out" "skipped"
cd "$T" || exit 2
finish
