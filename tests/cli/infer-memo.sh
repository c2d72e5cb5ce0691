#!/bin/sh
# infer-memo.sh DDBLINT - what the first pass (cli/infer_pass.c) found in a
# parsed file is kept in the result cache (docs/architecture.md, "Inferred
# wrappers"): a warm unchanged re-run parses no first-pass file and gives
# the same output; an edit of the helper's file, or of a header it
# includes, reaches its callers on the next warm run; a corrupted cache
# is ignored (the output of --no-cache).
. "$(dirname "$0")/lib.inc"
mkdir -p p/src && cd p || exit 2
cat >.ddblint.yaml <<'EOT'
version: 1
tables:
  - name: Shop
    partition-key: {name: PK, type: S}
    sort-key: {name: SK, type: S}
EOT
cat >src/prefix.h <<'EOT'
#define TENANT "ACME"
EOT
cat >src/keys.h <<'EOT'
#include <aws/dynamodb/DynamoDBClient.h>
#include <string>
Aws::String UserPk(const Aws::String &id);
Aws::String ConfigPk();
EOT
cat >src/keys.cpp <<'EOT'
#include "keys.h"
#include "prefix.h"
Aws::String UserPk(const Aws::String &id) { return TENANT "#" + id; }
Aws::String ConfigPk() { return "CONFIG"; }
EOT
cat >src/users.cpp <<'EOT'
#include "keys.h"
using namespace Aws::DynamoDB::Model;
void get_user(Aws::DynamoDB::DynamoDBClient &c, const Aws::String &id)
{
    GetItemRequest r;
    r.SetTableName("Shop");
    r.AddKey("PK", AttributeValue().SetS(UserPk(id)));
    r.AddKey("SK", AttributeValue().SetS(ConfigPk()));
    c.GetItem(r);
}
EOT
C="$T/cache"
expect_rc 0 "$DDBLINT" access-patterns --no-cache --format csv .
cp "$T/out" "$T/nocache.csv"
has "$T/nocache.csv" 'PK = ACME#<?>'
has "$T/nocache.csv" 'SK = CONFIG'
expect_rc 0 "$DDBLINT" access-patterns --cache-dir "$C" --cache-stats --format csv -j 2 .
has "$T/err" "first pass: 1 file parsed, 0 from the result cache"
if cmp -s "$T/out" "$T/nocache.csv"; then ok "cold = --no-cache"; else fail "cold differs"; diff "$T/nocache.csv" "$T/out"; fi
# (1) warm, nothing changed: no first-pass file parsed, the same output
expect_rc 0 "$DDBLINT" access-patterns --cache-dir "$C" --cache-stats --format csv -j 2 .
has "$T/err" "first pass: 0 files parsed, 1 from the result cache"
if cmp -s "$T/out" "$T/nocache.csv"; then ok "warm = cold"; else fail "warm differs"; diff "$T/nocache.csv" "$T/out"; fi
# (2) an edit of the helper's file reaches its caller
sed -i 's/"CONFIG"/"SETTINGS"/' src/keys.cpp
expect_rc 0 "$DDBLINT" access-patterns --cache-dir "$C" --cache-stats --format csv -j 2 .
has "$T/err" "first pass: 1 file parsed, 0 from the result cache"
has "$T/out" 'SK = SETTINGS'
lacks "$T/out" 'SK = CONFIG'
# ... and so does an edit of a header the helper's file includes, even
# with the helper's own file untouched
sed -i 's/"ACME"/"BETA"/' src/prefix.h
expect_rc 0 "$DDBLINT" access-patterns --cache-dir "$C" --cache-stats --format csv -j 2 .
has "$T/err" "first pass: 1 file parsed, 0 from the result cache"
has "$T/out" 'PK = BETA#<?>'
lacks "$T/out" 'ACME'
expect_rc 0 "$DDBLINT" access-patterns --no-cache --format csv .
cp "$T/out" "$T/nocache2.csv"
expect_rc 0 "$DDBLINT" access-patterns --cache-dir "$C" --cache-stats --format csv -j 2 .
has "$T/err" "first pass: 0 files parsed, 1 from the result cache"
if cmp -s "$T/out" "$T/nocache2.csv"; then ok "warm after edits = --no-cache"; else fail "warm after edits differs"; diff "$T/nocache2.csv" "$T/out"; fi
# (3) a first-pass entry whose inferred bytes are damaged but whose seal
# is made again (what a hostile writer of the cache could do: not base64,
# the encoding cut short, an unknown record): a miss, parsed again
for how in notbase64 cut junk; do
  find "$C/results" -type f ! -name '.*' | while read -r f; do
    python3 - "$f" "$how" <<'EOT'
