#!/bin/sh
# compdb.sh - compile databases as clang-tidy reads them: a CMake-generated
# compile_commands.json with relative paths (ddblint -p build src), -p
# naming the directory, a directory below it or the file, entries with
# `arguments` or `command`, a `directory` relative to the database, a file
# the database does not list (flags of the most similar entry).
. "$(dirname "$0")/lib.inc"
command -v cmake >/dev/null 2>&1 || { fail "cmake is missing"; finish; }
mkdir -p proj/src proj/include/shop && cd proj || exit 2
cat >CMakeLists.txt <<'EOT'
cmake_minimum_required(VERSION 3.13)
project(shop CXX)
add_library(shop STATIC src/orders.cpp src/report.cpp)
target_include_directories(shop PRIVATE include)
# The table name comes from the build: without the database, SHOP_TABLE is
# undefined and the requests are not what the build compiles.
target_compile_definitions(shop PRIVATE SHOP_TABLE="Shop" SHOP_WITH_REPORTS=1)
EOT
cat >include/shop/db.h <<'EOT'
#include <aws/dynamodb/DynamoDBClient.h>
#ifndef SHOP_TABLE
#define SHOP_TABLE "Unknown"
#endif
EOT
cat >src/orders.cpp <<'EOT'
#include "shop/db.h"
void orders(Aws::DynamoDB::DynamoDBClient &client)
{
        Aws::DynamoDB::Model::QueryRequest q;
        q.SetTableName(SHOP_TABLE);
        client.Query(q);
}
EOT
cat >src/report.cpp <<'EOT'
#include "shop/db.h"
#if SHOP_WITH_REPORTS
void report(Aws::DynamoDB::DynamoDBClient &client)
{
        Aws::DynamoDB::Model::ScanRequest s;
        s.SetTableName(SHOP_TABLE);
        client.Scan(s);
}
#endif
EOT
# not in the database: gets report.cpp's flags (the most similar entry)
cp src/report.cpp src/report_new.cpp
cmake -S . -B build -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >cmake.log 2>&1 || { fail "cmake"; cat cmake.log; }
[ -f build/compile_commands.json ] && ok "CMake wrote the database" || fail "no database"

# Relative paths, the way everyone types it.
expect_rc 1 "$DDBLINT" -p build src
has "$T/out" "src/orders.cpp:6:9: error: Query of table 'Shop' never sets a KeyConditionExpression"
has "$T/out" "src/report.cpp:7:9: warning: Scan of table 'Shop'"
has "$T/out" "src/report_new.cpp:7:9: warning: Scan of table 'Shop'"
lacks "$T/err" "CXErrorCode"
# the same with -j1 (libclang's -working-directory once broke every file after the first)
expect_rc 1 "$DDBLINT" -j1 -p build src
has "$T/out" "src/report.cpp:7:9: warning: Scan of table 'Shop'"
# -p naming the file, and a directory below the database's
mkdir -p build/sub
expect_rc 1 "$DDBLINT" -p build/compile_commands.json src/report.cpp
has "$T/out" "Scan of table 'Shop'"
expect_rc 1 "$DDBLINT" -p build/sub src/report.cpp
has "$T/out" "Scan of table 'Shop'"
# absolute paths
expect_rc 1 "$DDBLINT" -p "$T/proj/build" "$T/proj/src/report.cpp"
has "$T/out" "$T/proj/src/report.cpp:7:9: warning: Scan of table 'Shop'"
# without the database the build's definitions are missing
expect_rc 0 "$DDBLINT" src/report.cpp
lacks "$T/out" "[scan]"

# Hand-written databases: `arguments` and `command`, and a `directory`
# relative to the database (the file sits in db/, the sources in ..).
mkdir db
cat >db/compile_commands.json <<EOT
[
  {"directory": "..", "file": "src/report.cpp",
   "arguments": ["c++", "-Iinclude", "-DSHOP_TABLE=\"FromArguments\"", "-DSHOP_WITH_REPORTS=1", "-c", "src/report.cpp"]},
  {"directory": "$T/proj", "file": "src/orders.cpp",
   "command": "c++ -Iinclude '-DSHOP_TABLE=\"FromCommand\"' -c src/orders.cpp"}
]
EOT
expect_rc 1 "$DDBLINT" -p db src/report.cpp src/orders.cpp
has "$T/out" "Scan of table 'FromArguments'"
has "$T/out" "Query of table 'FromCommand'"
# A malformed database is one clear error, before any analysis.
printf '[{"directory": "/x", "file": "a.cpp"}]\n' >db/compile_commands.json
expect_rc 2 "$DDBLINT" -p db src
has "$T/err" "db/compile_commands.json: compile command 1 (counting from 1): expected 'arguments'"
printf '[{"directory": "/x",, }]\n' >db/compile_commands.json
expect_rc 2 "$DDBLINT" -p db src
has "$T/err" "db/compile_commands.json:1:21: error: not a valid JSON compilation database"
expect_rc 2 "$DDBLINT" -p /nonexistent src
has "$T/err" "no compile_commands.json here or in a directory above (-p)"
finish
