"""JUnit XML, GitLab Code Quality and Code Climate reports: exact output (snapshots in
``tests/data/snapshots``; ``SILENTLINT_UPDATE_SNAPSHOTS=1`` rewrites them: ``tests/snapshots.py``)
and each checked against its published format (``tests/data/SOURCES.md``)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import xmlschema
from test_report_common import (

    RULES,
    Location,
    Region,
    RunResult,
    Source,
    clean_run,
    make_finding,
    sample_run,

)

from clirun import run_cli
from snapshots import matches_snapshot
from linter.model import InputProblem
from linter.report import ReportOptions, render

DATA = Path(__file__).parent / "data"
JUNIT = xmlschema.XMLSchema(str(DATA / "junit-10.xsd"))
GITLAB = jsonschema.Draft202012Validator(json.loads((DATA / "gitlab-code-quality.schema.json").read_text("utf-8")))
CODECLIMATE = jsonschema.Draft202012Validator(json.loads((DATA / "codeclimate-issue.schema.json").read_text("utf-8")))
SUFFIX = {"junit": "xml", "gitlab": "json", "codeclimate": "json"}


def check(fmt: str, text: str) -> None:
    """``text`` is a valid ``fmt`` report."""
    if fmt == "junit":
        JUNIT.validate(text)
        return
    issues = json.loads(text)
    validator = GITLAB if fmt == "gitlab" else CODECLIMATE
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(issues)]
    assert not errors, errors
    fingerprints = [i["fingerprint"] for i in issues]
    assert len(set(fingerprints)) == len(fingerprints)  # GitLab keys issues on it


def hostile_run() -> RunResult:
    """Spec text that XML and one-line JSON must neutralise, a group, a repeated fingerprint."""
    text = "a:\n  b: 1\n  c: 2\n  d: 3\n"
    src = Source("/p/x.yaml", "dir/x & <y>.yaml", text, {"a": {"b": 1, "c": 2, "d": 3}}, "yaml")
    members = tuple(Location(src, ("a", k), region=Region(i, 3, i, 7), label=f"member {k}") for i, k in enumerate("bcd", start=2))
    group = make_finding("missing-error-response", "warning", "3 of 3 tools (b, c, d)", Location(src, ("a",), region=Region(1, 1, 4, 7)), related=members)
    nasty = make_finding(
        "prose-enum", "error", 'value ]]> <x a="1"> & \x1b[31m\nnext line \ud800 \ufffe',
        Location(src, ("a", "b"), region=Region(2, 6, 2, 7)),
    )
    twin = make_finding("prose-enum", "error", "same place, same key", Location(src, ("a", "b"), region=Region(2, 6, 2, 7)))
    return RunResult(
        findings=[group, nasty, twin],
        rules=RULES,
        problems=[InputProblem("bad\x07.json", "invalid JSON <here>", "parse")],
        files=["dir/x & <y>.yaml", "clean.yaml"],
    )


RUNS = {"sample": sample_run, "clean": clean_run, "hostile": hostile_run}


@pytest.mark.parametrize("fmt", ["junit", "gitlab", "codeclimate"])
@pytest.mark.parametrize("run", sorted(RUNS))
def test_reports_are_exact_and_valid(fmt: str, run: str) -> None:
    text = render(fmt, RUNS[run](), ReportOptions())
    check(fmt, text)
    matches_snapshot(f"{run}.{fmt}.{SUFFIX[fmt]}", text)


def test_the_checks_reject_what_the_formats_forbid() -> None:
    """The validators are not vacuous: each published requirement, broken once, is caught."""
    good = json.loads(render("gitlab", sample_run(), ReportOptions()))
    for field in ("description", "check_name", "fingerprint", "severity"):
        bad = [dict(good[0])]
        del bad[0][field]
        assert not GITLAB.is_valid(bad), field
    assert not GITLAB.is_valid([{**good[0], "severity": "warning"}])
    assert not GITLAB.is_valid([{**good[0], "location": {"path": "api.yaml"}}])
    assert not GITLAB.is_valid([{**good[0], "location": {"path": "api.yaml", "lines": {"end": 3}}}])
    cc = json.loads(render("codeclimate", sample_run(), ReportOptions()))
    for field in ("type", "check_name", "description", "categories", "location"):
        bad = [dict(cc[0])]
        del bad[0][field]
        assert not CODECLIMATE.is_valid(bad), field
    assert not CODECLIMATE.is_valid([{**cc[0], "categories": ["Bugs"]}])
    assert not CODECLIMATE.is_valid([{**cc[0], "description": "two\nlines"}])
    junit = render("junit", sample_run(), ReportOptions())
    assert not JUNIT.is_valid(junit.replace(' failures="2"', "", 1))  # testsuite needs failures
    assert not JUNIT.is_valid(junit.replace("<failure ", "<failed ", 1).replace("</failure>", "</failed>", 1))


def test_junit_counts_per_file_and_a_clean_file_is_one_passing_case() -> None:
    import xml.etree.ElementTree as ET

    root = ET.fromstring(render("junit", sample_run(), ReportOptions()))
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("4", "3", "1")
    suites = {s.get("name"): (s.get("tests"), s.get("failures"), s.get("errors")) for s in root}
    assert suites == {"api.yaml": ("2", "2", "0"), "tools.json": ("1", "1", "0"), "broken.yaml": ("1", "0", "1")}
    clean = ET.fromstring(render("junit", clean_run(), ReportOptions()))
    assert [(case.get("name"), list(case)) for suite in clean for case in suite] == [("silentlint", []), ("silentlint", [])]


def test_a_group_reports_its_first_line_in_gitlab_and_codeclimate() -> None:
    gitlab = json.loads(render("gitlab", hostile_run(), ReportOptions()))
    assert gitlab[0]["location"] == {"path": "dir/x & <y>.yaml", "lines": {"begin": 1, "end": 1}}
    cc = json.loads(render("codeclimate", hostile_run(), ReportOptions()))
    assert cc[0]["location"] == {"path": "dir/x & <y>.yaml", "lines": {"begin": 1, "end": 1}}
    assert cc[0]["trace"] == {"locations": [{"path": "dir/x & <y>.yaml", "lines": {"begin": n, "end": n}} for n in (2, 3, 4)]}


@pytest.mark.parametrize("fmt", ["junit", "gitlab", "codeclimate"])
def test_cli_writes_each_format(fmt: str, tmp_path: Path) -> None:
    (tmp_path / "api.yaml").write_text(
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /p:\n    get:\n      parameters:\n"
        "        - {name: kind, in: query, description: 'One of: a, b, c', schema: {type: string}}\n"
        "      responses:\n        '200': {description: ok, content: {application/json: {schema: {type: object}}}}\n"
        "        '404': {description: missing}\n"
    )
    r = run_cli(["check", "--no-config", "-j", "1", "--format", fmt, "--output", f"{fmt}=report.out", "api.yaml"], tmp_path)
    assert r.returncode == 1, r.stderr
    assert r.stdout == (tmp_path / "report.out").read_text("utf-8")
    check(fmt, r.stdout)
    assert "prose-enum" in r.stdout


