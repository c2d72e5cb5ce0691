# tests/oracle/oraclelib.py - shared by tests/oracle/record and tests/oracle/compare.
# SPDX-License-Identifier: MIT
"""Reading the corpus and turning a DynamoDB/dynalite verdict into an expectation."""
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))


def read_jsonl(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                out.append(json.loads(line))
    return out


def load_mapping(path=None):
    with open(path or os.path.join(HERE, "mapping.json"), encoding="utf-8") as f:
        rules = json.load(f)["rules"]
    return [(re.compile(r["regex"]), r.get("check") or r["check_by_field"]) for r in rules]


# The expression members in the order DynamoDB validates them (expression-rules.md).
FIELD_ORDER = ["UpdateExpression", "ConditionExpression", "KeyConditionExpression",
               "FilterExpression", "ProjectionExpression"]


def expectation(case, verdict, mapping):
    """'accepted', 'runtime', a check id, or None when no mapping rule matches.
    The verdict alone decides (through mapping.json): a case's "category" is its author's
    intent, which tests/oracle/record checks against this, never an override."""
    if verdict.get("ok"):
        return "accepted"
    if case.get("expect_check"):
        return case["expect_check"]
    text = "%s: %s" % (verdict.get("type", ""), verdict.get("message", ""))
    for rx, check in mapping:
        if rx.search(text):
            if isinstance(check, dict):  # the message does not name the expression
                for f in FIELD_ORDER:
                    if f in case.get("params", {}) and f in check:
                        return check[f]
                return None
            return check
    return None


def merge_patch(target, patch):
    """RFC 7396 JSON merge patch: objects merge recursively, null deletes a member."""
    if not isinstance(patch, dict):
        return patch
    out = dict(target) if isinstance(target, dict) else {}
    for k, v in patch.items():
        if v is None:
            out.pop(k, None)
        else:
            out[k] = merge_patch(out.get(k), v)
    return out


def category_of(expect):
    if expect in ("accepted", "runtime"):
        return expect
    return "static"
