"""silentlint attest: one fixture per signal with its exact finding and verdict, clean outputs
that stay CONTENT_PRESENT, the study's own cases, thresholds, reports and bad input.

Fixtures live in tests/data/attest (see the schemas there); the study's examples are rebuilt
as ``bad/uniform-five-findings.json``, ``bad/stub-todo-message.json`` and
``bad/truncation-token-limit.json``.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import jsonschema
import pytest

from clirun import run_cli
from linter.cli import main
from linter.evidence import signals

REPO = Path(__file__).resolve().parent.parent
DATA = "tests/data/attest"
REPORT = ["--schema", f"{DATA}/report.schema.json"]
TICKET = ["--schema", f"{DATA}/ticket.schema.json"]
SEARCH = ["--schema", f"{DATA}/search.schema.json"]
TOOL = ["--tool", "review_code", "--tools", f"{DATA}/tools.json"]


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)


def attest_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = main(["attest", *args, "--format", "json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def findings(report: dict) -> list[tuple[str, str, str, int, int, str]]:
    return [(f["path"].rsplit("/", 1)[-1], f["rule"], f["severity"], f["line"], f["column"], f["message"]) for f in report["findings"]]


def verdicts(report: dict) -> list[tuple[str, str]]:
    return [(o["path"].rsplit("/", 1)[-1], o["status"]) for o in report["attest"]["outputs"]]


# name, schema, verdict, exit code (default --fail-on empty), the findings as (rule, severity, line, column, message)
BAD = [
    ("uniform-five-findings", REPORT, "VALID_BUT_EMPTY", 8,
     [("uniform_list", "error", 5, 3, "$.findings: 5 of 5 items are identical")]),
    ("uniform-tags-minor", REPORT, "THIN_CONTENT", 0,
     [("uniform_list", "warning", 5, 3, "$.tags: 3 of 4 items are identical")]),
    ("stub-todo-message", REPORT, "VALID_BUT_EMPTY", 8,
     [("stub_value", "error", 4, 3, '$.message: the whole value "TODO" is a placeholder')]),
    ("stub-chinese-whole", REPORT, "VALID_BUT_EMPTY", 8,
     [("stub_value", "error", 4, 3, '$.summary: the whole value "待定" is a placeholder')]),
    ("stub-inside-text", REPORT, "THIN_CONTENT", 0,
     [("stub_value", "warning", 4, 3, '$.summary: placeholder "TODO" inside the text')]),
    ("blank-summary", REPORT, "THIN_CONTENT", 0,
     [("blank_string", "error", 4, 3, "$.summary: the value is blank")]),
    ("empty-recommendations", REPORT, "VALID_BUT_EMPTY", 8,
     [("empty_list", "error", 4, 3, "$.recommendations: the list is empty and nothing declares the output empty (no found: false or count of 0)")]),
    ("empty-owner", REPORT, "THIN_CONTENT", 0,
     [("empty_object", "error", 5, 3, "$.owner: the object is empty and nothing declares the output empty")]),
    ("truncation-token-limit", REPORT, "THIN_CONTENT", 0,
     [("truncation", "warning", 4, 3, '$.summary: the text ends with "..." after 54 words: cut off?')]),
    ("repetitive-summary", REPORT, "VALID_BUT_EMPTY", 8,
     [("repetitive_text", "error", 4, 3, "$.summary: 40 words with 9 distinct ones")]),
    ("schema-default-priority", TICKET, "THIN_CONTENT", 0,
     [("schema_default", "warning", 4, 3, '$.priority: required field holds the schema\'s default "normal"')]),
    ("enum-first-in-list", REPORT, "THIN_CONTENT", 0,
     [("enum_first_value", "warning", 4, 3, '$.findings[*].category: all 3 items hold "other", the first of the enum\'s 5 values')]),
    ("invalid-status", REPORT, "INVALID", 9,
     [("schema_invalid", "error", 3, 3, "$.status: 'done' is not one of ['completed', 'partial', 'failed']")]),
    ("mcp-result-stub", TOOL, "THIN_CONTENT", 0,
     [("stub_value", "error", 14, 9, '$.structuredContent.findings[0].message: the whole value "TBD" is a placeholder')]),
]


@pytest.mark.parametrize(("name", "schema", "verdict", "code", "expected"), BAD, ids=[b[0] for b in BAD])
def test_each_signal(capsys: pytest.CaptureFixture[str], name: str, schema: list[str], verdict: str, code: int, expected: list) -> None:
    got_code, report = attest_json(capsys, f"{DATA}/bad/{name}.json", *schema)
    assert findings(report) == [(f"{name}.json", *e) for e in expected]
    assert verdicts(report) == [(f"{name}.json", verdict)]
    assert got_code == code


def test_every_signal_has_a_fixture() -> None:
    covered = {e[0] for b in BAD for e in b[4]}
    assert covered == set(signals.SIGNALS) | {"schema_invalid"}


GOOD = [
    ("long-review", REPORT),  # 250 words of real review, findings, recommendations
    ("chinese-summary", REPORT),  # a CJK paragraph: characters repeat, the text does not
    ("repeated-under-threshold", REPORT),  # tags 2 of 4 alike, severities repeated
    ("empty-search-found-false", SEARCH),  # an honest empty search: found: false
    ("empty-search-meta-count", SEARCH),  # an honest empty search: meta.count 0
    ("search-repeated-status", SEARCH),  # an enum value in every item is not a uniform list
    ("mcp-call-tool-result", TOOL),  # an MCP CallToolResult, attested at structuredContent
]


@pytest.mark.parametrize(("name", "schema"), GOOD, ids=[g[0] for g in GOOD])
def test_clean_outputs_stay_content_present(capsys: pytest.CaptureFixture[str], name: str, schema: list[str]) -> None:
    code, report = attest_json(capsys, f"{DATA}/good/{name}.json", *schema, "--fail-on", "thin")
    assert (code, findings(report), verdicts(report)) == (0, [], [(f"{name}.json", "CONTENT_PRESENT")])


def test_study_cases_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["attest", f"{DATA}/bad/uniform-five-findings.json", f"{DATA}/bad/stub-todo-message.json",
                 f"{DATA}/bad/truncation-token-limit.json", *REPORT])
    assert capsys.readouterr().out == (
        f"{DATA}/bad/uniform-five-findings.json:5:3: error[uniform_list] $.findings: 5 of 5 items are identical\n"
        f"{DATA}/bad/stub-todo-message.json:4:3: error[stub_value] $.message: the whole value \"TODO\" is a placeholder\n"
        f"{DATA}/bad/truncation-token-limit.json:4:3: warning[truncation] $.summary: the text ends with \"...\" after 54 words: cut off?\n"
        "Findings per rule:\n"
        "  1  stub_value    (1 error)\n"
        "  1  truncation    (1 warning)\n"
        "  1  uniform_list  (1 error)\n"
        "3 findings (2 errors, 1 warning, 0 notes) in 3 files\n"
        "Verdicts:\n"
        f"  {DATA}/bad/uniform-five-findings.json: VALID_BUT_EMPTY — severe signals flag 40 of 48 content units (83%, at least 50%); 1 signal (1 severe)\n"
        f"  {DATA}/bad/stub-todo-message.json: VALID_BUT_EMPTY — severe signals flag 1 of 2 content units (50%, at least 50%); 1 signal (1 severe)\n"
        f"  {DATA}/bad/truncation-token-limit.json: THIN_CONTENT — signals flag 54 of 55 content units (98%), severe ones 0 (0%, below 50%); 1 signal (0 severe)\n"
    )
    assert code == 8


def test_enum_first_value_across_a_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = attest_json(capsys, f"{DATA}/set", *TICKET)
    msg = '$.category: holds "other", the first of the enum\'s 4 values, in all 3 outputs'
    assert findings(report) == [(f"ticket-{i}.json", "enum_first_value", "warning", 3, 3, msg) for i in (1, 2, 3)]
    assert verdicts(report) == [(f"ticket-{i}.json", "THIN_CONTENT") for i in (1, 2, 3)]
    assert code == 0
    # two outputs are not a set (min-outputs 3) unless the threshold says so
    two = [f"{DATA}/set/ticket-1.json", f"{DATA}/set/ticket-2.json"]
    assert findings(attest_json(capsys, *two, *TICKET)[1]) == []
    got = findings(attest_json(capsys, *two, *TICKET, "--threshold", "min-outputs=2")[1])
    assert [g[5] for g in got] == ['$.category: holds "other", the first of the enum\'s 4 values, in all 2 outputs'] * 2


def test_fail_on(capsys: pytest.CaptureFixture[str]) -> None:
    thin = f"{DATA}/bad/truncation-token-limit.json"
    assert main(["attest", thin, *REPORT, "--fail-on", "thin", "-q"]) == 7
    assert main(["attest", thin, *REPORT, "-q"]) == 0
    empty = f"{DATA}/bad/stub-todo-message.json"
    invalid = f"{DATA}/bad/invalid-status.json"
    assert main(["attest", empty, *REPORT, "--fail-on", "invalid", "-q"]) == 0
    assert main(["attest", empty, invalid, thin, *REPORT, "--fail-on", "thin", "-q"]) == 9  # the worst output decides
    assert main(["attest", empty, invalid, *REPORT, "--fail-on", "never", "-q"]) == 0


def test_thresholds_change_the_verdict(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    todo = f"{DATA}/bad/stub-todo-message.json"
    _, report = attest_json(capsys, todo, *REPORT, "--threshold", "empty-at=0.6")
    assert verdicts(report) == [("stub-todo-message.json", "THIN_CONTENT")]
    assert report["attest"]["thresholds"]["empty-at"] == 0.6
    # uniform-severe 1.0 at 3 of 4 still minor; uniform-share 0.75 makes 3 of 4 no signal
    tags = f"{DATA}/bad/uniform-tags-minor.json"
    assert findings(attest_json(capsys, tags, *REPORT, "--threshold", "uniform-share=0.75")[1]) == []
    file = tmp_path / "t.yaml"
    file.write_text("repetitive-distinct: 0.2\nthin-at: 0.5\n")
    _, report = attest_json(capsys, f"{DATA}/bad/repetitive-summary.json", *REPORT, "--thresholds", str(file))
    assert (findings(report), verdicts(report)) == ([], [("repetitive-summary.json", "CONTENT_PRESENT")])
    assert report["attest"]["thresholds"] == {
        "empty-at": 0.5, "thin-at": 0.5, "uniform-share": 0.5, "uniform-severe": 0.9, "min-items": 3, "min-outputs": 3,
        "repetitive-min-words": 12, "repetitive-distinct": 0.2, "repetitive-window": 40, "truncation-min-words": 3,
    }


@pytest.mark.parametrize(("args", "line"), [
    (["--threshold", "empty-at=2"], "silentlint: error: threshold empty-at: 2 is greater than the maximum of 1\n"),
    (["--threshold", "min-items=1"], "silentlint: error: threshold min-items: 1 is less than the minimum of 2\n"),
    (["--threshold", "min-items=x"], "silentlint: error: --threshold min-items: not a number: 'x'\n"),
    (["--threshold", "empty_at=0.4"], "silentlint: error: unknown threshold 'empty_at' (known: empty-at, thin-at, uniform-share, "
     "uniform-severe, min-items, min-outputs, repetitive-min-words, repetitive-distinct, repetitive-window, truncation-min-words)\n"),
    (["--ignore", "uniform"], "silentlint: error: --ignore: unknown signal 'uniform' (signals: uniform_list, stub_value, blank_string, "
     "empty_list, empty_object, truncation, repetitive_text, schema_default, enum_first_value)\n"),
])
def test_bad_thresholds_are_one_line(capsys: pytest.CaptureFixture[str], args: list[str], line: str) -> None:
    assert main(["attest", f"{DATA}/bad/stub-todo-message.json", *REPORT, *args]) == 2
    got = capsys.readouterr()
    assert (got.out, got.err) == ("", line)


def test_ignore_a_signal(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = attest_json(capsys, f"{DATA}/bad/uniform-five-findings.json", *REPORT, "--ignore", "uniform_list,truncation")
    assert (code, findings(report), verdicts(report)) == (0, [], [("uniform-five-findings.json", "CONTENT_PRESENT")])
    assert report["attest"]["ignored"] == ["truncation", "uniform_list"]


def test_openapi_response(capsys: pytest.CaptureFixture[str]) -> None:
    spec = f"{DATA}/openapi/api.yaml"
    outs = [f"{DATA}/openapi/report-ok.json", f"{DATA}/openapi/report-bad.json"]
    for op in ("getReport", "GET /reports/{id}"):
        code, report = attest_json(capsys, *outs, "--openapi", spec, "--operation", op)
        assert findings(report) == [
            ("report-bad.json", "stub_value", "error", 4, 3, '$.body: the whole value "Lorem ipsum dolor sit amet, consectetur adipiscing elit." is a placeholder'),
            ("report-bad.json", "schema_invalid", "error", 6, 3, "$.pages: 'four' is not of type 'integer'"),
        ]
        assert verdicts(report) == [("report-ok.json", "CONTENT_PRESENT"), ("report-bad.json", "INVALID")]  # nullable: null is fine
        assert report["attest"]["schema"] == f"{spec}: GET /reports/{{id}} 200 response"
        assert code == 9


@pytest.mark.parametrize(("args", "line"), [
    (["--openapi", f"{DATA}/openapi/api.yaml", "--operation", "getReport", "--status", "404"],
     f"{DATA}/openapi/api.yaml: GET /reports/{{id}} 404: the response has no JSON schema, so there is nothing to attest against"),
    (["--openapi", f"{DATA}/openapi/api.yaml", "--operation", "getReport", "--status", "500"],
     f"--status 500: GET /reports/{{id}} in {DATA}/openapi/api.yaml has no such response (it has: 200, 404)"),
    (["--openapi", f"{DATA}/openapi/api.yaml", "--operation", "listReports"],
     f"--operation 'listReports': no operation with that operationId or 'METHOD /path' in {DATA}/openapi/api.yaml"),
    (["--openapi", f"{DATA}/openapi/api.yaml"], "--openapi SPEC needs --operation ID (operationId or 'METHOD /path')"),
    (["--tool", "get_record", "--tools", f"{DATA}/tools.json"],
     f"{DATA}/tools.json: tool 'get_record' declares no output schema, so there is nothing to attest against"),
    (["--tool", "nope", "--tools", f"{DATA}/tools.json"],
     f"--tool 'nope': no such tool in {DATA}/tools.json (it has: review_code, get_record, update_record)"),
    (["--tool", "review_code"], "--tool NAME needs --tools FILE (the tool definitions)"),
    ([], "give the schema the outputs must match: --schema FILE, --tool NAME --tools FILE, or --openapi SPEC --operation ID"),
    (["--schema", "nope.json"], "--schema nope.json: no such file"),
    ([*REPORT, *TOOL], "give one schema, not --schema and --tool"),
    (["--schema", f"{DATA}/bad/not-a-schema.json"], f"{DATA}/bad/not-a-schema.json: not a valid JSON Schema: at /type: 12 is not valid under any of the given schemas"),
])
def test_schema_problems_are_one_line(capsys: pytest.CaptureFixture[str], args: list[str], line: str) -> None:
    assert main(["attest", f"{DATA}/openapi/report-ok.json", *args]) == 2
    got = capsys.readouterr()
    assert (got.out, got.err) == ("", f"silentlint: error: {line}\n")


def test_unreadable_outputs_are_reported_and_the_rest_attested(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"scan_id": "x", "status": \n')
    missing = tmp_path / "missing.json"
    code, report = attest_json(capsys, str(broken), str(missing), f"{DATA}/bad/stub-todo-message.json", *REPORT)
    assert code == 3  # takes precedence over 8
    assert [(p["path"].rsplit("/", 1)[-1], p["message"]) for p in report["problems"]] == [
        ("broken.json", "invalid JSON: Expecting value at line 2 column 1"),
        ("missing.json", "no such file"),
    ]
    assert verdicts(report) == [("stub-todo-message.json", "VALID_BUT_EMPTY")]
    assert capsys.readouterr().err == ""  # json on stdout: the problems are in it, and on stderr below
    main(["attest", str(broken), *REPORT, "--format", "json"])
    assert capsys.readouterr().err == f"silentlint: {broken.as_posix()}: invalid JSON: Expecting value at line 2 column 1\n"


def test_a_folder_without_outputs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["attest", str(tmp_path), *REPORT]) == 4
    assert capsys.readouterr().err == f"silentlint: error: no output to attest: {tmp_path} holds no .json, .yaml or .yml file\n"


def test_sarif_and_other_reports(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = f"{DATA}/bad/uniform-five-findings.json"
    sarif_path, md_path = tmp_path / "a.sarif", tmp_path / "a.md"
    code = main(["attest", out, f"{DATA}/good/long-review.json", *REPORT, "--format", "github",
                 "--output", f"sarif={sarif_path}", "--output", f"markdown={md_path}"])
    assert code == 8
    assert capsys.readouterr().out == (
        f"::error file={out},title=silentlint attest::{out}: VALID_BUT_EMPTY — severe signals flag 40 of 48 content units (83%25, at least 50%25); 1 signal (1 severe)\n"
        f"::error file={out},line=5,endLine=11,title=uniform_list::$.findings: 5 of 5 items are identical\n"
    )
    sarif = json.loads(sarif_path.read_text(encoding="utf-8"))
    schema = json.loads((REPO / "tests" / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.validators.validator_for(schema)(schema).validate(sarif)
    run = sarif["runs"][0]
    assert run["automationDetails"] == {"id": "silentlint-attest/"}
    (result,) = run["results"]
    assert result["ruleId"] == "uniform_list" and result["level"] == "error"
    assert result["message"]["text"] == "$.findings: 5 of 5 items are identical"
    assert result["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": out, "uriBaseId": "%SRCROOT%"}
    assert result["locations"][0]["physicalLocation"]["region"] == {"startLine": 5, "startColumn": 3, "endLine": 11, "endColumn": 4}
    assert result["properties"]["evidence"] == {
        "identical": 5, "items": 5, "share": 1.0, "severe": True,
        "item": '{"category": "injection", "id": "F-1", "message": "Possible SQL injection in the query builder.", "severity": "high"}',
    }
    assert [(o["path"], o["status"]) for o in run["properties"]["outputs"]] == [
        (out, "VALID_BUT_EMPTY"), (f"{DATA}/good/long-review.json", "CONTENT_PRESENT")]
    rule = next(r for r in run["tool"]["driver"]["rules"] if r["id"] == "uniform_list")
    assert rule["helpUri"].endswith("#rule-uniform_list")
    md = md_path.read_text(encoding="utf-8")
    assert md.startswith(
        "### silentlint attest\n\n| Output | Outcome | Why |\n| --- | --- | --- |\n"
        f"| {out} | VALID_BUT_EMPTY | severe signals flag 40 of 48 content units (83%, at least 50%); 1 signal (1 severe) |\n"
        f"| {DATA}/good/long-review.json | CONTENT_PRESENT | no signal in 318 content units |\n"
    )
    assert "| Location | Rule | Message |" in md


def test_no_report_file_when_the_run_cannot_start(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "out.sarif"
    assert main(["attest", f"{DATA}/good/long-review.json", "--schema", "nope.json", "--output", f"sarif={target}"]) == 2
    assert not target.exists() and os.listdir(tmp_path) == []
    assert main(["attest", f"{DATA}/good/long-review.json", *REPORT, "--output", f"sarif={tmp_path}/no/such/dir.sarif"]) == 2
    assert capsys.readouterr().err.endswith(f"cannot write: no such directory {tmp_path}/no/such\n")


def test_no_traceback_on_hostile_input(tmp_path: Path) -> None:
    (tmp_path / "bin.json").write_bytes(b"\x00\x01\xff" * 10)
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    shutil.copy(REPO / DATA / "report.schema.json", tmp_path / "s.json")
    r = run_cli(["attest", "bin.json", "deep.json", "--schema", "s.json", "--format", "json"], tmp_path)
    assert r.returncode == 3, r.stderr
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 2 and lines[0].startswith("silentlint: bin.json: contains a NUL byte") and lines[1].startswith("silentlint: deep.json: ")


# --- the measures behind the signals ------------------------------------------------------------


def test_words_and_units() -> None:
    assert signals.words("Scan-0412 isn't done; 待定") == ["scan-0412", "isn't", "done", "待", "定"]
    assert signals.units("") == 1 and signals.units("a b c") == 3


def test_distinct_share_does_not_fall_with_length() -> None:
    text = (REPO / DATA / "good" / "long-review.json").read_text(encoding="utf-8")
    tokens = signals.words(json.loads(text)["summary"])
    assert (len(tokens), len(set(tokens))) == (260, 170)  # a plain share of 65%, and falling as a text grows
    ratio, distinct = signals._distinct(tokens, 40)
    assert distinct == 170 and 0.84 < ratio < 0.85  # 40-word windows: a measure of the text, not of its length
    loop = ["a", "b", "c"] * 30
    assert signals._distinct(loop, 40) == (3 / 40, 3)


def test_declared_empty_needs_a_declaration() -> None:
    assert signals.declares_empty({"found": False})
    assert signals.declares_empty({"totalCount": 0})
    assert signals.declares_empty({"pagination": {"total": 0}})
    assert signals.declares_empty({"status": "no_results"})
    assert not signals.declares_empty({"found": True, "count": 3})
    assert not signals.declares_empty({"count": False})  # a boolean is not a count
