#!/bin/sh
# helpers-fill.sh DDBLINT - a C helper of another file that writes the key
# into its caller's buffer (docs/architecture.md, "Function summaries"):
# the first pass (cli/infer_pass.c) reads keys.c's user_pk (`snprintf(out,
# n, "USER#%s", id)`) as USER#<$3> cut to the caller's size, so users.c's
# GetItem per element of a loop is a request-in-loop, its key USER#<?> in
# access-patterns and the policy's dynamodb:LeadingKeys. Look-alikes stay
# silent: the helper called once before a loop, a helper that writes a
# constant whatever the element, a helper that writes on one path only
# (--verbose says why its calls get no text); a helper returning a string
# it allocates (asprintf, NULL on failure) is known too. A GetItem whose Key
# lacks the sort key says so in access-patterns.
. "$(dirname "$0")/lib.inc"
mkdir -p p/src && cd p || exit 2
cat >.ddblint.yaml <<'EOT'
version: 1
tables:
  - name: Users
    partition-key: {name: PK, type: S}
    sort-key: {name: SK, type: S}
EOT
cat >src/http.h <<'EOT'
#include <stddef.h>
struct buf { char *data; size_t len; };
int ddb_call(const char *op, const char *body, struct buf *out);
void user_pk(char *out, size_t n, const char *id);
void all_pk(char *out, size_t n, const char *id);
void maybe_pk(char *out, size_t n, const char *id);
char *user_key(const char *id);
EOT
cat >src/http.c <<'EOT'
#include <curl/curl.h>
#include <stdio.h>
#include "http.h"
int ddb_call(const char *op, const char *body, struct buf *out)
{
        CURL *c = curl_easy_init();
        char target[128];
        snprintf(target, sizeof target, "X-Amz-Target: DynamoDB_20120810.%s", op);
        curl_easy_setopt(c, CURLOPT_HTTPHEADER, curl_slist_append(NULL, target));
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(c, CURLOPT_WRITEDATA, out);
        return curl_easy_perform(c) == CURLE_OK ? 0 : -1;
}
EOT
cat >src/keys.c <<'EOT'
#define _GNU_SOURCE
#include <stdio.h>
#include "http.h"
void user_pk(char *out, size_t n, const char *id)
{
        snprintf(out, n, "USER#%s", id);
}
void all_pk(char *out, size_t n, const char *id)
{
        (void)id;
        snprintf(out, n, "USERS");
}
void maybe_pk(char *out, size_t n, const char *id)
{
        if (id[0])
                snprintf(out, n, "USER#%s", id);
}
char *user_key(const char *id)
{
        char *s;
        if (asprintf(&s, "USER#%s", id) < 0)
                return NULL;
        return s;
}
EOT
cat >src/users.c <<'EOT'
#include <stdio.h>
#include <stdlib.h>
#include "http.h"
#define GET "{\"TableName\":\"Users\",\"Key\":{\"PK\":{\"S\":\"%s\"},\"SK\":{\"S\":\"PROFILE\"}}}"
int load_all(const char *const *ids, size_t n, struct buf *out)
{
        for (size_t i = 0; i < n; i++) {
                char pk[64], body[256];
                user_pk(pk, sizeof pk, ids[i]);
                snprintf(body, sizeof body, GET, pk);
                if (ddb_call("GetItem", body, out) != 0)
                        return -1;
        }
        return 0;
}
int poll_one(const char *id, size_t tries, struct buf *out)
{
        char pk[64], body[256];
        user_pk(pk, sizeof pk, id);
        snprintf(body, sizeof body, GET, pk);
        for (size_t i = 0; i < tries; i++)
                if (ddb_call("GetItem", body, out) == 0 && out->data[i])
                        return 0;
        return -1;
}
int load_constant(const char *const *ids, size_t n, struct buf *out)
{
        for (size_t i = 0; i < n; i++) {
                char pk[64], body[256];
                all_pk(pk, sizeof pk, ids[i]);
                snprintf(body, sizeof body, GET, pk);
                ddb_call("GetItem", body, out);
        }
        return 0;
}
int load_maybe(const char *const *ids, size_t n, struct buf *out)
{
        for (size_t i = 0; i < n; i++) {
                char pk[64] = "", body[256];
                maybe_pk(pk, sizeof pk, ids[i]);
                snprintf(body, sizeof body, GET, pk);
                ddb_call("GetItem", body, out);
        }
        return 0;
}
int orders(const char *id, struct buf *out)
{
        char body[256];
        char *pk = user_key(id);
        snprintf(body, sizeof body,
                 "{\"TableName\":\"Users\",\"KeyConditionExpression\":\"PK = :pk\","
                 "\"ExpressionAttributeValues\":{\":pk\":{\"S\":\"%s\"}}}", pk);
        free(pk);
        return ddb_call("Query", body, out);
}
int profile(const char *id, struct buf *out)
{
        char pk[64], body[256];
        user_pk(pk, sizeof pk, id);
        snprintf(body, sizeof body, "{\"TableName\":\"Users\",\"Key\":{\"PK\":{\"S\":\"%s\"}}}", pk);
        return ddb_call("GetItem", body, out);
}
EOT
expect_rc 1 "$DDBLINT" --no-cache --verbose --checks '-*,request-in-loop' .
has "$T/err" "src/keys.c:4:6: note: helper user_pk writes USER#<\$3> into its argument 1, cut to the size its argument 2 gives: known at its calls in other files"
has "$T/err" "helper all_pk writes USERS into its argument 1"
has "$T/err" "helper user_key returns USER#<\$1>"
has "$T/err" "src/keys.c:13:6: note: helper maybe_pk is not known at its calls: it writes its argument 1 on some paths only, or with text ddblint does not follow"
has "$T/out" "src/users.c:11:21: note: GetItem of table 'Users' once per element of the loop"
if [ "$(grep -c "request-in-loop" "$T/out")" = 1 ]; then ok "one request-in-loop"; else fail "request-in-loop count"; cat "$T/out"; fi
expect_rc 0 "$DDBLINT" access-patterns --no-cache --format csv .
has "$T/out" 'GetItem,Users,,PK = USER#<?>,SK = PROFILE'
has "$T/out" 'Query,Users,,PK = USER#<?>'
has "$T/out" 'GetItem,Users,,PK = USERS,SK = PROFILE'
# a Key without the table's sort key says so (key-schema-mismatch's case)
has "$T/out" 'GetItem,Users,,PK = USER#<?>,(none: the key lacks SK)'
expect_rc 0 "$DDBLINT" access-patterns --no-cache .
has "$T/out" '| GetItem | Users |  | `PK = USER#<?>` | (none: the key lacks SK) |'
expect_rc 0 "$DDBLINT" iam-policy --no-cache .
has "$T/out" '"USER#*"'
# the same from the result cache, -j 1 and -j 2
C="$T/cache"
expect_rc 1 "$DDBLINT" --cache-dir "$C" -j 1 --checks '-*,request-in-loop' .
cp "$T/out" "$T/cold"
expect_rc 1 "$DDBLINT" --cache-dir "$C" -j 2 --checks '-*,request-in-loop' .
if cmp -s "$T/out" "$T/cold"; then ok "warm -j 2 = cold -j 1"; else fail "warm differs"; diff "$T/cold" "$T/out"; fi
finish
