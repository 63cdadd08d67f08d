"""The tool-set hash a TCC card pins in ``context.tool_set_ref``.

Definition (README, "Task–call contract cards"): read every tool definition in the files given
(MCP ``Tool`` objects, OpenAI, Anthropic and Gemini function tools; the same shapes ``check``
reads, wrappers such as ``{"tools": [...]}`` or a JSON-RPC response left out), each tool object
exactly as written, all keys included. Sort them by name, then by their canonical text, and
hash the canonical JSON of that list:

    sha256( JCS( [tool, tool, ...] ) )   printed as   sha256:<64 lowercase hex digits>

JCS is the JSON Canonicalization Scheme of RFC 8785 (keys sorted by UTF-16 code units, no
whitespace, ECMAScript number text, UTF-8), so any JCS library reproduces the hash. YAML values
that JSON lacks are first turned into JSON: dates and times become their ISO 8601 text, keys
become strings. Formatting, key order, comments, the order of the tools and the file layout (one
file or a snapshot per tool) do not change the hash; any change to a tool does.
"""

from __future__ import annotations

import datetime
import hashlib
import re
from typing import Any

import rfc8785

from linter.evidence.common import EvidenceError, load
from linter.sources.loader import LoadError

EXIT_INPUT = 3
HASH_RE = re.compile(r"^(?:sha256:)?([0-9a-fA-F]{64})$")


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return value


def tools_of(path: str) -> list[tuple[str, Any]]:
    """``(name, tool object)`` for every tool definition in one file."""
    from linter.formats.tools import find_tools

    try:
        source = load(path)
    except LoadError as exc:
        raise EvidenceError(f"{path}: {exc.message}", EXIT_INPUT) from None
    found = find_tools(source.tree)
    if not found:
        raise EvidenceError(f"{source.display_path}: no tool definitions found (MCP, OpenAI, Anthropic or Gemini)", EXIT_INPUT)
    out = []
    for t in found[1]:
        body: Any = t.node
        for part in t.body_ptr:
            body = body[part]
        out.append((str(body.get("name")), t.node))
    return out


def tool_set_hash(paths: list[str]) -> tuple[str, list[str]]:
    """``sha256:…`` of the tools in ``paths`` and their names, sorted."""
    tools: list[tuple[str, bytes]] = []
    for path in paths:
        for name, node in tools_of(path):
            try:
                tools.append((name, rfc8785.dumps(_jsonable(node))))
            except (rfc8785.CanonicalizationError, ValueError) as exc:
                raise EvidenceError(f"{path}: tool {name!r} cannot be written as canonical JSON: {exc}", EXIT_INPUT) from None
    tools.sort()
    joined = b"[" + b",".join(text for _, text in tools) + b"]"
    return "sha256:" + hashlib.sha256(joined).hexdigest(), [name for name, _ in tools]


def parse_ref(ref: Any) -> str | None:
    """The hex digest a ``tool_set_ref`` pins, or None when it is not a SHA-256."""
    m = HASH_RE.match(ref.strip()) if isinstance(ref, str) else None
    return m.group(1).lower() if m else None
