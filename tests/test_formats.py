"""Every input format loads into the model with the operations and fields it holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from linter.engine import load_document
from linter.model import Document, pointer_str

HERE = Path(__file__).parent / "formats"


def load(name: str) -> Document:
    doc = load_document(str(HERE / name), root=str(HERE))
    assert doc is not None
    return doc


def fields(doc: Document, op_name: str) -> list[tuple[str, str, bool]]:
    op = next(o for o in doc.operations if o.name == op_name)
    return [(f.path, f.where, f.required) for f in op.fields]


def test_openapi2() -> None:
    doc = load("openapi2.yaml")
    assert doc.format == "openapi-2.0"
    assert [o.label for o in doc.operations] == ["GET /pets", "POST /pets"]
    assert fields(doc, "listPets") == [("X-Trace", "header", False), ("status", "query", False), ("limit", "query", False)]
    assert fields(doc, "addPet") == [("X-Trace", "header", False), ("name", "body", True), ("tag", "body", False), ("owner.email", "body", False)]
    status = doc.operations[0].fields[1]
    assert status.description == "Status of the pet. One of: available, pending, sold."
    assert pointer_str(status.description_location.pointer) == "/paths/~1pets/get/parameters/0/description"
    limit = doc.operations[0].fields[2]
    assert pointer_str(limit.location.pointer) == "/parameters/Limit"
    assert limit.ref_chain == ("#/parameters/Limit",)
    assert [(o.status, o.schema is not None) for o in doc.operations[0].outputs] == [("200", True), ("default", False)]
    # the Pet definition is walked once: the body fields of POST are the definition's
    assert pointer_str(doc.operations[1].fields[1].location.pointer) == "/definitions/Pet/properties/name"


def test_openapi31_overrides_allof_and_media_types() -> None:
    doc = load("openapi31.json")
    assert doc.format == "openapi-3.1"
    (op,) = doc.operations
    assert op.label == "PATCH /pets/{petId}" and op.name == "updatePet"
    assert [(f.path, f.where, f.required) for f in op.fields] == [
        ("petId", "path", True),
        ("name", "body", False),
        ("kind", "body", True),
    ]
    pet_id, name, kind = op.fields
    assert pet_id.description == "Overrides the path-level one" and pet_id.schema["format"] == "uuid"
    assert name.type == "string"  # ["string", "null"]
    # description beside $ref (3.1) is used, located where it stands
    assert kind.description == "Either cat or dog."
    assert pointer_str(kind.location.pointer) == "/components/schemas/PetPatch/allOf/1/properties/kind"
    assert pointer_str(kind.schema_location.pointer) == "/components/schemas/Kind"
    assert op.outputs[0].media_type == "application/json"


def test_multi_file_relative_refs() -> None:
    doc = load("multi/api.yaml")
    assert doc.notices == []
    get, post = doc.operations
    assert [(f.path, f.where) for f in get.fields] == [("sort", "query")]
    sort = get.fields[0]
    assert sort.location.source.display_path == "multi/schemas/params.yaml"
    assert pointer_str(sort.location.pointer) == "/Sort"
    assert [(f.path, f.where) for f in post.fields] == [
        ("id", "body"),
        ("state", "body"),
        ("lines[].sku", "body"),
        ("lines[].quantity", "body"),
    ]
    state = post.fields[1]
    assert state.location.source.display_path == "multi/schemas/common.yaml"
    assert state.description.startswith("Order state.")
    assert get.outputs[0].schema_location.source.display_path == "multi/schemas/order.yaml"


def test_mcp_tools_list() -> None:
    doc = load("mcp-tools-list.json")
    assert doc.format == "mcp"
    search, close = doc.operations
    assert (search.kind, search.name, search.summary) == ("tool", "search_issues", "Search issues")
    assert search.annotations == {"readOnlyHint": True, "openWorldHint": True}
    assert [(f.path, f.where, f.required) for f in search.fields] == [
        ("repo", "argument", True),
        ("state", "argument", False),
        ("filter.label", "argument", False),
    ]
    state = search.fields[1]
    # "#/$defs/State" is relative to the tool's inputSchema, not to the file
    assert pointer_str(state.location.pointer) == "/tools/0/inputSchema/$defs/State"
    assert search.outputs[0].schema["properties"]["total"]["type"] == "integer"
    assert close.fields[0].path == "number" and close.outputs == []


@pytest.mark.parametrize(
    ("name", "fmt", "tools", "first_fields"),
    [
        ("mcp-2026-result.json", "mcp", ["get_time"], [("timezone", True)]),
        ("mcp-jsonrpc.json", "mcp", ["echo"], [("message", False)]),
        ("mcp-single-tool.yaml", "mcp", ["delete_file"], [("path", True)]),
        ("openai-chat.json", "openai", ["get_weather"], [("city", True), ("unit", True)]),
        ("openai-responses.json", "openai", ["lookup_order"], [("order_id", True)]),
        ("openai-single.json", "openai", ["ping"], []),
        ("anthropic.yaml", "anthropic", ["get_stock_price"], [("ticker", True)]),
        ("gemini.json", "gemini", ["set_light", "find_movies"], [("brightness", True), ("color", False)]),
    ],
)
def test_tool_formats(name: str, fmt: str, tools: list[str], first_fields: list[tuple[str, bool]]) -> None:
    doc = load(name)
    assert doc.format == fmt
    assert [o.name for o in doc.operations] == tools
    assert [(f.path, f.required) for f in doc.operations[0].fields] == first_fields
    assert all(f.where == "argument" for o in doc.operations for f in o.fields)


def test_tool_pointers() -> None:
    chat = load("openai-chat.json").operations[0]
    assert pointer_str(chat.location.pointer) == "/0"
    assert pointer_str(chat.fields[1].location.pointer) == "/0/function/parameters/properties/unit"
    gemini = load("gemini.json")
    brightness = gemini.operations[0].fields[0]
    assert brightness.type == "integer"  # Gemini's "INTEGER"
    assert pointer_str(brightness.location.pointer) == "/tools/0/functionDeclarations/0/parameters/properties/brightness"
    assert pointer_str(gemini.operations[1].fields[0].location.pointer) == (
        "/tools/0/functionDeclarations/1/parametersJsonSchema/properties/genre"
    )


def test_not_an_api() -> None:
    assert load_document(str(HERE / "not-an-api.json")) is None


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("anthropic.yaml", "anthropic"),
        ("gemini.json", "gemini"),
        ("mcp-single-tool.yaml", "mcp"),
        ("openai-chat.json", "openai"),
        ("openapi2.yaml", "openapi-2.0"),
        ("openapi31.json", "openapi-3.1"),
        ("not-an-api.json", None),
    ],
)
def test_one_table_recognises_a_file_before_and_after_parsing(name: str, fmt: str | None) -> None:
    """Every file ``detect`` takes holds a key of the table ``may_be_api`` gates on."""
    from linter.formats import detect, may_be_api
    from linter.sources.loader import load_source

    src = load_source(str(HERE / name), name)
    assert detect(src.tree) == fmt
    if fmt is not None:
        assert may_be_api(src.text)


@pytest.mark.parametrize(
    ("text", "ours"),
    [
        ("openapi: 3.0.3\npaths: {\n", True),
        ('{\n  "swagger" : "2.0", "paths": [}', True),
        ('{"swagger": "2.0", "paths": [}', False),  # minified: the key is not at a line start
        ("x: 1\n  openapi: 3\n", True),  # any line start
        ("description: see openapi: the spec\n", False),  # not a key at a line start
        ('{"name": "x", "inputSchema": \n', True),
        ("tools:\n- input_schema: {\n", True),
        ("functionDeclarations: [\n", True),
        ("parameters:\n  - {a: \n", False),  # OpenAI's key, too common to mark a broken file
        ("kind: Deployment\nspec: {{ .Values }}\n", False),
    ],
)
def test_a_file_that_does_not_parse_is_ours_when_it_shows_a_distinctive_key(text: str, ours: bool) -> None:
    from linter.formats import looks_like_api, may_be_api

    assert looks_like_api(text) is ours
    if ours:
        assert may_be_api(text)


@pytest.mark.parametrize(("version", "kept"), [("openapi: 3.0.3", ["X-Request-Id"]),
                                               ("swagger: '2.0'", ["Accept", "Content-Type", "Authorization", "X-Request-Id"])])
def test_header_parameters_openapi3_ignores_are_not_fields(tmp_path: Path, version: str, kept: list[str]) -> None:
    # OpenAPI 3.x: a header parameter named Accept, Content-Type or Authorization "SHALL be ignored"
    headers = "".join(
        f"        - {{name: {n}, in: header, type: string, schema: {{type: string}}, description: 'ISO 3166 code'}}\n"
        for n in ("Accept", "Content-Type", "Authorization", "X-Request-Id")
    )
    spec = tmp_path / "api.yaml"
    spec.write_text(
        f"{version}\ninfo: {{title: t, version: '1'}}\npaths:\n  /a:\n    get:\n      operationId: getA\n      parameters:\n"
        + headers + "      responses: {'200': {description: ok}}\n"
    )
    doc = load_document(str(spec))
    assert doc is not None
    assert [f.name for f in doc.operations[0].fields] == kept
