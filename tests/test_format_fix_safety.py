"""A prose-format fix is *safe* only when every value the description accepts still passes: a text
that also accepts an empty value gets the fix marked unsafe, with the reason in the message."""

from __future__ import annotations

from pathlib import Path

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
      responses:
        "201": {description: Created}
"""


def test_a_text_that_accepts_an_empty_value_makes_the_format_fix_unsafe(tmp_path: Path) -> None:
    spec = tmp_path / "jars.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    result = run([str(spec)], Config(), select=["prose-format"], jobs=1)
    assert result.problems == []
    by = {f.message.split(" › ")[1].split(":")[0]: f for f in result.findings}
    assert sorted(by) == ["lidPath", "shelfPath"]
    shelf, lid = by["shelfPath"], by["lidPath"]
    assert shelf.message.endswith('pattern: ^/ would express it (unsafe fix: the description also accepts an empty value)')
    assert shelf.fix is not None and shelf.fix.applicability == "unsafe"
    assert [(e.key, e.value) for e in shelf.fix.edits] == [("pattern", "^/")]
    assert lid.message.endswith("pattern: ^/ would express it")
    assert lid.fix is not None and lid.fix.applicability == "safe"
