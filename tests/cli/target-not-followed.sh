#!/bin/sh
# target-not-followed.sh - a low-level send whose X-Amz-Target header
# ddblint cannot follow to one operation makes no request (a false positive
# is worse than silence), and --verbose says why, naming the header as
# written and what was known of it; without --verbose nothing is said.
. "$(dirname "$0")/lib.inc"
cat >cart.c <<'EOT'
#include <curl/curl.h>

enum op { OP_GET, OP_QUERY };
static const char *targets[] = {"X-Amz-Target: DynamoDB_20120810.GetItem",
                                "X-Amz-Target: DynamoDB_20120810.Query"};

int lines(CURL *curl, enum op op)
{
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, curl_slist_append(NULL, targets[op]));
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS,
                         "{\"TableName\":\"Carts\",\"FilterExpression\":\"PK = :pk\"}");
        return curl_easy_perform(curl);
}

int items(CURL *curl, const char *op)
{
        char hdr[96];
        snprintf(hdr, sizeof hdr, "X-Amz-Target: DynamoDB_20120810.%s", op);
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, curl_slist_append(NULL, hdr));
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{\"TableName\":\"Carts\"}");
        return curl_easy_perform(curl);
}
EOT
expect_rc 0 "$DDBLINT" --no-cache cart.c
has out "0 findings"
lacks err "target-not-followed"
lacks err "is not known"
expect_rc 0 "$DDBLINT" --no-cache --verbose cart.c
has err "cart.c:12:16: note: the operation of this send is not known: its target 'targets[op]' (cart.c:9:52) reads '<?>'"
has err "each <...> a part not known as one constant; no request is made of it"
has err "cart.c:21:16: note: the operation of this send is not known: its target 'hdr' (cart.c:19:52) reads 'X-Amz-Target: DynamoDB_20120810.<?>'"
finish
