#!/usr/bin/env python3
"""protocol.py - `ddblint lsp` against a broken or hostile client: bad
frames, bodies that are not JSON or not JSON-RPC, unknown methods, bad
params, requests out of order, a huge Content-Length, a client that
disappears. Each gets a JSON-RPC error, is dropped, or ends the server
with a clean exit; never a crash, never a hang.
Usage: protocol.py DDBLINT
SPDX-License-Identifier: MIT
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspclient import Server, check, main  # noqa: E402

def error_code(m):
    return m.get("error", {}).get("code")


def frame(body):
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def exits(s, status, what, timeout=20):
    try:
        got = s.p.wait(timeout)
    except Exception:
        check(False, what + ": the server did not exit")
        s.kill()
        return
    check(got == status, "%s: exit status %s, expected %s" % (what, got, status))


def ping(s, what):
    """The server still answers (an unknown request gets -32601)."""
    rid = s.request("ddblint/ping")
    try:
        m = s.response(rid, timeout=20)
        check(error_code(m) == -32601, what + ": still answering")
    except Exception as e:
        check(False, "%s: no answer after it (%s)" % (what, e))


def run(ddblint, root):
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(root, "cache"))

    def server():
        return Server(ddblint, ["--no-cache"], cwd=root, env=env)

    # before initialize: -32002 for a request, a notification dropped
    s = server()
    rid = s.request("textDocument/codeAction", {})
    check(error_code(s.response(rid)) == -32002, "request before initialize: -32002")
    s.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///x.c", "text": ""}})
    s.initialize(root)

    # framing errors: answered with a parse error (id null), reading goes on
    for bad, what in [(b"Content-Length: abc\r\n\r\n", "a Content-Length that is no number"),
                      (b"Content-Type: x\r\n\r\n", "no Content-Length"),
                      (b"Content-Length: 5\r\nContent-Length: 6\r\n\r\n", "two Content-Lengths"),
                      (b"garbage\r\n\r\n", "garbage header")]:
        s.raw(bad)
        m = s.read(20)
        check(error_code(m) == -32700 and m.get("id") is None, what + ": -32700 with id null")
        ping(s, what)

    # bodies that are not JSON, or not JSON-RPC
    cases = [
        (b"{not json", -32700, "not JSON"),
        (b"\xff\xfe{}", -32700, "not UTF-8"),
        (b"[" * 100000 + b"]" * 100000, -32700, "nested 100,000 deep"),
        (b'{"jsonrpc":"2.0","id":1,"id":2,"method":"x"}', -32700, "a duplicate key"),
        (b"[]", -32600, "an empty batch"),
        (b'[{"jsonrpc":"2.0","id":7,"method":"shutdown"}]', -32600, "a batch"),
        (b"42", -32600, "a number"),
        (b'{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}', -32600, "an object id"),
        (b'{"jsonrpc":"2.0","id":3,"method":17}', -32600, "a method that is no string"),
        (b'{"jsonrpc":"2.0","id":4}', -32600, "a request without method"),
        (b'{"jsonrpc":"2.0","id":5,"method":"textDocument/codeAction","params":3}', -32602,
         "params that are no object"),
        (b'{"jsonrpc":"2.0","id":6,"method":"initialize","params":{}}', -32600,
         "a second initialize"),
        (b'{"jsonrpc":"2.0","id":8,"method":"workspace/symbol","params":{}}', -32601,
         "an unknown method"),
    ]
    for body, code, what in cases:
        s.raw(frame(body))
        m = s.read(20)
        check(error_code(m) == code, "%s: %s, got %r" % (what, code, m))
    ping(s, "after the bad bodies")

    # notifications with bad params are dropped; the server lives on
    for params in [None, 3, [], {"textDocument": 5}, {"textDocument": {"uri": 5}},
                   {"textDocument": {"uri": "untitled:Untitled-1", "text": "x"}},
                   {"textDocument": {"uri": "file://host/x.c", "text": "x"}},
                   {"textDocument": {"uri": "file:///a%00b.c", "text": "x"}},
                   {"textDocument": {"uri": "file:///nowhere/x.c"}}]:
        for method in ["textDocument/didOpen", "textDocument/didChange",
                       "textDocument/didSave", "textDocument/didClose",
                       "workspace/didChangeWatchedFiles", "$/cancelRequest", "ddblint/unknown"]:
            s.notify(method, params)
    s.notify("textDocument/didChange", {"textDocument": {"uri": "file:///nowhere/x.c"},
                                        "contentChanges": [{"range": {"start": {"line": -1}},
                                                            "text": 5}]})
    ping(s, "after notifications with bad params")
    rid = s.request("textDocument/codeAction", {"textDocument": {"uri": "file:///nowhere"},
                                                "context": {"diagnostics": 7}})
    check(s.response(rid).get("result") == [], "codeAction on an unknown document: []")

    # a file that does not exist on disk (a new buffer not saved yet) and
    # hostile edits of an open one: analysed, no crash
    new = os.path.join(root, "new.cpp")
    uri = s.open(new, "#include <aws/dynamodb/DynamoDBClient.h>\nint x;\n")
    d = s.diagnostics(uri)
    check(d == [], "an unsaved new file: analysed, nothing to say: %r" % d)
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                        "contentChanges": [{"range": {
                                            "start": {"line": 99, "character": 99},
                                            "end": {"line": 0, "character": 0}},
                                            "text": "\u00e9\U0001f600"}]})
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                        "contentChanges": [{"text": "\x00\x01 binary"}]})
    d = s.diagnostics(uri, version=3)
    ping(s, "after hostile edits")

    # after shutdown only exit is accepted; exit then gives 0
    rid = s.request("shutdown")
    check(s.response(rid).get("result", 1) is None, "shutdown: null result")
    rid = s.request("textDocument/codeAction", {})
    check(error_code(s.response(rid)) == -32600, "a request after shutdown: -32600")
    s.notify("exit")
    exits(s, 0, "shutdown then exit")

    # exit without shutdown: 1
    s = server()
    s.initialize(root)
    s.notify("exit")
    exits(s, 1, "exit without shutdown")

    # a huge Content-Length: an error, the body skipped as it comes; the
    # client then disappears: the server ends (1), without holding the body
    s = server()
    s.initialize(root)
    s.raw(b"Content-Length: 99999999999999\r\n\r\n" + b"x" * 100000)
    m = s.read(20)
    check(error_code(m) == -32700, "a huge Content-Length: -32700")
    s.p.stdin.close()
    exits(s, 1, "a client gone after a huge Content-Length")

    # a client that disappears mid-message and mid-analysis
    s = server()
    s.initialize(root)
    s.open(os.path.join(root, "gone.cpp"), "int main() { return 0; }\n")
    s.raw(b"Content-Length: 100\r\n\r\n{\"jsonrpc\"")
    s.p.stdin.close()
    t = time.monotonic()
    exits(s, 1, "a client gone mid-message")
    check(time.monotonic() - t < 10, "exits at once")

    # a client that stops reading: the server's writes fail, it exits
    s = server()
    s.initialize(root)
    s.p.stdout.close()
    for i in range(50):
        try:
            s.request("ddblint/ping")
        except (BrokenPipeError, OSError):
            break
    try:
        s.p.stdin.close()
    except OSError:
        pass
    exits(s, 1, "a client that closed its end")


if __name__ == "__main__":
    sys.exit(main(run))
