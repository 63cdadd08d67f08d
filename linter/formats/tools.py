"""Tool definitions → model: MCP ``tools/list``, OpenAI, Anthropic and Gemini function tools.

Shapes recognized (each also inside a ``{"tools": [...]}`` wrapper or a bare list):

- MCP: ``{"tools": [Tool]}`` (any protocol version, ``ttlMs``/``cacheScope`` allowed), a JSON-RPC
  response ``{"jsonrpc": "2.0", "result": {"tools": [...]}}``, or one ``Tool`` object
  (``name`` + ``inputSchema``).
- OpenAI: Chat Completions ``{"type": "function", "function": {name, parameters}}`` and the
  Responses API flat form ``{"type": "function", "name", "parameters"}``.
- Anthropic: ``{name, description, input_schema}``.
- Gemini: ``{"functionDeclarations": [{name, parameters | parametersJsonSchema, response}]}``
  (also ``function_declarations``), alone, in a list, or under ``tools``.

A tool schema's ``#/...`` references are relative to that schema (JSON Schema's embedded
resource rule), not to the file.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from linter.formats.common import Builder, text
from linter.model import Document, Location, Operation, Output, Pointer, Source
from linter.sources.refs import Workspace

_GEMINI_KEYS = ("functionDeclarations", "function_declarations")


class _Tool:
    __slots__ = ("fmt", "pointer", "node", "body_ptr", "input_key", "output_key")

    def __init__(self, fmt: str, pointer: Pointer, node: Mapping[str, Any], body_ptr: Pointer,
                 input_key: str | None, output_key: str | None):
        self.fmt = fmt
        self.pointer = pointer  # the tool object
        self.node = node
        self.body_ptr = body_ptr  # relative pointer to the object holding name/description
        self.input_key = input_key
        self.output_key = output_key


def _classify(node: Any, ptr: Pointer) -> Iterator[_Tool]:
    if not isinstance(node, dict):
        return
    if "inputSchema" in node and "name" in node:
        yield _Tool("mcp", ptr, node, (), "inputSchema", "outputSchema")
    elif "input_schema" in node and "name" in node:
        yield _Tool("anthropic", ptr, node, (), "input_schema", None)
    elif node.get("type") == "function":
        fn = node.get("function")
        if isinstance(fn, dict) and "name" in fn:
            yield _Tool("openai", ptr, node, ("function",), "parameters", None)
        elif "name" in node:
            yield _Tool("openai", ptr, node, (), "parameters", None)
    else:
        for key in _GEMINI_KEYS:
            decls = node.get(key)
            if isinstance(decls, list):
                for i, d in enumerate(decls):
                    if isinstance(d, dict) and "name" in d:
                        inp = "parametersJsonSchema" if "parametersJsonSchema" in d else "parameters"
                        out = "responseJsonSchema" if "responseJsonSchema" in d else "response"
                        yield _Tool("gemini", ptr + (key, i), d, (), inp, out)


def _candidates(tree: Any) -> tuple[Any, Pointer]:
    """Where a tool list may sit: the root, a JSON-RPC ``result``, a ``tools`` key."""
    if isinstance(tree, dict) and "jsonrpc" in tree and isinstance(tree.get("result"), dict):
        return tree["result"], ("result",)
    return tree, ()


def find_tools(tree: Any) -> tuple[str, list[_Tool]] | None:
    node, ptr = _candidates(tree)
    tools: list[_Tool] = []
    if isinstance(node, dict) and isinstance(node.get("tools"), list):
        node, ptr = node["tools"], ptr + ("tools",)
    if isinstance(node, list):
        for i, item in enumerate(node):
            tools.extend(_classify(item, ptr + (i,)))
    else:
        tools.extend(_classify(node, ptr))
    if not tools:
        return None
    return tools[0].fmt, tools


def sniff(tree: Any) -> str | None:
    found = find_tools(tree)
    return found[0] if found else None


def build(source: Source, fmt: str, ws: Workspace) -> Document:
    doc = Document(source=source, format=fmt, workspace=ws)
    found = find_tools(source.tree)
    if not found:
        return doc
    b = Builder(ws, doc)
    for t in found[1]:
        body_ptr = t.pointer + t.body_ptr
        body: Any = t.node  # walked down by the pointer's parts, names and indexes
        for part in t.body_ptr:
            body = body[part]
        annotations = body.get("annotations") if isinstance(body.get("annotations"), dict) else {}
        title = text(body, "title") or (text(annotations, "title") if annotations else "")
        op = Operation(
            kind="tool",
            name=str(body.get("name")),
            method=None,
            path=None,
            summary=title,
            description=text(body, "description"),
            annotations=annotations or {},
            location=Location(source, t.pointer),
            node=body,
            body_pointer=body_ptr,
        )
        if t.input_key and isinstance(body.get(t.input_key), dict):
            sptr = body_ptr + (t.input_key,)
            b.walk_schema(source, sptr, body[t.input_key], where="argument", prefix="", operation=op, base=sptr)
        if t.output_key and isinstance(body.get(t.output_key), dict):
            optr = body_ptr + (t.output_key,)
            got = b.deref(source, optr, body[t.output_key], base=optr)
            if got is not None and isinstance(got[2], dict):
                op.outputs.append(
                    Output(
                        status=None,
                        description=text(got[2], "description"),
                        schema=got[2],
                        media_type="application/json",
                        location=Location(source, optr),
                        schema_location=Location(got[0], got[1]),
                    )
                )
        doc.operations.append(op)
    return doc
