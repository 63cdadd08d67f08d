"""The snapshot: a server's ``tools/list`` as pretty JSON in a file, so findings have a real
file, line and column, SARIF can be uploaded, ``fix --diff`` has text to patch, and a committed
snapshot shows tool changes in a pull request's diff (``--changed-since`` then reports the
findings on the changed lines only)."""

from __future__ import annotations

import json
import os
from typing import Any

from linter.atomic import write_atomic
from linter.live.client import Listing
from linter.live.servers import CACHE_DIR, ServerSpec

META_KEY = "io.github.silentlint/server"


def snapshot_text(listing: Listing) -> str:
    """A ``tools/list`` result (``{"tools": [...]}``) with what was listed in ``_meta``: 2-space
    indentation, the server's own key order, UTF-8, a final newline — the same listing gives
    the same bytes, so an unchanged server leaves a committed snapshot unchanged."""
    meta: dict[str, Any] = {}
    if listing.server_info:
        meta.update({k: v for k, v in listing.server_info.items() if k in ("name", "title", "version")})
    meta["protocolVersion"] = listing.protocol_version
    meta["tools"] = len(listing.tools)
    doc = {"tools": listing.tools, "_meta": {META_KEY: meta}}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def write_snapshot(spec: ServerSpec, listing: Listing) -> str:
    """Write the snapshot atomically (a reader sees the old file or the new one); the default
    cache folder gets a ``.gitignore`` of its own so it is never committed by accident."""
    path = spec.snapshot_path()
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    cache = os.path.abspath(CACHE_DIR)
    if os.path.abspath(path).startswith(cache + os.sep):
        ignore = os.path.join(cache, ".gitignore")
        if not os.path.exists(ignore):
            write_atomic(ignore, b"# written by silentlint: MCP snapshots cached for linting\n*\n")
    write_atomic(path, snapshot_text(listing).encode("utf-8"))
    return path
