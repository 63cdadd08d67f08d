"""The analyser's evidence reaches users: the JSON report's ``evidence`` and SARIF's
``properties.evidence`` carry kind, text, span and values/data; and the vocabulary checks judge
the schema as it is meant (``allOf``/``anyOf`` wrappers, ``$ref`` items, parameter styles)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from linter.checks._vocabulary import effective_schema
from linter.config import Config
from linter.engine import load_document, run
from linter.model import RunResult
from linter.report import ReportOptions, render

RULES_DIR = Path(__file__).resolve().parents[1] / "rules"


def _run(path: Path, rules: list[str], monkeypatch: pytest.MonkeyPatch) -> RunResult:
    monkeypatch.chdir(path.parent)
    result = run([path.name], Config(), select=rules, jobs=1)
    assert result.problems == []
    return result


def _by_pointer(findings: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {f["pointer"]: f for f in findings}


def test_json_and_sarif_carry_bounds_evidence(monkeypatch: pytest.MonkeyPatch) -> None:
    result = _run(RULES_DIR / "prose-bounds" / "bad-mcp.json", ["prose-bounds"], monkeypatch)
    report = json.loads(render("json", result, ReportOptions()))
    found = _by_pointer(report["findings"])
    limit = found["/tools/0/inputSchema/properties/limit/description"]
    assert limit["evidence"] == {
        "kind": "bounds",
        "text": "between 1 and 50",
        "span": [27, 43],
        "data": {"minimum": 1, "maximum": 50},
    }
    assert "How many people to return, between 1 and 50."[27:43] == "between 1 and 50"
    keyword = found["/tools/0/inputSchema/properties/keyword/description"]
    assert keyword["evidence"] == {"kind": "bounds", "text": "长度不超过64", "span": [4, 11], "data": {"maxLength": 64}}
    assert "maxLength 64" in keyword["message"]

    sarif = json.loads(render("sarif", result, ReportOptions()))
    results = sarif["runs"][0]["results"]
    assert [r["properties"]["evidence"] for r in results] == [limit["evidence"], keyword["evidence"]]


def test_json_and_sarif_carry_vocabulary_values(monkeypatch: pytest.MonkeyPatch) -> None:
    result = _run(RULES_DIR / "prose-enum" / "bad-openai.json", ["prose-enum"], monkeypatch)
    (finding,) = json.loads(render("json", result, ReportOptions()))["findings"]
    assert finding["evidence"] == {
        "kind": "closed_vocab",
        "text": "可选值：高、中、低",
        "span": [4, 13],
        "values": ["高", "中", "低"],
    }
    assert finding["message"] == "list_tickets › priority: description lists 3 values (高, 中, 低) but the schema has no enum"
    (res,) = json.loads(render("sarif", result, ReportOptions()))["runs"][0]["results"]
    assert res["properties"]["evidence"] == finding["evidence"]
    assert res["locations"][0]["physicalLocation"]["region"]["startLine"] == 10


def test_format_evidence_names_the_keyword(monkeypatch: pytest.MonkeyPatch) -> None:
    result = _run(RULES_DIR / "prose-format" / "bad-zh.yaml", ["prose-format"], monkeypatch)
    found = _by_pointer(json.loads(render("json", result, ReportOptions()))["findings"])
    start = found["/paths/~1orders/get/parameters/0/description"]
    assert start["evidence"] == {
        "kind": "format",
        "text": "yyyy-MM-dd",
        "span": [8, 18],
        "data": {"format": "date", "layout": "yyyy-MM-dd"},
    }
    assert start["message"].endswith("format: date would express it")
    mobile = found["/paths/~1orders/get/parameters/4/description"]
    assert mobile["evidence"]["data"] == {"pattern": "^[0-9]{11}$"}
    assert "pattern: ^[0-9]{11}$" in mobile["message"]


def _field(tmp_path: Path, text: str, name: str) -> Any:
    (tmp_path / "api.yaml").write_text(text, encoding="utf-8")
    doc = load_document(str(tmp_path / "api.yaml"), str(tmp_path))
    assert doc is not None
    (field,) = [f for f in doc.fields if f.name == name]
    return doc, field


def test_effective_schema_looks_through_wrappers(tmp_path: Path) -> None:
    doc, field = _field(
        tmp_path,
        """openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /x:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                status:
                  description: "One of: open, closed."
                  anyOf:
                    - $ref: "#/components/schemas/Status"
                    - {type: "null"}
      responses: {"200": {description: OK}}
components:
  schemas:
    Status: {type: string, enum: [open, closed]}
""",
        "status",
    )
    assert effective_schema(field, doc.format)["enum"] == ["open", "closed"]


def test_swagger2_array_is_comma_separated_by_default(tmp_path: Path) -> None:
    doc, field = _field(
        tmp_path,
        """swagger: "2.0"
info: {title: t, version: "1"}
paths:
  /x:
    get:
      parameters:
        - {name: tags, in: query, type: array, items: {type: string}, description: Comma-separated tags.}
      responses: {"200": {description: OK}}
