"""A keyword fix (prose-format, prose-bounds) is *safe* only when every value the description
accepts still passes, and it is written as the document's dialect writes the keyword: a text that
also accepts an empty value gets the format fix marked unsafe, with the reason in the message; an
exclusive bound in an OpenAPI 2.0/3.0 document is draft 4's boolean beside minimum/maximum."""

from __future__ import annotations

from pathlib import Path

import pytest
from openapi_spec_validator import validate

from linter.config import Config
from linter.engine import run

SPEC = """\
openapi: 3.0.3
info: {title: jars, version: "1"}
paths:
  /jars:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                shelfPath:
                  type: string
                  description: The shelf path. Must begin with "/". If the shelf path is empty, the root "/" is used.
                lidPath:
                  type: string
                  description: The lid path. Must begin with "/".
                jarPath:
                  type: string
                  example: null
                  description: The jar path. Must begin with "/".
      responses:
        "201": {description: Created}
"""


def test_a_text_that_accepts_an_empty_value_makes_the_format_fix_unsafe(tmp_path: Path) -> None:
    spec = tmp_path / "jars.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    result = run([str(spec)], Config(), select=["prose-format"], jobs=1)
    assert result.problems == []
    by = {f.message.split(" › ")[1].split(":")[0]: f for f in result.findings}
    assert sorted(by) == ["jarPath", "lidPath", "shelfPath"]
    # an example the field's own type already rejects (null on a string) is no conflict of a pattern
    assert by["jarPath"].fix is not None and by["jarPath"].fix.applicability == "safe"
    assert by["jarPath"].message.endswith("pattern: ^/ would express it")
    shelf, lid = by["shelfPath"], by["lidPath"]
    assert shelf.message.endswith('pattern: ^/ would express it (unsafe fix: the description also accepts an empty value)')
    assert shelf.fix is not None and shelf.fix.applicability == "unsafe"
    assert [(e.key, e.value) for e in shelf.fix.edits] == [("pattern", "^/")]
    assert lid.message.endswith("pattern: ^/ would express it")
    assert lid.fix is not None and lid.fix.applicability == "safe"


BOUNDS = """\
openapi: {version}
info: {{title: jars, version: "1"}}
paths:
  /jars:
    get:
      parameters:
        - name: fill
          in: query
          description: How full the jar is, in (0, 1).
          schema: {{type: number}}
      responses:
        "200": {{description: OK}}
"""


@pytest.mark.parametrize(
    ("version", "edits"),
    [
        ("3.0.3", [("minimum", 0), ("exclusiveMinimum", True), ("maximum", 1), ("exclusiveMaximum", True)]),
        ("3.1.0", [("exclusiveMinimum", 0), ("exclusiveMaximum", 1)]),
    ],
)
def test_an_exclusive_bound_is_written_in_the_documents_dialect(tmp_path: Path, version: str, edits: list) -> None:
    spec = tmp_path / "jars.yaml"
    spec.write_text(BOUNDS.format(version=version), encoding="utf-8")
    (f,) = run([str(spec)], Config(), select=["prose-bounds"], jobs=1).findings
    assert f.fix is not None and f.fix.applicability == "safe"
    assert [(e.key, e.value) for e in f.fix.edits] == edits
    # the fixed document is still a valid OpenAPI document
    import yaml

    doc = yaml.safe_load(spec.read_text(encoding="utf-8"))
    doc["paths"]["/jars"]["get"]["parameters"][0]["schema"].update(dict(edits))
    validate(doc)


def test_a_range_the_text_allows_more_than_is_fixed_only_as_unsafe(tmp_path: Path) -> None:
    spec = tmp_path / "kiln.yaml"
    spec.write_text(BOUNDS.format(version="3.1.0").replace(
        "How full the jar is, in (0, 1).", "Minutes of the kiln hour, between 0 and 59. Some kilns can also accept the value 60."),
        encoding="utf-8")
    (f,) = run([str(spec)], Config(), select=["prose-bounds"], jobs=1).findings
    assert f.message.endswith('but the schema has no minimum or maximum (unsafe fix: the description also allows a value outside it)')
    assert f.fix is not None and f.fix.applicability == "unsafe"
    assert [(e.key, e.value) for e in f.fix.edits] == [("minimum", 0), ("maximum", 59)]
