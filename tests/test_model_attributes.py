"""What the model gives checks so that they need not read raw nodes: an operation's
``operation_id``, ``id``, ``body_pointer`` and ``at()``, a field's ``type``/``types``,
``Location.node``, and ``schema_type``/``schema_types``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from linter.engine import load_document
from linter.model import Document, Location, schema_type, schema_types

SPEC = """openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /people:
    get:
      operationId: listPeople
      summary: List people
      parameters:
        - {name: role, in: query, schema: {type: [string, 'null']}}
        - {name: code, in: query, schema: {type: [string, integer]}}
        - {name: page, in: query, schema: {}}
      responses: {'200': {description: ok}}
    post:
      operationId: 17
      responses: {'200': {description: ok}}
    delete:
      responses: {'200': {description: ok}}
  /shared:
    get:
      $ref: ops.yaml#/listShared
"""

OPS = """listShared:
  operationId: listShared
  summary: Shared
  responses: {'200': {description: ok}}
"""

OPENAI = {
    "tools": [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "Weather now.",
                "parameters": {"type": "object", "properties": {"unit": {"type": "STRING"}}},
            },
        }
    ]
}

MCP = {"tools": [{"name": "delete_file", "description": "Delete.", "inputSchema": {"type": "object"}, "annotations": {"destructiveHint": True}}]}


def _doc(tmp_path: Path, name: str, text: str) -> Document:
    (tmp_path / name).write_text(text, encoding="utf-8")
    doc = load_document(str(tmp_path / name), str(tmp_path))
    assert doc is not None
    return doc


def test_http_operations_carry_their_operation_id_and_body(tmp_path: Path) -> None:
    (tmp_path / "ops.yaml").write_text(OPS, encoding="utf-8")
    doc = _doc(tmp_path, "api.yaml", SPEC)
    got = [(op.label, op.name, op.operation_id, op.id, op.body_pointer) for op in doc.operations]
    assert got == [
        ("GET /people", "listPeople", "listPeople", "listPeople", ("paths", "/people", "get")),
        ("POST /people", "POST /people", None, "", ("paths", "/people", "post")),  # not a string
        ("DELETE /people", "DELETE /people", None, "", ("paths", "/people", "delete")),
        ("GET /shared", "listShared", "listShared", "listShared", ("listShared",)),  # in ops.yaml
    ]
    get, post, _delete, shared = doc.operations
    assert repr(get.at("operationId")) == "api.yaml#/paths/~1people/get/operationId"
    assert get.at("operationId").node == "listPeople"
    assert get.at("nothing") == get.location and get.at("summary", "deeper") == get.location
    assert repr(post.at("operationId")) == "api.yaml#/paths/~1people/post/operationId"
    assert repr(shared.at("summary")) == "ops.yaml#/listShared/summary"
    assert shared.at("summary").node == "Shared"


def test_tools_carry_their_body_pointer_and_no_operation_id(tmp_path: Path) -> None:
    openai = _doc(tmp_path, "openai.json", json.dumps(OPENAI))
    (op,) = openai.operations
    assert (op.name, op.operation_id, op.id, op.body_pointer) == ("get_weather", None, "get_weather", ("tools", 0, "function"))
    assert op.location.pointer == ("tools", 0)
    assert repr(op.at("description")) == "openai.json#/tools/0/function/description"
    assert op.at("description").node == "Weather now."
    mcp = _doc(tmp_path, "mcp.json", json.dumps(MCP))
    (tool,) = mcp.operations
    assert (tool.id, tool.operation_id, tool.body_pointer) == ("delete_file", None, ("tools", 0))
    assert repr(tool.at("annotations", "destructiveHint")) == "mcp.json#/tools/0/annotations/destructiveHint"
    assert tool.at("annotations", "readOnlyHint") == tool.location


def test_fields_carry_their_types(tmp_path: Path) -> None:
    doc = _doc(tmp_path, "api.yaml", SPEC.replace("      $ref: ops.yaml#/listShared\n", "      responses: {'200': {description: ok}}\n"))
    got = [(f.name, f.type, sorted(f.types)) for f in doc.fields]
    assert got == [("role", "string", ["null", "string"]), ("code", None, ["integer", "string"]), ("page", None, [])]
    (unit,) = _doc(tmp_path, "openai.json", json.dumps(OPENAI)).fields
    assert (unit.type, unit.types) == ("string", frozenset({"string"}))  # Gemini-style upper case


@pytest.mark.parametrize(
    ("schema", "one", "every"),
    [
        ({"type": "Integer"}, "integer", {"integer"}),
        ({"type": ["null", "number"]}, "number", {"null", "number"}),
        ({"type": ["string", "integer"]}, None, {"string", "integer"}),
        ({"type": ["null"]}, None, {"null"}),
        ({"type": 5}, None, set()),
        ({}, None, set()),
    ],
)
def test_schema_type_and_types(schema: dict, one: str | None, every: set[str]) -> None:
    assert schema_type(schema) == one
    assert schema_types(schema) == frozenset(every)


def test_location_node(tmp_path: Path) -> None:
    doc = _doc(tmp_path, "api.yaml", SPEC.replace("      $ref: ops.yaml#/listShared\n", "      responses: {'200': {description: ok}}\n"))
    assert Location(doc.source, ("info", "title")).node == "t"
    assert Location(doc.source, ("info", "nothing")).node is None
    assert Location(doc.source, ()).node is doc.tree
