"""Broken MCP servers over stdio, in plain Python (no SDK), one behaviour each:

- ``exit-in-handshake``: reads the initialize request, says why on stderr, exits 3;
- ``silent``: reads everything, answers nothing, and ignores SIGTERM (only SIGKILL stops it);
- ``garbage``: prints a banner on stdout instead of JSON-RPC, then waits;
- ``invalid-list``: a correct handshake, then a ``tools/list`` whose tools have no name;
- ``endless-cursor``: every ``tools/list`` page says ``nextCursor: "again"``.

``--pid-file F`` records the process id; with ``--child`` a grandchild (a plain ``sleep``)
is started too and its id recorded in ``F.child``, so a test can check the whole tree is gone.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time


def send(obj: object) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("mode")
    ap.add_argument("--pid-file")
    ap.add_argument("--child", action="store_true")
    args = ap.parse_args()
    if args.pid_file:
        with open(args.pid_file, "w") as fh:
            fh.write(str(os.getpid()))
        if args.child:
            child = subprocess.Popen(["sleep", "300"])
            with open(args.pid_file + ".child", "w") as fh:
                fh.write(str(child.pid))
    if args.mode == "garbage":
        print("Starting server v1.0 ... ready", flush=True)
        time.sleep(300)
        return
    if args.mode == "silent":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        for _line in sys.stdin:
            pass
        time.sleep(300)
        return
    for line in sys.stdin:
        msg = json.loads(line)
        method, rid = msg.get("method"), msg.get("id")
        if method == "initialize":
            if args.mode == "exit-in-handshake":
                print("fatal: missing configuration file settings.toml", file=sys.stderr, flush=True)
                sys.exit(3)
            send({"jsonrpc": "2.0", "id": rid, "result": {
                "protocolVersion": msg["params"]["protocolVersion"],
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "bad", "version": "0"},
            }})
        elif method == "tools/list":
            if args.mode == "invalid-list":
                send({"jsonrpc": "2.0", "id": rid, "result": {"tools": [{"description": "no name", "inputSchema": {"type": "object"}}]}})
            else:
                send({"jsonrpc": "2.0", "id": rid, "result": {
                    "tools": [{"name": "t", "inputSchema": {"type": "object"}}], "nextCursor": "again",
                }})
        elif rid is not None:
            send({"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": "no"}})


if __name__ == "__main__":
    main()
