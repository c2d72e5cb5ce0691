#!/bin/sh
# inferred-wrappers.sh - a project's own HTTP layer in one file, a queue of
# requests in another, their callers in others, no `wrappers:`
# (recognize/infer.h, cli/infer_pass.h): the callers' calls are requests; --verbose names the wrapper once; a call
# whose operation is not known is a note; the output does not depend on -j,
# on the order of the inputs or on --shard (merged shards equal the whole
# run); a warm run after an edit of the wrapper's file (the callers
# unchanged) is not answered from stale entries, nor are callers skipped by
# the prefilter.
. "$(dirname "$0")/lib.inc"
C="$T/cache"
mkdir -p p/lib p/app p/util
cat >p/lib/http.h <<'EOT'
#pragma once
struct http_request {
        const char *target;
        const char *body;
};
int http_send(const struct http_request *req);
int ddb_request(const char *op, const char *body);
EOT
cat >p/lib/ddb.c <<'EOT'
#include <stdio.h>
#include "http.h"

/* The project's own HTTP layer: no libcurl, no SDK. */
int ddb_request(const char *op, const char *body)
{
        char target[96];
        snprintf(target, sizeof target, "DynamoDB_20120810.%s", op);
        struct http_request req;
        req.target = target;
        req.body = body;
        return http_send(&req);
}
EOT
cat >p/lib/queue.c <<'EOT'
#include <stdlib.h>
#include "http.h"

/* Requests queued, sent later: the request's members are what the
 * wrapper's call reads. */
struct queued {
        const char *op;
        const char *body;
        const char *note;
};
static struct queued *next;

int ddb_queue(const char *op, const char *body)
{
        struct queued *q = malloc(sizeof *q);
        if (!q)
                return -1;
        q->op = op;
        q->body = body;
        next = q;
        return 0;
}

/* a look-alike: stores into other members */
int ddb_note(const char *op, const char *body)
{
        struct queued *q = malloc(sizeof *q);
        if (!q)
                return -1;
        q->note = op;
        q->note = body;
        return 0;
}

int ddb_flush(void)
{
        return next ? ddb_request(next->op, next->body) : 0;
}
EOT
cat >p/app/orders.c <<'EOT'
#include "../lib/http.h"

int export_orders(void)
{
        return ddb_request("Scan", "{\"TableName\":\"Orders\"}");
}

int one_order(const char *id)
{
        (void)id;
        return ddb_request("GetItem", "{\"TableName\":\"Orders\",\"Key\":{\"PK\":{\"S\":\"X\"}}}");
}

int any(const char *op)
{
        return ddb_request(op, "{\"TableName\":\"Orders\"}");
}

int ddb_queue(const char *op, const char *body);
int ddb_note(const char *op, const char *body);

int later(void)
{
        ddb_note("Scan", "{\"TableName\":\"Notes\"}");
        return ddb_queue("Scan", "{\"TableName\":\"Archive\"}");
}
EOT
i=0
while [ $i -lt 6 ]; do
  printf 'int util%s(int x)\n{\n        return x + %s;\n}\n' $i $i >p/util/u$i.c
  i=$((i + 1))
done
cd p || exit 2

expect_rc 1 "$DDBLINT" --no-cache .
has "$T/out" "app/orders.c:5:16: warning: Scan of table 'Orders'"
has "$T/out" "app/orders.c:25:16: warning: Scan of table 'Archive'"
lacks "$T/out" "Notes"
lacks "$T/out" "lib/"
cp "$T/out" "$T/whole.out"

expect_rc 1 "$DDBLINT" --no-cache --verbose .
has "$T/err" "lib/ddb.c:5:5: note: inferred wrapper ddb_request: operation argument 1, JSON body argument 2"
[ "$(grep -c 'inferred wrapper ddb_request' "$T/err")" = 1 ] && ok "named once" || fail "named more than once"
has "$T/err" "app/orders.c:16:16: note: the operation this call of 'ddb_request' (an inferred wrapper) sends is not known here (argument 1)"

# -j and the order of the inputs
"$DDBLINT" --no-cache -j 1 . >"$T/j1.out" 2>/dev/null
"$DDBLINT" --no-cache -j 2 util app lib >"$T/j2.out" 2>/dev/null
if cmp -s "$T/j1.out" "$T/whole.out" && cmp -s "$T/j2.out" "$T/whole.out"; then
  ok "-j 1, -j 2 and the order of the inputs give the same output"
else
  fail "-j or the order changed the output"; diff "$T/j1.out" "$T/j2.out"
fi

# shards: each infers the wrapper from every file; merged they are the whole run
"$DDBLINT" --no-cache --format sarif -o "$T/whole.sarif" . 2>/dev/null
"$DDBLINT" --no-cache --shard 1/2 --format sarif -o "$T/s1.sarif" . 2>/dev/null
"$DDBLINT" --no-cache --shard 2/2 --format sarif -o "$T/s2.sarif" . 2>/dev/null
"$DDBLINT" merge-sarif -o "$T/merged.sarif" "$T/s1.sarif" "$T/s2.sarif"
# results and artifacts compared (the invocations name each command line)
if python3 - "$T/whole.sarif" "$T/merged.sarif" <<'EOT'
import json, sys
def view(path):
    run = json.load(open(path))["runs"][0]
    res = sorted(json.dumps(r, sort_keys=True) for r in run["results"])
    return res, sorted(a["location"]["uri"] for a in run["artifacts"])
a, b = view(sys.argv[1]), view(sys.argv[2])
assert a == b, "differ"
assert len(a[0]) == 2, "two results expected: %s" % a[0]
EOT
then
  ok "--shard 1/2 + 2/2 merged equal the whole run"
else
  fail "merged shards differ from the whole run"
fi

# a warm run, then the wrapper's file edited (its callers not): no stale entry
"$DDBLINT" --cache-dir "$C" . >"$T/cold.out" 2>/dev/null
"$DDBLINT" --cache-dir "$C" --cache-stats . >"$T/warm.out" 2>"$T/warm.err"
cmp -s "$T/cold.out" "$T/whole.out" && ok "cold run with the cache as without" || fail "cold run differs"
cmp -s "$T/warm.out" "$T/whole.out" && ok "warm run as cold" || fail "warm run differs"
has "$T/warm.err" "from the result cache"
sleep 1
# the body no longer goes out: ddb_request is no wrapper
sed -i 's/req.body = body;/req.body = "{}";/' lib/ddb.c
"$DDBLINT" --cache-dir "$C" . >"$T/edited.out" 2>/dev/null
lacks "$T/edited.out" "Scan of table"
# and back: the callers' entries of the first runs answer again
sed -i 's/req.body = "{}";/req.body = body;/' lib/ddb.c
"$DDBLINT" --cache-dir "$C" . >"$T/back.out" 2>/dev/null
cmp -s "$T/back.out" "$T/whole.out" && ok "the wrapper back: the Scan back" || fail "not back"
finish
