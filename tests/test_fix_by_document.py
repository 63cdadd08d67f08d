"""Fixes the rules decline for what the document is: a keyword its OpenAPI version lacks, and sort
keys that take a direction (an enum of the keys would reject "size desc")."""

from __future__ import annotations

from pathlib import Path

import pytest

from linter.config import Config
from linter.engine import run

SPEC = """openapi: {version}
info: {{title: Lids, version: "1"}}
paths:
  /lids:
    post:
      parameters:
        - name: orderBy
          in: query
          description: Fields to sort the lids by, comma-separated; add " desc" after a field for descending order. Supported fields are `size` and `colour`.
          schema: {{type: string}}
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                headers:
                  type: string
                  description: Extra headers for the lid request as a JSON string object
      responses:
        "200": {{description: OK}}
        "400": {{description: Bad request}}
"""


def _findings(tmp_path: Path, version: str) -> dict[str, object]:
    spec = tmp_path / f"lids-{version}.yaml"
    spec.write_text(SPEC.format(version=version), encoding="utf-8")
    result = run([str(spec)], Config(), select=["prose-format", "prose-enum"], jobs=1)
    assert result.problems == []
    return {f.rule: f for f in result.findings}  # type: ignore[attr-defined]


def test_content_media_type_is_no_fix_before_openapi_3_1(tmp_path: Path) -> None:
    f = _findings(tmp_path, "3.0.3")["prose-format"]
    assert f.fix is None  # type: ignore[attr-defined]
    assert f.message.endswith(  # type: ignore[attr-defined]
        "(no automatic fix: contentMediaType needs OpenAPI 3.1: it is no keyword of an OpenAPI 3.0 schema)")


def test_content_media_type_is_the_fix_in_openapi_3_1(tmp_path: Path) -> None:
    f = _findings(tmp_path, "3.1.0")["prose-format"]
    fix = f.fix  # type: ignore[attr-defined]
    assert [(e.key, e.value) for e in fix.edits] == [("contentMediaType", "application/json")]


@pytest.mark.parametrize("version", ["3.0.3", "3.1.0"])
def test_sort_keys_that_take_a_direction_get_no_enum(tmp_path: Path, version: str) -> None:
    f = _findings(tmp_path, version)["prose-enum"]
    assert f.fix is None  # type: ignore[attr-defined]
    assert f.message == ("POST /lids › orderBy: description lists 2 sort keys (size, colour), each optionally followed "  # type: ignore[attr-defined]
                         "by asc or desc, but the schema has no enum or pattern (no automatic fix: each key may be "
                         "followed by a direction, which an enum of the keys rejects)")


def test_a_set_beside_another_kind_of_value_gets_no_enum(tmp_path: Path) -> None:
    spec = tmp_path / "when.yaml"
    spec.write_text(SPEC.format(version="3.0.3").replace(
        'Fields to sort the lids by, comma-separated; add " desc" after a field for descending order. Supported fields are `size` and `colour`.',
        "'Which lids to show; it takes one of: \"soon\", \"gone\", \"every\", or a span of days.'").replace(
        "name: orderBy", "name: when"),
        encoding="utf-8")
    (f,) = run([str(spec)], Config(), select=["prose-enum"], jobs=1).findings
    assert f.fix is None
    assert f.message == ('POST /lids › when: description lists 3 values (soon, gone, every) beside another kind of value '
                         '("or a span of days") but the schema has no enum; anyOf with an enum of them and the other kind '
                         "would (no automatic fix: the field also takes another kind of value, which an enum of these "
                         "values rejects)")
