# gen.py - the benchmark's synthetic inputs (see bench/README.md).
# SPDX-License-Identifier: MIT
#
# Deterministic: the same arguments write the same bytes, so runs on
# different days or machines read the same code.
import json
import os

# System headers the project headers rotate through, so that files differ in
# what they pull in as real code does.
EXTRA_STD = ["<sstream>", "<functional>", "<unordered_map>", "<set>", "<chrono>"]

COMMON_H = """\
// common.h - types every file of the synthetic project uses.
#pragma once
#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace proj {

struct Record {
    std::string id;
    std::int64_t value = 0;
    std::vector<std::string> tags;
};

std::string Join(const std::vector<std::string> &parts, char sep);

}  // namespace proj
"""

# The project's own wrapper around the client: DynamoDB files reach the SDK
# through it, as real code does.
DB_H = """\
// db.h - the synthetic project's access to DynamoDB.
#pragma once
#include "proj/common.h"

#include <aws/core/Aws.h>
#include <aws/dynamodb/DynamoDBClient.h>
#include <aws/dynamodb/model/AttributeValue.h>
#include <aws/dynamodb/model/GetItemRequest.h>
#include <aws/dynamodb/model/PutItemRequest.h>
#include <aws/dynamodb/model/QueryRequest.h>
#include <aws/dynamodb/model/ScanRequest.h>

namespace proj {

constexpr char kTable[] = "Orders";

class Db {
public:
    explicit Db(Aws::DynamoDB::DynamoDBClient &client) : client_(client) {}
    Aws::DynamoDB::DynamoDBClient &client() { return client_; }

private:
    Aws::DynamoDB::DynamoDBClient &client_;
};

}  // namespace proj
"""


def util_h(k):
    return f"""\
// util_{k}.h - a project header without DynamoDB.
#pragma once
#include "proj/common.h"
#include {EXTRA_STD[k % len(EXTRA_STD)]}

namespace proj {{

class Util{k} {{
public:
    void Add(const Record &r) {{ records_.push_back(r); }}
    std::size_t Size() const {{ return records_.size(); }}
    std::int64_t Total() const
    {{
        std::int64_t t = 0;
        for (const auto &r : records_)
            t += r.value * {k + 1};
        return t;
    }}
    const std::vector<Record> &Records() const {{ return records_; }}

private:
    std::vector<Record> records_;
}};

}}  // namespace proj
"""


def plain_function(i, k, util):
    return f"""\
std::string f{i}_{k}(const std::vector<proj::Record> &rs, int limit)
{{
    proj::Util{util} u;
    std::string out;
    int n = 0;
    for (const auto &r : rs) {{
        if (n++ >= limit)
            break;
        u.Add(r);
        out += r.id;
        out += ':';
        out += std::to_string(r.value + {k});
    }}
    std::sort(out.begin(), out.end());
    return out + std::to_string(u.Total());
}}

"""


def request_function(i, k):
    kind = k % 4
    if kind == 0:
        body = f"""\
    Aws::DynamoDB::Model::QueryRequest req;
    req.SetTableName(proj::kTable);
    req.SetKeyConditionExpression("PK = :pk AND begins_with(SK, :sk)");
    req.AddExpressionAttributeValues(":pk", Aws::DynamoDB::Model::AttributeValue("USER#" + user));
    req.AddExpressionAttributeValues(":sk", Aws::DynamoDB::Model::AttributeValue("ORDER#"));
    return db.client().Query(req).IsSuccess();"""
    elif kind == 1:
        body = """\
    Aws::DynamoDB::Model::GetItemRequest req;
    req.SetTableName(proj::kTable);
    req.AddKey("PK", Aws::DynamoDB::Model::AttributeValue("USER#" + user));
    req.AddKey("SK", Aws::DynamoDB::Model::AttributeValue("METADATA"));
    req.SetProjectionExpression("#n, Email");
    req.AddExpressionAttributeNames("#n", "Name");
    return db.client().GetItem(req).IsSuccess();"""
    elif kind == 2:
        body = """\
    Aws::DynamoDB::Model::PutItemRequest req;
    req.SetTableName(proj::kTable);
    req.AddItem("PK", Aws::DynamoDB::Model::AttributeValue("USER#" + user));
    req.AddItem("SK", Aws::DynamoDB::Model::AttributeValue("METADATA"));
    req.SetConditionExpression("attribute_not_exists(PK)");
    return db.client().PutItem(req).IsSuccess();"""
    else:
        body = """\
    Aws::DynamoDB::Model::ScanRequest req;
    req.SetTableName(proj::kTable);
    req.SetFilterExpression("begins_with(PK, :p)");
    req.AddExpressionAttributeValues(":p", Aws::DynamoDB::Model::AttributeValue(user));
    return db.client().Scan(req).IsSuccess();"""
    return f"""\
bool r{i}_{k}(proj::Db &db, const Aws::String &user)
{{
{body}
}}

"""


