"""lspclient.py - a small Language Server Protocol client over pipes, for
the tests of `ddblint lsp` (tests/lsp/*.py). Standard library only.
SPDX-License-Identifier: MIT
"""
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

failures = []


def check(cond, what):
    """A test's assertion: said and counted, the test goes on."""
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def main(run):
    """run(ddblint, root) in a fresh directory (a real path); exit status 0 or 1."""
    ddblint = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="ddblint-lsp-")
    try:
        run(ddblint, os.path.realpath(tmp))
    finally:
        shutil.rmtree(tmp)
    if failures:
        print("%d failure(s)" % len(failures))
        return 1
    print("ok")
    return 0


class Server:
    """`ddblint lsp ARGS` as a child process with its stdin and stdout."""

    def __init__(self, ddblint, args=(), cwd=None, env=None):
        self.p = subprocess.Popen([ddblint, "lsp", *args], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  cwd=cwd, env=env)
        self.buf = b""
        self.next_id = 0
        self.seen = []  # every message received, in order

    # ---- writing ----
    def raw(self, data):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method, params=None):
        m = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            m["params"] = params
        self.send(m)

    def request(self, method, params=None):
        self.next_id += 1
        m = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            m["params"] = params
        self.send(m)
        return self.next_id

    # ---- reading ----
    def _fill(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no message from the server in time")
        r, _, _ = select.select([self.p.stdout], [], [], left)
        if not r:
            raise TimeoutError("no message from the server in time")
        chunk = os.read(self.p.stdout.fileno(), 65536)
        if not chunk:
            raise EOFError("the server closed its stdout")
        self.buf += chunk

    def read(self, timeout=60):
        """The next message (a dict), or TimeoutError / EOFError."""
        deadline = time.monotonic() + timeout
        while True:
            end = self.buf.find(b"\r\n\r\n")
            if end >= 0:
                length = None
                for line in self.buf[:end].split(b"\r\n"):
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value)
                assert length is not None, "a frame without Content-Length: %r" % self.buf[:end]
                if len(self.buf) >= end + 4 + length:
                    body = self.buf[end + 4:end + 4 + length]
                    self.buf = self.buf[end + 4 + length:]
                    msg = json.loads(body)
                    self.seen.append(msg)
                    return msg
            self._fill(deadline)

    def wait_for(self, pred, timeout=60):
        """Messages are read until pred(msg) holds; that message is returned."""
        deadline = time.monotonic() + timeout
        while True:
            m = self.read(max(0.01, deadline - time.monotonic()))
            if pred(m):
                return m

    def response(self, rid, timeout=60):
        return self.wait_for(lambda m: m.get("id") == rid and "method" not in m, timeout)

    def diagnostics(self, uri, timeout=60, version=None):
        def ok(m):
            return (m.get("method") == "textDocument/publishDiagnostics"
                    and m["params"]["uri"] == uri
                    and (version is None or m["params"].get("version") == version))
        return self.wait_for(ok, timeout)["params"]["diagnostics"]

    # ---- a session ----
    def initialize(self, root, capabilities=None):
        rid = self.request("initialize", {
            "processId": os.getpid(),
            "rootUri": "file://" + root,
            "capabilities": capabilities or {},
        })
        r = self.response(rid)
        self.notify("initialized", {})
        return r

    def open(self, path, text=None, language="cpp", version=1):
        if text is None:
            with open(path, encoding="utf-8", errors="surrogateescape") as f:
                text = f.read()
        uri = "file://" + path
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": version, "text": text}})
        return uri

    def stop(self, timeout=30):
        """shutdown then exit; returns the exit status."""
        rid = self.request("shutdown")
        self.response(rid)
        self.notify("exit")
        return self.p.wait(timeout)

    def kill(self):
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()
