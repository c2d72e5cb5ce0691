#!/bin/sh
# fix-c.sh - the fixes of C requests (docs/fixes.md): reserved-word's alias
# and unused-placeholder's deletion for aws4dd operations (the word in the
# spec's literal, the entry's setter statement put before the send, an
# unused entry's setter statement deleted) and for low-level JSON bodies
# written in C string literals (the word and the ExpressionAttributeNames
# entry edited inside the literal, its quotes escaped); aws4's README
# example, whose calls are all RCC() arguments, too. In JSON, SARIF
# (validated where the validators are installed), the language server's
# code action, --fix (then re-analysed: the fixed findings gone, nothing
# new; both files still compile as C with cc -fsyntax-only against the
# stub headers) and --export-fixes applied by clang-apply-replacements.
# No fix where it is not certain: a send that is an if's body, a spec
# literal shared by two operations, a setter inside a macro's argument, a
# body from a macro or built with snprintf.
. "$(dirname "$0")/lib.inc"
mkdir p
cat >p/orders.c <<'EOT'
#include <aws4/aws4dd.h>
#include <curl/curl.h>

static struct aws4_request_spec request_spec;

iwrc expired(const char *now)
{
        struct aws4dd_query *op = 0;
        struct aws4dd_response *resp = 0;
        aws4dd_query_op(&op, &(struct aws4dd_query_spec){
                                     .table_name = "Thread",
                                     .key_condition_expression = "ForumName = :f",
                                     .filter_expression = "ttl <= :ttl",
                             });
        aws4dd_query_value(op, "/ExpressionAttributeValues/:f", "S", "Amazon DynamoDB");
        aws4dd_query_value(op, "/ExpressionAttributeValues/:ttl", "N", now);
        iwrc rc = aws4dd_query(&request_spec, op, &resp);
        return rc;
}

iwrc stale_name(const char *id)
{
        struct aws4dd_item_update *op = 0;
        struct aws4dd_response *resp = 0;
        aws4dd_item_update_op(&op, &(struct aws4dd_item_update_spec){
                                           .table_name = "Orders",
                                           .update_expression = "SET Stage = :s",
                                   });
        aws4dd_item_update_value(op, "/Key/PK", "S", id);
        aws4dd_item_update_expression_attr_name(op, "#old", "status");
        aws4dd_item_update_value(op, "/ExpressionAttributeValues/:s", "S", "SHIPPED");
        return aws4dd_item_update(&request_spec, op, &resp);
}

int mark_shipped(CURL *curl)
{
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER,
                         curl_slist_append(NULL, "X-Amz-Target: DynamoDB_20120810.UpdateItem"));
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS,
                         "{\"TableName\":\"Orders\",\"Key\":{\"PK\":{\"S\":\"O#1\"}},"
                         "\"UpdateExpression\":\"SET Status = :s, #n = :n\","
                         "\"ExpressionAttributeNames\":{\"#n\":\"Note\"},"
                         "\"ExpressionAttributeValues\":{\":s\":{\"S\":\"SHIPPED\"},\":n\":{\"S\":\"x\"}}}");
        return curl_easy_perform(curl);
}

int stale_curl(CURL *curl)
{
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER,
                         curl_slist_append(NULL, "X-Amz-Target: DynamoDB_20120810.UpdateItem"));
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS,
                         "{\"TableName\":\"Orders\",\"Key\":{\"PK\":{\"S\":\"O#1\"}},"
                         "\"UpdateExpression\":\"SET Stage = :s\","
                         "\"ExpressionAttributeNames\":{\"#old\":\"status\"},"
                         "\"ExpressionAttributeValues\":{\":s\":{\"S\":\"SHIPPED\"}}}");
        return curl_easy_perform(curl);
}

int stale_one_of_two(CURL *curl)
{
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER,
                         curl_slist_append(NULL, "X-Amz-Target: DynamoDB_20120810.UpdateItem"));
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS,
                         "{\"TableName\":\"Orders\",\"Key\":{\"PK\":{\"S\":\"O#1\"}},"
                         "\"UpdateExpression\":\"SET #st = :s\","
                         "\"ExpressionAttributeNames\":{\"#old\":\"status\", \"#st\":\"Stage\"},"
                         "\"ExpressionAttributeValues\":{\":s\":{\"S\":\"SHIPPED\"}}}");
        return curl_easy_perform(curl);
}

/* aws4's README (README.md:64-77), every call inside RCC() */
struct svc {
        struct aws4_request_spec request_spec;
        const char *service_table, *kind;
};

