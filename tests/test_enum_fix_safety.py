"""A prose-enum fix is *safe* only when the field's own data agrees with it (issue: the "safe"
enum fix broke clients). Each field of ``tests/fixes/safety/enum-safety.yaml`` is one case:
multi-value fields, nullable fields, the spec's own default/example/media example, an open
vocabulary already in ``anyOf``, and the fix written and re-linted."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from clirun import run_cli
from linter.config import Config
from linter.engine import run

SPEC = Path(__file__).parent / "fixes" / "safety" / "enum-safety.yaml"


@pytest.fixture(scope="module")
def findings() -> dict[str, object]:
    result = run([str(SPEC)], Config(), select=["prose-enum"], jobs=1)
    assert result.problems == []
    return {f.message.split(" › ")[1].split(":")[0]: f for f in result.findings}


def _fix(f: object) -> tuple[str, str, list[tuple[str, object]]]:
    fix = f.fix  # type: ignore[attr-defined]
    return fix.applicability, fix.description, [(e.key, e.value) for e in fix.edits]


def test_comma_separated_field_gets_an_unsafe_list_pattern_not_a_scalar_enum(findings) -> None:
    f = findings["levels"]
    assert _fix(f) == ("unsafe", "Add pattern ^(?:low|medium|high)(?:,(?:low|medium|high))*$",
                       [("pattern", "^(?:low|medium|high)(?:,(?:low|medium|high))*$")])
    assert f.message.endswith("(unsafe fix: the field takes several comma-separated values, so the fix is a "
                              "pattern, not an enum that would reject a list)")


def test_own_example_joining_listed_values_marks_a_multi_value_field(findings) -> None:
    assert _fix(findings["sizes"])[0:2] == ("unsafe", "Add pattern ^(?:S|M|L)(?:,(?:S|M|L))*$")


def test_several_values_without_a_separator_get_no_fix(findings) -> None:
    f = findings["flags"]
    assert f.fix is None
    assert f.message.endswith("(no automatic fix: the field takes several values and the description does not say "
                              "how they are joined)")


def test_nullable_field_keeps_null(findings) -> None:
    assert _fix(findings["tone"]) == ("safe", "Add enum [warm, cold, null]", [("enum", ["warm", "cold", None])])


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("colour", "the spec's own parameter example 'purple' is not among the listed values"),
        ("shade", "the spec's own default 'medium' is not among the listed values"),
        ("mode", "the spec's own POST /items application/json examples.typical 'turbo' is not among the listed values"),
    ],
)
def test_conflicting_own_value_makes_the_fix_unsafe_and_names_it(findings, name: str, why: str) -> None:
    f = findings[name]
    assert _fix(f)[0] == "unsafe"
    assert f.message.endswith(f"(unsafe fix: {why})")


def test_name_does_not_decide(findings) -> None:
    """``q`` is a query-ish name, but its text lists values and speaks of no expression."""
    assert _fix(findings["q"]) == ("safe", "Add enum [red, green, blue]", [("enum", ["red", "green", "blue"])])


def test_array_field_gets_items_enum(findings) -> None:
    f = findings["kinds"]
    assert _fix(f)[0] == "safe"
    assert f.fix.edits[0].pointer[-1] == "items"
    assert f.fix.description == "Add enum [a1, b2] to the array's items"  # the fix says where it lands


def test_open_vocabulary_in_anyof_is_not_without_enum(findings) -> None:
    assert "region" not in findings


def test_negotiation_header_gets_an_unsafe_enum(findings) -> None:
    f = findings["Accept-Language"]
    assert _fix(f)[0:2] == ("unsafe", "Add enum [en, fr, de]")
    assert f.message.endswith("(unsafe fix: Accept-Language is a negotiation header that clients send as a "
                              "weighted list, which one enum value rejects)")


@pytest.mark.parametrize("name", ["glaze", "kiln"])
def test_an_empty_value_the_text_accepts_makes_the_enum_unsafe(findings, name: str) -> None:
    """'Acceptable values are: "", "S", …' and "If left as an empty string, …": the enum of the
    listed values would reject the empty string."""
    f = findings[name]
    assert _fix(f)[0] == "unsafe"
    assert f.message.endswith("(unsafe fix: the description also accepts an empty value)")


def test_several_values_said_inside_a_gloss_are_not_the_field_taking_several(findings) -> None:
    """"Drying: one or more of its lids is still wet" glosses one value; the field takes one."""
    assert _fix(findings["stage"]) == ("safe", "Add enum [Drying, Firing, Done]", [("enum", ["Drying", "Firing", "Done"])])


def test_exactly_these_fields(findings) -> None:
    assert sorted(findings) == ["Accept-Language", "colour", "flags", "glaze", "kiln", "kinds", "levels", "mode", "q", "shade",
                                "sizes", "stage", "tone"]


def test_unsafe_fixes_applied_leave_own_values_valid(tmp_path: Path) -> None:
    """``fix --unsafe`` writes every fix; the result re-lints clean for prose-enum, and the
    values the safe ones keep (null, the array items) are still accepted."""
    work = tmp_path / "spec.yaml"
    shutil.copy(SPEC, work)
    p = run_cli(["fix", "--select", "prose-enum", "spec.yaml"], tmp_path)
    assert p.returncode in (0, 1), p.stderr
    doc = yaml.safe_load(work.read_text())
    params = {q["name"]: q for q in doc["paths"]["/items"]["get"]["parameters"]}
    assert params["tone"]["schema"]["enum"] == ["warm", "cold", None]
    assert params["kinds"]["schema"]["items"]["enum"] == ["a1", "b2"]
    assert "enum" not in params["colour"]["schema"] and "pattern" not in params["levels"]["schema"]
    p = run_cli(["fix", "--unsafe", "--select", "prose-enum", "spec.yaml"], tmp_path)
    assert p.returncode in (0, 1), p.stderr
    doc = yaml.safe_load(work.read_text())
    params = {q["name"]: q for q in doc["paths"]["/items"]["get"]["parameters"]}
    assert params["levels"]["schema"]["pattern"] == "^(?:low|medium|high)(?:,(?:low|medium|high))*$"
    assert params["colour"]["schema"]["enum"] == ["red", "green", "blue"]
    again = run_cli(["check", "--select", "prose-enum", "--format", "json", "spec.yaml"], tmp_path)
    left = [f["message"].split(" › ")[1].split(":")[0] for f in json.loads(again.stdout)["findings"]]
    assert left == ["flags"]  # the one field with no fix


def test_a_format_for_an_array_of_strings_says_it_goes_on_the_items(tmp_path: Path) -> None:
    spec = tmp_path / "jars.yaml"
    spec.write_text(
        "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n  /jars:\n    get:\n      parameters:\n"
        "        - name: owners\n          in: query\n          description: Email addresses of the jar owners.\n"
        "          schema: {type: array, items: {type: string}}\n      responses:\n        '200': {description: ok}\n",
        encoding="utf-8")
    (f,) = run([str(spec)], Config(), select=["prose-format"], jobs=1).findings
    assert f.fix.description == "Add format: email to the array's items"
    assert f.fix.edits[0].pointer[-1] == "items" and f.fix.edits[0].value == "email"
