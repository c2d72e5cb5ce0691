#!/usr/bin/env python3
"""session.py - `ddblint lsp` through a whole session, spoken directly over
pipes: initialize, didOpen of a file with a Scan and a reserved word (both
published, with code, codeDescription and positions), an unsaved edit that
removes the Scan (its diagnostic goes; the file on disk is unchanged), an
unsaved suppression directive, a code action that suppresses with a reason,
a rules file error shown on the rules file, didClose clearing, shutdown and
exit status 0.
Usage: session.py DDBLINT
SPDX-License-Identifier: MIT
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import Server, check, main  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "orders.cpp")) as _f:
    SOURCE = _f.read()  # a Scan (line 9) and a reserved word (line 16)


def codes(diags):
    return sorted(d["code"] for d in diags)


def run(ddblint, root):
    os.mkdir(os.path.join(root, ".git"))  # the project root
    src = os.path.join(root, "orders.cpp")
    with open(src, "w") as f:
        f.write(SOURCE)
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(root, "cache"))
    s = Server(ddblint, ["--sarif-help-base", "https://example.com/checks/{id}.html"],
               cwd=root, env=env)
    try:
        init = s.initialize(root)
        caps = init["result"]["capabilities"]
        check(caps["textDocumentSync"]["change"] in (1, 2), "text sync declared")
        check("codeActionProvider" in caps, "code actions declared")
        check(init["result"]["serverInfo"]["name"] == "ddblint", "serverInfo")
        check(init["result"]["serverInfo"].get("version"), "serverInfo.version")

        # 1. the file as saved: a Scan and a reserved word
        uri = s.open(src, SOURCE)
        d = s.diagnostics(uri, version=1)
        check(codes(d) == ["reserved-word", "scan"], "didOpen: scan and reserved-word: %s" % codes(d))
        scan = [x for x in d if x["code"] == "scan"]
        if scan:
            x = scan[0]
            check(x["range"]["start"] == {"line": 8, "character": 8}, "scan at 9:9: %r" % x["range"])
            check(x["severity"] == 2, "scan is a warning")
            check(x["source"] == "ddblint", "source ddblint")
            check(x["codeDescription"]["href"] == "https://example.com/checks/scan.html",
                  "codeDescription from --sarif-help-base")
        rw = [x for x in d if x["code"] == "reserved-word"]
        if rw:
            check(rw[0]["range"]["start"] == {"line": 15, "character": 37},
                  "reserved word at 16:38: %r" % rw[0]["range"])
            check(rw[0]["range"]["end"] == {"line": 15, "character": 41}, "ends after 'name'")
            check(rw[0]["severity"] == 1, "reserved-word is an error")

        # 2. the code action: suppress with a reason, as a WorkspaceEdit
        rid = s.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": scan[0]["range"] if scan else None,
            "context": {"diagnostics": scan}})
        actions = s.response(rid)["result"]
        sup = [a for a in actions if "Suppress scan" in a["title"]]
        check(len(sup) == 1, "one suppress action for scan: %r" % actions)
        edited = SOURCE
        if sup:
            edits = sup[0]["edit"]["changes"][uri]
            check(len(edits) == 1 and edits[0]["range"]["start"] == {"line": 8, "character": 0},
                  "inserted above the Scan")
            lines = SOURCE.split("\n")
            lines.insert(8, edits[0]["newText"].rstrip("\n"))
            edited = "\n".join(lines)
            check("        // ddblint: ignore-next-line[scan] " in edited, "indented directive")

        # 2b. the reserved word's fix: the preferred action, its edits the
        # alias and the ExpressionAttributeNames entry
        rid = s.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": rw[0]["range"] if rw else None,
            "context": {"diagnostics": rw}})
        actions = s.response(rid)["result"]
        alias = [a for a in actions if a.get("isPreferred")]
        check(len(alias) == 1 and "alias 'name' as '#name'" in alias[0]["title"],
              "the preferred fix aliases 'name': %r" % [a["title"] for a in actions])
        if alias:
            edits = alias[0]["edit"]["changes"][uri]
            check([e["newText"] for e in edits] ==
                  ['q.AddExpressionAttributeNames("#name", "name"); ', "#name"],
                  "the fix's edits: %r" % edits)
            check(edits[1]["range"] == rw[0]["range"], "the word's range is the diagnostic's")

        # 3. the edit applied, unsaved: the Scan is suppressed by the buffer's
        # directive (the file on disk has none)
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                            "contentChanges": [{"text": edited}]})
        d = s.diagnostics(uri, version=2)
        check(codes(d) == ["reserved-word"], "after the suppression: %s" % codes(d))

        # 4. an incremental change (a range replaced): 'name' aliased, the
        # reserved word fixed in the buffer only
        line = edited.split("\n").index('        q.SetKeyConditionExpression("name = :n");')
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                            "contentChanges": [{
                                                "range": {"start": {"line": line, "character": 37},
                                                          "end": {"line": line, "character": 41}},
                                                "text": "pk"}]})
        d = s.diagnostics(uri, version=3)
        check(codes(d) == [], "after the incremental edit: %s" % codes(d))
        with open(src) as f:
            check(f.read() == SOURCE, "the file on disk is untouched")

        # 5. edits in quick succession: only the newest text is published
        for v in range(4, 9):
            text = SOURCE if v == 8 else SOURCE.replace("Orders", "T%d" % v)
            s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": v},
                                                "contentChanges": [{"text": text}]})
        d = s.diagnostics(uri, version=8)
        check(codes(d) == ["reserved-word", "scan"], "the newest text: %s" % codes(d))
        early = [m for m in s.seen if m.get("method") == "textDocument/publishDiagnostics"
                 and m["params"].get("version") in (4, 5, 6, 7)]
        check(not early, "superseded versions are not published: %r" %
              [m["params"]["version"] for m in early])

        # 6. a rules file with an error: shown on the rules file; the source
        # says why it is not analysed; fixed and saved: cleared
        rules = os.path.join(root, ".ddblint.yaml")
        with open(rules, "w") as f:
            f.write("version: 1\nchecks:\n  scan:\n    severity: loud\n")
        s.notify("workspace/didChangeWatchedFiles",
                 {"changes": [{"uri": "file://" + rules, "type": 1}]})
        rd = s.diagnostics("file://" + rules)
        check(len(rd) == 1 and rd[0]["range"]["start"]["line"] == 3,
              "rules error on line 4 of .ddblint.yaml: %r" % rd)
        with open(rules, "w") as f:
            f.write("version: 1\nchecks:\n  scan:\n    enabled: false\n")
        s.notify("textDocument/didSave", {"textDocument": {"uri": "file://" + rules}})
        rd = s.diagnostics("file://" + rules)
        check(rd == [], "rules error cleared")
        d = s.diagnostics(uri)
        check(codes(d) == ["reserved-word"], "scan disabled by the rules: %s" % codes(d))

        # 7. didClose clears the file's diagnostics
        s.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        d = s.diagnostics(uri)
        check(d == [], "cleared on close")

        status = s.stop()
        check(status == 0, "exit status 0 after shutdown: %s" % status)
    finally:
        s.kill()


if __name__ == "__main__":
    sys.exit(main(run))