iwrc service_alive(struct svc *s, const char *ttl, bool *out)
{
        iwrc rc = 0;
        struct aws4dd_query *op = 0;
        struct aws4dd_response *resp = 0;
        JBL_NODE n;
        RCC(rc, finish, aws4dd_query_op(&op, &(struct aws4dd_query_spec){
                                                     .table_name = s->service_table,
                                                     .key_condition_expression = "kind = :kind",
                                                     .filter_expression = "ttl <= :ttl",
                                                     .projection_expression = "kind",
                                                     .limit = 1,
                                                     .consistent_read = true,
                                             }));
        RCC(rc, finish, aws4dd_query_value(op, "/ExpressionAttributeValues/:kind", "S", s->kind));
        RCC(rc, finish, aws4dd_query_value(op, "/ExpressionAttributeValues/:ttl", "N", ttl));
        RCC(rc, finish, aws4dd_query(&s->request_spec, op, &resp));
        *out = jbn_at(resp->data, "/Items/0", &n) == 0 && n->type == JBV_OBJECT;
finish:
        aws4dd_response_destroy(&resp);
        aws4dd_query_op_destroy(&op);
        return rc;
}
EOT
cat >p/neg.c <<'EOT'
#include <aws4/aws4dd.h>
#include <curl/curl.h>
#include <stdio.h>

#define BODY "{\"TableName\":\"Orders\",\"Key\":{\"PK\":{\"S\":\"O#1\"}},\"UpdateExpression\":\"SET Status = :s\",\"ExpressionAttributeValues\":{\":s\":{\"S\":\"x\"}}}"

static struct aws4_request_spec request_spec;

/* the send is the body of an if without braces: no statement to put the entry before */
iwrc branch(const char *now, int go)
{
        struct aws4dd_query *op = 0;
        struct aws4dd_response *resp = 0;
        aws4dd_query_op(&op, &(struct aws4dd_query_spec){
                                     .table_name = "Thread",
                                     .key_condition_expression = "ForumName = :f",
                                     .filter_expression = "ttl <= :ttl",
                             });
        aws4dd_query_value(op, "/ExpressionAttributeValues/:f", "S", "Amazon DynamoDB");
        aws4dd_query_value(op, "/ExpressionAttributeValues/:ttl", "N", now);
        if (go)
                return aws4dd_query(&request_spec, op, &resp);
        return 0;
}

/* one spec, two operations: the literal serves two requests */
iwrc shared_spec(const char *now)
{
        struct aws4dd_query *op = 0, *op2 = 0;
        struct aws4dd_response *resp = 0;
        struct aws4dd_query_spec spec = {
                .table_name = "Thread",
                .key_condition_expression = "ForumName = :f",
                .filter_expression = "ttl <= :ttl",
        };
        aws4dd_query_op(&op, &spec);
        aws4dd_query_op(&op2, &spec);
        aws4dd_query_value(op, "/ExpressionAttributeValues/:f", "S", "A");
        aws4dd_query_value(op, "/ExpressionAttributeValues/:ttl", "N", now);
        aws4dd_query_value(op2, "/ExpressionAttributeValues/:f", "S", "B");
        aws4dd_query_value(op2, "/ExpressionAttributeValues/:ttl", "N", now);
        aws4dd_query(&request_spec, op, &resp);
        return aws4dd_query(&request_spec, op2, &resp);
}

/* the unused entry's setter is a macro's argument */
iwrc wrapped(const char *id)
{
        iwrc rc = 0;
        struct aws4dd_item_update *op = 0;
        struct aws4dd_response *resp = 0;
        RCC(rc, finish, aws4dd_item_update_op(&op, &(struct aws4dd_item_update_spec){
                                           .table_name = "Orders",
                                           .update_expression = "SET Stage = :s",
                                   }));
        aws4dd_item_update_value(op, "/Key/PK", "S", id);
        RCC(rc, finish, aws4dd_item_update_expression_attr_name(op, "#old", "status"));
        aws4dd_item_update_value(op, "/ExpressionAttributeValues/:s", "S", "SHIPPED");
        RCC(rc, finish, aws4dd_item_update(&request_spec, op, &resp));
finish:
        return rc;
}

/* the body is a macro's text */
int from_macro(CURL *curl)
{
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER,
                         curl_slist_append(NULL, "X-Amz-Target: DynamoDB_20120810.UpdateItem"));
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, BODY);
        return curl_easy_perform(curl);
}

