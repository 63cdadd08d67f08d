"""silentlint cards: the study's template card and observation example as given; pass, fail,
untested, stale tool set, malformed cards, observations for checks a card does not have; the
tool-set hash and card drafts.

tests/data/tcc holds copies of the study's template (see its README) and a card of our own
pinned to tests/data/tcc/tools.json; tests that change files work on a copy in tmp_path.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import jsonschema
import pytest

from clirun import run_cli
from linter.cli import main
from linter.evidence import cards
from linter.evidence.toolhash import tool_set_hash

REPO = Path(__file__).resolve().parent.parent
DATA = "tests/data/tcc"
CARD = f"{DATA}/get-record.json"
PINNED = "sha256:cec574616e16ee7a0010fc92b76d3d986ea8694ff8c1fdb6ceec3dcf2e75a3e5"


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)


def check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = main(["cards", "check", *args, "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def rows(report: dict) -> list[tuple[str, str, int, int, str]]:
    return [(f["rule"], f["severity"], f["line"], f["column"], f["message"]) for f in report["findings"]]


def statuses(report: dict) -> dict[str, str]:
    return {c["id"]: c["status"] for card in report["cards"]["cards"] for c in card["checks"]}


def test_the_study_template_as_given(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["cards", "check", f"{DATA}/example-card.json", "--observations", f"{DATA}/example-observations.json"])
    assert capsys.readouterr().out == (
        f"{DATA}/example-card.json:9:5: warning[tool_set_unchecked] tool_set_ref \"填寫工具定義版本或 SHA-256\" is not a SHA-256, "
        "so a change of the tools cannot be noticed; pin the hash `silentlint cards hash TOOLS` prints\n"
        f"{DATA}/example-card.json:14:5: warning[gate_unknown] claim \"查詢工具只讀取記錄。\": unknown: no evidence_ref\n"
        f"{DATA}/example-card.json:30:5: warning[check_untested] check arguments (call_result): untested: no observation\n"
        f"{DATA}/example-card.json:40:5: warning[check_untested] check result (call_result): untested: no observation\n"
        f"{DATA}/example-card.json:48:5: warning[check_untested] check state (call_result): untested: no observation\n"
        "Findings per rule:\n"
        "  3  check_untested      (3 warnings)\n"
        "  1  gate_unknown        (1 warning)\n"
        "  1  tool_set_unchecked  (1 warning)\n"
        "5 findings (0 errors, 5 warnings, 0 notes) in 1 file\n"
        "Cards:\n"
        f"  {DATA}/example-card.json (example-read-record): UNTESTED — 1 pass, 0 fail, 3 untested; gate: 1 unknown; tool set: unchecked\n"
    )
    assert code == 12  # untested is never passed
    assert main(["cards", "check", f"{DATA}/example-card.json", "--observations", f"{DATA}/example-observations.json", "--fail-on", "fail", "-q"]) == 0
    # without observations every check is untested, the one the example observed included
    _, report = check(capsys, f"{DATA}/example-card.json")
    assert statuses(report) == dict.fromkeys(["tool-choice", "arguments", "result", "state"], "untested")
    assert report["cards"]["cards"][0]["checks"][0]["why"] == "no observation (no --observations given)"


def test_pass(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = check(capsys, CARD, "--observations", f"{DATA}/runs/pass.json")
    assert (code, rows(report)) == (0, [])
    (card,) = report["cards"]["cards"]
    assert (card["status"], card["detail"]) == ("PASS", "4 pass, 0 fail, 0 untested; gate: 1 verified; tool set: current")
    assert card["tool_set"] == {"pinned": PINNED, "current": PINNED, "files": [f"{DATA}/tools.json"]}


def test_fail_names_the_differing_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = check(capsys, CARD, "--observations", f"{DATA}/runs/fail.json")
    assert rows(report) == [
        ("check_fail", "error", 22, 5, 'check tool-choice (task_fit): fail: decision: expected "read", observed "write"; '
         'tool: expected "get_record", observed "update_record"; call_count: expected 1, observed 2'),
        ("check_fail", "error", 28, 5, 'check arguments (call_result): fail: arguments.status: observed "closed", not expected'),
        ("check_fail", "error", 34, 5, 'check result (call_result): fail: label: expected "TIMEOUT", observed "OK"'),
    ]
    assert statuses(report) == {"tool-choice": "fail", "arguments": "fail", "result": "fail", "state": "pass"}
    assert report["findings"][0]["evidence"] == {
        "differing": ['decision: expected "read", observed "write"', 'tool: expected "get_record", observed "update_record"',
                      "call_count: expected 1, observed 2"],
        "not_observed": [],
    }
    assert code == 10


def test_untested_without_evidence(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = check(capsys, CARD, "--observations", f"{DATA}/runs/partial.json")
    assert rows(report) == [
        ("check_untested", "warning", 34, 5, "check result (call_result): untested: the observation is null (nothing was observed)"),
        ("check_untested", "warning", 40, 5, "check state (call_result): untested: not observed: write_count"),
    ]
    assert statuses(report) == {"tool-choice": "pass", "arguments": "pass", "result": "untested", "state": "untested"}
    assert code == 12


def test_observation_for_a_check_the_card_does_not_have(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = check(capsys, CARD, "--observations", f"{DATA}/runs/unknown-check.json")
    assert [(f["path"], *r) for f, r in zip(report["findings"], rows(report))] == [
        (CARD, "check_untested", "warning", 28, 5, "check arguments (call_result): untested: no observation"),
        (f"{DATA}/runs/unknown-check.json", "observation_unknown_check", "error", 7, 3,
         "observation 'argument' names no check of card get-record-timeout (its checks: tool-choice, arguments, result, state)"),
    ]
    assert report["cards"]["cards"][0]["status"] == "FAIL"
    assert code == 10


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    for name in ("get-record.json", "tools.json", "evidence"):
        src = REPO / DATA / name
        (shutil.copytree if src.is_dir() else shutil.copy)(src, tmp_path / name)
    shutil.copytree(REPO / DATA / "runs", tmp_path / "runs")
    return tmp_path


def test_stale_tool_set(capsys: pytest.CaptureFixture[str], copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(copy)
    tools = json.loads((copy / "tools.json").read_text())
    tools["tools"][1]["description"] = "Look up one record by its id and return its status."  # "Read-only." dropped
    (copy / "tools.json").write_text(json.dumps(tools, indent=4))
    new, _ = tool_set_hash([str(copy / "tools.json")])
    code, report = check(capsys, "get-record.json", "--observations", "runs/pass.json")
    assert rows(report) == [
        ("card_stale", "error", 9, 5, f"stale: the card pins sha256:cec574616e16…, but tools.json now hash to {new[:19]}…; "
         "review the card, run its cases again and pin the new hash"),
    ]
    assert report["findings"][0]["evidence"] == {"pinned": PINNED, "current": new, "tools": ["get_record", "review_code", "update_record"]}
    assert report["cards"]["cards"][0]["detail"] == "4 pass, 0 fail, 0 untested; gate: 1 verified; tool set: stale"
    assert code == 11
    assert main(["cards", "check", "get-record.json", "--observations", "runs/pass.json", "--fail-on", "fail", "-q"]) == 0
    # a stale card that also fails: the failure decides the exit code
    assert main(["cards", "check", "get-record.json", "--observations", "runs/fail.json", "-q"]) == 10
    # the tool file is gone
    (copy / "tools.json").unlink()
    code, report = check(capsys, "get-record.json", "--observations", "runs/pass.json")
    assert (code, rows(report)) == (11, [("card_stale", "error", 9, 5, "stale: the tool file tools.json no longer exists")])


def test_tools_option_for_cards_that_name_no_tool_file(capsys: pytest.CaptureFixture[str], copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(copy)
    card = json.loads((copy / "get-record.json").read_text())
    del card["context"]["tool_set_path"]
    (copy / "get-record.json").write_text(json.dumps(card, indent=2))
    code, report = check(capsys, "get-record.json", "--observations", "runs/pass.json")
    assert (code, rows(report)) == (12, [
        ("tool_set_unchecked", "warning", 9, 5, "tool_set_ref pins sha256:cec574616e16…, but no tool file is given "
         "(--tools, or context.tool_set_path): staleness not checked")])
    assert check(capsys, "get-record.json", "--observations", "runs/pass.json", "--tools", "tools.json")[0] == 0


def test_evidence_gate(capsys: pytest.CaptureFixture[str], copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(copy)
    card = json.loads((copy / "get-record.json").read_text())

    def gate(ref: str | None, status: str) -> tuple[int, list]:
        card["evidence_gate"][0].update(evidence_ref=ref, status=status)
        (copy / "get-record.json").write_text(json.dumps(card, indent=2))
        code, report = check(capsys, "get-record.json", "--observations", "runs/pass.json")
        return code, [r[4] for r in rows(report)]

    assert gate("evidence/get-record-read-only.txt", "contradicted") == (
        10, ['claim "get_record only reads records.": contradicted: contradicted (evidence: evidence/get-record-read-only.txt)'])
    assert gate(None, "verified") == (
        12, ['claim "get_record only reads records.": unknown: no evidence_ref (the card says verified, without evidence)'])
    assert gate("evidence/missing.txt", "verified") == (
        12, ['claim "get_record only reads records.": unknown: evidence_ref \'evidence/missing.txt\' not found next to the card (the card says verified)'])
    assert gate("https://ci.example.com/runs/17/db-roles.txt", "verified") == (0, [])


@pytest.mark.parametrize(("card", "line"), [
    ("bad-missing-expected.json", "$.checks[1]: 'expected' is a required property"),
    ("bad-duplicate-id.json", "$.checks[2].id: 'arguments' is also the id of $.checks[1]"),
    ("bad-gate-status.json", "$.evidence_gate[0].status: 'assumed' is not one of ['unknown', 'verified', 'contradicted']"),
])
def test_malformed_card_is_one_line(capsys: pytest.CaptureFixture[str], card: str, line: str) -> None:
    assert main(["cards", "check", f"{DATA}/{card}", "--observations", f"{DATA}/runs/pass.json"]) == 3
    got = capsys.readouterr()
    assert (got.out, got.err) == ("", f"silentlint: {DATA}/{card}: not a valid TCC 0.1 card: {line}\n")


def test_malformed_input_never_a_traceback(tmp_path: Path) -> None:
    shutil.copy(REPO / DATA / "bad-not-json.json", tmp_path / "card.json")
    (tmp_path / "wrong-version.json").write_text(json.dumps({**json.loads((REPO / CARD).read_text()), "tcc_version": "0.2"}))
    (tmp_path / "list.json").write_text("[1, 2]")
    r = run_cli(["cards", "check", "card.json", "wrong-version.json", "list.json"], tmp_path)
    assert (r.returncode, r.stdout) == (3, "")
    assert r.stderr.splitlines() == [
        "silentlint: card.json: invalid JSON: Expecting value at line 6 column 1",
        "silentlint: wrong-version.json: not a valid TCC 0.1 card: $.tcc_version: '0.1' was expected",
        "silentlint: list.json: not a valid TCC 0.1 card: $: [1, 2] is not of type 'object'",
    ]


def test_a_malformed_card_does_not_stop_the_others(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "get-record-timeout.json").write_text((REPO / DATA / "runs" / "pass.json").read_text())
    code, report = check(capsys, f"{DATA}/bad-duplicate-id.json", CARD, "--observations", str(tmp_path))
    assert code == 3
    assert [c["status"] for c in report["cards"]["cards"]] == ["PASS"]
    assert report["problems"][0]["path"] == f"{DATA}/bad-duplicate-id.json"


def test_bad_observations(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    obs = tmp_path / "obs.json"
    obs.write_text(json.dumps({"tool-choice": "read"}))
    assert main(["cards", "check", CARD, "--observations", str(obs), "-q"]) == 3
    assert capsys.readouterr().err == (
        f"silentlint: {obs.as_posix()}: not valid observations (an object keyed by check id, each an object or null): "
        "$[\"tool-choice\"]: 'read' is not of type 'object', 'null'\n")
    assert main(["cards", "check", CARD, "--observations", str(tmp_path / "none.json")]) == 2
    assert capsys.readouterr().err == f"silentlint: error: --observations {tmp_path / 'none.json'}: no such file or folder\n"


def test_observations_folder_for_several_cards(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    shutil.copy(REPO / DATA / "runs" / "fail.json", tmp_path / "get-record-timeout.json")
    shutil.copy(REPO / DATA / "example-observations.json", tmp_path / "example-read-record.json")
    code, report = check(capsys, CARD, f"{DATA}/example-card.json", "--observations", str(tmp_path))
    assert [(c["case_id"], c["status"]) for c in report["cards"]["cards"]] == [("get-record-timeout", "FAIL"), ("example-read-record", "UNTESTED")]
    assert code == 10
    assert main(["cards", "check", CARD, f"{DATA}/example-card.json", "--observations", f"{DATA}/runs/pass.json"]) == 2
    assert capsys.readouterr().err == (
        f"silentlint: error: --observations {DATA}/runs/pass.json: one file holds the observations of one card; "
        "for 2 cards give a folder with CASE_ID.json for each\n")
    (tmp_path / "get-record-timeout.json").unlink()
    _, report = check(capsys, CARD, "--observations", str(tmp_path))
    assert report["cards"]["cards"][0]["checks"][0]["why"] == f"no observation (no observations file {tmp_path.as_posix()}/get-record-timeout.json)"


def test_sarif(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "cards.sarif"
    main(["cards", "check", CARD, "--observations", f"{DATA}/runs/unknown-check.json", "-q", "--output", f"sarif={out}"])
    sarif = json.loads(out.read_text(encoding="utf-8"))
    schema = json.loads((REPO / "tests" / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.validators.validator_for(schema)(schema).validate(sarif)
    run = sarif["runs"][0]
    assert run["automationDetails"] == {"id": "silentlint-cards/"}
    assert [(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], r["locations"][0]["physicalLocation"]["region"]["startLine"])
            for r in run["results"]] == [("check_untested", CARD, 28), ("observation_unknown_check", f"{DATA}/runs/unknown-check.json", 7)]
    assert run["properties"]["cards"][0]["status"] == "FAIL"


# --- the hash ------------------------------------------------------------------------------------


def test_hash_is_sha256_of_rfc8785_json_of_the_sorted_tools(tmp_path: Path) -> None:
    (tmp_path / "tools.yaml").write_text(
        "tools:\n"
        "  - name: b\n    inputSchema: {type: object}\n    description: Löschen — x\n"
        "  - inputSchema:\n      type: object\n      properties: {n: {type: number, maximum: 1.0}}\n    name: a\n"
    )
    canonical = ('[{"inputSchema":{"properties":{"n":{"maximum":1,"type":"number"}},"type":"object"},"name":"a"},'
                 '{"description":"Löschen — x","inputSchema":{"type":"object"},"name":"b"}]')
    expected = "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    assert tool_set_hash([str(tmp_path / "tools.yaml")]) == (expected, ["a", "b"])
    # the same tools as JSON, one file per tool, other order and layout: the same hash
    (tmp_path / "b.json").write_text('{"description": "L\\u00f6schen \\u2014 x", "name": "b", "inputSchema": {"type": "object"}}')
    (tmp_path / "a.json").write_text('{"name":"a","inputSchema":{"type":"object","properties":{"n":{"maximum":1.0,"type":"number"}}}}')
    assert tool_set_hash([str(tmp_path / "b.json"), str(tmp_path / "a.json")])[0] == expected
    # any change to a tool changes it
    (tmp_path / "a.json").write_text('{"name":"a","inputSchema":{"type":"object","properties":{"n":{"maximum":2,"type":"number"}}}}')
    assert tool_set_hash([str(tmp_path / "b.json"), str(tmp_path / "a.json")])[0] != expected


def test_cards_hash_command(tmp_path: Path) -> None:
    r = run_cli(["cards", "hash", f"{DATA}/tools.json"], REPO)
    assert (r.returncode, r.stdout, r.stderr) == (0, PINNED + "\n", "silentlint: 3 tools: get_record, review_code, update_record\n")
    (tmp_path / "x.json").write_text('{"openapi": "3.0.0"}')
    r = run_cli(["cards", "hash", str(tmp_path / "x.json")], REPO)
    assert (r.returncode, r.stdout) == (3, "")
    assert r.stderr == f"silentlint: error: {tmp_path / 'x.json'}: no tool definitions found (MCP, OpenAI, Anthropic or Gemini)\n"


# --- drafts --------------------------------------------------------------------------------------


def test_init_drafts_a_valid_card_with_nothing_expected(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(REPO / DATA / "tools.json", tmp_path / "tools.json")
    (tmp_path / "cards").mkdir()
    monkeypatch.chdir(tmp_path)
    assert main(["cards", "init", "--tool", "get_record", "tools.json", "--output", "cards/get_record.json"]) == 0
    assert capsys.readouterr().err == (
        "silentlint: wrote a draft card for get_record to cards/get_record.json; fill in its task, context and expected fields\n")
    card = json.loads((tmp_path / "cards" / "get_record.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(cards.schema()).validate(card)
    assert card["context"]["tool_set_ref"] == PINNED and card["context"]["tool_set_path"] == "../tools.json"
    assert card["evidence_gate"] == [{"claim": "get_record only reads (readOnlyHint: true).", "evidence_ref": None, "status": "unknown"}]
    assert [(c["id"], c["axis"], c["expected"]) for c in card["checks"]] == [
        ("tool-choice", "task_fit", {}), ("arguments", "call_result", {}), ("result", "call_result", {}), ("state", "call_result", {})]
    assert card["checks"][1]["condition"] == "fill in: the arguments get_record should get (it takes: record_id (required))"
    # a draft checks as untested, never passed, and is pinned to the current tool set
    code, report = check(capsys, "cards/get_record.json")
    assert code == 12
    assert report["cards"]["cards"][0]["detail"] == "0 pass, 0 fail, 4 untested; gate: 1 unknown; tool set: current"
    assert {c["why"] for c in report["cards"]["cards"][0]["checks"]} == {"expected is empty: fill in what this check expects"}
    # never overwritten without --force; a missing tool is one line
    assert main(["cards", "init", "--tool", "get_record", "tools.json", "--output", "cards/get_record.json"]) == 2
    assert capsys.readouterr().err == "silentlint: error: --output cards/get_record.json: exists (add --force to replace it)\n"
    assert main(["cards", "init", "--tool", "delete_record", "tools.json"]) == 2
    assert capsys.readouterr().err == (
        "silentlint: error: --tool 'delete_record': no such tool in tools.json (it has: review_code, get_record, update_record)\n")
    assert main(["cards", "init", "--tool", "update_record", "tools.json"]) == 0
    draft = json.loads(capsys.readouterr().out)
    assert draft["context"]["tool_set_path"] == "tools.json"
    assert draft["evidence_gate"][0]["claim"] == "fill in: what update_record may change."