import base64, hashlib, json, sys
p, how = sys.argv[1], sys.argv[2]
lines = open(p, "rb").read().split(b"\n")
if len(lines) < 4 or not lines[1].startswith(b"{"):
    sys.exit(0)
entry = json.loads(lines[1])
if "inferred" not in entry:
    sys.exit(0)
raw = base64.b64decode(entry["inferred"])
entry["inferred"] = {"notbase64": "!!not base64!!",
                     "cut": base64.b64encode(raw[: len(raw) // 2]).decode(),
                     "junk": base64.b64encode(b"\xff" + raw[1:]).decode()}[how]
lines[1] = json.dumps(entry, separators=(",", ":")).encode()
text = b"\n".join(lines[:-2]) + b"\n"
open(p, "wb").write(text + hashlib.sha256(text).hexdigest().encode() + b"\n")
EOT
  done
  expect_rc 0 "$DDBLINT" access-patterns --cache-dir "$C" --cache-stats --format csv -j 2 .
  has "$T/err" "first pass: 1 file parsed, 0 from the result cache"
  if cmp -s "$T/out" "$T/nocache2.csv"; then ok "resealed ($how) = --no-cache"; else fail "resealed ($how) differs"; diff "$T/nocache2.csv" "$T/out"; fi
done
# (4) every cache file corrupted (a byte changed, then truncated, then
# emptied): ignored, the output that of --no-cache
for how in flip cut empty; do
  find "$C" -type f ! -name '.*' | while read -r f; do
    case $how in
      flip) python3 - "$f" <<'EOT'
import sys
p = sys.argv[1]
b = bytearray(open(p, "rb").read())
if b:
    b[len(b) // 2] ^= 0x20
open(p, "wb").write(b)
EOT
        ;;
      cut) head -c 40 "$f" >"$f.t" && mv "$f.t" "$f" ;;
      empty) : >"$f" ;;
    esac
  done
  expect_rc 0 "$DDBLINT" access-patterns --cache-dir "$C" --cache-stats --format csv -j 2 .
  has "$T/err" "first pass: 1 file parsed, 0 from the result cache"
  if cmp -s "$T/out" "$T/nocache2.csv"; then ok "corrupt ($how) = --no-cache"; else fail "corrupt ($how) differs"; diff "$T/nocache2.csv" "$T/out"; fi
done
# (5) the memo of files that spell no target is one build's: another
# build (here the same bytes and one more, as a rebuilt or upgraded
# ddblint has) may scan wider, so it keeps a memo of its own instead of
# trusting this one's "spells no target" lines
C5="$T/cache5"
stubs=$(cd "$(dirname "$DDBLINT")/../share/ddblint/include" 2>/dev/null && pwd)
cp "$DDBLINT" "$T/ddblint2" && printf '\0' >>"$T/ddblint2"
expect_rc 0 "$DDBLINT" access-patterns --cache-dir "$C5" --format csv .
n1=$(ls "$C5"/infer-1/*.memo 2>/dev/null | wc -l)
expect_rc 0 env DDBLINT_STUB_DIR="$stubs" "$T/ddblint2" access-patterns --cache-dir "$C5" --format csv .
n2=$(ls "$C5"/infer-1/*.memo 2>/dev/null | wc -l)
if [ "$n1" -eq 1 ] && [ "$n2" -eq 2 ]; then ok "one infer memo per build"; else fail "infer memos: $n1 then $n2 (want 1 then 2)"; fi
if cmp -s "$T/out" "$T/nocache2.csv"; then ok "another build = --no-cache"; else fail "another build differs"; diff "$T/nocache2.csv" "$T/out"; fi
finish