""",
        "tags",
    )
    assert effective_schema(field, doc.format)["collectionFormat"] == "csv"


def test_output_only_fields_are_not_inputs(tmp_path: Path) -> None:
    from linter.checks._vocabulary import field_gaps

    doc, field = _field(
        tmp_path,
        """openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /x:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                name: {type: string, description: "Output only. Resource name, in the format `shelves/{shelf}`."}
                etag: {type: string, readOnly: true, description: "Hex digest, at most 64 characters."}
                state: {type: string, readOnly: true, description: "Where the job is: one of `QUEUED`, `RUNNING`, `DONE`."}
                phase: {type: string, description: "[Output Only] The phase, either `EARLY` or `LATE`."}
      responses: {"200": {description: OK}}
""",
        "name",
    )
    assert field_gaps(field) == []
    (etag,) = [f for f in doc.fields if f.name == "etag"]
    assert field_gaps(etag) == []
    # an output field's closed set is still its vocabulary (what a client decodes, what an agent reads)
    (state,) = [f for f in doc.fields if f.name == "state"]
    assert [(g.rule, g.evidence.values) for g in field_gaps(state)] == [("prose-enum", ("QUEUED", "RUNNING", "DONE"))]
    (phase,) = [f for f in doc.fields if f.name == "phase"]
    assert [(g.rule, g.evidence.values) for g in field_gaps(phase)] == [("prose-enum", ("EARLY", "LATE"))]


@pytest.mark.parametrize(
    "description",
    ["Output only. The time it ran.", "[Output Only] Server-defined URL.", "The status. This property is read-only.",
     "Detected type. This is a read-only field. One of: a, b.", "The kind of thing. Read-only."],
)
def test_read_only_in_prose(description: str) -> None:
    from linter.checks._vocabulary import _OUTPUT_ONLY

    assert _OUTPUT_ONLY.match(description)
    assert not _OUTPUT_ONLY.match("Whether the file is read-only on disk; one of: yes, no.")


# -- fixes the vocabulary checks attach (catalog: prose-enum/format/bounds safe, standard unsafe) --

FIX_SPEC = """openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /x:
    get:
      parameters:
        - {name: level, in: query, description: "One of: vp, director, manager.", schema: {type: string}}
        - {name: day, in: query, description: "Day (YYYY-MM-DD).", schema: {type: string}}
        - {name: size, in: query, description: "Page size, between 1 and 100.", schema: {type: integer, minimum: 1}}
        - {name: currency, in: query, description: ISO 4217 currency code., schema: {type: string}}
        - {name: mode, in: query, description: "One of: 1, 2, fast.", schema: {type: integer}}
        - {name: dept, in: query, description: "Department code, e.g. executive.", schema: {type: string}}
        - {name: tags, in: query, description: "Comma-separated tags.", schema: {type: array, items: {type: string}}}
      responses: {"200": {description: OK}, default: {description: Error}}
"""


# The rules whose fixes FIX_SPEC shows, one finding per parameter (the vocabulary family today,
# named: a rule added to the family would add findings to the parameters)
FIX_RULES = ["prose-enum", "prose-format", "prose-bounds", "public-standard-vocabulary", "example-only-vocabulary"]


def _fixes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **options: Any) -> dict[str, Any]:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "api.yaml").write_text(FIX_SPEC, encoding="utf-8")
    extra = {"example-only-vocabulary": options} if options else None
    result = run(["api.yaml"], Config(), select=FIX_RULES, jobs=1, extra_options=extra)
    return {int(f.location.pointer[4]): f for f in result.findings}


def test_fixes_attached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    found = _fixes(tmp_path, monkeypatch)
    edit = lambda i: [(e.key, e.value, e.op) for e in found[i].fix.edits]  # noqa: E731
    assert found[0].fix.applicability == "safe" and edit(0) == [("enum", ["vp", "director", "manager"], "add")]
    assert edit(1) == [("format", "date", "add")]
    assert edit(2) == [("maximum", 100, "add")]  # minimum is there already
    assert found[3].fix.applicability == "unsafe" and edit(3) == [("pattern", "^[A-Z]{3}$", "add")]
    assert found[5].fix is None  # example-only: nothing known to lift
    assert found[6].fix is None  # a parameter style is not a schema keyword


def test_a_finding_without_a_fix_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "api.yaml").write_text(
        """openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /x:
    get:
      parameters:
        - {name: kinds, in: query, description: "One of: a1, b2.", schema: {type: array, items: {$ref: "#/components/schemas/K"}}}
      responses: {"200": {description: OK}, default: {description: Error}}
components:
  schemas:
    K: {type: string}
""",
        encoding="utf-8",
    )
    (f,) = run(["api.yaml"], Config(), select=["prose-enum"], jobs=1).findings
    assert f.fix is None
    assert f.message.endswith("(no automatic fix: the array's items are a $ref; add the keyword at its definition)")


@pytest.mark.parametrize("selector", ["dept", "GET /x.dept", "#/paths/~1x/get/parameters/5", "api.yaml#/paths/~1x/get/parameters/5"])
def test_known_vocabulary_lifts_examples(selector: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    found = _fixes(tmp_path, monkeypatch, vocabulary={selector: ["executive", "sales"]})
    assert [(e.key, e.value) for e in found[5].fix.edits] == [("enum", ["executive", "sales"])]
