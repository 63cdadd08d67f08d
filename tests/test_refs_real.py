"""``$ref`` where real multi-file specs put it: on operation objects (DigitalOcean writes every
operation as ``get: {$ref: resources/…/list.yml}``), path items, parameters, request bodies,
responses, headers and examples, across YAML and JSON files. A finding on a definition points at
the file that holds its text, a fix edits that file, and a reference that cannot be followed is
an ``unresolved-ref`` finding, never a silent skip.

``tests/corpus/digitalocean/`` is an excerpt of DigitalOcean's own tree (see its SOURCE.md).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from clirun import run_cli
from linter.config import Config
from linter.engine import load_document, run
from linter.model import RunResult, pointer_str
from linter.sources import refs as refs_module

HERE = Path(__file__).parent
DO = HERE / "corpus" / "digitalocean"
DO_ROOT = "specification/DigitalOcean-public.v2.yaml"


# The rules whose findings show a $ref followed or not: unresolved-ref when it cannot be, the
# vocabulary rules on parameters and bodies read through one, missing-error-response on the
# responses read through one (its absence says they were). Every run here selects them, so a
# rule added to the catalog does not change what these tests compare.
REF_RULES = ("unresolved-ref", "prose-enum", "prose-format", "missing-error-response")
SELECT = ["--select", ",".join(REF_RULES)]


def lint(root: Path, *paths: str) -> RunResult:
    return run([str(root / p) for p in paths], Config(), root=str(root), select=REF_RULES)


def places(result: RunResult) -> list[tuple[str, str, int, int, str]]:
    out = []
    for f in result.findings:
        region = f.region
        assert region is not None
        out.append((f.rule, f.location.path, region.start_line, region.start_column, f.message))
    return out


def write_tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


# --- DigitalOcean's layout ------------------------------------------------------------------

DO_EXPECTED = [
    (
        "prose-format",
        "specification/resources/byoip_prefixes/models/byoip_prefix_create.yml", 6, 7,
        'POST /v2/byoip_prefixes › prefix: description prescribes CIDR ("CIDR") but the schema has no format or '
        "pattern; pattern: ^[0-9a-fA-F.:]+/[0-9]{1,3}$ would express it",
    ),
    (
        "prose-enum",
        "specification/resources/spaces/models/grant.yml", 11, 5,
        "POST /v2/spaces/keys › grants[].permission: description lists 3 values (read, readwrite, fullaccess) "
        "but the schema has no enum (unsafe fix: the description also accepts an empty value)",
    ),
    (
        "prose-enum",
        "specification/resources/spaces/parameters.yml", 24, 3,
        "GET /v2/spaces/keys › sort_direction: description lists 2 values (asc, desc) but the schema has no enum",
    ),
    (
        "prose-enum",
        "specification/resources/spaces/parameters.yml", 52, 3,
        "GET /v2/spaces/keys › permission: description lists 3 values (read, readwrite, fullaccess) but the "
        "schema has no enum (unsafe fix: the description also accepts an empty value)",
    ),
]


def test_digitalocean_operations_through_ref_exact_findings() -> None:
    """Every operation is read from its own file: the 4xx responses they document there count
    (no missing-error-response), and their parameters and bodies are linted where defined."""
    result = lint(DO, DO_ROOT)
    assert result.problems == []
    assert places(result) == DO_EXPECTED
    related = {f.location.path: [(r.path, pointer_str(r.pointer), r.label) for r in f.related] for f in result.findings}
    assert related["specification/resources/spaces/models/grant.yml"] == [
        ("specification/resources/spaces/key_create.yml", "", "POST /v2/spaces/keys")
    ]


def test_digitalocean_model_reads_each_operation_file() -> None:
    doc = load_document(str(DO / DO_ROOT), str(DO))
    assert doc is not None
    ops = {op.label: op for op in doc.operations}
    assert sorted(ops) == ["GET /v2/spaces/keys", "POST /v2/byoip_prefixes", "POST /v2/spaces/keys"]
    get = ops["GET /v2/spaces/keys"]
    assert get.name == "spacesKey_list"
    assert (get.location.path, get.location.pointer) == ("specification/resources/spaces/key_list.yml", ())
    assert [(f.name, f.where, f.location.path, pointer_str(f.location.pointer)) for f in get.fields] == [
        ("per_page", "query", "specification/shared/parameters.yml", "/per_page"),
        ("page", "query", "specification/shared/parameters.yml", "/page"),
        ("sort", "query", "specification/resources/spaces/parameters.yml", "/sort"),
        ("sort_direction", "query", "specification/resources/spaces/parameters.yml", "/sort_direction"),
        ("name", "query", "specification/resources/spaces/parameters.yml", "/name"),
        ("bucket", "query", "specification/resources/spaces/parameters.yml", "/bucket"),
        ("permission", "query", "specification/resources/spaces/parameters.yml", "/permission"),
    ]
    assert [(o.status, o.location.path) for o in get.outputs] == [
        ("200", "specification/resources/spaces/responses/key_list.yml"),
        ("401", "specification/shared/responses/unauthorized.yml"),
        ("429", "specification/shared/responses/too_many_requests.yml"),
        ("500", "specification/shared/responses/server_error.yml"),
        ("default", "specification/shared/responses/unexpected_error.yml"),
    ]
    post = ops["POST /v2/byoip_prefixes"]
    assert [(o.status, o.location.path, pointer_str(o.location.pointer)) for o in post.outputs][0] == (
        "202", "specification/resources/byoip_prefixes/responses/byoip_prefix_create.yml", "/byoip_prefix_create"
    )
    assert [f.path for f in post.fields] == ["prefix", "region", "signature"]
    assert doc.notices == []


def test_fix_through_ref_edits_the_referenced_file(tmp_path: Path) -> None:
    tree = tmp_path / "do"
    shutil.copytree(DO, tree)
    root_before = (tree / DO_ROOT).read_text()
    params = tree / "specification/resources/spaces/parameters.yml"
    before = params.read_text()
    r = run_cli(["fix", "specification", *SELECT], tree)
    assert r.returncode == 0, r.stderr
    # ("… `fullaccess`, or an empty string": the enum of the three would reject "", so it is no safe fix)
    assert r.stderr == "silentlint: fixed 2 findings in 2 files; 2 more with --unsafe\n"
    assert (tree / DO_ROOT).read_text() == root_before
    after = params.read_text()
    assert after == before.replace(
        '    default: "desc"\n  example: desc\n', '    default: "desc"\n    enum: [asc, desc]\n  example: desc\n'
    )
    grant = tree / "specification/resources/spaces/models/grant.yml"
    assert grant.read_text() == (DO / "specification/resources/spaces/models/grant.yml").read_text()
    byoip = tree / "specification/resources/byoip_prefixes/models/byoip_prefix_create.yml"
    assert "      example: '203.11.13.0/24'\n      pattern: '^[0-9a-fA-F.:]+/[0-9]{1,3}$'\n" in byoip.read_text()
    again = run_cli(["check", DO_ROOT, "--format", "json", *SELECT], tree)
    left = [(f["path"], f["message"].split(" › ")[1].split(":")[0]) for f in json.loads(again.stdout)["findings"]]
    assert left == [("specification/resources/spaces/models/grant.yml", "grants[].permission"),
                    ("specification/resources/spaces/parameters.yml", "permission")]
    second = run_cli(["fix", "specification", *SELECT], tree)
    assert second.stderr == "silentlint: fixed 0 findings in 0 files; 2 more with --unsafe\n"
    assert params.read_text() == after


def test_fix_of_the_root_alone_names_the_referenced_file(tmp_path: Path) -> None:
    """Only named paths are written: naming the root file says which file the fix lies in."""
    tree = tmp_path / "do"
    shutil.copytree(DO, tree)
    r = run_cli(["fix", DO_ROOT, *SELECT], tree)
    assert r.returncode == 1
    assert (
        "silentlint: fix not applied: specification/resources/spaces/parameters.yml: not among the paths given "
        "(a $ref leads there); name it on the command line to fix it\n"
    ) in r.stderr


# --- JSON and YAML mixed, every place a reference stands -------------------------------------

API_JSON = """{
  "openapi": "3.0.3",
  "info": {"title": "Refs", "version": "1"},
  "paths": {
    "/things": {
      "get": {"$ref": "ops/list.json"},
      "post": {"$ref": "ops/create.yaml"}
    },
    "/things/{id}": {"$ref": "ops/item.json"}
  }
}
"""
LIST_JSON = """{
  "operationId": "things_list",
  "summary": "List things",
  "parameters": [
    {"$ref": "../parameters.json#/sort"}
  ],
  "responses": {
    "200": {"$ref": "../responses.yaml#/things"},
    "404": {"$ref": "../responses.yaml#/not_found"}
  }
}
"""
PARAMETERS_JSON = """{
  "sort": {
    "in": "query",
    "name": "sort",
    "description": "Sort order. Possible values are `asc` or `desc`.",
    "schema": {"type": "string"},
    "examples": {"up": {"$ref": "examples.json#/sort_up"}}
  },
  "id": {
    "in": "path",
    "name": "id",
    "required": true,
    "description": "The UUID of the thing.",
    "schema": {"type": "string"}
  }
}
"""
RESPONSES_YAML = """things:
  description: The things.
  headers:
    ratelimit-limit:
      $ref: 'headers.yaml#/ratelimit-limit'
  content:
    application/json:
      schema:
        type: object
        properties:
          things: {type: array, items: {type: string}}
