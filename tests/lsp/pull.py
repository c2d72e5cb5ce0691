#!/usr/bin/env python3
"""pull.py - `ddblint lsp` with a client that pulls diagnostics (LSP 3.17,
textDocument/diagnostic): the server declares diagnosticProvider, answers
a pull with the current text's report (waiting for its analysis), says
"unchanged" for the version the client has, answers a pull made before an
edit's analysis with the edited text's report, and publishes nothing.
Usage: pull.py DDBLINT
SPDX-License-Identifier: MIT
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import Server, check, main  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def run(ddblint, root):
    with open(os.path.join(HERE, "orders.cpp")) as f:
        source = f.read()
    os.mkdir(os.path.join(root, ".git"))
    src = os.path.join(root, "orders.cpp")
    with open(src, "w") as f:
        f.write(source)
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(root, "cache"))
    s = Server(ddblint, [], cwd=root, env=env)
    try:
        init = s.initialize(root, {"textDocument": {"diagnostic": {}},
                                   "workspace": {"diagnostics": {"refreshSupport": True}}})
        dp = init["result"]["capabilities"].get("diagnosticProvider")
        check(dp and dp["interFileDependencies"] is False, "diagnosticProvider declared: %r" % dp)
        uri = s.open(src, source)

        def pull(prev=None):
            p = {"textDocument": {"uri": uri}}
            if prev:
                p["previousResultId"] = prev
            return s.response(s.request("textDocument/diagnostic", p))["result"]

        r = pull()
        check(r["kind"] == "full" and sorted(d["code"] for d in r["items"]) ==
              ["reserved-word", "scan"], "the first pull: %r" % r)
        r2 = pull(r.get("resultId"))
        check(r2 == {"kind": "unchanged", "resultId": r.get("resultId")}, "unchanged: %r" % r2)
        edited = source.replace("c.Scan(r);", "")
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                            "contentChanges": [{"text": edited}]})
        r3 = pull(r.get("resultId"))  # asked before the edit's analysis ends
        check(r3["kind"] == "full" and [d["code"] for d in r3["items"]] == ["reserved-word"],
              "the edited text's report: %r" % r3)
        check(r3.get("resultId") != r.get("resultId"), "a new resultId")
        # a rules file changed: the client is asked to pull again
        with open(os.path.join(root, ".ddblint.yaml"), "w") as f:
            f.write("version: 1\n")
        s.notify("workspace/didChangeWatchedFiles",
                 {"changes": [{"uri": "file://" + root + "/.ddblint.yaml", "type": 1}]})
        m = s.wait_for(lambda m: m.get("method") == "workspace/diagnostic/refresh", 20)
        s.send({"jsonrpc": "2.0", "id": m["id"], "result": None})
        pushed = [m for m in s.seen if m.get("method") == "textDocument/publishDiagnostics"
                  and m["params"]["uri"] == uri]
        check(not pushed, "nothing published to a pulling client")
        check(s.stop() == 0, "exit 0")
    finally:
        s.kill()


if __name__ == "__main__":
    sys.exit(main(run))
