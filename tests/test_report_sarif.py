"""The SARIF reporter: valid against the official OASIS schema, shaped per DESIGN.md §6."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from jsonschema import validators
from test_report_common import (
    API_YAML,
    GET,
    PARAM,
    RULES,
    Location,
    Region,
    RunResult,
    Source,
    make_finding,
    sample_run,
    unlocated,
    yaml_source,
)

import linter.fixes
from linter.model import Fix
from linter.report import ReportOptions, render
from linter.report.linehash import line_hashes

SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text("utf-8"))
VALIDATOR = validators.validator_for(SCHEMA)(SCHEMA)


def sarif(result: RunResult, *, validate: bool = True) -> dict[str, Any]:
    doc = json.loads(render("sarif", result, ReportOptions()))
    if not validate:
        return doc
    errors = sorted(VALIDATOR.iter_errors(doc), key=lambda e: list(e.absolute_path))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors]
    return doc


def test_schema_validator_is_the_draft_4_one_and_rejects_bad_levels() -> None:
    assert VALIDATOR.META_SCHEMA["id"] == "http://json-schema.org/draft-04/schema#"
    doc = json.loads(render("sarif", sample_run(), ReportOptions()))
    doc["runs"][0]["results"][0]["level"] = "warn"
    assert not VALIDATOR.is_valid(doc)


def test_log_and_run_carry_the_design_fields() -> None:
    doc = sarif(sample_run())
    assert doc["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    assert doc["version"] == "2.1.0"
    (run,) = doc["runs"]
    assert run["columnKind"] == "unicodeCodePoints"
    assert run["automationDetails"] == {"id": "silentlint/"}
    assert run["originalUriBaseIds"] == {"%SRCROOT%": {"uri": "file:///work/project/"}}
    driver = run["tool"]["driver"]
    assert driver["name"] == "silentlint"
    assert driver["informationUri"] == "https://github.com/silentlint/silentlint"
    assert driver["semanticVersion"] == "0.1.0"


def test_rules_have_help_level_tags_and_precision() -> None:
    rules = sarif(sample_run())["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == ["ambiguous-read-write", "missing-error-response", "prose-enum"]
    by_id = {r["id"]: r for r in rules}
    enum = by_id["prose-enum"]
    assert enum["name"] == "ProseEnum"
    assert enum["shortDescription"] == {"text": "Summary of prose-enum."}
    assert enum["fullDescription"] == {"text": "Why prose-enum matters."}
    assert enum["helpUri"] == RULES["prose-enum"].help_uri
    assert enum["defaultConfiguration"] == {"level": "warning"}
    assert enum["properties"] == {
        "tags": ["vocabulary", "llm"],
        "precision": "high",
        "problem.severity": "warning",
    }
    assert enum["help"]["markdown"] == (
        "Why prose-enum matters.\n\n**How to fix:** Fix prose-enum.\n\n"
        "**Bad** — department\n\n```yaml\ndescription: one of vp, director\ntype: string\n```\n\n"
        "**Good** — department\n\n```yaml\ntype: string\nenum:\n- vp\n- director\n```"
    )
    assert enum["help"]["text"].startswith("Why prose-enum matters.\n\nHow to fix: Fix prose-enum.")
    assert "    description: one of vp, director" in enum["help"]["text"]
    # default "off" but enabled in this run → note / recommendation
    rw = by_id["ambiguous-read-write"]
    assert rw["defaultConfiguration"] == {"level": "note"}
    assert rw["properties"]["problem.severity"] == "recommendation"
    assert rw["properties"]["precision"] == "medium"
    assert by_id["missing-error-response"]["defaultConfiguration"] == {"level": "error"}


def test_result_shape() -> None:
    run = sample_run()
    results = sarif(run)["runs"][0]["results"]
    assert [(r["ruleId"], r["ruleIndex"], r["level"]) for r in results] == [
        ("missing-error-response", 1, "error"),
        ("prose-enum", 2, "warning"),
        ("ambiguous-read-write", 0, "note"),
    ]
    assert {k: v for k, v in results[1].items() if k != "fixes"} == {
        "ruleId": "prose-enum",
        "ruleIndex": 2,
        "level": "warning",
        "message": {
            "text": "GET /people › department: description lists 3 values: vp, director, manager "
            "(related: [used by GET /people](1))"
        },
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": "api.yaml", "uriBaseId": "%SRCROOT%"},
                    "region": {"startLine": 11, "startColumn": 24, "endLine": 11, "endColumn": 55},
                },
                "logicalLocations": [
                    {
                        "fullyQualifiedName": "/paths/~1people/get/parameters/0/description",
                        "kind": "member",
                    }
                ],
            }
        ],
        "relatedLocations": [
            {
                "id": 1,
                "message": {"text": "used by GET /people"},
                "physicalLocation": {
                    "artifactLocation": {"uri": "api.yaml", "uriBaseId": "%SRCROOT%"},
                    "region": {"startLine": 7, "startColumn": 5, "endLine": 7, "endColumn": 9},
                },
                "logicalLocations": [{"fullyQualifiedName": "/paths/~1people/get", "kind": "member"}],
            }
        ],
        "partialFingerprints": {
            "silentlint/v1": run.findings[1].fingerprint,
            "primaryLocationLineHash": line_hashes(API_YAML)[10],
        },
        "properties": {"evidence": {"values": ["vp", "director", "manager"]}},
    }
    assert results[1]["fixes"][0]["artifactChanges"][0]["replacements"] == [
        {
            "deletedRegion": {"startLine": 13, "startColumn": 25, "endLine": 13, "endColumn": 25},
            "insertedContent": {"text": "\n            enum: [vp, director, manager]"},
        }
    ]
    assert all(len(r["partialFingerprints"]["silentlint/v1"]) == 32 for r in results)


def test_input_problems_become_error_notifications() -> None:
    invocation = sarif(sample_run())["runs"][0]["invocations"][0]
    assert invocation == {
        "executionSuccessful": False,
        "toolExecutionNotifications": [
            {
                "level": "error",
                "message": {"text": "could not parse: mapping values are not allowed here"},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": "broken.yaml", "uriBaseId": "%SRCROOT%"}
                        }
                    }
                ],
                "descriptor": {"id": "parse"},
            }
        ],
    }
    assert sarif(sample_run(problems=[]))["runs"][0]["invocations"] == [{"executionSuccessful": True}]


def test_uris_are_percent_encoded_references_and_outside_paths_absolute() -> None:
    inside = Source("/r/a b/x#1.yaml", "a b/x#1:ü.yaml", "a: 1\n", {"a": 1}, "yaml")
    outside = Source("/elsewhere/s p.yaml", "/elsewhere/s p.yaml", "a: 1\n", {"a": 1}, "yaml")
    findings = [
        make_finding("prose-enum", "note", "m", Location(src, ("a",), region=Region(1, 4, 1, 5)))
        for src in (inside, outside)
    ]
    run = sarif(RunResult(findings=findings, rules=RULES, root="/r/my repo"))["runs"][0]
    locations = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run["results"]]
    assert locations == [
        {"uri": "a%20b/x%231%3A%C3%BC.yaml", "uriBaseId": "%SRCROOT%"},
        {"uri": "file:///elsewhere/s%20p.yaml"},
    ]
    assert run["originalUriBaseIds"] == {"%SRCROOT%": {"uri": "file:///r/my%20repo/"}}


def test_unknown_position_and_uncatalogued_rule() -> None:
    src = unlocated(yaml_source())
    findings = [
        make_finding("prose-enum", "warning", "m", Location(src, ())),
        make_finding("unused-suppression", "note", "nothing suppressed", Location(src, GET)),
    ]
    run = sarif(RunResult(findings=findings, rules={"prose-enum": RULES["prose-enum"]}))["runs"][0]
    first, second = run["results"]
    assert first["locations"] == [
        {
            "physicalLocation": {
                "artifactLocation": {"uri": "api.yaml", "uriBaseId": "%SRCROOT%"},
                "region": {"startLine": 1},
            }
        }
    ]
    rules = run["tool"]["driver"]["rules"]
    assert rules[second["ruleIndex"]]["id"] == "unused-suppression"
    assert rules[second["ruleIndex"]]["defaultConfiguration"] == {"level": "note"}
    assert "originalUriBaseIds" not in run  # no root known


def test_fixes_come_from_the_fix_writer_when_it_exists(monkeypatch: pytest.MonkeyPatch) -> None:
    run = sample_run()
    calls: list[Fix] = []

    def replacements(fix: Fix, memo: object = None) -> list[tuple[Source, Region, str]]:
        calls.append(fix)
        src = fix.edits[0].source
        return [(src, Region(13, 25, 13, 25), "\n            enum: [vp, director, manager]")]

    monkeypatch.setattr(linter.fixes, "replacements", replacements, raising=False)
    results = sarif(run)["runs"][0]["results"]
    assert calls == [run.findings[1].fix]
    assert results[1]["fixes"] == [
        {
            "description": {"text": "Add enum [vp, director, manager]"},
            "artifactChanges": [
                {
                    "artifactLocation": {"uri": "api.yaml", "uriBaseId": "%SRCROOT%"},
                    "replacements": [
                        {
                            "deletedRegion": {
                                "startLine": 13,
                                "startColumn": 25,
                                "endLine": 13,
                                "endColumn": 25,
                            },
                            "insertedContent": {"text": "\n            enum: [vp, director, manager]"},
                        }
                    ],
                }
            ],
        }
    ]
    assert "fixes" not in results[0] and "fixes" not in results[2]


def test_related_locations_are_capped_at_1000() -> None:
    src = yaml_source()
    related = tuple(Location(src, GET, region=Region(7, 5, 7, 9), label=f"use {i}") for i in range(1003))
    finding = make_finding("prose-enum", "warning", "m", Location(src, PARAM, region=Region(9, 11, 9, 15)), related=related)
    # schema validation of 1,000 locations takes seconds; the shape is validated elsewhere
    (result,) = sarif(RunResult(findings=[finding], rules=RULES), validate=False)["runs"][0]["results"]
    assert len(result["relatedLocations"]) == 1000
    assert result["relatedLocations"][-1]["id"] == 1000
    assert result["properties"] == {"relatedLocationsOmitted": 3}


def test_results_are_capped_at_25000_dropping_lowest_severity_first() -> None:
    src = yaml_source()
    loc = Location(src, PARAM, region=Region(9, 11, 9, 15))
    severities = ["note"] * 5 + ["warning"] * 10 + ["error"] * 24_995
    findings = [
        make_finding("prose-enum", sev, f"m{i}", loc) for i, sev in enumerate(severities)
    ]
    assert len(findings) == 25_010
    doc = json.loads(render("sarif", RunResult(findings=findings, rules=RULES), ReportOptions()))
    results = doc["runs"][0]["results"]
    assert len(results) == 25_000
    assert Counter(r["level"] for r in results) == {"error": 24_995, "warning": 5}
    # the first five warnings survive, in the run's order
    assert [r["message"]["text"] for r in results[:6]] == ["m5", "m6", "m7", "m8", "m9", "m15"]
    (notification,) = doc["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert notification["level"] == "warning"
    assert "at most 25,000 results per run: 10 lower-severity findings were left out" in (
        notification["message"]["text"]
    )
    doc["runs"][0]["results"] = results[:3]  # keep validation fast; the envelope is what changed
    assert not list(VALIDATOR.iter_errors(doc))


def test_no_source_text_in_the_output() -> None:
    out = render("sarif", sample_run(), ReportOptions(show_source=True))
    assert "One of: vp" not in out and "snippet" not in out


def test_a_refused_fix_is_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    from linter.fixes import FixError

    def refuse(fix: Fix, memo: object = None) -> list[tuple[Source, Region, str]]:
        raise FixError("api.yaml#/x: refused")

    monkeypatch.setattr(linter.fixes, "replacements", refuse)
    results = sarif(sample_run())["runs"][0]["results"]
    assert all("fixes" not in r for r in results)


def test_fix_text_worked_out_in_the_worker_equals_the_reporters(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`check --output sarif=…` computes each fix's replacements while the tree is loaded; the
    SARIF must be byte-identical to the one whose reporter reloads the files to compute them."""
    from linter.config import Config
    from linter.engine import run

    examples = Path(__file__).parent.parent / "examples"
    monkeypatch.chdir(examples)
    early = run(["."], Config(), fix_text=True)
    late = run(["."], Config(), fix_text=False)
    with_fixes = [f for f in early.findings if f.fix is not None]
    assert with_fixes and all(f.fix.replacements is not None for f in with_fixes)
    assert all(f.fix is None or f.fix.replacements is None for f in late.findings)
    text = render("sarif", early, ReportOptions())
    assert text == render("sarif", late, ReportOptions())
    assert sum(len(r.get("fixes", ())) for r in sarif(early)["runs"][0]["results"]) == len(
        [f for f in with_fixes if f.fix.replacements]
    )


def test_results_are_one_line_each_and_the_rest_is_indented(tmp_path: Path) -> None:
    text = render("sarif", sample_run(), ReportOptions())
    lines = text.splitlines()
    assert lines[0] == "{" and lines[1].startswith('  "$schema": ')
    results = json.loads(text)["runs"][0]["results"]
    one_liners = [json.loads(line.strip().rstrip(",")) for line in lines if line.startswith('        {"ruleId"')]
    assert one_liners == results
