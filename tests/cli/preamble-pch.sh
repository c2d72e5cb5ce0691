#!/bin/sh
# preamble-pch.sh - a file built against its own copy of the AWS SDK's
# headers (not ddblint's stubs) has its preamble precompiled into the cache
# directory (src/frontend/pch.h): the output is the one of --no-pch, for
# the findings and for --dump-requests; the next run reuses the AST file
# without building it again; an edit of a header it read (the project's,
# the SDK's) is seen by the next run (result cache and preamble alike);
# --no-pch and --no-cache make none.
. "$(dirname "$0")/lib.inc"
C="$T/cache"
mkdir -p p/src p/include
cp -R "$SRC/tests/fixtures/include/aws" p/include/
cat >p/src/names.h <<'EOT'
#pragma once
#define TABLE "Items"
EOT
# no include guard: read once, through the preamble only
cat >p/src/noguard.h <<'EOT'
struct Counter { int n; };
EOT
cat >p/src/c.cpp <<'EOT'
// a comment before the includes
#include <aws/dynamodb/DynamoDBClient.h>
#include <aws/dynamodb/model/ScanRequest.h>
#include "names.h"
#include "noguard.h"

void all_items(Aws::DynamoDB::DynamoDBClient &client)
{
        Counter c{1};
        Aws::DynamoDB::Model::ScanRequest req;
        req.SetTableName(TABLE);
        client.Scan(req);
        (void)c;
}
EOT
printf -- '-xc++\n-std=c++17\n-Iinclude\n' >p/compile_flags.txt
cd p || exit 2

# run NAME ARGS...: ddblint on src/c.cpp, stdout and status to $T/NAME.out
run() {
  name=$1; shift
  "$DDBLINT" --cache-stats "$@" src/c.cpp >"$T/$name.out" 2>"$T/$name.err"
  echo "exit $?" >>"$T/$name.out"
}
same() {
  if cmp -s "$T/$1.out" "$T/$2.out"; then ok "$2 prints what $1 printed"; else
    fail "$2 differs from $1"; diff "$T/$1.out" "$T/$2.out" | sed 's/^/  /'; fi
}
pch() { ls "$C"/pch-1/pre-*/preamble.pch 2>/dev/null; }
stamp() { ls -l --time-style=full-iso $(pch) 2>/dev/null; }

run ref --no-pch --no-cache
has "$T/ref.out" "Items"
lacks "$T/ref.out" "clang"
"$DDBLINT" dump-requests --no-pch --no-cache src/c.cpp >"$T/dref.out" 2>&1
run cold --cache-dir "$C"
same ref cold
[ -n "$(pch)" ] && ok "a preamble was precompiled" || fail "no preamble in $C/pch-1"
ls -d "$C"/pch-1/*/stubs.pch >/dev/null 2>&1 && fail "the stubs were precompiled" || ok "no stubs"
"$DDBLINT" dump-requests --cache-dir "$C" src/c.cpp >"$T/dpre.out" 2>&1
same dref dpre
before=$(stamp)

# the next run: the result cache emptied, the preamble reused as it is
rm -rf "$C/results"
run again --cache-dir "$C"
same ref again
has "$T/again.err" "0 of 1 files from the result cache"
[ "$(stamp)" = "$before" ] && ok "the preamble was reused" || fail "the preamble was rebuilt"
run warm --cache-dir "$C"
has "$T/warm.err" "1 of 1 files from the result cache"

# a header of the preamble edited: the result cache and the preamble see it
sed 's/"Items"/"Things"/' src/names.h >names.tmp && mv names.tmp src/names.h
run project-header --cache-dir "$C"
has "$T/project-header.out" "Things"
has "$T/project-header.err" "0 of 1 files from the result cache"
run project-header-plain --no-pch --no-cache
same project-header-plain project-header
echo '// edited' >>include/aws/dynamodb/DynamoDBClient.h
run sdk-header --cache-dir "$C"
has "$T/sdk-header.err" "0 of 1 files from the result cache"
same project-header-plain sdk-header

# a header of the preamble that brings an error (one it includes is not
# found): the includes before it are precompiled still, the rest is parsed
# with the file, and the output is the one of --no-pch
cat >src/broken.h <<'EOT'
#pragma once
#include <not/there.h>
EOT
cat >src/d.cpp <<'EOT'
#include <aws/dynamodb/DynamoDBClient.h>
#include <aws/dynamodb/model/ScanRequest.h>
#include "broken.h"

void every_order(Aws::DynamoDB::DynamoDBClient &client)
{
        Aws::DynamoDB::Model::ScanRequest req;
        req.SetTableName("Orders");
        client.Scan(req);
}
EOT
C2="$T/cache2"
"$DDBLINT" --no-pch --no-cache src/d.cpp >"$T/dref.out" 2>&1
echo "exit $?" >>"$T/dref.out"
has "$T/dref.out" "Scan of table 'Orders'"
has "$T/dref.out" "1 file with clang errors"
"$DDBLINT" --cache-dir "$C2" src/d.cpp >"$T/dcold.out" 2>&1
echo "exit $?" >>"$T/dcold.out"
same dref dcold
grep -l '^unused errors [0-9]* 2$' "$C2"/pch-1/pre-*/manifest >/dev/null 2>&1 &&
  ok "the whole preamble: unused, its third include brings the error" ||
  fail "no manifest says the third include brings the error"
ls "$C2"/pch-1/pre-*/preamble.pch >/dev/null 2>&1 &&
  ok "the two includes before it were precompiled" || fail "no preamble precompiled"
rm -rf "$C2/results"
"$DDBLINT" --cache-dir "$C2" src/d.cpp >"$T/dagain.out" 2>&1
echo "exit $?" >>"$T/dagain.out"
same dref dagain

# --no-pch, --no-cache: none made
rm -rf "$C"
run off --no-pch --cache-dir "$C"
same project-header-plain off
[ -z "$(pch)" ] && ok "--no-pch makes no preamble" || fail "--no-pch made a preamble"
[ "$FAILS" = 0 ]