def source(i, n_utils, lines, ddb):
    utils = sorted({i % n_utils, (i * 7 + 3) % n_utils, (i * 13 + 5) % n_utils})
    head = [f"// f{i}.cpp - synthetic source {i}{' (DynamoDB)' if ddb else ''}.\n"]
    head += [f'#include "proj/util_{u}.h"\n' for u in utils]
    if ddb:
        head.append('#include "proj/db.h"\n')
    head.append("\nnamespace {\n\n")
    text = "".join(head)
    k = 0
    while text.count("\n") < lines:
        if ddb and k % 3 == 1:
            text += request_function(i, k // 3)
        else:
            text += plain_function(i, k, utils[k % len(utils)])
        k += 1
    text += "}  // namespace\n"
    return text


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def gen_repo(root, n, share, lines, n_utils, stub_dir, per_dir=100):
    """Writes the synthetic repository; returns (sources, ddb_sources, flags):
    paths relative to root, in order; the compiler flags every tool gets.
    A compile_commands.json at root gives the same flags to clang-tidy and
    ddblint (-p) as the floor gets on its command line."""
    write(os.path.join(root, "include/proj/common.h"), COMMON_H)
    write(os.path.join(root, "include/proj/db.h"), DB_H)
    for k in range(n_utils):
        write(os.path.join(root, f"include/proj/util_{k}.h"), util_h(k))
    # every (1/share)-th file touches DynamoDB, spread over the tree
    step = max(1, round(1 / share)) if share > 0 else 0
    sources, ddb_sources = [], []
    for i in range(n):
        ddb = step > 0 and i % step == step // 2
        rel = f"src/m{i // per_dir:03d}/f{i}.cpp"
        write(os.path.join(root, rel), source(i, n_utils, lines, ddb))
        sources.append(rel)
        if ddb:
            ddb_sources.append(rel)
    flags = ["-xc++", "-std=c++17", "-Iinclude", "-ferror-limit=0", "-idirafter", stub_dir]
    write_compdb(root, sources, flags)
    return sources, ddb_sources, flags


def write_compdb(root, sources, flags):
    db = [{"directory": os.path.abspath(root), "file": s,
           "arguments": ["clang++"] + flags + ["-c", s]} for s in sources]
    write(os.path.join(root, "compile_commands.json"), json.dumps(db, indent=1) + "\n")


def gen_requests(path, m):
    """One function holding m Queries, each on its own request variable."""
    out = ["// requests.cpp - one function holding %d Queries.\n" % m,
           "#include <aws/dynamodb/DynamoDBClient.h>\n",
           "#include <aws/dynamodb/model/AttributeValue.h>\n",
           "#include <aws/dynamodb/model/QueryRequest.h>\n\n",
           "int RunAll(Aws::DynamoDB::DynamoDBClient &client, const Aws::String &user)\n{\n",
           "    int failures = 0;\n"]
    for i in range(m):
        out.append(f"""\
    Aws::DynamoDB::Model::QueryRequest q{i};
    q{i}.SetTableName("Orders");
    q{i}.SetKeyConditionExpression("PK = :pk AND SK > :sk");
    q{i}.AddExpressionAttributeValues(":pk", Aws::DynamoDB::Model::AttributeValue("USER#" + user));
    q{i}.AddExpressionAttributeValues(":sk", Aws::DynamoDB::Model::AttributeValue("{i}"));
    if (!client.Query(q{i}).IsSuccess())
        failures++;
""")
    out.append("    return failures;\n}\n")
    write(path, "".join(out))
