"""Whether a file is an API description or tool set, and the tree → model adapters.

Recognition happens at three moments, all decided here from one table of the keys each format
is known by (add a new format's keys to it):

- :func:`may_be_api` — before parsing a file found by walking a directory: a text without any
  of the keys is skipped unparsed (directories hold many unrelated YAML/JSON files);
- :func:`detect` — after parsing: the exact format, or None (not ours);
- :func:`looks_like_api` — for a file named on the command line that cannot be parsed: whether
  it visibly tries to be one (``--skip-non-api`` skips the others silently).
"""

from __future__ import annotations

import re
from typing import Any

from linter.formats import openapi, tools
from linter.model import Document, Source
from linter.sources.refs import Workspace

# format → the keys its files hold, and whether the keys are distinctive enough to mark a file
# that does not parse as trying to be one (OpenAI's ``parameters`` is a word too common in other
# YAML for that). OpenAPI's keys are top-level: the hint wants them at the start of a line.
_KEYS: tuple[tuple[str, tuple[str, ...], bool], ...] = (
    ("openapi", ("openapi", "swagger"), True),
    ("mcp", ("inputSchema",), True),
    ("anthropic", ("input_schema",), True),
    ("openai", ("parameters",), False),
    ("gemini", ("functionDeclarations", "function_declarations"), True),
)
MARKERS = tuple(key for _fmt, keys, _distinct in _KEYS for key in keys)
_HINT = re.compile(
    r"(?m)^\s*[\"']?(?:" + "|".join(_KEYS[0][1]) + r")[\"']?\s*:|"
    + "|".join(key for fmt, keys, distinct in _KEYS[1:] if distinct for key in keys)
)


def may_be_api(text: str) -> bool:
    """Whether ``text`` holds any key of an API or tool file (else it cannot be one)."""
    return any(marker in text for marker in MARKERS)


def detect(tree: Any) -> str | None:
    """``openapi-2.0|openapi-3.0|openapi-3.1|mcp|openai|anthropic|gemini``, or None."""
    return openapi.sniff(tree) or tools.sniff(tree)


def looks_like_api(text: str) -> bool:
    """Whether the text of a file that cannot be parsed visibly tries to be an API or tool
    file: an ``openapi:``/``swagger:`` key at the start of a line, or a distinctive tool key."""
    return _HINT.search(text) is not None


def build(source: Source, fmt: str, ws: Workspace) -> Document:
    if fmt.startswith("openapi"):
        return openapi.build(source, fmt, ws)
    return tools.build(source, fmt, ws)
