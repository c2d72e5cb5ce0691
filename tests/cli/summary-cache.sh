#!/bin/sh
# summary-cache.sh - a function summary from a project header
# (src/recognize/summary.c) is part of its callers' cached results: the
# result cache records the header, so an edit of the helper gives a warm
# run the new key, never the stale finding.
. "$(dirname "$0")/lib.inc"
C="$T/cache"
mkdir -p p/src p/include
cat >p/.ddblint.yaml <<'EOT'
version: 1
tables:
  - name: Shop
    partition-key: {name: PK, type: S}
    sort-key: {name: SK, type: S}
EOT
cat >p/include/keys.h <<'EOT'
#pragma once
#include <aws/core/utils/memory/stl/AWSString.h>
static inline Aws::String events_pk(const Aws::String &kind)
{
        return "EVENTS#" + kind;
}
EOT
cat >p/src/log.cpp <<'EOT'
#include <aws/dynamodb/DynamoDBClient.h>
#include <aws/dynamodb/model/PutItemRequest.h>
#include "../include/keys.h"

using Aws::DynamoDB::Model::AttributeValue;

void log_login(Aws::DynamoDB::DynamoDBClient &client, const Aws::String &id)
{
        Aws::DynamoDB::Model::PutItemRequest req;
        req.SetTableName("Shop");
        req.AddItem("PK", AttributeValue(events_pk("login")));
        req.AddItem("SK", AttributeValue("EVENT#" + id));
        client.PutItem(req);
}
EOT
cd p || exit 2
run() { "$DDBLINT" --cache-dir "$C" --cache-stats . >"$T/$1.out" 2>"$T/$1.err"; }
run cold
has "$T/cold.out" "is the constant 'EVENTS#login'"
run warm
has "$T/warm.out" "is the constant 'EVENTS#login'"
has "$T/warm.err" "from the result cache"
# the helper now takes the user's id: no constant key
sleep 1
cat >include/keys.h <<'EOT'
#pragma once
#include <aws/core/utils/memory/stl/AWSString.h>
#include <string>
extern int shard;
static inline Aws::String events_pk(const Aws::String &kind)
{
        return "EVENTS#" + kind + "#" + std::to_string(shard).c_str();
}
EOT
run edited
lacks "$T/edited.out" "is the constant"
has "$T/edited.out" "0 findings"
finish