not_found:
  description: Not found.
"""
CREATE_YAML = """operationId: things_create
summary: Create a thing
requestBody:
  $ref: '../bodies.json#/create'
responses:
  '201':
    description: Created.
  default:
    $ref: '../responses.yaml#/not_found'
"""
BODIES_JSON = """{
  "create": {
    "content": {
      "application/json": {
        "schema": {
          "type": "object",
          "properties": {
            "color": {"type": "string", "description": "Color of the thing. One of: red, green, blue."}
          }
        }
      }
    }
  }
}
"""
ITEM_JSON = """{
  "parameters": [{"$ref": "../parameters.json#/id"}],
  "delete": {
    "operationId": "things_delete",
    "responses": {"204": {"description": "Deleted."}, "4XX": {"description": "Refused."}}
  }
}
"""
MIXED = {
    "api.json": API_JSON,
    "ops/list.json": LIST_JSON,
    "ops/create.yaml": CREATE_YAML,
    "ops/item.json": ITEM_JSON,
    "parameters.json": PARAMETERS_JSON,
    "examples.json": '{"sort_up": {"value": "asc"}}\n',
    "responses.yaml": RESPONSES_YAML,
    "headers.yaml": "ratelimit-limit:\n  schema:\n    type: integer\n  description: Requests per hour.\n",
    "bodies.json": BODIES_JSON,
}

MIXED_EXPECTED = [
    (
        "prose-enum", "bodies.json", 8, 41,
        "POST /things › color: description lists 3 values (red, green, blue) but the schema has no enum",
    ),
    (
        "prose-enum", "parameters.json", 5, 5,
        "GET /things › sort: description lists 2 values (asc, desc) but the schema has no enum",
    ),
    (
        "prose-format", "parameters.json", 13, 5,
        'DELETE /things/{id} › id: description prescribes uuid ("The UUID") but the schema has no format or '
        "pattern; format: uuid would express it",
    ),
]


def test_refs_across_json_and_yaml_exact_places(tmp_path: Path) -> None:
    write_tree(tmp_path, MIXED)
    result = lint(tmp_path, "api.json")
    assert result.problems == []
    assert places(result) == MIXED_EXPECTED


def test_fix_through_ref_in_json_keeps_its_layout(tmp_path: Path) -> None:
    write_tree(tmp_path, MIXED)
    r = run_cli(["fix", ".", *SELECT], tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "parameters.json").read_text() == PARAMETERS_JSON.replace(
        '"schema": {"type": "string"},\n', '"schema": {"type": "string", "enum": ["asc", "desc"]},\n'
    ).replace('"schema": {"type": "string"}\n', '"schema": {"type": "string", "format": "uuid"}\n')
    assert '"enum": ["red", "green", "blue"]' in (tmp_path / "bodies.json").read_text()
    assert (tmp_path / "api.json").read_text() == API_JSON
    assert (tmp_path / "ops/list.json").read_text() == LIST_JSON


BROKEN = dict(
    MIXED,
    **{
        "api.json": API_JSON.replace('"ops/create.yaml"', '"ops/missing.yaml"').replace(
            '"/things/{id}": {"$ref": "ops/item.json"}',
            '"/things/{id}": {"$ref": "ops/item.json"},\n    "/odd": {"get": {"$ref": "text.yaml#/line"}}',
        ),
        "text.yaml": "line: just a string\n",
        "responses.yaml": RESPONSES_YAML.replace("headers.yaml#/ratelimit-limit", "headers.yaml#/ratelimit-limits"),
        "parameters.json": PARAMETERS_JSON.replace("examples.json#/sort_up", "examples.json#/sort_down"),
        "ops/item.json": ITEM_JSON.replace('"../parameters.json#/id"', '"../../outside.json#/id"'),
    },
)


def test_refs_that_cannot_be_followed_are_findings_at_the_ref(tmp_path: Path) -> None:
    project = tmp_path / "project"
    write_tree(project, BROKEN)
    (tmp_path / "outside.json").write_text('{"id": {"in": "path", "name": "id"}}')
    result = lint(project, "api.json")
    got = [p for p in places(result) if p[0] == "unresolved-ref"]
    assert got == [
        (
            "unresolved-ref", "api.json", 7, 16,
            "$ref target ops/missing.yaml cannot be read: no such file",
        ),
        (
            "unresolved-ref", "api.json", 10, 22,
            "$ref target is a string, not an operation object, so the operation is not linted: text.yaml#/line",
        ),
        (
            "unresolved-ref", "ops/item.json", 2, 19,
            "$ref escapes the project root, not read: ../../outside.json#/id",
        ),
        (
            "unresolved-ref", "parameters.json", 7, 25,
            "$ref target not found: examples.json#/sort_down (in examples.json)",
        ),
        (
            "unresolved-ref", "responses.yaml", 5, 7,
            "$ref target not found: headers.yaml#/ratelimit-limits (in headers.yaml)",
        ),
    ]
    # the rest is still linted
    assert [p[:2] for p in places(result) if p[0] != "unresolved-ref"] == [("prose-enum", "parameters.json")]


def test_no_reference_costs_no_lookup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A document written inline (most single-file JSON specs) never asks the resolver."""
    calls: list[str] = []
    real = refs_module.Workspace.deref

    def counting(self, source, pointer, node, base=()):  # type: ignore[no-untyped-def]
        calls.append(pointer_str(pointer))
        return real(self, source, pointer, node, base)

    monkeypatch.setattr(refs_module.Workspace, "deref", counting)
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "Inline", "version": "1"},
        "paths": {
            "/a": {
                "parameters": [{"in": "query", "name": "q", "schema": {"type": "string"}}],
                "get": {
                    "parameters": [{"in": "header", "name": "h", "schema": {"type": "string"}, "examples": {"x": {"value": "1"}}}],
                    "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {"p": {"type": "string"}}}}}},
                    "responses": {
                        "200": {"description": "OK", "headers": {"X-Rate": {"schema": {"type": "integer"}}},
                                "content": {"application/json": {"schema": {"type": "object"}, "examples": {"e": {"value": {}}}}}},
                        "400": {"description": "Bad"},
                    },
                },
            }
        },
    }
    (tmp_path / "inline.json").write_text(json.dumps(spec))
    result = lint(tmp_path, "inline.json")
    assert result.files == ["inline.json"]
    assert calls == []
    (tmp_path / "one.json").write_text(
        json.dumps(dict(spec, paths={"/a": {"get": {"$ref": "#/x-op"}}}, **{"x-op": spec["paths"]["/a"]["get"]}))
    )
    lint(tmp_path, "one.json")
    assert calls == ["/paths/~1a/get"]


def test_operation_findings_point_into_the_operation_file(tmp_path: Path) -> None:
    """A finding about the operation itself lands where the operation is written."""
    write_tree(
        tmp_path,
        {
            "api.yaml": 'openapi: 3.0.3\ninfo: {title: O, version: "1"}\npaths:\n  /a:\n    get:\n      $ref: ops/a.yaml\n',
            "ops/a.yaml": "operationId: a_get\nsummary: Get a\n\nresponses:\n  '200':\n    description: OK\n",
        },
    )
    result = lint(tmp_path, "api.yaml")
    assert places(result) == [
        (
            "missing-error-response", "ops/a.yaml", 4, 1,
            "GET /a: no 4xx, 5xx or default response is documented (only 200); a client cannot tell a rejected "
            "request from an empty success",
        )
    ]
