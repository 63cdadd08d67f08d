"""The JSON reporter: the documented schema 1, exactly, and its byte-level conventions."""

from __future__ import annotations

import json

from test_report_common import (
    GET,
    PARAM,
    RULES,
    Location,
    RunResult,
    clean_run,
    make_finding,
    sample_run,
    unlocated,
    yaml_source,
)

from linter.model import fingerprint
from linter.report import ReportOptions, render


def test_sample_run_matches_schema_1_exactly() -> None:
    run = sample_run()
    out = render("json", run, ReportOptions())
    api_fp = fingerprint("missing-error-response", run.findings[0].location)
    enum_fp = fingerprint("prose-enum", run.findings[1].location)
    rw_fp = fingerprint("ambiguous-read-write", run.findings[2].location)
    assert json.loads(out) == {
        "version": "0.1.0",
        "schema": 1,
        "root": "/work/project",
        "files": ["api.yaml", "tools.json"],
        "skipped": [],
        "problems": [
            {
                "path": "broken.yaml",
                "message": "could not parse: mapping values are not allowed here",
                "kind": "parse",
            }
        ],
        "summary": {
            "findings": 3,
            "by_severity": {"error": 1, "warning": 1, "note": 1},
            "by_rule": {"ambiguous-read-write": 1, "missing-error-response": 1, "prose-enum": 1},
            "baseline_suppressed": 2,
            "suppressed": 0,
        },
        "findings": [
            {
                "rule": "missing-error-response",
                "severity": "error",
                "message": "GET /people has no 4xx, 5xx or default response",
                "path": "api.yaml",
                "pointer": "/paths/~1people/get",
                "line": 7,
                "column": 5,
                "end_line": 13,
                "end_column": 25,
                "fingerprint": api_fp,
                "evidence": None,
                "related": [],
                "fix": None,
            },
            {
                "rule": "prose-enum",
                "severity": "warning",
                "message": "GET /people › department: description lists 3 values: vp, director, manager",
                "path": "api.yaml",
                "pointer": "/paths/~1people/get/parameters/0/description",
                "line": 11,
                "column": 24,
                "end_line": 11,
                "end_column": 55,
                "fingerprint": enum_fp,
                "evidence": {"values": ["vp", "director", "manager"]},
                "related": [
                    {
                        "path": "api.yaml",
                        "pointer": "/paths/~1people/get",
                        "line": 7,
                        "column": 5,
                        "label": "used by GET /people",
                    }
                ],
                "fix": {
                    "description": "Add enum [vp, director, manager]",
                    "applicability": "safe",
                    "edits": [
                        {
                            "path": "api.yaml",
                            "pointer": "/paths/~1people/get/parameters/0/schema",
                            "op": "add",
                            "key": "enum",
                            "value": ["vp", "director", "manager"],
                        }
                    ],
                },
            },
            {
                "rule": "ambiguous-read-write",
                "severity": "note",
                "message": "invoice_service: name and description do not say whether it reads or writes",
                "path": "tools.json",
                "pointer": "/tools/0/name",
                "line": 4,
                "column": 15,
                "end_line": 4,
                "end_column": 32,
                "fingerprint": rw_fp,
                "evidence": None,
                "related": [],
                "fix": None,
            },
        ],
    }


def test_key_order_indent_and_unescaped_unicode_are_stable() -> None:
    out = render("json", sample_run(), ReportOptions())
    assert out.startswith('{\n  "version": "0.1.0",\n  "schema": 1,\n  "root": "/work/project",\n')
    assert out.endswith("}\n")
    assert "GET /people › department" in out  # ensure_ascii=False
    assert list(json.loads(out)) == [
        "version", "schema", "root", "files", "skipped", "problems", "summary", "findings"
    ]
    assert list(json.loads(out)["findings"][0]) == [
        "rule", "severity", "message", "path", "pointer", "line", "column", "end_line",
        "end_column", "fingerprint", "evidence", "related", "fix",
    ]


def test_unknown_positions_are_null() -> None:
    src = unlocated(yaml_source())
    finding = make_finding(
        "prose-enum", "warning", "m", Location(src, PARAM), related=(Location(src, GET, label="op"),)
    )
    doc = json.loads(render("json", RunResult(findings=[finding], rules=RULES), ReportOptions()))
    f = doc["findings"][0]
    assert (f["line"], f["column"], f["end_line"], f["end_column"]) == (None, None, None, None)
    assert f["related"] == [
        {"path": "api.yaml", "pointer": "/paths/~1people/get", "line": None, "column": None, "label": "op"}
    ]
    assert doc["version"]  # falls back to the package version when the run has none


def test_clean_run() -> None:
    doc = json.loads(render("json", clean_run(), ReportOptions()))
    assert doc["findings"] == [] and doc["problems"] == []
    assert doc["summary"] == {
        "findings": 0,
        "by_severity": {"error": 0, "warning": 0, "note": 0},
        "by_rule": {},
        "baseline_suppressed": 0,
        "suppressed": 0,
    }
