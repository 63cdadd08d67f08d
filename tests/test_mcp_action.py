"""The Action's ``mcp-command`` input: the lint step lists the server once into a snapshot and
lints it with the ``paths`` (the install step is the one tests/test_action.py runs; here the
lint step runs on this checkout's code, with the SDK of the test environment)."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

from clirun import REPO
from test_action import ACTION, run_action
from test_mcp_live import TOOLBOX_RULES

TOOLBOX = Path(__file__).parent / "mcp_servers" / "toolbox.py"
SNAP = ".silentlint-cache/mcp/toolbox.json"
DONE = {"python": {"python-path": sys.executable}, "install": {"python": sys.executable}}
ENV = {"PYTHONPATH": str(REPO)}


def test_the_input_is_declared_and_installs_the_mcp_extra() -> None:
    assert ACTION["inputs"]["mcp-command"]["default"] == ""
    assert ACTION["inputs"]["paths"]["default"] == ""
    (install,) = [s for s in ACTION["runs"]["steps"] if s.get("id") == "install"]
    assert install["env"]["INPUT_MCP_COMMAND"] == "${{ inputs.mcp-command }}"
    assert 'spec="$ACTION_PATH[mcp]"' in install["run"]


def test_mcp_command_lints_the_servers_snapshot(tmp_path: Path) -> None:
    ws, temp = tmp_path / "ws", tmp_path / "temp"
    ws.mkdir()
    temp.mkdir()
    (ws / ".silentlint.yaml").write_text(f"select: [{', '.join(TOOLBOX_RULES)}]\n")  # the rules the toolbox shows
    cmd = shlex.join([sys.executable, str(TOOLBOX)])
    r = run_action({"mcp-command": cmd, "annotations": "false"}, ws, temp, done=DONE, extra_env=ENV)
    assert r.code == 1, r.stdout + r.stderr
    assert f"silentlint: mcp server toolbox (`{cmd}`): 3 tools in 2 pages over stdio, written to {SNAP}" in r.stderr
    sarif = json.loads((ws / "silentlint.sarif").read_text())
    assert [
        (res["ruleId"], res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
         res["locations"][0]["physicalLocation"]["region"]["startLine"])
        for res in sarif["runs"][0]["results"]
    ] == [("missing-output-schema", SNAP, 8), ("prose-enum", SNAP, 12), ("ambiguous-read-write", SNAP, 40)]
    assert r.outputs["findings"] == "3"
    # only the server: the workspace's other files are not linted unless named in paths
    (ws / "notes.json").write_text('{"not": "an api"}')
    r = run_action({"mcp-command": cmd, "annotations": "false", "fail-on": "never"}, ws, temp, done=DONE, extra_env=ENV)
    assert r.code == 0, r.stdout + r.stderr


def test_a_server_that_cannot_be_listed_fails_the_step_in_one_line(tmp_path: Path) -> None:
    ws, temp = tmp_path / "ws", tmp_path / "temp"
    ws.mkdir()
    temp.mkdir()
    r = run_action({"mcp-command": "no-such-mcp-server"}, ws, temp, done=DONE, extra_env=ENV)
    assert r.code == 5
    assert r.stderr == (
        "silentlint: error: mcp server no-such-mcp-server (`no-such-mcp-server`): cannot start: command not found: "
        "no-such-mcp-server\n"
    )
    assert r.stdout == (
        "::error::silentlint: the MCP server of input mcp-command could not be listed (exit code 5); see the line above\n"
    )
