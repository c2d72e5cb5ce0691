#!/bin/sh
# owners.sh - a directory walk analyses a header in the translation unit of
# one source that includes it (its owner: the first by real path, under the
# same rules), with that source's macros and flags, and reports its requests
# once, at the header's lines; a header included by no walked source, or
# named on the command line, is a translation unit of its own
# (src/cli/owners.h; docs/architecture.md, "Headers of a directory walk").
. "$(dirname "$0")/lib.inc"

# count FILE TEXT WANT: TEXT occurs on WANT lines of FILE.
count() {
  got=$(grep -cF -- "$2" "$1")
  if [ "$got" -eq "$3" ]; then ok "$1: $3 line(s) with '$2'"; else fail "$1: $got line(s) with '$2', expected $3"; sed 's/^/  | /' "$1"; fi
}

# --- C++: two sources include a header whose inline function Scans a table
# the includer names (STORE_TABLE is defined by the sources, not the header)
mkdir -p cxx/src cxx/include
cat >cxx/include/store.h <<'EOT'
#pragma once
#include <aws/dynamodb/DynamoDBClient.h>

inline void export_all(Aws::DynamoDB::DynamoDBClient &client)
{
        Aws::DynamoDB::Model::ScanRequest req;
        req.SetTableName(STORE_TABLE);
        client.Scan(req);
}
EOT
printf '#define STORE_TABLE "Orders"\n#include "store.h"\nvoid a(Aws::DynamoDB::DynamoDBClient &c) { export_all(c); }\n' >cxx/src/a.cpp
printf '#define STORE_TABLE "Users"\n#include "store.h"\nvoid b(Aws::DynamoDB::DynamoDBClient &c) { export_all(c); }\n' >cxx/src/b.cpp
# included by nobody: still analysed, on its own
cat >cxx/include/lonely.h <<'EOT'
#pragma once
#include <aws/dynamodb/DynamoDBClient.h>

inline void export_lonely(Aws::DynamoDB::DynamoDBClient &client)
{
        Aws::DynamoDB::Model::ScanRequest req;
        req.SetTableName("Lonely");
        client.Scan(req);
}
EOT
echo '-Iinclude' >cxx/compile_flags.txt
cd cxx || exit 2
expect_rc 1 "$DDBLINT" -j 1 --verbose .
# one finding in store.h, from a.cpp's unit (the first source by path): its table
count "$T/out" "include/store.h:" 1
has "$T/out" "include/store.h:8:9: warning: Scan of table 'Orders' reads every item"
count "$T/out" "include/lonely.h:8:9: warning: Scan of table 'Lonely'" 1
has "$T/out" "ddblint: 2 findings (2 warnings)"
# store.h was not parsed on its own: no clang error about STORE_TABLE, and the note
lacks "$T/err" "STORE_TABLE"
has "$T/err" "ddblint: note: 1 header analysed in the translation unit of a source that includes it, not on its own"
has "$T/err" "no rules file for 4 files"
cp "$T/out" "$T/whole.out"
# the same whatever the order of the operands, -j, or the spelling of the paths
for args in "-j 2 ." "-j 1 src/b.cpp include src/a.cpp" "-j 2 ./src/ ./include/"; do
  # shellcheck disable=SC2086
  expect_rc 1 "$DDBLINT" $args
  sed 's|^\./||' "$T/out" | sort >"$T/a"; sort "$T/whole.out" >"$T/b"
  if cmp -s "$T/a" "$T/b"; then ok "same findings with $args"; else fail "other findings with $args"; diff "$T/b" "$T/a" | sed 's/^/  /'; fi
done
# --dump-requests: the header's request once
expect_rc 0 "$DDBLINT" -j 2 --dump-requests .
count "$T/out" 'include/store.h:8:9: Scan table="Orders"' 1
count "$T/out" 'Scan table=' 2
# SARIF: the header is an artifact of the run
expect_rc 1 "$DDBLINT" -j 1 --format sarif -o "$T/run.sarif" .
has "$T/run.sarif" '"uri": "include/store.h"'
# --shard: the header in its owner's shard, so exactly once across shards
for n in 2 3; do
  : >"$T/shards.out"
  k=1
  while [ "$k" -le "$n" ]; do
    "$DDBLINT" -j 1 --shard "$k/$n" . >>"$T/shards.out" 2>/dev/null
    k=$((k + 1))
  done
  count "$T/shards.out" "include/store.h:8:9: warning: Scan of table 'Orders'" 1
  count "$T/shards.out" "include/lonely.h:8:9:" 1