/* the body has a hole */
int printed(CURL *curl, const char *id)
{
        char body[512];
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER,
                         curl_slist_append(NULL, "X-Amz-Target: DynamoDB_20120810.UpdateItem"));
        snprintf(body, sizeof body,
                 "{\"TableName\":\"Orders\",\"Key\":{\"PK\":{\"S\":\"%s\"}},"
                 "\"UpdateExpression\":\"SET Status = :s\","
                 "\"ExpressionAttributeNames\":{\"#old\":\"status\"},"
                 "\"ExpressionAttributeValues\":{\":s\":{\"S\":\"x\"}}}", id);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
        return curl_easy_perform(curl);
}

/* a key written with a JSON escape (#old): its member deleted as written */
int escaped_key(CURL *curl)
{
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER,
                         curl_slist_append(NULL, "X-Amz-Target: DynamoDB_20120810.UpdateItem"));
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS,
                         "{\"TableName\":\"Orders\",\"Key\":{\"PK\":{\"S\":\"O#1\"}},"
                         "\"UpdateExpression\":\"SET Stage = :s\","
                         "\"ExpressionAttributeNames\":{\"#o\\u006cd\":\"status\"},"
                         "\"ExpressionAttributeValues\":{\":s\":{\"S\":\"SHIPPED\"}}}");
        return curl_easy_perform(curl);
}
EOT
cp -r p q
cp -r p orig
lint() { "$DDBLINT" --no-cache --format json "$@"; }
expect_rc 1 lint p/orders.c p/neg.c
cp "$T/out" before.json
python3 - before.json <<'PY' || fail "the fixes in the JSON output"
import json, sys
f = json.load(open(sys.argv[1]))["findings"]
got = sorted((x["path"].split("/")[-1], x["line"], x["check"], bool(x.get("fixes"))) for x in f
             if x["check"] in ("reserved-word", "unused-placeholder"))
want = sorted([("orders.c", 13, "reserved-word", True), ("orders.c", 30, "unused-placeholder", True),
               ("orders.c", 41, "reserved-word", True), ("orders.c", 54, "unused-placeholder", True),
               ("orders.c", 66, "unused-placeholder", True), ("orders.c", 86, "reserved-word", True),
               ("neg.c", 17, "reserved-word", False), ("neg.c", 34, "reserved-word", False),
               ("neg.c", 57, "unused-placeholder", False), ("neg.c", 69, "reserved-word", False),
               ("neg.c", 81, "reserved-word", False), ("neg.c", 82, "unused-placeholder", False),
               ("neg.c", 96, "unused-placeholder", True)])
assert got == want, got
edits = {(x["path"].split("/")[-1], x["line"]): [e["text"] for e in x["fixes"][0]["edits"]]
         for x in f if x.get("fixes")}
