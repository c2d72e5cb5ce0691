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
    return [(re.compile(r["regex"]), r["check"]) for r in rules]


def expectation(case, verdict, mapping):
    """'accepted', 'runtime', a check id, or None when no mapping rule matches."""
    if case.get("category") == "runtime":
        return "runtime"
    if verdict.get("ok"):
        return "accepted"
    if case.get("expect_check"):
        return case["expect_check"]
    text = "%s: %s" % (verdict.get("type", ""), verdict.get("message", ""))
    for rx, check in mapping:
        if rx.search(text):
            return check
    return None


def category_of(expect):
    if expect in ("accepted", "runtime"):
        return expect
    return "static"