done
# a header named on the command line is analysed on its own (as C++: the
# run's sources are), without the includer's macro
expect_rc 1 "$DDBLINT" -j 1 --verbose src include/store.h
has "$T/out" "include/store.h:8:9: warning: Scan "
lacks "$T/out" "Scan of table 'Orders'"
has "$T/err" "STORE_TABLE"
lacks "$T/err" "analysed in the translation unit of a source"
# a compilation database names the sources only: the header goes with its owner
mkdir -p bld
printf '[{"directory":"%s","file":"src/a.cpp","command":"c++ -std=c++17 -Iinclude -c src/a.cpp"},\n {"directory":"%s","file":"src/b.cpp","command":"c++ -std=c++17 -Iinclude -c src/b.cpp"}]\n' "$(pwd)" "$(pwd)" >bld/compile_commands.json
expect_rc 1 "$DDBLINT" -j 1 --verbose -p bld src include
count "$T/out" "include/store.h:8:9: warning: Scan of table 'Orders'" 1
has "$T/err" "1 header analysed in the translation unit of a source that includes it"
rm -r bld
# an include under #if 0 in the first source: the header is then analysed
# on its own, not lost
printf '#if 0\n#include "store.h"\n#endif\nint zero;\n' >src/0.cpp
expect_rc 1 "$DDBLINT" -j 1 .
count "$T/out" "include/store.h:8:9: warning: Scan " 1
rm src/0.cpp
# the result cache: a warm run answers from the owner's entry; an edit of
# the header changes what its owner's entry says
expect_rc 1 "$DDBLINT" -j 1 --cache-dir "$T/cache" --cache-stats .
cp "$T/out" "$T/cold.out"
expect_rc 1 "$DDBLINT" -j 1 --cache-dir "$T/cache" --cache-stats .
if cmp -s "$T/out" "$T/cold.out"; then ok "warm prints what cold printed"; else fail "warm differs"; diff "$T/cold.out" "$T/out"; fi
has "$T/err" "4 of 4 files from the result cache"
sed 's/ScanRequest req;/ScanRequest req; \/\/ edited/' include/store.h >s.h && mv s.h include/store.h
expect_rc 1 "$DDBLINT" -j 1 --cache-dir "$T/cache" --cache-stats .
has "$T/err" "1 of 4 files from the result cache" # a.cpp and b.cpp read it
count "$T/out" "include/store.h:8:9: warning: Scan of table 'Orders'" 1
# a suppression in the header works through its owner, and an unused one
# in it is told
sed 's|^        client.Scan(req);|        client.Scan(req); // ddblint: ignore[scan] a small table|' include/store.h >s.h && mv s.h include/store.h
printf '// ddblint: ignore[query-missing-key-condition] never used\ninline int nothing() { return 0; }\n' >>include/store.h
expect_rc 1 "$DDBLINT" -j 1 .
lacks "$T/out" "include/store.h:8:9: warning"
has "$T/out" "1 suppressed inline"
has "$T/err" "include/store.h:10:"
cd "$T" || exit 2

# --- C: the same with aws4dd
mkdir -p c/src c/include
cat >c/include/locks.h <<'EOT'
#ifndef LOCKS_H
#define LOCKS_H
#include <aws4/aws4dd.h>

static inline iwrc count_locks(struct aws4_request_spec *spec)
{
        struct aws4dd_scan *sop = 0;
        struct aws4dd_response *resp = 0;
        aws4dd_scan_op(&sop, &(struct aws4dd_scan_spec){.table_name = LOCK_TABLE});
        iwrc rc = aws4dd_scan(spec, sop, &resp);
        aws4dd_response_destroy(&resp);
        aws4dd_scan_op_destroy(&sop);
        return rc;
}
#endif
EOT
printf '#define LOCK_TABLE "aws4dl"\n#include "locks.h"\niwrc one(struct aws4_request_spec *s) { return count_locks(s); }\n' >c/src/one.c
printf '#define LOCK_TABLE "other"\n#include "locks.h"\niwrc two(struct aws4_request_spec *s) { return count_locks(s); }\n' >c/src/two.c
echo '-Iinclude' >c/compile_flags.txt
cd c || exit 2
expect_rc 1 "$DDBLINT" -j 2 --verbose .
count "$T/out" "include/locks.h:" 1
has "$T/out" "include/locks.h:10:19: warning: Scan of table 'aws4dl'"
lacks "$T/err" "LOCK_TABLE"
has "$T/err" "1 header analysed in the translation unit of a source that includes it"
cd "$T" || exit 2

# --- the prefilter: a source and its header with no client use are both
# left out (the scan that decides reads the header), and counted
mkdir -p quiet/src quiet/include
printf '#pragma once\ninline int twice(int x) { return 2 * x; }\n' >quiet/include/util.h
printf '#include "util.h"\nint four() { return twice(2); }\n' >quiet/src/math.cpp
echo '-Iinclude' >quiet/compile_flags.txt
cd quiet || exit 2
expect_rc 0 "$DDBLINT" -j 1 .
has "$T/out" "; 2 files skipped: no DynamoDB client use"
cd "$T" || exit 2
finish
