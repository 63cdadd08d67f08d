"""Format detection by content, and the tree → model adapters."""

from __future__ import annotations

from typing import Any

from linter.formats import openapi, tools
from linter.model import Document, Source
from linter.sources.refs import Workspace


def detect(tree: Any) -> str | None:
    """``openapi-2.0|openapi-3.0|openapi-3.1|mcp|openai|anthropic|gemini``, or None."""
    return openapi.sniff(tree) or tools.sniff(tree)


def build(source: Source, fmt: str, ws: Workspace) -> Document:
    if fmt.startswith("openapi"):
        return openapi.build(source, fmt, ws)
    return tools.build(source, fmt, ws)