assert edits[("orders.c", 13)] == ["#ttl", '        aws4dd_query_expression_attr_name(op, "#ttl", "ttl");\n'], edits
assert edits[("orders.c", 41)] == ["#Status", '\\"#Status\\": \\"Status\\", '], edits
assert all(t == "" for k in (("orders.c", 30), ("orders.c", 54), ("orders.c", 66)) for t in edits[k]), edits
PY
# SARIF: the same six fixes (and neg.c's one), validated where the validators are
expect_rc 1 "$DDBLINT" --no-cache --format sarif -o s.sarif p/orders.c p/neg.c
python3 - s.sarif <<'PY' || fail "SARIF fixes"
import json, sys
res = json.load(open(sys.argv[1]))["runs"][0]["results"]
fx = [r for r in res if "fixes" in r]
assert len(fx) == 7, [(r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in fx]
texts = [x.get("insertedContent", {}).get("text") for r in fx for c in r["fixes"][0]["artifactChanges"]
         for x in c["replacements"]]
assert '\\"#Status\\": \\"Status\\", ' in texts and "#ttl" in texts, texts
PY
tools=${SARIF_TOOLS:-${DL_BINARY_DIR:-/nonexistent}/sarif-tools}
if [ -d "$tools/node_modules" ] && command -v node >/dev/null 2>&1; then
  expect_rc 0 env SARIF_TOOLS="$tools" sh "$SRC/tests/sarif/validate-sarif" s.sarif
else
  echo "SARIF validators not installed: not validated"
fi
# the language server offers the JSON body's alias as the preferred quick fix
python3 - "$DDBLINT" "$T/p/orders.c" "$SRC/tests/lsp" <<'PY' || fail "the code action"
import os, sys
sys.path.insert(0, sys.argv[3])
import lspclient
s = lspclient.Server(sys.argv[1], ["--no-cache"], cwd=os.path.dirname(sys.argv[2]))
try:
    s.initialize(os.path.dirname(sys.argv[2]))
    uri = s.open(sys.argv[2])
    d = [x for x in s.diagnostics(uri, timeout=300, version=1)
         if x["code"] == "reserved-word" and x["range"]["start"]["line"] == 40]
    assert len(d) == 1, d
    rid = s.request("textDocument/codeAction", {"textDocument": {"uri": uri},
                    "range": d[0]["range"], "context": {"diagnostics": d}})
    acts = [a for a in s.response(rid)["result"] if a.get("isPreferred")]
    assert len(acts) == 1 and "'#Status'" in acts[0]["title"], acts
    e = sorted(acts[0]["edit"]["changes"][uri], key=lambda e: e["range"]["start"]["line"])
    assert [x["newText"] for x in e] == ["#Status", '\\"#Status\\": \\"Status\\", '], e
    s.stop()
finally:
    s.kill()
PY
# --fix: seven fixes applied, then re-analysed
expect_rc 1 "$DDBLINT" --no-cache --fix p/orders.c p/neg.c
has "$T/err" "7 fixes applied"
has p/orders.c '.filter_expression = "#ttl <= :ttl",'
grep -A1 -F 'aws4dd_query_expression_attr_name(op, "#ttl", "ttl");' p/orders.c >put.txt
has put.txt '        iwrc rc = aws4dd_query(&request_spec, op, &resp);'  # the line before the send
lacks p/orders.c 'aws4dd_item_update_expression_attr_name(op, "#old", "status");'
has p/orders.c '"\"UpdateExpression\":\"SET #Status = :s, #n = :n\","'
has p/orders.c '"\"ExpressionAttributeNames\":{\"#Status\": \"Status\", \"#n\":\"Note\"},"'
has p/orders.c '"\"ExpressionAttributeNames\":{\"#st\":\"Stage\"},"'
lacks p/orders.c '{\"#old\":\"status\"}'
diff orig/orders.c p/orders.c | grep -c '^>' >changed.txt
has changed.txt 7    # 5 lines changed, 2 added (2 lines deleted)
grep -B1 -F '        RCC(rc, finish, aws4dd_query(&s->request_spec, op, &resp));' p/orders.c >put.txt
has put.txt '        aws4dd_query_expression_attr_name(op, "#ttl", "ttl");'  # before the RCC() send
diff orig/neg.c p/neg.c | grep -c '^[<>]' >changed.txt
has changed.txt 1    # one line deleted
expect_rc 1 lint p/orders.c p/neg.c
cp "$T/out" after.json
python3 - before.json after.json <<'PY' || fail "re-analysed: only the fixed findings are gone"
import json, sys
from collections import Counter
def keyed(path):
    return Counter((x["check"], x["message"]) for x in json.load(open(path))["findings"])
before, after = keyed(sys.argv[1]), keyed(sys.argv[2])
new, gone = list((after - before).elements()), list((before - after).elements())
assert not new, new
assert sorted(g[0] for g in gone) == ["reserved-word"] * 3 + ["unused-placeholder"] * 4, gone
PY
stubs=$(dirname "$DDBLINT")/../share/ddblint/include
if command -v cc >/dev/null 2>&1 && [ -d "$stubs" ]; then
  expect_rc 0 cc -std=c11 -fsyntax-only -I "$stubs" p/orders.c p/neg.c
else
  echo "cc or the stub headers not found: not compiled"
fi
expect_rc 1 "$DDBLINT" --no-cache --fix p/orders.c p/neg.c
has "$T/err" "0 fixes applied"
# --export-fixes: clang-apply-replacements gives the same bytes
mkdir fixes
expect_rc 1 "$DDBLINT" --no-cache --export-fixes fixes/ddblint.yaml q/orders.c q/neg.c
cmp -s q/orders.c orig/orders.c || fail "--export-fixes changed the source"
car=$(command -v clang-apply-replacements || command -v clang-apply-replacements-14 || true)
if [ -n "$car" ]; then
  expect_rc 0 "$car" fixes
  for f in orders.c neg.c; do
    cmp -s "q/$f" "p/$f" && ok "clang-apply-replacements = --fix ($f)" ||
      { fail "clang-apply-replacements differs from --fix ($f)"; diff "q/$f" "p/$f"; }
  done
else
  echo "clang-apply-replacements not found: not applied"
fi
finish
