"""The Action's attest and cards inputs, run the way the runner runs the composite action (the
harness of tests/test_action.py), and the input parsing in-process."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest

from linter import action
from test_action import REPO, clone, installed, run_action  # noqa: F401  (fixtures)

DATA = REPO / "tests" / "data"


def _workspace(ws: Path) -> None:
    (ws / "recorded").mkdir(parents=True)
    shutil.copy(DATA / "attest" / "tools.json", ws / "tools.json")
    shutil.copy(DATA / "attest" / "good" / "mcp-call-tool-result.json", ws / "recorded" / "good.json")
    shutil.copy(DATA / "attest" / "bad" / "mcp-result-stub.json", ws / "recorded" / "stub.json")
    (ws / "cards").mkdir()
    (ws / "runs").mkdir()
    card = json.loads((DATA / "tcc" / "get-record.json").read_text(encoding="utf-8"))
    card["context"]["tool_set_path"] = "../tools.json"
    card["evidence_gate"][0]["evidence_ref"] = "https://ci.example.com/db-roles.txt"
    (ws / "cards" / "get-record.json").write_text(json.dumps(card, indent=2), encoding="utf-8")
    shutil.copy(DATA / "tcc" / "runs" / "fail.json", ws / "runs" / "get-record-timeout.json")


def test_attest_and_cards_in_the_action(installed: dict[str, dict[str, str]], tmp_path: Path) -> None:  # noqa: F811
    ws, temp = tmp_path / "ws", tmp_path / "temp"
    temp.mkdir()
    _workspace(ws)
    r = run_action(
        {"attest": "recorded --tool review_code --tools tools.json --fail-on thin",
         "cards": "cards --observations runs"},
        ws, temp, done=installed,
    )
    assert r.code == 7, r.stdout + r.stderr  # attest's THIN_CONTENT first; cards failed too (10)
    assert r.stdout.splitlines() == [
        "::warning file=recorded/stub.json,title=silentlint attest::recorded/stub.json: THIN_CONTENT — signals flag 1 of 3 content "
        "units (33%25), severe ones 1 (33%25, below 50%25); 1 signal (1 severe)",
        "::error file=recorded/stub.json,line=14,col=9,endLine=14,endColumn=25,title=stub_value::"
        '$.structuredContent.findings[0].message: the whole value "TBD" is a placeholder',
        "::error file=cards/get-record.json,title=silentlint cards::cards/get-record.json (get-record-timeout): FAIL — "
        "1 pass, 3 fail, 0 untested; gate: 1 verified; tool set: current",
        "::error file=cards/get-record.json,line=22,endLine=31,title=check_fail::check tool-choice (task_fit): fail: decision: "
        'expected "read", observed "write"; tool: expected "get_record", observed "update_record"; call_count: expected 1, observed 2',
        "::error file=cards/get-record.json,line=32,endLine=41,title=check_fail::check arguments (call_result): fail: "
        'arguments.status: observed "closed", not expected',
        "::error file=cards/get-record.json,line=42,endLine=49,title=check_fail::check result (call_result): fail: "
        'label: expected "TIMEOUT", observed "OK"',
    ]
    outputs = dict(r.outputs)
    assert outputs.pop("python").endswith("/bin/python")  # the interpreter the probe step uses
    assert outputs == {
        "findings": "", "errors": "", "warnings": "", "sarif-file": "",  # no paths: check did not run
        "attest-sarif-file": "silentlint-attest.sarif", "cards-sarif-file": "silentlint-cards.sarif",
    }
    assert "### silentlint attest\n\n| Output | Outcome | Why |" in r.summary
    assert "| recorded/good.json | CONTENT_PRESENT | no signal in 33 content units |" in r.summary
    assert "### silentlint cards\n\n| Card | Outcome | Why |" in r.summary
    assert "### silentlint\n" not in r.summary
    schema = json.loads((DATA / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    ids = []
    for name in ("silentlint-attest.sarif", "silentlint-cards.sarif"):
        sarif = json.loads((ws / name).read_text(encoding="utf-8"))
        jsonschema.validators.validator_for(schema)(schema).validate(sarif)
        ids.append(sarif["runs"][0]["automationDetails"]["id"])
    assert ids == ["silentlint-attest/", "silentlint-cards/"]
    assert not (ws / "silentlint.sarif").exists()


def test_check_still_runs_with_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _workspace(tmp_path)
    monkeypatch.chdir(tmp_path)
    env = {"INPUT_PATHS": "tools.json", "INPUT_ANNOTATIONS": "false", "GITHUB_WORKSPACE": str(tmp_path), "INPUT_FAIL_ON": "note",
           "INPUT_ATTEST": "recorded/good.json --tool review_code --tools tools.json", "INPUT_CARDS": "cards --observations runs"}
    assert action.run(env) == 1  # check's note comes first; cards exited 10
    assert action.run({**env, "INPUT_FAIL_ON": "never"}) == 10
    assert (tmp_path / "silentlint.sarif").is_file() and (tmp_path / "silentlint-attest.sarif").is_file()
    assert (tmp_path / "silentlint-cards.sarif").is_file()
    capsys.readouterr()
    assert action.run({**env, "INPUT_PATHS": "", "INPUT_CARDS": ""}) == 0  # attest alone: no check of '.'
    assert not capsys.readouterr().out.count("tools.json:")


def test_command_args_and_sarif_names() -> None:
    assert action.command_args("attest", "out/ --schema 'my schema.json'\n--fail-on thin") == [
        "out/", "--schema", "my schema.json", "--fail-on", "thin"]
    assert action.command_args("attest", "$(touch x) `y`") == ["$(touch", "x)", "`y`"]  # words, never a shell
    with pytest.raises(action.ActionError, match="input cards: No closing quotation"):
        action.command_args("cards", "cards/ --observations 'runs")
    with pytest.raises(action.ActionError, match="input attest must not contain control characters"):
        action.command_args("attest", "a\x1b[31m")
    assert action.beside("out/lint.sarif", "attest") == "out/lint-attest.sarif"
    assert action.beside("report", "cards") == "report-cards.sarif"
