"""Shared sample run for the reporter tests, plus tests of the format dispatch.

The other ``test_report_*`` modules import the builders from here (pytest puts ``tests/`` on
``sys.path`` because it is not a package). Regions are explicit so these tests do not depend
on the position locator.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import yaml

from linter.model import (
    Edit,
    Finding,
    Fix,
    InputProblem,
    Location,
    Region,
    Rule,
    RunResult,
    Source,
    fingerprint,
)
from linter.report import REPORTERS, ReportOptions, render

API_YAML = """\
openapi: 3.1.0
info:
  title: People
  version: "1"
paths:
  /people:
    get:
      parameters:
        - name: department
          in: query
          description: "One of: vp, director, manager"
          schema:
            type: string
"""

TOOLS_JSON = """\
{
  "tools": [
    {
      "name": "invoice_service",
      "description": "Handles invoice-related requests",
      "inputSchema": {"type": "object"}
    }
  ]
}
"""

ROOT = "/work/project"
GET = ("paths", "/people", "get")
PARAM = GET + ("parameters", 0)


class NoPositions:
    """A locator that knows no positions (the lazy-region ``None`` case)."""

    def region(self, pointer: Any) -> None:
        return None


def yaml_source(text: str = API_YAML, path: str = "api.yaml") -> Source:
    return Source(f"{ROOT}/{path}", path, text, yaml.safe_load(text), "yaml")


def json_source(text: str = TOOLS_JSON, path: str = "tools.json") -> Source:
    return Source(f"{ROOT}/{path}", path, text, json.loads(text), "json")


def unlocated(source: Source) -> Source:
    source._locator = NoPositions()  # type: ignore[assignment]
    return source


def rule(
    rule_id: str,
    family: str,
    severity: str,
    *,
    tags: tuple[str, ...] = (),
    precision: str = "high",
    examples: tuple[dict[str, Any], ...] = (),
) -> Rule:
    return Rule(
        id=rule_id,
        family=family,
        default_severity=severity,
        summary=f"Summary of {rule_id}.",
        rationale=f"Why {rule_id} matters.",
        how_to_fix=f"Fix {rule_id}.",
        check=rule_id.replace("-", "_"),
        options={},
        examples=examples,
        fix="none",
        tags=tags,
        precision=precision,
    )


RULES = {
    "prose-enum": rule(
        "prose-enum",
        "vocabulary",
        "warning",
        tags=("llm", "vocabulary"),
        examples=(
            {
                "title": "department",
                "bad": "description: one of vp, director\ntype: string\n",
                "good": {"type": "string", "enum": ["vp", "director"]},
            },
        ),
    ),
    "missing-error-response": rule("missing-error-response", "status", "error", precision="very-high"),
    "ambiguous-read-write": rule("ambiguous-read-write", "boundary", "off", precision="medium"),
}


def make_finding(
    rule_id: str,
    severity: str,
    message: str,
    location: Location,
    *,
    related: tuple[Location, ...] = (),
    evidence: dict[str, Any] | None = None,
    fix: Fix | None = None,
) -> Finding:
    return Finding(
        rule=rule_id,
        severity=severity,  # type: ignore[arg-type]
        message=message,
        location=location,
        related=related,
        evidence=evidence,
        fix=fix,
        fingerprint=fingerprint(rule_id, location),
    )


def sample_findings(api: Source, tools: Source) -> list[Finding]:
    """Three findings, already in the engine's (path, line, column, rule) order."""
    schema_fix = Fix(
        description="Add enum [vp, director, manager]",
        edits=(Edit(api, PARAM + ("schema",), "add", "enum", ["vp", "director", "manager"]),),
    )
    return [
        make_finding(
            "missing-error-response",
            "error",
            "GET /people has no 4xx, 5xx or default response",
            Location(api, GET, region=Region(7, 5, 13, 25)),
        ),
        make_finding(
            "prose-enum",
            "warning",
            "GET /people › department: description lists 3 values: vp, director, manager",
            Location(api, PARAM + ("description",), region=Region(11, 24, 11, 55)),
            related=(Location(api, GET, region=Region(7, 5, 7, 9), label="used by GET /people"),),
            evidence={"values": ["vp", "director", "manager"]},
            fix=schema_fix,
        ),
        make_finding(
            "ambiguous-read-write",
            "note",
            "invoice_service: name and description do not say whether it reads or writes",
            Location(tools, ("tools", 0, "name"), region=Region(4, 15, 4, 32)),
        ),
    ]


def sample_run(**overrides: Any) -> RunResult:
    api, tools = yaml_source(), json_source()
    values: dict[str, Any] = dict(
        findings=sample_findings(api, tools),
        rules=RULES,
        problems=[
            InputProblem("broken.yaml", "could not parse: mapping values are not allowed here", "parse")
        ],
        files=["api.yaml", "tools.json"],
        root=ROOT,
        version="0.1.0",
        baseline_suppressed=2,
    )
    values.update(overrides)
    return RunResult(**values)


def clean_run() -> RunResult:
    return RunResult(findings=[], rules=RULES, files=["api.yaml", "tools.json"], root=ROOT, version="0.1.0")


ANSI = re.compile(r"\x1b\[[0-9;]*m")


# --- dispatch --------------------------------------------------------------------------------


def test_every_format_is_registered_and_renders_the_sample() -> None:
    assert sorted(REPORTERS) == ["codeclimate", "diff", "github", "gitlab", "json", "junit", "markdown", "sarif", "text"]
    for fmt in REPORTERS:
        if fmt == "diff":  # a patch of the fixes only; tests/test_fix_cli.py covers it
            continue
        out = render(fmt, sample_run(), ReportOptions())
        assert "tools.json" in out and "broken.yaml" in out, fmt


def test_unknown_format_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="choose from text, json, sarif, github, markdown, diff, junit, gitlab, codeclimate"):
        render("xml", sample_run(), ReportOptions())


def test_rendering_is_deterministic() -> None:
    for fmt in REPORTERS:
        assert render(fmt, sample_run(), ReportOptions()) == render(fmt, sample_run(), ReportOptions())


def test_a_lone_surrogate_from_a_json_escape_cannot_break_a_report() -> None:
    """json.loads turns the escape "\\ud800" into a lone surrogate, which no UTF-8 output can
    carry: every format writes U+FFFD instead (and a valid astral character stays as it is)."""
    src = json_source('{"tools": [{"name": "x\\ud800", "inputSchema": {}}]}\n')
    finding = make_finding("prose-enum", "warning", "name x\ud800 and 😀", Location(src, ("tools", 0, "name"), region=Region(1, 23, 1, 33)))
    result = RunResult(findings=[finding], rules=RULES, files=["tools.json"], root=ROOT, version="0.1.0")
    for fmt in REPORTERS:
        if fmt == "diff":
            continue
        out = render(fmt, result, ReportOptions())
        out.encode("utf-8")
        assert "\ud800" not in out and ("\ufffd" in out or "\\ufffd" in out), fmt
        assert "😀" in out or "\\ud83d\\ude00" in out, fmt
